//! Games rebuilt from their logs, by id, with the version they match: a move
//! then costs a clone instead of a replay.

use lru::LruCache;
use std::any::Any;
use std::num::NonZeroUsize;
use std::sync::Mutex;

/// A state the cache can keep: any game's, the engine's own or a game it
/// serves from outside the registry.
pub trait CachedGame: Clone + Send + Sync + 'static {}

impl<T: Clone + Send + Sync + 'static> CachedGame for T {}

/// The most games kept; past it the game used longest ago goes (it is
/// replayed when next asked for), which keeps memory flat and the games
/// being played in.
const CAPACITY: usize = 4096;

struct Kept {
    version: i64,
    game: Box<dyn Any + Send + Sync>,
}

pub struct GameCache(Mutex<LruCache<String, Kept>>);

impl Default for GameCache {
    fn default() -> GameCache {
        GameCache::with_capacity(NonZeroUsize::new(CAPACITY).expect("not zero"))
    }
}

impl GameCache {
    /// A cache that keeps at most `capacity` games.
    pub fn with_capacity(capacity: NonZeroUsize) -> GameCache {
        GameCache(Mutex::new(LruCache::new(capacity)))
    }

    /// The state of game `id` at `version`, if it is kept (as a `T`); a
    /// game found is the most recently used.
    pub fn get<T: CachedGame>(&self, id: &str, version: i64) -> Option<T> {
        let mut games = self.0.lock().expect("cache lock");
        let kept = games.get(id).filter(|kept| kept.version == version)?;
        kept.game.downcast_ref::<T>().cloned()
    }

    /// Keeps the state of game `id` at `version`; when the cache is full,
    /// the game used longest ago makes room.
    pub fn put<T: CachedGame>(&self, id: &str, version: i64, game: T) {
        let kept = Kept {
            version,
            game: Box::new(game),
        };
        self.0.lock().expect("cache lock").put(id.to_string(), kept);
    }

    /// How many games are kept.
    pub fn held(&self) -> usize {
        self.0.lock().expect("cache lock").len()
    }
}

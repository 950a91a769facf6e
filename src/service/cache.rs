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

pub(super) struct GameCache(Mutex<LruCache<String, Kept>>);

impl Default for GameCache {
    fn default() -> GameCache {
        GameCache::with_capacity(NonZeroUsize::new(CAPACITY).expect("not zero"))
    }
}

impl GameCache {
    fn with_capacity(capacity: NonZeroUsize) -> GameCache {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_kept_at_its_version_and_type() {
        let cache = GameCache::default();
        cache.put("g1", 3, String::from("three"));
        assert_eq!(cache.get::<String>("g1", 3).as_deref(), Some("three"));
        assert_eq!(cache.get::<String>("g1", 4), None, "another version");
        assert_eq!(cache.get::<u32>("g1", 3), None, "another type");
        cache.put("g1", 4, String::from("four"));
        assert_eq!(cache.get::<String>("g1", 3), None, "replaced");
        assert_eq!(cache.get::<String>("g1", 4).as_deref(), Some("four"));
    }

    #[test]
    fn a_full_cache_lets_go_of_the_game_used_longest_ago() {
        let cache = GameCache::with_capacity(NonZeroUsize::new(3).unwrap());
        for id in ["a", "b", "c"] {
            cache.put(id, 1, id.to_string());
        }
        // `a` is read, `b` replaced: `c` was used longest ago.
        assert!(cache.get::<String>("a", 1).is_some());
        cache.put("b", 2, "b2".to_string());
        cache.put("d", 1, "d".to_string());
        assert_eq!(cache.get::<String>("c", 1), None);
        for (id, version) in [("a", 1), ("b", 2), ("d", 1)] {
            assert!(cache.get::<String>(id, version).is_some(), "{id} is kept");
        }
        // Never more than its capacity, whatever comes.
        for n in 0..100 {
            cache.put(&format!("n{n}"), 1, n);
        }
        assert_eq!(cache.0.lock().unwrap().len(), 3);
    }
}

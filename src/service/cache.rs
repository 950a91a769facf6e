//! Games rebuilt from their logs, by id, with the version they match: a move
//! then costs a clone instead of a replay.

use std::any::Any;
use std::collections::HashMap;
use std::sync::Mutex;

/// A state the cache can keep: any game's, the engine's own or a game it
/// serves from outside the registry.
pub trait CachedGame: Clone + Send + Sync + 'static {}

impl<T: Clone + Send + Sync + 'static> CachedGame for T {}

/// The most games kept; past it the cache starts again (evicted games are
/// replayed), which keeps memory flat.
const CAPACITY: usize = 4096;

type Kept = (i64, Box<dyn Any + Send + Sync>);

#[derive(Default)]
pub(super) struct GameCache(Mutex<HashMap<String, Kept>>);

impl GameCache {
    /// The state of game `id` at `version`, if it is kept (as a `T`).
    pub fn get<T: CachedGame>(&self, id: &str, version: i64) -> Option<T> {
        let cache = self.0.lock().expect("cache lock");
        cache
            .get(id)
            .filter(|(v, _)| *v == version)
            .and_then(|(_, game)| game.downcast_ref::<T>().cloned())
    }

    /// Keeps the state of game `id` at `version`.
    pub fn put<T: CachedGame>(&self, id: &str, version: i64, game: T) {
        let mut cache = self.0.lock().expect("cache lock");
        if cache.len() >= CAPACITY {
            cache.clear();
        }
        cache.insert(id.to_string(), (version, Box::new(game)));
    }
}

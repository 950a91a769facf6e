//! What a game's own hooks (`engine::Served`) may use: the store, the
//! configuration and the games kept in memory, never the service itself.
//! A hook decides, words or draws; it cannot start another action, send a
//! message or reach another game, which stay with the engine that calls it.

use crate::service::base::{Config, Service};
use crate::service::cache::GameCache;
use crate::store::Store;

/// The small context a game's hook is given.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub store: &'a Store,
    pub config: &'a Config,
    pub(crate) cache: &'a GameCache,
}

impl Service {
    /// The context this service gives the hooks of the games it serves.
    pub fn context(&self) -> Context<'_> {
        Context {
            store: &self.store,
            config: &self.config,
            cache: &self.cache,
        }
    }
}

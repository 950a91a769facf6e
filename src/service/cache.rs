//! Games rebuilt from their logs, by id, with the version they match: a move
//! then costs a clone instead of a replay.

use super::solitaire::PatienceState;
use crate::rules::anthill::Anthill;
use crate::rules::ants_solitaire::AntsSolitaire;
use crate::rules::army_ants::ArmyAnts;
use crate::rules::atta_ants::AttaAnts;
use crate::rules::myrmex::Myrmex;
use std::collections::HashMap;
use std::sync::Mutex;

/// A kept game, of whichever of the five it is.
#[derive(Clone)]
pub(super) enum Cached {
    ArmyAnts(ArmyAnts),
    AttaAnts(AttaAnts),
    Myrmex(PatienceState<Myrmex>),
    Anthill(PatienceState<Anthill>),
    Ants(PatienceState<AntsSolitaire>),
}

/// A state the cache can keep: the one variant of `Cached` it goes in.
pub(super) trait CachedGame: Clone {
    fn wrap(self) -> Cached;
    fn unwrap(cached: &Cached) -> Option<&Self>;
}

macro_rules! kept_as {
    ($variant:ident, $state:ty) => {
        impl CachedGame for $state {
            fn wrap(self) -> Cached {
                Cached::$variant(self)
            }

            fn unwrap(cached: &Cached) -> Option<&Self> {
                match cached {
                    Cached::$variant(state) => Some(state),
                    _ => None,
                }
            }
        }
    };
}

kept_as!(ArmyAnts, ArmyAnts);
kept_as!(AttaAnts, AttaAnts);

/// A patience whose state the cache can keep (every `SolitaireRules` game).
pub(super) trait KeptPatience: Clone + Sized {
    fn wrap(state: PatienceState<Self>) -> Cached;
    fn unwrap(cached: &Cached) -> Option<&PatienceState<Self>>;
}

impl<G: KeptPatience> CachedGame for PatienceState<G> {
    fn wrap(self) -> Cached {
        G::wrap(self)
    }

    fn unwrap(cached: &Cached) -> Option<&Self> {
        G::unwrap(cached)
    }
}

macro_rules! patience_kept_as {
    ($variant:ident, $game:ty) => {
        impl KeptPatience for $game {
            fn wrap(state: PatienceState<Self>) -> Cached {
                Cached::$variant(state)
            }

            fn unwrap(cached: &Cached) -> Option<&PatienceState<Self>> {
                match cached {
                    Cached::$variant(state) => Some(state),
                    _ => None,
                }
            }
        }
    };
}

patience_kept_as!(Myrmex, Myrmex);
patience_kept_as!(Anthill, Anthill);
patience_kept_as!(Ants, AntsSolitaire);

/// The most games kept; past it the cache starts again (evicted games are
/// replayed), which keeps memory flat.
const CAPACITY: usize = 4096;

#[derive(Default)]
pub(super) struct GameCache(Mutex<HashMap<String, (i64, Cached)>>);

impl GameCache {
    /// The state of game `id` at `version`, if it is kept.
    pub fn get<T: CachedGame>(&self, id: &str, version: i64) -> Option<T> {
        let cache = self.0.lock().expect("cache lock");
        cache
            .get(id)
            .filter(|(v, _)| *v == version)
            .and_then(|(_, game)| T::unwrap(game).cloned())
    }

    /// Keeps the state of game `id` at `version`.
    pub fn put<T: CachedGame>(&self, id: &str, version: i64, game: &T) {
        let mut cache = self.0.lock().expect("cache lock");
        if cache.len() >= CAPACITY {
            cache.clear();
        }
        cache.insert(id.to_string(), (version, game.clone().wrap()));
    }
}

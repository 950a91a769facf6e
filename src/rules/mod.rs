//! The shared rules module: pure, synchronous, no I/O.
//!
//! Each game is a value that is always legal; setups that may be wrong are
//! checked when the game is made. Hidden information leaves this module only
//! through a game's `view`.

pub mod anthill;
pub mod ants_solitaire;
pub mod army_ants;
pub mod atta_ants;
pub mod cards;
pub mod myrmex;
pub mod patience;
pub mod shuffle;

mod game_kind;

pub use game_kind::{DailySetup, GameKind, Ranking};

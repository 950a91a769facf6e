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

use serde::{Deserialize, Serialize};
use std::fmt;

/// The five games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    #[serde(rename = "army-ants")]
    ArmyAnts,
    #[serde(rename = "atta-ants")]
    AttaAnts,
    #[serde(rename = "myrmex")]
    Myrmex,
    #[serde(rename = "anthill")]
    Anthill,
    #[serde(rename = "ants")]
    Ants,
}

impl GameKind {
    /// The stable name used in storage and the script protocol.
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::ArmyAnts => "army-ants",
            GameKind::AttaAnts => "atta-ants",
            GameKind::Myrmex => "myrmex",
            GameKind::Anthill => "anthill",
            GameKind::Ants => "ants",
        }
    }

    pub fn parse(text: &str) -> Option<GameKind> {
        [
            GameKind::ArmyAnts,
            GameKind::AttaAnts,
            GameKind::Myrmex,
            GameKind::Anthill,
            GameKind::Ants,
        ]
        .into_iter()
        .find(|k| k.as_str() == text)
    }

    /// Whether the game is played by more than one person.
    pub fn is_multiplayer(self) -> bool {
        matches!(self, GameKind::ArmyAnts | GameKind::AttaAnts)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

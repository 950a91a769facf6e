//! Where a game stands and how it ended, as the store keeps them and front
//! ends show them.

use serde::{Deserialize, Serialize};

/// Where a stored game stands. Stored (and shown to front ends) as its
/// lower-case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// A challenge or lobby waiting for its players.
    Pending,
    /// Army Ants' private deployment.
    Deploying,
    Active,
    Finished,
    /// A challenge declined or expired before it started, or a game a
    /// moderator ended.
    Cancelled,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Pending => "pending",
            GameStatus::Deploying => "deploying",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<GameStatus> {
        [
            GameStatus::Pending,
            GameStatus::Deploying,
            GameStatus::Active,
            GameStatus::Finished,
            GameStatus::Cancelled,
        ]
        .into_iter()
        .find(|status| status.as_str() == text)
    }

    /// Still being played or waiting to start.
    pub fn is_open(self) -> bool {
        matches!(
            self,
            GameStatus::Pending | GameStatus::Deploying | GameStatus::Active
        )
    }
}

impl std::fmt::Display for GameStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game ended, as results are stored and front ends read them (in
/// lower case: `win`, `loss`, `draw`...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    Win,
    /// A patience not won.
    Loss,
    Draw,
    /// Both players left an Army Ants deployment idle.
    Abandoned,
    /// A moderator ended the game: no one won, nothing was rated.
    Ended,
    /// A challenge or lobby that never started: turned down by the one
    /// challenged, taken back by its host, or not answered in time.
    Declined,
    Withdrawn,
    Expired,
}

/// A result in words: how it ended, who won, and a line on how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub outcome: Ending,
    pub winner: Option<String>,
    pub detail: String,
}

//! A game's result as its row stores it: typed at the store's edge, JSON in
//! the column (a row whose result this version cannot read is refused, as
//! for its kind and status).

use serde::{Deserialize, Serialize};

use crate::protocol::GameResult;

/// The stored result of a patience: the common fields plus what the
/// leaderboards rank by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatienceResult {
    #[serde(flatten)]
    pub result: GameResult,
    pub score: i64,
    pub moves: u32,
    pub undos: u32,
    /// Hints asked for (older results have none).
    #[serde(default)]
    pub hints: u32,
    pub elapsed_ms: i64,
}

/// A row's result: a patience's, or that of a game of seats (or one that
/// ended before or without its players), with the winner's id so that
/// ratings never confuse two players of one name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum StoredResult {
    Patience(PatienceResult),
    Seated {
        #[serde(flatten)]
        result: GameResult,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner_id: Option<String>,
    },
}

impl StoredResult {
    /// A result with no winner's id: a game that ended before or without
    /// its players.
    pub fn of(result: GameResult) -> StoredResult {
        StoredResult::Seated {
            result,
            winner_id: None,
        }
    }

    /// The result in words, whatever the game.
    pub fn result(&self) -> &GameResult {
        match self {
            StoredResult::Patience(patience) => &patience.result,
            StoredResult::Seated { result, .. } => result,
        }
    }

    /// A patience's tally, if it is one.
    pub fn patience(&self) -> Option<&PatienceResult> {
        match self {
            StoredResult::Patience(patience) => Some(patience),
            StoredResult::Seated { .. } => None,
        }
    }

    /// The column's JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a result to json")
    }

    /// A column's JSON, `None` when this version cannot read it.
    pub fn from_json(json: &str) -> Option<StoredResult> {
        serde_json::from_str(json).ok()
    }
}

//! Why a board game (Army Ants, Atta Ants) refused an action, in one shape
//! for both: the seat type is the game's own (a side, a colour).

use std::fmt;

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError<Seat: fmt::Display> {
    #[error("the game is over")]
    GameOver,
    #[error("it is {0}'s turn")]
    NotYourTurn(Seat),
    #[error("{0}")]
    Illegal(String),
}

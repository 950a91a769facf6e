//! Army Ants: two armies of a standard deck on a 5x8 board
//! (../shared/seeds/army-ants.txt with ../shared/rules/army-ants.md).

mod action;
mod board;
mod game;
mod position;
mod record;

pub use action::{Action, Line, ParseActionError};
pub use board::{Board, BySide, Card, Direction, Piece, Side, Square, FILES, RANKS, SQUARES};
pub use game::{
    deal_squares, deploy_squares, ArmyAnts, Cell, DeployHand, DeployView, Deployment, DrawReason, Events,
    Outcome, Phase, RuleError, Setup, SetupError, Status, View, WinReason, RALLY_TURNS, RED_AGGRESSION_TURNS,
};
pub use position::{parse_position, write_position, ParsedPosition};
pub use record::{numbered_move, record_moves};

//! The move list of a game's record, numbered by turns.
//!
//! Each number is one round: a Red turn, then Black's answer. A side that
//! takes turns in a row (the opponent's rally after the Queen's Favor, or a
//! game that starts with Black to move) starts a new number for each of
//! them, Black's written `N. ...`, so no two turns of one side share a
//! number. Deployments, draw offers and resignations are written in braces
//! and not numbered.

use super::{Action, Side};
use std::fmt::Write;

/// The moves of `record` as text; `hide_deploys` writes each deployment as
/// `deploy (hidden)` (while a private deployment is still under way).
pub fn record_moves(record: &[(Side, Action)], hide_deploys: bool) -> String {
    let mut out = String::new();
    for ((side, action), number) in record.iter().zip(numbers(record)) {
        let text = match action {
            Action::Deploy(_) if hide_deploys => "deploy (hidden)".to_string(),
            a => a.to_string(),
        };
        match number {
            None => {
                let _ = write!(out, "{{{} {}}} ", side.name(), text);
                continue;
            }
            Some(Number { turn, starts: true }) => {
                let _ = write!(out, "{turn}. ");
                if *side == Side::Black {
                    out.push_str("... ");
                }
            }
            Some(_) => {}
        }
        out.push_str(&text);
        out.push(' ');
    }
    out.trim_end().to_string()
}

/// The move at `index` of `record` with its number, as chess writes a
/// move alone: `12. c3-c4` for Red, `12... c3-c4` for Black; a deployment,
/// draw offer or resignation has no number and is written bare.
pub fn numbered_move(record: &[(Side, Action)], index: usize) -> String {
    let (side, action) = &record[index];
    match numbers(record).nth(index).flatten() {
        Some(Number { turn, .. }) if *side == Side::Black => format!("{turn}... {action}"),
        Some(Number { turn, .. }) => format!("{turn}. {action}"),
        None => action.to_string(),
    }
}

/// A numbered entry's turn, and whether the entry starts it.
#[derive(Clone, Copy)]
struct Number {
    turn: u32,
    starts: bool,
}

/// Each entry's number: `None` for the entries written in braces.
fn numbers(record: &[(Side, Action)]) -> impl Iterator<Item = Option<Number>> + '_ {
    let mut turn = 0;
    let mut last: Option<Side> = None;
    record.iter().map(move |(side, action)| {
        if !action.is_command() || matches!(action, Action::Deploy(_)) {
            return None;
        }
        // Black answers within Red's number; anything else starts a new one.
        let starts = *side == Side::Red || last != Some(Side::Red);
        if starts {
            turn += 1;
        }
        last = Some(*side);
        Some(Number { turn, starts })
    })
}

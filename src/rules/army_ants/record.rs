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
    let mut turn = 0;
    let mut last: Option<Side> = None;
    for (side, action) in record {
        let text = match action {
            Action::Deploy(_) if hide_deploys => "deploy (hidden)".to_string(),
            a => a.to_string(),
        };
        if !action.is_command() || matches!(action, Action::Deploy(_)) {
            let _ = write!(out, "{{{} {}}} ", side.name(), text);
            continue;
        }
        // Black answers within Red's number; anything else starts a new one.
        if *side == Side::Red || last != Some(Side::Red) {
            turn += 1;
            let _ = write!(out, "{turn}. ");
            if *side == Side::Black {
                out.push_str("... ");
            }
        }
        last = Some(*side);
        out.push_str(&text);
        out.push(' ');
    }
    out.trim_end().to_string()
}

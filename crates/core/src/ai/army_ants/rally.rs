//! Rally turns that go round in circles.
//!
//! A rally turn that puts the army back where it stood before one of its
//! earlier rally turns (`d5=d6` then `d5=d6` again, `e7-e8` then `e8-e7`)
//! wastes both turns. The computer leaves such moves out at the root unless
//! nothing else is legal.

use super::position::{army_key, Move, Pos};
use crate::rules::army_ants::{Action, ArmyAnts, RALLY_TURNS};
use std::collections::HashSet;

/// The army keys of `side` during this rally: now, and before each of the
/// rally turns it took (found by undoing them from the record).
fn history(game: &ArmyAnts, pos: &Pos, side: usize) -> HashSet<u64> {
    let mut cells: [Option<u8>; 40] =
        std::array::from_fn(|sq| (pos.occ[side] & (1 << sq) != 0).then_some(pos.vals[sq]));
    let mut keys = HashSet::from([army_key(side, |sq| cells[sq])]);
    let taken = (RALLY_TURNS - pos.rally[side]) as usize;
    let own = game
        .record()
        .iter()
        .rev()
        .filter(|(s, a)| s.index() == side && a.is_command() && !matches!(a, Action::Deploy(_)))
        .take(taken);
    for (_, action) in own {
        match action {
            Action::MoveOut { from, to } => {
                cells[from.index()] = cells[to.index()].take();
            }
            Action::Swap(a, b) => cells.swap(a.index(), b.index()),
            Action::March { from, to } => {
                let moved: Vec<Option<u8>> = to.squares().map(|sq| cells[sq.index()].take()).collect();
                for (sq, card) in from.squares().zip(moved) {
                    cells[sq.index()] = card;
                }
            }
            Action::Pass => {}
            // Not a rally turn that can be repeated (the Favor ends the rally).
            _ => break,
        }
        keys.insert(army_key(side, |sq| cells[sq]));
    }
    keys
}

/// The root moves the computer may choose from in `pos`: in the rally,
/// those that do not return its army to a placement it already held this
/// rally (unless every move does); otherwise every move.
pub fn root_moves(game: &ArmyAnts, pos: &Pos) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.moves(&mut moves);
    if pos.battle() {
        return moves;
    }
    let side = pos.to_move;
    let held = history(game, pos, side);
    let fresh: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| !held.contains(&pos.play(m, |_| false).army_key(side)))
        .collect();
    if fresh.is_empty() {
        moves
    } else {
        fresh
    }
}

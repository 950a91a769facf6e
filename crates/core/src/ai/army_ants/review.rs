//! The review of a finished game: the engine at the hard level's search
//! looks at each of one player's turns and says how much worse the move
//! played was than the move it prefers.
//!
//! Each turn is judged from its own position by one search, at the depth
//! the search reaches within its share of the nodes, then by a second
//! search of the same depth restricted to the move played: the two scores
//! come from one horizon, so their difference is the move's cost and not
//! the search seeing further in one position than in the next. The budget
//! is in nodes, never time, so a review says the same on every machine.

use super::position::{Move, Pos};
use super::search::{Limits, Searcher, WON};
use crate::rules::army_ants::{Action, ArmyAnts, Status};

/// The nodes one review may search over all its turns: about four seconds
/// of one core in a release build, however long the game.
pub const REVIEW_NODES: u64 = 6_000_000;
/// The most one search of a review may take: a short game gets this much
/// a turn (about a tenth of a second in a release build).
const TURN_NODES: u64 = 150_000;
/// A move that costs less than this (a third of an Ace) is not named.
pub const NOTABLE: i32 = 35;
const TABLE_BITS: u32 = 18;

/// One turn as the review judged it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Where the turn stands among the turns given to [`review`].
    pub turn: usize,
    pub played: Action,
    /// The engine's move (the one played when it agrees).
    pub preferred: Action,
    /// The position's worth with the preferred move and with the move
    /// played, from the mover's side (hundredths of an Ace; beyond
    /// `WON` a win by force, below its negative a loss by force).
    pub best: i32,
    pub after: i32,
}

impl Judged {
    /// How much the move played gave away (never negative: a move the
    /// restricted search liked better than the preferred one cost nothing).
    pub fn cost(&self) -> i32 {
        (self.best - self.after).max(0)
    }

    /// Whether the move played leads to a loss by force.
    pub fn lost(&self) -> bool {
        self.after < -WON
    }

    /// Whether the move played threw away a forced win, or walked into a
    /// forced loss the preferred move avoided.
    pub fn decisive(&self) -> Option<Decisive> {
        if self.best > WON && self.after <= WON {
            Some(Decisive::MissedWin)
        } else if self.lost() && self.best >= -WON {
            Some(Decisive::Lost)
        } else {
            None
        }
    }
}

/// A move that changed the game's result by force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decisive {
    MissedWin,
    Lost,
}

/// Judges each `(position, move played)` in `turns` (one player's turns,
/// in order); turns with a single legal move, and moves the engine does
/// not search (a pass, the commands that are not moves), are left out.
pub fn review(turns: &[(ArmyAnts, Action)]) -> Vec<Judged> {
    let searched = turns.len().max(1) as u64 * 2;
    let nodes = (REVIEW_NODES / searched).min(TURN_NODES);
    turns
        .iter()
        .enumerate()
        .filter_map(|(turn, (game, played))| judge(game, played, nodes).map(|j| Judged { turn, ..j }))
        .collect()
}

/// One turn judged within `nodes` a search.
fn judge(game: &ArmyAnts, played: &Action, nodes: u64) -> Option<Judged> {
    if !matches!(game.status(), Status::ToMove(_)) {
        return None;
    }
    let (pos, seen) = Pos::from_game(game);
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let played_move = moves.iter().copied().find(|m| m.to_action() == *played)?;
    if moves.len() == 1 {
        return None;
    }
    let mut searcher = Searcher::new(&seen, TABLE_BITS);
    searcher.selective = true;
    let limits = |max_depth| Limits {
        max_depth,
        nodes,
        deadline: None,
    };
    let best = searcher.search(&pos, limits(64));
    let after = if best.best == played_move {
        best.score
    } else {
        searcher.root_moves = vec![played_move];
        searcher.search(&pos, limits(best.depth)).score
    };
    Some(Judged {
        turn: 0,
        played: played.clone(),
        preferred: Move::to_action(best.best),
        best: best.score,
        after,
    })
}

/// The notable moves of a review, costliest first (a tie goes to the
/// earlier turn): those that changed the result by force, or cost at least
/// [`NOTABLE`].
pub fn notable(judged: &[Judged]) -> Vec<&Judged> {
    let mut found: Vec<&Judged> = judged
        .iter()
        .filter(|j| j.decisive().is_some() || (j.cost() >= NOTABLE && j.best.abs() <= WON))
        .collect();
    found.sort_by_key(|j| (std::cmp::Reverse(j.cost()), j.turn));
    found
}

//! Where a finished patience went wrong: the last position of the game from
//! which a line still won, the action that lost it, and the action a
//! winning line from there starts with.
//!
//! The game is over, so the search reads the deal whole, hidden cards and
//! all. A position from which no line wins leads only to positions from
//! which none does, so along the line played (undone moves taken out) the
//! positions that can still be won come first: a binary search over them
//! finds the losing action in a few searches, each within a share of the
//! budget. Whatever the budget leaves undecided is said so.

use super::hint::Hinted;
use super::Verdict;

/// The budget in states for one review, over all its searches: a second
/// or two.
pub const REVIEW_BUDGET: u64 = 2_000_000;

/// What a review found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Review {
    /// The game was won: every action kept the win.
    Won,
    /// No line won even from the deal.
    NeverWinnable,
    /// From `line[at]` a line still won, starting with `better`; `action`,
    /// played next, lost it.
    Lost {
        at: usize,
        action: String,
        better: String,
    },
    /// The budget ran out first: the win was kept at least until
    /// `won_until` and lost at the latest from `lost_from` (positions of
    /// the line, when known).
    Undecided {
        won_until: Option<usize>,
        lost_from: Option<usize>,
    },
}

/// Whether a position of the line can still be won, as far as a search
/// within its share of the budget tells.
enum Standing {
    /// A line wins from it; this is its first action.
    Wins(String),
    Lost,
    Unknown,
}

/// What tells two positions of a line apart: the table, and whether the
/// game is over (ending it changes no card).
fn key<G: Hinted>(position: &G) -> (String, bool) {
    (position.table(), position.outcome().is_some())
}

/// The line a game's positions make once undone moves are taken out: a
/// position met again (an undo goes back to one) cuts the line back to it.
pub fn line_played<G: Hinted>(positions: &[G]) -> Vec<G> {
    // Each position's key, worked out once, beside it.
    let mut line: Vec<((String, bool), &G)> = Vec::new();
    for position in positions {
        let key = key(position);
        match line.iter().position(|(k, _)| *k == key) {
            Some(i) => line.truncate(i + 1),
            None => line.push((key, position)),
        }
    }
    line.into_iter().map(|(_, p)| p.clone()).collect()
}

/// The action that leads from `from` to `to` on the line, in notation.
pub fn action_between<G: Hinted>(from: &G, to: &G) -> Option<String> {
    let target = key(to);
    from.legal_actions().into_iter().find_map(|action| {
        let mut next = from.clone();
        (next.apply(&action).is_ok() && key(&next) == target).then(|| action.to_string())
    })
}

/// Reviews a finished game from `line` (see [`line_played`]), the deal
/// first, within `budget` states.
pub fn review<G: Hinted>(line: &[G], budget: u64) -> Review {
    let Some(last) = line.last() else {
        return Review::Undecided {
            won_until: None,
            lost_from: None,
        };
    };
    if last.outcome().is_some_and(|o| o.won) {
        return Review::Won;
    }
    // The searches a binary search over the line needs, and one for the deal.
    let searches = (usize::BITS - line.len().leading_zeros()) as u64 + 1;
    let share = budget / searches;
    let wins = |i: usize| -> Standing {
        let position = &line[i];
        if position.outcome().is_some() {
            // Over and not won (a won game was answered above).
            return Standing::Lost;
        }
        match position.solve_whole(share).verdict {
            // A position not over wins only by playing on.
            Verdict::Won(winning) => {
                Standing::Wins(winning.first().map(ToString::to_string).unwrap_or_default())
            }
            Verdict::Lost => Standing::Lost,
            Verdict::Undecided => Standing::Unknown,
        }
    };
    let mut better = match wins(0) {
        Standing::Wins(first) => first,
        Standing::Lost => return Review::NeverWinnable,
        Standing::Unknown => {
            return Review::Undecided {
                won_until: None,
                lost_from: Some(line.len() - 1),
            }
        }
    };
    // `won` can still be won (by a line starting with `better`), `lost`
    // cannot (the last position: not won).
    let (mut won, mut lost) = (0, line.len() - 1);
    while lost - won > 1 {
        let mid = won + (lost - won) / 2;
        match wins(mid) {
            Standing::Wins(first) => {
                won = mid;
                better = first;
            }
            Standing::Lost => lost = mid,
            Standing::Unknown => {
                return Review::Undecided {
                    won_until: Some(won),
                    lost_from: Some(lost),
                }
            }
        }
    }
    match action_between(&line[won], &line[lost]) {
        Some(action) => Review::Lost {
            at: won,
            action,
            better,
        },
        None => Review::Undecided {
            won_until: Some(won),
            lost_from: Some(lost),
        },
    }
}

impl Review {
    /// The review in the player's words; `line_len` is the number of
    /// actions on the line played.
    pub fn told(&self, line_len: usize) -> String {
        match self {
            Review::Won => "You won: every action kept the win.".into(),
            Review::NeverWinnable => {
                "No line wins this deal, even seen whole: it was lost from the start.".into()
            }
            Review::Lost { at, action, better } if *action == "end" => format!(
                "You ended the game while it could still be won (after action {at} of {line_len}): \
                 **{better}** was the way on. The board below is where you stopped, that action marked."
            ),
            Review::Lost { at, action, better } => format!(
                "The deal could be won until action {} of {line_len}: **{action}** lost it, and no line \
                 wins after it; **{better}** kept the win. The board below is the position before it, \
                 **{better}** marked.",
                at + 1
            ),
            Review::Undecided {
                won_until: Some(won),
                lost_from: Some(lost),
            } => format!(
                "I could not finish the review within my budget: the deal could still be won after \
                 action {won}, and no longer after action {lost} (of {line_len})."
            ),
            Review::Undecided { .. } => {
                "I could not decide within my budget whether this deal could be won at all.".into()
            }
        }
    }
}

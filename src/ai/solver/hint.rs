//! What `/solitaire hint` says for a position.

use super::{anthill, ants, myrmex, Verdict};
use crate::rules::anthill::Anthill;
use crate::rules::ants_solitaire::AntsSolitaire;
use crate::rules::cards::MyrmexLevel;
use crate::rules::myrmex::Myrmex;
use crate::rules::patience::Patience;

/// The budget in states for one hint: a fraction of a second.
pub const HINT_BUDGET: u64 = 300_000;

/// A hint. None of them names a card the player cannot see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next action of a winning line, and the line's length.
    Next { action: String, line_len: usize },
    /// A closed Myrmex deal: a move judged from the visible cards only,
    /// with no promise that it wins.
    Suggestion { action: String },
    /// No line wins from here.
    Lost,
    /// The budget ran out before the search decided.
    Undecided,
    /// A closed Myrmex deal where nothing is worth suggesting.
    Nothing,
}

fn from_verdict<A: ToString>(verdict: Verdict<A>) -> Hint {
    match verdict {
        Verdict::Won(line) if line.is_empty() => Hint::Nothing,
        Verdict::Won(line) => Hint::Next {
            action: line[0].to_string(),
            line_len: line.len(),
        },
        Verdict::Lost => Hint::Lost,
        Verdict::Undecided => Hint::Undecided,
    }
}

/// The patiences that can give a hint.
pub trait Hinted: Patience {
    fn hint(&self, budget: u64) -> Hint;
}

impl Hinted for Anthill {
    fn hint(&self, budget: u64) -> Hint {
        from_verdict(anthill::solve(self, budget).verdict)
    }
}

impl Hinted for AntsSolitaire {
    fn hint(&self, budget: u64) -> Hint {
        from_verdict(ants::solve(self, budget).verdict)
    }
}

/// Closed deals (minor, closed major and queen) get a suggestion from the
/// view; open deals an exact answer.
impl Hinted for Myrmex {
    fn hint(&self, budget: u64) -> Hint {
        if self.closed() || self.level() == MyrmexLevel::Minor {
            return match myrmex::suggest(&self.view(), budget) {
                Some(action) => Hint::Suggestion {
                    action: action.to_string(),
                },
                None => Hint::Nothing,
            };
        }
        from_verdict(myrmex::solve(self, budget).verdict)
    }
}

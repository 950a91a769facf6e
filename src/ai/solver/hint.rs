//! What `/solitaire hint` says for a position.

use super::{anthill, ants, myrmex, Verdict};
use crate::rules::anthill::Anthill;
use crate::rules::ants_solitaire::AntsSolitaire;
use crate::rules::cards::MyrmexLevel;
use crate::rules::myrmex::Myrmex;
use crate::rules::patience::Patience;
use std::collections::HashSet;

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
    /// An open deal the search could not decide: the most promising move
    /// of a short look-ahead, with no promise that it wins.
    Guess { action: String },
    /// No line wins from here.
    Lost,
    /// The budget ran out before the search decided.
    Undecided,
    /// Nothing is worth suggesting.
    Nothing,
}

impl Hint {
    /// The action the hint names, if it names one (only those are counted).
    pub fn action(&self) -> Option<&str> {
        match self {
            Hint::Next { action, .. } | Hint::Suggestion { action } | Hint::Guess { action } => Some(action),
            Hint::Lost | Hint::Undecided | Hint::Nothing => None,
        }
    }
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

/// Whether an action would lead back to a position already played.
pub type Avoid<'a, A> = &'a dyn Fn(&A) -> bool;

/// The patiences that can give a hint.
pub trait Hinted: Patience {
    /// A hint for this position whose action is never one `avoid` refuses.
    fn hint_avoiding(&self, budget: u64, avoid: Avoid<'_, Self::Action>) -> Hint;

    /// What lies on the table (not the counters): equal for positions a
    /// player would call the same.
    fn table(&self) -> String;

    /// A hint for this position alone.
    fn hint(&self, budget: u64) -> Hint {
        self.hint_avoiding(budget, &|_| false)
    }
}

/// A hint that never leads back to a position of `played` (the positions
/// of this game so far), so that following hints never goes round in
/// circles.
pub fn fresh_hint<G: Hinted>(game: &G, played: &[G], budget: u64) -> Hint {
    let seen: HashSet<String> = played.iter().map(G::table).collect();
    let repeats = |action: &G::Action| {
        let mut next = game.clone();
        next.apply(action).is_ok() && seen.contains(&next.table())
    };
    game.hint_avoiding(budget, &repeats)
}

/// An exact hint from `solve`; when its line starts by going back to a
/// position already played, the first fresh action whose position `solve`
/// proves won instead.
fn exact<G: Patience>(
    game: &G,
    budget: u64,
    avoid: Avoid<'_, G::Action>,
    solve: impl Fn(&G, u64) -> Verdict<G::Action>,
) -> Hint {
    match solve(game, budget) {
        Verdict::Won(line) if line.first().is_some_and(avoid) => {
            let fresh: Vec<G::Action> = game
                .legal_actions()
                .into_iter()
                .filter(|a| !avoid(a) && a.to_string() != "end")
                .collect();
            let share = budget / fresh.len().max(1) as u64;
            for action in fresh {
                let mut next = game.clone();
                if next.apply(&action).is_err() {
                    continue;
                }
                if let Verdict::Won(line) = solve(&next, share) {
                    return Hint::Next {
                        action: action.to_string(),
                        line_len: line.len() + 1,
                    };
                }
            }
            Hint::Undecided
        }
        verdict => from_verdict(verdict),
    }
}

impl Hinted for Anthill {
    fn hint_avoiding(&self, budget: u64, avoid: Avoid<'_, Self::Action>) -> Hint {
        exact(self, budget, avoid, |g, b| anthill::solve(g, b).verdict)
    }

    fn table(&self) -> String {
        let v = self.view();
        format!("{:?} {} {}", v.spots, v.stock_len, v.deals_left)
    }
}

impl Hinted for AntsSolitaire {
    fn hint_avoiding(&self, budget: u64, avoid: Avoid<'_, Self::Action>) -> Hint {
        exact(self, budget, avoid, |g, b| ants::solve(g, b).verdict)
    }

    fn table(&self) -> String {
        let v = self.view();
        format!(
            "{:?} {:?} {} {}",
            v.foundations, v.tableau, v.stock_len, v.deals_left
        )
    }
}

/// Closed deals (minor, closed major and queen) get a suggestion from the
/// view; open deals an exact answer, or, when the search cannot decide, the
/// look-ahead's best guess.
impl Hinted for Myrmex {
    fn hint_avoiding(&self, budget: u64, avoid: Avoid<'_, Self::Action>) -> Hint {
        let guess = || myrmex::suggest(&self.view(), budget, avoid);
        if self.closed() || self.level() == MyrmexLevel::Minor {
            return match guess() {
                Some(action) => Hint::Suggestion {
                    action: action.to_string(),
                },
                None => Hint::Nothing,
            };
        }
        match exact(self, budget, avoid, |g, b| myrmex::solve(g, b).verdict) {
            Hint::Undecided => match guess() {
                Some(action) => Hint::Guess {
                    action: action.to_string(),
                },
                None => Hint::Undecided,
            },
            hint => hint,
        }
    }

    fn table(&self) -> String {
        let v = self.view();
        let piles: Vec<_> = v.piles.iter().map(|p| &p.cards).collect();
        format!("{piles:?} {} {} {:?}", v.stock, v.restocks_left, v.chambers)
    }
}

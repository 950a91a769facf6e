//! What `/solitaire hint` says for a position: only what the player's view
//! tells.
//!
//! The exact solvers need the whole deal. When nothing is hidden (the
//! stock is empty) they run on the position itself. Otherwise a hint deals
//! the unseen cards (a multiset the view gives) into the hidden places in
//! several ways, every way when there are few ([`EVERY_WAY_UP_TO`]), else
//! [`SAMPLES`] shuffles from a seed made of the view, solves each within a
//! share of the budget, and names the first action that starts a winning
//! line in the most of them, with how many. Identical views get identical
//! deals, so two games that look the same get the same hint.

use super::unseen::{view_seed, ways, Redeal};
use super::{anthill, ants, myrmex, Solved, Verdict};
use crate::rules::anthill::Anthill;
use crate::rules::ants_solitaire::AntsSolitaire;
use crate::rules::cards::MyrmexLevel;
use crate::rules::myrmex::{Action, Myrmex, Prospect, ENDGAME_STATES};
use crate::rules::patience::Patience;
use std::collections::HashSet;

/// The budget in states for one hint, over all the ways it searches: a
/// fraction of a second.
pub const HINT_BUDGET: u64 = 300_000;

/// How many ways the hidden cards could lie a hint samples.
pub const SAMPLES: usize = 8;

/// Up to this many distinct ways, a hint searches every one of them.
pub const EVERY_WAY_UP_TO: u64 = 24;

/// A hint. None of them names or depends on a card the player cannot see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Nothing is hidden: the next action of a winning line, and the
    /// line's length.
    Next { action: String, line_len: usize },
    /// Cards are hidden: the first action of a winning line in the most of
    /// the ways searched, and in how many it starts one.
    Likely { action: String, ways: Tally },
    /// Myrmex: no line to another chamber or a face-down card was found
    /// within the search's budget (and none proved missing), so a move the
    /// look-ahead judges from the visible cards, with no promise that it
    /// leads to one.
    Suggestion { action: String },
    /// Myrmex with the stock spent: no line wins all six chambers (or
    /// none was found), and this action starts a line of
    /// `line_len` actions to another chamber or, with `cards_down`, to a
    /// card turned face up, judged from the visible cards alone.
    Progress {
        action: String,
        line_len: usize,
        cards_down: bool,
    },
    /// Myrmex with the stock spent: no line of moves completes another
    /// chamber or turns a face-down card up. Nothing is left to gain, so
    /// the hint offers to end the game.
    NoProgress,
    /// Myrmex, an open deal: no line wins all six chambers in any of the
    /// ways the stock could lie that were decided, but `lead` still gains
    /// something (a chamber counts for the score).
    Partial { ways: Tally, lead: Box<Hint> },
    /// Myrmex with the stock spent: the search found no line to another
    /// chamber or a face-down card within its bound, and the look-ahead
    /// has had its turns. The hint offers to end the game, saying it is not
    /// sure.
    NothingFound,
    /// Myrmex with cards in the stock: no line of moves completes another
    /// chamber or turns a face-down card up (or, `undecided`, none was
    /// found within the search's bound), so the next restock is the way on.
    Deal { undecided: bool },
    /// Nothing is hidden and no line wins from here.
    Lost,
    /// Cards are hidden and no line wins in any of the ways decided.
    NoWin { ways: Tally },
    /// The budget ran out before the search decided.
    Undecided,
    /// Nothing is worth suggesting.
    Nothing,
}

/// What a hint found over the ways the hidden cards could lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Ways in which the named action (with none named, any line) wins.
    pub wins: usize,
    /// Ways the budget left undecided.
    pub undecided: usize,
    /// Ways searched.
    pub searched: usize,
    /// Whether those were every way the hidden cards could lie (else a
    /// sample).
    pub every: bool,
}

impl Tally {
    /// Ways in which the action (or every line) was proved to lose.
    pub fn losses(&self) -> usize {
        self.searched - self.wins - self.undecided
    }
}

impl Hint {
    /// The action the hint names, if it names one.
    pub fn action(&self) -> Option<&str> {
        match self {
            Hint::Next { action, .. }
            | Hint::Likely { action, .. }
            | Hint::Suggestion { action }
            | Hint::Progress { action, .. } => Some(action),
            Hint::Deal { .. } => Some("deal"),
            Hint::Partial { lead, .. } => lead.action(),
            Hint::NoProgress
            | Hint::NothingFound
            | Hint::Lost
            | Hint::NoWin { .. }
            | Hint::Undecided
            | Hint::Nothing => None,
        }
    }
}

/// Whether an action from a position would lead back to a position already
/// played. It is given the position it is asked about (a deal of the hidden
/// cards), never the real game.
pub type Avoid<'a, G> = &'a dyn Fn(&G, &<G as Patience>::Action) -> bool;

/// The patiences that can give a hint.
pub trait Hinted: Patience {
    /// A hint for this position whose action is never one `avoid` refuses,
    /// `idle` actions after the game last gained something (see
    /// [`Hinted::gains`]).
    fn hint_avoiding(&self, budget: u64, avoid: Avoid<'_, Self>, idle: usize) -> Hint;

    /// What lies on the table (not the counters): equal for positions a
    /// player would call the same. Never a hidden card.
    fn table(&self) -> String;

    /// What changes only when the game gains something for good (Myrmex: a
    /// card comes into sight, a chamber, a restock). None for a game whose
    /// hints do not need it.
    fn gains(&self) -> Option<String> {
        None
    }

    /// The exact search on this position as it really lies, hidden cards
    /// and all: for a game that is over (a review), never a hint.
    fn solve_whole(&self, budget: u64) -> Solved<Self::Action>;

    /// A hint for this position alone.
    fn hint(&self, budget: u64) -> Hint {
        self.hint_avoiding(budget, &|_, _| false, 0)
    }
}

/// A hint that never leads back to a position of `played` (the positions
/// of this game so far), so that following hints never goes round in
/// circles.
pub fn fresh_hint<G: Hinted>(game: &G, played: &[G], budget: u64) -> Hint {
    let seen: HashSet<String> = played.iter().map(G::table).collect();
    let repeats = |position: &G, action: &G::Action| {
        let mut next = position.clone();
        next.apply(action).is_ok() && seen.contains(&next.table())
    };
    let gains = game.gains();
    let idle = played
        .iter()
        .rev()
        .take_while(|p| p.gains() == gains)
        .count()
        .saturating_sub(1);
    game.hint_avoiding(budget, &repeats, idle)
}

/// What one search found: the first action of a winning line (and the
/// line's length), or no line.
enum Found<A> {
    Wins(A, usize),
    Lost,
    Undecided,
    /// The game is won already: nothing to play.
    Done,
}

/// An exact answer from `solve` on a position seen whole, and the states it
/// took; when its line starts by going back to a position already played,
/// the first fresh action whose position `solve` proves won instead.
fn exact<G: Patience>(
    game: &G,
    budget: u64,
    avoid: Avoid<'_, G>,
    solve: &impl Fn(&G, u64) -> Solved<G::Action>,
) -> (Found<G::Action>, u64) {
    let solved = solve(game, budget);
    let mut states = solved.states;
    let found = match solved.verdict {
        Verdict::Won(line) if line.is_empty() => Found::Done,
        Verdict::Won(line) if !avoid(game, &line[0]) => {
            let len = line.len();
            Found::Wins(line.into_iter().next().expect("not empty"), len)
        }
        Verdict::Won(_) => {
            let fresh: Vec<G::Action> = game
                .legal_actions()
                .into_iter()
                .filter(|a| !avoid(game, a) && a.to_string() != "end")
                .collect();
            let share = budget.saturating_sub(states) / fresh.len().max(1) as u64;
            let mut found = Found::Undecided;
            for action in fresh {
                let mut next = game.clone();
                if next.apply(&action).is_err() {
                    continue;
                }
                let solved = solve(&next, share);
                states += solved.states;
                if let Verdict::Won(line) = solved.verdict {
                    found = Found::Wins(action, line.len() + 1);
                    break;
                }
            }
            found
        }
        Verdict::Lost => Found::Lost,
        Verdict::Undecided => Found::Undecided,
    };
    (found, states)
}

/// Whether `action` starts a winning line from `game` seen whole.
fn wins_with<G: Patience>(
    game: &G,
    action: &G::Action,
    budget: u64,
    solve: &impl Fn(&G, u64) -> Solved<G::Action>,
) -> (Verdict<()>, u64) {
    let mut next = game.clone();
    if next.apply(action).is_err() {
        return (Verdict::Lost, 0);
    }
    if let Some(outcome) = next.outcome() {
        return (
            if outcome.won {
                Verdict::Won(vec![])
            } else {
                Verdict::Lost
            },
            0,
        );
    }
    let solved = solve(&next, budget);
    let verdict = match solved.verdict {
        Verdict::Won(_) => Verdict::Won(vec![]),
        Verdict::Lost => Verdict::Lost,
        Verdict::Undecided => Verdict::Undecided,
    };
    (verdict, solved.states)
}

/// The hint from `solve` for a position that may hide cards (see the
/// module notes).
fn from_view<G: Hinted + Redeal>(
    game: &G,
    budget: u64,
    avoid: Avoid<'_, G>,
    solve: impl Fn(&G, u64) -> Solved<G::Action>,
) -> Hint {
    if game.unseen().is_empty() {
        return match exact(game, budget, avoid, &solve).0 {
            Found::Wins(action, line_len) => Hint::Next {
                action: action.to_string(),
                line_len,
            },
            Found::Lost => Hint::Lost,
            Found::Undecided => Hint::Undecided,
            Found::Done => Hint::Nothing,
        };
    }
    let ways = ways(game, view_seed(&game.table()), SAMPLES, EVERY_WAY_UP_TO);
    let deals: Vec<G> = ways.deals.iter().map(|cards| game.with_hidden(cards)).collect();
    // A quarter of the budget is kept to check the chosen action in the
    // deals whose line started otherwise; what a search leaves goes on.
    let mut left = budget;
    let reserve = budget / 4;
    let mut found = Vec::with_capacity(deals.len());
    for (i, deal) in deals.iter().enumerate() {
        let share = left.saturating_sub(reserve) / (deals.len() - i) as u64;
        let (f, states) = exact(deal, share, avoid, &solve);
        left = left.saturating_sub(states);
        found.push(f);
    }
    // The action most lines start with; a tie goes to the first found.
    let mut counts: Vec<(G::Action, usize)> = Vec::new();
    for f in &found {
        if let Found::Wins(action, _) = f {
            match counts.iter_mut().find(|(a, _)| a == action) {
                Some((_, n)) => *n += 1,
                None => counts.push((action.clone(), 1)),
            }
        }
    }
    let best = counts
        .iter()
        .enumerate()
        .max_by_key(|&(i, (_, n))| (*n, std::cmp::Reverse(i)))
        .map(|(_, (a, _))| a.clone());
    let mut tally = Tally {
        wins: 0,
        undecided: 0,
        searched: deals.len(),
        every: ways.every,
    };
    let Some(best) = best else {
        tally.undecided = found.iter().filter(|f| matches!(f, Found::Undecided)).count();
        return if tally.undecided == tally.searched {
            Hint::Undecided
        } else {
            Hint::NoWin { ways: tally }
        };
    };
    let checks = found
        .iter()
        .filter(|f| matches!(f, Found::Wins(a, _) if *a != best))
        .count();
    let mut checked = 0;
    for (deal, f) in deals.iter().zip(&found) {
        match f {
            Found::Wins(action, _) if *action == best => tally.wins += 1,
            Found::Wins(..) => {
                let share = left / (checks - checked) as u64;
                checked += 1;
                let (verdict, states) = wins_with(deal, &best, share, &solve);
                left = left.saturating_sub(states);
                match verdict {
                    Verdict::Won(_) => tally.wins += 1,
                    Verdict::Lost => {}
                    Verdict::Undecided => tally.undecided += 1,
                }
            }
            Found::Undecided => tally.undecided += 1,
            Found::Lost | Found::Done => {}
        }
    }
    Hint::Likely {
        action: best.to_string(),
        ways: tally,
    }
}

impl Hinted for Anthill {
    fn hint_avoiding(&self, budget: u64, avoid: Avoid<'_, Self>, _idle: usize) -> Hint {
        from_view(self, budget, avoid, anthill::solve)
    }

    fn solve_whole(&self, budget: u64) -> Solved<Self::Action> {
        anthill::solve(self, budget)
    }

    fn table(&self) -> String {
        let v = self.view();
        format!("{:?} {} {}", v.spots, v.progress.stock_len, v.progress.deals_left)
    }
}

impl Hinted for AntsSolitaire {
    fn hint_avoiding(&self, budget: u64, avoid: Avoid<'_, Self>, _idle: usize) -> Hint {
        from_view(self, budget, avoid, ants::solve)
    }

    fn solve_whole(&self, budget: u64) -> Solved<Self::Action> {
        ants::solve(self, budget)
    }

    fn table(&self) -> String {
        let v = self.view();
        format!(
            "{:?} {:?} {} {}",
            v.foundations, v.tableau, v.progress.stock_len, v.progress.deals_left
        )
    }
}

/// How many actions in a row the look-ahead may suggest without the game
/// gaining anything (a card in sight, a chamber, a restock) before the hint
/// deals instead, or, with the stock spent, says it found nothing more. So
/// following the hint never wanders for long: every gain is bounded, and so
/// is the play between two.
pub const IDLE_LOOKAHEAD: usize = 10;

/// Closed deals (minor, closed major and queen) get a hint from the view:
/// a line to a gain, else the look-ahead, else the deal. Open deals get an
/// answer over the ways the stock could lie and, when the search cannot
/// decide or no way wins all six chambers, the same lead.
impl Hinted for Myrmex {
    fn hint_avoiding(&self, budget: u64, avoid: Avoid<'_, Self>, idle: usize) -> Hint {
        // Never the move that only takes back the one just played.
        let avoid = &|game: &Myrmex, action: &Action| game.undoes_last_move(action) || avoid(game, action);
        // A game over: nothing to play, and a lost one cannot be won.
        if let Some(outcome) = self.outcome() {
            return if outcome.won { Hint::Nothing } else { Hint::Lost };
        }
        if self.stock_len() == 0 {
            return self.endgame_hint(budget, avoid, idle);
        }
        // The searches see the view; `avoid` is asked about a stand-in with
        // the unseen cards in deck order, so nothing reads a hidden card.
        let stand_in = self.with_hidden(&self.unseen_cards()).expect("the unseen cards");
        let avoid = |a: &Action| avoid(&stand_in, a);
        if self.closed() || self.level() == MyrmexLevel::Minor {
            return stand_in.leading_hint(budget, &avoid, idle);
        }
        match from_view(self, budget, &|_, a| avoid(a), myrmex::solve) {
            // Chambers score even when six cannot be made: lead on.
            Hint::NoWin { ways } => Hint::Partial {
                ways,
                lead: Box::new(stand_in.leading_hint(budget / 4, &avoid, idle)),
            },
            Hint::Undecided => stand_in.leading_hint(budget / 4, &avoid, idle),
            hint => hint,
        }
    }

    fn table(&self) -> String {
        let v = self.view();
        let piles: Vec<_> = v.piles.iter().map(|p| &p.cards).collect();
        format!("{piles:?} {} {} {:?}", v.stock, v.restocks_left, v.chambers)
    }

    fn solve_whole(&self, budget: u64) -> Solved<Self::Action> {
        myrmex::solve(self, budget)
    }

    fn gains(&self) -> Option<String> {
        let v = self.view();
        let down: usize = v
            .piles
            .iter()
            .map(|p| p.cards.iter().filter(|c| c.is_none()).count())
            .sum();
        Some(format!("{} {down} {}", v.stock, v.chambers.len()))
    }
}

impl Myrmex {
    /// A hint that leads somewhere while the stock has cards, from the
    /// visible cards alone: the first action of a line of moves to another
    /// chamber or a card turned face up; when the search cannot tell, the
    /// look-ahead's suggestion for up to [`IDLE_LOOKAHEAD`] idle actions;
    /// else the restock.
    fn leading_hint(&self, budget: u64, avoid: &dyn Fn(&Action) -> bool, idle: usize) -> Hint {
        // A line through an undo is not offered: the hint names moves.
        let avoid = |a: &Action| *a == Action::Undo || avoid(a);
        match self.prospect_within(&avoid, ENDGAME_STATES).0 {
            Prospect::Progress { first, len } => Hint::Progress {
                action: first.to_string(),
                line_len: len,
                cards_down: true,
            },
            Prospect::Stuck => Hint::Deal { undecided: false },
            Prospect::Undecided if idle < IDLE_LOOKAHEAD => {
                match myrmex::suggest(&self.view(), budget, &avoid) {
                    Some(Action::Deal) | None => Hint::Deal { undecided: true },
                    Some(action) => Hint::Suggestion {
                        action: action.to_string(),
                    },
                }
            }
            Prospect::Undecided => Hint::Deal { undecided: true },
        }
    }

    /// The hint once the stock is spent, from the visible cards alone (see
    /// [`Myrmex::prospect`]): nothing left to gain; or with every card in
    /// sight a winning line; else the first action of a line to another
    /// chamber (or a card turned face up); else the look-ahead's
    /// suggestion, for up to [`IDLE_LOOKAHEAD`] idle actions.
    fn endgame_hint(&self, budget: u64, avoid: Avoid<'_, Self>, idle: usize) -> Hint {
        // Nothing is left to gain whatever is played: say so, and offer End.
        if self.nothing_left() {
            return Hint::NoProgress;
        }
        let cards_down = self
            .view()
            .piles
            .iter()
            .flat_map(|p| &p.cards)
            .any(Option::is_none);
        if !cards_down {
            if let hint @ Hint::Next { .. } = from_view(self, budget, avoid, myrmex::solve) {
                return hint;
            }
        }
        let stand_in = self.with_hidden(&self.unseen_cards()).expect("the unseen cards");
        // A line through an undo is not offered: the hint names moves.
        let avoid = |a: &Action| *a == Action::Undo || avoid(&stand_in, a);
        match self.line_prospect(&avoid, ENDGAME_STATES) {
            Prospect::Progress { first, len } => Hint::Progress {
                action: first.to_string(),
                line_len: len,
                cards_down,
            },
            Prospect::Undecided if idle < IDLE_LOOKAHEAD => {
                match myrmex::suggest(&self.view(), budget / 4, &avoid) {
                    Some(action) => Hint::Suggestion {
                        action: action.to_string(),
                    },
                    None => Hint::NothingFound,
                }
            }
            Prospect::Stuck | Prospect::Undecided => Hint::NothingFound,
        }
    }
}

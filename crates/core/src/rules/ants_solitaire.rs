//! Ants Solitaire (also "Ants" or "Formic"): a Golf-type patience
//! (`../shared/seeds/ants-solitaire.txt` with
//! `../shared/rules/ants-solitaire.md`, whose rulings win where the two
//! disagree).
//!
//! Cards 1-4 of the deck order start foundations F1..F4, cards 5-8 start
//! tableau piles T1..T4, the other 44 are the stock; each deal puts the next 4
//! onto T1..T4. The top card of a tableau pile goes onto a foundation whose
//! top card is one rank above or below it, any suit, King and Ace adjacent.
//! In the `strict` variant (the default) the player may deal only when no
//! tableau card can go to a foundation; in `relaxed` at any time.
//!
//! Hidden information: the stock's order. It never leaves this module: the
//! [`View`] gives only its length, and `Debug` is written by hand so that it
//! prints the piles and the stock's length, never the stock's cards.

use crate::rules::anthill::standard_deal;
use crate::rules::cards::StdCard;
use crate::rules::ledger::{describe_pile, ledger_notation, pile_text, unseen, Ledger, Step, Stock};
use crate::rules::patience::{
    ParsePatienceError, Patience, PatienceError, PatienceOutcome, PatienceSetupError, Progress,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Foundations and tableau piles: four of each.
pub const PILES: usize = 4;
/// The outcome's words for a win.
const WON: &str = "Won: all 52 cards on the foundations";

// ---------------------------------------------------------------------------
// Setup

/// When the player may deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Only when no tableau card can go to a foundation (the seed's rule).
    #[default]
    Strict,
    /// At any time while the stock has cards.
    Relaxed,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Strict, Variant::Relaxed];

    /// The name used in commands and storage: `strict`, `relaxed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::Strict => "strict",
            Variant::Relaxed => "relaxed",
        }
    }

    /// A variant from its name, ignoring case and surrounding spaces.
    pub fn parse(text: &str) -> Option<Variant> {
        let text = text.trim();
        Self::ALL
            .into_iter()
            .find(|v| v.as_str().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Variant {
    type Err = ParsePatienceError;

    fn from_str(text: &str) -> Result<Variant, ParsePatienceError> {
        Variant::parse(text).ok_or_else(|| ParsePatienceError {
            text: text.chars().take(40).collect(),
            reason: "the variants are `strict` and `relaxed`".into(),
        })
    }
}

/// What a game starts from: a deck order (which wins) or a seed, and the
/// variant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub variant: Variant,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// A deck order (`../shared/rules/README.md`): the 52 cards once each,
    /// separated by spaces, the first card first dealt. A blank text counts
    /// as no deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
}

// ---------------------------------------------------------------------------
// Actions

/// Everything the player can do. Piles are numbered 1..=4 as in the
/// notation: `t3-f2`, `deal`, `end`, `undo`; case and spaces do not matter
/// when it is read (`T3 - F2`, `Deal`), and the dash may be left out
/// (`t3f2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `tN-fM`: the top card of tableau pile `tableau` onto foundation
    /// `foundation`.
    Move { tableau: u8, foundation: u8 },
    /// `deal`: one card from the stock onto each of T1..T4.
    Deal,
    /// `end`: give up; the game is lost with its current score.
    End,
    /// `undo`: take back the last move since the last deal.
    Undo,
}

ledger_notation!(Action { tableau, foundation } => "t{tableau}-f{foundation}", parse_move);

impl Action {
    /// The move of the top card of tableau pile `t` onto foundation `f`,
    /// 0-based.
    fn moving(t: usize, f: usize) -> Action {
        Action::Move {
            tableau: t as u8 + 1,
            foundation: f as u8 + 1,
        }
    }
}

/// `tN-fM` (or `tNfM`), without spaces.
fn parse_move(text: &str) -> Result<Action, String> {
    let usage = || "expected a move `tN-fM` (like `t3-f2`), `deal`, `end` or `undo`".to_string();
    let (a, b) = text
        .strip_prefix('t')
        .and_then(|rest| rest.split_once('f'))
        .ok_or_else(usage)?;
    let a = a.strip_suffix('-').unwrap_or(a);
    let pile = |s: &str, what: &str| match s.parse::<u8>() {
        Ok(n) if (1..=PILES as u8).contains(&n) => Ok(n),
        _ => Err(format!("a {what} is numbered 1 to 4")),
    };
    Ok(Action::Move {
        tableau: pile(a, "tableau pile")?,
        foundation: pile(b, "foundation")?,
    })
}

// ---------------------------------------------------------------------------
// The game

/// A game of Ants Solitaire. Every value is a legal game; see the module
/// notes on what `Debug` shows.
#[derive(Clone)]
pub struct AntsSolitaire {
    variant: Variant,
    /// F1..F4, bottom card first; never empty.
    foundations: [Vec<StdCard>; PILES],
    /// T1..T4, bottom card first.
    tableau: [Vec<StdCard>; PILES],
    stock: Stock,
    /// Moves from a tableau pile to a foundation, 0-based (tableau,
    /// foundation).
    ledger: Ledger<Action>,
}

/// The name the service may use for this game.
pub type Game = AntsSolitaire;

/// Everything a player can see, for a renderer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub variant: Variant,
    /// F1..F4 (index 0 is F1), each pile bottom card first, so the top card
    /// is `last()` and the count `len()`. Never empty.
    pub foundations: [Vec<StdCard>; PILES],
    /// T1..T4, each pile bottom card first, top card last; all face up.
    pub tableau: [Vec<StdCard>; PILES],
    /// `deals_left` is 11 at the start.
    pub progress: Progress<Action>,
}

impl View {
    /// All cards in sight: the foundations, then the tableau, bottom first.
    pub fn visible_cards(&self) -> impl Iterator<Item = StdCard> + '_ {
        self.foundations.iter().chain(&self.tableau).flatten().copied()
    }
}

/// Ranks one apart, King and Ace adjacent.
pub fn adjacent(a: StdCard, b: StdCard) -> bool {
    matches!((a.rank.value() + 13 - b.rank.value()) % 13, 1 | 12)
}

impl AntsSolitaire {
    /// Starts a game: F1..F4, then T1..T4, then the stock.
    pub fn new(setup: &Setup) -> Result<AntsSolitaire, PatienceSetupError> {
        let deck = standard_deal(setup.seed, setup.deal.as_deref())?;
        Ok(AntsSolitaire {
            variant: setup.variant,
            foundations: std::array::from_fn(|i| vec![deck[i]]),
            tableau: std::array::from_fn(|i| vec![deck[PILES + i]]),
            stock: Stock::dealing(&deck[2 * PILES..]),
            ledger: Ledger::new(),
        })
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// What the player sees.
    pub fn view(&self) -> View {
        View {
            variant: self.variant,
            foundations: self.foundations.clone(),
            tableau: self.tableau.clone(),
            progress: self.ledger.progress(&self.stock, PILES, self.score(), WON),
        }
    }

    /// The stock for the solver: see [`Stock::hidden`].
    pub(crate) fn hidden_stock(&self) -> &[StdCard] {
        self.stock.hidden()
    }

    /// What the player cannot see: see `unseen`.
    pub fn unseen_cards(&self) -> Vec<StdCard> {
        unseen(self.view().visible_cards())
    }

    /// This position with the stock dealt as `cards`, first dealt first
    /// (see [`Stock::redealt`]).
    pub fn with_stock(&self, cards: &[StdCard]) -> Option<AntsSolitaire> {
        Some(AntsSolitaire {
            stock: self.stock.redealt(cards)?,
            ..self.clone()
        })
    }

    fn on_foundations(&self) -> usize {
        self.foundations.iter().map(Vec::len).sum()
    }

    /// Whether the top card of tableau pile `t` may go onto foundation `f`
    /// (0-based), and if not why not.
    fn check_move(&self, t: usize, f: usize) -> Result<StdCard, String> {
        let Some(&card) = self.tableau[t].last() else {
            return Err(format!("tableau pile T{} is empty", t + 1));
        };
        let target = *self.foundations[f].last().expect("foundations are never empty");
        if adjacent(card, target) {
            Ok(card)
        } else {
            Err(format!(
                "{card} cannot go onto {target} (F{}): the ranks must be one apart (King and Ace adjacent)",
                f + 1
            ))
        }
    }

    fn legal_moves(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..PILES)
            .flat_map(|t| (0..PILES).map(move |f| (t, f)))
            .filter(|&(t, f)| self.check_move(t, f).is_ok())
    }

    /// Why a deal is not allowed now, if it is not.
    fn deal_refusal(&self) -> Option<String> {
        if self.stock.is_empty() {
            return Some("the stock is empty".into());
        }
        if self.variant == Variant::Strict {
            if let Some((t, f)) = self.legal_moves().next() {
                return Some(format!(
                    "in the strict game you may deal only when no tableau card can go to a foundation \
                     (t{}-f{} can)",
                    t + 1,
                    f + 1
                ));
            }
        }
        None
    }

    /// The endings the rulings call automatic.
    fn settle(&mut self) {
        self.ledger.ending = self.ledger.settled(
            self.stock.is_empty(),
            || self.on_foundations() == 52,
            || self.legal_moves().next().is_none(),
        );
    }
}

impl Patience for AntsSolitaire {
    type Action = Action;
    type Setup = Setup;
    type View = View;

    fn from_setup(setup: &Setup) -> Result<AntsSolitaire, PatienceSetupError> {
        AntsSolitaire::new(setup)
    }

    fn player_view(&self) -> View {
        self.view()
    }

    fn legal_actions(&self) -> Vec<Action> {
        let moves = self.legal_moves().map(|(t, f)| Action::moving(t, f));
        let deal = self.deal_refusal().is_none().then_some(Action::Deal);
        self.ledger.actions(moves, deal, Action::End)
    }

    fn apply(&mut self, action: &Action) -> Result<(), PatienceError> {
        self.ledger.check_open()?;
        let step = match *action {
            Action::Move { tableau, foundation } => {
                let pile = |n: u8, what: &str| {
                    (1..=PILES as u8)
                        .contains(&n)
                        .then_some(usize::from(n) - 1)
                        .ok_or_else(|| {
                            PatienceError::Illegal(format!("there is no {what} {n}; they are 1 to 4"))
                        })
                };
                let (t, f) = (pile(tableau, "tableau pile")?, pile(foundation, "foundation")?);
                let card = self.check_move(t, f).map_err(PatienceError::Illegal)?;
                self.tableau[t].pop();
                self.foundations[f].push(card);
                Step::Moved(t, f)
            }
            Action::Deal => {
                if let Some(why) = self.deal_refusal() {
                    return Err(PatienceError::Illegal(why));
                }
                for pile in self.tableau.iter_mut() {
                    if let Some(card) = self.stock.pop() {
                        pile.push(card);
                    }
                }
                Step::Dealt
            }
            Action::End => Step::Ended,
            Action::Undo => {
                let (t, f) = self.ledger.take_back(self.stock.len() < 52 - 2 * PILES)?;
                let card = self.foundations[f].pop().expect("an undone move left a card");
                self.tableau[t].push(card);
                Step::Undid(Action::moving(t, f))
            }
        };
        self.ledger.record(*action, step);
        self.settle();
        Ok(())
    }

    fn outcome(&self) -> Option<PatienceOutcome> {
        self.ledger.outcome(WON)
    }

    /// The cards on the foundations, 4 to 52.
    fn score(&self) -> i64 {
        self.on_foundations() as i64
    }

    fn undos(&self) -> u32 {
        self.ledger.undos
    }

    fn moves(&self) -> u32 {
        self.ledger.moves
    }

    fn describe(&self) -> String {
        let foundations: Vec<String> = self
            .foundations
            .iter()
            .enumerate()
            .map(|(i, pile)| {
                let top = pile.last().expect("foundations are never empty");
                let n = pile.len();
                format!("F{}: {top} ({n} card{})", i + 1, if n == 1 { "" } else { "s" })
            })
            .collect();
        let tableau: Vec<String> = self
            .tableau
            .iter()
            .enumerate()
            .map(|(i, pile)| format!("T{}: {}", i + 1, describe_pile(pile)))
            .collect();
        let end = self
            .ledger
            .describe_end(self.stock.len(), self.stock.deals_left(PILES), self.score(), WON);
        format!(
            "Ants Solitaire ({}). Foundations {}. Tableau (bottom to top) {}. {end}",
            self.variant,
            foundations.join(", "),
            tableau.join("; "),
        )
    }
}

/// Shows what a player may see: never the stock's cards.
impl fmt::Debug for AntsSolitaire {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piles =
            |piles: &[Vec<StdCard>; PILES]| -> Vec<String> { piles.iter().map(|p| pile_text(p)).collect() };
        f.debug_struct("AntsSolitaire")
            .field("variant", &self.variant)
            .field("foundations", &piles(&self.foundations))
            .field("tableau", &piles(&self.tableau))
            .field("stock_len", &self.stock.len())
            .field("ledger", &self.ledger)
            .finish()
    }
}

//! Anthill: a one-player patience on eight spots
//! (`../shared/seeds/anthill.txt` with `../shared/rules/anthill.md`, whose
//! rulings win where the two disagree).
//!
//! Spots 1-4 are the top row, 5-8 the bottom row. The first eight cards of the
//! deck order go onto spots 1..8, each later deal puts the next eight onto
//! spots 1..8 and the last deal the final four onto spots 1..4. A top card
//! moves onto another spot's top card when their ranks differ by one (Ace low,
//! King high, no wrap); an empty top-row spot takes only an Ace, an empty
//! bottom-row spot only a King.
//!
//! Hidden information: the stock's order. It never leaves this module: the
//! [`View`] gives only its length, and `Debug` is written by hand so that it
//! prints the spots and the stock's length, never the stock's cards.

use crate::rules::cards::{
    check_deck_order, parse_deck_order, shuffled_standard_deck, standard_deck, DeckError, Rank, StdCard,
};
use crate::rules::ledger::{describe_pile, ledger_notation, pile_text, unseen, Ledger, Step, Stock};
use crate::rules::patience::{Patience, PatienceError, PatienceOutcome, PatienceSetupError, Progress};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The number of spots.
pub const SPOTS: usize = 8;
/// Cards in each deal but the last, which has 4.
pub const DEAL_SIZE: usize = 8;
/// The outcome's words for a win.
const WON: &str = "Won: four suits in order";

// ---------------------------------------------------------------------------
// Setup

/// What a game starts from: a deck order (which wins) or a seed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// A deck order (`../shared/rules/README.md`): the 52 cards once each,
    /// separated by spaces, the first card first dealt. A blank text counts
    /// as no deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
}

/// The 52 cards a game deals, first dealt first: the deal if one is given
/// (and not blank), else the seed's shuffle. Ants Solitaire uses it too.
pub(crate) fn standard_deal(
    seed: Option<u64>,
    deal: Option<&str>,
) -> Result<Vec<StdCard>, PatienceSetupError> {
    let bad = |why: String| PatienceSetupError(format!("bad deal: {why}"));
    match (deal.filter(|d| !d.trim().is_empty()), seed) {
        (Some(text), _) => {
            let cards: Vec<StdCard> = parse_deck_order(text).map_err(|e| bad(e.to_string()))?;
            let deck = standard_deck();
            if cards.len() != deck.len() {
                return Err(bad(format!(
                    "it has {} cards; it must hold the {} cards of a standard deck once each",
                    cards.len(),
                    deck.len()
                )));
            }
            check_deck_order(&cards, &deck).map_err(|e| match e {
                DeckError::WrongCount { card, found, .. } if found > 1 => bad(format!(
                    "`{card}` is given {found} times; each card must appear once"
                )),
                DeckError::WrongCount { card, .. } => bad(format!("`{card}` is missing")),
                other => bad(other.to_string()),
            })?;
            Ok(cards)
        }
        (None, Some(seed)) => Ok(shuffled_standard_deck(seed)),
        (None, None) => Err(PatienceSetupError("give a seed or a deal".into())),
    }
}

// ---------------------------------------------------------------------------
// Actions

/// Everything the player can do. Spots are numbered 1..=8 as in the
/// notation: `3-7`, `deal`, `end`, `undo`; case and spaces do not matter
/// when it is read (`3 - 7`, `Deal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `FROM-TO`: the top card of spot `from` onto spot `to`.
    Move { from: u8, to: u8 },
    /// `deal`: the next 8 cards (the last time 4) from the stock.
    Deal,
    /// `end`: give up; the game is lost with its current score.
    End,
    /// `undo`: take back the last move since the last deal.
    Undo,
}

ledger_notation!(Action { from, to } => "{from}-{to}", parse_move);

impl Action {
    /// The move of the top card of `from` onto `to`, 0-based.
    fn moving(from: usize, to: usize) -> Action {
        Action::Move {
            from: from as u8 + 1,
            to: to as u8 + 1,
        }
    }
}

/// `FROM-TO`, without spaces.
fn parse_move(text: &str) -> Result<Action, String> {
    let Some((a, b)) = text.split_once('-') else {
        return Err("expected a move `FROM-TO` (like `3-7`), `deal`, `end` or `undo`".into());
    };
    let spot = |s: &str| match s.parse::<u8>() {
        Ok(n) if (1..=SPOTS as u8).contains(&n) => Ok(n),
        _ => Err("a spot is a number from 1 to 8".to_string()),
    };
    // A move onto its own spot is notation; the rules refuse it.
    Ok(Action::Move {
        from: spot(a)?,
        to: spot(b)?,
    })
}

// ---------------------------------------------------------------------------
// The game

/// A game of Anthill. Every value is a legal game; see the module notes on
/// what `Debug` shows.
#[derive(Clone)]
pub struct Anthill {
    /// Each spot's pile, bottom card first.
    spots: [Vec<StdCard>; SPOTS],
    stock: Stock,
    ledger: Ledger<Action>,
}

/// The name the service may use for this game.
pub type Game = Anthill;

/// Everything a player can see, for a renderer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// Spots 1..8 (index 0 is spot 1), each pile bottom card first, top card
    /// last. Spots 1-4 are the top row.
    pub spots: [Vec<StdCard>; SPOTS],
    /// `deals_left` is 6 at the start, then 5, 4, 3, 2, 1 (the last deals 4).
    pub progress: Progress<Action>,
}

impl View {
    /// All cards in sight, spot by spot, bottom first.
    pub fn visible_cards(&self) -> impl Iterator<Item = StdCard> + '_ {
        self.spots.iter().flatten().copied()
    }
}

/// Spots 1-4 (indexes 0..4) are the top row, 5-8 the bottom row.
fn is_top_row(spot: usize) -> bool {
    spot < SPOTS / 2
}

fn adjacent(a: Rank, b: Rank) -> bool {
    a.value().abs_diff(b.value()) == 1
}

/// The length of the run at the bottom of a pile: it starts with an Ace or a
/// King and goes on in that suit one rank at a time, up from an Ace, down
/// from a King.
pub fn bottom_run(pile: &[StdCard]) -> usize {
    let Some(first) = pile.first() else {
        return 0;
    };
    let step: i8 = match first.rank {
        Rank::Ace => 1,
        Rank::King => -1,
        _ => return 0,
    };
    1 + pile
        .windows(2)
        .take_while(|w| w[1].suit == first.suit && w[1].rank.value() as i8 - w[0].rank.value() as i8 == step)
        .count()
}

impl Anthill {
    /// Starts a game and makes the first deal onto spots 1..8.
    pub fn new(setup: &Setup) -> Result<Anthill, PatienceSetupError> {
        let deck = standard_deal(setup.seed, setup.deal.as_deref())?;
        let mut game = Anthill {
            spots: Default::default(),
            stock: Stock::dealing(&deck),
            ledger: Ledger::new(),
        };
        game.deal();
        Ok(game)
    }

    /// What the player sees.
    pub fn view(&self) -> View {
        View {
            spots: self.spots.clone(),
            progress: self.ledger.progress(&self.stock, DEAL_SIZE, self.score(), WON),
        }
    }

    /// See [`Stock::hidden`].
    pub(crate) fn hidden_stock(&self) -> &[StdCard] {
        self.stock.hidden()
    }

    /// See `unseen`.
    pub fn unseen_cards(&self) -> Vec<StdCard> {
        unseen(self.view().visible_cards())
    }

    /// This position with its stock dealt as `cards` (first dealt first):
    /// see [`Stock::redealt`].
    pub fn with_stock(&self, cards: &[StdCard]) -> Option<Anthill> {
        let stock = self.stock.redealt(cards)?;
        Some(Anthill {
            stock,
            ..self.clone()
        })
    }

    /// One card from the stock onto each spot in turn, as far as it goes.
    fn deal(&mut self) {
        for spot in self.spots.iter_mut() {
            match self.stock.pop() {
                Some(card) => spot.push(card),
                None => break,
            }
        }
    }

    /// Whether the top card of `from` may move to `to` (0-based), and if not
    /// why not.
    fn check_move(&self, from: usize, to: usize) -> Result<StdCard, String> {
        if from == to {
            return Err("a card cannot move onto its own spot".into());
        }
        let Some(&card) = self.spots[from].last() else {
            return Err(format!("spot {} is empty", from + 1));
        };
        match self.spots[to].last() {
            Some(&target) if adjacent(card.rank, target.rank) => Ok(card),
            Some(&target) => Err(format!(
                "{card} cannot go onto {target}: the ranks must differ by one (Ace low, King high)"
            )),
            None if is_top_row(to) && card.rank == Rank::Ace => Ok(card),
            None if !is_top_row(to) && card.rank == Rank::King => Ok(card),
            None if is_top_row(to) => Err(format!("spot {} is an empty top-row spot: only an Ace", to + 1)),
            None => Err(format!(
                "spot {} is an empty bottom-row spot: only a King",
                to + 1
            )),
        }
    }

    fn legal_moves(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..SPOTS)
            .flat_map(|from| (0..SPOTS).map(move |to| (from, to)))
            .filter(|&(from, to)| self.check_move(from, to).is_ok())
    }

    fn is_won(&self) -> bool {
        let piles: Vec<&Vec<StdCard>> = self.spots.iter().filter(|p| !p.is_empty()).collect();
        self.stock.is_empty()
            && piles.len() == 4
            && piles.iter().all(|p| p.len() == 13 && bottom_run(p) == 13)
    }

    /// The endings the rulings call automatic.
    fn settle(&mut self) {
        self.ledger.ending = self.ledger.settled(
            self.stock.is_empty(),
            || self.is_won(),
            || self.legal_moves().next().is_none(),
        );
    }
}

impl Patience for Anthill {
    type Action = Action;
    type Setup = Setup;
    type View = View;

    fn from_setup(setup: &Setup) -> Result<Anthill, PatienceSetupError> {
        Anthill::new(setup)
    }

    fn player_view(&self) -> View {
        self.view()
    }

    fn legal_actions(&self) -> Vec<Action> {
        let moves = self.legal_moves().map(|(from, to)| Action::moving(from, to));
        let deal = (!self.stock.is_empty()).then_some(Action::Deal);
        self.ledger.actions(moves, deal, Action::End)
    }

    fn apply(&mut self, action: &Action) -> Result<(), PatienceError> {
        self.ledger.check_open()?;
        let step = match *action {
            Action::Move { from, to } => {
                let spot = |n: u8| {
                    (1..=SPOTS as u8)
                        .contains(&n)
                        .then_some(usize::from(n) - 1)
                        .ok_or_else(|| {
                            PatienceError::Illegal(format!("there is no spot {n}; spots are 1 to 8"))
                        })
                };
                let (from, to) = (spot(from)?, spot(to)?);
                let card = self.check_move(from, to).map_err(PatienceError::Illegal)?;
                self.spots[from].pop();
                self.spots[to].push(card);
                Step::Moved(from, to)
            }
            Action::Deal => {
                if self.stock.is_empty() {
                    return Err(PatienceError::Illegal("the stock is empty".into()));
                }
                self.deal();
                Step::Dealt
            }
            Action::End => Step::Ended,
            Action::Undo => {
                let (from, to) = self.ledger.take_back(self.stock.len() + DEAL_SIZE < 52)?;
                let card = self.spots[to].pop().expect("an undone move left a card");
                self.spots[from].push(card);
                Step::Undid(Action::moving(from, to))
            }
        };
        self.ledger.record(*action, step);
        self.settle();
        Ok(())
    }

    fn outcome(&self) -> Option<PatienceOutcome> {
        self.ledger.outcome(WON)
    }

    /// The sum of the bottom runs (52 for a win).
    fn score(&self) -> i64 {
        if self.ledger.won() {
            return 52;
        }
        self.spots.iter().map(|p| bottom_run(p) as i64).sum()
    }

    fn undos(&self) -> u32 {
        self.ledger.undos
    }

    fn moves(&self) -> u32 {
        self.ledger.moves
    }

    fn describe(&self) -> String {
        let spots: Vec<String> = self
            .spots
            .iter()
            .enumerate()
            .map(|(i, pile)| format!("{}: {}", i + 1, describe_pile(pile)))
            .collect();
        let end = self.ledger.describe_end(
            self.stock.len(),
            self.stock.deals_left(DEAL_SIZE),
            self.score(),
            WON,
        );
        format!("Anthill. Spots (bottom to top) {}. {end}", spots.join("; "))
    }
}

/// Shows what a player may see: never the stock's cards.
impl fmt::Debug for Anthill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spots: Vec<String> = self.spots.iter().map(|p| pile_text(p)).collect();
        f.debug_struct("Anthill")
            .field("spots", &spots)
            .field("stock_len", &self.stock.len())
            .field("ledger", &self.ledger)
            .finish()
    }
}

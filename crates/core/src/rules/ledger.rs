//! The bookkeeping Anthill and Ants Solitaire share: each move takes one
//! card from one pile to another, a deal cannot be undone (so `undo` reaches
//! back only to the last deal), and the endings the rulings call automatic
//! are checked once the stock is empty. The stock is a standard deck's,
//! dealt face down.

use super::cards::{deck_without, same_cards, standard_deck, StdCard};
use super::patience::{PatienceError, PatienceOutcome, Progress};

/// The cards not dealt yet, the next one to deal last. Hidden: its cards
/// leave the game only for the solver, and `Debug` is not derived.
#[derive(Clone)]
pub struct Stock(Vec<StdCard>);

impl Stock {
    /// A stock that deals `cards` in this order, the first dealt first.
    pub fn dealing(cards: &[StdCard]) -> Stock {
        Stock(cards.iter().rev().copied().collect())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The next card to deal.
    pub fn pop(&mut self) -> Option<StdCard> {
        self.0.pop()
    }

    /// How many deals of `per_deal` cards (the last maybe fewer) are left.
    pub fn deals_left(&self, per_deal: usize) -> usize {
        self.0.len().div_ceil(per_deal)
    }

    /// The stock's cards, the next one to deal last: for the solver only,
    /// never for a player.
    pub fn hidden(&self) -> &[StdCard] {
        &self.0
    }

    /// The same cards dealt in the order `cards` gives, for a search that
    /// guesses how the stock lies; `None` unless they are the same cards.
    pub fn redealt(&self, cards: &[StdCard]) -> Option<Stock> {
        same_cards(cards, &self.0).then(|| Stock::dealing(cards))
    }
}

/// The cards a player cannot see when `visible` are in sight (the stock's
/// cards, in no order that tells anything): the standard deck less them, in
/// deck order. Worked out from the view alone.
pub(crate) fn unseen(visible: impl Iterator<Item = StdCard>) -> Vec<StdCard> {
    deck_without(&standard_deck(), visible)
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Won,
    NoMoves,
    Ended,
}

/// What a game has played, apart from where its cards are.
#[derive(Clone, Debug)]
pub struct Ledger<A> {
    /// The moves since the last deal, 0-based (from, to), oldest first.
    undoable: Vec<(usize, usize)>,
    /// The last action played, `undo` included.
    pub last: Option<A>,
    /// When `last` is `undo`: the move it took back.
    pub undone: Option<A>,
    pub undos: u32,
    /// Moves played, deals included and undone moves too.
    pub moves: u32,
    pub ending: Option<Ending>,
}

/// What an action did, for the ledger.
pub enum Step<A> {
    /// A card went from pile `.0` to pile `.1` (0-based).
    Moved(usize, usize),
    Dealt,
    Ended,
    /// `undo` put back the last move, `.0`.
    Undid(A),
}

impl<A: Copy> Default for Ledger<A> {
    fn default() -> Ledger<A> {
        Ledger::new()
    }
}

impl<A: Copy> Ledger<A> {
    pub fn new() -> Ledger<A> {
        Ledger {
            undoable: Vec::new(),
            last: None,
            undone: None,
            undos: 0,
            moves: 0,
            ending: None,
        }
    }

    /// Refuses every action once the game is over.
    pub fn check_open(&self) -> Result<(), PatienceError> {
        match self.ending {
            Some(_) => Err(PatienceError::GameOver),
            None => Ok(()),
        }
    }

    /// The legal actions: none once the game is over, else the moves, then
    /// `deal` where allowed, then `end` (never `undo`).
    pub fn actions(&self, moves: impl Iterator<Item = A>, deal: Option<A>, end: A) -> Vec<A> {
        if self.ending.is_some() {
            return Vec::new();
        }
        moves.chain(deal).chain([end]).collect()
    }

    /// The move `undo` takes back now (0-based from, to), counted as an
    /// undo. `dealt` says whether a deal came since the start, for the
    /// refusal's words.
    pub fn take_back(&mut self, dealt: bool) -> Result<(usize, usize), PatienceError> {
        let Some(step) = self.undoable.pop() else {
            let why = if dealt {
                "no move since the last deal to undo (a deal cannot be undone)"
            } else {
                "no move to undo"
            };
            return Err(PatienceError::CannotUndo(why.into()));
        };
        self.undos += 1;
        Ok(step)
    }

    /// Writes down an action the game has just played.
    pub fn record(&mut self, action: A, step: Step<A>) {
        // Moves count what was played (deals too); undo and end are not moves.
        if matches!(step, Step::Moved(..) | Step::Dealt) {
            self.moves += 1;
        }
        self.undone = None;
        match step {
            Step::Moved(from, to) => self.undoable.push((from, to)),
            Step::Dealt => self.undoable.clear(),
            Step::Ended => self.ending = Some(Ending::Ended),
            Step::Undid(undone) => self.undone = Some(undone),
        }
        self.last = Some(action);
    }

    /// The ending after an action: the one the game had, or one the
    /// rulings call automatic once the stock is empty (a win, or no move
    /// left).
    pub fn settled(
        &self,
        stock_empty: bool,
        won: impl FnOnce() -> bool,
        stuck: impl FnOnce() -> bool,
    ) -> Option<Ending> {
        match self.ending {
            None if stock_empty && won() => Some(Ending::Won),
            None if stock_empty && stuck() => Some(Ending::NoMoves),
            ending => ending,
        }
    }

    /// How many moves `undo` can take back now (0 once the game is over).
    pub fn undoable(&self) -> usize {
        if self.ending.is_some() {
            0
        } else {
            self.undoable.len()
        }
    }

    /// What the view shows beside the cards, with the game's score and
    /// its words for a win (as in `outcome`).
    pub fn progress(&self, stock: &Stock, per_deal: usize, score: i64, won: &str) -> Progress<A> {
        Progress {
            stock_len: stock.len(),
            deals_left: stock.deals_left(per_deal),
            last: self.last,
            undone: self.undone,
            undoable: self.undoable(),
            undos: self.undos,
            moves: self.moves,
            score,
            outcome: self.outcome(won),
            hinted: false,
        }
    }

    pub fn won(&self) -> bool {
        self.ending == Some(Ending::Won)
    }

    /// `describe`'s closing words: the stock, the deals left, the score
    /// and, once over, how the game ended (`won` as in `outcome`).
    pub fn describe_end(&self, stock: usize, deals_left: usize, score: i64, won: &str) -> String {
        let mut text = format!(
            "Stock {}, {} left. Score {score}.",
            super::counted(stock, "card"),
            super::counted(deals_left, "deal")
        );
        if let Some(outcome) = self.outcome(won) {
            text.push_str(&format!(" Over: {}.", outcome.detail));
        }
        text
    }

    /// How the game ended; `won` says what a win is in this game.
    pub fn outcome(&self, won: &str) -> Option<PatienceOutcome> {
        self.ending.map(|ending| match ending {
            Ending::Won => PatienceOutcome {
                won: true,
                detail: won.into(),
            },
            Ending::NoMoves => PatienceOutcome {
                won: false,
                detail: "No moves left".into(),
            },
            Ending::Ended => PatienceOutcome {
                won: false,
                detail: "Ended by the player".into(),
            },
        })
    }
}

/// A pile's cards bottom first, separated by spaces, as `Debug` shows
/// them.
pub(crate) fn pile_text<C: std::fmt::Display>(pile: &[C]) -> String {
    pile.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// A pile as `describe` writes it: its cards bottom first, or `empty`.
pub(crate) fn describe_pile<C: std::fmt::Display>(pile: &[C]) -> String {
    if pile.is_empty() {
        "empty".to_string()
    } else {
        pile_text(pile)
    }
}

/// `Display`, `FromStr` and serde for a ledger game's `Action`, whose
/// variants are `Move { .. }`, `Deal`, `End` and `Undo`: a move is written
/// as `$format` shows its fields, the others as the words `deal`, `end` and
/// `undo`; text is read by [`parse_action`](super::patience::parse_action)
/// with the game's `$parse_move`, and stored as its notation.
macro_rules! ledger_notation {
    ($action:ident { $($field:ident),+ } => $format:literal, $parse_move:path) => {
        impl std::fmt::Display for $action {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $action::Move { $($field),+ } => write!(f, $format),
                    $action::Deal => f.write_str("deal"),
                    $action::End => f.write_str("end"),
                    $action::Undo => f.write_str("undo"),
                }
            }
        }

        impl std::str::FromStr for $action {
            type Err = $crate::rules::patience::ParsePatienceError;

            fn from_str(input: &str) -> Result<$action, Self::Err> {
                $crate::rules::patience::parse_action(
                    input,
                    [$action::Deal, $action::End, $action::Undo],
                    $parse_move,
                )
            }
        }

        $crate::rules::patience::notation_serde!($action);
    };
}
pub(crate) use ledger_notation;

//! The surface shared by the three one-player games (Myrmex, Anthill, Ants
//! Solitaire), so that the service, the store and the front ends treat them
//! alike.

use std::fmt;
use std::str::FromStr;

/// How a patience ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatienceOutcome {
    pub won: bool,
    /// A short sentence: "Won", "Partial win: 3 chambers", "No moves left".
    pub detail: String,
}

/// What a view of Anthill or Ants Solitaire shows beside the cards: the
/// stock, the last action, what `undo` can take back, the counts, the score
/// and the outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress<A> {
    /// Cards still in the stock (their order is hidden).
    pub stock_len: usize,
    /// `deal`s left.
    pub deals_left: usize,
    /// The last action played, `undo` included.
    pub last: Option<A>,
    /// When `last` is `undo`: the move it took back.
    pub undone: Option<A>,
    /// How many moves `undo` can take back now (0 once the game is over).
    pub undoable: usize,
    pub undos: u32,
    pub moves: u32,
    pub score: i64,
    pub outcome: Option<PatienceOutcome>,
    /// `last` is a hinted action not played yet: the board is drawn before
    /// it, with its marks, and named a hint, not the last move.
    pub hinted: bool,
}

impl<A: Clone> Progress<A> {
    /// Shows the last action of `after` (the progress once a hinted action
    /// is played) as a hint on this one, not played yet.
    pub fn mark_hint(&mut self, after: &Progress<A>) {
        self.last = after.last.clone();
        self.undone = None;
        self.hinted = true;
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatienceError {
    #[error("the game is over")]
    GameOver,
    #[error("{0}")]
    Illegal(String),
    #[error("{0}")]
    CannotUndo(String),
}

/// Why a setup (a deck order, options) cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PatienceSetupError(pub String);

/// A notation parse error: the text and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} is not valid notation: {reason}", super::code(.text))]
pub struct ParsePatienceError {
    pub text: String,
    pub reason: String,
}

/// Time of play as players read it: the minutes from the first move, of
/// `elapsed_ms` milliseconds.
pub fn minutes(elapsed_ms: i64) -> f64 {
    elapsed_ms.max(0) as f64 / 60_000.0
}

/// Reads a patience action as every patience's notation does: case and
/// spaces do not matter, a typographic dash counts as `-`, and `deal`
/// (or `restock`), `end` and `undo` are words. Anything else goes to
/// `parse_move` without spaces, in lower case; its error is the reason.
pub(crate) fn parse_action<A>(
    input: &str,
    [deal, end, undo]: [A; 3],
    parse_move: impl FnOnce(&str) -> Result<A, String>,
) -> Result<A, ParsePatienceError> {
    let text: String = input
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    let read = match text.as_str() {
        "" => Err("it is empty".to_string()),
        // No action is this long; the reasons quote parts of the text.
        long if long.chars().count() > 40 => Err("it is too long".to_string()),
        "deal" | "restock" => Ok(deal),
        "end" => Ok(end),
        "undo" => Ok(undo),
        _ => parse_move(&text),
    };
    read.map_err(|reason| ParsePatienceError {
        text: input.chars().take(40).collect(),
        reason,
    })
}

/// One patience game. Every value is a legal game; `apply` refuses what the
/// rules forbid and leaves the game unchanged when it does.
pub trait Patience: Clone + fmt::Debug + Send + Sync + 'static {
    /// Moves, `deal`, `end` and `undo`; `Display` prints the canonical
    /// notation and `FromStr` parses it forgivingly (case, spaces).
    type Action: Clone
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = ParsePatienceError>
        + PartialEq
        + Send
        + Sync;

    /// The deal and options a game starts from.
    type Setup;

    /// What the player sees: never a face-down card or the stock's order.
    type View;

    /// Starts a game from a setup (a deck order or a seed, options).
    fn from_setup(setup: &Self::Setup) -> Result<Self, PatienceSetupError>;

    /// The table as the player sees it.
    fn player_view(&self) -> Self::View;

    /// The actions open now, canonical, including `deal` and `end` where
    /// allowed, never `undo`. Empty once the game is over.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Applies an action (including `undo`); game-ending conditions that
    /// the rulings call automatic are detected here.
    fn apply(&mut self, action: &Self::Action) -> Result<(), PatienceError>;

    /// Applies an action of a stored log. A log records how the game went
    /// when it was played; an automatic end that rests on a bounded search
    /// (Myrmex's dead endgame) may come sooner with a later version's
    /// search, and the log says the game went on. Every other game applies
    /// it as played.
    fn replay(&mut self, action: &Self::Action) -> Result<(), PatienceError> {
        self.apply(action)
    }

    /// `None` while the game is on.
    fn outcome(&self) -> Option<PatienceOutcome>;

    /// The score of the rulings (Myrmex: chambers completed).
    fn score(&self) -> i64;

    /// Undos used so far.
    fn undos(&self) -> u32;

    /// Moves played so far, deals included and undone moves too; `undo`
    /// and `end` are not moves (undos are counted apart).
    fn moves(&self) -> u32;

    /// A one-line description of what the player can see (no hidden card),
    /// for alt text and the terminal.
    fn describe(&self) -> String;
}

/// Stores a patience's `Action` as its notation text (through `Display` and
/// `FromStr`), so logs and setups read like what players type.
macro_rules! notation_serde {
    ($action:ty) => {
        impl serde::Serialize for $action {
            fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
                ser.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $action {
            fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(de)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use notation_serde;

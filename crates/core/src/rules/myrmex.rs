//! Myrmex: a one-player Spider-like patience with a double Decktet
//! (../shared/seeds/myrmex.txt with ../shared/rules/myrmex.md; where they
//! disagree, the rulings stand).
//!
//! The tableau has eight piles, numbered 1..8 from the left as in the
//! notation. Cards are sorted into chambers: a full sequence of one suit,
//! Crown at the bottom down to the Ace on top, is removed as soon as it forms.
//!
//! Hidden information (the face-down cards and the order of the stock) never
//! leaves this module: [`Myrmex::view`] shows a face-down card as `None`, and
//! `Debug` is written by hand to print only what the player can see.
//!
//! Decisions where the rulings are silent:
//! - A move that completes a chamber cannot be undone, like a flip or a
//!   restock: it changes the score, and the chamber may expose a face-down
//!   card. Undo steps back one action at a time, as far as the last flip,
//!   restock or chamber; an undo cannot itself be undone.
//! - `moves` counts every action applied, `deal`, `undo` and `end` included.
//! - A move onto a non-empty pile may be typed with a count (`3:2-7`) if the
//!   count is the one the ranks give; it is recorded in the canonical form
//!   `3-7`. A move typed `3-7` onto an empty pile is recorded as `3:N-7`
//!   with the largest movable group.
//! - A group may move onto an empty pile even when it is its whole pile (the
//!   rulings note that piles can be moved back and forth this way).
//! - The game ends by itself when the stock is empty and no move is left
//!   (`end` and `undo` are not moves), including after all six chambers;
//!   and, once the stock is empty and every card is face up, when no line
//!   of moves (undos included) can complete another chamber: the
//!   positions left are then finite and known, and `endgame` decides it
//!   exactly. The end is worked out by `apply` from the position alone, so
//!   it is never stored as an action and a replayed log ends the same way.
//!   Games stored before this ruling keep going ([`Setup::ends_when_dead`]);
//!   a log that goes on past a position a later version's search proves
//!   dead (an earlier bound left it undecided) replays as it was played
//!   (`Patience::replay`).

use crate::rules::cards::{
    check_deck_order, decktet_deck, parse_deck_order, write_deck_order, DRank, DSuit, DecktetCard,
    MyrmexLevel,
};
use crate::rules::patience::{
    parse_action, ParsePatienceError, Patience, PatienceError, PatienceOutcome, PatienceSetupError,
};
use crate::rules::shuffle::SeededRng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

mod endgame;

pub use endgame::{Proof, Prospect, ENDGAME_STATES};

/// The number of piles in the tableau.
pub const PILES: usize = 8;

/// The number of chambers (full sequences) in every deck: a full victory.
pub const CHAMBERS: usize = 6;

// ---------------------------------------------------------------------------
// Setup

/// What a game starts from: a level and a deal (a deck order) or a seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub level: MyrmexLevel,
    /// Only the top cards face up at the deal; for `major` and `queen` only
    /// (`minor` is always closed, `larval` always open).
    #[serde(default)]
    pub closed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// A deck order (Decktet codes separated by spaces, the first card dealt
    /// first); it takes precedence over the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
    /// Whether the game ends by itself once no further chamber can be made
    /// (stock spent, every card face up). Every new setup has it; a setup
    /// stored before that ruling lacks it and reads as `false`, so that its
    /// log replays as it was played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ends_when_dead: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            level: MyrmexLevel::default(),
            closed: false,
            seed: None,
            deal: None,
            ends_when_dead: true,
        }
    }
}

impl Setup {
    /// The deck order the setup deals: the `deal` if given (checked to be
    /// exactly the level's deck), else the level's deck shuffled by the seed.
    pub fn deck_order(&self) -> Result<Vec<DecktetCard>, PatienceSetupError> {
        let level = self.level;
        let err = |text: String| Err(PatienceSetupError(text));
        if let Some(text) = &self.deal {
            let cards: Vec<DecktetCard> = match parse_deck_order(text) {
                Ok(cards) => cards,
                Err(e) => return err(format!("bad deal: {e}")),
            };
            let deck = decktet_deck(level);
            if cards.is_empty() {
                return err(format!(
                    "bad deal: it is empty (a {level} deal is a deck order of {} cards)",
                    deck.len()
                ));
            }
            if let Err(e) = check_deck_order(&cards, &deck) {
                return err(format!(
                    "bad deal: a {level} deal has {} cards and this one has {}; {e}",
                    deck.len(),
                    cards.len()
                ));
            }
            return Ok(cards);
        }
        match self.seed {
            Some(seed) => {
                let mut deck = decktet_deck(level);
                SeededRng::new(seed).shuffle(&mut deck);
                Ok(deck)
            }
            None => err("give a seed or a deal".into()),
        }
    }
}

/// How many cards each pile gets at the deal: 8 piles of 4, or for `major`
/// piles 1-6 of 5 and piles 7-8 of 4.
pub fn tableau_sizes(level: MyrmexLevel) -> [usize; PILES] {
    match level {
        MyrmexLevel::Major => [5, 5, 5, 5, 5, 5, 4, 4],
        _ => [4; PILES],
    }
}

/// The position of a rank in the level's rank order, low to high (Ace 0).
/// Pawn and Court only count in the levels that have them.
pub fn rank_index(level: MyrmexLevel, rank: DRank) -> usize {
    match rank {
        DRank::Ace => 0,
        DRank::Num(n) => usize::from(n) - 1,
        DRank::Pawn => 9,
        DRank::Court => 10,
        DRank::Crown => sequence_len(level) - 1,
    }
}

/// The length of a full sequence (one card of every rank of the level).
pub fn sequence_len(level: MyrmexLevel) -> usize {
    match level {
        MyrmexLevel::Minor | MyrmexLevel::Larval => 10,
        MyrmexLevel::Major => 11,
        MyrmexLevel::Queen => 12,
    }
}

/// The tier of a win by its time from the first move to the end:
/// 15 minutes or less "Easy win", up to 25 "Working up a sweat", over 25
/// "Brain Buster".
pub fn time_tier(minutes: f64) -> &'static str {
    if minutes <= 15.0 {
        "Easy win"
    } else if minutes <= 25.0 {
        "Working up a sweat"
    } else {
        "Brain Buster"
    }
}

/// The result the rulings give for a number of chambers: 0 a total loss,
/// 1-5 a partial win, 6 a full victory.
pub fn outcome_for(chambers: usize) -> PatienceOutcome {
    match chambers {
        0 => PatienceOutcome {
            won: false,
            detail: "Total loss: no chambers".into(),
        },
        1 => PatienceOutcome {
            won: true,
            detail: "Partial win: 1 chamber".into(),
        },
        n if n < CHAMBERS => PatienceOutcome {
            won: true,
            detail: format!("Partial win: {n} chambers"),
        },
        n => PatienceOutcome {
            won: true,
            detail: format!("Full victory: {n} chambers"),
        },
    }
}

// ---------------------------------------------------------------------------
// Actions

/// Everything the player can do. Piles are numbered 1..=8 as in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A group moves from pile `from` to pile `to`. `count` is written only
    /// for an empty destination (`3:2-7`); onto a non-empty pile the count
    /// follows from the ranks (`3-7`). Typed without a count onto an empty
    /// pile, the largest movable group moves.
    Move { from: u8, to: u8, count: Option<u8> },
    /// Restock: one card from the stock face up onto each pile.
    Deal,
    /// End the game now.
    End,
    /// Take back the last action, as far as the last flip, restock or chamber.
    Undo,
}

impl Action {
    /// A move onto a non-empty pile, `from-to`.
    pub fn onto(from: u8, to: u8) -> Action {
        Action::Move {
            from,
            to,
            count: None,
        }
    }

    /// A move of `count` cards onto an empty pile, `from:count-to`.
    pub fn to_empty(from: u8, count: u8, to: u8) -> Action {
        Action::Move {
            from,
            to,
            count: Some(count),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move {
                from,
                to,
                count: None,
            } => write!(f, "{from}-{to}"),
            Action::Move {
                from,
                to,
                count: Some(n),
            } => write!(f, "{from}:{n}-{to}"),
            Action::Deal => f.write_str("deal"),
            Action::End => f.write_str("end"),
            Action::Undo => f.write_str("undo"),
        }
    }
}

const HINT: &str = "use 3-7 (move onto a pile), 3:2-7 (move 2 cards onto an empty pile), deal, end or undo";

impl FromStr for Action {
    type Err = ParsePatienceError;

    /// Forgiving about case and spaces: `3 - 7`, `3 : 2 - 7`, ` DEAL `.
    fn from_str(input: &str) -> Result<Action, ParsePatienceError> {
        parse_action(input, [Action::Deal, Action::End, Action::Undo], parse_move)
    }
}

/// `FROM-TO` or `FROM:COUNT-TO`, without spaces.
fn parse_move(text: &str) -> Result<Action, String> {
    let Some((left, right)) = text.split_once('-') else {
        return Err(HINT.into());
    };
    let pile = |s: &str| match s.parse::<u8>() {
        Ok(n @ 1..=8) if s.len() == 1 => Ok(n),
        _ => Err(format!(
            "{} is not a pile: piles are numbered 1 to 8",
            super::code(s)
        )),
    };
    let (from, count) = match left.split_once(':') {
        Some((from, count)) => {
            let count = match count.parse::<u8>() {
                Ok(n) if n >= 1 && count.len() <= 2 => n,
                _ => return Err(format!("{} is not a number of cards", super::code(count))),
            };
            (pile(from)?, Some(count))
        }
        None => (pile(left)?, None),
    };
    let to = pile(right)?;
    if from == to {
        return Err("a pile cannot move onto itself".into());
    }
    Ok(Action::Move { from, to, count })
}

crate::rules::patience::notation_serde!(Action);

// ---------------------------------------------------------------------------
// The view

/// One pile as the player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PileView {
    /// Bottom card first, top card last; `None` is a face-down card.
    pub cards: Vec<Option<DecktetCard>>,
    /// How many cards at the top form the largest movable group (0 when the
    /// pile is empty); any top part of it may move too.
    pub group: usize,
}

/// How a game came to an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The player ended it (`end`).
    Ended,
    /// All six chambers were made.
    Complete,
    /// The stock was empty and no move was left.
    NoMove,
    /// The stock was empty, every card face up, and no line of moves could
    /// complete another chamber.
    NoChamber,
}

impl Ending {
    /// Why the game ended by itself, in plain words; `None` when the player
    /// ended it or made every chamber.
    pub fn reason(self) -> Option<&'static str> {
        match self {
            Ending::Ended | Ending::Complete => None,
            Ending::NoMove => Some("No move is left"),
            Ending::NoChamber => Some("No further chamber can be made"),
        }
    }
}

/// A move as it was made, with the number of cards it moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// Pile numbers 1..=8.
    pub from: usize,
    pub to: usize,
    pub count: usize,
}

/// What a renderer draws: everything the player can see and nothing else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub level: MyrmexLevel,
    /// The `closed` option of major and queen (minor is always dealt closed).
    pub closed: bool,
    /// The eight piles, pile 1 first.
    pub piles: Vec<PileView>,
    /// Cards left in the stock.
    pub stock: usize,
    /// Restocks left (the last one may be partial).
    pub restocks_left: usize,
    /// The suit of each chamber completed, in the order completed.
    pub chambers: Vec<DSuit>,
    /// The cards in a full sequence at this level (10, 11 or 12).
    pub sequence_len: usize,
    /// The last action applied, canonical (`undo` and `end` included).
    pub last_action: Option<Action>,
    /// The cards the last action moved, when it was a move.
    pub last_move: Option<MoveInfo>,
    /// How many cards the last action dealt onto piles 1..n, when it was a
    /// restock.
    pub last_dealt: usize,
    pub can_undo: bool,
    pub undos: u32,
    pub moves: u32,
    pub score: i64,
    pub outcome: Option<PatienceOutcome>,
    /// How the game ended, once it has.
    pub ending: Option<Ending>,
    /// The last-action fields show a hinted action not played yet: the
    /// board is drawn before it, with its marks, and named a hint.
    pub hinted: bool,
}

// ---------------------------------------------------------------------------
// The game

#[derive(Clone, Copy, PartialEq, Eq)]
struct Slot {
    card: DecktetCard,
    up: bool,
}

type Piles = [Vec<Slot>; PILES];

/// Why the undo history was cleared last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Barrier {
    Flip,
    Restock,
    Chamber,
}

/// A game of Myrmex. Every value is a legal game.
///
/// `Debug` prints only what the player can see.
#[derive(Clone)]
pub struct Myrmex {
    level: MyrmexLevel,
    closed: bool,
    piles: Piles,
    /// The next card dealt first.
    stock: VecDeque<DecktetCard>,
    chambers: Vec<DSuit>,
    /// The cards of the chambers completed: seen by the player as they
    /// formed, so not hidden, and needed to name the cards still unseen.
    chamber_cards: Vec<DecktetCard>,
    /// Earlier tableaux, back to the last flip, restock or chamber.
    history: Vec<Piles>,
    barrier: Option<Barrier>,
    record: Vec<Action>,
    undos: u32,
    last_move: Option<MoveInfo>,
    last_dealt: usize,
    outcome: Option<PatienceOutcome>,
    ending: Option<Ending>,
    /// See [`Setup::ends_when_dead`].
    ends_when_dead: bool,
    /// Whether the endgame search found something left to gain since the
    /// last flip, restock or chamber. Every position since then reaches the
    /// same positions (forward by moves, back by undos through the
    /// history), so the answer holds until the next of them, and the search
    /// is not run again after every move.
    gain_left: bool,
}

impl Myrmex {
    /// Deals a game. A deal takes precedence over a seed; one of them is
    /// required. `closed` is refused for `minor` and `larval`.
    pub fn new(setup: &Setup) -> Result<Myrmex, PatienceSetupError> {
        let level = setup.level;
        if setup.closed && !matches!(level, MyrmexLevel::Major | MyrmexLevel::Queen) {
            return Err(PatienceSetupError(format!(
                "closed stacks are only for the major and queen levels \
                 (the {level} level deals {})",
                if level == MyrmexLevel::Minor {
                    "closed already"
                } else {
                    "all cards face up"
                }
            )));
        }
        let order = setup.deck_order()?;
        let mut game = Myrmex::from_order(level, setup.closed, order);
        game.ends_when_dead = setup.ends_when_dead;
        Ok(game)
    }

    /// Deals a checked deck order: in rounds across piles 1..8, each round to
    /// every pile that still needs a card; the rest is the stock in order.
    fn from_order(level: MyrmexLevel, closed: bool, order: Vec<DecktetCard>) -> Myrmex {
        let sizes = tableau_sizes(level);
        let all_up = match level {
            MyrmexLevel::Minor => false,
            MyrmexLevel::Larval => true,
            MyrmexLevel::Major | MyrmexLevel::Queen => !closed,
        };
        let mut piles: Piles = Default::default();
        let mut cards = order.into_iter();
        let rounds = sizes.iter().copied().max().unwrap_or(0);
        for round in 0..rounds {
            for (pile, &size) in piles.iter_mut().zip(&sizes) {
                if round < size {
                    let card = cards.next().expect("a checked deck is larger than the tableau");
                    pile.push(Slot {
                        card,
                        up: all_up || round + 1 == size,
                    });
                }
            }
        }
        Myrmex {
            level,
            closed,
            piles,
            stock: cards.collect(),
            chambers: Vec::new(),
            chamber_cards: Vec::new(),
            history: Vec::new(),
            barrier: None,
            record: Vec::new(),
            undos: 0,
            last_move: None,
            last_dealt: 0,
            outcome: None,
            ending: None,
            ends_when_dead: true,
            gain_left: false,
        }
    }

    pub fn level(&self) -> MyrmexLevel {
        self.level
    }

    pub fn closed(&self) -> bool {
        self.closed
    }

    /// Every action applied, canonical, in order (undos included): replaying
    /// them on the same setup gives the same game.
    pub fn record(&self) -> &[Action] {
        &self.record
    }

    /// The suits of the chambers completed, in order.
    pub fn chambers(&self) -> &[DSuit] {
        &self.chambers
    }

    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// The same game without the ruling that ends a game once no chamber is
    /// left to make ([`Setup::ends_when_dead`]), which searches the endgame
    /// after each flip, restock or chamber: for replaying a line that ends
    /// in six chambers, which that ruling never ends early (every position
    /// on the line can still make a chamber), without the search.
    // Public for the integration tests (crates/core/tests/rules), which check it.
    #[doc(hidden)]
    pub fn played_to_the_end(&self) -> Myrmex {
        Myrmex {
            ends_when_dead: false,
            ..self.clone()
        }
    }

    /// Every pile (bottom first, with whether each card is face up) and the
    /// stock (next first): for the solver only, never for a player.
    pub(crate) fn hidden_layout(&self) -> (Vec<Vec<(DecktetCard, bool)>>, Vec<DecktetCard>) {
        let piles = self
            .piles
            .iter()
            .map(|p| p.iter().map(|s| (s.card, s.up)).collect())
            .collect();
        (piles, self.stock.iter().copied().collect())
    }

    /// The cards the player cannot see (face-down cards and the stock, in
    /// no order that tells anything): the level's deck less the face-up
    /// cards and the chambers' cards, in deck order. Worked out from what
    /// the player has seen alone.
    pub fn unseen_cards(&self) -> Vec<DecktetCard> {
        let up = self.piles.iter().flatten().filter(|s| s.up).map(|s| s.card);
        let seen = up.chain(self.chamber_cards.iter().copied());
        crate::rules::cards::deck_without(&decktet_deck(self.level), seen)
    }

    /// This position with its hidden cards dealt as `cards`: the face-down
    /// cards of piles 1..8, bottom first, then the stock, next first. For a
    /// search that guesses how the hidden cards lie; `None` unless `cards`
    /// are exactly the [`Self::unseen_cards`].
    pub fn with_hidden(&self, cards: &[DecktetCard]) -> Option<Myrmex> {
        if !crate::rules::cards::same_cards(cards, &self.unseen_cards()) {
            return None;
        }
        let mut game = self.clone();
        let mut cards = cards.iter().copied();
        for p in 0..PILES {
            // Face-down cards lie at the bottom of a pile and never move, and
            // the undo history goes back no further than the last flip: each
            // earlier tableau has the same face-down cards in the same places.
            let down = game.piles[p].iter().take_while(|s| !s.up).count();
            for i in 0..down {
                let card = cards.next().expect("counted by same_cards");
                game.piles[p][i].card = card;
                for piles in &mut game.history {
                    debug_assert!(!piles[p][i].up, "a face-down card in the history");
                    piles[p][i].card = card;
                }
            }
        }
        game.stock = cards.collect();
        Some(game)
    }

    /// Restocks left: 8 cards each, the last one possibly fewer.
    pub fn restocks_left(&self) -> usize {
        self.stock.len().div_ceil(PILES)
    }

    /// Whether `undo` is open now.
    pub fn can_undo(&self) -> bool {
        self.outcome.is_none() && !self.history.is_empty()
    }

    /// What the player sees.
    pub fn view(&self) -> View {
        View {
            level: self.level,
            closed: self.closed,
            piles: (0..PILES)
                .map(|p| PileView {
                    cards: self.piles[p].iter().map(|s| s.up.then_some(s.card)).collect(),
                    group: self.group_len(p),
                })
                .collect(),
            stock: self.stock.len(),
            restocks_left: self.restocks_left(),
            chambers: self.chambers.clone(),
            sequence_len: sequence_len(self.level),
            last_action: self.record.last().copied(),
            last_move: self.last_move,
            last_dealt: self.last_dealt,
            can_undo: self.can_undo(),
            undos: self.undos,
            moves: self.moves(),
            score: self.score(),
            outcome: self.outcome.clone(),
            ending: self.ending,
            hinted: false,
        }
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// What is left to gain by moves, judged from what the player sees: a
    /// line that completes a chamber or turns a face-down card up (its
    /// first action, never one `avoid` refuses), or none. With cards still
    /// in the stock a restock is always progress. Exact, within
    /// [`ENDGAME_STATES`] positions (see the `endgame` module).
    pub fn prospect(&self, avoid: &dyn Fn(&Action) -> bool) -> Prospect {
        if self.outcome.is_some() {
            return Prospect::Stuck;
        }
        if !self.stock.is_empty() {
            return Prospect::Progress {
                first: Action::Deal,
                len: 1,
            };
        }
        self.prospect_within(avoid, ENDGAME_STATES).0
    }

    /// Whether nothing is left to gain: [`Myrmex::prospect`] with nothing
    /// avoided is [`Prospect::Stuck`]. The same answer, from what the game
    /// keeps (found something to gain since the last flip, restock or
    /// chamber) or the answers remembered for the positions asked about
    /// last, so that asking again after a move searches nothing anew.
    pub fn nothing_left(&self) -> bool {
        if self.outcome.is_some() {
            return true;
        }
        if !self.stock.is_empty() || self.gain_left {
            return false;
        }
        endgame::stuck(self.level, &self.piles, &self.history)
    }

    /// [`Myrmex::prospect`] within `budget` positions (with the stock
    /// spent), and how many positions the search met: for measuring it.
    pub fn prospect_within(&self, avoid: &dyn Fn(&Action) -> bool, budget: usize) -> (Prospect, usize) {
        self.prospect_by(Proof::Counted, avoid, budget)
    }

    /// [`Myrmex::prospect_within`] for a hint once the stock is spent,
    /// which wants a line, not a proof: its search prunes by the static
    /// proof that gives up on a pile that may empty ([`Proof::Unemptied`]),
    /// quicker where the full proof counts at length, and finds the same
    /// lines (on the major and queen deals of the `hint_endgame` bench, the
    /// same hint every time). Whether nothing at all is left is the game's
    /// own answer ([`Myrmex::nothing_left`]).
    pub fn line_prospect(&self, avoid: &dyn Fn(&Action) -> bool, budget: usize) -> Prospect {
        self.prospect_by(Proof::Unemptied, avoid, budget).0
    }

    /// [`Myrmex::prospect_within`], and the whole line it found to
    /// progress (none when it found none): played in turn, its actions
    /// complete a chamber or turn a card face up at the last.
    pub fn progress_line(
        &self,
        avoid: &dyn Fn(&Action) -> bool,
        budget: usize,
    ) -> (Prospect, usize, Vec<Action>) {
        self.search(Proof::Counted, avoid, budget).line()
    }

    /// [`Myrmex::prospect_within`] by the search alone, every position
    /// expanded: for tests, which check that both agree.
    #[doc(hidden)]
    pub fn plain_prospect_within(&self, avoid: &dyn Fn(&Action) -> bool, budget: usize) -> (Prospect, usize) {
        self.prospect_by(Proof::Plain, avoid, budget)
    }

    /// Whether `proof` alone, without a search, shows that no line from
    /// this position (whose stock is spent) completes a chamber or turns a
    /// card face up: for tests, which check it against the plain search.
    #[doc(hidden)]
    pub fn proved_hopeless(&self, proof: Proof) -> bool {
        endgame::proved(self.level, &self.piles, proof)
    }

    /// [`Myrmex::prospect_within`] with the static proof `proof` (or
    /// none): for tests and measures, which compare them.
    #[doc(hidden)]
    pub fn prospect_by(
        &self,
        proof: Proof,
        avoid: &dyn Fn(&Action) -> bool,
        budget: usize,
    ) -> (Prospect, usize) {
        self.search(proof, avoid, budget).run()
    }

    /// A search of the endgame from this position (see [`Proof`]).
    fn search<'a>(
        &'a self,
        proof: Proof,
        avoid: &'a dyn Fn(&Action) -> bool,
        budget: usize,
    ) -> endgame::Search<'a> {
        endgame::Search {
            level: self.level,
            current: &self.piles,
            history: &self.history,
            avoid,
            budget,
            proof,
        }
    }

    /// Whether `action` only takes back the move just played: the same
    /// cards straight back (`B-A` right after `A-B`, the same count).
    pub fn undoes_last_move(&self, action: &Action) -> bool {
        let (Some(last), Action::Move { from, to, count }) = (self.last_move, *action) else {
            return false;
        };
        usize::from(from) == last.to
            && usize::from(to) == last.from
            && self
                .resolve_move(from, to, count)
                .is_ok_and(|m| m.count == last.count)
    }

    /// The canonical form of `action` in this position (`3-7` onto an empty
    /// pile becomes `3:N-7`, `3:2-7` onto a non-empty pile becomes `3-7`), or
    /// why it is not legal now. The game is unchanged.
    pub fn canonical(&self, action: &Action) -> Result<Action, PatienceError> {
        if self.outcome.is_some() {
            return Err(PatienceError::GameOver);
        }
        match *action {
            Action::Move { from, to, count } => {
                let info = self.resolve_move(from, to, count)?;
                let count = self.piles[info.to - 1].is_empty().then_some(info.count as u8);
                Ok(Action::Move { from, to, count })
            }
            Action::Deal if self.stock.is_empty() => Err(PatienceError::Illegal(
                "the stock is empty: there is nothing left to deal".into(),
            )),
            Action::Undo if self.history.is_empty() => Err(PatienceError::CannotUndo(match self.barrier {
                None => "there is nothing to undo".into(),
                Some(Barrier::Flip) => "a move that turned a card face up cannot be undone".into(),
                Some(Barrier::Restock) => "a restock cannot be undone".into(),
                Some(Barrier::Chamber) => "a move that completed a chamber cannot be undone".into(),
            })),
            other => Ok(other),
        }
    }

    /// The size of the largest group at the top of pile index `p`: face-up
    /// cards, each one rank below the card under it, sharing a suit.
    fn group_len(&self, p: usize) -> usize {
        let pile = &self.piles[p];
        let Some(top) = pile.last().filter(|s| s.up) else {
            return 0;
        };
        let mut common = top.card.suits();
        let mut rank = rank_index(self.level, top.card.rank());
        let mut len = 1;
        for slot in pile.iter().rev().skip(1) {
            let next = rank_index(self.level, slot.card.rank());
            let shared = common & slot.card.suits();
            if !slot.up || next != rank + 1 || shared.is_empty() {
                break;
            }
            common = shared;
            rank = next;
            len += 1;
        }
        len
    }

    /// Checks a move and works out its count.
    fn resolve_move(&self, from: u8, to: u8, count: Option<u8>) -> Result<MoveInfo, PatienceError> {
        let illegal = |text: String| Err(PatienceError::Illegal(text));
        let (f, t) = (usize::from(from), usize::from(to));
        if !(1..=PILES).contains(&f) || !(1..=PILES).contains(&t) {
            return illegal("piles are numbered 1 to 8".into());
        }
        if f == t {
            return illegal("a pile cannot move onto itself".into());
        }
        let group = self.group_len(f - 1);
        if group == 0 {
            return illegal(format!("pile {from} is empty"));
        }
        let source = &self.piles[f - 1];
        let Some(target) = self.piles[t - 1].last() else {
            let count = count.map_or(group, usize::from);
            if count == 0 {
                return illegal("a move takes at least one card".into());
            }
            if count > group {
                return illegal(format!(
                    "the top {count} cards of pile {from} are not a group (its largest group has {group})"
                ));
            }
            return Ok(MoveInfo {
                from: f,
                to: t,
                count,
            });
        };
        let top = source.last().expect("a pile with a group has a top card").card;
        let wanted = rank_index(self.level, target.card.rank());
        let have = rank_index(self.level, top.rank());
        let needed = wanted.checked_sub(1).map(|r| {
            let name = self.rank_name(r);
            let article = if name.starts_with(['8', 'A']) { "an" } else { "a" };
            format!("{article} {name}")
        });
        let Some(needed) = needed else {
            return illegal(format!(
                "nothing goes onto the {} ({}) on pile {to}",
                target.card.name(),
                target.card
            ));
        };
        let n = wanted.saturating_sub(have);
        if n == 0 || n > group {
            return illegal(format!(
                "a move onto the {} ({}) on pile {to} needs {needed} at the bottom of a group \
                 from pile {from}",
                target.card.name(),
                target.card
            ));
        }
        if let Some(c) = count.filter(|&c| usize::from(c) != n) {
            return illegal(format!(
                "the move {from}-{to} takes {}, not {c}",
                super::counted(n, "card")
            ));
        }
        Ok(MoveInfo {
            from: f,
            to: t,
            count: n,
        })
    }

    /// The name of the rank at `index` in the level's order.
    fn rank_name(&self, index: usize) -> &'static str {
        self.level.ranks().get(index).map_or("?", |r| r.name())
    }

    /// Turns face up the top card of every pile whose top is face down.
    /// Returns whether a card turned.
    fn flip_tops(&mut self) -> bool {
        let mut flipped = false;
        for pile in &mut self.piles {
            if let Some(top) = pile.last_mut().filter(|s| !s.up) {
                top.up = true;
                flipped = true;
            }
        }
        flipped
    }

    /// Removes every full sequence at the top of a pile, flipping what they
    /// expose. Returns whether a chamber was completed.
    fn remove_chambers(&mut self) -> bool {
        let len = sequence_len(self.level);
        let mut any = false;
        for p in 0..PILES {
            while self.group_len(p) >= len {
                let pile = &mut self.piles[p];
                let removed = pile.split_off(pile.len() - len);
                let suit = removed[0].card.suits().iter().next().expect("a Crown has a suit");
                self.chambers.push(suit);
                self.chamber_cards.extend(removed.iter().map(|s| s.card));
                any = true;
                if let Some(top) = self.piles[p].last_mut() {
                    top.up = true;
                }
            }
        }
        any
    }

    /// Whether any move is open (not counting `deal`, `end`, `undo`).
    fn has_move(&self) -> bool {
        let empty = self.piles.iter().any(Vec::is_empty);
        (0..PILES).any(|f| {
            let group = self.group_len(f);
            if group == 0 {
                return false;
            }
            if empty && self.piles.iter().enumerate().any(|(t, p)| t != f && p.is_empty()) {
                return true;
            }
            let have = rank_index(self.level, self.piles[f].last().expect("non-empty").card.rank());
            self.piles.iter().enumerate().any(|(t, p)| {
                t != f
                    && p.last().is_some_and(|s| {
                        let wanted = rank_index(self.level, s.card.rank());
                        wanted > have && wanted - have <= group
                    })
            })
        })
    }

    /// Ends the game by itself when the rulings say so: the stock empty and
    /// no move left, or (every card face up) no chamber left to make.
    fn finish_if_stuck(&mut self) {
        if self.outcome.is_some() || !self.stock.is_empty() {
            return;
        }
        let ending = if self.chambers.len() >= CHAMBERS {
            Ending::Complete
        } else if !self.has_move() {
            Ending::NoMove
        } else if self.ends_when_dead
            && self.piles.iter().flatten().all(|s| s.up)
            && self.nothing_left_to_gain()
        {
            Ending::NoChamber
        } else {
            return;
        };
        self.outcome = Some(outcome_for(self.chambers.len()));
        self.ending = Some(ending);
    }

    /// A deal of `seed` at `level` with every restock made at once, under
    /// the rule of older setups (a dead position stays open, to measure
    /// and test the endgame search on it). Not a game a player meets: the
    /// endgame's tests, its probe and its bench start from it.
    #[doc(hidden)]
    pub fn dealt_out(level: MyrmexLevel, seed: u64) -> Myrmex {
        let mut game = Myrmex::new(&Setup {
            level,
            seed: Some(seed),
            ends_when_dead: false,
            ..Setup::default()
        })
        .expect("a seed deals");
        while !game.stock.is_empty() {
            game.apply(&Action::Deal).expect("a deal while the stock lasts");
        }
        game
    }

    /// A position for tests: these piles (bottom first), every card face
    /// up, the stock spent, these chambers made; the rest of the deck counts
    /// as gone into the chambers, so nothing is unseen. Not a deal a
    /// player meets: the service's tests build endgames with it.
    #[doc(hidden)]
    pub fn laid_out(level: MyrmexLevel, piles: [&str; PILES], chambers: &[DSuit]) -> Myrmex {
        let mut game = Myrmex::from_order(level, false, decktet_deck(level));
        for (pile, text) in game.piles.iter_mut().zip(piles) {
            let cards = parse_deck_order(text).expect("test cards");
            *pile = cards.into_iter().map(|card| Slot { card, up: true }).collect();
        }
        game.stock.clear();
        game.chambers = chambers.to_vec();
        let laid = game.piles.iter().flatten().map(|s| s.card);
        game.chamber_cards = crate::rules::cards::deck_without(&decktet_deck(level), laid);
        game
    }

    /// Lets go of the undo history: the same moves and deals stay legal. For
    /// a search that never undoes, whose copies of a position would each
    /// carry every tableau since the last flip.
    #[doc(hidden)]
    pub fn forget_undos(&mut self) {
        self.history.clear();
        // Fewer positions are in reach without the way back: ask again.
        self.gain_left = false;
    }

    /// Whether no line of moves (and undos) completes a chamber or turns a
    /// card up, searched once between two barriers ([`Myrmex::gain_left`]).
    fn nothing_left_to_gain(&mut self) -> bool {
        let stuck = self.nothing_left();
        self.gain_left = !stuck;
        stuck
    }

    fn set_barrier(&mut self, barrier: Barrier) {
        self.history.clear();
        self.barrier = Some(barrier);
        self.gain_left = false;
    }
}

impl Patience for Myrmex {
    type Action = Action;
    type Setup = Setup;
    type View = View;

    fn from_setup(setup: &Setup) -> Result<Myrmex, PatienceSetupError> {
        Myrmex::new(setup)
    }

    fn player_view(&self) -> View {
        self.view()
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut actions = Vec::new();
        for f in 0..PILES {
            let group = self.group_len(f);
            if group == 0 {
                continue;
            }
            let have = rank_index(self.level, self.piles[f].last().expect("non-empty").card.rank());
            for (t, pile) in self.piles.iter().enumerate() {
                if t == f {
                    continue;
                }
                let (from, to) = (f as u8 + 1, t as u8 + 1);
                match pile.last() {
                    None => actions.extend((1..=group as u8).map(|n| Action::to_empty(from, n, to))),
                    Some(s) => {
                        let wanted = rank_index(self.level, s.card.rank());
                        if wanted > have && wanted - have <= group {
                            actions.push(Action::onto(from, to));
                        }
                    }
                }
            }
        }
        if !self.stock.is_empty() {
            actions.push(Action::Deal);
        }
        actions.push(Action::End);
        actions
    }

    /// A stored log that goes on past a position this version's endgame
    /// search proves dead was played by a version whose search had not
    /// decided it (its bound, or a proof it lacked, left it undecided): the
    /// game went on from there, as if something were left to gain until
    /// the next flip, restock or chamber, and so it does again. The end is
    /// never stored, so only such a log has an entry after it.
    fn replay(&mut self, action: &Action) -> Result<(), PatienceError> {
        if self.ending == Some(Ending::NoChamber) {
            self.outcome = None;
            self.ending = None;
            self.gain_left = true;
        }
        self.apply(action)
    }

    fn apply(&mut self, action: &Action) -> Result<(), PatienceError> {
        let action = self.canonical(action)?;
        match action {
            Action::Move { from, to, count } => {
                let info = self.resolve_move(from, to, count)?;
                let before = self.piles.clone();
                let source = &mut self.piles[info.from - 1];
                let moved = source.split_off(source.len() - info.count);
                self.piles[info.to - 1].extend(moved);
                let flipped = self.flip_tops();
                let chamber = self.remove_chambers();
                if chamber {
                    self.set_barrier(Barrier::Chamber);
                } else if flipped {
                    self.set_barrier(Barrier::Flip);
                } else {
                    self.history.push(before);
                }
                self.last_move = Some(info);
                self.last_dealt = 0;
            }
            Action::Deal => {
                let n = self.stock.len().min(PILES);
                for pile in self.piles.iter_mut().take(n) {
                    let card = self.stock.pop_front().expect("counted");
                    pile.push(Slot { card, up: true });
                }
                self.remove_chambers();
                self.set_barrier(Barrier::Restock);
                self.last_move = None;
                self.last_dealt = n;
            }
            Action::Undo => {
                self.piles = self.history.pop().expect("checked by canonical");
                self.undos += 1;
                self.last_move = None;
                self.last_dealt = 0;
            }
            Action::End => {
                self.outcome = Some(outcome_for(self.chambers.len()));
                self.ending = Some(Ending::Ended);
                self.last_move = None;
                self.last_dealt = 0;
            }
        }
        self.record.push(action);
        self.finish_if_stuck();
        Ok(())
    }

    fn outcome(&self) -> Option<PatienceOutcome> {
        self.outcome.clone()
    }

    fn score(&self) -> i64 {
        self.chambers.len() as i64
    }

    fn undos(&self) -> u32 {
        self.undos
    }

    fn moves(&self) -> u32 {
        // What was played (restocks too); undo and end are not moves.
        self.record
            .iter()
            .filter(|a| !matches!(a, Action::Undo | Action::End))
            .count() as u32
    }

    /// `Myrmex minor: 1[3 down] 7SN | 2[3 down] KS | ... ; stock 28 (4
    /// restocks left); chambers 0; moves 0, undos 0`.
    fn describe(&self) -> String {
        let mut text = format!(
            "Myrmex {}{}: ",
            self.level,
            if self.closed { " closed" } else { "" }
        );
        let piles: Vec<String> = self
            .piles
            .iter()
            .enumerate()
            .map(|(i, pile)| {
                let down = pile.iter().filter(|s| !s.up).count();
                let mut s = format!("{}", i + 1);
                if down > 0 {
                    s.push_str(&format!("[{down} down]"));
                }
                let up: Vec<DecktetCard> = pile.iter().filter(|s| s.up).map(|s| s.card).collect();
                if pile.is_empty() {
                    s.push_str(" empty");
                } else if !up.is_empty() {
                    s.push(' ');
                    s.push_str(&write_deck_order(&up));
                }
                s
            })
            .collect();
        text.push_str(&piles.join(" | "));
        text.push_str(&format!(
            "; stock {} ({} restocks left); chambers {}",
            self.stock.len(),
            self.restocks_left(),
            self.chambers.len()
        ));
        if !self.chambers.is_empty() {
            let suits: Vec<&str> = self.chambers.iter().map(|s| s.name()).collect();
            text.push_str(&format!(" ({})", suits.join(", ")));
        }
        text.push_str(&format!("; moves {}, undos {}", self.moves(), self.undos));
        if let Some(outcome) = &self.outcome {
            text.push_str(&format!("; over: {}", outcome.detail));
        }
        text
    }
}

/// Only what the player can see: face-down cards print as `##`, the stock
/// as its size.
impl fmt::Debug for Myrmex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piles: Vec<String> = self
            .piles
            .iter()
            .map(|pile| {
                pile.iter()
                    .map(|s| if s.up { s.card.to_string() } else { "##".into() })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        f.debug_struct("Myrmex")
            .field("level", &self.level)
            .field("closed", &self.closed)
            .field("piles", &piles)
            .field("stock", &self.stock.len())
            .field("chambers", &self.chambers)
            .field("record", &self.record)
            .field("undos", &self.undos)
            .field("can_undo", &self.can_undo())
            .field("outcome", &self.outcome)
            .finish()
    }
}

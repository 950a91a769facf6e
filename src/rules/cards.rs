//! Standard playing cards and the Decktet, with their codes
//! (`../shared/rules/README.md`), the decks, and deck orders.
//!
//! Every card has one canonical code: a standard card is two characters
//! (`Th`), a Decktet card is its rank then its suits in the order M S W L Y N
//! (`7SN`). Parsing is forgiving about case and spaces (and accepts `10h`);
//! printing is always the canonical form, and the two round-trip. Cards are
//! serialized as their codes too, so stored games read like the notation.
//!
//! A Decktet card is one of the 44 cards of [`DecktetCard::ALL`] (the table in
//! `../shared/rules/myrmex.md`); no other value can be built.

use crate::rules::shuffle::SeededRng;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr};
use std::str::FromStr;

// ---------------------------------------------------------------------------
// Errors

/// Why a text is not a card (or a rank or suit).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{token}` is not a card: {problem}")]
pub struct CardError {
    /// The text given (at most 40 characters of it).
    pub token: String,
    pub problem: CardProblem,
}

/// What is wrong with a card's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardProblem {
    #[error("it is empty")]
    Empty,
    #[error("no rank")]
    NoRank,
    #[error("unknown rank `{0}`")]
    UnknownRank(String),
    #[error("no suit")]
    NoSuit,
    #[error("unknown suit `{0}`")]
    UnknownSuit(char),
    #[error("suit `{0}` is given twice")]
    RepeatedSuit(char),
    #[error("no Decktet card has that rank and those suits")]
    NoSuchCard,
}

impl CardError {
    fn new(token: &str, problem: CardProblem) -> CardError {
        CardError {
            token: token.trim().chars().take(40).collect(),
            problem,
        }
    }
}

/// Why a deck order is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// A token is not a card; `position` counts from 1, the first card dealt.
    #[error("card {position}: {reason}")]
    BadCard {
        position: usize,
        token: String,
        reason: String,
    },
    #[error("`{card}` is not in this deck")]
    NotInDeck { card: String },
    #[error("the deck has {found} of `{card}`, it should have {expected}")]
    WrongCount {
        card: String,
        expected: usize,
        found: usize,
    },
}

/// Serializes a type as its code (Display) and reads it back with FromStr.
macro_rules! serde_as_code {
    ($($t:ty),* $(,)?) => {$(
        impl Serialize for $t {
            fn serialize<Ser: serde::Serializer>(&self, ser: Ser) -> Result<Ser::Ok, Ser::Error> {
                ser.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<De: serde::Deserializer<'de>>(de: De) -> Result<Self, De::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(de)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

serde_as_code!(Suit, Rank, StdCard, DSuit, DRank, DSuits, DecktetCard);

/// The text with every whitespace character removed.
fn compact(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

// ---------------------------------------------------------------------------
// Standard cards

/// A suit of the standard deck, in deck order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The code letter: `s h d c`.
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 's',
            Suit::Hearts => 'h',
            Suit::Diamonds => 'd',
            Suit::Clubs => 'c',
        }
    }

    /// The printed symbol: `♠ ♥ ♦ ♣`.
    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Spades => "Spades",
            Suit::Hearts => "Hearts",
            Suit::Diamonds => "Diamonds",
            Suit::Clubs => "Clubs",
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// A suit from its letter (any case) or its symbol.
    pub fn from_char(c: char) -> Option<Suit> {
        match c.to_ascii_lowercase() {
            's' | '♠' | '♤' => Some(Suit::Spades),
            'h' | '♥' | '♡' => Some(Suit::Hearts),
            'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'c' | '♣' | '♧' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = CardError;

    fn from_str(text: &str) -> Result<Suit, CardError> {
        let s = compact(text);
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Err(CardError::new(text, CardProblem::Empty)),
            (Some(c), None) => Suit::from_char(c).ok_or(CardError::new(text, CardProblem::UnknownSuit(c))),
            (Some(_), Some(c)) => Err(CardError::new(text, CardProblem::UnknownSuit(c))),
        }
    }
}

/// A rank of the standard deck; the Ace is low (value 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// Ace to King.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// Ace 1, 2..10, Jack 11, Queen 12, King 13.
    pub fn value(self) -> u8 {
        self as u8
    }

    /// The rank of a value 1..=13.
    pub fn from_value(value: u8) -> Option<Rank> {
        Rank::ALL.get(usize::from(value).checked_sub(1)?).copied()
    }

    /// The code symbol: `A 2 3 4 5 6 7 8 9 T J Q K`.
    pub fn symbol(self) -> char {
        b"A23456789TJQK"[usize::from(self.value() - 1)] as char
    }

    pub fn name(self) -> &'static str {
        [
            "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
            "King",
        ][usize::from(self.value() - 1)]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl FromStr for Rank {
    type Err = CardError;

    /// `A 2..9 T J Q K` in any case, and `10`.
    fn from_str(text: &str) -> Result<Rank, CardError> {
        let s = compact(text).to_ascii_uppercase();
        let rank = match s.as_str() {
            "" => return Err(CardError::new(text, CardProblem::Empty)),
            "10" => Some(Rank::Ten),
            _ if s.len() == 1 => Rank::ALL.into_iter().find(|r| s.starts_with(r.symbol())),
            _ => None,
        };
        rank.ok_or(CardError::new(text, CardProblem::UnknownRank(s)))
    }
}

/// A standard playing card; its code is rank then suit, `Th`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StdCard {
    pub rank: Rank,
    pub suit: Suit,
}

impl StdCard {
    pub const fn new(rank: Rank, suit: Suit) -> StdCard {
        StdCard { rank, suit }
    }
}

impl fmt::Display for StdCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank, self.suit)
    }
}

impl FromStr for StdCard {
    type Err = CardError;

    /// Rank then suit, any case, spaces ignored: `Th`, ` th `, `10h`, `T♥`.
    fn from_str(text: &str) -> Result<StdCard, CardError> {
        let s = compact(text);
        let Some(last) = s.chars().last() else {
            return Err(CardError::new(text, CardProblem::Empty));
        };
        let Some(suit) = Suit::from_char(last) else {
            let problem = if s.parse::<Rank>().is_ok() {
                CardProblem::NoSuit
            } else {
                CardProblem::UnknownSuit(last)
            };
            return Err(CardError::new(text, problem));
        };
        let rank_text = &s[..s.len() - last.len_utf8()];
        if rank_text.is_empty() {
            return Err(CardError::new(text, CardProblem::NoRank));
        }
        let rank = rank_text
            .parse::<Rank>()
            .map_err(|e| CardError::new(text, e.problem))?;
        Ok(StdCard { rank, suit })
    }
}

/// The 52 cards in a fixed order: Spades, Hearts, Diamonds, Clubs, each from
/// Ace to King (`As 2s .. Ks Ah .. Kc`). Seeded deals shuffle this order, so it
/// must never change.
pub fn standard_deck() -> Vec<StdCard> {
    Suit::ALL
        .into_iter()
        .flat_map(|suit| Rank::ALL.into_iter().map(move |rank| StdCard { rank, suit }))
        .collect()
}

/// [`standard_deck`] shuffled by the seed; the first card is the first dealt.
pub fn shuffled_standard_deck(seed: u64) -> Vec<StdCard> {
    let mut deck = standard_deck();
    SeededRng::new(seed).shuffle(&mut deck);
    deck
}

// ---------------------------------------------------------------------------
// The Decktet

/// A Decktet suit, in the canonical order M S W L Y N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum DSuit {
    Moons,
    Suns,
    Waves,
    Leaves,
    Wyrms,
    Knots,
}

impl DSuit {
    pub const ALL: [DSuit; 6] = [
        DSuit::Moons,
        DSuit::Suns,
        DSuit::Waves,
        DSuit::Leaves,
        DSuit::Wyrms,
        DSuit::Knots,
    ];

    /// 0..6 in the canonical order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The code letter: `M S W L Y N`.
    pub const fn letter(self) -> char {
        b"MSWLYN"[self as usize] as char
    }

    pub fn name(self) -> &'static str {
        ["Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"][self.index()]
    }

    /// A suit from its letter, any case.
    pub const fn from_char(c: char) -> Option<DSuit> {
        match c.to_ascii_uppercase() {
            'M' => Some(DSuit::Moons),
            'S' => Some(DSuit::Suns),
            'W' => Some(DSuit::Waves),
            'L' => Some(DSuit::Leaves),
            'Y' => Some(DSuit::Wyrms),
            'N' => Some(DSuit::Knots),
            _ => None,
        }
    }
}

impl fmt::Display for DSuit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for DSuit {
    type Err = CardError;

    fn from_str(text: &str) -> Result<DSuit, CardError> {
        let s = compact(text);
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Err(CardError::new(text, CardProblem::Empty)),
            (Some(c), None) => DSuit::from_char(c).ok_or(CardError::new(text, CardProblem::UnknownSuit(c))),
            (Some(_), Some(c)) => Err(CardError::new(text, CardProblem::UnknownSuit(c))),
        }
    }
}

/// A set of Decktet suits. It iterates, prints and orders in the canonical
/// suit order (the order is lexicographic on that sequence: `MS < MSL < MW`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DSuits(u8);

impl DSuits {
    pub const EMPTY: DSuits = DSuits(0);
    pub const ALL: DSuits = DSuits(0b11_1111);

    pub const fn single(suit: DSuit) -> DSuits {
        DSuits(1 << suit as u8)
    }

    pub const fn with(self, suit: DSuit) -> DSuits {
        DSuits(self.0 | 1 << suit as u8)
    }

    pub const fn contains(self, suit: DSuit) -> bool {
        self.0 & (1 << suit as u8) != 0
    }

    pub const fn intersection(self, other: DSuits) -> DSuits {
        DSuits(self.0 & other.0)
    }

    pub const fn union(self, other: DSuits) -> DSuits {
        DSuits(self.0 | other.0)
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The suits in the canonical order.
    pub fn iter(self) -> impl Iterator<Item = DSuit> {
        DSuit::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

impl BitAnd for DSuits {
    type Output = DSuits;

    fn bitand(self, other: DSuits) -> DSuits {
        self.intersection(other)
    }
}

impl BitOr for DSuits {
    type Output = DSuits;

    fn bitor(self, other: DSuits) -> DSuits {
        self.union(other)
    }
}

impl FromIterator<DSuit> for DSuits {
    fn from_iter<I: IntoIterator<Item = DSuit>>(iter: I) -> DSuits {
        iter.into_iter().fold(DSuits::EMPTY, DSuits::with)
    }
}

impl Ord for DSuits {
    fn cmp(&self, other: &DSuits) -> std::cmp::Ordering {
        self.iter().cmp(other.iter())
    }
}

impl PartialOrd for DSuits {
    fn partial_cmp(&self, other: &DSuits) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for DSuits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|s| write!(f, "{}", s.letter()))
    }
}

impl fmt::Debug for DSuits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DSuits({self})")
    }
}

impl FromStr for DSuits {
    type Err = CardError;

    /// Suit letters in any order and case, each at most once (may be empty).
    fn from_str(text: &str) -> Result<DSuits, CardError> {
        let mut suits = DSuits::EMPTY;
        for c in compact(text).chars() {
            let suit = DSuit::from_char(c).ok_or(CardError::new(text, CardProblem::UnknownSuit(c)))?;
            if suits.contains(suit) {
                return Err(CardError::new(text, CardProblem::RepeatedSuit(suit.letter())));
            }
            suits = suits.with(suit);
        }
        Ok(suits)
    }
}

/// A Decktet rank. The derived order is the rank order, low to high:
/// Ace < 2 < .. < 9 < Pawn < Court < Crown. `Num(n)` is only ever 2..=9 in a
/// card (build it with [`DRank::num`] to check).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DRank {
    Ace,
    Num(u8),
    Pawn,
    Court,
    Crown,
}

impl DRank {
    /// Every rank, low to high.
    pub const ALL: [DRank; 12] = [
        DRank::Ace,
        DRank::Num(2),
        DRank::Num(3),
        DRank::Num(4),
        DRank::Num(5),
        DRank::Num(6),
        DRank::Num(7),
        DRank::Num(8),
        DRank::Num(9),
        DRank::Pawn,
        DRank::Court,
        DRank::Crown,
    ];

    /// The numbered rank `n`, for 2..=9.
    pub const fn num(n: u8) -> Option<DRank> {
        if n >= 2 && n <= 9 {
            Some(DRank::Num(n))
        } else {
            None
        }
    }

    /// The code symbol: `A`, `2`..`9`, `P`, `C`, `K`.
    pub const fn symbol(self) -> char {
        match self {
            DRank::Ace => 'A',
            DRank::Num(n) => b'0'.wrapping_add(n) as char,
            DRank::Pawn => 'P',
            DRank::Court => 'C',
            DRank::Crown => 'K',
        }
    }

    /// A rank from its symbol, any case.
    pub const fn from_char(c: char) -> Option<DRank> {
        match c.to_ascii_uppercase() {
            'A' => Some(DRank::Ace),
            '2'..='9' => Some(DRank::Num(c as u8 - b'0')),
            'P' => Some(DRank::Pawn),
            'C' => Some(DRank::Court),
            'K' => Some(DRank::Crown),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DRank::Ace => "Ace",
            DRank::Num(n) => ["2", "3", "4", "5", "6", "7", "8", "9"][usize::from(n.clamp(2, 9) - 2)],
            DRank::Pawn => "Pawn",
            DRank::Court => "Court",
            DRank::Crown => "Crown",
        }
    }
}

impl fmt::Display for DRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl FromStr for DRank {
    type Err = CardError;

    fn from_str(text: &str) -> Result<DRank, CardError> {
        let s = compact(text);
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Err(CardError::new(text, CardProblem::Empty)),
            (Some(c), None) => {
                DRank::from_char(c).ok_or(CardError::new(text, CardProblem::UnknownRank(s.clone())))
            }
            _ => Err(CardError::new(text, CardProblem::UnknownRank(s.clone()))),
        }
    }
}

/// One of the 44 distinct Decktet cards of [`DecktetCard::ALL`]: the 36 of
/// the base deck (the Excuse is not used) and the eight extended Pawns and
/// Courts. Its code is the rank then its suits in canonical order (`7SN`).
/// The order is by rank, then by suits ([`DSuits`] order), which is also the
/// order of the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DecktetCard(u8);

struct Entry {
    rank: DRank,
    suits: DSuits,
    name: &'static str,
}

/// Builds a table entry from a canonical code; any mistake stops the build.
const fn entry(code: &str, name: &'static str) -> Entry {
    let bytes = code.as_bytes();
    let rank = match DRank::from_char(bytes[0] as char) {
        Some(rank) => rank,
        None => panic!("bad rank in the Decktet table"),
    };
    let mut suits = DSuits::EMPTY;
    let mut i = 1;
    while i < bytes.len() {
        match DSuit::from_char(bytes[i] as char) {
            Some(suit) => suits = suits.with(suit),
            None => panic!("bad suit in the Decktet table"),
        }
        i += 1;
    }
    Entry { rank, suits, name }
}

/// The Decktet cards as listed in `../shared/rules/myrmex.md`, in rank order
/// and, within a rank, in the table's order (which is the canonical suit
/// order). Tests check it against a quotation of that table.
const TABLE: [Entry; 44] = [
    entry("AM", "Ace of Moons"),
    entry("AS", "Ace of Suns"),
    entry("AW", "Ace of Waves"),
    entry("AL", "Ace of Leaves"),
    entry("AY", "Ace of Wyrms"),
    entry("AN", "Ace of Knots"),
    entry("2MN", "Author"),
    entry("2SY", "Desert"),
    entry("2WL", "Origin"),
    entry("3MW", "Journey"),
    entry("3SN", "Painter"),
    entry("3LY", "Savage"),
    entry("4MS", "Mountain"),
    entry("4WL", "Sailor"),
    entry("4YN", "Battle"),
    entry("5ML", "Forest"),
    entry("5SW", "Discovery"),
    entry("5YN", "Soldier"),
    entry("6MW", "Lunatic"),
    entry("6SY", "Penitent"),
    entry("6LN", "Market"),
    entry("7ML", "Chance Meeting"),
    entry("7SN", "Castle"),
    entry("7WY", "Cave"),
    entry("8MS", "Diplomat"),
    entry("8WL", "Mill"),
    entry("8YN", "Betrayal"),
    entry("9MS", "Pact"),
    entry("9WY", "Darkness"),
    entry("9LN", "Merchant"),
    entry("PMSL", "Harvest"),
    entry("PMYN", "Watchman"),
    entry("PSWN", "Light Keeper"),
    entry("PWLY", "Borderland"),
    entry("CMWN", "Consul"),
    entry("CMLY", "Rite"),
    entry("CSWY", "Island"),
    entry("CSLN", "Window"),
    entry("KM", "Huntress"),
    entry("KS", "Bard"),
    entry("KW", "Sea"),
    entry("KL", "End"),
    entry("KY", "Calamity"),
    entry("KN", "Windfall"),
];

impl DecktetCard {
    /// All 44 distinct cards, in order (rank, then suits).
    pub const ALL: [DecktetCard; 44] = {
        let mut all = [DecktetCard(0); 44];
        let mut i = 0;
        while i < all.len() {
            all[i] = DecktetCard(i as u8);
            i += 1;
        }
        all
    };

    fn entry(self) -> &'static Entry {
        &TABLE[usize::from(self.0)]
    }

    pub fn rank(self) -> DRank {
        self.entry().rank
    }

    pub fn suits(self) -> DSuits {
        self.entry().suits
    }

    pub fn has_suit(self, suit: DSuit) -> bool {
        self.suits().contains(suit)
    }

    /// The card's name: "Castle", "Ace of Moons", "Bard".
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The card with this rank and exactly these suits, if there is one.
    pub fn from_parts(rank: DRank, suits: DSuits) -> Option<DecktetCard> {
        Self::ALL
            .into_iter()
            .find(|c| c.rank() == rank && c.suits() == suits)
    }

    /// The card with this name, ignoring case and spaces ("chance meeting").
    pub fn from_name(name: &str) -> Option<DecktetCard> {
        let wanted = compact(name).to_lowercase();
        Self::ALL
            .into_iter()
            .find(|c| compact(c.name()).to_lowercase() == wanted)
    }
}

impl fmt::Display for DecktetCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suits())
    }
}

impl fmt::Debug for DecktetCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DecktetCard({self})")
    }
}

impl FromStr for DecktetCard {
    type Err = CardError;

    /// Rank then suits, any case, spaces ignored, suits in any order: `7SN`,
    /// `7 ns`, `pmsl`. Only the cards of the table are accepted.
    fn from_str(text: &str) -> Result<DecktetCard, CardError> {
        let s = compact(text);
        let mut chars = s.chars();
        let Some(first) = chars.next() else {
            return Err(CardError::new(text, CardProblem::Empty));
        };
        let rank = DRank::from_char(first)
            .ok_or_else(|| CardError::new(text, CardProblem::UnknownRank(first.to_string())))?;
        let suits: DSuits = chars
            .as_str()
            .parse()
            .map_err(|e: CardError| CardError::new(text, e.problem))?;
        if suits.is_empty() {
            return Err(CardError::new(text, CardProblem::NoSuit));
        }
        DecktetCard::from_parts(rank, suits).ok_or(CardError::new(text, CardProblem::NoSuchCard))
    }
}

/// The Myrmex levels, which choose the deck (`../shared/rules/myrmex.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MyrmexLevel {
    #[default]
    Minor,
    Larval,
    Major,
    Queen,
}

impl MyrmexLevel {
    pub const ALL: [MyrmexLevel; 4] = [
        MyrmexLevel::Minor,
        MyrmexLevel::Larval,
        MyrmexLevel::Major,
        MyrmexLevel::Queen,
    ];

    /// The name used in commands and storage: `minor`, `larval`, `major`, `queen`.
    pub fn as_str(self) -> &'static str {
        match self {
            MyrmexLevel::Minor => "minor",
            MyrmexLevel::Larval => "larval",
            MyrmexLevel::Major => "major",
            MyrmexLevel::Queen => "queen",
        }
    }

    /// A level from its name, ignoring case and surrounding spaces.
    pub fn parse(text: &str) -> Option<MyrmexLevel> {
        let text = text.trim();
        Self::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(text))
    }

    /// How many copies of a card the level's deck holds: Aces and Crowns 1,
    /// numbered cards 2; from `major` 2 each of Borderland, Harvest and
    /// Watchman; in `queen` also 2 each of Consul, Island and Window.
    pub fn copies(self, card: DecktetCard) -> usize {
        let major = matches!(self, MyrmexLevel::Major | MyrmexLevel::Queen);
        let queen = self == MyrmexLevel::Queen;
        match card.rank() {
            DRank::Ace | DRank::Crown => 1,
            DRank::Num(_) => 2,
            DRank::Pawn if major && matches!(card.name(), "Borderland" | "Harvest" | "Watchman") => 2,
            DRank::Court if queen && matches!(card.name(), "Consul" | "Island" | "Window") => 2,
            DRank::Pawn | DRank::Court => 0,
        }
    }

    /// The ranks in play, low to high: 10, 11 or 12 of them (a full sequence).
    pub fn ranks(self) -> Vec<DRank> {
        DRank::ALL
            .into_iter()
            .filter(|&r| match r {
                DRank::Pawn => matches!(self, MyrmexLevel::Major | MyrmexLevel::Queen),
                DRank::Court => self == MyrmexLevel::Queen,
                _ => true,
            })
            .collect()
    }
}

impl fmt::Display for MyrmexLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The level's deck (60, 60, 66 or 72 cards) in a fixed order: the cards of
/// [`DecktetCard::ALL`] in that order, each as many times as
/// [`MyrmexLevel::copies`] says, copies side by side (`AM AS .. AN 2MN 2MN
/// 2SY 2SY .. KN`). Seeded deals shuffle this order, so it must never change.
pub fn decktet_deck(level: MyrmexLevel) -> Vec<DecktetCard> {
    DecktetCard::ALL
        .into_iter()
        .flat_map(|card| std::iter::repeat_n(card, level.copies(card)))
        .collect()
}

/// [`decktet_deck`] shuffled by the seed; the first card is the first dealt.
pub fn shuffled_decktet_deck(level: MyrmexLevel, seed: u64) -> Vec<DecktetCard> {
    let mut deck = decktet_deck(level);
    SeededRng::new(seed).shuffle(&mut deck);
    deck
}

// ---------------------------------------------------------------------------
// Deck orders

/// Reads a deck order: cards separated by spaces (commas are allowed too),
/// the first card being the first dealt. It does not check that the cards
/// make a whole deck; see [`check_deck_order`].
pub fn parse_deck_order<T>(text: &str) -> Result<Vec<T>, DeckError>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|token| !token.is_empty())
        .enumerate()
        .map(|(i, token)| {
            token.parse().map_err(|e: T::Err| DeckError::BadCard {
                position: i + 1,
                token: token.chars().take(40).collect(),
                reason: e.to_string(),
            })
        })
        .collect()
}

/// The canonical deck order: the codes separated by single spaces.
pub fn write_deck_order<T: fmt::Display>(cards: &[T]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks that `cards` holds exactly the cards of `deck`, in any order. The
/// first problem found is reported: a card that is not in the deck, then one
/// given too often, then one missing.
pub fn check_deck_order<T>(cards: &[T], deck: &[T]) -> Result<(), DeckError>
where
    T: Eq + Hash + fmt::Display,
{
    let mut balance: HashMap<&T, (usize, usize)> = HashMap::new();
    for card in deck {
        balance.entry(card).or_default().0 += 1;
    }
    for card in cards {
        balance.entry(card).or_default().1 += 1;
    }
    let wrong = |card: &T| {
        let (expected, found) = balance[card];
        match expected {
            0 => DeckError::NotInDeck {
                card: card.to_string(),
            },
            _ => DeckError::WrongCount {
                card: card.to_string(),
                expected,
                found,
            },
        }
    };
    if let Some(card) = cards.iter().find(|&c| balance[c].0 < balance[c].1) {
        return Err(wrong(card));
    }
    if let Some(card) = deck.iter().find(|&c| balance[c].0 > balance[c].1) {
        return Err(wrong(card));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn std(code: &str) -> StdCard {
        code.parse().unwrap()
    }

    fn dk(code: &str) -> DecktetCard {
        code.parse().unwrap()
    }

    // --- standard cards ---

    #[test]
    fn every_standard_code_round_trips() {
        for card in standard_deck() {
            let code = card.to_string();
            assert_eq!(code.chars().count(), 2, "{code}");
            assert_eq!(code.parse::<StdCard>(), Ok(card));
            assert_eq!(code.to_uppercase().parse::<StdCard>(), Ok(card));
            assert_eq!(code.to_lowercase().parse::<StdCard>(), Ok(card));
        }
        for rank in Rank::ALL {
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
            assert_eq!(Rank::from_value(rank.value()), Some(rank));
        }
        for suit in Suit::ALL {
            assert_eq!(suit.to_string().parse::<Suit>(), Ok(suit));
        }
    }

    #[test]
    fn forgiving_standard_input() {
        let ten_of_hearts = StdCard::new(Rank::Ten, Suit::Hearts);
        for text in ["Th", "10h", " th ", "TH", "10H", "1 0 h", "\tT h\n", "T♥"] {
            assert_eq!(std(text), ten_of_hearts, "{text:?}");
        }
        assert_eq!(ten_of_hearts.to_string(), "Th");
        assert_eq!(std("as").to_string(), "As");
        assert_eq!(std("kc").to_string(), "Kc");
    }

    #[test]
    fn bad_standard_input_names_the_token() {
        let err = "Xh".parse::<StdCard>().unwrap_err();
        assert_eq!(err.problem, CardProblem::UnknownRank("X".into()));
        assert_eq!(err.to_string(), "`Xh` is not a card: unknown rank `X`");
        assert_eq!(
            "Tx".parse::<StdCard>().unwrap_err().problem,
            CardProblem::UnknownSuit('x')
        );
        assert_eq!("T".parse::<StdCard>().unwrap_err().problem, CardProblem::NoSuit);
        assert_eq!("h".parse::<StdCard>().unwrap_err().problem, CardProblem::NoRank);
        assert_eq!("  ".parse::<StdCard>().unwrap_err().problem, CardProblem::Empty);
        assert!("11h".parse::<StdCard>().is_err());
        assert!("1h".parse::<StdCard>().is_err());
        assert!("0h".parse::<StdCard>().is_err());
        assert!("Thh".parse::<StdCard>().is_err());
    }

    #[test]
    fn standard_deck_is_52_distinct_cards_in_documented_order() {
        let deck = standard_deck();
        assert_eq!(deck.len(), 52);
        assert_eq!(deck.iter().collect::<std::collections::HashSet<_>>().len(), 52);
        assert_eq!(deck[0], std("As"));
        assert_eq!(deck[12], std("Ks"));
        assert_eq!(deck[13], std("Ah"));
        assert_eq!(deck[26], std("Ad"));
        assert_eq!(deck[51], std("Kc"));
    }

    #[test]
    fn suit_colours_and_rank_values() {
        let red: Vec<Suit> = Suit::ALL.into_iter().filter(|s| s.is_red()).collect();
        assert_eq!(red, [Suit::Hearts, Suit::Diamonds]);
        assert_eq!(Rank::Ace.value(), 1);
        assert_eq!(Rank::Ten.value(), 10);
        assert_eq!(Rank::King.value(), 13);
        let symbols: String = Rank::ALL.iter().map(|r| r.symbol()).collect();
        assert_eq!(symbols, "A23456789TJQK");
        assert!(Rank::Ace < Rank::Two && Rank::Queen < Rank::King);
    }

    // --- the Decktet ---

    /// Quoted verbatim from `../shared/rules/myrmex.md` ("The Decktet"). The
    /// tests below read this text, not the code's table, so a slip in the
    /// table cannot hide behind the same slip in a test.
    const MYRMEX_TABLE: &str = "
| Ace | one of each suit: `AM AS AW AL AY AN` |
| 2 | Author (M N), Desert (S Y), Origin (W L) |
| 3 | Journey (M W), Painter (S N), Savage (L Y) |
| 4 | Mountain (M S), Sailor (W L), Battle (Y N) |
| 5 | Forest (M L), Discovery (S W), Soldier (Y N) |
| 6 | Lunatic (M W), Penitent (S Y), Market (L N) |
| 7 | Chance Meeting (M L), Castle (S N), Cave (W Y) |
| 8 | Diplomat (M S), Mill (W L), Betrayal (Y N) |
| 9 | Pact (M S), Darkness (W Y), Merchant (L N) |
| Pawn | Harvest (M S L), Watchman (M Y N), Light Keeper (S W N), Borderland (W L Y) |
| Court | Consul (M W N), Rite (M L Y), Island (S W Y), Window (S L N) |
| Crown | Huntress (M), Bard (S), Sea (W), End (L), Calamity (Y), Windfall (N) |
";

    /// The quoted table as (rank, name, suit letters in the table's order).
    fn quoted_cards() -> Vec<(DRank, String, String)> {
        let mut cards = Vec::new();
        for line in MYRMEX_TABLE.lines().filter(|l| !l.trim().is_empty()) {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let (rank_cell, cards_cell) = (cells[1], cells[2]);
            if rank_cell == "Ace" {
                let codes = cards_cell.split('`').nth(1).unwrap();
                for code in codes.split(' ') {
                    let suit = DSuit::from_char(code.chars().nth(1).unwrap()).unwrap();
                    cards.push((
                        DRank::Ace,
                        format!("Ace of {}", suit.name()),
                        code[1..].to_string(),
                    ));
                }
                continue;
            }
            let rank = match rank_cell {
                "Pawn" => DRank::Pawn,
                "Court" => DRank::Court,
                "Crown" => DRank::Crown,
                n => DRank::num(n.parse().unwrap()).unwrap(),
            };
            for item in cards_cell.split("),") {
                let (name, suits) = item.split_once('(').unwrap();
                let suits: String = suits.chars().filter(|c| c.is_ascii_uppercase()).collect();
                cards.push((rank, name.trim().to_string(), suits));
            }
        }
        cards
    }

    #[test]
    fn table_matches_the_quoted_rules() {
        let quoted = quoted_cards();
        assert_eq!(quoted.len(), 44);
        assert_eq!(DecktetCard::ALL.len(), 44);
        for (card, (rank, name, letters)) in DecktetCard::ALL.into_iter().zip(&quoted) {
            assert_eq!(card.name(), name);
            assert_eq!(card.rank(), *rank, "{name}");
            assert_eq!(card.suits(), letters.parse::<DSuits>().unwrap(), "{name}");
            // The table already writes the suits in canonical order.
            assert_eq!(card.suits().to_string(), *letters, "{name}");
            assert_eq!(DecktetCard::from_name(name), Some(card));
        }
        // The examples of the rules.
        assert_eq!(dk("7SN").name(), "Castle");
        assert_eq!(dk("AM").name(), "Ace of Moons");
        assert_eq!(dk("KS").name(), "Bard");
        assert_eq!(dk("PMSL").name(), "Harvest");
        assert_eq!(dk("PMYN").name(), "Watchman");
        assert_eq!(dk("KN").name(), "Windfall");
        // The brief's check: the Rite is M L Y and the Light Keeper S W N.
        assert_eq!(DecktetCard::from_name("Rite").unwrap().to_string(), "CMLY");
        assert_eq!(
            DecktetCard::from_name("Light Keeper").unwrap().to_string(),
            "PSWN"
        );
    }

    #[test]
    fn table_is_in_card_order_without_duplicates() {
        for pair in DecktetCard::ALL.windows(2) {
            assert!(
                (pair[0].rank(), pair[0].suits()) < (pair[1].rank(), pair[1].suits()),
                "{} {}",
                pair[0],
                pair[1]
            );
            assert!(pair[0] < pair[1]);
        }
        let names: std::collections::HashSet<_> = DecktetCard::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), 44);
    }

    #[test]
    fn suit_counts_per_rank_follow_the_table() {
        // Counted from MYRMEX_TABLE above: each numbered rank 2..9 has three
        // two-suit cards whose suits are the six suits once each; the Aces and
        // Crowns have one suit each; the four Pawns and four Courts have three
        // suits each and put every suit on exactly two Pawns and two Courts.
        let quoted = quoted_cards();
        for rank in DRank::ALL {
            let cards: Vec<&(DRank, String, String)> = quoted.iter().filter(|c| c.0 == rank).collect();
            let (count, suits_each) = match rank {
                DRank::Ace | DRank::Crown => (6, 1),
                DRank::Num(_) => (3, 2),
                DRank::Pawn | DRank::Court => (4, 3),
            };
            assert_eq!(cards.len(), count, "{rank}");
            let mut per_suit = [0; 6];
            for (_, name, letters) in cards {
                assert_eq!(letters.len(), suits_each, "{name}");
                let card = DecktetCard::from_name(name).unwrap();
                assert_eq!(card.suits().len(), suits_each, "{name}");
                for suit in card.suits().iter() {
                    per_suit[suit.index()] += 1;
                }
            }
            let expected = if matches!(rank, DRank::Pawn | DRank::Court) {
                2
            } else {
                1
            };
            assert_eq!(per_suit, [expected; 6], "{rank}");
        }
        // So every suit is on 1 Ace, 8 numbered cards (one of each rank), 2
        // Pawns, 2 Courts and 1 Crown: 14 distinct cards.
        for suit in DSuit::ALL {
            let on: Vec<DecktetCard> = DecktetCard::ALL
                .into_iter()
                .filter(|c| c.has_suit(suit))
                .collect();
            assert_eq!(on.len(), 14, "{suit}");
            let numbered = on.iter().filter(|c| matches!(c.rank(), DRank::Num(_))).count();
            assert_eq!(numbered, 8, "{suit}");
        }
    }

    #[test]
    fn every_decktet_code_round_trips() {
        for card in DecktetCard::ALL {
            let code = card.to_string();
            assert_eq!(code.parse::<DecktetCard>(), Ok(card));
            assert_eq!(code.to_lowercase().parse::<DecktetCard>(), Ok(card));
            // Suits in reverse order, spaced out.
            let rank = &code[..1];
            let spaced: String = code[1..].chars().rev().map(|c| format!(" {c}")).collect();
            assert_eq!(
                format!(" {rank}{spaced} ").parse::<DecktetCard>(),
                Ok(card),
                "{code}"
            );
            assert_eq!(DecktetCard::from_parts(card.rank(), card.suits()), Some(card));
        }
        for rank in DRank::ALL {
            assert_eq!(rank.to_string().parse::<DRank>(), Ok(rank));
        }
        for suit in DSuit::ALL {
            assert_eq!(suit.to_string().parse::<DSuit>(), Ok(suit));
        }
    }

    #[test]
    fn forgiving_decktet_input_and_unknown_cards() {
        assert_eq!(dk("7ns"), dk("7SN"));
        assert_eq!(dk(" p l s m "), dk("PMSL"));
        assert_eq!(dk("kS").to_string(), "KS");
        let problem = |text: &str| text.parse::<DecktetCard>().unwrap_err().problem;
        assert_eq!(problem("7SW"), CardProblem::NoSuchCard);
        assert_eq!(problem("KMS"), CardProblem::NoSuchCard);
        assert_eq!(problem("AMS"), CardProblem::NoSuchCard);
        assert_eq!(problem("PMS"), CardProblem::NoSuchCard);
        assert_eq!(problem("7SNN"), CardProblem::RepeatedSuit('N'));
        assert_eq!(problem("7SX"), CardProblem::UnknownSuit('X'));
        assert_eq!(problem("1M"), CardProblem::UnknownRank("1".into()));
        assert_eq!(problem("TM"), CardProblem::UnknownRank("T".into()));
        assert_eq!(problem("7"), CardProblem::NoSuit);
        assert_eq!(problem(""), CardProblem::Empty);
        assert_eq!(
            "7SW".parse::<DecktetCard>().unwrap_err().to_string(),
            "`7SW` is not a card: no Decktet card has that rank and those suits"
        );
    }

    #[test]
    fn decktet_rank_order() {
        let ranks = DRank::ALL;
        assert!(ranks.windows(2).all(|w| w[0] < w[1]));
        assert!(DRank::Ace < DRank::Num(2));
        assert!(DRank::Num(9) < DRank::Pawn);
        assert!(DRank::Pawn < DRank::Court && DRank::Court < DRank::Crown);
        assert_eq!(DRank::num(1), None);
        assert_eq!(DRank::num(10), None);
        let symbols: String = ranks.iter().map(|r| r.symbol()).collect();
        assert_eq!(symbols, "A23456789PCK");
    }

    #[test]
    fn decktet_deck_sizes_and_contents() {
        let size = |level| decktet_deck(level).len();
        assert_eq!(size(MyrmexLevel::Minor), 60);
        assert_eq!(size(MyrmexLevel::Larval), 60);
        assert_eq!(size(MyrmexLevel::Major), 66);
        assert_eq!(size(MyrmexLevel::Queen), 72);
        assert_eq!(
            decktet_deck(MyrmexLevel::Minor),
            decktet_deck(MyrmexLevel::Larval)
        );

        let count = |level, code: &str| decktet_deck(level).iter().filter(|&&c| c == dk(code)).count();
        use MyrmexLevel::{Major, Minor, Queen};
        for level in MyrmexLevel::ALL {
            // Six full sequences, one per suit, use the whole deck.
            assert_eq!(decktet_deck(level).len(), 6 * level.ranks().len(), "{level}");
            assert!(decktet_deck(level).windows(2).all(|w| w[0] <= w[1]), "{level}");
            for card in DecktetCard::ALL {
                let n = count(level, &card.to_string());
                match card.rank() {
                    DRank::Ace | DRank::Crown => assert_eq!(n, 1, "{card}"),
                    DRank::Num(_) => assert_eq!(n, 2, "{card}"),
                    _ => {}
                }
            }
        }
        // Pawns: Harvest PMSL, Watchman PMYN, Light Keeper PSWN, Borderland PWLY.
        for code in ["PMSL", "PMYN", "PWLY"] {
            assert_eq!(
                (count(Minor, code), count(Major, code), count(Queen, code)),
                (0, 2, 2),
                "{code}"
            );
        }
        assert_eq!((count(Major, "PSWN"), count(Queen, "PSWN")), (0, 0));
        // Courts: Consul CMWN, Rite CMLY, Island CSWY, Window CSLN.
        for code in ["CMWN", "CSWY", "CSLN"] {
            assert_eq!(
                (count(Minor, code), count(Major, code), count(Queen, code)),
                (0, 0, 2),
                "{code}"
            );
        }
        assert_eq!(count(Queen, "CMLY"), 0);
        assert_eq!(Minor.ranks().len(), 10);
        assert_eq!(Major.ranks().len(), 11);
        assert_eq!(Queen.ranks().len(), 12);
        // Each suit is on one Ace, one Crown and one numbered card of each
        // rank 2..9 (two copies each): 18 cards of the minor deck.
        let moons = decktet_deck(Minor)
            .iter()
            .filter(|c| c.has_suit(DSuit::Moons))
            .count();
        assert_eq!(moons, 1 + 2 * 8 + 1);
    }

    #[test]
    fn myrmex_level_names() {
        for level in MyrmexLevel::ALL {
            assert_eq!(MyrmexLevel::parse(level.as_str()), Some(level));
            assert_eq!(
                MyrmexLevel::parse(&format!(" {} ", level.as_str().to_uppercase())),
                Some(level)
            );
        }
        assert_eq!(MyrmexLevel::parse("king"), None);
        assert_eq!(MyrmexLevel::default(), MyrmexLevel::Minor);
        assert_eq!(serde_json::to_string(&MyrmexLevel::Queen).unwrap(), "\"queen\"");
    }

    // --- shuffles and deck orders ---

    #[test]
    fn shuffled_decks_are_seeded_permutations() {
        let a = shuffled_standard_deck(42);
        assert_eq!(a, shuffled_standard_deck(42));
        assert_ne!(a, shuffled_standard_deck(43));
        assert_ne!(a, standard_deck());
        assert_eq!(check_deck_order(&a, &standard_deck()), Ok(()));
        let mut sorted = a.clone();
        sorted.sort();
        let mut deck = standard_deck();
        deck.sort();
        assert_eq!(sorted, deck);

        for level in MyrmexLevel::ALL {
            let d = shuffled_decktet_deck(level, 7);
            assert_eq!(d, shuffled_decktet_deck(level, 7));
            assert_ne!(d, shuffled_decktet_deck(level, 8));
            let mut sorted = d.clone();
            sorted.sort();
            assert_eq!(sorted, decktet_deck(level));
            assert_eq!(check_deck_order(&d, &decktet_deck(level)), Ok(()));
        }
    }

    /// A seed must deal the same cards forever: these were recorded once and
    /// pin both the shuffle and the documented deck orders. Never update them.
    #[test]
    fn seeded_deals_never_change() {
        let std_deal = write_deck_order(&shuffled_standard_deck(42)[..8]);
        assert_eq!(std_deal, GOLDEN_STD_42);
        let decktet_deal = write_deck_order(&shuffled_decktet_deck(MyrmexLevel::Queen, 42)[..8]);
        assert_eq!(decktet_deal, GOLDEN_DECKTET_QUEEN_42);
    }

    const GOLDEN_STD_42: &str = "5s Kh Ad 4s 3s 6h 3h Kd";
    const GOLDEN_DECKTET_QUEEN_42: &str = "4WL 9MS 8MS CMWN 7ML 4WL AM 8WL";

    #[test]
    fn deck_orders_round_trip() {
        let deck = shuffled_standard_deck(1);
        let text = write_deck_order(&deck);
        assert_eq!(text.split(' ').count(), 52);
        assert_eq!(parse_deck_order::<StdCard>(&text), Ok(deck));
        let deck = shuffled_decktet_deck(MyrmexLevel::Queen, 1);
        let text = write_deck_order(&deck);
        assert_eq!(parse_deck_order::<DecktetCard>(&text), Ok(deck));

        assert_eq!(
            parse_deck_order::<StdCard>("  10h  as,\n kc "),
            Ok(vec![std("Th"), std("As"), std("Kc")])
        );
        assert_eq!(parse_deck_order::<StdCard>(""), Ok(vec![]));
        assert_eq!(write_deck_order::<StdCard>(&[]), "");
    }

    #[test]
    fn deck_order_errors_say_which_card() {
        let err = parse_deck_order::<StdCard>("As Kc Xh 2d").unwrap_err();
        assert_eq!(
            err,
            DeckError::BadCard {
                position: 3,
                token: "Xh".into(),
                reason: "`Xh` is not a card: unknown rank `X`".into()
            }
        );
        assert_eq!(err.to_string(), "card 3: `Xh` is not a card: unknown rank `X`");
        let err = parse_deck_order::<DecktetCard>("AM 7SW").unwrap_err();
        assert!(matches!(err, DeckError::BadCard { position: 2, .. }), "{err}");

        let deck = decktet_deck(MyrmexLevel::Minor);
        let mut cards = deck.clone();
        cards[0] = dk("PMSL");
        assert_eq!(
            check_deck_order(&cards, &deck).unwrap_err().to_string(),
            "`PMSL` is not in this deck"
        );
        cards[0] = dk("7SN");
        assert_eq!(
            check_deck_order(&cards, &deck).unwrap_err().to_string(),
            "the deck has 3 of `7SN`, it should have 2"
        );
        cards.remove(0);
        assert_eq!(
            check_deck_order(&cards, &deck).unwrap_err().to_string(),
            "the deck has 0 of `AM`, it should have 1"
        );
    }

    #[test]
    fn serde_uses_the_codes() {
        let json = serde_json::to_string(&vec![std("Th"), std("As")]).unwrap();
        assert_eq!(json, r#"["Th","As"]"#);
        assert_eq!(
            serde_json::from_str::<Vec<StdCard>>(r#"["10h"," as"]"#).unwrap(),
            [std("Th"), std("As")]
        );
        let json = serde_json::to_string(&[dk("7SN"), dk("PMSL")]).unwrap();
        assert_eq!(json, r#"["7SN","PMSL"]"#);
        assert_eq!(
            serde_json::from_str::<DecktetCard>(r#""7 ns""#).unwrap(),
            dk("7SN")
        );
        assert!(serde_json::from_str::<DecktetCard>(r#""7SW""#).is_err());
        assert_eq!(serde_json::to_string(&DRank::Num(7)).unwrap(), r#""7""#);
        assert_eq!(serde_json::to_string(&DSuits::ALL).unwrap(), r#""MSWLYN""#);
        assert_eq!(serde_json::to_string(&Suit::Hearts).unwrap(), r#""h""#);
        assert_eq!(serde_json::from_str::<Rank>(r#""10""#).unwrap(), Rank::Ten);
    }

    #[test]
    fn suit_sets() {
        let castle = dk("7SN").suits();
        let harvest = dk("PMSL").suits();
        assert_eq!((castle & harvest).iter().collect::<Vec<_>>(), [DSuit::Suns]);
        assert_eq!((castle | harvest).to_string(), "MSLN");
        assert!(DSuits::EMPTY.is_empty());
        assert_eq!(DSuits::ALL.len(), 6);
        assert_eq!("nm".parse::<DSuits>().unwrap().to_string(), "MN");
        assert!("MS".parse::<DSuits>().unwrap() < "MW".parse::<DSuits>().unwrap());
        assert!("MSL".parse::<DSuits>().unwrap() < "MW".parse::<DSuits>().unwrap());
    }
}

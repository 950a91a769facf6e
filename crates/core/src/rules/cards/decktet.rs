//! The Decktet: its suits, ranks and 44 cards (the table in
//! `../shared/rules/myrmex.md`), and the decks of Myrmex's levels.

use super::{compact, CardError, CardProblem};
use crate::rules::shuffle::SeededRng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{BitAnd, BitOr};
use std::str::FromStr;

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

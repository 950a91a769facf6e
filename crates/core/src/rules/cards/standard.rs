//! The standard 52-card deck: suits, ranks, cards and their codes (`Th`).

use super::{compact, CardError, CardProblem};
use crate::rules::shuffle::SeededRng;
use std::fmt;
use std::str::FromStr;

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

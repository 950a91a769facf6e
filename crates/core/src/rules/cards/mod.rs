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

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

mod decktet;
mod standard;

pub use decktet::*;
pub use standard::*;

// ---------------------------------------------------------------------------
// Errors

/// Why a text is not a card (or a rank or suit).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a card: {problem}", super::code(.token))]
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
    #[error("unknown rank {}", super::code(.0))]
    UnknownRank(String),
    #[error("no suit")]
    NoSuit,
    #[error("unknown suit {}", super::code(&.0.to_string()))]
    UnknownSuit(char),
    #[error("suit {} is given twice", super::code(&.0.to_string()))]
    RepeatedSuit(char),
    #[error("no Decktet card has that rank and those suits")]
    NoSuchCard,
}

impl CardError {
    fn new(token: &str, problem: CardProblem) -> CardError {
        // A rank is quoted back cut short, like the token: input may be any length.
        let problem = match problem {
            CardProblem::UnknownRank(rank) => CardProblem::UnknownRank(rank.chars().take(10).collect()),
            problem => problem,
        };
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

/// The cards of `deck` that are not in `seen`, in deck order (a multiset
/// difference: a card the deck holds twice and `seen` once is left once).
/// A patience uses it to name the cards a player cannot see from the cards
/// they can, never from the hidden cards themselves.
pub fn deck_without<T: Ord + Copy>(deck: &[T], seen: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut seen: Vec<T> = seen.into_iter().collect();
    seen.sort_unstable();
    let mut left = Vec::new();
    for &card in deck {
        match seen.binary_search(&card) {
            Ok(i) => {
                seen.remove(i);
            }
            Err(_) => left.push(card),
        }
    }
    left
}

/// Whether `a` and `b` hold the same cards, in any order.
pub fn same_cards<T: Ord + Copy>(a: &[T], b: &[T]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

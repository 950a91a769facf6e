//! How a game starts: a seeded deck (or a given deck order) and a random
//! legal 3x3 square around the nest; or a laid-out position for tests and
//! puzzles.

use super::action::{AntId, Colour};
use super::cards::{full_deck, Card};
use super::map::{Map, Pos, Tile};
use crate::rules::shuffle::SeededRng;
use serde::{Deserialize, Serialize};

/// What a game starts from: players, a seed, optionally a deck order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: u8,
    pub seed: u64,
    /// A deck order of card codes, the first drawn first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("Atta Ants is for 2 to 4 players")]
    Players,
    #[error("{0}")]
    BadDeal(String),
    #[error("the first 8 cards of that deal cannot form a square around the nest")]
    NoArrangement,
    #[error("{0}")]
    BadLayout(String),
}

/// Cards placed around the nest at setup.
pub const SETUP_CARDS: usize = 8;

/// The ring around the nest: the four sides first, so that the corners
/// are checked against both neighbours.
const RING: [Pos; 8] = [
    Pos::new(0, 1),
    Pos::new(1, 0),
    Pos::new(0, -1),
    Pos::new(-1, 0),
    Pos::new(1, 1),
    Pos::new(1, -1),
    Pos::new(-1, -1),
    Pos::new(-1, 1),
];

/// Reads a deck order: card codes separated by spaces or commas. Each kind
/// may appear at most as often as the card set has it.
pub fn parse_deal(text: &str) -> Result<Vec<Card>, SetupError> {
    let cards = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<Card>().map_err(SetupError::BadDeal))
        .collect::<Result<Vec<Card>, SetupError>>()?;
    if cards.len() < SETUP_CARDS + 1 {
        return Err(SetupError::BadDeal(format!(
            "a deal needs at least {} cards (8 around the nest, then one to draw)",
            SETUP_CARDS + 1
        )));
    }
    let mut left = full_deck();
    for card in &cards {
        match left.iter().position(|c| c == card) {
            Some(i) => {
                left.swap_remove(i);
            }
            None => {
                return Err(SetupError::BadDeal(format!(
                    "the deal has more `{card}` cards than the game"
                )))
            }
        }
    }
    Ok(cards)
}

/// The deck to play (after the setup cards are taken off), the setup
/// square and the first player, all from the seed.
pub(super) struct Dealt {
    pub deck: Vec<Card>,
    /// The 8 setup cards in deck order, with where they went.
    pub square: Vec<(Pos, Tile)>,
    pub first: Colour,
}

pub(super) fn deal(setup: &Setup) -> Result<Dealt, SetupError> {
    if !(2..=4).contains(&setup.players) {
        return Err(SetupError::Players);
    }
    let mut rng = SeededRng::new(setup.seed);
    let given = setup.deal.as_deref().map(parse_deal).transpose()?;
    let mut deck = match &given {
        Some(cards) => cards.clone(),
        None => {
            let mut deck = full_deck();
            rng.shuffle(&mut deck);
            deck
        }
    };
    let first = Colour::ALL[rng.below(setup.players as u64) as usize];
    // Reshuffles are rare (the 8 cards have no legal square); a bound keeps
    // a bad deck from looping.
    for _ in 0..100 {
        if let Some(square) = arrange(&deck[..SETUP_CARDS], &mut rng) {
            return Ok(Dealt {
                deck: deck[SETUP_CARDS..].to_vec(),
                square,
                first,
            });
        }
        if given.is_some() {
            return Err(SetupError::NoArrangement);
        }
        rng.shuffle(&mut deck);
    }
    Err(SetupError::NoArrangement)
}

/// A random legal arrangement of `cards` on the ring, by backtracking in a
/// seeded order; returned in the cards' order.
fn arrange(cards: &[Card], rng: &mut SeededRng) -> Option<Vec<(Pos, Tile)>> {
    let mut placed: Vec<Option<(Pos, Tile)>> = vec![None; cards.len()];
    let mut map = Map::new();
    if place_ring(0, cards, &mut placed, &mut map, rng) {
        placed.into_iter().collect()
    } else {
        None
    }
}

fn place_ring(
    slot: usize,
    cards: &[Card],
    placed: &mut [Option<(Pos, Tile)>],
    map: &mut Map,
    rng: &mut SeededRng,
) -> bool {
    let Some(&pos) = RING.get(slot) else {
        return true;
    };
    let mut options: Vec<(usize, u8)> = Vec::new();
    for (i, card) in cards.iter().enumerate() {
        // Equal cards give equal subtrees: try only the first unused one.
        let first_of_kind = cards[..i]
            .iter()
            .enumerate()
            .all(|(j, c)| c != card || placed[j].is_some());
        if placed[i].is_some() || !first_of_kind {
            continue;
        }
        for r in card.shape.distinct_rotations() {
            if map.fits(pos, *card, r) {
                options.push((i, r));
            }
        }
    }
    rng.shuffle(&mut options);
    for (i, r) in options {
        let tile = Tile {
            card: cards[i],
            rotation: r,
        };
        let mut next = map.clone();
        next.put(pos, tile);
        placed[i] = Some((pos, tile));
        if place_ring(slot + 1, cards, placed, &mut next, rng) {
            *map = next;
            return true;
        }
        placed[i] = None;
    }
    false
}

/// A laid-out position (for tests, puzzles and bug reports): checked by
/// [`super::AttaAnts::from_layout`]. The game starts at the beginning of a
/// round, with `first` to draw and place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub players: u8,
    pub first: Option<Colour>,
    /// Terrain cards (not the nest) with their rotations.
    pub tiles: Vec<(Pos, Card, u8)>,
    /// The deck, the first drawn first.
    pub deck: Vec<Card>,
    /// Loose leaves.
    pub leaves: Vec<(Pos, u8)>,
    /// Ants in play, where they stand and whether they carry a leaf; the
    /// others are in their reserve.
    pub ants: Vec<(AntId, Pos, bool)>,
    /// Spiders, numbered in this order.
    pub spiders: Vec<Pos>,
    /// Ants already eaten, per colour.
    pub eaten: [u8; 4],
}

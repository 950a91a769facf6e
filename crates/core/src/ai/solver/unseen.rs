//! The ways the hidden cards of a patience could lie, as the player sees
//! it: the cards they cannot see are known only as a multiset (the deck
//! less the cards in sight), and a search that needs the whole deal deals
//! them again into the hidden places. Nothing here reads a hidden card, so
//! what a search over these deals finds depends on the view alone.

use crate::rules::anthill::Anthill;
use crate::rules::ants_solitaire::AntsSolitaire;
use crate::rules::cards::{DecktetCard, StdCard};
use crate::rules::myrmex::Myrmex;
use crate::rules::patience::Patience;
use crate::rules::shuffle::SeededRng;
use std::fmt::Debug;

/// A patience whose hidden cards can be dealt again.
pub trait Redeal: Patience {
    type Card: Copy + Ord + Debug;

    /// The cards the player cannot see, in deck order (from the view).
    fn unseen(&self) -> Vec<Self::Card>;

    /// This position with the hidden places dealt `cards`, a permutation of
    /// [`Redeal::unseen`], in the rules module's order.
    fn with_hidden(&self, cards: &[Self::Card]) -> Self;

    /// What the solver tells apart in a hidden card: two deals whose keys
    /// match place by place are the same search (Ants: the rank).
    fn key(card: &Self::Card) -> u8;
}

impl Redeal for AntsSolitaire {
    type Card = StdCard;

    fn unseen(&self) -> Vec<StdCard> {
        self.unseen_cards()
    }

    fn with_hidden(&self, cards: &[StdCard]) -> AntsSolitaire {
        self.with_stock(cards).expect("the unseen cards")
    }

    /// Only ranks matter in Ants.
    fn key(card: &StdCard) -> u8 {
        card.rank.value()
    }
}

impl Redeal for Anthill {
    type Card = StdCard;

    fn unseen(&self) -> Vec<StdCard> {
        self.unseen_cards()
    }

    fn with_hidden(&self, cards: &[StdCard]) -> Anthill {
        self.with_stock(cards).expect("the unseen cards")
    }

    fn key(card: &StdCard) -> u8 {
        card.suit as u8 * 13 + card.rank.value()
    }
}

impl Redeal for Myrmex {
    type Card = DecktetCard;

    fn unseen(&self) -> Vec<DecktetCard> {
        self.unseen_cards()
    }

    fn with_hidden(&self, cards: &[DecktetCard]) -> Myrmex {
        Myrmex::with_hidden(self, cards).expect("the unseen cards")
    }

    /// The two copies of a card are alike.
    fn key(card: &DecktetCard) -> u8 {
        DecktetCard::ALL
            .iter()
            .position(|c| c == card)
            .expect("a Decktet card") as u8
    }
}

/// The deals a hint searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ways<C> {
    /// Each a permutation of the unseen cards.
    pub deals: Vec<Vec<C>>,
    /// Whether `deals` are every way the hidden cards could lie (as far as
    /// the solver tells cards apart), not a sample.
    pub every: bool,
}

/// Every distinct way the unseen cards could lie when there are at most
/// `every_up_to` of them; otherwise `samples` shuffles drawn from `seed`.
/// Give a seed made from the view, so that the same view gets the same
/// deals.
pub fn ways<G: Redeal>(game: &G, seed: u64, samples: usize, every_up_to: u64) -> Ways<G::Card> {
    let mut unseen = game.unseen();
    unseen.sort_by_key(|c| (G::key(c), *c));
    if arrangements(&unseen, G::key, every_up_to) <= every_up_to {
        return Ways {
            deals: every_arrangement(&unseen, G::key),
            every: true,
        };
    }
    let mut rng = SeededRng::new(seed);
    let deals = (0..samples)
        .map(|_| {
            let mut deal = unseen.clone();
            rng.shuffle(&mut deal);
            deal
        })
        .collect();
    Ways { deals, every: false }
}

/// How many distinct sequences of keys the cards make (cards sorted by
/// key), or any number above `limit` once it is passed.
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub fn arrangements<C>(cards: &[C], key: fn(&C) -> u8, limit: u64) -> u64 {
    // n! / (m1! m2! ...), built one card at a time: after each card the
    // count is a whole number (a multinomial of the cards so far).
    let mut count: u128 = 1;
    let (mut placed, mut run) = (0u128, 0u128);
    for (i, card) in cards.iter().enumerate() {
        run = if i > 0 && key(&cards[i - 1]) == key(card) {
            run + 1
        } else {
            1
        };
        placed += 1;
        count = count * placed / run;
        if count > u128::from(limit) {
            return limit.saturating_add(1);
        }
    }
    count as u64
}

/// Every distinct sequence of the cards' keys, each as cards (the cards of
/// one key taken in their order), in lexicographic order of keys.
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub fn every_arrangement<C: Copy>(sorted: &[C], key: fn(&C) -> u8) -> Vec<Vec<C>> {
    let mut keys: Vec<u8> = sorted.iter().map(key).collect();
    let mut all = Vec::new();
    loop {
        let mut next = vec![0usize; 256];
        let deal = keys
            .iter()
            .map(|&k| {
                let first = sorted.partition_point(|c| key(c) < k);
                let card = sorted[first + next[usize::from(k)]];
                next[usize::from(k)] += 1;
                card
            })
            .collect();
        all.push(deal);
        if !next_permutation(&mut keys) {
            return all;
        }
    }
}

/// Steps to the next permutation in lexicographic order (equal items never
/// swap, so each distinct sequence comes once); false after the last.
fn next_permutation(items: &mut [u8]) -> bool {
    let Some(i) = (1..items.len()).rev().find(|&i| items[i - 1] < items[i]) else {
        return false;
    };
    let j = (i..items.len())
        .rev()
        .find(|&j| items[j] > items[i - 1])
        .expect("items[i] is larger");
    items.swap(i - 1, j);
    items[i..].reverse();
    true
}

/// A seed from a text that describes what the player sees (FNV-1a,
/// finished with SplitMix64): fixed forever, like the shuffle.
pub fn view_seed(text: &str) -> u64 {
    let hash = text.bytes().fold(0xCBF2_9CE4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    });
    super::mix64(hash)
}

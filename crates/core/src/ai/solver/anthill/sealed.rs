//! An exact test that an Anthill deal is lost whatever is played before a
//! later deal: the stock alone decides it.
//!
//! "Each later deal puts the next 8 cards onto spots 1..8 (empty spots
//! too), one each", so right after a full deal the eight tops are the
//! dealt cards, whatever was played before it, and "the stock is empty"
//! is part of the win, so every deal is made one day. From there on, as
//! long as no move takes the last of the cards dealt since onto a spot
//! (the *known* cards: what lies under them depends on the play before),
//! every top, every move and every deal after is fixed by the stock. Such
//! a play never empties a spot, and a win needs "exactly four spots
//! non-empty", so none of it wins. When every play from right after the
//! deal keeps to the known cards, the deal is lost from any position
//! before that deal: the search says so without listing the (often
//! millions of) ways to reach it.
//!
//! It decides the deals whose last full deal leaves no two tops one rank
//! apart, and whose last four cards leave none either, or only moves that
//! uncover cards of those two deals; such deals are about one in a
//! thousand.

use super::{rank, SPOTS};
use std::collections::HashSet;

/// The most positions one start may meet before it gives up (unproved):
/// the deals it decides take a handful.
const POSITIONS: usize = 4_096;

/// What the test found, and the positions it met (searched states, for
/// the budget).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sealed {
    pub lost: bool,
    pub positions: u64,
}

/// The spots' known cards, bottom first (the cards under them are
/// unknown), and the deals made.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Known {
    piles: [Vec<u8>; SPOTS],
    deals: usize,
}

/// Whether the game is lost from any position before one of the deals of
/// `stock` (card codes, next dealt first, 8 a deal onto spots 1..8, the
/// last deal fewer onto the first spots).
pub fn lost_by_a_later_deal(stock: &[u8]) -> Sealed {
    let deals: Vec<&[u8]> = stock.chunks(SPOTS).collect();
    let mut positions = 0;
    // The later a deal, the fewer plays after it: try the last first.
    for start in (0..deals.len()).rev().filter(|&d| deals[d].len() == SPOTS) {
        let (lost, met) = every_play_keeps_to_known_cards(&deals, start);
        positions += met;
        if lost {
            return Sealed { lost, positions };
        }
    }
    Sealed {
        lost: false,
        positions,
    }
}

/// Plays every way from right after the full deal `deals[start]`: true if
/// no play ever takes the last known card off a spot (and, as it never
/// empties one, none wins); false if one does or the search meets more
/// than [`POSITIONS`]. Also the positions met.
fn every_play_keeps_to_known_cards(deals: &[&[u8]], start: usize) -> (bool, u64) {
    let first = Known {
        piles: std::array::from_fn(|spot| vec![deals[start][spot]]),
        deals: start + 1,
    };
    let mut seen = HashSet::from([first.clone()]);
    let mut open = vec![first];
    while let Some(at) = open.pop() {
        let mut next = Vec::new();
        for from in 0..SPOTS {
            let card = *at.piles[from].last().expect("a known card on every spot");
            for to in (0..SPOTS).filter(|&to| to != from) {
                let target = *at.piles[to].last().expect("a known card on every spot");
                if rank(card).abs_diff(rank(target)) != 1 {
                    continue;
                }
                if at.piles[from].len() == 1 {
                    // The card under it is not known: it may open a way.
                    return (false, seen.len() as u64);
                }
                let mut moved = at.clone();
                moved.piles[from].pop();
                moved.piles[to].push(card);
                next.push(moved);
            }
        }
        if let Some(deal) = deals.get(at.deals) {
            let mut dealt = at.clone();
            for (pile, &card) in dealt.piles.iter_mut().zip(deal.iter()) {
                pile.push(card);
            }
            dealt.deals += 1;
            next.push(dealt);
        }
        for position in next {
            if seen.len() >= POSITIONS {
                return (false, seen.len() as u64);
            }
            if seen.insert(position.clone()) {
                open.push(position);
            }
        }
    }
    (true, seen.len() as u64)
}

//! An exact test that a Myrmex position can no longer win six chambers: a
//! card that must leave the cards it covers but can never move.
//!
//! Six chambers take every card, and a chamber is removed from the top of
//! a pile: a run from a Crown up to an Ace sharing the Crown's suit. A card
//! that never moves until its chamber is removed keeps the cards under it
//! (nothing under it can leave while it stays), so it is *home* only when
//! it already rests on such a run: a face-up Crown, or a card one rank
//! below the card under it, with the Crown's suit, on a home card. Every
//! other face-up card must move one day, as part of a group whose bottom
//! card lands on a top one rank above it or on an empty pile.
//!
//! The *stuck* cards are the largest set of such cards where, for each,
//! every card one rank above it lies under a stuck card, the card under it
//! is stuck too if it could be grouped with it (one rank above, a suit in
//! common), and every pile holds a stuck card (so none can empty). A card
//! still in the stock is a way out (a restock puts it on a top). Start
//! with every card that must move and drop those with a way out until none
//! is left to drop. When the set is not empty, none of its cards ever
//! moves: take the first move of one, and the bottom card of its group.
//! The cards from the moved stuck card down to that bottom are grouped, so
//! the bottom is stuck too; it lands on a top one rank above it, which is
//! a stock card or a card at or above the highest stuck card of its pile
//! (what lies under that card cannot come up while it stays; chambers
//! never take a stuck card, it is not home), or on an empty pile, which
//! cannot exist while each pile keeps its stuck card. Either would have
//! dropped it. So a card that must move never does, and the position is
//! lost.

use super::board::{Board, Cards};
use crate::rules::myrmex::PILES;

/// The cards of pile `p` that must move one day (they are not home), as
/// a bit per height (bit `h` for the card at height `h`).
fn must_move(board: &Board, cards: &Cards, p: usize) -> u128 {
    let pile = board.pile(p);
    let crown = cards.sequence - 1;
    let down = usize::from(board.down[p]);
    let mut bits = 0u128;
    // The suit of the Crown the cards below are home on, if they are.
    let mut home: u8 = 0;
    for h in down..pile.len() {
        let c = usize::from(pile[h]);
        if cards.rank[c] == crown {
            home = cards.suits[c];
            continue;
        }
        let on_run = h > down
            && home != 0
            && cards.rank[c] + 1 == cards.rank[usize::from(pile[h - 1])]
            && cards.suits[c] & home != 0;
        if !on_run {
            home = 0;
            bits |= 1 << h;
        }
    }
    bits
}

/// The ranks of the cards still in `stock` once `d` of them are dealt, as
/// a bit per rank index, for every `d` from 0 to the stock's length: what
/// [`has_stuck_card`] asks of the stock, worked out once a search.
pub fn ranks_left(cards: &Cards, stock: &[u8]) -> Vec<u32> {
    let mut left = vec![0u32; stock.len() + 1];
    for (d, &c) in stock.iter().enumerate().rev() {
        left[d] = left[d + 1] | 1 << cards.rank[usize::from(c)];
    }
    left
}

/// Whether the position is lost because some card that must move never
/// can (see the module notes). `ranks_left` is [`ranks_left`] of the whole
/// stock, of which `board.dealt` cards are gone.
pub fn has_stuck_card(board: &Board, cards: &Cards, ranks_left: &[u32]) -> bool {
    // Ranks with a card in the stock: each will be a top one day. Most
    // stocks hold every rank but the Ace, and then every card has a way
    // out.
    let stock_ranks = ranks_left[usize::from(board.dealt)];
    let above_ace = (1u32 << cards.sequence) - 2;
    if stock_ranks & above_ace == above_ace {
        return false;
    }
    // The stock's ranks alone let some cards out: a pile they clear at
    // once might empty, and the rest start from what they leave (dropping
    // a card early never keeps another in).
    let mut stuck = [0u128; PILES];
    for (p, bits) in stuck.iter_mut().enumerate() {
        *bits = must_move(board, cards, p);
        drop_free(board, cards, p, bits, stock_ranks);
        if *bits == 0 {
            // This pile might empty: any card could go there.
            return false;
        }
    }
    loop {
        // Ranks that may still be a top: in the stock, or at or above the
        // highest stuck card of a pile (what lies under it never comes up).
        let mut free = stock_ranks;
        for (p, &bits) in stuck.iter().enumerate() {
            let ceiling = 127 - bits.leading_zeros() as usize;
            for &c in &board.pile(p)[ceiling..] {
                free |= 1 << cards.rank[usize::from(c)];
            }
        }
        let mut dropped = false;
        for (p, bits) in stuck.iter_mut().enumerate() {
            dropped |= drop_free(board, cards, p, bits, free);
            if *bits == 0 {
                return false;
            }
        }
        if !dropped {
            return true;
        }
    }
}

/// Drops from pile `p`'s `stuck` cards those with a way out: a card one
/// rank above of the `free` ranks to land on, or a card under them not
/// stuck to go with (bottom first, so that a card grouped with a card
/// dropped just now goes in the same sweep). Whether any was dropped.
fn drop_free(board: &Board, cards: &Cards, p: usize, stuck: &mut u128, free: u32) -> bool {
    let pile = board.pile(p);
    let mut dropped = false;
    let mut left = *stuck;
    while left != 0 {
        let h = left.trailing_zeros() as usize;
        left &= left - 1;
        let c = pile[h];
        let grouped_on_free =
            h > usize::from(board.down[p]) && cards.linked(pile[h - 1], c) && *stuck & 1 << (h - 1) == 0;
        if grouped_on_free || free & 1 << (cards.rank[usize::from(c)] + 1) != 0 {
            *stuck &= !(1 << h);
            dropped = true;
        }
    }
    dropped
}

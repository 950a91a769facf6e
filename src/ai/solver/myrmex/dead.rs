//! An exact test that a Myrmex position can no longer win six chambers: a
//! card that must leave the card it covers but can never move.
//!
//! Six chambers take every card, and a chamber is a group from a Crown up
//! to an Ace. So a card other than a Crown that rests on a card it can
//! never be grouped with (not one rank above it in a shared suit), on a
//! face-down card or on nothing must move one day, as the bottom card of
//! a group (a group above it never holds the card under it): onto a top
//! one rank above it, or onto an empty pile. Such a card is *stuck* when
//! every card one rank above it lies under a stuck card and no pile can
//! ever be empty because each holds a stuck card. The stuck cards are the
//! largest such set: all those cards to start with, then those with a way
//! out are dropped until none is. A card still in the stock is a way out
//! (a restock puts it on a top). When the set is not empty the first of
//! its cards to move would need a top or an empty pile that cannot exist,
//! so none ever moves and the position is lost.

use super::board::{Board, Cards};
use crate::rules::myrmex::PILES;

/// The cards of pile `p` that must move one day, as a bit per height
/// (bit `h` for the card at height `h`).
fn must_move(board: &Board, cards: &Cards, p: usize) -> u128 {
    let pile = board.pile(p);
    let crown = cards.sequence - 1;
    let down = usize::from(board.down[p]);
    let mut bits = 0u128;
    for h in down..pile.len() {
        let c = pile[h];
        if cards.rank[usize::from(c)] == crown {
            continue;
        }
        let grouped = h > down && cards.linked(pile[h - 1], c);
        if !grouped {
            bits |= 1 << h;
        }
    }
    bits
}

/// Whether the position is lost because some card that must move never
/// can (see the module notes). `stock` is the whole stock, of which
/// `board.dealt` cards are gone.
pub(super) fn has_stuck_card(board: &Board, cards: &Cards, stock: &[u8]) -> bool {
    // Ranks with a card in the stock: each will be a top one day. Most
    // stocks hold every rank but the Ace, and then every card has a way
    // out.
    let mut stock_ranks = 0u32;
    for &c in &stock[usize::from(board.dealt)..] {
        stock_ranks |= 1 << cards.rank[usize::from(c)];
    }
    let above_ace = (1u32 << cards.sequence) - 2;
    if stock_ranks & above_ace == above_ace {
        return false;
    }
    let mut stuck = [0u128; PILES];
    for (p, bits) in stuck.iter_mut().enumerate() {
        *bits = must_move(board, cards, p);
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
            let pile = board.pile(p);
            let mut left = *bits;
            while left != 0 {
                let h = left.trailing_zeros() as usize;
                left &= left - 1;
                if free & 1 << (cards.rank[usize::from(pile[h])] + 1) != 0 {
                    *bits &= !(1 << h);
                    dropped = true;
                }
            }
            if *bits == 0 {
                return false;
            }
        }
        if !dropped {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::code;
    use super::super::{seen_whole, solve};
    use super::*;
    use crate::ai::solver::Verdict;
    use crate::rules::cards::{DecktetCard, MyrmexLevel};
    use crate::rules::myrmex::{Myrmex, Setup};
    use crate::rules::patience::Patience;

    /// A board with these piles (bottom first, every card face up) and
    /// the stock spent.
    fn board(piles: [&str; PILES]) -> Board {
        let mut board = Board::empty();
        for (p, text) in piles.iter().enumerate() {
            for (h, card) in text.split_whitespace().enumerate() {
                let card: DecktetCard = card.parse().expect("a card");
                board.piles[p][h] = code(card);
                board.len[p] += 1;
            }
        }
        board.rehash();
        board
    }

    /// "A group moves onto a pile whose top card is exactly one rank above
    /// the group's bottom card, in any suit, or onto an empty pile": with
    /// only 2s, 4s, 6s and 8s out, one to a pile, no card has a place to
    /// go and no pile can empty, yet six chambers need every card moved
    /// onto its Crown's run.
    #[test]
    fn lone_cards_with_no_rank_above_out_are_stuck() {
        let cards = Cards::new(MyrmexLevel::Larval);
        let lone = ["2MN", "2SY", "4MS", "4WL", "6MW", "6SY", "8MS", "8WL"];
        assert!(has_stuck_card(&board(lone), &cards, &[]));
        // A 5 laid on a 4 is a top one rank above the other 4, which may
        // then move there, and its pile could empty.
        let mut five = lone;
        five[2] = "4MS 5ML";
        assert!(!has_stuck_card(&board(five), &cards, &[]));
        // A 3 still in the stock will be a top one day: the 2s may go
        // onto it (and the 4s onto the 5 a restock could bring).
        let three = [code("3MW".parse().unwrap())];
        assert!(!has_stuck_card(&board(lone), &cards, &three));
        // An empty pile could take any of them.
        let mut empty = lone;
        empty[7] = "";
        assert!(!has_stuck_card(&board(empty), &cards, &[]));
    }

    /// The prune is exact: along the winning lines of deals the solver
    /// wins, no position is ever said to have a stuck card.
    #[test]
    fn no_position_of_a_winning_line_is_stuck() {
        for seed in [678, 726] {
            let mut game = Myrmex::new(&Setup {
                level: MyrmexLevel::Larval,
                closed: false,
                seed: Some(seed),
                deal: None,
                ends_when_dead: true,
            })
            .unwrap();
            let cards = Cards::new(game.level());
            let Verdict::Won(line) = solve(&game, 50_000).verdict else {
                panic!("seed {seed} should be won");
            };
            for action in &line {
                // The board as the solver reads it, its stock what is left.
                let (board, stock) = seen_whole(&game);
                assert!(!has_stuck_card(&board, &cards, &stock), "seed {seed}");
                game.apply(action).unwrap();
            }
            assert_eq!(game.score(), 6, "seed {seed}");
        }
    }
}

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
pub(super) fn ranks_left(cards: &Cards, stock: &[u8]) -> Vec<u32> {
    let mut left = vec![0u32; stock.len() + 1];
    for (d, &c) in stock.iter().enumerate().rev() {
        left[d] = left[d + 1] | 1 << cards.rank[usize::from(c)];
    }
    left
}

/// Whether the position is lost because some card that must move never
/// can (see the module notes). `ranks_left` is [`ranks_left`] of the whole
/// stock, of which `board.dealt` cards are gone.
pub(super) fn has_stuck_card(board: &Board, cards: &Cards, ranks_left: &[u32]) -> bool {
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

#[cfg(test)]
mod tests {
    use super::super::board::code;
    use super::super::{dealt, seen_whole, solve};
    use super::*;
    use crate::ai::solver::Verdict;
    use crate::rules::cards::{DecktetCard, MyrmexLevel};
    use crate::rules::patience::Patience;

    /// The ranks left in a spent stock: none.
    const SPENT: &[u32] = &[0];

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
        assert!(has_stuck_card(&board(lone), &cards, SPENT));
        // A 5 laid on a 4 is a top one rank above the other 4, which may
        // then move there, and its pile could empty.
        let mut five = lone;
        five[2] = "4MS 5ML";
        assert!(!has_stuck_card(&board(five), &cards, SPENT));
        // A 3 still in the stock will be a top one day: the 2s may go
        // onto it (and the 4s onto the 5 a restock could bring).
        let three = [code("3MW".parse().unwrap())];
        assert!(!has_stuck_card(&board(lone), &cards, &ranks_left(&cards, &three)));
        // An empty pile could take any of them.
        let mut empty = lone;
        empty[7] = "";
        assert!(!has_stuck_card(&board(empty), &cards, SPENT));
    }

    /// "A group moves onto a pile whose top card is exactly one rank above
    /// the group's bottom card", and a chamber is a run from a Crown that
    /// shares one suit: a 3 resting on a 4 off any Crown must still move,
    /// and both 4s it could go onto lie under the 3s; so the 4s never
    /// show, and the 3 under the 2 of the next pile, once the 2 leaves onto
    /// a 3, has nowhere to go either. The 7s rest on the 8s, which need a 9
    /// that is not out. (Counting only cards off the card under them as
    /// bound to move, the 4 under the 3 looked like a way out.)
    #[test]
    fn a_grouped_card_off_a_crown_must_move_and_can_be_stuck() {
        let cards = Cards::new(MyrmexLevel::Larval);
        let piles = [
            "4MS 3MW", "3SN 2MN", "8MS 7ML", "8WL 7WY", "8YN 7SN", "8MS 7SN", "8WL 7ML", "8YN 7WY",
        ];
        assert!(has_stuck_card(&board(piles), &cards, SPENT));
        // A 4 still in the stock is a way out for the 3s.
        let four = [code("4WL".parse().unwrap())];
        assert!(!has_stuck_card(&board(piles), &cards, &ranks_left(&cards, &four)));
        // A run on a Crown of its suit is home: the Pact (9MS) and the
        // Diplomat (8MS) on the Huntress (KM) never have to move, so that
        // pile might empty.
        let mut home = piles;
        home[2] = "KM 9MS 8MS";
        assert!(!has_stuck_card(&board(home), &cards, SPENT));
        // On the Sea (KW) they are not of its suit: the Pact must move, onto
        // a Crown, and none is out; the 8s need the Pact, which lies under
        // the stuck Diplomat.
        let mut off_suit = piles;
        off_suit[2] = "KW 9MS 8MS";
        assert!(has_stuck_card(&board(off_suit), &cards, SPENT));
    }

    /// The prune is exact: along the winning lines of deals the solver
    /// wins, no position is ever said to have a stuck card.
    #[test]
    fn no_position_of_a_winning_line_is_stuck() {
        for seed in [678, 726] {
            let mut game = dealt(MyrmexLevel::Larval, seed);
            let cards = Cards::new(game.level());
            let Verdict::Won(line) = solve(&game, 50_000).verdict else {
                panic!("seed {seed} should be won");
            };
            for action in &line {
                // The board as the solver reads it, its stock what is left.
                let (board, stock) = seen_whole(&game);
                assert!(
                    !has_stuck_card(&board, &cards, &ranks_left(&cards, &stock)),
                    "seed {seed}"
                );
                game.apply(action).unwrap();
            }
            assert_eq!(game.score(), 6, "seed {seed}");
        }
    }
}

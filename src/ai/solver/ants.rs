//! The Ants Solitaire solver (strict and relaxed).
//!
//! Only ranks matter in Ants: a card goes onto a foundation one rank away in
//! any suit. Each tableau pile is a fixed list of slots (the cards on it now,
//! then the stock cards each deal will put on it) and a mask of the slots
//! still there; a deal makes one more slot of every pile visible.
//!
//! Symmetry: the foundations are interchangeable (only their top ranks
//! matter), so the key holds the sorted multiset of foundation tops, and of
//! two foundations with the same top only the first is tried.
//! Safe automatic moves: a forced action (the only one open, as the strict
//! deal when nothing moves) is played without branching.

use super::{checked, Solved, Table};
use crate::rules::ants_solitaire::{Action, AntsSolitaire, Variant, PILES};
use crate::rules::patience::Patience;

/// Slots per pile: the first card and one per deal.
const SLOTS: usize = 12;

struct Search {
    strict: bool,
    /// Each pile's ranks (0..13), bottom first, then its future cards.
    slots: [[u8; SLOTS]; PILES],
    /// Slots still on the pile (cards played are cleared).
    present: [u16; PILES],
    /// Slots dealt so far on each pile.
    visible: [u8; PILES],
    deals_left: u8,
    /// Foundation top ranks, F1..F4.
    tops: [u8; PILES],
    table: Table,
}

fn adjacent(a: u8, b: u8) -> bool {
    matches!((a + 13 - b) % 13, 1 | 12)
}

impl Search {
    fn new(game: &AntsSolitaire, budget: u64) -> Search {
        let view = game.view();
        let stock = game.hidden_stock();
        let deals = stock.len() / PILES;
        let mut slots = [[0u8; SLOTS]; PILES];
        let mut present = [0u16; PILES];
        let mut visible = [0u8; PILES];
        for t in 0..PILES {
            let pile = &view.tableau[t];
            let future = (0..deals).map(|d| stock[stock.len() - 1 - (d * PILES + t)]);
            for (i, card) in pile.iter().copied().chain(future).enumerate() {
                slots[t][i] = card.rank.value() - 1;
                present[t] |= 1 << i;
            }
            visible[t] = pile.len() as u8;
        }
        Search {
            strict: view.variant == Variant::Strict,
            slots,
            present,
            visible,
            deals_left: deals as u8,
            tops: std::array::from_fn(|f| view.foundations[f].last().expect("never empty").rank.value() - 1),
            table: Table::new(budget),
        }
    }

    /// The slot index of pile `t`'s top card.
    fn top(&self, t: usize) -> Option<usize> {
        let seen = self.present[t] & ((1u16 << self.visible[t]) - 1);
        (seen != 0).then(|| 15 - seen.leading_zeros() as usize)
    }

    fn key(&self) -> u128 {
        let mut tops = self.tops;
        tops.sort_unstable();
        let mut key = u128::from(self.deals_left);
        for t in 0..PILES {
            key = key << 12 | u128::from(self.present[t]);
        }
        for top in tops {
            key = key << 4 | u128::from(top);
        }
        key
    }

    /// The moves open now: (pile, slot, foundation), one foundation per
    /// distinct top rank.
    fn moves(&self) -> Vec<(usize, usize, usize)> {
        let mut moves = Vec::new();
        for t in 0..PILES {
            let Some(slot) = self.top(t) else { continue };
            let rank = self.slots[t][slot];
            for f in 0..PILES {
                if adjacent(rank, self.tops[f]) && !self.tops[..f].contains(&self.tops[f]) {
                    moves.push((t, slot, f));
                }
            }
        }
        moves
    }

    /// Depth-first: the winning line from here, last action first.
    fn solve(&mut self) -> Option<Vec<Action>> {
        if self.deals_left == 0 && self.present.iter().all(|&p| p == 0) {
            return Some(Vec::new());
        }
        if !self.table.visit(self.key()) {
            return None;
        }
        let moves = self.moves();
        for &(t, slot, f) in &moves {
            let old = self.tops[f];
            self.tops[f] = self.slots[t][slot];
            self.present[t] &= !(1 << slot);
            let found = self.solve();
            self.present[t] |= 1 << slot;
            self.tops[f] = old;
            if let Some(mut line) = found {
                line.push(Action::Move {
                    tableau: t as u8 + 1,
                    foundation: f as u8 + 1,
                });
                return Some(line);
            }
            if self.table.exhausted {
                return None;
            }
        }
        if self.deals_left > 0 && (!self.strict || moves.is_empty()) {
            self.deals_left -= 1;
            self.visible.iter_mut().for_each(|v| *v += 1);
            let found = self.solve();
            self.visible.iter_mut().for_each(|v| *v -= 1);
            self.deals_left += 1;
            if let Some(mut line) = found {
                line.push(Action::Deal);
                return Some(line);
            }
        }
        None
    }
}

/// Solves an Ants Solitaire position (the start of a deal or a game in
/// progress) within `budget` states.
pub fn solve(game: &AntsSolitaire, budget: u64) -> Solved<Action> {
    if let Some(outcome) = game.outcome() {
        return Solved::finished(&outcome);
    }
    let mut search = Search::new(game, budget);
    // A strict line is also a relaxed one, and the strict search is far
    // smaller: a relaxed game tries it first.
    let mut line = None;
    if !search.strict {
        search.strict = true;
        line = search.solve();
        search.strict = false;
        search.table.next_pass();
    }
    if line.is_none() && !search.table.exhausted {
        line = search.solve();
    }
    let solved = Solved {
        verdict: search.table.verdict(line),
        states: search.table.states(),
    };
    checked(game, solved)
}

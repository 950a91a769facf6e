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

use super::{Solved, Table};
use crate::rules::ants_solitaire::{Action, AntsSolitaire, Variant, PILES};
use crate::rules::patience::Patience;

/// Slots per pile: the first card and one per deal.
const SLOTS: usize = 12;

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub struct Search {
    strict: bool,
    /// Each pile's ranks (0..13), bottom first, then its future cards.
    slots: [[u8; SLOTS]; PILES],
    /// Slots still on the pile (cards played are cleared).
    present: [u16; PILES],
    /// Slots dealt so far on each pile.
    visible: [u8; PILES],
    deals_left: u8,
    /// Foundation top ranks, F1..F4.
    pub tops: [u8; PILES],
    /// Cards of each rank not yet on a foundation.
    pub left: [u8; 13],
    table: Table<u64>,
}

fn adjacent(a: u8, b: u8) -> bool {
    matches!((a + 13 - b) % 13, 1 | 12)
}

impl Search {
    pub fn new(game: &AntsSolitaire, budget: u64) -> Search {
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
        let mut left = [0u8; 13];
        for t in 0..PILES {
            for slot in 0..SLOTS {
                if present[t] & (1 << slot) != 0 {
                    left[usize::from(slots[t][slot])] += 1;
                }
            }
        }
        Search {
            left,
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

    /// The exact state in 63 bits: the deals left (4 bits), the slots still
    /// present (12 bits a pile) and the sorted foundation tops as their
    /// index among the 1,820 multisets of four ranks (11 bits).
    pub fn key(&self) -> u64 {
        let mut tops = self.tops;
        tops.sort_unstable();
        // Sorted a <= b <= c <= d become a < b+1 < c+2 < d+3 below 16,
        // numbered by the combinatorial number system.
        let choose = |n: u64, k: u64| (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1));
        let multiset: u64 = (0..PILES as u64)
            .map(|i| choose(u64::from(tops[i as usize]) + i, i + 1))
            .sum();
        let mut key = u64::from(self.deals_left);
        for t in 0..PILES {
            key = key << 12 | u64::from(self.present[t]);
        }
        key << 11 | multiset
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
        // Moves that leave the most tableau tops playable first.
        moves.sort_by_cached_key(|&(t, slot, f)| std::cmp::Reverse(self.playable_after(t, slot, f)));
        moves
    }

    /// How many tableau top cards could go to a foundation after pile `t`'s
    /// card in `slot` goes onto foundation `f`.
    fn playable_after(&self, t: usize, slot: usize, f: usize) -> usize {
        let mut tops = self.tops;
        tops[f] = self.slots[t][slot];
        (0..PILES)
            .filter_map(|p| {
                let mut seen = self.present[p] & ((1u16 << self.visible[p]) - 1);
                if p == t {
                    seen &= !(1 << slot);
                }
                (seen != 0).then(|| self.slots[p][15 - seen.leading_zeros() as usize])
            })
            .filter(|&rank| tops.iter().any(|&top| adjacent(rank, top)))
            .count()
    }

    /// Whether every rank still to play can be reached: a foundation can
    /// only walk one rank at a time, each step onto a card not yet played,
    /// so a rank cut off from every foundation top by ranks with no card
    /// left can never be played and the position is lost.
    pub fn reachable(&self) -> bool {
        const ALL: u16 = (1 << 13) - 1;
        let wanted = (0..13)
            .filter(|&r| self.left[r] > 0)
            .fold(0u16, |m, r| m | 1 << r);
        let mut reach = self.tops.iter().fold(0u16, |m, &t| m | 1 << t);
        loop {
            let around = ((reach << 1 | reach >> 12) | (reach >> 1 | reach << 12)) & ALL;
            let next = reach | (around & wanted);
            if next == reach {
                return wanted & !reach == 0;
            }
            reach = next;
        }
    }

    /// Whether there are enough ways onto each rank still to play. A card
    /// of rank r goes onto a foundation showing r-1 or r+1, and each time a
    /// foundation shows a rank (a top now, or a card played there later) at
    /// most one card follows it there. So the cards of ranks r, r+2, ..,
    /// r+2k can be no more than the tops and cards of ranks r-1, r+1, ..,
    /// r+2k+1 (Hall's condition on these sets; k up to 5 keeps the two sets
    /// apart on the 13-rank cycle). Otherwise the position is lost.
    pub fn enough_ways(&self) -> bool {
        let mut shows = self.left.map(u16::from);
        for &top in &self.tops {
            shows[usize::from(top)] += 1;
        }
        (0..13).all(|r| {
            let (mut cards, mut ways) = (0, shows[(r + 12) % 13]);
            (0..6).all(|k| {
                let at = (r + 2 * k) % 13;
                cards += u16::from(self.left[at]);
                ways += shows[(at + 1) % 13];
                cards <= ways
            })
        })
    }

    /// Depth-first: the winning line from here, last action first.
    fn solve(&mut self) -> Option<Vec<Action>> {
        if self.deals_left == 0 && self.present.iter().all(|&p| p == 0) {
            return Some(Vec::new());
        }
        if !self.reachable() || !self.enough_ways() {
            return None;
        }
        if !self.table.visit(self.key()) {
            return None;
        }
        let moves = self.moves();
        for &(t, slot, f) in &moves {
            let old = self.tops[f];
            let rank = self.slots[t][slot];
            self.tops[f] = rank;
            self.present[t] &= !(1 << slot);
            self.left[usize::from(rank)] -= 1;
            let found = self.solve();
            self.left[usize::from(rank)] += 1;
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
    search.table.solved(game, line)
}

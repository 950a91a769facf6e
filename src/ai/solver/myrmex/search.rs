//! The exact search: best first over moves and restocks with a
//! transposition table. When no position is left to search, every
//! reachable position was searched and the deal is lost.

use super::board::{Board, Cards, Move, HEIGHT};
use crate::ai::solver::{pack_piles, Table};
use crate::rules::myrmex::{Action, CHAMBERS, PILES};
use std::collections::BinaryHeap;

/// How many positions a pass expands from one restock (or the root) on:
/// small caps make the search try many restock times instead of sinking
/// the budget into the first endgame it reaches (an uncapped search spent
/// 99% of its states after the last restock). Tuned on seeds 0..40 and
/// checked on 100..300 at 1,000,000 states: 175 of 200 won, against 37 of
/// 100 at 200,000 states with one uncapped pass.
const CAPS: [Option<u32>; 4] = [Some(2_000), Some(20_000), Some(200_000), None];

/// What each action on the way to a position costs in the open list's
/// order (the guide less this times the depth): without it the search
/// wanders down long lines that gain nothing. At 1,000,000 states, on
/// seeds 5000..5200 and 6000..6200, the wins within 500,000 states went
/// from 182 and 176 with no cost to 189 and 196 with 7 (and empty piles
/// no longer counted by the guide); 20 already did worse than none.
const DEPTH_COST: i64 = 7;

/// The search over one deal seen whole: the stock order is known.
pub(super) struct Search<'a> {
    pub(super) cards: &'a Cards,
    pub(super) stock: &'a [u8],
    pub(super) table: Table,
}

/// A position the search met, packed, and how: its parent and the action
/// from there.
struct Node {
    cards: [u8; HEIGHT],
    len: [u8; PILES],
    down: [u8; PILES],
    dealt: u8,
    chambers: u8,
    parent: u32,
    action: Action,
    /// The node of the last restock on the way here (0: none).
    origin: u32,
    /// Actions from the root.
    depth: u32,
}

impl Node {
    fn new(board: &Board, parent: u32, action: Action, origin: u32) -> Node {
        let mut cards = [0; HEIGHT];
        pack_piles(&board.piles, &board.len, &mut cards);
        Node {
            cards,
            len: board.len,
            down: board.down,
            dealt: board.dealt,
            chambers: board.chambers,
            parent,
            action,
            origin,
            depth: 0,
        }
    }

    /// The board again.
    fn board(&self) -> Board {
        let mut board = Board::empty();
        let mut at = 0;
        for p in 0..PILES {
            let len = usize::from(self.len[p]);
            board.piles[p][..len].copy_from_slice(&self.cards[at..at + len]);
            at += len;
        }
        board.len = self.len;
        board.down = self.down;
        board.dealt = self.dealt;
        board.chambers = self.chambers;
        board.rehash();
        board
    }
}

impl Search<'_> {
    /// Passes of best first (see [`Search::pass`]): each but the last
    /// caps the positions searched from any one restock, so that a bad
    /// endgame cannot take the whole budget; those prove nothing when they
    /// fail. The last pass has no cap: only it proves a loss. The line
    /// comes back last action first.
    pub(super) fn best_first(&mut self, root: &Board) -> Option<Vec<Action>> {
        if usize::from(root.chambers) == CHAMBERS {
            return Some(Vec::new());
        }
        for cap in CAPS {
            self.table.next_pass();
            let line = self.pass(root, cap);
            if line.is_some() || self.table.exhausted || !self.table.cut {
                return line;
            }
        }
        None
    }

    /// Best first: always the position with the best [`Search::guide`]
    /// met so far (the newest of equals), until six chambers, the budget,
    /// or no position is left. With a `cap`, at most that many positions
    /// are expanded from each restock (or the root) on, and `cut` is set
    /// when one is left out.
    fn pass(&mut self, root: &Board, cap: Option<u32>) -> Option<Vec<Action>> {
        if !self.table.visit(root.key(root.free_from(self.stock.len()))) {
            return None;
        }
        let mut nodes = vec![Node::new(root, u32::MAX, Action::Deal, 0)];
        let mut expanded = vec![0u32];
        let mut open = BinaryHeap::from([(self.guide(root), 0u32)]);
        let mut moves = Vec::new();
        while let Some((_, at)) = open.pop() {
            let origin = nodes[at as usize].origin;
            if let Some(cap) = cap {
                if expanded[origin as usize] >= cap {
                    self.table.cut = true;
                    continue;
                }
                expanded[origin as usize] += 1;
            }
            let mut board = nodes[at as usize].board();
            let scores: [i64; PILES] = std::array::from_fn(|p| self.pile_score(&board, p));
            let total: i64 = scores.iter().sum();
            let free_from = board.free_from(self.stock.len());
            self.moves(&board, &mut moves);
            let head = board.head();
            let deal = (free_from > 0).then_some(None);
            for m in moves.iter().copied().map(Some).chain(deal) {
                let action = match m {
                    Some(m) => {
                        let action = board.action(m);
                        board.play(self.cards, m);
                        action
                    }
                    None => {
                        board.deal(self.cards, self.stock);
                        Action::Deal
                    }
                };
                if usize::from(board.chambers) == CHAMBERS {
                    let mut line = vec![action];
                    let mut back = at as usize;
                    while back != 0 {
                        line.push(nodes[back].action);
                        back = nodes[back].parent as usize;
                    }
                    return Some(line);
                }
                if self.table.visit(board.key(board.free_from(self.stock.len()))) {
                    let guide = match m {
                        Some(m) => {
                            let piles = total - scores[m.from] - scores[m.to]
                                + self.pile_score(&board, m.from)
                                + self.pile_score(&board, m.to);
                            self.guide_from(&board, piles)
                        }
                        None => self.guide(&board),
                    };
                    let index = nodes.len() as u32;
                    let origin = if action == Action::Deal { index } else { origin };
                    let depth = nodes[at as usize].depth + 1;
                    open.push((guide - i64::from(depth) * DEPTH_COST, index));
                    let mut node = Node::new(&board, at, action, origin);
                    node.depth = depth;
                    nodes.push(node);
                    expanded.push(0);
                }
                board.restore(&head);
            }
            if self.table.exhausted {
                return None;
            }
        }
        None
    }

    /// The moves worth searching into `moves`. Piles that get no more stock
    /// cards are interchangeable, so of their empty piles only the first is
    /// a destination, and a whole pile among them never moves into an
    /// empty one (that only renames the piles).
    fn moves(&self, board: &Board, moves: &mut Vec<Move>) {
        let free_from = board.free_from(self.stock.len());
        let first_free_empty = (free_from..PILES).find(|&p| board.len[p] == 0);
        let wanted = |m: &Move| {
            board.len[m.to] > 0
                || m.to < free_from
                || (Some(m.to) == first_free_empty
                    && (m.from < free_from || m.count < usize::from(board.len[m.from])))
        };
        board.moves_into(self.cards, moves);
        moves.retain(wanted);
    }

    /// The guide: chambers first, then cards already in place on a Crown
    /// (a run of the Crown's suit built on it) and cards resting on the
    /// card one rank above in a shared suit (future groups); less the
    /// cards resting on a card they can never be grouped with (each must
    /// move again), plus the cards still to deal: a restock is then taken
    /// when the moves before it have paid for it, not as soon as it adds a
    /// link. Weights tuned on seeds 0..40 with the capped passes: 36 won
    /// with 20 a card still to deal, 24 with none. Empty piles are worth
    /// nothing of their own once the open list pays [`DEPTH_COST`] a
    /// position (15 an empty pile searched more states on seeds
    /// 5000..5200 and 6000..6200).
    fn guide(&self, board: &Board) -> i64 {
        let piles = (0..PILES).map(|p| self.pile_score(board, p)).sum();
        self.guide_from(board, piles)
    }

    /// The guide from the sum of the piles' [`Search::pile_score`]s.
    fn guide_from(&self, board: &Board, piles: i64) -> i64 {
        i64::from(board.chambers) * 1_000 + piles + (self.stock.len() as i64 - i64::from(board.dealt)) * 20
    }

    /// One pile's part of the guide: its cards built on a Crown, linked
    /// and resting on a card they never group with.
    fn pile_score(&self, board: &Board, p: usize) -> i64 {
        let cards = self.cards;
        let (mut built, mut links, mut breaks) = (0i64, 0i64, 0i64);
        let pile = board.pile(p);
        let mut run_suit = 0u8;
        for (i, &c) in pile.iter().enumerate() {
            let c = usize::from(c);
            if cards.rank[c] + 1 == cards.sequence {
                run_suit = cards.suits[c];
                continue;
            }
            let below = pile.get(i.wrapping_sub(1)).copied();
            match below {
                Some(b) if cards.linked(b, c as u8) => {
                    links += 1;
                    if run_suit & cards.suits[c] != 0 {
                        built += 1;
                    } else {
                        run_suit = 0;
                    }
                }
                Some(_) => {
                    breaks += 1;
                    run_suit = 0;
                }
                None => run_suit = 0,
            }
        }
        built * 40 + links * 30 - breaks * 5
    }
}

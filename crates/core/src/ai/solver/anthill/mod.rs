//! The Anthill solver.
//!
//! Cards are bytes (suit * 13 + rank - 1) on eight fixed-size piles; the
//! stock is the deal order and an index. Each pile keeps a Zobrist hash of
//! its cards by height, so a state's key costs a few operations.
//!
//! Symmetry: once the stock is empty the spots of one row are
//! interchangeable (the same cards may land on them), so the key sorts the
//! pile hashes within each row. While cards remain, each spot gets its own
//! stock cards and the key keeps the spots in order.
//!
//! The search is in two parts. Before each deal (a *stage*), it lists the
//! positions the moves reach, breadth first, and deals from them best first,
//! judged by the position the deal leaves (the solver knows the stock): a
//! deal that leaves long clean runs is tried before one that buries them.
//! After the last deal (the endgame) it plays the position with the best
//! progress measure met so far: cards in runs built from an Ace or King at
//! the bottom of a spot, less the cards that cover a run or the card that
//! extends it, so digging counts, less a little for each move since the
//! last deal, so lines stay short. The first passes list only the first
//! positions of each stage, deal from only the best few (at most
//! `discrepancies` choices other than the best along a line) and cap each
//! endgame: they find most wins fast but prove nothing when they fail. The
//! last pass has no limit and searches the endgame depth first, progress
//! first, so it needs no memory beyond the table: only it proves a loss.
//! Each stage and each position of the depth-first endgame is dropped
//! when a card can never move again above a card that breaks its spot's
//! bottom run ([`Search::has_stuck_card`]): that position is lost, so
//! dropping it keeps the last pass exact and saves it the search.
//!
//! Before any of it, [`sealed`] looks at the stock alone: when every play
//! from right after some later full deal keeps to the cards dealt since,
//! the deal is lost whatever is played before, and no pass runs.

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub mod sealed;

use super::{mix64, pack_piles, zobrist, Solved, Table};
use crate::rules::anthill::{Action, Anthill, SPOTS};
use crate::rules::cards::StdCard;
use crate::rules::patience::Patience;

const CARDS: usize = 52;
/// Paths longer than this stop the search (then a loss is not proved).
const MAX_DEPTH: usize = 100_000;
/// The spot of a card still in the stock.
const NOWHERE: u8 = u8::MAX;

/// Zobrist keys by (card, height).
static ZOBRIST: [[u64; CARDS]; CARDS] = zobrist(0xA17_4111);

/// The salts of [`Search::key`]: one a spot while the stock lasts, then
/// one a row (the top row's, then the bottom row's).
const KEY_SALTS: [u64; SPOTS + 2] = {
    let mut salts = [0; SPOTS + 2];
    let mut i = 0;
    while i < SPOTS + 2 {
        salts[i] = mix64(0xA17_5A17 + i as u64);
        i += 1;
    }
    salts
};

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub fn code(card: StdCard) -> u8 {
    (card.suit as u8) * 13 + card.rank.value() - 1
}

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub fn rank(card: u8) -> u8 {
    card % 13
}

fn suit(card: u8) -> u8 {
    card / 13
}

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub struct Search {
    piles: [[u8; CARDS]; SPOTS],
    pub len: [u8; SPOTS],
    hash: [u64; SPOTS],
    /// The length of each pile's bottom run (Ace or King at the bottom, one
    /// suit, one rank at a time).
    run: [u8; SPOTS],
    /// Each card's spot ([`NOWHERE`] in the stock) and height.
    place: [(u8, u8); CARDS],
    /// The deal order of the cards still in the stock, next first.
    pub stock: Vec<u8>,
    pub dealt: usize,
    table: Table,
    depth: usize,
    /// The limits of this pass.
    pass: Pass,
    /// States the endgame may still search in this pass.
    segment_left: u64,
}

/// The spots' cards, spot after spot, and each spot's length: a position
/// of a stage, kept to deal from later.
#[derive(Clone)]
struct Layout {
    cards: [u8; CARDS],
    len: [u8; SPOTS],
}

/// A position a stage reached, and how: the move from its parent.
struct StageNode {
    layout: Layout,
    parent: u32,
    from: u8,
    to: u8,
}

impl Search {
    pub fn new(game: &Anthill, budget: u64) -> Search {
        let view = game.view();
        let mut search = Search {
            piles: [[0; CARDS]; SPOTS],
            len: [0; SPOTS],
            hash: [0; SPOTS],
            run: [0; SPOTS],
            place: [(NOWHERE, 0); CARDS],
            stock: game.hidden_stock().iter().rev().map(|&c| code(c)).collect(),
            dealt: 0,
            table: Table::new(budget),
            depth: 0,
            pass: PASSES[PASSES.len() - 1],
            segment_left: u64::MAX,
        };
        for (spot, pile) in view.spots.iter().enumerate() {
            for &card in pile {
                search.push(spot, code(card));
            }
        }
        search
    }

    pub fn top(&self, spot: usize) -> Option<u8> {
        let len = usize::from(self.len[spot]);
        (len > 0).then(|| self.piles[spot][len - 1])
    }

    /// Whether `card` continues the bottom run that is the whole of `spot`.
    fn extends_run(&self, spot: usize, card: u8) -> bool {
        let len = self.len[spot];
        if len == 0 {
            return matches!(rank(card), 0 | 12);
        }
        if self.run[spot] != len {
            return false;
        }
        let bottom = self.piles[spot][0];
        let top = self.piles[spot][usize::from(len) - 1];
        let step: i8 = if rank(bottom) == 0 { 1 } else { -1 };
        suit(card) == suit(bottom) && rank(card) as i8 - rank(top) as i8 == step
    }

    pub fn push(&mut self, spot: usize, card: u8) {
        let extends = self.extends_run(spot, card);
        let len = usize::from(self.len[spot]);
        self.piles[spot][len] = card;
        self.hash[spot] ^= ZOBRIST[usize::from(card)][len];
        self.place[usize::from(card)] = (spot as u8, len as u8);
        if extends {
            self.run[spot] += 1;
        }
        self.len[spot] += 1;
    }

    pub fn pop(&mut self, spot: usize) -> u8 {
        self.len[spot] -= 1;
        let len = usize::from(self.len[spot]);
        let card = self.piles[spot][len];
        self.hash[spot] ^= ZOBRIST[usize::from(card)][len];
        self.place[usize::from(card)].0 = NOWHERE;
        self.run[spot] = self.run[spot].min(self.len[spot]);
        card
    }

    fn layout(&self) -> Layout {
        let mut cards = [0; CARDS];
        pack_piles(&self.piles, &self.len, &mut cards);
        Layout { cards, len: self.len }
    }

    /// The position now, where a search starts.
    fn root(&self) -> StageNode {
        StageNode {
            layout: self.layout(),
            parent: u32::MAX,
            from: 0,
            to: 0,
        }
    }

    /// The position now, reached from node `parent` by the move.
    fn node(&self, parent: usize, from: usize, to: usize) -> StageNode {
        StageNode {
            layout: self.layout(),
            parent: parent as u32,
            from: from as u8,
            to: to as u8,
        }
    }

    /// Puts the spots back as `layout` has them (the stock is untouched).
    fn restore(&mut self, layout: &Layout) {
        self.len = [0; SPOTS];
        self.hash = [0; SPOTS];
        self.run = [0; SPOTS];
        self.place = [(NOWHERE, 0); CARDS];
        let mut at = 0;
        for spot in 0..SPOTS {
            let len = usize::from(layout.len[spot]);
            for &card in &layout.cards[at..at + len] {
                self.push(spot, card);
            }
            at += len;
        }
    }

    pub fn stock_left(&self) -> usize {
        self.stock.len() - self.dealt
    }

    fn key(&self) -> u128 {
        // Each spot's hash is mixed apart and the mixes summed, so the
        // mixes run side by side; once the stock is empty the spots of a
        // row share a salt, and the sum does not depend on their order.
        let alike = self.stock_left() == 0;
        let (mut a, mut b) = (0u64, 0u64);
        for (s, &hash) in self.hash.iter().enumerate() {
            let salt = KEY_SALTS[if alike { SPOTS + s / 4 } else { s }];
            let half = if s < 4 { &mut a } else { &mut b };
            *half = half.wrapping_add(mix64(hash ^ salt));
        }
        u128::from(a) << 64 | u128::from(b ^ mix64(self.dealt as u64))
    }

    pub fn is_won(&self) -> bool {
        self.stock_left() == 0
            && (0..SPOTS).all(|s| self.len[s] == 0 || (self.len[s] == 13 && self.run[s] == 13))
    }

    /// Legal moves (from, to), best first: those that build a bottom run
    /// or start one on an empty spot, then by what they do for the runs
    /// (emptying a spot, digging, not breaking or burying a run).
    fn moves(&self) -> Vec<(usize, usize)> {
        let mut moves: Vec<(i32, usize, usize, bool)> = Vec::new();
        // Once the stock is empty, empty spots of a row are alike.
        let mut empty_tried = [[false; 2]; SPOTS];
        for (from, to) in self.legal_moves() {
            if self.len[to] == 0
                && self.stock_left() == 0
                && std::mem::replace(&mut empty_tried[from][usize::from(to >= 4)], true)
            {
                continue;
            }
            let card = self.top(from).expect("a move has a card");
            let breaks_run = self.run[from] == self.len[from];
            let builds = self.extends_run(to, card) && !(breaks_run && self.len[from] == 1);
            let empties = self.len[from] == 1 && !breaks_run;
            let mut score = 0;
            if builds {
                score += 100;
            }
            if empties {
                score += 50;
            }
            if breaks_run {
                score -= 100;
            }
            // Junk is better parked on junk than on a run.
            if self.run[to] == self.len[to] && !builds {
                score -= 20;
            }
            // Digging towards a run under junk.
            if self.run[from] > 0 && !breaks_run {
                score += 10 - i32::from(self.len[from] - self.run[from]);
            }
            moves.push((score, from, to, builds));
        }
        moves.sort_by_key(|&(score, _, _, builds)| (!builds, -score));
        moves.into_iter().map(|(_, from, to, _)| (from, to)).collect()
    }

    pub fn deal(&mut self) -> usize {
        let n = self.stock_left().min(SPOTS);
        for spot in 0..n {
            let card = self.stock[self.dealt];
            self.dealt += 1;
            self.push(spot, card);
        }
        n
    }

    /// The sum of the bottom runs (the rulings' score).
    fn score(&self) -> u8 {
        self.run.iter().sum()
    }

    /// Where `card` lies on the spots: its spot and height.
    fn locate(&self, card: u8) -> Option<(usize, usize)> {
        let (spot, height) = self.place[usize::from(card)];
        (spot != NOWHERE).then_some((usize::from(spot), usize::from(height)))
    }

    /// Progress: 64 per card in a bottom run, less one per card that still
    /// covers a run or the card that extends it.
    fn measure(&self) -> i32 {
        let score = i32::from(self.score()) * 64;
        let mut cover = 0;
        for spot in 0..SPOTS {
            let run = self.run[spot];
            if run == 0 || run == 13 {
                continue;
            }
            cover += i32::from(self.len[spot] - run);
            let bottom = self.piles[spot][0];
            let last = rank(self.piles[spot][usize::from(run) - 1]);
            let next = if rank(bottom) == 0 { last + 1 } else { last - 1 };
            if let Some((at, height)) = self.locate(suit(bottom) * 13 + next) {
                cover += i32::from(self.len[at]) - height as i32 - 1;
            }
        }
        score - cover
    }

    /// Whether the deal is lost from here because a card can never move
    /// again and lies above a card that breaks its spot's bottom run: the
    /// cards under it never change, so "each holding the 13 cards of one
    /// suit in rank order" can never hold for its spot.
    ///
    /// A card is stuck when every card it could go onto (one rank apart,
    /// any suit) lies under a stuck card, in its own spot or another. The
    /// stuck cards are the largest such set: all cards on the spots to
    /// start with, then those with a way out are dropped until none is.
    /// A card still in the stock is a way out (a deal puts it on a top).
    /// An Ace may also go to an empty top-row spot and a King to an empty
    /// bottom-row one, so they are stuck only while every spot of that row
    /// holds a stuck card (a spot under a card that never moves never
    /// empties). The set is exact: were a stuck card ever to move, the
    /// first to move would need a top one rank apart, which lies under a
    /// stuck card that has not moved yet, or an empty spot of its row,
    /// which cannot be while each holds its stuck card.
    pub fn has_stuck_card(&self) -> bool {
        // Cards as bits (the card's code); of each rank, the four cards.
        const fn rank_mask(rank: u8) -> u64 {
            1 << rank | 1 << (rank + 13) | 1 << (rank + 26) | 1 << (rank + 39)
        }
        let mut stuck = 0u64;
        for (card, &(spot, _)) in self.place.iter().enumerate() {
            if spot != NOWHERE {
                stuck |= 1 << card;
            }
        }
        loop {
            // The height of the highest stuck card of each spot: what lies
            // under it never comes up.
            let mut ceiling = [0u8; SPOTS];
            let mut bits = stuck;
            while bits != 0 {
                let (spot, height) = self.place[bits.trailing_zeros() as usize];
                let at = &mut ceiling[usize::from(spot)];
                *at = (*at).max(height);
                bits &= bits - 1;
            }
            // Cards that may still come up: in the stock, or not under a
            // stuck card.
            let mut free = 0u64;
            for (card, &(spot, height)) in self.place.iter().enumerate() {
                if spot == NOWHERE || height >= ceiling[usize::from(spot)] {
                    free |= 1 << card;
                }
            }
            let mut dropped = 0u64;
            for rank in 1..12 {
                if free & (rank_mask(rank - 1) | rank_mask(rank + 1)) != 0 {
                    dropped |= stuck & rank_mask(rank);
                }
            }
            // A row with a spot that holds no stuck card may have an empty
            // spot one day: the top row takes an Ace, the bottom a King.
            let held = spots_holding(stuck, &self.place);
            if free & rank_mask(1) != 0 || held & 0x0F != 0x0F {
                dropped |= stuck & rank_mask(0);
            }
            if free & rank_mask(11) != 0 || held & 0xF0 != 0xF0 {
                dropped |= stuck & rank_mask(12);
            }
            if dropped == 0 {
                break;
            }
            stuck &= !dropped;
        }
        let mut bits = stuck;
        while bits != 0 {
            let (spot, height) = self.place[bits.trailing_zeros() as usize];
            if height >= self.run[usize::from(spot)] {
                return true;
            }
            bits &= bits - 1;
        }
        false
    }

    /// Lists the positions the moves reach before the next deal, breadth
    /// first (at most the pass's `stage_states`), then deals from them best
    /// first and searches on. `discrepancies` is how many choices other
    /// than the best this line may still make. Leaves the spots as they
    /// come: the caller restores its own.
    fn stage(&mut self, discrepancies: u32) -> Option<Vec<Action>> {
        if self.stock_left() == 0 {
            self.segment_left = self.pass.segment;
            // The capped passes search the endgame best first; the last one
            // depth first, which needs no memory beyond the table.
            return if self.pass.segment == u64::MAX {
                self.solve(self.pass.fresh, self.measure())
            } else {
                self.best_first(self.pass.segment)
            };
        }
        if !self.table.visit(self.key()) || self.has_stuck_card() {
            return None;
        }
        let dealt = self.dealt;
        let mut nodes = vec![self.root()];
        let mut next = 0;
        while next < nodes.len() {
            if nodes.len() >= self.pass.stage_states {
                self.table.cut = true;
                break;
            }
            self.restore(&nodes[next].layout);
            for (from, to) in self.legal_moves() {
                let card = self.pop(from);
                self.push(to, card);
                if self.table.visit(self.key()) {
                    nodes.push(self.node(next, from, to));
                }
                self.pop(to);
                self.push(from, card);
            }
            if self.table.exhausted {
                return None;
            }
            next += 1;
        }
        let mut ranked: Vec<(i32, usize)> = nodes
            .iter()
            .enumerate()
            .map(|(i, node)| {
                self.restore(&node.layout);
                self.deal();
                let value = self.measure();
                self.dealt = dealt;
                (value, i)
            })
            .collect();
        ranked.sort_unstable_by_key(|&(value, i)| (std::cmp::Reverse(value), i));
        for (choice, &(_, i)) in ranked.iter().enumerate() {
            let Some(left) = discrepancies.checked_sub(choice as u32) else {
                self.table.cut = true;
                return None;
            };
            self.restore(&nodes[i].layout);
            self.deal();
            let found = self.stage(left);
            self.dealt = dealt;
            if let Some(mut line) = found {
                line.push(Action::Deal);
                moves_back(&nodes, i, &mut line);
                return Some(line);
            }
            if self.table.exhausted {
                return None;
            }
        }
        None
    }

    /// The endgame best first: always the position with the best
    /// [`Search::measure`] met so far (the newest of equals), until a win or
    /// `cap` positions expanded. A failure proves nothing when capped.
    fn best_first(&mut self, cap: u64) -> Option<Vec<Action>> {
        if self.is_won() {
            return Some(Vec::new());
        }
        if !self.table.visit(self.key()) {
            return None;
        }
        let mut nodes = vec![self.root()];
        let mut open = std::collections::BinaryHeap::from([(self.measure() * PROGRESS_WEIGHT, 0u32)]);
        // Moves from the endgame's start to each node: a long way round
        // costs, so the lines stay short.
        let mut depth = vec![0i32];
        let mut expanded = 0;
        while let Some((_, at)) = open.pop() {
            if expanded == cap {
                self.table.cut = true;
                return None;
            }
            expanded += 1;
            self.restore(&nodes[at as usize].layout);
            for (from, to) in self.moves() {
                let card = self.pop(from);
                self.push(to, card);
                if self.is_won() {
                    let mut line = vec![Action::Move {
                        from: from as u8 + 1,
                        to: to as u8 + 1,
                    }];
                    moves_back(&nodes, at as usize, &mut line);
                    return Some(line);
                }
                if self.table.visit(self.key()) {
                    let moves = depth[at as usize] + 1;
                    open.push((self.measure() * PROGRESS_WEIGHT - moves, nodes.len() as u32));
                    nodes.push(self.node(at as usize, from, to));
                    depth.push(moves);
                }
                self.pop(to);
                self.push(from, card);
            }
            if self.table.exhausted {
                return None;
            }
        }
        None
    }

    /// Every legal move (from, to), by spot: while the stock has cards each
    /// empty spot gets its own stock cards, so none is alike.
    fn legal_moves(&self) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        for from in 0..SPOTS {
            let Some(card) = self.top(from) else { continue };
            for to in (0..SPOTS).filter(|&to| to != from) {
                let legal = match self.top(to) {
                    Some(target) => rank(card).abs_diff(rank(target)) == 1,
                    None if to < 4 => rank(card) == 0,
                    None => rank(card) == 12,
                };
                if legal {
                    moves.push((from, to));
                }
            }
        }
        moves
    }

    /// Depth-first: the winning line from here, last action first.
    /// `allowance` is how many more moves may be played before the
    /// [`Search::measure`] beats `record`, its best on the path since the
    /// last deal (`UNLIMITED` never runs out).
    fn solve(&mut self, allowance: u8, record: i32) -> Option<Vec<Action>> {
        if self.is_won() {
            return Some(Vec::new());
        }
        if self.depth >= MAX_DEPTH {
            self.table.cut = true;
            return None;
        }
        if self.segment_left == 0 {
            self.table.cut = true;
            return None;
        }
        if !self.table.visit_with(self.key(), allowance) || self.has_stuck_card() {
            return None;
        }
        self.segment_left -= 1;
        self.depth += 1;
        let found = self.search_children(allowance, record);
        self.depth -= 1;
        found
    }

    /// Plays the move, searches on, and takes it back.
    fn try_move(&mut self, from: usize, to: usize, allowance: u8, record: i32) -> Option<Vec<Action>> {
        let card = self.pop(from);
        self.push(to, card);
        let score = self.measure();
        let found = if score > record {
            self.solve(self.pass.fresh.max(allowance), score)
        } else if allowance == 0 {
            self.table.cut = true;
            None
        } else {
            let next = if allowance == UNLIMITED {
                UNLIMITED
            } else {
                allowance - 1
            };
            self.solve(next, record)
        };
        self.pop(to);
        self.push(from, card);
        found.map(|mut line| {
            line.push(Action::Move {
                from: from as u8 + 1,
                to: to as u8 + 1,
            });
            line
        })
    }

    /// Moves best first.
    fn search_children(&mut self, allowance: u8, record: i32) -> Option<Vec<Action>> {
        for (from, to) in self.moves() {
            if let Some(line) = self.try_move(from, to, allowance, record) {
                return Some(line);
            }
            if self.table.exhausted || self.segment_left == 0 {
                return None;
            }
        }
        None
    }
}

/// The spots that hold a card of `stuck`, a bit each.
fn spots_holding(stuck: u64, place: &[(u8, u8); CARDS]) -> u8 {
    let mut held = 0u8;
    let mut bits = stuck;
    while bits != 0 {
        held |= 1 << place[bits.trailing_zeros() as usize].0;
        bits &= bits - 1;
    }
    held
}

/// Adds to `line` (last action first) the moves that led from the first
/// node to node `at`, last first.
fn moves_back(nodes: &[StageNode], mut at: usize, line: &mut Vec<Action>) {
    while at != 0 {
        let node = &nodes[at];
        line.push(Action::Move {
            from: node.from + 1,
            to: node.to + 1,
        });
        at = node.parent as usize;
    }
}

/// What one unit of the progress measure is worth in moves, in the
/// best-first endgame: a card brought home (64 units) is worth a detour of
/// 256 moves, so lines stay short without losing the wins.
const PROGRESS_WEIGHT: i32 = 4;

/// The limits of one pass of the search.
#[derive(Clone, Copy)]
struct Pass {
    /// The positions each stage lists before it deals.
    stage_states: usize,
    /// How many choices other than the best a line may make, over all its
    /// stages.
    discrepancies: u32,
    /// The allowance after progress in the endgame: this many moves that
    /// are not progress may follow in a row.
    fresh: u8,
    /// The states each endgame may search before the search backs up to
    /// try another way into it.
    segment: u64,
}

/// The first passes look at a few positions of each stage, deal from the
/// best, and give each endgame a few thousand states with one, two, then
/// four moves that are not progress: they find most wins fast but prove
/// nothing when they fail. The last pass has no limit, so only it proves a
/// loss.
const PASSES: [Pass; 4] = [
    Pass {
        stage_states: 300,
        discrepancies: 2,
        fresh: 1,
        segment: 10_000,
    },
    Pass {
        stage_states: 2_000,
        discrepancies: 6,
        fresh: 2,
        segment: 40_000,
    },
    Pass {
        stage_states: 20_000,
        discrepancies: 24,
        fresh: 4,
        segment: 200_000,
    },
    Pass {
        stage_states: usize::MAX,
        discrepancies: u32::MAX,
        fresh: UNLIMITED,
        segment: u64::MAX,
    },
];
const UNLIMITED: u8 = u8::MAX;

/// Solves an Anthill position (the start of a deal or a game in progress)
/// within `budget` states.
pub fn solve(game: &Anthill, budget: u64) -> Solved<Action> {
    if let Some(outcome) = game.outcome() {
        return Solved::finished(&outcome);
    }
    let mut search = Search::new(game, budget);
    let sealed = sealed::lost_by_a_later_deal(&search.stock[search.dealt..]);
    search.table.count(sealed.positions);
    if sealed.lost {
        return search.table.solved(game, None);
    }
    let (start, dealt) = (search.layout(), search.dealt);
    let line = super::deep_stack(|| {
        for pass in PASSES {
            search.pass = pass;
            search.table.next_pass();
            search.restore(&start);
            search.dealt = dealt;
            let line = search.stage(pass.discrepancies);
            if line.is_some() || search.table.exhausted || !search.table.cut {
                return line;
            }
        }
        None
    });
    search.table.solved(game, line)
}

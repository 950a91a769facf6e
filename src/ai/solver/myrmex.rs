//! The Myrmex solver and the hint for closed deals.
//!
//! [`solve`] is exact for a deal it can see whole: it reads every card,
//! face-down ones and the stock included, so it is meant for the open levels
//! (larval, open major and queen), the command line and daily deals. A win
//! is a full victory: six chambers. It searches best first, guided by
//! chambers, cards resting on the card one rank above in a shared suit,
//! empty piles and the stock left: that finds short lines (a hint then
//! points somewhere sensible), and when no position is left to search the
//! deal is proved lost.
//!
//! [`suggest`] is the best-effort hint for closed deals. It is built from the
//! [`View`] alone, so it cannot depend on a face-down card or on the stock:
//! a face-down card is an unknown card that cannot move or take a move, and
//! the search never restocks. It looks a bounded number of positions ahead
//! and names the first move towards the best one it found (chambers, then
//! cards turned face up, then empty piles and long groups).
//!
//! Symmetry: once the stock is empty the eight piles are interchangeable, so
//! the key sorts the pile hashes; the two copies of a card are alike, since
//! the key hashes card codes, not card instances.

use super::{checked, mix64, pack_piles, zobrist, Solved, Table};
use crate::rules::cards::{DecktetCard, MyrmexLevel};
use crate::rules::myrmex::{rank_index, sequence_len, Action, Myrmex, View, CHAMBERS, PILES};
use crate::rules::patience::Patience;

/// Room for the tallest pile a game can build.
const HEIGHT: usize = 72;
/// The code of a card the player cannot see.
const UNKNOWN: u8 = 44;
const CODES: usize = 45;

static ZOBRIST: [[u64; HEIGHT]; CODES] = zobrist(0x3F2_7E5);

/// Rank index and suit bits of each card code for one level.
struct Cards {
    rank: [u8; CODES],
    suits: [u8; CODES],
    sequence: u8,
}

impl Cards {
    fn new(level: MyrmexLevel) -> Cards {
        let mut cards = Cards {
            rank: [u8::MAX; CODES],
            suits: [0; CODES],
            sequence: sequence_len(level) as u8,
        };
        for (i, card) in DecktetCard::ALL.iter().enumerate() {
            cards.rank[i] = rank_index(level, card.rank()) as u8;
            cards.suits[i] = card.suits().iter().fold(0u8, |bits, suit| bits | 1 << suit as u8);
        }
        cards
    }
}

fn code(card: DecktetCard) -> u8 {
    DecktetCard::ALL
        .iter()
        .position(|&c| c == card)
        .expect("a Decktet card") as u8
}

/// A tableau: piles of card codes, each with its face-down cards at the
/// bottom.
#[derive(Clone, Copy)]
struct Board {
    piles: [[u8; HEIGHT]; PILES],
    len: [u8; PILES],
    down: [u8; PILES],
    dealt: u8,
    chambers: u8,
    /// Cards turned face up since the search began.
    flips: u8,
}

/// A move: `count` cards from pile `from` to pile `to` (0-based).
#[derive(Clone, Copy, Debug)]
struct Move {
    from: usize,
    to: usize,
    count: usize,
}

impl Board {
    fn top(&self, p: usize) -> Option<u8> {
        let len = usize::from(self.len[p]);
        (len > 0).then(|| self.piles[p][len - 1])
    }

    /// The largest group at the top of pile `p`.
    fn group(&self, cards: &Cards, p: usize) -> usize {
        let len = usize::from(self.len[p]);
        let down = usize::from(self.down[p]);
        if len <= down || self.piles[p][len - 1] == UNKNOWN {
            return 0;
        }
        let top = self.piles[p][len - 1];
        let (mut common, mut rank) = (cards.suits[usize::from(top)], cards.rank[usize::from(top)]);
        let mut group = 1;
        for i in (down..len - 1).rev() {
            let c = usize::from(self.piles[p][i]);
            if c == usize::from(UNKNOWN) || cards.rank[c] != rank + 1 || common & cards.suits[c] == 0 {
                break;
            }
            common &= cards.suits[c];
            rank += 1;
            group += 1;
        }
        group
    }

    fn moves(&self, cards: &Cards) -> Vec<Move> {
        let mut moves = Vec::new();
        for from in 0..PILES {
            let group = self.group(cards, from);
            if group == 0 {
                continue;
            }
            let have = cards.rank[usize::from(self.top(from).expect("a group"))];
            for to in 0..PILES {
                if to == from {
                    continue;
                }
                match self.top(to) {
                    None => moves.extend((1..=group).map(|count| Move { from, to, count })),
                    Some(UNKNOWN) => {}
                    Some(target) => {
                        let wanted = cards.rank[usize::from(target)];
                        if wanted > have && usize::from(wanted - have) <= group {
                            let count = usize::from(wanted - have);
                            moves.push(Move { from, to, count });
                        }
                    }
                }
            }
        }
        moves
    }

    /// Turns up a face-down top card of pile `p`.
    fn flip(&mut self, p: usize) {
        if self.len[p] > 0 && self.len[p] == self.down[p] {
            self.down[p] -= 1;
            self.flips += 1;
        }
    }

    /// Removes full sequences from the top of every pile.
    fn remove_chambers(&mut self, cards: &Cards) {
        for p in 0..PILES {
            while self.group(cards, p) >= usize::from(cards.sequence) {
                self.len[p] -= cards.sequence;
                self.chambers += 1;
                self.flip(p);
            }
        }
    }

    fn play(&mut self, cards: &Cards, m: Move) {
        let (from_len, to_len) = (usize::from(self.len[m.from]), usize::from(self.len[m.to]));
        for i in 0..m.count {
            self.piles[m.to][to_len + i] = self.piles[m.from][from_len - m.count + i];
        }
        self.len[m.from] -= m.count as u8;
        self.len[m.to] += m.count as u8;
        self.flip(m.from);
        self.remove_chambers(cards);
    }

    fn deal(&mut self, cards: &Cards, stock: &[u8]) {
        let start = usize::from(self.dealt);
        let n = (stock.len() - start).min(PILES);
        for (p, &card) in stock[start..start + n].iter().enumerate() {
            self.piles[p][usize::from(self.len[p])] = card;
            self.len[p] += 1;
        }
        self.dealt += n as u8;
        self.remove_chambers(cards);
    }

    fn pile_hash(&self, p: usize) -> u64 {
        let len = usize::from(self.len[p]);
        let cards = self.piles[p][..len].iter().enumerate();
        cards.fold(mix64(u64::from(self.down[p])), |h, (i, &c)| {
            h ^ ZOBRIST[usize::from(c)][i]
        })
    }

    /// The canonical key: piles in order while the stock lasts (each pile
    /// gets its own stock cards), sorted once it is empty.
    fn key(&self, stock_left: bool) -> u128 {
        let mut hashes: [u64; PILES] = std::array::from_fn(|p| self.pile_hash(p));
        if !stock_left {
            hashes.sort_unstable();
        }
        let a = hashes[..4].iter().fold(0u64, |h, &x| mix64(h ^ x));
        let b = hashes[4..]
            .iter()
            .fold(u64::from(self.dealt), |h, &x| mix64(h ^ x));
        u128::from(a) << 64 | u128::from(b)
    }

    /// How promising a position looks, from what is visible: chambers, then
    /// cards turned up, empty piles and cards in groups.
    fn promise(&self, cards: &Cards) -> i64 {
        let empties = self.len.iter().filter(|&&l| l == 0).count() as i64;
        let grouped: i64 = (0..PILES)
            .map(|p| self.group(cards, p) as i64 - 1)
            .filter(|&g| g > 0)
            .sum();
        i64::from(self.chambers) * 10_000 + i64::from(self.flips) * 300 + empties * 60 + grouped * 20
    }

    /// The best-first search's guide: chambers first, then cards resting on
    /// a card one rank above that shares a suit with them (anywhere in a
    /// pile, as a future group), empty piles, and cards still to deal.
    fn guide(&self, cards: &Cards, stock: usize) -> i64 {
        let mut links = 0;
        for p in 0..PILES {
            let len = usize::from(self.len[p]);
            let pile = &self.piles[p][usize::from(self.down[p])..len];
            for pair in pile.windows(2) {
                let (below, above) = (usize::from(pair[0]), usize::from(pair[1]));
                if cards.rank[below] == cards.rank[above] + 1 && cards.suits[below] & cards.suits[above] != 0
                {
                    links += 1;
                }
            }
        }
        let empties = self.len.iter().filter(|&&l| l == 0).count() as i64;
        let undealt = (stock - usize::from(self.dealt)) as i64;
        i64::from(self.chambers) * 1_000
            + i64::from(self.flips) * 40
            + links * 10
            + empties * 15
            + undealt * 5
    }

    /// The board as a few bytes: the piles one after another.
    fn pack(&self) -> Packed {
        let mut cards = [0; HEIGHT];
        pack_piles(&self.piles, &self.len, &mut cards);
        Packed {
            cards,
            len: self.len,
            down: self.down,
            dealt: self.dealt,
            chambers: self.chambers,
            flips: self.flips,
        }
    }

    /// The rules' notation for a move.
    fn action(&self, m: Move) -> Action {
        let (from, to) = (m.from as u8 + 1, m.to as u8 + 1);
        if self.len[m.to] == 0 {
            Action::to_empty(from, m.count as u8, to)
        } else {
            Action::onto(from, to)
        }
    }
}

/// A board packed for the best-first search's open list.
struct Packed {
    cards: [u8; HEIGHT],
    len: [u8; PILES],
    down: [u8; PILES],
    dealt: u8,
    chambers: u8,
    flips: u8,
}

impl Packed {
    fn unpack(&self) -> Board {
        let mut board = empty_board();
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
        board.flips = self.flips;
        board
    }
}

/// A position the best-first search met, and how: its parent and the
/// action from there.
struct Node {
    board: Packed,
    parent: u32,
    action: Action,
}

/// The exact search, best first.
struct Search<'a> {
    cards: &'a Cards,
    stock: Vec<u8>,
    table: Table,
}

impl Search<'_> {
    /// Best first: always the position with the best [`Board::guide`] met
    /// so far (the newest of equals), moves and the restock alike, until
    /// six chambers, the budget, or no position is left (then the deal is
    /// lost: every reachable position was searched).
    fn best_first(&mut self, root: &Board) -> Option<Vec<Action>> {
        if usize::from(root.chambers) == CHAMBERS {
            return Some(Vec::new());
        }
        let stock = self.stock.len();
        if !self.table.visit(root.key(usize::from(root.dealt) < stock)) {
            return None;
        }
        let mut nodes = vec![Node {
            board: root.pack(),
            parent: u32::MAX,
            action: Action::Deal,
        }];
        let mut open = std::collections::BinaryHeap::from([(root.guide(self.cards, stock), 0u32)]);
        while let Some((_, at)) = open.pop() {
            let board = nodes[at as usize].board.unpack();
            let mut children: Vec<(Action, Board)> = board
                .moves(self.cards)
                .into_iter()
                .map(|m| {
                    let mut next = board;
                    next.play(self.cards, m);
                    (board.action(m), next)
                })
                .collect();
            if usize::from(board.dealt) < stock {
                let mut next = board;
                next.deal(self.cards, &self.stock);
                children.push((Action::Deal, next));
            }
            for (action, next) in children {
                if usize::from(next.chambers) == CHAMBERS {
                    let mut line = vec![action];
                    let mut back = at as usize;
                    while back != 0 {
                        line.push(nodes[back].action);
                        back = nodes[back].parent as usize;
                    }
                    return Some(line);
                }
                if self.table.visit(next.key(usize::from(next.dealt) < stock)) {
                    open.push((next.guide(self.cards, stock), nodes.len() as u32));
                    nodes.push(Node {
                        board: next.pack(),
                        parent: at,
                        action,
                    });
                }
            }
            if self.table.exhausted {
                return None;
            }
        }
        None
    }
}

fn empty_board() -> Board {
    Board {
        piles: [[0; HEIGHT]; PILES],
        len: [0; PILES],
        down: [0; PILES],
        dealt: 0,
        chambers: 0,
        flips: 0,
    }
}

/// Solves a Myrmex deal or game in progress within `budget` states, seeing
/// every card (see the module notes). Won means six chambers.
pub fn solve(game: &Myrmex, budget: u64) -> Solved<Action> {
    if let Some(outcome) = game.outcome() {
        return Solved::finished(&outcome);
    }
    let cards = Cards::new(game.level());
    let (piles, stock) = game.hidden_layout();
    let mut board = empty_board();
    board.chambers = game.chambers().len() as u8;
    for (p, pile) in piles.iter().enumerate() {
        for (i, &(card, up)) in pile.iter().enumerate() {
            board.piles[p][i] = code(card);
            if !up {
                board.down[p] = i as u8 + 1;
            }
        }
        board.len[p] = pile.len() as u8;
    }
    let mut search = Search {
        cards: &cards,
        stock: stock.into_iter().map(code).collect(),
        table: Table::new(budget),
    };
    let line = search.best_first(&board);
    let solved = Solved {
        verdict: search.table.verdict(line),
        states: search.table.states(),
    };
    checked(game, solved)
}

/// The best-effort hint from what the player sees (see the module notes):
/// a move, `deal` when no move looks useful and the stock has cards, or
/// `None` when neither is open.
pub fn suggest(view: &View, budget: u64) -> Option<Action> {
    if view.outcome.is_some() {
        return None;
    }
    let cards = Cards::new(view.level);
    let mut board = empty_board();
    board.chambers = view.chambers.len() as u8;
    for (p, pile) in view.piles.iter().enumerate() {
        for (i, card) in pile.cards.iter().enumerate() {
            board.piles[p][i] = card.map_or(UNKNOWN, code);
        }
        board.down[p] = pile.cards.iter().take_while(|c| c.is_none()).count() as u8;
        board.len[p] = pile.cards.len() as u8;
    }
    let mut look = Lookahead {
        cards: &cards,
        table: Table::new(budget),
        best: (board.promise(&cards), None),
    };
    for m in board.moves(&cards) {
        let mut next = board;
        next.play(&cards, m);
        look.explore(&next, board.action(m), 1);
        if look.table.exhausted {
            break;
        }
    }
    look.best.1.or((view.stock > 0).then_some(Action::Deal))
}

/// Depth-limited look-ahead over moves only.
struct Lookahead<'a> {
    cards: &'a Cards,
    table: Table,
    /// The best promise seen and the first move towards it.
    best: (i64, Option<Action>),
}

impl Lookahead<'_> {
    const DEPTH: usize = 12;

    fn explore(&mut self, board: &Board, first: Action, depth: usize) {
        if !self.table.visit(board.key(false)) {
            return;
        }
        let promise = board.promise(self.cards);
        if promise > self.best.0 {
            self.best = (promise, Some(first));
        }
        if depth >= Self::DEPTH {
            return;
        }
        for m in board.moves(self.cards) {
            let mut next = *board;
            next.play(self.cards, m);
            self.explore(&next, first, depth + 1);
            if self.table.exhausted {
                return;
            }
        }
    }
}

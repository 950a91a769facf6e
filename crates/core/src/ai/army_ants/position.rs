//! The engine's own position: bitboards over the 40 squares (bit = rank * 5 +
//! file, as `Square::index`), fast move generation and copy-make.
//!
//! It mirrors `rules::army_ants` exactly (the property test in
//! crates/core/tests/rules/ai_army_ants.rs checks it against `legal_actions` on
//! playouts), but holds only what a search needs.

use crate::rules::army_ants::{
    Action, ArmyAnts, Card, Line, Phase, Side, Square, RALLY_TURNS, RED_AGGRESSION_TURNS,
};
use std::collections::HashSet;

pub const FULL: u64 = (1 << 40) - 1;
const FILE_A: u64 = 0x0008_4210_8421;
const FILE_E: u64 = FILE_A << 4;
/// Red's territory: rows 1-4.
const RED_HALF: u64 = (1 << 20) - 1;
const BLACK_HALF: u64 = FULL & !RED_HALF;

pub fn north(b: u64) -> u64 {
    (b << 5) & FULL
}
pub fn south(b: u64) -> u64 {
    b >> 5
}
pub fn east(b: u64) -> u64 {
    (b & !FILE_E) << 1
}
pub fn west(b: u64) -> u64 {
    (b & !FILE_A) >> 1
}
pub fn neighbours(b: u64) -> u64 {
    north(b) | south(b) | east(b) | west(b)
}

/// Moves every bit of a bitboard one square in one direction.
pub type Shift = fn(u64) -> u64;

/// The four directions as (shift function, signed square step).
pub const DIRS: [(Shift, i8); 4] = [(north, 5), (east, 1), (south, -5), (west, -1)];

/// The first occupied square seen from `sq` along a direction, as its bit;
/// 0 when the line runs off the board without meeting one.
#[inline]
pub fn first_occupied(shift: Shift, sq: usize, occupied: u64) -> u64 {
    let mut b = 1u64 << sq;
    loop {
        b = shift(b);
        if b == 0 || b & occupied != 0 {
            return b;
        }
    }
}

pub fn territory(side: usize) -> u64 {
    if side == 0 {
        RED_HALF
    } else {
        BLACK_HALF
    }
}

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    MoveOut,
    /// `from`/`to` are the first squares (lowest index) of the line before
    /// and after; `len` cards, `vertical` line.
    March,
    /// `from` is the lower square.
    Swap,
    Attack,
    Favor,
    Pass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub kind: Kind,
    pub from: u8,
    pub to: u8,
    pub len: u8,
    pub vertical: bool,
}

impl Move {
    pub const PASS: Move = Move::simple(Kind::Pass, 0, 0);
    pub const FAVOR: Move = Move::simple(Kind::Favor, 0, 0);

    const fn simple(kind: Kind, from: u8, to: u8) -> Move {
        Move {
            kind,
            from,
            to,
            len: 1,
            vertical: false,
        }
    }

    /// The line's squares as a bit mask, from its first square.
    fn line_mask(first: u8, len: u8, vertical: bool) -> u64 {
        let step = if vertical { 5 } else { 1 };
        (0..len).fold(0, |m, i| m | 1u64 << (first + i * step))
    }

    /// The same move in the rules' terms.
    pub fn to_action(self) -> Action {
        let sq = |i: u8| Square::from_index(i as usize);
        match self.kind {
            Kind::MoveOut => Action::MoveOut {
                from: sq(self.from),
                to: sq(self.to),
            },
            Kind::Attack => Action::Attack {
                from: sq(self.from),
                to: sq(self.to),
            },
            Kind::Swap => Action::swap(sq(self.from), sq(self.to)),
            Kind::March => {
                let step = if self.vertical { 5 } else { 1 };
                let last = |first: u8| sq(first + (self.len - 1) * step);
                let line = |first: u8| Line::new(sq(first), last(first)).expect("a line");
                Action::March {
                    from: line(self.from),
                    to: line(self.to),
                }
            }
            Kind::Favor => Action::Favor,
            Kind::Pass => Action::Pass,
        }
    }
}

/// How a position ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Win(usize),
    Draw,
}

/// Zobrist keys, built at compile time from SplitMix64.
struct Keys {
    piece: [[[u64; 40]; 10]; 2],
    black_to_move: u64,
    rally: [[u64; 6]; 2],
    repeats: [u64; 8],
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const KEYS: Keys = {
    let mut keys = Keys {
        piece: [[[0; 40]; 10]; 2],
        black_to_move: 0,
        rally: [[0; 6]; 2],
        repeats: [0; 8],
    };
    let mut state = 0x41_4e_54_49_43_53;
    let mut side = 0;
    while side < 2 {
        let mut v = 0;
        while v < 10 {
            let mut sq = 0;
            while sq < 40 {
                let (s, z) = splitmix(state);
                state = s;
                keys.piece[side][v][sq] = z;
                sq += 1;
            }
            v += 1;
        }
        let mut r = 0;
        while r < 6 {
            let (s, z) = splitmix(state);
            state = s;
            keys.rally[side][r] = z;
            r += 1;
        }
        side += 1;
    }
    let (s, z) = splitmix(state);
    state = s;
    keys.black_to_move = z;
    let mut r = 0;
    while r < 8 {
        let (s, z) = splitmix(state);
        state = s;
        keys.repeats[r] = z;
        r += 1;
    }
    keys
};

/// The [`Pos::army_key`] of `side`'s cards as `card(square)` gives them.
pub fn army_key(side: usize, card: impl Fn(usize) -> Option<u8>) -> u64 {
    (0..40)
        .filter_map(|sq| card(sq).map(|v| KEYS.piece[side][v as usize][sq]))
        .fold(0, |k, z| k ^ z)
}

/// A position for the search. Copy-make: `play` returns a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Cards of Red and of Black.
    pub occ: [u64; 2],
    /// Both Queens.
    pub queens: u64,
    /// Card value on each occupied square (Queen 0).
    pub vals: [u8; 40],
    pub to_move: usize,
    /// Rally turns left per side; the battle when both are 0.
    pub rally: [u8; 2],
    pub favor_allowed: bool,
    /// Turns in a row that ended in a repeated battle position.
    pub repeats: u8,
    /// Zobrist key of the board and side to move: what repetition compares.
    pub board_key: u64,
    pub end: Option<End>,
}

impl Pos {
    /// The engine position of a game the rules module holds (not while
    /// deploying), and the battle positions seen so far as board keys.
    pub fn from_game(game: &ArmyAnts) -> (Pos, HashSet<u64>) {
        let board = game.board();
        let mut pos = Pos {
            occ: [0; 2],
            queens: 0,
            vals: [0; 40],
            to_move: 0,
            rally: [0; 2],
            // Only Total Deployment (one deploy of all four rows) forbids it.
            favor_allowed: !game
                .record()
                .iter()
                .any(|(_, a)| matches!(a, Action::Deploy(rows) if rows.len() == 4)),
            repeats: game.repeated_turns(),
            board_key: 0,
            end: None,
        };
        for (sq, piece) in board.pieces() {
            pos.put(piece.side.index(), piece.card.value(), sq.index());
        }
        pos.queens = board
            .pieces()
            .filter(|(_, p)| p.card == Card::Queen)
            .fold(0, |m, (sq, _)| m | 1u64 << sq.index());
        if let Phase::Rally { red, black } = game.phase() {
            pos.rally = [red, black];
        }
        let to_move = match game.status() {
            crate::rules::army_ants::Status::ToMove(side) => side,
            _ => game.view(None).side_to_move,
        };
        pos.to_move = to_move.index();
        if to_move == Side::Black {
            pos.board_key ^= KEYS.black_to_move;
        }
        let seen = game
            .battle_positions()
            .map(|(key, side)| {
                let mut h = if side == Side::Black {
                    KEYS.black_to_move
                } else {
                    0
                };
                for (sq, &code) in key.iter().enumerate() {
                    if code > 0 {
                        let code = code - 1;
                        h ^= KEYS.piece[(code / 10) as usize][(code % 10) as usize][sq];
                    }
                }
                h
            })
            .collect();
        (pos, seen)
    }

    fn put(&mut self, side: usize, value: u8, sq: usize) {
        self.occ[side] |= 1 << sq;
        self.vals[sq] = value;
        self.board_key ^= KEYS.piece[side][value as usize][sq];
    }

    fn take(&mut self, side: usize, sq: usize) -> u8 {
        let value = self.vals[sq];
        self.occ[side] &= !(1 << sq);
        self.board_key ^= KEYS.piece[side][value as usize][sq];
        value
    }

    pub fn battle(&self) -> bool {
        self.rally == [0, 0]
    }

    pub fn empty(&self) -> u64 {
        FULL & !(self.occ[0] | self.occ[1])
    }

    /// A key of where `side`'s cards stand (square and value), whatever the
    /// other army does: in the rally only its own moves change it.
    pub fn army_key(&self, side: usize) -> u64 {
        army_key(side, |sq| {
            (self.occ[side] & (1 << sq) != 0).then_some(self.vals[sq])
        })
    }

    pub fn queen(&self, side: usize) -> Option<usize> {
        let q = self.queens & self.occ[side];
        (q != 0).then(|| q.trailing_zeros() as usize)
    }

    /// The key the transposition table uses: board, side, phase, repeats.
    pub fn key(&self) -> u64 {
        let mut k = self.board_key ^ KEYS.repeats[self.repeats.min(7) as usize];
        k ^= KEYS.rally[0][self.rally[0] as usize] ^ KEYS.rally[1][self.rally[1] as usize];
        if !self.favor_allowed {
            k = !k;
        }
        k
    }

    /// Where the moves of the side to move may go (its own half in the rally).
    fn allowed(&self) -> u64 {
        if self.battle() {
            FULL
        } else {
            territory(self.to_move)
        }
    }

    fn favor_available(&self) -> bool {
        let side = self.to_move;
        let (front, centre) = if side == 0 { (3, 2) } else { (4, 37) };
        self.favor_allowed
            && self.rally[side] == RALLY_TURNS
            && self.empty() & (1 << centre) != 0
            && self.queen(side).is_some_and(|q| q / 5 == front)
    }

    /// Whether an enemy card could take `side`'s Queen now: the first card
    /// on one of her lines is an enemy numbered card (any of them may).
    pub fn queen_attacked(&self, side: usize) -> bool {
        let Some(q) = self.queen(side) else {
            return false;
        };
        let occupied = self.occ[0] | self.occ[1];
        let enemy = self.occ[1 - side] & !self.queens;
        DIRS.iter()
            .any(|(shift, _)| first_occupied(*shift, q, occupied) & enemy != 0)
    }

    /// The same battle position with the other side to move (a null move,
    /// for the search's pruning only: the rules have no such thing).
    pub fn null_move(&self) -> Pos {
        let mut p = *self;
        p.set_to_move(1 - self.to_move);
        p
    }

    /// Every legal move of the side to move (no pass), into `out`.
    pub fn generate(&self, out: &mut Vec<Move>) {
        if self.end.is_some() {
            return;
        }
        let side = self.to_move;
        let own = self.occ[side];
        let empty = self.empty();
        let allowed = self.allowed();
        if !self.battle() && self.favor_available() {
            out.push(Move::FAVOR);
        }
        let free = empty & allowed;
        // Move Out!: flood fill through empty squares.
        let mut cards = own;
        while cards != 0 {
            let from = cards.trailing_zeros() as u8;
            cards &= cards - 1;
            let mut reach = neighbours(1 << from) & free;
            loop {
                let more = reach | (neighbours(reach) & free);
                if more == reach {
                    break;
                }
                reach = more;
            }
            while reach != 0 {
                let to = reach.trailing_zeros() as u8;
                reach &= reach - 1;
                out.push(Move::simple(Kind::MoveOut, from, to));
            }
        }
        // March!: every segment of two or more own cards, in rows and columns.
        let mut starts = own;
        while starts != 0 {
            let first = starts.trailing_zeros() as u8;
            starts &= starts - 1;
            for vertical in [false, true] {
                let shift: fn(u64) -> u64 = if vertical { north } else { east };
                let mut mask = 1u64 << first;
                let mut tip = 1u64 << first;
                let mut len = 1;
                loop {
                    tip = shift(tip);
                    if tip & own == 0 {
                        break;
                    }
                    mask |= tip;
                    len += 1;
                    self.marches(mask, first, len, vertical, free | (mask & allowed), out);
                }
            }
        }
        // Swap!: adjacent own cards (both inside the allowed area); `a` is
        // the lower square, its east or north neighbour the other.
        let mine = own & allowed;
        for (pairs, step) in [(west(mine) & mine, 1), (south(mine) & mine, 5)] {
            let mut pairs = pairs;
            while pairs != 0 {
                let a = pairs.trailing_zeros() as u8;
                pairs &= pairs - 1;
                out.push(Move::simple(Kind::Swap, a, a + step));
            }
        }
        // Attack!: battle only, never with the Queen.
        self.attacks(out);
    }

    /// The Attack! moves of the side to move (none in the rally).
    pub fn attacks(&self, out: &mut Vec<Move>) {
        if !self.battle() || self.end.is_some() {
            return;
        }
        let side = self.to_move;
        let own = self.occ[side];
        let enemy = self.occ[1 - side];
        let occupied = own | enemy;
        let mut attackers = own & !self.queens;
        while attackers != 0 {
            let from = attackers.trailing_zeros() as u8;
            attackers &= attackers - 1;
            let value = self.vals[from as usize];
            for (shift, _) in DIRS {
                let sq = first_occupied(shift, from as usize, occupied);
                let to = sq.trailing_zeros() as u8;
                if sq & enemy != 0 && (sq & self.queens != 0 || self.vals[to as usize] <= value) {
                    out.push(Move::simple(Kind::Attack, from, to));
                }
            }
        }
    }

    /// The marches of one line (`mask`, starting at `first`): every
    /// distance in every direction through `passable` squares (empty or its
    /// own, inside the allowed area).
    fn marches(&self, mask: u64, first: u8, len: u8, vertical: bool, passable: u64, out: &mut Vec<Move>) {
        for (shift, delta) in DIRS {
            let mut current = mask;
            let mut offset: i8 = 0;
            loop {
                let next = shift(current);
                // A card fell off the board or hit something.
                if next.count_ones() != len as u32 || next & !passable != 0 {
                    break;
                }
                offset += delta;
                out.push(Move {
                    kind: Kind::March,
                    from: first,
                    to: (first as i8 + offset) as u8,
                    len,
                    vertical,
                });
                current = next;
            }
        }
    }

    /// Legal moves, or a lone pass when there are none (the rules pass
    /// automatically).
    pub fn moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.generate(out);
        if out.is_empty() && self.end.is_none() {
            out.push(Move::PASS);
        }
    }

    /// Whether a move is an attack (captures are what quiescence searches).
    pub fn is_capture(m: Move) -> bool {
        m.kind == Kind::Attack
    }

    /// Plays a legal move. `seen` says whether a battle position (by board
    /// key) occurred before, for Red Aggression.
    pub fn play(&self, m: Move, seen: impl Fn(u64) -> bool) -> Pos {
        let mut p = *self;
        let side = self.to_move;
        let enemy = 1 - side;
        match m.kind {
            Kind::MoveOut => {
                let v = p.take(side, m.from as usize);
                p.put(side, v, m.to as usize);
                if self.queens & (1 << m.from) != 0 {
                    p.queens ^= (1 << m.from) | (1 << m.to);
                }
            }
            Kind::March => {
                let step = if m.vertical { 5 } else { 1 };
                let mut vals = [0u8; 8];
                let from_mask = Move::line_mask(m.from, m.len, m.vertical);
                let queen_in = self.queens & from_mask;
                for i in 0..m.len {
                    vals[i as usize] = p.take(side, (m.from + i * step) as usize);
                }
                for i in 0..m.len {
                    p.put(side, vals[i as usize], (m.to + i * step) as usize);
                }
                if queen_in != 0 {
                    let idx = queen_in.trailing_zeros() as i32;
                    let moved = idx + m.to as i32 - m.from as i32;
                    p.queens ^= queen_in | (1 << moved);
                }
            }
            Kind::Swap => {
                let (a, b) = (m.from as usize, m.to as usize);
                let va = p.take(side, a);
                let vb = p.take(side, b);
                p.put(side, vb, a);
                p.put(side, va, b);
                let qa = self.queens & (1 << a) != 0;
                let qb = self.queens & (1 << b) != 0;
                if qa != qb {
                    p.queens ^= (1 << a) | (1 << b);
                }
            }
            Kind::Attack => {
                let (from, to) = (m.from as usize, m.to as usize);
                let attacker = p.take(side, from);
                if self.queens & (1 << to) != 0 {
                    p.take(enemy, to);
                    p.queens &= !(1 << to);
                    p.put(side, attacker, to);
                    p.end = Some(End::Win(side));
                    // The loser is "to move" at the end: scores read from there.
                    p.set_to_move(enemy);
                } else {
                    let target = p.take(enemy, to);
                    if attacker > target {
                        p.put(side, attacker, to);
                    }
                }
            }
            Kind::Favor => {
                let q = self.queen(side).expect("favor needs the Queen");
                let centre = if side == 0 { 2 } else { 37 };
                p.take(side, q);
                p.put(side, 0, centre);
                p.queens ^= (1 << q) | (1 << centre);
            }
            Kind::Pass => {}
        }
        if p.end.is_some() {
            return p;
        }
        p.end_turn(m, seen);
        p
    }

    fn set_to_move(&mut self, side: usize) {
        if side != self.to_move {
            self.board_key ^= KEYS.black_to_move;
            self.to_move = side;
        }
    }

    fn end_turn(&mut self, m: Move, seen: impl Fn(u64) -> bool) {
        let side = self.to_move;
        if !self.battle() {
            let mut left = self.rally;
            left[side] = if m.kind == Kind::Favor { 0 } else { left[side] - 1 };
            if left[1 - side] > 0 {
                self.set_to_move(1 - side);
            } else if left[side] > 0 {
                self.set_to_move(side);
            }
            self.rally = left;
            if left == [0, 0] {
                self.set_to_move(0);
                self.repeats = 0;
            }
            return;
        }
        self.set_to_move(1 - side);
        let numbered = |s: usize| self.occ[s] & !self.queens;
        if numbered(0) == 0 && numbered(1) == 0 {
            self.end = Some(End::Draw);
            return;
        }
        if seen(self.board_key) {
            self.repeats += 1;
            if self.repeats >= RED_AGGRESSION_TURNS {
                self.end = Some(End::Win(1));
            }
        } else {
            self.repeats = 0;
        }
    }
}

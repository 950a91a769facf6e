//! The Army Ants board: squares, sides, cards and the 5x8 grid.

use serde::{Deserialize, Serialize};
use std::fmt;

pub const FILES: u8 = 5;
pub const RANKS: u8 = 8;
pub const SQUARES: usize = (FILES * RANKS) as usize;

/// One of the two armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Red,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::Black];

    pub fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Side::Red => 'r',
            Side::Black => 'b',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "Red",
            Side::Black => "Black",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The row (0-based rank) of this side's front and back rows.
    pub fn front_rank(self) -> u8 {
        match self {
            Side::Red => 3,
            Side::Black => 4,
        }
    }

    pub fn back_rank(self) -> u8 {
        match self {
            Side::Red => 0,
            Side::Black => 7,
        }
    }

    /// The empty back-row centre square of the deal (c1 or c8).
    pub fn back_centre(self) -> Square {
        Square::new(2, self.back_rank()).expect("on the board")
    }

    /// Whether a square lies in this side's territory (Red rows 1-4, Black 5-8).
    pub fn owns(self, sq: Square) -> bool {
        match self {
            Side::Red => sq.rank() < 4,
            Side::Black => sq.rank() >= 4,
        }
    }

    /// The side's deployment rows, front first: 0 is the front row.
    pub fn deploy_rank(self, row: usize) -> u8 {
        match self {
            Side::Red => 3 - row as u8,
            Side::Black => 4 + row as u8,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Per-side storage, indexed by [`Side`] rather than by a number.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySide<T> {
    pub red: T,
    pub black: T,
}

impl<T> BySide<T> {
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::Red => &self.red,
            Side::Black => &self.black,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Red => &mut self.red,
            Side::Black => &mut self.black,
        }
    }
}

/// A card of an army: the Queen, or a group of 1 to 9 ants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    Queen,
    Ants(u8),
}

impl Card {
    /// The value used for attacks: the Queen is the lowest.
    pub fn value(self) -> u8 {
        match self {
            Card::Queen => 0,
            Card::Ants(n) => n,
        }
    }

    pub fn is_queen(self) -> bool {
        self == Card::Queen
    }

    /// `1`..`9` or `Q`.
    pub fn symbol(self) -> char {
        match self {
            Card::Queen => 'Q',
            Card::Ants(n) => (b'0' + n) as char,
        }
    }

    pub fn from_symbol(c: char) -> Option<Card> {
        match c.to_ascii_uppercase() {
            'Q' => Some(Card::Queen),
            'A' => Some(Card::Ants(1)),
            '1'..='9' => Some(Card::Ants(c as u8 - b'0')),
            _ => None,
        }
    }

    /// One army: Ace to 9 twice, and the Queen (19 cards), in a fixed order.
    pub fn army() -> Vec<Card> {
        let mut cards: Vec<Card> = (1..=9).flat_map(|n| [Card::Ants(n), Card::Ants(n)]).collect();
        cards.push(Card::Queen);
        cards
    }
}

/// A card on the board: whose it is and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub side: Side,
    pub card: Card,
}

impl Piece {
    pub fn new(side: Side, card: Card) -> Piece {
        Piece { side, card }
    }

    /// The two-character position form: `r7`, `bQ`.
    pub fn code(self) -> String {
        format!("{}{}", self.side.letter(), self.card.symbol())
    }
}

/// A square of the 5x8 board, `a1` to `e8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        // Lazily: an out-of-range rank would overflow the multiplication.
        (file < FILES && rank < RANKS).then(|| Square(rank * FILES + file))
    }

    pub fn from_index(index: usize) -> Square {
        assert!(index < SQUARES, "square index out of range");
        Square(index as u8)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file `a` .. 4 for `e`.
    pub fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0 for row `1` .. 7 for row `8`.
    pub fn rank(self) -> u8 {
        self.0 / FILES
    }

    pub fn step(self, dir: Direction) -> Option<Square> {
        let (df, dr) = dir.delta();
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if (0..FILES as i8).contains(&file) && (0..RANKS as i8).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    }

    /// Board order for canonical notation: lower column first, then lower row.
    pub fn board_order(self) -> (u8, u8) {
        (self.file(), self.rank())
    }

    pub fn is_adjacent(self, other: Square) -> bool {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        df + dr == 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl std::str::FromStr for Square {
    type Err = ();

    fn from_str(s: &str) -> Result<Square, ()> {
        let bytes = s.trim().as_bytes();
        if bytes.len() != 2 {
            return Err(());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::new(file, rank).ok_or(())
    }
}

/// The four orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    North,
    East,
    South,
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// (file, rank) change of one step; north is towards row 8.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
        }
    }

    pub fn is_vertical(self) -> bool {
        matches!(self, Direction::North | Direction::South)
    }
}

/// The 40 squares and what stands on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Piece>; SQUARES],
}

impl Default for Board {
    fn default() -> Self {
        Board {
            cells: [None; SQUARES],
        }
    }
}

impl Board {
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }

    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.cells[sq.index()] = piece;
    }

    pub fn is_empty(&self, sq: Square) -> bool {
        self.cells[sq.index()].is_none()
    }

    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.get(sq).map(|p| (sq, p)))
    }

    pub fn queen(&self, side: Side) -> Option<Square> {
        self.pieces()
            .find(|(_, p)| p.side == side && p.card.is_queen())
            .map(|(sq, _)| sq)
    }

    pub fn numbered_cards(&self, side: Side) -> usize {
        self.pieces()
            .filter(|(_, p)| p.side == side && !p.card.is_queen())
            .count()
    }

    /// A compact key of the board for repetition checks.
    pub fn key(&self) -> [u8; SQUARES] {
        let mut key = [0u8; SQUARES];
        for (i, cell) in self.cells.iter().enumerate() {
            key[i] = match cell {
                None => 0,
                Some(p) => 1 + p.card.value() + 10 * p.side.index() as u8,
            };
        }
        key
    }
}

//! The terrain cards: the card set of the ruling as data, their shapes,
//! rotations and edges.

use std::fmt;
use std::str::FromStr;

/// A side of a card or a step on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The edge bit of this side: N 1, E 2, S 4, W 8.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 4]
    }

    /// (dx, dy): x grows to the east, y to the north.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }

    pub fn letter(self) -> char {
        match self {
            Dir::N => 'n',
            Dir::E => 'e',
            Dir::S => 's',
            Dir::W => 'w',
        }
    }

    pub fn from_letter(c: char) -> Option<Dir> {
        match c.to_ascii_lowercase() {
            'n' => Some(Dir::N),
            'e' => Some(Dir::E),
            's' => Some(Dir::S),
            'w' => Some(Dir::W),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "north",
            Dir::E => "east",
            Dir::S => "south",
            Dir::W => "west",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Which edges of a card carry a trail, as N/E/S/W bits.
pub type Edges = u8;

/// Every edge a trail: the nest counts as a crossing.
pub const NEST_EDGES: Edges = 0b1111;

/// The trail shape of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    Crossing,
    TJunction,
    Straight,
    Curve,
    DeadEnd,
    Meadow,
}

impl Shape {
    pub const ALL: [Shape; 6] = [
        Shape::Crossing,
        Shape::TJunction,
        Shape::Straight,
        Shape::Curve,
        Shape::DeadEnd,
        Shape::Meadow,
    ];

    pub fn code(self) -> char {
        match self {
            Shape::Crossing => 'X',
            Shape::TJunction => 'T',
            Shape::Straight => 'I',
            Shape::Curve => 'L',
            Shape::DeadEnd => 'D',
            Shape::Meadow => 'M',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Shape::Crossing => "crossing",
            Shape::TJunction => "T-junction",
            Shape::Straight => "straight",
            Shape::Curve => "curve",
            Shape::DeadEnd => "dead end",
            Shape::Meadow => "meadow",
        }
    }

    /// Trail edges at rotation 0 (the ruling's table).
    pub fn edges_r0(self) -> Edges {
        let n = Dir::N.bit();
        let e = Dir::E.bit();
        let s = Dir::S.bit();
        let w = Dir::W.bit();
        match self {
            Shape::Crossing => n | e | s | w,
            Shape::TJunction => n | e | s,
            Shape::Straight => n | s,
            Shape::Curve => n | e,
            Shape::DeadEnd => n,
            Shape::Meadow => 0,
        }
    }

    /// Trail edges after turning the card clockwise by `rotation` quarter turns.
    pub fn edges(self, rotation: u8) -> Edges {
        rotate(self.edges_r0(), rotation)
    }

    /// The lowest rotation that looks the same as `rotation`.
    pub fn canonical_rotation(self, rotation: u8) -> u8 {
        let target = self.edges(rotation);
        (0..4).find(|r| self.edges(*r) == target).expect("rotation 0..3")
    }

    /// The rotations that look different, lowest of each kind.
    pub fn distinct_rotations(self) -> Vec<u8> {
        (0..4).filter(|r| self.canonical_rotation(*r) == *r).collect()
    }
}

/// Turns an edge set clockwise by quarter turns: N goes to E, E to S, ...
pub fn rotate(edges: Edges, rotation: u8) -> Edges {
    let r = rotation % 4;
    ((edges << r) | (edges >> ((4 - r) % 4))) & 0b1111
}

/// What a card shows besides its trails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    Plain,
    Leaf,
    Spider,
}

/// A terrain card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub shape: Shape,
    pub feature: Feature,
}

impl Card {
    pub const fn new(shape: Shape, feature: Feature) -> Card {
        Card { shape, feature }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.shape.code())?;
        match self.feature {
            Feature::Plain => Ok(()),
            Feature::Leaf => f.write_str("l"),
            Feature::Spider => f.write_str("s"),
        }
    }
}

impl FromStr for Card {
    type Err = String;

    /// `Tl`, `Is`, `M`: a shape letter, then `l` (leaf) or `s` (spider).
    fn from_str(text: &str) -> Result<Card, String> {
        let mut chars = text.trim().chars();
        // The code quoted is cut short: a deal may hold a word of any length.
        let shown: String = text.trim().chars().take(20).collect();
        let bad = || {
            format!(
                "{} is not a card code (like `Tl`, `Is`, `M`)",
                crate::rules::code(&shown)
            )
        };
        let shape = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let shape = Shape::ALL
            .into_iter()
            .find(|s| s.code() == shape)
            .ok_or_else(bad)?;
        let feature = match chars.next().map(|c| c.to_ascii_lowercase()) {
            None => Feature::Plain,
            Some('l') => Feature::Leaf,
            Some('s') => Feature::Spider,
            Some(_) => return Err(bad()),
        };
        if chars.next().is_some() {
            return Err(bad());
        }
        Ok(Card::new(shape, feature))
    }
}

/// One row of the ruling's card table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardCount {
    pub shape: Shape,
    pub cards: u8,
    pub leaves: u8,
    pub spiders: u8,
}

/// The terrain cards of the game (the nest apart): the one place that says
/// how many cards of each kind there are.
pub const CARD_SET: [CardCount; 6] = [
    CardCount {
        shape: Shape::Crossing,
        cards: 3,
        leaves: 1,
        spiders: 1,
    },
    CardCount {
        shape: Shape::TJunction,
        cards: 5,
        leaves: 2,
        spiders: 1,
    },
    CardCount {
        shape: Shape::Straight,
        cards: 6,
        leaves: 2,
        spiders: 1,
    },
    CardCount {
        shape: Shape::Curve,
        cards: 6,
        leaves: 2,
        spiders: 1,
    },
    CardCount {
        shape: Shape::DeadEnd,
        cards: 2,
        leaves: 1,
        spiders: 0,
    },
    CardCount {
        shape: Shape::Meadow,
        cards: 2,
        leaves: 0,
        spiders: 0,
    },
];

/// Leaves put on a card that shows a leaf.
pub const LEAVES_PER_CARD: u8 = 2;

/// The whole deck in table order: per shape, leaf cards, spider cards, plain.
pub fn full_deck() -> Vec<Card> {
    let mut deck = Vec::new();
    for row in CARD_SET {
        let plain = row.cards - row.leaves - row.spiders;
        for (feature, n) in [
            (Feature::Leaf, row.leaves),
            (Feature::Spider, row.spiders),
            (Feature::Plain, plain),
        ] {
            deck.extend(std::iter::repeat_n(Card::new(row.shape, feature), n as usize));
        }
    }
    deck
}

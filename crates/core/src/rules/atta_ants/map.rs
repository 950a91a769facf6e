//! The growing map: cards on a grid around the nest, and where a card may go.

use super::cards::{Card, Dir, Edges, NEST_EDGES};
use std::collections::BTreeMap;
use std::fmt;

/// A square of the grid: the nest is at 0,0; x grows to the east, y to the north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const NEST: Pos = Pos { x: 0, y: 0 };

    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    pub fn step(self, dir: Dir) -> Pos {
        let (dx, dy) = dir.delta();
        Pos::new(self.x + dx, self.y + dy)
    }

    pub fn is_nest(self) -> bool {
        self == Pos::NEST
    }

    /// The direction of a neighbouring square, if `other` is one.
    pub fn dir_to(self, other: Pos) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| self.step(*d) == other)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A terrain card lying on the map in a rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    pub card: Card,
    pub rotation: u8,
}

impl Tile {
    pub fn edges(&self) -> Edges {
        self.card.shape.edges(self.rotation)
    }
}

/// The cards on the table. The nest is always at 0,0 and is not a tile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Map {
    tiles: BTreeMap<Pos, Tile>,
}

impl Map {
    pub fn new() -> Map {
        Map::default()
    }

    pub fn tiles(&self) -> impl Iterator<Item = (Pos, &Tile)> {
        self.tiles.iter().map(|(p, t)| (*p, t))
    }

    pub fn tile(&self, pos: Pos) -> Option<&Tile> {
        self.tiles.get(&pos)
    }

    /// Whether a card (or the nest) lies on `pos`.
    pub fn has_card(&self, pos: Pos) -> bool {
        pos.is_nest() || self.tiles.contains_key(&pos)
    }

    /// The trail edges of the card on `pos`, if there is one.
    pub fn edges(&self, pos: Pos) -> Option<Edges> {
        if pos.is_nest() {
            Some(NEST_EDGES)
        } else {
            self.tiles.get(&pos).map(Tile::edges)
        }
    }

    /// Whether a trail crosses the edge from `pos` towards `dir` (both cards
    /// must lie there; placement keeps shared edges matching).
    pub fn trail_between(&self, pos: Pos, dir: Dir) -> bool {
        self.edges(pos).is_some_and(|e| e & dir.bit() != 0) && self.has_card(pos.step(dir))
    }

    /// Every square holding a card, the nest included.
    pub fn squares(&self) -> impl Iterator<Item = Pos> + '_ {
        std::iter::once(Pos::NEST).chain(self.tiles.keys().copied())
    }

    /// Puts a card down without checks (setup and placing call `fits` first).
    pub(crate) fn put(&mut self, pos: Pos, tile: Tile) {
        debug_assert!(!self.has_card(pos));
        self.tiles.insert(pos, tile);
    }

    /// Whether `card` may go on `pos` in `rotation`: an empty square next to
    /// a card, every shared edge matching (trail to trail, grass to grass).
    pub fn fits(&self, pos: Pos, card: Card, rotation: u8) -> bool {
        if self.has_card(pos) {
            return false;
        }
        let edges = card.shape.edges(rotation);
        let mut touches = false;
        for dir in Dir::ALL {
            let Some(theirs) = self.edges(pos.step(dir)) else {
                continue;
            };
            touches = true;
            let mine = edges & dir.bit() != 0;
            let their = theirs & dir.opposite().bit() != 0;
            if mine != their {
                return false;
            }
        }
        touches
    }

    /// Empty squares next to at least one card, in grid order.
    pub fn frontier(&self) -> Vec<Pos> {
        let mut out: Vec<Pos> = self
            .squares()
            .flat_map(|p| Dir::ALL.map(|d| p.step(d)))
            .filter(|p| !self.has_card(*p))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Every legal (square, rotation) for `card`, rotations written as the
    /// lowest equivalent one.
    pub fn placements(&self, card: Card) -> Vec<(Pos, u8)> {
        let rotations = card.shape.distinct_rotations();
        self.frontier()
            .into_iter()
            .flat_map(|p| rotations.iter().map(move |r| (p, *r)))
            .filter(|(p, r)| self.fits(*p, card, *r))
            .collect()
    }

    /// The bounding box of the cards: (min x, min y, max x, max y).
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        self.squares().fold((0, 0, 0, 0), |(a, b, c, d), p| {
            (a.min(p.x), b.min(p.y), c.max(p.x), d.max(p.y))
        })
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }
}

//! Where a board's clickable spots were drawn: a pile, a square, a card,
//! each named as the game's notation names it, so that a front end played
//! on the picture itself turns two clicks into an action.

use serde::Serialize;

/// A spot of a drawn board, in the image's pixels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Region {
    /// The spot as the notation names it: `3` (a pile), `t2`, `f1`, `c4`.
    pub id: String,
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

impl Region {
    /// The spot `id` covering `(x, y, w, h)`, widened to whole pixels.
    pub fn new(id: impl Into<String>, x: f32, y: f32, w: f32, h: f32) -> Region {
        let (left, top) = (x.floor().max(0.0), y.floor().max(0.0));
        Region {
            id: id.into(),
            x: left as u32,
            y: top as u32,
            w: (x + w - left).ceil() as u32,
            h: (y + h - top).ceil() as u32,
        }
    }

    /// Whether `(x, y)` lies in the spot.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        (self.x..self.x + self.w).contains(&x) && (self.y..self.y + self.h).contains(&y)
    }
}

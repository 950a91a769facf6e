//! Where an action starts and ends on the board, named as the board names
//! its clickable spots: a front end played on the picture turns a click on
//! a source and a click on a target into the action. A pile is its number
//! or name (`3`, `t2`, `f1`), a square its name (`c4`, `-1,2`), and the
//! drawn card's rotations `rot0` to `rot3`.

use super::army_ants::Action as ArmyAction;
use super::atta_ants::{Action as AttaAction, AttaAnts};
use serde::Serialize;

/// A source and a target.
pub type Spots = Vec<(String, String)>;

/// Where a spot was drawn on a board's picture, in its pixels: the
/// renderer gives one for each clickable pile, square or card.
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

/// The spots of a move written `FROM-TO`, with an optional `:COUNT` after
/// the source (every patience's moves).
pub fn from_notation(action: &str) -> Spots {
    let Some((from, to)) = action.split_once('-') else {
        return vec![];
    };
    let from = from.split_once(':').map_or(from, |(pile, _)| pile);
    let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric());
    match plain(from) && plain(to) {
        true => vec![(from.to_string(), to.to_string())],
        false => vec![],
    }
}

/// Army Ants: the squares a card leaves and reaches. A March! is offered
/// from either end of its line to where that end lands; a Swap! from
/// either card to the other.
pub fn army_ants(action: &ArmyAction) -> Spots {
    let pair = |a: &dyn ToString, b: &dyn ToString| (a.to_string(), b.to_string());
    match action {
        ArmyAction::MoveOut { from, to } | ArmyAction::Attack { from, to } => vec![pair(from, to)],
        ArmyAction::March { from, to } => vec![pair(&from.first, &to.first), pair(&from.last, &to.last)],
        ArmyAction::Swap(a, b) => vec![pair(a, b), pair(b, a)],
        _ => vec![],
    }
}

/// Atta Ants: the drawn card (in any of its rotations that look the same)
/// to its square; an ant's move from the square it stands on to the one it
/// ends on, and a spider's step likewise (a card is a target large enough
/// for a finger where tokens crowd; the choices then name the ant).
pub fn atta_ants(game: &AttaAnts, action: &AttaAction) -> Spots {
    match action {
        AttaAction::Place { pos, rotation } => {
            let Some(card) = game.drawn() else {
                return vec![];
            };
            (0..4u8)
                .filter(|r| card.shape.canonical_rotation(*r) == *rotation)
                .map(|r| (format!("rot{r}"), pos.to_string()))
                .collect()
        }
        AttaAction::Move(ant_move) => {
            let Some(start) = game
                .ants()
                .iter()
                .find(|a| a.id == ant_move.ant)
                .and_then(|a| a.at)
            else {
                return vec![];
            };
            let end = ant_move.steps.iter().fold(start, |pos, step| pos.step(step.dir));
            vec![(start.to_string(), end.to_string())]
        }
        AttaAction::Spider { number, dir } => {
            let Some(spider) = game.spiders().iter().find(|s| s.number == *number) else {
                return vec![];
            };
            vec![(spider.pos.to_string(), spider.pos.step(*dir).to_string())]
        }
        AttaAction::End | AttaAction::Leave => vec![],
    }
}

//! What a player of Atta Ants may see: everything on the table, the card
//! being placed, where it fits and how many cards are left, never the
//! order of the deck; and, while a player picks an ant's move step by step,
//! that move as far as it has gone and where the moves still open go.

use super::{
    Action, Ant, AntId, AntMove, AttaAnts, Card, Colour, Highlight, LeafMark, Map, Phase, Pos, Spider, Status,
};

/// One colour's counts at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatView {
    pub colour: Colour,
    pub in_play: u8,
    pub reserve: u8,
    pub eaten: u8,
    /// Knocked out (no ant left).
    pub out: bool,
    /// Left the game (or timed out).
    pub departed: bool,
}

/// The table as every player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub map: Map,
    pub ants: Vec<Ant>,
    pub spiders: Vec<Spider>,
    pub leaves: Vec<(Pos, u8)>,
    /// The card the first player is placing, face up.
    pub drawn: Option<Card>,
    /// Every square and rotation where the drawn card fits, in rule order;
    /// empty unless a card waits to be placed.
    pub placements: Vec<(Pos, u8)>,
    /// How many cards are left to draw (their order stays hidden).
    pub deck_len: usize,
    pub set_aside: Vec<Card>,
    pub delivered: u32,
    pub round: u32,
    /// Who plays first this round.
    pub first: Colour,
    pub phase: Phase,
    pub status: Status,
    pub seats: Vec<SeatView>,
    pub highlights: Vec<Highlight>,
    /// An ant's move being picked, not played yet: `ants` and `leaves`
    /// already show it as done so far.
    pub moving: Option<Moving>,
    /// Where each whole move still open to the ant being picked goes: its
    /// ant and the squares it passes, from where the ant stands.
    pub routes: Vec<(AntId, Vec<Pos>)>,
}

/// An ant's move picked so far: the ant and the squares it went through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moving {
    pub ant: AntId,
    pub path: Vec<Pos>,
}

impl View {
    pub fn of(game: &AttaAnts) -> View {
        View {
            map: game.map().clone(),
            ants: game.ants().to_vec(),
            spiders: game.spiders().to_vec(),
            leaves: game.leaves().collect(),
            drawn: game.drawn(),
            placements: match game.phase() {
                Phase::Place if game.outcome().is_none() => game
                    .legal_actions()
                    .into_iter()
                    .filter_map(|a| match a {
                        Action::Place { pos, rotation } => Some((pos, rotation)),
                        _ => None,
                    })
                    .collect(),
                _ => vec![],
            },
            deck_len: game.deck_len(),
            set_aside: game.set_aside().to_vec(),
            delivered: game.delivered(),
            round: game.round(),
            first: game.first(),
            phase: game.phase().clone(),
            status: game.status(),
            seats: game
                .colours()
                .into_iter()
                .map(|colour| SeatView {
                    colour,
                    in_play: game.in_play(colour),
                    reserve: game.reserve(colour),
                    eaten: game.eaten(colour),
                    out: game.is_out(colour),
                    departed: game.has_left(colour),
                })
                .collect(),
            highlights: game.highlights().cloned().collect(),
            moving: None,
            routes: vec![],
        }
    }

    /// This view while a move is picked step by step: `building` (the
    /// move as far as it has gone, not played yet) shown as done, its ant
    /// where it went and its leaves picked up, taken or put down; and the
    /// routes of `open`, the whole moves the player may still pick.
    pub fn picking(mut self, building: Option<&AntMove>, open: &[AntMove]) -> View {
        self.routes = open
            .iter()
            .filter_map(|m| Some((m.ant, self.route(m)?)))
            .collect();
        if let Some(m) = building {
            if let Some(path) = self.route(m) {
                self.mark(m.ant, path[0], m.start);
                for (step, pos) in m.steps.iter().zip(&path[1..]) {
                    self.mark(m.ant, *pos, step.mark);
                }
                if let Some(ant) = self.ants.iter_mut().find(|a| a.id == m.ant) {
                    ant.at = path.last().copied();
                }
                self.moving = Some(Moving { ant: m.ant, path });
            }
        }
        self
    }

    /// The squares `m` goes through, from where its ant stands.
    fn route(&self, m: &AntMove) -> Option<Vec<Pos>> {
        let mut path = vec![self.ants.iter().find(|a| a.id == m.ant)?.at?];
        for step in &m.steps {
            path.push(path[path.len() - 1].step(step.dir));
        }
        Some(path)
    }

    /// A leaf action of `ant` on the card at `pos`.
    fn mark(&mut self, ant: AntId, pos: Pos, mark: Option<LeafMark>) {
        let carrying = match mark {
            None => return,
            Some(LeafMark::PickUp) => {
                if let Some((_, n)) = self.leaves.iter_mut().find(|(p, _)| *p == pos) {
                    *n = n.saturating_sub(1);
                }
                true
            }
            Some(LeafMark::Take(other)) => {
                if let Some(o) = self.ants.iter_mut().find(|a| a.id == other) {
                    o.carrying = false;
                }
                true
            }
            Some(LeafMark::Drop) => {
                match self.leaves.iter_mut().find(|(p, _)| *p == pos) {
                    Some((_, n)) => *n += 1,
                    None => self.leaves.push((pos, 1)),
                }
                false
            }
        };
        if let Some(a) = self.ants.iter_mut().find(|a| a.id == ant) {
            a.carrying = carrying;
        }
    }

    /// Whether the move being picked is `ant`'s.
    pub fn is_moving(&self, ant: AntId) -> bool {
        self.moving.as_ref().is_some_and(|m| m.ant == ant)
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<&super::Outcome> {
        match &self.status {
            Status::Over(outcome) => Some(outcome),
            Status::ToMove(_) => None,
        }
    }

    /// Who acts now, unless the game is over.
    pub fn to_move(&self) -> Option<Colour> {
        match self.status {
            Status::ToMove(colour) => Some(colour),
            Status::Over(_) => None,
        }
    }
}

//! What a player of Atta Ants may see: everything on the table, the card
//! being placed and how many cards are left, never the order of the deck.

use super::{Ant, AttaAnts, Card, Colour, Highlight, Map, Phase, Pos, Spider, Status};

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
    /// How many cards are left to draw (their order stays hidden).
    pub deck_len: usize,
    pub set_aside: Vec<Card>,
    pub delivered: u32,
    pub round: u32,
    pub phase: Phase,
    pub status: Status,
    pub seats: Vec<SeatView>,
    pub highlights: Vec<Highlight>,
}

impl View {
    pub fn of(game: &AttaAnts) -> View {
        View {
            map: game.map().clone(),
            ants: game.ants().to_vec(),
            spiders: game.spiders().to_vec(),
            leaves: game.leaves().collect(),
            drawn: game.drawn(),
            deck_len: game.deck_len(),
            set_aside: game.set_aside().to_vec(),
            delivered: game.delivered(),
            round: game.round(),
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
        }
    }
}

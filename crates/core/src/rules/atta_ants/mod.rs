//! Atta Ants: 2-4 players, a growing map of terrain cards, leaves and spiders
//! (../shared/seeds/atta-ants.txt with ../shared/rules/atta-ants.md).

mod action;
pub mod cards;
mod game;
mod map;
mod setup;
pub mod spiders;
mod told;
mod view;

pub use action::{Action, AntId, AntMove, Colour, LeafMark, ParseActionError, Step, ANTS_PER_COLOUR};
pub use cards::{Card, Dir, Feature, Shape, CARD_SET};
pub use game::{
    Ant, AttaAnts, EndReason, Events, Highlight, Outcome, Phase, RuleError, Spider, Standing, Status,
    ANTS_TO_WIN, NEST_LIMIT, STARTING_ANTS,
};
pub use map::{Map, Pos, Tile};
pub use setup::{parse_deal, Layout, Setup, SetupError, SETUP_CARDS};
pub use view::{Moving, SeatView, View};

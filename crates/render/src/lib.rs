//! Game views to PNG images, with alt text for screen readers, and
//! finished games to animated GIF replays (`replay`).
//!
//! No rules and no database: every function here is a pure function of a
//! game's view. Art that never changes is prepared once and reused.

mod board;
pub mod canvas;
pub mod replay;

// Public but hidden, not part of the API: the integration tests (tests/render) use them.
#[doc(hidden)]
pub mod anthill;
#[doc(hidden)]
pub mod ants;
#[doc(hidden)]
pub mod army_ants;
#[doc(hidden)]
pub mod atta_ants;
#[doc(hidden)]
pub mod cards;
#[doc(hidden)]
pub mod decktet;
#[doc(hidden)]
pub mod deflate;
#[doc(hidden)]
pub mod myrmex;
#[doc(hidden)]
pub mod patience;
#[doc(hidden)]
pub mod podium;
#[doc(hidden)]
pub mod sprites;
#[doc(hidden)]
pub mod standings;

pub use anthill::{anthill_alt_text, anthill_png, anthill_regions};
pub use antics_core::rules::spots::Region;
pub use ants::{ants_alt_text, ants_png, ants_regions};
pub use army_ants::{army_ants_alt_text, army_ants_png, army_ants_png_marked, army_ants_regions};
pub use atta_ants::{
    atta_ants_alt_text, atta_ants_geometry, atta_ants_png, atta_ants_regions, card_name as atta_card_name,
    AttaGeometry, AttaLabels,
};
pub use board::{limit_alt, Board};
pub use myrmex::{myrmex_alt_text, myrmex_png, myrmex_regions};
pub use podium::{podium_alt_text, podium_png, PodiumPlace, PodiumView};
pub use replay::{
    board_replay, board_replay_alt_text, replay_alt_text, Replay, Sample, Sampler, MAX_REPLAY_BYTES,
    MAX_REPLAY_FRAMES,
};
pub use standings::{points_text, standings_alt_text, standings_png, StandingLine, StandingsView};

/// The player names shown beside a board, and which army is drawn at the
/// bottom: the viewer's own, as a player sees their side of a real board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLabels {
    pub red: String,
    pub black: String,
    pub bottom: antics_core::rules::army_ants::Side,
}

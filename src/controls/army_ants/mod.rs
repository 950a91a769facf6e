//! Army Ants' clicks: the move picker and the private deployment.

pub mod board;
pub mod deploy;
pub mod picker;

use crate::protocol::ComponentId;
use crate::rules::GameKind;

/// The verb of a review's "Share in the channel": a button for Discord,
/// which posts in the channel; the web table has no messages to post in.
pub const SHARE_REVIEW: &str = "sharereview";

/// The id of an Army Ants component of `game_id`.
pub fn cid(game_id: &str, verb: &str) -> String {
    ComponentId::new(GameKind::ArmyAnts.component_tag(), game_id, verb).encode()
}

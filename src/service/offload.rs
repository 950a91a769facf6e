//! Drawing a replay off the runtime's workers. The runtime has few workers
//! (two on a small machine), and a replay draws up to a hundred boards: run
//! inline, one long game's record would stall every other player's moves.
//! The drawing goes to tokio's blocking pool, and the request waits for it
//! at most a time budget.

use crate::protocol::types::Image;
use anyhow::Context;
use std::time::Duration;

/// The longest a record waits for its replay. A replay draws a bounded
/// number of frames (`render::MAX_REPLAY_FRAMES`), a second or two of work;
/// this only guards against a machine too busy to give it that.
pub(super) const REPLAY_BUDGET: Duration = Duration::from_secs(30);

/// The replay `draw` makes, drawn on the blocking pool; `None` if it takes
/// longer than the budget (the record then goes without it, and the
/// drawing ends on its own).
pub(super) async fn draw_replay(
    game_id: &str,
    draw: impl FnOnce() -> Option<Image> + Send + 'static,
) -> anyhow::Result<Option<Image>> {
    let task = tokio::task::spawn_blocking(draw);
    match tokio::time::timeout(REPLAY_BUDGET, task).await {
        Ok(drawn) => drawn.context("drawing a replay"),
        Err(_) => {
            tracing::warn!(game = %game_id, "a replay took longer than its budget; the record goes without it");
            Ok(None)
        }
    }
}

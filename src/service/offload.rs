//! Long work off the runtime's workers. The runtime has few workers (two
//! on a small machine): work that runs for long inline stalls every other
//! player's moves.
//!
//! - Drawing a replay (up to a hundred boards) goes to tokio's blocking
//!   pool, and the request waits for it at most a time budget.
//! - Playing an action, or replaying a log, may search: a Myrmex move after
//!   the stock is spent decides whether anything is left to gain (up to
//!   half a second), once between two chambers. That runs where it is, but
//!   its worker hands its other tasks on first ([`thinking`]).

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

/// Runs `work`, which may search for a while, without holding up the other
/// tasks of this worker: on a multi-threaded runtime they go to another
/// thread meanwhile (`block_in_place`); elsewhere (a single-threaded
/// runtime, as in tests, or no runtime) `work` simply runs.
pub fn thinking<R>(work: impl FnOnce() -> R) -> R {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

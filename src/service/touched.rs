//! The game a request acted on, noted where the service finds it, so that a
//! refusal can show that game (the script's `game`) without asking the
//! store again which game it was.

use crate::store::GameRow;
use std::cell::RefCell;
use std::future::Future;

tokio::task_local! {
    static TOUCHED: RefCell<Option<GameRow>>;
}

/// Notes `row` as the game the current request acts on (the last noted
/// wins: a retry notes the game again at its new version).
pub(super) fn note(row: &GameRow) {
    // Outside a request (a clock tick) there is nothing to note.
    let _ = TOUCHED.try_with(|touched| *touched.borrow_mut() = Some(row.clone()));
}

/// Runs one request's work and returns its outcome with the game it
/// touched, if any.
pub(super) async fn tracking<F: Future>(work: F) -> (F::Output, Option<GameRow>) {
    TOUCHED
        .scope(RefCell::new(None), async {
            let output = work.await;
            let row = TOUCHED.with(|touched| touched.borrow_mut().take());
            (output, row)
        })
        .await
}

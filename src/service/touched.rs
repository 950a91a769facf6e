//! The game a request acted on, noted where the service finds it, so that a
//! refusal can show that game (the script's `game`) without asking the
//! store again which game it was.

use crate::store::GameRow;
use std::cell::RefCell;
use std::future::Future;

tokio::task_local! {
    static TOUCHED: RefCell<Touched>;
}

/// What one request did to games.
#[derive(Debug, Default)]
pub(super) struct Touched {
    /// The game it acted on, if any.
    pub row: Option<GameRow>,
    /// Whether it saved a change to a game (an action was played): only
    /// then may the turn have passed to someone else.
    pub saved: bool,
}

/// Notes `row` as the game the current request acts on (the last noted
/// wins: a retry notes the game again at its new version).
pub(super) fn note(row: &GameRow) {
    // Outside a request (a clock tick) there is nothing to note.
    let _ = TOUCHED.try_with(|touched| touched.borrow_mut().row = Some(row.clone()));
}

/// Notes that the current request saved a change to a game.
pub(super) fn saved() {
    let _ = TOUCHED.try_with(|touched| touched.borrow_mut().saved = true);
}

/// Runs one request's work and returns its outcome with what it did.
pub(super) async fn tracking<F: Future>(work: F) -> (F::Output, Touched) {
    TOUCHED
        .scope(RefCell::new(Touched::default()), async {
            let output = work.await;
            let touched = TOUCHED.with(|touched| std::mem::take(&mut *touched.borrow_mut()));
            (output, touched)
        })
        .await
}

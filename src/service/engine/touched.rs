//! The game a request acted on, noted where the service finds it, so that a
//! refusal can show that game (the script's `game`) without asking the
//! store again which game it was; and the board a request was chosen on,
//! checked at the same place, so that an action meant for one version of a
//! game never lands on another.

use crate::service::engine::out_of_date;
use crate::service::error::UserError;
use crate::store::GameRow;
use std::cell::RefCell;
use std::future::Future;

tokio::task_local! {
    static TOUCHED: RefCell<Touched>;
}

/// What one request did to games.
#[derive(Debug, Default)]
pub(crate) struct Touched {
    /// The game it acted on, if any.
    pub row: Option<GameRow>,
    /// Whether it saved a change to a game (an action was played): only
    /// then may the turn have passed to someone else.
    pub saved: bool,
    /// The version of the board the request was chosen on, until its
    /// action is saved: any other version of the game is refused.
    bound: Option<i64>,
}

/// Notes `row` as the game the current request acts on (the last noted
/// wins: a retry notes the game again at its new version). Refused as out
/// of date when the request is bound to another version of the board.
pub(crate) fn note(row: &GameRow) -> Result<(), UserError> {
    // Outside a request (a clock tick) there is nothing to note.
    TOUCHED
        .try_with(|touched| {
            let mut touched = touched.borrow_mut();
            touched.row = Some(row.clone());
            match touched.bound {
                Some(version) if version != row.version => Err(out_of_date()),
                _ => Ok(()),
            }
        })
        .unwrap_or(Ok(()))
}

/// Notes that the current request saved a change to a game: the board it
/// was chosen on has played its part, and later looks see the new version.
pub(crate) fn saved() {
    let _ = TOUCHED.try_with(|touched| {
        let mut touched = touched.borrow_mut();
        touched.saved = true;
        touched.bound = None;
    });
}

/// Runs one request's work and returns its outcome with what it did. With
/// `bound`, the request acts only on that version of the game it finds.
pub(crate) async fn tracking<F: Future>(work: F, bound: Option<i64>) -> (F::Output, Touched) {
    let start = Touched {
        bound,
        ..Touched::default()
    };
    TOUCHED
        .scope(RefCell::new(start), async {
            let output = work.await;
            let touched = TOUCHED.with(|touched| std::mem::take(&mut *touched.borrow_mut()));
            (output, touched)
        })
        .await
}

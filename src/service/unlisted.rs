//! The games outside the registry (`rules::Kind::Unlisted`) that this
//! process has served: the engine registers each kind when it opens or
//! finds one of its tables, with what the service's shared paths need of
//! it (its deadlines for the sweep, its summary, its record), so that a new
//! game is served everywhere without a line of its own in the service.

use super::engine::Served;
use super::error::ServiceResult;
use super::types::{GameSummary, Post, Reply};
use super::Service;
use crate::rules::Kind;
use crate::store::GameRow;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{LazyLock, Mutex};

type Boxed<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
type DueFn = for<'a> fn(&'a Service, &'a GameRow, DateTime<Utc>) -> Boxed<'a, anyhow::Result<Vec<Post>>>;
type RowFn<T> = for<'a> fn(&'a Service, &'a GameRow) -> Boxed<'a, ServiceResult<T>>;

/// The shared paths of one unlisted kind, written once by the engine.
#[derive(Clone, Copy)]
pub(super) struct Paths {
    pub kind: Kind,
    /// What the sweep does with a row past its deadline.
    pub due: DueFn,
    /// The row as a reply shows it.
    pub summary: RowFn<GameSummary>,
    /// `/record` of the row.
    pub record: RowFn<Reply>,
}

/// The unlisted kinds served here, by name.
static SERVED: LazyLock<Mutex<HashMap<&'static str, Paths>>> = LazyLock::new(Default::default);

/// Registers `G`'s kind: an unlisted game's rows can then be read, and the
/// sweep, summaries and records reach its engine paths.
pub(super) fn register<G: Served>() {
    G::KIND.register();
    if let Kind::Unlisted(entry) = G::KIND {
        let paths = Paths {
            kind: G::KIND,
            due: |service, row, now| Box::pin(service.table_due::<G>(row, now)),
            summary: |service, row| {
                Box::pin(async move { Ok(service.load_table::<G>(row.clone()).await?.summary()) })
            },
            record: |service, row| Box::pin(service.table_record::<G>(row)),
        };
        SERVED
            .lock()
            .expect("unlisted registry lock")
            .insert(entry.name, paths);
    }
}

/// The paths of an unlisted kind, once its game was served here.
pub(super) fn paths(kind: Kind) -> Option<Paths> {
    let Kind::Unlisted(entry) = kind else {
        return None;
    };
    SERVED
        .lock()
        .expect("unlisted registry lock")
        .get(entry.name)
        .copied()
}

/// The unlisted kinds served here.
pub(super) fn kinds() -> Vec<Kind> {
    let served = SERVED.lock().expect("unlisted registry lock");
    served.values().map(|paths| paths.kind).collect()
}

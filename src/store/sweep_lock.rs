//! One sweeper at a time across every process on the database.
//!
//! Each due thing (a challenge or lobby expiry, an idle reminder or end, an
//! Atta Ants turn timeout, the daily post of a channel) is already written
//! so that it lands once: an end is a versioned commit, a reminder or a
//! daily post a claimed row. Without more, though, every replica would load
//! the same due games, replay them, and all but one would lose the race;
//! and each would run the solver that fixes the next day's deals. The sweep
//! therefore runs under a lock, and a process that finds it held skips its
//! sweep: the holder does the work for everyone.
//!
//! - PostgreSQL: a session advisory lock (`pg_try_advisory_lock`), keyed by
//!   the schema like the migrations' lock. An advisory lock rather than
//!   claiming rows `FOR UPDATE SKIP LOCKED`: the sweep's work goes through
//!   the store's ordinary versioned commits on other connections, which a
//!   row lock held by the claiming transaction would block; and the lock
//!   goes with its connection, so a process killed mid-sweep (SIGKILL)
//!   leaves nothing held: the next sweep elsewhere takes over at once, where
//!   a lease row would wait for its lease to run out.
//! - SQLite: one process per database file, so a lock inside the process
//!   is enough; it keeps two requests of one process from sweeping at once.

use super::{Backend, Store, StoreError};
use sqlx::pool::PoolConnection;
use sqlx::{Any, Executor, Row};

/// The advisory lock's key: a class of its own ("swep" in ASCII) and the
/// schema, so that deployments in two schemas do not wait for each other.
const PG_KEY: &str = "1937204592, hashtext(coalesce(current_schema()::text, ''))";

/// The sweep lock, held until [`SweepLock::release`].
pub struct SweepLock {
    held: Option<Held>,
}

enum Held {
    /// The connection whose session holds the advisory lock.
    Postgres(PoolConnection<Any>),
    Sqlite(#[allow(dead_code)] tokio::sync::OwnedMutexGuard<()>),
}

impl Store {
    /// The sweep lock, or `None` when another sweep (in any process) holds it.
    pub async fn try_sweep_lock(&self) -> Result<Option<SweepLock>, StoreError> {
        match self.backend {
            Backend::Postgres => {
                let mut conn = self.pool.acquire().await?;
                let row = sqlx::query(&format!("SELECT pg_try_advisory_lock({PG_KEY}) AS held"))
                    .fetch_one(&mut *conn)
                    .await?;
                let held: bool = row.try_get("held")?;
                Ok(held.then(|| SweepLock {
                    held: Some(Held::Postgres(conn)),
                }))
            }
            Backend::Sqlite => Ok(self
                .sweeping
                .clone()
                .try_lock_owned()
                .ok()
                .map(|guard| SweepLock {
                    held: Some(Held::Sqlite(guard)),
                })),
        }
    }
}

impl SweepLock {
    /// Lets the next sweep (in any process) take the lock.
    pub async fn release(mut self) {
        if let Some(Held::Postgres(mut conn)) = self.held.take() {
            let unlocked = conn
                .execute(format!("SELECT pg_advisory_unlock({PG_KEY})").as_str())
                .await;
            if let Err(error) = unlocked {
                tracing::warn!(%error, "could not release the sweep lock; closing its connection");
                conn.close_on_drop();
            }
        }
    }
}

impl Drop for SweepLock {
    /// A sweep that ended without releasing (cancelled, or a panic) closes
    /// the lock's connection rather than return it to the pool still locked.
    fn drop(&mut self) {
        if let Some(Held::Postgres(conn)) = self.held.as_mut() {
            conn.close_on_drop();
        }
    }
}

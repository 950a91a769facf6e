//! Starting on a database: WAL mode and the migrations, safe when several
//! processes start on one database at once (shards, a restart that overlaps
//! the old process, tests).
//!
//! Without a lock, two processes that open a new database both read "no
//! migration applied" and both create the tables; the second fails with
//! "table games already exists". Each process therefore runs the migrations
//! while holding the database's own lock, so the second waits for the first
//! and then finds every migration applied:
//!
//! - PostgreSQL: a session advisory lock (`pg_advisory_lock`), keyed by the
//!   schema, taken on the connection that migrates and released after. sqlx
//!   takes a lock of its own too, but ignores its errors; this one fails the
//!   start instead of racing.
//! - SQLite: the migrations run inside one `BEGIN IMMEDIATE` transaction
//!   (each migration a savepoint in it). IMMEDIATE takes the database's
//!   write lock at once, and a process that finds it held waits through the
//!   busy timeout, so SQLite's own file locking is the mutex: no lock file
//!   beside the database, no retry loop guessing how long the other takes.
//!   All the migrations land together or not at all.

use super::{Backend, StoreError};
use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, Connection, Executor};
use std::time::Duration;

/// The migrations in migrations/, without sqlx's own lock: ours is taken
/// around them (see the module's comment).
fn migrator() -> Migrator {
    let mut migrator = sqlx::migrate!("./migrations");
    migrator.set_locking(false);
    migrator
}

/// The advisory lock's key: a fixed class for Antics ("ants" in ASCII) and
/// the schema, so that deployments in two schemas of one database do not
/// wait for each other.
const PG_KEY: &str = "1634628723, hashtext(coalesce(current_schema()::text, ''))";

/// Brings the database on `conn` to the latest migration, waiting for any
/// other process doing the same.
pub(super) async fn migrate(conn: &mut AnyConnection, backend: Backend) -> Result<(), StoreError> {
    match backend {
        Backend::Postgres => {
            conn.execute(format!("SELECT pg_advisory_lock({PG_KEY})").as_str())
                .await?;
            let migrated = migrator().run_direct(&mut *conn).await;
            let unlocked = conn
                .execute(format!("SELECT pg_advisory_unlock({PG_KEY})").as_str())
                .await;
            migrated?;
            unlocked?;
        }
        Backend::Sqlite => {
            let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
            migrator().run_direct(&mut *tx).await?;
            tx.commit().await?;
        }
    }
    Ok(())
}

/// How long a start waits at most for another to finish switching a new
/// SQLite database to WAL.
const WAL_WAIT: Duration = Duration::from_secs(10);

/// Puts a SQLite database in WAL mode (it stays so: the mode is kept in the
/// file). Switching needs the database to itself, and SQLite does not wait
/// for that through the busy timeout, so a start that meets another start
/// switching tries again until the mode is set.
pub(super) async fn set_wal(conn: &mut AnyConnection) -> Result<(), StoreError> {
    let started = std::time::Instant::now();
    let mut pause = Duration::from_millis(5);
    loop {
        match conn.execute("PRAGMA journal_mode = WAL").await {
            Ok(_) => return Ok(()),
            Err(e) if is_busy(&e) && started.elapsed() < WAL_WAIT => {
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_millis(200));
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// SQLITE_BUSY or SQLITE_LOCKED, with any extended code.
fn is_busy(e: &sqlx::Error) -> bool {
    let code = e.as_database_error().and_then(|d| d.code());
    code.and_then(|c| c.parse::<i32>().ok())
        .is_some_and(|c| matches!(c & 0xff, 5 | 6))
}

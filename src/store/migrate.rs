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
use futures_util::future::BoxFuture;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyConnection, Connection, Executor};
use std::borrow::Cow;
use std::time::Duration;

/// The files of migrations/, built into the binary. Written out rather than
/// found by sqlx's `migrate!` macro, whose compile-time machinery (a second
/// build of sqlx's drivers) cost a tenth of a fresh build; a test checks
/// that this list is the folder.
const MIGRATIONS: [(&str, &str); 9] = [
    ("0001_games.sql", include_str!("../../migrations/0001_games.sql")),
    ("0002_daily.sql", include_str!("../../migrations/0002_daily.sql")),
    (
        "0003_notices.sql",
        include_str!("../../migrations/0003_notices.sql"),
    ),
    ("0004_pings.sql", include_str!("../../migrations/0004_pings.sql")),
    (
        "0005_places_and_alerts.sql",
        include_str!("../../migrations/0005_places_and_alerts.sql"),
    ),
    (
        "0006_seen_interactions.sql",
        include_str!("../../migrations/0006_seen_interactions.sql"),
    ),
    (
        "0007_daily_post_leases.sql",
        include_str!("../../migrations/0007_daily_post_leases.sql"),
    ),
    (
        "0008_tournaments.sql",
        include_str!("../../migrations/0008_tournaments.sql"),
    ),
    (
        "0009_rations.sql",
        include_str!("../../migrations/0009_rations.sql"),
    ),
];

/// One migration as sqlx reads it from its file: `0005_places_and_alerts.sql`
/// is version 5, "places and alerts", and the checksum is the text's, so a
/// database migrated by any earlier build sees the same migrations.
fn migration((file, sql): (&'static str, &'static str)) -> Migration {
    let (version, name) = file.split_once('_').expect("a migration is named NNNN_name.sql");
    let description = name.trim_end_matches(".sql").replace('_', " ");
    Migration::new(
        version
            .parse()
            .expect("a migration's name starts with its version"),
        Cow::Owned(description),
        MigrationType::Simple,
        Cow::Borrowed(sql),
        sql.starts_with("-- no-transaction"),
    )
}

/// The built-in migrations, as a source sqlx reads like a folder.
#[derive(Debug)]
struct BuiltIn;

impl MigrationSource<'static> for BuiltIn {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async { Ok(MIGRATIONS.into_iter().map(migration).collect()) })
    }
}

/// The migrations, without sqlx's own lock: ours is taken around them (see
/// the module's comment).
pub async fn migrator() -> Result<Migrator, StoreError> {
    let mut migrator = Migrator::new(BuiltIn).await?;
    migrator.set_locking(false);
    Ok(migrator)
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
            let migrated = migrator().await?.run_direct(&mut *conn).await;
            let unlocked = conn
                .execute(format!("SELECT pg_advisory_unlock({PG_KEY})").as_str())
                .await;
            migrated?;
            unlocked?;
        }
        Backend::Sqlite => {
            let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
            migrator().await?.run_direct(&mut *tx).await?;
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

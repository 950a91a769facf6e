//! Databases for tests and benchmarks: which backends to run on, and a fresh
//! PostgreSQL schema per test so tests can share one server.

use super::{GameRow, GameStatus, Kind, Store, StoreError};
// The built-in migrations, which a test compares with the folder.
pub use super::migrate::migrator;
use sqlx::postgres::PgConnection;
use sqlx::{Connection, Executor};

/// A stored game for tests: `kind`'s game `id`, active in channel `c1` of
/// server `g1`, owned by `alice`, with an empty setup and no seats; a test
/// sets what it needs over it.
pub fn game_row(id: &str, kind: impl Into<Kind>) -> GameRow {
    GameRow {
        id: id.into(),
        kind: kind.into(),
        guild_id: "g1".into(),
        channel_id: "c1".into(),
        owner_id: "alice".into(),
        multiplayer: false,
        status: GameStatus::Active,
        setup: "{}".into(),
        players: "[]".into(),
        version: 0,
        created_at: 1,
        updated_at: 1,
        expires_at: None,
        result: None,
        message_id: None,
    }
}

/// The variable naming the PostgreSQL database tests also run on.
pub const POSTGRES_ENV: &str = "ANTICS_TEST_POSTGRES_URL";

/// The PostgreSQL URL tests should also run on, if any. Without one, tests
/// run on SQLite only and say so; in CI (`CI=true`) a missing PostgreSQL is
/// an error, so the second backend cannot silently drop out.
pub fn postgres_url() -> Option<String> {
    match std::env::var(POSTGRES_ENV).ok().filter(|u| !u.trim().is_empty()) {
        Some(url) => Some(url),
        None if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") => {
            panic!("{POSTGRES_ENV} is not set, but CI must test PostgreSQL too (see .ci/run)")
        }
        None => {
            eprintln!("note: {POSTGRES_ENV} is not set; testing SQLite only");
            None
        }
    }
}

/// Creates an empty schema with a fresh name in the database at `base_url`
/// and returns a URL whose connections work inside it.
pub async fn scratch_postgres_url(base_url: &str) -> Result<String, StoreError> {
    let name = format!(
        "t_{}_{:016x}",
        chrono::Utc::now().format("%Y%m%d%H%M%S"),
        rand::random::<u64>()
    );
    let mut conn = PgConnection::connect(base_url).await?;
    conn.execute(format!("CREATE SCHEMA {name}").as_str()).await?;
    conn.close().await?;
    let separator = if base_url.contains('?') { '&' } else { '?' };
    Ok(format!("{base_url}{separator}options=-c%20search_path%3D{name}"))
}

/// A fresh, empty store on PostgreSQL (in its own schema).
pub async fn scratch_postgres(base_url: &str) -> Result<Store, StoreError> {
    Store::open_url(&scratch_postgres_url(base_url).await?).await
}

/// One fresh, empty store per backend under test: SQLite in a file in `dir`
/// (so that several connections share it), and PostgreSQL when configured.
pub async fn scratch_stores(dir: &std::path::Path) -> Vec<Store> {
    let mut stores = vec![
        Store::open(&dir.join(format!("scratch-{:016x}.db", rand::random::<u64>())))
            .await
            .expect("a SQLite store opens"),
    ];
    if let Some(url) = postgres_url() {
        stores.push(scratch_postgres(&url).await.expect("a PostgreSQL store opens"));
    }
    stores
}

/// The store's pool, for a test that writes a row by hand as an older
/// version or an operator might have.
pub fn pool(store: &Store) -> &sqlx::AnyPool {
    &store.pool
}

//! The one place that speaks SQL.
//!
//! A game is stored as its setup plus its action log; the service replays the
//! log to rebuild the state. Every write goes through [`Store::commit`], which
//! checks the game's version inside the transaction, so of two racing actions
//! exactly one lands.

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

/// Statuses of a game row. `cancelled` is a challenge that was declined or
/// expired before it started.
pub mod status {
    pub const PENDING: &str = "pending";
    pub const DEPLOYING: &str = "deploying";
    pub const ACTIVE: &str = "active";
    pub const FINISHED: &str = "finished";
    pub const CANCELLED: &str = "cancelled";

    pub fn is_open(status: &str) -> bool {
        matches!(status, PENDING | DEPLOYING | ACTIVE)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The game changed since it was read: the action lost a race.
    #[error("the game moved on")]
    Conflict,
    /// A uniqueness rule refused the row (an open game already exists).
    #[error("an open game already exists here")]
    Busy,
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// A stored game, as the database holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub kind: String,
    pub guild_id: String,
    pub channel_id: String,
    pub owner_id: String,
    pub multiplayer: bool,
    pub status: String,
    /// JSON: the game's setup (options, seed or position).
    pub setup: String,
    /// JSON: the seats and who sits in them.
    pub players: String,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub expires_at: Option<i64>,
    /// JSON: the result of a finished game.
    pub result: Option<String>,
    pub message_id: Option<String>,
}

/// One entry of a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub seq: i64,
    pub user_id: String,
    pub notation: String,
    pub played_at: i64,
}

/// A change to a game: new log entries and the new row fields, applied in
/// one transaction if the game is still at `expected_version`.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub id: String,
    pub expected_version: i64,
    pub status: String,
    pub players: String,
    pub expires_at: Option<i64>,
    pub result: Option<String>,
    pub updated_at: i64,
    /// (user id, notation) appended after the existing log.
    pub append: Vec<(String, String)>,
}

const GAME_COLUMNS: &str = "id, kind, guild_id, channel_id, owner_id, multiplayer, status, setup, players, \
     version, created_at, updated_at, expires_at, result, message_id";

#[derive(Clone)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating it if needed) the SQLite database at `path`, in WAL
    /// mode, and runs the migrations.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(sqlx::Error::Io)?;
        }
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        Store::connect(options, 4).await
    }

    /// Opens a database from a `sqlite:` URL.
    pub async fn open_url(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        Store::connect(options, 4).await
    }

    /// A private in-memory database, for tests and benchmarks.
    pub async fn in_memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        // One connection: each in-memory connection would be its own database.
        Store::connect(options, 1).await
    }

    async fn connect(options: SqliteConnectOptions, max: u32) -> Result<Store, StoreError> {
        let pool = SqlitePoolOptions::new()
            .max_connections(max)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    /// Closes the pool, waiting for connections to finish cleanly.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Inserts a new game at version 0. Refused with `Busy` when a uniqueness
    /// rule (one open game per channel or per player) forbids it.
    pub async fn insert_game(&self, game: &GameRow) -> Result<(), StoreError> {
        let result = sqlx::query(&format!(
            "INSERT INTO games ({GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        ))
        .bind(&game.id)
        .bind(&game.kind)
        .bind(&game.guild_id)
        .bind(&game.channel_id)
        .bind(&game.owner_id)
        .bind(game.multiplayer as i64)
        .bind(&game.status)
        .bind(&game.setup)
        .bind(&game.players)
        .bind(game.version)
        .bind(game.created_at)
        .bind(game.updated_at)
        .bind(game.expires_at)
        .bind(&game.result)
        .bind(&game.message_id)
        .execute(&self.pool)
        .await;
        match result {
            Ok(_) => Ok(()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Busy),
            Err(e) => Err(e.into()),
        }
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| game_row(&r)))
    }

    /// The open multiplayer game of a channel, if any.
    pub async fn open_multiplayer_game(&self, channel_id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND multiplayer = 1 \
             AND status IN ('pending', 'deploying', 'active')"
        ))
        .bind(channel_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| game_row(&r)))
    }

    /// A player's most recent one-player game in a channel: the open one if
    /// there is one, else the last finished one.
    pub async fn latest_solitaire(
        &self,
        channel_id: &str,
        owner_id: &str,
    ) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND owner_id = ? AND multiplayer = 0 \
             ORDER BY CASE WHEN status IN ('pending', 'deploying', 'active') THEN 0 ELSE 1 END, \
             created_at DESC, id DESC LIMIT 1"
        ))
        .bind(channel_id)
        .bind(owner_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| game_row(&r)))
    }

    /// The most recent game of a kind in a channel, open or not.
    pub async fn latest_game(
        &self,
        channel_id: &str,
        kind: Option<&str>,
    ) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND (? IS NULL OR kind = ?) \
             ORDER BY created_at DESC, id DESC LIMIT 1"
        ))
        .bind(channel_id)
        .bind(kind)
        .bind(kind)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| game_row(&r)))
    }

    /// Open games whose deadline has passed, oldest deadline first.
    pub async fn due_games(&self, now: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE expires_at IS NOT NULL AND expires_at <= ? \
             AND status IN ('pending', 'deploying', 'active') ORDER BY expires_at, id"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(game_row).collect())
    }

    /// A game's log, in order.
    pub async fn actions(&self, game_id: &str) -> Result<Vec<ActionRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, user_id, notation, played_at FROM actions WHERE game_id = ? ORDER BY seq",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| ActionRow {
                seq: r.get("seq"),
                user_id: r.get("user_id"),
                notation: r.get("notation"),
                played_at: r.get("played_at"),
            })
            .collect())
    }

    /// Applies an update in one transaction: the version check and bump
    /// first (so the write lock is taken at once), then the new log entries.
    /// Returns the new version.
    pub async fn commit(&self, update: &GameUpdate) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let bumped = sqlx::query(
            "UPDATE games SET version = version + 1, status = ?, players = ?, expires_at = ?, \
             result = ?, updated_at = ? WHERE id = ? AND version = ?",
        )
        .bind(&update.status)
        .bind(&update.players)
        .bind(update.expires_at)
        .bind(&update.result)
        .bind(update.updated_at)
        .bind(&update.id)
        .bind(update.expected_version)
        .execute(&mut *tx)
        .await?;
        if bumped.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        if !update.append.is_empty() {
            let next: i64 =
                sqlx::query("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM actions WHERE game_id = ?")
                    .bind(&update.id)
                    .fetch_one(&mut *tx)
                    .await?
                    .get("next");
            for (i, (user, notation)) in update.append.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO actions (game_id, seq, user_id, notation, played_at) VALUES (?, ?, ?, ?, ?)",
                )
                .bind(&update.id)
                .bind(next + i as i64)
                .bind(user)
                .bind(notation)
                .bind(update.updated_at)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(update.expected_version + 1)
    }

    /// Remembers the channel message that shows a game's board.
    pub async fn set_message_id(&self, game_id: &str, message_id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET message_id = ? WHERE id = ?")
            .bind(message_id)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

fn game_row(r: &sqlx::sqlite::SqliteRow) -> GameRow {
    GameRow {
        id: r.get("id"),
        kind: r.get("kind"),
        guild_id: r.get("guild_id"),
        channel_id: r.get("channel_id"),
        owner_id: r.get("owner_id"),
        multiplayer: r.get::<i64, _>("multiplayer") != 0,
        status: r.get("status"),
        setup: r.get("setup"),
        players: r.get("players"),
        version: r.get("version"),
        created_at: r.get("created_at"),
        updated_at: r.get("updated_at"),
        expires_at: r.get("expires_at"),
        result: r.get("result"),
        message_id: r.get("message_id"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, channel: &str) -> GameRow {
        GameRow {
            id: id.into(),
            kind: "army-ants".into(),
            guild_id: "g1".into(),
            channel_id: channel.into(),
            owner_id: "alice".into(),
            multiplayer: true,
            status: status::ACTIVE.into(),
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

    fn update(id: &str, version: i64, notation: &str) -> GameUpdate {
        GameUpdate {
            id: id.into(),
            expected_version: version,
            status: status::ACTIVE.into(),
            players: "[]".into(),
            expires_at: None,
            result: None,
            updated_at: 2,
            append: vec![("alice".into(), notation.into())],
        }
    }

    #[tokio::test]
    async fn commit_appends_and_bumps_the_version() {
        let store = Store::in_memory().await.unwrap();
        store.insert_game(&row("g", "c1")).await.unwrap();
        assert_eq!(store.commit(&update("g", 0, "c3-c6")).await.unwrap(), 1);
        assert_eq!(store.commit(&update("g", 1, "c6-c5")).await.unwrap(), 2);
        let log = store.actions("g").await.unwrap();
        assert_eq!(
            log.iter().map(|a| a.notation.as_str()).collect::<Vec<_>>(),
            ["c3-c6", "c6-c5"]
        );
        assert_eq!(log[1].seq, 2);
        assert_eq!(store.game("g").await.unwrap().unwrap().version, 2);
    }

    #[tokio::test]
    async fn a_stale_version_is_a_conflict_and_writes_nothing() {
        let store = Store::in_memory().await.unwrap();
        store.insert_game(&row("g", "c1")).await.unwrap();
        store.commit(&update("g", 0, "c3-c6")).await.unwrap();
        assert!(matches!(
            store.commit(&update("g", 0, "d3-d6")).await,
            Err(StoreError::Conflict)
        ));
        assert_eq!(store.actions("g").await.unwrap().len(), 1);
    }

    #[tokio::test]
    async fn one_open_multiplayer_game_per_channel() {
        let store = Store::in_memory().await.unwrap();
        store.insert_game(&row("a", "c1")).await.unwrap();
        assert!(matches!(
            store.insert_game(&row("b", "c1")).await,
            Err(StoreError::Busy)
        ));
        store.insert_game(&row("c", "c2")).await.unwrap();
        let mut finished = update("a", 0, "resign");
        finished.status = status::FINISHED.into();
        store.commit(&finished).await.unwrap();
        store.insert_game(&row("b", "c1")).await.unwrap();
        assert_eq!(store.open_multiplayer_game("c1").await.unwrap().unwrap().id, "b");
    }

    #[tokio::test]
    async fn the_file_is_created_and_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/antics.db");
        {
            let store = Store::open(&path).await.unwrap();
            store.insert_game(&row("g", "c1")).await.unwrap();
            store.commit(&update("g", 0, "c3-c6")).await.unwrap();
            store.close().await;
        }
        let store = Store::open(&path).await.unwrap();
        assert_eq!(store.actions("g").await.unwrap().len(), 1);
    }
}

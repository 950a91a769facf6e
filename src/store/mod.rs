//! The one place that speaks SQL.
//!
//! A game is stored as its setup plus its action log; the service replays the
//! log to rebuild the state. Every write goes through [`Store::commit`], which
//! checks the game's version inside the transaction, so of two racing actions
//! exactly one lands.
//!
//! The same SQL runs on SQLite and PostgreSQL (sqlx's `Any` driver): `$1`
//! placeholders, integers as BIGINT, `ON CONFLICT DO NOTHING` rather than
//! `INSERT OR IGNORE`, and migrations/ kept portable.

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyPool, ConnectOptions, Executor, Row};

mod changes;
mod daily;
mod migrate;
mod places;
mod ratings;
mod rations;
mod result;
mod seen;
mod sweep_lock;
mod tournaments;

pub use crate::protocol::{Ending, GameResult, GameStatus};
pub use daily::{AttemptFilter, AttemptRow, DailyAttempt, DailyInsert, Subscription};
pub use ratings::{RatedGame, RatedPlayer, Rating, RatingChange, RatingRow, RatingRule, Winner};
pub use rations::Ration;
pub use result::{PatienceResult, StoredResult};
pub use sweep_lock::SweepLock;
pub use tournaments::TournamentRow;

use crate::rules::{GameKind, Kind, Unlisted};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

pub mod testing;

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
    /// A stored value this version cannot read (a game kind or status).
    #[error("game {id} has an unknown {field} {value:?}")]
    Unreadable {
        id: String,
        field: &'static str,
        value: String,
    },
}

/// A stored game, as the database holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub kind: Kind,
    pub guild_id: String,
    pub channel_id: String,
    pub owner_id: String,
    pub multiplayer: bool,
    pub status: GameStatus,
    /// JSON: the game's setup (options, seed or position).
    pub setup: String,
    /// JSON: the seats and who sits in them.
    pub players: String,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub expires_at: Option<i64>,
    /// The result of a finished game.
    pub result: Option<StoredResult>,
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
    pub status: GameStatus,
    pub players: String,
    pub expires_at: Option<i64>,
    pub result: Option<StoredResult>,
    pub updated_at: i64,
    /// (user id, notation) appended after the existing log.
    pub append: Vec<(String, String)>,
}

impl GameUpdate {
    /// An update of `row` at `updated_at` that keeps its status, players,
    /// expiry and result and appends nothing; callers set what changes.
    pub fn of(row: &GameRow, updated_at: i64) -> GameUpdate {
        GameUpdate {
            id: row.id.clone(),
            expected_version: row.version,
            status: row.status,
            players: row.players.clone(),
            expires_at: row.expires_at,
            result: row.result.clone(),
            updated_at,
            append: vec![],
        }
    }
}

const GAME_COLUMNS: &str = "id, kind, guild_id, channel_id, owner_id, multiplayer, status, setup, players, \
     version, created_at, updated_at, expires_at, result, message_id";

/// Which database engine a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The engine a database URL names: PostgreSQL for `postgres://` and
    /// `postgresql://`, SQLite otherwise.
    pub fn of_url(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// The database's URL, for the PostgreSQL change listener.
    url: std::sync::Arc<str>,
    /// The change listener, once a watcher asked for it (PostgreSQL only).
    changes: std::sync::Arc<tokio::sync::OnceCell<Option<tokio::sync::broadcast::Sender<String>>>>,
    /// The sweep lock on SQLite (see `sweep_lock`).
    sweeping: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// The games outside the five whose rows this handle reads (`reading`).
    unlisted: std::sync::Arc<[&'static Unlisted]>,
}

/// Per-connection SQLite settings. WAL is set once per file at start (it
/// persists; see `migrate::set_wal`).
const SQLITE_PRAGMAS: &str =
    "PRAGMA busy_timeout = 10000; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;";

impl Store {
    /// Opens (creating it if needed) the SQLite database at `path`, in WAL
    /// mode, and runs the migrations.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(sqlx::Error::Io)?;
        }
        let url = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .to_url_lossy();
        Store::connect(url.as_str(), Backend::Sqlite, 4).await
    }

    /// Opens a database from a URL: `postgres://` (or `postgresql://`) for
    /// PostgreSQL, `sqlite:` for SQLite (created if missing).
    pub async fn open_url(url: &str) -> Result<Store, StoreError> {
        match Backend::of_url(url) {
            Backend::Postgres => Store::connect(url, Backend::Postgres, 10).await,
            Backend::Sqlite => {
                let url = SqliteConnectOptions::from_str(url)?
                    .create_if_missing(true)
                    .to_url_lossy();
                Store::connect(url.as_str(), Backend::Sqlite, 4).await
            }
        }
    }

    /// Opens a path or a URL (`postgres://...`, `sqlite:...`).
    pub async fn open_path_or_url(db: &str) -> Result<Store, StoreError> {
        if db.starts_with("sqlite:") || db.contains("://") {
            Store::open_url(db).await
        } else {
            Store::open(Path::new(db)).await
        }
    }

    /// A private in-memory database, for tests and benchmarks.
    pub async fn in_memory() -> Result<Store, StoreError> {
        // One connection: each in-memory connection would be its own database.
        Store::connect("sqlite::memory:", Backend::Sqlite, 1).await
    }

    async fn connect(url: &str, backend: Backend, max: u32) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let options = AnyConnectOptions::from_str(url)?.disable_statement_logging();
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute(SQLITE_PRAGMAS).await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        let mut conn = pool.acquire().await?;
        if backend == Backend::Sqlite {
            migrate::set_wal(&mut conn).await?;
        }
        let migrated = migrate::migrate(&mut conn, backend).await;
        if migrated.is_err() {
            // Whatever it holds (a lock, a transaction) goes with it.
            conn.close_on_drop();
        }
        migrated?;
        drop(conn);
        Ok(Store {
            pool,
            backend,
            url: url.into(),
            changes: Default::default(),
            sweeping: Default::default(),
            unlisted: std::sync::Arc::new([]),
        })
    }

    /// This store, reading the rows of `unlisted` games besides the five's
    /// (a row of any other kind is refused as unreadable).
    pub fn reading(self, unlisted: Vec<&'static Unlisted>) -> Store {
        Store {
            unlisted: unlisted.into(),
            ..self
        }
    }

    /// The ids of channels whose games change from now on, in this process
    /// or any other on the database: `None` where the database cannot tell
    /// (SQLite, or a listener that could not start), and watchers poll.
    pub async fn watch_changes(&self) -> Option<tokio::sync::broadcast::Receiver<String>> {
        if self.backend != Backend::Postgres {
            return None;
        }
        let sender = self
            .changes
            .get_or_init(|| async {
                changes::listen(&self.url)
                    .await
                    .inspect_err(|error| tracing::warn!(%error, "game changes are polled"))
                    .ok()
            })
            .await;
        sender.as_ref().map(|s| s.subscribe())
    }

    /// A mark of each of `channels` that changes whenever one of its games
    /// or tournaments does (a game started, an action saved, a player
    /// joined): how many it holds and the sum of their versions. Channels
    /// with neither are left out. One query for every channel a process
    /// watches.
    pub async fn channel_marks(&self, channels: &[String]) -> Result<Vec<(String, i64, i64)>, StoreError> {
        let mut marks = Vec::with_capacity(channels.len());
        for chunk in channels.chunks(500) {
            let places = |from: usize| -> String {
                let numbers: Vec<String> = (from..from + chunk.len()).map(|i| format!("${i}")).collect();
                numbers.join(", ")
            };
            let sql = format!(
                "SELECT channel_id, COUNT(*) AS n, CAST(COALESCE(SUM(version), 0) AS BIGINT) AS v \
                 FROM (SELECT channel_id, version FROM games WHERE channel_id IN ({}) \
                 UNION ALL SELECT channel_id, version FROM tournaments WHERE channel_id IN ({})) AS held \
                 GROUP BY channel_id",
                places(1),
                places(1 + chunk.len())
            );
            let mut query = sqlx::query(&sql);
            for channel in chunk.iter().chain(chunk) {
                query = query.bind(channel);
            }
            for row in query.fetch_all(&self.pool).await? {
                marks.push((row.try_get("channel_id")?, row.try_get("n")?, row.try_get("v")?));
            }
        }
        Ok(marks)
    }

    /// Tells watchers in every process that the game `id` changed (at
    /// commit, on PostgreSQL; nothing on SQLite).
    pub(super) async fn notify_change<'e, E>(&self, exec: E, id: &str) -> Result<(), StoreError>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        self.notify_change_in(exec, "games", id).await
    }

    /// The same for the row `id` of `table` (`games`, `tournaments`): its
    /// channel is told.
    pub(super) async fn notify_change_in<'e, E>(
        &self,
        exec: E,
        table: &str,
        id: &str,
    ) -> Result<(), StoreError>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        if self.backend == Backend::Postgres {
            sqlx::query(&format!(
                "SELECT pg_notify('{}', channel_id) FROM {table} WHERE id = $1",
                changes::CHANNEL
            ))
            .bind(id)
            .execute(exec)
            .await?;
        }
        Ok(())
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Whether the database answers a trivial query (a health check).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// How many games are not yet over (waiting, deploying or under way).
    pub async fn open_game_count(&self) -> Result<i64, StoreError> {
        let row =
            sqlx::query("SELECT COUNT(*) AS n FROM games WHERE status IN ('pending', 'deploying', 'active')")
                .fetch_one(&self.pool)
                .await?;
        Ok(row.try_get::<i64, _>("n")?)
    }

    /// Closes the pool, waiting for connections to finish cleanly.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Inserts a new game at version 0. Refused with `Busy` when a uniqueness
    /// rule (one open game per channel or per player) forbids it.
    pub async fn insert_game(&self, game: &GameRow) -> Result<(), StoreError> {
        insert_game_with(&self.pool, game).await?;
        self.notify_change(&self.pool, &game.id).await
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| self.game_row(&r)).transpose()
    }

    /// The open multiplayer game of a channel, if any.
    pub async fn open_multiplayer_game(&self, channel_id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND multiplayer = 1 \
             AND status IN ('pending', 'deploying', 'active')"
        ))
        .bind(channel_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| self.game_row(&r)).transpose()
    }

    /// The most recent game of two or more players in a channel: the open
    /// one if there is one (a channel has at most one, and it is the
    /// newest), else the last that ended.
    pub async fn latest_multiplayer_game(&self, channel_id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND multiplayer = 1 \
             ORDER BY created_at DESC, id DESC LIMIT 1"
        ))
        .bind(channel_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| self.game_row(&r)).transpose()
    }

    /// A player's most recent one-player game in a channel: the open one if
    /// there is one, else the last finished one.
    pub async fn latest_solitaire(
        &self,
        channel_id: &str,
        owner_id: &str,
    ) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND owner_id = $2 AND multiplayer = 0 \
             ORDER BY CASE WHEN status IN ('pending', 'deploying', 'active') THEN 0 ELSE 1 END, \
             created_at DESC, id DESC LIMIT 1"
        ))
        .bind(channel_id)
        .bind(owner_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| self.game_row(&r)).transpose()
    }

    /// The most recent game of one of the five in a channel, open or not.
    pub async fn latest_game(
        &self,
        channel_id: &str,
        kind: Option<GameKind>,
    ) -> Result<Option<GameRow>, StoreError> {
        self.latest_of(channel_id, kind.map(Kind::Listed)).await
    }

    /// The most recent game of a kind in a channel, open or not.
    pub async fn latest_of(
        &self,
        channel_id: &str,
        kind: Option<Kind>,
    ) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE channel_id = $1 AND ($2 IS NULL OR kind = $2) \
             ORDER BY created_at DESC, id DESC LIMIT 1"
        ))
        .bind(channel_id)
        .bind(kind.map(Kind::as_str))
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| self.game_row(&r)).transpose()
    }

    /// Open games whose deadline has passed, oldest deadline first (at
    /// most 200 a call: the next sweep takes the rest, since the earliest
    /// deadline is then still past).
    pub async fn due_games(&self, now: i64) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE expires_at IS NOT NULL AND expires_at <= $1 \
             AND status IN ('pending', 'deploying', 'active') ORDER BY expires_at, id LIMIT 200"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| self.game_row(r)).collect()
    }

    /// The earliest expiry of an open game, if any has one.
    pub async fn next_expiry(&self) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query(
            "SELECT MIN(expires_at) AS next FROM games WHERE expires_at IS NOT NULL \
             AND status IN ('pending', 'deploying', 'active')",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(row.get("next"))
    }

    /// Moves the deadline of a game's `version` to `expires_at` without
    /// changing the game (its version stays, so its boards stay current):
    /// false when the game changed meanwhile, and its save set its own.
    pub async fn set_deadline(
        &self,
        game_id: &str,
        version: i64,
        expires_at: Option<i64>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE games SET expires_at = $1 WHERE id = $2 AND version = $3")
            .bind(expires_at)
            .bind(game_id)
            .bind(version)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives every started game with no deadline one `after` milliseconds
    /// past its last change: games saved before every game kept a deadline
    /// (or while the idle end was off) come under the idle sweep.
    pub async fn backfill_deadlines(&self, after: i64) -> Result<u64, StoreError> {
        let done = sqlx::query(
            "UPDATE games SET expires_at = updated_at + $1 \
             WHERE expires_at IS NULL AND status IN ('deploying', 'active')",
        )
        .bind(after)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Claims the notice `kind` for a game's `version`: true for the one
    /// caller (in any process) whose insert lands, false for the others.
    pub async fn claim_notice(
        &self,
        game_id: &str,
        version: i64,
        kind: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO notices (game_id, version, kind, sent_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(game_id)
        .bind(version)
        .bind(kind)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A game's log, in order.
    pub async fn actions(&self, game_id: &str) -> Result<Vec<ActionRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, user_id, notation, played_at FROM actions WHERE game_id = $1 ORDER BY seq",
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
        self.commit_rated(update, None).await
    }

    /// [`Store::commit`], and when the update finishes a rated game, the
    /// players' new ratings saved in the same transaction.
    pub async fn commit_rated(
        &self,
        update: &GameUpdate,
        rated: Option<&RatedGame>,
    ) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let bumped = sqlx::query(
            "UPDATE games SET version = version + 1, status = $1, players = $2, expires_at = $3, \
             result = $4, updated_at = $5 WHERE id = $6 AND version = $7",
        )
        .bind(update.status.as_str())
        .bind(&update.players)
        .bind(update.expires_at)
        .bind(update.result.as_ref().map(StoredResult::to_json))
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
                sqlx::query("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM actions WHERE game_id = $1")
                    .bind(&update.id)
                    .fetch_one(&mut *tx)
                    .await?
                    .get("next");
            for (i, (user, notation)) in update.append.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO actions (game_id, seq, user_id, notation, played_at) VALUES ($1, $2, $3, $4, $5)",
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
        // The version check lets one finishing update through, so a rated
        // game's ratings move once, in the same transaction as its result.
        if let Some(rated) = rated.filter(|_| update.status == GameStatus::Finished) {
            ratings::save_rated_game(&mut tx, &update.id, rated, update.updated_at).await?;
        }
        self.notify_change(&mut *tx, &update.id).await?;
        tx.commit().await?;
        Ok(update.expected_version + 1)
    }

    /// Remembers the channel message that shows a game's board; `false`
    /// when no game has that id.
    pub async fn set_message_id(&self, game_id: &str, message_id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE games SET message_id = $1 WHERE id = $2")
            .bind(message_id)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records the game's newest "your move" ping and returns the one it
    /// replaces, so that a game keeps at most one live ping.
    pub async fn swap_ping_message(
        &self,
        game_id: &str,
        message_id: &str,
    ) -> Result<Option<String>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let old: Option<(Option<String>,)> =
            sqlx::query_as("SELECT ping_message_id FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(&mut *tx)
                .await?;
        sqlx::query("UPDATE games SET ping_message_id = $1 WHERE id = $2")
            .bind(message_id)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(old.and_then(|(id,)| id))
    }
}

/// Inserts a game row on a pool or inside a transaction; `Busy` when a
/// uniqueness rule refuses it.
async fn insert_game_with<'e, E>(exec: E, game: &GameRow) -> Result<(), StoreError>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let result = sqlx::query(&format!(
        "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
    ))
    .bind(&game.id)
    .bind(game.kind.as_str())
    .bind(&game.guild_id)
    .bind(&game.channel_id)
    .bind(&game.owner_id)
    .bind(game.multiplayer as i64)
    .bind(game.status.as_str())
    .bind(&game.setup)
    .bind(&game.players)
    .bind(game.version)
    .bind(game.created_at)
    .bind(game.updated_at)
    .bind(game.expires_at)
    .bind(game.result.as_ref().map(StoredResult::to_json))
    .bind(&game.message_id)
    .execute(exec)
    .await;
    match result {
        Ok(_) => Ok(()),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Busy),
        Err(e) => Err(e.into()),
    }
}

impl Store {
    /// A game row as the service reads it: its kind and status typed,
    /// refused (with the game's id) when this version cannot read them.
    fn game_row(&self, r: &AnyRow) -> Result<GameRow, StoreError> {
        read_game_row(r, &self.unlisted)
    }
}

/// A game row of a kind among the five or `unlisted`.
fn read_game_row(r: &AnyRow, unlisted: &[&'static Unlisted]) -> Result<GameRow, StoreError> {
    let id: String = r.get("id");
    let kind: String = r.get("kind");
    let status: String = r.get("status");
    let unreadable = |field, value: String| StoreError::Unreadable {
        id: id.clone(),
        field,
        value,
    };
    let result = stored_result(&id, r.get("result"))?;
    Ok(GameRow {
        kind: Kind::parse(&kind, unlisted).ok_or_else(|| unreadable("kind", kind.clone()))?,
        status: GameStatus::parse(&status).ok_or_else(|| unreadable("status", status.clone()))?,
        id,
        guild_id: r.get("guild_id"),
        channel_id: r.get("channel_id"),
        owner_id: r.get("owner_id"),
        multiplayer: r.get::<i64, _>("multiplayer") != 0,
        setup: r.get("setup"),
        players: r.get("players"),
        version: r.get("version"),
        created_at: r.get("created_at"),
        updated_at: r.get("updated_at"),
        expires_at: r.get("expires_at"),
        result,
        message_id: r.get("message_id"),
    })
}

/// The result column of game `id`, refused with its JSON when this
/// version cannot read it.
fn stored_result(id: &str, json: Option<String>) -> Result<Option<StoredResult>, StoreError> {
    let Some(json) = json else {
        return Ok(None);
    };
    StoredResult::from_json(&json)
        .map(Some)
        .ok_or_else(|| StoreError::Unreadable {
            id: id.to_string(),
            field: "result",
            value: json,
        })
}

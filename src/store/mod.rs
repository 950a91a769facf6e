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

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, channel: &str) -> GameRow {
        GameRow {
            id: id.into(),
            kind: GameKind::ArmyAnts.into(),
            guild_id: "g1".into(),
            channel_id: channel.into(),
            owner_id: "alice".into(),
            multiplayer: true,
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

    fn update(id: &str, version: i64, notation: &str) -> GameUpdate {
        GameUpdate {
            id: id.into(),
            expected_version: version,
            status: GameStatus::Active,
            players: "[]".into(),
            expires_at: None,
            result: None,
            updated_at: 2,
            append: vec![("alice".into(), notation.into())],
        }
    }

    /// Every backend under test, each fresh and empty.
    async fn stores() -> (tempfile::TempDir, Vec<Store>) {
        let dir = tempfile::tempdir().unwrap();
        let stores = testing::scratch_stores(dir.path()).await;
        (dir, stores)
    }

    /// Waits for `channel` among the changes told (other tests share the
    /// server, and tell of theirs).
    async fn told(changes: &mut tokio::sync::broadcast::Receiver<String>, channel: &str) -> bool {
        let wait = async {
            loop {
                match changes.recv().await {
                    Ok(id) if id == channel => return true,
                    Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(_) => return false,
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(10), wait)
            .await
            .unwrap_or(false)
    }

    /// A page that shows a game live hears of every change at once, made
    /// by any process on the database: on PostgreSQL as it commits.
    #[tokio::test]
    async fn postgres_tells_every_process_of_each_change_to_a_channel() {
        let dir = tempfile::tempdir().unwrap();
        let sqlite = Store::open(&dir.path().join("plain.db")).await.unwrap();
        assert!(sqlite.watch_changes().await.is_none(), "SQLite watchers poll");
        let Some(url) = testing::postgres_url() else {
            return;
        };
        let url = testing::scratch_postgres_url(&url).await.unwrap();
        let watcher = Store::open_url(&url).await.unwrap();
        // Another process's store: its own pool on the same database.
        let writer = Store::open_url(&url).await.unwrap();
        let mut changes = watcher
            .watch_changes()
            .await
            .expect("PostgreSQL tells of changes");
        let channel = format!("c-{:016x}", rand::random::<u64>());
        writer.insert_game(&row("g", &channel)).await.unwrap();
        assert!(told(&mut changes, &channel).await, "the new game is told");
        writer.commit(&update("g", 0, "c3-c6")).await.unwrap();
        assert!(told(&mut changes, &channel).await, "the move is told");
        // A refused commit (a stale version) changes nothing and tells nothing.
        assert!(writer.commit(&update("g", 0, "c3-c6")).await.is_err());
        writer.commit(&update("g", 1, "c6-c5")).await.unwrap();
        assert!(told(&mut changes, &channel).await);
        while let Ok(id) = changes.try_recv() {
            assert_ne!(id, channel, "one change, one notice");
        }
    }

    #[tokio::test]
    async fn commit_appends_and_bumps_the_version() {
        let (_dir, stores) = stores().await;
        for store in stores {
            store.insert_game(&row("g", "c1")).await.unwrap();
            assert_eq!(store.commit(&update("g", 0, "c3-c6")).await.unwrap(), 1);
            assert_eq!(store.commit(&update("g", 1, "c6-c5")).await.unwrap(), 2);
            let log = store.actions("g").await.unwrap();
            assert_eq!(
                log.iter().map(|a| a.notation.as_str()).collect::<Vec<_>>(),
                ["c3-c6", "c6-c5"]
            );
            assert_eq!(log[1].seq, 2);
            let game = store.game("g").await.unwrap().unwrap();
            assert_eq!(game.version, 2);
            assert!(game.multiplayer);
            assert_eq!(game.expires_at, None);
        }
    }

    #[tokio::test]
    async fn a_ration_allows_its_count_in_a_window_then_says_how_long_to_wait() {
        let (_dir, stores) = stores().await;
        let ration = Ration {
            work: "computer",
            window_ms: 60_000,
            allowed: 2,
        };
        for store in stores {
            assert_eq!(store.take_ration("bob", ration, 1_000).await.unwrap(), Ok(()));
            assert_eq!(store.take_ration("bob", ration, 2_000).await.unwrap(), Ok(()));
            // The window started at the first: 59 s of it are left.
            assert_eq!(
                store.take_ration("bob", ration, 2_000).await.unwrap(),
                Err(59_000)
            );
            // Another user, and another kind of work, count apart.
            assert_eq!(store.take_ration("carol", ration, 2_000).await.unwrap(), Ok(()));
            let review = Ration {
                work: "review",
                allowed: 1,
                ..ration
            };
            assert_eq!(store.take_ration("bob", review, 2_000).await.unwrap(), Ok(()));
            assert_eq!(
                store.take_ration("bob", review, 3_000).await.unwrap(),
                Err(59_000)
            );
            // A new window once the last is over.
            assert_eq!(store.take_ration("bob", ration, 61_000).await.unwrap(), Ok(()));
            assert_eq!(store.take_ration("bob", ration, 61_500).await.unwrap(), Ok(()));
            assert_eq!(
                store.take_ration("bob", ration, 62_000).await.unwrap(),
                Err(59_000)
            );
            // The sweep forgets the windows started before its bound.
            store.forget_rations(10_000).await.unwrap();
            assert_eq!(store.take_ration("carol", ration, 3_000).await.unwrap(), Ok(()));
            assert_eq!(
                store.take_ration("bob", ration, 63_000).await.unwrap(),
                Err(58_000)
            );
        }
    }

    #[tokio::test]
    async fn a_stale_version_is_a_conflict_and_writes_nothing() {
        let (_dir, stores) = stores().await;
        for store in stores {
            store.insert_game(&row("g", "c1")).await.unwrap();
            store.commit(&update("g", 0, "c3-c6")).await.unwrap();
            assert!(matches!(
                store.commit(&update("g", 0, "d3-d6")).await,
                Err(StoreError::Conflict)
            ));
            assert_eq!(store.actions("g").await.unwrap().len(), 1);
        }
    }

    #[tokio::test]
    async fn one_open_multiplayer_game_per_channel() {
        let (_dir, stores) = stores().await;
        for store in stores {
            store.insert_game(&row("a", "c1")).await.unwrap();
            assert!(matches!(
                store.insert_game(&row("b", "c1")).await,
                Err(StoreError::Busy)
            ));
            store.insert_game(&row("c", "c2")).await.unwrap();
            let mut finished = update("a", 0, "resign");
            finished.status = GameStatus::Finished;
            store.commit(&finished).await.unwrap();
            store.insert_game(&row("b", "c1")).await.unwrap();
            assert_eq!(store.open_multiplayer_game("c1").await.unwrap().unwrap().id, "b");
        }
    }

    /// A row this version cannot read (a kind or status from a newer
    /// version, or a hand edit) is refused with the game's id, not
    /// mistaken for another game.
    #[tokio::test]
    async fn an_unknown_kind_or_status_is_refused_by_name() {
        let (_dir, stores) = stores().await;
        for store in stores {
            store.insert_game(&row("g", "c1")).await.unwrap();
            assert_eq!(store.game("g").await.unwrap().unwrap().kind, GameKind::ArmyAnts);
            sqlx::query("UPDATE games SET kind = 'chess' WHERE id = 'g'")
                .execute(&store.pool)
                .await
                .unwrap();
            let err = store.game("g").await.unwrap_err();
            assert_eq!(err.to_string(), "game g has an unknown kind \"chess\"");
            sqlx::query("UPDATE games SET kind = 'myrmex', status = 'paused' WHERE id = 'g'")
                .execute(&store.pool)
                .await
                .unwrap();
            let err = store.game("g").await.unwrap_err();
            assert_eq!(err.to_string(), "game g has an unknown status \"paused\"");
        }
    }

    #[test]
    fn statuses_are_stored_by_name() {
        for status in [
            GameStatus::Pending,
            GameStatus::Deploying,
            GameStatus::Active,
            GameStatus::Finished,
            GameStatus::Cancelled,
        ] {
            assert_eq!(GameStatus::parse(status.as_str()), Some(status));
            let json = serde_json::to_string(&status).unwrap();
            assert_eq!(json, format!("\"{status}\""));
        }
        assert!(GameStatus::Deploying.is_open() && !GameStatus::Cancelled.is_open());
    }

    #[tokio::test]
    async fn queries_by_kind_deadline_and_owner() {
        let (_dir, stores) = stores().await;
        for store in stores {
            let mut duel = row("d", "c1");
            duel.expires_at = Some(100);
            duel.created_at = 5;
            store.insert_game(&duel).await.unwrap();
            let mut patience = row("p", "c1");
            patience.kind = GameKind::Anthill.into();
            patience.multiplayer = false;
            patience.created_at = 9;
            store.insert_game(&patience).await.unwrap();
            assert_eq!(store.latest_game("c1", None).await.unwrap().unwrap().id, "p");
            assert_eq!(
                store
                    .latest_game("c1", Some(GameKind::ArmyAnts))
                    .await
                    .unwrap()
                    .unwrap()
                    .id,
                "d"
            );
            assert!(store
                .latest_game("c1", Some(GameKind::Myrmex))
                .await
                .unwrap()
                .is_none());
            assert_eq!(
                store.latest_solitaire("c1", "alice").await.unwrap().unwrap().id,
                "p"
            );
            assert!(store.due_games(99).await.unwrap().is_empty());
            assert_eq!(store.due_games(100).await.unwrap()[0].id, "d");
            store.set_message_id("d", "m1").await.unwrap();
            assert_eq!(store.swap_ping_message("d", "p1").await.unwrap(), None);
            assert_eq!(
                store.swap_ping_message("d", "p2").await.unwrap().as_deref(),
                Some("p1")
            );
            assert_eq!(
                store.game("d").await.unwrap().unwrap().message_id.as_deref(),
                Some("m1")
            );
        }
    }

    /// A deadline moves without changing the game, only on the version it
    /// was read at; games saved with none get one from their last change.
    #[tokio::test]
    async fn deadlines_move_in_place_and_missing_ones_are_filled_in() {
        let (_dir, stores) = stores().await;
        for store in stores {
            let mut timed = row("t", "c1");
            timed.expires_at = Some(50);
            store.insert_game(&timed).await.unwrap();
            let mut unset = row("u", "c2");
            unset.updated_at = 10;
            store.insert_game(&unset).await.unwrap();
            let mut pending = row("p", "c3");
            pending.status = GameStatus::Pending;
            store.insert_game(&pending).await.unwrap();

            assert!(store.set_deadline("t", 0, Some(70)).await.unwrap());
            let moved = store.game("t").await.unwrap().unwrap();
            assert_eq!((moved.expires_at, moved.version), (Some(70), 0));
            assert!(
                !store.set_deadline("t", 1, Some(90)).await.unwrap(),
                "a stale version"
            );

            assert_eq!(
                store.backfill_deadlines(1_000).await.unwrap(),
                1,
                "only the started game without one"
            );
            assert_eq!(store.game("u").await.unwrap().unwrap().expires_at, Some(1_010));
            assert_eq!(store.game("t").await.unwrap().unwrap().expires_at, Some(70));
            assert_eq!(store.game("p").await.unwrap().unwrap().expires_at, None);
            let due: Vec<String> = store
                .due_games(1_010)
                .await
                .unwrap()
                .into_iter()
                .map(|g| g.id)
                .collect();
            assert_eq!(due, ["t", "u"]);
        }
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

    #[tokio::test]
    async fn urls_pick_the_backend() {
        assert_eq!(Backend::of_url("postgres://u@h/db"), Backend::Postgres);
        assert_eq!(Backend::of_url("postgresql://u@h/db"), Backend::Postgres);
        assert_eq!(Backend::of_url("sqlite://x.db"), Backend::Sqlite);
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("u.db").display());
        let store = Store::open_path_or_url(&url).await.unwrap();
        assert_eq!(store.backend(), Backend::Sqlite);
        store.insert_game(&row("g", "c1")).await.unwrap();
        if let Some(url) = testing::postgres_url() {
            let store = testing::scratch_postgres(&url).await.unwrap();
            assert_eq!(store.backend(), Backend::Postgres);
        }
    }
}

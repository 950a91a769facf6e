//! Tournaments as stored: one row each, the event's state as JSON beside
//! the columns it is looked up by. Every change is a versioned write; a
//! round's new games are inserted in the same transaction as the round,
//! so a round is paired once and its games exist exactly when it does.

use super::{insert_game_with, GameRow, Store, StoreError};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A stored tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: String,
    pub guild_id: String,
    pub channel_id: String,
    /// `open`, `running`, `finished` or `cancelled`.
    pub status: String,
    /// The event itself (`tournament::Tournament` as JSON).
    pub state: String,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// When the sweep must next look at it (its start, a round's close).
    pub deadline: Option<i64>,
    /// The channel message that shows its standings.
    pub message_id: Option<String>,
}

const COLUMNS: &str =
    "id, guild_id, channel_id, status, state, version, created_at, updated_at, deadline, message_id";

fn tournament_row(r: &AnyRow) -> TournamentRow {
    TournamentRow {
        id: r.get("id"),
        guild_id: r.get("guild_id"),
        channel_id: r.get("channel_id"),
        status: r.get("status"),
        state: r.get("state"),
        version: r.get("version"),
        created_at: r.get("created_at"),
        updated_at: r.get("updated_at"),
        deadline: r.get("deadline"),
        message_id: r.get("message_id"),
    }
}

impl Store {
    /// Saves a new tournament at version 0; `Busy` when the channel already
    /// has one open or running.
    pub async fn insert_tournament(&self, row: &TournamentRow) -> Result<(), StoreError> {
        let result = sqlx::query(&format!(
            "INSERT INTO tournaments ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
        ))
        .bind(&row.id)
        .bind(&row.guild_id)
        .bind(&row.channel_id)
        .bind(&row.status)
        .bind(&row.state)
        .bind(row.version)
        .bind(row.created_at)
        .bind(row.updated_at)
        .bind(row.deadline)
        .bind(&row.message_id)
        .execute(&self.pool)
        .await;
        match result {
            Ok(_) => Ok(()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Busy),
            Err(e) => Err(e.into()),
        }
    }

    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(tournament_row))
    }

    /// The channel's newest tournament: the open or running one if any.
    pub async fn channel_tournament(&self, channel_id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE channel_id = $1 \
             ORDER BY CASE WHEN status IN ('open', 'running') THEN 0 ELSE 1 END, created_at DESC, id DESC LIMIT 1"
        ))
        .bind(channel_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(tournament_row))
    }

    /// A server's tournaments, newest first (at most `limit`).
    pub async fn guild_tournaments(
        &self,
        guild_id: &str,
        limit: i64,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE guild_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2"
        ))
        .bind(guild_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(tournament_row).collect())
    }

    /// The tournaments open or running whose deadline passed by `now`.
    pub async fn due_tournaments(&self, now: i64) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE deadline <= $1 AND status IN ('open', 'running') \
             ORDER BY deadline, id"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(tournament_row).collect())
    }

    /// The earliest deadline of a tournament still open or running.
    pub async fn next_tournament_deadline(&self) -> Result<Option<i64>, StoreError> {
        let row =
            sqlx::query("SELECT MIN(deadline) AS next FROM tournaments WHERE status IN ('open', 'running')")
                .fetch_one(&self.pool)
                .await?;
        Ok(row.try_get::<Option<i64>, _>("next")?)
    }

    /// Saves a tournament's new state if it still stands at `row.version`,
    /// with the games its new round starts, in one transaction: `Conflict`
    /// when another change landed first (nothing is written then).
    pub async fn save_tournament(&self, row: &TournamentRow, games: &[GameRow]) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let bumped = sqlx::query(
            "UPDATE tournaments SET version = version + 1, status = $1, state = $2, updated_at = $3, \
             deadline = $4 WHERE id = $5 AND version = $6",
        )
        .bind(&row.status)
        .bind(&row.state)
        .bind(row.updated_at)
        .bind(row.deadline)
        .bind(&row.id)
        .bind(row.version)
        .execute(&mut *tx)
        .await?;
        if bumped.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        for game in games {
            insert_game_with(&mut *tx, game).await?;
        }
        // Pages open on its channel hear of it, in every process.
        self.notify_change_in(&mut *tx, "tournaments", &row.id).await?;
        tx.commit().await?;
        Ok(row.version + 1)
    }

    /// Remembers the channel message that shows a tournament's standings.
    pub async fn set_tournament_message(&self, id: &str, message_id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE tournaments SET message_id = $1 WHERE id = $2")
            .bind(message_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Moves a game to the channel it is played in (a tournament game's
    /// own thread, made by the front end once the game exists).
    pub async fn move_game(&self, game_id: &str, channel_id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET channel_id = $1 WHERE id = $2")
            .bind(channel_id)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

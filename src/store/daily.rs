//! Daily challenges: the installation's settings, the day's deals, the
//! attempts that link patience games to their day, subscriptions and the
//! claims of daily posts.

use super::{insert_game_with, GameRow, Store, StoreError};
use sqlx::Row;

/// What links a patience game to its daily challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyAttempt {
    pub game_id: String,
    /// `YYYY-MM-DD`, UTC.
    pub day: String,
    /// `myrmex`, `anthill` or `ants`.
    pub game: String,
    pub user_id: String,
    pub user_name: String,
    pub channel_id: String,
    pub guild_id: String,
    /// Only the player's first attempt of the game on that day is ranked.
    pub ranked: bool,
    pub started_at: i64,
}

/// An attempt with its game's status and stored result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRow {
    pub attempt: DailyAttempt,
    pub status: super::GameStatus,
    pub result: Option<super::StoredResult>,
}

/// What inserting a daily attempt did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DailyInsert {
    /// The player's first attempt of the game that day: it ranks.
    Ranked,
    /// Their ranked attempt has ended: this one is practice.
    Practice,
    /// Nothing inserted: their ranked attempt (this game id) is still open.
    RankedOpen(String),
}

/// A channel that receives the daily post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    pub channel_id: String,
    pub guild_id: String,
}

const ATTEMPT_COLUMNS: &str = "a.game_id, a.day, a.game, a.user_id, a.user_name, a.channel_id, a.guild_id, \
     a.ranked, a.started_at, g.status, g.result";

fn attempt_row(r: &sqlx::any::AnyRow) -> Result<AttemptRow, super::StoreError> {
    let status: String = r.get("status");
    Ok(AttemptRow {
        attempt: DailyAttempt {
            game_id: r.get("game_id"),
            day: r.get("day"),
            game: r.get("game"),
            user_id: r.get("user_id"),
            user_name: r.get("user_name"),
            channel_id: r.get("channel_id"),
            guild_id: r.get("guild_id"),
            ranked: r.get::<i64, _>("ranked") != 0,
            started_at: r.get("started_at"),
        },
        status: super::GameStatus::parse(&status).ok_or_else(|| super::StoreError::Unreadable {
            id: r.get("game_id"),
            field: "status",
            value: status.clone(),
        })?,
        result: super::stored_result(r.get("game_id"), r.get("result"))?,
    })
}

/// Which attempts a query wants: a span of days, a game, a place.
#[derive(Clone, Debug, Default)]
pub struct AttemptFilter<'a> {
    pub first_day: &'a str,
    pub last_day: &'a str,
    pub game: Option<&'a str>,
    pub channel: Option<&'a str>,
    pub guild: Option<&'a str>,
    pub user: Option<&'a str>,
    pub ranked_only: bool,
}

impl<'a> AttemptFilter<'a> {
    /// The ranked attempts of `game` on `day`; narrow it with the other
    /// fields.
    pub fn ranked_on(day: &'a str, game: &'a str) -> AttemptFilter<'a> {
        AttemptFilter {
            first_day: day,
            last_day: day,
            game: Some(game),
            ranked_only: true,
            ..AttemptFilter::default()
        }
    }
}

impl Store {
    /// A value this installation keeps.
    pub async fn setting(&self, name: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT value FROM settings WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.get("value")))
    }

    /// Keeps `value` under `name` unless a value is there already, and
    /// returns the one kept (so racing processes agree).
    pub async fn setting_or_insert(&self, name: &str, value: &str) -> Result<String, StoreError> {
        sqlx::query("INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(name)
            .bind(value)
            .execute(&self.pool)
            .await?;
        Ok(self.setting(name).await?.unwrap_or_else(|| value.to_string()))
    }

    /// The deal of `game` on `day`: its seed and the fewest moves a solver
    /// found, if one did.
    pub async fn daily_deal(&self, day: &str, game: &str) -> Result<Option<(u64, Option<i64>)>, StoreError> {
        let row = sqlx::query("SELECT seed, fewest_moves FROM daily_deals WHERE day = $1 AND game = $2")
            .bind(day)
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| {
            let seed: String = r.get("seed");
            Some((seed.parse().ok()?, r.get("fewest_moves")))
        }))
    }

    /// Fixes the deal of `game` on `day` unless it is fixed already, and
    /// returns the one kept.
    pub async fn fix_daily_deal(
        &self,
        day: &str,
        game: &str,
        seed: u64,
        fewest_moves: Option<i64>,
        now: i64,
    ) -> Result<(u64, Option<i64>), StoreError> {
        sqlx::query(
            "INSERT INTO daily_deals (day, game, seed, fewest_moves, created_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT DO NOTHING",
        )
        .bind(day)
        .bind(game)
        .bind(seed.to_string())
        .bind(fewest_moves)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(self.daily_deal(day, game).await?.unwrap_or((seed, fewest_moves)))
    }

    /// Inserts a daily attempt's game and its link in one transaction. The
    /// attempt is ranked if the player has no ranked attempt of that game on
    /// that day yet, and practice if their ranked one has ended; while it is
    /// open nothing is inserted and its game is returned instead (so two
    /// requests racing in two channels cannot open a practice copy beside
    /// it). `Busy` when the player already has an open patience in the
    /// channel.
    pub async fn insert_daily_game(
        &self,
        game: &GameRow,
        attempt: &DailyAttempt,
    ) -> Result<DailyInsert, StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_game_with(&mut *tx, game).await?;
        self.notify_change(&mut *tx, &game.id).await?;
        let insert = |ranked: i64| {
            sqlx::query(
                "INSERT INTO daily_attempts (game_id, day, game, user_id, user_name, channel_id, guild_id, \
                 ranked, started_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING",
            )
            .bind(&attempt.game_id)
            .bind(&attempt.day)
            .bind(&attempt.game)
            .bind(&attempt.user_id)
            .bind(&attempt.user_name)
            .bind(&attempt.channel_id)
            .bind(&attempt.guild_id)
            .bind(ranked)
            .bind(attempt.started_at)
        };
        // The unique index on ranked attempts decides, even between racing
        // requests: the loser's insert waits for the winner's commit.
        if insert(1).execute(&mut *tx).await?.rows_affected() == 1 {
            tx.commit().await?;
            return Ok(DailyInsert::Ranked);
        }
        let ranked = sqlx::query(
            "SELECT g.id, g.status FROM daily_attempts a JOIN games g ON g.id = a.game_id \
             WHERE a.day = $1 AND a.game = $2 AND a.user_id = $3 AND a.ranked = 1",
        )
        .bind(&attempt.day)
        .bind(&attempt.game)
        .bind(&attempt.user_id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(ranked) = ranked {
            if super::GameStatus::parse(&ranked.get::<String, _>("status"))
                .is_some_and(super::GameStatus::is_open)
            {
                tx.rollback().await?;
                return Ok(DailyInsert::RankedOpen(ranked.get("id")));
            }
        }
        insert(0).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(DailyInsert::Practice)
    }

    /// The daily attempt a game is, if it is one.
    pub async fn daily_attempt(&self, game_id: &str) -> Result<Option<AttemptRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts a JOIN games g ON g.id = a.game_id \
             WHERE a.game_id = $1"
        ))
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(attempt_row).transpose()
    }

    /// The attempts that match `filter`, oldest first.
    pub async fn daily_attempts(&self, filter: &AttemptFilter<'_>) -> Result<Vec<AttemptRow>, StoreError> {
        let mut sql = format!(
            "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts a JOIN games g ON g.id = a.game_id \
             WHERE a.day >= $1 AND a.day <= $2"
        );
        // Optional conditions get the next placeholders in order.
        let optional = [
            ("a.game", filter.game),
            ("a.channel_id", filter.channel),
            ("a.guild_id", filter.guild),
            ("a.user_id", filter.user),
        ];
        let mut n = 2;
        for (column, value) in &optional {
            if value.is_some() {
                n += 1;
                sql.push_str(&format!(" AND {column} = ${n}"));
            }
        }
        if filter.ranked_only {
            sql.push_str(" AND a.ranked = 1");
        }
        sql.push_str(" ORDER BY a.started_at, a.game_id");
        let mut query = sqlx::query(&sql).bind(filter.first_day).bind(filter.last_day);
        for (_, value) in optional {
            if let Some(value) = value {
                query = query.bind(value);
            }
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(attempt_row).collect()
    }

    /// A player's finished one-player games, but practice of a daily deal
    /// (a deal they had seen): (kind, stored setup, stored result).
    pub async fn finished_patiences(
        &self,
        user: &str,
    ) -> Result<Vec<(String, String, Option<super::StoredResult>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, kind, setup, result FROM games g WHERE owner_id = $1 AND multiplayer = 0 \
             AND status = 'finished' AND NOT EXISTS \
             (SELECT 1 FROM daily_attempts a WHERE a.game_id = g.id AND a.ranked = 0)",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let result = super::stored_result(r.get("id"), r.get("result"))?;
                Ok((r.get("kind"), r.get("setup"), result))
            })
            .collect()
    }

    /// Subscribes a channel to the daily post. `today` counts as posted, so
    /// the first post is the next day's. Returns false if it was already.
    pub async fn subscribe_daily(
        &self,
        channel: &str,
        guild: &str,
        user: &str,
        today: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let added = sqlx::query(
            "INSERT INTO daily_subscriptions (channel_id, guild_id, user_id, created_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        )
        .bind(channel)
        .bind(guild)
        .bind(user)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        sqlx::query(
            "INSERT INTO daily_posts (channel_id, day, claimed_at, sent_at) VALUES ($1, $2, $3, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(channel)
        .bind(today)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(added)
    }

    /// Returns false if the channel was not subscribed.
    pub async fn unsubscribe_daily(&self, channel: &str) -> Result<bool, StoreError> {
        let gone = sqlx::query("DELETE FROM daily_subscriptions WHERE channel_id = $1")
            .bind(channel)
            .execute(&self.pool)
            .await?;
        Ok(gone.rows_affected() == 1)
    }

    /// Subscribed channels whose post of `day` is due: not claimed yet, or
    /// claimed at or before `lapsed` and never confirmed.
    pub async fn unposted_subscriptions(
        &self,
        day: &str,
        lapsed: i64,
    ) -> Result<Vec<Subscription>, StoreError> {
        let rows = sqlx::query(
            "SELECT s.channel_id, s.guild_id FROM daily_subscriptions s WHERE NOT EXISTS \
             (SELECT 1 FROM daily_posts p WHERE p.channel_id = s.channel_id AND p.day = $1 \
             AND (p.sent_at IS NOT NULL OR p.claimed_at > $2)) \
             ORDER BY s.channel_id",
        )
        .bind(day)
        .bind(lapsed)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Subscription {
                channel_id: r.get("channel_id"),
                guild_id: r.get("guild_id"),
            })
            .collect())
    }

    /// Claims the post of `day` in `channel` at `now`: true for exactly one
    /// caller, whichever process it runs in. A claim made at or before
    /// `lapsed` and never confirmed has run out and may be claimed again.
    pub async fn claim_daily_post(
        &self,
        channel: &str,
        day: &str,
        now: i64,
        lapsed: i64,
    ) -> Result<bool, StoreError> {
        // Two processes re-claiming at once: PostgreSQL makes the second
        // wait for the first's row and test its WHERE again on the new
        // claim; SQLite writes one at a time. Either way one row changes.
        let claimed = sqlx::query(
            "INSERT INTO daily_posts (channel_id, day, claimed_at) VALUES ($1, $2, $3) \
             ON CONFLICT (channel_id, day) DO UPDATE SET claimed_at = excluded.claimed_at \
             WHERE daily_posts.sent_at IS NULL AND daily_posts.claimed_at <= $4",
        )
        .bind(channel)
        .bind(day)
        .bind(now)
        .bind(lapsed)
        .execute(&self.pool)
        .await?;
        Ok(claimed.rows_affected() == 1)
    }

    /// Notes that the post of `day` in `channel` went out (or will never
    /// go out), so that no process claims it again.
    pub async fn confirm_daily_post(&self, channel: &str, day: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE daily_posts SET sent_at = $3 WHERE channel_id = $1 AND day = $2 AND sent_at IS NULL",
        )
        .bind(channel)
        .bind(day)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

//! Ratings per server, saved inside the transaction that finishes a rated
//! game. The service decides whether a game is rated and computes the new
//! ratings (its `ratings` module); this module only reads and saves them.

use super::{Store, StoreError};
use sqlx::{Any, Row, Transaction};

/// A player's rating in one server, with their rated record there.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub guild_id: String,
    pub user_id: String,
    pub user_name: String,
    pub rating: f64,
    pub deviation: f64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

/// What one rated game changed.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub game_id: String,
    pub red_id: String,
    pub red_before: f64,
    pub red_after: f64,
    pub black_id: String,
    pub black_before: f64,
    pub black_after: f64,
    /// `red`, `black` or `draw`.
    pub winner: String,
}

/// A stored rating: Glicko-2's three numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// The side that won a rated game, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    Red,
    Black,
    Draw,
}

impl Winner {
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::Red => "red",
            Winner::Black => "black",
            Winner::Draw => "draw",
        }
    }
}

/// A player of a rated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedPlayer {
    pub id: String,
    pub name: String,
}

/// The new ratings of red and black from their current ones and the winner.
pub type RatingRule = fn(Rating, Rating, Winner) -> (Rating, Rating);

/// A finished game that moves its players' ratings: who played, who won,
/// the rating of a player new to the server, and the rule that computes the
/// new ratings.
#[derive(Clone, Debug)]
pub struct RatedGame {
    pub red: RatedPlayer,
    pub black: RatedPlayer,
    pub winner: Winner,
    pub start: Rating,
    pub rule: RatingRule,
}

/// Saves what the rated game `game_id` does to its players' ratings. The
/// `rating_changes` key makes this happen once per game.
pub(super) async fn save_rated_game(
    tx: &mut Transaction<'_, Any>,
    game_id: &str,
    rated: &RatedGame,
    at: i64,
) -> std::result::Result<(), StoreError> {
    let Some(row) = sqlx::query("SELECT guild_id, channel_id FROM games WHERE id = $1")
        .bind(game_id)
        .fetch_optional(&mut **tx)
        .await?
    else {
        return Ok(());
    };
    let guild: String = row.get("guild_id");
    let channel: String = row.get("channel_id");
    let claimed = sqlx::query(
        "INSERT INTO rating_changes (game_id, guild_id, channel_id, red_id, red_before, red_after, \
         black_id, black_before, black_after, winner, rated_at) \
         VALUES ($1, $2, $3, $4, 0, 0, $5, 0, 0, $6, $7) ON CONFLICT DO NOTHING",
    )
    .bind(game_id)
    .bind(&guild)
    .bind(&channel)
    .bind(&rated.red.id)
    .bind(&rated.black.id)
    .bind(rated.winner.as_str())
    .bind(at)
    .execute(&mut **tx)
    .await?;
    if claimed.rows_affected() != 1 {
        return Ok(());
    }
    let red = current(tx, &guild, &rated.red.id).await?.unwrap_or(rated.start);
    let black = current(tx, &guild, &rated.black.id).await?.unwrap_or(rated.start);
    let (red_after, black_after) = (rated.rule)(red, black, rated.winner);
    save(tx, &guild, &rated.red, &red_after, rated.winner, Winner::Red, at).await?;
    save(
        tx,
        &guild,
        &rated.black,
        &black_after,
        rated.winner,
        Winner::Black,
        at,
    )
    .await?;
    sqlx::query(
        "UPDATE rating_changes SET red_before = $1, red_after = $2, black_before = $3, black_after = $4 \
         WHERE game_id = $5",
    )
    .bind(red.rating)
    .bind(red_after.rating)
    .bind(black.rating)
    .bind(black_after.rating)
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn current(
    tx: &mut Transaction<'_, Any>,
    guild: &str,
    user: &str,
) -> std::result::Result<Option<Rating>, StoreError> {
    let row =
        sqlx::query("SELECT rating, deviation, volatility FROM ratings WHERE guild_id = $1 AND user_id = $2")
            .bind(guild)
            .bind(user)
            .fetch_optional(&mut **tx)
            .await?;
    Ok(row.map(|r| Rating {
        rating: r.get("rating"),
        deviation: r.get("deviation"),
        volatility: r.get("volatility"),
    }))
}

async fn save(
    tx: &mut Transaction<'_, Any>,
    guild: &str,
    player: &RatedPlayer,
    rating: &Rating,
    winner: Winner,
    side: Winner,
    at: i64,
) -> std::result::Result<(), StoreError> {
    let (win, loss, draw) = match winner {
        Winner::Draw => (0, 0, 1),
        w if w == side => (1, 0, 0),
        _ => (0, 1, 0),
    };
    sqlx::query(
        "INSERT INTO ratings (guild_id, user_id, user_name, rating, deviation, volatility, wins, losses, \
         draws, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (guild_id, user_id) DO UPDATE SET user_name = excluded.user_name, \
         rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, \
         wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses, \
         draws = ratings.draws + excluded.draws, updated_at = excluded.updated_at",
    )
    .bind(guild)
    .bind(&player.id)
    .bind(&player.name)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .bind(win)
    .bind(loss)
    .bind(draw)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

const RATING_COLUMNS: &str = "guild_id, user_id, user_name, rating, deviation, wins, losses, draws";

fn rating_row(r: &sqlx::any::AnyRow) -> RatingRow {
    RatingRow {
        guild_id: r.get("guild_id"),
        user_id: r.get("user_id"),
        user_name: r.get("user_name"),
        rating: r.get("rating"),
        deviation: r.get("deviation"),
        wins: r.get("wins"),
        losses: r.get("losses"),
        draws: r.get("draws"),
    }
}

impl Store {
    /// A player's rating in a server, if they have played a rated game there.
    pub async fn rating(
        &self,
        guild: &str,
        user: &str,
    ) -> std::result::Result<Option<RatingRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND user_id = $2"
        ))
        .bind(guild)
        .bind(user)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(rating_row))
    }

    /// A server's ratings, best first.
    pub async fn ratings(&self, guild: &str) -> std::result::Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 ORDER BY rating DESC, user_id"
        ))
        .bind(guild)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(rating_row).collect())
    }

    /// The players of rated games in a server since `since` (ms), in one
    /// channel or in the whole server.
    pub async fn rated_players(
        &self,
        guild: &str,
        channel: Option<&str>,
        since: i64,
    ) -> std::result::Result<Vec<String>, StoreError> {
        let base = "SELECT red_id, black_id FROM rating_changes WHERE guild_id = $1 AND rated_at >= $2";
        let rows = match channel {
            Some(channel) => {
                sqlx::query(&format!("{base} AND channel_id = $3"))
                    .bind(guild)
                    .bind(since)
                    .bind(channel)
                    .fetch_all(&self.pool)
                    .await?
            }
            None => {
                sqlx::query(base)
                    .bind(guild)
                    .bind(since)
                    .fetch_all(&self.pool)
                    .await?
            }
        };
        let mut ids: Vec<String> = rows
            .iter()
            .flat_map(|r| [r.get::<String, _>("red_id"), r.get::<String, _>("black_id")])
            .collect();
        ids.sort();
        ids.dedup();
        Ok(ids)
    }

    /// The rated games of `guild` (in `channel`, if given) rated at or
    /// after `from` and before `until` (Unix ms): each one's red and black
    /// players and its winner (`red`, `black` or `draw`).
    pub async fn rated_results(
        &self,
        guild: &str,
        channel: Option<&str>,
        (from, until): (i64, i64),
    ) -> std::result::Result<Vec<(String, String, String)>, StoreError> {
        let base = "SELECT red_id, black_id, winner FROM rating_changes \
                    WHERE guild_id = $1 AND rated_at >= $2 AND rated_at < $3";
        let query = match channel {
            Some(_) => format!("{base} AND channel_id = $4 ORDER BY rated_at"),
            None => format!("{base} ORDER BY rated_at"),
        };
        let mut query = sqlx::query(&query).bind(guild).bind(from).bind(until);
        if let Some(channel) = channel {
            query = query.bind(channel);
        }
        let rows = query.fetch_all(&self.pool).await?;
        Ok(rows
            .iter()
            .map(|r| (r.get("red_id"), r.get("black_id"), r.get("winner")))
            .collect())
    }

    /// What a game's end did to its players' ratings, if it was rated.
    pub async fn rating_change(
        &self,
        game_id: &str,
    ) -> std::result::Result<Option<RatingChange>, StoreError> {
        let row = sqlx::query(
            "SELECT game_id, red_id, red_before, red_after, black_id, black_before, black_after, winner \
             FROM rating_changes WHERE game_id = $1",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| RatingChange {
            game_id: r.get("game_id"),
            red_id: r.get("red_id"),
            red_before: r.get("red_before"),
            red_after: r.get("red_after"),
            black_id: r.get("black_id"),
            black_before: r.get("black_before"),
            black_after: r.get("black_after"),
            winner: r.get("winner"),
        }))
    }
}

//! Army Ants ratings per server (Glicko-2, from the `skillratings` crate),
//! moved inside the transaction that finishes a game.

use super::{Store, StoreError};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use sqlx::{Any, Row, Transaction};

/// The games that are rated, and the id of the computer opponent, whose
/// games are not.
const RATED_KIND: &str = "army-ants";
const COMPUTER_ID: &str = "antics";

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

#[derive(serde::Deserialize)]
struct Seat {
    id: String,
    name: String,
}

#[derive(serde::Deserialize)]
struct Seats {
    red: Seat,
    black: Seat,
}

#[derive(serde::Deserialize)]
struct Result {
    outcome: String,
    winner: Option<String>,
    winner_id: Option<String>,
}

/// Rates the game `game_id` if it is a finished Army Ants game between two
/// people with a result: a win, a loss (resignations and forfeits included)
/// or a draw. The `rating_changes` key makes this happen once per game.
pub(super) async fn rate_finished_game(
    tx: &mut Transaction<'_, Any>,
    game_id: &str,
    at: i64,
) -> std::result::Result<(), StoreError> {
    let Some(row) =
        sqlx::query("SELECT kind, guild_id, channel_id, players, result FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&mut **tx)
            .await?
    else {
        return Ok(());
    };
    if row.get::<String, _>("kind") != RATED_KIND {
        return Ok(());
    }
    let guild: String = row.get("guild_id");
    let channel: String = row.get("channel_id");
    let (Ok(seats), Some(Ok(result))) = (
        serde_json::from_str::<Seats>(&row.get::<String, _>("players")),
        row.get::<Option<String>, _>("result")
            .map(|r| serde_json::from_str::<Result>(&r)),
    ) else {
        return Ok(());
    };
    if seats.red.id == COMPUTER_ID || seats.black.id == COMPUTER_ID || seats.red.id == seats.black.id {
        return Ok(());
    }
    let Some(winner) = winner_side(&seats, &result) else {
        return Ok(());
    };
    let claimed = sqlx::query(
        "INSERT INTO rating_changes (game_id, guild_id, channel_id, red_id, red_before, red_after, \
         black_id, black_before, black_after, winner, rated_at) \
         VALUES ($1, $2, $3, $4, 0, 0, $5, 0, 0, $6, $7) ON CONFLICT DO NOTHING",
    )
    .bind(game_id)
    .bind(&guild)
    .bind(&channel)
    .bind(&seats.red.id)
    .bind(&seats.black.id)
    .bind(winner)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    if claimed.rows_affected() != 1 {
        return Ok(());
    }
    let red = current(tx, &guild, &seats.red.id).await?;
    let black = current(tx, &guild, &seats.black.id).await?;
    let outcome = match winner {
        "red" => Outcomes::WIN,
        "black" => Outcomes::LOSS,
        _ => Outcomes::DRAW,
    };
    let (red_after, black_after) = glicko2(&red, &black, &outcome, &Glicko2Config::new());
    save(tx, &guild, &seats.red, &red_after, winner, "red", at).await?;
    save(tx, &guild, &seats.black, &black_after, winner, "black", at).await?;
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

/// `red`, `black` or `draw`; `None` when the result is not a finished game.
fn winner_side(seats: &Seats, result: &Result) -> Option<&'static str> {
    match result.outcome.as_str() {
        "draw" => Some("draw"),
        "win" => {
            let side = |id: &str| {
                if id == seats.red.id {
                    Some("red")
                } else if id == seats.black.id {
                    Some("black")
                } else {
                    None
                }
            };
            match (&result.winner_id, &result.winner) {
                (Some(id), _) => side(id),
                // Older results name the winner only; a name both share decides nothing.
                (None, Some(name)) if seats.red.name != seats.black.name => {
                    if *name == seats.red.name {
                        Some("red")
                    } else if *name == seats.black.name {
                        Some("black")
                    } else {
                        None
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

async fn current(
    tx: &mut Transaction<'_, Any>,
    guild: &str,
    user: &str,
) -> std::result::Result<Glicko2Rating, StoreError> {
    let row =
        sqlx::query("SELECT rating, deviation, volatility FROM ratings WHERE guild_id = $1 AND user_id = $2")
            .bind(guild)
            .bind(user)
            .fetch_optional(&mut **tx)
            .await?;
    Ok(match row {
        Some(r) => Glicko2Rating {
            rating: r.get("rating"),
            deviation: r.get("deviation"),
            volatility: r.get("volatility"),
        },
        None => Glicko2Rating::new(),
    })
}

async fn save(
    tx: &mut Transaction<'_, Any>,
    guild: &str,
    seat: &Seat,
    rating: &Glicko2Rating,
    winner: &str,
    side: &str,
    at: i64,
) -> std::result::Result<(), StoreError> {
    let (win, loss, draw) = match winner {
        "draw" => (0, 0, 1),
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
    .bind(&seat.id)
    .bind(&seat.name)
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

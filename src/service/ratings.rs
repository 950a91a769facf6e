//! Ratings (Glicko-2, from the `skillratings` crate), per server: which
//! finished games are rated and what they do to their players' ratings.
//! The store saves the new ratings in the transaction that finishes the
//! game (`Store::commit_rated`); the final board tells what changed.

use crate::protocol::types::{GameResult, BOT_ID};
use crate::service::base::Service;
use crate::service::error::ServiceResult;
use crate::store::{GameRow, GameUpdate, RatedGame, RatedPlayer, Rating, StoreError, StoredResult, Winner};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

#[derive(serde::Deserialize)]
struct Seat {
    id: String,
    name: String,
}

#[derive(serde::Deserialize)]
struct Seats {
    red: Seat,
    black: Seat,
    /// The challenger chose the seed or the position.
    #[serde(default)]
    chosen_setup: bool,
    /// A tournament's game that its organiser did not rate.
    #[serde(default)]
    unrated: bool,
}

/// How `update` rates the game `row`: only a finished game of a rated
/// kind between two people, dealt by the server (not from a seed or a
/// position one of them chose), with a result (a win, a loss, resignations and
/// forfeits included, or a draw).
pub(super) fn rated_game(row: &GameRow, update: &GameUpdate) -> Option<RatedGame> {
    // Ratings are per server; a game in a DM or a group DM is not rated.
    if row.guild_id.is_empty() || !row.kind.is_rated() {
        return None;
    }
    let seats = serde_json::from_str::<Seats>(&update.players).ok()?;
    let StoredResult::Seated { result, winner_id } = update.result.as_ref()? else {
        return None;
    };
    if seats.chosen_setup
        || seats.unrated
        || seats.red.id == BOT_ID
        || seats.black.id == BOT_ID
        || seats.red.id == seats.black.id
    {
        return None;
    }
    let winner = winner_side(&seats, result, winner_id.as_deref())?;
    let player = |seat: Seat| RatedPlayer {
        id: seat.id,
        name: seat.name,
    };
    Some(RatedGame {
        red: player(seats.red),
        black: player(seats.black),
        winner,
        start: from_glicko(&Glicko2Rating::new()),
        rule: glicko2_rule,
    })
}

/// The winner of a finished game; `None` when the result names none.
fn winner_side(seats: &Seats, result: &GameResult, winner_id: Option<&str>) -> Option<Winner> {
    match result.outcome {
        crate::protocol::types::Ending::Draw => Some(Winner::Draw),
        crate::protocol::types::Ending::Win => {
            let side = |id: &str| {
                if id == seats.red.id {
                    Some(Winner::Red)
                } else if id == seats.black.id {
                    Some(Winner::Black)
                } else {
                    None
                }
            };
            match (winner_id, &result.winner) {
                (Some(id), _) => side(id),
                // Older results name the winner only; a name both share decides nothing.
                (None, Some(name)) if seats.red.name != seats.black.name => {
                    if *name == seats.red.name {
                        Some(Winner::Red)
                    } else if *name == seats.black.name {
                        Some(Winner::Black)
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

/// Glicko-2 with the crate's default settings.
fn glicko2_rule(red: Rating, black: Rating, winner: Winner) -> (Rating, Rating) {
    let outcome = match winner {
        Winner::Red => Outcomes::WIN,
        Winner::Black => Outcomes::LOSS,
        Winner::Draw => Outcomes::DRAW,
    };
    let (red, black) = glicko2(
        &to_glicko(red),
        &to_glicko(black),
        &outcome,
        &Glicko2Config::new(),
    );
    (from_glicko(&red), from_glicko(&black))
}

fn to_glicko(r: Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

fn from_glicko(r: &Glicko2Rating) -> Rating {
    Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

impl Service {
    /// Commits `update` to the game `row`; when it finishes a rated game,
    /// the players' new ratings are saved in the same transaction.
    pub(super) async fn commit(
        &self,
        row: &GameRow,
        update: &GameUpdate,
    ) -> std::result::Result<i64, StoreError> {
        let rated = rated_game(row, update);
        self.store.commit_rated(update, rated.as_ref()).await
    }
}

impl Service {
    /// " Ratings: alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)." or
    /// nothing when the game was not rated.
    pub(crate) async fn rating_news(&self, game_id: &str, red: &str, black: &str) -> ServiceResult<String> {
        let Some(change) = self.store.rating_change(game_id).await? else {
            return Ok(String::new());
        };
        let one = |name: &str, before: f64, after: f64| {
            let delta = after.round() as i64 - before.round() as i64;
            let sign = if delta < 0 { "−" } else { "+" };
            format!("{name} {:.0} → {:.0} ({sign}{})", before, after, delta.abs())
        };
        Ok(format!(
            " Ratings: {}, {}.",
            one(red, change.red_before, change.red_after),
            one(black, change.black_before, change.black_after)
        ))
    }
}

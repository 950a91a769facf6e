//! Army Ants in a tournament: its games started as accepted games, and an
//! unfinished game adjudicated at its round's close.

use super::Seats;
use crate::ai::army_ants::Level;
use crate::protocol::types::*;
use crate::rules::army_ants::{ArmyAnts, Deployment, Setup, Side, Status};
use crate::service::base::Service;
use crate::service::engine::Place;
use crate::service::error::ServiceResult;
use crate::store::GameRow;
use anyhow::Context as _;

/// A tournament's games: started as accepted games, random deployment
/// dealt from the server's own seed.
impl Service {
    /// The row of a new game of tournament `tournament` between its two
    /// `seats` (red, then black), played at `place`, under way at `at`.
    pub(crate) async fn army_ants_tournament_game(
        &self,
        place: Place<'_>,
        tournament: &str,
        seats: &[User],
        rated: bool,
        at: chrono::DateTime<chrono::Utc>,
    ) -> ServiceResult<GameRow> {
        let [red, black] = seats else {
            return Err(anyhow::anyhow!("a pairing seats two, not {}", seats.len()).into());
        };
        let setup = Setup {
            deployment: Deployment::Random,
            seed: Some(rand::random::<u64>()),
            position: None,
        };
        let seats = Seats {
            red: red.clone(),
            black: black.clone(),
            challenger: Side::Red,
            level: None,
            chosen_setup: false,
            tournament: Some(tournament.to_string()),
            unrated: !rated,
        };
        self.started_table::<ArmyAnts>(place, red, setup, seats, vec![], at)
            .await
            .map(|table| table.row)
    }

    /// The first board of a tournament's game, `text` before whose turn it is.
    pub(crate) async fn army_ants_tournament_board(&self, row: GameRow, text: &str) -> ServiceResult<Reply> {
        let loaded = self.load_table::<ArmyAnts>(row).await?;
        Ok(self.board_reply(&loaded, format!("{text} {}", self.turn_line(&loaded)), None))
    }
}

/// How far ahead (in the computer's evaluation, about three Aces) a side
/// must stand for an unfinished tournament game to be adjudicated its
/// win; nearer than that, a draw.
const ADJUDICATION_MARGIN: i32 = 300;

impl Service {
    /// Ends a tournament's game still on at its round's close: the computer
    /// at its strongest level judges the position; the side ahead by
    /// [`ADJUDICATION_MARGIN`] wins, else it is a draw. The game is ended
    /// (as a moderator would) with that verdict in its result. `None` when
    /// the game changed meanwhile (the caller looks again).
    pub(crate) async fn army_ants_adjudicate(
        &self,
        row: GameRow,
        at: chrono::DateTime<chrono::Utc>,
    ) -> ServiceResult<Option<GameRow>> {
        let mut loaded = self.load_table::<ArmyAnts>(row).await?;
        let game = loaded.game().clone();
        let budget = self.config.ai_budget;
        let verdict = tokio::task::spawn_blocking(move || match game.status() {
            Status::ToMove(side) => {
                let score = crate::ai::army_ants::choose(&game, side, Level::Hard, budget, 0)
                    .map_or(0, |choice| choice.score);
                match score {
                    s if s >= ADJUDICATION_MARGIN => Some(side),
                    s if s <= -ADJUDICATION_MARGIN => Some(side.opponent()),
                    _ => None,
                }
            }
            _ => None,
        })
        .await
        .context("adjudicating a game")?;
        let result = GameResult {
            outcome: Ending::Ended,
            winner: verdict.map(|side| loaded.user(side).name.clone()),
            detail: match verdict {
                Some(side) => format!(
                    "unfinished at the round's close; adjudicated a win for {}",
                    loaded.label(side)
                ),
                None => "unfinished at the round's close; adjudicated a draw".to_string(),
            },
        };
        let verdict = crate::store::StoredResult::Seated {
            result,
            winner_id: verdict.map(|side| loaded.user(side).id.clone()),
        };
        let update = crate::service::engine::state::ended_update(&loaded.row, at.timestamp_millis(), verdict);
        let saved = self.save_row(&mut loaded.row, &update).await?;
        Ok(saved.map(|()| loaded.row))
    }
}

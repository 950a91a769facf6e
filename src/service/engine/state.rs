//! A game's state as the service keeps it, whatever the game: rebuilt from
//! its stored setup and log (and kept between requests), and saved with one
//! commit that keeps the new state at the new version.

use crate::protocol::types::{GameSummary, Spot, User};
use crate::rules::{Game, Turn};
use crate::service::base::{unless_conflict, Service};
use crate::service::cache::CachedGame;
use crate::service::engine::{context, touched};
use crate::service::error::ServiceResult;
use crate::service::offload::thinking;
use crate::store::{ActionRow, GameRow, GameStatus, GameUpdate, StoredResult};
use anyhow::Context;
use std::future::Future;

/// A game the service rebuilds from its log.
pub trait Logged: CachedGame {
    /// Who sits where, as the stored row says: it names the seat of a
    /// logged entry's user.
    type Seats;

    /// Plays one entry of the stored log. `Ok(false)`: the entry is
    /// bookkeeping (a hint), not a move, and makes no new position.
    fn play_logged(&mut self, seats: &Self::Seats, entry: &ActionRow) -> anyhow::Result<bool>;
}

/// What a game's log tells besides its positions: when its first move was
/// played (a patience's clock starts there) and its asides, the entries
/// that are not moves (a patience's hints).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LogFacts {
    pub first_move_at: Option<i64>,
    /// How many asides the log holds.
    pub asides: u32,
    pub last_aside_at: Option<i64>,
}

impl LogFacts {
    /// The facts after one more entry, logged at `at`: a move or an aside.
    pub fn logged(&mut self, moved: bool, at: i64) {
        if moved {
            self.first_move_at.get_or_insert(at);
        } else {
            self.asides += 1;
            self.last_aside_at = Some(at);
        }
    }
}

impl context::Context<'_> {
    /// Plays the log of `row` from `game`, its start, showing `each` every
    /// position: the start and the game after each move.
    pub(crate) async fn replay_each<G: Logged>(
        &self,
        row: &GameRow,
        seats: &G::Seats,
        mut game: G,
        mut each: impl FnMut(&G),
    ) -> anyhow::Result<(G, LogFacts)> {
        each(&game);
        let mut facts = LogFacts::default();
        let entries = self.store.actions(&row.id).await?;
        thinking(|| {
            for entry in entries {
                let moved = game
                    .play_logged(seats, &entry)
                    .with_context(|| format!("game {} action {} `{}`", row.id, entry.seq, entry.notation))?;
                facts.logged(moved, entry.played_at);
                if moved {
                    each(&game);
                }
            }
            anyhow::Ok(())
        })?;
        Ok((game, facts))
    }
}

impl Service {
    /// The game of `row` now and what its log tells: kept from an earlier
    /// request at this version, or rebuilt from `start` (awaited only then)
    /// and its log, and kept.
    pub(crate) async fn rebuilt<G: Logged>(
        &self,
        row: &GameRow,
        seats: &G::Seats,
        start: impl Future<Output = anyhow::Result<G>>,
    ) -> anyhow::Result<(G, LogFacts)> {
        if let Some(kept) = self.cache.get::<(G, LogFacts)>(&row.id, row.version) {
            return Ok(kept);
        }
        let start = start.await.with_context(|| format!("setup of game {}", row.id))?;
        let kept = self.context().replay_each(row, seats, start, |_| {}).await?;
        self.cache.put(&row.id, row.version, kept.clone());
        Ok(kept)
    }

    /// Saves `update` to the game `row` (with the players' new ratings when
    /// it finishes a rated game) and brings `row` up to date. `None` when
    /// another action changed the game first: the caller tries again on the
    /// new state.
    pub(crate) async fn save_row(&self, row: &mut GameRow, update: &GameUpdate) -> ServiceResult<Option<()>> {
        let Some(version) = unless_conflict(self.commit(row, update).await)? else {
            return Ok(None);
        };
        if let Some(at) = update.expires_at {
            self.next_sweep.expires(at);
        }
        touched::saved();
        row.version = version;
        row.status = update.status;
        row.players = update.players.clone();
        row.expires_at = update.expires_at;
        row.result = update.result.clone();
        row.updated_at = update.updated_at;
        Ok(Some(()))
    }

    /// [`Service::save_row`], keeping `game` and its log's facts as the
    /// state of the saved version.
    pub(crate) async fn save<G: CachedGame>(
        &self,
        row: &mut GameRow,
        update: &GameUpdate,
        game: &G,
        facts: LogFacts,
    ) -> ServiceResult<Option<()>> {
        let saved = self.save_row(row, update).await?;
        if saved.is_some() {
            self.cache.put(&row.id, row.version, (game.clone(), facts));
        }
        Ok(saved)
    }
}

/// The update that ends a game without play (never started, abandoned,
/// ended by a moderator or a tournament's close): cancelled with `result`,
/// no deadline left.
pub(crate) fn ended_update(row: &GameRow, at: i64, result: StoredResult) -> GameUpdate {
    GameUpdate {
        status: GameStatus::Cancelled,
        expires_at: None,
        result: Some(result),
        ..GameUpdate::of(row, at)
    }
}

impl GameSummary {
    /// The summary of a stored game with nothing of its play yet: its id,
    /// kind and status (a cancelled game shows as finished).
    pub(crate) fn of(row: &GameRow) -> GameSummary {
        let shown = match row.status {
            GameStatus::Cancelled => GameStatus::Finished,
            other => other,
        };
        GameSummary::bare(&row.id, row.kind, shown, row.version)
    }

    /// The summary of a game in play, through the one game surface: the
    /// seat to move (by its user, from `user_of`) and its listed actions in
    /// notation, sorted. A game waiting for several seats at once (a private
    /// deployment) or over shows no one to move and no actions.
    pub(crate) fn playing<'a, G: Game>(self, game: &G, user_of: impl Fn(G::Seat) -> &'a User) -> GameSummary {
        let Turn::One(seat) = game.turn() else {
            return self;
        };
        let actions = game.legal_actions(seat);
        let spots = Spot::all(game, &actions);
        let mut legal: Vec<String> = actions.iter().map(ToString::to_string).collect();
        legal.sort();
        GameSummary { legal, spots, ..self }.waiting_for(Some(user_of(seat)))
    }

    /// The summary with `user` to move.
    pub(crate) fn waiting_for(self, user: Option<&User>) -> GameSummary {
        GameSummary {
            to_move: user.map(|u| u.name.clone()),
            to_move_id: user.map(|u| u.id.clone()),
            ..self
        }
    }
}

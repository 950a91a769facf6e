//! A patience event's games: each player's attempt at each of the
//! event's deals, a patience like any other whose stored setup names its
//! event (`contest::EventDeal`). The deals are drawn as the daily's are
//! (the installation's secret, moved on to a deal the solver proves
//! winnable) and played at the daily's level or variant.

use super::contest::{EventDeal, EVENT};
use super::engine::Place;
use crate::protocol::types::*;
use crate::service::base::{mention, Service};
use crate::service::error::{ServiceResult, UserError};
use crate::store::{GameRow, StoredResult};
use crate::tournament::event::DealScore;
use crate::tournament::{Started, Tournament};
use anyhow::Context;
use chrono::{DateTime, Utc};

impl Service {
    /// The seed of an event's deal: the daily's draw under the event's
    /// own key, fixed in the store on first use, so every player (and
    /// every process) deals the same cards.
    pub(super) async fn event_seed(&self, t: &Tournament, deal: u32, now: i64) -> ServiceResult<u64> {
        let key = format!("event {} {deal}", t.id);
        Ok(self.daily_deal(&t.settings.game, &key, now).await?.0)
    }

    /// The game of a player's attempt at an event's deal, for the
    /// tournament's save: private to its player, ending when the event
    /// closes (its deadline, as the event it names in its setup gives it).
    pub(super) async fn event_game(
        &self,
        t: &Tournament,
        attempt: usize,
        guild: &str,
        at: DateTime<Utc>,
    ) -> ServiceResult<GameRow> {
        let a = &t.attempts[attempt];
        let kind = self.games.named(&t.settings.game).context("an event's game")?;
        let door = self
            .games
            .patience(kind)
            .context("an event's game is a patience")?;
        let event = EventDeal {
            tournament: t.id.clone(),
            deal: a.deal,
            deals: t.deals(),
            closes: t.round_ends_at.context("a running event closes")?,
        };
        let owner = User::new(&a.user, t.name(&a.user));
        let place = Place {
            id: crate::service::base::new_game_id(),
            guild,
            channel: &a.channel,
        };
        let notes = vec![(EVENT, serde_json::to_value(&event).context("an event's deal")?)];
        (door.started_daily)(self, place, &owner, a.seed, notes, at).await
    }

    /// A player's attempt at an event's deal once it was reserved: its
    /// board, privately (where they left it, if they had started it), or
    /// what it scored once it has ended.
    pub(super) async fn event_attempt_board(
        &self,
        req: &Request,
        t: &Tournament,
        deal: u32,
        started: &Started,
    ) -> ServiceResult<Reply> {
        let attempt = t
            .attempts
            .iter()
            .find(|a| a.user == req.user.id && a.deal == deal)
            .context("a reserved attempt")?;
        let row = match &attempt.game {
            Some(id) => self.store.game(id).await?,
            None => None,
        };
        let Some(row) = row else {
            return Err(UserError::no_game("That attempt has no game; press its deal again.").into());
        };
        if !row.status.is_open() {
            let told = match attempt.result {
                Some(r) => format!(
                    " It scored {} with {}.",
                    r.score,
                    crate::rules::counted(r.hints as usize, "hint")
                ),
                None => String::new(),
            };
            return Ok(Reply::ephemeral(format!(
                "You have played deal {deal} of this event: one attempt each.{told}"
            )));
        }
        let text = match started {
            Started::New => format!(
                "{} plays **deal {deal} of {}** of the event: the same cards for every player. \
                 Only you see this board until the event closes; one attempt, so every move counts.",
                mention(&req.user),
                t.deals()
            ),
            Started::Before(_) => format!("Deal {deal} of the event, where you left it."),
        };
        self.solitaire_board(row, text).await
    }

    /// Ends the event's attempts `games` still under way, each as it stands
    /// (as the event's close would): a leaver's, a cancelled or closed
    /// event's.
    pub(super) async fn end_event_attempts(&self, games: &[String], now: DateTime<Utc>) -> ServiceResult<()> {
        for game in games {
            let Some(row) = self.store.game(game).await? else {
                continue;
            };
            if !row.status.is_open() {
                continue;
            }
            if let Some(paths) = self.games.paths(row.kind) {
                (paths.due)(self, &row, now).await?;
            }
        }
        Ok(())
    }

    /// Brings in the scores of the event's attempts that have ended, from
    /// their games' rows.
    pub(super) async fn read_event_scores(&self, t: &mut Tournament) -> ServiceResult<()> {
        for i in 0..t.attempts.len() {
            let Some(game) = t.attempts[i]
                .game
                .clone()
                .filter(|_| t.attempts[i].result.is_none())
            else {
                continue;
            };
            let Some(row) = self.store.game(&game).await? else {
                continue;
            };
            if !row.status.is_open() {
                t.score_attempt(i, deal_score(&row));
            }
        }
        Ok(())
    }
}

/// What an ended attempt scores: its patience's score, hints and time;
/// nothing when it ended without a patience's result.
fn deal_score(row: &GameRow) -> DealScore {
    match row.result.as_ref() {
        Some(StoredResult::Patience(r)) => DealScore {
            score: r.score,
            hints: r.hints,
            elapsed_ms: r.elapsed_ms,
            won: r.result.outcome == crate::protocol::types::Ending::Win,
        },
        _ => DealScore::NOTHING,
    }
}

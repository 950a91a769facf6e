//! A new deal: `/solitaire new`, a daily's start, and Again (the same
//! deal or the next) in place of a finished game.

use super::{Loaded, SolitaireRules, CHOSEN};
use crate::protocol::options;
use crate::protocol::types::*;
use crate::service::base::{mention, new_game_id, Ask, Asked, Dealt, Service};
use crate::service::contest::{self, Contest};
use crate::service::daily_seed::close_of;
use crate::service::engine::Place;
use crate::service::error::{ServiceResult, UserError};
use crate::store::{DailyAttempt, DailyInsert, GameRow, StoreError};
use anyhow::Context as _;

impl Service {
    /// Play again from a finished board: a new deal of the same game and
    /// options, or (`same`) the same deal. A daily attempt's board offers
    /// another (practice) attempt at the day's deal instead. The new board
    /// replaces the finished one where it may ([`Service::in_place_of`]).
    pub(super) async fn solitaire_again(&self, req: &Request, id: &str, same: bool) -> ServiceResult<Reply> {
        let row = self.patience_row(req, Some(id)).await?;
        if row.status.is_open() {
            return Err(UserError::game_over("That game is still being played.").into());
        }
        let reply = if let Some(attempt) = self.store.daily_attempt(&row.id).await? {
            self.daily_play(req, &attempt.attempt.game).await?
        } else if contest::event_of(&row).is_some() {
            return Err(UserError::not_allowed(
                "An event's deal is played once; its standings board has the others.",
            )
            .into());
        } else {
            let again = Asked::Player(req, row.clone(), Ask::Again(same));
            self.ask_patience(row.kind, again).await?
        };
        self.in_place_of(req, &row, reply).await
    }

    /// A board that starts from a finished one replaces it (Discord's
    /// UPDATE_MESSAGE) when that is the clicker's own board in this
    /// channel, the new game is theirs here too, and both are private or
    /// both public: an update keeps the message's visibility, so a private
    /// daily board never turns public, nor the reverse. Otherwise the new
    /// board is a new message. The finished game's record stays in the
    /// channel (a public one is posted when the game ends).
    pub(super) async fn in_place_of(
        &self,
        req: &Request,
        old: &GameRow,
        mut reply: Reply,
    ) -> ServiceResult<Reply> {
        let Some(new) = &reply.game else {
            return Ok(reply);
        };
        let mine_here = |row: &GameRow| row.owner_id == req.user.id && row.channel_id == req.channel;
        let new_here = self.store.game(&new.id).await?.is_some_and(|row| mine_here(&row));
        let old_private = self.context().contest(old).await?.is_some();
        reply.update = mine_here(old) && new_here && reply.ephemeral == old_private;
        Ok(reply)
    }

    /// The new game of [`Service::solitaire_again`], once its kind is known.
    pub(super) async fn patience_again<G: SolitaireRules>(
        &self,
        req: &Request,
        row: &GameRow,
        same: bool,
    ) -> ServiceResult<Reply> {
        let mut setup: serde_json::Value = serde_json::from_str(&row.setup).context("stored setup")?;
        if !same {
            if let serde_json::Value::Object(fields) = &mut setup {
                fields.remove("deal");
                fields.insert("seed".into(), rand::random::<u64>().into());
            }
        }
        let setup = G::renewed(serde_json::from_value(setup).context("setup again")?);
        let dealt = if same { Dealt::Chosen } else { Dealt::Random };
        self.solitaire_start::<G>(req, &setup, dealt, |_| {
            let what = if same { "the same deal of" } else { "a new game of" };
            format!("{} starts {what} **{}**.", mention(&req.user), G::TITLE)
        })
        .await
    }

    pub(super) async fn solitaire_new<G: SolitaireRules>(
        &self,
        req: &Request,
        opts: &Options,
    ) -> ServiceResult<Reply> {
        let mut known = vec!["game", "seed", "deal"];
        known.extend_from_slice(G::OPTIONS);
        options::only(opts, &known)?;
        let deal = options::text(opts, "deal")?.map(str::to_string);
        let chosen_seed = options::seed(opts)?;
        if let Some(seed) = chosen_seed {
            self.refuse_open_daily_seed(req, seed).await?;
        }
        let dealt = match chosen_seed.is_some() || deal.is_some() {
            true => Dealt::Chosen,
            false => Dealt::Random,
        };
        let seed = match (chosen_seed, &deal) {
            (Some(seed), _) => Some(seed),
            (None, None) => Some(rand::random::<u64>()),
            (None, Some(_)) => None,
        };
        let chose_deal = deal.is_some();
        let setup = G::setup(opts, seed, deal)?;
        if chose_deal {
            self.refuse_open_daily_opening::<G>(req, &setup).await?;
        }
        self.solitaire_start::<G>(req, &setup, dealt, |_| {
            format!("{} starts a game of **{}**.", mention(&req.user), G::TITLE)
        })
        .await
    }

    /// Starts a patience from `setup`. A daily attempt is linked to its day
    /// in the same transaction; `intro(ranked)` gives the reply's first
    /// sentence.
    pub(in crate::service) async fn solitaire_start<G: SolitaireRules>(
        &self,
        req: &Request,
        setup: &G::Setup,
        deal: Dealt,
        intro: impl FnOnce(bool) -> String,
    ) -> ServiceResult<Reply> {
        G::from_setup(setup).map_err(|e| UserError::bad_option(format!("That game cannot start: {e}.")))?;
        if let Some(open) = self.store.latest_solitaire(&req.channel, &req.user.id).await? {
            if open.status.is_open() {
                return Err(busy_player(&open).into());
            }
        }
        let (daily, notes) = match deal {
            Dealt::Daily(attempt) => (Some(attempt), vec![]),
            Dealt::Random => (None, vec![]),
            Dealt::Chosen => (None, vec![(CHOSEN, true.into())]),
        };
        let (guild, channel) = (req.guild_key(), req.channel.as_str());
        let place = Place {
            id: new_game_id(),
            guild,
            channel,
        };
        let (owner, seats) = (&req.user, req.user.clone());
        let mut table = (self.started_table::<G>(place, owner, setup.clone(), seats, notes, req.at)).await?;
        let (row, day) = (&mut table.row, daily.as_ref().map(|a| a.day.clone()));
        let inserted = match daily {
            Some(attempt) => {
                // A daily attempt ends when its day closes.
                row.expires_at = close_of(&attempt.day);
                let attempt = DailyAttempt {
                    game_id: row.id.clone(),
                    ..attempt
                };
                self.store.insert_daily_game(row, &attempt).await
            }
            None => self.store.insert_game(row).await.map(|()| DailyInsert::Practice),
        };
        let ranked = match inserted {
            Ok(DailyInsert::Ranked) => true,
            Ok(DailyInsert::Practice) => false,
            // The player's ranked attempt is open elsewhere: it comes back.
            Ok(DailyInsert::RankedOpen(id)) => {
                let open = self.store.game(&id).await?.context("the open ranked attempt")?;
                return self.solitaire_resume(open).await;
            }
            Err(StoreError::Busy) => {
                return Err(UserError::busy_player(
                    "You already have a solitaire in this channel; finish it with /solitaire end first.",
                )
                .into())
            }
            Err(e) => return Err(e.into()),
        };
        if let Some(close) = row.expires_at {
            self.next_sweep.expires(close);
        }
        let contest = day.map(|day| Contest::Daily { day, ranked });
        self.context().keep_daily(&table.row.id, contest.clone());
        let loaded = Loaded { table, contest };
        // The seed is not shown until the game is over: it determines the
        // stock and the face-down cards. A daily attempt is private.
        let mut reply = self.solitaire_reply(&loaded, intro(ranked));
        reply.ephemeral = loaded.contest.is_some();
        Ok(reply)
    }
}

fn busy_player(open: &GameRow) -> UserError {
    UserError::busy_player(format!(
        "You already have a game of {} in this channel. Finish it, or end it with /solitaire end, before starting another.",
        open.kind.title()
    ))
}

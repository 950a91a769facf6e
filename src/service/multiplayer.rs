//! What the games of two or more players share: opening a game in a
//! channel, and finding it again (the channel's open or last game of that
//! kind, or the game a component id names).

use super::error::{ServiceResult, UserError};
use super::types::{Ending, GameResult, Reply, Request, User};
use super::{new_game_id, touched, Service};
use crate::rules::{GameKind, Kind};
use crate::store::{GameRow, GameStatus, GameUpdate, StoreError, StoredResult};
use anyhow::Context;
use chrono::{DateTime, Utc};
use serde::Serialize;

/// How a command finds its game.
#[derive(Clone, Copy)]
pub enum Target<'a> {
    /// The open game of the request's channel.
    Channel,
    /// A game named by a component id.
    Id(&'a str),
}

impl Service {
    /// Stores a new pending game (a challenge or a lobby) of `kind` in the
    /// request's channel, owned by the requester, expiring like a challenge.
    /// Refused with `busy_channel` when the channel already has an open game.
    pub(super) async fn open_pending_game(
        &self,
        req: &Request,
        kind: Kind,
        setup: &impl Serialize,
        players: &impl Serialize,
    ) -> ServiceResult<GameRow> {
        let now = req.at.timestamp_millis();
        let row = GameRow {
            id: new_game_id(),
            kind,
            guild_id: req.guild_key().to_string(),
            channel_id: req.channel.clone(),
            owner_id: req.user.id.clone(),
            multiplayer: true,
            status: GameStatus::Pending,
            setup: serde_json::to_string(setup).context("setup to json")?,
            players: serde_json::to_string(players).context("players to json")?,
            version: 0,
            created_at: now,
            updated_at: now,
            expires_at: Some(now + self.config.challenge_ttl.as_millis() as i64),
            result: None,
            message_id: None,
        };
        match self.store.insert_game(&row).await {
            Ok(()) => {
                if let Some(at) = row.expires_at {
                    self.next_sweep.expires(at);
                }
                Ok(row)
            }
            Err(StoreError::Busy) => Err(UserError::busy_channel(
                "There is already a game in this channel; finish it first or play in a thread.",
            )
            .into()),
            Err(e) => Err(e.into()),
        }
    }

    /// Cancels a pending game that never started: `what` it was (`challenge`,
    /// `lobby`) and why (`declined`, `withdrawn`, `expired`) become its result.
    pub(super) async fn cancel_pending(
        &self,
        row: &GameRow,
        what: &str,
        ending: Ending,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let why = serde_json::to_value(ending).expect("an ending to json");
        let result = GameResult {
            outcome: ending,
            winner: None,
            detail: format!("{what} {}", why.as_str().unwrap_or_default()),
        };
        let update = GameUpdate {
            status: GameStatus::Cancelled,
            expires_at: None,
            result: Some(StoredResult::of(result)),
            ..GameUpdate::of(row, at.timestamp_millis())
        };
        self.store.commit(&update).await.map(|_| ())
    }

    /// A channel's multiplayer game: the open one (of whatever kind), else
    /// its last game of `kind`.
    pub(super) async fn channel_game(
        &self,
        channel: &str,
        kind: Kind,
    ) -> Result<Option<GameRow>, StoreError> {
        match self.store.open_multiplayer_game(channel).await? {
            Some(open) => Ok(Some(open)),
            None => self.store.latest_of(channel, Some(kind)).await,
        }
    }

    /// The channel's game of two or more players as `user` sees it now,
    /// for a front end that shows it live: the open one, else the last.
    pub async fn channel_table(&self, user: &User, channel: &str) -> ServiceResult<Option<Reply>> {
        let Some(row) = self.store.latest_multiplayer_game(channel).await? else {
            return Ok(None);
        };
        let reply = match row.kind {
            Kind::Listed(GameKind::ArmyAnts) => self.army_ants_table(row, user).await?,
            Kind::Listed(GameKind::AttaAnts) => self.atta_table(row).await?,
            Kind::Listed(GameKind::Myrmex | GameKind::Anthill | GameKind::Ants) | Kind::Unlisted(_) => {
                return Ok(None)
            }
        };
        Ok(Some(reply))
    }

    /// The id and version of the channel's game of two or more players: a
    /// front end that shows it live asks often, so nothing is drawn.
    pub async fn channel_version(&self, channel: &str) -> ServiceResult<Option<(String, i64)>> {
        let row = self.store.latest_multiplayer_game(channel).await?;
        Ok(row.map(|row| (row.id, row.version)))
    }

    /// The game of `kind` that `target` names in the request's channel;
    /// `start` says how to start one when there is none.
    pub(super) async fn find_game(
        &self,
        req: &Request,
        target: &Target<'_>,
        kind: Kind,
        start: &str,
    ) -> ServiceResult<GameRow> {
        let row = match target {
            Target::Id(id) => self
                .store
                .game(id)
                .await?
                .filter(|row| row.channel_id == req.channel),
            Target::Channel => self.channel_game(&req.channel, kind).await?,
        };
        if let Some(row) = &row {
            touched::note(row);
        }
        match (row, target) {
            (Some(row), _) if row.kind == kind => Ok(row),
            (Some(_), Target::Channel) => {
                Err(UserError::no_game(format!("The game in this channel is not {}.", kind.title())).into())
            }
            (_, Target::Id(_)) => Err(UserError::no_game("That game no longer exists.").into()),
            (None, Target::Channel) => Err(UserError::no_game(format!(
                "There is no {} game in this channel. {start}",
                kind.title()
            ))
            .into()),
        }
    }
}

/// Why a channel cannot take another game, in the words of the game that
/// holds it: an Army Ants challenge, an Atta Ants lobby, or a game.
pub(super) fn busy_channel(open: &GameRow) -> UserError {
    let title = open.kind.title();
    let what = match (open.kind, open.status == GameStatus::Pending) {
        (Kind::Listed(GameKind::AttaAnts), true) => format!("an {title} lobby is open"),
        (_, true) => format!("an {title} challenge is waiting for an answer"),
        (_, false) => format!("an {title} game is under way"),
    };
    UserError::busy_channel(format!(
        "This channel is busy: {what}. Finish it first, or play in a thread."
    ))
}

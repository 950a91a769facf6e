//! What the games of two or more players share: finding a game again (the
//! channel's open or last game of that kind, or the game a component id
//! names). Opening and closing a table are `seating`'s.

use crate::protocol::types::{Reply, Request, User};
use crate::rules::Kind;
use crate::service::base::Service;
use crate::service::engine::touched;
use crate::service::error::{ServiceResult, UserError};
use crate::store::{GameRow, StoreError};

/// How a command finds its game.
#[derive(Clone, Copy)]
pub enum Target<'a> {
    /// The open game of the request's channel.
    Channel,
    /// A game named by a component id: in the request's channel, or the
    /// requester's own patience from anywhere (a ranked daily attempt comes
    /// back wherever it is asked for).
    Id(&'a str),
}

/// Whether a component id may name `row` in this request: a game of the
/// request's channel, or the requester's own patience from anywhere.
pub(crate) fn reaches(req: &Request, row: &GameRow) -> bool {
    row.channel_id == req.channel || (!row.multiplayer && row.owner_id == req.user.id)
}

impl Service {
    /// A channel's multiplayer game: the open one (of whatever kind), else
    /// its last game of `kind`.
    pub(crate) async fn channel_game(
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
        self.live_table(row, user).await
    }

    /// The ids of channels whose games change from now on, in this process
    /// or any other, where the database tells at once (PostgreSQL); `None`
    /// where it cannot, and a front end that shows games live looks
    /// (`channel_marks`).
    pub async fn watch_changes(&self) -> Option<tokio::sync::broadcast::Receiver<String>> {
        self.store.watch_changes().await
    }

    /// Changes whenever this process has answered a request without a
    /// refusal (any front end's: a page's click, a Discord command): what
    /// it did may have changed a game someone watches.
    pub fn answered(&self) -> tokio::sync::watch::Receiver<u64> {
        self.answered.subscribe()
    }

    /// Each of `channels` holding games or tournaments, with a mark that
    /// moves whenever one of them does (how many, and the sum of their
    /// versions).
    pub async fn channel_marks(&self, channels: &[String]) -> ServiceResult<Vec<(String, i64, i64)>> {
        Ok(self.store.channel_marks(channels).await?)
    }

    /// The id and version of the channel's game of two or more players: a
    /// front end that shows it live asks often, so nothing is drawn.
    pub async fn channel_version(&self, channel: &str) -> ServiceResult<Option<(String, i64)>> {
        let row = self.store.latest_multiplayer_game(channel).await?;
        Ok(row.map(|row| (row.id, row.version)))
    }

    /// The game of `kind` that `target` names in the request's channel;
    /// `start` says how to start one when there is none.
    pub(crate) async fn find_game(
        &self,
        req: &Request,
        target: &Target<'_>,
        kind: Kind,
        start: &str,
    ) -> ServiceResult<GameRow> {
        let row = match target {
            Target::Id(id) => self.store.game(id).await?.filter(|row| reaches(req, row)),
            Target::Channel => self.channel_game(&req.channel, kind).await?,
        };
        if let Some(row) = &row {
            touched::note(row)?;
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

//! How a two-or-more-player command finds its game: the channel's open (or
//! last) game of that kind, or the game a component id names.

use super::error::{ServiceResult, UserError};
use super::types::Request;
use super::Service;
use crate::store::GameRow;

/// How a command finds its game.
pub(super) enum Target<'a> {
    /// The open game of the request's channel.
    Channel,
    /// A game named by a component id.
    Id(&'a str),
}

/// What the messages of a failed look-up call the game.
pub(super) struct GameNames {
    /// The stored kind (`army-ants`).
    pub kind: &'static str,
    /// Its title in messages (`Army Ants`).
    pub title: &'static str,
    /// How to start one, as a sentence (`Start one with /armyants challenge.`).
    pub start: &'static str,
}

impl Service {
    /// The game `target` names, of the kind `names` describes, in the request's channel.
    pub(super) async fn find_game(
        &self,
        req: &Request,
        target: &Target<'_>,
        names: &GameNames,
    ) -> ServiceResult<GameRow> {
        match target {
            Target::Id(id) => self
                .store
                .game(id)
                .await?
                .filter(|row| row.kind == names.kind && row.channel_id == req.channel)
                .ok_or_else(|| UserError::no_game("That game no longer exists.").into()),
            Target::Channel => {
                if let Some(row) = self.store.open_multiplayer_game(&req.channel).await? {
                    if row.kind != names.kind {
                        return Err(UserError::no_game(format!(
                            "The game in this channel is not {}.",
                            names.title
                        ))
                        .into());
                    }
                    return Ok(row);
                }
                match self.store.latest_game(&req.channel, Some(names.kind)).await? {
                    Some(row) => Ok(row),
                    None => Err(UserError::no_game(format!(
                        "There is no {} game in this channel. {}",
                        names.title, names.start
                    ))
                    .into()),
                }
            }
        }
    }
}

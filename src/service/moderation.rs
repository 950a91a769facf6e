//! `/game end`: a moderator (a member who may manage messages in the
//! channel) ends the channel's open multiplayer game, whatever it is and
//! whoever plays it: a lobby nobody starts, a player who never comes back.
//! The game is recorded as ended by a moderator, is not rated, and its
//! players are told in plain words.

use super::error::{ErrorCode, ServiceResult, UserError};
use super::reach::players_of;
use crate::protocol::options;
use crate::protocol::types::{Ending, GameResult, Options, Reply, Request};
use crate::service::base::{mention, Service};
use crate::service::engine::state::ended_update;
use crate::store::{GameStatus, StoredResult};

impl Service {
    pub(super) async fn moderator_end(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(opts, &[])?;
        if !req.manage_messages {
            return Err(UserError::new(
                ErrorCode::NotAllowed,
                "Only a member who can manage messages in this channel can end its game. \
                 Players can leave a game themselves: /armyants resign, or /atta leave.",
            )
            .into());
        }
        let Some(mut row) = self.store.open_multiplayer_game(&req.channel).await? else {
            return Err(UserError::no_game("There is no game under way in this channel.").into());
        };
        let result = GameResult {
            outcome: Ending::Ended,
            winner: None,
            detail: format!("ended by a moderator, {}", req.user.name),
        };
        let update = ended_update(&row, req.at.timestamp_millis(), StoredResult::of(result.clone()));
        if self.save_row(&mut row, &update).await?.is_none() {
            return Err(crate::service::base::moved_on());
        }
        let kind = row.kind;
        let players: Vec<String> = players_of(&row.players).iter().map(mention).collect();
        let text = format!(
            "🛑 {} ended this game of **{}** as a moderator. {}: it is not rated and counts for no one; \
             you can start a new game here now.",
            mention(&req.user),
            kind.title(),
            match players.is_empty() {
                true => "Players".to_string(),
                false => players.join(", "),
            }
        );
        // A game with no board to show (an ended Atta Ants game is stored
        // like a closed lobby) is told in words alone.
        let mut reply = Reply::text(text);
        if let Some(paths) = self.games.paths(kind) {
            reply.image = (paths.board)(self, &row).await?;
        }
        let mut summary = self.summary_of(&row).await?;
        summary.result = Some(result);
        reply.game = Some(summary);
        Ok(reply)
    }
}

/// Whether a moderator ended the stored game `row`.
pub(super) fn was_ended(row: &crate::store::GameRow) -> bool {
    row.status == GameStatus::Cancelled
        && row
            .result
            .as_ref()
            .is_some_and(|r| r.result().outcome == Ending::Ended)
}

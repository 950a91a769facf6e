//! `/game end`: a moderator (a member who may manage messages in the
//! channel) ends the channel's open multiplayer game, whatever it is and
//! whoever plays it: a lobby nobody starts, a player who never comes back.
//! The game is recorded as ended by a moderator, is not rated, and its
//! players are told in plain words.

use super::error::{ErrorCode, ServiceResult, UserError};
use super::reach::players_of;
use super::types::{GameResult, Options, Reply, Request};
use super::Ending;
use super::{mention, options, Service};
use crate::rules::{GameKind, Kind};
use crate::store::{GameStatus, GameUpdate, StoredResult};

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
        let update = GameUpdate {
            status: GameStatus::Cancelled,
            expires_at: None,
            result: Some(StoredResult::of(result.clone())),
            ..GameUpdate::of(&row, req.at.timestamp_millis())
        };
        if self.save_row(&mut row, &update).await?.is_none() {
            return Err(super::moved_on());
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
        let mut reply = match kind {
            Kind::Listed(GameKind::ArmyAnts) => self.army_ants_board_of(&row, text).await?,
            // An ended Atta Ants game is stored like a closed lobby, with no
            // board to show; a patience is its player's to end.
            Kind::Listed(GameKind::AttaAnts | GameKind::Myrmex | GameKind::Anthill | GameKind::Ants)
            | Kind::Unlisted(_) => Reply::text(text),
        };
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

//! Turn alerts: a player who switches them on gets a DM when one of their
//! games waits for their move (besides the channel's ping, or instead of
//! it where the bot is not a member and cannot ping).

use super::reach::place_link;
use crate::protocol::options;
use crate::protocol::types::{GameSummary, Options, Post, Reply, Request};
use crate::service::base::Service;
use crate::service::error::ServiceResult;
use crate::store::GameStatus;
use chrono::{DateTime, Utc};

/// The claim of a game version's alert: one DM per move, whoever asks.
const CLAIM: &str = "turn-alert";

impl Service {
    /// `/alerts turns:on|off`; without `turns`, says whether they are on.
    pub(super) async fn alerts_command(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(opts, &["turns"])?;
        let now = req.at.timestamp_millis();
        let text = match options::choice(opts, "turns", &["on", "off"])? {
            Some("on") => {
                self.store.set_turn_alerts(&req.user.id, true, now).await?;
                "Turn alerts are on: I will send you a DM when one of your games waits for your move. \
                 Stop them with `/alerts turns:off`."
            }
            Some(_) => {
                self.store.set_turn_alerts(&req.user.id, false, now).await?;
                "Turn alerts are off."
            }
            None if self.store.turn_alerts(&req.user.id).await? => {
                "Your turn alerts are on. Stop them with `/alerts turns:off`."
            }
            None => "Your turn alerts are off. `/alerts turns:on` sends you a DM when it is your move.",
        };
        Ok(Reply::ephemeral(text))
    }

    /// The DM for the player a reply leaves to move, if they want one: only
    /// after someone else acted, once per game version.
    pub(super) async fn turn_alert(&self, req: &Request, reply: &Reply) -> anyhow::Result<Option<Post>> {
        let Some(game) = reply.game.as_ref().filter(|_| reply.ok()) else {
            return Ok(None);
        };
        let news = format!("{} has played", req.user.name);
        self.alert_waiting(game, &req.user.id, &news, req.at).await
    }

    /// The DM for the player `game` waits for, if they want one and are not
    /// `actor` (who just acted): once per game version. `news` says what
    /// happened.
    pub(crate) async fn alert_waiting(
        &self,
        game: &GameSummary,
        actor: &str,
        news: &str,
        at: DateTime<Utc>,
    ) -> anyhow::Result<Option<Post>> {
        let Some(to_move) = game.to_move_id.as_deref() else {
            return Ok(None);
        };
        let playing = matches!(game.status, GameStatus::Active | GameStatus::Deploying);
        if !playing || to_move == actor || to_move == crate::protocol::types::BOT_ID {
            return Ok(None);
        }
        if !self.store.turn_alerts(to_move).await? {
            return Ok(None);
        }
        let Some(row) = self.store.game(&game.id).await? else {
            return Ok(None);
        };
        if !self
            .store
            .claim_notice(&row.id, row.version, CLAIM, at.timestamp_millis())
            .await?
        {
            return Ok(None);
        }
        let title = game.kind.title();
        Ok(Some(Post {
            channel: row.channel_id.clone(),
            text: format!(
                "{news}: your move in the {title} game in {}.",
                place_link(&row.guild_id, &row.channel_id)
            ),
            dm: Some(to_move.to_string()),
            ..Post::default()
        }))
    }
}

//! Places where the bot is not a member: a user-installed command in a
//! server without the bot, or a group DM. There the bot may only answer
//! interactions, so:
//! - a reply's posts become follow-ups of the interaction (a board that
//!   would be edited in place is shown anew instead);
//! - what happens later to a game there (a challenge expiring, a reminder,
//!   a timeout) goes to its players' DMs with the bot;
//! - the channel's "your move" ping is left out (players who want it switch
//!   on turn alerts, which come to their DMs), and a daily post cannot be
//!   subscribed.
//!
//! Which places lack the bot is kept per channel, as the newest request
//! there said, so that the sweep knows it too.

use crate::protocol::types::{Post, Reply, Request, User};
use crate::service::base::{mention, Service};
use crate::service::error::{ErrorCode, ServiceResult, UserError};
use crate::store::GameRow;

/// The note a game started without the bot carries.
const NOTE: &str = "-# Antics is not a member here, so it answers clicks and commands but sends nothing \
                    else here: no \"your move\" pings, and expiries and reminders go to your DMs with \
                    Antics. `/alerts turns:on` sends you a DM when it is your turn.";

impl Service {
    /// Remembers whether the bot is a member of the request's place, when
    /// that changed since this process last heard (one write per change).
    pub(super) async fn note_place(&self, req: &Request) -> anyhow::Result<()> {
        {
            let mut known = self.places.lock().expect("places lock");
            if known.get(&req.channel) == Some(&req.bot_member) {
                return Ok(());
            }
            known.put(req.channel.clone(), req.bot_member);
        }
        let at = req.at.timestamp_millis();
        self.store
            .set_bot_member(&req.channel, req.bot_member, at)
            .await?;
        Ok(())
    }

    /// What the bot cannot do without being a member of the place.
    pub(super) fn needs_member(req: &Request, words: &[&str]) -> ServiceResult<()> {
        let subscribing = matches!(words, ["dailypost" | "daily", "subscribe"]);
        if subscribing && !req.bot_member {
            return Err(UserError::new(
                ErrorCode::NotAllowed,
                "Antics is not a member here, so it cannot post the daily challenges in this channel. \
                 Add Antics to the server, or subscribe in your DM with Antics.",
            )
            .into());
        }
        Ok(())
    }

    /// Where `post`, about the game `row`, goes: the channel when the bot is
    /// a member there, otherwise the DMs of the players it names (all of
    /// the game's players when it names none).
    pub(super) async fn route_due(&self, row: &GameRow, post: Option<Post>) -> anyhow::Result<Vec<Post>> {
        let Some(post) = post else {
            return Ok(vec![]);
        };
        // A DM (a turn alert) reaches its player wherever the game is.
        if post.dm.is_some() || !self.store.is_without_bot(&row.channel_id).await? {
            return Ok(vec![post]);
        }
        let players = players_of(&row.players);
        let named: Vec<&User> = players
            .iter()
            .filter(|u| post.text.contains(&mention(u)))
            .collect();
        let to = if named.is_empty() {
            players.iter().collect()
        } else {
            named
        };
        Ok(to
            .into_iter()
            .map(|user| to_dm(&post, &user.id, &row.guild_id))
            .collect())
    }
}

/// A reply in a place without the bot: its posts go through the
/// interaction (DMs stay DMs), and a game started there says what that
/// means for its players.
pub(super) fn through_interaction(req: &Request, reply: &mut Reply) {
    if req.bot_member {
        return;
    }
    for post in &mut reply.posts {
        if post.dm.is_none() {
            post.followup = true;
            post.edit = None;
        }
    }
    let starts_game = matches!(&req.input, crate::protocol::types::Input::Command { name, .. }
        if matches!(name.trim().to_ascii_lowercase().as_str(), "armyants challenge" | "atta new"));
    let pending = reply
        .game
        .as_ref()
        .is_some_and(|g| g.status == crate::store::GameStatus::Pending);
    if starts_game && pending && reply.ok() {
        reply.text = format!("{}\n{NOTE}", reply.text);
    }
}

/// A post as a DM to `user`, saying which game's place it is about. The
/// buttons stay with the game: a click in a DM would be elsewhere.
pub(super) fn to_dm(post: &Post, user: &str, guild: &str) -> Post {
    Post {
        channel: post.channel.clone(),
        text: format!(
            "About your game in {}: {}",
            place_link(guild, &post.channel),
            post.text
        ),
        image: post.image.clone(),
        components: vec![],
        edit: None,
        dm: Some(user.to_string()),
        followup: false,
        claim: None,
        thread: None,
    }
}

/// A link to a channel on Discord (a group DM or a server's channel), or
/// its name in a script.
pub fn place_link(guild: &str, channel: &str) -> String {
    let snowflake = |s: &str| !s.is_empty() && s.len() <= 20 && s.chars().all(|c| c.is_ascii_digit());
    if !snowflake(channel) {
        return format!("channel {channel}");
    }
    let guild = if snowflake(guild) { guild } else { "@me" };
    format!("https://discord.com/channels/{guild}/{channel}")
}

/// The people of a stored game, whatever its kind stores: every object
/// with an `id` and a `name` in its players' JSON (seats, a table, an
/// owner), once each, without the bot or an open challenge's empty seat.
pub fn players_of(players: &str) -> Vec<User> {
    fn walk(value: &serde_json::Value, out: &mut Vec<User>) {
        match value {
            serde_json::Value::Object(map) => {
                if let (Some(id), Some(name)) = (
                    map.get("id").and_then(|v| v.as_str()),
                    map.get("name").and_then(|v| v.as_str()),
                ) {
                    let user = User::new(id, name);
                    let open_seat = id == super::engine::seating::OPEN_SEAT;
                    if !id.is_empty() && !user.is_bot() && !open_seat && !out.iter().any(|u| u.id == id) {
                        out.push(user);
                    }
                }
                map.values().for_each(|v| walk(v, out));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Ok(value) = serde_json::from_str(players) {
        walk(&value, &mut out);
    }
    out
}

//! Who acts at the table, and where: in local mode the page's address says
//! (`?user=NAME&channel=ID`, checked for shape), inside Discord the
//! session the page signed in for.

use super::api::Refused;
use super::session::Session;
use crate::service::{GameSummary, Input, Request, User};
use serde::Deserialize;

/// What a request names: `user` and `channel` (local mode), or `session`
/// (the Activity's event stream, which cannot send headers).
#[derive(Debug, Default, Deserialize)]
pub struct Named {
    #[serde(default)]
    pub user: Option<String>,
    #[serde(default)]
    pub channel: Option<String>,
    #[serde(default)]
    pub session: Option<String>,
}

/// A user at a place.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The user's id (a name in local mode, a Discord id in the Activity).
    pub user: String,
    pub name: String,
    pub channel: String,
    guild: Option<String>,
    /// When the seat's session ends (unix seconds); none in local mode.
    pub expires: Option<i64>,
}

/// Names of letters, digits, `_` and `-`, 1 to 32 of them: nothing a
/// script name or a channel id would not be.
pub fn fine(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl Seat {
    /// Local mode's seat: `user` (never the bot) at `channel`.
    pub fn local(user: String, channel: String) -> Result<Seat, Refused> {
        match fine(&user) && fine(&channel) && !user.eq_ignore_ascii_case("antics") {
            true => Ok(Seat {
                name: user.clone(),
                user,
                channel,
                guild: Some("local".into()),
                expires: None,
            }),
            false => Err(Refused::bad(
                "Give `user` and `channel` as up to 32 letters, digits, `_` or `-`.",
            )),
        }
    }

    /// The seat of a signed-in page.
    pub fn of_session(session: Session) -> Seat {
        Seat {
            user: session.user,
            // A Discord name: escaped as the bot writes every such name.
            name: crate::service::escape_markdown(&session.name),
            channel: session.channel,
            guild: session.guild,
            expires: Some(session.expires),
        }
    }

    pub fn user(&self) -> User {
        User::new(self.user.clone(), self.name.clone())
    }

    /// The service's words for the page: a Discord mention (`<@id>`) of
    /// this user or of the player to move becomes the name; any other, "a
    /// player" (the page knows no other name).
    pub fn words(&self, text: &str, game: &GameSummary) -> String {
        self.named(text, game.to_move_id.as_deref().zip(game.to_move.as_deref()))
    }

    fn named(&self, text: &str, mover: Option<(&str, &str)>) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("<@") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            match after
                .find('>')
                .filter(|end| after[..*end].chars().all(|c| c.is_ascii_digit()))
            {
                Some(end) => {
                    let id = &after[..end];
                    let name = match mover {
                        _ if id == self.user => self.name.as_str(),
                        Some((mover, name)) if mover == id => name,
                        _ => "a player",
                    };
                    out.push_str(name);
                    rest = &after[end + 1..];
                }
                None => {
                    out.push_str("<@");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The request the bot would make for `input` from this seat.
    pub fn request(&self, input: Input) -> Request {
        Request {
            user: self.user(),
            guild: self.guild.clone(),
            channel: self.channel.clone(),
            at: chrono::Utc::now(),
            input,
            manage_channels: false,
            manage_messages: false,
            bot_member: true,
        }
    }
}

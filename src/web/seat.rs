//! Who acts at the table, and where: in local mode the page's address says
//! (`?user=NAME&channel=ID`, checked for shape), inside Discord the
//! session the page signed in for.

use super::api::Refused;
use super::session::Session;
use crate::service::{Input, Request, User};
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
            name: session.name,
            channel: session.channel,
            guild: session.guild,
        }
    }

    pub fn user(&self) -> User {
        User::new(self.user.clone(), self.name.clone())
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

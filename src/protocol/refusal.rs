//! The refusals a user causes: a stable code and a short sentence, shown
//! to them as they are.

use std::fmt;

/// Stable snake_case codes of the refusals a user can meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    BadNotation,
    IllegalAction,
    NotYourTurn,
    NotAPlayer,
    NoGame,
    GameOver,
    BusyChannel,
    BusyPlayer,
    BadOption,
    Expired,
    /// Another action changed the game first.
    Conflict,
    UnknownCommand,
    /// Asked again too soon (hints).
    Cooldown,
    /// The member lacks a permission the action needs (Manage Channels for
    /// the daily post).
    NotAllowed,
    /// Something went wrong on our side; the message carries an id.
    Internal,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadNotation => "bad_notation",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::NotAPlayer => "not_a_player",
            ErrorCode::NoGame => "no_game",
            ErrorCode::GameOver => "game_over",
            ErrorCode::BusyChannel => "busy_channel",
            ErrorCode::BusyPlayer => "busy_player",
            ErrorCode::BadOption => "bad_option",
            ErrorCode::Expired => "expired",
            ErrorCode::Conflict => "conflict",
            ErrorCode::UnknownCommand => "unknown_command",
            ErrorCode::Cooldown => "cooldown",
            ErrorCode::NotAllowed => "not_allowed",
            ErrorCode::Internal => "internal",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refusal the user caused: a code and a short sentence for people.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct UserError {
    pub code: ErrorCode,
    pub message: String,
}

impl UserError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> UserError {
        UserError {
            code,
            message: message.into(),
        }
    }
}

impl UserError {
    /// A command the bot does not know, quoted as typed (`/atta fly`), and
    /// what to try instead.
    pub fn unknown_command(typed: &str, try_instead: &str) -> UserError {
        UserError::new(
            ErrorCode::UnknownCommand,
            format!(
                "{} is not a command; try {try_instead}.",
                crate::rules::code(typed)
            ),
        )
    }
}

/// Shorthand constructors, one per code, so call sites read as sentences.
macro_rules! constructors {
    ($($name:ident => $code:ident),* $(,)?) => {
        impl UserError {
            $(pub fn $name(message: impl Into<String>) -> UserError {
                UserError::new(ErrorCode::$code, message)
            })*
        }
    };
}

constructors! {
    bad_notation => BadNotation,
    illegal => IllegalAction,
    not_your_turn => NotYourTurn,
    not_a_player => NotAPlayer,
    no_game => NoGame,
    game_over => GameOver,
    busy_channel => BusyChannel,
    busy_player => BusyPlayer,
    bad_option => BadOption,
    expired => Expired,
    conflict => Conflict,
    cooldown => Cooldown,
    not_allowed => NotAllowed,
}

/// A rule's message as a sentence: capitalised, with a full stop.
pub fn sentence(msg: &str) -> String {
    let mut out = crate::rules::capitalised(msg.trim());
    if !out.is_empty() && !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

//! The service called in process, as the front ends call it.

use antics::rules::GameKind;
use antics::service::{Config, Input, Request, Service, User};
use antics::store::{testing, GameRow, GameStatus, Store};
use chrono::{DateTime, Utc};

/// A request from `user` (named as their id) in channel `c1` of server
/// `g1` at `at`: a member without moderator rights, the bot in the
/// channel. A test changes what it needs with `..request(...)`.
pub fn request(user: &str, at: DateTime<Utc>, input: Input) -> Request {
    Request {
        user: User::new(user, user),
        guild: Some("g1".into()),
        channel: "c1".into(),
        at,
        input,
        manage_channels: false,
        manage_messages: false,
        bot_member: true,
    }
}

/// A moment written as RFC 3339 (`2026-03-01T12:00:00Z`).
pub fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an RFC 3339 time")
        .with_timezone(&Utc)
}

/// A service on `store` that draws no boards: the replies keep their text
/// and components, and a test runs faster.
pub fn without_images(store: Store) -> Service {
    Service::new(
        store,
        Config {
            render: false,
            ..Config::default()
        },
    )
}

/// A runtime on the test's own thread, for a test that is not async.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A Myrmex game of alice's in `c1` of `g1`, stored as an earlier version
/// left it: `setup` as its JSON, `status`, no log yet.
pub fn stored_myrmex(id: &str, setup: &str, status: GameStatus) -> GameRow {
    GameRow {
        status,
        setup: setup.into(),
        players: r#"{"id":"alice","name":"alice"}"#.into(),
        ..testing::game_row(id, GameKind::Myrmex)
    }
}

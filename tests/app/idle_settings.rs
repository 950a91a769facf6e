//! The operator's idle settings hold for games under way: each game keeps
//! one deadline, and the times are worked out again when it falls, from
//! the game's last move and the settings of the process that sweeps.

use antics::service::{Config, Input, Post, Request, Service};
use antics::store::Store;
use chrono::{DateTime, Utc};
use std::time::Duration;

fn hours(h: i64) -> DateTime<Utc> {
    "2026-03-01T10:00:00Z".parse::<DateTime<Utc>>().unwrap() + chrono::Duration::hours(h)
}

/// The service of a process whose operator set these idle times (hours).
fn with_idle(store: &Store, timeout: Option<u64>, reminder: u64) -> Service {
    let config = Config {
        idle_timeout: timeout.map(|h| Duration::from_secs(h * 3600)),
        idle_reminder: Duration::from_secs(reminder * 3600),
        ..Config::default()
    };
    Service::new(store.clone(), config)
}

/// `player` starts an Anthill patience in `channel` at `at`.
async fn start_patience(service: &Service, player: &str, channel: &str, at: DateTime<Utc>) {
    let input = Input::command("solitaire new", &[("game", "anthill"), ("seed", "3")]);
    let new = Request {
        channel: channel.into(),
        ..crate::common::service::request(player, at, input)
    };
    let reply = service.handle(&new).await;
    assert!(reply.error.is_none(), "{}", reply.text);
}

async fn deadline_of(store: &Store, channel: &str, owner: &str) -> Option<i64> {
    let row = store.latest_solitaire(channel, owner).await.unwrap().unwrap();
    assert!(row.status.is_open(), "{row:?}");
    row.expires_at
}

fn texts(posts: &[Post]) -> Vec<&str> {
    posts.iter().map(|post| post.text.as_str()).collect()
}

/// A longer idle time moves a game's deadline on; a shorter one ends it at
/// its next deadline; the idle end turned off leaves it without one; and a
/// process that turns it on again gives it one back, from its last move.
#[tokio::test]
async fn a_changed_idle_setting_holds_for_games_under_way() {
    let store = Store::in_memory().await.unwrap();
    let first = with_idle(&store, Some(72), 12);
    start_patience(&first, "carol", "c1", hours(0)).await;
    start_patience(&first, "dave", "c2", hours(30)).await;
    // 72 hours with a reminder 12 before: first looked at after 60.
    assert_eq!(
        deadline_of(&store, "c1", "carol").await,
        Some(hours(60).timestamp_millis())
    );
    assert_eq!(
        deadline_of(&store, "c2", "dave").await,
        Some(hours(90).timestamp_millis())
    );

    // 96 hours: carol's first look moves on to her reminder, 12 before the
    // end; then the reminder, and her deadline moves to the end.
    let longer = with_idle(&store, Some(96), 12);
    assert!(longer.tick(hours(61)).await.is_empty());
    assert_eq!(
        deadline_of(&store, "c1", "carol").await,
        Some(hours(84).timestamp_millis())
    );
    let reminded = longer.tick(hours(85)).await;
    assert_eq!(
        texts(&reminded),
        ["carol: your patience here has had no move for a while; it ends in 11 hours unless you play."]
    );
    assert_eq!(
        deadline_of(&store, "c1", "carol").await,
        Some(hours(96).timestamp_millis())
    );

    // The idle end turned off: dave's game, past its deadline, keeps none.
    let off = with_idle(&store, None, 12);
    assert!(off.tick(hours(91)).await.is_empty());
    assert_eq!(deadline_of(&store, "c2", "dave").await, None);

    // 24 hours: a new process gives dave's game its deadline again from his
    // last move, long past, and ends it; carol's ends at her next deadline.
    let shorter = with_idle(&store, Some(24), 2);
    let ended = shorter.tick(hours(92)).await;
    assert_eq!(ended.len(), 1, "{:?}", texts(&ended));
    assert!(ended[0]
        .text
        .starts_with("dave's game of Anthill ended after 1 day without a move."));
    assert!(
        shorter.tick(hours(95)).await.is_empty(),
        "not due before its deadline"
    );
    let ended = shorter.tick(hours(97)).await;
    assert_eq!(ended.len(), 1, "{:?}", texts(&ended));
    assert!(ended[0]
        .text
        .starts_with("carol's game of Anthill ended after 1 day without a move."));
}

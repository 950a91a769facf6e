//! The Discord front end's shared pieces (src/discord/mod.rs): the count of
//! interactions under way, and the invite's permissions.

use antics::discord::{invite_permissions, InFlight};
use std::sync::Arc;
use std::time::Duration;

#[tokio::test]
async fn in_flight_waits_for_guards() {
    let inflight = Arc::new(InFlight::default());
    let guard = inflight.enter();
    assert_eq!(inflight.count(), 1);
    let waiter = {
        let inflight = inflight.clone();
        tokio::spawn(async move { inflight.wait_idle().await })
    };
    tokio::time::sleep(Duration::from_millis(20)).await;
    assert!(!waiter.is_finished());
    drop(guard);
    tokio::time::timeout(Duration::from_secs(1), waiter)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(inflight.count(), 0);
}

#[test]
fn invite_permissions_integer() {
    // The number in docs/discord.md's invite link.
    assert_eq!(invite_permissions().bits(), 309_237_763_072);
}

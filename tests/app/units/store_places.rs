//! The store's places.

use antics::store::testing;
use antics::store::Store;

/// Every backend under test, each fresh and empty.
async fn stores() -> (tempfile::TempDir, Vec<Store>) {
    let dir = tempfile::tempdir().unwrap();
    let stores = testing::scratch_stores(dir.path()).await;
    (dir, stores)
}

#[tokio::test]
async fn places_without_the_bot_are_kept_until_it_is_seen_there() {
    let (_dir, stores) = stores().await;
    for store in stores {
        assert!(!store.is_without_bot("c1").await.unwrap());
        store.set_bot_member("c1", false, 1).await.unwrap();
        store.set_bot_member("c1", false, 2).await.unwrap();
        assert!(store.is_without_bot("c1").await.unwrap());
        assert!(!store.is_without_bot("c2").await.unwrap());
        store.set_bot_member("c1", true, 3).await.unwrap();
        assert!(!store.is_without_bot("c1").await.unwrap());
    }
}

#[tokio::test]
async fn turn_alerts_switch_on_and_off_once() {
    let (_dir, stores) = stores().await;
    for store in stores {
        assert!(!store.turn_alerts("alice").await.unwrap());
        assert!(store.set_turn_alerts("alice", true, 1).await.unwrap());
        assert!(!store.set_turn_alerts("alice", true, 2).await.unwrap());
        assert!(store.turn_alerts("alice").await.unwrap());
        assert!(!store.turn_alerts("bob").await.unwrap());
        assert!(store.set_turn_alerts("alice", false, 3).await.unwrap());
        assert!(!store.set_turn_alerts("alice", false, 4).await.unwrap());
        assert!(!store.turn_alerts("alice").await.unwrap());
    }
}

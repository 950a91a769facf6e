//! The store's tournaments.

use antics::store::testing;
use antics::store::{StoreError, TournamentRow};

fn row(id: &str, channel: &str) -> TournamentRow {
    TournamentRow {
        id: id.into(),
        guild_id: "g1".into(),
        channel_id: channel.into(),
        status: "open".into(),
        state: "{}".into(),
        version: 0,
        created_at: 1,
        updated_at: 1,
        deadline: Some(50),
        message_id: None,
    }
}

/// "A round is paired once": a change saved against an old version is
/// refused whole, and one live tournament per channel.
#[tokio::test]
async fn tournaments_change_once_and_one_lives_per_channel() {
    let dir = tempfile::tempdir().unwrap();
    for store in testing::scratch_stores(dir.path()).await {
        store.insert_tournament(&row("t1", "c1")).await.unwrap();
        assert!(matches!(
            store.insert_tournament(&row("t2", "c1")).await,
            Err(StoreError::Busy)
        ));
        let mut next = row("t1", "c1");
        next.status = "running".into();
        next.state = "{\"round\":1}".into();
        assert_eq!(store.save_tournament(&next, &[]).await.unwrap(), 1);
        assert!(matches!(
            store.save_tournament(&next, &[]).await,
            Err(StoreError::Conflict)
        ));
        let stored = store.tournament("t1").await.unwrap().unwrap();
        assert_eq!((stored.version, stored.status.as_str()), (1, "running"));
        assert_eq!(store.channel_tournament("c1").await.unwrap().unwrap().id, "t1");
        assert_eq!(store.due_tournaments(50).await.unwrap().len(), 1);
        assert_eq!(store.due_tournaments(49).await.unwrap().len(), 0);
        assert_eq!(store.next_tournament_deadline().await.unwrap(), Some(50));
        assert_eq!(store.guild_tournaments("g1", 10).await.unwrap().len(), 1);
    }
}

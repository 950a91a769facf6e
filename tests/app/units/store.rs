//! The store on SQLite (and PostgreSQL when a test database is set).

use antics::protocol::GameStatus;
use antics::rules::GameKind;
use antics::store::*;
use std::time::Duration;

fn row(id: &str, channel: &str) -> GameRow {
    GameRow {
        channel_id: channel.into(),
        multiplayer: true,
        ..testing::game_row(id, GameKind::ArmyAnts)
    }
}

fn update(id: &str, version: i64, notation: &str) -> GameUpdate {
    GameUpdate {
        id: id.into(),
        expected_version: version,
        status: GameStatus::Active,
        players: "[]".into(),
        expires_at: None,
        result: None,
        updated_at: 2,
        append: vec![("alice".into(), notation.into())],
    }
}

/// Every backend under test, each fresh and empty.
async fn stores() -> (tempfile::TempDir, Vec<Store>) {
    let dir = tempfile::tempdir().unwrap();
    let stores = testing::scratch_stores(dir.path()).await;
    (dir, stores)
}

/// Waits for `channel` among the changes told (other tests share the
/// server, and tell of theirs).
async fn told(changes: &mut tokio::sync::broadcast::Receiver<String>, channel: &str) -> bool {
    let wait = async {
        loop {
            match changes.recv().await {
                Ok(id) if id == channel => return true,
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(_) => return false,
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .unwrap_or(false)
}

/// A page that shows a game live hears of every change at once, made
/// by any process on the database: on PostgreSQL as it commits.
#[tokio::test]
async fn postgres_tells_every_process_of_each_change_to_a_channel() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Store::open(&dir.path().join("plain.db")).await.unwrap();
    assert!(sqlite.watch_changes().await.is_none(), "SQLite watchers poll");
    let Some(url) = testing::postgres_url() else {
        return;
    };
    let url = testing::scratch_postgres_url(&url).await.unwrap();
    let watcher = Store::open_url(&url).await.unwrap();
    // Another process's store: its own pool on the same database.
    let writer = Store::open_url(&url).await.unwrap();
    let mut changes = watcher
        .watch_changes()
        .await
        .expect("PostgreSQL tells of changes");
    let channel = format!("c-{:016x}", rand::random::<u64>());
    writer.insert_game(&row("g", &channel)).await.unwrap();
    assert!(told(&mut changes, &channel).await, "the new game is told");
    writer.commit(&update("g", 0, "c3-c6")).await.unwrap();
    assert!(told(&mut changes, &channel).await, "the move is told");
    // A refused commit (a stale version) changes nothing and tells nothing.
    assert!(writer.commit(&update("g", 0, "c3-c6")).await.is_err());
    writer.commit(&update("g", 1, "c6-c5")).await.unwrap();
    assert!(told(&mut changes, &channel).await);
    while let Ok(id) = changes.try_recv() {
        assert_ne!(id, channel, "one change, one notice");
    }
}

#[tokio::test]
async fn commit_appends_and_bumps_the_version() {
    let (_dir, stores) = stores().await;
    for store in stores {
        store.insert_game(&row("g", "c1")).await.unwrap();
        assert_eq!(store.commit(&update("g", 0, "c3-c6")).await.unwrap(), 1);
        assert_eq!(store.commit(&update("g", 1, "c6-c5")).await.unwrap(), 2);
        let log = store.actions("g").await.unwrap();
        assert_eq!(
            log.iter().map(|a| a.notation.as_str()).collect::<Vec<_>>(),
            ["c3-c6", "c6-c5"]
        );
        assert_eq!(log[1].seq, 2);
        let game = store.game("g").await.unwrap().unwrap();
        assert_eq!(game.version, 2);
        assert!(game.multiplayer);
        assert_eq!(game.expires_at, None);
    }
}

#[tokio::test]
async fn a_ration_allows_its_count_in_a_window_then_says_how_long_to_wait() {
    let (_dir, stores) = stores().await;
    let ration = Ration {
        work: "computer",
        window_ms: 60_000,
        allowed: 2,
    };
    for store in stores {
        assert_eq!(store.take_ration("bob", ration, 1_000).await.unwrap(), Ok(()));
        assert_eq!(store.take_ration("bob", ration, 2_000).await.unwrap(), Ok(()));
        // The window started at the first: 59 s of it are left.
        assert_eq!(
            store.take_ration("bob", ration, 2_000).await.unwrap(),
            Err(59_000)
        );
        // Another user, and another kind of work, count apart.
        assert_eq!(store.take_ration("carol", ration, 2_000).await.unwrap(), Ok(()));
        let review = Ration {
            work: "review",
            allowed: 1,
            ..ration
        };
        assert_eq!(store.take_ration("bob", review, 2_000).await.unwrap(), Ok(()));
        assert_eq!(
            store.take_ration("bob", review, 3_000).await.unwrap(),
            Err(59_000)
        );
        // A new window once the last is over.
        assert_eq!(store.take_ration("bob", ration, 61_000).await.unwrap(), Ok(()));
        assert_eq!(store.take_ration("bob", ration, 61_500).await.unwrap(), Ok(()));
        assert_eq!(
            store.take_ration("bob", ration, 62_000).await.unwrap(),
            Err(59_000)
        );
        // The sweep forgets the windows started before its bound.
        store.forget_rations(10_000).await.unwrap();
        assert_eq!(store.take_ration("carol", ration, 3_000).await.unwrap(), Ok(()));
        assert_eq!(
            store.take_ration("bob", ration, 63_000).await.unwrap(),
            Err(58_000)
        );
    }
}

#[tokio::test]
async fn a_stale_version_is_a_conflict_and_writes_nothing() {
    let (_dir, stores) = stores().await;
    for store in stores {
        store.insert_game(&row("g", "c1")).await.unwrap();
        store.commit(&update("g", 0, "c3-c6")).await.unwrap();
        assert!(matches!(
            store.commit(&update("g", 0, "d3-d6")).await,
            Err(StoreError::Conflict)
        ));
        assert_eq!(store.actions("g").await.unwrap().len(), 1);
    }
}

#[tokio::test]
async fn one_open_multiplayer_game_per_channel() {
    let (_dir, stores) = stores().await;
    for store in stores {
        store.insert_game(&row("a", "c1")).await.unwrap();
        assert!(matches!(
            store.insert_game(&row("b", "c1")).await,
            Err(StoreError::Busy)
        ));
        store.insert_game(&row("c", "c2")).await.unwrap();
        let mut finished = update("a", 0, "resign");
        finished.status = GameStatus::Finished;
        store.commit(&finished).await.unwrap();
        store.insert_game(&row("b", "c1")).await.unwrap();
        assert_eq!(store.open_multiplayer_game("c1").await.unwrap().unwrap().id, "b");
    }
}

/// A row this version cannot read (a kind or status from a newer
/// version, or a hand edit) is refused with the game's id, not
/// mistaken for another game.
#[tokio::test]
async fn an_unknown_kind_or_status_is_refused_by_name() {
    let (_dir, stores) = stores().await;
    for store in stores {
        store.insert_game(&row("g", "c1")).await.unwrap();
        assert_eq!(store.game("g").await.unwrap().unwrap().kind, GameKind::ArmyAnts);
        sqlx::query("UPDATE games SET kind = 'chess' WHERE id = 'g'")
            .execute(testing::pool(&store))
            .await
            .unwrap();
        let err = store.game("g").await.unwrap_err();
        assert_eq!(err.to_string(), "game g has an unknown kind \"chess\"");
        sqlx::query("UPDATE games SET kind = 'myrmex', status = 'paused' WHERE id = 'g'")
            .execute(testing::pool(&store))
            .await
            .unwrap();
        let err = store.game("g").await.unwrap_err();
        assert_eq!(err.to_string(), "game g has an unknown status \"paused\"");
    }
}

#[test]
fn statuses_are_stored_by_name() {
    for status in [
        GameStatus::Pending,
        GameStatus::Deploying,
        GameStatus::Active,
        GameStatus::Finished,
        GameStatus::Cancelled,
    ] {
        assert_eq!(GameStatus::parse(status.as_str()), Some(status));
        let json = serde_json::to_string(&status).unwrap();
        assert_eq!(json, format!("\"{status}\""));
    }
    assert!(GameStatus::Deploying.is_open() && !GameStatus::Cancelled.is_open());
}

#[tokio::test]
async fn queries_by_kind_deadline_and_owner() {
    let (_dir, stores) = stores().await;
    for store in stores {
        let mut duel = row("d", "c1");
        duel.expires_at = Some(100);
        duel.created_at = 5;
        store.insert_game(&duel).await.unwrap();
        let mut patience = row("p", "c1");
        patience.kind = GameKind::Anthill.into();
        patience.multiplayer = false;
        patience.created_at = 9;
        store.insert_game(&patience).await.unwrap();
        assert_eq!(store.latest_game("c1", None).await.unwrap().unwrap().id, "p");
        assert_eq!(
            store
                .latest_game("c1", Some(GameKind::ArmyAnts))
                .await
                .unwrap()
                .unwrap()
                .id,
            "d"
        );
        assert!(store
            .latest_game("c1", Some(GameKind::Myrmex))
            .await
            .unwrap()
            .is_none());
        assert_eq!(
            store.latest_solitaire("c1", "alice").await.unwrap().unwrap().id,
            "p"
        );
        assert!(store.due_games(99).await.unwrap().is_empty());
        assert_eq!(store.due_games(100).await.unwrap()[0].id, "d");
        store.set_message_id("d", "m1").await.unwrap();
        assert_eq!(store.swap_ping_message("d", "p1").await.unwrap(), None);
        assert_eq!(
            store.swap_ping_message("d", "p2").await.unwrap().as_deref(),
            Some("p1")
        );
        assert_eq!(
            store.game("d").await.unwrap().unwrap().message_id.as_deref(),
            Some("m1")
        );
    }
}

/// A deadline moves without changing the game, only on the version it
/// was read at; games saved with none get one from their last change.
#[tokio::test]
async fn deadlines_move_in_place_and_missing_ones_are_filled_in() {
    let (_dir, stores) = stores().await;
    for store in stores {
        let mut timed = row("t", "c1");
        timed.expires_at = Some(50);
        store.insert_game(&timed).await.unwrap();
        let mut unset = row("u", "c2");
        unset.updated_at = 10;
        store.insert_game(&unset).await.unwrap();
        let mut pending = row("p", "c3");
        pending.status = GameStatus::Pending;
        store.insert_game(&pending).await.unwrap();

        assert!(store.set_deadline("t", 0, Some(70)).await.unwrap());
        let moved = store.game("t").await.unwrap().unwrap();
        assert_eq!((moved.expires_at, moved.version), (Some(70), 0));
        assert!(
            !store.set_deadline("t", 1, Some(90)).await.unwrap(),
            "a stale version"
        );

        assert_eq!(
            store.backfill_deadlines(1_000).await.unwrap(),
            1,
            "only the started game without one"
        );
        assert_eq!(store.game("u").await.unwrap().unwrap().expires_at, Some(1_010));
        assert_eq!(store.game("t").await.unwrap().unwrap().expires_at, Some(70));
        assert_eq!(store.game("p").await.unwrap().unwrap().expires_at, None);
        let due: Vec<String> = store
            .due_games(1_010)
            .await
            .unwrap()
            .into_iter()
            .map(|g| g.id)
            .collect();
        assert_eq!(due, ["t", "u"]);
    }
}

#[tokio::test]
async fn the_file_is_created_and_survives_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/antics.db");
    {
        let store = Store::open(&path).await.unwrap();
        store.insert_game(&row("g", "c1")).await.unwrap();
        store.commit(&update("g", 0, "c3-c6")).await.unwrap();
        store.close().await;
    }
    let store = Store::open(&path).await.unwrap();
    assert_eq!(store.actions("g").await.unwrap().len(), 1);
}

#[tokio::test]
async fn urls_pick_the_backend() {
    assert_eq!(Backend::of_url("postgres://u@h/db"), Backend::Postgres);
    assert_eq!(Backend::of_url("postgresql://u@h/db"), Backend::Postgres);
    assert_eq!(Backend::of_url("sqlite://x.db"), Backend::Sqlite);
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("u.db").display());
    let store = Store::open_path_or_url(&url).await.unwrap();
    assert_eq!(store.backend(), Backend::Sqlite);
    store.insert_game(&row("g", "c1")).await.unwrap();
    if let Some(url) = testing::postgres_url() {
        let store = testing::scratch_postgres(&url).await.unwrap();
        assert_eq!(store.backend(), Backend::Postgres);
    }
}

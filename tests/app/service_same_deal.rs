//! A new game from an old game's deal is played by today's rulings. A
//! Myrmex game stored before "the game ends by itself once no further
//! chamber can be made" keeps its old rule so that its log replays, but
//! Same deal and Play again on its board start a game that ends by itself.

use crate::common::service;
use antics::service::custom_id::ComponentId;
use antics::service::{Config, Input, Request, Service};
use antics::store::{testing, GameStatus};

fn click(custom_id: String, at: &str) -> Request {
    let input = Input::Component {
        custom_id,
        values: vec![],
    };
    service::request("alice", service::at(at), input)
}

#[tokio::test]
async fn a_new_game_from_an_old_deal_ends_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    for store in testing::scratch_stores(dir.path()).await {
        // A finished larval game as stored before the ruling: no
        // `ends_when_dead` in its setup.
        let old = service::stored_myrmex("old1", r#"{"level":"larval","seed":11}"#, GameStatus::Finished);
        store.insert_game(&old).await.unwrap();
        let service = Service::new(store.clone(), Config::default());
        for (verb, at) in [
            ("same", "2026-11-25T10:00:00Z"),
            ("again", "2026-11-25T10:01:00Z"),
        ] {
            let reply = service
                .handle(&click(ComponentId::new("sol", "old1", verb).encode(), at))
                .await;
            assert!(reply.ok(), "{verb}: {}", reply.text);
            let new = reply.game.expect("a new game");
            assert_ne!(new.id, "old1");
            let row = store.game(&new.id).await.unwrap().expect("stored");
            let setup: serde_json::Value = serde_json::from_str(&row.setup).unwrap();
            assert_eq!(setup["ends_when_dead"], true, "{verb}: {}", row.setup);
            assert_eq!(setup["level"], "larval");
            if verb == "same" {
                assert_eq!(setup["seed"], 11);
            }
            service
                .handle(&Request {
                    input: Input::command("solitaire end", &[] as &[(&str, &str)]),
                    ..click(String::new(), at)
                })
                .await;
        }
    }
}

//! Games stored by an earlier version load and play on as their logs say.
//! Our ruling (rules/myrmex.rs): once the stock is empty and every card is
//! face up, a Myrmex game ends when no line of moves can complete another
//! chamber, worked out from the position and never stored. A version whose
//! bounded search left a position undecided let its player go on; a later
//! search may prove the same position dead. The log is how it went.

use crate::common::service::{at, request, stored_myrmex, without_images};
use antics::rules::cards::MyrmexLevel;
use antics::rules::myrmex::{Action, Myrmex, Setup};
use antics::rules::patience::Patience;
use antics::service::Input;
use antics::store::{testing, GameRow, GameStatus, GameUpdate};

#[tokio::test]
async fn a_myrmex_log_played_on_past_a_dead_end_loads_and_plays_on() {
    // Major seed 12 is dead once every restock is made: this version ends
    // it at the last deal. The earlier version's game went on with a move.
    let mut played = Myrmex::new(&Setup {
        level: MyrmexLevel::Major,
        seed: Some(12),
        ends_when_dead: false,
        ..Setup::default()
    })
    .unwrap();
    let mut log = Vec::new();
    while played.stock_len() > 0 {
        played.apply(&Action::Deal).unwrap();
        log.push(Action::Deal.to_string());
    }
    let moves = |game: &Myrmex| -> Vec<Action> {
        (game.legal_actions().into_iter())
            .filter(|a| !matches!(a, Action::Deal | Action::End))
            .collect()
    };
    let first = moves(&played)[0];
    played.apply(&first).unwrap();
    log.push(first.to_string());
    let second = moves(&played)[0];
    let dir = tempfile::tempdir().unwrap();
    for store in testing::scratch_stores(dir.path()).await {
        let setup = r#"{"level":"major","seed":12,"ends_when_dead":true}"#;
        let stored_at = at("2026-11-30T10:00:00Z").timestamp_millis();
        let row = GameRow {
            created_at: stored_at,
            updated_at: stored_at,
            ..stored_myrmex("m1", setup, GameStatus::Active)
        };
        store.insert_game(&row).await.unwrap();
        let append = log.iter().map(|n| ("alice".to_string(), n.clone())).collect();
        let update = GameUpdate {
            append,
            ..GameUpdate::of(&row, row.updated_at)
        };
        store.commit(&update).await.unwrap();
        let service = without_images(store.clone());
        let next = second.to_string();
        let input = Input::command("solitaire move", &[("action", next.as_str())]);
        let reply = service
            .handle(&request("alice", at("2026-11-30T10:05:00Z"), input))
            .await;
        assert!(
            reply.ok(),
            "the stored game loads and takes a move: {}",
            reply.text
        );
        let game = reply.game.expect("the game");
        assert_eq!(game.status, GameStatus::Active, "{}", reply.text);
        let stored = store.actions("m1").await.unwrap();
        assert_eq!(stored.last().map(|a| a.notation.as_str()), Some(next.as_str()));
    }
}

//! The store's results.

use antics::protocol::{Ending, GameResult};
use antics::store::{PatienceResult, StoredResult};

#[test]
fn results_read_back_as_the_kind_that_was_stored() {
    let won = GameResult {
        outcome: Ending::Win,
        winner: Some("alice".into()),
        detail: "Won".into(),
    };
    let patience = StoredResult::Patience(PatienceResult {
        result: won.clone(),
        score: 104,
        moves: 120,
        undos: 1,
        hints: 2,
        elapsed_ms: 60_000,
    });
    let seated = StoredResult::Seated {
        result: won,
        winner_id: Some("1".into()),
    };
    for stored in [patience, seated] {
        assert_eq!(StoredResult::from_json(&stored.to_json()), Some(stored));
    }
}

#[test]
fn older_rows_still_read() {
    // A patience stored before hints were counted, and a game's result
    // with a null winner id.
    let old = r#"{"outcome":"loss","winner":null,"detail":"No moves left","score":40,"moves":90,"undos":0,"elapsed_ms":1000}"#;
    assert_eq!(StoredResult::from_json(old).unwrap().patience().unwrap().hints, 0);
    let game = r#"{"outcome":"draw","winner":null,"detail":"a draw","winner_id":null}"#;
    let read = StoredResult::from_json(game).unwrap();
    assert_eq!(read.result().outcome, Ending::Draw);
    assert!(read.patience().is_none());
    assert_eq!(StoredResult::from_json("{\"outcome\":\"gone\"}"), None);
}

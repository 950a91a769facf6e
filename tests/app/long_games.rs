//! "A 4,000-move patience makes `/record` take 52 s": the record of a long
//! game carries a replay of a bounded number of positions, an even sample
//! of the game's from the deal to the end.

use crate::common;

use antics::render::MAX_REPLAY_FRAMES;
use common::*;
use serde_json::json;

#[test]
fn a_long_patience_is_replayed_in_a_bounded_number_of_frames() {
    let scratch = Scratch::new();
    let mut session = Session::start(&scratch);
    // A deal that opens with a move.
    let first = (0..)
        .find_map(|seed: u64| {
            let options = json!({"game": "ants", "seed": seed.to_string()});
            let reply = session.send(&command("alice", "c1", "solitaire new", options));
            assert_ok(&reply);
            let legal = reply["game"]["legal"].as_array().expect("legal actions").clone();
            let first = legal
                .iter()
                .filter_map(|a| a.as_str())
                .find(|a| a.starts_with('t'));
            if first.is_none() {
                assert_ok(&session.send(&command("alice", "c1", "solitaire end", json!({}))));
            }
            first.map(str::to_string)
        })
        .expect("a deal with a move");
    // The move and its undo, 150 times each: 301 positions.
    for _ in 0..150 {
        assert_ok(&session.send(&command(
            "alice",
            "c1",
            "solitaire move",
            json!({"action": first}),
        )));
        assert_ok(&session.send(&command("alice", "c1", "solitaire undo", json!({}))));
    }
    assert_ok(&session.send(&command("alice", "c1", "solitaire end", json!({}))));
    let record = session.send(&command("alice", "c1", "record", json!({})));
    assert_ok(&record);
    assert!(record["text"].as_str().unwrap().ends_with("undo end"), "{record}");
    assert_eq!(gif_frames(&record), MAX_REPLAY_FRAMES);
}

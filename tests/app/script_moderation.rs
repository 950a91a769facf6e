//! `/game end`: a member who may manage messages in the channel (a
//! moderator) ends any multiplayer game there, through `antics script`.
//! The game is recorded as ended by a moderator, unrated, the players are
//! told, and the channel is free for a new game; nobody else may do it.

use crate::common;

use common::*;
use serde_json::{json, Value};

fn moderator(mut line: Value) -> Value {
    line["permissions"] = json!(["manage_messages"]);
    line
}

#[test]
fn a_moderator_ends_a_stuck_army_ants_game() {
    let s = Scratch::new();
    let start = s.run(&[
        command(
            "alice",
            "c1",
            "armyants challenge",
            json!({"opponent": "bob", "color": "red"}),
        ),
        command("bob", "c1", "armyants accept", json!({})),
    ]);
    let board = &start[1];
    let legal = board["game"]["legal"][0].as_str().unwrap().to_string();
    let pick = component(board, "pick");
    let out = s.run(&[
        mv("alice", &legal),
        // Carol may not end it: she cannot manage messages here.
        command("carol", "c1", "game end", json!({})),
        // Nor may the players, by this command.
        command("bob", "c1", "game end", json!({})),
        moderator(command("carol", "c1", "game end", json!({}))),
        json!({"user": "bob", "channel": "c1", "component": pick, "values": ["a1"]}),
        command("bob", "c1", "record", json!({})),
        moderator(command("carol", "c1", "game end", json!({}))),
        command("alice", "c1", "armyants challenge", json!({"opponent": "bob"})),
    ]);
    assert_ok(&out[0]);
    assert_refused(&out[1], "not_allowed");
    assert_refused(&out[2], "not_allowed");
    let ended = &out[3];
    assert_ok(ended);
    assert_eq!(ended["ephemeral"], false, "the channel sees it");
    let text = ended["text"].as_str().unwrap();
    assert!(
        text.contains("carol ended this game of **Army Ants** as a moderator"),
        "{text}"
    );
    assert!(text.contains("alice") && text.contains("bob"), "{text}");
    assert!(text.contains("it is not rated"), "{text}");
    assert_eq!(ended["game"]["status"], "finished");
    assert_eq!(ended["game"]["result"]["outcome"], "ended");
    assert_eq!(ended["game"]["result"]["winner"], Value::Null);
    assert!(ended["image"].is_string(), "the board as it stood");
    assert!(
        ended["components"].as_array().unwrap().is_empty(),
        "nothing to click"
    );
    assert_refused(&out[4], "game_over");
    assert!(
        out[5]["text"]
            .as_str()
            .unwrap()
            .contains("[Result \"ended by a moderator, carol\"]"),
        "{}",
        out[5]["text"]
    );
    assert_refused(&out[6], "no_game");
    assert_ok(&out[7]);
}

#[test]
fn a_moderator_ends_an_atta_ants_lobby() {
    let s = Scratch::new();
    let out = s.run(&[
        command("alice", "c1", "atta new", json!({})),
        moderator(command("dave", "c1", "game end", json!({}))),
        command("bob", "c1", "atta new", json!({})),
    ]);
    assert_ok(&out[0]);
    assert_ok(&out[1]);
    let text = out[1]["text"].as_str().unwrap();
    assert!(
        text.contains("ended this game of **Atta Ants** as a moderator"),
        "{text}"
    );
    assert!(text.contains("alice"), "{text}");
    assert_eq!(out[1]["game"]["status"], "finished");
    assert_ok(&out[2]);
}

//! Myrmex ends by itself, played through `antics script` by clicks alone:
//! the player uses only the components the replies show (Deal while the
//! stock lasts, then Hint and the move it names, picked from the board's
//! select), never Undo, and never End.
//!
//! The rulings: "End: when the stock is empty and no move is left the game
//! ends by itself"; and once the stock is spent and every card is face up,
//! "if no further chamber can be completed, the game ends by itself and is
//! scored" (result by chambers: "0 a total loss, 1-5 a partial win, 6 a
//! full victory").

use crate::common;

use common::*;
use serde_json::{json, Value};

/// A larval deal that, dealt out at once and then played by the hints,
/// makes one chamber and, 31 moves in, reaches a position from which no
/// further chamber can be made (the hints win most larval deals played
/// this way: seed 11, used here before, now makes all six).
const SEED: &str = "31";

/// Each line a minute after the last, so that no hint waits on the
/// cooldown.
struct Clock(chrono::DateTime<chrono::FixedOffset>);

impl Clock {
    fn at(&mut self, mut line: Value) -> Value {
        self.0 += chrono::Duration::minutes(1);
        line["at"] = json!(self.0.to_rfc3339());
        line
    }
}

/// Plays `action` by clicks: its option in the board's select, or first
/// the option that narrows to it (a source, or a source and a count).
fn pick(session: &mut Session, clock: &mut Clock, board: &Value, action: &str) -> Value {
    let select = find(board, "pick").unwrap_or_else(|| panic!("a move select on {board}"));
    let options = select["options"].as_array().expect("options");
    let value = |v: &Value| v["value"].as_str().unwrap_or("").to_string();
    let exact = format!("m:{action}");
    if let Some(option) = options.iter().find(|o| value(o) == exact) {
        let mut line = click("alice", "c1", select["id"].as_str().unwrap());
        line["values"] = json!([value(option)]);
        return session.send(&clock.at(line));
    }
    // The longest prefix offered that the action starts with, cut where
    // a person decides (`3`, then `:2`, then `-7`).
    let narrow = options
        .iter()
        .map(value)
        .filter_map(|v| v.strip_prefix("p:").map(str::to_string))
        .filter(|p| action.starts_with(p.as_str()) && action[p.len()..].starts_with([':', '-']))
        .max_by_key(String::len)
        .unwrap_or_else(|| panic!("no option leads to {action}: {select}"));
    let mut line = click("alice", "c1", select["id"].as_str().unwrap());
    line["values"] = json!([format!("p:{narrow}")]);
    let narrowed = session.send(&clock.at(line));
    assert_ok(&narrowed);
    assert_eq!(narrowed["update"], true);
    pick(session, clock, &narrowed, action)
}

#[test]
fn larval_myrmex_played_by_clicks_ends_by_itself() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let mut clock = Clock(chrono::DateTime::parse_from_rfc3339("2026-11-20T12:00:00Z").unwrap());
    let mut board = session.send(&clock.at(command(
        "alice",
        "c1",
        "solitaire new",
        json!({"game": "myrmex", "level": "larval", "seed": SEED}),
    )));
    assert_ok(&board);
    let (mut deals, mut moves) = (0, 0);
    while board["game"]["status"] != "finished" {
        assert!(moves < 200, "the game should end by itself: {board}");
        let reply = if let Some(deal) = find(&board, "deal") {
            deals += 1;
            session.send(&clock.at(click("alice", "c1", deal["id"].as_str().unwrap())))
        } else {
            let hint_button = find(&board, "hint").expect("an open board has Hint");
            let hint = session.send(&clock.at(click("alice", "c1", hint_button["id"].as_str().unwrap())));
            assert_ok(&hint);
            let action = hinted(&hint).unwrap_or_else(|| panic!("the hint names a move: {hint}"));
            assert!(action != "undo" && action != "end", "{hint}");
            moves += 1;
            pick(&mut session, &mut clock, &hint, &action)
        };
        assert_ok(&reply);
        assert_eq!(reply["update"], true, "a click changes the board in place");
        board = reply;
    }
    assert_eq!(deals, 4, "minor and larval: three restocks of 8, then 4");
    assert!(moves > 0);

    // The last click says why the game ended, and it is scored by chambers.
    let text = board["text"].as_str().unwrap();
    let chambers = board["game"]["score"].as_i64().unwrap();
    assert!((1..6).contains(&chambers), "{text}");
    assert!(
        text.contains(
            "No further chamber can be made, so the game ends by itself. **Game over**: Partial win:"
        ),
        "{text}"
    );
    let partial = format!(
        "Partial win: {chambers} chamber{}",
        if chambers == 1 { "" } else { "s" }
    );
    let result = &board["game"]["result"];
    assert_eq!(result["outcome"], "win", "{result}");
    assert!(
        result["detail"].as_str().unwrap().starts_with(&partial),
        "{result}"
    );
    assert!(
        find(&board, "again").is_some(),
        "a finished board offers Play again"
    );

    // A new process replays the stored log to the same end: the record
    // holds the result and the moves, and no `end` (the end was not a
    // stored action).
    let out = s.run(&[clock.at(command("alice", "c1", "record", json!({})))]);
    assert_ok(&out[0]);
    let record = out[0]["text"].as_str().unwrap();
    assert!(record.contains(&format!("[Result \"{partial}")), "{record}");
    assert!(!record.contains("Ends_when_dead"), "{record}");
    let played = record.split("\n\n").nth(1).unwrap_or("");
    assert!(!played.split(' ').any(|a| a == "end" || a == "undo"), "{record}");
    assert_eq!(out[0]["game"]["status"], "finished");
    assert_eq!(out[0]["game"]["score"], chambers);
}

/// While cards are face down the game does not end by itself, but the
/// hint says when nothing visible can be gained and the board offers End.
/// Minor seed 2, dealt out at once: three moves are open, none of them
/// leads to a chamber or a card turned face up.
#[test]
fn with_cards_face_down_the_hint_offers_end_when_nothing_is_left_to_gain() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let mut clock = Clock(chrono::DateTime::parse_from_rfc3339("2026-11-20T12:00:00Z").unwrap());
    let mut board = session.send(&clock.at(command(
        "alice",
        "c1",
        "solitaire new",
        json!({"game": "myrmex", "level": "minor", "seed": "2"}),
    )));
    assert_ok(&board);
    while let Some(deal) = find(&board, "deal") {
        board = session.send(&clock.at(click("alice", "c1", deal["id"].as_str().unwrap())));
        assert_ok(&board);
    }
    assert_eq!(board["game"]["status"], "active", "{board}");
    let legal = board["game"]["legal"].as_array().unwrap();
    assert!(
        legal.iter().any(|a| a.as_str().unwrap().contains('-')),
        "moves are open: {board}"
    );
    let hint_button = find(&board, "hint").unwrap();
    let hint = session.send(&clock.at(click("alice", "c1", hint_button["id"].as_str().unwrap())));
    assert_ok(&hint);
    let text = hint["text"].as_str().unwrap();
    assert!(
        text.contains("no line of moves completes another chamber or turns a face-down card up: nothing is left to gain"),
        "{text}"
    );
    assert!(hinted(&hint).is_none(), "no move is named: {text}");
    // The board offers the End confirmation in place.
    assert_eq!(hint["update"], true);
    let confirm = find(&hint, "endok").unwrap_or_else(|| panic!("End is offered: {hint}"));
    assert!(find(&hint, "back").is_some(), "and a way back to the moves");
    let ended = session.send(&clock.at(click("alice", "c1", confirm["id"].as_str().unwrap())));
    assert_ok(&ended);
    assert_eq!(ended["game"]["status"], "finished");
    assert!(
        ended["text"].as_str().unwrap().contains("ended the game"),
        "{ended}"
    );
}

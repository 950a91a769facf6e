//! Hints count, and cost, through `antics script`.
//!
//! Exploit closed: a hint that only said "lost" or "could not decide" was
//! not counted and left no cooldown behind, so a player could play a move,
//! ask, undo, and learn which moves lose for free, and a win found that way
//! ranked as if no hint was used. Now every hint that answers is logged as a
//! `hint` entry (counted on replay, kept in the result) and starts the
//! cooldown, whatever it says.

use crate::common;

use common::*;
use serde_json::{json, Value};

fn ants(user: &str, variant: &str, seed: u64) -> Value {
    command(
        user,
        "c1",
        "solitaire new",
        json!({"game": "ants", "variant": variant, "seed": seed.to_string()}),
    )
}

fn play(action: &str) -> Value {
    command("alice", "c1", "solitaire move", json!({ "action": action }))
}

fn hint() -> Value {
    command("alice", "c1", "solitaire hint", json!({}))
}

/// Relaxed Ants, seed 3, with its 11 deals dealt: nothing is hidden, and
/// the position is lost. Play, ask, undo, ask again: the "lost" hint counts,
/// the second one within 20 s is refused, and the count reaches the result.
#[test]
fn a_lost_hint_is_counted_and_a_second_within_the_cooldown_is_refused() {
    let s = Scratch::new();
    let mut lines = vec![at(ants("alice", "relaxed", 3), "2026-03-01T10:00:00Z")];
    for _ in 0..11 {
        lines.push(at(play("deal"), "2026-03-01T10:00:01Z"));
    }
    lines.extend([
        at(play("t3-f2"), "2026-03-01T10:00:02Z"),
        at(hint(), "2026-03-01T10:00:03Z"),
        at(play("undo"), "2026-03-01T10:00:04Z"),
        // The loophole: ask again at once about the position before.
        at(hint(), "2026-03-01T10:00:05Z"),
        // After the cooldown a hint is given again, and counted again.
        at(hint(), "2026-03-01T10:00:24Z"),
        at(
            command("alice", "c1", "solitaire end", json!({})),
            "2026-03-01T10:00:30Z",
        ),
        at(
            command("alice", "c1", "record", json!({})),
            "2026-03-01T10:00:31Z",
        ),
    ]);
    let out = s.run(&lines);
    for reply in &out[..=12] {
        assert_ok(reply);
    }
    let lost = &out[13];
    assert_ok(lost);
    assert!(
        text(lost).contains("This position can no longer be won.") && text(lost).ends_with("hints 1."),
        "{lost}"
    );
    assert_ok(&out[14]);
    assert_refused(&out[15], "cooldown");
    assert!(out[15]["error"].as_str().is_some(), "{}", out[15]);
    let again = &out[16];
    assert_ok(again);
    assert!(text(again).ends_with("hints 2."), "{again}");
    // The result keeps both hints, and so does the record.
    let end = &out[17];
    assert_ok(end);
    assert_eq!(end["game"]["status"], "finished");
    assert!(text(end).ends_with("hints 2."), "{end}");
    assert!(text(&out[18]).contains("[Hints \"2\"]"), "{}", out[18]);
}

/// Relaxed Ants, seed 0, after 9 deals: 8 cards are hidden, more ways than
/// a hint searches, and no line wins in any of the 8 it samples. That
/// verdict names no move and is still counted, and it survives a new
/// process (the log is replayed).
#[test]
fn a_sampled_no_win_hint_is_counted_and_kept() {
    let s = Scratch::new();
    let mut lines = vec![at(ants("alice", "relaxed", 0), "2026-03-02T10:00:00Z")];
    for _ in 0..9 {
        lines.push(at(play("deal"), "2026-03-02T10:00:01Z"));
    }
    lines.push(at(hint(), "2026-03-02T10:00:02Z"));
    let out = s.run(&lines);
    let verdict = &out[10];
    assert_ok(verdict);
    assert!(
        text(verdict).contains("No line wins in any of the 8 ways the stock could lie (sampled).")
            && text(verdict).ends_with("hints 1."),
        "{verdict}"
    );
    // Nothing in the hint names a card.
    assert!(!text(verdict).contains("**"), "{verdict}");

    // Another process: the cooldown and the count come back from the log.
    let out = s.run(&[
        at(hint(), "2026-03-02T10:00:10Z"),
        at(
            command("alice", "c1", "solitaire end", json!({})),
            "2026-03-02T10:00:30Z",
        ),
    ]);
    assert_refused(&out[0], "cooldown");
    assert_ok(&out[1]);
    assert!(text(&out[1]).ends_with("hints 1."), "{}", out[1]);
}

/// The Hint button has the cooldown too, and a click refused leaves the
/// count as it was.
#[test]
fn the_hint_button_has_the_cooldown() {
    let s = Scratch::new();
    let out = s.run(&[
        at(ants("alice", "strict", 1), "2026-03-03T10:00:00Z"),
        at(hint(), "2026-03-03T10:00:01Z"),
    ]);
    assert_ok(&out[1]);
    assert!(text(&out[1]).ends_with("hints 1."), "{}", out[1]);
    let button = component(&out[0], "hint");
    let out = s.run(&[
        at(click("alice", "c1", &button), "2026-03-03T10:00:10Z"),
        at(click("alice", "c1", &button), "2026-03-03T10:00:30Z"),
    ]);
    assert_refused(&out[0], "cooldown");
    assert_ok(&out[1]);
    assert!(text(&out[1]).ends_with("hints 2."), "{}", out[1]);
}

/// "Move selects name the cards", and the hint and the move played name
/// them the same way: a Myrmex major deal dealt out (seed 0, something
/// left to gain), then a hint whose move is in notation, as typed, with
/// the cards it moves in the words of that move's option in the board's
/// select; played, the move is told in the same words.
#[test]
fn a_hint_names_the_cards_its_move_moves_as_the_select_does() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let mut board = session.send(&at(
        command(
            "alice",
            "c1",
            "solitaire new",
            json!({"game": "myrmex", "level": "major", "seed": "0"}),
        ),
        "2026-03-03T10:00:00Z",
    ));
    for _ in 0..4 {
        let deal = component(&board, "deal");
        board = session.send(&at(click("alice", "c1", &deal), "2026-03-03T10:00:01Z"));
    }
    let told = session.send(&at(
        click("alice", "c1", &component(&board, "hint")),
        "2026-03-03T10:00:02Z",
    ));
    assert_ok(&told);
    let action = hinted(&told).unwrap_or_else(|| panic!("a move: {told}"));
    let words = text(&told)
        .split_once(&format!("**{action}** ("))
        .and_then(|(_, rest)| rest.split_once("):"))
        .map(|(words, _)| words)
        .unwrap_or_else(|| panic!("the cards, in brackets: {told}"));
    let option = components(&told)
        .iter()
        .filter_map(|c| c["options"].as_array().cloned())
        .flatten()
        .find(|o| o["value"] == format!("m:{action}"))
        .unwrap_or_else(|| panic!("{action} in the select: {told}"));
    let label = option["label"].as_str().expect("a label");
    assert!(label.ends_with(&format!(" · {words}")), "{label} / {words}");
    assert!(
        words.contains(" onto ") || words.contains("empty pile"),
        "{words}"
    );

    // Played from the select, the move is named the same way.
    let select = components(&told)
        .into_iter()
        .find(|c| c["options"].is_array())
        .expect("the move select");
    let mut line = click("alice", "c1", select["id"].as_str().expect("an id"));
    line["values"] = json!([option["value"]]);
    let played = session.send(&at(line, "2026-03-03T10:00:03Z"));
    assert_ok(&played);
    assert!(
        text(&played).starts_with(&format!("alice played **{action}** ({words}).")),
        "{played}"
    );
}

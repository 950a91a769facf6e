//! End to end through `antics script`: the three patiences started, played,
//! undone and ended; one open solitaire per player and channel; others may
//! watch but not touch.

use crate::common;

use common::*;
use serde_json::{json, Value};

fn new(user: &str, options: Value) -> Value {
    command(user, "c1", "solitaire new", options)
}

fn play(user: &str, action: &str) -> Value {
    command(user, "c1", "solitaire move", json!({ "action": action }))
}

/// A deck order Ants Solitaire wins by playing up: Aces start the
/// foundations, then each rank of the four suits arrives together.
fn ants_winning_deal() -> String {
    let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
    ranks
        .iter()
        .flat_map(|r| ["s", "h", "d", "c"].map(|s| format!("{r}{s}")))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn ants_solitaire_is_won_from_a_deck_order() {
    for s in Scratch::each() {
        let mut lines = vec![new("alice", json!({"game": "ants", "deal": ants_winning_deal()}))];
        for round in 0..12 {
            for pile in 1..=4 {
                lines.push(play("alice", &format!("t{pile}-f{pile}")));
            }
            if round < 11 {
                lines.push(play("alice", "deal"));
            }
        }
        let out = s.run(&lines);
        assert_ok(&out[0]);
        // "cards 1-4 start foundations F1..F4, cards 5-8 start tableau piles T1..T4"
        // Any 2 may go on any Ace: "one rank above or below it, any suit".
        let legal = out[0]["game"]["legal"].as_array().unwrap();
        assert_eq!(legal.len(), 17);
        assert!(legal.contains(&json!("t1-f1")) && legal.contains(&json!("t4-f2")));
        assert_eq!(out[0]["game"]["score"], 4);
        for reply in &out {
            assert_ok(reply);
        }
        let last = out.last().unwrap();
        assert_eq!(last["game"]["status"], "finished");
        assert_eq!(last["game"]["result"]["outcome"], "win");
        assert_eq!(last["game"]["result"]["winner"], "alice");
        assert_eq!(last["game"]["score"], 52);
    }
}

#[test]
fn strict_ants_refuses_a_deal_while_a_card_can_move() {
    for s in Scratch::each() {
        let out = s.run(&[
            new("alice", json!({"game": "ants", "deal": ants_winning_deal()})),
            play("alice", "deal"),
            command(
                "bob",
                "c1",
                "solitaire new",
                json!({"game": "ants", "variant": "relaxed", "deal": ants_winning_deal()}),
            ),
            play("bob", "deal"),
        ]);
        // "only when no tableau card can go to a foundation"
        assert_refused(&out[1], "illegal_action");
        assert_ok(&out[3]);
    }
}

#[test]
fn each_patience_starts_plays_undoes_and_ends() {
    for game in ["myrmex", "anthill", "ants"] {
        let s = Scratch::new();
        // Larval Myrmex has every card face up, so its first move flips
        // nothing and can be undone ("a move that turned a card face up ...
        // cannot be undone").
        let options = match game {
            "myrmex" => json!({"game": game, "seed": "12", "level": "larval"}),
            _ => json!({"game": game, "seed": "12"}),
        };
        let start = s.run(&[new("alice", options)]);
        assert_ok(&start[0]);
        let summary = &start[0]["game"];
        assert_eq!(summary["kind"], game);
        assert_eq!(summary["status"], "active");
        assert_eq!(summary["to_move"], "alice");
        assert!(summary["score"].is_number());
        let legal: Vec<String> = summary["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        assert!(legal.contains(&"end".to_string()), "{game}: end is always legal");
        assert!(!legal.contains(&"undo".to_string()));
        let first = legal.iter().find(|a| *a != "deal" && *a != "end").cloned();
        let mut lines = vec![];
        if let Some(first) = &first {
            lines.push(play("alice", first));
        }
        lines.extend([
            command("alice", "c1", "solitaire undo", json!({})),
            play("bob", "end"),
            play("alice", "nonsense-move"),
            new("alice", json!({"game": game})),
            command("alice", "c1", "solitaire end", json!({})),
            play("alice", "end"),
        ]);
        let out = s.run(&lines);
        let out = if first.is_some() {
            assert_ok(&out[0]);
            &out[1..]
        } else {
            &out[..]
        };
        // Undo takes the move back (or is refused when there is nothing to take back).
        if first.is_some() {
            assert_ok(&out[0]);
            assert_eq!(
                out[0]["game"]["legal"], start[0]["game"]["legal"],
                "{game}: undo restores the position"
            );
        }
        assert_refused(&out[1], "no_game");
        assert_refused(&out[2], "bad_notation");
        assert_refused(&out[3], "busy_player");
        assert!(out[3]["text"].as_str().unwrap().contains("/solitaire end"));
        assert_ok(&out[4]);
        assert_eq!(out[4]["game"]["status"], "finished");
        assert!(["win", "loss"].contains(&out[4]["game"]["result"]["outcome"].as_str().unwrap()));
        assert_refused(&out[5], "game_over");
    }
}

#[test]
fn others_can_watch_but_not_touch() {
    for s in Scratch::each() {
        let out = s.run(&[new("alice", json!({"game": "anthill", "seed": "3"}))]);
        let end = component(&out[0], "end");
        // Undo shows once there is something to undo; Deal is there at once.
        let deal = component(&out[0], "deal");
        let out = s.run(&[
            click("bob", "c1", &end),
            click("bob", "c1", &deal),
            click("alice", "c1", &end),
        ]);
        assert_refused(&out[0], "not_a_player");
        assert_refused(&out[1], "not_a_player");
        // End game asks first; the confirmation ends it.
        assert_ok(&out[2]);
        assert_eq!(out[2]["game"]["status"], "active");
        let confirm = component(&out[2], "endok");
        let out = s.run(&[click("bob", "c1", &confirm), click("alice", "c1", &confirm)]);
        assert_refused(&out[0], "not_a_player");
        assert_ok(&out[1]);
        assert_eq!(out[1]["game"]["status"], "finished");
    }
}

#[test]
fn a_seed_deals_the_same_game_in_any_channel() {
    for s in Scratch::each() {
        let out = s.run(&[
            command(
                "alice",
                "c1",
                "solitaire new",
                json!({"game": "myrmex", "seed": "77"}),
            ),
            command(
                "bob",
                "c2",
                "solitaire new",
                json!({"game": "myrmex", "seed": "77"}),
            ),
        ]);
        assert_eq!(out[0]["game"]["legal"], out[1]["game"]["legal"]);
        assert_eq!(out[0]["game"]["legal"].as_array().unwrap().last().unwrap(), "end");
    }
}

#[test]
fn bad_options_are_refused_clearly() {
    for s in Scratch::each() {
        let out = s.run(&[
            new("alice", json!({"game": "chess"})),
            new("alice", json!({"game": "myrmex", "closed": "true"})),
            new("alice", json!({"game": "anthill", "deal": "As Ks"})),
            new("alice", json!({"game": "anthill", "level": "major"})),
            new("alice", json!({})),
        ]);
        for reply in &out {
            assert_refused(reply, "bad_option");
        }
    }
}

#[test]
fn myrmex_moves_onto_an_empty_pile_are_logged_with_their_count() {
    // Play until an empty pile appears is long; instead check that every
    // legal move the game lists is accepted as written, a few in a row.
    for s in Scratch::each() {
        let mut reply = s.run(&[new(
            "alice",
            json!({"game": "myrmex", "level": "larval", "seed": "4"}),
        )])[0]
            .clone();
        for _ in 0..6 {
            let legal = reply["game"]["legal"].as_array().unwrap().clone();
            let Some(action) = legal.iter().map(|v| v.as_str().unwrap()).find(|a| *a != "end") else {
                break;
            };
            reply = s.run(&[play("alice", action)])[0].clone();
            assert_ok(&reply);
        }
    }
}

#[test]
fn the_seed_stays_secret_until_the_game_is_over() {
    for s in Scratch::each() {
        let out = s.run(&[
            new("alice", json!({"game": "myrmex", "seed": "4242"})),
            command("alice", "c1", "record", json!({})),
            play("alice", "deal"),
            play("alice", "end"),
            command("alice", "c1", "record", json!({})),
        ]);
        // The seed determines the stock and the face-down cards.
        for reply in &out[..3] {
            assert_ok(reply);
            assert!(!reply["text"].as_str().unwrap().contains("4242"), "{reply}");
        }
        assert!(out[1]["text"].as_str().unwrap().contains("in progress"));
        assert!(out[3]["text"].as_str().unwrap().contains("seed 4242"));
        let record = out[4]["text"].as_str().unwrap();
        assert!(record.contains("[Seed \"4242\"]"), "{record}");
        assert!(record.ends_with("deal end"), "{record}");
        // Like the seed, the replay comes once the game is over: the deal,
        // and the positions after `deal` and `end`.
        assert_eq!(out[1]["image"], Value::Null);
        assert_eq!(gif_frames(&out[4]), 3);
    }
}

#[test]
fn hints_are_given_counted_and_kept() {
    let s = Scratch::new();
    let out = s.run(&[
        // Seed 1 is won in every way its stock could lie that a hint
        // samples (the deck order that wins by playing up is won only
        // with its own stock, which a hint does not read).
        at(
            new("alice", json!({"game": "ants", "seed": "1"})),
            "2026-01-01T12:00:00Z",
        ),
        at(
            command("alice", "c1", "solitaire hint", json!({})),
            "2026-01-01T12:00:01Z",
        ),
        at(
            command("alice", "c1", "solitaire hint", json!({})),
            "2026-01-01T12:00:05Z",
        ),
        at(
            command("bob", "c1", "solitaire hint", json!({})),
            "2026-01-01T12:00:06Z",
        ),
    ]);
    assert_ok(&out[0]);
    let hint = &out[1];
    assert_ok(hint);
    let text = hint["text"].as_str().unwrap();
    assert!(
        text.contains("asked for a hint") && text.contains("ways the stock could lie (sampled)"),
        "{text}"
    );
    assert!(text.ends_with("hints 1."), "{text}");
    let action = hinted(hint).unwrap_or_else(|| panic!("no hinted move in {hint}"));
    let legal = hint["game"]["legal"].as_array().unwrap();
    assert!(legal.contains(&json!(action)), "{action} in {legal:?}");
    // A hint does not play the move.
    assert!(text.contains("moves 0"), "{text}");
    assert_refused(&out[2], "cooldown");
    assert_refused(&out[3], "no_game");
    // A typed hint answers in words alone; the board keeps the button.
    let button = component(&out[0], "hint");

    // Play the hinted move, then use the button after the cooldown.
    let out = s.run(&[
        at(play("alice", &action), "2026-01-01T12:00:10Z"),
        at(click("alice", "c1", &button), "2026-01-01T12:00:40Z"),
    ]);
    assert_ok(&out[0]);
    assert_ok(&out[1]);
    assert!(
        out[1]["text"].as_str().unwrap().ends_with("hints 2."),
        "{}",
        out[1]["text"]
    );

    // A new process replays the log: the hints are counted, not played.
    let out = s.run(&[
        at(
            command("alice", "c1", "solitaire end", json!({})),
            "2026-01-01T12:01:00Z",
        ),
        at(
            command("alice", "c1", "record", json!({})),
            "2026-01-01T12:01:01Z",
        ),
    ]);
    assert_ok(&out[0]);
    let text = out[0]["text"].as_str().unwrap();
    // One move played; `end` is not a move.
    assert!(text.contains("moves 1,") && text.ends_with("hints 2."), "{text}");
    let record = out[1]["text"].as_str().unwrap();
    assert!(record.contains("[Hints \"2\"]"), "{record}");
    assert!(!record.contains(" hint"), "hints are not moves: {record}");
}

/// `antics play` at the terminal: a patience with `hint`, `rules` and a move.
#[test]
fn a_patience_at_the_terminal_takes_hints_and_shows_the_rules() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let s = Scratch::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_antics"))
        .args(["play", "--game", "ants", "--seed", "1", "--out"])
        .arg(s.images())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "rules\nhint\nt9-f9\nquit").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Ants Solitaire\nA patience"), "{text}");
    // Seed 1 is won by the solver (data/solve) and so are most ways its
    // stock could lie: the hint names a move and says in how many it wins.
    assert!(text.contains("ways the stock could lie"), "{text}");
    assert!(text.contains("hints 1"), "{text}");
    assert!(text.contains("t9-f9"), "{text}");
}

/// "Hints never lead back to a position already played in this game":
/// hints followed move by move, at several seeds and levels, never repeat a
/// position (checked by replaying the moves through the rules module).
#[test]
fn following_hints_never_repeats_a_position() {
    use antics::ai::solver::hint::Hinted;
    use antics::rules::cards::MyrmexLevel;
    use antics::rules::myrmex::{self, Myrmex};
    use antics::rules::patience::Patience;
    use std::collections::HashSet;

    let s = Scratch::new();
    let mut session = Session::start(&s);
    let mut clock = chrono::DateTime::parse_from_rfc3339("2026-11-20T00:00:00Z").unwrap();
    let mut at = |mut line: Value| {
        // One hint per 20 s: each line a minute later.
        clock += chrono::Duration::minutes(1);
        line["at"] = json!(clock.to_rfc3339());
        line
    };
    for (seed, level, name) in [
        (3, MyrmexLevel::Minor, "minor"),
        (5, MyrmexLevel::Minor, "minor"),
        (3, MyrmexLevel::Larval, "larval"),
    ] {
        let start = session.send(&at(new(
            "alice",
            json!({"game": "myrmex", "level": name, "seed": seed.to_string()}),
        )));
        assert_ok(&start);
        let mut game = Myrmex::new(&myrmex::Setup {
            level,
            closed: false,
            seed: Some(seed),
            deal: None,
            ends_when_dead: true,
        })
        .unwrap();
        let mut seen = HashSet::from([game.table()]);
        let mut followed = 0;
        while followed < 150 && game.outcome().is_none() {
            let hint = session.send(&at(command("alice", "c1", "solitaire hint", json!({}))));
            assert_ok(&hint);
            let text = hint["text"].as_str().unwrap().to_string();
            // Every hint is counted, whether it names a move or not.
            assert!(text.contains(&format!("hints {}.", followed + 1)), "{text}");
            let Some(action) = text.split("**").nth(1) else {
                break;
            };
            let played = session.send(&at(play("alice", action)));
            assert_ok(&played);
            game.apply(&action.parse().unwrap()).unwrap();
            assert!(
                seen.insert(game.table()),
                "{name} seed {seed}: move {followed} ({action}) repeats a position"
            );
            followed += 1;
        }
        assert!(
            followed >= 20,
            "{name} seed {seed}: only {followed} hints followed"
        );
        match game.outcome() {
            None => {
                let end = session.send(&at(command("alice", "c1", "solitaire end", json!({}))));
                assert_ok(&end);
            }
            // Following hints can end the game by itself ("when the stock
            // is empty and no move is left"): then it is over, and nothing
            // more is asked.
            Some(_) => assert!(game.legal_actions().is_empty(), "{name} seed {seed}"),
        }
    }
}

/// Every file under `dir`, depth first.
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        match path.is_dir() {
            true => files.extend(files_under(&path)),
            false => files.push(path),
        }
    }
    files
}

/// Runs `antics script` with no flags on `lines`, in a system temporary
/// folder of its own, and returns the replies.
fn script_without_flags(tmp: &std::path::Path, lines: &[Value]) -> Vec<Value> {
    let mut script = std::process::Command::new(env!("CARGO_BIN_EXE_antics"));
    script.arg("script").env("TMPDIR", tmp);
    let raw: Vec<Vec<u8>> = lines.iter().map(|l| l.to_string().into_bytes()).collect();
    script_run(script, &raw)
}

/// DESIGN.md: `--db PATH` (default: a fresh temporary database). That
/// database is the script's alone: it goes when the script ends, and only
/// the images its replies named are left behind.
#[test]
fn a_script_without_flags_leaves_only_the_images_it_named() {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let replies = script_without_flags(tmp.path(), &[new("alice", json!({"game": "ants"}))]);
    assert_ok(&replies[0]);
    let image = std::path::PathBuf::from(replies[0]["image"].as_str().expect("a board image"));
    assert_eq!(files_under(tmp.path()), vec![image]);

    // A script that drew nothing leaves nothing.
    let empty = tempfile::tempdir().expect("a temporary folder");
    let replies = script_without_flags(empty.path(), &[command("alice", "c1", "help", json!({}))]);
    assert_ok(&replies[0]);
    assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
}

//! End to end through `antics script`: an Atta Ants lobby filled and
//! started, a whole game played to its result, refusals with their codes,
//! spider buttons, timeouts and lobby expiry.

use crate::common;

use antics::rules::atta_ants::{Action, AttaAnts, Colour, Setup, Status};
use common::*;
use serde_json::{json, Value};

const PLAYERS: [&str; 3] = ["alice", "bob", "carol"];

fn atta(user: &str, sub: &str, options: Value) -> Value {
    let mut line = command(user, "c1", &format!("atta {sub}"), options);
    line["at"] = json!("2026-01-01T12:00:00Z");
    line
}

fn lobby(seed: u64) -> Vec<Value> {
    vec![
        atta("alice", "new", json!({"seed": seed.to_string()})),
        atta("bob", "join", json!({})),
        atta("carol", "join", json!({})),
        atta("alice", "start", json!({})),
    ]
}

/// A whole game by a simple policy (the first legal action each time),
/// computed with the rules library: the seats and their actions.
fn planned_game(seed: u64) -> (Vec<(Colour, Action)>, AttaAnts) {
    let mut game = AttaAnts::new(&Setup {
        players: 3,
        seed,
        deal: None,
    })
    .unwrap();
    let mut plan = Vec::new();
    while let Status::ToMove(seat) = game.status() {
        let action = game.legal_actions()[0].clone();
        game.apply(seat, &action).unwrap();
        plan.push((seat, action));
    }
    (plan, game)
}

#[test]
fn a_lobby_filled_started_and_played_to_its_end() {
    // A seed whose game is short, so the test stays quick.
    let (seed, plan, end) = (1..200)
        .map(|seed| {
            let (plan, end) = planned_game(seed);
            (seed, plan, end)
        })
        .find(|(_, plan, _)| plan.len() <= 40)
        .expect("a short game among the seeds");
    let mut lines = lobby(seed);
    for (seat, action) in &plan {
        let user = PLAYERS[seat.index()];
        lines.push(atta(user, "move", json!({ "action": action.to_string() })));
    }
    lines.push(atta("bob", "move", json!({"action": "end"})));
    lines.push(command("carol", "c1", "record", json!({})));
    let s = Scratch::new();
    // Mid-game the record keeps the seed to itself: it would give away the deck.
    let mut with_record = lines.clone();
    with_record.insert(6, command("carol", "c1", "record", json!({})));
    let mut out = s.run(&with_record);
    let early = out.remove(6);
    assert_ok(&early);
    let early_text = early["text"].as_str().unwrap();
    assert!(
        early_text.contains("in progress") && !early_text.contains("Seed"),
        "{early_text}"
    );
    for reply in &out[..out.len() - 2] {
        assert_ok(reply);
    }
    // The lobby: pending, nobody to move, Join and Start buttons.
    assert_eq!(out[0]["game"]["kind"], "atta-ants");
    assert_eq!(out[0]["game"]["status"], "pending");
    assert_eq!(out[0]["game"]["to_move"], Value::Null);
    component(&out[0], "join");
    component(&out[0], "start");
    assert!(
        out[2]["text"].as_str().unwrap().contains("Orange"),
        "seats take colours in order"
    );
    // Started: the first player places the first card.
    let started = &out[3]["game"];
    assert_eq!(started["status"], "active");
    let first = AttaAnts::new(&Setup {
        players: 3,
        seed,
        deal: None,
    })
    .unwrap()
    .first();
    assert_eq!(started["to_move"], PLAYERS[first.index()]);
    assert!(started["legal"][0].as_str().unwrap().starts_with("place "));
    assert_eq!(started["score"], Value::Null);
    assert!(out[3]["image"].as_str().unwrap().ends_with(".png"));
    // The end, as the rules computed it.
    let last = &out[lines.len() - 3]["game"];
    assert_eq!(last["status"], "finished");
    assert_eq!(last["legal"], json!([]));
    let outcome = end.outcome().unwrap();
    let winner = outcome.winner().map(|c| PLAYERS[c.index()]);
    assert_eq!(last["result"]["winner"], json!(winner));
    assert!(last["result"]["detail"].as_str().unwrap().contains("Ranking: 1."));
    assert_refused(&out[lines.len() - 2], "game_over");
    let record = out[lines.len() - 1]["text"].as_str().unwrap();
    assert!(record.contains("[Game \"Atta Ants\"]"), "{record}");
    assert!(record.contains(&format!("[Seed \"{seed}\"]")), "{record}");
    assert!(record.contains(&plan[0].1.to_string()), "{record}");
    // The finished game's record carries its replay: one frame per
    // position, the start and after every action.
    assert_eq!(gif_frames(&out[lines.len() - 1]), plan.len() + 1);
    // Mid-game, no replay.
    assert_eq!(early["image"], Value::Null);
}

#[test]
fn refusals_carry_their_codes() {
    let s = Scratch::new();
    let out = s.run(&[
        atta("alice", "new", json!({"seed": "7"})),
        atta("bob", "start", json!({})),
        atta("alice", "start", json!({})),
        atta("bob", "new", json!({})),
        atta("bob", "join", json!({})),
        atta("bob", "join", json!({})),
        atta("alice", "start", json!({})),
        atta("bob", "join", json!({})),
        atta("erin", "move", json!({"action": "end"})),
        atta("alice", "move", json!({"action": "r1 q"})),
        atta("alice", "new", json!({"deal": "Q Q"})),
        atta("alice", "move", json!({"action": "place 5,5 r0"})),
        atta("bob", "move", json!({"action": "place 5,5 r0"})),
        atta("alice", "move", json!({"action": "end"})),
        atta("alice", "fly", json!({})),
    ]);
    assert_ok(&out[0]);
    assert_refused(&out[1], "not_a_player"); // only the host starts
    assert_refused(&out[2], "illegal_action"); // alone
    assert_refused(&out[3], "busy_channel");
    assert_ok(&out[4]);
    assert_refused(&out[5], "illegal_action"); // already in
    assert_ok(&out[6]);
    assert_refused(&out[7], "illegal_action"); // started
    assert_refused(&out[8], "not_a_player");
    assert_refused(&out[9], "bad_notation");
    assert_refused(&out[10], "bad_option");
    let to_move = out[6]["game"]["to_move"].as_str().unwrap().to_string();
    let (mover, other) = if to_move == "alice" { (11, 12) } else { (12, 11) };
    assert_refused(&out[mover], "illegal_action");
    assert_refused(&out[other], "not_your_turn");
    let _ = &out[13];
    assert_refused(&out[14], "unknown_command");
}

#[test]
fn the_join_button_ending_and_leaving() {
    let s = Scratch::new();
    let first = s.run(&[atta("alice", "new", json!({"seed": "11"}))]);
    let join = component(&first[0], "join");
    let mut click_bob = click("bob", "c1", &join);
    click_bob["at"] = json!("2026-01-01T12:00:00Z");
    let joined = s.run(&[click_bob]);
    assert_ok(&joined[0]);
    // Start carries the lobby's version: the board after the join.
    let start = component(&joined[0], "start");
    assert_ne!(start, component(&first[0], "start"));
    let mut click_start_bob = click("bob", "c1", &start);
    click_start_bob["at"] = json!("2026-01-01T12:00:00Z");
    let mut click_start = click("alice", "c1", &start);
    click_start["at"] = json!("2026-01-01T12:00:00Z");
    let out = s.run(&[click_start_bob, click_start]);
    assert_refused(&out[0], "not_a_player");
    assert_ok(&out[1]);
    let game = &out[1]["game"];
    let mover = game["to_move"].as_str().unwrap().to_string();
    let place = game["legal"][0].as_str().unwrap().to_string();
    let out = s.run(&[
        atta(&mover, "place", json!({})),
        atta(&mover, "place", json!({"action": place})),
    ]);
    assert_ok(&out[0]);
    assert!(out[0]["text"].as_str().unwrap().contains(&place));
    assert_ok(&out[1]);
    // In its first turn a player's ants must leave the nest: the board has
    // no End turn, and a typed end is refused.
    let ids: Vec<&str> = out[1]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(!ids.iter().any(|id| is_verb(id, "end")), "{ids:?}");
    let mut press = atta(&mover, "end", json!({}));
    press["at"] = json!("2026-01-01T12:01:00Z");
    let other = if mover == "alice" { "bob" } else { "alice" };
    let out = s.run(&[press, atta(other, "leave", json!({}))]);
    assert_refused(&out[0], "illegal_action");
    assert!(out[0]["text"].as_str().unwrap().contains("must leave the nest"));
    // One of two players leaves: the other is the only one with ants left.
    assert_ok(&out[1]);
    assert_eq!(out[1]["game"]["status"], "finished");
    assert_eq!(out[1]["game"]["result"]["winner"], mover);
}

#[test]
fn a_player_who_times_out_is_out_and_lobbies_expire() {
    let s = Scratch::new();
    let mut lines = lobby(3);
    lines.push(json!({"tick": true, "at": "2026-01-02T12:00:01Z"}));
    lines.push(json!({"user": "dave", "channel": "c2", "command": "atta new", "options": {}, "at": "2026-01-02T12:00:02Z"}));
    lines.push(json!({"tick": true, "at": "2026-01-02T12:20:00Z"}));
    let out = s.run(&lines);
    let mover = out[3]["game"]["to_move"].as_str().unwrap().to_string();
    let posts = out[4]["posts"].as_array().unwrap();
    assert_eq!(posts.len(), 1, "{}", out[4]);
    let notice = posts[0]["text"].as_str().unwrap();
    assert!(
        notice.contains(&mover) && notice.contains("is out of the game"),
        "{notice}"
    );
    assert_ok(&out[5]);
    let posts = out[6]["posts"].as_array().unwrap();
    assert!(
        posts
            .iter()
            .any(|p| p["text"].as_str().unwrap().contains("lobby expired")),
        "{}",
        out[6]
    );
}

/// A timeout passes the turn on: the player the game then waits for gets
/// their turn alert, as after any other player's action.
#[test]
fn a_timeout_alerts_the_next_player() {
    let s = Scratch::new();
    let mut lines: Vec<Value> = ["alice", "bob", "carol"]
        .iter()
        .map(|user| json!({"user": user, "channel": "c1", "command": "alerts", "options": {"turns": "on"}, "at": "2026-01-01T11:59:00Z"}))
        .collect();
    lines.extend(lobby(3));
    lines.push(json!({"tick": true, "at": "2026-01-02T12:00:01Z"}));
    let out = s.run(&lines);
    let mover = out[6]["game"]["to_move"].as_str().unwrap().to_string();
    let posts = out[7]["posts"].as_array().unwrap();
    assert_eq!(posts.len(), 2, "{}", out[7]);
    let board = &posts[0];
    assert!(board["dm"].is_null(), "{board}");
    assert!(board["text"].as_str().unwrap().contains("is out of the game"));
    let alert = &posts[1];
    let next = alert["dm"].as_str().expect("a DM");
    assert_ne!(next, mover);
    let text = alert["text"].as_str().unwrap();
    assert!(
        text.starts_with(&format!(
            "{mover} ran out of time: your move in the Atta Ants game"
        )),
        "{text}"
    );
}

/// `antics play --game atta-ants`: hot seat at a terminal, through the same
/// service.
#[test]
fn hot_seat_at_the_terminal() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let first = AttaAnts::new(&Setup {
        players: 2,
        seed: 4,
        deal: None,
    })
    .unwrap()
    .legal_actions()[0]
        .to_string();
    let s = Scratch::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_antics"))
        .args([
            "play",
            "--game",
            "atta-ants",
            "--players",
            "2",
            "--seed",
            "4",
            "--out",
        ])
        .arg(s.images())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "legal\nplace 9,9 r0\n{first}\nquit").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains(&first), "{text}");
    assert!(text.contains("9,9 is not next to a card"), "{text}");
    assert!(text.contains(&format!("(Red) played {first}")), "{text}");
    assert!(s.images().join("0002.png").exists());
}

/// "Where more than one target or first step is equally good, the first
/// player of the round chooses": the choice comes as buttons for that player.
#[test]
fn spider_choices_are_buttons_for_the_first_player() {
    use antics::rules::atta_ants::Phase;
    // A seed whose simple playout meets a spider choice.
    let (seed, plan, chooser) = (1..500)
        .find_map(|seed| {
            let mut game = AttaAnts::new(&Setup {
                players: 3,
                seed,
                deal: None,
            })
            .unwrap();
            let mut plan = Vec::new();
            while let Status::ToMove(seat) = game.status() {
                if matches!(game.phase(), Phase::Spider { .. }) {
                    return Some((seed, plan, seat));
                }
                let action = game.legal_actions()[0].clone();
                game.apply(seat, &action).unwrap();
                plan.push((seat, action));
            }
            None
        })
        .expect("a spider choice among the seeds");
    let mut lines = lobby(seed);
    for (seat, action) in &plan {
        lines.push(atta(
            PLAYERS[seat.index()],
            "move",
            json!({ "action": action.to_string() }),
        ));
    }
    let s = Scratch::new();
    let out = s.run(&lines);
    let last = out.last().unwrap();
    assert_ok(last);
    assert_eq!(last["game"]["to_move"], PLAYERS[chooser.index()]);
    let buttons: Vec<String> = last["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_string())
        .filter(|id| id.contains(":spider-"))
        .collect();
    assert!(buttons.len() >= 2, "{last}");
    let legal: Vec<String> = last["game"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert!(legal.iter().all(|a| a.starts_with("spider ")), "{legal:?}");
    let someone_else = PLAYERS.iter().find(|p| **p != PLAYERS[chooser.index()]).unwrap();
    let mut wrong = click(someone_else, "c1", &buttons[0]);
    wrong["at"] = json!("2026-01-01T12:05:00Z");
    let mut right = click(PLAYERS[chooser.index()], "c1", &buttons[0]);
    right["at"] = json!("2026-01-01T12:05:00Z");
    let out = s.run(&[wrong, right]);
    assert_refused(&out[0], "not_your_turn");
    assert_ok(&out[1]);
    assert!(
        out[1]["text"].as_str().unwrap().contains("played **spider "),
        "{}",
        out[1]
    );
}

/// A lobby is a lobby: a channel it holds says so; a chosen seed or deck
/// order is announced to those who join.
#[test]
fn a_lobby_is_called_a_lobby_and_a_chosen_deck_is_announced() {
    for s in Scratch::each() {
        let out = s.run(&[
            atta("alice", "new", json!({"seed": "5"})),
            {
                let mut line = command("bob", "c1", "armyants challenge", json!({"opponent": "carol"}));
                line["at"] = json!("2026-01-01T12:00:00Z");
                line
            },
            atta("bob", "join", json!({})),
        ]);
        assert_ok(&out[0]);
        for reply in [&out[0], &out[2]] {
            let text = reply["text"].as_str().unwrap();
            assert!(text.contains("alice chose the seed or the deck order"), "{text}");
        }
        assert_refused(&out[1], "busy_channel");
        let busy = out[1]["text"].as_str().unwrap();
        assert!(busy.contains("an Atta Ants lobby is open"), "{busy}");
        assert!(!busy.contains("challenge"), "{busy}");
    }
}

/// A lobby's record names who has joined, in their colours, and keeps the
/// seed to itself.
#[test]
fn a_lobby_record_names_its_seats() {
    let mut lines = lobby(7);
    lines.truncate(2);
    lines.push(command("carol", "c1", "record", json!({})));
    let out = Scratch::new().run(&lines);
    let record = out[2]["text"].as_str().unwrap();
    for tag in [
        "[Red \"alice\"]",
        "[Yellow \"bob\"]",
        "[Result \"waiting for players\"]",
    ] {
        assert!(record.contains(tag), "{record}");
    }
    assert!(!record.contains("Seed"), "{record}");
}

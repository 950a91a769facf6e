//! End to end through `antics script`: Army Ants from challenge to result,
//! the refusals and their codes, expiry, deployments, restarts.

use crate::common;

use common::*;
use serde_json::{json, Value};

/// Red's 5 on a1 faces a Black 3 on a5 with the Black Queen behind it on a8;
/// Black's 9 on e8 could take the Red Queen on e1.
const DUEL: &str =
    "bQ......b9/........../........../b3......../........../........../........../r5......rQ r battle";

fn challenge_position(position: &str) -> Value {
    command(
        "alice",
        "c1",
        "armyants challenge",
        json!({"opponent": "bob", "color": "red", "position": position}),
    )
}

#[test]
fn a_whole_game_from_challenge_to_queen_capture() {
    for s in Scratch::each() {
        let out = s.run(&[
            challenge_position(DUEL),
            command("bob", "c1", "armyants accept", json!({})),
            mv("alice", "a1xa5"),
            mv("bob", "e8-d8"),
            mv("alice", "a5xa8"),
            command("alice", "c1", "record", json!({})),
        ]);
        for reply in &out {
            assert_ok(reply);
        }
        assert_eq!(out[0]["game"]["status"], "pending");
        assert_eq!(out[0]["game"]["to_move"], Value::Null);
        assert!(
            out[0]["text"].as_str().unwrap().contains("bob"),
            "the challenge names the opponent"
        );
        assert_eq!(out[1]["game"]["status"], "active");
        assert_eq!(out[1]["game"]["to_move"], "alice");
        assert!(out[1]["image"].as_str().unwrap().ends_with(".png"));
        // "Move your attacking card onto any enemy card of equal or lesser value."
        assert!(out[2]["game"]["position"].as_str().unwrap().contains("r5"));
        assert_eq!(out[2]["game"]["to_move"], "bob");
        // Black could have taken the Red Queen: any non-Queen card may attack her.
        assert!(out[2]["game"]["legal"]
            .as_array()
            .unwrap()
            .contains(&json!("e8xe1")));
        let end = &out[4]["game"];
        assert_eq!(end["status"], "finished");
        assert_eq!(end["result"]["outcome"], "win");
        assert_eq!(end["result"]["winner"], "alice");
        assert_eq!(end["legal"], json!([]));
        assert_eq!(end["to_move"], Value::Null);
        let record = out[5]["text"].as_str().unwrap();
        assert!(record.contains("1. a1xa5 e8-d8 2. a5xa8"), "{record}");
        assert!(
            record.contains(DUEL),
            "the record names the start position: {record}"
        );
        // Every reply with an image points to a real PNG; the record of the
        // finished game to its replay, one frame per position.
        for reply in &out[..5] {
            if let Some(path) = reply["image"].as_str() {
                let bytes = std::fs::read(path).expect("image written");
                assert_eq!(&bytes[1..4], b"PNG");
            }
        }
        assert_eq!(gif_frames(&out[5]), 4);
    }
}

#[test]
fn the_record_of_a_finished_game_carries_its_replay_with_every_position() {
    for s in Scratch::each() {
        // One process for the whole game.
        let mut s = Session::start(&s);
        let out = s.run(&[
            command(
                "alice",
                "c1",
                "armyants challenge",
                json!({"opponent": "bob", "color": "red", "deployment": "minor", "seed": "11"}),
            ),
            command("bob", "c1", "armyants accept", json!({})),
        ]);
        let deploy = component(&out[1], "deploy");
        // The minor deployment: each side places its four rows in private.
        let mut actions = 0;
        let mut game = Value::Null;
        for _row in 0..4 {
            let hands = s.run(&[click("alice", "c1", &deploy), click("bob", "c1", &deploy)]);
            let placed = s.run(&[
                mv("alice", &format!("deploy {}", hand(&hands[0]))),
                mv("bob", &format!("deploy {}", hand(&hands[1]))),
            ]);
            actions += 2;
            game = placed[1]["game"].clone();
        }
        assert_eq!(game["status"], "active", "{game}");
        // Twelve moves, the first legal one each time, then a resignation.
        for _ in 0..12 {
            let player = game["to_move"].as_str().unwrap().to_string();
            let action = game["legal"][0].as_str().unwrap().to_string();
            let reply = s.run(&[mv(&player, &action)]).remove(0);
            assert_ok(&reply);
            actions += 1;
            game = reply["game"].clone();
        }
        let during = s.run(&[command("carol", "c1", "record", json!({}))]).remove(0);
        assert_ok(&during);
        assert_eq!(during["image"], Value::Null, "no replay while the game goes on");
        let player = game["to_move"].as_str().unwrap().to_string();
        let end = s.run(&[
            command(&player, "c1", "armyants resign", json!({})),
            command("carol", "c1", "record", json!({})),
        ]);
        actions += 1;
        assert_eq!(end[0]["game"]["status"], "finished");
        assert_ok(&end[1]);
        // The start, and the position after each of the game's actions.
        assert_eq!(gif_frames(&end[1]), 1 + actions);
    }
}

#[test]
fn refusals_have_stable_codes_and_change_nothing() {
    for s in Scratch::each() {
        let out = s.run(&[
            command(
                "alice",
                "c1",
                "armyants challenge",
                json!({"opponent": "bob", "color": "red", "seed": "11"}),
            ),
            command("carol", "c1", "armyants accept", json!({})),
            command("alice", "c1", "armyants accept", json!({})),
            command("bob", "c1", "armyants accept", json!({})),
            mv("bob", "a5-a4"),
            mv("carol", "a1=a2"),
            mv("alice", "hello"),
            mv("alice", "a1xa8"),
            command("carol", "c1", "armyants challenge", json!({"opponent": "dave"})),
            command(
                "alice",
                "c1",
                "armyants challenge",
                json!({"opponent": "bob", "color": "green"}),
            ),
            command("alice", "c2", "armyants move", json!({"action": "a1=a2"})),
            command("alice", "c2", "armyants challenge", json!({"opponent": "alice"})),
            command("alice", "c1", "armyants resign", json!({})),
            mv("bob", "a8=b8"),
        ]);
        assert_ok(&out[0]);
        assert_refused(&out[1], "not_a_player");
        assert_refused(&out[2], "not_a_player");
        assert_ok(&out[3]);
        let position = out[3]["game"]["position"].clone();
        assert_refused(&out[4], "not_your_turn");
        assert_refused(&out[5], "not_a_player");
        assert_refused(&out[6], "bad_notation");
        // "No Attack! during the rally phase."
        assert_refused(&out[7], "illegal_action");
        for reply in &out[4..8] {
            assert_eq!(
                reply["game"]["position"], position,
                "a refusal leaves the game as it was"
            );
        }
        assert_refused(&out[8], "busy_channel");
        assert_refused(&out[9], "bad_option");
        assert_refused(&out[10], "no_game");
        assert_refused(&out[11], "bad_option");
        assert_ok(&out[12]);
        assert_eq!(out[12]["game"]["result"]["winner"], "bob");
        assert_refused(&out[13], "game_over");
    }
}

#[test]
fn a_game_survives_the_process_exiting() {
    for s in Scratch::each() {
        let first = s.run(&[
            command(
                "alice",
                "c1",
                "armyants challenge",
                json!({"opponent": "bob", "color": "red", "seed": "3"}),
            ),
            command("bob", "c1", "armyants accept", json!({})),
        ]);
        let legal = first[1]["game"]["legal"].as_array().unwrap();
        let red_move = legal[0].as_str().unwrap().to_string();
        let second = s.run(&[mv("alice", &red_move)]);
        assert_ok(&second[0]);
        assert_eq!(second[0]["game"]["to_move"], "bob");
        let after = second[0]["game"]["position"].clone();
        let black_move = second[0]["game"]["legal"][0].as_str().unwrap().to_string();
        let third = s.run(&[command("bob", "c1", "record", json!({})), mv("bob", &black_move)]);
        assert_eq!(
            third[0]["game"]["position"], after,
            "replay rebuilds the same position"
        );
        assert!(third[0]["text"].as_str().unwrap().contains(&red_move));
        assert_ok(&third[1]);
        assert_eq!(third[1]["game"]["to_move"], "alice");
    }
}

#[test]
fn a_challenge_expires_and_frees_the_channel() {
    for s in Scratch::each() {
        let out = s.run(&[
            json!({"user": "alice", "channel": "c1", "command": "armyants challenge",
               "options": {"opponent": "bob"}, "at": "2026-03-01T10:00:00Z"}),
            json!({"tick": true, "at": "2026-03-01T10:14:00Z"}),
            json!({"tick": true, "at": "2026-03-01T10:16:00Z"}),
            command("bob", "c1", "armyants accept", json!({})),
            command("carol", "c1", "armyants challenge", json!({"opponent": "dave"})),
        ]);
        assert_ok(&out[0]);
        assert_eq!(out[1]["posts"], json!([]), "not yet expired");
        let posts = out[2]["posts"].as_array().unwrap();
        assert_eq!(posts.len(), 1);
        assert_eq!(posts[0]["channel"], "c1");
        assert!(posts[0]["text"].as_str().unwrap().contains("expired"));
        assert_refused(&out[3], "expired");
        assert_ok(&out[4]);
    }
}

#[test]
fn an_expired_challenge_is_announced_on_the_next_line() {
    for s in Scratch::each() {
        let out = s.run(&[
        json!({"user": "alice", "channel": "c1", "command": "armyants challenge",
               "options": {"opponent": "bob"}, "at": "2026-03-01T10:00:00Z"}),
        json!({"user": "bob", "channel": "c1", "component": "aa:nothing:accept", "at": "2026-03-01T11:00:00Z"}),
    ]);
        let accept = component(&out[0], "accept");
        let late = s.run(&[json!({"user": "bob", "channel": "c1", "component": accept})]);
        assert_eq!(
            out[1]["posts"].as_array().unwrap().len(),
            1,
            "the expiry is posted on the first later line"
        );
        assert_refused(&late[0], "expired");
    }
}

#[test]
fn decline_and_buttons_work_only_for_the_right_people() {
    for s in Scratch::each() {
        let out = s.run(&[command(
            "alice",
            "c1",
            "armyants challenge",
            json!({"opponent": "bob"}),
        )]);
        let decline = component(&out[0], "decline");
        let out = s.run(&[
            click("carol", "c1", &decline),
            click("bob", "c1", &decline),
            command("carol", "c1", "armyants challenge", json!({"opponent": "dave"})),
        ]);
        assert_refused(&out[0], "not_a_player");
        assert_ok(&out[1]);
        assert_eq!(out[1]["game"]["status"], "finished");
        assert_ok(&out[2]);
    }
}

#[test]
fn draw_offer_and_acceptance() {
    for s in Scratch::each() {
        let out = s.run(&[
            challenge_position(DUEL),
            command("bob", "c1", "armyants accept", json!({})),
            command("alice", "c1", "armyants draw", json!({})),
            command("bob", "c1", "armyants draw", json!({})),
        ]);
        assert_ok(&out[2]);
        assert!(out[2]["text"].as_str().unwrap().contains("offers a draw"));
        assert_eq!(out[2]["game"]["status"], "active");
        assert_ok(&out[3]);
        assert_eq!(out[3]["game"]["result"]["outcome"], "draw");
        assert_eq!(out[3]["game"]["result"]["winner"], Value::Null);
    }
}

/// Cards of the reply's "Your ... cards: 9 3 Q 1 5." text.
fn hand(reply: &Value) -> String {
    let text = reply["text"].as_str().unwrap();
    let list = text
        .split(": ")
        .nth(1)
        .expect("a hand")
        .split('.')
        .next()
        .unwrap();
    list.split_whitespace().collect()
}

#[test]
fn minor_deployment_stays_private_until_both_armies_are_placed() {
    for s in Scratch::each() {
        // One process for the whole deployment.
        let mut s = Session::start(&s);
        let out = s.run(&[
            command(
                "alice",
                "c1",
                "armyants challenge",
                json!({"opponent": "bob", "color": "red", "deployment": "minor", "seed": "99"}),
            ),
            command("bob", "c1", "armyants accept", json!({})),
        ]);
        assert_eq!(out[1]["game"]["status"], "deploying");
        assert_eq!(out[1]["game"]["to_move"], Value::Null);
        assert_eq!(out[1]["game"]["legal"], json!([]));
        let deploy = component(&out[1], "deploy");
        let mut all = out.clone();
        for _row in 0..4 {
            let hands = s.run(&[click("alice", "c1", &deploy), click("bob", "c1", &deploy)]);
            for h in &hands {
                assert_eq!(h["ephemeral"], true, "a hand is shown only to its owner");
            }
            let (red, black) = (hand(&hands[0]), hand(&hands[1]));
            let placed = s.run(&[
                mv("alice", &format!("deploy {red}")),
                mv("carol", &format!("deploy {black}")),
                mv("bob", &format!("deploy {black}")),
            ]);
            assert_refused(&placed[1], "not_a_player");
            all.extend(hands);
            all.extend(placed);
        }
        let last = all.last().unwrap();
        assert_ok(last);
        assert_eq!(last["ephemeral"], false, "the reveal is public");
        assert_eq!(last["game"]["status"], "active");
        let position = last["game"]["position"].as_str().unwrap();
        assert!(position.ends_with("r rally:5,5"), "{position}");
        assert!(!position.contains('?'));
        // Before the reveal, nothing public shows a card of either army.
        for reply in &all[..all.len() - 1] {
            if let Some(p) = reply["game"]["position"].as_str() {
                let rows = p.split(' ').next().unwrap();
                assert!(
                    rows.chars().all(|c| ".rb?/".contains(c)),
                    "hidden cards leaked: {p}"
                );
            }
        }
    }
}

#[test]
fn total_deployment_refuses_a_queen_beside_her_nines() {
    for s in Scratch::each() {
        let out = s.run(&[
            command(
                "alice",
                "c1",
                "armyants challenge",
                json!({"opponent": "bob", "color": "red", "deployment": "total", "seed": "5"}),
            ),
            command("bob", "c1", "armyants accept", json!({})),
            mv("alice", "deploy 9Q123/45678/12345/6789"),
            mv("alice", "deploy 1Q234/56789/12345/6789"),
            mv("bob", "deploy Q1234/56789/12345/6789"),
        ]);
        assert_refused(&out[2], "illegal_action");
        assert_ok(&out[3]);
        assert_ok(&out[4]);
        assert_eq!(out[4]["game"]["status"], "active");
        // "The Queen's Favor option may not be taken" after a total deployment.
        assert!(!out[4]["game"]["legal"]
            .as_array()
            .unwrap()
            .contains(&json!("favor")));
    }
}

#[test]
fn malformed_lines_get_clear_errors() {
    for s in Scratch::each() {
        let out = s.run(&[
        json!({"user": "alice"}),
        json!({"user": "alice", "channel": "c1", "command": "armyants challenge", "options": {"opponent": "bob"}, "at": "yesterday"}),
        command("alice", "c1", "dance", json!({})),
        command("alice", "c1", "armyants challenge", json!({"opponent": "bob", "seed": "-4"})),
        click("alice", "c1", "not-a-component"),
    ]);
        assert_refused(&out[0], "bad_input");
        assert_refused(&out[1], "bad_input");
        assert_refused(&out[2], "unknown_command");
        assert_refused(&out[3], "bad_option");
        assert_refused(&out[4], "no_game");
    }
}

#[test]
fn a_move_can_be_picked_with_two_selects() {
    for s in Scratch::each() {
        let out = s.run(&[
            challenge_position(DUEL),
            command("bob", "c1", "armyants accept", json!({})),
        ]);
        let pick = component(&out[1], "pick");
        let options = out[1]["components"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == pick.as_str())
            .unwrap()["options"]
            .clone();
        assert!(options.as_array().unwrap().iter().any(|o| o["value"] == "a1"));
        let out = s.run(&[
            json!({"user": "bob", "channel": "c1", "component": pick, "values": ["a1"]}),
            json!({"user": "alice", "channel": "c1", "component": pick, "values": ["a1"]}),
        ]);
        assert_refused(&out[0], "not_your_turn");
        assert_ok(&out[1]);
        assert_eq!(
            out[1]["ephemeral"], true,
            "the card's moves are shown only to the mover"
        );
        let choose = component(&out[1], "move");
        let moves = out[1]["components"][0]["options"].as_array().unwrap().clone();
        assert_eq!(moves[0]["value"], "a1xa5", "attacks come first");
        let out =
            s.run(&[json!({"user": "alice", "channel": "c1", "component": choose, "values": ["a1xa5"]})]);
        assert_ok(&out[0]);
        assert_eq!(out[0]["game"]["to_move"], "bob");
        // The private picker says what was played; the public board is
        // edited in place, so the channel gets no new message for the move.
        assert_eq!(out[0]["ephemeral"], true);
        assert_eq!(out[0]["update"], true);
        let board = &out[0]["posts"][0];
        assert_eq!(board["edit"], true);
        assert!(board["image"].is_string());
    }
}

/// The posts of `reply` that carry `flag` (`ping`, `record`).
fn flagged<'a>(reply: &'a Value, flag: &str) -> Vec<&'a Value> {
    reply["posts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p[flag] == true)
        .collect()
}

/// DESIGN.md: "An edit does not notify anyone: 'your turn' pings go in a
/// short new message", and "a channel sees few new messages: the board, at
/// most one live 'your move' ping per game, the end". A script sees what a
/// channel sees: the ping after a click that edited the board, and the
/// record with its replay when play ends the game.
#[test]
fn the_script_sees_the_ping_and_the_record_a_channel_sees() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    session.send(&challenge_position(DUEL));
    let accepted = session.send(&command("bob", "c1", "armyants accept", json!({})));
    // The accept is a new message naming alice: no ping besides it.
    assert!(flagged(&accepted, "ping").is_empty(), "{accepted}");
    let pick = component(&accepted, "pick");
    let picker =
        session.send(&json!({"user": "alice", "channel": "c1", "component": pick, "values": ["a1"]}));
    assert!(picker["posts"].as_array().unwrap().is_empty(), "{picker}");
    let choose = component(&picker, "move");
    let moved =
        session.send(&json!({"user": "alice", "channel": "c1", "component": choose, "values": ["a1xa5"]}));
    assert_ok(&moved);
    let posts = moved["posts"].as_array().unwrap();
    assert_eq!(posts[0]["edit"], true, "the board is edited first: {moved}");
    let pings = flagged(&moved, "ping");
    assert_eq!(pings.len(), 1, "{moved}");
    assert_eq!(pings[0]["text"], "bob, your move.");
    assert_eq!(pings[0]["channel"], "c1");
    // A typed move answers in a new message that names the mover's
    // opponent itself: no ping.
    let typed = session.send(&mv("bob", "e8-d8"));
    assert!(flagged(&typed, "ping").is_empty(), "{typed}");
    let board = session.send(&json!({"user": "alice", "channel": "c1", "component": pick, "values": ["a5"]}));
    let choose = component(&board, "move");
    let won =
        session.send(&json!({"user": "alice", "channel": "c1", "component": choose, "values": ["a5xa8"]}));
    assert_eq!(won["game"]["status"], "finished", "{won}");
    assert!(flagged(&won, "ping").is_empty(), "nobody is to move: {won}");
    let records = flagged(&won, "record");
    assert_eq!(records.len(), 1, "{won}");
    let record = records[0]["text"].as_str().unwrap();
    assert!(
        record.starts_with("```") && record.contains("a1xa5") && record.contains("a5xa8"),
        "{record}"
    );
    assert!(records[0]["image"].as_str().unwrap().ends_with(".gif"));
    // Asked for again, the record is the reply itself, not a post.
    let asked = session.send(&command("bob", "c1", "record", json!({})));
    assert!(flagged(&asked, "record").is_empty(), "{asked}");
}

#[test]
fn refusals_quote_the_notation_as_typed_in_code() {
    for s in Scratch::each() {
        let out = s.run(&[
            command(
                "alice",
                "c1",
                "armyants challenge",
                json!({"opponent": "bob", "color": "red", "seed": "4"}),
            ),
            command("bob", "c1", "armyants accept", json!({})),
            // "During the rally ... no entering enemy territory": illegal now.
            mv("alice", "c3-c6"),
            mv("alice", "a`b"),
        ]);
        assert_refused(&out[2], "illegal_action");
        let text = out[2]["text"].as_str().unwrap();
        assert!(text.starts_with("`c3-c6` is not legal"), "{text}");
        // A backtick typed cannot close the code span early.
        assert_refused(&out[3], "bad_notation");
        let text = out[3]["text"].as_str().unwrap();
        assert!(text.starts_with("`aˋb` is not Army Ants notation"), "{text}");
        assert_eq!(text.matches('`').count() % 2, 0, "{text}");
    }
}

/// `antics play` speaks the terminal's words: no Deploy button to press, no
/// slash command to type.
#[test]
fn a_private_deployment_at_the_terminal_needs_no_buttons() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let s = Scratch::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_antics"))
        .args([
            "play",
            "--game",
            "army-ants",
            "--deployment",
            "minor",
            "--seed",
            "2",
            "--out",
        ])
        .arg(s.images())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.take().unwrap(), "help\nquit").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Type deploy and the values"), "{text}");
    for discord_only in ["press", "/armyants", "**", "Random placement"] {
        assert!(!text.contains(discord_only), "{discord_only}: {text}");
    }
}

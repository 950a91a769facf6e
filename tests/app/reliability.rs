//! Reliability end to end through `antics script`, on every backend under
//! test: idle games end (with a reminder first), and a process killed in the
//! middle of a stream of actions loses nothing it acknowledged.

use crate::common;

use antics::rules::army_ants::{ArmyAnts, Setup, Side, Status};
use common::*;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

fn tick(time: &str) -> Value {
    json!({"tick": true, "at": time})
}

/// Alice (Red) challenges bob with `options` besides, and bob accepts a
/// minute later.
fn accepted_challenge(options: Value) -> [Value; 2] {
    let mut challenge = json!({"opponent": "bob", "color": "red"});
    let fields = challenge.as_object_mut().expect("an object");
    fields.extend(options.as_object().expect("options as an object").clone());
    [
        at(
            command("alice", "c1", "armyants challenge", challenge),
            "2026-03-01T10:00:00Z",
        ),
        at(
            command("bob", "c1", "armyants accept", json!({})),
            "2026-03-01T10:01:00Z",
        ),
    ]
}

/// Idle games end after 72 hours by default, with a reminder 12 hours before.
#[test]
fn an_idle_army_ants_game_is_lost_on_time_by_the_player_to_move() {
    for s in Scratch::each() {
        let [challenge, accept] = accepted_challenge(json!({"seed": "5"}));
        let out = s.run(&[
            challenge,
            accept,
            tick("2026-03-03T21:00:00Z"),
            tick("2026-03-03T22:02:00Z"),
            tick("2026-03-03T23:00:00Z"),
            tick("2026-03-04T10:01:30Z"),
            tick("2026-03-04T11:00:00Z"),
            command("alice", "c1", "record", json!({})),
            command("alice", "c1", "armyants move", json!({"action": "a3-a4"})),
        ]);
        assert_ok(&out[1]);
        assert_eq!(out[1]["game"]["to_move"], "alice");
        assert!(post_texts(&out[2]).is_empty(), "59 hours idle: nothing yet");
        let reminder = post_texts(&out[3]);
        assert_eq!(reminder.len(), 1, "{reminder:?}");
        assert!(
            reminder[0].contains("alice") && reminder[0].contains("within 11 hours"),
            "{reminder:?}"
        );
        assert!(post_texts(&out[4]).is_empty(), "one reminder only");
        let end = post_texts(&out[5]);
        assert_eq!(end.len(), 1, "{end:?}");
        assert!(end[0].contains("alice made no move for 3 days"), "{end:?}");
        assert!(end[0].contains("bob (Black) wins on time"), "{end:?}");
        assert!(
            out[5]["posts"][0]["image"].as_str().is_some(),
            "the final board is shown"
        );
        assert!(post_texts(&out[6]).is_empty(), "ended once");
        assert_eq!(out[7]["game"]["status"], "finished");
        assert_eq!(out[7]["game"]["result"]["outcome"], "win");
        assert_eq!(out[7]["game"]["result"]["winner"], "bob");
        assert!(
            out[7]["text"].as_str().unwrap().contains("wins on time"),
            "{}",
            out[7]["text"]
        );
        assert_refused(&out[8], "game_over");
    }
}

/// A private deployment waits for both players at once: the reminder asks
/// both to place their cards, and when neither does the game is abandoned
/// (no one loses on time: "Every seat the game waited for was idle").
#[test]
fn an_idle_private_deployment_reminds_both_players_then_is_abandoned() {
    for s in Scratch::each() {
        let [challenge, accept] = accepted_challenge(json!({"deployment": "total"}));
        let out = s.run(&[
            challenge,
            accept,
            tick("2026-03-03T22:02:00Z"),
            tick("2026-03-04T10:01:30Z"),
            command("alice", "c1", "armyants challenge", json!({"opponent": "bob"})),
        ]);
        assert_eq!(out[1]["game"]["status"], "deploying");
        let reminder = post_texts(&out[2]);
        assert_eq!(reminder.len(), 1, "{reminder:?}");
        assert!(
            reminder[0].contains("alice and bob") && reminder[0].contains("place your cards"),
            "{reminder:?}"
        );
        let end = post_texts(&out[3]);
        assert_eq!(end.len(), 1, "{end:?}");
        assert!(
            end[0].contains("alice and bob did not play for 3 days") && end[0].contains("abandoned"),
            "{end:?}"
        );
        // Ended: the channel is free for a new game.
        assert_ok(&out[4]);
        assert_eq!(out[4]["game"]["status"], "pending");
    }
}

/// A game saved before every game kept its deadline (none stored) is still
/// reminded and ended: the first sweep of a process gives it its idle
/// deadline from its last change.
#[test]
fn a_game_saved_without_a_deadline_is_still_reminded_and_ended() {
    for s in Scratch::each() {
        let [challenge, accept] = accepted_challenge(json!({"seed": "5"}));
        let out = s.run(&[challenge, accept]);
        let id = out[1]["game"]["id"].as_str().unwrap().to_string();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let db = s.db();
            let store = antics::store::Store::open_path_or_url(db.to_str().unwrap())
                .await
                .unwrap();
            let game = store.game(&id).await.unwrap().unwrap();
            assert!(
                game.expires_at.is_some(),
                "a started game keeps its idle deadline"
            );
            assert!(store.set_deadline(&id, game.version, None).await.unwrap());
            store.close().await;
        });
        let later = s.run(&[tick("2026-03-03T22:02:00Z"), tick("2026-03-04T10:01:30Z")]);
        let reminder = post_texts(&later[0]);
        assert_eq!(reminder.len(), 1, "{reminder:?}");
        assert!(reminder[0].contains("within 11 hours"), "{reminder:?}");
        let end = post_texts(&later[1]);
        assert_eq!(end.len(), 1, "{end:?}");
        assert!(end[0].contains("bob (Black) wins on time"), "{end:?}");
    }
}

#[test]
fn a_move_resets_the_idle_clock_and_a_patience_ends_when_idle() {
    for s in Scratch::each() {
        let out = s.run(&[
            at(
                command(
                    "alice",
                    "c1",
                    "armyants challenge",
                    json!({"opponent": "bob", "color": "red", "seed": "5"}),
                ),
                "2026-03-01T10:00:00Z",
            ),
            at(
                command("bob", "c1", "armyants accept", json!({})),
                "2026-03-01T10:01:00Z",
            ),
            at(
                command(
                    "carol",
                    "c2",
                    "solitaire new",
                    json!({"game": "anthill", "seed": "3"}),
                ),
                "2026-03-01T10:02:00Z",
            ),
            tick("2026-03-03T23:00:00Z"),
        ]);
        // Both games were reminded once each.
        let reminders = post_texts(&out[3]);
        assert_eq!(reminders.len(), 2, "{reminders:?}");
        let legal = out[1]["game"]["legal"][0].as_str().unwrap().to_string();
        let later = s.run(&[
            at(mv("alice", &legal), "2026-03-04T09:00:00Z"),
            tick("2026-03-04T10:30:00Z"),
            tick("2026-03-07T08:00:00Z"),
            tick("2026-03-07T09:30:00Z"),
        ]);
        assert_ok(&later[0]);
        let ended = post_texts(&later[1]);
        assert_eq!(ended.len(), 1, "only the patience ends: {ended:?}");
        assert!(
            ended[0].contains("carol's game of Anthill ended after 3 days"),
            "{ended:?}"
        );
        let reminded = post_texts(&later[2]);
        assert_eq!(reminded.len(), 1, "bob is reminded of his move: {reminded:?}");
        assert!(reminded[0].contains("bob"), "{reminded:?}");
        let end = post_texts(&later[3]);
        assert_eq!(end.len(), 1, "{end:?}");
        assert!(end[0].contains("alice (Red) wins on time"), "{end:?}");
        let record = s.run(&[command("carol", "c2", "record", json!({}))]);
        assert_eq!(record[0]["game"]["status"], "finished", "{}", record[0]);
    }
}

/// The first quiet moves (no attacks, so the game lasts) of the game the
/// service deals for seed 11, as (user, action).
fn moves_of_a_game(turns: usize) -> Vec<(String, String)> {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(11),
        ..Setup::default()
    })
    .unwrap();
    let mut moves = Vec::new();
    while moves.len() < turns {
        let Status::ToMove(side) = game.status() else {
            break;
        };
        let legal = game.legal_actions();
        let action = legal
            .iter()
            .find(|a| !a.to_string().contains('x'))
            .unwrap_or(&legal[0])
            .clone();
        game.apply(side, &action).unwrap();
        let user = if side == Side::Red { "alice" } else { "bob" };
        moves.push((user.to_string(), action.to_string()));
    }
    moves
}

#[test]
fn a_killed_process_keeps_every_acknowledged_action() {
    let moves = moves_of_a_game(20);
    assert_eq!(moves.len(), 20, "a long enough game");
    for s in Scratch::each() {
        s.run(&[
            command(
                "alice",
                "c1",
                "armyants challenge",
                json!({"opponent": "bob", "color": "red", "seed": "11"}),
            ),
            command("bob", "c1", "armyants accept", json!({})),
        ]);
        // Every move is written at once; the process is killed (SIGKILL)
        // after the eighth answer, with more lines in flight.
        let mut child = s
            .command()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("antics starts");
        let mut stdin = child.stdin.take().unwrap();
        for (user, action) in &moves {
            writeln!(stdin, "{}", mv(user, action)).unwrap();
        }
        stdin.flush().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut acknowledged = 0;
        while acknowledged < 8 {
            let reply: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
            assert_ok(&reply);
            acknowledged += 1;
        }
        child.kill().expect("SIGKILL");
        child.wait().unwrap();
        drop(stdin);

        // Restarted on the same database: the record holds every
        // acknowledged move, then possibly a few more, all whole and in order.
        let after = s.run(&[command("alice", "c1", "record", json!({}))]);
        assert_ok(&after[0]);
        let record = after[0]["text"].as_str().unwrap();
        let log: Vec<&str> = record
            .lines()
            .last()
            .unwrap()
            .split_whitespace()
            // Move numbers, `...` and automatic events such as `{Red pass}` aside.
            .filter(|w| !w.ends_with('.') && !w.starts_with('{') && !w.ends_with('}'))
            .collect();
        assert!(log.len() >= acknowledged, "lost an acknowledged move: {record}");
        eprintln!(
            "killed after {acknowledged} answers: {} of {} moves stored",
            log.len(),
            moves.len()
        );
        let expected: Vec<&str> = moves.iter().map(|(_, a)| a.as_str()).collect();
        assert_eq!(log, expected[..log.len()], "the log is a prefix of what was sent");
        // Play goes on from where the log stops.
        let rest: Vec<Value> = moves[log.len()..]
            .iter()
            .map(|(user, action)| mv(user, action))
            .collect();
        for reply in s.run(&rest) {
            assert_ok(&reply);
        }
    }
}

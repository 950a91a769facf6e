//! Tournaments through `antics script` (DESIGN.md, "Tournaments"): an
//! organiser opens one, players join and play by clicking only what the
//! replies show, rounds close when their games end or at their deadline
//! (the clock moved by `at`), and every reply that touches the tournament
//! carries its `tournament` object.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

const START: &str = "2026-11-28T12:00:00Z";

/// The organiser's `tournament create` with `options` in `c1`: a member
/// who may manage the channel.
fn create(options: Value) -> Value {
    let mut line = command("olga", "c1", "tournament create", options);
    line["permissions"] = json!(["manage_channels"]);
    line
}

/// The posts of a reply that start a tournament's games: by channel.
fn game_posts(reply: &Value) -> BTreeMap<String, Value> {
    reply["posts"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["thread"].is_string())
        .map(|p| (p["channel"].as_str().unwrap().to_string(), p.clone()))
        .collect()
}

/// The pairings of `round` in a tournament object.
fn round_pairings(t: &Value, round: u64) -> Vec<Value> {
    t["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["round"] == round)
        .cloned()
        .collect()
}

/// New messages in the tournament's channel `c1` (edits in place and the
/// games' threads aside): the reply's own, when sent there, and its posts.
fn new_messages_in_c1(reply: &Value, sent_in_c1: bool) -> usize {
    let own = usize::from(
        sent_in_c1 && reply["ok"] == true && reply["ephemeral"] == false && reply["update"] == false,
    );
    let posts = reply["posts"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["channel"] == "c1" && p["edit"] == false)
        .count();
    own + posts
}

/// `user` resigns the game on `board` (its first board's post) by clicks:
/// Resign, then the confirmation.
fn resign(session: &mut Session, board: &Value, user: &str) -> Value {
    let channel = board["channel"].as_str().unwrap();
    let asked = session.send(&click(user, channel, &component(board, "resign")));
    assert_ok(&asked);
    let done = session.send(&click(user, channel, &component(&asked, "resignok")));
    assert_ok(&done);
    assert_eq!(done["game"]["status"], "finished", "{done}");
    done
}

/// Every player's points, from a tournament object.
fn points(t: &Value) -> BTreeMap<String, f64> {
    t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["user"].as_str().unwrap().to_string(),
                s["points"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// "A 6-player Army Ants Swiss of 3 rounds played to the end by clicks,
/// with one game left unfinished at a deadline and one player leaving."
#[test]
fn a_six_player_swiss_is_played_to_the_end_by_clicks() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let created = session.send(&at(create(json!({"rounds": 3, "round": "1h"})), START));
    assert_ok(&created);
    assert_eq!(created["tournament"]["status"], "open");
    assert!(created["image"].is_string(), "the standings board is drawn");
    let mut messages = new_messages_in_c1(&created, true);
    let join = component(&created, "join");
    let players = ["ann", "ben", "cat", "dan", "eve", "fay"];
    for player in players {
        let joined = session.send(&click(player, "c1", &join));
        assert_ok(&joined);
        assert_eq!(
            joined["update"], true,
            "a click edits the standings board in place"
        );
        messages += new_messages_in_c1(&joined, true);
    }
    // Only the organiser (or a moderator) starts it.
    let start = component(&created, "start");
    assert_refused(&session.send(&click("ann", "c1", &start)), "not_allowed");
    let started = session.send(&click("olga", "c1", &start));
    assert_ok(&started);
    messages += new_messages_in_c1(&started, true);
    let mut t = started["tournament"].clone();
    assert_eq!(
        (t["status"].as_str(), t["round"].as_u64(), t["rounds"].as_u64()),
        (Some("running"), Some(1), Some(3))
    );
    let mut boards = game_posts(&started);
    assert_eq!(boards.len(), 3, "six players, three games: {started}");
    for post in boards.values() {
        // "Pinging both" players, in the game's own thread.
        let pairing = t["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["channel"] == post["channel"])
            .unwrap();
        for seat in pairing["seats"].as_array().unwrap() {
            assert!(
                post["text"].as_str().unwrap().contains(seat.as_str().unwrap()),
                "{post}"
            );
        }
        assert!(post["image"].is_string());
    }
    let mut met: BTreeSet<BTreeSet<String>> = BTreeSet::new();
    let mut left = None;
    for round in 1..=3u64 {
        let pairings = round_pairings(&t, round);
        for p in &pairings {
            let seats: BTreeSet<String> = p["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            if seats.len() == 2 {
                assert!(met.insert(seats.clone()), "round {round} pairs {seats:?} again");
            }
            if let Some(gone) = &left {
                assert!(!seats.contains(gone), "a player who left is paired no more");
            }
        }
        let games: Vec<Value> = pairings
            .iter()
            .filter(|p| p["seats"].as_array().unwrap().len() == 2)
            .cloned()
            .collect();
        for (i, game) in games.iter().enumerate() {
            let channel = game["channel"].as_str().unwrap();
            let board = boards
                .get(channel)
                .unwrap_or_else(|| panic!("round {round}: no post for {channel}"));
            let red = game["seats"][0].as_str().unwrap();
            let black = game["seats"][1].as_str().unwrap();
            let in_c1 = (round, i) == (2, 0);
            let reply = match (round, i) {
                // Round 2: one player leaves mid-game, one game runs out
                // its round.
                (2, 0) => {
                    let leaving = session.send(&command(black, "c1", "tournament leave", json!({})));
                    assert_ok(&leaving);
                    assert!(text(&leaving).contains("lost their game"), "{leaving}");
                    left = Some(black.to_string());
                    leaving
                }
                (2, 1) => continue,
                // Otherwise Black resigns on even boards, Red on odd ones.
                (_, i) if i % 2 == 0 => resign(&mut session, board, black),
                _ => resign(&mut session, board, red),
            };
            messages += new_messages_in_c1(&reply, in_c1);
            assert!(
                reply["tournament"].is_object(),
                "a result's reply carries the tournament: {reply}"
            );
            t = reply["tournament"].clone();
            boards.extend(game_posts(&reply));
        }
        if round == 2 {
            assert_eq!(t["round"], 2, "one game of round 2 is still on");
            // The round's deadline passes: the game still on is adjudicated.
            let closed = session.send(&json!({"tick": true, "at": "2026-11-28T13:00:01Z"}));
            assert_ok(&closed);
            messages += new_messages_in_c1(&closed, false);
            boards.extend(game_posts(&closed));
            let standings = session.send(&command("ann", "c1", "tournament standings", json!({})));
            assert_ok(&standings);
            assert_eq!(standings["ephemeral"], true);
            t = standings["tournament"].clone();
            assert_eq!(t["round"], 3, "the deadline closed round 2: {t}");
            assert!(round_pairings(&t, 2).iter().all(|p| p["result"].is_array()));
        }
    }
    assert_eq!(t["status"], "finished", "{t}");
    // "Scores add up": a point per game and per bye.
    let decided: f64 = t["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p["result"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_f64().unwrap())
                .sum::<f64>()
        })
        .sum();
    assert_eq!(points(&t).values().sum::<f64>(), decided);
    // Sorted by points, then the tie-breaks in order.
    let keys: Vec<(f64, f64, f64)> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["points"].as_f64().unwrap(),
                s["tiebreaks"][0].as_f64().unwrap(),
                s["tiebreaks"][1].as_f64().unwrap(),
            )
        })
        .collect();
    assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{keys:?}");
    // The channel sees few new messages: the opening board, a close notice
    // and the podium; the standings board is edited in place and the
    // games live in their threads.
    assert!(
        messages <= 4,
        "{messages} new messages in the tournament's channel"
    );
    let list = session.send(&command("ann", "c1", "tournament list", json!({})));
    assert_ok(&list);
    assert!(text(&list).contains("finished"), "{list}");
    // "Each player's results in /stats."
    let winner = t["standings"][0]["user"].as_str().unwrap();
    let stats = session.send(&command(winner, "c1", "stats", json!({})));
    let tournaments = stats["embeds"][0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Tournaments")
        .unwrap_or_else(|| panic!("{stats}"));
    assert!(
        tournaments["value"].as_str().unwrap().contains("won 1"),
        "{tournaments}"
    );
}

/// Bad input gets a clear refusal and changes nothing.
#[test]
fn tournaments_refuse_what_they_cannot_do() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    assert_refused(
        &session.send(&at(command("ann", "c1", "tournament create", json!({})), START)),
        "not_allowed",
    );
    assert_refused(&session.send(&create(json!({"game": "myrmex"}))), "bad_option");
    assert_refused(&session.send(&create(json!({"format": "arena"}))), "bad_option");
    assert_refused(&session.send(&create(json!({"round": "5m"}))), "bad_option");
    assert_refused(&session.send(&create(json!({"rounds": 0}))), "bad_option");
    assert_refused(
        &session.send(&create(json!({"starts": "yesterday"}))),
        "bad_option",
    );
    assert_refused(
        &session.send(&command("ann", "c1", "tournament join", json!({}))),
        "no_game",
    );
    let created = session.send(&create(json!({"rounds": 4, "starts": "1h"})));
    assert_ok(&created);
    assert_refused(&session.send(&create(json!({}))), "busy_channel");
    let id = created["tournament"]["id"].as_str().unwrap().to_string();
    assert_refused(
        &session.send(&command(
            "ann",
            "c2",
            "tournament join",
            json!({"tournament": "nope"}),
        )),
        "no_game",
    );
    // The id reaches it from another channel.
    assert_ok(&session.send(&command(
        "ann",
        "c2",
        "tournament join",
        json!({"tournament": id}),
    )));
    assert_refused(
        &session.send(&command("ann", "c1", "tournament join", json!({}))),
        "illegal_action",
    );
    assert_refused(
        &session.send(&command("ben", "c1", "tournament leave", json!({}))),
        "not_a_player",
    );
    // Its start time comes with too few players: it is called off.
    let due = session.send(&json!({"tick": true, "at": "2026-11-28T13:00:01Z"}));
    assert!(
        due["posts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["text"].as_str().unwrap().contains("called off")),
        "{due}"
    );
    let standings = session.send(&command("ann", "c1", "tournament standings", json!({})));
    assert_eq!(standings["tournament"]["status"], "cancelled");
    // A new one may open once the last is over.
    assert_ok(&session.send(&create(json!({}))));
}

/// "Late join until half the rounds have started": a player entering
/// after round 1 of 4 plays from round 2; after round 2, entries close.
#[test]
fn late_entries_play_from_the_next_round_until_half_the_rounds() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let created = session.send(&at(create(json!({"rounds": 4, "round": "10m"})), START));
    for p in ["ann", "ben", "cat", "dan"] {
        assert_ok(&session.send(&command(p, "c1", "tournament join", json!({}))));
    }
    assert_ok(&session.send(&click("olga", "c1", &component(&created, "start"))));
    let late = session.send(&command("eve", "c1", "tournament join", json!({})));
    assert_ok(&late);
    assert!(text(&late).contains("round 2"), "{late}");
    assert!(round_pairings(&late["tournament"], 1)
        .iter()
        .all(|p| !p["seats"].to_string().contains("eve")));
    // Round 1 runs out (adjudicated), round 2 pairs eve.
    let next = session.send(&json!({"tick": true, "at": "2026-11-28T12:10:01Z"}));
    assert_ok(&next);
    let t = session.send(&command("eve", "c1", "tournament standings", json!({})))["tournament"].clone();
    assert_eq!(t["round"], 2);
    assert!(
        round_pairings(&t, 2)
            .iter()
            .any(|p| p["seats"].to_string().contains("eve")),
        "{t}"
    );
    session.send(&json!({"tick": true, "at": "2026-11-28T12:20:02Z"}));
    assert_refused(
        &session.send(&command("fay", "c1", "tournament join", json!({}))),
        "illegal_action",
    );
}

/// A tournament with a `starts` time starts by itself when it comes (the
/// clock moved by `at`): round 1 is paired and its games posted.
#[test]
fn a_scheduled_tournament_starts_by_itself() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let created = session.send(&at(
        create(json!({"starts": "2026-11-28 14:00", "rated": true})),
        START,
    ));
    assert_ok(&created);
    assert!(
        find(&created, "start").is_some(),
        "the organiser may still start it early"
    );
    for p in ["ann", "ben", "cat"] {
        assert_ok(&session.send(&command(p, "c1", "tournament join", json!({}))));
    }
    let early = session.send(&json!({"tick": true, "at": "2026-11-28T13:59:00Z"}));
    assert!(early["posts"].as_array().unwrap().is_empty(), "{early}");
    let due = session.send(&json!({"tick": true, "at": "2026-11-28T14:00:01Z"}));
    assert!(
        due["posts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["text"].as_str().unwrap().contains("has begun")),
        "{due}"
    );
    assert_eq!(
        game_posts(&due).len(),
        1,
        "three players: one game and a bye: {due}"
    );
    let t = session.send(&command("ann", "c1", "tournament standings", json!({})))["tournament"].clone();
    assert_eq!(
        (t["status"].as_str(), t["round"].as_u64(), t["rounds"].as_u64()),
        (Some("running"), Some(1), Some(2))
    );
    let bye = round_pairings(&t, 1)
        .into_iter()
        .find(|p| p["seats"].as_array().unwrap().len() == 1)
        .unwrap();
    assert_eq!(bye["result"], json!([1.0]));
    assert_eq!(bye["game"], Value::Null);
}

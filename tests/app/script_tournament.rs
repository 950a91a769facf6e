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
    assert_refused(&session.send(&create(json!({"game": "chess"}))), "bad_option");
    assert_refused(
        &session.send(&create(json!({"game": "atta-ants", "format": "arena"}))),
        "bad_option",
    );
    assert_refused(
        &session.send(&create(json!({"format": "arena", "length": "10m"}))),
        "bad_option",
    );
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

/// The line `user` sends to play `action` in their patience in `c1`.
fn patience_move(user: &str, action: &str, time: &str) -> Value {
    at(
        command(user, "c1", "solitaire move", json!({ "action": action })),
        time,
    )
}

/// `user` plays `moves` of the board `reply` shows (its first legal
/// move each time, dealing when nothing else is left).
fn play_some(session: &mut Session, user: &str, mut reply: Value, moves: usize, time: &str) -> Value {
    for _ in 0..moves {
        let legal: Vec<String> = reply["game"]["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .filter(|a| a != "end")
            .collect();
        let Some(action) = legal.iter().find(|a| *a != "deal").or(legal.first()) else {
            break;
        };
        reply = session.send(&patience_move(user, action, time));
        assert_ok(&reply);
        assert_eq!(reply["ephemeral"], true, "an event's board is private: {reply}");
    }
    reply
}

/// "A 3-deal Anthill event": the same deals for everyone entered, one
/// attempt each, played in private; "ranked by total score, then hints,
/// then time"; an attempt under way at the close counts as it stood.
#[test]
fn a_three_deal_anthill_event_is_played_to_its_close() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    // A patience's tournament is an event: Swiss options are refused.
    for (options, says) in [
        (json!({"game": "anthill", "format": "swiss"}), "event"),
        (json!({"game": "anthill", "rounds": 3}), "rounds"),
        (json!({"game": "army-ants", "deals": 3}), "deals"),
        (json!({"game": "anthill", "deals": 11}), "deals"),
    ] {
        let refused = session.send(&at(create(options), START));
        assert_refused(&refused, "bad_option");
        assert!(text(&refused).contains(says), "{refused}");
    }
    let created = session.send(&at(
        create(json!({"game": "anthill", "deals": 3, "round": "2h"})),
        START,
    ));
    assert_ok(&created);
    assert_eq!(created["tournament"]["format"], "event");
    assert!(created["image"].is_string(), "the standings board is drawn");
    let mut messages = new_messages_in_c1(&created, true);
    let join = component(&created, "join");
    for player in ["ann", "ben", "cat", "dan"] {
        let joined = session.send(&at(click(player, "c1", &join), START));
        assert_ok(&joined);
        messages += new_messages_in_c1(&joined, true);
    }
    // No deal opens before the start.
    let early = format!("{}deal.1", join.trim_end_matches("join"));
    assert_refused(
        &session.send(&at(click("ann", "c1", &early), START)),
        "illegal_action",
    );
    let started = session.send(&at(click("olga", "c1", &component(&created, "start")), START));
    assert_ok(&started);
    messages += new_messages_in_c1(&started, true);
    assert_eq!(started["tournament"]["status"], "running");
    let deal = |n: u32| component(&started, &format!("deal.{n}"));
    assert!(find(&started, "deal.4").is_none(), "three deals, three buttons");
    // `/tournament standings` shows the board to its asker alone, with the
    // buttons its words name ("Press a deal to play it").
    let asked = session.send(&at(
        command("dan", "c1", "tournament standings", json!({})),
        START,
    ));
    assert_eq!(asked["ephemeral"], true, "{asked}");
    assert!(text(&asked).contains("Press a deal to play it"), "{asked}");
    assert_eq!(component(&asked, "deal.3"), deal(3), "{asked}");

    // ann and ben meet the same first deal; the second is another.
    let ann1 = session.send(&at(click("ann", "c1", &deal(1)), START));
    assert_ok(&ann1);
    assert_eq!(ann1["ephemeral"], true, "an event's board is private: {ann1}");
    assert!(ann1["tournament"]["pairings"].is_array());
    let first_image = std::fs::read(ann1["image"].as_str().unwrap()).unwrap();
    // A record or a review while the event runs is its player's alone.
    let record = session.send(&at(command("ann", "c1", "record", json!({})), START));
    assert!(text(&record).contains("Only you see this record"), "{record}");
    assert!(!text(&record).contains("Seed"), "{record}");
    let ann1 = play_some(&mut session, "ann", ann1, 6, START);
    let ended = session.send(&at(command("ann", "c1", "solitaire end", json!({})), START));
    assert_ok(&ended);
    assert!(
        find(&ended, "again").is_none() && find(&ended, "same").is_none(),
        "{ended}"
    );
    assert_refused(
        &session.send(&at(click("ann", "c1", &component(&ended, "review")), START)),
        "not_allowed",
    );
    // The result edits the standings board in place, and tells nothing of
    // the deal.
    messages += new_messages_in_c1(&ended, true);
    let edits: Vec<&Value> = ended["posts"].as_array().unwrap().iter().collect();
    assert!(
        edits.iter().any(|p| p["edit"] == true && p["channel"] == "c1"),
        "{ended}"
    );
    for post in &edits {
        assert!(!post["text"].as_str().unwrap().contains("Seed"), "{post}");
    }
    let t = &ended["tournament"];
    let ann_score = ended["game"]["score"]
        .as_f64()
        .unwrap_or(ann1["game"]["score"].as_f64().unwrap());
    assert_eq!(points(t)["ann"], ann_score, "{t}");
    // One attempt at each deal.
    let again = session.send(&at(click("ann", "c1", &deal(1)), START));
    assert!(text(&again).contains("You have played deal 1"), "{again}");

    let ben1 = session.send(&at(click("ben", "c1", &deal(1)), START));
    assert_eq!(
        std::fs::read(ben1["image"].as_str().unwrap()).unwrap(),
        first_image,
        "every player meets the same deal"
    );
    // A hint counts: with equal scores, fewer hints rank first.
    let hinted = session.send(&at(command("ben", "c1", "solitaire hint", json!({})), START));
    assert_ok(&hinted);
    assert_eq!(hinted["ephemeral"], true);
    let ended = session.send(&at(command("ben", "c1", "solitaire end", json!({})), START));
    assert_ok(&ended);
    let ben2 = session.send(&at(click("ben", "c1", &deal(2)), START));
    assert_ne!(
        std::fs::read(ben2["image"].as_str().unwrap()).unwrap(),
        first_image,
        "the second deal is another"
    );
    let ben2 = play_some(&mut session, "ben", ben2, 4, START);
    assert_ok(&session.send(&at(command("ben", "c1", "solitaire end", json!({})), START)));
    drop(ben2);

    // A stranger plays no deal; a player who leaves keeps what they played.
    assert_refused(
        &session.send(&at(click("zed", "c1", &deal(2)), START)),
        "not_a_player",
    );
    let dan = session.send(&at(click("dan", "c1", &deal(2)), START));
    play_some(&mut session, "dan", dan, 3, START);
    let left = session.send(&at(click("dan", "c1", &component(&started, "leave")), START));
    assert_ok(&left);
    messages += new_messages_in_c1(&left, true);
    assert_eq!(left["tournament"]["standings"].as_array().unwrap().len(), 4);
    // Entries stay open while it runs.
    let eve = session.send(&at(click("eve", "c1", &join), START));
    assert_ok(&eve);
    messages += new_messages_in_c1(&eve, true);
    let eve3 = session.send(&at(click("eve", "c1", &deal(3)), START));
    assert_ok(&eve3);
    assert_ok(&session.send(&at(command("eve", "c1", "solitaire end", json!({})), START)));
    // cat's attempt is under way when the event closes.
    let cat1 = session.send(&at(click("cat", "c1", &deal(1)), START));
    play_some(&mut session, "cat", cat1, 5, START);

    let closed = session.send(&json!({"tick": true, "at": "2026-11-28T14:00:01Z"}));
    messages += new_messages_in_c1(&closed, false);
    let last = closed["posts"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|p| p["text"].as_str().unwrap().contains("The event is over"))
        .unwrap_or_else(|| panic!("the podium is posted: {closed}"));
    assert!(last["text"].as_str().unwrap().contains("🥇"), "{last}");
    let standings = session.send(&at(
        command("olga", "c1", "tournament standings", json!({})),
        "2026-11-28T14:01:00Z",
    ));
    let t = &standings["tournament"];
    assert_eq!(t["status"], "finished");
    assert!(standings["image"].is_string());
    let lines = t["standings"].as_array().unwrap();
    let games: BTreeMap<&str, u64> = lines
        .iter()
        .map(|s| (s["user"].as_str().unwrap(), s["games"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        games,
        BTreeMap::from([("ann", 1), ("ben", 2), ("cat", 1), ("dan", 1), ("eve", 1)]),
        "cat's attempt under way at the close counts as it stood: {t}"
    );
    // "Ranked by total score, then hints, then time."
    for pair in lines.windows(2) {
        let key = |s: &Value| {
            (
                -s["points"].as_f64().unwrap(),
                s["tiebreaks"][0].as_f64().unwrap(),
            )
        };
        assert!(key(&pair[0]) <= key(&pair[1]), "{pair:?}");
    }
    let ben = lines.iter().find(|s| s["user"] == "ben").unwrap();
    assert_eq!(ben["tiebreaks"][0], 1.0, "ben's hint is counted: {ben}");
    // Every attempt is listed: its deal, its player, its score.
    let attempts = t["pairings"].as_array().unwrap();
    assert_eq!(attempts.len(), 6, "{t}");
    assert!(attempts
        .iter()
        .all(|a| a["seats"].as_array().unwrap().len() == 1 && a["result"].is_array()));
    // The channel got few messages: the board, edited in place, and the
    // podium.
    assert!(messages <= 3, "{messages} new messages in the event's channel");
    // Once it has closed, the record and the review are open.
    let record = session.send(&at(
        command("cat", "c1", "record", json!({})),
        "2026-11-28T14:02:00Z",
    ));
    assert!(text(&record).contains("Seed"), "{record}");
}

/// The time `minutes` after `START`.
fn after(minutes: i64) -> String {
    let start = chrono::DateTime::parse_from_rfc3339(START).unwrap();
    (start + chrono::Duration::minutes(minutes)).to_rfc3339()
}

/// "A 45-minute arena with 5 players and the clock moved by `at`": the
/// free are paired at once (never their last opponent), Lichess's scoring
/// with its streaks, no pairing near the end, and the games still on at
/// the end adjudicated.
#[test]
fn a_45_minute_arena_of_five_is_played_to_its_end() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    for options in [
        json!({"format": "arena", "length": "5h"}),
        json!({"format": "arena", "rounds": 3}),
        json!({"format": "arena", "round": "1h"}),
    ] {
        assert_refused(&session.send(&at(create(options), START)), "bad_option");
    }
    let created = session.send(&at(create(json!({"format": "arena", "length": "45m"})), START));
    assert_ok(&created);
    assert_eq!(created["tournament"]["format"], "arena");
    let mut messages = new_messages_in_c1(&created, true);
    let join = component(&created, "join");
    for player in ["ann", "ben", "cat", "dan", "eve"] {
        let joined = session.send(&click(player, "c1", &join));
        assert_ok(&joined);
        messages += new_messages_in_c1(&joined, true);
    }
    let started = session.send(&click("olga", "c1", &component(&created, "start")));
    assert_ok(&started);
    messages += new_messages_in_c1(&started, true);
    let mut open = game_posts(&started);
    assert_eq!(open.len(), 2, "five players: two games at once, one waits");
    let mut t = started["tournament"].clone();
    // Every five minutes a game ends: ann wins hers, elsewhere Red wins. The free are paired again until the last ten minutes.
    let mut minute = 0;
    // ann's game ends first whenever she plays (so she can win three in a
    // row); else the game of the first thread by name.
    let next = |open: &BTreeMap<String, Value>| {
        let anns = open
            .iter()
            .find(|(_, p)| p["text"].as_str().unwrap().contains("ann"));
        anns.or(open.iter().next()).map(|(c, p)| (c.clone(), p.clone()))
    };
    while let Some((channel, post)) = next(&open) {
        minute += 5;
        if minute > 40 {
            break;
        }
        session.send(&json!({"tick": true, "at": after(minute)}));
        let pairing = t["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["channel"] == channel.as_str())
            .unwrap()
            .clone();
        let seats: Vec<&str> = pairing["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        let loser = if seats[1] == "ann" { seats[0] } else { seats[1] };
        let done = resign(&mut session, &post, loser);
        messages += new_messages_in_c1(&done, false);
        open.remove(&channel);
        let new = game_posts(&done);
        if minute >= 35 {
            assert!(
                new.is_empty(),
                "no pairing in the last ten minutes (at {minute}m): {done}"
            );
        }
        t = done["tournament"].clone();
        open.extend(new);
    }
    // Never paired again with the opponent just met.
    let pairings = t["pairings"].as_array().unwrap();
    for player in ["ann", "ben", "cat", "dan", "eve"] {
        let mine: Vec<Vec<&str>> = pairings
            .iter()
            .map(|p| {
                p["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_str().unwrap())
                    .collect::<Vec<_>>()
            })
            .filter(|seats| seats.contains(&player))
            .collect();
        for pair in mine.windows(2) {
            assert_ne!(pair[0], pair[1], "{player} met the same opponent twice in a row");
        }
    }
    // ann's third win in a row counts double.
    let ann: Vec<f64> = pairings
        .iter()
        .filter(|p| p["seats"].as_array().unwrap().contains(&json!("ann")) && p["result"].is_array())
        .map(|p| {
            let seat = p["seats"]
                .as_array()
                .unwrap()
                .iter()
                .position(|s| s == "ann")
                .unwrap();
            p["result"][seat].as_f64().unwrap()
        })
        .collect();
    assert!(ann.len() >= 3, "ann played {ann:?}");
    assert_eq!(&ann[..3], [2.0, 2.0, 4.0], "win 2, win 2, then double");
    // The end: the games still on are adjudicated and it is over.
    let end = session.send(&json!({"tick": true, "at": after(45)}));
    messages += new_messages_in_c1(&end, false);
    let texts = post_texts(&end);
    assert!(texts.iter().any(|t| t.contains("time is up")), "{texts:?}");
    let podium = end["posts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["text"].as_str().unwrap().contains("The tournament is over"))
        .unwrap_or_else(|| panic!("a podium: {end}"));
    assert!(podium["image"].is_string(), "the podium is drawn");
    let last = session.send(&at(
        command("olga", "c1", "tournament standings", json!({})),
        &after(46),
    ));
    let t = &last["tournament"];
    assert_eq!(t["status"], "finished");
    // Scores add up: each player's points are their games' points.
    let mut summed: BTreeMap<String, f64> = BTreeMap::new();
    for p in t["pairings"].as_array().unwrap() {
        for (seat, user) in p["seats"].as_array().unwrap().iter().enumerate() {
            *summed.entry(user.as_str().unwrap().to_string()).or_default() +=
                p["result"][seat].as_f64().unwrap();
        }
    }
    for (user, total) in points(t) {
        assert_eq!(summed.get(&user).copied().unwrap_or(0.0), total, "{user}: {t}");
    }
    assert_eq!(t["standings"][0]["user"], "ann", "{t}");
    // The channel: the board edited in place, the start and the end.
    assert!(messages <= 4, "{messages} new messages in c1");
}

/// "An Atta Ants Swiss of 7 players": tables of 3 and 4 by score, scored
/// by place (6/4/2/1 at four, 6/4/2 at three, ties split); a table whose
/// players leave ends by the game's own ranking, one unfinished at the
/// round's close is placed as it stood.
#[test]
fn an_atta_ants_swiss_of_seven_plays_tables_by_place() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    for options in [
        json!({"game": "atta-ants", "format": "arena"}),
        json!({"game": "atta-ants", "rated": "yes"}),
    ] {
        assert_refused(&session.send(&at(create(options), START)), "bad_option");
    }
    let created = session.send(&at(
        create(json!({"game": "atta-ants", "rounds": 2, "round": "1h"})),
        START,
    ));
    assert_ok(&created);
    let players = ["ann", "ben", "cat", "dan", "eve", "fay", "gus"];
    let join = component(&created, "join");
    for player in players {
        assert_ok(&session.send(&click(player, "c1", &join)));
    }
    let started = session.send(&click("olga", "c1", &component(&created, "start")));
    assert_ok(&started);
    let t = &started["tournament"];
    let mut tables: Vec<Value> = round_pairings(t, 1);
    tables.sort_by_key(|p| p["seats"].as_array().unwrap().len());
    let sizes: Vec<usize> = tables
        .iter()
        .map(|p| p["seats"].as_array().unwrap().len())
        .collect();
    assert_eq!(sizes, [3, 4], "{t}");
    let posts = game_posts(&started);
    assert_eq!(posts.len(), 2, "a game and a thread per table: {started}");
    for post in posts.values() {
        assert!(post["image"].is_string(), "each table's board is drawn");
        let text = post["text"].as_str().unwrap();
        let table = tables.iter().find(|p| p["channel"] == post["channel"]).unwrap();
        for seat in table["seats"].as_array().unwrap() {
            assert!(
                text.contains(seat.as_str().unwrap()),
                "every player is pinged: {text}"
            );
        }
    }
    // At the table of three, two leave: the one who stays wins it.
    let three = &tables[0];
    let channel = three["channel"].as_str().unwrap();
    let seats: Vec<&str> = three["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    for leaver in &seats[1..] {
        let left = session.send(&at(command(leaver, channel, "atta leave", json!({})), &after(10)));
        assert_ok(&left);
    }
    let standings = session.send(&at(
        command("olga", "c1", "tournament standings", json!({})),
        &after(11),
    ));
    let t = &standings["tournament"];
    let decided = t["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["channel"] == channel)
        .unwrap();
    assert_eq!(
        decided["result"][0], 6.0,
        "the one who stayed is first: {decided}"
    );
    assert_eq!(points(t)[seats[0]], 6.0);
    // The table of four is unfinished when the round closes: placed as it
    // stood, and round 2 is seated.
    let closed = session.send(&json!({"tick": true, "at": after(61)}));
    assert!(
        post_texts(&closed).iter().any(|t| t.contains("Round 1 closed")),
        "{closed}"
    );
    let round_two = game_posts(&closed);
    assert_eq!(round_two.len(), 2, "round 2's tables: {closed}");
    let last = session.send(&json!({"tick": true, "at": after(122)}));
    let podium = last["posts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["text"].as_str().unwrap().contains("The tournament is over"))
        .unwrap_or_else(|| panic!("a podium: {last}"));
    assert!(podium["image"].is_string());
    let standings = session.send(&at(
        command("olga", "c1", "tournament standings", json!({})),
        &after(123),
    ));
    let t = &standings["tournament"];
    assert_eq!(t["status"], "finished");
    // Each round shares out 13 points at four and 12 at three.
    let total: f64 = points(t).values().sum();
    assert_eq!(total, 50.0, "{t}");
    assert!(t["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["result"].is_array()));
}

#[test]
fn a_player_who_leaves_an_atta_ants_tournament_leaves_their_table() {
    // Atta Ants (../shared/rules/atta-ants.md): a player who leaves, the
    // others play on; leaving the tournament leaves its table's game so.
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let created = session.send(&at(
        create(json!({"game": "atta-ants", "rounds": 2, "round": "1h"})),
        START,
    ));
    assert_ok(&created);
    let join = component(&created, "join");
    for player in ["ann", "ben", "cat"] {
        assert_ok(&session.send(&at(click(player, "c1", &join), START)));
    }
    let started = session.send(&at(click("olga", "c1", &component(&created, "start")), START));
    assert_ok(&started);
    let posts = game_posts(&started);
    let channel = posts.keys().next().expect("one table").clone();
    let left = session.send(&at(
        command("ann", "c1", "tournament leave", json!({})),
        &after(5),
    ));
    assert_ok(&left);
    let record = session.send(&at(command("ben", &channel, "record", json!({})), &after(6)));
    assert_ok(&record);
    let text = record["text"].as_str().unwrap();
    assert!(text.contains(": leave"), "ann left the table's game: {text}");
    assert!(
        text.contains("[Result \"in progress\"]"),
        "the other two play on: {text}"
    );
}

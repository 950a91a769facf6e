//! Army Ants by clicks alone, through `antics script`: after the challenge
//! command, both players use only the components they can see (the board
//! message, edited in place, and their own private messages), picked at
//! random, for random, minor and total deployments.

use crate::common;

use common::*;
use rand::prelude::*;
use serde_json::{json, Value};
use std::collections::HashMap;

const PLAYERS: [&str; 2] = ["alice", "bob"];

/// What each player can see of the game: the one public board message and
/// their latest private message.
struct Table {
    board: Value,
    /// The game as the latest reply summed it up.
    game: Value,
    private: HashMap<String, Value>,
    clicks: usize,
    public_messages: usize,
    /// "Your move" pings and end-of-game records, apart from the rest.
    pings: usize,
    records: usize,
    /// New private messages each player was sent (a picker updated in
    /// place is not a new one).
    private_messages: HashMap<String, usize>,
}

impl Table {
    /// Takes in `reply` to `user`'s input the way Discord shows it.
    fn see(&mut self, user: &str, reply: &Value) {
        assert_ok(reply);
        self.game = reply["game"].clone();
        if reply["ephemeral"] == true {
            if reply["update"] == false {
                *self.private_messages.entry(user.to_string()).or_default() += 1;
            }
            self.private.insert(user.to_string(), reply.clone());
        } else {
            if reply["update"] == false {
                self.public_messages += 1;
            }
            self.board = reply.clone();
        }
        for post in reply["posts"].as_array().into_iter().flatten() {
            if post["edit"] == true {
                self.board = post.clone();
                // A new row was dealt: "waiting" notes are out of date.
                self.private.retain(|_, m| !waiting(m));
            } else if post["ping"] == true {
                self.pings += 1;
            } else if post["record"] == true {
                self.records += 1;
            } else {
                self.public_messages += 1;
            }
        }
    }

    /// The components `user` can see, board first.
    fn components(&self, user: &str) -> Vec<Value> {
        let mut all: Vec<Value> = self.board["components"].as_array().cloned().unwrap_or_default();
        if let Some(private) = self.private.get(user) {
            all.extend(private["components"].as_array().cloned().unwrap_or_default());
        }
        all
    }
}

/// A private note that the player has placed and waits for the other.
fn waiting(message: &Value) -> bool {
    message["text"]
        .as_str()
        .is_some_and(|t| t.contains("Waiting for"))
}

/// Plays a whole game by clicks: random clicks among what the player whose
/// turn it is can see, then, after `moves` moves, a resignation through
/// its confirmation. Returns the table at the end.
fn play(s: &Scratch, deployment: &str, seed: u64, moves: usize) -> Table {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut session = Session::start(s);
    let challenge = session.send(&command(
        "alice",
        "c1",
        "armyants challenge",
        json!({"opponent": "bob", "color": "red", "deployment": deployment}),
    ));
    let mut table = Table {
        board: Value::Null,
        game: Value::Null,
        private: HashMap::new(),
        clicks: 0,
        public_messages: 0,
        pings: 0,
        records: 0,
        private_messages: HashMap::new(),
    };
    table.see("alice", &challenge);
    let mut played = 0;
    for _ in 0..5_000 {
        let game = table.game.clone();
        if game["status"] == "finished" {
            return table;
        }
        // Who acts: whoever has the move, or a player still deploying.
        let user = match game["to_move"].as_str() {
            Some(user) => user.to_string(),
            None if game["status"] == "pending" => "bob".to_string(),
            None => {
                let placing: Vec<&str> = PLAYERS
                    .into_iter()
                    .filter(|p| !table.private.get(*p).is_some_and(waiting))
                    .collect();
                placing.choose(&mut rng).expect("someone is placing").to_string()
            }
        };
        let visible = table.components(&user);
        let wanted: Vec<Value> = if played >= moves {
            // Time to stop: resign, and say yes when asked.
            visible
                .into_iter()
                .filter(|c| verb(c) == "resign" || verb(c).starts_with("resignok"))
                .collect()
        } else {
            visible
                .into_iter()
                .filter(|c| {
                    let v = verb(c);
                    !["resign", "draw", "decline"].iter().any(|no| v.starts_with(no))
                })
                .collect()
        };
        // A player keeps to the picker in front of them when it offers
        // something: its selects, like the board's, reach every move.
        let private_ids: Vec<&str> = table
            .private
            .get(&user)
            .and_then(|m| m["components"].as_array())
            .into_iter()
            .flatten()
            .filter_map(|c| c["id"].as_str())
            .collect();
        let in_picker: Vec<&Value> = wanted
            .iter()
            .filter(|c| private_ids.contains(&c["id"].as_str().unwrap_or_default()))
            .collect();
        let component = wanted
            .iter()
            .find(|c| verb(c).starts_with("resignok"))
            .or_else(|| in_picker.choose(&mut rng).copied())
            .or_else(|| wanted.choose(&mut rng))
            .cloned()
            .unwrap_or_else(|| panic!("{user} sees nothing to click: {}", table.board));
        let line = use_component(&user, "c1", &component, &mut rng);
        let reply = session.send(&line);
        table.clicks += 1;
        if verb(&component).starts_with("move") {
            played += 1;
        }
        // A click on a message replaces it; only the Deploy and the pick
        // buttons open a private message of their own.
        let opens = ["deploy", "pick", "resign"].contains(&verb(&component).as_str());
        assert_eq!(reply["update"], !opens, "{line} → {reply}");
        table.see(&user, &reply);
    }
    panic!("the game did not end: {}", table.game);
}

#[test]
fn whole_games_by_clicks_alone() {
    for s in Scratch::each() {
        for (deployment, seed) in [("random", 1), ("minor", 2), ("total", 3)] {
            let table = play(&s, deployment, seed, 40);
            let game = &table.game;
            assert_eq!(game["status"], "finished", "{deployment}");
            assert_eq!(game["result"]["outcome"], "win", "{deployment}: {game}");
            // The challenge became the board; nothing else was posted.
            assert_eq!(table.public_messages, 1, "{deployment}");
            // Each move by a click edits the board, which notifies no one:
            // the other player gets a ping. The end shows the record.
            assert!(table.pings >= 2, "{deployment}: {} pings", table.pings);
            assert_eq!(table.records, 1, "{deployment}");
            // A private picker is updated in place move after move: each
            // player gets at most a deployment picker, a move picker (or
            // two, when the picker was left waiting at the reveal) and the
            // resignation's confirmation.
            for (user, count) in &table.private_messages {
                assert!(*count <= 4, "{deployment}: {user} got {count} private messages");
            }
            eprintln!(
                "{deployment}: {} clicks, {} new public messages, private {:?}",
                table.clicks, table.public_messages, table.private_messages
            );
        }
    }
}

#[test]
fn a_deployment_picker_refuses_strangers_and_stale_rows() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        let challenge = session.send(&command(
            "alice",
            "c1",
            "armyants challenge",
            json!({"opponent": "bob", "color": "red", "deployment": "minor"}),
        ));
        let accept = component(&challenge, "accept");
        let board = session.send(&click("bob", "c1", &accept));
        assert_eq!(board["update"], true);
        let twice = session.send(&click("bob", "c1", &accept));
        assert_refused(&twice, "conflict");
        let deploy = component(&board, "deploy");
        let mut rows: HashMap<&str, Value> = HashMap::new();
        for user in PLAYERS {
            let picker = session.send(&click(user, "c1", &deploy));
            assert_eq!(picker["ephemeral"], true);
            assert!(picker["text"]
                .as_str()
                .unwrap()
                .starts_with("Your front row cards: "));
            rows.insert(user, picker);
        }
        // Carol is not playing; her click changes nothing.
        let random = rows["alice"]["components"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| verb(c).starts_with("dpr"))
            .unwrap()
            .clone();
        let refused = session.send(&click("carol", "c1", random["id"].as_str().unwrap()));
        assert_refused(&refused, "not_a_player");
        // Both place at random and confirm; the row is dealt anew.
        let mut first_row = Vec::new();
        let mut placed_replies = Vec::new();
        for user in PLAYERS {
            let random = rows[user]["components"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| verb(c).starts_with("dpr"))
                .unwrap()
                .clone();
            let full = session.send(&click(user, "c1", random["id"].as_str().unwrap()));
            assert_eq!(full["update"], true);
            let confirm = full["components"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| verb(c).starts_with("dpo"))
                .unwrap()
                .clone();
            first_row.push((user, confirm.clone()));
            if user == "bob" {
                // Alice placed first and waits: Next row, pressed before Bob
                // has placed, says so again in place.
                let early = session.send(&click("alice", "c1", &component(&placed_replies[0], "nextrow")));
                assert_eq!(early["update"], true);
                assert!(
                    early["text"].as_str().unwrap().contains("Waiting for bob"),
                    "{early}"
                );
            }
            let placed = session.send(&click(user, "c1", confirm["id"].as_str().unwrap()));
            assert_ok(&placed);
            assert_eq!(placed["update"], true);
            placed_replies.push(placed);
        }
        // Bob placed second: his picker went on to the second row, and the
        // board was edited to tell Alice, who waits (the edit names her, so
        // Discord pings her).
        let (alice, bob) = (&placed_replies[0], &placed_replies[1]);
        assert!(
            bob["text"].as_str().unwrap().contains("Your second row cards"),
            "{bob}"
        );
        let told = bob["posts"].as_array().unwrap().iter().any(|p| {
            p["edit"] == true
                && p["text"]
                    .as_str()
                    .unwrap()
                    .starts_with("Both players placed a row. alice: press **Next row**")
        });
        assert!(told, "{bob}");
        // Alice goes on in her own private message: Next row opens her next
        // row in place (it said "waiting" before Bob placed; see below).
        let next_row = component(alice, "nextrow");
        let second = session.send(&click("alice", "c1", &next_row));
        assert_eq!(
            (second["ephemeral"].clone(), second["update"].clone()),
            (json!(true), json!(true))
        );
        assert!(
            second["text"]
                .as_str()
                .unwrap()
                .starts_with("Your second row cards"),
            "{second}"
        );
        // A confirm of the first row, clicked again, is refused.
        let (user, confirm) = &first_row[0];
        let stale = session.send(&click(user, "c1", confirm["id"].as_str().unwrap()));
        assert_refused(&stale, "conflict");
        let positions = session.send(&command("carol", "c1", "record", json!({})));
        let record = positions["text"].as_str().unwrap_or("");
        let shown = record
            .split("deploy ")
            .skip(1)
            .any(|rest| rest.starts_with(|c: char| c.is_ascii_digit() || c == 'Q'));
        assert!(!shown, "the placements stay secret while deploying: {record}");
    }
}

#[test]
fn a_finished_game_offers_a_rematch_with_colours_swapped() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        let challenge = session.send(&command(
            "alice",
            "c1",
            "armyants challenge",
            json!({"opponent": "bob", "color": "red"}),
        ));
        let board = session.send(&click("bob", "c1", &component(&challenge, "accept")));
        assert_ok(&board);
        let over = session.send(&command("alice", "c1", "armyants resign", json!({})));
        assert_eq!(over["game"]["status"], "finished");
        let rematch = component(&over, "rematch");
        assert_refused(&session.send(&click("carol", "c1", &rematch)), "not_a_player");
        let again = session.send(&click("bob", "c1", &rematch));
        assert_ok(&again);
        assert_eq!(again["update"], false, "a rematch is a new message");
        let text = again["text"].as_str().unwrap();
        assert!(text.starts_with("alice, bob challenges you"), "{text}");
        assert!(text.contains("You would play Black"), "{text}");
        assert_ne!(again["game"]["id"], over["game"]["id"]);
        let started = session.send(&click("alice", "c1", &component(&again, "accept")));
        assert_ok(&started);
        assert_eq!(started["game"]["to_move"], "bob", "bob has Red now");
    }
}

#[test]
fn an_open_challenge_is_taken_by_the_first_to_accept() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        let open = session.send(&command(
            "alice",
            "c1",
            "armyants challenge",
            json!({"color": "red"}),
        ));
        assert_ok(&open);
        let text = open["text"].as_str().unwrap();
        assert!(text.contains("challenges anyone here"), "{text}");
        let accept = component(&open, "accept");
        assert_refused(&session.send(&click("alice", "c1", &accept)), "not_a_player");
        let taken = session.send(&click("carol", "c1", &accept));
        assert_ok(&taken);
        assert_eq!(taken["update"], true);
        assert_eq!(taken["game"]["status"], "active");
        assert_eq!(taken["game"]["to_move"], "alice");
        // The seat is carol's now: dave's click comes too late.
        assert_refused(&session.send(&click("dave", "c1", &accept)), "conflict");
        let moves = session.send(&command("carol", "c1", "armyants resign", json!({})));
        assert_eq!(moves["game"]["status"], "finished");
        assert!(moves["text"].as_str().unwrap().contains("carol resigned"));
    }
}

//! Whole Army Ants games against the computer by clicks, through `antics
//! script`, at each level and in each deployment: the computer moves on the
//! one board. A game makes one new public message (the board; Discord adds
//! the record at the end), every click the player can see is accepted (the
//! board never offers a button that can only be refused), and the reply to
//! a move tells both moves. And a challenge through commands, which the
//! computer answers on the same board.

use crate::common;

use chrono::{Duration, TimeZone, Utc};
use common::*;
use rand::prelude::*;
use serde_json::{json, Value};

struct Game {
    session: Session,
    /// The public board as the channel shows it.
    board: Value,
    /// alice's latest private message.
    private: Value,
    game: Value,
    public_messages: usize,
    /// "Your move" pings and end-of-game records, apart from the rest.
    pings: usize,
    records: usize,
    private_messages: usize,
    clicks: usize,
    /// The computer declined alice's draw offer.
    declined: bool,
    /// The script's clock: a few seconds a click, as a person plays.
    at: chrono::DateTime<Utc>,
}

impl Game {
    fn send(&mut self, mut line: Value) -> Value {
        self.at += Duration::seconds(5);
        line["at"] = json!(self.at.to_rfc3339());
        let reply = self.session.send(&line);
        assert_ok(&reply);
        self.game = reply["game"].clone();
        if reply["ephemeral"] == true {
            if reply["update"] == false {
                self.private_messages += 1;
            }
            self.private = reply.clone();
        } else {
            if reply["update"] == false {
                self.public_messages += 1;
            }
            self.board = reply.clone();
        }
        for post in reply["posts"].as_array().into_iter().flatten() {
            if post["edit"] == true {
                self.board = post.clone();
            } else if post["ping"] == true {
                self.pings += 1;
            } else if post["record"] == true {
                self.records += 1;
            } else {
                self.public_messages += 1;
            }
        }
        reply
    }

    fn visible(&self) -> Vec<Value> {
        [&self.board, &self.private]
            .iter()
            .flat_map(|m| m["components"].as_array().cloned().unwrap_or_default())
            .collect()
    }
}

/// Plays a game as alice against the computer: she clicks what she sees,
/// in her picker when it offers something, offers a draw once, and
/// resigns through the confirmation after `moves` moves.
fn play(level: &str, deployment: &str, seed: u64, moves: usize) -> Game {
    let s = Scratch::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = Game {
        session: Session::start(&s),
        board: Value::Null,
        private: Value::Null,
        game: Value::Null,
        public_messages: 0,
        pings: 0,
        records: 0,
        private_messages: 0,
        clicks: 0,
        declined: false,
        at: Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap(),
    };
    let challenge = command(
        "alice",
        "c1",
        "armyants challenge",
        json!({"opponent": "antics", "level": level, "deployment": deployment, "seed": seed.to_string()}),
    );
    g.send(challenge);
    let mut played = 0;
    let mut offered = false;
    for _ in 0..2_000 {
        if g.game["status"] == "finished" {
            return g;
        }
        let visible = g.visible();
        let private_ids: Vec<String> = g.private["components"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| c["id"].as_str().unwrap().to_string())
            .collect();
        let wanted: Vec<Value> = if played >= moves {
            visible
                .into_iter()
                .filter(|c| verb(c) == "resign" || verb(c).starts_with("resignok"))
                .collect()
        } else if played == 3 && !offered {
            offered = true;
            visible.into_iter().filter(|c| verb(c) == "draw").collect()
        } else {
            visible
                .into_iter()
                .filter(|c| !["resign", "draw"].iter().any(|no| verb(c).starts_with(no)))
                .collect()
        };
        let in_picker: Vec<&Value> = wanted
            .iter()
            .filter(|c| private_ids.contains(&c["id"].as_str().unwrap().to_string()))
            .collect();
        let component = wanted
            .iter()
            .find(|c| verb(c).starts_with("resignok"))
            .or_else(|| in_picker.choose(&mut rng).copied())
            .or_else(|| wanted.choose(&mut rng))
            .cloned()
            .unwrap_or_else(|| panic!("alice sees nothing to click: {}", g.board));
        let mut line = click("alice", "c1", component["id"].as_str().unwrap());
        if let Some(options) = component["options"].as_array() {
            line["values"] = json!([options.choose(&mut rng).unwrap()["value"]]);
        }
        // `send` checks that the click is accepted.
        let reply = g.send(line);
        g.clicks += 1;
        let v = verb(&component);
        if v.starts_with("move") {
            played += 1;
            // The picker tells both moves: alice's and the computer's answer.
            let text = reply["text"].as_str().unwrap();
            let chosen = reply["posts"][0]["text"].as_str().unwrap_or_default();
            assert!(text.starts_with("alice ("), "{text}");
            // (In the rally alice may have several turns in a row, after
            // the computer's Favor or once its rally turns are spent.)
            let rally = reply["game"]["position"].as_str().unwrap().contains("rally");
            if reply["game"]["status"] == "active" && !rally {
                assert!(text.contains("antics ("), "{text}");
            }
            assert_eq!(chosen.lines().next(), Some(text), "the board says the same");
        }
        if v == "draw" {
            let text = reply["text"].as_str().unwrap();
            if text.contains("declines the draw") {
                g.declined = true;
                assert!(
                    g.visible().iter().all(|c| verb(c) != "draw"),
                    "no draw button after the computer declined: {}",
                    g.board
                );
            }
        }
    }
    panic!("the game did not end: {}", g.game);
}

#[test]
fn whole_games_against_the_computer_make_one_public_message() {
    let mut declined = 0;
    for (level, deployment, seed, moves) in [
        ("easy", "random", 11, 30),
        ("normal", "minor", 12, 20),
        ("hard", "total", 13, 8),
        ("easy", "minor", 14, 12),
    ] {
        let g = play(level, deployment, seed, moves);
        assert_eq!(g.game["status"], "finished", "{level} {deployment}");
        assert_eq!(
            g.public_messages, 1,
            "{level} {deployment}: only the board is a new public message"
        );
        // The computer answers at once, so alice is never pinged; her
        // resignation shows the game's record.
        assert_eq!((g.pings, g.records), (0, 1), "{level} {deployment}");
        // One private picker for the deployment and the moves (or one for
        // the moves, from the first card picked on the board), and the
        // resignation's confirmation.
        assert!(
            g.private_messages <= 2,
            "{level} {deployment}: {}",
            g.private_messages
        );
        declined += usize::from(g.declined);
        eprintln!(
            "{level} {deployment}: {} clicks, {} public, {} private messages; {}",
            g.clicks, g.public_messages, g.private_messages, g.game["result"]["detail"]
        );
    }
    assert!(declined > 0, "the computer declined no draw offer");
}

#[test]
fn the_bot_answers_on_the_same_board() {
    let s = Scratch::new();
    let out = s.run(&[command(
        "alice",
        "c1",
        "armyants challenge",
        json!({"opponent": "antics", "level": "easy", "color": "black", "seed": "5"}),
    )]);
    // The bot plays Red, so it moved at once: the game is active and it is
    // alice's turn, with the bot's move told on the board itself.
    let start = &out[0];
    assert_ok(start);
    assert_eq!(start["game"]["status"], "active");
    assert_eq!(start["game"]["to_move"], "alice");
    assert!(start["posts"].as_array().unwrap().is_empty(), "{start}");
    let text = start["text"].as_str().unwrap();
    assert!(text.contains("antics (Red) played **"), "{text}");
    // alice plays her first legal action; the bot answers in the same reply.
    let legal = start["game"]["legal"][0].as_str().unwrap().to_string();
    let out = s.run(&[mv("alice", &legal)]);
    assert_ok(&out[0]);
    assert_eq!(out[0]["game"]["to_move"], "alice");
    assert!(out[0]["posts"].as_array().unwrap().is_empty(), "{}", out[0]);
    let text = out[0]["text"].as_str().unwrap();
    assert!(
        text.starts_with(&format!(
            "alice (Black) played **{legal}**. antics (Red) played **"
        )),
        "{text}"
    );
    assert!(out[0]["image"].as_str().is_some_and(|p| p.ends_with(".png")));
}

//! Playing where the bot is not a member (a group DM, `"guild": null`, or a
//! user-installed command in a server without the bot, `"bot_member":
//! false`), through `antics script`: every game works, and no reply asks
//! for a message sent with the bot's token there. Later news goes to DMs.

use crate::common;

use common::*;
use serde_json::{json, Value};

/// A line in the group DM `gdm`.
fn here(mut line: Value) -> Value {
    line["guild"] = Value::Null;
    line
}

fn cmd(user: &str, name: &str, options: Value) -> Value {
    here(command(user, "gdm", name, options))
}

fn press(user: &str, id: &str) -> Value {
    here(click(user, "gdm", id))
}

/// Nothing in the reply is for the bot's token: its posts are follow-ups
/// of the interaction or DMs, and none edits a board message.
fn through_interaction_only(reply: &Value) {
    for post in reply["posts"].as_array().expect("posts") {
        assert_eq!(post["edit"], false, "an edit needs the bot's token: {reply}");
        assert!(
            post["followup"] == true || post["dm"].is_string(),
            "a post for the bot's token: {reply}"
        );
    }
}

/// The DMs of a reply, as (user, text).
fn dms(reply: &Value) -> Vec<(String, String)> {
    reply["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .filter_map(|p| Some((p["dm"].as_str()?.to_string(), p["text"].as_str()?.to_string())))
        .collect()
}

fn send(session: &mut Session, line: Value) -> Value {
    let reply = session.send(&line);
    through_interaction_only(&reply);
    reply
}

#[test]
fn an_army_ants_game_in_a_group_dm() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        let mut line = cmd(
            "alice",
            "armyants challenge",
            json!({"opponent": "bob", "color": "red"}),
        );
        line["at"] = json!("2026-03-01T10:00:00Z");
        let challenge = send(&mut session, line);
        assert_ok(&challenge);
        assert!(challenge["text"].as_str().unwrap().contains("not a member here"));
        assert_ok(&send(&mut session, cmd("bob", "alerts", json!({"turns": "on"}))));
        let accepted = send(&mut session, press("bob", &component(&challenge, "accept")));
        assert_ok(&accepted);
        assert_eq!(accepted["update"], true);
        let mut game = accepted["game"].clone();
        for turn in 0..8 {
            let user = game["to_move"].as_str().expect("someone to move").to_string();
            let action = game["legal"][0].as_str().expect("a legal action").to_string();
            let reply = send(
                &mut session,
                cmd(&user, "armyants move", json!({ "action": action })),
            );
            assert_ok(&reply);
            game = reply["game"].clone();
            // Bob asked for turn alerts; Alice did not.
            let alerts = dms(&reply);
            if user == "alice" && game["to_move"] == "bob" {
                assert_eq!(alerts.len(), 1, "turn {turn}: {reply}");
                assert_eq!(alerts[0].0, "bob");
                assert!(alerts[0].1.contains("your move in the Army Ants game"));
            } else {
                assert!(alerts.is_empty(), "turn {turn}: {reply}");
            }
        }
        let board = send(&mut session, cmd("alice", "record", json!({})));
        assert_ok(&board);
        let resign = send(&mut session, cmd("alice", "armyants resign", json!({})));
        assert_ok(&resign);
        let resign = match resign["game"]["status"].as_str() {
            Some("finished") => resign,
            _ => send(&mut session, press("alice", &component(&resign, "resignok"))),
        };
        assert_eq!(resign["game"]["status"], "finished", "{resign}");
        let record = send(&mut session, cmd("bob", "record", json!({})));
        assert_ok(&record);
        let positions = record["text"].as_str().unwrap().lines().count();
        assert!(gif_frames(&record) > 1 && positions > 1);
        // Games outside a server are not rated.
        let board = send(
            &mut session,
            cmd("bob", "leaderboard", json!({"game": "army-ants"})),
        );
        assert_refused(&board, "bad_option");
    }
}

#[test]
fn a_patience_and_a_daily_in_a_group_dm() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let mut line = cmd("alice", "solitaire new", json!({"game": "ants", "seed": "3"}));
    line["at"] = json!("2026-03-01T10:00:00Z");
    let board = send(&mut session, line);
    assert_ok(&board);
    let action = board["game"]["legal"][0].as_str().unwrap().to_string();
    // A typed move answers privately and shows the board anew (a follow-up).
    let typed = send(
        &mut session,
        cmd("alice", "solitaire move", json!({ "action": action })),
    );
    assert_ok(&typed);
    assert!(typed["posts"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["followup"] == true));
    let ended = send(&mut session, cmd("alice", "solitaire end", json!({})));
    assert_ok(&ended);

    let daily = send(&mut session, cmd("bob", "daily play", json!({"game": "anthill"})));
    assert_ok(&daily);
    assert_eq!(daily["ephemeral"], true);
    let action = daily["game"]["legal"][0].as_str().unwrap().to_string();
    assert_ok(&send(
        &mut session,
        cmd("bob", "solitaire move", json!({ "action": action })),
    ));
    assert_ok(&send(&mut session, cmd("bob", "solitaire end", json!({}))));
    let global = send(
        &mut session,
        cmd(
            "bob",
            "leaderboard",
            json!({"game": "anthill", "scope": "global"}),
        ),
    );
    assert_ok(&global);
    assert!(global["embeds"][0]["description"]
        .as_str()
        .unwrap()
        .contains("bob"));
    assert_refused(
        &send(
            &mut session,
            cmd(
                "bob",
                "leaderboard",
                json!({"game": "anthill", "scope": "server"}),
            ),
        ),
        "bad_option",
    );
    // The bot cannot post here each day.
    let mut subscribe = cmd("bob", "dailypost subscribe", json!({}));
    subscribe["permissions"] = json!(["manage_channels"]);
    assert_refused(&send(&mut session, subscribe), "not_allowed");
}

#[test]
fn later_news_goes_to_the_players_dms() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let mut line = cmd("alice", "armyants challenge", json!({"opponent": "bob"}));
    line["at"] = json!("2026-03-01T10:00:00Z");
    assert_ok(&send(&mut session, line));
    // And one in a server that has the bot, for comparison.
    let mut line = command("carol", "c1", "armyants challenge", json!({"opponent": "dave"}));
    line["at"] = json!("2026-03-01T10:00:00Z");
    assert_ok(&session.send(&line));
    let tick = session.send(&json!({"tick": true, "at": "2026-03-01T11:00:00Z"}));
    let posts = tick["posts"].as_array().unwrap();
    let to: Vec<(&str, Option<&str>)> = posts
        .iter()
        .map(|p| (p["channel"].as_str().unwrap(), p["dm"].as_str()))
        .collect();
    assert_eq!(to.len(), 3, "{tick}");
    assert!(to.contains(&("gdm", Some("alice"))), "{tick}");
    assert!(to.contains(&("gdm", Some("bob"))), "{tick}");
    assert!(to.contains(&("c1", None)), "{tick}");
    for post in posts.iter().filter(|p| p["dm"].is_string()) {
        let text = post["text"].as_str().unwrap();
        assert!(
            text.starts_with("About your game in channel gdm: The challenge"),
            "{text}"
        );
    }
}

#[test]
fn a_user_installed_command_in_a_server_without_the_bot() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let without = |mut line: Value| {
        line["bot_member"] = json!(false);
        line
    };
    let challenge = session.send(&without(command(
        "alice",
        "c9",
        "armyants challenge",
        json!({"opponent": "antics"}),
    )));
    assert_ok(&challenge);
    let action = challenge["game"]["legal"][0].as_str().unwrap().to_string();
    // The computer's answer comes in the reply to the move itself: no
    // message with the bot's token.
    let reply = session.send(&without(command(
        "alice",
        "c9",
        "armyants move",
        json!({ "action": action }),
    )));
    assert_ok(&reply);
    through_interaction_only(&reply);
    assert!(reply["text"].as_str().unwrap().contains(") played **"), "{reply}");
}

#[test]
fn turn_alerts_are_switched_by_each_player() {
    let s = Scratch::new();
    let out = s.run(&[
        command("bob", "c1", "alerts", json!({})),
        command("bob", "c1", "alerts", json!({"turns": "on"})),
        command("bob", "c1", "alerts", json!({})),
        command("bob", "c1", "alerts", json!({"turns": "maybe"})),
        command("bob", "c1", "alerts", json!({"turns": "off"})),
        command("bob", "c1", "alerts", json!({})),
    ]);
    assert!(out[0]["text"].as_str().unwrap().contains("are off"));
    assert!(out[1]["text"].as_str().unwrap().contains("are on"));
    assert!(out[2]["text"].as_str().unwrap().contains("are on"));
    assert_refused(&out[3], "bad_option");
    assert!(out[4]["text"].as_str().unwrap().contains("off"));
    assert!(out[5]["text"].as_str().unwrap().contains("are off"));
    for reply in &out {
        assert_eq!(reply["ephemeral"], true);
    }
}

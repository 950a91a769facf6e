//! `antics serve`, the built binary on loopback: Discord's interactions
//! over HTTP, signed with a local Ed25519 key as Discord signs them, the
//! follow-up calls caught by a fake Discord (`ANTICS_DISCORD_API`), and the
//! health and metrics endpoints.
//!
//! Discord's rules quoted here are from "Receiving and Responding"
//! (discord.com/developers/docs/interactions/receiving-and-responding).

use crate::serve_support;

use serde_json::{json, Value};
use serve_support::*;

// ---------------------------------------------------------------- the tests

/// "Your endpoint must be prepared to ACK a PING message", and "If you are
/// not properly validating this signature header, we will not allow you to
/// save your interactions URL": a signed PING gets type 1 (PONG); a missing
/// or wrong signature, or an old timestamp (a replay), gets 401.
#[test]
fn only_signed_fresh_requests_are_answered() {
    let fake = FakeDiscord::start();
    let server = Server::start("signatures", fake.port);
    let ping = json!({"id": "1", "application_id": BOT, "type": 1, "token": "t", "version": 1}).to_string();
    let body = ping.as_bytes();

    let pong = server.post(body, &signed(body, now()));
    assert_eq!(pong.status, 200, "{}", server.log());
    assert_eq!(pong.json(), json!({"type": 1}));

    let missing = server.post(body, &[("Content-Type", "application/json".into())]);
    assert_eq!(missing.status, 401);

    // Signed for another body.
    let mut forged = signed(b"{\"type\":1,\"other\":true}", now());
    forged.truncate(2);
    assert_eq!(server.post(body, &forged).status, 401);

    let mut garbled = signed(body, now());
    garbled[0].1 = "zz".repeat(64);
    assert_eq!(server.post(body, &garbled).status, 401);

    let old = server.post(body, &signed(body, now() - 6 * 60));
    assert_eq!(old.status, 401, "a timestamp six minutes old is a replay");
    let recent = server.post(body, &signed(body, now() - 4 * 60));
    assert_eq!(recent.status, 200, "four minutes is within the window");

    // Bad input: a clear 4xx, and the server keeps answering.
    let malformed = b"{\"type\": 2, ";
    let r = server.post(malformed, &signed(malformed, now()));
    assert_eq!(r.status, 400);
    assert!(r.text().contains("malformed JSON"), "{}", r.text());
    let unknown = br#"{"type": 9, "id": "1", "token": "t"}"#;
    let r = server.post(unknown, &signed(unknown, now()));
    assert_eq!(r.status, 400);
    assert!(r.text().contains("unknown interaction type 9"), "{}", r.text());
    let not_an_interaction = br#"{"type": 2, "id": "x"}"#;
    let r = server.post(not_an_interaction, &signed(not_an_interaction, now()));
    assert_eq!(r.status, 400);
    let huge = vec![b' '; 300 * 1024];
    assert_eq!(server.post(&huge, &signed(&huge, now())).status, 413);

    assert_eq!(server.post(body, &signed(body, now())).status, 200);
    assert!(!server.log().contains("panicked"), "{}", server.log());
}

/// A patience over HTTP: the slash command answered with the board
/// ("CHANNEL_MESSAGE_WITH_SOURCE", type 4, the PNG as `files[0]`), a move
/// picked on the board ("UPDATE_MESSAGE", type 7), autocomplete
/// ("APPLICATION_COMMAND_AUTOCOMPLETE_RESULT", type 8); then /healthz and
/// /metrics count what happened.
#[test]
fn a_patience_is_played_over_http() {
    let mut fake = FakeDiscord::start();
    let server = Server::start("patience", fake.port);

    let health = request(server.port, "GET", "/healthz", &[], b"");
    assert_eq!(health.status, 200, "{}", server.log());

    let options = json!([
        {"name": "game", "type": 3, "value": "anthill"},
        {"name": "seed", "type": 3, "value": "7"}
    ]);
    let response = server.interact(&interaction(
        "700000000000000001",
        "tok-new",
        2,
        solitaire("new", options),
    ));
    assert_eq!(response.status, 200, "{}", server.log());
    let (data, png) = board_of(&response, &mut fake, "tok-new");
    assert!(png.starts_with(PNG), "a PNG board");
    let pick = data["components"]
        .as_array()
        .expect("components")
        .iter()
        .flat_map(|row| row["components"].as_array().unwrap().clone())
        .find(|c| c["type"] == 3)
        .expect("a move select on the patience board");
    assert!(pick["custom_id"].as_str().unwrap().starts_with("sol:"));
    // The response became the board message: read back through the webhook.
    fake.wait_for("reading the response back", |r| {
        r.head.starts_with("GET") && r.head.contains("/tok-new/messages/@original")
    });

    // Autocomplete for `/solitaire move`: the legal moves.
    let focused = json!([{"name": "action", "type": 3, "value": "", "focused": true}]);
    let auto = server.interact(&interaction(
        "700000000000000002",
        "tok-auto",
        4,
        solitaire("move", focused),
    ));
    assert_eq!(auto.status, 200);
    let auto = auto.json();
    assert_eq!(auto["type"], 8, "{auto}");
    let choices = auto["data"]["choices"].as_array().expect("choices");
    assert!(!choices.is_empty() && choices.len() <= 25, "{auto}");

    // A move picked on the board's select: the board is updated in place.
    let value = pick["options"][0]["value"].as_str().unwrap().to_string();
    let mut click = interaction(
        "700000000000000003",
        "tok-pick",
        3,
        json!({"custom_id": pick["custom_id"], "component_type": 3, "values": [value]}),
    );
    click["message"] = message(BOARD, "patience");
    let update = server.interact(&click);
    assert_eq!(update.status, 200, "{}", server.log());
    let kind = update.json()["type"].as_u64();
    assert!(matches!(kind, Some(7 | 6 | 4)), "{}", update.text());
    if matches!(kind, Some(7 | 6)) {
        let (_, png) = board_of(&update, &mut fake, "tok-pick");
        assert!(png.starts_with(PNG), "the new board");
    }

    // An unknown choice is refused privately (ephemeral, flag 64), nothing started.
    let bad = json!([{"name": "game", "type": 3, "value": "chess"}]);
    let refused = server.interact(&interaction(
        "700000000000000004",
        "tok-bad",
        2,
        solitaire("new", bad),
    ));
    let refused = refused.json();
    assert_eq!(refused["type"], 4);
    assert_eq!(refused["data"]["flags"], 64, "{refused}");

    // A modal's submission reaches the service as a component would; one
    // from no form of ours is refused privately.
    let modal = json!({"custom_id": "nothing-of-ours", "components": [{"type": 1, "components": [
        {"type": 4, "custom_id": "text", "value": "hello"}]}]});
    let refused = server.interact(&interaction("700000000000000005", "tok-modal", 5, modal));
    assert_eq!(refused.status, 200, "{}", server.log());
    let refused = refused.json();
    assert_eq!(refused["type"], 4, "{refused}");
    assert_eq!(refused["data"]["flags"], 64, "{refused}");

    let metrics = request(server.port, "GET", "/metrics", &[], b"");
    assert_eq!(metrics.status, 200);
    assert!(metrics.content_type.starts_with("text/plain"));
    let text = metrics.text();
    for series in [
        r#"antics_interactions_total{command="solitaire new",outcome="ok"} 1"#,
        r#"antics_interactions_total{command="solitaire move",outcome="suggested"} 1"#,
        r#"antics_interactions_total{command="solitaire new",outcome="unreadable"} 1"#,
        r#"antics_interaction_seconds_count{kind="command"} 2"#,
        r#"antics_interaction_seconds_count{kind="component"} 1"#,
        r#"antics_renders_total{format="png"}"#,
        "antics_games_open 1",
    ] {
        assert!(text.contains(series), "no `{series}` in:\n{text}");
    }
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        assert!(line.starts_with("antics_"), "{line}");
    }
    assert!(!server.log().contains("panicked"), "{}", server.log());
}

/// Slow work is deferred: "Interaction tokens are valid for 15 minutes,
/// meaning you can respond to an interaction within that amount of time"
/// once it is acknowledged within 3 s. The computer (hard) thinks for 2 s
/// on its first move, so `/armyants challenge` against it is answered with type 5
/// (DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE), and the board arrives as the
/// edit of the original response through the webhook. What is checked is
/// the answer, not how long it took: the time to answer is measured by
/// the benches (`benches/load.rs`), on a machine quiet enough to say.
#[test]
fn the_computers_move_is_deferred_then_sent_through_the_webhook() {
    let mut fake = FakeDiscord::start();
    let server = Server::start_with("computer", fake.port, &[("ANTICS_AI_MOVE_MS", "2000")]);
    let data = json!({
        "id": "800000000000000008", "name": "armyants", "type": 1, "guild_id": GUILD,
        "options": [{"name": "challenge", "type": 1, "options": [
            {"name": "opponent", "type": 6, "value": BOT},
            {"name": "color", "type": 3, "value": "black"},
            {"name": "seed", "type": 3, "value": "3"},
            {"name": "level", "type": 3, "value": "hard"}
        ]}],
        "resolved": {"users": {BOT: user(BOT, "antics")}}
    });
    let response = server.interact(&interaction("700000000000000031", "tok-bot", 2, data));
    assert_eq!(response.status, 200, "{}", server.log());
    let payload = response.json();
    assert_eq!(payload["type"], 5, "deferred: {payload}");
    // The server runs without a bot token: the webhook's edit carries no
    // Authorization header at all, not an empty `Bot ` (Discord's API
    // description accepts the webhook calls with no credentials: their
    // `security` lists `{}`).
    let edit = fake.wait_for("the deferred response's edit", |r| {
        r.head.starts_with("PATCH") && r.head.contains("/tok-bot/messages/@original")
    });
    assert_eq!(edit.header("authorization"), None, "{:?}", edit.headers);
    fake.seen.push(edit);
    let (message, png) = board_of(&response, &mut fake, "tok-bot");
    assert!(png.starts_with(PNG), "the board after the computer's move");
    assert!(
        message["content"]
            .as_str()
            .unwrap_or_default()
            .contains("against the computer"),
        "{message}"
    );
}

/// Without a bot token the server still starts, and says once what is off.
#[test]
fn without_a_token_posts_are_off_with_one_line() {
    let fake = FakeDiscord::start();
    let server = Server::start("no-token", fake.port);
    let health = request(server.port, "GET", "/healthz", &[], b"");
    assert_eq!(health.status, 200);
    let log = server.log();
    assert_eq!(log.matches("no DISCORD_TOKEN").count(), 1, "{log}");
}

/// With the app's client secret, the table is its Activity: the
/// registration keeps an entry point command ("PRIMARY_ENTRY_POINT ...
/// DISCORD_LAUNCH_ACTIVITY"), a public board carries "Open table", whose
/// click Discord answers by launching the Activity (response type 12,
/// LAUNCH_ACTIVITY), and the same server serves the page.
#[test]
fn the_table_opens_as_the_apps_activity() {
    let mut fake = FakeDiscord::start();
    let server = Server::start_with(
        "activity",
        fake.port,
        &[
            ("DISCORD_TOKEN", "bot-token"),
            ("DISCORD_CLIENT_SECRET", "client-secret"),
        ],
    );
    let registered = fake.wait_for("the commands' registration", |r| {
        r.head.starts_with("PUT") && r.head.contains("/commands")
    });
    let commands = registered.json();
    let entry = commands
        .as_array()
        .expect("a bulk overwrite")
        .iter()
        .find(|c| c["type"] == 4)
        .expect("an entry point command");
    assert_eq!(entry["handler"], 2, "{entry}");

    let options = json!([{"name": "game", "type": 3, "value": "ants"}]);
    let response = server.interact(&interaction(
        "700000000000000101",
        "tok-act",
        2,
        solitaire("new", options),
    ));
    let (data, _) = board_of(&response, &mut fake, "tok-act");
    let buttons: Vec<Value> = data["components"]
        .as_array()
        .expect("components")
        .iter()
        .flat_map(|row| row["components"].as_array().unwrap().clone())
        .collect();
    assert!(buttons
        .iter()
        .any(|b| b["custom_id"] == "table:open" && b["label"] == "Open table"));

    let mut click = interaction(
        "700000000000000102",
        "tok-open",
        3,
        json!({"custom_id": "table:open", "component_type": 2}),
    );
    click["message"] = message(BOARD, "ants");
    let launched = server.interact(&click);
    assert_eq!(launched.status, 200, "{}", server.log());
    let launched = launched.json();
    assert_eq!(launched["type"], 12, "{launched}");
    assert!(
        launched["data"].is_null(),
        "nothing besides the launch: {launched}"
    );

    let page = request(server.port, "GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(page.text().contains("table.js"));
    let config = request(server.port, "GET", "/api/config", &[], b"");
    assert_eq!(config.json(), json!({"activity": BOT}));
    // Only a session says who plays: the address names no one.
    let named = request(server.port, "GET", "/api/table?user=alice&channel=1", &[], b"");
    assert_eq!(named.status, 401);
    assert!(!server.log().contains("client-secret"));
}

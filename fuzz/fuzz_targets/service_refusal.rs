//! The service under hostile requests: an Army Ants game, a Myrmex
//! patience and an Atta Ants game are started, then one fuzzed command or
//! button click arrives. A refusal has an error code and a clear message,
//! and leaves every stored game (row and action log) as it was.
#![no_main]

use antics::cli::script::Script;
use antics::service::{Config, Service};
use antics::store::{GameRow, Store};
use antics_fuzz::assert_clear;
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};

const AT: &str = "2026-01-01T12:00:00Z";
const USERS: [&str; 3] = ["alice", "bob", "carol"];
const CHANNELS: [&str; 3] = ["c1", "c2", "c3"];
const COMMANDS: [&str; 14] = [
    "armyants move",
    "armyants accept",
    "armyants challenge",
    "armyants resign",
    "solitaire move",
    "solitaire new",
    "solitaire undo",
    "solitaire hint",
    "atta move",
    "atta join",
    "atta new",
    "atta start",
    "record",
    "rules",
];
const OPTIONS: [&str; 7] = ["action", "deal", "seed", "position", "opponent", "game", "variant"];

fn line(user: &str, channel: &str, command: &str, options: Value) -> Value {
    json!({"user": user, "channel": channel, "command": command, "options": options, "at": AT})
}

async fn snapshot(store: &Store, ids: &[String]) -> Vec<(Option<GameRow>, usize)> {
    let mut out = Vec::new();
    for id in ids {
        let row = store.game(id).await.unwrap();
        let actions = store.actions(id).await.unwrap().len();
        out.push((row, actions));
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let [who, what, rest @ ..] = data else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = Store::in_memory().await.unwrap();
        let config = Config {
            render: false,
            ..Config::default()
        };
        let images = std::env::temp_dir().join("antics-fuzz-images");
        let mut script = Script::new(Service::new(store.clone(), config), images);
        let setup = [
            line("alice", "c1", "armyants challenge", json!({"opponent": "bob"})),
            line("bob", "c1", "armyants accept", json!({})),
            line("alice", "c2", "solitaire new", json!({"game": "myrmex", "seed": "1"})),
            line("alice", "c3", "atta new", json!({"seed": "1"})),
            line("bob", "c3", "atta join", json!({})),
            line("alice", "c3", "atta start", json!({})),
        ];
        let mut buttons = Vec::new();
        for request in &setup {
            let answer = script.answer(&request.to_string()).await;
            assert_eq!(answer["ok"], true, "{request} -> {answer}");
            for component in answer["components"].as_array().into_iter().flatten() {
                buttons.extend(component["id"].as_str().map(str::to_string));
            }
        }
        let mut ids = Vec::new();
        for channel in ["c1", "c3"] {
            ids.push(store.open_multiplayer_game(channel).await.unwrap().expect("a game").id);
        }
        ids.push(store.latest_solitaire("c2", "alice").await.unwrap().expect("a game").id);
        let before = snapshot(&store, &ids).await;

        let user = USERS[usize::from(*who) % 3];
        let channel = CHANNELS[usize::from(*who / 3) % 3];
        let request = match what % 4 {
            // A command with one fuzzed option.
            0 | 1 => {
                let command = COMMANDS[usize::from(what / 4) % COMMANDS.len()];
                let option = OPTIONS[usize::from(*who / 9) % OPTIONS.len()];
                line(user, channel, command, json!({ option: text }))
            }
            // A click on a real game's button with a fuzzed verb.
            2 if !buttons.is_empty() => {
                let button = &buttons[usize::from(what / 4) % buttons.len()];
                let prefix = button.rsplit_once(':').map_or("", |(p, _)| p);
                json!({"user": user, "channel": channel, "component": format!("{prefix}:{text}"), "at": AT})
            }
            // A fuzzed custom id, or a command name.
            2 => json!({"user": user, "channel": channel, "component": text, "at": AT}),
            _ => line(user, channel, text, json!({})),
        };
        let answer = script.answer(&request.to_string()).await;
        assert!(answer["ok"].is_boolean(), "{request} -> {answer}");
        if answer["ok"] == false {
            assert!(answer["error"].as_str().is_some_and(|c| !c.is_empty()), "{answer}");
            assert_clear(answer["text"].as_str().unwrap_or_default(), &request.to_string());
            assert_eq!(snapshot(&store, &ids).await, before, "a refusal changed a game: {request} -> {answer}");
        }
    });
});

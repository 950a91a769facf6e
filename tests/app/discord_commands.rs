//! The Discord front end without Discord: the registration payload against
//! the documented limits and Discord's own schema, `antics commands --json`,
//! `antics run` without a token, and service replies mapped to Discord
//! messages within every limit.

use crate::common::wire;

use antics::controls::choices::{Color, Deployment};
use antics::discord::commands::challenge_options;
use antics::discord::mapping::{self, Board, Message, Origin, Place, Response, Row, Situation};
use antics::discord::registration_json;
use antics::service::custom_id::ComponentId;
use antics::service::rules_text;
use antics::service::{Config, Input, OptionValue, Options, Reply, Request, Service, User};
use antics::store::Store;
use chrono::{TimeZone, Utc};
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;

// ---------------------------------------------------------------- limits

/// Discord's name rule: ^[-_\p{L}\p{N}]{1,32}$, and lowercase where the
/// letter has a lowercase form.
fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || c.is_alphabetic() || c.is_numeric())
        && name.to_lowercase() == name
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("`{key}` missing in {v}"))
}

/// Characters that count towards a command's total: names, descriptions,
/// choice names and values, recursively.
fn chars(v: &Value) -> usize {
    let mut n = 0;
    for key in ["name", "description"] {
        n += v[key].as_str().map_or(0, |s| s.chars().count());
    }
    if let Some(choices) = v["choices"].as_array() {
        for c in choices {
            n += str_of(c, "name").chars().count();
            n += match &c["value"] {
                Value::String(s) => s.chars().count(),
                other => other.to_string().len(),
            };
        }
    }
    if let Some(options) = v["options"].as_array() {
        n += options.iter().map(chars).sum::<usize>();
    }
    n
}

fn check_option_list(owner: &str, options: &[Value]) {
    assert!(options.len() <= 25, "{owner}: {} options", options.len());
    let mut seen_optional = false;
    for o in options {
        let name = str_of(o, "name");
        let path = format!("{owner} {name}");
        assert!(valid_name(name), "bad option name {path}");
        let description = str_of(o, "description");
        assert!(
            (1..=100).contains(&description.chars().count()),
            "description of {path}"
        );
        let kind = o["type"].as_u64().unwrap();
        if kind == 1 || kind == 2 {
            // A subcommand (group): its own options.
            check_option_list(&path, o["options"].as_array().map_or(&[], |v| v.as_slice()));
            continue;
        }
        let required = o["required"].as_bool().unwrap_or(false);
        assert!(
            !(required && seen_optional),
            "{path}: a required option after an optional one"
        );
        seen_optional |= !required;
        if let Some(choices) = o["choices"].as_array().filter(|c| !c.is_empty()) {
            assert!(choices.len() <= 25, "{path}: {} choices", choices.len());
            assert!(
                o["autocomplete"] != Value::Bool(true),
                "{path}: choices and autocomplete"
            );
            for c in choices {
                assert!(
                    (1..=100).contains(&str_of(c, "name").chars().count()),
                    "{path} choice name"
                );
                if let Value::String(v) = &c["value"] {
                    assert!((1..=100).contains(&v.chars().count()), "{path} choice value");
                }
            }
        }
    }
}

#[test]
fn every_command_is_within_discords_limits() {
    let json = registration_json();
    let commands = json.as_array().expect("an array of commands");
    assert!(!commands.is_empty() && commands.len() <= 100);
    for c in commands {
        let name = str_of(c, "name");
        if c["type"] == 2 {
            // A user command (context menu): a name of 1-32 characters that
            // may hold spaces and capitals, and no description.
            assert!((1..=32).contains(&name.chars().count()), "{name}");
            assert!(c["description"].as_str().is_none_or(str::is_empty), "{name}");
            assert!(c["options"].as_array().is_none_or(Vec::is_empty), "{name}");
            continue;
        }
        assert!(valid_name(name), "bad command name {name}");
        assert!(
            (1..=100).contains(&str_of(c, "description").chars().count()),
            "{name}"
        );
        check_option_list(name, c["options"].as_array().map_or(&[], |v| v.as_slice()));
        // DESIGN.md's limit is 4000 (Discord's documented one is 8000): keep the stricter.
        assert!(chars(c) < 4000, "{name}: {} characters", chars(c));
    }
}

/// Each `/rules` page: at most ten embeds, each text under Discord's 2000
/// characters, and all of a page under the embed total.
#[test]
fn every_rules_page_fits() {
    use mapping::{discord_len, MAX_EMBED_TITLE, MAX_EMBED_TOTAL};
    let pages = rules_text::GAMES.iter().map(|(v, _)| Some(*v)).chain([None]);
    for game in pages {
        let sections = rules_text::rules(game);
        assert!(!sections.is_empty() && sections.len() <= 10);
        let mut total = 0;
        for s in sections {
            assert!(
                discord_len(s.text) < 2000,
                "{} is {} long",
                s.title,
                discord_len(s.text)
            );
            assert!(discord_len(s.title) <= MAX_EMBED_TITLE);
            total += discord_len(s.text) + discord_len(s.title);
        }
        assert!(total < MAX_EMBED_TOTAL, "{game:?}: {total}");
    }
}

fn find<'a>(list: &'a Value, name: &str) -> &'a Value {
    list.as_array()
        .and_then(|a| a.iter().find(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("no `{name}` in {list}"))
}

#[test]
fn the_commands_of_the_design_exist() {
    let json = registration_json();
    for name in ["armyants", "atta", "record", "help", "rules"] {
        find(&json, name);
    }
    // DESIGN.md: `/atta new|join|start|place|move|end`, plus leave.
    let atta = find(&json, "atta");
    let atta_subs: Vec<&str> = atta["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        atta_subs,
        ["new", "join", "start", "place", "move", "end", "leave"]
    );
    for sub in ["place", "move"] {
        let action = find(&find(&atta["options"], sub)["options"], "action");
        assert_eq!(action["autocomplete"], true, "{sub}");
    }
    let atta_new: Vec<&str> = find(&atta["options"], "new")["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(atta_new, ["seed", "deal"]);
    let armyants = find(&json, "armyants");
    let subs: Vec<&str> = armyants["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            assert_eq!(o["type"], 1, "{o}");
            o["name"].as_str().unwrap()
        })
        .collect();
    assert_eq!(subs, ["challenge", "accept", "decline", "move", "resign", "draw"]);

    let challenge = find(&armyants["options"], "challenge");
    let options: Vec<(&str, u64)> = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["name"].as_str().unwrap(), o["type"].as_u64().unwrap()))
        .collect();
    // user, then strings (the seed too: integers stop at 2^53).
    assert_eq!(
        options,
        [
            ("opponent", 6),
            ("color", 3),
            ("deployment", 3),
            ("position", 3),
            ("seed", 3),
            ("level", 3)
        ]
    );
    // No opponent: an open challenge, for whoever accepts first.
    assert_eq!(find(&challenge["options"], "opponent")["required"], false);
    // A member's context menu challenges them too.
    let menu = find(&json, "Challenge to Army Ants");
    assert_eq!(menu["type"], 2, "a user command");
    let values = |name: &str| -> Vec<String> {
        find(&challenge["options"], name)["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(values("color"), ["red", "black", "random"]);
    assert_eq!(values("deployment"), ["random", "minor", "total"]);
    assert_eq!(values("level"), ["easy", "normal", "hard"]);

    let action = find(&find(&armyants["options"], "move")["options"], "action");
    assert_eq!(action["type"], 3);
    assert_eq!(action["required"], true);
    assert_eq!(action["autocomplete"], true);

    let game = find(&find(&json, "rules")["options"], "game");
    let games: Vec<&str> = game["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    // Each game's page, then how tournaments run.
    let expected: Vec<&str> = rules_text::GAMES
        .iter()
        .map(|(v, _)| *v)
        .chain(["tournament"])
        .collect();
    assert_eq!(games, expected);
}

#[test]
fn commands_json_prints_the_registration() {
    let out = Command::new(env!("CARGO_BIN_EXE_antics"))
        .args(["commands", "--json"])
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("run antics");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(printed, registration_json());
}

#[test]
fn run_without_a_token_says_what_to_do() {
    let dir = std::env::temp_dir().join(format!("antics-no-token-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_antics"))
        .arg("run")
        .current_dir(&dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("ANTICS_DB")
        .env_remove("DATABASE_URL")
        .output()
        .expect("run antics");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("DISCORD_TOKEN"), "{stderr}");
    assert!(stderr.contains("antics play"), "{stderr}");
    // Nothing was created without a token.
    assert!(!dir.join("antics.db").exists());
    std::fs::remove_dir_all(&dir).ok();
}

// ---------------------------------------------------------------- schema

/// A small JSON Schema checker, enough for Discord's OpenAPI description:
/// $ref, oneOf/anyOf/allOf, type, enum, const, lengths, bounds, items and
/// properties. `pattern` is not checked here (names are checked above).
struct Schema<'a> {
    root: &'a Value,
}

impl Schema<'_> {
    fn resolve<'b>(&'b self, schema: &'b Value) -> &'b Value {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => {
                let mut node = self.root;
                for part in r.trim_start_matches("#/").split('/') {
                    node = &node[part];
                }
                assert!(!node.is_null(), "unresolved {r}");
                self.resolve(node)
            }
            None => schema,
        }
    }

    fn check(&self, schema: &Value, v: &Value, path: &str, errors: &mut Vec<String>) {
        let schema = self.resolve(schema);
        let mut fail = |msg: String| errors.push(format!("{path}: {msg}"));
        if let Some(types) = schema.get("type") {
            let types: Vec<&str> = match types {
                Value::String(t) => vec![t.as_str()],
                Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
                _ => vec![],
            };
            let ok = types.iter().any(|t| match *t {
                "null" => v.is_null(),
                "string" => v.is_string(),
                "integer" => v.is_i64() || v.is_u64(),
                "number" => v.is_number(),
                "boolean" => v.is_boolean(),
                "array" => v.is_array(),
                "object" => v.is_object(),
                _ => true,
            });
            if !ok {
                fail(format!("{v} is not {types:?}"));
                return;
            }
        }
        if let Some(options) = schema.get("enum").and_then(Value::as_array) {
            if !options.contains(v) {
                fail(format!("{v} not in {options:?}"));
            }
        }
        if let Some(c) = schema.get("const") {
            if c != v {
                fail(format!("{v} is not {c}"));
            }
        }
        if let Some(s) = v.as_str() {
            let n = s.chars().count() as u64;
            if schema
                .get("maxLength")
                .and_then(Value::as_u64)
                .is_some_and(|m| n > m)
            {
                fail(format!("longer than {}", schema["maxLength"]));
            }
            if schema
                .get("minLength")
                .and_then(Value::as_u64)
                .is_some_and(|m| n < m)
            {
                fail(format!("shorter than {}", schema["minLength"]));
            }
        }
        if let Some(x) = v.as_f64() {
            if schema
                .get("maximum")
                .and_then(Value::as_f64)
                .is_some_and(|m| x > m)
            {
                fail(format!("{x} above the maximum"));
            }
            if schema
                .get("minimum")
                .and_then(Value::as_f64)
                .is_some_and(|m| x < m)
            {
                fail(format!("{x} below the minimum"));
            }
        }
        if let Some(items) = v.as_array() {
            let n = items.len() as u64;
            if schema
                .get("maxItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| n > m)
            {
                fail(format!("{n} items, more than {}", schema["maxItems"]));
            }
            if schema
                .get("minItems")
                .and_then(Value::as_u64)
                .is_some_and(|m| n < m)
            {
                fail(format!("{n} items, fewer than {}", schema["minItems"]));
            }
            if let Some(item) = schema.get("items") {
                for (i, x) in items.iter().enumerate() {
                    self.check(item, x, &format!("{path}[{i}]"), errors);
                }
            }
        }
        if let Some(map) = v.as_object() {
            if let Some(required) = schema.get("required").and_then(Value::as_array) {
                for r in required.iter().filter_map(Value::as_str) {
                    if !map.contains_key(r) {
                        errors.push(format!("{path}: `{r}` is required"));
                    }
                }
            }
            let properties = schema.get("properties").and_then(Value::as_object);
            for (k, x) in map {
                match properties.and_then(|p| p.get(k)) {
                    Some(s) => self.check(s, x, &format!("{path}.{k}"), errors),
                    None => match schema.get("additionalProperties") {
                        Some(Value::Bool(false)) => errors.push(format!("{path}: unexpected `{k}`")),
                        Some(s @ Value::Object(_)) => self.check(s, x, &format!("{path}.{k}"), errors),
                        _ => {}
                    },
                }
            }
        }
        for all in schema
            .get("allOf")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            self.check(all, v, path, errors);
        }
        if let Some(any) = schema.get("anyOf").and_then(Value::as_array) {
            if !any.iter().any(|s| self.errors(s, v, path).is_empty()) {
                errors.push(format!("{path}: matches none of anyOf"));
            }
        }
        if let Some(one) = schema.get("oneOf").and_then(Value::as_array) {
            let results: Vec<Vec<String>> = one.iter().map(|s| self.errors(s, v, path)).collect();
            let matching = results.iter().filter(|e| e.is_empty()).count();
            if matching != 1 {
                let closest = results.into_iter().min_by_key(Vec::len).unwrap_or_default();
                errors.push(format!(
                    "{path}: matches {matching} of oneOf; closest: {closest:?}"
                ));
            }
        }
    }

    fn errors(&self, schema: &Value, v: &Value, path: &str) -> Vec<String> {
        let mut errors = Vec::new();
        self.check(schema, v, path, &mut errors);
        errors
    }

    fn validate(&self, name: &str, v: &Value) -> Vec<String> {
        self.errors(
            &serde_json::json!({ "$ref": format!("#/components/schemas/{name}") }),
            v,
            name,
        )
    }
}

#[test]
fn websocket_accept_key() {
    // RFC 6455's example.
    let accept = tungstenite::handshake::derive_accept_key(b"dGhlIHNhbXBsZSBub25jZQ==");
    assert_eq!(accept, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

fn openapi() -> Option<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/discord/openapi.json");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(serde_json::from_str(&text).expect("openapi.json parses")),
        Err(_) => {
            eprintln!("skipped: Discord's schema is not at {}", path.display());
            None
        }
    }
}

/// Discord's schema types snowflakes as strings; serenity sends attachment
/// placeholder ids as numbers, which Discord takes too.
fn snowflakes_as_strings(v: &mut Value) {
    if let Some(attachments) = v.get_mut("attachments").and_then(Value::as_array_mut) {
        for a in attachments {
            if let Some(id) = a.get("id").and_then(Value::as_u64) {
                a["id"] = Value::String(id.to_string());
            }
        }
    }
}

#[test]
fn every_command_works_in_every_install_and_place() {
    for c in registration_json().as_array().unwrap() {
        // Guild and user installs; guilds, the bot's DM and private channels.
        assert_eq!(c["integration_types"], json!([0, 1]), "{}", c["name"]);
        assert_eq!(c["contexts"], json!([0, 1, 2]), "{}", c["name"]);
        assert!(c.get("dm_permission").is_none_or(Value::is_null), "{}", c["name"]);
    }
}

#[test]
fn only_members_who_manage_the_channel_see_the_daily_post_command() {
    let json = registration_json();
    let post = find(&json, "dailypost");
    // Manage Channels is 1 << 4.
    assert_eq!(post["default_member_permissions"], "16");
    let subs: Vec<&str> = post["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(subs, ["subscribe", "unsubscribe"]);
    let daily = find(&json, "daily");
    assert!(
        daily["default_member_permissions"].is_null(),
        "everyone plays the daily"
    );
    // `/game end` is for moderators: Manage Messages is 1 << 13.
    assert_eq!(find(&json, "game")["default_member_permissions"], "8192");
    for c in json.as_array().unwrap() {
        if c["name"] != "dailypost" && c["name"] != "game" {
            assert!(c["default_member_permissions"].is_null(), "{}", c["name"]);
        }
    }
}

/// Discord's reference gives `default_member_permissions` as a string of
/// the permission bits, and serenity sends it so; the OpenAPI file types it
/// as an integer. Check the number the string holds.
fn permissions_as_integers(v: &mut Value) {
    if let Some(bits) = v.get("default_member_permissions").and_then(Value::as_str) {
        let bits: u64 = bits.parse().expect("permission bits");
        v["default_member_permissions"] = json!(bits);
    }
}

#[test]
fn registration_matches_discords_schema() {
    let Some(root) = openapi() else { return };
    let schema = Schema { root: &root };
    for c in registration_json().as_array().unwrap() {
        let mut c = c.clone();
        permissions_as_integers(&mut c);
        let errors = schema.validate("ApplicationCommandCreateRequest", &c);
        assert!(errors.is_empty(), "{}: {errors:#?}", c["name"]);
    }
    // The checker does catch mistakes.
    let mut bad = registration_json()[0].clone();
    bad["description"] = Value::String("x".repeat(101));
    assert!(!schema
        .validate("ApplicationCommandCreateRequest", &bad)
        .is_empty());
}

// ---------------------------------------------------------------- replies

const ALICE: &str = "100000000000000001";
const BOB: &str = "100000000000000002";
use wire::{interaction, CHANNEL, GUILD};

fn request(user: &str, name: &str, input: Input) -> Request {
    Request {
        user: User::new(user, name),
        guild: Some("900000000000000009".into()),
        channel: CHANNEL.into(),
        ..crate::common::service::request(user, Utc.with_ymd_and_hms(2025, 5, 1, 12, 0, 0).unwrap(), input)
    }
}

fn command(name: &str, options: Options) -> Input {
    Input::Command {
        name: name.into(),
        options,
    }
}

/// Every message a reply becomes stays within Discord's limits, and every
/// component id fits and parses back.
fn check_limits(reply: &Reply, schema: Option<&Schema>) {
    for origin in [
        Origin::GameCommand,
        Origin::Component { message_id: "42" },
        Origin::PlainCommand,
    ] {
        for (board, deferred) in [(None, false), (Some("41"), false), (Some("42"), true)] {
            let plan = mapping::plan(
                reply,
                &Situation {
                    origin,
                    board_message: board,
                    actor_id: ALICE,
                    deferred,
                    place: Place {
                        guild: Some("9".into()),
                        channel: CHANNEL.into(),
                        bot_member: true,
                    },
                },
            );
            let mut messages = vec![plan.response.message().clone()];
            if let Board::Edit { message, .. } = &plan.board {
                messages.push(message.clone());
            }
            for m in &messages {
                check_message(m, schema);
            }
            if let Some(ping) = &plan.ping {
                assert!(mapping::discord_len(ping) <= mapping::MAX_CONTENT);
            }
        }
    }
}

fn check_message(m: &Message, schema: Option<&Schema>) {
    assert!(mapping::discord_len(&m.content) <= mapping::MAX_CONTENT);
    assert!(
        !m.content.trim().is_empty() || !m.embeds.is_empty(),
        "an empty message"
    );
    if let Some(image) = &m.image {
        assert!(image.png.len() <= mapping::MAX_FILE_BYTES);
        assert!(image.png.starts_with(b"\x89PNG"), "a PNG");
        assert!(!image.alt.is_empty() && mapping::discord_len(&image.alt) <= mapping::MAX_ALT);
    }
    assert!(m.rows.len() <= mapping::MAX_ROWS);
    for row in &m.rows {
        let ids: Vec<&str> = match row {
            Row::Buttons(b) => {
                assert!(!b.is_empty() && b.len() <= mapping::MAX_BUTTONS_PER_ROW);
                b.iter().map(|b| b.id.as_str()).collect()
            }
            Row::Select(s) => {
                assert!(!s.options.is_empty() && s.options.len() <= mapping::MAX_SELECT_OPTIONS);
                vec![s.id.as_str()]
            }
        };
        for id in ids {
            assert!(id.len() <= mapping::MAX_CUSTOM_ID, "{id}");
            ComponentId::parse(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
    }
    let Some(schema) = schema else { return };
    let mut response = serde_json::to_value(serenity_response(m)).unwrap();
    snowflakes_as_strings(&mut response["data"]);
    let errors = schema.validate("CreateMessageInteractionCallbackRequest", &response);
    assert!(errors.is_empty(), "{errors:#?}\n{response}");
    let mut update = serde_json::to_value(poise::serenity_prelude::CreateInteractionResponse::UpdateMessage(
        m.to_response(),
    ))
    .unwrap();
    snowflakes_as_strings(&mut update["data"]);
    let errors = schema.validate("UpdateMessageInteractionCallbackRequest", &update);
    assert!(errors.is_empty(), "{errors:#?}\n{update}");
    let mut edit = serde_json::to_value(m.to_edit_message()).unwrap();
    snowflakes_as_strings(&mut edit);
    let errors = schema.validate("MessageEditRequestPartial", &edit);
    assert!(errors.is_empty(), "{errors:#?}\n{edit}");
    let mut create = serde_json::to_value(m.to_create_message()).unwrap();
    snowflakes_as_strings(&mut create);
    let errors = schema.validate("MessageCreateRequest", &create);
    assert!(errors.is_empty(), "{errors:#?}\n{create}");
}

fn serenity_response(m: &Message) -> poise::serenity_prelude::CreateInteractionResponse {
    poise::serenity_prelude::CreateInteractionResponse::Message(m.to_response())
}

#[tokio::test]
async fn a_game_through_the_mapping_stays_within_limits() {
    let root = openapi();
    let schema = root.as_ref().map(|root| Schema { root });
    let service = Service::new(Store::in_memory().await.unwrap(), Config::default());

    let options = challenge_options(
        Some(User::new(BOB, "bob")),
        Some(Color::Red),
        Some(Deployment::Random),
        None,
        Some("18446744073709551615".into()),
        None,
    );
    assert_eq!(options["seed"], OptionValue::Text("18446744073709551615".into()));
    assert!(!options.contains_key("level"));
    let challenge = service
        .handle(&request(ALICE, "alice", command("armyants challenge", options)))
        .await;
    assert!(challenge.ok(), "{}", challenge.text);
    check_limits(&challenge, schema.as_ref());
    // The challenge becomes the game's board message, and it pings bob.
    let plan = mapping::plan(
        &challenge,
        &Situation {
            origin: Origin::GameCommand,
            board_message: None,
            actor_id: ALICE,
            deferred: false,
            place: Place {
                guild: None,
                channel: CHANNEL.into(),
                bot_member: true,
            },
        },
    );
    assert_eq!(plan.board, Board::RecordResponse);
    assert!(plan.response.message().content.contains(&format!("<@{BOB}>")));
    let game_id = challenge.game.as_ref().unwrap().id.clone();
    service.set_board_message(&game_id, "42").await.unwrap();
    assert_eq!(
        service.board_message(&game_id).await.unwrap().as_deref(),
        Some("42")
    );

    // Bob clicks Accept on the challenge message: it becomes the board.
    let accept = challenge
        .components
        .iter()
        .find(|c| c.id().contains(":accept"))
        .unwrap();
    let accepted = service
        .handle(&request(
            BOB,
            "bob",
            Input::Component {
                custom_id: accept.id().to_string(),
                values: vec![],
            },
        ))
        .await;
    assert!(accepted.ok(), "{}", accepted.text);
    check_limits(&accepted, schema.as_ref());
    let plan = mapping::plan(
        &accepted,
        &Situation {
            origin: Origin::Component { message_id: "42" },
            board_message: Some("42"),
            actor_id: BOB,
            deferred: false,
            place: Place {
                guild: None,
                channel: CHANNEL.into(),
                bot_member: true,
            },
        },
    );
    let Response::Update(board) = &plan.response else {
        panic!("{plan:?}")
    };
    assert!(board.image.is_some());
    // Alice (red) moves first and is told so in a new message.
    assert_eq!(plan.ping, Some(format!("<@{ALICE}>, your move.")));

    // Autocomplete: alice's legal moves, at most 25, filtered by what she typed.
    let all = service
        .autocomplete(&User::new(ALICE, "alice"), CHANNEL, "armyants move", "action", "")
        .await;
    let shown = mapping::suggestions(all.clone());
    assert!(!shown.is_empty() && shown.len() <= mapping::MAX_AUTOCOMPLETE);
    let first = shown[0].clone();
    let typed = &first[..2];
    let filtered = mapping::suggestions(
        service
            .autocomplete(
                &User::new(ALICE, "alice"),
                CHANNEL,
                "armyants move",
                "action",
                typed,
            )
            .await,
    );
    assert!(filtered.iter().all(|s| s.starts_with(typed)));
    assert!(service
        .autocomplete(&User::new(BOB, "bob"), CHANNEL, "armyants move", "action", "")
        .await
        .is_empty());

    // Bob tries to move out of turn: a private refusal, nothing else.
    let mut options = Options::new();
    options.insert("action".into(), OptionValue::Text(first.clone()));
    let refused = service
        .handle(&request(BOB, "bob", command("armyants move", options.clone())))
        .await;
    assert!(!refused.ok());
    check_limits(&refused, schema.as_ref());
    let plan = mapping::plan(
        &refused,
        &Situation {
            origin: Origin::GameCommand,
            board_message: Some("42"),
            actor_id: BOB,
            deferred: false,
            place: Place {
                guild: None,
                channel: CHANNEL.into(),
                bot_member: true,
            },
        },
    );
    assert!(plan.response.message().ephemeral);
    assert_eq!(plan.board, Board::Keep);

    // Alice moves by command: the board is edited, the reply is short.
    let moved = service
        .handle(&request(ALICE, "alice", command("armyants move", options)))
        .await;
    assert!(moved.ok(), "{}", moved.text);
    check_limits(&moved, schema.as_ref());
    let plan = mapping::plan(
        &moved,
        &Situation {
            origin: Origin::GameCommand,
            board_message: Some("42"),
            actor_id: ALICE,
            deferred: false,
            place: Place {
                guild: None,
                channel: CHANNEL.into(),
                bot_member: true,
            },
        },
    );
    let Board::Edit { message_id, message } = &plan.board else {
        panic!("{plan:?}")
    };
    assert_eq!(message_id, "42");
    assert!(message.image.is_some());
    assert!(plan.response.message().image.is_none());
    assert!(plan.response.message().content.contains("/@me/"));

    // Resign by the button on the board: the game ends, the record follows.
    let resign = moved
        .components
        .iter()
        .find(|c| c.id().ends_with(":resign"))
        .unwrap();
    let confirm = service
        .handle(&request(
            BOB,
            "bob",
            Input::Component {
                custom_id: resign.id().to_string(),
                values: vec![],
            },
        ))
        .await;
    assert!(confirm.ok() && confirm.ephemeral, "{}", confirm.text);
    check_limits(&confirm, schema.as_ref());
    // It asks first, privately; "Yes, resign" ends the game and edits the
    // board.
    let yes = confirm
        .components
        .iter()
        .find(|c| c.id().contains(":resignok."))
        .unwrap();
    let resigned = service
        .handle(&request(
            BOB,
            "bob",
            Input::Component {
                custom_id: yes.id().to_string(),
                values: vec![],
            },
        ))
        .await;
    assert!(resigned.ok(), "{}", resigned.text);
    check_limits(&resigned, schema.as_ref());
    let plan = mapping::plan(
        &resigned,
        &Situation {
            origin: Origin::Component { message_id: "43" },
            board_message: Some("42"),
            actor_id: BOB,
            deferred: false,
            place: Place {
                guild: None,
                channel: CHANNEL.into(),
                bot_member: true,
            },
        },
    );
    assert!(plan.show_record);
    let record = service
        .handle(&request(ALICE, "alice", command("record", Options::new())))
        .await;
    let (text, _) = mapping::record_message(&record.text);
    assert!(mapping::discord_len(&text) <= mapping::MAX_CONTENT);

    // /help through the mapping.
    let help = service
        .handle(&request(ALICE, "alice", command("help", Options::new())))
        .await;
    check_limits(&help, schema.as_ref());

    // /rules: every page whole within the embed limits, not cut to fit.
    for game in rules_text::GAMES.iter().map(|(v, _)| Some(*v)).chain([None]) {
        let mut options = Options::new();
        if let Some(game) = game {
            options.insert("game".into(), OptionValue::Text(game.into()));
        }
        let rules = service
            .handle(&request(ALICE, "alice", command("rules", options)))
            .await;
        assert!(rules.ok() && rules.ephemeral, "{game:?}: {}", rules.text);
        assert!(!rules.embeds.is_empty() && rules.embeds.len() <= 10);
        let mut total = 0;
        for embed in &rules.embeds {
            let (title, description) = (embed.title.chars().count(), embed.description.chars().count());
            assert!(title <= mapping::MAX_EMBED_TITLE && description <= mapping::MAX_EMBED_DESCRIPTION);
            total += title + description;
        }
        assert!(total <= mapping::MAX_EMBED_TOTAL, "{game:?}: {total}");
        check_limits(&rules, schema.as_ref());
    }
}

// ---------------------------------------------------------------- on the wire

// (The fake Discord is tests/common/wire.rs.)

fn slash(sub: &str, options: Value, resolved: Value) -> Value {
    serde_json::json!({
        "id": "800000000000000008", "name": "armyants", "type": 1, "guild_id": GUILD,
        "options": [{"name": sub, "type": 1, "options": options}], "resolved": resolved
    })
}

/// A subcommand of any command, with no resolved users.
fn command_data(name: &str, sub: &str, options: Value) -> Value {
    serde_json::json!({
        "id": "800000000000000009", "name": name, "type": 1, "guild_id": GUILD,
        "options": [{"name": sub, "type": 1, "options": options}], "resolved": {}
    })
}

/// Checks a payload against a schema of Discord's, when the schema is here.
fn conforms(schema: Option<&Schema>, name: &str, payload: &Value) {
    let Some(schema) = schema else { return };
    let mut payload = payload.clone();
    if payload.get("data").is_some() {
        snowflakes_as_strings(&mut payload["data"]);
    }
    snowflakes_as_strings(&mut payload);
    let errors = schema.validate(name, &payload);
    assert!(errors.is_empty(), "{name}: {errors:#?}\n{payload:#}");
}

/// The PNG a multipart request carries as `board.png`, with its alt text.
fn board_png(req: &wire::HttpRequest) -> (Vec<u8>, String) {
    let payload = req.json();
    let attachments = payload
        .get("data")
        .map_or(&payload["attachments"], |d| &d["attachments"])
        .as_array()
        .expect("an attachment list")
        .clone();
    assert_eq!(attachments.len(), 1, "the whole list, one board: {attachments:?}");
    assert_eq!(attachments[0]["filename"], mapping::BOARD_FILE);
    let alt = attachments[0]["description"].as_str().unwrap_or("").to_string();
    let files: Vec<_> = req.parts().into_iter().filter(|(_, f, _)| f.is_some()).collect();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].1.as_deref(), Some(mapping::BOARD_FILE));
    (files[0].2.clone(), alt)
}

/// A server that never added the bot, where Alice uses the commands she
/// installed to her account.
const OTHER_GUILD: &str = "900000000000000077";
const OTHER_CHANNEL: &str = "300000000000000077";
/// The tokens of the user-installed interactions, in order.
const USER_INSTALLED_TOKENS: [&str; 4] = ["tok-u-challenge", "tok-u-accept", "tok-u-auto", "tok-u-move"];

/// An interaction in [`OTHER_CHANNEL`], authorized by the user's install
/// alone (`authorizing_integration_owners` has no guild key).
fn user_installed(id: &str, token: &str, kind: u8, user: (&str, &str), mut data: Value) -> Value {
    if let Some(data) = data.as_object_mut() {
        data.remove("guild_id");
    }
    let mut event = interaction(id, token, kind, user, data);
    event["guild_id"] = json!(OTHER_GUILD);
    event["channel_id"] = json!(OTHER_CHANNEL);
    event["channel"] =
        json!({"id": OTHER_CHANNEL, "type": 0, "name": "elsewhere", "permissions": "2147483647"});
    event["authorizing_integration_owners"] = json!({"1": user.0});
    event["app_permissions"] = json!("0");
    event
}

/// A challenge, its acceptance and a move where the bot is not a member:
/// everything goes through interaction callbacks and the interactions'
/// webhooks, and nothing through the routes that need the bot in the
/// place (channel messages, edits, pings, DMs). (serenity attaches its
/// token to every request; Discord ignores it on interaction routes.)
/// Returns the four answers; what else the bot sends is checked once it
/// has stopped (`nothing_where_the_bot_is_not_a_member`).
fn user_installed_in_a_server_without_the_bot(
    fake: &wire::FakeDiscord,
    seen: &mut Vec<wire::HttpRequest>,
) -> Vec<wire::HttpRequest> {
    let tokens = USER_INSTALLED_TOKENS;
    let resolved = json!({"users": {BOB: wire::user(BOB, "bob")}});
    let options = json!([
        {"name": "opponent", "type": 6, "value": BOB},
        {"name": "color", "type": 3, "value": "red"}
    ]);
    fake.dispatch(user_installed(
        "700000000000000021",
        tokens[0],
        2,
        (ALICE, "alice"),
        slash("challenge", options, resolved),
    ));
    let challenge = fake.wait_for(seen, "the user-installed challenge", |r| {
        r.path
            .ends_with("/interactions/700000000000000021/tok-u-challenge/callback")
    });
    let payload = challenge.json();
    assert_eq!(payload["type"], 4);
    let content = payload["data"]["content"].as_str().unwrap();
    assert!(content.contains("not a member here"), "{content}");
    let accept = payload["data"]["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["custom_id"].as_str().unwrap().to_string())
        .find(|id| id.contains(":accept"))
        .expect("an Accept button");

    let mut click = user_installed(
        "700000000000000022",
        tokens[1],
        3,
        (BOB, "bob"),
        json!({"custom_id": accept, "component_type": 2}),
    );
    click["message"] = wire::message("500000000000005077", OTHER_CHANNEL, "challenge");
    fake.dispatch(click);
    let update = fake.wait_for(seen, "the user-installed Accept", |r| {
        r.path
            .ends_with("/interactions/700000000000000022/tok-u-accept/callback")
    });
    assert_eq!(
        update.json()["type"],
        7,
        "the challenge becomes the board in place"
    );

    let focused = json!([{"name": "action", "type": 3, "value": "", "focused": true}]);
    fake.dispatch(user_installed(
        "700000000000000023",
        tokens[2],
        4,
        (ALICE, "alice"),
        slash("move", focused, json!({})),
    ));
    let auto = fake.wait_for(seen, "the user-installed autocomplete", |r| {
        r.path
            .ends_with("/interactions/700000000000000023/tok-u-auto/callback")
    });
    // A move told by its notation (the Queen's Favor is told in words, and
    // the random deal may offer it first).
    let action = auto.json()["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .filter_map(|c| c["value"].as_str())
        .find(|a| *a != "favor")
        .expect("a legal move offered")
        .to_string();

    let options = json!([{"name": "action", "type": 3, "value": action}]);
    fake.dispatch(user_installed(
        "700000000000000024",
        tokens[3],
        2,
        (ALICE, "alice"),
        slash("move", options, json!({})),
    ));
    let moved = fake.wait_for(seen, "the user-installed move", |r| {
        r.path
            .ends_with("/interactions/700000000000000024/tok-u-move/callback")
    });
    let payload = moved.json();
    assert_eq!(payload["type"], 4);
    assert!(
        payload["data"]["content"].as_str().unwrap().contains(&action),
        "{payload}"
    );
    // The new board is the response itself (no edit of the old one).
    let (png, _) = board_png(&moved);
    assert!(png.starts_with(b"\x89PNG"));

    vec![challenge, update, auto, moved]
}

/// The interactions of a user-installed app use no route that needs the
/// bot in the place: checked on every request the bot sent until it
/// stopped (`sent`), the user-installed interactions' own (`theirs`) on
/// their token's routes only.
fn nothing_where_the_bot_is_not_a_member(sent: &[wire::HttpRequest], theirs: &[wire::HttpRequest]) {
    for r in sent.iter().chain(theirs) {
        assert!(
            !r.path.contains(&format!("/channels/{OTHER_CHANNEL}"))
                && !r.path.contains("/users/@me/channels"),
            "sent with the bot's token where it is not a member: {} {}",
            r.method,
            r.path
        );
    }
    // Every request of these interactions is on its own token's routes.
    for r in sent
        .iter()
        .chain(theirs)
        .filter(|r| USER_INSTALLED_TOKENS.iter().any(|t| r.path.contains(t)))
    {
        let path = r.path.split("/api/v10").last().unwrap_or(&r.path);
        assert!(
            path.starts_with("/interactions/") || path.starts_with(&format!("/webhooks/{}/", wire::BOT)),
            "{} {}",
            r.method,
            r.path
        );
    }
}

#[test]
fn on_the_wire_with_a_fake_discord() {
    use wire::HttpRequest;
    let root = openapi();
    let schema = root.as_ref().map(|root| Schema { root });
    let fake = wire::FakeDiscord::start();
    let dir = std::env::temp_dir().join(format!("antics-wire-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("antics.db");
    let log = dir.join("antics.log");
    const TOKEN: &str = "fake-token-never-to-be-logged";
    let mut bot = fake.run_bot(TOKEN, &db, &log, &[], &[]);
    let stop = |bot: &mut std::process::Child| {
        let _ = bot.kill();
        let _ = bot.wait();
    };
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut seen: Vec<HttpRequest> = Vec::new();

        // Identify with non-privileged intents only; commands registered in the guild.
        let identify = fake
            .identify
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("IDENTIFY");
        let intents = identify["intents"].as_u64().unwrap();
        assert_eq!(
            intents & ((1 << 1) | (1 << 8) | (1 << 15)),
            0,
            "privileged intents: {intents}"
        );
        let put = fake.wait_for(&mut seen, "command registration", |r| {
            r.method == "PUT" && r.path.ends_with(&format!("/guilds/{GUILD}/commands"))
        });
        assert_eq!(put.json(), registration_json(), "registered exactly as printed");

        // Alice challenges Bob.
        let resolved = serde_json::json!({"users": {BOB: wire::user(BOB, "bob")}});
        let options = serde_json::json!([
            {"name": "opponent", "type": 6, "value": BOB},
            {"name": "color", "type": 3, "value": "red"},
            {"name": "seed", "type": 3, "value": "18446744073709551615"}
        ]);
        fake.dispatch(interaction(
            "700000000000000001",
            "tok-challenge",
            2,
            (ALICE, "alice"),
            slash("challenge", options, resolved),
        ));
        let callback = fake.wait_for(&mut seen, "the challenge's response", |r| {
            r.path
                .ends_with("/interactions/700000000000000001/tok-challenge/callback")
        });
        let payload = callback.json();
        conforms(
            schema.as_ref(),
            "CreateMessageInteractionCallbackRequest",
            &payload,
        );
        assert_eq!(payload["type"], 4);
        assert_ne!(payload["data"]["flags"].as_u64().unwrap_or(0) & 64, 64, "public");
        assert!(payload["data"]["content"]
            .as_str()
            .unwrap()
            .contains(&format!("<@{BOB}>")));
        let buttons = payload["data"]["components"][0]["components"]
            .as_array()
            .unwrap()
            .clone();
        let accept = buttons
            .iter()
            .map(|b| b["custom_id"].as_str().unwrap().to_string())
            .find(|id| id.contains(":accept"))
            .expect("an Accept button");
        // The response is read back to become the board message.
        fake.wait_for(&mut seen, "reading the response back", |r| {
            r.method == "GET" && r.path.ends_with("/tok-challenge/messages/@original")
        });

        // Bob clicks Accept on it: the message turns into the board.
        let mut click = interaction(
            "700000000000000002",
            "tok-accept",
            3,
            (BOB, "bob"),
            serde_json::json!({"custom_id": accept, "component_type": 2}),
        );
        click["message"] = wire::message(wire::BOARD, CHANNEL, "challenge");
        fake.dispatch(click);
        let update = fake.wait_for(&mut seen, "the Accept update", |r| {
            r.path
                .ends_with("/interactions/700000000000000002/tok-accept/callback")
        });
        let payload = update.json();
        conforms(
            schema.as_ref(),
            "UpdateMessageInteractionCallbackRequest",
            &payload,
        );
        assert_eq!(payload["type"], 7, "the clicked message is updated in place");
        let (png, alt) = board_png(&update);
        assert!(png.starts_with(b"\x89PNG") && png.len() <= mapping::MAX_FILE_BYTES);
        assert!(!alt.is_empty() && mapping::discord_len(&alt) <= mapping::MAX_ALT);
        let ping = fake.wait_for(&mut seen, "the your-move ping", |r| {
            r.method == "POST" && r.path.ends_with(&format!("/channels/{CHANNEL}/messages"))
        });
        conforms(schema.as_ref(), "MessageCreateRequest", &ping.json());
        assert_eq!(ping.json()["content"], format!("<@{ALICE}>, your move."));

        // Alice types a move: autocomplete offers her legal moves.
        let focused = serde_json::json!([{"name": "action", "type": 3, "value": "", "focused": true}]);
        fake.dispatch(interaction(
            "700000000000000003",
            "tok-auto",
            4,
            (ALICE, "alice"),
            slash("move", focused, serde_json::json!({})),
        ));
        let auto = fake.wait_for(&mut seen, "autocomplete", |r| {
            r.path
                .ends_with("/interactions/700000000000000003/tok-auto/callback")
        });
        let payload = auto.json();
        conforms(
            schema.as_ref(),
            "ApplicationCommandAutocompleteCallbackRequest",
            &payload,
        );
        assert_eq!(payload["type"], 8);
        let choices = payload["data"]["choices"].as_array().unwrap();
        assert!(
            !choices.is_empty() && choices.len() <= 25,
            "{} choices",
            choices.len()
        );
        let action = choices[0]["value"].as_str().unwrap().to_string();

        // She plays it: a short public answer, and the board edited in place.
        let options = serde_json::json!([{"name": "action", "type": 3, "value": action}]);
        fake.dispatch(interaction(
            "700000000000000004",
            "tok-move",
            2,
            (ALICE, "alice"),
            slash("move", options, serde_json::json!({})),
        ));
        let answer = fake.wait_for(&mut seen, "the move's response", |r| {
            r.path
                .ends_with("/interactions/700000000000000004/tok-move/callback")
        });
        let payload = answer.json();
        conforms(
            schema.as_ref(),
            "CreateMessageInteractionCallbackRequest",
            &payload,
        );
        assert_eq!(payload["type"], 4);
        assert!(
            payload["data"]["content"].as_str().unwrap().contains(&action),
            "{payload}"
        );
        let edit = fake.wait_for(&mut seen, "the board edit", |r| {
            r.method == "PATCH"
                && r.path
                    .ends_with(&format!("/channels/{CHANNEL}/messages/{}", wire::BOARD))
        });
        conforms(schema.as_ref(), "MessageEditRequestPartial", &edit.json());
        let (png, _) = board_png(&edit);
        assert!(png.starts_with(b"\x89PNG"));

        // A patience by clicks: the move select on its board answers with
        // UPDATE_MESSAGE, the new board in the same message.
        // Seed 11 opens with moves (a random deal may open with none).
        let options = serde_json::json!([
            {"name": "game", "type": 3, "value": "ants"},
            {"name": "seed", "type": 3, "value": "11"}
        ]);
        fake.dispatch(interaction(
            "700000000000000010",
            "tok-patience",
            2,
            (BOB, "bob"),
            command_data("solitaire", "new", options),
        ));
        let started = fake.wait_for(&mut seen, "the patience's board", |r| {
            r.path
                .ends_with("/interactions/700000000000000010/tok-patience/callback")
        });
        let payload = started.json();
        assert_eq!(payload["type"], 4);
        let pick = payload["data"]["components"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row["components"].as_array().unwrap().clone())
            .find(|c| c["type"] == 3)
            .expect("a move select on the patience board");
        let value = pick["options"][0]["value"].as_str().unwrap().to_string();
        let mut click = interaction(
            "700000000000000011",
            "tok-pick",
            3,
            (BOB, "bob"),
            serde_json::json!({
                "custom_id": pick["custom_id"], "component_type": 3, "values": [value]
            }),
        );
        click["message"] = wire::message("500000000000005002", CHANNEL, "patience");
        fake.dispatch(click);
        let update = fake.wait_for(&mut seen, "the patience click's update", |r| {
            r.path
                .ends_with("/interactions/700000000000000011/tok-pick/callback")
        });
        let payload = update.json();
        conforms(
            schema.as_ref(),
            "UpdateMessageInteractionCallbackRequest",
            &payload,
        );
        assert_eq!(payload["type"], 7, "the patience board is updated in place");
        let (png, _) = board_png(&update);
        assert!(png.starts_with(b"\x89PNG"));

        // A misplaced move by Bob: ephemeral, and nothing else is touched.
        let options = serde_json::json!([{"name": "action", "type": 3, "value": "a1-a2"}]);
        fake.dispatch(interaction(
            "700000000000000005",
            "tok-bad",
            2,
            (BOB, "bob"),
            slash("move", options, serde_json::json!({})),
        ));
        let refused = fake.wait_for(&mut seen, "the refusal", |r| {
            r.path
                .ends_with("/interactions/700000000000000005/tok-bad/callback")
        });
        let payload = refused.json();
        assert_eq!(
            payload["data"]["flags"].as_u64().unwrap_or(0) & 64,
            64,
            "ephemeral: {payload}"
        );
        assert!(payload["data"]["attachments"]
            .as_array()
            .is_none_or(|a| a.is_empty()));

        let theirs = user_installed_in_a_server_without_the_bot(&fake, &mut seen);
        (seen, theirs)
    }));

    // SIGTERM: the bot stops, lets work finish and closes the database.
    let _ = Command::new("kill")
        .args(["-TERM", &bot.id().to_string()])
        .status();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        if let Some(status) = bot.try_wait().unwrap() {
            break Some(status);
        }
        if std::time::Instant::now() > deadline {
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let logs = std::fs::read_to_string(&log).unwrap_or_default();
    if status.is_none() {
        stop(&mut bot);
    }
    if std::env::var_os("ANTICS_WIRE_LOG").is_some() {
        eprintln!("--- antics run's log ---\n{logs}");
    }
    let (mut sent, theirs) = match outcome {
        Ok(seen) => seen,
        Err(panic) => {
            eprintln!("--- antics run's log ---\n{logs}");
            std::panic::resume_unwind(panic);
        }
    };
    let status = status.unwrap_or_else(|| panic!("no exit after SIGTERM; log:\n{logs}"));
    assert!(status.success(), "exit {status:?}; log:\n{logs}");
    // Stopped, the bot has sent all it will: the rest of its requests.
    sent.extend(fake.requests.try_iter());
    nothing_where_the_bot_is_not_a_member(&sent, &theirs);
    assert!(!logs.contains(TOKEN), "the token is in the log");
    assert!(logs.contains("database is closed"), "{logs}");

    // The game and its board message are in the database.
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let store = Store::open(&db).await.unwrap();
        let game = store
            .latest_game(CHANNEL, Some(antics::rules::GameKind::ArmyAnts))
            .await
            .unwrap()
            .expect("the game");
        assert_eq!(game.message_id.as_deref(), Some(wire::BOARD));
        assert_eq!(store.actions(&game.id).await.unwrap().len(), 1);
        store.close().await;
    });
    std::fs::remove_dir_all(&dir).ok();
}

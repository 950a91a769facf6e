//! Interactions read as the service's commands (src/discord/decode.rs).

use antics::discord::commands::OTHER_BOTS;
use antics::discord::decode::{command, specs};
use antics::discord::mapping::{command_origin, Origin};
use antics::service::{OptionValue, Options};
use poise::serenity_prelude as serenity;
use serde_json::json;

fn interaction(data: serde_json::Value) -> serenity::CommandInteraction {
    serde_json::from_value(json!({
        "id": "10", "application_id": "5", "type": 2, "token": "t", "version": 1,
        "channel_id": "20", "guild_id": "30", "locale": "en-US",
        "member": {"user": {"id": "40", "username": "ana", "discriminator": "0"},
                   "roles": [], "joined_at": "2024-01-01T00:00:00Z", "deaf": false, "mute": false,
                   "flags": 0, "pending": false, "permissions": "0"},
        "data": data,
        "entitlements": [], "authorizing_integration_owners": {"0": "30"}, "context": 0,
        "attachment_size_limit": 1000
    }))
    .expect("a command interaction")
}

#[test]
fn a_subcommand_with_choices_reads_as_the_gateway_builds_it() {
    let i = interaction(json!({"id": "1", "name": "solitaire", "type": 1, "options": [
        {"name": "new", "type": 1, "options": [
            {"name": "game", "type": 3, "value": "anthill"},
            {"name": "closed", "type": 5, "value": false},
            {"name": "seed", "type": 3, "value": "7"}]}]}));
    let d = command(&i, serenity::UserId::new(5)).unwrap();
    assert_eq!(d.name, "solitaire new");
    let mut expected = Options::new();
    expected.insert("game".into(), OptionValue::Text("anthill".into()));
    expected.insert("seed".into(), OptionValue::Text("7".into()));
    assert_eq!(d.options, expected);
}

#[test]
fn an_unknown_choice_or_command_is_refused() {
    let bad = interaction(json!({"id": "1", "name": "solitaire", "type": 1, "options": [
        {"name": "new", "type": 1, "options": [{"name": "game", "type": 3, "value": "chess"}]}]}));
    assert!(command(&bad, serenity::UserId::new(5)).is_err());
    let unknown = interaction(json!({"id": "1", "name": "chess", "type": 1}));
    assert!(command(&unknown, serenity::UserId::new(5)).is_err());
}

#[test]
fn the_bot_as_opponent_is_the_computer_and_other_bots_are_refused() {
    let challenge = |id: &str, bot: bool| {
        interaction(json!({"id": "1", "name": "armyants", "type": 1,
            "options": [{"name": "challenge", "type": 1, "options": [
                {"name": "opponent", "type": 6, "value": id}]}],
            "resolved": {"users": {id: {"id": id, "username": "x", "discriminator": "0", "bot": bot}}}}))
    };
    let d = command(&challenge("5", true), serenity::UserId::new(5)).unwrap();
    assert_eq!(
        d.options.get("opponent"),
        Some(&OptionValue::User(antics::service::User::bot()))
    );
    assert_eq!(
        command(&challenge("6", true), serenity::UserId::new(5)),
        Err(OTHER_BOTS.to_string())
    );
}

#[test]
fn answers_and_games_are_told_apart_by_name() {
    for plain in [
        "record",
        "help",
        "rules",
        "daily results",
        "dailypost subscribe",
        "tournament create",
        "stats",
    ] {
        assert!(specs().contains_key(plain), "{plain}");
        assert_eq!(command_origin(plain), Origin::PlainCommand, "{plain}");
    }
    for game in [
        "armyants move",
        "atta new",
        "solitaire hint",
        "daily play",
        "game end",
    ] {
        assert!(specs().contains_key(game), "{game}");
        assert_eq!(command_origin(game), Origin::GameCommand, "{game}");
    }
}

//! The slash commands' choices (src/discord/commands.rs).

use antics::controls::choices::{Color, StringChoice};
use antics::discord::commands::Game;
use poise::serenity_prelude as serenity;

#[test]
fn rules_choices_match_the_texts() {
    let values: Vec<&str> = Game::all().iter().map(|g| g.value()).collect();
    let texts: Vec<&str> = antics::service::rules_text::GAMES
        .iter()
        .map(|(v, _)| *v)
        .collect();
    assert_eq!(values, texts);
}

#[test]
fn string_choices_register_as_strings() {
    let option = <Color as poise::SlashArgument>::create(serenity::CreateCommandOption::new(
        serenity::CommandOptionType::Integer,
        "color",
        "c",
    ));
    let json = serde_json::to_value(option).unwrap();
    assert_eq!(json["type"], 3);
    assert_eq!(json["choices"][1]["value"], "black");
}

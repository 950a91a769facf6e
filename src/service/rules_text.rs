//! `/rules`: the rules page of one game (`rules::pages`), or the overview,
//! as embeds for the asker alone.

use crate::protocol::options;
use crate::protocol::types::{Embed, Options, Reply};
pub use crate::rules::pages::{rules, Section, GAMES};
use crate::rules::GameKind;
use crate::service::error::ServiceResult;

/// `/rules [game]`: the page of one game, or the overview, for the asker
/// alone. The game's kind (`army-ants`, `atta-ants`) is taken too.
pub(super) fn reply(opts: &Options) -> ServiceResult<Reply> {
    options::only(opts, &["game"])?;
    let names: Vec<&str> = GAMES
        .iter()
        .map(|(value, _)| *value)
        .chain(
            GameKind::ALL
                .iter()
                .map(|kind| kind.as_str())
                .filter(|name| GameKind::by_rules_page(name).is_none()),
        )
        .chain([crate::rules::pages::TOURNAMENT_PAGE])
        .collect();
    let game = options::choice(opts, "game", &names)?
        .map(|game| GameKind::parse(game).map_or(game, GameKind::rules_page));
    Ok(Reply {
        ephemeral: true,
        embeds: rules(game)
            .iter()
            .map(|section| Embed {
                title: section.title.into(),
                description: section.text.into(),
                fields: Vec::new(),
                footer: None,
            })
            .collect(),
        ..Reply::default()
    })
}

//! Component ids: `GAME:ID:VERB`, at most 100 characters, so that a click
//! finds its game after a restart with no state in memory.

use super::refusal::UserError;

pub const MAX_LEN: usize = 100;

/// A parsed component id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentId {
    /// Short game tag: `aa` for Army Ants.
    pub game: String,
    pub id: String,
    pub verb: String,
}

impl ComponentId {
    pub fn new(game: &str, id: &str, verb: &str) -> ComponentId {
        ComponentId {
            game: game.into(),
            id: id.into(),
            verb: verb.into(),
        }
    }

    pub fn encode(&self) -> String {
        let text = format!("{}:{}:{}", self.game, self.id, self.verb);
        debug_assert!(text.len() <= MAX_LEN, "custom_id too long: {text}");
        text
    }

    pub fn parse(text: &str) -> Result<ComponentId, UserError> {
        let bad = || UserError::no_game("That button does not belong to a game I know.");
        if text.len() > MAX_LEN {
            return Err(bad());
        }
        let mut parts = text.splitn(3, ':');
        let (Some(game), Some(id), Some(verb)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad());
        };
        let ok = |s: &str| {
            !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        if !ok(game) || !ok(id) || verb.is_empty() {
            return Err(bad());
        }
        Ok(ComponentId::new(game, id, verb))
    }
}

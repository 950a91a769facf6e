//! A board's actions as clicks: a move is a click on its source region then
//! on its target (`3-7`, `t2-f1`, `3:2-7`), read from the notation every
//! game shares; the buttons the bot shows under the board (deal, undo, hint,
//! end ...) are one-step actions.

use crate::service::custom_id::ComponentId;
use crate::service::Component;
use serde::Serialize;

/// The moves from one region to another: one, or several to choose from
/// (how many cards to move onto an empty pile).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    pub from: String,
    pub to: String,
    /// The actions in notation, as the service reads them.
    pub actions: Vec<String>,
}

/// A button of the board: its action's name (`deal`, `undo`, `end` ...),
/// its label and the component it clicks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub name: String,
    pub label: String,
    pub component: String,
}

/// The legal actions that are moves, grouped by their two regions; the
/// order of the first appearance is kept.
pub fn moves(legal: &[String]) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for action in legal {
        let Some((from, to)) = regions_of(action) else {
            continue;
        };
        match moves.iter_mut().find(|m| m.from == from && m.to == to) {
            Some(known) => known.actions.push(action.clone()),
            None => moves.push(Move {
                from: from.to_string(),
                to: to.to_string(),
                actions: vec![action.clone()],
            }),
        }
    }
    moves
}

/// The source and target regions of a move: `FROM-TO`, with an optional
/// `:COUNT` after the source.
fn regions_of(action: &str) -> Option<(&str, &str)> {
    let (from, to) = action.split_once('-')?;
    let from = from.split_once(':').map_or(from, |(pile, _)| pile);
    let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric());
    (plain(from) && plain(to)).then_some((from, to))
}

/// The board's buttons as one-step actions, named by their verb.
pub fn steps(components: &[Component]) -> Vec<Step> {
    components
        .iter()
        .filter_map(|c| match c {
            Component::Button { id, label, .. } => {
                let verb = ComponentId::parse(id).ok()?.verb;
                let name = verb.split('.').next().unwrap_or_default().to_string();
                Some(Step {
                    name,
                    label: label.clone(),
                    component: id.clone(),
                })
            }
            Component::Select { .. } => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_pair_their_regions_and_group_choices() {
        let legal: Vec<String> = ["3-7", "t2-f1", "deal", "4:2-8", "4:1-8", "end"]
            .map(String::from)
            .to_vec();
        let moves = moves(&legal);
        assert_eq!(moves.len(), 3);
        assert_eq!((moves[0].from.as_str(), moves[0].to.as_str()), ("3", "7"));
        assert_eq!((moves[1].from.as_str(), moves[1].to.as_str()), ("t2", "f1"));
        assert_eq!(moves[2].actions, vec!["4:2-8", "4:1-8"]);
    }

    #[test]
    fn words_are_not_moves() {
        assert_eq!(regions_of("deal"), None);
        assert_eq!(regions_of("end"), None);
        assert_eq!(regions_of("-3"), None);
    }
}

//! A board's actions as clicks: a move is a click on its source region then
//! on its target, as the rules place each legal action on the board
//! ([`Spot`]); the buttons the bot shows under the board (deal, undo, hint,
//! end, accept, join, resign ...) and the legal actions of one word that
//! no button offers (`end`, `favor`) are one-step actions.

use crate::controls::army_ants::SHARE_REVIEW;
use crate::service::custom_id::ComponentId;
use crate::service::{Component, Spot};
use serde::Serialize;

/// The moves from one region to another: one, or several to choose from
/// (how many cards to move onto an empty pile, which way an ant goes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    pub from: String,
    pub to: String,
    /// The actions in notation, as the service reads them.
    pub actions: Vec<String>,
    /// Each action in words then notation, for a player to choose from.
    pub labels: Vec<String>,
}

/// A one-step action: its name (`deal`, `undo`, `end` ...), its label, and
/// what it sends: the button's component, or the action in notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub name: String,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
}

/// The legal actions that are moves, grouped by their two regions; the
/// order of the first appearance is kept.
pub fn moves(spots: &[Spot]) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for spot in spots {
        let label = spot.label.clone().unwrap_or_else(|| spot.action.clone());
        match moves.iter_mut().find(|m| m.from == spot.from && m.to == spot.to) {
            Some(known) if known.actions.contains(&spot.action) => {}
            Some(known) => {
                known.actions.push(spot.action.clone());
                known.labels.push(label);
            }
            None => moves.push(Move {
                from: spot.from.clone(),
                to: spot.to.clone(),
                actions: vec![spot.action.clone()],
                labels: vec![label],
            }),
        }
    }
    moves
}

/// The board's buttons, named by their verb (but those that post in a
/// Discord channel, which the page has not), then the legal actions of one
/// word that are not moves and that no button offers.
pub fn steps(components: &[Component], legal: &[String], spots: &[Spot]) -> Vec<Step> {
    let mut steps: Vec<Step> = components
        .iter()
        .filter_map(|c| match c {
            Component::Button { id, label, .. } => {
                let verb = ComponentId::parse(id).ok()?.verb;
                if verb == SHARE_REVIEW {
                    return None;
                }
                let name = verb.split('.').next().unwrap_or_default().to_string();
                Some(Step {
                    name,
                    label: label.clone(),
                    component: Some(id.clone()),
                    action: None,
                })
            }
            Component::Select { .. } => None,
        })
        .collect();
    for action in legal {
        let word = !action.is_empty() && action.chars().all(|c| c.is_ascii_alphabetic());
        let placed = spots.iter().any(|s| &s.action == action);
        if word && !placed && !steps.iter().any(|s| &s.name == action) {
            steps.push(Step {
                name: action.clone(),
                label: label_of(action),
                component: None,
                action: Some(action.clone()),
            });
        }
    }
    steps
}

/// The buttons that ask first on Discord (Resign, and a patience's End
/// game, which the bot confirms privately), made one step, as the table's
/// contract names them: each sends its confirmation at once, bound to the
/// board's `version`, so a click on a board that moved on is refused.
pub fn one_step(steps: Vec<Step>, version: i64) -> Vec<Step> {
    steps
        .into_iter()
        .map(|mut step| {
            let asked = step
                .component
                .as_deref()
                .and_then(|id| ComponentId::parse(id).ok());
            if let Some(mut id) = asked.filter(|id| id.verb == "resign" || id.verb == "end") {
                id.verb = format!("{}ok.{version}", id.verb);
                step.component = Some(id.encode());
            }
            step
        })
        .collect()
}

/// A one-word action's button label.
fn label_of(word: &str) -> String {
    match word {
        "favor" => "Queen's Favor".into(),
        "end" => "End turn".into(),
        _ => crate::rules::capitalised(word),
    }
}

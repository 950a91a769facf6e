//! The clicks on Army Ants' public messages: a challenge's answer, the
//! board's buttons and card select, the resignation's confirmation, and the
//! private picker's selects of a card's moves.

use super::{cid, picker};
use crate::protocol::{ButtonStyle, Component, SelectOption};
use crate::rules::army_ants::{ArmyAnts, Board, Side, Square, Status};

/// Accept and Decline under a challenge, Accept bound to its version.
pub fn challenge(game_id: &str, version: i64) -> Vec<Component> {
    vec![
        Component::button(
            cid(game_id, &format!("accept.{version}")),
            "Accept",
            ButtonStyle::Success,
        ),
        Component::button(cid(game_id, "decline"), "Decline", ButtonStyle::Danger),
    ]
}

/// The private question before a resignation, bound to the board's version.
pub fn confirm_resign(game_id: &str, version: i64) -> Vec<Component> {
    vec![
        Component::button(
            cid(game_id, &format!("resignok.{version}")),
            "Yes, resign",
            ButtonStyle::Danger,
        ),
        Component::button(cid(game_id, "resignno"), "Keep playing", ButtonStyle::Secondary),
    ]
}

/// The Deploy button, which opens a player's private deployment.
pub fn deploy_button(game_id: &str) -> Component {
    Component::button(cid(game_id, "deploy"), "Deploy", ButtonStyle::Primary)
}

/// On a player's private "placed, waiting" message: the next row's picker
/// in that same message, once the opponent has placed theirs.
pub fn next_row_button(game_id: &str) -> Component {
    Component::button(cid(game_id, "nextrow"), "Next row", ButtonStyle::Primary)
}

/// The board's components as the game stands: Deploy and Resign while the
/// armies deploy; the card select, a draw button and Resign in battle;
/// Rematch and Review once it is over. Against the computer (`against_bot`) no draw
/// button is offered while its refusal of an offer stands, since it answers
/// an offer at once.
pub fn components(game_id: &str, game: &ArmyAnts, against_bot: bool) -> Vec<Component> {
    let resign = || Component::button(cid(game_id, "resign"), "Resign", ButtonStyle::Danger);
    match game.status() {
        Status::Deploying => vec![deploy_button(game_id), resign()],
        Status::ToMove(side) => {
            let mut components: Vec<Component> =
                card_select(game_id, game, side, "pick").into_iter().collect();
            let draw_label = match (game.draw_offer(), against_bot) {
                (None, _) => Some("Offer draw"),
                (Some(_), false) => Some("Accept draw"),
                (Some(_), true) => None,
            };
            if let Some(label) = draw_label {
                components.push(Component::button(
                    cid(game_id, "draw"),
                    label,
                    ButtonStyle::Secondary,
                ));
            }
            components.push(resign());
            components
        }
        Status::Over(_) => vec![
            Component::button(cid(game_id, "rematch"), "Rematch", ButtonStyle::Primary),
            Component::button(cid(game_id, "review"), "Review", ButtonStyle::Secondary),
        ],
    }
}

/// A select of `side`'s cards to move, under `verb`: `pick` on the board
/// (the side to move's cards with a legal move), `card` in the private
/// picker (all of its cards while the other side moves). `None` outside the
/// battle or with no card to offer.
pub fn card_select(game_id: &str, game: &ArmyAnts, side: Side, verb: &str) -> Option<Component> {
    let Status::ToMove(to_move) = game.status() else {
        return None;
    };
    let placeholder = match (verb, to_move == side) {
        ("pick", _) => "Pick a card to move",
        (_, true) => "Pick your next card",
        (_, false) => "Your next card (when your turn comes)",
    };
    let options = picker::card_options(game, side);
    (!options.is_empty()).then(|| Component::Select {
        id: cid(game_id, verb),
        placeholder: placeholder.into(),
        options,
    })
}

/// The private picker's selects of the card on `square`, one a group of its
/// moves: `move.V`, then `move2.V` .. `move5.V`, bound to version `V`.
pub fn move_selects(
    game_id: &str,
    version: i64,
    board: &Board,
    square: Square,
    groups: &[picker::Group],
) -> Vec<Component> {
    let verb = |i: usize| match i {
        0 => format!("move.{version}"),
        i => format!("move{}.{version}", i + 1),
    };
    groups
        .iter()
        .enumerate()
        .map(|(i, group)| Component::Select {
            id: cid(game_id, &verb(i)),
            placeholder: group.placeholder.clone(),
            options: group
                .actions
                .iter()
                .map(|a| SelectOption {
                    value: a.to_string(),
                    label: picker::label(board, a, square),
                })
                .collect(),
        })
        .collect()
}

/// Whether `verb` names one of the picker's move selects (`move`,
/// `move2` .. `move5`).
pub fn is_move_verb(verb: &str) -> bool {
    verb == "move"
        || verb
            .strip_prefix("move")
            .and_then(|n| n.parse::<u8>().ok())
            .is_some_and(|n| (2..=picker::MAX_ROWS as u8).contains(&n))
}

//! Army Ants' move picker.

use antics::controls::army_ants::picker::*;
use antics::rules::army_ants::Setup;
use antics::rules::army_ants::{Action, ArmyAnts, Square};

fn game(position: &str) -> ArmyAnts {
    ArmyAnts::new(&Setup {
        position: Some(position.into()),
        ..Setup::default()
    })
    .expect("a position")
}

fn sq(text: &str) -> Square {
    text.parse().expect("a square")
}

/// Ruling: "Move Out! One card moves to any empty square reachable by
/// orthogonal steps": a lone 9 on an open board has 37 moves out, more
/// than one select holds, and none is dropped.
#[test]
fn a_card_with_more_moves_than_a_select_holds_gets_them_all() {
    let g = game(
        "bQ......../........../........../........../....r9..../........../........../rQ........ r battle",
    );
    let moves = moves_of(&g, sq("c4"));
    assert!(moves.len() > MAX_OPTIONS, "{}", moves.len());
    let groups = groups(g.board(), sq("c4"), &moves, 4).expect("it fits");
    assert!(groups.iter().all(|g| g.actions.len() <= MAX_OPTIONS));
    let listed: Vec<&Action> = groups.iter().flat_map(|g| &g.actions).collect();
    assert_eq!(listed.len(), moves.len());
    assert!(
        groups[0].placeholder.starts_with("Moves out of the 9 on c4 to "),
        "{groups:?}"
    );
}

/// The densest card: a full column and a full row of its own army
/// meeting at its square. Its actions still fit five selects.
#[test]
fn the_densest_card_fits_five_selects() {
    let g = game(
        "..r9....bQ/..r9....../..r8....../..r8....../..r7....../..r7....../..r6....../r5r5r4r4rQ r battle",
    );
    let moves = moves_of(&g, sq("c1"));
    assert!(moves.len() <= MAX_ROWS * MAX_OPTIONS, "{}", moves.len());
    let groups = groups(g.board(), sq("c1"), &moves, MAX_ROWS).expect("five selects hold them");
    assert_eq!(groups.iter().map(|g| g.actions.len()).sum::<usize>(), moves.len());
}

#[test]
fn labels_say_what_happens_then_the_notation() {
    let g = game(
        "bQ......../........../........../....b7..../....r9..../........../........../rQ........ r battle",
    );
    let board = g.board();
    let take = Action::Attack {
        from: sq("c4"),
        to: sq("c5"),
    };
    assert_eq!(label(board, &take, sq("c4")), "9 on c4 takes the 7 on c5 · c4xc5");
    let out = Action::MoveOut {
        from: sq("c4"),
        to: sq("e6"),
    };
    assert_eq!(label(board, &out, sq("c4")), "9 on c4 moves out to e6 · c4-e6");
}

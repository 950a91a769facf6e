//! A board's actions as clicks and one-step actions (src/web/moves.rs).

use antics::service::{Component, Spot};
use antics::web::moves::{moves, one_step, steps};

fn spot(action: &str, from: &str, to: &str) -> Spot {
    Spot {
        action: action.into(),
        from: from.into(),
        to: to.into(),
        label: None,
    }
}

#[test]
fn moves_pair_their_regions_and_group_choices() {
    let spots = [
        spot("3-7", "3", "7"),
        spot("t2-f1", "t2", "f1"),
        Spot {
            label: Some("4 → 8 (2 cards) · 4:2-8".into()),
            ..spot("4:2-8", "4", "8")
        },
        spot("4:1-8", "4", "8"),
    ];
    let moves = moves(&spots);
    assert_eq!(moves.len(), 3);
    assert_eq!((moves[0].from.as_str(), moves[0].to.as_str()), ("3", "7"));
    assert_eq!(moves[2].actions, vec!["4:2-8", "4:1-8"]);
    // A choice reads in words where the game words it.
    assert_eq!(moves[2].labels, vec!["4 → 8 (2 cards) · 4:2-8", "4:1-8"]);
}

#[test]
fn resigning_and_ending_are_one_step() {
    // "one-step actions (deal, undo, end, hint, resign, draw, ...)"
    let button = |verb: &str| {
        Component::button(
            format!("sol:g1:{verb}"),
            "B",
            antics::service::ButtonStyle::Danger,
        )
    };
    let steps = one_step(
        steps(
            &[button("resign"), button("end"), button("end.4"), button("undo")],
            &[],
            &[],
        ),
        7,
    );
    let sent: Vec<&str> = steps.iter().map(|s| s.component.as_deref().unwrap()).collect();
    assert_eq!(
        sent,
        [
            "sol:g1:resignok.7",
            "sol:g1:endok.7",
            "sol:g1:end.4",
            "sol:g1:undo"
        ]
    );
    let names: Vec<&str> = steps.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["resign", "end", "end", "undo"]);
}

#[test]
fn words_no_button_offers_are_steps() {
    let legal: Vec<String> = ["3-7", "end", "favor", "deploy 93Q15"].map(String::from).to_vec();
    let steps = steps(&[], &legal, &[spot("3-7", "3", "7")]);
    let names: Vec<&str> = steps.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["end", "favor"]);
    assert_eq!(steps[0].action.as_deref(), Some("end"));
    assert_eq!(steps[1].label, "Queen's Favor");
}

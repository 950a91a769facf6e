//! Atta Ants' controls.

use antics::controls::atta_ants::*;
use antics::protocol::Component;
use antics::rules::atta_ants::{AntId, AttaAnts, Phase, Pos};
use antics::rules::atta_ants::{Setup, Status};

/// Rows Discord would lay out: one per select, buttons five to a row.
fn rows(components: &[Component]) -> usize {
    let mut rows = 0;
    let mut buttons = 0;
    for c in components {
        match c {
            Component::Select { .. } => {
                rows += usize::from(buttons > 0) + 1;
                buttons = 0;
            }
            Component::Button { .. } => {
                if buttons == 5 {
                    rows += 1;
                    buttons = 0;
                }
                buttons += 1;
            }
        }
    }
    rows + usize::from(buttons > 0)
}

/// Checks Discord's limits on a board and follows every narrowing
/// choice to its end: every path ends in a legal action, and every legal
/// action is on some path.
fn explore(game: &AttaAnts, view: &View, reached: &mut Vec<String>, depth: usize) {
    assert!(depth < 6, "paths are short: {view:?}");
    let comps = components("abcdefghij", i64::MAX, game, view);
    assert!(rows(&comps) <= 5, "{comps:?}");
    let legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
    for c in &comps {
        assert!(c.id().len() <= 100, "{}", c.id());
        assert!(c.label().chars().count() <= 100);
        let Component::Select { options, .. } = c else {
            if c.label() == "End turn" {
                reached.push("end".into());
            }
            continue;
        };
        assert!(!options.is_empty() && options.len() <= MAX_OPTIONS);
        for o in options {
            assert!(o.value.len() <= 100 && o.label.chars().count() <= 100, "{o:?}");
            match Choice::parse(&o.value).expect("a choice") {
                Choice::Play(a) => {
                    assert!(legal.contains(&a), "{a} is legal ({legal:?})");
                    reached.push(a);
                }
                Choice::Square(p) => explore(game, &View::Square(p), reached, depth + 1),
                Choice::Ant(ant) => explore(game, &View::Path { ant, words: vec![] }, reached, depth + 1),
                Choice::Path(p) => explore(game, &path_view(&p).expect("a path"), reached, depth + 1),
            }
        }
    }
}

#[test]
fn every_click_path_ends_in_a_legal_action_and_fits_discord() {
    for players in 2..=4u8 {
        for seed in 1..=4u64 {
            let mut game = AttaAnts::new(&Setup {
                players,
                seed,
                deal: None,
            })
            .unwrap();
            for k in 0..150usize {
                let Status::ToMove(seat) = game.status() else {
                    break;
                };
                let mut reached = Vec::new();
                explore(&game, &View::Play, &mut reached, 0);
                let legal = game.legal_actions();
                if !matches!(game.phase(), Phase::Spider { .. }) {
                    for a in &legal {
                        assert!(reached.contains(&a.to_string()), "{a} has no path of clicks");
                    }
                }
                let action = legal[(k * 7919 + seed as usize) % legal.len()].clone();
                game.apply(seat, &action).unwrap();
            }
        }
    }
}

/// Every action the board reaches in at most two clicks: a select
/// option or a button that plays, or one that narrows and then plays.
fn two_clicks(game: &AttaAnts) -> Vec<String> {
    let mut out = Vec::new();
    let mut narrowed = Vec::new();
    let first = components("abcdefghij", 3, game, &View::Play);
    let read = |comps: &[Component], narrowed: &mut Vec<View>, out: &mut Vec<String>| {
        for c in comps {
            let verb = c.id().rsplit(':').next().unwrap_or("").to_string();
            let verb = verb.split('.').next().unwrap_or("");
            match c {
                Component::Button { .. } if verb == "end" => out.push("end".into()),
                Component::Button { .. } if verb.starts_with("spider-") => out.push(verb.replace('-', " ")),
                Component::Button { .. } => {}
                Component::Select { options, .. } => {
                    for o in options {
                        match Choice::parse(&o.value).expect("a choice") {
                            Choice::Play(a) => out.push(a),
                            Choice::Square(p) => narrowed.push(View::Square(p)),
                            Choice::Ant(ant) => narrowed.push(View::Path { ant, words: vec![] }),
                            Choice::Path(p) => narrowed.push(path_view(&p).expect("a path")),
                        }
                    }
                }
            }
        }
    };
    read(&first, &mut narrowed, &mut out);
    for view in narrowed {
        let mut deeper = Vec::new();
        read(&components("abcdefghij", 3, game, &view), &mut deeper, &mut out);
        assert!(deeper.is_empty(), "a third click after {view:?}: {deeper:?}");
    }
    out.sort();
    out.dedup();
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(crate::cases::scaled(16)))]
    /// Issue 25: "in random Atta Ants positions the set of actions
    /// reachable through the board's components equals the legal set",
    /// each at most two clicks from the board.
    #[test]
    fn every_action_is_at_most_two_clicks_away(players in 2u8..=4, seed in 0u64..1_000_000, picks in proptest::collection::vec(0usize..1000, 0..250)) {
        let mut game = AttaAnts::new(&Setup { players, seed, deal: None }).unwrap();
        for pick in picks {
            let Status::ToMove(seat) = game.status() else { break };
            let legal = game.legal_actions();
            let mut names: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            names.sort();
            names.dedup();
            proptest::prop_assert_eq!(two_clicks(&game), names);
            game.apply(seat, &legal[pick % legal.len()]).unwrap();
        }
    }
}

#[test]
fn many_placements_are_picked_by_square_then_rotation() {
    // Find a game whose drawn card has more than 25 placements.
    let found = (1..200u64).find_map(|seed| {
        let mut game = AttaAnts::new(&Setup {
            players: 2,
            seed,
            deal: None,
        })
        .unwrap();
        for k in 0..300usize {
            let Status::ToMove(seat) = game.status() else {
                return None;
            };
            if matches!(game.phase(), Phase::Place) && game.legal_actions().len() > MAX_OPTIONS {
                return Some(game);
            }
            let legal = game.legal_actions();
            game.apply(seat, &legal[k * 31 % legal.len()]).unwrap();
        }
        None
    });
    let game = found.expect("a crowded placement");
    let first = place_choices(&game, None);
    assert!(first.iter().any(|(c, _)| matches!(c, Choice::Square(_))));
    let Some((Choice::Square(p), label)) = first.iter().find(|(c, _)| matches!(c, Choice::Square(_))) else {
        unreachable!()
    };
    assert!(label.contains("rotations"), "{label}");
    let second = place_choices(&game, Some(*p));
    assert!(second.len() > 1);
    assert!(second.iter().all(
        |(c, l)| matches!(c, Choice::Play(a) if a.starts_with(&format!("place {p} r")))
            && l.contains("turned")
    ));
}

#[test]
fn values_round_trip() {
    for c in [
        Choice::Play("r2 n+ e".into()),
        Choice::Square(Pos::new(1, -2)),
        Choice::Ant(AntId::new(antics::rules::atta_ants::Colour::Yellow, 3)),
        Choice::Path("r2+ n".into()),
    ] {
        assert_eq!(Choice::parse(&c.value()), Some(c));
    }
    assert_eq!(
        path_view("y3+r1 n-"),
        Some(View::Path {
            ant: AntId::new(antics::rules::atta_ants::Colour::Yellow, 3),
            words: vec!["y3+r1".into(), "n-".into()]
        })
    );
    assert_eq!(select_verb("place2"), Some("place"));
    assert_eq!(select_verb("stepx"), None);
}

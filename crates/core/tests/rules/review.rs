//! The review of a finished patience (issue: "a 'Review' button on the
//! final board gives the last winnable position and the move that lost it,
//! or 'every move kept the win' for a won game, within the solver's budget
//! and said honestly when undecided"). Checked against a plain scan: each
//! position of the line solved in turn, the first lost one found by hand.

use antics::ai::solver::ants;
use antics::ai::solver::hint::Hinted;
use antics::ai::solver::review::{action_between, line_played, review, Review, REVIEW_BUDGET};
use antics::ai::solver::Verdict;
use antics::rules::ants_solitaire::{self as an, AntsSolitaire};
use antics::rules::patience::Patience;

fn deal(seed: u64) -> AntsSolitaire {
    AntsSolitaire::new(&an::Setup {
        seed: Some(seed),
        ..Default::default()
    })
    .unwrap()
}

fn won_from(game: &AntsSolitaire) -> bool {
    matches!(ants::solve(game, REVIEW_BUDGET).verdict, Verdict::Won(_))
}

/// Plays the first legal action (never `end`) until the game ends, keeping
/// every position: a line with a blunder somewhere on most deals.
fn first_moves(mut game: AntsSolitaire) -> Vec<AntsSolitaire> {
    let mut positions = vec![game.clone()];
    while game.outcome().is_none() {
        let action = game
            .legal_actions()
            .into_iter()
            .find(|a| a.to_string() != "end")
            .unwrap_or_else(|| "end".parse().unwrap());
        game.apply(&action).unwrap();
        positions.push(game.clone());
    }
    positions
}

/// "A patience lost by one known blunder names that move": the review
/// names the action after which a plain scan first finds the deal lost,
/// and an action that would have kept the win there.
#[test]
fn a_lost_game_names_the_action_that_lost_the_win() {
    let mut named = 0;
    for seed in 0..12 {
        let line = line_played(&first_moves(deal(seed)));
        if line.last().unwrap().outcome().unwrap().won {
            assert_eq!(review(&line, REVIEW_BUDGET), Review::Won, "seed {seed}");
            continue;
        }
        let Some(first_lost) = (0..line.len()).find(|&i| !won_from(&line[i]) || line[i].outcome().is_some())
        else {
            continue;
        };
        match review(&line, REVIEW_BUDGET) {
            Review::NeverWinnable => assert_eq!(first_lost, 0, "seed {seed}"),
            Review::Lost { at, action, better } => {
                assert_eq!(at + 1, first_lost, "seed {seed}");
                assert_eq!(Some(action.clone()), action_between(&line[at], &line[at + 1]));
                // "and what would have kept the win": played instead, it
                // leaves a position that still wins.
                let mut instead = line[at].clone();
                instead.apply(&better.parse().unwrap()).unwrap();
                assert!(
                    won_from(&instead) || instead.outcome().is_some_and(|o| o.won),
                    "seed {seed}: {better}"
                );
                let told = Review::Lost {
                    at,
                    action: action.clone(),
                    better: better.clone(),
                }
                .told(line.len() - 1);
                assert!(told.contains(&format!("**{action}** lost it")), "{told}");
                assert!(told.contains(&format!("**{better}** kept the win")), "{told}");
                named += 1;
            }
            other => panic!("seed {seed}: {other:?}"),
        }
    }
    assert!(named >= 3, "only {named} deals were winnable and then lost");
}

/// "Or 'every move kept the win' for a won game": the solver's own line,
/// played to the end, is reviewed as won.
#[test]
fn a_won_game_says_every_action_kept_the_win() {
    let seed = (0..50).find(|&s| won_from(&deal(s))).expect("a winnable deal");
    let mut game = deal(seed);
    let Verdict::Won(winning) = ants::solve(&game, REVIEW_BUDGET).verdict else {
        unreachable!()
    };
    let mut positions = vec![game.clone()];
    for action in &winning {
        game.apply(action).unwrap();
        positions.push(game.clone());
    }
    assert!(game.outcome().unwrap().won);
    let line = line_played(&positions);
    assert_eq!(review(&line, REVIEW_BUDGET), Review::Won);
    assert_eq!(
        Review::Won.told(line.len() - 1),
        "You won: every action kept the win."
    );
}

/// "Said honestly when undecided": with almost no budget nothing is
/// decided, and the words say so.
#[test]
fn a_review_out_of_budget_says_it_could_not_decide() {
    let line = line_played(&first_moves(deal(3)));
    let reviewed = review(&line, 3);
    assert!(matches!(reviewed, Review::Undecided { .. }), "{reviewed:?}");
    assert!(reviewed.told(line.len() - 1).contains("within my budget"));
}

/// An undone move is not on the line: undo goes back to a position met
/// before, and the line is cut back to it.
#[test]
fn undone_moves_are_taken_out_of_the_line() {
    let mut game = deal(1);
    let mut positions = vec![game.clone()];
    let first = game
        .legal_actions()
        .into_iter()
        .find(|a| a.to_string() != "end")
        .unwrap();
    game.apply(&first).unwrap();
    positions.push(game.clone());
    if game.legal_actions().iter().any(|a| a.to_string() == "undo") {
        game.apply(&"undo".parse().unwrap()).unwrap();
        positions.push(game.clone());
        let line = line_played(&positions);
        assert_eq!(line.len(), 1, "back at the deal");
        assert_eq!(line[0].table(), deal(1).table());
    }
}

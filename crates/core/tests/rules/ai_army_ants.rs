//! The Army Ants computer opponent: its move generation matches the rules
//! module exactly, it never plays an illegal move, it sees a Queen capture
//! and a Queen in danger, and it finishes games. How it plays through the
//! service is `tests/app/script_army_ants_computer.rs`.

use antics::ai::army_ants::{
    accepts_draw, choose, reply, turns_in_a_row, Budget, End, Kind, Level, Move, Pos,
};
use antics::rules::army_ants::*;
use antics::rules::shuffle::SeededRng;
use std::collections::BTreeSet;
use std::time::Duration;

/// A small deterministic budget: tests run at opt-level 1. The nodes
/// bound the search; the time limit is far past what they take, so that a
/// busy machine never cuts a search short and changes its move.
fn small(nodes: u64) -> Budget {
    Budget {
        nodes,
        time: Duration::from_secs(3600),
    }
}

fn game_from(position: &str) -> ArmyAnts {
    ArmyAnts::new(&Setup {
        position: Some(position.into()),
        ..Setup::default()
    })
    .expect("a valid position")
}

fn engine_actions(pos: &Pos) -> BTreeSet<String> {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    let set: BTreeSet<String> = moves.iter().map(|m| m.to_action().to_string()).collect();
    assert_eq!(set.len(), moves.len(), "no move is generated twice");
    set
}

fn rules_actions(game: &ArmyAnts) -> BTreeSet<String> {
    game.legal_actions().iter().map(|a| a.to_string()).collect()
}

/// The parts of an engine position the rules also know.
fn summary(pos: &Pos) -> (u64, [u64; 2], u64, usize, [u8; 2], u8) {
    (
        pos.board_key,
        pos.occ,
        pos.queens,
        pos.to_move,
        pos.rally,
        pos.repeats,
    )
}

/// A random position in the notation: each Queen and a random part of each
/// army on random squares, a random side and phase; the Queens sometimes in
/// their front rows with five rally turns left (the Queen's Favor).
fn random_position(rng: &mut SeededRng) -> String {
    let mut cells = vec!["..".to_string(); 40];
    let mut free: Vec<usize> = (0..40).collect();
    rng.shuffle(&mut free);
    let favor = rng.below(3) == 0;
    if favor {
        // Queens first, onto their front rows (rows 4 and 5).
        free.retain(|&i| i != 17 && i != 22);
        free.insert(0, 22);
        free.insert(0, 17);
    }
    let mut free = free.into_iter();
    let keep = rng.below(101);
    for side in Side::BOTH {
        let mut army = Card::army();
        army.rotate_right(1); // the Queen first
        for card in army {
            if card == Card::Queen || rng.below(100) < keep {
                cells[free.next().unwrap()] = Piece::new(side, card).code();
            }
        }
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| (0..5).map(|file| cells[rank * 5 + file].clone()).collect())
        .collect();
    let phase = if favor {
        "rally:5,5".to_string()
    } else if rng.below(2) == 0 {
        "battle".to_string()
    } else {
        format!("rally:{},{}", 1 + rng.below(5), 1 + rng.below(5))
    };
    let side = if rng.below(2) == 0 { 'r' } else { 'b' };
    format!("{} {side} {phase}", rows.join("/"))
}

/// Plays random legal actions on the rules' game and the engine's position
/// side by side: at every step both list the same actions, and playing one
/// gives the same position (board, side, phase, repeated turns, result).
fn cross_check(mut game: ArmyAnts, rng: &mut SeededRng, plies: usize) -> usize {
    let mut checked = 0;
    for _ in 0..plies {
        let Status::ToMove(side) = game.status() else {
            break;
        };
        let (pos, seen) = Pos::from_game(&game);
        assert_eq!(
            engine_actions(&pos),
            rules_actions(&game),
            "{}",
            game.position(None)
        );
        checked += 1;
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        // Prefer attacks now and then, so battles end and Queens fall.
        let attacks: Vec<Move> = moves.iter().copied().filter(|m| m.kind == Kind::Attack).collect();
        let m = if !attacks.is_empty() && rng.below(3) == 0 {
            attacks[rng.below(attacks.len() as u64) as usize]
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        let mut seen = seen;
        let mut next = pos.play(m, |k| seen.contains(&k));
        // The rules pass for a side with nothing legal.
        loop {
            if next.battle() {
                seen.insert(next.board_key);
            }
            let mut none = Vec::new();
            next.generate(&mut none);
            if next.end.is_some() || !none.is_empty() {
                break;
            }
            next = next.play(Move::PASS, |k| seen.contains(&k));
        }
        game.apply(side, &m.to_action())
            .expect("the engine's move is legal");
        match game.status() {
            Status::Over(outcome) => {
                let end = next.end.expect("the engine sees the game end too");
                match (outcome, end) {
                    (Outcome::Win { winner, .. }, End::Win(w)) => {
                        assert_eq!(winner.index(), w)
                    }
                    (Outcome::Draw { .. }, End::Draw) => {}
                    other => panic!("results differ: {other:?}"),
                }
                break;
            }
            _ => {
                assert!(next.end.is_none(), "the engine ended a game the rules go on with");
                let (after, _) = Pos::from_game(&game);
                assert_eq!(summary(&next), summary(&after), "{}", game.position(None));
            }
        }
    }
    checked
}

#[test]
fn move_generation_matches_the_rules_on_random_playouts() {
    let mut positions = 0;
    let mut rng = SeededRng::new(2026);
    // Dealt games: rally, the Queen's Favor when dealt in front, battle.
    for seed in 0..12 {
        let game = ArmyAnts::new(&Setup {
            seed: Some(seed),
            ..Setup::default()
        })
        .unwrap();
        positions += cross_check(game, &mut rng, 250);
    }
    // Private deployments placed by the computer, then played out.
    for (seed, deployment) in [(1, Deployment::Minor), (2, Deployment::Total)] {
        let mut game = ArmyAnts::new(&Setup {
            seed: Some(seed),
            deployment,
            ..Setup::default()
        })
        .unwrap();
        while game.status() == Status::Deploying {
            for side in Side::BOTH {
                if let Some(choice) = choose(&game, side, Level::Hard, small(1), 0) {
                    game.apply(side, &choice.action).expect("a valid deployment");
                }
            }
        }
        positions += cross_check(game, &mut rng, 150);
    }
    // Random positions: cards anywhere, any phase.
    for _ in 0..150 {
        let game = game_from(&random_position(&mut rng));
        positions += cross_check(game, &mut rng, 40);
    }
    assert!(positions > 3000, "{positions} positions checked");
}

#[test]
fn never_an_illegal_move_at_any_level() {
    let mut rng = SeededRng::new(7);
    for i in 0..60 {
        let game = game_from(&random_position(&mut rng));
        let Status::ToMove(side) = game.status() else {
            continue;
        };
        let level = Level::ALL[i % 4];
        let choice = choose(&game, side, level, small(300), i as u64).expect("a move");
        assert!(
            game.legal_actions().contains(&choice.action),
            "{level:?} played {} in {}",
            choice.action,
            game.position(None)
        );
    }
}

/// Where `side`'s cards stand: what a rally turn of `side` can change.
fn army(game: &ArmyAnts, side: Side) -> Vec<(usize, Card)> {
    game.board()
        .pieces()
        .filter(|(_, p)| p.side == side)
        .map(|(sq, p)| (sq.index(), p.card))
        .collect()
}

/// Rulings: "Before the battle each player has five rally turns,
/// alternating, Red first. A rally turn is one March!, Move Out! or Swap!",
/// and after the Queen's Favor "the opponent then takes all of its
/// remaining rally turns in a row". A rally turn that puts the computer's
/// army back where it stood before its previous rally turn (`d5=d6` twice,
/// `e7-e8` then `e8-e7`) throws both away: over random games (dealt, and
/// Favor positions where one side rallies alone) the computer never plays
/// one when another move exists.
#[test]
fn never_undoes_its_previous_rally_turn_when_another_move_exists() {
    let mut rng = SeededRng::new(16);
    let (mut checked, mut in_a_row) = (0, 0);
    for g in 0..48u64 {
        let mut game = if g % 3 == 0 {
            // A Favor position: both Queens in their front rows, five turns each.
            loop {
                let text = random_position(&mut rng);
                if text.ends_with("rally:5,5") {
                    break game_from(&text);
                }
            }
        } else {
            ArmyAnts::new(&Setup {
                seed: Some(g),
                ..Setup::default()
            })
            .unwrap()
        };
        let computer = Side::BOTH[(g % 2) as usize];
        let level = Level::ALL[(g / 2 % 4) as usize];
        let mut before_previous: Option<Vec<(usize, Card)>> = None;
        let mut last_mover = None;
        while let (Status::ToMove(side), Phase::Rally { .. }) = (game.status(), game.phase()) {
            if side != computer {
                let legal = game.legal_actions();
                // The Favor whenever it may, so the computer rallies alone.
                let action = if legal.contains(&Action::Favor) {
                    Action::Favor
                } else {
                    legal[rng.below(legal.len() as u64) as usize].clone()
                };
                game.apply(side, &action).unwrap();
                last_mover = Some(side);
                continue;
            }
            let now = army(&game, side);
            let choice = choose(&game, side, level, small(300), g).expect("a move");
            if let Some(earlier) = &before_previous {
                let restores = |action: &Action| {
                    let mut after = game.clone();
                    after.apply(side, action).unwrap();
                    army(&after, side) == *earlier
                };
                assert!(
                    !restores(&choice.action) || game.legal_actions().iter().all(restores),
                    "{level:?} played {} in {}, undoing its previous rally turn",
                    choice.action,
                    game.position(None)
                );
                checked += 1;
                if last_mover == Some(side) {
                    in_a_row += 1;
                }
            }
            game.apply(side, &choice.action).unwrap();
            before_previous = Some(now);
            last_mover = Some(side);
        }
    }
    assert!(
        checked > 100 && in_a_row > 10,
        "{checked} rally turns checked, {in_a_row} in a row"
    );
}

/// Rulings: after the Queen's Favor "the opponent then takes all of its
/// remaining rally turns in a row ... Then the battle starts, Red first."
/// The record numbers turns: Black's turns in a row each get a number
/// (`2. ...`), not all the Favor's number.
#[test]
fn the_record_numbers_turns_in_a_row_apart() {
    // Red's Queen on c4 (its front row), Black's on a8.
    let mut game = game_from(
        "bQ......b1/........../........../b2b3b4..../....rQ..../r5r6....../........../........r7 r rally:5,5",
    );
    let mut play = |side: Side, text: &str| game.apply(side, &text.parse::<Action>().unwrap()).unwrap();
    play(Side::Red, "favor");
    for text in ["a5=b5", "a5=b5", "e8-e7", "e7-e8", "c5-c6"] {
        play(Side::Black, text);
    }
    play(Side::Red, "a3-a4");
    play(Side::Black, "a8-b8");
    play(Side::Red, "a4-a3");
    assert_eq!(
        record_moves(game.record(), false),
        "1. favor a5=b5 2. ... a5=b5 3. ... e8-e7 4. ... e7-e8 5. ... c5-c6 6. a3-a4 a8-b8 7. a4-a3"
    );
}

/// Seed: "A Queen is captured if it is attacked by any opposing card, even a
/// lowly 1-ant ace. If you capture the opposing Queen, you win the game!"
#[test]
fn finds_a_queen_capture_in_one() {
    // Red's ace on a2 sees the Black Queen on a7 up an open file; Red's 9 on
    // e1 could instead take a Black 8 on e8.
    let position =
        "........b8/bQ......../....b9..../........../........../........../r1......../rQ......r9 r battle";
    let game = game_from(position);
    for level in Level::ALL {
        let choice = choose(&game, Side::Red, level, small(2_000), 1).unwrap();
        assert_eq!(choice.action.to_string(), "a2xa7", "{level:?}");
    }
}

/// Black's 9 on e6 threatens the Red Queen on e1 up the open e-file ("the
/// attacking card may attack ... a distant card in the same row or column").
/// Red has no capture of its own; hard and normal must take the Queen out
/// of the line (or block it) rather than grab material.
#[test]
fn avoids_losing_its_queen_in_one() {
    let position =
        "bQ......../b3......b9/........../........../........../r5......../r4........../....r2..rQ r battle";
    let position = position.replace("r4........../", "r4......../");
    let game = game_from(&position);
    for level in [Level::Hard, Level::Normal] {
        let choice = choose(&game, Side::Red, level, small(20_000), 1).unwrap();
        let mut after = game.clone();
        after.apply(Side::Red, &choice.action).unwrap();
        let queen = after.board().queen(Side::Red).unwrap();
        let lost = after
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Attack { to, .. } if *to == queen));
        assert!(!lost, "{level:?} played {} and hangs its Queen", choice.action);
    }
}

/// Rulings: "That player's rally phase is over; the opponent then takes all
/// of its remaining rally turns in a row ... Then the battle starts, Red
/// first." The computer answers the Favor with all five turns in one reply,
/// and those turns share the one budget a reply has.
#[test]
fn answers_the_favor_with_its_whole_rally_in_one_budget() {
    let mut game = game_from(
        "bQ......b1/........../b2b3b4..../........../....rQ..../r5r6....../........../........r7 r rally:5,5",
    );
    assert_eq!(
        turns_in_a_row(&game, Side::Red),
        1,
        "turns alternate in the rally"
    );
    game.apply(Side::Red, &Action::Favor).unwrap();
    assert_eq!(turns_in_a_row(&game, Side::Black), 5);
    let budget = small(5_000);
    assert_eq!(
        budget.share(5, Duration::ZERO).nodes,
        1_000,
        "each turn a fifth of the nodes"
    );
    assert_eq!(
        budget.share(5, Duration::from_secs(3600)).time,
        Duration::ZERO,
        "no time left, none shared"
    );
    let played = reply(&mut game, Side::Black, Level::Hard, budget, 1).unwrap();
    assert_eq!(played.len(), 5, "{played:?}");
    assert_eq!(game.phase(), Phase::Battle);
    assert_eq!(
        game.status(),
        Status::ToMove(Side::Red),
        "the battle starts, Red first"
    );
    assert_eq!(turns_in_a_row(&game, Side::Red), 1);
}

/// The easy level is for beginners: it loses most games to a player who
/// only looks one move ahead (the greedy baseline), yet wins some.
#[test]
fn easy_loses_most_games_to_a_one_move_lookahead() {
    let (mut easy_wins, mut games) = (0, 0);
    for seed in 1..=20 {
        for easy in Side::BOTH {
            let mut game = ArmyAnts::new(&Setup {
                seed: Some(seed),
                ..Setup::default()
            })
            .unwrap();
            while let Status::ToMove(side) = game.status() {
                let level = if side == easy { Level::Easy } else { Level::Greedy };
                reply(&mut game, side, level, small(100), seed).unwrap();
                assert!(game.record().len() < 800, "the game should end");
            }
            games += 1;
            if matches!(game.outcome(), Some(Outcome::Win { winner, .. }) if winner == easy) {
                easy_wins += 1;
            }
        }
    }
    assert!(
        easy_wins * 2 < games && easy_wins > 0,
        "easy won {easy_wins} of {games}"
    );
}

#[test]
fn plays_a_whole_game_against_itself() {
    for (seed, red, black) in [(3, Level::Hard, Level::Normal), (4, Level::Easy, Level::Hard)] {
        let mut game = ArmyAnts::new(&Setup {
            seed: Some(seed),
            ..Setup::default()
        })
        .unwrap();
        let mut plies = 0;
        while let Status::ToMove(side) = game.status() {
            let level = if side == Side::Red { red } else { black };
            let choice = choose(&game, side, level, small(1_500), seed).unwrap();
            game.apply(side, &choice.action).unwrap();
            plies += 1;
            assert!(plies < 600, "the game should end");
        }
        assert!(matches!(game.status(), Status::Over(_)));
    }
}

#[test]
fn deploys_minor_and_total_armies_with_the_players_actions() {
    for deployment in [Deployment::Minor, Deployment::Total] {
        let mut game = ArmyAnts::new(&Setup {
            seed: Some(11),
            deployment,
            ..Setup::default()
        })
        .unwrap();
        let mut steps = 0;
        while game.status() == Status::Deploying {
            for side in Side::BOTH {
                if let Some(choice) = choose(&game, side, Level::Normal, small(10), 0) {
                    assert!(matches!(choice.action, Action::Deploy(_)));
                    game.apply(side, &choice.action).expect("placed as the rules ask");
                }
            }
            steps += 1;
            assert!(steps <= 4);
        }
        assert!(matches!(game.phase(), Phase::Rally { .. }));
    }
}

/// Rulings: "a draw may be offered and accepted".
#[test]
fn accepts_a_draw_only_when_clearly_worse() {
    // Red has two 9s against a lone Black ace: Black gladly takes a draw,
    // Red does not.
    let game = game_from(
        "bQ......../........../........b1/........../........../........../r9......r9/....rQ.... b battle",
    );
    assert!(accepts_draw(&game, Side::Black));
    assert!(!accepts_draw(&game, Side::Red));
}

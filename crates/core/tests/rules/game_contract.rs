//! The contract of `rules::Game`, checked the same way on all five games
//! and on a toy game (three-heap Nim) written only against the trait.
//!
//! Random seeded playouts through the trait alone. After every action: a
//! seat whose turn it is not has no listed actions and is refused with the
//! game unchanged; every listed action's notation reads back as itself; an
//! action listed before but not now is refused with the game unchanged. At
//! the end, the printed log read back and replayed on a fresh game from the
//! same setup gives the same views for every seat, and a forfeit ends a game
//! that was still on (Atta Ants: the player leaves and the others play on).

use crate::nim::{Nim, Player, Take};
use antics::rules::army_ants::{self, ArmyAnts, Deployment};
use antics::rules::atta_ants::{self, AttaAnts};
use antics::rules::cards::MyrmexLevel;
use antics::rules::{anthill, ants_solitaire, myrmex, Game, Turn};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::Debug;
use std::str::FromStr;

/// Everything every seat (and a spectator) sees, and who acts.
fn sight<G: Game>(game: &G) -> String
where
    G::View: Debug,
{
    let mut seen = format!("{:?}\n{:?}", game.turn(), game.view(None));
    for seat in game.seats() {
        seen += &format!("\n{seat}: {:?}", game.view(Some(seat)));
    }
    seen
}

/// Plays `steps` random listed actions from `setup` and checks the
/// contract; returns how many actions were played.
fn check<G: Game>(setup: &G::Setup, seed: u64, steps: usize) -> usize
where
    G::View: Debug,
    <G::Action as FromStr>::Err: Debug,
{
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = G::start(setup).expect("the setup starts a game");
    let mut log: Vec<(G::Seat, String)> = Vec::new();
    let mut before: Vec<G::Action> = Vec::new();
    for _ in 0..steps {
        let acting = game.turn().acting();
        if acting.is_empty() {
            assert!(game.outcome().is_some(), "nobody acts in a game that is on");
            break;
        }
        let shown = sight(&game);
        for seat in game.seats() {
            let listed = game.legal_actions(seat);
            if !acting.contains(&seat) {
                assert!(listed.is_empty(), "{seat} may not act now but has {listed:?}");
                if let Some(action) = acting.iter().flat_map(|s| game.legal_actions(*s)).next() {
                    assert!(game.act(seat, &action).is_err(), "{seat} acted out of turn");
                    assert_eq!(sight(&game), shown, "a refusal changed the game");
                }
            }
            for action in &listed {
                let printed = action.to_string();
                let read = G::parse_action(&printed).expect("listed notation reads back");
                assert_eq!(&read, action, "{printed} read back as something else");
            }
        }
        let seat = acting[rng.random_range(0..acting.len())];
        let listed = game.legal_actions(seat);
        for stale in before.iter().filter(|a| !listed.contains(a)).take(3) {
            let mut probe = game.clone();
            if probe.act(seat, stale).is_err() {
                assert_eq!(sight(&probe), shown, "refusing {stale} changed the game");
            }
        }
        let Some(action) = (!listed.is_empty()).then(|| listed[rng.random_range(0..listed.len())].clone())
        else {
            // Nothing listable (a private deployment): the playout ends here.
            break;
        };
        game.act(seat, &action)
            .unwrap_or_else(|e| panic!("listed {action} refused: {e}"));
        log.push((seat, action.to_string()));
        before = listed;
    }
    let mut replayed = G::start(setup).expect("the setup starts a game");
    for (seat, text) in &log {
        let action = G::parse_action(text).expect("the log reads back");
        replayed.act(*seat, &action).expect("the log replays");
    }
    assert_eq!(sight(&replayed), sight(&game), "the replay differs");
    let mut forfeited = None;
    if game.outcome().is_none() {
        let seat = game.seats()[0];
        let ended = game.forfeit(seat);
        assert_eq!(ended.is_some(), game.outcome().is_some());
        assert!(!game.turn().includes(seat), "{seat} still acts after forfeiting");
        forfeited = Some(seat);
    }
    // Whoever wins sat at the table, and a seat that gave up does not win.
    if let Some(outcome) = game.outcome() {
        let winner = G::winner(&outcome);
        assert!(
            winner.is_none_or(|w| game.seats().contains(&w)),
            "{winner:?} won but never sat"
        );
        assert!(
            forfeited.is_none() || winner != forfeited,
            "the seat that gave up won"
        );
    }
    log.len()
}

#[test]
fn army_ants_keeps_the_contract() {
    let mut played = 0;
    for seed in 0..12 {
        let setup = army_ants::Setup {
            deployment: Deployment::Random,
            seed: Some(seed),
            position: None,
        };
        played += check::<ArmyAnts>(&setup, seed, 250);
    }
    assert!(played > 500, "only {played} actions played");
}

#[test]
fn army_ants_deployment_is_everyone_at_once() {
    let setup = army_ants::Setup {
        deployment: Deployment::Total,
        seed: Some(3),
        position: None,
    };
    let game = ArmyAnts::start(&setup).unwrap();
    assert_eq!(
        game.turn(),
        Turn::Several(vec![army_ants::Side::Red, army_ants::Side::Black])
    );
}

#[test]
fn atta_ants_keeps_the_contract() {
    for (seed, players) in (0..12).zip([2, 3, 4].into_iter().cycle()) {
        let setup = atta_ants::Setup {
            players,
            seed,
            deal: None,
        };
        check::<AttaAnts>(&setup, seed, 400);
    }
}

#[test]
fn the_patiences_keep_the_contract() {
    for seed in 0..10 {
        let level = [MyrmexLevel::Minor, MyrmexLevel::Larval][seed as usize % 2];
        let myrmex = myrmex::Setup {
            level,
            closed: false,
            seed: Some(seed),
            deal: None,
            ends_when_dead: true,
        };
        check::<myrmex::Myrmex>(&myrmex, seed, 300);
        let anthill = anthill::Setup {
            seed: Some(seed),
            deal: None,
        };
        check::<anthill::Anthill>(&anthill, seed, 300);
        let ants = ants_solitaire::Setup {
            variant: ants_solitaire::Variant::Strict,
            seed: Some(seed),
            deal: None,
        };
        check::<ants_solitaire::AntsSolitaire>(&ants, seed, 300);
    }
}

#[test]
fn a_toy_game_keeps_the_contract() {
    for seed in 0..20 {
        let played = check::<Nim>(&[3, 4, 5], seed, 100);
        assert!(played >= 3, "Nim from 3, 4, 5 takes at least three moves");
    }
    assert!(Nim::start(&[0, 0, 0]).is_err());
    let mut nim = Nim::start(&[1, 0, 0]).unwrap();
    assert!(nim.act(Player::Second, &Take { heap: 0, count: 1 }).is_err());
    nim.act(Player::First, &"1:1".parse().unwrap()).unwrap();
    assert_eq!(nim.outcome().as_deref(), Some("first wins"));
}

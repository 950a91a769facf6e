//! Animated replays: drawing and encoding a game's positions as one GIF,
//! for games of 40, 200 and 2,000 positions (Army Ants for a typical game,
//! Anthill played at random for the long ones) and two Atta Ants games.
//! Prints each replay's size, frames and loop time beside criterion's
//! timings. Targets: at most 1.5 MB and a 30 s loop whatever the length; a
//! typical (40-position) Army Ants game under 400 KB.

use antics::render::{board_replay, AttaLabels, BoardLabels, Replay, Sample, MAX_REPLAY_BYTES};
use antics::rules::anthill::{self, Anthill};
use antics::rules::army_ants::{ArmyAnts, Setup, Side, Status, View};
use antics::rules::atta_ants::{self, AttaAnts};
use antics::rules::patience::Patience;
use antics::rules::shuffle::SeededRng;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Every position of a game played at random from `seed`, at most
/// `plies` moves.
fn positions(seed: u64, plies: usize) -> Vec<View> {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(seed),
        ..Setup::default()
    })
    .expect("a dealt game");
    let mut rng = SeededRng::new(seed);
    let mut views = vec![game.view(None)];
    while let Status::ToMove(side) = game.status() {
        if views.len() > plies {
            break;
        }
        let legal = game.legal_actions();
        let action = legal[rng.below(legal.len() as u64) as usize].clone();
        game.apply(side, &action).expect("legal");
        views.push(game.view(None));
    }
    views
}

/// The first seed whose game lasts at least `plies` moves, cut there.
fn game_of(plies: usize) -> Vec<View> {
    (0..1000)
        .map(|seed| positions(seed, plies))
        .find(|views| views.len() > plies)
        .expect("a long enough game")
}

/// An Anthill game of `count` positions played at random from `seed`
/// (any legal action but End), if it lasts that long.
fn anthill_positions(seed: u64, count: usize) -> Option<Vec<anthill::View>> {
    let mut game = Anthill::new(&anthill::Setup {
        seed: Some(seed),
        deal: None,
    })
    .ok()?;
    let mut rng = SeededRng::new(seed);
    let mut views = vec![game.view()];
    while views.len() < count {
        let legal: Vec<anthill::Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| *a != anthill::Action::End)
            .collect();
        if legal.is_empty() {
            return None;
        }
        game.apply(&legal[rng.below(legal.len() as u64) as usize]).ok()?;
        views.push(game.view());
    }
    Some(views)
}

fn report(what: &str, replay: &Replay) {
    println!(
        "{what}: {} positions, {} frames, {} bytes ({} KB), a loop of {:.1} s",
        replay.positions,
        replay.frames,
        replay.gif.len(),
        replay.gif.len() / 1000,
        f64::from(replay.loop_cs) / 100.0
    );
}

fn replay(c: &mut Criterion) {
    let labels = BoardLabels {
        red: "alice".into(),
        black: "bob".into(),
        bottom: Side::Red,
    };
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for plies in [0, 40] {
        let views = Sample::all(game_of(plies));
        let gif = board_replay(&views, &labels, MAX_REPLAY_BYTES).expect("a replay");
        report("army_ants_replay", &gif);
        group.bench_function(format!("army_ants_replay {} positions", views.positions), |b| {
            b.iter(|| board_replay(black_box(&views), black_box(&labels), MAX_REPLAY_BYTES))
        });
    }
    for count in [200, 2_000] {
        let views = (0..)
            .find_map(|seed| anthill_positions(seed, count))
            .expect("a long enough game");
        let views = Sample::all(views);
        let gif = board_replay(&views, None, MAX_REPLAY_BYTES).expect("a replay");
        report("anthill_replay", &gif);
        group.bench_function(format!("anthill_replay {count} positions"), |b| {
            b.iter(|| board_replay(black_box(&views), None, MAX_REPLAY_BYTES))
        });
    }
    group.finish();
}

/// Every position of a four-player Atta Ants game played at random from
/// `seed` (ending turns now and then, so that it finishes), as the board
/// sees them.
fn atta_positions(seed: u64) -> Vec<atta_ants::View> {
    let mut game = AttaAnts::new(&atta_ants::Setup {
        players: 4,
        seed,
        deal: None,
    })
    .expect("a deal");
    let mut rng = SeededRng::new(seed);
    let mut games = vec![atta_ants::View::of(&game)];
    while let atta_ants::Status::ToMove(colour) = game.status() {
        let legal = game.legal_actions();
        let action = if legal.contains(&atta_ants::Action::End) && rng.below(4) == 0 {
            atta_ants::Action::End
        } else {
            legal[rng.below(legal.len() as u64) as usize].clone()
        };
        game.apply(colour, &action).expect("legal");
        games.push(atta_ants::View::of(&game));
    }
    games
}

fn atta_replay(c: &mut Criterion) {
    let labels: AttaLabels = ["alice", "bob", "carol", "dave"].map(String::from).to_vec();
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    // A typical game, and the longest of the first 40 seeds.
    let typical = atta_positions(2);
    let long = (0..40).map(atta_positions).max_by_key(Vec::len).expect("games");
    for games in [typical, long].map(Sample::all) {
        let gif = board_replay(&games, &labels, MAX_REPLAY_BYTES).expect("a replay");
        report("atta_ants_replay", &gif);
        group.bench_function(format!("atta_ants_replay {} positions", games.positions), |b| {
            b.iter(|| board_replay(black_box(&games), black_box(&labels), MAX_REPLAY_BYTES))
        });
    }
    group.finish();
}

criterion_group!(benches, replay, atta_replay);
criterion_main!(benches);

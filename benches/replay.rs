//! Animated replays: drawing and encoding every position of an Army Ants
//! or an Atta Ants game as one GIF. Prints each replay's size beside
//! criterion's timings.

use antics::render::{army_ants_replay, atta_ants_replay, AttaLabels, BoardLabels, Sample, MAX_REPLAY_BYTES};
use antics::rules::army_ants::{ArmyAnts, Setup, Status, View};
use antics::rules::atta_ants::{self, AttaAnts};
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

fn replay(c: &mut Criterion) {
    let labels = BoardLabels {
        red: "alice".into(),
        black: "bob".into(),
    };
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for plies in [0, 40, 200] {
        let views = Sample::all(game_of(plies));
        let gif = army_ants_replay(&views, &labels, MAX_REPLAY_BYTES).expect("a replay");
        println!(
            "army_ants_replay: {} positions, {} frames, {} bytes ({} KB)",
            views.positions,
            gif.frames,
            gif.gif.len(),
            gif.gif.len() / 1024
        );
        group.bench_function(format!("army_ants_replay {} positions", views.positions), |b| {
            b.iter(|| army_ants_replay(black_box(&views), black_box(&labels), MAX_REPLAY_BYTES))
        });
    }
    group.finish();
}

/// Every position of a four-player Atta Ants game played at random from
/// `seed` (ending turns now and then, so that it finishes).
fn atta_positions(seed: u64) -> Vec<AttaAnts> {
    let mut game = AttaAnts::new(&atta_ants::Setup {
        players: 4,
        seed,
        deal: None,
    })
    .expect("a deal");
    let mut rng = SeededRng::new(seed);
    let mut games = vec![game.clone()];
    while let atta_ants::Status::ToMove(colour) = game.status() {
        let legal = game.legal_actions();
        let action = if legal.contains(&atta_ants::Action::End) && rng.below(4) == 0 {
            atta_ants::Action::End
        } else {
            legal[rng.below(legal.len() as u64) as usize].clone()
        };
        game.apply(colour, &action).expect("legal");
        games.push(game.clone());
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
        let gif = atta_ants_replay(&games, &labels, MAX_REPLAY_BYTES).expect("a replay");
        println!(
            "atta_ants_replay: {} positions, {} frames, {} bytes ({} KB)",
            games.positions,
            gif.frames,
            gif.gif.len(),
            gif.gif.len() / 1024
        );
        group.bench_function(format!("atta_ants_replay {} positions", games.positions), |b| {
            b.iter(|| atta_ants_replay(black_box(&games), black_box(&labels), MAX_REPLAY_BYTES))
        });
    }
    group.finish();
}

criterion_group!(benches, replay, atta_replay);
criterion_main!(benches);

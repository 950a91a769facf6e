//! Animated replays: drawing and encoding every position of an Army Ants
//! game as one GIF. Prints each replay's size beside criterion's timings.

use antics::render::{army_ants_replay, BoardLabels, MAX_REPLAY_BYTES};
use antics::rules::army_ants::{ArmyAnts, Setup, Status, View};
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
        let views = game_of(plies);
        let gif = army_ants_replay(&views, &labels, MAX_REPLAY_BYTES).expect("a replay");
        println!(
            "army_ants_replay: {} positions, {} frames, {} bytes ({} KB)",
            views.len(),
            gif.frames,
            gif.gif.len(),
            gif.gif.len() / 1024
        );
        group.bench_function(format!("army_ants_replay {} positions", views.len()), |b| {
            b.iter(|| army_ants_replay(black_box(&views), black_box(&labels), MAX_REPLAY_BYTES))
        });
    }
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);

//! Legal-action generation and applying actions, on positions from random
//! playouts.

#[path = "common/army_ants_sample.rs"]
mod army_ants_sample;

use antics::rules::army_ants::Status;
use antics::rules::shuffle::SeededRng;
use army_ants_sample::sample_positions;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use std::hint::black_box;

fn legal_actions(c: &mut Criterion) {
    let positions = sample_positions(1000);
    let mut group = c.benchmark_group("army_ants");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_actions_1000_positions", |b| {
        b.iter(|| {
            for game in &positions {
                black_box(game.legal_actions());
            }
        })
    });
    group.finish();
    let mut group = c.benchmark_group("army_ants");
    group.throughput(Throughput::Elements(1));
    group.bench_function("apply_one_action", |b| {
        let mut rng = SeededRng::new(7);
        b.iter_batched(
            || {
                let game = positions[rng.below(positions.len() as u64) as usize].clone();
                let legal = game.legal_actions();
                let action = legal.first().cloned();
                (game, action)
            },
            |(mut game, action)| {
                if let (Status::ToMove(side), Some(action)) = (game.status(), action) {
                    black_box(game.apply(side, &action).ok());
                }
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, legal_actions);
criterion_main!(benches);

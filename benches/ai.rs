//! The computer opponent: move generation on the engine's bitboards (compare
//! with the rules module's `legal_actions` in benches/army_ants.rs, about
//! 145k positions/s) and search speed in nodes per second.

use antics::ai::army_ants::{Limits, Pos, Searcher};
#[path = "common/army_ants_sample.rs"]
mod army_ants_sample;

use army_ants_sample::sample_positions;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::collections::HashSet;
use std::hint::black_box;

fn move_generation(c: &mut Criterion) {
    let positions: Vec<Pos> = sample_positions(1000)
        .iter()
        .map(|g| Pos::from_game(g).0)
        .collect();
    let mut group = c.benchmark_group("ai");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("generate_1000_positions", |b| {
        let mut moves = Vec::with_capacity(256);
        b.iter(|| {
            for pos in &positions {
                moves.clear();
                pos.generate(&mut moves);
                black_box(moves.len());
            }
        })
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    // Middle-game positions: 40 plies into random games.
    let positions: Vec<(Pos, HashSet<u64>)> = sample_positions(400)
        .iter()
        .step_by(40)
        .map(Pos::from_game)
        .collect();
    const NODES: u64 = 20_000;
    let mut group = c.benchmark_group("ai");
    group.sample_size(10);
    group.throughput(Throughput::Elements(NODES * positions.len() as u64));
    group.bench_function("search_20k_nodes_10_positions", |b| {
        b.iter(|| {
            for (pos, seen) in &positions {
                let mut searcher = Searcher::new(seen, 16);
                let found = searcher.search(
                    pos,
                    Limits {
                        max_depth: 64,
                        nodes: NODES,
                        deadline: None,
                    },
                );
                black_box(found.best);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, move_generation, search);
criterion_main!(benches);

//! Tournament pairing: a Swiss round of 40 players after eight rounds (the
//! exact matching over every pair), and Atta Ants tables of 40. The target:
//! well under 50 ms a round, so that a round closes within one request.

use antics::tournament::pairing::{pair_swiss, pair_tables, Entrant, Outcome, Pairing, Table};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn entrants(n: usize) -> Vec<Entrant> {
    (0..n)
        .map(|k| Entrant {
            user: format!("p{k:02}"),
            rating: 1200.0 + 23.0 * k as f64,
            joined_round: 1,
            withdrawn: false,
        })
        .collect()
}

/// Eight rounds of a 40-player Swiss, results in a fixed cycle.
fn eight_rounds(entrants: &[Entrant]) -> Vec<Pairing> {
    let mut history = Vec::new();
    let mut k = 0;
    for round in 1..=8 {
        for mut p in pair_swiss(entrants, &history, round) {
            if p.black.is_some() {
                p.result = Some([Outcome::RedWins, Outcome::BlackWins, Outcome::Draw][k % 3]);
                k += 7;
            }
            history.push(p);
        }
    }
    history
}

fn swiss(c: &mut Criterion) {
    let field = entrants(40);
    let history = eight_rounds(&field);
    c.bench_function("tournament/pair_swiss_40_round_9", |b| {
        b.iter(|| black_box(pair_swiss(&field, &history, 9)))
    });
    let tables: Vec<Table> = Vec::new();
    c.bench_function("tournament/pair_tables_40_round_1", |b| {
        b.iter(|| black_box(pair_tables(&field, &tables, 1)))
    });
}

criterion_group!(benches, swiss);
criterion_main!(benches);

//! The computer opponent: move generation on the engine's bitboards (compare
//! with the rules module's `legal_actions` in benches/army_ants.rs, about
//! 145k positions/s), search speed in nodes per second, and the reply a
//! player waits for at each level with the bot's own budget (the rally after
//! the Queen's Favor included); the median and p95 reply are printed. Last,
//! the review of a finished game: one player's 20 turns of a 40-move game.

use antics::ai::army_ants::review::review;
use antics::ai::army_ants::{choose, reply, Budget, Level, Limits, Pos, Searcher};
use antics::rules::army_ants::{Action, ArmyAnts, Setup, Side, Status};
#[path = "common/army_ants_sample.rs"]
mod army_ants_sample;
#[path = "common/timings.rs"]
mod timings;

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

/// Battle and rally positions with a side to move, 30 plies or more into
/// random games.
fn reply_positions() -> Vec<(ArmyAnts, Side)> {
    sample_positions(600)
        .into_iter()
        .step_by(30)
        .filter_map(|game| match game.status() {
            Status::ToMove(side) => Some((game, side)),
            _ => None,
        })
        .collect()
}

/// Games where Red has just taken the Queen's Favor: Black, the computer,
/// answers with all five of its rally turns in one reply.
fn favor_positions(count: usize) -> Vec<(ArmyAnts, Side)> {
    (1..)
        .filter_map(|seed| {
            let mut game = ArmyAnts::new(&Setup {
                seed: Some(seed),
                ..Setup::default()
            })
            .ok()?;
            game.legal_actions().contains(&Action::Favor).then_some(())?;
            game.apply(Side::Red, &Action::Favor).ok()?;
            Some((game, Side::Black))
        })
        .take(count)
        .collect()
}

/// Times one reply on each position and prints the median, p95 and worst.
fn print_reply_times(name: &str, positions: &[(ArmyAnts, Side)], level: Level) {
    let times = positions
        .iter()
        .map(|(game, side)| {
            let mut game = game.clone();
            let started = std::time::Instant::now();
            black_box(reply(&mut game, *side, level, Budget::default(), 7).expect("legal"));
            started.elapsed()
        })
        .collect();
    eprintln!("{name} {}: {}", level.name(), timings::spread(times, "replies"));
}

fn replies(c: &mut Criterion) {
    let positions = reply_positions();
    let favors = favor_positions(6);
    let mut group = c.benchmark_group("ai_reply");
    group.sample_size(10);
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        print_reply_times("reply", &positions, level);
        let mut next = positions.iter().cycle();
        group.bench_function(level.name(), |b| {
            b.iter(|| {
                let (game, side) = next.next().expect("positions");
                let mut game = game.clone();
                black_box(reply(&mut game, *side, level, Budget::default(), 7).expect("legal"))
            })
        });
    }
    print_reply_times("favor_rally", &favors, Level::Hard);
    let mut next = favors.iter().cycle();
    group.bench_function("favor_rally_hard", |b| {
        b.iter(|| {
            let (game, side) = next.next().expect("positions");
            let mut game = game.clone();
            let played = reply(&mut game, *side, Level::Hard, Budget::default(), 7).expect("legal");
            // Its five rally turns, or its own Favor, which ends its rally.
            assert!(!played.is_empty(), "the rally answered in one reply");
            black_box(played)
        })
    });
    group.finish();
}

/// A 40-move game from a dealt position, the normal level against the easy
/// one, and Red's turns in it: each position before the move and the move.
fn forty_moves() -> Vec<(ArmyAnts, Action)> {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(11),
        ..Setup::default()
    })
    .expect("a dealt game");
    let mut red_turns = Vec::new();
    for _ in 0..40 {
        let Status::ToMove(side) = game.status() else {
            break;
        };
        let level = if side == Side::Red {
            Level::Normal
        } else {
            Level::Easy
        };
        let choice = choose(
            &game,
            side,
            level,
            Budget {
                nodes: 20_000,
                time: std::time::Duration::from_secs(60),
            },
            3,
        )
        .expect("a move");
        if side == Side::Red {
            red_turns.push((game.clone(), choice.action.clone()));
        }
        game.apply(side, &choice.action).expect("legal");
    }
    red_turns
}

fn reviews(c: &mut Criterion) {
    let turns = forty_moves();
    let mut group = c.benchmark_group("ai_review");
    group.sample_size(10);
    group.bench_function("army_ants_40_moves", |b| b.iter(|| black_box(review(&turns))));
    group.finish();
}

criterion_group!(benches, move_generation, search, replies, reviews);
criterion_main!(benches);

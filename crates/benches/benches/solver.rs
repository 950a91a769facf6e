//! Solver time per deal: the first ten seeds of each game, solved from the
//! deal with the default budget (the `antics solve` table gives the
//! distribution over 10,000 deals). And the time of one hint for each
//! game, from the deal (the hardest point: the most cards hidden), with
//! the hint budget.

#[path = "common/timings.rs"]
mod timings;

use antics::ai::solver::hint::{Hinted, HINT_BUDGET};
use antics::ai::solver::{DealGame, DEFAULT_BUDGET};
use antics::rules::ants_solitaire::Variant;
use antics::rules::cards::MyrmexLevel;
use antics::rules::{anthill, ants_solitaire, myrmex};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

const DEALS: u64 = 10;

fn solve_deals(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    group.throughput(Throughput::Elements(DEALS));
    let games = [
        DealGame::Anthill,
        DealGame::Ants(Variant::Strict),
        DealGame::Ants(Variant::Relaxed),
    ];
    for game in games {
        group.bench_function(format!("{}_10_deals", game.name()), |b| {
            b.iter(|| {
                for seed in 0..DEALS {
                    black_box(game.solve_seed(seed, DEFAULT_BUDGET));
                }
            })
        });
    }
    // Myrmex: states per second, solving deal 0 within 100,000 states (the
    // count is measured once, so the throughput is states), at larval level
    // and at major level (Pawns and Courts, longer piles).
    for level in [MyrmexLevel::Larval, MyrmexLevel::Major] {
        let game = DealGame::Myrmex(level);
        let states = game.solve_seed(0, 100_000).states;
        group.throughput(Throughput::Elements(states));
        group.bench_function(format!("myrmex-{level}_states"), |b| {
            b.iter(|| black_box(game.solve_seed(0, 100_000)))
        });
    }
    // The rounds on one thread and on two: major seed 9 at Myrmex's default
    // budget, won by the fourth pass of the first round (1,669,359 states
    // in all); on two threads the passes before it run beside it.
    let major = DealGame::Myrmex(MyrmexLevel::Major);
    group.throughput(Throughput::Elements(1));
    for threads in [1, 2] {
        group.bench_function(format!("myrmex-major_seed_9_threads_{threads}"), |b| {
            b.iter(|| black_box(major.solve_seed_on(9, major.default_budget(), threads)))
        });
    }
    group.finish();
}

/// One hint from the deal of seed `seed`, for each game.
fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("hint");
    group.sample_size(10);
    for seed in [0, 1] {
        let ants = ants_solitaire::AntsSolitaire::new(&ants_solitaire::Setup {
            seed: Some(seed),
            ..Default::default()
        })
        .unwrap();
        group.bench_function(format!("ants_seed_{seed}"), |b| {
            b.iter(|| black_box(ants.hint(HINT_BUDGET)))
        });
        let anthill = anthill::Anthill::new(&anthill::Setup {
            seed: Some(seed),
            deal: None,
        })
        .unwrap();
        group.bench_function(format!("anthill_seed_{seed}"), |b| {
            b.iter(|| black_box(anthill.hint(HINT_BUDGET)))
        });
        for level in [MyrmexLevel::Larval, MyrmexLevel::Minor] {
            let game = myrmex::Myrmex::new(&myrmex::Setup {
                level,
                seed: Some(seed),
                ..Default::default()
            })
            .unwrap();
            group.bench_function(format!("myrmex-{level}_seed_{seed}"), |b| {
                b.iter(|| black_box(game.hint(HINT_BUDGET)))
            });
        }
    }
    group.finish();
}

/// The check after every Myrmex action once the stock is spent: can a
/// further chamber be made? Larval deals restocked four times at once,
/// under the rule of older setups (so that a dead position stays open to
/// measure): the first deal of seeds 0..40 whose search proves it stuck,
/// the first that finds a chamber in reach, and the first that meets the
/// bound undecided; then a queen deal the static proof decides in fewer
/// positions, with and without it.
fn endgame(c: &mut Criterion) {
    use antics::rules::myrmex::{Myrmex, Proof, Prospect, ENDGAME_STATES};
    use antics::rules::patience::Patience;
    let mut group = c.benchmark_group("myrmex_endgame");
    group.sample_size(10);
    let mut found: Vec<(&str, u64, Myrmex, usize)> = Vec::new();
    for seed in 0..40 {
        let game = Myrmex::dealt_out(MyrmexLevel::Larval, seed);
        if game.outcome().is_some() {
            continue;
        }
        let (prospect, met) = game.prospect_within(&|_| false, ENDGAME_STATES);
        let kind = match prospect {
            Prospect::Stuck => "stuck",
            Prospect::Progress { .. } => "chamber_in_reach",
            Prospect::Undecided => "undecided",
        };
        if !found.iter().any(|f| f.0 == kind) {
            found.push((kind, seed, game, met));
        }
    }
    for (kind, seed, game, met) in found {
        eprintln!("myrmex_endgame {kind}: larval seed {seed}, {met} positions met");
        group.throughput(Throughput::Elements(met.max(1) as u64));
        group.bench_function(format!("{kind}_seed_{seed}"), |b| {
            b.iter(|| black_box(game.prospect_within(&|_| false, ENDGAME_STATES)))
        });
    }
    // A queen deal with every restock made at once (seed 10): the static
    // proof leaves most positions unexpanded; beside it the proof without
    // its count of resting places, and the plain search. A major deal
    // (seed 23) that only the count decides, at once.
    let queen = Myrmex::dealt_out(MyrmexLevel::Queen, 10);
    let major = Myrmex::dealt_out(MyrmexLevel::Major, 23);
    for (name, game, proof) in [
        ("queen_stuck_seed_10", &queen, Proof::Counted),
        ("queen_stuck_seed_10_claims", &queen, Proof::Claims),
        ("queen_stuck_seed_10_plain", &queen, Proof::Plain),
        ("major_stuck_seed_23", &major, Proof::Counted),
    ] {
        let search = |game: &Myrmex| game.prospect_by(proof, &|_| false, ENDGAME_STATES);
        let (prospect, met) = search(game);
        eprintln!("myrmex_endgame {name}: {prospect:?}, {met} positions met");
        group.throughput(Throughput::Elements(met.max(1) as u64));
        group.bench_function(name, |b| b.iter(|| black_box(search(game))));
    }
    group.finish();
}

/// A Myrmex deal of `level` and `seed`, dealt out at once (as a player
/// may: the last restock searches the endgame, the move's time, not the
/// hint's, and may end the game) when `dealt_out`.
fn myrmex_deal(level: MyrmexLevel, seed: u64, dealt_out: bool) -> myrmex::Myrmex {
    use antics::rules::patience::Patience;
    let mut game = myrmex::Myrmex::new(&myrmex::Setup {
        level,
        seed: Some(seed),
        ..Default::default()
    })
    .unwrap();
    while dealt_out && game.outcome().is_none() && game.stock_len() > 0 {
        game.apply(&"deal".parse().unwrap()).unwrap();
    }
    game
}

/// Follows the hint from `game` for up to `hints` actions, until the game
/// is over, `stop` says so or the hint has nothing to play; each hint's
/// time goes to `times`.
fn follow_hints(
    mut game: myrmex::Myrmex,
    hints: usize,
    stop: impl Fn(&myrmex::Myrmex) -> bool,
    times: &mut Vec<std::time::Duration>,
) {
    use antics::ai::solver::hint::fresh_hint;
    use antics::rules::patience::Patience;
    let mut played = vec![game.clone()];
    for _ in 0..hints {
        if game.outcome().is_some() || stop(&game) {
            break;
        }
        let start = std::time::Instant::now();
        let hint = fresh_hint(&game, &played, HINT_BUDGET);
        times.push(start.elapsed());
        let Some(action) = hint.action().and_then(|a| a.parse().ok()) else {
            break;
        };
        game.apply(&action).unwrap();
        played.push(game.clone());
    }
}

/// A hint on the way through a game, as a player who asks before every
/// move meets them: Myrmex at each level, the hint followed from the
/// deal for 40 actions (or until the stock is spent), each position's hint
/// timed. Criterion reports the time of the whole walk; the median and the
/// 95th percentile of single hints are printed once beside it.
fn followed_hints(c: &mut Criterion) {
    let walk = |level, seed, times: &mut Vec<_>| {
        follow_hints(myrmex_deal(level, seed, false), 40, |g| g.stock_len() == 0, times)
    };
    let mut group = c.benchmark_group("hint_followed");
    group.sample_size(10);
    for level in MyrmexLevel::ALL {
        let mut times = Vec::new();
        for seed in 0..5 {
            walk(level, seed, &mut times);
        }
        eprintln!("hint_followed {level}: {}", timings::spread(times, "hints"));
        group.bench_function(format!("myrmex-{level}_seed_0_40_actions"), |b| {
            b.iter(|| walk(level, 0, &mut Vec::new()))
        });
    }
    group.finish();
}

/// The hint once the stock is spent, where it searches the endgame: major
/// and queen deals 0..30 dealt out at once, the hint followed for up to 6
/// actions (or until it has nothing to play), each hint timed. The median
/// and 95th percentile of single hints are printed once; criterion times
/// the walk from one deal.
fn endgame_hints(c: &mut Criterion) {
    let walk =
        |level, seed, times: &mut Vec<_>| follow_hints(myrmex_deal(level, seed, true), 6, |_| false, times);
    let mut group = c.benchmark_group("hint_endgame");
    group.sample_size(10);
    for level in [MyrmexLevel::Major, MyrmexLevel::Queen] {
        let mut times = Vec::new();
        for seed in 0..30 {
            walk(level, seed, &mut times);
        }
        eprintln!("hint_endgame {level}: {}", timings::spread(times, "hints"));
        group.bench_function(format!("myrmex-{level}_seed_0_6_actions"), |b| {
            b.iter(|| walk(level, 0, &mut Vec::new()))
        });
    }
    group.finish();
}

/// The review of a finished patience: Anthill's deals 0 and 1 played by
/// their first legal action to a position not met before, ended after 200
/// actions or when none is left, reviewed within the review budget.
fn reviews(c: &mut Criterion) {
    use antics::ai::solver::review::{line_played, review, REVIEW_BUDGET};
    use antics::rules::patience::Patience;
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    for seed in 0..2 {
        let mut game = anthill::Anthill::new(&anthill::Setup {
            seed: Some(seed),
            deal: None,
        })
        .unwrap();
        let mut positions = vec![game.clone()];
        let mut met = std::collections::HashSet::from([game.table()]);
        // A first legal move can go back and forth for ever: each action
        // goes somewhere new.
        while game.outcome().is_none() {
            let fresh = (positions.len() <= 200)
                .then(|| {
                    game.legal_actions().into_iter().find(|a| {
                        let mut next = game.clone();
                        a.to_string() != "end" && next.apply(a).is_ok() && !met.contains(&next.table())
                    })
                })
                .flatten();
            let action = fresh.unwrap_or_else(|| "end".parse().unwrap());
            game.apply(&action).unwrap();
            met.insert(game.table());
            positions.push(game.clone());
        }
        let line = line_played(&positions);
        eprintln!("review anthill seed {seed}: {} actions", line.len() - 1);
        group.bench_function(format!("anthill_seed_{seed}"), |b| {
            b.iter(|| black_box(review(&line, REVIEW_BUDGET)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    solve_deals,
    hints,
    followed_hints,
    endgame_hints,
    reviews,
    endgame
);
criterion_main!(benches);

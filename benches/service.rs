//! A full move round trip through the service with SQLite on disk: load the
//! game, check who may act, apply, commit, reply. Without rendering (the
//! render has its own bench) and with it.

use antics::rules::army_ants::{ArmyAnts, Setup, Status};
use antics::rules::shuffle::SeededRng;
use antics::service::{Config, Input, Request, Service, User};
use antics::store::Store;
use chrono::Utc;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::{Duration, Instant};

const SEED: u64 = 2024;

/// A random game's first moves (rally and battle), for replaying fast.
fn scripted_moves(count: usize) -> Vec<(bool, String)> {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(SEED),
        ..Setup::default()
    })
    .expect("a dealt game");
    let mut rng = SeededRng::new(1);
    let mut moves = Vec::new();
    while moves.len() < count {
        let Status::ToMove(side) = game.status() else {
            break;
        };
        let legal = game.legal_actions();
        // Avoid attacks so the game lasts; any legal move will do.
        let quiet: Vec<_> = legal.iter().filter(|a| !a.to_string().contains('x')).collect();
        let pool: Vec<_> = if quiet.is_empty() {
            legal.iter().collect()
        } else {
            quiet
        };
        let action = pool[rng.below(pool.len() as u64) as usize].clone();
        game.apply(side, &action).expect("legal");
        moves.push((side == antics::rules::army_ants::Side::Red, action.to_string()));
    }
    moves
}

fn request(user: &str, channel: &str, name: &str, options: &[(&str, &str)]) -> Request {
    Request {
        user: User::new(user, user),
        guild: Some("g1".into()),
        channel: channel.into(),
        at: Utc::now(),
        input: Input::command(name, options),
        manage_channels: false,
        manage_messages: false,
        bot_member: true,
    }
}

/// Plays `iters` moves, starting new games as needed; times only the moves.
async fn play_moves(
    service: &Service,
    moves: &[(bool, String)],
    iters: u64,
    latencies: &mut Vec<Duration>,
) -> Duration {
    let mut total = Duration::ZERO;
    let mut played = 0;
    let mut game_no = 0;
    while played < iters {
        game_no += 1;
        let channel = format!("bench-{}-{game_no}", rand::random::<u32>());
        let seed = SEED.to_string();
        let challenge = [("opponent", "bob"), ("color", "red"), ("seed", seed.as_str())];
        service
            .handle(&request("alice", &channel, "armyants challenge", &challenge))
            .await;
        service
            .handle(&request("bob", &channel, "armyants accept", &[]))
            .await;
        for (red, action) in moves {
            if played == iters {
                break;
            }
            let user = if *red { "alice" } else { "bob" };
            let req = request(user, &channel, "armyants move", &[("action", action)]);
            let start = Instant::now();
            let reply = service.handle(&req).await;
            let spent = start.elapsed();
            assert!(reply.ok(), "{}", reply.text);
            total += spent;
            latencies.push(spent);
            played += 1;
        }
    }
    total
}

fn percentile(latencies: &mut [Duration], p: f64) -> Duration {
    latencies.sort();
    latencies[((latencies.len() as f64 - 1.0) * p).round() as usize]
}

fn round_trip(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let moves = scripted_moves(60);
    for (name, render) in [
        ("move_round_trip_sqlite", false),
        ("move_round_trip_sqlite_with_render", true),
    ] {
        let store = runtime
            .block_on(Store::open(&dir.path().join(format!("{name}.db"))))
            .expect("store");
        let service = Service::new(
            store,
            Config {
                render,
                ..Config::default()
            },
        );
        let mut latencies = Vec::new();
        c.bench_function(name, |b| {
            b.iter_custom(|iters| runtime.block_on(play_moves(&service, &moves, iters, &mut latencies)))
        });
        if !latencies.is_empty() {
            let p50 = percentile(&mut latencies, 0.5);
            let p99 = percentile(&mut latencies, 0.99);
            println!("{name}: {} moves, p50 {p50:?}, p99 {p99:?}", latencies.len());
        }
    }
}

criterion_group!(benches, round_trip);
criterion_main!(benches);

//! Load: thousands of channels playing Army Ants at once through the
//! service, on SQLite (a file, WAL) and on PostgreSQL when
//! ANTICS_TEST_POSTGRES_URL names one. A custom harness rather than
//! criterion: what matters here is throughput under concurrency, the latency
//! spread and memory, not one operation's mean.
//!
//! `cargo bench --bench load`; LOAD_GAMES (default 2000), LOAD_MOVES (moves
//! per game, default 10) and LOAD_RENDER_GAMES (default 200, the same with
//! every board drawn) change the size.

use antics::rules::army_ants::{ArmyAnts, Setup, Side, Status};
use antics::service::{Config, Input, Request, Service, User};
use antics::store::{testing, Store};
use chrono::Utc;
use std::sync::Arc;
use std::time::{Duration, Instant};

const SEED: u64 = 2024;

/// A game's first quiet moves (no attacks, so it lasts), as (red?, action).
fn scripted_moves(count: usize) -> Vec<(bool, String)> {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(SEED),
        ..Setup::default()
    })
    .expect("a dealt game");
    let mut moves = Vec::new();
    while moves.len() < count {
        let Status::ToMove(side) = game.status() else {
            break;
        };
        let legal = game.legal_actions();
        let action = legal
            .iter()
            .find(|a| !a.to_string().contains('x'))
            .unwrap_or(&legal[0])
            .clone();
        game.apply(side, &action).expect("legal");
        moves.push((side == Side::Red, action.to_string()));
    }
    moves
}

fn request(user: &str, channel: &str, name: &str, options: &[(&str, &str)]) -> Request {
    Request {
        user: User::new(user, user),
        guild: "g1".into(),
        channel: channel.into(),
        at: Utc::now(),
        input: Input::command(name, options),
    }
}

/// Resident and peak memory of this process, in MiB (Linux).
fn memory_mib() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Starts `games` games at once, then plays `moves` in each, every game its
/// own task; prints throughput, latency and memory.
async fn run(label: &str, store: Store, render: bool, games: usize, moves: &[(bool, String)]) {
    let service = Arc::new(Service::new(
        store,
        Config {
            render,
            ..Config::default()
        },
    ));
    let run_id = rand::random::<u32>();
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|i| {
            let service = service.clone();
            tokio::spawn(async move {
                let channel = format!("load-{run_id}-{i}");
                let seed = SEED.to_string();
                let challenge = [("opponent", "bob"), ("color", "red"), ("seed", seed.as_str())];
                let a = service
                    .handle(&request("alice", &channel, "armyants challenge", &challenge))
                    .await;
                let b = service
                    .handle(&request("bob", &channel, "armyants accept", &[]))
                    .await;
                assert!(a.ok() && b.ok(), "{} / {}", a.text, b.text);
                channel
            })
        })
        .collect();
    let mut channels = Vec::new();
    for task in tasks {
        channels.push(task.await.expect("a game starts"));
    }
    let setup = started.elapsed();

    let started = Instant::now();
    let tasks: Vec<_> = channels
        .into_iter()
        .map(|channel| {
            let service = service.clone();
            let moves = moves.to_vec();
            tokio::spawn(async move {
                let mut latencies = Vec::with_capacity(moves.len());
                for (red, action) in moves {
                    let user = if red { "alice" } else { "bob" };
                    let req = request(user, &channel, "armyants move", &[("action", &action)]);
                    let start = Instant::now();
                    let reply = service.handle(&req).await;
                    latencies.push(start.elapsed());
                    assert!(reply.ok(), "{}", reply.text);
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.expect("a game plays"));
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let (rss, peak) = memory_mib();
    println!(
        "{label}: {games} games x {} moves = {} moves in {:.2} s: {:.0} moves/s; \
         per move p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms; {} games started in {:.2} s; \
         memory {rss:.0} MiB (peak {peak:.0} MiB)",
        moves.len(),
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3,
        games,
        setup.as_secs_f64(),
    );
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let games = env_number("LOAD_GAMES", 2000);
    let render_games = env_number("LOAD_RENDER_GAMES", 200);
    let moves = scripted_moves(env_number("LOAD_MOVES", 10));
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let postgres = std::env::var(testing::POSTGRES_ENV)
        .ok()
        .filter(|u| !u.is_empty());
    runtime.block_on(async {
        for (render, games) in [(false, games), (true, render_games)] {
            let what = if render { "with render" } else { "no render" };
            let path = dir.path().join(format!("load-{render}.db"));
            let store = Store::open(&path).await.expect("a SQLite store");
            run(&format!("sqlite, {what}"), store, render, games, &moves).await;
            if let Some(url) = &postgres {
                let store = testing::scratch_postgres(url).await.expect("a PostgreSQL store");
                run(&format!("postgres, {what}"), store, render, games, &moves).await;
            }
        }
    });
    if postgres.is_none() {
        println!("({} is not set: SQLite only)", testing::POSTGRES_ENV);
    }
}

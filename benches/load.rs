//! Load: thousands of channels playing Army Ants at once through the
//! service, on SQLite (a file, WAL) and on PostgreSQL when
//! ANTICS_TEST_POSTGRES_URL names one, each with and without rendering. A
//! custom harness rather than criterion: what matters here is throughput
//! under concurrency, the latency spread and memory, not one operation's
//! mean.
//!
//! Each configuration runs in a child process of its own, so its memory
//! figures are its own. It starts LOAD_GAMES games (default 2000), one
//! channel each, then plays LOAD_MOVES moves (default 6) in every game twice
//! over, on fresh games each time:
//! - saturation: every game sends its next move as soon as the last one is
//!   answered (a closed loop). This gives the throughput; latency there is
//!   mostly queueing (about games / throughput).
//! - steady: moves arrive at LOAD_RATE per second in all (default 400),
//!   spread evenly over the games (an open loop, like players). This gives
//!   the latency a player sees at that load.
//!
//! `cargo bench --bench load`.

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
        guild: Some("g1".into()),
        channel: channel.into(),
        at: Utc::now(),
        input: Input::command(name, options),
        manage_channels: false,
        manage_messages: false,
        bot_member: true,
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

/// Starts `games` games at once (one channel each) and returns their
/// channels, and how long that took.
async fn start_games(service: &Arc<Service>, label: &str, games: usize) -> (Vec<String>, Duration) {
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|i| {
            let service = service.clone();
            let channel = format!("{label}-{i}");
            tokio::spawn(async move {
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
    (channels, started.elapsed())
}

/// Plays `moves` in every channel, each game its own task. With `interval`
/// (an open loop) game `i` of `n` sends move `k` at `(k + i / n) *
/// interval` from the start, or as soon as its last move is answered if
/// that is later; without it (a closed loop) at once. Returns every move's
/// latency and the time it all took.
async fn play(
    service: &Arc<Service>,
    channels: Vec<String>,
    moves: &[(bool, String)],
    interval: Option<Duration>,
) -> (Vec<Duration>, Duration) {
    let started = Instant::now();
    let n = channels.len() as u32;
    let tasks: Vec<_> = channels
        .into_iter()
        .enumerate()
        .map(|(i, channel)| {
            let service = service.clone();
            let moves = moves.to_vec();
            tokio::spawn(async move {
                let offset = interval.map(|every| every * i as u32 / n);
                let mut latencies = Vec::with_capacity(moves.len());
                for (k, (red, action)) in moves.into_iter().enumerate() {
                    if let (Some(every), Some(offset)) = (interval, offset) {
                        tokio::time::sleep_until((started + offset + every * k as u32).into()).await;
                    }
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
    latencies.sort();
    (latencies, started.elapsed())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One configuration, `backend` (`sqlite` or `postgres`) and `render`, in
/// this process: prints one table row.
async fn run_one(backend: &str, render: bool) {
    let games = env_number("LOAD_GAMES", 2000);
    let moves = scripted_moves(env_number("LOAD_MOVES", 6));
    let rate = env_number("LOAD_RATE", 400).max(1);
    let dir = tempfile::tempdir().expect("temp dir");
    let store = match backend {
        "postgres" => {
            let url = std::env::var(testing::POSTGRES_ENV).expect("a PostgreSQL URL");
            testing::scratch_postgres(&url).await.expect("a PostgreSQL store")
        }
        _ => Store::open(&dir.path().join("load.db"))
            .await
            .expect("a SQLite store"),
    };
    let service = Arc::new(Service::new(
        store.clone(),
        Config {
            render,
            ..Config::default()
        },
    ));

    let (channels, setup) = start_games(&service, "saturation", games).await;
    let (busy, busy_time) = play(&service, channels, &moves, None).await;
    let (channels, _) = start_games(&service, "steady", games).await;
    // Each game moves every `games / rate` seconds: `rate` moves a second in all.
    let interval = Duration::from_secs_f64(games as f64 / rate as f64);
    let (steady, _) = play(&service, channels, &moves, Some(interval)).await;
    let (rss, peak) = memory_mib();
    println!(
        "| {backend} | {} | {games} | {:.0} | {:.1} / {:.1} | {rate} | {:.2} / {:.2} / {:.1} | {:.1} | {rss:.0} / {peak:.0} |",
        if render { "yes" } else { "no" },
        busy.len() as f64 / busy_time.as_secs_f64(),
        ms(percentile(&busy, 0.5)),
        ms(percentile(&busy, 0.99)),
        ms(percentile(&steady, 0.5)),
        ms(percentile(&steady, 0.99)),
        ms(*steady.last().expect("moves were played")),
        setup.as_secs_f64(),
    );
    store.close().await;
}

fn main() {
    // A child runs one configuration; the parent starts one child for each.
    if let Ok(one) = std::env::var("LOAD_ONE") {
        let (backend, render) = one.split_once(',').expect("LOAD_ONE is BACKEND,RENDER");
        let runtime = tokio::runtime::Runtime::new().expect("runtime");
        runtime.block_on(run_one(backend, render == "true"));
        return;
    }
    let postgres = std::env::var(testing::POSTGRES_ENV)
        .ok()
        .filter(|u| !u.is_empty());
    let mut backends = vec!["sqlite"];
    if postgres.is_some() {
        backends.push("postgres");
    }
    println!(
        "| store | render | games | saturation: moves/s | saturation: p50 / p99 ms | steady: offered moves/s | \
         steady: p50 / p99 / max ms | starting all {} games, s | memory: RSS / peak MiB |",
        env_number("LOAD_GAMES", 2000)
    );
    println!("|---|---|---:|---:|---|---:|---|---:|---|");
    let me = std::env::current_exe().expect("this benchmark's path");
    for backend in backends {
        for render in [false, true] {
            let status = std::process::Command::new(&me)
                .env("LOAD_ONE", format!("{backend},{render}"))
                .status()
                .expect("a child run");
            assert!(status.success(), "{backend}, render {render} failed");
        }
    }
    if postgres.is_none() {
        println!("({} is not set: SQLite only)", testing::POSTGRES_ENV);
    }
}

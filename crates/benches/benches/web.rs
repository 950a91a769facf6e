//! The web table on loopback, as a page uses it: a click on a move (the
//! action, then the place fetched again with its new board drawn), and a
//! live update (a second page's event stream telling of the move).
//! Targets: a click p50 under 30 ms and p99 under 100 ms; a live update
//! under 200 ms. With ANTICS_TEST_POSTGRES_URL set, the live update is
//! also timed across two servers sharing one PostgreSQL (LISTEN/NOTIFY):
//! the move through one, the stream on the other.
//!
//! Open streams: `GET /api/table` with none open and with 2,000 open (over
//! 100 channels, the caps raised to let them in), and the process' CPU
//! while the 2,000 sit idle. Targets: the latency within 2x of the idle
//! one, the CPU under 5% of one core.

use antics::service::{Config, Service};
use antics::store::{testing, Store};
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One HTTP/1.1 exchange: the JSON body of the answer.
fn http(address: SocketAddr, head: &str, body: &str) -> Value {
    let mut stream = TcpStream::connect(address).expect("the table answers");
    let request = format!(
        "{head} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (_, payload) = answer.split_once("\r\n\r\n").unwrap_or_default();
    serde_json::from_str(payload).unwrap_or(Value::Null)
}

fn place(address: SocketAddr, channel: &str) -> Value {
    http(
        address,
        &format!("GET /api/table?user=bench&channel={channel}"),
        "",
    )
}

fn act(address: SocketAddr, channel: &str, action: Value) -> Value {
    let mut body = json!({"user": "bench", "channel": channel});
    body.as_object_mut()
        .unwrap()
        .extend(action.as_object().unwrap().clone());
    http(address, "POST /api/act", &body.to_string())
}

/// A move of the board shown, or a deal; a new Ants Solitaire when the
/// game has none left (a finished game's board has no moves).
fn next_action(board: &Value) -> Value {
    if let Some(m) = board["moves"].as_array().and_then(|m| m.first()) {
        return json!({"kind": "ants", "move": m["actions"][0]});
    }
    match board["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "deal")
    {
        Some(_) => json!({"kind": "ants", "move": "deal"}),
        None => json!({"new": "ants"}),
    }
}

/// Clicks until `iters` clicks were timed: each is the action and the
/// place fetched again, as the page does.
fn clicks(address: SocketAddr, channel: &str, iters: u64, latencies: &mut Vec<Duration>) -> Duration {
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let board = place(address, channel)["boards"][0].clone();
        if board["status"] != "active" {
            act(address, channel, json!({"component": end_of(&board)}));
            act(address, channel, json!({"new": "ants"}));
            continue;
        }
        let start = Instant::now();
        let answer = act(address, channel, next_action(&board));
        let shown = place(address, channel);
        let spent = start.elapsed();
        assert!(answer["ok"] == true || answer["error"].is_string(), "{answer}");
        assert!(shown["boards"][0]["image"].is_string());
        total += spent;
        latencies.push(spent);
    }
    total
}

/// The button that ends a game without moves left, if it shows one.
fn end_of(board: &Value) -> Value {
    board["steps"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["name"] == "end"))
        .map(|s| s["component"].clone())
        .unwrap_or(Value::Null)
}

/// A second page's event stream, read up to its first event (the board
/// as it stands).
fn watch(address: SocketAddr, channel: &str) -> BufReader<TcpStream> {
    let mut stream = TcpStream::connect(address).unwrap();
    let head = format!(
        "GET /api/events?user=bench&channel={channel} HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut lines = BufReader::new(stream);
    next_event(&mut lines);
    lines
}

fn next_event(lines: &mut BufReader<TcpStream>) {
    loop {
        let mut line = String::new();
        lines.read_line(&mut line).unwrap();
        if line.starts_with("event: version") {
            return;
        }
    }
}

/// The time from a move made through `address` to the `version` event on
/// a second page's stream from `watcher`, over `count` moves.
fn live_updates(address: SocketAddr, watcher: SocketAddr, channel: &str, count: usize) -> Vec<Duration> {
    let mut seen = Vec::new();
    while seen.len() < count {
        let board = place(address, channel)["boards"][0].clone();
        if board["status"] != "active" {
            act(address, channel, json!({"component": end_of(&board)}));
            act(address, channel, json!({"new": "ants"}));
            continue;
        }
        let mut page = watch(watcher, channel);
        let start = Instant::now();
        if act(address, channel, next_action(&board))["ok"] != true {
            continue;
        }
        next_event(&mut page);
        seen.push(start.elapsed());
    }
    seen
}

fn percentile(latencies: &mut [Duration], p: f64) -> Duration {
    latencies.sort();
    latencies[((latencies.len() as f64 - 1.0) * p).round() as usize]
}

/// The table served over `store` on a free loopback port, as `antics
/// play --web` serves it.
fn serve(runtime: &tokio::runtime::Runtime, store: Store) -> SocketAddr {
    let service = Arc::new(Service::new(store, Config::default()));
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("a port");
    let address = listener.local_addr().unwrap();
    let router = antics::web::router(service, address);
    runtime.spawn(antics::web::listen::serve(
        listener,
        router,
        10_000,
        std::future::pending(),
    ));
    address
}

/// Opens an event stream of `user` at `channel` and reads its head.
fn open_stream(address: SocketAddr, user: &str, channel: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).unwrap();
    let head = format!(
        "GET /api/events?user={user}&channel={channel} HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut status = [0u8; 12];
    stream.read_exact(&mut status).unwrap();
    assert_eq!(&status[9..12], b"200", "a stream within the caps");
    stream
}

/// The CPU time (user and system) this process has used.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime
    // are the 12th and 13th of them, in clock ticks (100 a second).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

fn open_streams(c: &mut Criterion) {
    for (name, value) in [
        ("ANTICS_STREAMS_PER_SESSION", "100"),
        ("ANTICS_STREAMS_PER_ADDRESS", "5000"),
        ("ANTICS_STREAMS_TOTAL", "5000"),
    ] {
        std::env::set_var(name, value);
    }
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let store = runtime
        .block_on(Store::open(&dir.path().join("streams.db")))
        .expect("store");
    let address = serve(&runtime, store);
    act(address, "s0", json!({"new": "ants"}));
    c.bench_function("web_table_with_0_streams", |b| b.iter(|| place(address, "s0")));
    let open: Vec<TcpStream> = (0..2000)
        .map(|i| open_stream(address, &format!("u{}", i % 20), &format!("s{}", i % 100)))
        .collect();
    // Let the streams' first looks settle before measuring.
    std::thread::sleep(Duration::from_secs(1));
    let before = cpu_time();
    let idle = Duration::from_secs(5);
    std::thread::sleep(idle);
    let spent = cpu_time() - before;
    println!(
        "web idle with {} open streams: {:.1}% of one core",
        open.len(),
        100.0 * spent.as_secs_f64() / idle.as_secs_f64()
    );
    c.bench_function("web_table_with_2000_streams", |b| b.iter(|| place(address, "s0")));
    drop(open);
}

fn web(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let store = runtime
        .block_on(Store::open(&dir.path().join("web.db")))
        .expect("store");
    let address = serve(&runtime, store);

    act(address, "clicks", json!({"new": "ants"}));
    let mut latencies = Vec::new();
    c.bench_function("web_click_to_new_board", |b| {
        b.iter_custom(|iters| clicks(address, "clicks", iters, &mut latencies))
    });
    if !latencies.is_empty() {
        let p50 = percentile(&mut latencies, 0.5);
        let p99 = percentile(&mut latencies, 0.99);
        println!(
            "web click to new board: {} clicks, p50 {p50:?}, p99 {p99:?}",
            latencies.len()
        );
    }

    act(address, "live", json!({"new": "ants"}));
    let mut seen = live_updates(address, address, "live", 200);
    let p50 = percentile(&mut seen, 0.5);
    let p99 = percentile(&mut seen, 0.99);
    println!("web live update: {} moves, p50 {p50:?}, p99 {p99:?}", seen.len());

    if let Some(base) = testing::postgres_url() {
        let url = runtime
            .block_on(testing::scratch_postgres_url(&base))
            .expect("a scratch schema");
        let [one, two] =
            [0, 1].map(|_| serve(&runtime, runtime.block_on(Store::open_url(&url)).expect("store")));
        act(one, "live-pg", json!({"new": "ants"}));
        let mut seen = live_updates(one, two, "live-pg", 200);
        let p50 = percentile(&mut seen, 0.5);
        let p99 = percentile(&mut seen, 0.99);
        println!(
            "web live update across two servers on PostgreSQL: {} moves, p50 {p50:?}, p99 {p99:?}",
            seen.len()
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = web, open_streams
}
criterion_main!(benches);

//! Interactions over HTTP at a steady load, with one and with two
//! `antics serve` replicas on one PostgreSQL: players, each with an Anthill
//! game in a channel of their own, send their moves as fast as the answers
//! come (a closed loop), spread over the replicas in turn. Each move is a
//! signed slash command whose answer carries the new board (rendered).
//! Prints the throughput and the answer times (p50, p99, max) and whether
//! any answer came later than Discord's 3 s. Needs ANTICS_TEST_POSTGRES_URL
//! (`.ci/postgres`); without it, it says so and measures nothing.
//! `cargo bench --bench replicas`.

/// The HTTP body reader the tests' fake Discord uses, where it names it.
#[path = "../tests/common/bodies.rs"]
mod bodies;
mod common {
    pub(crate) use super::bodies;
}
// The tests' server and fake Discord: the bench needs only part of them.
#[allow(dead_code)]
#[path = "../tests/serve_support/mod.rs"]
mod serve_support;

use serde_json::{json, Value};
use serve_support::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

const PLAYERS: usize = 8;
const MEASURED: Duration = Duration::from_secs(20);

/// `interaction` as sent by player `i` in their own channel.
fn from(mut interaction: Value, i: usize) -> Value {
    let user = format!("2200000000000000{i:02}");
    interaction["member"]["user"] = serve_support::user(&user, &format!("player{i}"));
    interaction["channel_id"] = json!(format!("3200000000000000{i:02}"));
    interaction["channel"]["id"] = interaction["channel_id"].clone();
    interaction
}

fn next(ids: &AtomicUsize) -> (String, String) {
    let n = ids.fetch_add(1, Ordering::SeqCst);
    (format!("72{n:016}"), format!("tok-{n}"))
}

/// One player's moves until `until`: the time each move took to answer.
fn play(i: usize, ports: &[u16], ids: &AtomicUsize, until: Instant) -> Vec<Duration> {
    let send = |port: u16, interaction: &Value| {
        let body = interaction.to_string().into_bytes();
        request(port, "POST", "/interactions", &signed(&body, now()), &body)
    };
    let new_game = |seed: usize| {
        let options = json!([{"name": "game", "type": 3, "value": "anthill"},
                             {"name": "seed", "type": 3, "value": seed.to_string()}]);
        let (id, token) = next(ids);
        send(
            ports[0],
            &from(interaction(&id, &token, 2, solitaire("new", options)), i),
        );
    };
    let mut seed = 5000 + i * 1000;
    new_game(seed);
    let mut took = Vec::new();
    let mut round = i;
    while Instant::now() < until {
        round += 1;
        let port = ports[round % ports.len()];
        let (id, token) = next(ids);
        let focused = json!([{"name": "action", "type": 3, "value": "", "focused": true}]);
        let choices = send(
            port,
            &from(interaction(&id, &token, 4, solitaire("move", focused)), i),
        );
        let Some(action) = first_choice(&choices) else {
            seed += 1;
            new_game(seed);
            continue;
        };
        let (id, token) = next(ids);
        let options = json!([{"name": "action", "type": 3, "value": action}]);
        let started = Instant::now();
        let answer = send(
            port,
            &from(interaction(&id, &token, 2, solitaire("move", options)), i),
        );
        took.push(started.elapsed());
        assert_eq!(answer.status, 200, "{}", answer.text());
    }
    took
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let Some(base) = antics::store::testing::postgres_url() else {
        println!("replicas: ANTICS_TEST_POSTGRES_URL is not set; nothing measured");
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    for replicas in [1, 2] {
        let db = rt
            .block_on(antics::store::testing::scratch_postgres_url(&base))
            .unwrap();
        // Migrated once, before the servers start.
        rt.block_on(antics::store::Store::open_url(&db)).unwrap();
        let fake = FakeDiscord::start();
        let servers: Vec<Server> = (0..replicas)
            .map(|n| Server::start_on(&format!("bench-{replicas}-{n}"), fake.port, Some(&db), &[]))
            .collect();
        let ports: Vec<u16> = servers.iter().map(|s| s.port).collect();
        let ids = AtomicUsize::new(0);
        let until = Instant::now() + MEASURED;
        let mut took: Vec<Duration> = thread::scope(|s| {
            let players: Vec<_> = (0..PLAYERS)
                .map(|i| {
                    let (ports, ids) = (&ports, &ids);
                    s.spawn(move || play(i, ports, ids, until))
                })
                .collect();
            players.into_iter().flat_map(|p| p.join().unwrap()).collect()
        });
        took.sort();
        let late = took.iter().filter(|t| **t > Duration::from_secs(3)).count();
        println!(
            "replicas: {replicas} serve process(es), {PLAYERS} players: {} moves in {MEASURED:?} ({:.0} a second; each move beside its autocomplete), p50 {:?}, p99 {:?}, max {:?}, {late} over 3 s",
            took.len(),
            took.len() as f64 / MEASURED.as_secs_f64(),
            percentile(&took, 0.5),
            percentile(&took, 0.99),
            took.last().unwrap(),
        );
    }
}

//! `antics run --listen ADDR` end to end, against a fake Discord gateway:
//! the issue's "`GET /healthz` (the store answers) and `GET /metrics` in
//! Prometheus' text format ... and the same from `antics run`", and the
//! web table served as the app's Activity on the same address when the app
//! has an id and a client secret.

use crate::common::wire;
use crate::serve_support;

use serde_json::json;
use std::io::BufRead;
use std::time::{Duration, Instant};

/// The port `antics run` says it listens on (its first line on stdout).
fn listening_port(bot: &mut std::process::Child, log: &std::path::Path) -> u16 {
    let mut line = String::new();
    std::io::BufReader::new(bot.stdout.take().unwrap())
        .read_line(&mut line)
        .expect("the listening line");
    line.trim()
        .strip_prefix("antics run listening on http://")
        .and_then(|address| address.rsplit(':').next()?.parse().ok())
        .unwrap_or_else(|| {
            panic!(
                "no port in {line:?}; log: {}",
                std::fs::read_to_string(log).unwrap_or_default()
            )
        })
}

#[test]
fn run_answers_health_metrics_and_the_activity_on_its_listener() {
    let fake = wire::FakeDiscord::start();
    let dir = tempfile::tempdir().unwrap();
    let (db, log) = (dir.path().join("antics.db"), dir.path().join("antics.log"));
    let mut bot = fake.run_bot(
        "run-listen-token",
        &db,
        &log,
        &["--listen", "127.0.0.1:0"],
        &[
            ("DISCORD_APPLICATION_ID", wire::BOT),
            ("DISCORD_CLIENT_SECRET", "run-listen-secret"),
        ],
    );
    let port = listening_port(&mut bot, &log);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        fake.identify
            .recv_timeout(Duration::from_secs(30))
            .expect("IDENTIFY: run is on the gateway");

        let health = serve_support::request(port, "GET", "/healthz", &[], b"");
        assert_eq!(health.status, 200, "{}", health.text());

        // One interaction through the gateway, then counted.
        let help = json!({"id": "800000000000000010", "name": "help", "type": 1, "guild_id": wire::GUILD});
        fake.dispatch(wire::interaction(
            "700000000000000090",
            "tok-help",
            2,
            ("100000000000000001", "alice"),
            help,
        ));
        let mut seen = Vec::new();
        fake.wait_for(&mut seen, "the help's response", |r| {
            r.path
                .ends_with("/interactions/700000000000000090/tok-help/callback")
        });
        let counted = r#"antics_interactions_total{command="help",outcome="ok"} 1"#;
        let deadline = Instant::now() + Duration::from_secs(10);
        let metrics = loop {
            let metrics = serve_support::request(port, "GET", "/metrics", &[], b"");
            if metrics.text().contains(counted) || Instant::now() > deadline {
                break metrics;
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        assert_eq!(metrics.status, 200);
        assert!(
            metrics.content_type.starts_with("text/plain; version=0.0.4"),
            "Prometheus' text format: {}",
            metrics.content_type
        );
        let text = metrics.text();
        assert!(
            text.contains("# TYPE antics_interactions_total counter"),
            "{text}"
        );
        assert!(text.contains(counted), "{text}");

        // The Activity: the page, and its configuration naming the app.
        let config = serve_support::request(port, "GET", "/api/config", &[], b"");
        assert_eq!(config.status, 200, "{}", config.text());
        assert_eq!(config.json()["activity"], wire::BOT, "{}", config.text());
        let page = serve_support::request(port, "GET", "/", &[], b"");
        assert_eq!(page.status, 200);
        assert!(
            page.content_type.starts_with("text/html"),
            "{}",
            page.content_type
        );
    }));
    let _ = bot.kill();
    let _ = bot.wait();
    if let Err(panic) = outcome {
        eprintln!(
            "--- antics run's log ---\n{}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        std::panic::resume_unwind(panic);
    }
}

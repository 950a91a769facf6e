//! What an operator watches, in Prometheus' text format (`GET /metrics`
//! of `antics serve`). One registry for the process; every series is named
//! `antics_...`. Counting is cheap and never fails: a front end or the
//! service notes what happened, the server renders it on request.

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, Opts, Registry, TextEncoder,
};
use std::sync::OnceLock;
use std::time::Duration;

/// The series of this process.
pub struct Metrics {
    registry: Registry,
    /// Interactions answered, by command (or component kind) and outcome.
    pub interactions: IntCounterVec,
    /// From arrival to the first response, by interaction kind.
    pub latency: HistogramVec,
    /// Boards and replays drawn, by format (png, gif).
    pub renders: IntCounterVec,
    /// Internal errors that came from the database.
    pub store_errors: IntCounter,
    /// Sweeps of due work (expiries, idle games, daily posts), by outcome.
    pub sweeps: IntCounterVec,
    /// Games not yet over, as counted at the last scrape.
    pub games_open: IntGauge,
    /// Interaction requests refused before the service saw them, by reason.
    pub rejected: IntCounterVec,
}

/// The process' metrics, registered on first use.
pub fn get() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(Metrics::new)
}

impl Metrics {
    fn new() -> Metrics {
        let registry = Registry::new();
        let interactions = IntCounterVec::new(
            Opts::new(
                "antics_interactions_total",
                "Interactions handled, by command and outcome",
            ),
            &["command", "outcome"],
        )
        .expect("a valid counter");
        // Discord allows 3 s for the first response: the buckets are dense below it.
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "antics_interaction_seconds",
                "Time from an interaction's arrival to its first response",
            )
            .buckets(vec![
                0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0,
            ]),
            &["kind"],
        )
        .expect("a valid histogram");
        let renders = IntCounterVec::new(
            Opts::new("antics_renders_total", "Boards (png) and replays (gif) drawn"),
            &["format"],
        )
        .expect("a valid counter");
        let store_errors = IntCounter::new("antics_store_errors_total", "Internal errors from the database")
            .expect("a valid counter");
        let sweeps = IntCounterVec::new(
            Opts::new("antics_sweeps_total", "Sweeps of due work, by outcome"),
            &["outcome"],
        )
        .expect("a valid counter");
        let games_open = IntGauge::new("antics_games_open", "Games not yet over").expect("a valid gauge");
        let rejected = IntCounterVec::new(
            Opts::new(
                "antics_interactions_rejected_total",
                "Interaction requests refused before the service, by reason",
            ),
            &["reason"],
        )
        .expect("a valid counter");
        for collector in [
            Box::new(interactions.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(latency.clone()),
            Box::new(renders.clone()),
            Box::new(store_errors.clone()),
            Box::new(sweeps.clone()),
            Box::new(games_open.clone()),
            Box::new(rejected.clone()),
        ] {
            registry
                .register(collector)
                .expect("each series is registered once");
        }
        Metrics {
            registry,
            interactions,
            latency,
            renders,
            store_errors,
            sweeps,
            games_open,
            rejected,
        }
    }

    /// One interaction handled.
    pub fn interaction(&self, command: &str, outcome: &str) {
        self.interactions.with_label_values(&[command, outcome]).inc();
    }

    /// How long an interaction of `kind` waited for its first response.
    pub fn answered_in(&self, kind: &str, took: Duration) {
        self.latency
            .with_label_values(&[kind])
            .observe(took.as_secs_f64());
    }

    /// An image drawn: a board (`png`) or a replay (`gif`).
    pub fn rendered(&self, format: &str) {
        self.renders.with_label_values(&[format]).inc();
    }

    /// A sweep of due work ended (`ok` or `error`).
    pub fn swept(&self, outcome: &str) {
        self.sweeps.with_label_values(&[outcome]).inc();
    }

    /// An interaction request turned away (`signature`, `malformed`...).
    pub fn reject(&self, reason: &str) {
        self.rejected.with_label_values(&[reason]).inc();
    }

    /// Every series, in Prometheus' text exposition format.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut out)
            .expect("text encoding into memory does not fail");
        String::from_utf8(out).expect("the text format is UTF-8")
    }
}

/// Whether an internal error came from the database.
pub fn is_store_error(e: &anyhow::Error) -> bool {
    e.chain()
        .any(|cause| cause.is::<crate::store::StoreError>() || cause.is::<sqlx::Error>())
}

//! The Prometheus metrics (src/metrics.rs).

use antics::metrics::get;
use std::time::Duration;

#[test]
fn every_series_is_named_antics() {
    let m = get();
    m.interaction("solitaire new", "ok");
    m.answered_in("command", Duration::from_millis(20));
    m.rendered("png");
    m.swept("ok");
    m.reject("signature");
    let text = m.render();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        assert!(line.starts_with("antics_"), "{line}");
    }
    assert!(text.contains(r#"antics_interactions_total{command="solitaire new",outcome="ok"}"#));
    assert!(text.contains("antics_interaction_seconds_bucket"));
    assert!(text.contains("antics_games_open"));
}

//! Single timings summed up for a bench's printout (criterion reports the
//! mean; a player waits for the slow ones), shared by benches/ai.rs and
//! benches/solver.rs.

use std::time::Duration;

/// "N replies, median …, p95 …, worst …" of `times` (at least one).
pub fn spread(mut times: Vec<Duration>, what: &str) -> String {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    format!(
        "{} {what}, median {:?}, p95 {:?}, worst {:?}",
        times.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    )
}

//! `antics solve`'s statistics (src/cli/solve.rs).

use antics::cli::solve::{quantile, wilson};

#[test]
fn wilson_matches_known_values() {
    // 50 of 100: 40.38% - 59.62%.
    let (lo, hi) = wilson(50, 100);
    assert!(
        (lo - 40.38).abs() < 0.01 && (hi - 59.62).abs() < 0.01,
        "{lo} {hi}"
    );
    let (lo, hi) = wilson(0, 10);
    assert_eq!(lo, 0.0);
    assert!((hi - 27.75).abs() < 0.01, "{hi}");
}

#[test]
fn quantiles_use_the_nearest_rank() {
    let v: Vec<f64> = (1..=100).map(f64::from).collect();
    assert_eq!(quantile(&v, 0.5), 50.0);
    assert_eq!(quantile(&v, 0.99), 99.0);
    assert_eq!(quantile(&[], 0.5), 0.0);
}

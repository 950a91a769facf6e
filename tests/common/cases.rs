//! How many cases a property test runs: its usual number, times
//! `ANTICS_PROPTEST_SCALE` when set (a whole number), to shake out rare
//! failures in one long run before they reach CI:
//! `ANTICS_PROPTEST_SCALE=10 cargo test -p antics-core --test rules -- props`.

/// `usual`, scaled.
pub fn scaled(usual: u32) -> u32 {
    let scale = std::env::var("ANTICS_PROPTEST_SCALE")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(1)
        .max(1);
    usual.saturating_mul(scale)
}

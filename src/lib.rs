//! Antics: ant-themed card and board games for Discord.
//!
//! Data flows one way: a front end (`discord`, `web`, `cli`) turns input
//! into a `protocol` request for the `service`; the service loads the game
//! (`store`), applies the action (`rules`), saves it, draws the board
//! (`render`) and returns a reply. `layers` checks that no module imports
//! from a layer above its own.

pub mod cli;
pub mod controls;
pub mod daily;
pub mod discord;
#[cfg(test)]
mod layers;
pub mod logging;
pub mod memory;
pub mod metrics;
pub mod protocol;
pub mod service;
pub mod store;
pub mod web;

// The games themselves, their solvers and the computer opponent, and
// tournament pairing: the `antics-core` crate, named here as before.
pub use antics_core::{ai, rules, tournament};
// The boards drawn: the `antics-render` crate.
pub use antics_render as render;

/// How many cases a property test of the library runs: its usual number,
/// times `ANTICS_PROPTEST_SCALE` when set (as tests/common/cases.rs does for
/// the integration tests).
#[cfg(test)]
pub(crate) fn proptest_cases(usual: u32) -> u32 {
    let scale = std::env::var("ANTICS_PROPTEST_SCALE")
        .ok()
        .and_then(|s| s.parse::<u32>().ok());
    usual.saturating_mul(scale.unwrap_or(1).max(1))
}

//! Antics: ant-themed card and board games for Discord.
//!
//! Data flows one way: a front end (`discord`, `web`, `cli`) turns input
//! into a `protocol` request for the `service`; the service loads the game
//! (`store`), applies the action (`rules`), saves it, draws the board
//! (`render`) and returns a reply. No module imports from a layer above its
//! own (checked by `tests/app/units/layers.rs`).

pub mod cli;
pub mod controls;
pub mod daily;
pub mod discord;
pub mod games;
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

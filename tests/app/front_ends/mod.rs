//! The front ends' pieces, each tested alone through the library: the
//! Discord front end's commands, decoding, mapping, flow, endpoint,
//! webhooks, serving and configuration; the web table's moves, seats,
//! sessions, sign-ins and guard; `antics solve`'s statistics; the logs'
//! formats, the metrics and the component ids. The library has no tests
//! of its own, so that `cargo test` does not build it a second time.

mod cli_solve;
mod discord;
mod discord_commands;
mod discord_config;
mod discord_decode;
mod discord_endpoint;
mod discord_flow;
mod discord_mapping;
mod discord_serve;
mod discord_webhooks;
mod logging;
mod metrics;
mod protocol_custom_id;
mod web_guard;
mod web_moves;
mod web_seat;
mod web_session;
mod web_sign_ins;

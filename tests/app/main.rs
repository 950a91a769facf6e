//! Antics as it runs: the service with its store, `antics script` as a
//! person uses it, `antics serve` and `antics run` against a fake Discord,
//! and the web table in a browser. The rules alone are
//! `crates/core/tests/rules`.

#[path = "../common/cases.rs"]
mod cases;
#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;

// The library's parts one by one, and its layers.
mod units;

// The service, called in process.
mod army_ants_picker;
mod engine_toy;
mod idle_settings;
mod patience_toy;
mod service_autocomplete;
mod service_daily_board;
mod service_old_logs;
mod service_races;
mod service_same_deal;
mod tournament_races;

// `antics script`: JSON lines in, JSON lines out.
mod concurrent_start;
mod hostile_input;
mod long_games;
mod reliability;
mod scenarios;
mod script_anywhere;
mod script_army_ants;
mod script_army_ants_clicks;
mod script_army_ants_computer;
mod script_army_ants_review;
mod script_atta_ants;
mod script_atta_clicks;
mod script_clicks;
mod script_daily;
mod script_hints;
mod script_moderation;
mod script_myrmex_ends;
mod script_solitaire;
mod script_tournament;

// The front ends: `antics serve`, `antics run`, the web table, and what
// an operator deploys and reads.
mod cli_solve;
mod daily_post_lease;
mod deploy_files;
mod discord_commands;
mod front_ends;
mod logs;
mod run_listen;
mod serve;
mod serve_replicas;
mod web_activity;
mod web_hardening;
mod web_table;

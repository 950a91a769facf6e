//! Antics: ant-themed card and board games for Discord.
//!
//! Data flows one way: a front end (`cli`, later Discord) turns input into a
//! `service` call; the service loads the game (`store`), applies the action
//! (`rules`), saves it, draws the board (`render`) and returns a reply.

pub mod ai;
pub mod cli;
pub mod controls;
pub mod daily;
pub mod discord;
pub mod logging;
pub mod memory;
pub mod metrics;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
pub mod tournament;
pub mod web;

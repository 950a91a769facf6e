//! Antics' games with no process around them: the rules of the five games
//! (and the contract every game keeps), the solvers and the computer
//! opponent (`ai`), and tournament pairing and standings. Nothing here
//! reads a clock, a store or a network; the `antics` crate serves them.
//!
//! A crate of its own so that it is built optimised while the service
//! around it is not: the searches run at speed in every test, and the rest
//! compiles in a fraction of the time.

pub mod ai;
pub mod rules;
pub mod tournament;

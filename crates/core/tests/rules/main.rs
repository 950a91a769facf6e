//! The games' rules, their solvers, the computer opponent and tournament pairing, through the
//! library alone: each rule checked against the specification, property
//! tests over random deals and playouts, and the contract every game keeps.
//! The `unit_*` modules check the library's own parts, some of them hidden
//! from its documentation and public for them alone: the library has no
//! unit tests, so that `cargo test` does not build it twice.
//! No process, store or network here; the service and its front ends are
//! `tests/app`.

// The rules crate named as the tests everywhere name it.
extern crate antics_core as antics;

#[path = "../../../../tests/common/cases.rs"]
mod cases;
#[path = "../../../../tests/common/nim.rs"]
mod nim;

mod ai_army_ants;
mod anthill_rules;
mod ants_solitaire_rules;
mod army_ants_props;
mod army_ants_rules;
mod atta_ants_props;
mod atta_ants_rules;
mod game_contract;
mod hint_follow;
mod hint_props;
mod myrmex_props;
mod myrmex_rules;
mod patience_props;
mod review;
mod solver;
mod solver_losses;
mod tournament_pairing;
mod unit_anthill_solver;
mod unit_army_ants;
mod unit_atta_ants;
mod unit_cards;
mod unit_myrmex;
mod unit_myrmex_solver;
mod unit_patiences;
mod unit_rules;
mod unit_solver;
mod unit_tournament;

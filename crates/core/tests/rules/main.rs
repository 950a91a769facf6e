//! The games' rules, their solvers, the computer opponent and tournament pairing, through the
//! library alone: each rule checked against the specification, property
//! tests over random deals and playouts, and the contract every game keeps.
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

//! The computer opponent and the solitaire solvers. Built on `rules` only.

pub mod army_ants;
pub mod solver;

//! Solvers for the patiences: prove a deal won (with its line) or lost.

//! The daily challenge's own rules, apart from the service that serves it:
//! its calendar and seed, and the order of its leaderboards.

pub mod calendar;
pub mod standings;

//! The library's parts checked one by one: pure functions and small types of
//! the store, the controls, the daily books and the service, and the layers
//! of the sources. What a person does end to end is in the other modules.

mod controls_army_board;
mod controls_atta_ants;
mod controls_choices;
mod controls_deploy;
mod controls_patience;
mod controls_picker;
mod daily_calendar;
mod daily_standings;
mod layers;
mod service_army_bot;
mod service_base;
mod service_cache;
mod service_clock;
mod service_contest;
mod service_daily;
mod service_help;
mod service_idle;
mod service_leaderboard;
mod service_offload;
mod service_patiences;
mod service_reach;
mod service_stats;
mod service_tournament;
mod store;
mod store_migrate;
mod store_places;
mod store_result;
mod store_tournaments;

use antics::store::{Ending, GameResult, PatienceResult};

/// A patience's result for the tests: 120 moves in 13 minutes, no undo nor
/// hint, no winner's name nor detail.
fn sample_result(outcome: Ending, score: i64) -> PatienceResult {
    PatienceResult {
        result: GameResult {
            outcome,
            winner: None,
            detail: String::new(),
        },
        score,
        moves: 120,
        undos: 0,
        hints: 0,
        elapsed_ms: 13 * 60_000,
    }
}

//! The service's daily.

use antics::rules::myrmex::Myrmex;
use antics::service::parts::{daily_named, share_line};
use antics::service::Registry;
use antics::store::{DailyAttempt, Ending, PatienceResult};

#[test]
fn the_days_post_names_each_daily_at_its_level_or_variant() {
    let named: Vec<String> = Registry::default().daily_kinds().map(daily_named).collect();
    assert_eq!(
        antics::rules::listed(&named, "and"),
        "Myrmex (minor level), Anthill and Ants Solitaire (strict)"
    );
}

fn attempt(game: &str, ranked: bool) -> DailyAttempt {
    DailyAttempt {
        game_id: "g".into(),
        day: "2026-11-22".into(),
        game: game.into(),
        user_id: "alice".into(),
        user_name: "alice".into(),
        channel_id: "c1".into(),
        guild_id: "g1".into(),
        ranked,
        started_at: 0,
    }
}

fn result(outcome: Ending, score: i64) -> PatienceResult {
    PatienceResult {
        undos: 2,
        ..super::sample_result(outcome, score)
    }
}

#[test]
fn share_lines_tell_how_it_went_and_nothing_of_the_cards() {
    let line = share_line::<Myrmex>(&attempt("myrmex", true), &result(Ending::Win, 3));
    assert_eq!(
        line,
        "🐜 Antics daily Myrmex 2026-11-22: 🟫🟫🟫⬜⬜⬜ 3/6 ⏱️13m ↩️2"
    );
    let line =
        share_line::<antics::rules::anthill::Anthill>(&attempt("anthill", false), &result(Ending::Loss, 26));
    assert_eq!(
        line,
        "🐜 Antics daily Anthill 2026-11-22 (practice): ❌ 🟩🟩🟩🟩🟩⬜⬜⬜⬜⬜ 26/52 · 120 moves ↩️2"
    );
}

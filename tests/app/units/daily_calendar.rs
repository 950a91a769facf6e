//! The daily's calendar: its days, closes, seeds, weeks and streaks.

use antics::daily::calendar::*;
use chrono::{DateTime, NaiveDate, Utc};

#[test]
fn the_next_day_starts_at_midnight_utc() {
    let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
    let midnight = at("2026-11-25T00:00:00Z").timestamp_millis();
    assert_eq!(next_day(at("2026-11-24T13:45:00Z")), midnight);
    assert_eq!(next_day(at("2026-11-24T00:00:00Z")), midnight);
    assert_eq!(next_day(at("2026-11-24T23:59:59.999Z")), midnight);
}

#[test]
fn a_day_closes_an_hour_after_the_next_midnight() {
    let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
    let close = at("2026-11-25T01:00:00Z").timestamp_millis();
    assert_eq!(close_of("2026-11-24"), Some(close));
    assert!(is_open_day("2026-11-24", close - 1));
    assert!(!is_open_day("2026-11-24", close));
    assert_eq!(close_text("2026-11-24"), "2026-11-25 01:00 UTC");
    assert_eq!(
        open_days(at("2026-11-25T00:30:00Z")),
        ["2026-11-25", "2026-11-24"]
    );
    assert_eq!(open_days(at("2026-11-25T01:00:00Z")), ["2026-11-25"]);
}

#[test]
fn the_seed_depends_on_the_secret_game_and_day() {
    let a = day_seed(b"secret one", "anthill", "2026-11-22");
    assert_eq!(a, day_seed(b"secret one", "anthill", "2026-11-22"));
    assert_ne!(a, day_seed(b"secret two", "anthill", "2026-11-22"));
    assert_ne!(a, day_seed(b"secret one", "ants", "2026-11-22"));
    assert_ne!(a, day_seed(b"secret one", "anthill", "2026-11-23"));
}

#[test]
fn the_date_alone_does_not_give_the_seed() {
    // Without the secret, the obvious derivations from the date miss.
    let seed = day_seed(b"installation secret", "myrmex", "2026-11-22");
    for guess in [
        day_seed(b"", "myrmex", "2026-11-22"),
        day_seed(b"myrmex", "myrmex", "2026-11-22"),
        day_seed(b"2026-11-22", "myrmex", "2026-11-22"),
        20261122,
        chrono::NaiveDate::from_ymd_opt(2026, 11, 22)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap()
            .and_utc()
            .timestamp() as u64,
    ] {
        assert_ne!(seed, guess);
    }
}

#[test]
fn iso_weeks_run_monday_to_sunday() {
    let (first, last) = iso_week(parse_day("2026-11-22").unwrap());
    assert_eq!(
        (format_day(first), format_day(last)),
        ("2026-11-16".into(), "2026-11-22".into())
    );
    let (first, _) = iso_week(parse_day("2026-11-23").unwrap());
    assert_eq!(format_day(first), "2026-11-23");
}

fn d(day: &str) -> NaiveDate {
    parse_day(day).unwrap()
}

#[test]
fn streaks_grow_survive_a_day_and_break() {
    let days = [d("2026-11-20"), d("2026-11-21"), d("2026-11-22")];
    assert_eq!(streaks(&days, d("2026-11-22")), (3, 3));
    // Today not played yet: the streak survives until the day ends.
    assert_eq!(streaks(&days, d("2026-11-23")), (3, 3));
    assert_eq!(streaks(&days, d("2026-11-24")), (0, 3));
    let gap = [d("2026-11-18"), d("2026-11-19"), d("2026-11-21")];
    assert_eq!(streaks(&gap, d("2026-11-21")), (1, 2));
    assert_eq!(streaks(&[], d("2026-11-21")), (0, 0));
}

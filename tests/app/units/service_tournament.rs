//! The service's tournaments.

use antics::service::parts::{duration_words, ordinal, round_length, starts};
use chrono::{DateTime, Utc};
use std::time::Duration;

#[test]
fn rounds_last_ten_minutes_to_a_week() {
    assert_eq!(round_length("24h").unwrap(), Duration::from_secs(86_400));
    assert!(round_length("5m").is_err());
    assert!(round_length("8d").is_err());
    assert_eq!(duration_words(Duration::from_secs(1800)), "30 minutes");
    assert_eq!(duration_words(Duration::from_secs(86_400)), "1 day");
    assert_eq!(
        [1, 2, 3, 4, 11, 12, 21, 22].map(ordinal),
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st", "22nd"]
    );
}

#[test]
fn starts_are_now_a_time_or_a_delay_within_a_month() {
    let now = DateTime::parse_from_rfc3339("2026-11-28T12:00:00Z")
        .unwrap()
        .with_timezone(&Utc);
    assert_eq!(starts("now", now).unwrap(), None);
    assert_eq!(
        starts("2026-11-28 18:00", now).unwrap().unwrap().to_rfc3339(),
        "2026-11-28T18:00:00+00:00"
    );
    assert_eq!(
        starts("2h", now).unwrap().unwrap() - now,
        chrono::Duration::hours(2)
    );
    assert!(starts("2026-11-27 18:00", now).is_err());
    assert!(starts("soon", now).is_err());
}

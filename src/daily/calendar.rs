//! The calendar of the daily challenge: its days (UTC), when each closes,
//! and its seed, a keyed hash (HMAC-SHA256) of the game and the day under
//! the installation's secret, so nobody can compute tomorrow's deal from
//! the source code.

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The seed of `game` on `day` (`YYYY-MM-DD`) under `secret`.
pub fn day_seed(secret: &[u8], game: &str, day: &str) -> u64 {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(b"antics daily\0");
    mac.update(game.as_bytes());
    mac.update(b"\0");
    mac.update(day.as_bytes());
    let digest = mac.finalize().into_bytes();
    u64::from_le_bytes(digest[..8].try_into().expect("32 bytes"))
}

/// The UTC day of a moment, as `YYYY-MM-DD`.
pub fn day_of(at: DateTime<Utc>) -> String {
    at.date_naive().format("%Y-%m-%d").to_string()
}

/// The start of the UTC day after `at`, in milliseconds: when the next
/// day's challenges are posted.
pub fn next_day(at: DateTime<Utc>) -> i64 {
    let tomorrow = at.date_naive().succ_opt().unwrap_or(at.date_naive());
    tomorrow
        .and_time(chrono::NaiveTime::MIN)
        .and_utc()
        .timestamp_millis()
}

/// How long after its day ends (00:00 UTC) a day's challenge stays open, so
/// that an attempt begun late in the day can be finished.
pub const CLOSE_GRACE_MS: i64 = 60 * 60 * 1000;

/// When the challenge of `day` closes, in milliseconds: the next day's
/// 00:00 UTC plus the grace. Until then its attempts rank and its records
/// stay private.
pub fn close_of(day: &str) -> Option<i64> {
    let date = parse_day(day)?;
    let start = date.and_time(chrono::NaiveTime::MIN).and_utc();
    Some(next_day(start) + CLOSE_GRACE_MS)
}

/// Whether the challenge of `day` is still open at `now` (milliseconds).
pub fn is_open_day(day: &str, now: i64) -> bool {
    close_of(day).is_some_and(|close| now < close)
}

/// The days whose challenges are open at `at`: today, and yesterday while
/// its grace lasts.
pub fn open_days(at: DateTime<Utc>) -> Vec<String> {
    let today = at.date_naive();
    let yesterday = format_day(previous_day(today));
    let mut days = vec![format_day(today)];
    if is_open_day(&yesterday, at.timestamp_millis()) {
        days.push(yesterday);
    }
    days
}

/// A day's close as people read it: `2026-11-26 01:00 UTC`.
pub fn close_text(day: &str) -> String {
    close_of(day)
        .and_then(utc_text)
        .unwrap_or_else(|| day.to_string())
}

/// A moment (milliseconds) as people read it: `2026-11-26 01:00 UTC`.
pub fn utc_text(ms: i64) -> Option<String> {
    DateTime::from_timestamp_millis(ms).map(|at| at.format("%Y-%m-%d %H:%M UTC").to_string())
}

pub fn parse_day(day: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()
}

pub fn format_day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// The day before `day`.
pub fn previous_day(day: NaiveDate) -> NaiveDate {
    day.checked_sub_days(Days::new(1)).unwrap_or(day)
}

/// The first and last day of the ISO week (Monday to Sunday) of `day`.
pub fn iso_week(day: NaiveDate) -> (NaiveDate, NaiveDate) {
    let monday = day - chrono::Duration::days(day.weekday().num_days_from_monday() as i64);
    (monday, monday + chrono::Duration::days(6))
}

/// The first and last day of the season (the calendar month, UTC) of `day`.
pub fn season(day: NaiveDate) -> (NaiveDate, NaiveDate) {
    let first = day.with_day(1).expect("every month has a first day");
    let next = first.checked_add_months(Months::new(1)).unwrap_or(first);
    (first, previous_day(next))
}

/// A season named as `/leaderboard season:` takes it, `2026-10`: its first day.
pub fn parse_season(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(&format!("{}-01", text.trim()), "%Y-%m-%d").ok()
}

/// A season as people read it: `November 2026`.
pub fn season_name(day: NaiveDate) -> String {
    day.format("%B %Y").to_string()
}

/// The current and the best run of consecutive days among `days`. The
/// current run ends today, or yesterday while today's attempt may still
/// come; an older last day means the streak is broken.
pub fn streaks(days: &[NaiveDate], today: NaiveDate) -> (u32, u32) {
    let mut days = days.to_vec();
    days.sort();
    days.dedup();
    let mut best = 0;
    let mut run = 0;
    let mut last: Option<NaiveDate> = None;
    for day in &days {
        run = match last {
            Some(prev) if previous_day(*day) == prev => run + 1,
            _ => 1,
        };
        best = best.max(run);
        last = Some(*day);
    }
    let current = match last {
        Some(day) if day == today || day == previous_day(today) => run,
        _ => 0,
    };
    (current, best)
}

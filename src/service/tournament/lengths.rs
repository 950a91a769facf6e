//! What an organiser types for the length of a round or an arena, and
//! for when a tournament starts.

use super::{ARENA_MAX, ARENA_MIN, ROUND_MAX, ROUND_MIN, STARTS_MAX};
use crate::service::error::UserError;
use chrono::{DateTime, Utc};
use std::time::Duration;

/// A round's length: `10m` to `7d`.
pub fn round_length(text: &str) -> Result<Duration, UserError> {
    length_within(
        text,
        ROUND_MIN..=ROUND_MAX,
        "`round` is how long a round stays open, from 10m to 7d (like 30m, 24h, 2d).",
    )
}

/// An arena's length: `20m` to `3h`.
pub(super) fn arena_length(text: &str) -> Result<Duration, UserError> {
    length_within(
        text,
        ARENA_MIN..=ARENA_MAX,
        "`length` is how long an arena lasts, from 20m to 3h (like 45m, 2h).",
    )
}

/// A length typed as `30m`, `24h`, `2d`, within `range`; else `bad`.
fn length_within(
    text: &str,
    range: std::ops::RangeInclusive<Duration>,
    bad: &str,
) -> Result<Duration, UserError> {
    let length = crate::service::engine::idle::parse_duration(text)
        .map_err(|e| UserError::bad_option(crate::service::error::sentence(&e)))?
        .ok_or_else(|| UserError::bad_option(bad))?;
    match range.contains(&length) {
        true => Ok(length),
        false => Err(UserError::bad_option(bad)),
    }
}

/// When a tournament starts by itself (`None`: when its organiser says,
/// as with `now`): a time in UTC
/// (`2026-12-01 18:00`, RFC 3339), or a delay (`2h`).
pub fn starts(text: &str, now: DateTime<Utc>) -> Result<Option<DateTime<Utc>>, UserError> {
    let given = text.trim();
    // Starting now, with no one in yet: it opens now, and its organiser
    // starts it once the players are in.
    if given.eq_ignore_ascii_case("now") {
        return Ok(None);
    }
    let at = DateTime::parse_from_rfc3339(given)
        .map(|at| at.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            chrono::NaiveDateTime::parse_from_str(given, "%Y-%m-%d %H:%M")
                .or_else(|_| chrono::NaiveDateTime::parse_from_str(given, "%Y-%m-%dT%H:%M"))
                .ok()
                .map(|naive| naive.and_utc())
        })
        .or_else(|| {
            crate::service::engine::idle::parse_duration(given)
                .ok()
                .flatten()
                .and_then(|d| chrono::Duration::from_std(d).ok())
                .map(|d| now + d)
        })
        .ok_or_else(|| {
            UserError::bad_option(format!(
                "{} is not a start: say `now`, a time in UTC like `2026-12-01 18:00`, or a delay like `2h`.",
                crate::rules::code(given)
            ))
        })?;
    if at < now || at - now > chrono::Duration::from_std(STARTS_MAX).expect("a month") {
        return Err(UserError::bad_option(
            "A tournament starts between now and 30 days from now.",
        ));
    }
    Ok(Some(at))
}

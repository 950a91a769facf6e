//! Idle games: a reminder some time before the deadline, then the end, each
//! in the words of the game's idle paths (`kinds`). The player an Army Ants
//! game waits for loses on time (stored like a resignation, so results and
//! ratings count it as a loss); an idle patience ends as `/solitaire end`
//! would. Atta Ants keeps its own turn clock.
//!
//! Every process may sweep: an end is a versioned commit and a reminder a
//! claimed row, so each happens once even across shard processes.

use super::{kinds, Post, Service};
use chrono::{DateTime, Utc};
use std::time::Duration;

/// The claim name of the reminder notice.
const REMINDER: &str = "idle-reminder";
/// How often (in the requests' time) the idle sweep looks at the store.
const SWEEP_EVERY_MS: i64 = 10_000;

/// When the idle sweep after one at `now` is due.
pub(super) fn next_sweep(now: DateTime<Utc>) -> i64 {
    now.timestamp_millis() + SWEEP_EVERY_MS
}

impl Service {
    /// Ends the games idle for the configured time and reminds the players
    /// of those close to it; returns the notices to post.
    pub(super) async fn sweep_idle(&self, now: DateTime<Utc>) -> anyhow::Result<Vec<Post>> {
        let Some(timeout) = self.config.idle_timeout else {
            return Ok(vec![]);
        };
        let now_ms = now.timestamp_millis();
        {
            let mut last = self.idle_swept.lock().expect("idle sweep lock");
            if last.is_some_and(|t| (now_ms - t).abs() < SWEEP_EVERY_MS) {
                return Ok(vec![]);
            }
            *last = Some(now_ms);
        }
        let timeout_ms = timeout.as_millis() as i64;
        let idle = human(timeout);
        let mut posts = Vec::new();
        for row in self.store.idle_games(now_ms - timeout_ms).await? {
            let post = match kinds::paths(row.kind).and_then(|paths| paths.idle) {
                Some(idle_paths) => (idle_paths.end)(self, &row, &idle, now).await?,
                None => None,
            };
            posts.extend(self.route_due(&row, post).await?);
        }
        let before = self.config.idle_reminder.min(timeout);
        if before.is_zero() {
            return Ok(posts);
        }
        let since = now_ms - (timeout_ms - before.as_millis() as i64);
        for row in self.store.games_to_remind(since, REMINDER).await? {
            let left = Duration::from_millis((row.updated_at + timeout_ms - now_ms).max(0) as u64);
            let post = match kinds::paths(row.kind).and_then(|paths| paths.idle) {
                Some(idle_paths) => (idle_paths.reminder)(self, &row, &human(left), now).await?,
                None => None,
            };
            // Claimed once per game version, whichever process gets here first.
            if post.is_some()
                && self
                    .store
                    .claim_notice(&row.id, row.version, REMINDER, now_ms)
                    .await?
            {
                posts.extend(self.route_due(&row, post).await?);
            }
        }
        Ok(posts)
    }
}

/// A duration as people say it, rounded down to its largest unit: `3 days`,
/// `12 hours`, `5 minutes`, `40 seconds`.
pub fn human(d: Duration) -> String {
    let secs = d.as_secs();
    let (n, unit) = match secs {
        s if s >= 86_400 => (s / 86_400, "day"),
        s if s >= 3_600 => (s / 3_600, "hour"),
        s if s >= 60 => (s / 60, "minute"),
        s => (s, "second"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// Parses a duration such as `72h`, `30m`, `2d`, `90s` or `1h30m`; `off`
/// (or `0`) gives `None`.
pub fn parse_duration(text: &str) -> Result<Option<Duration>, String> {
    let text = text.trim().to_ascii_lowercase();
    if text == "off" || text == "0" || text == "never" {
        return Ok(None);
    }
    let bad = || {
        format!(
            "{} is not a duration like 72h, 30m, 2d or 1h30m",
            crate::rules::code(&text)
        )
    };
    let mut total = 0u64;
    let mut number = String::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'd' => 86_400,
            'h' => 3_600,
            'm' => 60,
            's' => 1,
            _ => return Err(bad()),
        };
        let n: u64 = number.parse().map_err(|_| bad())?;
        total = n
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(bad)?;
        number.clear();
    }
    if !number.is_empty() || total == 0 {
        return Err(bad());
    }
    Ok(Some(Duration::from_secs(total)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_and_print_as_people_write_them() {
        assert_eq!(parse_duration("72h"), Ok(Some(Duration::from_secs(72 * 3600))));
        assert_eq!(parse_duration("1h30m"), Ok(Some(Duration::from_secs(5400))));
        assert_eq!(parse_duration(" 2D "), Ok(Some(Duration::from_secs(2 * 86_400))));
        assert_eq!(parse_duration("off"), Ok(None));
        for bad in ["", "h", "12", "3x", "99999999999999999999d", "0h"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert_eq!(human(Duration::from_secs(3 * 86_400 + 5)), "3 days");
        assert_eq!(human(Duration::from_secs(3600)), "1 hour");
        assert_eq!(human(Duration::from_secs(59)), "59 seconds");
    }
}

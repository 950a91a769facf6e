//! Idle games: a reminder some time before the end, then the end, each in
//! the game's words (`Served::idle_reminder`, `Served::idle_end`). The
//! player an Army Ants game waits for loses on time (stored like a
//! resignation, so results and ratings count it as a loss); an idle
//! patience ends as `/solitaire end` would. A game with a turn clock (Atta Ants) and a daily attempt
//! (its day's close) keep their own deadline instead.
//!
//! A game's one deadline (`expires_at`) says when the sweep looks at it
//! next: every save sets it to the reminder's time, the reminder moves it
//! to the end. The times are worked out again from the game's last change
//! and the operator's settings when it falls due, so a changed setting
//! holds for games under way. Every process may sweep: an end is a
//! versioned commit and a reminder a claimed row, so each happens once
//! even across shard processes.

use crate::protocol::types::Post;
use crate::service::base::{Config, Service};
use crate::service::engine::{IdleEnd, Served};
use crate::store::GameRow;
use chrono::{DateTime, Utc};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The claim name of the reminder notice.
const REMINDER: &str = "idle-reminder";

/// The idle times of a game last changed at `at` (milliseconds): when it
/// is reminded and when it ends (the same when there is no reminder);
/// `None` when idle games never end.
fn idle_times(config: &Config, at: i64) -> Option<(i64, i64)> {
    let timeout = config.idle_timeout?;
    let before = config.idle_reminder.min(timeout);
    let end = at + timeout.as_millis() as i64;
    Some((end - before.as_millis() as i64, end))
}

/// When the idle sweep first looks at a game saved at `at` (milliseconds):
/// its reminder, or its end when there is no reminder; `None` when idle
/// games never end.
pub(crate) fn deadline(config: &Config, at: i64) -> Option<i64> {
    idle_times(config, at).map(|(remind_at, _)| remind_at)
}

impl Service {
    /// A game past its idle deadline at `now`: the reminder while its end
    /// is still ahead (once a version, whichever process gets here first),
    /// its deadline then moved to the end; the end once that is due. A
    /// deadline that came early (the settings changed) only moves on.
    pub(crate) async fn idle_due<G: Served>(
        &self,
        row: &GameRow,
        now: DateTime<Utc>,
        idle_end: IdleEnd,
    ) -> anyhow::Result<Vec<Post>> {
        let Some((remind_at, end)) = idle_times(&self.config, row.updated_at) else {
            self.store.set_deadline(&row.id, row.version, None).await?;
            return Ok(vec![]);
        };
        let now_ms = now.timestamp_millis();
        if now_ms >= end {
            let idle = human(Duration::from_millis((end - row.updated_at) as u64));
            let ended = idle_end(self, row, &idle, now).await?;
            if ended.is_none() {
                // Nothing to end at this version (a game that moved
                // meanwhile saved its own deadline): not due again.
                self.store.set_deadline(&row.id, row.version, None).await?;
            }
            return Ok(ended.into_iter().collect());
        }
        let mut posts = Vec::new();
        if now_ms >= remind_at && remind_at < end {
            let left = human(Duration::from_millis((end - now_ms) as u64));
            let reminder = self.table_idle_reminder::<G>(row, &left).await?;
            if let Some(post) = reminder {
                if self
                    .store
                    .claim_notice(&row.id, row.version, REMINDER, now_ms)
                    .await?
                {
                    posts.push(post);
                }
            }
        }
        let next = if now_ms >= remind_at { end } else { remind_at };
        self.store.set_deadline(&row.id, row.version, Some(next)).await?;
        Ok(posts)
    }

    /// Gives the started games saved with no deadline (before games kept
    /// one, or while the idle end was off) their idle deadline, once a
    /// process: the sweep then finds them.
    pub(crate) async fn backfill_idle_deadlines(&self) -> anyhow::Result<()> {
        let Some(after) = deadline(&self.config, 0) else {
            return Ok(());
        };
        if self.idle_backfilled.swap(true, Ordering::Relaxed) {
            return Ok(());
        }
        if let Err(e) = self.store.backfill_deadlines(after).await {
            self.idle_backfilled.store(false, Ordering::Relaxed);
            return Err(e.into());
        }
        Ok(())
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
    crate::rules::counted(n as usize, unit)
}

/// Parses a duration such as `72h`, `30m`, `2d`, `90s` or `1h30m`; `off`
/// (or `0`) gives `None`.
pub fn parse_duration(text: &str) -> Result<Option<Duration>, String> {
    let given = text.trim();
    let text = given.to_ascii_lowercase();
    if text == "off" || text == "0" || text == "never" {
        return Ok(None);
    }
    // The refusal quotes the text as it was given, not as it was read
    // (`\U{` lowercased reads as Rust's debug escape `\u{`).
    let bad = || {
        format!(
            "{} is not a duration like 72h, 30m, 2d or 1h30m",
            crate::rules::code(given)
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

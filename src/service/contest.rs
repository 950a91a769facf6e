//! A patience others play on the same deal: a daily attempt, or an
//! attempt at one of a tournament event's deals. Until its contest closes
//! it is played in private: its board, record and review are its player's
//! alone, and the channel sees nothing of the deal.

use super::daily_seed::{close_of, close_text, is_open_day, utc_text};
use super::engine::context::Context;
use crate::service::error::ServiceResult;
use crate::store::GameRow;
use serde::{Deserialize, Serialize};

/// The key of an event's game in its stored setup.
pub(super) const EVENT: &str = "event";

/// What a contested patience belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contest {
    /// The day's deal: ranked if it is the player's first of the day.
    Daily {
        day: String,
        ranked: bool,
    },
    Event(EventDeal),
}

/// An event's game: which tournament and deal, and when the event closes.
/// Kept in the game's stored setup (key `event`), so a game knows it
/// without reading its tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventDeal {
    pub tournament: String,
    pub deal: u32,
    pub deals: u32,
    /// When the event closes (milliseconds).
    pub closes: i64,
}

impl Contest {
    /// When it closes (milliseconds).
    pub fn close(&self) -> Option<i64> {
        match self {
            Contest::Daily { day, .. } => close_of(day),
            Contest::Event(event) => Some(event.closes),
        }
    }

    /// Whether it is still open at `now`: its deal is still being played.
    pub fn is_open(&self, now: i64) -> bool {
        match self {
            Contest::Daily { day, .. } => is_open_day(day, now),
            Contest::Event(event) => now < event.closes,
        }
    }

    /// The board's tag: "Daily · 2026-11-25", "Daily practice · 2026-11-25",
    /// "Event · deal 2 of 3".
    pub fn label(&self) -> String {
        match self {
            Contest::Daily { day, ranked: true } => format!("Daily · {day}"),
            Contest::Daily { day, ranked: false } => format!("Daily practice · {day}"),
            Contest::Event(e) => format!("Event · deal {} of {}", e.deal, e.deals),
        }
    }

    /// "the daily challenge of 2026-11-25", "the event".
    pub fn name(&self) -> String {
        match self {
            Contest::Daily { day, .. } => format!("the daily challenge of {day}"),
            Contest::Event(_) => "the event".to_string(),
        }
    }

    /// When it closes, in words: "2026-11-26 01:00 UTC".
    pub fn close_words(&self) -> String {
        match self {
            Contest::Daily { day, .. } => close_text(day),
            Contest::Event(e) => utc_text(e.closes).unwrap_or_default(),
        }
    }
}

/// The event a stored patience belongs to, from its setup.
pub(super) fn event_of(row: &GameRow) -> Option<EventDeal> {
    let setup: serde_json::Value = serde_json::from_str(&row.setup).ok()?;
    serde_json::from_value(setup.get(EVENT)?.clone()).ok()
}

impl Context<'_> {
    /// The contest a patience belongs to, if any. An event's game says so
    /// in its setup; a daily attempt is stored beside its game and never
    /// changes, so it is read once and then kept in the cache.
    pub(super) async fn contest(&self, row: &GameRow) -> ServiceResult<Option<Contest>> {
        if let Some(event) = event_of(row) {
            return Ok(Some(Contest::Event(event)));
        }
        if let Some(daily) = self.cache.get::<Option<Contest>>(&daily_key(&row.id), 0) {
            return Ok(daily);
        }
        let attempt = self.store.daily_attempt(&row.id).await?;
        let daily = attempt.map(|a| Contest::Daily {
            day: a.attempt.day,
            ranked: a.attempt.ranked,
        });
        self.keep_daily(&row.id, daily.clone());
        Ok(daily)
    }

    /// Keeps what game `id` is a daily attempt of (`None`: of none), as
    /// `contest` finds it; told by the game's start too, which looked
    /// before the attempt was stored.
    pub(super) fn keep_daily(&self, id: &str, daily: Option<Contest>) {
        self.cache.put(&daily_key(id), 0, daily);
    }
}

fn daily_key(id: &str) -> String {
    format!("{id}/daily")
}

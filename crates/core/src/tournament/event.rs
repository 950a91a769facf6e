//! A patience event: the same deals for everyone entered, one ranked
//! attempt at each, open for the event's window; ranked by total score,
//! then fewer hints, then less time (issue "Patience events", in the
//! manner of Microsoft Solitaire Collection's events).

use super::pairing::Standing;
use super::Player;
use serde::{Deserialize, Serialize};

/// The most deals an event may have (its buttons fit the standings board).
pub const MAX_DEALS: u32 = 10;

/// The deals an event has when its organiser does not say.
pub const DEFAULT_DEALS: u32 = 3;

/// A player's attempt at one of the event's deals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub user: String,
    /// Which deal, from 1.
    pub deal: u32,
    /// The deal's seed: the same for every player, never shown while the
    /// event is open (it determines the hidden cards).
    pub seed: u64,
    /// Where it is played.
    pub channel: String,
    /// The attempt's game; `None` until the service has created it with
    /// the tournament's save.
    pub game: Option<String>,
    /// Its score once the attempt has ended.
    pub result: Option<DealScore>,
}

/// What an ended attempt scored: what the event ranks by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealScore {
    pub score: i64,
    pub hints: u32,
    pub elapsed_ms: i64,
    pub won: bool,
}

impl DealScore {
    /// An attempt ended without play (its player left, the event was
    /// cancelled): it scores nothing.
    pub const NOTHING: DealScore = DealScore {
        score: 0,
        hints: 0,
        elapsed_ms: 0,
        won: false,
    };
}

/// The event's standings: total score (higher first), then hints (fewer
/// first), then time (less first), then name order for a stable table.
/// `tiebreaks` holds the hints and the minutes; `games` the deals ended.
pub fn standings(players: &[Player], attempts: &[Attempt]) -> Vec<Standing> {
    let mut lines: Vec<(Standing, i64)> = players
        .iter()
        .map(|p| {
            let ended = attempts
                .iter()
                .filter(|a| a.user == p.id)
                .filter_map(|a| a.result);
            let (mut score, mut hints, mut ms, mut games) = (0i64, 0u32, 0i64, 0u32);
            for r in ended {
                score += r.score;
                hints += r.hints;
                ms += r.elapsed_ms;
                games += 1;
            }
            let standing = Standing {
                user: p.id.clone(),
                points: score as f64,
                tiebreaks: [f64::from(hints), (ms as f64 / 60_000.0 * 10.0).round() / 10.0],
                games,
            };
            (standing, ms)
        })
        .collect();
    lines.sort_by(|(a, a_ms), (b, b_ms)| {
        b.points
            .total_cmp(&a.points)
            .then(a.tiebreaks[0].total_cmp(&b.tiebreaks[0]))
            .then(a_ms.cmp(b_ms))
            .then(a.user.cmp(&b.user))
    });
    lines.into_iter().map(|(s, _)| s).collect()
}

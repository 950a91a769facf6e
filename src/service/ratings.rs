//! What a rated Army Ants game did to its players' ratings, for the final
//! board. The ratings themselves move in the store, in the transaction that
//! finishes the game (see `store::ratings`).

use super::{Service, ServiceResult};

impl Service {
    /// " Ratings: alice 1500 → 1662 (+162), bob 1500 → 1338 (−162)." or
    /// nothing when the game was not rated.
    pub(super) async fn rating_news(&self, game_id: &str, red: &str, black: &str) -> ServiceResult<String> {
        let Some(change) = self.store.rating_change(game_id).await? else {
            return Ok(String::new());
        };
        let one = |name: &str, before: f64, after: f64| {
            let delta = after.round() as i64 - before.round() as i64;
            let sign = if delta < 0 { "−" } else { "+" };
            format!("{name} {:.0} → {:.0} ({sign}{})", before, after, delta.abs())
        };
        Ok(format!(
            " Ratings: {}, {}.",
            one(red, change.red_before, change.red_after),
            one(black, change.black_before, change.black_after)
        ))
    }
}

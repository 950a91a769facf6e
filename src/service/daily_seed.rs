//! The daily deal: the calendar's seed (`daily::calendar`) under this
//! installation's secret, moved on to the first deal the solver proves
//! winnable, and fixed in the store when first used.

use crate::ai::solver::daily::{first_winnable_seed, DAILY_BUDGET};
use crate::ai::solver::DealGame;
pub use crate::daily::calendar::*;
use crate::rules::GameKind;
use crate::service::base::Service;
use crate::service::error::ServiceResult;

/// Where a generated secret is kept.
const SECRET_SETTING: &str = "daily_secret";

impl Service {
    /// The configured secret, else the one stored in the database, else a
    /// new one from the operating system's randomness, stored once.
    async fn daily_secret(&self) -> ServiceResult<Vec<u8>> {
        if let Some(secret) = self.config.daily_secret.as_ref().filter(|s| !s.0.is_empty()) {
            return Ok(secret.0.as_bytes().to_vec());
        }
        if let Some(stored) = self.store.setting(SECRET_SETTING).await? {
            return Ok(stored.into_bytes());
        }
        let mut bytes = [0u8; 32];
        rand::TryRngCore::try_fill_bytes(&mut rand::rngs::OsRng, &mut bytes)
            .map_err(|e| anyhow::anyhow!("no randomness for the daily secret: {e}"))?;
        let fresh = hex::encode(bytes);
        // Another process may have stored one first: use whichever was kept.
        Ok(self
            .store
            .setting_or_insert(SECRET_SETTING, &fresh)
            .await?
            .into_bytes())
    }

    /// The deal of `game` on `day`: its seed and, when a solver proved it
    /// winnable, the length of the winning line it found. Fixed in the
    /// store on first use; days already fixed keep their deal.
    pub(super) async fn daily_deal(
        &self,
        game: &str,
        day: &str,
        now: i64,
    ) -> ServiceResult<(u64, Option<i64>)> {
        if let Some(deal) = self.store.daily_deal(day, game).await? {
            return Ok(deal);
        }
        let _choosing = self.daily_choice.lock().await;
        // Someone may have fixed it while this one waited.
        if let Some(deal) = self.store.daily_deal(day, game).await? {
            return Ok(deal);
        }
        let seed = day_seed(&self.daily_secret().await?, game, day);
        let (seed, fewest) = match solver_game(game) {
            Some(deal_game) => {
                // A fixed budget of states: every process picks the same deal.
                let deal =
                    tokio::task::spawn_blocking(move || first_winnable_seed(deal_game, seed, DAILY_BUDGET))
                        .await
                        .map_err(|e| anyhow::anyhow!("daily deal search: {e}"))?;
                (deal.seed, deal.fewest_moves.map(|n| n as i64))
            }
            None => (seed, None),
        };
        Ok(self.store.fix_daily_deal(day, game, seed, fewest, now).await?)
    }
}

/// The solver that picks `game`'s daily deal, if it has one.
fn solver_game(game: &str) -> Option<DealGame> {
    GameKind::parse(game)?.daily().map(DealGame::from)
}

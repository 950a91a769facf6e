//! Daily challenges, leaderboards, stats and ratings.

use super::custom_id::ComponentId;
use super::{ErrorCode, Options, Reply, Request, Service, ServiceResult, UserError};

impl Service {
    /// `/daily ...`, `/leaderboard`, `/stats`: `words` is the command split into words.
    pub(super) async fn daily_command(
        &self,
        _req: &Request,
        words: &[&str],
        _opts: &Options,
    ) -> ServiceResult<Reply> {
        Err(UserError::new(
            ErrorCode::UnknownCommand,
            format!("`/{}` is not available yet.", words.join(" ")),
        )
        .into())
    }

    pub(super) async fn daily_component(&self, _req: &Request, _id: &ComponentId) -> ServiceResult<Reply> {
        Err(UserError::no_game("That button does not belong to a game I know.").into())
    }
}

//! Atta Ants in the service: lobby, turns, spider choices.

use super::custom_id::ComponentId;
use super::{ErrorCode, Options, Reply, Request, Service, ServiceResult, UserError};

impl Service {
    pub(super) async fn atta_command(
        &self,
        _req: &Request,
        sub: &str,
        _opts: &Options,
    ) -> ServiceResult<Reply> {
        Err(UserError::new(
            ErrorCode::UnknownCommand,
            format!("`/atta {sub}` is not available yet."),
        )
        .into())
    }

    pub(super) async fn atta_component(&self, _req: &Request, _id: &ComponentId) -> ServiceResult<Reply> {
        Err(UserError::no_game("That button does not belong to a game I know.").into())
    }
}

//! What the front ends and the service say to each other: a request in, a
//! reply out, the components a reply carries and the custom ids they are
//! clicked by, the refusals a user can meet, and a game's status and
//! result as shown. The bottom of the front ends' world: it knows the
//! rules' kinds and nothing of the service, the store or any front end.

pub mod custom_id;
pub mod options;
mod refusal;
mod status;
pub mod types;

pub use custom_id::ComponentId;
pub use refusal::{sentence, ErrorCode, UserError};
// Where the renderer drew each clickable spot of a board.
pub use crate::rules::spots::Region;
pub use status::{Ending, GameResult, GameStatus};
pub use types::*;

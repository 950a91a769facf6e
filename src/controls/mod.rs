//! The clicks under a board: for each game, the buttons and selects that
//! reach every legal action within Discord's limits (25 options a select,
//! five rows a message), and the ids they carry. Front-end neutral, like the
//! service's replies that carry them; the picture is `render`'s. And the
//! options of starting a game (`choices`), which Discord and the web table
//! both offer.

pub mod army_ants;
pub mod atta_ants;
pub mod choices;
pub mod patience;

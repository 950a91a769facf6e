//! Front ends without Discord: `play` for a person at a terminal, `script`
//! for JSON lines.

pub mod play;
pub mod script;
pub mod solve;

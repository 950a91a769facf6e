//! Each game's own part of the service: its options, its words, the
//! answers to its commands and components, and its hooks (`engine::Served`;
//! `SolitaireRules` for a patience). The engine and the kinds' paths
//! (`kinds`) call them; they call the engine and each other never.

pub(super) mod army_ants;
pub(super) mod atta_ants;
pub(super) mod solitaire;
mod solitaire_games;

//! The five games' own parts of the service, above it as a test's toy
//! games are: each game's options, words, answers to its commands and
//! components, and hooks (`engine::Served`; `SolitaireRules` for a
//! patience), and the registry that serves them (`Registry::default`).
//! The service reaches them only through the registry's paths, so nothing
//! in src/service names a game; they stand on the service's engine and
//! name each other never.

pub(crate) mod army_ants;
pub(crate) mod atta_ants;
mod patiences;

use crate::rules::{
    anthill::Anthill, ants_solitaire::AntsSolitaire, army_ants::ArmyAnts, atta_ants::AttaAnts,
    myrmex::Myrmex, GameKind,
};
use crate::service::base::TournamentDoor;
use crate::service::engine::TurnTimeout;
use crate::service::kinds::doors;
use crate::service::{Paths, Registry};

/// The games' parts that `tests/app/units` checks one by one; not an
/// interface for anything else.
#[doc(hidden)]
pub mod parts {
    pub use super::army_ants::bot::{words, BotTurns};
}

impl Default for Registry {
    /// The five games, each with its paths.
    fn default() -> Registry {
        Registry::listing(GameKind::ALL.into_iter().map(listed).collect())
    }
}

/// The paths of a listed kind: the one match over `GameKind`.
fn listed(listed: GameKind) -> Paths {
    match listed {
        GameKind::ArmyAnts => Paths {
            doors: doors!(
                &[
                    ("challenge", None),
                    ("accept", Some(&[])),
                    ("decline", Some(&[])),
                    ("move", Some(&["action"])),
                    ("resign", Some(&[])),
                    ("draw", Some(&[])),
                ],
                Some(|service, row, user| Box::pin(service.army_ants_table(row, user))),
                army_ants_command,
                army_ants_component,
                |service, typing| Box::pin(service.table_suggestions::<ArmyAnts>(typing))
            ),
            tournament: Some(TournamentDoor {
                game: |service, place, id, seats, rated, at| {
                    Box::pin(service.army_ants_tournament_game(place, id, seats, rated, at))
                },
                board: |service, row, text| Box::pin(service.army_ants_tournament_board(row, text)),
                adjudicate: Some(|service, row, at| Box::pin(service.army_ants_adjudicate(row, at))),
                places: None,
                leave: None,
            }),
            ..Paths::engine::<ArmyAnts>()
        },
        GameKind::AttaAnts => Paths {
            // A player out of time leaves; the others play on.
            due: |service, row, now| {
                let turn_timeout: TurnTimeout = |service, row, at| Box::pin(service.atta_timed_out(row, at));
                Box::pin(service.table_due::<AttaAnts>(row, now, turn_timeout))
            },
            doors: doors!(
                &[
                    ("new", None),
                    ("join", Some(&[])),
                    ("start", Some(&[])),
                    ("place", Some(&["action"])),
                    ("move", Some(&["action"])),
                    ("end", Some(&[])),
                    ("leave", Some(&[])),
                ],
                Some(|service, row, _| Box::pin(service.atta_table(row))),
                atta_command,
                atta_component,
                |service, typing| Box::pin(service.table_suggestions::<AttaAnts>(typing))
            ),
            tournament: Some(TournamentDoor {
                game: |service, place, id, seats, rated, at| {
                    Box::pin(service.atta_tournament_game(place, id, seats, rated, at))
                },
                board: |service, row, text| Box::pin(service.atta_tournament_board(row, text)),
                adjudicate: None,
                places: Some(|service, row| Box::pin(service.atta_places(row))),
                leave: Some(|service, req, game| Box::pin(service.atta_leave_game(req, game))),
            }),
            ..Paths::engine::<AttaAnts>()
        },
        GameKind::Myrmex => Paths::patience::<Myrmex>(),
        GameKind::Anthill => Paths::patience::<Anthill>(),
        GameKind::Ants => Paths::patience::<AntsSolitaire>(),
    }
}

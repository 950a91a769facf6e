//! Which code serves a stored game: one table of every kind's shared paths
//! (what the sweep does with it past its deadline, its summary, its
//! record), chosen by one match over `GameKind` with no
//! wildcard arm, so that a new kind is a compile error until it has its
//! paths. A function table (fn pointers), not a trait object: a kind's
//! paths are a handful of engine calls, most of them the engine's own. A
//! patience adds its door (`solitaire::PatienceDoor`), a trait object: its
//! paths are many, each a generic method of the service for its type.
//!
//! A game outside the five (`rules::Kind::Unlisted`, a test's toy game)
//! is served by a service given it in its [`Registry`]: with the engine's
//! paths, or a patience's with its door. Every list of games the service
//! offers (`/solitaire`'s, `/daily`'s, the leaderboards') comes from the
//! registry.

use super::custom_id::ComponentId;
use super::engine::{Boxed, Served, TurnTimeout, Typing};
use super::error::ServiceResult;
use super::games::solitaire::{Door, PatienceDoor, SolitaireRules};
use super::options::Subcommand;
use super::types::{GameSummary, Image, Post, Reply, Request, User};
use super::Service;
use crate::rules::{
    anthill::Anthill, ants_solitaire::AntsSolitaire, army_ants::ArmyAnts, atta_ants::AttaAnts,
    myrmex::Myrmex, GameKind, Kind, Unlisted,
};
use crate::store::GameRow;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

type DueFn = for<'a> fn(&'a Service, &'a GameRow, DateTime<Utc>) -> Boxed<'a, anyhow::Result<Vec<Post>>>;
type SummaryFn = for<'a> fn(&'a Service, &'a GameRow) -> Boxed<'a, ServiceResult<GameSummary>>;
type BoardFn = for<'a> fn(&'a Service, &'a GameRow) -> Boxed<'a, ServiceResult<Option<Image>>>;
type LiveFn = for<'a> fn(&'a Service, GameRow, &'a User) -> Boxed<'a, ServiceResult<Reply>>;
type RecordFn = for<'a> fn(&'a Service, &'a GameRow, DateTime<Utc>) -> Boxed<'a, ServiceResult<Reply>>;

type CommandFn = for<'a> fn(&'a Service, &'a Request, &'a str) -> Boxed<'a, ServiceResult<Reply>>;
type ComponentFn =
    for<'a> fn(&'a Service, &'a Request, &'a ComponentId, &'a [String]) -> Boxed<'a, ServiceResult<Reply>>;
type SuggestFn = for<'a> fn(&'a Service, Typing<'a>) -> Boxed<'a, ServiceResult<Vec<String>>>;

/// The shared paths of one kind.
#[derive(Clone, Copy)]
pub(super) struct Paths {
    pub kind: Kind,
    /// What the sweep does with a row past its deadline.
    pub due: DueFn,
    /// The row as a reply shows it.
    pub summary: SummaryFn,
    /// `/record` of the row, asked at the given time.
    pub record: RecordFn,
    /// The board as anyone watching sees it (`Served::board_image`), to
    /// go with news of the game.
    pub board: BoardFn,
    /// Where players reach it on Discord: `/solitaire`'s for every
    /// patience; `None` for an unlisted game of more players, which has no
    /// command of its own.
    pub doors: Option<Doors>,
    /// A patience's own paths, which its type alone knows.
    pub patience: Option<&'static dyn PatienceDoor>,
}

/// A listed game's doors: its slash command's subcommands and the options
/// each takes (checked before the command runs), the command (with the
/// subcommand), the clicks on its components, and the suggestions for a
/// move's `action`.
#[derive(Clone, Copy)]
pub(super) struct Doors {
    pub subcommands: &'static [Subcommand],
    /// The channel's table as a user sees it now, for a front end that
    /// shows it live; `None` for a patience, which is its player's alone
    /// (`Service::patience_table`).
    pub live: Option<LiveFn>,
    pub command: CommandFn,
    pub component: ComponentFn,
    pub suggestions: SuggestFn,
}

/// A listed game's doors, from its subcommands, its live table, its two
/// methods on `Service` and its suggestions.
macro_rules! doors {
    ($subcommands:expr, $live:expr, $command:ident, $component:ident, $suggestions:expr) => {
        Some(Doors {
            subcommands: $subcommands,
            live: $live,
            command: |service, req, sub| Box::pin(service.$command(req, sub)),
            component: |service, req, id, values| Box::pin(service.$component(req, id, values)),
            suggestions: $suggestions,
        })
    };
}

impl Paths {
    /// The engine's paths for `G`.
    fn engine<G: Served>() -> Paths {
        Paths {
            kind: G::KIND,
            due: |service, row, now| {
                let turn_timeout: TurnTimeout =
                    |service, row, at| Box::pin(service.table_turn_timeout::<G>(row, at));
                Box::pin(service.table_due::<G>(row, now, turn_timeout))
            },
            summary: |service, row| {
                Box::pin(async move { Ok(service.load_table::<G>(row.clone()).await?.summary()) })
            },
            record: |service, row, at| Box::pin(service.table_record::<G>(row, at)),
            board: |service, row| {
                Box::pin(async move {
                    let table = service.load_table::<G>(row.clone()).await?;
                    Ok(G::board_image(service.context(), &table))
                })
            },
            doors: None,
            patience: None,
        }
    }

    /// The paths of a patience: the engine's summary and record, its own
    /// ends (as `/solitaire end` would end it) and `/solitaire`'s doors.
    fn patience<G: SolitaireRules>() -> Paths {
        Paths {
            due: |service, row, now| Box::pin(service.patience_due::<G>(row, now)),
            doors: doors!(
                &[
                    ("new", None),
                    ("move", Some(&["action"])),
                    ("undo", Some(&[])),
                    ("hint", Some(&[])),
                    ("end", Some(&[])),
                ],
                None,
                solitaire_command,
                solitaire_component,
                |service, typing| Box::pin(service.solitaire_suggestions(typing))
            ),
            patience: Some(&Door::<G>::DOOR),
            ..Paths::engine::<G>()
        }
    }
}

/// The games a service serves: the five, and the unlisted games it is
/// given (as boardgame.io's `Server({ games })`), by name, in order so
/// that a search over them is the same every time.
#[derive(Clone, Default)]
pub struct Registry {
    unlisted: BTreeMap<&'static str, (&'static Unlisted, Paths)>,
}

impl Registry {
    /// This registry with `G`, an unlisted game, served by the engine's
    /// paths. An unlisted game may not take a listed game's name.
    pub fn with<G: Served>(self) -> Registry {
        self.adding(Paths::engine::<G>())
    }

    /// This registry with `G`, an unlisted patience, played with
    /// `/solitaire` and (when its entry says so) `/daily` as the listed
    /// ones are.
    pub fn with_patience<G: SolitaireRules>(self) -> Registry {
        assert!(G::KIND.is_patience(), "{} is played by more than one", G::KIND);
        self.adding(Paths::patience::<G>())
    }

    fn adding(mut self, paths: Paths) -> Registry {
        let Kind::Unlisted(entry) = paths.kind else {
            panic!("{} is one of the five, always served", paths.kind);
        };
        assert!(
            GameKind::parse(entry.name).is_none(),
            "{} is a listed game's name",
            entry.name
        );
        self.unlisted.insert(entry.name, (entry, paths));
        self
    }

    /// Every kind served: the listed ones in their order, then the
    /// unlisted ones. The front ends' lists of games come from here.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        let listed = GameKind::ALL.into_iter().map(Kind::Listed);
        listed.chain(self.unlisted.values().map(|(_, paths)| paths.kind))
    }

    /// The kind stored under `name`, if it is served here.
    pub fn named(&self, name: &str) -> Option<Kind> {
        self.kinds().find(|kind| kind.as_str() == name)
    }

    /// The name people read of the game stored as `name` ("a game" for
    /// one not served here).
    pub(super) fn title(&self, name: &str) -> &'static str {
        self.named(name).map_or("a game", Kind::title)
    }

    /// The stored names of the patiences: `/solitaire new`'s choices.
    pub(super) fn patiences(&self) -> Vec<&'static str> {
        self.kinds()
            .filter(|kind| kind.is_patience())
            .map(Kind::as_str)
            .collect()
    }

    /// The stored names of the games with a daily challenge: `/daily`'s
    /// choices.
    pub(super) fn dailies(&self) -> Vec<&'static str> {
        self.kinds()
            .filter(|kind| kind.has_daily())
            .map(Kind::as_str)
            .collect()
    }

    /// The games with a leaderboard: the dailies, then the rated games.
    pub(super) fn leaderboards(&self) -> Vec<&'static str> {
        let rated = self.kinds().filter(|kind| kind.is_rated()).map(Kind::as_str);
        self.dailies().into_iter().chain(rated).collect()
    }

    /// The door of a patience kind served here; `None` for any other.
    pub(super) fn patience(&self, kind: Kind) -> Option<&'static dyn PatienceDoor> {
        self.paths(kind)?.patience
    }

    /// The unlisted games, whose rows the service's store must read.
    pub(super) fn unlisted(&self) -> Vec<&'static Unlisted> {
        self.unlisted.values().map(|(entry, _)| *entry).collect()
    }

    /// The paths of `kind`: `None` for an unlisted kind not served here.
    pub(super) fn paths(&self, kind: Kind) -> Option<Paths> {
        match kind {
            Kind::Listed(kind) => Some(listed(kind)),
            Kind::Unlisted(entry) => self.unlisted.get(entry.name).map(|(_, paths)| *paths),
        }
    }

    /// The kinds of two or more players served here: the listed ones, then
    /// the unlisted ones.
    pub(super) fn multiplayer_kinds(&self) -> Vec<Kind> {
        self.kinds().filter(|kind| !kind.is_patience()).collect()
    }
}

impl Service {
    /// A game of two or more as `user` sees it now, through its kind's
    /// live door (`Doors::live`); `None` for a kind without one.
    pub(super) async fn live_table(&self, row: GameRow, user: &User) -> ServiceResult<Option<Reply>> {
        let live = match row.kind {
            Kind::Listed(kind) => doors(kind).live,
            Kind::Unlisted(_) => None,
        };
        match live {
            Some(live) => Ok(Some(live(self, row, user).await?)),
            None => Ok(None),
        }
    }
}

/// The doors of a listed game.
pub(super) fn doors(kind: GameKind) -> Doors {
    listed(kind).doors.expect("every listed game has its doors")
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
            ..Paths::engine::<AttaAnts>()
        },
        GameKind::Myrmex => Paths::patience::<Myrmex>(),
        GameKind::Anthill => Paths::patience::<Anthill>(),
        GameKind::Ants => Paths::patience::<AntsSolitaire>(),
    }
}

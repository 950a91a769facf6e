//! The paths a kind is served by: the engine's (`Paths::engine`), a
//! patience's with its door (`Paths::patience`), and the registry that
//! holds them. A function table (fn pointers), not a trait object: a
//! kind's paths are a handful of engine calls, most of them the engine's
//! own. A patience adds its door (`base::Door`): what is asked of it
//! (`Asked`), its event's deal and its daily's solution, each for its type.
//! The types (`Paths`, `Doors`, `Door`, `Registry`) live in `base` beside
//! `Service`, which holds the registry. Which paths each of the five takes
//! is `crate::games`'s to say (its one match over `GameKind`, the default
//! registry), above the service.
//!
//! A game outside the five (`rules::Kind::Unlisted`, a test's toy game)
//! is served by a service given it in its [`Registry`]: with the engine's
//! paths, or a patience's with its door. Every list of games the service
//! offers (`/solitaire`'s, `/daily`'s, the leaderboards') comes from the
//! registry.

use super::engine::{Served, TurnTimeout};
use super::error::ServiceResult;
use super::solitaire::SolitaireRules;
use crate::protocol::types::{Reply, User};
use crate::rules::{GameKind, Kind};
use crate::service::base::{Door, Paths, Registry, Service};
use crate::store::GameRow;
use std::collections::BTreeMap;

/// A listed game's doors, from its subcommands, its live table, its two
/// methods on `Service` and its suggestions.
macro_rules! doors {
    ($subcommands:expr, $live:expr, $command:ident, $component:ident, $suggestions:expr) => {
        Some($crate::service::base::Doors {
            subcommands: $subcommands,
            live: $live,
            command: |service, req, sub| Box::pin(service.$command(req, sub)),
            component: |service, req, id, values| Box::pin(service.$component(req, id, values)),
            suggestions: $suggestions,
        })
    };
}
pub(crate) use doors;

impl Paths {
    /// The engine's paths for `G`.
    pub(crate) fn engine<G: Served>() -> Paths {
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
            tournament: None,
        }
    }

    /// The paths of a patience: the engine's summary and record, its own
    /// ends (as `/solitaire end` would end it) and `/solitaire`'s doors.
    pub(crate) fn patience<G: SolitaireRules>() -> Paths {
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
            patience: Some(Door::of::<G>()),
            ..Paths::engine::<G>()
        }
    }
}

impl Registry {
    /// A registry of the five, `listed` holding their paths in
    /// `GameKind::ALL`'s order (`crate::games` gives them).
    pub(crate) fn listing(listed: Vec<Paths>) -> Registry {
        let kinds: Vec<Kind> = listed.iter().map(|paths| paths.kind).collect();
        assert_eq!(kinds, GameKind::ALL.map(Kind::from), "the five, in order");
        Registry {
            listed,
            unlisted: BTreeMap::new(),
        }
    }

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
}

impl Service {
    /// A game of two or more as `user` sees it now, through its kind's
    /// live door (`Doors::live`); `None` for a kind without one.
    pub(super) async fn live_table(&self, row: GameRow, user: &User) -> ServiceResult<Option<Reply>> {
        let live = self.games.paths(row.kind).and_then(|paths| paths.doors?.live);
        match live {
            Some(live) => Ok(Some(live(self, row, user).await?)),
            None => Ok(None),
        }
    }
}

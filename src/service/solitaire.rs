//! The patiences in the service: `/solitaire new|move|undo|end|hint`
//! and the deal, undo, hint and end buttons. One open solitaire per player and
//! channel; others may watch but not touch.
//!
//! Here: what the service needs of a patience (`SolitaireRules`) and how
//! the engine serves one as a game of one seat. What is asked of it and
//! its boards are in `asked`, a new deal in `start`, its play (moves,
//! hints, ends, reviews) in `play`, and the door from a kind to its type
//! in `door`.

mod asked;
mod door;
mod play;
mod start;

use crate::ai::solver::hint::Hinted;
use crate::protocol::types::*;
use crate::render::{limit_alt, Board, Region};
use crate::rules::patience::{Patience, PatienceError, PatienceOutcome};
use crate::rules::{capitalised, Kind, Solo};
use crate::service::base::mention;
use crate::service::contest::{Contest, EVENT};
use crate::service::engine::{replay_image, Context, Logged, Seating, Served, Table, Worded};
use crate::service::error::{ServiceResult, UserError};
use crate::store::{ActionRow, GameRow, GameStatus, PatienceResult, StoredResult};
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::future::Future;

/// The log entry a hint leaves: counted on replay, never applied.
const HINT: &str = "hint";
/// The time a player waits between two hints in a game, whatever the hint
/// said.
const HINT_COOLDOWN_MS: i64 = 20_000;

/// What the service needs of a patience beyond the rules: its name, how
/// options become a setup, and how it is drawn.
pub trait SolitaireRules:
    Patience<
        Setup: Serialize + DeserializeOwned + Clone + Send + Sync,
        View: for<'a> Board<Labels<'a> = Option<&'a str>> + Send + 'static,
    > + Hinted
{
    /// The stored kind: `myrmex`, `anthill`, `ants`, or an unlisted
    /// patience's.
    const KIND: Kind;
    /// The name people read.
    const TITLE: &'static str = Self::KIND.title();
    /// The score of a full win: what a share line's bar fills to.
    const FULL_SCORE: i64;
    /// The options `/solitaire new` takes for this game besides `game`,
    /// `seed` and `deal`.
    const OPTIONS: &'static [&'static str];

    /// The setup from the command's options; `seed` is already chosen.
    fn setup(opts: &Options, seed: Option<u64>, deal: Option<String>) -> Result<Self::Setup, UserError>;
    /// The setup of a day's challenge dealt from the day's `seed`; `None`
    /// for a patience with no daily.
    fn daily_setup(seed: u64) -> Option<Self::Setup>;
    /// What a position shows of its cards, pile by pile (the face-up cards
    /// in place, nothing hidden): two deals whose openings show the same
    /// can be practised one for the other.
    fn shown_cards(view: &Self::View) -> String;
    /// Where each card lies on the board, for front ends played on the
    /// picture.
    fn regions(view: &Self::View) -> Vec<Region>;
    /// The cards a move takes and where they go, as a select names them
    /// ("7 Chance Meeting onto 8 Mill"), read from the player's view alone;
    /// None for an action that moves no card.
    fn move_cards(view: &Self::View, action: &str) -> Option<String>;

    /// The board as the player sees it (never a hidden card); `daily` is
    /// the daily challenge it belongs to, as its header and its words for
    /// screen readers open with it.
    fn image(&self, daily: Option<&str>) -> Image {
        let view = self.player_view();
        let alt = view.alt_text(daily);
        Self::drawn(&view, daily, alt)
    }

    /// `view` drawn, its words for screen readers `alt` (opened by the
    /// daily it belongs to).
    fn drawn(view: &Self::View, daily: Option<&str>, alt: String) -> Image {
        Image {
            regions: Self::regions(view),
            png: view.png(daily),
            alt: limit_alt(match daily {
                Some(daily) => format!("{daily}. {alt}"),
                None => alt,
            }),
        }
    }
    /// `before` (the view now) marked with the last action of `after` (the
    /// view once a hinted action is played), and named a hint.
    fn mark_hint(before: &mut Self::View, after: &Self::View);

    /// The board with the hinted `action` drawn on it, not played: the
    /// piles it takes from and goes to marked, the footer naming it.
    /// `None` for an action that does not parse or apply here.
    fn hinted_image(&self, daily: Option<&str>, action: &str) -> Option<Image> {
        let mut next = self.clone();
        next.apply(&action.parse().ok()?).ok()?;
        let mut view = self.player_view();
        let alt = format!("Hint: {action}. {}", view.alt_text(daily));
        Self::mark_hint(&mut view, &next.player_view());
        Some(Self::drawn(&view, daily, alt))
    }
    /// A stored setup brought up to today's rulings, for a new game from
    /// an old one's deal (Play again, Same deal): an old game keeps the
    /// rules it was played by, a new one gets today's.
    fn renewed(setup: Self::Setup) -> Self::Setup {
        setup
    }
    /// The canonical form of an action in this position (Myrmex writes the
    /// count of a move onto an empty pile), for the log.
    fn canonical(&self, action: &Self::Action) -> Self::Action {
        action.clone()
    }

    /// A line describing how the finished game went, given the time played.
    fn finish_detail(&self, elapsed_ms: i64) -> String {
        let _ = elapsed_ms;
        self.outcome().map(|o| o.detail).unwrap_or_default()
    }

    /// Why the game ended by itself ("No further chamber can be made"),
    /// when the rules ended it rather than the player; `None` otherwise, or
    /// where the game says it on its own.
    fn ended_by_itself(&self) -> Option<&'static str> {
        None
    }
}

/// The key a chosen deal's stored setup carries.
pub(in crate::service) const CHOSEN: &str = "chosen";

/// Whether a stored setup is a deal the player chose.
pub(in crate::service) fn is_chosen(setup: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(setup)
        .ok()
        .and_then(|v| v.get(CHOSEN)?.as_bool())
        .unwrap_or(false)
}

/// A stored patience with its state rebuilt by the engine (its one seat is
/// its owner's; its hints are the log's asides).
struct Loaded<G: SolitaireRules> {
    table: Table<G>,
    /// A daily attempt or an event's deal: played in private, its deal
    /// never shown to the channel.
    contest: Option<Contest>,
}

impl<G: SolitaireRules> Loaded<G> {
    fn row(&self) -> &GameRow {
        &self.table.row
    }

    fn game(&self) -> &G {
        self.table.game()
    }

    /// Hints asked for so far.
    fn hints(&self) -> u32 {
        self.table.log.asides
    }
}

/// A patience is served by the engine as a game of one seat, its owner's.
impl<G: SolitaireRules> Served for G {
    const KIND: Kind = G::KIND;
    const START: &'static str = "Start a new one with /solitaire new.";
    const PENDING: &'static str = "game";
    type Stored = G::Setup;

    fn dealt(_row: &GameRow, stored: &G::Setup, _owner: &User) -> Option<anyhow::Result<G>> {
        Some(G::from_setup(stored).map_err(anyhow::Error::from))
    }

    /// A patience out of time (its day closed) ends as it stands.
    fn timeout_entry(&self, _seat: Solo) -> String {
        "end".into()
    }

    /// A daily attempt keeps its day's close as its deadline (its day is
    /// shorter than any idle time); any other patience the engine's idle
    /// deadline.
    async fn deadline(
        context: Context<'_>,
        table: &Table<G>,
        at: DateTime<Utc>,
    ) -> ServiceResult<Option<i64>> {
        let close = context.contest(&table.row).await?.and_then(|c| c.close());
        Ok(close.or_else(|| table.deadline(context.config, at)))
    }

    /// What the leaderboards rank by besides the result: the score, the
    /// moves, undos and hints, and the time from the first move.
    fn stored_result(table: &Table<G>, outcome: &PatienceOutcome, at: DateTime<Utc>) -> StoredResult {
        let game = table.game();
        let now = at.timestamp_millis();
        let elapsed_ms = now - table.log.first_move_at.unwrap_or(now);
        StoredResult::Patience(PatienceResult {
            result: GameResult {
                outcome: if outcome.won { Ending::Win } else { Ending::Loss },
                winner: outcome.won.then(|| table.seats.name.clone()),
                detail: game.finish_detail(elapsed_ms),
            },
            score: game.score(),
            moves: game.moves(),
            undos: game.undos(),
            hints: table.log.asides,
            elapsed_ms,
        })
    }

    /// Its actions in the game's own order (moves, then deal and end), its
    /// score, and what the player sees in words.
    fn summarised(table: &Table<G>, summary: GameSummary) -> GameSummary {
        let game = table.game();
        let legal = match summary.status {
            GameStatus::Active => game.legal_actions().iter().map(ToString::to_string).collect(),
            _ => summary.legal,
        };
        let spots = Spot::worded(summary.spots, |action, _| {
            Some(format!(
                "{} · {action}",
                crate::controls::patience::move_words(action)
            ))
        });
        GameSummary {
            legal,
            spots,
            score: Some(game.score()),
            board_text: Some(game.describe()),
            ..summary
        }
    }

    /// The options it was dealt with, and the hints asked for. The seed
    /// or deck order only once the game is over, since it reveals the
    /// hidden cards, and never in a private record.
    fn record_tags(table: &Table<G>, private: bool) -> Vec<(String, String)> {
        let shown = !table.row.status.is_open() && !private;
        let setup: serde_json::Value = serde_json::from_str(&table.row.setup).unwrap_or_default();
        let mut tags: Vec<_> = (setup.as_object().into_iter().flatten())
            // Storage notes, not the game's options.
            .filter(|(key, _)| !matches!(key.as_str(), CHOSEN | EVENT | "ends_when_dead"))
            .filter(|(key, _)| shown || !matches!(key.as_str(), "seed" | "deal"))
            .map(|(key, value)| {
                let text = value.as_str().map_or_else(|| value.to_string(), str::to_string);
                (capitalised(key), text)
            })
            .collect();
        let hints = table.log.asides;
        tags.extend((hints > 0).then(|| ("Hints".to_string(), hints.to_string())));
        tags
    }

    /// The moves one after another; a hint is not a move.
    fn record_moves(_table: &Table<G>, log: &[ActionRow]) -> Option<String> {
        let moves: Vec<&str> = log
            .iter()
            .map(|a| a.notation.as_str())
            .filter(|n| *n != HINT)
            .collect();
        Some(moves.join(" "))
    }

    /// Every position as the player saw it (a card face down then is a
    /// back in its frame).
    fn replay(
        context: Context<'_>,
        table: &Table<G>,
    ) -> impl Future<Output = anyhow::Result<Option<Image>>> + Send {
        context.table_replay(table, G::player_view, |sample| replay_image(sample, None))
    }

    /// Its reminder names its player.
    fn idle_reminder(table: &Table<G>, left: &str) -> Option<String> {
        Some(format!(
            "{}: your patience here has had no move for a while; it ends in {left} unless you play.",
            mention(&table.seats)
        ))
    }

    /// Others may still be playing a daily or an event's deal: until it
    /// closes, its record goes to its player alone, with neither seed nor
    /// replay.
    async fn private_record(
        context: Context<'_>,
        table: &Table<G>,
        at: DateTime<Utc>,
    ) -> ServiceResult<Option<String>> {
        let contest = context.contest(&table.row).await?;
        let open = contest.filter(|c| c.is_open(at.timestamp_millis()));
        Ok(open.map(|c| {
            format!(
                "(Only you see this record: {} is open until {}.)",
                c.name(),
                c.close_words()
            )
        }))
    }
}

/// A patience's log: its moves, and hints, which are asides.
impl<G: SolitaireRules> Logged for G {
    type Seats = User;

    fn play_logged(&mut self, _owner: &User, entry: &ActionRow) -> anyhow::Result<bool> {
        if entry.notation == HINT {
            return Ok(false);
        }
        self.replay(&entry.notation.parse::<G::Action>()?)?;
        Ok(true)
    }
}

/// The owner sits in a patience's one seat.
impl Seating<Solo> for User {
    fn user(&self, _seat: Solo) -> &User {
        self
    }

    fn seat_of(&self, user_id: &str) -> Option<Solo> {
        (self.id == user_id).then_some(Solo)
    }
}

impl Worded<Solo> for PatienceError {
    fn worded(self, _name: &dyn Fn(Solo) -> String) -> UserError {
        match self {
            PatienceError::GameOver => UserError::game_over("That game is over."),
            PatienceError::Illegal(msg) | PatienceError::CannotUndo(msg) => {
                UserError::illegal(crate::service::error::sentence(&msg))
            }
        }
    }
}

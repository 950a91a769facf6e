//! The patiences in the service: `/solitaire new|move|undo|end|hint`
//! and the deal, undo, hint and end buttons. One open solitaire per player and
//! channel; others may watch but not touch.

mod door;

use crate::ai::solver::hint::{fresh_hint, Hint, Hinted, HINT_BUDGET};
use crate::ai::solver::review::{line_played, review, Review, REVIEW_BUDGET};
use crate::controls::patience::{self as board, Choice, View};
use crate::protocol::custom_id::ComponentId;
use crate::protocol::options;
use crate::protocol::types::*;
use crate::render::{limit_alt, Board, Region};
use crate::rules::patience::{Patience, PatienceError, PatienceOutcome};
use crate::rules::{capitalised, Kind, Solo};
use crate::service::base::{board_post, mention, new_game_id, Ask, Asked, Dealt, Door, Service, Via};
use crate::service::contest::{self, Contest, EVENT};
use crate::service::daily_seed::{close_of, utc_text};
use crate::service::engine::multiplayer::Target;
use crate::service::engine::{
    check_version, replay_image, touched, Context, IdleEnd, Logged, Place, Seating, Served, Table, Typing,
    Worded,
};
use crate::service::error::{ServiceResult, UserError};
use crate::store::{
    ActionRow, DailyAttempt, DailyInsert, GameRow, GameStatus, PatienceResult, StoreError, StoredResult,
};
use anyhow::Context as _;
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

/// The share line alone (it names the game and the day) of a finished
/// daily attempt's closing words.
fn share_of(finish: Option<&str>) -> &str {
    finish
        .and_then(|text| text.lines().next())
        .unwrap_or_default()
        .trim_start_matches("Share: ")
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
        self.apply(&entry.notation.parse::<G::Action>()?)?;
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

impl Service {
    /// The door of a patience kind (see `door`): an internal error for any
    /// other kind, which no patience path is given.
    fn door(&self, kind: Kind) -> ServiceResult<Door> {
        self.games
            .patience(kind)
            .ok_or_else(|| anyhow::anyhow!("not a patience: {kind}").into())
    }

    /// Asks the patience of `kind` through its door.
    async fn ask_patience(&self, kind: Kind, asked: Asked<'_>) -> ServiceResult<Reply> {
        (self.door(kind)?.asked)(self, asked).await
    }

    /// The door of the patience stored as `game`, a name its command has
    /// already checked against its choices.
    pub(in crate::service) fn door_named(&self, game: &str) -> ServiceResult<Door> {
        let kind =
            (self.games.named(game)).ok_or_else(|| anyhow::anyhow!("not a game served here: {game}"))?;
        self.door(kind)
    }

    pub(in crate::service) async fn solitaire_command(
        &self,
        req: &Request,
        sub: &str,
    ) -> ServiceResult<Reply> {
        let opts = req.options();
        match sub {
            "new" => {
                let games = self.games.patiences();
                let game = options::required_choice(opts, "game", &games)?;
                (self.door_named(game)?.asked)(self, Asked::New(req, opts)).await
            }
            "move" => {
                let action = options::required_text(
                    opts,
                    "action",
                    "Give the move as `action`, like `3-7` or `deal`.",
                )?;
                let act = Ask::Act(action.to_string(), None, Via::Typed);
                self.solitaire_asked(req, None, act).await
            }
            verb @ ("undo" | "end") => {
                let act = Ask::Act(verb.to_string(), None, Via::Typed);
                self.solitaire_asked(req, None, act).await
            }
            "hint" => self.solitaire_asked(req, None, Ask::Hint(Via::Typed)).await,
            other => Err(anyhow::anyhow!("/solitaire {other} is listed but not handled").into()),
        }
    }

    pub(in crate::service) async fn solitaire_component(
        &self,
        req: &Request,
        id: &ComponentId,
        values: &[String],
    ) -> ServiceResult<Reply> {
        let (verb, version) = board::versioned(&id.verb);
        let act = |action: &str| Ask::Act(action.to_string(), version, Via::Click);
        let ask = match verb {
            "pick" => match options::picked(values, Choice::parse)? {
                Choice::Move(action) => act(&action),
                Choice::Narrow { prefix, .. } => Ask::Show(View::From(prefix), version),
            },
            "deal" | "undo" => act(verb),
            "endok" => act("end"),
            "end" => Ask::Show(View::ConfirmEnd, None),
            "back" => Ask::Show(View::Play, None),
            "hint" => Ask::Hint(Via::Click),
            "again" | "same" => return self.solitaire_again(req, &id.id, verb == "same").await,
            "review" => return self.solitaire_review(req, &id.id).await,
            _ => return Err(UserError::no_game("That button does not belong to a game I know.").into()),
        };
        self.solitaire_asked(req, Some(&id.id), ask).await
    }

    /// What the player asks of their game (a button's, or their open one
    /// here), through its kind's door.
    async fn solitaire_asked(&self, req: &Request, id: Option<&str>, ask: Ask) -> ServiceResult<Reply> {
        let row = self.solitaire_row(req, id).await?;
        self.ask_patience(row.kind, Asked::Player(req, row, ask)).await
    }

    /// What the service asks of a patience (see [`Asked`]), once its kind
    /// is known.
    async fn patience_asked<G: SolitaireRules>(&self, asked: Asked<'_>) -> ServiceResult<Reply> {
        match asked {
            Asked::New(req, opts) => self.solitaire_new::<G>(req, opts).await,
            Asked::Daily(req, seed, dealt, intro) => {
                (self.solitaire_start::<G>(req, &door::day_setup::<G>(seed)?, dealt, intro)).await
            }
            Asked::Board(row, text) => {
                let loaded = self.load_patience::<G>(row).await?;
                let mut reply = self.solitaire_reply(&loaded, text);
                reply.ephemeral = loaded.contest.is_some();
                Ok(reply)
            }
            Asked::Table(row) => self.patience_table_of::<G>(row).await,
            Asked::Player(req, row, Ask::Act(action, version, via)) => {
                self.patience_act::<G>(req, row, &action, version, via).await
            }
            Asked::Player(req, row, Ask::Hint(via)) => self.patience_hint::<G>(req, row, via).await,
            Asked::Player(_, row, Ask::Show(view, version)) => {
                check_version(&row, version)?;
                self.patience_shown::<G>(row, view).await
            }
            Asked::Player(_, row, Ask::Review) => self.patience_review::<G>(row).await,
            Asked::Player(req, row, Ask::Again(same)) => self.patience_again::<G>(req, &row, same).await,
        }
    }

    /// The board again in place, in `view` (the second step of a move,
    /// the end confirmation, or back to the moves): nothing is played.
    async fn patience_shown<G: SolitaireRules>(&self, row: GameRow, view: View) -> ServiceResult<Reply> {
        let loaded = self.load_patience::<G>(row).await?;
        let text = match &view {
            View::ConfirmEnd => format!(
                "End this game now? It ends with score {}, as it stands.",
                loaded.game().score()
            ),
            View::From(p) => format!("Pick a move from {}.", p.replace(':', ", cards: ")),
            View::Play => "Pick a move.".to_string(),
        };
        let mut reply = self.solitaire_reply_marked(&loaded, text, &view, None);
        reply.update = true;
        reply.ephemeral = loaded.contest.is_some();
        Ok(reply)
    }

    /// The board of an open game again, privately when it is a daily
    /// attempt (`/daily play` during the attempt).
    pub(in crate::service) async fn solitaire_resume(&self, row: GameRow) -> ServiceResult<Reply> {
        self.solitaire_board(row, "Your attempt, where you left it.".into())
            .await
    }

    /// A stored patience's board with `text`, privately when contested.
    pub(in crate::service) async fn solitaire_board(
        &self,
        row: GameRow,
        text: String,
    ) -> ServiceResult<Reply> {
        self.ask_patience(row.kind, Asked::Board(row, text)).await
    }

    /// The user's latest patience in the channel as its board, for a front
    /// end played on the picture (the web table); `None` when they have
    /// played none there.
    pub async fn patience_table(&self, user: &User, channel: &str) -> ServiceResult<Option<Reply>> {
        let Some(row) = self.store.latest_solitaire(channel, &user.id).await? else {
            return Ok(None);
        };
        self.ask_patience(row.kind, Asked::Table(row)).await.map(Some)
    }

    /// [`Service::patience_table`], once its kind is known.
    async fn patience_table_of<G: SolitaireRules>(&self, row: GameRow) -> ServiceResult<Reply> {
        let loaded = self.load_patience::<G>(row).await?;
        let now = Utc::now().timestamp_millis();
        let closed = loaded
            .contest
            .as_ref()
            .and_then(Contest::close)
            .filter(|close| now >= *close);
        let text = match (loaded.game().outcome(), closed) {
            (Some(outcome), _) => outcome.detail,
            (None, Some(close)) => format!(
                "{} closed at {}: your attempt ends as it stood.",
                capitalised(&loaded.contest.as_ref().map(Contest::name).unwrap_or_default()),
                utc_text(close).unwrap_or_default()
            ),
            (None, None) => "Your move.".to_string(),
        };
        let mut reply = self.solitaire_reply(&loaded, text);
        if closed.is_some() {
            // Over by the rules before the sweep writes it down: shown
            // ended, with nothing left to play.
            reply.components.clear();
            if let Some(game) = reply.game.as_mut().filter(|g| g.status.is_open()) {
                game.status = GameStatus::Finished;
                game.legal.clear();
                game.spots.clear();
                game.to_move = None;
                game.to_move_id = None;
            }
        }
        Ok(reply)
    }

    /// The id and version of the user's latest patience in the channel: a
    /// front end that shows it live asks often, so nothing is drawn.
    pub async fn patience_version(
        &self,
        user_id: &str,
        channel: &str,
    ) -> ServiceResult<Option<(String, i64)>> {
        let row = self.store.latest_solitaire(channel, user_id).await?;
        Ok(row.map(|row| (row.id, row.version)))
    }

    /// Play again from a finished board: a new deal of the same game and
    /// options, or (`same`) the same deal. A daily attempt's board offers
    /// another (practice) attempt at the day's deal instead. The new board
    /// replaces the finished one where it may ([`Service::in_place_of`]).
    async fn solitaire_again(&self, req: &Request, id: &str, same: bool) -> ServiceResult<Reply> {
        let row = self.patience_row(req, Some(id)).await?;
        if row.status.is_open() {
            return Err(UserError::game_over("That game is still being played.").into());
        }
        let reply = if let Some(attempt) = self.store.daily_attempt(&row.id).await? {
            self.daily_play(req, &attempt.attempt.game).await?
        } else if contest::event_of(&row).is_some() {
            return Err(UserError::not_allowed(
                "An event's deal is played once; its standings board has the others.",
            )
            .into());
        } else {
            let again = Asked::Player(req, row.clone(), Ask::Again(same));
            self.ask_patience(row.kind, again).await?
        };
        self.in_place_of(req, &row, reply).await
    }

    /// The Review button of a finished patience: where the game went
    /// wrong, to its player alone. A daily attempt is reviewed once its day
    /// has closed: until then, what a review tells would help the others.
    pub(in crate::service) async fn solitaire_review(&self, req: &Request, id: &str) -> ServiceResult<Reply> {
        let row = self.patience_row(req, Some(id)).await?;
        if row.owner_id != req.user.id {
            return Err(UserError::not_a_player("Only the player can review their game.").into());
        }
        if row.status.is_open() {
            return Err(UserError::not_allowed("The review opens when the game is over.").into());
        }
        if let Some(open) = self
            .context()
            .contest(&row)
            .await?
            .filter(|c| c.is_open(req.at.timestamp_millis()))
        {
            return Err(UserError::not_allowed(format!(
                "The review of this attempt opens when {} closes, at {}.",
                open.name(),
                open.close_words()
            ))
            .into());
        }
        self.ask_patience(row.kind, Asked::Player(req, row, Ask::Review))
            .await
    }

    /// The review of a finished patience, worked out on a blocking thread
    /// (a few exact searches, within [`REVIEW_BUDGET`]): the words, and the
    /// position before the action that lost the win.
    async fn patience_review<G: SolitaireRules>(&self, row: GameRow) -> ServiceResult<Reply> {
        let table = self.load_table::<G>(row).await?;
        let positions = self.context().positions(&table).await?;
        let (review, line) = tokio::task::spawn_blocking(move || {
            let line = line_played(&positions);
            (review(&line, REVIEW_BUDGET), line)
        })
        .await
        .context("review search")?;
        let mut reply = Reply::ephemeral(format!(
            "**Review of your {}** · {}",
            G::TITLE,
            review.told(line.len().saturating_sub(1))
        ));
        if let Review::Lost { at, .. } = &review {
            let label = format!("Review · before action {}", at + 1);
            reply.image = Some(line[*at].image(Some(&label)));
        }
        Ok(reply)
    }

    /// A board that starts from a finished one replaces it (Discord's
    /// UPDATE_MESSAGE) when that is the clicker's own board in this
    /// channel, the new game is theirs here too, and both are private or
    /// both public: an update keeps the message's visibility, so a private
    /// daily board never turns public, nor the reverse. Otherwise the new
    /// board is a new message. The finished game's record stays in the
    /// channel (a public one is posted when the game ends).
    async fn in_place_of(&self, req: &Request, old: &GameRow, mut reply: Reply) -> ServiceResult<Reply> {
        let Some(new) = &reply.game else {
            return Ok(reply);
        };
        let mine_here = |row: &GameRow| row.owner_id == req.user.id && row.channel_id == req.channel;
        let new_here = self.store.game(&new.id).await?.is_some_and(|row| mine_here(&row));
        let old_private = self.context().contest(old).await?.is_some();
        reply.update = mine_here(old) && new_here && reply.ephemeral == old_private;
        Ok(reply)
    }

    /// The new game of [`Service::solitaire_again`], once its kind is known.
    async fn patience_again<G: SolitaireRules>(
        &self,
        req: &Request,
        row: &GameRow,
        same: bool,
    ) -> ServiceResult<Reply> {
        let mut setup: serde_json::Value = serde_json::from_str(&row.setup).context("stored setup")?;
        if !same {
            if let serde_json::Value::Object(fields) = &mut setup {
                fields.remove("deal");
                fields.insert("seed".into(), rand::random::<u64>().into());
            }
        }
        let setup = G::renewed(serde_json::from_value(setup).context("setup again")?);
        let dealt = if same { Dealt::Chosen } else { Dealt::Random };
        self.solitaire_start::<G>(req, &setup, dealt, |_| {
            let what = if same { "the same deal of" } else { "a new game of" };
            format!("{} starts {what} **{}**.", mention(&req.user), G::TITLE)
        })
        .await
    }

    async fn solitaire_new<G: SolitaireRules>(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        let mut known = vec!["game", "seed", "deal"];
        known.extend_from_slice(G::OPTIONS);
        options::only(opts, &known)?;
        let deal = options::text(opts, "deal")?.map(str::to_string);
        let chosen_seed = options::seed(opts)?;
        if let Some(seed) = chosen_seed {
            self.refuse_open_daily_seed(req, seed).await?;
        }
        let dealt = match chosen_seed.is_some() || deal.is_some() {
            true => Dealt::Chosen,
            false => Dealt::Random,
        };
        let seed = match (chosen_seed, &deal) {
            (Some(seed), _) => Some(seed),
            (None, None) => Some(rand::random::<u64>()),
            (None, Some(_)) => None,
        };
        let chose_deal = deal.is_some();
        let setup = G::setup(opts, seed, deal)?;
        if chose_deal {
            self.refuse_open_daily_opening::<G>(req, &setup).await?;
        }
        self.solitaire_start::<G>(req, &setup, dealt, |_| {
            format!("{} starts a game of **{}**.", mention(&req.user), G::TITLE)
        })
        .await
    }

    /// Starts a patience from `setup`. A daily attempt is linked to its day
    /// in the same transaction; `intro(ranked)` gives the reply's first
    /// sentence.
    pub(in crate::service) async fn solitaire_start<G: SolitaireRules>(
        &self,
        req: &Request,
        setup: &G::Setup,
        deal: Dealt,
        intro: impl FnOnce(bool) -> String,
    ) -> ServiceResult<Reply> {
        G::from_setup(setup).map_err(|e| UserError::bad_option(format!("That game cannot start: {e}.")))?;
        if let Some(open) = self.store.latest_solitaire(&req.channel, &req.user.id).await? {
            if open.status.is_open() {
                return Err(busy_player(&open).into());
            }
        }
        let (daily, notes) = match deal {
            Dealt::Daily(attempt) => (Some(attempt), vec![]),
            Dealt::Random => (None, vec![]),
            Dealt::Chosen => (None, vec![(CHOSEN, true.into())]),
        };
        let (guild, channel) = (req.guild_key(), req.channel.as_str());
        let place = Place {
            id: new_game_id(),
            guild,
            channel,
        };
        let (owner, seats) = (&req.user, req.user.clone());
        let mut table = (self.started_table::<G>(place, owner, setup.clone(), seats, notes, req.at)).await?;
        let (row, day) = (&mut table.row, daily.as_ref().map(|a| a.day.clone()));
        let inserted = match daily {
            Some(attempt) => {
                // A daily attempt ends when its day closes.
                row.expires_at = close_of(&attempt.day);
                let attempt = DailyAttempt {
                    game_id: row.id.clone(),
                    ..attempt
                };
                self.store.insert_daily_game(row, &attempt).await
            }
            None => self.store.insert_game(row).await.map(|()| DailyInsert::Practice),
        };
        let ranked = match inserted {
            Ok(DailyInsert::Ranked) => true,
            Ok(DailyInsert::Practice) => false,
            // The player's ranked attempt is open elsewhere: it comes back.
            Ok(DailyInsert::RankedOpen(id)) => {
                let open = self.store.game(&id).await?.context("the open ranked attempt")?;
                return self.solitaire_resume(open).await;
            }
            Err(StoreError::Busy) => {
                return Err(UserError::busy_player(
                    "You already have a solitaire in this channel; finish it with /solitaire end first.",
                )
                .into())
            }
            Err(e) => return Err(e.into()),
        };
        if let Some(close) = row.expires_at {
            self.next_sweep.expires(close);
        }
        let contest = day.map(|day| Contest::Daily { day, ranked });
        self.context().keep_daily(&table.row.id, contest.clone());
        let loaded = Loaded { table, contest };
        // The seed is not shown until the game is over: it determines the
        // stock and the face-down cards. A daily attempt is private.
        let mut reply = self.solitaire_reply(&loaded, intro(ranked));
        reply.ephemeral = loaded.contest.is_some();
        Ok(reply)
    }

    /// Finds the game an action is for (see `patience_row`): the player's
    /// own, and open.
    async fn solitaire_row(&self, req: &Request, id: Option<&str>) -> ServiceResult<GameRow> {
        let row = self.patience_row(req, id).await?;
        if row.owner_id != req.user.id {
            return Err(UserError::not_a_player("That is someone else's game; you can watch it.").into());
        }
        if !row.status.is_open() {
            return Err(
                UserError::game_over("That game is over. Start a new one with /solitaire new.").into(),
            );
        }
        Ok(row)
    }

    /// The patience a button names, in the request's channel or the
    /// player's own from anywhere (a ranked daily attempt comes back
    /// wherever `/daily play` is asked again), or else the user's latest in
    /// the channel; noted as the game the request touched.
    async fn patience_row(&self, req: &Request, id: Option<&str>) -> ServiceResult<GameRow> {
        let row = match id {
            Some(id) => (self.store.game(id).await?)
                .filter(|row| !row.multiplayer && crate::service::engine::multiplayer::reaches(req, row))
                .ok_or_else(|| UserError::no_game("That game no longer exists."))?,
            None => (self.store.latest_solitaire(&req.channel, &req.user.id).await?).ok_or_else(|| {
                UserError::no_game("You have no solitaire in this channel. Start one with /solitaire new.")
            })?,
        };
        touched::note(&row)?;
        Ok(row)
    }

    /// Plays `text` for the request's user in the game of `row` through
    /// the engine (`Service::play`: its seat, its version, the action,
    /// the save, again on conflict); with `at_version`, only on that
    /// version of the game.
    async fn patience_act<G: SolitaireRules>(
        &self,
        req: &Request,
        row: GameRow,
        text: &str,
        at_version: Option<i64>,
        via: Via,
    ) -> ServiceResult<Reply> {
        let asked: G::Action = options::notation(text)?;
        let contest = self.context().contest(&row).await?;
        // A daily attempt still open when its day closed ends as it stood
        // then, whatever was asked: a later move cannot rank.
        let closed_at = contest
            .as_ref()
            .and_then(Contest::close)
            .filter(|close| req.at.timestamp_millis() >= *close);
        let end = match closed_at {
            Some(_) => Some(options::notation::<G::Action>("end")?),
            None => None,
        };
        let apply = |game: &mut G, seat| {
            let action = end.clone().unwrap_or_else(|| game.canonical(&asked));
            crate::rules::Game::act(game, seat, &action).map(|()| (action.to_string(), action))
        };
        let played = self
            .play::<G, _>(req, Target::Id(&row.id), at_version, apply)
            .await?;
        let loaded = Loaded {
            table: played.table,
            contest,
        };
        let share = match loaded.game().outcome() {
            Some(_) => self.daily_finish_line::<G>(loaded.row()).await,
            None => None,
        };
        let text = played_text(req, &loaded, &played.told.to_string(), closed_at);
        Ok(self.show_played(req, &loaded, text, share, via))
    }

    /// How a played action shows: a click changes the board in place; a
    /// typed action edits the public board and answers the typer alone (a
    /// daily board is private, so it comes back to the typer whole). A
    /// daily attempt that ended tells the channel its share line, and only
    /// that.
    fn show_played<G: SolitaireRules>(
        &self,
        req: &Request,
        loaded: &Loaded<G>,
        text: String,
        share: Option<String>,
        via: Via,
    ) -> Reply {
        let mut reply = self.solitaire_reply(loaded, text);
        if let Some(share) = &share {
            reply.text.push('\n');
            reply.text.push_str(share);
        }
        let public_typed = via == Via::Typed && loaded.contest.is_none();
        if public_typed {
            let text = reply.text.clone();
            reply = crate::service::base::answered_privately(reply, &loaded.row().channel_id, text);
        } else {
            reply.ephemeral = loaded.contest.is_some();
            reply.update = via == Via::Click;
        }
        let daily = matches!(loaded.contest, Some(Contest::Daily { .. }));
        if let (Some(share), true) = (share.as_deref(), daily) {
            // The channel sees the share line: no image, nothing of the deal.
            reply.posts.push(Post {
                channel: req.channel.clone(),
                text: format!(
                    "{} finished a daily challenge. {}",
                    mention(&req.user),
                    share_of(Some(share))
                ),
                ..Post::default()
            });
        }
        reply
    }

    /// A patience past its deadline: a daily attempt whose day closed ends
    /// as it stands (it ranks for its day as it stood); any other is idle
    /// (`Service::idle_due`).
    pub(in crate::service) async fn patience_due<G: SolitaireRules>(
        &self,
        row: &GameRow,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<Post>> {
        let because = match self.context().contest(row).await? {
            None => {
                // It ends as `/solitaire end` would.
                let idle_end: IdleEnd = |service, row, idle, at| {
                    Box::pin(async move {
                        let because = format!("after {idle} without a move");
                        Ok(service.patience_timed_out::<G>(row, &because, at).await?)
                    })
                };
                return self.idle_due::<G>(row, now, idle_end).await;
            }
            Some(Contest::Daily { .. }) => "when the day's challenge closed",
            Some(Contest::Event(_)) => "when the event closed",
        };
        Ok(self
            .patience_timed_out::<G>(row, because, now)
            .await?
            .into_iter()
            .collect())
    }

    /// Ends a patience without its player, as `/solitaire end` would:
    /// its seat runs out of time through the engine (`time_out`, which
    /// logs `end`); `because` says why. `None` when the game moved
    /// meanwhile.
    async fn patience_timed_out<G: SolitaireRules>(
        &self,
        row: &GameRow,
        because: &str,
        at: DateTime<Utc>,
    ) -> ServiceResult<Option<Post>> {
        let forfeit = |game: &mut G, seat| anyhow::Ok(crate::rules::Game::forfeit(game, seat));
        let Some((table, _)) = self.time_out::<G, _>(row, at, forfeit).await? else {
            return Ok(None);
        };
        let contest = self.context().contest(row).await?;
        let loaded = Loaded { table, contest };
        let (owner, title) = (mention(&loaded.table.seats), G::TITLE);
        if let Some(Contest::Event(_)) = &loaded.contest {
            // The event's standings board tells the channel.
            return Ok(None);
        }
        if loaded.contest.is_some() {
            // A daily board is private: the channel hears that it ended,
            // and sees nothing of the deal but its share line.
            let share = self.daily_finish_line::<G>(loaded.row()).await;
            let text = format!(
                "{owner}'s daily {title} ended {because}. {}",
                share_of(share.as_deref())
            );
            return Ok(Some(Post {
                channel: row.channel_id.clone(),
                text: text.trim_end().to_string(),
                ..Post::default()
            }));
        }
        let seed = stored_seed(loaded.row()).map(|s| format!(" Replay this deal with seed {s}."));
        let text = format!(
            "{owner}'s game of {title} ended {because}. **Game over**: {}.{}",
            stored_detail(loaded.row()),
            seed.unwrap_or_default()
        );
        let reply = self.solitaire_reply(&loaded, text);
        Ok(Some(Post {
            edit: Some(row.id.clone()),
            ..board_post(reply, &row.channel_id)
        }))
    }

    /// Works out a hint on a blocking thread (a search takes up to a
    /// fraction of a second), then logs it so that it is counted. Every
    /// hint is counted and starts the cooldown, "lost" and "undecided"
    /// too: a verdict tells as much as a move (play, ask, undo, and the
    /// losing moves are known).
    async fn patience_hint<G: SolitaireRules>(
        &self,
        req: &Request,
        row: GameRow,
        via: Via,
    ) -> ServiceResult<Reply> {
        let (now, id) = (req.at.timestamp_millis(), row.id.as_str());
        self.retrying(|| async move {
            // Each try looks at the game as it now stands.
            let row = self.solitaire_row(req, Some(id)).await?;
            let mut loaded = self.load_patience::<G>(row).await?;
            if let Some(wait) = loaded
                .table
                .log
                .last_aside_at
                .map(|at| at + HINT_COOLDOWN_MS - now)
                .filter(|&w| w > 0)
            {
                return Err(UserError::cooldown(format!(
                    "One hint at a time: ask again in {} s.",
                    (wait + 999) / 1000
                ))
                .into());
            }
            let game = loaded.game().clone();
            let played = self.context().positions(&loaded.table).await?;
            let hint = tokio::task::spawn_blocking(move || fresh_hint(&game, &played, HINT_BUDGET))
                .await
                .context("hint search")?;
            let text = format!("{} asked for a hint. {}", mention(&req.user), hint.told());
            let Some(()) = self.save_aside(&mut loaded.table, req, HINT).await? else {
                return Ok(None);
            };
            // A typed hint answers the typer alone, in words: the board is
            // unchanged.
            if via == Via::Typed && loaded.contest.is_none() {
                let board = self.solitaire_reply(&loaded, text);
                return Ok(Some(Reply {
                    game: board.game,
                    ..Reply::ephemeral(board.text)
                }));
            }
            // Nothing left to gain: the board offers to end the game.
            let view = match hint {
                Hint::NoProgress | Hint::NothingFound => View::ConfirmEnd,
                _ => View::Play,
            };
            let mut reply = self.solitaire_reply_marked(&loaded, text, &view, hint.action());
            reply.ephemeral = loaded.contest.is_some();
            reply.update = via == Via::Click;
            Ok(Some(reply))
        })
        .await
    }

    /// A stored patience through the engine, with the daily challenge it
    /// belongs to.
    async fn load_patience<G: SolitaireRules>(&self, row: GameRow) -> ServiceResult<Loaded<G>> {
        let contest = self.context().contest(&row).await?;
        let table = self.load_table::<G>(row).await?;
        Ok(Loaded { table, contest })
    }

    fn solitaire_reply<G: SolitaireRules>(&self, loaded: &Loaded<G>, text: String) -> Reply {
        self.solitaire_reply_marked(loaded, text, &View::Play, None)
    }

    /// The board message of a patience, its components showing `view`,
    /// with a hinted action drawn on the board (not played).
    fn solitaire_reply_marked<G: SolitaireRules>(
        &self,
        loaded: &Loaded<G>,
        text: String,
        view: &View,
        hinted: Option<&str>,
    ) -> Reply {
        let id = &loaded.row().id;
        let summary = loaded.table.summary();
        let components = match summary.status {
            GameStatus::Active => {
                // The player's view, read once for every option's cards.
                let shown = loaded.game().player_view();
                board::open_components(
                    id,
                    loaded.row().version,
                    &summary.legal,
                    can_undo(loaded.game()),
                    view,
                    &|action| G::move_cards(&shown, action),
                )
            }
            _ => board::finished_components(
                id,
                match loaded.contest {
                    None => board::Next::AnyDeal,
                    Some(Contest::Daily { .. }) => board::Next::Practice,
                    Some(Contest::Event(_)) => board::Next::Nothing,
                },
            ),
        };
        // A daily board says so, and which day, in its words and its image.
        let daily = loaded.contest.as_ref().map(Contest::label);
        let mut text = match &daily {
            Some(label) => format!("**{label}** · {text}"),
            None => text,
        };
        text.push_str(&format!(
            " Score {}, moves {}, undos {}, hints {}.",
            loaded.game().score(),
            loaded.game().moves(),
            loaded.game().undos(),
            loaded.hints()
        ));
        // The board's header tag: the day, and the hints asked for (each
        // one counts, so it is in sight).
        let hints = (loaded.hints() > 0).then(|| crate::rules::counted(loaded.hints() as usize, "hint"));
        let tag = [daily, hints]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ");
        Reply {
            text,
            image: self.config.render.then(|| {
                let tag = (!tag.is_empty()).then_some(tag.as_str());
                hinted
                    .and_then(|action| loaded.game().hinted_image(tag, action))
                    .unwrap_or_else(|| loaded.game().image(tag))
            }),
            components,
            game: Some(summary),
            ..Reply::default()
        }
    }

    /// The user's legal moves in their open patience here that start with
    /// what they typed (the game's own order: moves, then deal and end).
    pub(in crate::service) async fn solitaire_suggestions(
        &self,
        typing: Typing<'_>,
    ) -> ServiceResult<Vec<String>> {
        if typing.sub != "move" {
            return Ok(vec![]);
        }
        let found = (self.store)
            .latest_solitaire(typing.channel, &typing.user.id)
            .await?;
        let Some(row) = found.filter(|row| row.status.is_open()) else {
            return Ok(vec![]);
        };
        let legal = self.summary_of(&row).await?.legal;
        Ok(crate::service::engine::typed_matches(typing.typed, legal))
    }
}

/// What a saved `action` tells: the move, and at the end the result
/// (a daily deal's seed stays secret; its share line shows instead).
/// `closed_at`: the daily's close, when the day had closed on it.
fn played_text<G: SolitaireRules>(
    req: &Request,
    loaded: &Loaded<G>,
    action: &str,
    closed_at: Option<i64>,
) -> String {
    let played = played_line(&mention(&req.user), action);
    let detail = stored_detail(loaded.row());
    if let Some(close) = closed_at.and_then(utc_text) {
        let contest = loaded.contest.as_ref().map(Contest::name).unwrap_or_default();
        let contest = capitalised(&contest);
        return format!(
            "{contest} closed at {close}: your attempt ended as it stood then. **Game over**: {detail}."
        );
    }
    if loaded.game().outcome().is_none() {
        return played;
    }
    let why = (loaded.game().ended_by_itself())
        .map(|reason| format!(" {reason}, so the game ends by itself."))
        .unwrap_or_default();
    let replay = (stored_seed(loaded.row()))
        .filter(|_| loaded.contest.is_none())
        .map(|s| format!(" Replay this deal with seed {s}."))
        .unwrap_or_default();
    format!("{played}{why} **Game over**: {detail}.{replay}")
}

/// The seed a game was dealt from, if it was dealt from one.
fn stored_seed(row: &GameRow) -> Option<u64> {
    let setup: serde_json::Value = serde_json::from_str(&row.setup).ok()?;
    setup.get("seed")?.as_u64()
}

fn stored_detail(row: &GameRow) -> String {
    row.result
        .as_ref()
        .map(|r| r.result().detail.clone())
        .unwrap_or_default()
}

fn busy_player(open: &GameRow) -> UserError {
    UserError::busy_player(format!(
        "You already have a game of {} in this channel. Finish it, or end it with /solitaire end, before starting another.",
        open.kind.title()
    ))
}

/// "alice played **3-7**", "alice dealt", "alice ended the game".
fn played_line(who: &str, action: &str) -> String {
    match action {
        "deal" => format!("{who} dealt."),
        "end" => format!("{who} ended the game."),
        "undo" => format!("{who} took back a move."),
        _ => format!("{who} played **{action}**."),
    }
}

/// Whether `undo` would take something back now (tried on a copy).
fn can_undo<G: SolitaireRules>(game: &G) -> bool {
    let mut copy = game.clone();
    "undo"
        .parse::<G::Action>()
        .is_ok_and(|undo| copy.apply(&undo).is_ok())
}

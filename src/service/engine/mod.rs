//! The engine every game of two or more players is served by, over the one
//! game surface (`rules::Game`), in the manner of boardgame.io's master:
//! find the stored game and load it (from the cache, or its setup and log),
//! check who may act and on which version, save an action with the game's
//! new status, deadline and result, time a seat out, end a table that never
//! started, and summarise the game for the front ends.
//!
//! What stays with each game is what it owns: its options, its components
//! and its words. A game outside the registry (`rules::Kind::Unlisted`) is
//! served the same way: the engine registers its kind when it opens or
//! finds its table.

pub(crate) mod context;
pub(crate) mod idle;
pub(crate) mod multiplayer;
pub(crate) mod seating;
pub(crate) mod state;
pub(crate) mod touched;

use crate::protocol::types::{Ending, GameResult, GameSummary, Image, Post, Reply, Request, User};
use crate::render::{
    board_replay, board_replay_alt_text, Board, Sample, Sampler, MAX_REPLAY_BYTES, MAX_REPLAY_FRAMES,
};
use crate::rules::{Game, Kind, Turn};
use crate::service::base::{Config, Service};
pub use crate::service::engine::context::Context;
pub use crate::service::engine::multiplayer::Target;
pub use crate::service::engine::seating::{open_seat, Filling, Left, Unseated, OPEN_SEAT};
pub use crate::service::engine::state::{LogFacts, Logged};
use crate::service::error::{ServiceResult, UserError};
use crate::service::offload::{draw_replay, thinking};
use crate::store::{ActionRow, GameRow, GameStatus, GameUpdate, StoreError, StoredResult};
use anyhow::Context as _;
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::future::Future;
use std::time::Duration;

pub(crate) use crate::service::base::Typing;
pub use crate::service::base::{Boxed, Place};

/// What the sweep does when a seat's turn clock runs out on `row` at the
/// given time, and what the channel is told: the engine's
/// (`Service::table_turn_timeout`, the seat forfeits) unless the kind's
/// paths end it their own way.
pub(crate) type TurnTimeout =
    for<'a> fn(&'a Service, &'a GameRow, DateTime<Utc>) -> Boxed<'a, anyhow::Result<Vec<Post>>>;

/// What the sweep does with `row`, which nobody moved in for the idle time
/// (given in words), at the given time: the engine's
/// (`Service::table_idle_end`, the seat it waits for loses on time) unless
/// the kind's paths end it their own way (a patience ends as it stands).
pub(crate) type IdleEnd =
    for<'a> fn(&'a Service, &'a GameRow, &'a str, DateTime<Utc>) -> Boxed<'a, anyhow::Result<Option<Post>>>;

/// Who sits where at a table, as its game row stores the players.
pub trait Seating<Seat: Copy + std::fmt::Display> {
    /// Who sits in `seat`.
    fn user(&self, seat: Seat) -> &User;

    /// Where the user sits, if they play.
    fn seat_of(&self, user_id: &str) -> Option<Seat>;

    /// "alice (Red)".
    fn label(&self, seat: Seat) -> String {
        format!("{} ({seat})", self.user(seat).name)
    }
}

/// A refusal of the rules in the player's words, each seat named by `name`.
pub trait Worded<Seat> {
    fn worded(self, name: &dyn Fn(Seat) -> String) -> UserError;
}

impl<Seat: std::fmt::Display> Worded<Seat> for crate::rules::refusal::RuleError<Seat> {
    fn worded(self, name: &dyn Fn(Seat) -> String) -> UserError {
        use crate::rules::refusal::RuleError;
        match self {
            RuleError::GameOver => UserError::game_over("That game is over."),
            RuleError::NotYourTurn(seat) => UserError::not_your_turn(format!("It is {}'s turn.", name(seat))),
            RuleError::Illegal(msg) => UserError::illegal(crate::service::error::sentence(&msg)),
        }
    }
}

/// A game the engine serves: its rules, and how the service stores it. Its
/// outcomes and refusals are worded with the seats' labels.
pub trait Served:
    Game<Outcome: Send + Sync, Refusal: Worded<Self::Seat>>
    + Logged<Seats: Seating<Self::Seat> + Serialize + DeserializeOwned + Send + Sync>
{
    /// Its entry in the registry.
    const KIND: Kind;
    /// What starts a game when there is none in the channel.
    const START: &'static str;
    /// What a game is called before it starts: `challenge`, `lobby`.
    const PENDING: &'static str;
    /// The setup as the game row stores it.
    type Stored: Serialize + DeserializeOwned + Clone + Send + Sync;

    /// The game that `stored` deals for these seats: `None` while the table
    /// is still filling (a lobby that has not started).
    fn dealt(row: &GameRow, stored: &Self::Stored, seats: &Self::Seats) -> Option<anyhow::Result<Self>>;

    /// How long a seat has for its turn before it times out, if the game
    /// keeps a turn clock (otherwise only the idle sweep ends it).
    fn turn_clock(_config: &Config) -> Option<Duration> {
        None
    }

    /// What the channel is told when a table that never started expires.
    fn expired(_seats: &Self::Seats) -> String {
        format!("The {} expired before it started.", Self::PENDING)
    }

    /// The log entry of `seat` running out of time.
    fn timeout_entry(&self, seat: Self::Seat) -> String;

    /// When the table's next deadline falls, saved at `at`: the engine's
    /// (`Table::deadline`) unless the game keeps its own.
    fn deadline(
        context: Context<'_>,
        table: &Table<Self>,
        at: DateTime<Utc>,
    ) -> impl Future<Output = ServiceResult<Option<i64>>> + Send {
        async move { Ok(table.deadline(context.config, at)) }
    }

    /// The result the row stores once the game is over (at `at`): its
    /// result in words, with the winner's id so that ratings never confuse
    /// two players of one name.
    fn stored_result(table: &Table<Self>, outcome: &Self::Outcome, _at: DateTime<Utc>) -> StoredResult {
        StoredResult::Seated {
            result: table.result(outcome),
            winner_id: Self::winner(outcome).map(|seat| table.user(seat).id.clone()),
        }
    }

    /// The rules' refusal in the player's words.
    fn refused(refusal: Self::Refusal, seats: &Self::Seats) -> UserError {
        refusal.worded(&|seat| seats.label(seat))
    }

    /// How many seats its table has: at least the first to start, at most
    /// the second (the registry's players, or an unlisted game's own).
    const SEATS: (usize, usize) = (Self::KIND.players().0 as usize, Self::KIND.players().1 as usize);

    /// The summary the front ends see, from the engine's own: a game adds
    /// what it shows besides (its position, its board in words).
    fn summarised(_table: &Table<Self>, summary: GameSummary) -> GameSummary {
        summary
    }

    /// The setup a record shows, as tags (`[Seed "42"]`), leaving out what
    /// would give away hidden cards, and all that is secret while the
    /// record is `private`: none unless the game says.
    fn record_tags(_table: &Table<Self>, _private: bool) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The moves of a record in the game's own notation, from the table or
    /// its `log`; `None` for the log, an entry a line under the seat that
    /// made it.
    fn record_moves(_table: &Table<Self>, _log: &[ActionRow]) -> Option<String> {
        None
    }

    /// Why a record (asked at `at`) goes to its player alone, showing
    /// nothing secret and no replay, if it does: a daily deal others may
    /// still be playing. `None` unless the game says.
    fn private_record(
        _context: Context<'_>,
        _table: &Table<Self>,
        _at: DateTime<Utc>,
    ) -> impl Future<Output = ServiceResult<Option<String>>> + Send {
        async { Ok(None) }
    }

    /// The board as anyone watching sees it, to go with what the channel
    /// is told of the game (a seat out of time): none unless the game
    /// draws one.
    fn board_image(_context: Context<'_>, _table: &Table<Self>) -> Option<Image> {
        None
    }

    /// What the seats the game waits for are asked to do, for the idle
    /// reminder: "make your move" unless the game says.
    fn awaited(&self) -> &'static str {
        "make your move"
    }

    /// The reminder of a game nobody moved in, `left` before its idle end
    /// (`Service::idle_due`), to the seats it waits for; `None` when it
    /// waits for no one.
    fn idle_reminder(table: &Table<Self>, left: &str) -> Option<String> {
        let game = table.game.as_ref()?;
        let waiting = table.waiting();
        (!waiting.is_empty()).then(|| {
            format!(
                "{}: the {} game here is waiting for you. Please {} within {left}, or the game ends and the waiting player loses on time.",
                waiting.join(" and "),
                table.row.kind.title(),
                game.awaited()
            )
        })
    }

    /// The animated replay a finished game's record carries
    /// (`Context::table_replay`): none unless the game draws one.
    fn replay(
        _context: Context<'_>,
        _table: &Table<Self>,
    ) -> impl Future<Output = anyhow::Result<Option<Image>>> + Send {
        async { Ok(None) }
    }

    /// What a seat may type into the `action` of subcommand `sub` now, in
    /// notation, most useful first: its legal actions for `move` (sorted),
    /// nothing for any other unless the game says.
    fn suggested(&self, seat: Self::Seat, sub: &str) -> Vec<String> {
        let legal = (sub == "move").then(|| self.legal_actions(seat));
        let mut legal: Vec<String> = legal.into_iter().flatten().map(|a| a.to_string()).collect();
        legal.sort();
        legal
    }

    /// A step on the table's seats (join, start, leave) refused, in the
    /// game's words: the engine's unless it words its own.
    fn unseated(why: Unseated, _seats: &Self::Seats) -> UserError {
        why.worded::<Self>()
    }
}

/// A stored game with its state rebuilt: no game while the table fills.
pub struct Table<G: Served> {
    pub row: GameRow,
    pub seats: G::Seats,
    pub setup: G::Stored,
    pub game: Option<G>,
    /// What the log tells besides the game: its clock and its asides.
    pub log: LogFacts,
}

impl<G: Served> Table<G> {
    /// The game once dealt.
    pub fn game(&self) -> &G {
        self.game.as_ref().expect("a dealt game")
    }

    /// The game once dealt, to play on.
    pub fn game_mut(&mut self) -> &mut G {
        self.game.as_mut().expect("a dealt game")
    }

    pub fn seat_of(&self, user_id: &str) -> Option<G::Seat> {
        self.seats.seat_of(user_id)
    }

    pub fn user(&self, seat: G::Seat) -> &User {
        self.seats.user(seat)
    }

    pub fn label(&self, seat: G::Seat) -> String {
        self.seats.label(seat)
    }

    /// The seats the game waits for, as mentions (none before it is dealt
    /// or once it is over).
    fn waiting(&self) -> Vec<String> {
        let acting = self.game.as_ref().map(|game| game.turn().acting());
        acting
            .unwrap_or_default()
            .into_iter()
            .map(|seat| crate::service::base::mention(self.user(seat)))
            .collect()
    }

    /// The outcome in words.
    pub fn told(&self, outcome: &G::Outcome) -> String {
        G::told(outcome, &|seat| self.label(seat))
    }

    /// The result stored and shown for `outcome`.
    pub fn result(&self, outcome: &G::Outcome) -> GameResult {
        let winner = G::winner(outcome);
        GameResult {
            outcome: if winner.is_some() {
                Ending::Win
            } else {
                Ending::Draw
            },
            winner: winner.map(|seat| self.user(seat).name.clone()),
            detail: self.told(outcome),
        }
    }

    /// The deadline of a game under way saved at `at`, the one time the
    /// sweep looks at it next: its turn clock (`Served::turn_clock`), else
    /// when the idle sweep reminds or ends it (`idle::deadline`); none once
    /// it is over.
    pub fn deadline(&self, config: &Config, at: DateTime<Utc>) -> Option<i64> {
        let running = self.game.as_ref().is_some_and(|game| game.outcome().is_none());
        let at = at.timestamp_millis();
        match G::turn_clock(config) {
            Some(clock) => Some(at + clock.as_millis() as i64),
            None => crate::service::engine::idle::deadline(config, at),
        }
        .filter(|_| running)
    }

    /// The result as the row stores it once the game is over (at `at`).
    fn stored_result(&self, at: DateTime<Utc>) -> Option<StoredResult> {
        let outcome = self.game.as_ref()?.outcome()?;
        Some(G::stored_result(self, &outcome, at))
    }

    /// The result the row stores: the game's own once it is over, or how
    /// it ended some other way (a moderator ended it, it was abandoned or
    /// never started).
    pub fn ended_result(&self) -> Option<GameResult> {
        Some(self.row.result.as_ref()?.result().clone())
    }

    /// The summary the front ends see: the spectator's view of who acts.
    pub fn summary(&self) -> GameSummary {
        let shown = GameSummary::of(&self.row);
        let finished = self.game.as_ref().and_then(Game::outcome);
        let finished = finished.filter(|_| shown.status == GameStatus::Finished);
        let result = self
            .ended_result()
            .or_else(|| finished.map(|outcome| self.result(&outcome)));
        let shown = GameSummary { result, ..shown };
        let shown = match (&self.game, shown.status) {
            (Some(game), GameStatus::Active) => shown.playing(game, |seat| self.user(seat)),
            _ => shown,
        };
        G::summarised(self, shown)
    }
}

/// Plays one logged entry of a game with seats: its user's seat acts, and
/// the game's timeout entry (when it is no action of the game) forfeits
/// the seat. For a game's `Logged::play_logged`.
pub fn play_seated<G>(game: &mut G, seats: &G::Seats, entry: &ActionRow) -> anyhow::Result<bool>
where
    G: Served,
    <G::Action as std::str::FromStr>::Err: std::error::Error + Send + Sync + 'static,
{
    let seat = seats
        .seat_of(&entry.user_id)
        .with_context(|| format!("{} is not seated", entry.user_id))?;
    match G::parse_action(&entry.notation) {
        Ok(action) => game.act(seat, &action)?,
        Err(_) if entry.notation == game.timeout_entry(seat) => {
            game.forfeit(seat);
        }
        Err(e) => return Err(e.into()),
    }
    Ok(true)
}

/// The stored status of a dealt game.
fn stored_status<G: Game>(game: &G) -> GameStatus {
    match game.turn() {
        Turn::One(_) => GameStatus::Active,
        Turn::Several(_) => GameStatus::Deploying,
        Turn::Over(_) => GameStatus::Finished,
    }
}

/// Refuses a click drawn for another version of the game.
pub fn check_version(row: &GameRow, at_version: Option<i64>) -> Result<(), UserError> {
    match at_version {
        Some(v) if v != row.version => Err(out_of_date()),
        _ => Ok(()),
    }
}

/// The refusal of a click on a board that is no longer current.
pub fn out_of_date() -> UserError {
    UserError::conflict("That board is out of date: the game moved on. Use the newest board.")
}

/// An action saved by `Service::play`: the table after it, the seat that
/// acted, and what the game told of it.
pub struct Played<G: Served, E> {
    pub table: Table<G>,
    pub seat: G::Seat,
    pub told: E,
}

/// How a seat's time ran out.
pub enum TimedOut<Seat, Events> {
    /// This seat forfeited, and what followed; the game may go on without it.
    Seat(Seat, Events),
    /// Every seat the game waited for was idle: the game is abandoned.
    Abandoned,
}

impl Service {
    /// The game of `G` that `target` names in the request's channel, loaded.
    pub async fn find_table<G: Served>(&self, req: &Request, target: &Target<'_>) -> ServiceResult<Table<G>> {
        let row = self.find_game(req, target, G::KIND, G::START).await?;
        self.load_table(row).await
    }

    /// Opens a table of `G` in the request's channel, owned by the
    /// requester: pending (a challenge, a lobby) and expiring like a
    /// challenge until its first `save_turn` puts it under way. Refused
    /// when the channel already has an open game, in that game's words.
    pub async fn open_table<G: Served>(
        &self,
        req: &Request,
        setup: G::Stored,
        seats: G::Seats,
    ) -> ServiceResult<Table<G>> {
        if let Some(open) = self.store.open_multiplayer_game(&req.channel).await? {
            return Err(crate::service::engine::seating::busy_channel(&open).into());
        }
        let row = self.open_pending_game(req, G::KIND, &setup, &seats).await?;
        let game = G::dealt(&row, &setup, &seats).transpose()?;
        Ok(Table {
            row,
            seats,
            setup,
            game,
            log: LogFacts::default(),
        })
    }

    /// A table of `G` under way from `at`, started by the service itself
    /// (a tournament's game, an event's deal, a patience) rather than
    /// opened and filled by players: dealt at once, with its status, first
    /// deadline and result as a save would give them, owned by `owner`. `notes`
    /// are kept beside the setup in its stored form (an event's deal names
    /// its event). The caller stores the row with what records it (the
    /// tournament, in one transaction).
    pub(crate) async fn started_table<G: Served>(
        &self,
        place: Place<'_>,
        owner: &User,
        setup: G::Stored,
        seats: G::Seats,
        notes: Vec<(&str, serde_json::Value)>,
        at: DateTime<Utc>,
    ) -> ServiceResult<Table<G>> {
        let now = at.timestamp_millis();
        let mut stored = serde_json::to_value(&setup).context("setup to json")?;
        if let serde_json::Value::Object(fields) = &mut stored {
            fields.extend(notes.into_iter().map(|(key, note)| (key.to_string(), note)));
        }
        let players = serde_json::to_string(&seats).context("players to json")?;
        let at_place = (place.guild, place.channel, owner.id.as_str());
        let row = GameRow {
            id: place.id,
            multiplayer: !G::KIND.is_patience(),
            ..crate::service::base::row_at(at_place, now, G::KIND, stored.to_string(), players)
        };
        let game = G::dealt(&row, &setup, &seats).context("a started table is dealt")??;
        let mut table = Table {
            row: GameRow {
                status: stored_status(&game),
                ..row
            },
            seats,
            setup,
            game: Some(game),
            log: LogFacts::default(),
        };
        table.row.expires_at = G::deadline(self.context(), &table, at).await?;
        table.row.result = table.stored_result(at);
        Ok(table)
    }

    /// Plays an action of the requesting user in the game `target` names,
    /// through [`Service::play_answered`] with no answer: `apply` plays it
    /// on the game and gives the log entry (the action in canonical
    /// notation) and what the game wants to tell of it; a refusal is
    /// worded by `Worded`.
    pub async fn play<G: Served, E: Send>(
        &self,
        req: &Request,
        target: Target<'_>,
        at_version: Option<i64>,
        apply: impl Fn(&mut G, G::Seat) -> Result<(String, E), G::Refusal> + Sync,
    ) -> ServiceResult<Played<G, E>> {
        let act =
            |game: &mut G, seat, seats: &G::Seats| apply(game, seat).map_err(|e| G::refused(e, seats).into());
        let played = self
            .play_answered(req, target, at_version, act, |_, _| {
                Box::pin(async { Ok((vec![], ())) })
            })
            .await?;
        Ok(Played {
            table: played.table,
            seat: played.seat,
            told: played.told.0,
        })
    }

    /// The one way an action is played, for every game: the game `target`
    /// names, the requester's seat (`seated`) and the board's version
    /// (`check_version`); `act` on the game (it sees the seats and may
    /// refuse in its own words); then `answer` on the same board, before
    /// the save (the computer's reply: its log entries, and what the reply
    /// tells of it); then the log and the save, all tried again on the new
    /// state when another action landed first.
    pub async fn play_answered<G: Served, E: Send, R: Send>(
        &self,
        req: &Request,
        target: Target<'_>,
        at_version: Option<i64>,
        act: impl Fn(&mut G, G::Seat, &G::Seats) -> ServiceResult<(String, E)> + Sync,
        answer: impl for<'t> Fn(&'t Service, &'t mut Table<G>) -> Boxed<'t, ServiceResult<(Vec<(String, String)>, R)>>
            + Sync,
    ) -> ServiceResult<Played<G, (E, R)>> {
        let (act, answer) = (&act, &answer);
        self.retrying(|| async move {
            let (mut table, seat) = self.seated::<G>(req, &target).await?;
            check_version(&table.row, at_version)?;
            let Table { seats, game, .. } = &mut table;
            let (entry, told) = thinking(|| act(game.as_mut().expect("a dealt game"), seat, seats))?;
            let (answered, answer_told) = answer(self, &mut table).await?;
            let mut append = vec![(req.user.id.clone(), entry)];
            append.extend(answered);
            let Some(()) = self.save_turn(&mut table, req.at, append).await? else {
                return Ok(None);
            };
            Ok(Some(Played {
                table,
                seat,
                told: (told, answer_told),
            }))
        })
        .await
    }

    /// The finished game `target` names and the requester's seat in it, for
    /// a rematch; `not_a_player` words the refusal of anyone else.
    pub async fn finished_seat<G: Served>(
        &self,
        req: &Request,
        target: &Target<'_>,
        not_a_player: &str,
    ) -> ServiceResult<(Table<G>, G::Seat)> {
        let table = self.find_table::<G>(req, target).await?;
        let seat = table
            .seat_of(&req.user.id)
            .ok_or_else(|| UserError::not_a_player(not_a_player))?;
        if table.row.status != GameStatus::Finished {
            return Err(UserError::illegal("That game is not over yet.").into());
        }
        Ok((table, seat))
    }

    /// A stored game of `G` with its state: kept from an earlier request,
    /// or rebuilt from its setup and log.
    pub async fn load_table<G: Served>(&self, row: GameRow) -> ServiceResult<Table<G>> {
        crate::service::engine::touched::note(&row)?;
        let seats: G::Seats = serde_json::from_str(&row.players).context("stored seats")?;
        let setup: G::Stored = serde_json::from_str(&row.setup).context("stored setup")?;
        let (game, log) = match G::dealt(&row, &setup, &seats) {
            Some(start) => {
                let (game, log) = self.rebuilt(&row, &seats, async { start }).await?;
                (Some(game), log)
            }
            None => (None, LogFacts::default()),
        };
        Ok(Table {
            row,
            seats,
            setup,
            game,
            log,
        })
    }

    /// The game `target` names and the requesting user's seat in it, if it
    /// is under way, or why they cannot act in it (whose turn it is is the
    /// rules' to say).
    pub async fn seated<G: Served>(
        &self,
        req: &Request,
        target: &Target<'_>,
    ) -> ServiceResult<(Table<G>, G::Seat)> {
        let table = self.find_table::<G>(req, target).await?;
        let seat = table
            .seat_of(&req.user.id)
            .ok_or_else(|| UserError::not_a_player("You are not playing in this game; you can watch."))?;
        match table.row.status {
            GameStatus::Pending => Err(G::unseated(Unseated::NotStarted, &table.seats).into()),
            GameStatus::Finished | GameStatus::Cancelled => {
                Err(UserError::game_over(format!("That game is over. {}", G::START)).into())
            }
            _ => Ok((table, seat)),
        }
    }

    /// Saves the table's game as it now stands, `append` (its moves) added
    /// to its log: its status, its next deadline and, once over, its
    /// result. `None` when another action changed the game first.
    pub async fn save_turn<G: Served>(
        &self,
        table: &mut Table<G>,
        at: DateTime<Utc>,
        append: Vec<(String, String)>,
    ) -> ServiceResult<Option<()>> {
        let mut log = table.log;
        for _ in &append {
            log.logged(true, at.timestamp_millis());
        }
        self.save_logged(table, at, append, log).await
    }

    /// Logs `entry` of the requesting user as an aside, not a move (a
    /// patience's hint): the game is unchanged, the log's asides count it.
    pub async fn save_aside<G: Served>(
        &self,
        table: &mut Table<G>,
        req: &Request,
        entry: &str,
    ) -> ServiceResult<Option<()>> {
        let mut log = table.log;
        log.logged(false, req.at.timestamp_millis());
        let append = vec![(req.user.id.clone(), entry.to_string())];
        self.save_logged(table, req.at, append, log).await
    }

    /// Saves the table with `append` logged, `log` the facts after it.
    async fn save_logged<G: Served>(
        &self,
        table: &mut Table<G>,
        at: DateTime<Utc>,
        append: Vec<(String, String)>,
        log: LogFacts,
    ) -> ServiceResult<Option<()>> {
        let expires_at = G::deadline(self.context(), table, at).await?;
        let previous = std::mem::replace(&mut table.log, log);
        let update = GameUpdate {
            status: stored_status(table.game()),
            expires_at,
            result: table.stored_result(at),
            append,
            ..GameUpdate::of(&table.row, at.timestamp_millis())
        };
        let Table { row, game, .. } = table;
        let saved = self
            .save(row, &update, game.as_ref().expect("a dealt game"), log)
            .await;
        if !matches!(saved, Ok(Some(()))) {
            table.log = previous;
        }
        saved
    }

    /// Times out the seats a game waits for: one seat forfeits by
    /// `forfeit`, which says what followed (the game may go on without it);
    /// when the game waits for several at once, it is abandoned. `None` when
    /// there is no one to time out or the game moved meanwhile.
    pub async fn time_out<G: Served, E>(
        &self,
        row: &GameRow,
        at: DateTime<Utc>,
        forfeit: impl FnOnce(&mut G, G::Seat) -> anyhow::Result<E>,
    ) -> anyhow::Result<Option<(Table<G>, TimedOut<G::Seat, E>)>> {
        let mut table = self
            .load_table::<G>(row.clone())
            .await
            .map_err(crate::service::error::ServiceError::into_internal)?;
        let Some(game) = table.game.as_mut() else {
            return Ok(None);
        };
        let saved = match game.turn().acting().as_slice() {
            [] => return Ok(None),
            [seat] => {
                let seat = *seat;
                let entry = game.timeout_entry(seat);
                let events = forfeit(game, seat)?;
                let user = table.user(seat).id.clone();
                self.save_turn(&mut table, at, vec![(user, entry)])
                    .await
                    .map(|saved| saved.map(|()| TimedOut::Seat(seat, events)))
            }
            _ => {
                let abandoned = GameResult {
                    outcome: Ending::Abandoned,
                    winner: None,
                    detail: "abandoned: no one played in time".into(),
                };
                let update = state::ended_update(row, at.timestamp_millis(), StoredResult::of(abandoned));
                self.save_row(&mut table.row, &update)
                    .await
                    .map(|saved| saved.map(|()| TimedOut::Abandoned))
            }
        };
        // Someone acted at the same moment: the game was not idle.
        Ok(saved
            .map_err(crate::service::error::ServiceError::into_internal)?
            .map(|timed_out| (table, timed_out)))
    }

    /// What a table of `G` past its deadline comes to: a table that never
    /// started expires; in a game with a turn clock, the seats it waits for
    /// run out of time (`Game::forfeit`); any other game is idle
    /// (`Service::idle_due`). The channel is told what happened.
    pub(crate) async fn table_due<G: Served>(
        &self,
        row: &GameRow,
        now: DateTime<Utc>,
        turn_timeout: TurnTimeout,
    ) -> anyhow::Result<Vec<Post>> {
        if row.status == GameStatus::Pending {
            return Ok(self.expire_pending::<G>(row, now).await?.into_iter().collect());
        }
        let idle_end: IdleEnd = |service, row, idle, at| Box::pin(service.table_idle_end::<G>(row, idle, at));
        match G::turn_clock(&self.config) {
            Some(_) => turn_timeout(self, row, now).await,
            None => self.idle_due::<G>(row, now, idle_end).await,
        }
    }

    /// A seat out of its turn's time: it forfeits (`Game::forfeit`), and
    /// the channel is told.
    pub(crate) async fn table_turn_timeout<G: Served>(
        &self,
        row: &GameRow,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<Post>> {
        let told = self.time_out_told::<G>(row, now, |table, timed_out| match timed_out {
            TimedOut::Seat(seat, _) => format!("{} ran out of time.", table.label(*seat)),
            TimedOut::Abandoned => "No one played in time: the game is abandoned.".into(),
        });
        Ok(told.await?.into_iter().collect())
    }

    /// Times out the seats a game waits for (`Game::forfeit`, see
    /// `time_out`) and tells the channel in `tell`'s words, then the result
    /// once the game is over, with the board (`Served::board_image`).
    /// `None` when there was no one to time out or the game moved meanwhile.
    async fn time_out_told<G: Served>(
        &self,
        row: &GameRow,
        at: DateTime<Utc>,
        tell: impl FnOnce(&Table<G>, &TimedOut<G::Seat, Option<G::Outcome>>) -> String,
    ) -> anyhow::Result<Option<Post>> {
        let forfeit = |game: &mut G, seat| anyhow::Ok(game.forfeit(seat));
        let Some((table, timed_out)) = self.time_out::<G, _>(row, at, forfeit).await? else {
            return Ok(None);
        };
        let mut text = tell(&table, &timed_out);
        if let Some(outcome) = table.game.as_ref().and_then(Game::outcome) {
            text.push_str(&format!(" **Game over**: {}.", table.told(&outcome)));
        }
        Ok(Some(Post {
            channel: row.channel_id.clone(),
            text,
            image: G::board_image(self.context(), &table),
            ..Post::default()
        }))
    }

    /// Ends a game nobody acted in for `idle` (the operator's idle time):
    /// the seat it waits for loses on time (`Game::forfeit`), and a game
    /// that waits for several at once is abandoned. `None` when there is
    /// nothing to end or the game moved meanwhile.
    pub(crate) async fn table_idle_end<G: Served>(
        &self,
        row: &GameRow,
        idle: &str,
        at: DateTime<Utc>,
    ) -> anyhow::Result<Option<Post>> {
        let told = self.time_out_told::<G>(row, at, |table, timed_out| match timed_out {
            TimedOut::Seat(seat, _) => {
                format!(
                    "Time is up: {} made no move for {idle}.",
                    crate::service::base::mention(table.user(*seat))
                )
            }
            TimedOut::Abandoned => format!(
                "Time is up: {} did not play for {idle}. The game is abandoned.",
                table.waiting().join(" and ")
            ),
        });
        told.await
    }

    /// The reminder of a game that waits for someone, `left` before the
    /// idle sweep ends it (`table_idle_end`).
    pub(crate) async fn table_idle_reminder<G: Served>(
        &self,
        row: &GameRow,
        left: &str,
    ) -> anyhow::Result<Option<Post>> {
        let table = self
            .load_table::<G>(row.clone())
            .await
            .map_err(crate::service::error::ServiceError::into_internal)?;
        Ok(G::idle_reminder(&table, left).map(|text| Post {
            channel: row.channel_id.clone(),
            text,
            ..Post::default()
        }))
    }

    /// Expires a table that never started and tells the channel (in
    /// `Served::expired`'s words); `None` when someone answered it at the
    /// same moment.
    pub(crate) async fn expire_pending<G: Served>(
        &self,
        row: &GameRow,
        at: DateTime<Utc>,
    ) -> anyhow::Result<Option<Post>> {
        if !self.end_pending::<G>(row, Ending::Expired, at).await? {
            return Ok(None);
        }
        let seats: G::Seats = serde_json::from_str(&row.players).context("stored seats")?;
        Ok(Some(Post {
            channel: row.channel_id.clone(),
            text: G::expired(&seats),
            ..Post::default()
        }))
    }

    /// Ends a table that never started (`ending`: declined, withdrawn or
    /// expired); `false` when someone acted on it at the same moment.
    pub async fn end_pending<G: Served>(
        &self,
        row: &GameRow,
        ending: Ending,
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        match self.cancel_pending(row, G::PENDING, ending, at).await {
            Ok(()) => Ok(true),
            Err(StoreError::Conflict) => Ok(false),
            Err(e) => Err(e),
        }
    }
}

impl Context<'_> {
    /// Every position of a table's game so far, from its deal on (a
    /// review's or a hint's search looks at them all).
    pub async fn positions<G: Served>(self, table: &Table<G>) -> ServiceResult<Vec<G>> {
        let start = G::dealt(&table.row, &table.setup, &table.seats);
        let start = start.with_context(|| format!("game {} is not dealt", table.row.id))??;
        let mut positions = Vec::new();
        let each = |game: &G| positions.push(game.clone());
        self.replay_each(&table.row, &table.seats, start, each).await?;
        Ok(positions)
    }

    /// The animated replay of a finished game: every position from its
    /// deal as `view` shows it to anyone watching (at most
    /// `MAX_REPLAY_FRAMES` of them), drawn by `draw` (`replay_image`) off
    /// the runtime's workers. `None` while the game goes on, or without
    /// rendering.
    pub async fn table_replay<G: Served, B: Send + 'static>(
        self,
        table: &Table<G>,
        view: impl Fn(&G) -> B,
        draw: impl FnOnce(&Sample<B>) -> Option<Image> + Send + 'static,
    ) -> anyhow::Result<Option<Image>> {
        let over = table.game.as_ref().and_then(Game::outcome).is_some();
        let Some(start) =
            G::dealt(&table.row, &table.setup, &table.seats).filter(|_| over && self.config.render)
        else {
            return Ok(None);
        };
        let mut sample = Sampler::new(MAX_REPLAY_FRAMES);
        let (last, _) = self
            .replay_each(&table.row, &table.seats, start?, |game| {
                sample.offer(|| view(game))
            })
            .await?;
        let sample = sample.finish(|| view(&last));
        draw_replay(&table.row.id, move || draw(&sample)).await
    }
}

impl Service {
    /// The record of a stored game of `G`: the game, its id and its seats,
    /// its setup (`Served::record_tags`), the result, then its moves
    /// (`Served::record_moves`) and, once over, its replay. The engine's log
    /// has an entry a line under the seat that made it; while the game waits
    /// for several seats at once (a private step) it stays hidden until
    /// every one has acted, since an entry may place what the others must
    /// not see.
    pub(crate) async fn table_record<G: Served>(
        &self,
        row: &GameRow,
        at: DateTime<Utc>,
    ) -> ServiceResult<Reply> {
        let table = self.load_table::<G>(row.clone()).await?;
        let private = G::private_record(self.context(), &table, at).await?;
        let mut out = format!("[Game \"{}\"]\n[Id \"{}\"]\n", row.kind.title(), row.id);
        let game = table.game.as_ref();
        for seat in game.map(Game::seats).unwrap_or_default() {
            // The one seat of a patience is its player's.
            let tag = if G::SEATS.1 == 1 {
                "Player".into()
            } else {
                seat.to_string()
            };
            out.push_str(&format!("[{tag} \"{}\"]\n", table.user(seat).name));
        }
        for (tag, value) in G::record_tags(&table, private.is_some()) {
            out.push_str(&format!("[{tag} \"{value}\"]\n"));
        }
        let result = match (table.ended_result(), game.and_then(Game::outcome)) {
            (Some(ended), _) => ended.detail,
            (None, Some(outcome)) => table.told(&outcome),
            (None, None) if game.is_none() => "waiting for players".into(),
            (None, None) => "in progress".into(),
        };
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        let log = self.store.actions(&row.id).await?;
        let private_step = game.is_some_and(|game| matches!(game.turn(), Turn::Several(_)));
        match G::record_moves(&table, &log) {
            Some(moves) => out.push_str(&moves),
            None if private_step => {}
            None => {
                for entry in log {
                    let seat = table.seat_of(&entry.user_id).map(|seat| seat.to_string());
                    out.push_str(&format!(
                        "{}: {}\n",
                        seat.unwrap_or(entry.user_id),
                        entry.notation
                    ));
                }
            }
        }
        let mut reply = Reply::text(out.trim_end());
        if let Some(why) = private {
            reply.ephemeral = true;
            reply.text.push_str(&format!("\n\n{why}"));
        } else {
            reply.image = G::replay(self.context(), &table).await?;
        }
        reply.game = Some(table.summary());
        Ok(reply)
    }

    /// What the user may type into a move's `action` in the channel's open
    /// game of `G` (`Served::suggested`) that starts with what they typed:
    /// nothing when they do not play in it.
    pub(crate) async fn table_suggestions<G: Served>(
        &self,
        typing: Typing<'_>,
    ) -> ServiceResult<Vec<String>> {
        let Some((table, seat)) = self.open_seat::<G>(typing.user, typing.channel).await? else {
            return Ok(vec![]);
        };
        Ok(typed_matches(
            typing.typed,
            table.game().suggested(seat, typing.sub),
        ))
    }

    /// The channel's open game of `G` and the user's seat in it, for
    /// suggestions: `None` when there is none or they do not play in it.
    pub async fn open_seat<G: Served>(
        &self,
        user: &User,
        channel: &str,
    ) -> ServiceResult<Option<(Table<G>, G::Seat)>> {
        let Some(row) = self.store.open_multiplayer_game(channel).await? else {
            return Ok(None);
        };
        if row.kind != G::KIND || row.status == GameStatus::Pending {
            return Ok(None);
        }
        let table = self.load_table::<G>(row).await?;
        Ok(table.seat_of(&user.id).map(|seat| (table, seat)))
    }
}

/// A replay's sample of boards as an animated image, with its words for
/// screen readers; each frame drawn with `labels`.
pub fn replay_image<B: Board>(sample: &Sample<B>, labels: B::Labels<'_>) -> Option<Image> {
    let replay = board_replay(sample, labels, MAX_REPLAY_BYTES)?;
    Some(Image {
        regions: Vec::new(),
        alt: board_replay_alt_text(&replay, sample, labels),
        png: replay.gif,
    })
}

/// The actions (in notation, most useful first) that start with what was
/// typed, case and spaces forgiven: at most as many as Discord lists.
pub(crate) fn typed_matches(typed: &str, actions: impl IntoIterator<Item = String>) -> Vec<String> {
    let typed = typed
        .to_ascii_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let squashed = typed.replace(' ', "");
    actions
        .into_iter()
        .filter(|text| text.starts_with(&typed) || text.replace(' ', "").starts_with(&squashed))
        .take(crate::service::base::MAX_SUGGESTIONS)
        .collect()
}

//! The service's core, which every other module of it stands on and which
//! names none of them: `Service` itself and its configuration, the
//! registry of the games it serves with each kind's paths (`Registry`,
//! `Paths`, `Doors`, a patience's `Door`, a `TournamentDoor`; `kinds`
//! and `crate::games` build them), and
//! the rows and words every module makes alike. `Service` holds the
//! registry and the registry's paths take the service, so the two live
//! here together.

use super::cache::GameCache;
use super::clock::NextSweep;
use super::error::{ServiceError, ServiceResult, UserError};
use crate::controls::patience::View;
use crate::protocol::custom_id::ComponentId;
use crate::protocol::options::Subcommand;
use crate::protocol::types::{GameSummary, Image, Options, Post, Reply, Request, User};
use crate::rules::{GameKind, Kind, Unlisted};
use crate::store::{DailyAttempt, GameRow, GameStatus, Store, StoreError};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::time::Duration;

/// How the service behaves; front ends fill it from their configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// How long a challenge waits to be accepted.
    pub challenge_ttl: Duration,
    /// Whether replies carry a rendered board.
    pub render: bool,
    /// How long the computer may think about one move.
    pub ai_budget: crate::ai::army_ants::Budget,
    /// How many computer replies one user may ask for per minute.
    pub ai_moves_per_minute: u32,
    /// How long an Atta Ants player may take to act before they are out.
    pub atta_turn_timeout: Duration,
    /// How long a started game may wait for a move before it ends (`None`:
    /// never). Atta Ants keeps its own turn clock.
    pub idle_timeout: Option<Duration>,
    /// How long before that end the waiting player is reminded (zero: no
    /// reminder).
    pub idle_reminder: Duration,
    /// The key of the daily deals; `None`: generated once and stored.
    pub daily_secret: Option<DailySecret>,
    /// Whether the sweep claims and returns the channels' daily posts:
    /// off in a process that cannot send them (no bot token), so that
    /// the claims are left to one that can.
    pub daily_posts: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            challenge_ttl: Duration::from_secs(15 * 60),
            render: true,
            ai_budget: crate::ai::army_ants::Budget::default(),
            ai_moves_per_minute: 30,
            atta_turn_timeout: Duration::from_secs(24 * 60 * 60),
            idle_timeout: Some(Duration::from_secs(72 * 3600)),
            idle_reminder: Duration::from_secs(12 * 3600),
            daily_secret: None,
            daily_posts: true,
        }
    }
}

impl Config {
    /// The computer's thinking time per move, in milliseconds; at most 2 s
    /// a move (so that a 2-core machine stays responsive), at least 10 ms.
    pub fn set_ai_move_ms(&mut self, ms: u64) {
        self.ai_budget = crate::ai::army_ants::Budget::millis(ms.clamp(10, 2_000));
    }
}

/// The installation's daily secret; never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct DailySecret(pub String);

impl fmt::Debug for DailySecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

pub struct Service {
    pub(crate) store: Store,
    pub(crate) config: Config,
    /// The games served.
    pub(super) games: Registry,
    pub(crate) cache: GameCache,
    /// Held while a review searches: reviews run one at a time.
    pub(crate) reviewing: tokio::sync::Mutex<()>,
    /// Whether this process gave the started games saved without a
    /// deadline their idle one (`Service::backfill_idle_deadlines`).
    pub(super) idle_backfilled: std::sync::atomic::AtomicBool,
    /// When a request next needs to sweep.
    pub(super) next_sweep: NextSweep,
    /// Counts the requests this process answered without a refusal: a
    /// front end that shows tables live looks for changes when it moves,
    /// rather than waiting for its next poll of SQLite.
    pub(super) answered: tokio::sync::watch::Sender<u64>,
    /// Held while a daily deal is chosen, so that players arriving together
    /// wait for one search instead of each running their own.
    pub(super) daily_choice: tokio::sync::Mutex<()>,
    /// The day whose deals this process last made sure were fixed ahead.
    pub(super) deals_prepared: Mutex<Option<String>>,
    /// Whether the bot is a member of each channel's place, as last stored.
    pub(super) places: Mutex<lru::LruCache<String, bool>>,
}

/// How many places' membership a process remembers; past it, the one heard
/// from longest ago is forgotten (and written again when next heard from).
pub(super) const PLACES_KEPT: usize = 4096;

/// How many times an action is tried again when another one changed the game
/// first (each try checks the action against the new state).
pub(super) const RETRIES: usize = 3;

/// A store write's value, or `None` when another action changed the game
/// first: the caller then tries again on the new state.
pub(super) fn unless_conflict<T>(result: Result<T, StoreError>) -> ServiceResult<Option<T>> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(StoreError::Conflict) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// The refusal when every try lost its race to another action.
pub(super) fn moved_on() -> ServiceError {
    UserError::conflict("The game moved on; please try again.").into()
}

impl Service {
    /// A service of the five games (the default registry, which
    /// `crate::games` builds above the service).
    pub fn new(store: Store, config: Config) -> Service {
        Service::with_games(store, config, Registry::default())
    }

    /// A service of the five games and the unlisted ones `games` adds.
    pub fn with_games(store: Store, config: Config, games: Registry) -> Service {
        Service {
            store: store.reading(games.unlisted()),
            config,
            games,
            cache: GameCache::default(),
            reviewing: tokio::sync::Mutex::new(()),
            idle_backfilled: Default::default(),
            next_sweep: NextSweep::default(),
            answered: tokio::sync::watch::Sender::new(0),
            daily_choice: tokio::sync::Mutex::new(()),
            deals_prepared: Mutex::new(None),
            places: Mutex::new(lru::LruCache::new(
                std::num::NonZeroUsize::new(PLACES_KEPT).expect("not zero"),
            )),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The games this service serves.
    pub fn games(&self) -> &Registry {
        &self.games
    }

    /// Runs `attempt` until it commits. An attempt loads the game, checks
    /// the action against it and returns `None` when another action changed
    /// the game first; it is then tried again on the new state.
    pub(super) async fn retrying<T, F>(&self, mut attempt: impl FnMut() -> F) -> ServiceResult<T>
    where
        F: std::future::Future<Output = ServiceResult<Option<T>>>,
    {
        for _ in 0..RETRIES {
            if let Some(value) = attempt().await? {
                return Ok(value);
            }
        }
        Err(moved_on())
    }
}

/// A new game's row in the request's channel, owned by the requester (see
/// `row_at`).
pub(super) fn new_row(req: &Request, kind: Kind, setup: String, players: String) -> crate::store::GameRow {
    let place = (req.guild_key(), req.channel.as_str(), req.user.id.as_str());
    row_at(place, req.at.timestamp_millis(), kind, setup, players)
}

/// A new game's row at `place` (server, channel, owner's id), at version 0
/// from `now`: a game of one player under way with no deadline, unless the
/// caller sets otherwise.
pub(super) fn row_at(
    (guild, channel, owner): (&str, &str, &str),
    now: i64,
    kind: Kind,
    setup: String,
    players: String,
) -> crate::store::GameRow {
    crate::store::GameRow {
        id: new_game_id(),
        kind,
        guild_id: guild.to_string(),
        channel_id: channel.to_string(),
        owner_id: owner.to_string(),
        multiplayer: false,
        status: GameStatus::Active,
        setup,
        players,
        version: 0,
        created_at: now,
        updated_at: now,
        expires_at: None,
        result: None,
        message_id: None,
    }
}

/// A short random id for a new game.
pub(super) fn new_game_id() -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut n = rand::random::<u64>();
    (0..10)
        .map(|_| {
            let c = ALPHABET[(n % 36) as usize] as char;
            n /= 36;
            c
        })
        .collect()
}

/// How a user is named in a message: a mention for Discord ids, the name
/// otherwise.
pub fn mention(user: &User) -> String {
    if !user.id.is_empty() && user.id.chars().all(|c| c.is_ascii_digit()) {
        format!("<@{}>", user.id)
    } else {
        user.name.clone()
    }
}

/// Discord's limit on autocomplete choices.
pub const MAX_SUGGESTIONS: usize = 25;

/// A boxed future of the service's work, which a table of paths or a hook
/// can hold.
pub type Boxed<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Where the service starts a table itself (`Service::started_table`): the
/// game's id, its server and its channel.
pub struct Place<'a> {
    pub id: String,
    pub guild: &'a str,
    pub channel: &'a str,
}

/// What a player is typing into a move's `action`, for suggestions: who,
/// where, in which subcommand, and the text so far.
#[derive(Clone, Copy)]
pub(crate) struct Typing<'a> {
    pub user: &'a User,
    pub channel: &'a str,
    pub sub: &'a str,
    pub typed: &'a str,
}

type DueFn = for<'a> fn(&'a Service, &'a GameRow, DateTime<Utc>) -> Boxed<'a, anyhow::Result<Vec<Post>>>;
type SummaryFn = for<'a> fn(&'a Service, &'a GameRow) -> Boxed<'a, ServiceResult<GameSummary>>;
type BoardFn = for<'a> fn(&'a Service, &'a GameRow) -> Boxed<'a, ServiceResult<Option<Image>>>;
type LiveFn = for<'a> fn(&'a Service, GameRow, &'a User) -> Boxed<'a, ServiceResult<Reply>>;
type RecordFn = for<'a> fn(&'a Service, &'a GameRow, DateTime<Utc>) -> Boxed<'a, ServiceResult<Reply>>;

type TournamentGameFn = for<'a> fn(
    &'a Service,
    Place<'a>,
    &'a str,
    &'a [User],
    bool,
    DateTime<Utc>,
) -> Boxed<'a, ServiceResult<GameRow>>;
type TournamentBoardFn = for<'a> fn(&'a Service, GameRow, &'a str) -> Boxed<'a, ServiceResult<Reply>>;
type AdjudicateFn =
    for<'a> fn(&'a Service, GameRow, DateTime<Utc>) -> Boxed<'a, ServiceResult<Option<GameRow>>>;
type PlacesFn = for<'a> fn(&'a Service, GameRow) -> Boxed<'a, ServiceResult<Option<Vec<u32>>>>;
type LeaveFn = for<'a> fn(&'a Service, &'a Request, &'a str) -> Boxed<'a, ServiceResult<Reply>>;

type CommandFn = for<'a> fn(&'a Service, &'a Request, &'a str) -> Boxed<'a, ServiceResult<Reply>>;
type ComponentFn =
    for<'a> fn(&'a Service, &'a Request, &'a ComponentId, &'a [String]) -> Boxed<'a, ServiceResult<Reply>>;
type SuggestFn = for<'a> fn(&'a Service, Typing<'a>) -> Boxed<'a, ServiceResult<Vec<String>>>;

/// The shared paths of one kind.
#[derive(Clone, Copy)]
pub(crate) struct Paths {
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
    pub patience: Option<Door>,
    /// What a tournament of this game asks of it; `None` for a game no
    /// tournament plays but as an event's patience (`contest`).
    pub tournament: Option<TournamentDoor>,
}

/// What a tournament asks of the game it plays, which its kind alone
/// knows: a pairing's or a table's game started, its first board, and
/// what a round's close or a player's leaving does to a game under way.
#[derive(Clone, Copy)]
pub(crate) struct TournamentDoor {
    /// Starts the tournament's game at a place, its seats in their order
    /// (a pairing's red then black), rated or not.
    pub game: TournamentGameFn,
    /// The game's first board, the given words above it.
    pub board: TournamentBoardFn,
    /// Judges and ends a pairing's game still on when its round closes:
    /// `None` when it moved meanwhile. Without it, such a game ends as it
    /// stands (as a table's game always does, then placed by `places`).
    pub adjudicate: Option<AdjudicateFn>,
    /// The places of a table's game of more than two, once it is over.
    pub places: Option<PlacesFn>,
    /// A player leaving the tournament leaves their game under way, the
    /// others playing on; `None` where leaving forfeits (a pairing).
    pub leave: Option<LeaveFn>,
}

/// A listed game's doors: its slash command's subcommands and the options
/// each takes (checked before the command runs), the command (with the
/// subcommand), the clicks on its components, and the suggestions for a
/// move's `action`.
#[derive(Clone, Copy)]
pub(crate) struct Doors {
    pub subcommands: &'static [Subcommand],
    /// The channel's table as a user sees it now, for a front end that
    /// shows it live; `None` for a patience, which is its player's alone
    /// (`Service::patience_table`).
    pub live: Option<LiveFn>,
    pub command: CommandFn,
    pub component: ComponentFn,
    pub suggestions: SuggestFn,
}

/// The games a service serves: the five, and the unlisted games it is
/// given (as boardgame.io's `Server({ games })`), by name, in order so
/// that a search over them is the same every time.
#[derive(Clone)]
pub struct Registry {
    /// The paths of the five, in `GameKind::ALL`'s order.
    pub(super) listed: Vec<Paths>,
    pub(super) unlisted: BTreeMap<&'static str, (&'static Unlisted, Paths)>,
}

impl Registry {
    /// Every kind's paths: the listed ones in their order, then the
    /// unlisted ones.
    fn all(&self) -> impl Iterator<Item = &Paths> + '_ {
        (self.listed.iter()).chain(self.unlisted.values().map(|(_, paths)| paths))
    }

    /// Every kind served: the listed ones in their order, then the
    /// unlisted ones. The front ends' lists of games come from here.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.all().map(|paths| paths.kind)
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

    /// The games with a daily challenge, in the registry's order.
    pub fn daily_kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.kinds().filter(|kind| kind.has_daily())
    }

    /// The stored names of the games with a daily challenge: `/daily`'s
    /// choices.
    pub(super) fn dailies(&self) -> Vec<&'static str> {
        self.daily_kinds().map(Kind::as_str).collect()
    }

    /// The games with a leaderboard: the dailies, then the rated games.
    pub fn leaderboards(&self) -> Vec<&'static str> {
        let rated = self.kinds().filter(|kind| kind.is_rated()).map(Kind::as_str);
        self.dailies().into_iter().chain(rated).collect()
    }

    /// The door of a patience kind served here; `None` for any other.
    pub(super) fn patience(&self, kind: Kind) -> Option<Door> {
        self.paths(kind)?.patience
    }

    /// What a tournament asks of a kind served here; `None` for a kind no
    /// tournament plays but as an event's patience.
    pub(super) fn tournament(&self, kind: Kind) -> Option<TournamentDoor> {
        self.paths(kind)?.tournament
    }

    /// The unlisted games, whose rows the service's store must read.
    pub(super) fn unlisted(&self) -> Vec<&'static Unlisted> {
        self.unlisted.values().map(|(entry, _)| *entry).collect()
    }

    /// The paths of `kind`: `None` for an unlisted kind not served here.
    pub(super) fn paths(&self, kind: Kind) -> Option<Paths> {
        self.all().find(|paths| paths.kind == kind).copied()
    }

    /// The doors of a listed game.
    pub(super) fn doors(&self, kind: GameKind) -> Doors {
        let paths = self.paths(kind.into()).expect("every listed game is served");
        paths.doors.expect("every listed game has its doors")
    }

    /// The kinds of two or more players served here: the listed ones, then
    /// the unlisted ones.
    pub(super) fn multiplayer_kinds(&self) -> Vec<Kind> {
        self.kinds().filter(|kind| !kind.is_patience()).collect()
    }
}

/// Where a new patience's deal comes from, which decides what it counts for.
pub(crate) enum Dealt {
    /// The day's deal: ranked if it is the player's first of the day.
    Daily(DailyAttempt),
    /// A random deal: it counts in the player's stats.
    Random,
    /// A seed or deck order the player chose (or a deal they have seen):
    /// it counts nowhere, since they could study it beforehand.
    Chosen,
}

/// How an action reached the service, which decides how the reply shows:
/// a click changes the board in place; a typed move edits the board and
/// answers the typer privately.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Via {
    Typed,
    Click,
}

/// The first sentence of a new deal's reply, told whether it is ranked.
pub(crate) type Intro<'a> = Box<dyn FnOnce(bool) -> String + Send + 'a>;

/// What a player asks of a patience of theirs.
pub(crate) enum Ask {
    /// An action in notation, on the board's version when clicked.
    Act(String, Option<i64>, Via),
    Hint(Via),
    /// The board again in place in this view (on the clicked version):
    /// nothing is played.
    Show(View, Option<i64>),
    /// Where the finished game went wrong.
    Review,
    /// A new game from the finished one's options, or (`true`) its deal.
    Again(bool),
}

/// What the service asks of a patience whose type only its kind names,
/// through its door.
pub(crate) enum Asked<'a> {
    /// `/solitaire new` of this patience, its options to be checked.
    New(&'a Request, &'a Options),
    /// The deal of `seed` at the day's level or variant (the registry's),
    /// started for the requester as `dealt` says.
    Daily(&'a Request, u64, Dealt, Intro<'a>),
    /// A stored game's board with `text`, privately when contested.
    Board(GameRow, String),
    /// The board as a front end played on the picture shows it.
    Table(GameRow),
    /// What the player asks of their game, already found as theirs.
    Player(&'a Request, GameRow, Ask),
}

/// A deal's winning line in notation and its replay, if the solver finds one.
pub(crate) type Solution = Option<(Vec<String>, Option<Image>)>;
type SolutionFn = fn(u64, bool) -> Solution;
type AskedFn = for<'a> fn(&'a Service, Asked<'a>) -> Boxed<'a, ServiceResult<Reply>>;
type StartedFn = for<'a> fn(
    &'a Service,
    Place<'a>,
    &'a User,
    u64,
    Vec<(&'a str, serde_json::Value)>,
    DateTime<Utc>,
) -> Boxed<'a, ServiceResult<GameRow>>;

/// A patience's own paths, which its type alone knows: the way from a
/// stored row's kind, a command's `game` or a day's challenge to the code
/// written for its type (`solitaire::door` makes them).
#[derive(Clone, Copy)]
pub(crate) struct Door {
    /// What the service asks of a game of this patience.
    pub asked: AskedFn,
    /// The row of the deal of `seed` at the day's level or variant, under
    /// way from `at` for `owner` at `place` (an event's deal), `notes` kept
    /// beside its setup (see `Service::started_table`).
    pub started_daily: StartedFn,
    /// The solver's winning line of that deal and its replay; blocking.
    pub solution: SolutionFn,
}

/// A public board reply turned into a private answer (`text`) and, first
/// among its posts, the board as an edit of the game's board message, so
/// the channel gets no new message.
pub(crate) fn answered_privately(mut reply: Reply, channel: &str, text: String) -> Reply {
    let (game, mut posts) = (reply.game.take(), std::mem::take(&mut reply.posts));
    let edit = game.as_ref().map(|g| g.id.clone());
    posts.insert(
        0,
        Post {
            edit,
            ..board_post(reply, channel)
        },
    );
    Reply {
        ephemeral: true,
        text,
        game,
        posts,
        ..Reply::default()
    }
}

/// A board reply (its text, image and components) as a post to `channel`.
pub(crate) fn board_post(reply: Reply, channel: &str) -> Post {
    Post {
        channel: channel.to_string(),
        text: reply.text,
        image: reply.image,
        components: reply.components,
        ..Post::default()
    }
}

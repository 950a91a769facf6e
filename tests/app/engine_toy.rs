//! The engine serves a game it was never told of: three-heap Nim, written
//! against `rules::Game` alone and stored under an unlisted kind, is
//! opened, joined, declined, started, played, refused, timed out and
//! recorded through `service::engine`, with no line of its own in the
//! service.
//!
//! Nim's rule: take any number of objects from one heap; who takes the
//! last object wins.

use crate::common;

use antics::rules::{Game, Kind, Unlisted};
use antics::service::engine::{
    open_seat, Filling, Left, Logged, Seating, Served, Table, Target, Worded, OPEN_SEAT,
};
use antics::service::{
    Config, Ending, ErrorCode, GameResult, Input, Registry, Request, Service, ServiceError, ServiceResult,
    User, UserError,
};
use antics::store::{ActionRow, GameRow, GameStatus, Store, StoredResult};
use chrono::{DateTime, Duration, Utc};
use common::nim::{Nim, NimError, Player, Take};
use serde::{Deserialize, Serialize};

const NIM: Unlisted = Unlisted {
    name: "nim",
    title: "Nim",
    players: (2, 2),
    daily: false,
};

/// The log entry of a seat out of time.
const TIMEOUT: &str = "timeout";

/// Who plays first and who second.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Pair {
    first: User,
    second: User,
}

impl Seating<Player> for Pair {
    fn user(&self, seat: Player) -> &User {
        match seat {
            Player::First => &self.first,
            Player::Second => &self.second,
        }
    }

    fn seat_of(&self, user_id: &str) -> Option<Player> {
        [Player::First, Player::Second]
            .into_iter()
            .find(|seat| self.user(*seat).id == user_id)
    }
}

/// A Nim challenge: the first seat's, and the second for the named
/// opponent or, open, for whoever joins first.
impl Filling<Player> for Pair {
    fn owner(&self) -> &User {
        &self.first
    }

    fn guest(&self) -> Option<&User> {
        Some(&self.second).filter(|second| second.id != OPEN_SEAT)
    }

    fn taken(&self) -> usize {
        1 + usize::from(self.second.id != OPEN_SEAT)
    }

    fn sit(&mut self, user: &User) {
        self.second = user.clone();
    }

    fn stand(&mut self, seat: Player) {
        match seat {
            Player::First => self.first = open_seat(),
            Player::Second => self.second = open_seat(),
        }
    }
}

impl Logged for Nim {
    type Seats = Pair;

    fn play_logged(&mut self, seats: &Pair, entry: &ActionRow) -> anyhow::Result<bool> {
        antics::service::engine::play_seated(self, seats, entry)
    }
}

impl Served for Nim {
    const KIND: Kind = Kind::Unlisted(&NIM);
    const START: &'static str = "Challenge someone to start one.";
    const PENDING: &'static str = "challenge";
    type Stored = [u8; 3];

    fn dealt(_: &GameRow, heaps: &[u8; 3], _: &Pair) -> Option<anyhow::Result<Nim>> {
        Some(Nim::start(heaps).map_err(Into::into))
    }

    /// Ten minutes a turn: the engine's sweep times a seat out.
    fn turn_clock(_: &Config) -> Option<std::time::Duration> {
        Some(std::time::Duration::from_secs(10 * 60))
    }

    fn timeout_entry(&self, _: Player) -> String {
        TIMEOUT.into()
    }
}

impl Worded<Player> for NimError {
    fn worded(self, name: &dyn Fn(Player) -> String) -> UserError {
        match self {
            NimError::NotYourTurn(seat) => {
                UserError::not_your_turn(format!("It is not {}'s turn.", name(seat)))
            }
            NimError::Illegal(why) => UserError::illegal(why),
        }
    }
}

/// A store that reads Nim's rows beside the five's, as a service given
/// Nim reads them.
async fn nim_store() -> Store {
    Store::in_memory().await.unwrap().reading(vec![&NIM])
}

/// A service of the five games and Nim: the registry is a value it is
/// given, not a list kept by the process.
fn serving(store: &Store, config: Config) -> Service {
    Service::with_games(store.clone(), config, Registry::default().with::<Nim>())
}

fn at(minutes: i64) -> DateTime<Utc> {
    common::service::at("2026-03-01T12:00:00Z") + Duration::minutes(minutes)
}

fn request(user: &User, minutes: i64) -> Request {
    Request {
        user: user.clone(),
        ..common::service::request(
            &user.id,
            at(minutes),
            Input::command("nim", &[] as &[(&str, &str)]),
        )
    }
}

/// A take, played through the engine as `user` would play it.
async fn take(
    service: &Service,
    user: &User,
    minutes: i64,
    notation: &str,
    at_version: Option<i64>,
) -> Result<Table<Nim>, ErrorCode> {
    let take: Take = notation.parse().expect("a take");
    let apply = |nim: &mut Nim, seat| nim.act(seat, &take).map(|()| (take.to_string(), ()));
    service
        .play::<Nim, ()>(&request(user, minutes), Target::Channel, at_version, apply)
        .await
        .map(|played| played.table)
        .map_err(|e| match e {
            antics::service::ServiceError::User(e) => e.code,
            antics::service::ServiceError::Internal(e) => panic!("internal error: {e:#}"),
        })
}

fn players() -> (User, User, Pair) {
    let alice = User::new("alice", "alice");
    let bob = User::new("bob", "bob");
    let pair = Pair {
        first: alice.clone(),
        second: bob.clone(),
    };
    (alice, bob, pair)
}

#[tokio::test]
async fn the_engine_serves_a_game_outside_the_registry() {
    let store = nim_store().await;
    let service = serving(&store, Config::default());
    let (alice, bob, pair) = players();
    let carol = User::new("carol", "carol");

    // Opened: a pending table under the unlisted kind, holding the channel.
    let mut table = service
        .open_table::<Nim>(&request(&alice, 0), [1, 2, 3], pair.clone())
        .await
        .unwrap();
    assert_eq!(table.row.kind, Kind::Unlisted(&NIM));
    assert_eq!(table.row.status, GameStatus::Pending);
    assert!(table.row.expires_at.is_some(), "a challenge expires");
    let again = service
        .open_table::<Nim>(&request(&bob, 0), [1, 1, 1], pair.clone())
        .await;
    assert!(matches!(again, Err(antics::service::ServiceError::User(e)) if e.code == ErrorCode::BusyChannel));
    assert_eq!(
        take(&service, &alice, 1, "3:3", None).await.err(),
        Some(ErrorCode::NotYourTurn)
    );

    // Started: its first save puts it under way, with the first player to move.
    service
        .save_turn(&mut table, at(1), vec![])
        .await
        .unwrap()
        .unwrap();
    assert_eq!(table.row.status, GameStatus::Active);
    assert_eq!(
        table.row.expires_at,
        Some(at(11).timestamp_millis()),
        "the first player has ten minutes"
    );
    let summary = table.summary();
    assert_eq!(summary.to_move.as_deref(), Some("alice"));
    assert_eq!(summary.legal.len(), 6, "1 + 2 + 3 takes");
    let started = table.row.version;

    // Refused: out of turn, not a player, a take the heap forbids, an old board.
    assert_eq!(
        take(&service, &bob, 2, "3:1", None).await.err(),
        Some(ErrorCode::NotYourTurn)
    );
    assert_eq!(
        take(&service, &carol, 2, "3:1", None).await.err(),
        Some(ErrorCode::NotAPlayer)
    );
    assert_eq!(
        take(&service, &alice, 2, "1:2", None).await.err(),
        Some(ErrorCode::IllegalAction)
    );
    let played = take(&service, &alice, 2, "3:3", Some(started)).await.unwrap();
    assert_eq!(played.game().view(None), [1, 2, 0]);
    assert_eq!(
        take(&service, &bob, 3, "2:2", Some(started)).await.err(),
        Some(ErrorCode::Conflict)
    );

    // Played to the end: "who takes the last object wins".
    take(&service, &bob, 3, "2:2", None).await.unwrap();
    // `/record` in the channel: the engine writes it, with no line of the
    // game's own (its seats, the result so far, the log by seat).
    let record = service
        .handle(&Request {
            input: Input::command("record", &[] as &[(&str, &str)]),
            ..request(&carol, 3)
        })
        .await;
    let id = &table.row.id;
    assert_eq!(
        record.text,
        format!(
            "[Game \"Nim\"]\n[Id \"{id}\"]\n[first \"alice\"]\n[second \"bob\"]\n\
             [Result \"in progress\"]\n\nfirst: 3:3\nsecond: 2:2"
        )
    );
    let shown = record.game.expect("the game it records");
    assert_eq!(
        shown.to_move.as_deref(),
        Some("alice"),
        "summarised by the engine"
    );
    let over = take(&service, &alice, 4, "1:1", None).await.unwrap();
    assert_eq!(over.row.status, GameStatus::Finished);
    // Its record once over: the channel's last game, found among the
    // kinds served here.
    let record = service
        .handle(&Request {
            input: Input::command("record", &[] as &[(&str, &str)]),
            ..request(&carol, 4)
        })
        .await;
    assert!(
        record.text.contains("[Result \"alice (first) wins\"]") && record.text.ends_with("first: 1:1"),
        "{}",
        record.text
    );
    let result = over.summary().result.expect("a result");
    assert_eq!(result.outcome, Ending::Win);
    assert_eq!(result.winner.as_deref(), Some("alice"));
    assert_eq!(result.detail, "alice (first) wins");
    let Some(StoredResult::Seated { winner_id, .. }) = &over.row.result else {
        panic!("a seated game's result: {:?}", over.row.result);
    };
    assert_eq!(
        winner_id.as_deref(),
        Some("alice"),
        "the stored result names the winner by id"
    );
    assert_eq!(
        take(&service, &bob, 5, "1:1", None).await.err(),
        Some(ErrorCode::GameOver)
    );

    // Its record: the log, in canonical notation, replays on a fresh service.
    let log: Vec<(String, String)> = store
        .actions(&over.row.id)
        .await
        .unwrap()
        .into_iter()
        .map(|entry| (entry.user_id, entry.notation))
        .collect();
    let expected = [("alice", "3:3"), ("bob", "2:2"), ("alice", "1:1")];
    assert_eq!(log, expected.map(|(u, n)| (u.to_string(), n.to_string())));
    let fresh = serving(&store, Config::default());
    let replayed = fresh.load_table::<Nim>(over.row.clone()).await.unwrap();
    assert_eq!(replayed.game().outcome().as_deref(), Some("first wins"));

    // A service of the five alone, on the same database, was not given Nim:
    // its rows are unreadable there, whatever another service serves.
    let five = Service::new(store.clone(), Config::default());
    assert!(matches!(
        five.store().game(&over.row.id).await,
        Err(antics::store::StoreError::Unreadable { field: "kind", .. })
    ));
}

#[tokio::test]
async fn a_seat_out_of_time_forfeits_through_the_engine() {
    let store = nim_store().await;
    let service = serving(&store, Config::default());
    let (alice, _, pair) = players();
    let mut table = service
        .open_table::<Nim>(&request(&alice, 0), [2, 2, 2], pair)
        .await
        .unwrap();
    service
        .save_turn(&mut table, at(0), vec![])
        .await
        .unwrap()
        .unwrap();
    let table = take(&service, &alice, 1, "1:2", None).await.unwrap();

    // Bob, to move, lets his ten minutes pass: the sweep times him out
    // through the engine, he forfeits and Alice wins.
    let posts = service.tick(at(12)).await;
    let texts: Vec<&str> = posts.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(
        texts,
        ["bob (second) ran out of time. **Game over**: alice (first) wins."]
    );
    let timed = service
        .load_table::<Nim>(store.game(&table.row.id).await.unwrap().unwrap())
        .await
        .unwrap();
    assert_eq!(timed.row.status, GameStatus::Finished);
    assert_eq!(timed.row.expires_at, None, "a finished game keeps no clock");
    let result: GameResult = timed.summary().result.expect("a result");
    assert_eq!(result.winner.as_deref(), Some("alice"));
    assert!(service.tick(at(13)).await.is_empty(), "timed out once");
    let forfeit = |nim: &mut Nim, seat| anyhow::Ok(nim.forfeit(seat));
    let idle = 13;

    // The same timeout again finds no one to time out: the game is over.
    let again = service
        .time_out::<Nim, _>(&timed.row, at(idle + 1), forfeit)
        .await
        .unwrap();
    assert!(again.is_none());

    // The log keeps the timeout, and replays to the same end.
    let log = store.actions(&timed.row.id).await.unwrap();
    assert_eq!(
        log.last().map(|e| (e.user_id.as_str(), e.notation.as_str())),
        Some(("bob", TIMEOUT))
    );
    let fresh = serving(&store, Config::default());
    let replayed = fresh.load_table::<Nim>(timed.row.clone()).await.unwrap();
    assert_eq!(replayed.game().outcome().as_deref(), Some("first wins"));
}

#[tokio::test]
async fn an_unanswered_table_expires_through_the_engine() {
    let store = nim_store().await;
    let config = Config::default();
    let ttl = config.challenge_ttl;
    let service = serving(&store, config);
    let (alice, bob, pair) = players();
    let table = service
        .open_table::<Nim>(&request(&alice, 0), [1, 2, 3], pair)
        .await
        .unwrap();
    assert_eq!(
        table.row.expires_at,
        Some(at(0).timestamp_millis() + ttl.as_millis() as i64)
    );

    // Nobody answered in time: the sweep ends it in the engine's words.
    let after = (ttl.as_secs() / 60) as i64 + 1;
    let posts = service.tick(at(after)).await;
    let texts: Vec<&str> = posts.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(texts, ["The challenge expired before it started."]);
    let row = store.game(&table.row.id).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Cancelled);
    let result: &GameResult = row.result.as_ref().unwrap().result();
    assert_eq!(result.outcome, Ending::Expired);
    assert!(service.tick(at(after + 1)).await.is_empty(), "expired once");
    assert_eq!(
        take(&service, &bob, after + 2, "1:1", None).await.err(),
        Some(ErrorCode::GameOver)
    );
}

/// `user` joins the channel's table at `minutes`.
async fn join(
    service: &Service,
    user: &User,
    minutes: i64,
    at_version: Option<i64>,
) -> ServiceResult<(Table<Nim>, Player)> {
    let req = request(user, minutes);
    service.join_table::<Nim>(&req, Target::Channel, at_version).await
}

/// `user` starts the channel's table.
async fn start(service: &Service, user: &User) -> ServiceResult<Table<Nim>> {
    service
        .start_table::<Nim>(&request(user, 1), Target::Channel, None)
        .await
}

/// `user` leaves the channel's table at `minutes`.
async fn leave(service: &Service, user: &User, minutes: i64) -> ServiceResult<Left<Nim>> {
    service
        .leave_table::<Nim>(&request(user, minutes), Target::Channel)
        .await
}

/// A seat step's refusal, as the user reads it.
fn refusal<T>(result: ServiceResult<T>) -> UserError {
    match result {
        Err(ServiceError::User(e)) => e,
        Err(ServiceError::Internal(e)) => panic!("internal error: {e:#}"),
        Ok(_) => panic!("accepted, not refused"),
    }
}

#[tokio::test]
async fn a_named_guest_accepts_by_joining_and_the_table_starts() {
    let store = nim_store().await;
    let service = serving(&store, Config::default());
    let (alice, bob, pair) = players();
    let carol = User::new("carol", "carol");
    let opened = service
        .open_table::<Nim>(&request(&alice, 0), [1, 2, 3], pair)
        .await
        .unwrap();

    // "Only the named guest may join, by accepting": not a stranger, nor
    // the one who opened it.
    let stranger = refusal(join(&service, &carol, 1, None).await);
    assert_eq!(stranger.code, ErrorCode::NotAPlayer);
    assert_eq!(stranger.message, "This challenge is not addressed to you.");
    let owner = refusal(join(&service, &alice, 1, None).await);
    assert_eq!(owner.message, "Only bob can accept this challenge.");
    assert_eq!(
        refusal(start(&service, &alice).await).message,
        "Only bob can accept this challenge.",
        "nor does its owner start it"
    );
    let stale = refusal(join(&service, &bob, 1, Some(opened.row.version + 1)).await);
    assert_eq!(stale.code, ErrorCode::Conflict, "a click on an old board");

    // "A table of a fixed number of seats starts when its last is taken":
    // Bob's acceptance deals it, the first seat to move, its clock running.
    let (table, seat) = join(&service, &bob, 1, Some(opened.row.version)).await.unwrap();
    assert_eq!(seat, Player::Second);
    assert_eq!(table.row.status, GameStatus::Active);
    assert_eq!(table.summary().to_move.as_deref(), Some("alice"));
    assert_eq!(table.row.expires_at, Some(at(11).timestamp_millis()));
    let again = refusal(join(&service, &bob, 1, None).await);
    assert_eq!(
        (again.code, again.message.as_str()),
        (ErrorCode::IllegalAction, "The game has already started.")
    );

    // Once under way, leaving is the game's own: Nim has no such action.
    let left = leave(&service, &bob, 2).await;
    assert!(matches!(left, Ok(Left::Playing(_, Player::Second))));
    take(&service, &alice, 2, "3:3", None).await.unwrap();
}

#[tokio::test]
async fn an_open_seat_is_taken_by_whoever_joins_first() {
    let store = nim_store().await;
    let service = serving(&store, Config::default());
    let (alice, bob, _) = players();
    let carol = User::new("carol", "carol");
    let pair = Pair {
        first: alice.clone(),
        second: open_seat(),
    };
    let opened = service
        .open_table::<Nim>(&request(&alice, 0), [1, 1, 1], pair)
        .await
        .unwrap();
    assert_eq!(opened.row.status, GameStatus::Pending);
    assert_eq!(
        refusal(join(&service, &alice, 1, None).await).message,
        "You are already in this game."
    );
    assert_eq!(
        refusal(start(&service, &alice).await).message,
        "Nim needs at least 2 players: wait for someone to join."
    );
    let (table, seat) = join(&service, &carol, 1, None).await.unwrap();
    assert_eq!(seat, Player::Second);
    assert_eq!(table.row.status, GameStatus::Active);
    assert_eq!(table.user(Player::Second), &carol, "the seat is Carol's now");
    let stored = store.game(&table.row.id).await.unwrap().unwrap();
    assert!(stored.players.contains("carol"), "{}", stored.players);
    assert_eq!(
        refusal(join(&service, &bob, 1, None).await).code,
        ErrorCode::IllegalAction
    );
    assert_eq!(
        take(&service, &carol, 2, "1:1", None).await.err(),
        Some(ErrorCode::NotYourTurn)
    );
    take(&service, &alice, 2, "1:1", None).await.unwrap();
    take(&service, &carol, 3, "2:1", None).await.unwrap();
}

#[tokio::test]
async fn a_challenge_is_declined_or_withdrawn_by_leaving_it() {
    let store = nim_store().await;
    let service = serving(&store, Config::default());
    let (alice, bob, pair) = players();
    let carol = User::new("carol", "carol");

    // "Its named guest leaving declines it": the table closes and frees
    // the channel; a stranger has no seat to leave.
    let declined = service
        .open_table::<Nim>(&request(&alice, 0), [1, 2, 3], pair.clone())
        .await
        .unwrap();
    let stranger = refusal(leave(&service, &carol, 1).await);
    assert_eq!(
        (stranger.code, stranger.message.as_str()),
        (ErrorCode::NotAPlayer, "You are not playing in this game.")
    );
    let Ok(Left::Closed(table, ending)) = leave(&service, &bob, 1).await else {
        panic!("declined");
    };
    assert_eq!(ending, Ending::Declined);
    assert_eq!(table.row.status, GameStatus::Cancelled);
    let row = store.game(&declined.row.id).await.unwrap().unwrap();
    let result: &GameResult = row.result.as_ref().unwrap().result();
    assert_eq!(
        (result.outcome, result.detail.as_str()),
        (Ending::Declined, "challenge declined")
    );
    let late = service
        .join_table::<Nim>(&request(&bob, 2), Target::Id(&declined.row.id), None)
        .await;
    assert_eq!(
        refusal(late).message,
        "That challenge is closed. Challenge someone to start one."
    );

    // "The owner leaving withdraws it."
    let withdrawn = service
        .open_table::<Nim>(&request(&alice, 3), [1, 2, 3], pair)
        .await
        .unwrap();
    let Ok(Left::Closed(_, ending)) = leave(&service, &alice, 4).await else {
        panic!("withdrawn");
    };
    assert_eq!(ending, Ending::Withdrawn);
    let row = store.game(&withdrawn.row.id).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Cancelled);
}

#[tokio::test]
async fn a_table_past_its_time_refuses_to_fill_before_the_sweep_closes_it() {
    let store = nim_store().await;
    let config = Config::default();
    let after = (config.challenge_ttl.as_secs() / 60) as i64 + 1;
    let service = serving(&store, config);
    let (alice, bob, pair) = players();
    service
        .open_table::<Nim>(&request(&alice, 0), [1, 2, 3], pair)
        .await
        .unwrap();
    let late = refusal(join(&service, &bob, after, None).await);
    assert_eq!(
        (late.code, late.message.as_str()),
        (
            ErrorCode::Expired,
            "That challenge has expired. Challenge someone to start one."
        )
    );
}

//! One table for seats, for every game the engine serves: a challenge is a
//! table of two seats with a named guest (or a seat open to anyone), a
//! lobby a table of two to four. Opening it (`open_table`) and its expiry
//! (`table_due`) are the engine's; so are the steps that fill it here:
//! `join_table`, `start_table` and `leave_table`.
//!
//! A table of a fixed number of seats (a challenge) starts when its last
//! seat is taken; a table of a range (a lobby) is started by its owner.
//! The owner leaving withdraws it and its named guest leaving declines it;
//! anyone else gives their seat up. Each game words the refusals
//! (`Served::unseated`), or leaves them to the engine's words.

use crate::protocol::types::{Ending, GameResult, Request, User};
use crate::rules::Kind;
use crate::service::base::Service;
use crate::service::engine::multiplayer::Target;
use crate::service::engine::state::ended_update;
use crate::service::engine::{check_version, Seating, Served, Table};
use crate::service::error::{ServiceResult, UserError};
use crate::store::{GameRow, GameStatus, GameUpdate, StoreError, StoredResult};
use anyhow::Context;
use chrono::{DateTime, Utc};
use serde::Serialize;

/// The id of a seat kept for whoever joins first (never a Discord id nor a
/// script name, which cannot start with `~`).
pub const OPEN_SEAT: &str = "~open";

/// A seat kept for whoever joins first.
pub fn open_seat() -> User {
    User::new(OPEN_SEAT, "anyone")
}

/// The seats of a table that fills before it starts.
pub trait Filling<Seat: Copy + std::fmt::Display>: Seating<Seat> {
    /// Who opened the table: they start it, and it closes when they leave.
    fn owner(&self) -> &User;

    /// The one guest a challenge names, already in their seat: only they
    /// may join, by accepting. `None` when the seats are for anyone.
    fn guest(&self) -> Option<&User> {
        None
    }

    /// How many seats are taken (an open seat is not).
    fn taken(&self) -> usize;

    /// `user` takes a free seat.
    fn sit(&mut self, user: &User);

    /// `seat` is given up, and free again.
    fn stand(&mut self, seat: Seat);
}

/// Why a step on a table's seats is refused: each game words it
/// (`Served::unseated`), or leaves it to the engine's words (`worded`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unseated {
    /// Its time ran out; the sweep has not closed it yet.
    Expired,
    /// It was closed: withdrawn, declined, or (`expired`) out of time.
    Closed { expired: bool },
    /// Its game is under way.
    Started,
    /// Its game is over.
    Over,
    /// The requester has a seat already.
    Seated,
    /// The table names its guest (by name), and only they answer it: the
    /// requester is someone else (`seated`: its owner).
    NotInvited { guest: String, seated: bool },
    /// Every seat is taken.
    Full,
    /// Only its owner (named) starts it.
    NotOwner(String),
    /// Too few seats are taken to start.
    TooFew,
    /// The requester has no seat.
    NotSeated,
    /// The requester has a seat, but the game has not started.
    NotStarted,
    /// The stored setup deals no game for these seats, and why.
    Undealt(String),
}

impl Unseated {
    /// The engine's words for a table of `G`.
    pub fn worded<G: Served>(self) -> UserError {
        let what = G::PENDING;
        match self {
            Unseated::Expired | Unseated::Closed { expired: true } => {
                UserError::expired(format!("That {what} has expired. {}", G::START))
            }
            Unseated::Closed { expired: false } => {
                UserError::expired(format!("That {what} is closed. {}", G::START))
            }
            Unseated::Started => UserError::illegal("The game has already started."),
            Unseated::Over => UserError::game_over("That game is over."),
            Unseated::Seated => UserError::illegal("You are already in this game."),
            Unseated::NotInvited { guest, seated: true } => {
                UserError::not_a_player(format!("Only {guest} can accept this {what}."))
            }
            Unseated::NotInvited { seated: false, .. } => {
                UserError::not_a_player(format!("This {what} is not addressed to you."))
            }
            Unseated::Full => UserError::illegal("The game is full."),
            Unseated::NotOwner(owner) => {
                UserError::not_a_player(format!("Only {owner}, who opened it, can start the game."))
            }
            Unseated::TooFew => UserError::illegal(format!(
                "{} needs at least {} players: wait for someone to join.",
                G::KIND.title(),
                G::SEATS.0
            )),
            Unseated::NotSeated => UserError::not_a_player("You are not playing in this game."),
            Unseated::NotStarted => UserError::not_your_turn("The game has not started yet."),
            Unseated::Undealt(why) => UserError::bad_option(format!("That deal cannot start a game: {why}.")),
        }
    }
}

/// What leaving a table came to.
pub enum Left<G: Served> {
    /// Its owner withdrew it, or its named guest declined it: it is closed.
    Closed(Table<G>, Ending),
    /// A seat was given up; the table waits on.
    Stood(Table<G>),
    /// The game is under way: leaving it is the game's own action (Atta
    /// Ants' `leave`), or refused (`Unseated::Started`).
    Playing(Table<G>, G::Seat),
}

impl<G: Served> Table<G> {
    /// A step refused, in the game's words.
    pub fn unseated(&self, why: Unseated) -> UserError {
        G::unseated(why, &self.seats)
    }

    /// Whether the table still fills at `at`: not expired, closed, started
    /// or over.
    fn filling(&self, at: DateTime<Utc>) -> Result<(), UserError> {
        let why = match self.row.status {
            GameStatus::Pending if self.row.expires_at.is_some_and(|t| t <= at.timestamp_millis()) => {
                Unseated::Expired
            }
            GameStatus::Pending => return Ok(()),
            GameStatus::Cancelled => Unseated::Closed {
                expired: self.ended_result().is_some_and(|r| r.outcome == Ending::Expired),
            },
            GameStatus::Finished => Unseated::Over,
            GameStatus::Active | GameStatus::Deploying => Unseated::Started,
        };
        Err(self.unseated(why))
    }

    /// The table goes under way: its game dealt for the seats now taken (a
    /// lobby deals when it starts), for `Service::save_turn` to save.
    pub fn deal(&mut self) -> ServiceResult<&mut G> {
        self.row.status = GameStatus::Active;
        if self.game.is_none() {
            let dealt = G::dealt(&self.row, &self.setup, &self.seats).context("a started table deals")?;
            self.game = Some(dealt.map_err(|e| self.unseated(Unseated::Undealt(e.to_string())))?);
        }
        Ok(self.game_mut())
    }

    /// The row keeps the seats as they now are.
    fn seats_changed(&mut self) -> anyhow::Result<()> {
        self.row.players = serde_json::to_string(&self.seats).context("seats to json")?;
        Ok(())
    }
}

impl Service {
    /// The requester takes a seat at the table `target` names: its named
    /// guest accepts, or anyone takes a free seat. A table of a fixed number
    /// of seats (a challenge) starts once they are all taken; a lobby waits
    /// for its owner. A click on an old board (`at_version`) is refused.
    pub async fn join_table<G: Served>(
        &self,
        req: &Request,
        target: Target<'_>,
        at_version: Option<i64>,
    ) -> ServiceResult<(Table<G>, G::Seat)>
    where
        G::Seats: Filling<G::Seat>,
    {
        self.retrying(|| async move {
            let mut table = self.find_table::<G>(req, &target).await?;
            table.filling(req.at)?;
            check_version(&table.row, at_version)?;
            let seated = table.seat_of(&req.user.id).is_some();
            let refused = match table.seats.guest() {
                Some(guest) if guest.id == req.user.id => None,
                Some(guest) => Some(Unseated::NotInvited {
                    guest: guest.name.clone(),
                    seated,
                }),
                None if seated => Some(Unseated::Seated),
                None if table.seats.taken() >= G::SEATS.1 => Some(Unseated::Full),
                None => {
                    table.seats.sit(&req.user);
                    table.seats_changed()?;
                    None
                }
            };
            if let Some(why) = refused {
                return Err(table.unseated(why).into());
            }
            let seat = table.seat_of(&req.user.id).context("the seat just taken")?;
            let (fewest, most) = G::SEATS;
            let saved = if fewest == most && table.seats.taken() == most {
                table.deal()?;
                self.save_turn(&mut table, req.at, vec![]).await?
            } else {
                let update = GameUpdate::of(&table.row, req.at.timestamp_millis());
                self.save_row(&mut table.row, &update).await?
            };
            Ok(saved.map(|()| (table, seat)))
        })
        .await
    }

    /// The owner starts the table `target` names once enough seats are
    /// taken: its game is dealt and under way (a named guest starts it by
    /// accepting, never its owner). A click on an old board (`at_version`)
    /// is refused.
    pub async fn start_table<G: Served>(
        &self,
        req: &Request,
        target: Target<'_>,
        at_version: Option<i64>,
    ) -> ServiceResult<Table<G>>
    where
        G::Seats: Filling<G::Seat>,
    {
        self.retrying(|| async move {
            let mut table = self.find_table::<G>(req, &target).await?;
            check_version(&table.row, at_version)?;
            table.filling(req.at)?;
            let owner = table.seats.owner();
            if req.user.id != owner.id {
                return Err(table.unseated(Unseated::NotOwner(owner.name.clone())).into());
            }
            if let Some(guest) = table.seats.guest() {
                let guest = guest.name.clone();
                return Err(table
                    .unseated(Unseated::NotInvited { guest, seated: true })
                    .into());
            }
            if table.seats.taken() < G::SEATS.0 {
                return Err(table.unseated(Unseated::TooFew).into());
            }
            table.deal()?;
            let saved = self.save_turn(&mut table, req.at, vec![]).await?;
            Ok(saved.map(|()| table))
        })
        .await
    }

    /// The requester leaves the table `target` names: its owner withdraws
    /// it and its named guest declines it (it closes); anyone else gives
    /// their seat up. Once the game is under way, leaving is the game's
    /// (`Left::Playing`).
    pub async fn leave_table<G: Served>(&self, req: &Request, target: Target<'_>) -> ServiceResult<Left<G>>
    where
        G::Seats: Filling<G::Seat>,
    {
        self.retrying(|| async move {
            let mut table = self.find_table::<G>(req, &target).await?;
            let seat = table.seat_of(&req.user.id);
            let under_way = matches!(table.row.status, GameStatus::Active | GameStatus::Deploying);
            if !under_way {
                table.filling(req.at)?;
            }
            let Some(seat) = seat else {
                return Err(table.unseated(Unseated::NotSeated).into());
            };
            if under_way {
                return Ok(Some(Left::Playing(table, seat)));
            }
            let user = &req.user.id;
            let owner = table.seats.owner().id == *user;
            let guest = table.seats.guest().is_some_and(|guest| guest.id == *user);
            let ending = match (owner, guest) {
                (true, _) => Ending::Withdrawn,
                (false, true) => Ending::Declined,
                (false, false) => {
                    table.seats.stand(seat);
                    table.seats_changed()?;
                    let update = GameUpdate::of(&table.row, req.at.timestamp_millis());
                    let saved = self.save_row(&mut table.row, &update).await?;
                    return Ok(saved.map(|()| Left::Stood(table)));
                }
            };
            if !self.end_pending::<G>(&table.row, ending, req.at).await? {
                return Ok(None);
            }
            table.row.status = GameStatus::Cancelled;
            Ok(Some(Left::Closed(table, ending)))
        })
        .await
    }

    /// Stores a new pending game (a challenge or a lobby) of `kind` in the
    /// request's channel, owned by the requester, expiring like a challenge.
    /// Refused with `busy_channel` when the channel already has an open game.
    pub(crate) async fn open_pending_game(
        &self,
        req: &Request,
        kind: Kind,
        setup: &impl Serialize,
        players: &impl Serialize,
    ) -> ServiceResult<GameRow> {
        let setup = serde_json::to_string(setup).context("setup to json")?;
        let players = serde_json::to_string(players).context("players to json")?;
        let row = GameRow {
            multiplayer: true,
            status: GameStatus::Pending,
            expires_at: Some(req.at.timestamp_millis() + self.config.challenge_ttl.as_millis() as i64),
            ..crate::service::base::new_row(req, kind, setup, players)
        };
        match self.store.insert_game(&row).await {
            Ok(()) => {
                if let Some(at) = row.expires_at {
                    self.next_sweep.expires(at);
                }
                Ok(row)
            }
            Err(StoreError::Busy) => Err(UserError::busy_channel(
                "There is already a game in this channel; finish it first or play in a thread.",
            )
            .into()),
            Err(e) => Err(e.into()),
        }
    }

    /// Cancels a pending game that never started: `what` it was (`challenge`,
    /// `lobby`) and why (`declined`, `withdrawn`, `expired`) become its result.
    pub(crate) async fn cancel_pending(
        &self,
        row: &GameRow,
        what: &str,
        ending: Ending,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let why = serde_json::to_value(ending).expect("an ending to json");
        let result = GameResult {
            outcome: ending,
            winner: None,
            detail: format!("{what} {}", why.as_str().unwrap_or_default()),
        };
        let update = ended_update(row, at.timestamp_millis(), StoredResult::of(result));
        self.store.commit(&update).await.map(|_| ())
    }
}

/// Why a channel cannot take another game, in the words of the game that
/// holds it: a challenge (a table of fixed seats), a lobby, or a game.
pub(crate) fn busy_channel(open: &GameRow) -> UserError {
    let title = open.kind.title();
    let (fewest, most) = open.kind.players();
    let lobby = fewest != most;
    let what = match (lobby, open.status == GameStatus::Pending) {
        (true, true) => format!("an {title} lobby is open"),
        (_, true) => format!("an {title} challenge is waiting for an answer"),
        (_, false) => format!("an {title} game is under way"),
    };
    UserError::busy_channel(format!(
        "This channel is busy: {what}. Finish it first, or play in a thread."
    ))
}

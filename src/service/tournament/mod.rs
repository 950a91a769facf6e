//! `/tournament`: a server's own events. An organiser (a member who may
//! manage the channel or its messages) creates one in a channel; members
//! join with a command or the standings board's button; each round's
//! pairings start as accepted games, each in a thread of its own; a round
//! closes when its last game ends or at its deadline (an unfinished game
//! adjudicated, see `/rules game:tournament`), and the next is paired.
//!
//! Every change is a versioned write of the tournament (`Store::
//! save_tournament`), with the new round's games in the same transaction:
//! however many processes or requests get there together, a round is
//! paired once and a result counts once. A game's result is read from its
//! own row, so a result that lands as the round closes is never lost.

use super::contest;
use super::engine::state::ended_update;
use super::engine::Place;
use super::error::{ErrorCode, ServiceResult, UserError};
use crate::protocol::custom_id::ComponentId;
use crate::protocol::options;
use crate::protocol::types::*;
use crate::render::{standings_alt_text, standings_png};
use crate::rules::GameKind;
use crate::service::base::{mention, Service, TournamentDoor};
use crate::store::{GameRow, StoreError, StoredResult, TournamentRow};
use crate::tournament::event::{DEFAULT_DEALS, MAX_DEALS};
use crate::tournament::pairing::Outcome;
use crate::tournament::{Format, Refusal, Settings, Started, Status, Tournament, MAX_ROUNDS};
use anyhow::Context;
use chrono::{DateTime, Utc};
use std::time::Duration;

mod lengths;
mod words;

use lengths::arena_length;
pub use lengths::{round_length, starts};
use words::{begun_words, closes_words, finished_words, picture, players, standings_words, view};
pub use words::{duration_words, ordinal};

/// The component tag of a tournament's buttons.
pub(super) const TAG: &str = "tn";

/// The shortest and longest a round may stay open.
const ROUND_MIN: Duration = Duration::from_secs(10 * 60);
const ROUND_MAX: Duration = Duration::from_secs(7 * 24 * 3600);
/// The shortest, longest and usual length of an arena.
const ARENA_MIN: Duration = Duration::from_secs(20 * 60);
const ARENA_MAX: Duration = Duration::from_secs(3 * 3600);
const ARENA_USUAL: Duration = Duration::from_secs(3600);
/// How far ahead a start may be set.
const STARTS_MAX: Duration = Duration::from_secs(30 * 24 * 3600);
/// How many tournaments `/tournament list` shows.
const LISTED: i64 = 10;
/// How many of a server's latest tournaments `/stats` looks through.
const STATS_SCANNED: i64 = 200;

/// A tournament as loaded: its row and its state.
struct Held {
    row: TournamentRow,
    t: Tournament,
}

/// The standings board as a post, and the tournament it shows.
struct StandingsBoard {
    post: Post,
    view: TournamentView,
}

/// What a change did, for the words of its reply.
struct Changed<T> {
    held: Held,
    value: T,
    /// The posts of the games it started and of the round it moved on.
    posts: Vec<Post>,
}

impl From<Refusal> for UserError {
    fn from(refusal: Refusal) -> UserError {
        let code = match refusal {
            Refusal::AlreadyIn | Refusal::Left | Refusal::Closed | Refusal::Started | Refusal::Full => {
                ErrorCode::IllegalAction
            }
            Refusal::NotIn => ErrorCode::NotAPlayer,
            Refusal::Over => ErrorCode::GameOver,
            Refusal::TooFew(_) | Refusal::NotStarted | Refusal::NoSuchDeal(_) => ErrorCode::IllegalAction,
        };
        UserError::new(code, refusal.to_string())
    }
}

impl Service {
    pub(super) async fn tournament_command(
        &self,
        req: &Request,
        sub: &str,
        typed: &str,
        opts: &Options,
    ) -> ServiceResult<Reply> {
        match sub {
            "create" => self.create_tournament(req, opts).await,
            "join" => self.join_tournament(req, opts, None).await,
            "leave" => self.leave_tournament(req, opts, None).await,
            "start" => self.start_tournament(req, opts, None).await,
            "standings" => self.tournament_standings(req, opts).await,
            "list" => self.list_tournaments(req, opts).await,
            "cancel" => self.cancel_tournament(req, opts).await,
            _ => Err(UserError::unknown_command(
                &format!("/tournament {typed}"),
                "/tournament create, join, leave, start, standings, list or cancel",
            )
            .into()),
        }
    }

    /// A click on a standings board: Join, Leave, Start, or an event's
    /// deal.
    pub(super) async fn tournament_component(&self, req: &Request, id: &ComponentId) -> ServiceResult<Reply> {
        let named = Some(id.id.as_str());
        let none = Options::new();
        if let Some(deal) = id.verb.strip_prefix("deal.") {
            let deal = deal
                .parse()
                .map_err(|_| UserError::no_game("That button names no deal."))?;
            return self.play_event_deal(req, &id.id, deal).await;
        }
        let reply = match id.verb.as_str() {
            "join" => self.join_tournament(req, &none, named).await?,
            "leave" => self.leave_tournament(req, &none, named).await?,
            "start" => self.start_tournament(req, &none, named).await?,
            _ => {
                return Err(UserError::no_game("That button does not belong to a tournament I know.").into())
            }
        };
        Ok(reply)
    }

    async fn create_tournament(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(
            opts,
            &[
                "game", "format", "rounds", "round", "length", "deals", "starts", "rated",
            ],
        )?;
        if !req.manage_channels && !req.manage_messages {
            return Err(UserError::new(
                ErrorCode::NotAllowed,
                "Only a member who can manage this channel or its messages can create a tournament here.",
            )
            .into());
        }
        if req.guild.is_none() {
            return Err(
                UserError::bad_option("Tournaments are held in a server's channels, not in DMs.").into(),
            );
        }
        let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.as_str()).collect();
        let game = options::choice(opts, "game", &games)?.unwrap_or(GameKind::ArmyAnts.as_str());
        let kind = GameKind::parse(game).unwrap_or(GameKind::ArmyAnts);
        let format = match (kind, options::choice(opts, "format", &["swiss", "arena"])?) {
            (GameKind::ArmyAnts, Some("arena")) => Format::Arena,
            (GameKind::ArmyAnts, _) => Format::Swiss,
            (GameKind::AttaAnts, Some("arena")) => {
                return Err(UserError::bad_option(
                    "Atta Ants plays Swiss tables of 3 or 4; leave out `format` (an arena is Army Ants').",
                )
                .into())
            }
            (GameKind::AttaAnts, _) => Format::Swiss,
            (kind, Some(_)) if kind.is_patience() => {
                return Err(UserError::bad_option(format!(
                    "A {} tournament is an event: the same deals for everyone, one attempt each. Leave out `format` (and say how many with `deals`).",
                    kind.title()
                ))
                .into())
            }
            (kind, None) if kind.is_patience() => Format::Event,
            (kind, _) => {
                return Err(UserError::bad_option(format!(
                    "{} has no tournaments.",
                    kind.title()
                ))
                .into())
            }
        };
        let event = format == Format::Event;
        let arena = format == Format::Arena;
        // Each option belongs to the formats that use it.
        let options_of = [
            ("rounds", "a Swiss", format == Format::Swiss),
            ("round", "a Swiss or an event", !arena),
            ("length", "an arena", arena),
            ("rated", GameKind::ArmyAnts.title(), kind == GameKind::ArmyAnts),
            ("deals", "a patience's event", event),
        ];
        for (option, which, used) in options_of {
            if !used && opts.contains_key(option) {
                return Err(UserError::bad_option(format!(
                    "`{option}` is for {which}, not this tournament."
                ))
                .into());
            }
        }
        let deals = options::whole(opts, "deals", 1, MAX_DEALS.into())?.map(|n| n as u32);
        let rounds = options::whole(opts, "rounds", 1, MAX_ROUNDS.into())?.map(|n| n as u32);
        let round = match (options::text(opts, "round")?, options::text(opts, "length")?) {
            (Some(text), _) => round_length(text)?,
            (None, Some(text)) => arena_length(text)?,
            (None, None) if arena => ARENA_USUAL,
            (None, None) => Duration::from_secs(24 * 3600),
        };
        let starts_at = match options::text(opts, "starts")? {
            None => None,
            Some(text) => starts(text, req.at)?,
        };
        let rated = matches!(
            options::choice(opts, "rated", &["yes", "no", "true", "false"])?,
            Some("yes" | "true")
        );
        let settings = Settings {
            game: game.to_string(),
            format,
            rounds,
            round_ms: round.as_millis() as i64,
            starts_at: starts_at.map(|at| at.timestamp_millis()),
            rated,
            deals: event.then(|| deals.unwrap_or(DEFAULT_DEALS)),
        };
        let id = crate::service::base::new_game_id();
        let t = Tournament::new(id.clone(), (&req.user.id, &req.user.name), settings);
        let now = req.at.timestamp_millis();
        let row = TournamentRow {
            id,
            guild_id: req.guild_key().to_string(),
            channel_id: req.channel.clone(),
            status: t.status.as_str().to_string(),
            state: serde_json::to_string(&t).context("a tournament's state")?,
            version: 0,
            created_at: now,
            updated_at: now,
            deadline: t.deadline(),
            message_id: None,
        };
        match self.store.insert_tournament(&row).await {
            Err(StoreError::Busy) => {
                return Err(UserError::busy_channel(
                    "This channel already has a tournament open or under way; finish or cancel it first, \
                     or hold another in another channel.",
                )
                .into())
            }
            other => other?,
        }
        if let Some(at) = row.deadline {
            self.next_sweep.expires(at);
        }
        let held = Held { row, t };
        let when = match starts_at {
            Some(at) => format!("It starts {}.", at.format("%-d %b %H:%M UTC")),
            None => format!("{} starts it when everyone is in.", mention(&req.user)),
        };
        let text = match (event, arena) {
            (false, true) => format!(
                "🏆 {} opened an **Army Ants Arena**: {} of play once it starts, paired again as soon as you are free; win 2, draw 1, and after two wins in a row a win counts double{}. Press **Join** to enter. {when}",
                mention(&req.user),
                duration_words(round),
                if rated { "; rated" } else { "; unrated" },
            ),
            (true, _) => format!(
                "🏆 {} opened {} **{} event**: {}, the same for everyone, one attempt at each, open for {} once it starts. Press **Join** to enter. {when}",
                mention(&req.user),
                if kind.title().starts_with('A') { "an" } else { "a" },
                kind.title(),
                crate::rules::counted(held.t.deals() as usize, "deal"),
                duration_words(round),
            ),
            (false, false) => format!(
                "🏆 {} opened an **{} Swiss** tournament: {}, rounds of {} each{}. Press **Join** to enter. {when}",
                mention(&req.user),
                kind.title(),
                match rounds {
                    Some(n) => format!("{n} rounds"),
                    None => "rounds set by the number of players".to_string(),
                },
                duration_words(round),
                match (kind, rated) {
                    (GameKind::AttaAnts, _) => ", at tables of 3 or 4 scored by place",
                    (_, true) => ", rated",
                    (_, false) => ", unrated",
                },
            ),
        };
        Ok(self.standings_reply(&held, text))
    }

    async fn join_tournament(
        &self,
        req: &Request,
        opts: &Options,
        named: Option<&str>,
    ) -> ServiceResult<Reply> {
        options::only(opts, &["tournament"])?;
        let id = self.tournament_named(req, opts, named).await?;
        let rating = self.tournament_rating(req).await?;
        let changed = self
            .change_tournament(&id, req.at, |t| {
                Ok(t.join(&req.user.id, &req.user.name, rating)?)
            })
            .await?;
        let t = &changed.held.t;
        let when = match t.status {
            Status::Open if t.is_event() => "You play its deals once it starts.".to_string(),
            Status::Open => "You play from round 1.".to_string(),
            _ if t.is_event() => "Its deals are open: press one to play it.".to_string(),
            _ if t.is_arena() => "You are paired as soon as another player is free.".to_string(),
            _ => format!(
                "You play from round {} (the rounds missed score nothing).",
                t.round + 1
            ),
        };
        let text = format!(
            "{} joined the tournament ({}). {when}",
            mention(&req.user),
            players(t.active().count())
        );
        Ok(self.changed_reply(changed, text, named.is_some()))
    }

    async fn leave_tournament(
        &self,
        req: &Request,
        opts: &Options,
        named: Option<&str>,
    ) -> ServiceResult<Reply> {
        options::only(opts, &["tournament"])?;
        let id = self.tournament_named(req, opts, named).await?;
        // The forfeit is counted with the leave; the game, lost, then ends.
        // A leaver's event deal under way ends as it stands; at an Atta
        // Ants table they leave the game (ranked after those who stay).
        let held = self.load_tournament(&id).await?;
        let still_in = held.t.player(&req.user.id).is_some_and(|p| !p.withdrawn);
        if held.t.is_event() && still_in {
            self.end_event_attempts(&held.t.open_attempts(Some(&req.user.id)), req.at)
                .await?;
        }
        let table_game = held
            .t
            .open_tables()
            .into_iter()
            .find(|&i| held.t.tables[i].seats.contains(&req.user.id))
            .and_then(|i| held.t.tables[i].game.clone());
        let leave = self.tournament_door(&held.t).ok().and_then(|door| door.leave);
        if let (true, Some(game), Some(leave)) = (still_in, table_game, leave) {
            if let Err(e) = leave(self, req, &game).await {
                tracing::warn!(error = %e, "a tournament leaver's table game");
            }
        }
        let changed = self
            .change_tournament(&id, req.at, |t| {
                let board = t.leave(&req.user.id)?;
                Ok(board.and_then(|b| t.boards[b].game.clone()))
            })
            .await?;
        let mut posts = Vec::new();
        if let Some(game) = &changed.value {
            let detail = format!("{} left the tournament and forfeited", req.user.name);
            if let Some(channel) = self.end_unplayed(game, detail, req.at).await? {
                let words = format!(
                    "{} left the tournament: this game is over, lost by them.",
                    mention(&req.user)
                );
                posts.push(Post::to(&channel, words));
            }
        }
        let text = match changed.held.t.status {
            Status::Open => format!("{} left the tournament.", mention(&req.user)),
            _ if changed.held.t.is_event() => format!(
                "{} left the event; what they played still counts.",
                mention(&req.user)
            ),
            _ => format!(
                "{} left the tournament{}; they are paired no more.",
                mention(&req.user),
                if changed.value.is_some() {
                    " and lost their game of this round"
                } else {
                    ""
                }
            ),
        };
        let mut reply = self.changed_reply(changed, text, named.is_some());
        reply.posts.splice(0..0, posts);
        Ok(reply)
    }

    async fn start_tournament(
        &self,
        req: &Request,
        opts: &Options,
        named: Option<&str>,
    ) -> ServiceResult<Reply> {
        options::only(opts, &["tournament"])?;
        let id = self.tournament_named(req, opts, named).await?;
        let changed = self
            .change_tournament(&id, req.at, |t| {
                may_run(t, req, "start")?;
                t.start(req.at.timestamp_millis())?;
                Ok(())
            })
            .await?;
        let t = &changed.held.t;
        let text = format!("🏆 {}", begun_words(t));
        Ok(self.changed_reply(changed, text, named.is_some()))
    }

    async fn cancel_tournament(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(opts, &["tournament"])?;
        let id = self.tournament_named(req, opts, None).await?;
        let changed = self
            .change_tournament(&id, req.at, |t| {
                may_run(t, req, "cancel")?;
                t.cancel()?;
                let games: Vec<String> = t
                    .undecided()
                    .into_iter()
                    .filter_map(|b| t.boards[b].game.clone())
                    .chain(
                        t.open_tables()
                            .into_iter()
                            .filter_map(|i| t.tables[i].game.clone()),
                    )
                    .chain(t.open_attempts(None))
                    .collect();
                Ok(games)
            })
            .await?;
        // Its games still on end with it, counting for no one.
        for game in &changed.value {
            let detail = format!("its tournament was cancelled by {}", req.user.name);
            self.end_unplayed(game, detail, req.at).await?;
        }
        let text = format!("🛑 {} cancelled the tournament.", mention(&req.user));
        Ok(self.changed_reply(changed, text, false))
    }

    async fn tournament_standings(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(opts, &["tournament"])?;
        let id = self.tournament_named(req, opts, None).await?;
        let held = self.load_tournament(&id).await?;
        // The channel's board, for the asker alone, with its buttons: its
        // words say what to press.
        let mut reply = self.standings_reply(&held, standings_words(&held.t));
        reply.ephemeral = true;
        Ok(reply)
    }

    async fn list_tournaments(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(opts, &[])?;
        let rows = self.store.guild_tournaments(req.guild_key(), LISTED).await?;
        if rows.is_empty() {
            return Ok(Reply::ephemeral(
                "No tournament has been held here yet. A moderator starts one with `/tournament create`.",
            ));
        }
        let mut lines = vec!["**Tournaments here**, newest first:".to_string()];
        for row in rows {
            let t = parse(&row)?;
            let leader = match t.status {
                Status::Finished => t
                    .standings()
                    .first()
                    .map(|s| format!(", won by {}", t.name(&s.user)))
                    .unwrap_or_default(),
                _ => String::new(),
            };
            lines.push(format!(
                "`{}` in <#{}>: {} {}, {}, {} players{leader}",
                t.id,
                row.channel_id,
                game_title(&t),
                t.settings.format.as_str(),
                t.status.as_str(),
                t.players.len()
            ));
        }
        Ok(Reply::ephemeral(lines.join("\n")))
    }

    /// A player's tournaments in this server for `/stats`: how many they
    /// finished, their podiums and wins, and their last result.
    pub(super) async fn tournament_record(&self, guild: &str, user: &str) -> ServiceResult<Option<String>> {
        let rows = self.store.guild_tournaments(guild, STATS_SCANNED).await?;
        let mut places = Vec::new();
        for row in rows.iter().filter(|r| r.status == Status::Finished.as_str()) {
            let t = parse(row)?;
            if let Some(place) = t.standings().iter().position(|s| s.user == user) {
                places.push((place + 1, t.players.len(), t.id.clone()));
            }
        }
        let Some((place, of, id)) = places.first() else {
            return Ok(None);
        };
        let wins = places.iter().filter(|(p, _, _)| *p == 1).count();
        let podiums = places.iter().filter(|(p, _, _)| *p <= 3).count();
        Ok(Some(format!(
            "Played {} · won {wins} · podiums {podiums}\nLast: {} of {of} in `{id}`",
            places.len(),
            ordinal(*place)
        )))
    }

    /// The rating a player enters with: their rating here, else a
    /// newcomer's.
    async fn tournament_rating(&self, req: &Request) -> ServiceResult<f64> {
        let rating = self.store.rating(req.guild_key(), &req.user.id).await?;
        Ok(rating.map_or(1500.0, |r| r.rating))
    }

    /// The tournament a request means: a button's, the `tournament`
    /// option's, or the channel's.
    async fn tournament_named(
        &self,
        req: &Request,
        opts: &Options,
        named: Option<&str>,
    ) -> ServiceResult<String> {
        let id = match (named, options::text(opts, "tournament")?) {
            (Some(id), _) | (None, Some(id)) => id.trim().to_string(),
            (None, None) => match self.store.channel_tournament(&req.channel).await? {
                Some(row) => row.id,
                None => {
                    return Err(UserError::no_game(
                        "This channel has no tournament. `/tournament list` shows this server's; \
                         a moderator creates one with `/tournament create`.",
                    )
                    .into())
                }
            },
        };
        match self.store.tournament(&id).await? {
            Some(row) if row.guild_id == req.guild_key() => Ok(row.id),
            _ => Err(UserError::no_game(format!(
                "There is no tournament {} in this server.",
                crate::rules::code(&id)
            ))
            .into()),
        }
    }

    async fn load_tournament(&self, id: &str) -> ServiceResult<Held> {
        let row = self
            .store
            .tournament(id)
            .await?
            .ok_or_else(|| UserError::no_game("That tournament is gone."))?;
        let t = parse(&row)?;
        Ok(Held { row, t })
    }

    /// Applies `change` to the tournament as it now stands, brings in the
    /// results of its games, moves it on when its round is complete,
    /// starts the new round's games and saves it all at once; tried again
    /// on the new state when another change landed first.
    async fn change_tournament<T>(
        &self,
        id: &str,
        at: DateTime<Utc>,
        mut change: impl FnMut(&mut Tournament) -> Result<T, UserError>,
    ) -> ServiceResult<Changed<T>> {
        for _ in 0..crate::service::base::RETRIES + 2 {
            let mut held = self.load_tournament(id).await?;
            let value = change(&mut held.t)?;
            match self.settle(held, at).await? {
                Some((held, posts)) => return Ok(Changed { held, value, posts }),
                None => continue,
            }
        }
        Err(crate::service::base::moved_on())
    }

    /// Brings in the results of the round's games, pairs the next round
    /// once every game of this one is decided, and saves the tournament
    /// with the games it starts. `None` when another change landed first.
    async fn settle(&self, mut held: Held, at: DateTime<Utc>) -> ServiceResult<Option<(Held, Vec<Post>)>> {
        let now = at.timestamp_millis();
        self.read_results(&mut held.t).await?;
        held.t.advance(now);
        // The boards paired just now (by the start or the round's close)
        // have no game yet.
        let new_boards: Vec<usize> = (0..held.t.boards.len())
            .filter(|&i| !held.t.boards[i].is_bye() && held.t.boards[i].game.is_none())
            .collect();
        let mut games = Vec::new();
        for &i in &new_boards {
            let board = &held.t.boards[i];
            let Some(black_id) = board.black.clone() else {
                continue;
            };
            let red = self.tournament_user(&held.t, &board.red);
            let black = self.tournament_user(&held.t, &black_id);
            let (id, channel) = new_game_place(&held);
            let place = Place {
                id,
                guild: &held.row.guild_id,
                channel: &channel,
            };
            let door = self.tournament_door(&held.t)?;
            let row = (door.game)(self, place, &held.t.id, &[red, black], held.t.settings.rated, at).await?;
            let board = &mut held.t.boards[i];
            board.game = Some(row.id.clone());
            board.channel = Some(channel);
            games.push(row);
        }
        // So have the tables seated just now.
        for i in 0..held.t.tables.len() {
            if held.t.tables[i].game.is_some() {
                continue;
            }
            let seats: Vec<User> = (held.t.tables[i].seats.iter())
                .map(|id| self.tournament_user(&held.t, id))
                .collect();
            let (id, channel) = new_game_place(&held);
            let place = Place {
                id,
                guild: &held.row.guild_id,
                channel: &channel,
            };
            let door = self.tournament_door(&held.t)?;
            let row = (door.game)(self, place, &held.t.id, &seats, held.t.settings.rated, at).await?;
            held.t.tables[i].game = Some(row.id.clone());
            held.t.tables[i].channel = Some(channel);
            games.push(row);
        }
        // An event's attempts reserved just now have no game yet either.
        let mut attempt_games = Vec::new();
        for i in 0..held.t.attempts.len() {
            if held.t.attempts[i].game.is_none() {
                let row = self.event_game(&held.t, i, &held.row.guild_id, at).await?;
                held.t.attempts[i].game = Some(row.id.clone());
                attempt_games.push(row);
            }
        }
        let mut row = held.row.clone();
        row.status = held.t.status.as_str().to_string();
        row.state = serde_json::to_string(&held.t).context("a tournament's state")?;
        row.updated_at = now;
        row.deadline = held.t.deadline();
        let saved: Vec<GameRow> = games.iter().chain(&attempt_games).cloned().collect();
        match self.store.save_tournament(&row, &saved).await {
            Ok(version) => row.version = version,
            Err(StoreError::Conflict) => return Ok(None),
            Err(StoreError::Busy) => {
                return Err(UserError::busy_player(
                    "You already have a solitaire in this channel; finish it with /solitaire end first.",
                )
                .into())
            }
            Err(e) => return Err(e.into()),
        }
        if let Some(at) = row.deadline {
            self.next_sweep.expires(at);
        }
        held.row = row;
        let mut posts = Vec::new();
        for game in games {
            posts.push(self.tournament_game_post(&held, game).await?);
        }
        Ok(Some((held, posts)))
    }

    /// The first board of a tournament's new game, pinging both players, in
    /// a thread of its own.
    async fn tournament_game_post(&self, held: &Held, game: GameRow) -> ServiceResult<Post> {
        let t = &held.t;
        if let Some(table) = t.table_of_game(&game.id) {
            return self.tournament_table_post(held, table, game).await;
        }
        let board = t
            .board_of_game(&game.id)
            .map(|b| &t.boards[b])
            .context("a new game's board")?;
        let black = board.black.clone().unwrap_or_default();
        let (red, black) = (
            self.tournament_user(t, &board.red),
            self.tournament_user(t, &black),
        );
        let closes = closes_words(t);
        let text = match t.is_arena() {
            true => format!(
                "🏆 Arena: {} (Red) against {} (Black). The arena ends {closes}.",
                mention(&red),
                mention(&black)
            ),
            false => format!(
                "🏆 Round {} of {}: {} (Red) against {} (Black). The round closes {closes}.",
                board.round,
                t.rounds,
                mention(&red),
                mention(&black)
            ),
        };
        let name = format!(
            "{}: {} vs {}",
            match t.is_arena() {
                true => "Arena".to_string(),
                false => format!("Round {}", board.round),
            },
            plain_text(&red.name),
            plain_text(&black.name)
        );
        let (id, channel) = (game.id.clone(), game.channel_id.clone());
        let reply = (self.tournament_door(t)?.board)(self, game, &text).await?;
        Ok(in_thread(reply, (id, channel), &held.row.channel_id, name))
    }

    /// The first board of an Atta Ants table's game, pinging its players,
    /// in a thread of its own.
    async fn tournament_table_post(&self, held: &Held, table: usize, game: GameRow) -> ServiceResult<Post> {
        let t = &held.t;
        let seats: Vec<User> = (t.tables[table].seats.iter())
            .map(|id| self.tournament_user(t, id))
            .collect();
        let text = format!(
            "🏆 Round {} of {}: {} at one table. The round closes {}.",
            t.tables[table].round,
            t.rounds,
            seats.iter().map(mention).collect::<Vec<_>>().join(", "),
            closes_words(t)
        );
        let names: Vec<String> = seats.iter().map(|u| plain_text(&u.name)).collect();
        let name = format!("Round {}: {}", t.tables[table].round, names.join(", "));
        let (id, channel) = (game.id.clone(), game.channel_id.clone());
        let reply = (self.tournament_door(t)?.board)(self, game, &text).await?;
        Ok(in_thread(reply, (id, channel), &held.row.channel_id, name))
    }

    /// What the tournament's game asks of its kind (the registry's).
    fn tournament_door(&self, t: &Tournament) -> ServiceResult<TournamentDoor> {
        let door = (self.games.named(&t.settings.game)).and_then(|kind| self.games.tournament(kind));
        door.ok_or_else(|| anyhow::anyhow!("no tournament plays {}", t.settings.game).into())
    }

    /// A tournament's game moved to its thread: its pairing says where.
    pub(super) async fn tournament_game_moved(&self, game_id: &str, channel: &str) -> anyhow::Result<()> {
        let Some(id) = self.store.game(game_id).await?.as_ref().and_then(tournament_of) else {
            return Ok(());
        };
        // Only the pairing's channel changes: nothing is counted or paired.
        for _ in 0..crate::service::base::RETRIES {
            let Held { mut row, mut t } = self.load_tournament(&id).await?;
            match (t.board_of_game(game_id), t.table_of_game(game_id)) {
                (Some(b), _) => t.boards[b].channel = Some(channel.to_string()),
                (None, Some(i)) => t.tables[i].channel = Some(channel.to_string()),
                (None, None) => return Ok(()),
            }
            row.state = serde_json::to_string(&t)?;
            match self.store.save_tournament(&row, &[]).await {
                Err(StoreError::Conflict) => continue,
                other => return Ok(other.map(|_| ())?),
            }
        }
        anyhow::bail!("tournament {id} kept changing while a game moved to its thread")
    }

    /// A player as their games seat them.
    fn tournament_user(&self, t: &Tournament, id: &str) -> User {
        User::new(id, t.name(id))
    }

    /// The channel's tournament (the one open or running, else its last)
    /// as its standings board, for a front end played on the picture (the
    /// web table); `None` when the channel never held one.
    pub async fn tournament_table(&self, channel: &str) -> ServiceResult<Option<Reply>> {
        let Some(row) = self.store.channel_tournament(channel).await? else {
            return Ok(None);
        };
        let held = Held { t: parse(&row)?, row };
        Ok(Some(self.standings_reply(&held, standings_words(&held.t))))
    }

    /// The id and version of the channel's tournament, for a front end
    /// that follows it live (nothing is drawn).
    pub async fn tournament_version(&self, channel: &str) -> ServiceResult<Option<(String, i64)>> {
        let row = self.store.channel_tournament(channel).await?;
        Ok(row.map(|row| (row.id, row.version)))
    }

    /// An event's deal button: the clicker's attempt at that deal, started
    /// now (one each) or brought back, on a board only they see.
    async fn play_event_deal(&self, req: &Request, id: &str, deal: u32) -> ServiceResult<Reply> {
        let held = self.load_tournament(id).await?;
        // Refused before any deal is drawn: not in, not open, no such deal.
        let mut probe = held.t.clone();
        let before = probe
            .start_deal(&req.user.id, deal, 0, &req.channel)
            .map_err(UserError::from)?;
        let changed = match before {
            Started::Before(_) => Changed {
                held,
                value: before,
                posts: vec![],
            },
            Started::New => {
                // This very attempt, started by a click a moment earlier, is
                // brought back below, not refused.
                let this_attempt = |row: &GameRow| {
                    contest::event_of(row).is_some_and(|e| e.tournament == id && e.deal == deal)
                };
                if let Some(open) = self.store.latest_solitaire(&req.channel, &req.user.id).await? {
                    if open.status.is_open() && !this_attempt(&open) {
                        return Err(UserError::busy_player(format!(
                            "You already have a game of {} in this channel; finish it, or end it with /solitaire end, before playing the event.",
                            open.kind.title()
                        ))
                        .into());
                    }
                }
                let seed = self.event_seed(&held.t, deal, req.at.timestamp_millis()).await?;
                self.change_tournament(id, req.at, |t| {
                    Ok(t.start_deal(&req.user.id, deal, seed, &req.channel)?)
                })
                .await?
            }
        };
        let mut reply = self
            .event_attempt_board(req, &changed.held.t, deal, &changed.value)
            .await?;
        reply.tournament = Some(view(&changed.held));
        Ok(reply)
    }

    /// Reads the results of the round's undecided games from their rows.
    async fn read_results(&self, t: &mut Tournament) -> ServiceResult<()> {
        self.read_event_scores(t).await?;
        for i in t.open_tables() {
            let Some(game) = t.tables[i].game.clone() else {
                continue;
            };
            let Some(row) = self.store.game(&game).await? else {
                continue;
            };
            let by = row.result.as_ref().and_then(|r| match r.result().outcome {
                Ending::Ended => Some("adjudicated"),
                _ => None,
            });
            let Some(places_of) = self.games.tournament(row.kind).and_then(|door| door.places) else {
                continue;
            };
            if let Some(places) = places_of(self, row).await? {
                t.decide_table(i, places, by);
            }
        }
        for board in t.undecided() {
            let Some(game) = t.boards[board].game.clone() else {
                continue;
            };
            let Some(row) = self.store.game(&game).await? else {
                continue;
            };
            if let Some((outcome, by)) = outcome_of(&row, &t.boards[board].red) {
                t.decide(board, outcome, by);
            }
        }
        Ok(())
    }

    /// After a game of `row`'s was saved: when it is a tournament's and is
    /// over, the tournament takes its result (and may move on); returns
    /// what that posts.
    pub(super) async fn tournament_game_saved(
        &self,
        game_id: &str,
        at: DateTime<Utc>,
    ) -> ServiceResult<(Vec<Post>, Option<TournamentView>)> {
        let Some(row) = self.store.game(game_id).await? else {
            return Ok((vec![], None));
        };
        let Some(id) = tournament_of(&row) else {
            return Ok((vec![], None));
        };
        let held = self.load_tournament(&id).await?;
        let counted = match (held.t.attempt_of_game(game_id), held.t.table_of_game(game_id)) {
            (Some(a), _) => held.t.attempts[a].result.is_some(),
            (None, Some(i)) => held.t.tables[i].places.is_some(),
            (None, None) => held
                .t
                .board_of_game(game_id)
                .is_none_or(|b| held.t.boards[b].result.is_some()),
        };
        if row.status.is_open() || counted || held.t.status != Status::Running {
            return Ok((vec![], Some(view(&held))));
        }
        let changed = self.change_tournament(&id, at, |_| Ok(())).await?;
        let (posts, view) = self.announced(&changed.held, changed.posts);
        Ok((posts, Some(view)))
    }

    /// The tournaments due at `now`: one that starts by itself, a round
    /// that closes (its unfinished games adjudicated).
    pub(super) async fn sweep_tournaments(&self, now: DateTime<Utc>) -> anyhow::Result<Vec<Post>> {
        let mut posts = Vec::new();
        for row in self.store.due_tournaments(now.timestamp_millis()).await? {
            match self.tournament_due(&row.id, now).await {
                Ok(more) => posts.extend(more),
                Err(e) => tracing::warn!(tournament = %row.id, error = %e, "could not move a tournament on"),
            }
        }
        Ok(posts)
    }

    async fn tournament_due(&self, id: &str, now: DateTime<Utc>) -> ServiceResult<Vec<Post>> {
        let held = self.load_tournament(id).await?;
        let mut posts = Vec::new();
        match held.t.status {
            Status::Open => {
                let changed = self
                    .change_tournament(id, now, |t| match t.start(now.timestamp_millis()) {
                        Ok(_) => Ok(true),
                        // Too few to start: the event is called off.
                        Err(Refusal::TooFew(_)) => t.cancel().map(|()| false).map_err(UserError::from),
                        Err(e) => Err(e.into()),
                    })
                    .await?;
                posts.push(self.standings_post(&changed.held).post);
                let words = match changed.value {
                    true => format!("🏆 {}", begun_words(&changed.held.t)),
                    false => {
                        "🛑 The tournament was called off: fewer than two players had joined by its start."
                            .to_string()
                    }
                };
                posts.push(Post::to(&changed.held.row.channel_id, words));
                posts.extend(changed.posts);
            }
            Status::Running if held.t.is_event() => {
                // Its attempts still under way end as they stand; then it
                // closes with every score in.
                self.end_event_attempts(&held.t.open_attempts(None), now).await?;
                let changed = self.change_tournament(id, now, |_| Ok(())).await?;
                posts.extend(self.announced(&changed.held, changed.posts).0);
            }
            Status::Running => {
                // The round's games still on are judged and ended, then the
                // round closes with every result in.
                let round = held.t.round;
                for board in held.t.undecided() {
                    let Some(game) = held.t.boards[board].game.clone() else {
                        continue;
                    };
                    self.adjudicate_game(&game, now).await?;
                }
                // A table still on is placed as it stands.
                for table in held.t.open_tables() {
                    if let Some(game) = held.t.tables[table].game.clone() {
                        let detail = "unfinished at the round's close; placed as it stood".to_string();
                        self.end_unplayed(&game, detail, now).await?;
                    }
                }
                let changed = self.change_tournament(id, now, |_| Ok(())).await?;
                let t = &changed.held.t;
                if t.is_arena() && t.status != Status::Running {
                    posts.push(Post::to(
                        &changed.held.row.channel_id,
                        "⏰ The arena's time is up; its unfinished games were adjudicated.",
                    ));
                } else if !t.is_arena() && (t.round != round || t.status != Status::Running) {
                    posts.push(Post::to(
                        &changed.held.row.channel_id,
                        format!("⏰ Round {round} closed; its unfinished games were adjudicated."),
                    ));
                }
                posts.extend(self.announced(&changed.held, changed.posts).0);
            }
            Status::Finished | Status::Cancelled => {}
        }
        Ok(posts)
    }

    /// Adjudicates a game still on (tried again if it moved meanwhile; a
    /// game that ended by play keeps its result). A game its kind cannot
    /// judge ends as it stands, as a table's does.
    async fn adjudicate_game(&self, game: &str, at: DateTime<Utc>) -> ServiceResult<()> {
        for _ in 0..crate::service::base::RETRIES {
            let Some(row) = self.store.game(game).await? else {
                return Ok(());
            };
            if !row.status.is_open() {
                return Ok(());
            }
            let adjudicate = self.games.tournament(row.kind).and_then(|door| door.adjudicate);
            let Some(adjudicate) = adjudicate else {
                let detail = "unfinished at the round's close; ended as it stood".to_string();
                return self.end_unplayed(game, detail, at).await.map(|_| ());
            };
            if adjudicate(self, row, at).await?.is_some() {
                return Ok(());
            }
        }
        Err(crate::service::base::moved_on())
    }

    /// Ends a tournament's game still on without play (its player left,
    /// its tournament was cancelled), `detail` saying why; the channel it
    /// was played in, unless it had ended already.
    async fn end_unplayed(
        &self,
        game: &str,
        detail: String,
        at: DateTime<Utc>,
    ) -> ServiceResult<Option<String>> {
        let Some(mut row) = self.store.game(game).await? else {
            return Ok(None);
        };
        if !row.status.is_open() {
            return Ok(None);
        }
        let result = StoredResult::of(GameResult {
            outcome: Ending::Ended,
            winner: None,
            detail,
        });
        let update = ended_update(&row, at.timestamp_millis(), result);
        self.save_row(&mut row, &update).await?;
        Ok(Some(row.channel_id))
    }

    /// A change's reply: its words, with the standings board edited in
    /// place (a click's message itself; a command's, as a post).
    fn changed_reply<T>(&self, changed: Changed<T>, text: String, clicked: bool) -> Reply {
        if clicked {
            let mut reply = Reply {
                update: true,
                ..self.standings_reply(&changed.held, text)
            };
            reply.posts.extend(changed.posts);
            reply
                .posts
                .extend(finished_words(&changed.held, self.config.render));
            return reply;
        }
        let (posts, view) = self.announced(&changed.held, changed.posts);
        Reply {
            posts,
            tournament: Some(view),
            ..Reply::text(text)
        }
    }

    /// What the channel sees of a change: the standings board edited in
    /// place, the new games' first boards and, once it is over, the
    /// podium; and the tournament object the board shows.
    fn announced(&self, held: &Held, games: Vec<Post>) -> (Vec<Post>, TournamentView) {
        let board = self.standings_post(held);
        let mut posts = vec![board.post];
        posts.extend(games);
        posts.extend(finished_words(held, self.config.render));
        (posts, board.view)
    }

    /// The standings board as a post that edits its message in place,
    /// and the tournament object it shows.
    fn standings_post(&self, held: &Held) -> StandingsBoard {
        let reply = self.standings_reply(held, standings_words(&held.t));
        let post = Post {
            channel: held.row.channel_id.clone(),
            text: reply.text,
            image: reply.image,
            components: reply.components,
            edit: Some(held.row.id.clone()),
            ..Post::default()
        };
        StandingsBoard {
            post,
            view: reply.tournament.expect("a standings board shows its tournament"),
        }
    }

    /// The standings board: `text`, the picture and the buttons its state
    /// allows.
    fn standings_reply(&self, held: &Held, text: String) -> Reply {
        let t = &held.t;
        let picture = picture(t);
        let image = self.config.render.then(|| Image {
            png: standings_png(&picture),
            alt: standings_alt_text(&picture),
            regions: vec![],
        });
        let button = |verb: &str, label: &str, style| {
            Component::button(ComponentId::new(TAG, &t.id, verb).encode(), label, style)
        };
        let mut components = Vec::new();
        if t.takes_entries() {
            components.push(button("join", "Join", ButtonStyle::Success));
        }
        if t.status.is_live() {
            components.push(button("leave", "Leave", ButtonStyle::Secondary));
        }
        if t.status == Status::Open {
            components.push(button("start", "Start", ButtonStyle::Primary));
        }
        if t.is_event() && t.status == Status::Running {
            for deal in 1..=t.deals() {
                let label = format!("Play deal {deal}");
                components.push(button(&format!("deal.{deal}"), &label, ButtonStyle::Primary));
            }
        }
        Reply {
            text,
            image,
            components,
            tournament: Some(view(held)),
            ..Reply::default()
        }
    }
}

/// A new tournament game's id and its own place: a channel under the
/// tournament's, until the front end starts its thread.
fn new_game_place(held: &Held) -> (String, String) {
    let id = crate::service::base::new_game_id();
    let channel = format!("{}-{}-{id}", held.row.channel_id, held.t.id);
    (id, channel)
}

/// A tournament game's first board as a post in `channel` that starts a
/// thread named `name` under `parent`, where the front end moves the game.
fn in_thread(board: Reply, (game, channel): (String, String), parent: &str, name: String) -> Post {
    Post {
        channel,
        text: board.text,
        image: board.image,
        components: board.components,
        edit: Some(game.clone()),
        thread: Some(NewThread {
            parent: parent.to_string(),
            name,
            game,
        }),
        ..Post::default()
    }
}

/// Only its organiser or a moderator may start or cancel a tournament.
fn may_run(t: &Tournament, req: &Request, verb: &str) -> Result<(), UserError> {
    if t.owner == req.user.id || req.manage_channels || req.manage_messages {
        return Ok(());
    }
    Err(UserError::new(
        ErrorCode::NotAllowed,
        format!(
            "Only {} (who created it) or a moderator can {verb} this tournament.",
            t.owner_name
        ),
    ))
}

fn parse(row: &TournamentRow) -> anyhow::Result<Tournament> {
    serde_json::from_str(&row.state).with_context(|| format!("tournament {}'s state", row.id))
}

/// A game's result as a tournament counts it: from its winner's id, a
/// draw, or (ended by a moderator, a leaver or the round's close) the
/// adjudicated winner if any, else a draw. `None` while it is on.
fn outcome_of(row: &GameRow, red: &str) -> Option<(Outcome, Option<&'static str>)> {
    if row.status.is_open() {
        return None;
    }
    let (result, winner_id) = match row.result.as_ref()? {
        StoredResult::Seated { result, winner_id } => (result, winner_id.as_deref()),
        StoredResult::Patience(_) => return None,
    };
    let by = match result.outcome {
        Ending::Ended => Some("adjudicated"),
        _ => None,
    };
    let outcome = match (result.outcome, winner_id) {
        (Ending::Win | Ending::Ended, Some(id)) if id == red => Outcome::RedWins,
        (Ending::Win | Ending::Ended, Some(_)) => Outcome::BlackWins,
        _ => Outcome::Draw,
    };
    Some((outcome, by))
}

fn game_title(t: &Tournament) -> &'static str {
    GameKind::parse(&t.settings.game).map_or(GameKind::ArmyAnts.title(), GameKind::title)
}

/// The tournament a stored game belongs to: a pairing's or a table's
/// seats say so (their `tournament`), an event's patience its setup.
pub(super) fn tournament_of(row: &GameRow) -> Option<String> {
    let seats: Option<serde_json::Value> = serde_json::from_str(&row.players).ok();
    let seated = seats.and_then(|seats| Some(seats.get("tournament")?.as_str()?.to_string()));
    seated.or_else(|| contest::event_of(row).map(|e| e.tournament))
}

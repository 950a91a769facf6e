//! Atta Ants in the service: the lobby (new, join, start, leave), turns
//! (place, move, end), spider choices as buttons, turn timeouts, the record.
//!
//! A lobby is a `pending` multiplayer game: it holds the channel like a
//! challenge and expires like one. Seats take the colours red, yellow,
//! orange and brown in the order players joined.

use crate::controls::atta_ants::{self as board, Choice, View};
use crate::protocol::custom_id::ComponentId;
use crate::protocol::options;
use crate::protocol::types::*;
use crate::render::{atta_ants_alt_text, atta_ants_png, atta_card_name, AttaLabels};
use crate::rules::atta_ants::{
    parse_deal, Action, AttaAnts, Colour, Events, Phase, RuleError, Setup, Status,
};
use crate::rules::{Game, GameKind, Kind};
use crate::service::base::{board_post, mention, Service};
use crate::service::engine::multiplayer::Target;
use crate::service::engine::{
    check_version, out_of_date, replay_image, Context, Filling, Left, Place, Seating, Served, TimedOut,
    Unseated,
};
use crate::service::error::{ServiceResult, UserError};
use crate::store::{GameRow, GameStatus};
use anyhow::Context as _;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// What a lobby was opened with; the player count is known at the start.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LobbySetup {
    seed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deal: Option<String>,
    /// The host chose the seed or the deal, so the host may know the order
    /// of the terrain cards: every lobby message says so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    chosen: bool,
}

/// Who sits where: seat i plays colour i.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Table {
    host: User,
    seats: Vec<User>,
    /// The tournament whose table this game is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tournament: Option<String>,
}

impl Seating<Colour> for Table {
    fn user(&self, colour: Colour) -> &User {
        &self.seats[colour.index()]
    }

    fn seat_of(&self, user_id: &str) -> Option<Colour> {
        self.seats
            .iter()
            .position(|u| u.id == user_id)
            .map(|i| Colour::ALL[i])
    }
}

/// A lobby: the host's seat first, then each in the order they joined.
impl Filling<Colour> for Table {
    fn owner(&self) -> &User {
        &self.host
    }

    fn taken(&self) -> usize {
        self.seats.len()
    }

    fn sit(&mut self, user: &User) {
        self.seats.push(user.clone());
    }

    fn stand(&mut self, colour: Colour) {
        self.seats.remove(colour.index());
    }
}

impl Table {
    fn labels(&self) -> AttaLabels {
        self.seats
            .iter()
            .map(|u| crate::protocol::types::plain_text(&u.name))
            .collect()
    }
}

/// A stored game with its state rebuilt (none while it is a lobby).
type Loaded = crate::service::engine::Table<AttaAnts>;

impl Served for AttaAnts {
    const KIND: Kind = Kind::Listed(GameKind::AttaAnts);
    const START: &'static str = "Open one with /atta new.";
    const PENDING: &'static str = "lobby";
    type Stored = LobbySetup;

    /// A lobby deals its game when the host starts it; a tournament's
    /// table is dealt from the first.
    fn dealt(row: &GameRow, setup: &LobbySetup, table: &Table) -> Option<anyhow::Result<AttaAnts>> {
        // A tournament's table starts dealt, and stays so however it ends.
        let lobby_closed = matches!(row.status, GameStatus::Pending | GameStatus::Cancelled);
        let started = table.tournament.is_some() || !lobby_closed;
        started.then(|| start_of(setup, table).map_err(Into::into))
    }

    fn turn_clock(config: &crate::service::base::Config) -> Option<std::time::Duration> {
        Some(config.atta_turn_timeout)
    }

    fn expired(_: &Table) -> String {
        "The Atta Ants lobby expired before it started.".into()
    }

    /// A player out of time leaves the game.
    fn timeout_entry(&self, _: Colour) -> String {
        Action::Leave.to_string()
    }

    /// `/atta move` takes any action, `/atta place` placements alone.
    fn suggested(&self, colour: Colour, sub: &str) -> Vec<String> {
        let legal = Game::legal_actions(self, colour).into_iter();
        let legal = legal.filter(|a| match sub {
            "move" => true,
            "place" => matches!(a, Action::Place { .. }),
            _ => false,
        });
        legal.map(|a| a.to_string()).collect()
    }

    /// For terminals: the map in words, one sentence a line.
    fn summarised(loaded: &Loaded, summary: GameSummary) -> GameSummary {
        let labels = loaded.seats.labels();
        let spots = match loaded.game.as_ref() {
            Some(game) => Spot::worded(summary.spots, |action, _| {
                Some(crate::controls::atta_ants::action_label(
                    game,
                    &action.parse().ok()?,
                ))
            }),
            None => summary.spots,
        };
        GameSummary {
            spots,
            board_text: (loaded.game.as_ref())
                .map(|g| atta_ants_alt_text(&g.view(None), &labels).replace(". ", "; ")),
            ..summary
        }
    }

    /// A lobby's seats before its game is dealt (the engine names a dealt
    /// game's); the seed and the deal only once it is over, since they
    /// give away the deck order.
    fn record_tags(loaded: &Loaded, _private: bool) -> Vec<(String, String)> {
        let lobby = loaded.game.is_none().then_some(&loaded.seats.seats);
        let seats = Colour::ALL.iter().zip(lobby.into_iter().flatten());
        let mut tags: Vec<_> = seats
            .map(|(colour, user)| (colour.name().to_string(), user.name.clone()))
            .collect();
        let over = loaded.game.as_ref().is_some_and(|g| g.outcome().is_some())
            || loaded.row.status == GameStatus::Cancelled;
        if over {
            tags.push(("Seed".into(), loaded.setup.seed.to_string()));
            tags.extend(loaded.setup.deal.clone().map(|deal| ("Deal".into(), deal)));
        }
        tags
    }

    fn replay(
        context: Context<'_>,
        loaded: &Loaded,
    ) -> impl std::future::Future<Output = anyhow::Result<Option<Image>>> + Send {
        let labels = loaded.seats.labels();
        let draw = move |sample: &_| replay_image(sample, &labels);
        context.table_replay(loaded, |game: &AttaAnts| game.view(None), draw)
    }

    fn unseated(why: Unseated, _: &Table) -> UserError {
        match why {
            Unseated::Expired => UserError::expired("That lobby has expired. Open a new one with /atta new."),
            Unseated::Closed { .. } => {
                UserError::expired("That lobby is closed. Open a new one with /atta new.")
            }
            Unseated::Full => UserError::illegal("The game is full: four players."),
            Unseated::NotStarted => {
                UserError::not_your_turn("The game has not started yet: the host starts it with /atta start.")
            }
            Unseated::NotOwner(host) => {
                UserError::not_a_player(format!("Only the host, {host}, can start the game."))
            }
            why => why.worded::<Self>(),
        }
    }
}

impl Service {
    pub(crate) async fn atta_command(&self, req: &Request, sub: &str) -> ServiceResult<Reply> {
        let opts = req.options();
        match sub {
            "new" => self.atta_new(req, opts).await,
            "join" => self.atta_join(req, Target::Channel).await,
            "start" => self.atta_start(req, Target::Channel, None).await,
            "leave" => self.atta_leave(req, Target::Channel).await,
            "place" => match options::text(opts, "action")? {
                Some(text) => {
                    let action = parse(text)?;
                    if !matches!(action, Action::Place { .. }) {
                        return Err(UserError::bad_notation(
                                "`/atta place` takes a placement like `place 1,-2 r3`; use `/atta move` for the rest.",
                            )
                            .into());
                    }
                    self.atta_act(req, Target::Channel, action, None).await
                }
                None => self.atta_placements(req).await,
            },
            "move" => {
                let text = options::required_text(
                    opts,
                    "action",
                    "Give the action as `action`, like `r2 n+ e`, `place 1,-2 r3` or `end`.",
                )?;
                let action = parse(text)?;
                if action == Action::Leave {
                    return self.atta_leave(req, Target::Channel).await;
                }
                self.atta_act(req, Target::Channel, action, None).await
            }
            "end" => self.atta_act(req, Target::Channel, Action::End, None).await,
            other => Err(anyhow::anyhow!("/atta {other} is listed but not handled").into()),
        }
    }

    /// A click on an Atta Ants component: a public game reply replaces the
    /// clicked message, but Rematch and Play again leave the finished board
    /// (and its result) where it is and post the new lobby.
    pub(crate) async fn atta_component(
        &self,
        req: &Request,
        id: &ComponentId,
        values: &[String],
    ) -> ServiceResult<Reply> {
        let reply = self.atta_click(req, id, values).await?;
        let in_place = !matches!(id.verb.as_str(), "rematch" | "again");
        Ok(Reply {
            update: in_place && reply.game.is_some() && !reply.ephemeral,
            ..reply
        })
    }

    async fn atta_click(&self, req: &Request, id: &ComponentId, values: &[String]) -> ServiceResult<Reply> {
        let target = Target::Id(&id.id);
        let (verb, version) = crate::controls::patience::versioned(&id.verb);
        match verb {
            "join" => self.atta_join(req, target).await,
            "start" => self.atta_start(req, target, version).await,
            "leave" => self.atta_leave(req, target).await,
            "end" => self.atta_act(req, target, Action::End, version).await,
            "rematch" => self.atta_rematch(req, target).await,
            "again" => self.atta_new(req, &Options::new()).await,
            "back" => self.atta_view(req, target, None, View::Play).await,
            verb if verb.starts_with("spider") => {
                let action = parse(&verb.replace('-', " "))?;
                self.atta_act(req, target, action, version).await
            }
            verb if board::select_verb(verb).is_some() => {
                let choice = options::picked(values, Choice::parse)?;
                match choice {
                    Choice::Play(text) => self.atta_act(req, target, parse(&text)?, version).await,
                    Choice::Square(pos) => self.atta_view(req, target, version, View::Square(pos)).await,
                    Choice::Ant(ant) => {
                        let view = View::Path { ant, words: vec![] };
                        self.atta_view(req, target, version, view).await
                    }
                    Choice::Path(path) => {
                        let view = board::path_view(&path).ok_or_else(options::not_a_choice)?;
                        self.atta_view(req, target, version, view).await
                    }
                }
            }
            _ => Err(UserError::no_game("That button does not belong to a game I know.").into()),
        }
    }

    /// Shows the board again in place, at the next step of a placement or
    /// an ant's move (or back to the start): nothing is played. Only the
    /// player to act may narrow, and only on the current board.
    async fn atta_view(
        &self,
        req: &Request,
        target: Target<'_>,
        version: Option<i64>,
        view: View,
    ) -> ServiceResult<Reply> {
        let (loaded, colour) = self.seated::<AttaAnts>(req, &target).await?;
        check_version(&loaded.row, version)?;
        let game = loaded.game();
        match game.to_move() {
            None => return Err(AttaAnts::refused(RuleError::GameOver, &loaded.seats).into()),
            Some(c) if c != colour => {
                return Err(AttaAnts::refused(RuleError::NotYourTurn(c), &loaded.seats).into())
            }
            Some(_) => {}
        }
        let who = loaded.label(colour);
        let text = match (&view, game.phase()) {
            (View::Play, _) => turn_line(&loaded),
            (View::Square(pos), Phase::Place) => {
                if board::place_choices(game, Some(*pos)).is_empty() {
                    return Err(UserError::illegal(format!("The card does not fit on {pos}.")).into());
                }
                format!("{who} places the card on {pos}: pick how it is turned.")
            }
            (View::Path { ant, words }, Phase::Ants(_)) if board::whole_moves_fit(game, *ant, words) => {
                if board::move_choices(game, *ant, words).is_empty() {
                    return Err(UserError::illegal(format!("{ant} cannot move now.")).into());
                }
                format!("{who} moves {ant}: pick its move.")
            }
            (View::Path { ant, words }, Phase::Ants(_)) => {
                let (reached, choices) = board::step_choices(game, *ant, words);
                if choices.is_empty() {
                    return Err(UserError::illegal(format!("{ant} cannot move that way.")).into());
                }
                let so_far = if reached.len() > 1 {
                    format!(" (so far `{}`)", reached.join(" "))
                } else {
                    String::new()
                };
                format!("{who} moves {ant}{so_far}: pick the next step.")
            }
            _ => return Err(out_of_date().into()),
        };
        Ok(self.atta_board_view(&loaded, text, &view))
    }

    /// Rematch on a finished board: a lobby with the same players, the
    /// seats turned by one (the first seat goes last), a new deal; the
    /// player who asked hosts it and starts it, and anyone may leave first.
    async fn atta_rematch(&self, req: &Request, target: Target<'_>) -> ServiceResult<Reply> {
        let (loaded, _) = self
            .finished_seat::<AttaAnts>(
                req,
                &target,
                "Only the players of that game can ask for a rematch; Play again opens a new game.",
            )
            .await?;
        let mut seats = loaded.seats.seats.clone();
        seats.rotate_left(1);
        let setup = LobbySetup {
            seed: rand::random::<u64>(),
            deal: None,
            chosen: false,
        };
        let table = Table {
            host: req.user.clone(),
            seats,
            tournament: None,
        };
        let loaded = self.open_table::<AttaAnts>(req, setup, table).await?;
        let minutes = self.config.challenge_ttl.as_secs().div_ceil(60);
        let text = format!(
            "{} asks for a rematch of **Atta Ants**, the seats turned: {}. {} starts it with **Start**; \
             anyone who does not want to play presses **Leave**. The lobby closes in {minutes} minutes.",
            mention(&req.user),
            seat_list(&loaded.seats),
            req.user.name
        );
        Ok(self.lobby_reply(&loaded, text))
    }

    async fn atta_new(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(opts, &["seed", "deal"])?;
        let chosen_seed = options::seed(opts)?;
        let seed = chosen_seed.unwrap_or_else(rand::random::<u64>);
        let deal = options::text(opts, "deal")?.map(str::to_string);
        let chosen = chosen_seed.is_some() || deal.is_some();
        if let Some(deal) = &deal {
            parse_deal(deal)
                .map_err(|e| UserError::bad_option(format!("That deal cannot start a game: {e}.")))?;
        }
        let setup = LobbySetup { seed, deal, chosen };
        let table = Table {
            host: req.user.clone(),
            seats: vec![req.user.clone()],
            tournament: None,
        };
        let loaded = self.open_table::<AttaAnts>(req, setup, table).await?;
        let minutes = self.config.challenge_ttl.as_secs().div_ceil(60);
        let text = format!(
            "{} opens a game of **Atta Ants** for 2 to 4 players. Press **Join** (or `/atta join`); \
             the host starts it with **Start** (or `/atta start`). The lobby closes in {minutes} minutes.",
            mention(&req.user)
        );
        Ok(self.lobby_reply(&loaded, text))
    }

    async fn atta_join(&self, req: &Request, target: Target<'_>) -> ServiceResult<Reply> {
        let (loaded, colour) = self.join_table::<AttaAnts>(req, target, None).await?;
        let text = format!(
            "{} joins and plays {colour}. {} players: {}.",
            mention(&req.user),
            loaded.seats.seats.len(),
            seat_list(&loaded.seats)
        );
        Ok(self.lobby_reply(&loaded, text))
    }

    async fn atta_start(
        &self,
        req: &Request,
        target: Target<'_>,
        version: Option<i64>,
    ) -> ServiceResult<Reply> {
        let loaded = self.start_table::<AttaAnts>(req, target, version).await?;
        let text = format!(
            "**Atta Ants** begins: {}. {} is the first player. {}",
            seat_list(&loaded.seats),
            loaded.label(loaded.game().first()),
            turn_line(&loaded)
        );
        Ok(self.atta_board_reply(&loaded, text))
    }

    /// The host closes the lobby, anyone else leaves it; in a game, the
    /// player leaves the game.
    async fn atta_leave(&self, req: &Request, target: Target<'_>) -> ServiceResult<Reply> {
        match self.leave_table::<AttaAnts>(req, target).await? {
            Left::Playing(..) => self.atta_act(req, target, Action::Leave, None).await,
            Left::Closed(loaded, _) => {
                let mut reply = Reply::text(format!("{} closed the Atta Ants lobby.", mention(&req.user)));
                reply.game = Some(loaded.summary());
                Ok(reply)
            }
            Left::Stood(loaded) => {
                let text = format!(
                    "{} left the lobby. Players: {}.",
                    mention(&req.user),
                    seat_list(&loaded.seats)
                );
                Ok(self.lobby_reply(&loaded, text))
            }
        }
    }

    /// Plays an action for the requesting user (or for `seat` on a timeout).
    /// With `at_version`, only on that version of the game (a click on a
    /// board that is no longer current is refused).
    async fn atta_act(
        &self,
        req: &Request,
        target: Target<'_>,
        action: Action,
        at_version: Option<i64>,
    ) -> ServiceResult<Reply> {
        let apply = |game: &mut AttaAnts, colour| {
            let canonical = game.canonical(&action);
            let before_round = game.round();
            let events = game.apply(colour, &action)?;
            Ok((canonical.to_string(), (canonical, before_round, events)))
        };
        let played = self.play(req, target, at_version, apply).await?;
        let (loaded, colour, (canonical, before_round, events)) = (played.table, played.seat, played.told);
        let who = loaded.label(colour);
        let mut text = match &action {
            Action::Leave => format!("{who} left the game."),
            Action::End => format!("{who} ended their turn."),
            _ => format!("{who} played **{canonical}**."),
        };
        describe_events(
            &mut text,
            &loaded,
            &events,
            before_round,
            (action == Action::Leave).then_some(colour),
        );
        text.push(' ');
        text.push_str(&turn_line(&loaded));
        Ok(self.atta_board_reply(&loaded, text))
    }

    /// `/atta place` without an action: the legal placements, for anyone.
    async fn atta_placements(&self, req: &Request) -> ServiceResult<Reply> {
        let loaded = self.find_table::<AttaAnts>(req, &Target::Channel).await?;
        let Some(game) = loaded.game.as_ref().filter(|g| g.outcome().is_none()) else {
            return Err(UserError::no_game("No Atta Ants game is under way here.").into());
        };
        let text = match (game.phase(), game.drawn()) {
            (Phase::Place, Some(card)) => {
                let places: Vec<String> = game.legal_actions().iter().map(|a| format!("`{a}`")).collect();
                let mut text = format!(
                    "{} places the {}. Legal placements: {}",
                    loaded.label(game.acting_first()),
                    atta_card_name(card),
                    places.join(", ")
                );
                if text.len() > 1900 {
                    text.truncate(text[..1900].rfind(',').unwrap_or(1900));
                    text.push_str(", …");
                }
                text
            }
            _ => "No card is waiting to be placed now.".into(),
        };
        let mut reply = Reply::ephemeral(text);
        reply.game = Some(loaded.summary());
        Ok(reply)
    }

    fn lobby_reply(&self, loaded: &Loaded, mut text: String) -> Reply {
        if loaded.setup.chosen {
            text.push_str(&format!(
                "\n{} chose the seed or the deck order of this game, so they may know the order of the terrain cards.",
                loaded.seats.host.name
            ));
        }
        Reply {
            text,
            components: board::lobby(&loaded.row.id, loaded.row.version),
            game: Some(loaded.summary()),
            ..Reply::default()
        }
    }

    /// A tournament's table: a game of Atta Ants already started, with
    /// `seats` in seat order (the first is its host), a random deal, at
    /// `place`. Atta Ants is never rated.
    pub(crate) async fn atta_tournament_game(
        &self,
        place: Place<'_>,
        tournament: &str,
        seats: &[User],
        _rated: bool,
        at: DateTime<Utc>,
    ) -> ServiceResult<GameRow> {
        let setup = LobbySetup {
            seed: rand::random::<u64>(),
            deal: None,
            chosen: false,
        };
        let table = Table {
            host: seats.first().context("a table's first seat")?.clone(),
            seats: seats.to_vec(),
            tournament: Some(tournament.to_string()),
        };
        let host = table.host.clone();
        self.started_table::<AttaAnts>(place, &host, setup, table, vec![], at)
            .await
            .map(|table| table.row)
    }

    /// A tournament table's board with `text`.
    pub(crate) async fn atta_tournament_board(&self, row: GameRow, text: &str) -> ServiceResult<Reply> {
        let loaded = self.load_table::<AttaAnts>(row).await?;
        Ok(self.atta_board_reply(&loaded, format!("{text} {}", turn_line(&loaded))))
    }

    /// The places of an ended game, by seat: its own ranking, or (ended
    /// without one: the round's close, a moderator) the ranking of the
    /// position as it stood. `None` while it is on.
    pub(crate) async fn atta_places(&self, row: GameRow) -> ServiceResult<Option<Vec<u32>>> {
        if row.status.is_open() {
            return Ok(None);
        }
        let loaded = self.load_table::<AttaAnts>(row).await?;
        let Some(game) = loaded.game.as_ref() else {
            return Ok(None);
        };
        let standings = match game.outcome() {
            Some(outcome) => outcome.standings.clone(),
            None => game.standings_now(),
        };
        let places = (0..loaded.seats.seats.len())
            .map(|i| {
                standings
                    .iter()
                    .find(|s| s.colour.index() == i)
                    .map_or(i as u32 + 1, |s| u32::from(s.place))
            })
            .collect();
        Ok(Some(places))
    }

    /// A player who leaves a tournament leaves their table's game under way.
    pub(crate) async fn atta_leave_game(&self, req: &Request, game: &str) -> ServiceResult<Reply> {
        let row = self.store.game(game).await?.context("a table's game")?;
        let req = Request {
            channel: row.channel_id,
            ..req.clone()
        };
        self.atta_act(&req, Target::Id(game), Action::Leave, None).await
    }

    /// The game as it stands, for a front end that shows it live: the
    /// lobby while it fills, else the board.
    pub(crate) async fn atta_table(&self, row: GameRow) -> ServiceResult<Reply> {
        let loaded = self.load_table::<AttaAnts>(row).await?;
        Ok(match loaded.game {
            None => {
                let text = format!(
                    "**Atta Ants**, hosted by {}: {}. Join, or the host starts it.",
                    mention(&loaded.seats.host),
                    seat_list(&loaded.seats)
                );
                self.lobby_reply(&loaded, text)
            }
            Some(_) => self.atta_board_reply(&loaded, turn_line(&loaded)),
        })
    }

    fn atta_board_reply(&self, loaded: &Loaded, text: String) -> Reply {
        self.atta_board_view(loaded, text, &View::Play)
    }

    /// The board in `view`: the image, and the components of that step.
    fn atta_board_view(&self, loaded: &Loaded, text: String, view: &View) -> Reply {
        let game = loaded.game();
        let labels = loaded.seats.labels();
        let building = board::building(game, view);
        let open = board::open_moves(game, view);
        let image = self.config.render.then(|| {
            let board = game.view(None).picking(building.as_ref(), &open);
            Image {
                regions: crate::render::atta_ants_regions(&board),
                png: atta_ants_png(&board, &labels),
                alt: atta_ants_alt_text(&board, &labels),
            }
        });
        Reply {
            text,
            image,
            components: board::components(&loaded.row.id, loaded.row.version, game, view),
            game: Some(loaded.summary()),
            ..Reply::default()
        }
    }

    /// A player out of time: they are out, the board tells what followed,
    /// and the player the game then waits for gets their turn alert.
    pub(crate) async fn atta_timed_out(
        &self,
        row: &GameRow,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<Post>> {
        let mut before_round = 0;
        let leave = |game: &mut AttaAnts, colour| {
            before_round = game.round();
            game.apply(colour, &Action::Leave).context("timeout leave")
        };
        let Some((loaded, TimedOut::Seat(colour, events))) = self.time_out(row, now, leave).await? else {
            return Ok(vec![]);
        };
        let user = loaded.user(colour).clone();
        let minutes = self.config.atta_turn_timeout.as_secs().div_ceil(60);
        let mut text = format!(
            "{} did not play within {minutes} minutes and is out of the game.",
            loaded.label(colour)
        );
        describe_events(&mut text, &loaded, &events, before_round, Some(colour));
        text.push(' ');
        text.push_str(&turn_line(&loaded));
        let reply = self.atta_board_reply(&loaded, text);
        let news = format!("{} ran out of time", user.name);
        let alert = match &reply.game {
            Some(game) => self.alert_waiting(game, &user.id, &news, now).await?,
            None => None,
        };
        let board = board_post(reply, &row.channel_id);
        Ok(std::iter::once(board).chain(alert).collect())
    }
}

/// The game a started lobby deals.
fn start_of(setup: &LobbySetup, table: &Table) -> Result<AttaAnts, crate::rules::atta_ants::SetupError> {
    AttaAnts::new(&rules_setup(setup, table.seats.len()))
}

impl crate::service::engine::state::Logged for AttaAnts {
    type Seats = Table;

    fn play_logged(&mut self, table: &Table, entry: &crate::store::ActionRow) -> anyhow::Result<bool> {
        crate::service::engine::play_seated(self, table, entry)
    }
}

fn rules_setup(setup: &LobbySetup, players: usize) -> Setup {
    Setup {
        players: players as u8,
        seed: setup.seed,
        deal: setup.deal.clone(),
    }
}

fn parse(text: &str) -> Result<Action, UserError> {
    options::notation(text)
}

/// "alice (Red), bob (Yellow)".
fn seat_list(table: &Table) -> String {
    let labels: Vec<String> = Colour::ALL[..table.seats.len()]
        .iter()
        .map(|c| table.label(*c))
        .collect();
    labels.join(", ")
}

/// "alice (Red) to place the drawn card." or the result.
fn turn_line(loaded: &Loaded) -> String {
    let game = loaded.game();
    match game.status() {
        Status::Over(outcome) => format!("**Game over**: {}.", loaded.told(&outcome)),
        Status::ToMove(c) => {
            let who = mention(loaded.seats.user(c));
            match (game.phase(), game.drawn()) {
                (Phase::Place, Some(card)) => format!("{who} ({c}) to place the {}.", atta_card_name(card)),
                (Phase::Spider { index, .. }, _) => format!(
                    "{who} ({c}) chooses where spider {} goes.",
                    game.spiders()[*index].number
                ),
                _ => format!("{who} ({c}) to move ants or end the turn."),
            }
        }
    }
}

/// The events in words; `gone` already said it left.
fn describe_events(
    text: &mut String,
    loaded: &Loaded,
    events: &Events,
    before_round: u32,
    gone: Option<Colour>,
) {
    for ant in &events.born {
        text.push_str(&format!(" A leaf reached the nest: {ant} enters play."));
    }
    for (number, _, to) in &events.spider_steps {
        text.push_str(&format!(" Spider {number} moves to {to}."));
    }
    if !events.eaten.is_empty() {
        let eaten: Vec<String> = events.eaten.iter().map(|a| a.to_string()).collect();
        text.push_str(&format!(" Eaten: {}.", eaten.join(", ")));
    }
    for colour in events.out.iter().filter(|c| Some(**c) != gone) {
        text.push_str(&format!(
            " {} has no ants left and is out.",
            loaded.label(*colour)
        ));
    }
    if let Some(round) = events.new_round.filter(|r| *r > before_round) {
        text.push_str(&format!(" Round {round} begins."));
        if !events.set_aside.is_empty() {
            let cards: Vec<String> = events.set_aside.iter().map(|c| c.to_string()).collect();
            text.push_str(&format!(" Set aside (fits nowhere): {}.", cards.join(", ")));
        }
    }
}

//! The table's HTTP surface: the page, the board of a place as JSON, an
//! action, and a stream that says when the board changed.
//!
//! Who acts comes from the page's address (local mode): a user name and a
//! channel, checked for shape. Every action goes through
//! [`Service::handle`], so the page may do exactly what that user may do
//! through the bot.

use super::activity::{Activity, SignInError};
use super::guard::{guard, Guard};
use super::live::{Change, Limits, Live, Ticket};
use super::moves::{moves, one_step, steps, Move, Step};
use super::page;
use super::seat::{self, Named, Seat};
use super::sign_ins::SignIns;
use crate::controls::choices::{new_game_options, GameOption};
use crate::protocol::Region;
use crate::rules::{GameKind, Kind};
use crate::service::{Image, Input, OptionValue, Options, Placing, Reply, Service};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine as _;
use futures_util::stream::{self, Stream};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The largest action the table reads.
const MAX_BODY: usize = 4 * 1024;

/// The service, and in Discord the Activity's sign-in.
pub struct Table {
    service: Arc<Service>,
    activity: Option<Activity>,
    live: Arc<Live>,
    sign_ins: SignIns,
}

type Shared = Arc<Table>;

/// The table's routes over `service`, for one person at this machine (who
/// plays comes from the page's address), served at `address` (a loopback
/// address: requests for any other host are refused).
pub fn router(service: Arc<Service>, address: SocketAddr) -> Router {
    let guard = Guard::Local { port: address.port() };
    routes(service, None, guard)
}

/// The table as the app's Activity: who plays comes from a session the
/// page gets by signing in through Discord, never from the address.
pub fn activity_router(service: Arc<Service>, activity: Activity) -> Router {
    let guard = Guard::Activity {
        application_id: activity.application_id().to_string(),
    };
    routes(service, Some(activity), guard)
}

fn routes(service: Arc<Service>, activity: Option<Activity>, guarded: Guard) -> Router {
    let live = Live::new(service.clone(), Limits::from_env());
    let table = Table {
        service,
        activity,
        live,
        sign_ins: SignIns::default(),
    };
    Router::new()
        .route("/", get(page::index))
        .route("/table.js", get(page::script))
        .route("/table.css", get(page::style))
        .route("/activity.js", get(page::activity))
        .route("/favicon.svg", get(page::icon))
        .route("/favicon.ico", get(page::icon))
        .route("/api/config", get(config))
        .route("/api/session", post(sign_in))
        .route("/api/table", get(place))
        .route("/api/act", post(act))
        .route("/api/events", get(events))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(Arc::new(guarded), guard))
        .with_state(Arc::new(table))
}

/// The peer's address, where the server noted it ([`super::listen`]).
struct Peer(Option<SocketAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<Peer, Infallible> {
        Ok(Peer(
            parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0),
        ))
    }
}

/// The address a request comes from: the first one a proxy in front names
/// (`X-Forwarded-For`), else the peer's. Only the caps per address read it.
fn address_of(headers: &HeaderMap, peer: Option<SocketAddr>) -> IpAddr {
    headers
        .get("x-forwarded-for")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
        .and_then(|v| v.trim().parse().ok())
        .or(peer.map(|peer| peer.ip()))
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
}

impl Table {
    /// Who asks: the session a signed-in page holds (in the header, or in
    /// the address for the event stream, which cannot send headers), or in
    /// local mode the page's `user` and `channel`.
    fn seat(&self, headers: &HeaderMap, named: Named) -> Result<Seat, Refused> {
        let Some(activity) = &self.activity else {
            return Seat::local(named.user.unwrap_or_default(), named.channel.unwrap_or_default());
        };
        let bearer = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        let token = bearer.or(named.session.as_deref()).unwrap_or_default();
        let session = activity
            .session(token, chrono::Utc::now().timestamp())
            .ok_or_else(Refused::signed_out)?;
        Ok(Seat::of_session(session))
    }
}

/// What the page needs before it plays: inside Discord, the app's id (its
/// SDK's client id); `null` in local mode.
async fn config(State(table): State<Shared>) -> Json<serde_json::Value> {
    let activity = table.activity.as_ref().map(|a| a.application_id());
    Json(serde_json::json!({ "activity": activity }))
}

/// What the page's sign-in sends: the SDK's code and the instance it runs in.
#[derive(Deserialize)]
struct SignIn {
    code: String,
    instance_id: String,
}

/// The page's session and the access token its SDK authenticates with.
/// Each sign-in asks Discord once, so they are limited per address and in
/// all ([`SignIns`]).
async fn sign_in(
    State(table): State<Shared>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Json(sign_in): Json<SignIn>,
) -> Result<Response, Refused> {
    let Some(activity) = &table.activity else {
        return Err(Refused(
            StatusCode::NOT_FOUND,
            "This table is not an Activity.".into(),
        ));
    };
    if !table.sign_ins.allow(address_of(&headers, peer)) {
        return Err(Refused(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many sign-ins: wait a minute and open the table again.".into(),
        ));
    }
    let fine = |s: &str| (1..=200).contains(&s.len()) && s.chars().all(|c| c.is_ascii_graphic());
    if !fine(&sign_in.code) || !fine(&sign_in.instance_id) {
        return Err(Refused::bad("Send the SDK's `code` and the `instance_id`."));
    }
    let now = chrono::Utc::now().timestamp();
    match activity.sign_in(&sign_in.code, &sign_in.instance_id, now).await {
        Ok((session, access_token)) => Ok(Json(serde_json::json!({
            "ok": true, "session": session, "access_token": access_token,
        }))
        .into_response()),
        Err(error @ SignInError::Unreachable) => Err(Refused(StatusCode::BAD_GATEWAY, error.to_string())),
        Err(error @ SignInError::NotInInstance) => Err(Refused(StatusCode::FORBIDDEN, error.to_string())),
        Err(error @ SignInError::Refused) => Err(Refused(StatusCode::UNAUTHORIZED, error.to_string())),
    }
}

/// A refusal the page shows: a status and a short message.
#[derive(Debug)]
pub struct Refused(pub(super) StatusCode, pub(super) String);

impl Refused {
    pub(super) fn bad(message: &str) -> Refused {
        Refused(StatusCode::BAD_REQUEST, message.into())
    }

    fn signed_out() -> Refused {
        Refused(
            StatusCode::UNAUTHORIZED,
            "Your session ended: open the table again.".into(),
        )
    }

    fn internal(error: impl std::fmt::Display) -> Refused {
        tracing::error!(%error, "the web table failed");
        Refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Something went wrong; try again.".into(),
        )
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "ok": false, "error": self.1 }))).into_response()
    }
}

/// What the page shows of a place: the channel's game of two or more
/// players and the user's patience there (each if there is one), and the
/// games it may start.
#[derive(Serialize)]
struct Place {
    user: String,
    channel: String,
    boards: Vec<Board>,
    new: Vec<NewGame>,
    /// The channel's tournament, as its standings board.
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament: Option<Standings>,
}

/// A tournament's standings board as the page shows it: its words, its
/// picture and its buttons (Join, Leave, Start, an event's deals).
#[derive(Serialize)]
struct Standings {
    id: String,
    status: String,
    text: String,
    image: Option<String>,
    alt: String,
    steps: Vec<Step>,
}

impl Standings {
    fn of(reply: Reply) -> Option<Standings> {
        let tournament = reply.tournament?;
        let (image, alt) = match reply.image {
            Some(image) => (Some(image_data(&image)), image.alt),
            None => (None, String::new()),
        };
        Some(Standings {
            id: tournament.id,
            status: tournament.status,
            text: reply.text,
            image,
            alt,
            steps: steps(&reply.components, &[], &[]),
        })
    }
}

/// A reply's picture (a board, or a replay's GIF) as a `data:` address.
fn image_data(image: &Image) -> String {
    format!(
        "data:image/{};base64,{}",
        image.extension(),
        base64::engine::general_purpose::STANDARD.encode(&image.png)
    )
}

#[derive(Serialize)]
struct NewGame {
    kind: &'static str,
    title: &'static str,
    /// Whether it is played by two or more.
    multiplayer: bool,
    /// Whether it has a daily challenge (the Daily panel's games).
    daily: bool,
    /// Its Start button's words: a two-player game is a challenge (it
    /// names an opponent), a larger one opens a lobby, a patience is dealt.
    start: String,
    /// What one of its board's spots is called, for screen readers.
    spot: &'static str,
    /// The options its command takes, as the page offers them.
    options: Vec<GameOption>,
}

/// A board as the page plays it.
#[derive(Serialize)]
struct Board {
    id: String,
    kind: &'static str,
    status: String,
    version: i64,
    to_move: String,
    text: String,
    /// The picture, as a `data:` address (none for a challenge or a lobby
    /// not yet started).
    image: Option<String>,
    width: u32,
    height: u32,
    alt: String,
    regions: Vec<Region>,
    moves: Vec<Move>,
    steps: Vec<Step>,
    /// The viewer's own cards to place in a private deployment, placed on
    /// the page and sent as one deploy action.
    #[serde(skip_serializing_if = "Option::is_none")]
    placing: Option<Placing>,
}

impl Board {
    fn of(reply: Reply, seat: &Seat) -> Option<Board> {
        let game = reply.game?;
        let text = seat.words(&reply.text, &game);
        let (image, width, height, alt, regions) = match reply.image {
            Some(image) => {
                let (width, height) = png_size(&image.png)?;
                (Some(image_data(&image)), width, height, image.alt, image.regions)
            }
            None => (None, 0, 0, String::new(), vec![]),
        };
        Some(Board {
            id: game.id,
            kind: game.kind.as_str(),
            status: game.status.as_str().to_string(),
            version: game.version,
            to_move: game.to_move.unwrap_or_default(),
            text,
            image,
            width,
            height,
            alt,
            regions,
            moves: moves(&game.spots),
            steps: one_step(steps(&reply.components, &game.legal, &game.spots), game.version)
                .into_iter()
                // The page places a private deployment itself (`placing`):
                // the bot's picker is never opened from it.
                .filter(|step| step.name != "deploy")
                .collect(),
            placing: game.placing,
        })
    }
}

/// A PNG's width and height, from its header.
fn png_size(png: &[u8]) -> Option<(u32, u32)> {
    let word = |at: usize| Some(u32::from_be_bytes(png.get(at..at + 4)?.try_into().ok()?));
    png.starts_with(b"\x89PNG").then_some(())?;
    Some((word(16)?, word(20)?))
}

async fn place(
    State(table): State<Shared>,
    headers: HeaderMap,
    Query(named): Query<Named>,
) -> Result<Json<Place>, Refused> {
    let seat = table.seat(&headers, named)?;
    let service = &table.service;
    let user = seat.user();
    let channel_game = service.channel_table(&user, &seat.channel);
    let patience = service.patience_table(&user, &seat.channel);
    let tournament = service.tournament_table(&seat.channel);
    let (channel_game, patience, tournament) = tokio::join!(channel_game, patience, tournament);
    let tournament = tournament.map_err(Refused::internal)?.and_then(Standings::of);
    let boards = [channel_game, patience]
        .into_iter()
        .map(|reply| reply.map_err(Refused::internal))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .flatten()
        .filter_map(|reply| Board::of(reply, &seat))
        .collect();
    let new = page_games(service)
        .map(|kind| NewGame {
            kind: kind.as_str(),
            title: kind.title(),
            multiplayer: !kind.is_patience(),
            daily: kind.has_daily(),
            start: match kind.players() {
                (2, 2) => format!("Challenge: {}", kind.title()),
                _ => format!("New {}", kind.title()),
            },
            spot: if kind.is_patience() { "Pile" } else { "Square" },
            options: new_game_options(kind),
        })
        .collect();
    Ok(Json(Place {
        boards,
        user: seat.name,
        channel: seat.channel,
        new,
        tournament,
    }))
}

/// What the page asks for: a move in notation, a button's component, or a
/// new game of a kind (a challenge may name its opponent; none is open to
/// anyone in the channel, `antics` is the computer). In local mode it also
/// says who and where.
#[derive(Debug, Deserialize)]
struct Action {
    #[serde(default)]
    user: Option<String>,
    #[serde(default)]
    channel: Option<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default, rename = "move")]
    notation: Option<String>,
    #[serde(default)]
    component: Option<String>,
    #[serde(default)]
    new: Option<String>,
    /// A question of the page's Daily panel: `play`, `results`,
    /// `solution` or `season` (see [`daily_ask`]).
    #[serde(default)]
    ask: Option<String>,
    /// A new game's options, by the names its command gives them (an Army
    /// Ants challenge's `opponent`, a patience's `seed`, ...).
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// The version of the board a move or a button was chosen on: the
    /// action is refused (`conflict`) if the game has moved on since. The
    /// page always sends it.
    #[serde(default)]
    version: Option<i64>,
}

#[derive(Serialize)]
struct Answer {
    ok: bool,
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'static str>,
    /// The reply's buttons (a confirmation asked in place, or the new
    /// board's): the page shows them until the board changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<Step>>,
    /// A reply that is not a board and says more than a line, or draws a
    /// picture (a game's review): the page shows it whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<Note>,
}

#[derive(Serialize)]
struct Note {
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alt: Option<String>,
}

impl Note {
    /// The note of a reply with no board that says more than a line, draws
    /// a picture or carries embeds (a leaderboard, a day's results), the
    /// embeds written out as lines.
    fn of(reply: &Reply) -> Option<Note> {
        let said_more = reply.image.is_some() || !reply.embeds.is_empty() || reply.text.contains('\n');
        if !reply.ok() || reply.game.is_some() || !said_more {
            return None;
        }
        let mut lines: Vec<String> = Vec::new();
        if !reply.text.is_empty() {
            lines.push(reply.text.clone());
        }
        for embed in &reply.embeds {
            lines.push(format!("**{}**", embed.title));
            lines.extend((!embed.description.is_empty()).then(|| embed.description.clone()));
            lines.extend(
                embed
                    .fields
                    .iter()
                    .map(|f| format!("**{}**: {}", f.name, f.value)),
            );
            lines.extend(embed.footer.clone());
        }
        Some(Note {
            text: lines.join("\n"),
            image: reply.image.as_ref().map(image_data),
            alt: reply.image.as_ref().map(|i| i.alt.clone()),
        })
    }
}

async fn act(
    State(table): State<Shared>,
    headers: HeaderMap,
    Json(action): Json<Action>,
) -> Result<Json<Answer>, Refused> {
    let named = Named {
        user: action.user,
        channel: action.channel,
        session: None,
    };
    let seat = table.seat(&headers, named)?;
    let kind = |name: Option<&str>| {
        page_games(&table.service)
            .find(|kind| Some(kind.as_str()) == name)
            .ok_or_else(|| {
                let names: Vec<&str> = page_games(&table.service).map(Kind::as_str).collect();
                Refused::bad(&format!("Name the game: {}.", crate::rules::listed(&names, "or")))
            })
    };
    // The page binds every move and button to the board it was chosen on;
    // without a version a move is taken as typed (as `/... move` is).
    let (input, version) = match (action.notation, action.component, action.new, action.ask) {
        (None, None, None, Some(ask)) => (daily_ask(&ask, &action.options)?, None),
        (Some(notation), None, None, None) => {
            let kind = kind(action.kind.as_deref())?;
            let played = kind.listed().map_or("solitaire", GameKind::command);
            let input = command(&format!("{played} move"), &[("action", &notation)]);
            (input, action.version)
        }
        (None, Some(component), None, None) => {
            let input = Input::Component {
                custom_id: component,
                values: vec![],
            };
            (input, action.version)
        }
        (None, None, Some(new), None) => {
            let input = new_game(kind(Some(&new))?, &action.options)?;
            (input, None)
        }
        _ => return Err(Refused::bad("Send one of `move`, `component`, `new` or `ask`.")),
    };
    let request = seat.request(input);
    let reply = match version {
        Some(version) => table.service.handle_on_board(&request, version).await,
        None => table.service.handle(&request).await,
    };
    let buttons = steps(&reply.components, &[], &[]);
    Ok(Json(Answer {
        steps: (!buttons.is_empty()).then_some(buttons),
        note: Note::of(&reply),
        ok: reply.ok(),
        error: reply.error.as_ref().map(|e| e.code.as_str()),
        text: match (reply.error, &reply.game) {
            (Some(error), _) => error.message,
            (None, Some(game)) => seat.words(&reply.text, game),
            (None, None) => reply.text,
        },
    }))
}

/// The command that starts a game of `kind` with the options given (a
/// blank one is left out): a patience, an Army Ants challenge (to its
/// `opponent`, or open), an Atta Ants lobby. Options the command does not
/// take are refused here; the service checks their values.
fn new_game(kind: Kind, given: &BTreeMap<String, String>) -> Result<Input, Refused> {
    let known = new_game_options(kind);
    let mut options = Vec::new();
    if kind.is_patience() {
        options.push(("game", kind.as_str()));
    }
    for (name, value) in given {
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        if !known.iter().any(|o| o.name == name) {
            let names: Vec<&str> = known.iter().map(|o| o.name).collect();
            return Err(Refused::bad(&format!(
                "{} takes these options: {}.",
                kind.title(),
                names.join(", ")
            )));
        }
        if name == "opponent" && !seat::fine(value) {
            return Err(Refused::bad(
                "Name the opponent with up to 32 letters, digits, `_` or `-`.",
            ));
        }
        options.push((name.as_str(), value));
    }
    let name = start_command(kind).ok_or_else(|| Refused::bad("That game is not played on the page."))?;
    Ok(command(name, &options))
}

/// The command that starts a game of `kind`; `None` for a game of two or
/// more outside the five, which has no command of its own.
/// The games the page plays: those the service serves that a command
/// starts, as its registry lists them.
fn page_games(service: &Service) -> impl Iterator<Item = Kind> + '_ {
    service
        .games()
        .kinds()
        .filter(|kind| start_command(*kind).is_some())
}

fn start_command(kind: Kind) -> Option<&'static str> {
    match kind.listed() {
        Some(GameKind::ArmyAnts) => Some("armyants challenge"),
        Some(GameKind::AttaAnts) => Some("atta new"),
        _ if kind.is_patience() => Some("solitaire new"),
        _ => None,
    }
}

/// The command that answers a question of the page's Daily panel, as on
/// Discord: `play` (today's deal, or a closed day's as practice), the day's
/// `results`, its `solution`, and the `season`'s table. Only the options
/// the question takes pass (`game`, `date`; `season` a month); the service
/// checks their values.
fn daily_ask(ask: &str, given: &BTreeMap<String, String>) -> Result<Input, Refused> {
    let (name, takes): (&str, &[&str]) = match ask {
        "play" => ("daily play", &["game", "date"]),
        "results" => ("daily results", &["game", "date"]),
        "solution" => ("daily solution", &["game", "date"]),
        "season" => ("leaderboard", &["game", "season"]),
        _ => return Err(Refused::bad("Ask for play, results, solution or season.")),
    };
    let mut options: Vec<(&str, &str)> = given
        .iter()
        .map(|(name, value)| (name.as_str(), value.trim()))
        .filter(|(_, value)| !value.is_empty())
        .collect();
    if options.iter().any(|(name, _)| !takes.contains(name)) {
        return Err(Refused::bad(&format!("`{ask}` takes {}.", takes.join(" and "))));
    }
    if ask == "season" {
        options.push(("period", "season"));
    }
    Ok(command(name, &options))
}

fn command(name: &str, options: &[(&str, &str)]) -> Input {
    let options: Options = options
        .iter()
        .map(|(k, v)| (k.to_string(), OptionValue::Text(v.to_string())))
        .collect();
    Input::Command {
        name: name.into(),
        options,
    }
}

/// A stream of `version` events: one at once, then one whenever a board of
/// the place changes (through this page, another page, the bot or another
/// process sharing the store). Its data names the boards' ids and versions.
/// The process' one watcher ([`Live`]) says when the place's channel
/// changed; the stream then looks at its boards. It ends when its session
/// does; over a cap it is refused with 429 (the page then polls slowly).
async fn events(
    State(table): State<Shared>,
    Peer(peer): Peer,
    headers: HeaderMap,
    Query(named): Query<Named>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, Refused> {
    let seat = table.seat(&headers, named)?;
    let address = address_of(&headers, peer);
    let ticket = table
        .live
        .open(&seat.channel, &seat.user, address)
        .map_err(|full| Refused(StatusCode::TOO_MANY_REQUESTS, full.words().into()))?;
    let service = table.service.clone();
    let ends = seat.expires.map(|at| {
        let left = (at - chrono::Utc::now().timestamp()).max(0) as u64;
        tokio::time::Instant::now() + std::time::Duration::from_secs(left)
    });
    let start = (service, seat, ticket, None::<String>);
    let stream = stream::unfold(start, move |(service, seat, mut ticket, last)| async move {
        loop {
            if let Some(now) = versions(&service, &seat)
                .await
                .filter(|now| last.as_ref() != Some(now))
            {
                let event = Event::default().event("version").data(now.clone());
                return Some((Ok(event), (service, seat, ticket, Some(now))));
            }
            let session_over = async {
                match ends {
                    Some(ends) => tokio::time::sleep_until(ends).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                changed = changed_here(&mut ticket, &seat.channel) => if !changed { return None },
                () = session_over => return None,
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// The ids and versions of the place's boards, `None` if the store failed.
async fn versions(service: &Service, seat: &Seat) -> Option<String> {
    let (channel_game, patience, tournament) = tokio::join!(
        service.channel_version(&seat.channel),
        service.patience_version(&seat.user, &seat.channel),
        service.tournament_version(&seat.channel)
    );
    let boards = [channel_game.ok()?, patience.ok()?, tournament.ok()?];
    let named: Vec<String> = boards
        .into_iter()
        .flatten()
        .map(|(id, version)| format!("{id} {version}"))
        .collect();
    Some(named.join(","))
}

/// Waits until a game of `channel` may have changed: the watcher says so,
/// or the stream fell behind its news. `false` once the watcher is gone.
async fn changed_here(ticket: &mut Ticket, channel: &str) -> bool {
    loop {
        match ticket.changes.recv().await {
            Ok(Change::Channel(id)) if &*id != channel => continue,
            Ok(_) | Err(RecvError::Lagged(_)) => return true,
            Err(RecvError::Closed) => return false,
        }
    }
}

/// Files of the page, with their content type.
pub(super) fn asset(body: &'static str, content_type: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

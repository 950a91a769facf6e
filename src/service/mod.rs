//! The bot without Discord: a request in, a reply out.
//!
//! The service owns who may act, one open multiplayer game per channel,
//! expiries and results. It loads a game from the store, applies the action
//! with the rules, saves it in one transaction and draws the board.

mod alerts;
pub(crate) mod base;
pub mod cache;
mod clock;
mod contest;
mod daily;
mod daily_seed;
pub mod engine;
pub(crate) mod error;
mod event;
pub(crate) mod kinds;
mod leaderboard;
mod moderation;
mod offload;
mod ratings;
mod reach;
pub mod rules_text;
mod season;
mod solitaire;
mod stats;
mod tournament;

pub use crate::protocol::custom_id;
use crate::protocol::{options, types};
pub(crate) use base::Paths;
pub use base::{mention, Config, DailySecret, Registry, Service, MAX_SUGGESTIONS};
pub use daily::POST_LEASE_MS as DAILY_POST_LEASE_MS;
pub use engine::idle::parse_duration;
pub use error::{sentence, ErrorCode, ServiceError, ServiceResult, UserError};
pub use solitaire::SolitaireRules;
pub use types::*;

/// The service's parts that `tests/app/units` checks one by one (pure
/// functions and small types); not an interface for anything else.
#[doc(hidden)]
pub mod parts {
    pub use super::clock::NextSweep;
    pub use super::contest::{Contest, EventDeal};
    pub use super::daily::{daily_named, share_line};
    pub use super::engine::idle::human;
    pub use super::leaderboard::BoardSpec;
    pub use super::offload::thinking;
    pub use super::reach::{place_link, players_of};
    pub use super::stats::badge;
    pub use super::tournament::{duration_words, ordinal, round_length, starts};
}

// The protocol's messages, as every module here names them.

use crate::rules::GameKind;
use crate::store::GameStatus;
use chrono::{DateTime, Utc};

/// How long an interaction taken over HTTP is remembered against replays:
/// twice the signature's window of five minutes either way.
const SEEN_KEPT_MS: i64 = 10 * 60 * 1000;
/// How long a rationed work's window is kept (every window is shorter).
const RATIONS_KEPT_MS: i64 = 60 * 60 * 1000;

impl Service {
    /// Handles one interaction. Never fails: refusals and internal errors
    /// become ephemeral replies (internal ones logged with an id).
    pub async fn handle(&self, req: &Request) -> Reply {
        self.handle_bound(req, None).await
    }

    /// Handles an action chosen on the board at `version` (a page's click):
    /// refused as out of date, changing nothing, when the game it acts on
    /// stands at another version, exactly as a button drawn for an older
    /// board is.
    pub async fn handle_on_board(&self, req: &Request, version: i64) -> Reply {
        self.handle_bound(req, Some(version)).await
    }

    async fn handle_bound(&self, req: &Request, bound: Option<i64>) -> Reply {
        let swept = match self.next_sweep.is_due(req.at.timestamp_millis()) {
            true => self.sweep(req.at, true).await,
            false => Ok(vec![]),
        };
        let mut posts = match swept {
            Ok(posts) => posts,
            Err(e) => return internal_reply(e),
        };
        if let Err(e) = self.note_place(req).await {
            return internal_reply(e);
        }
        let (result, touched) = engine::touched::tracking(self.dispatch(req), bound).await;
        if result.is_ok() {
            self.answered.send_modify(|n| *n = n.wrapping_add(1));
        }
        let mut reply = match result {
            Ok(reply) => reply,
            Err(ServiceError::User(e)) => {
                let row = match touched.row.clone() {
                    Some(row) => Some(row),
                    None => self.named_game(req).await,
                };
                let game = match row {
                    Some(row) => self.summary_of(&row).await.ok(),
                    None => None,
                };
                Reply {
                    ephemeral: true,
                    text: e.message.clone(),
                    error: Some(e),
                    game,
                    ..Reply::default()
                }
            }
            Err(ServiceError::Internal(e)) => internal_reply(e),
        };
        // Only an action that was saved can have passed the turn: a look
        // (`/record`, a board shown again) alerts no one.
        let tournament_game = touched
            .row
            .as_ref()
            .filter(|row| tournament::tournament_of(row).is_some());
        if let (true, Some(row)) = (touched.saved, tournament_game) {
            match self.tournament_game_saved(&row.id, req.at).await {
                Ok((more, tournament)) => {
                    reply.posts.extend(more);
                    reply.tournament = reply.tournament.take().or(tournament);
                }
                Err(e) => tracing::warn!(error = %e, "could not count a tournament game's result"),
            }
        }
        if touched.saved {
            match self.turn_alert(req, &reply).await {
                Ok(alert) => reply.posts.extend(alert),
                Err(e) => tracing::warn!(error = %format!("{e:#}"), "could not send a turn alert"),
            }
        }
        reach::through_interaction(req, &mut reply);
        posts.append(&mut reply.posts);
        reply.posts = posts;
        count_renders(&reply);
        reply
    }

    async fn dispatch(&self, req: &Request) -> ServiceResult<Reply> {
        match &req.input {
            Input::Command { name, options } => {
                // Matched in lower case; refusals quote the words as typed.
                let typed: Vec<&str> = name.split_whitespace().collect();
                let lower = name.trim().to_ascii_lowercase();
                let words: Vec<&str> = lower.split_whitespace().collect();
                let sub = typed.get(1).copied().unwrap_or_default();
                let game = words.first().and_then(|command| GameKind::by_command(command));
                match (game, words.as_slice()) {
                    (Some(kind), [_, _]) => {
                        let doors = self.games.doors(kind);
                        let sub = options::subcommand(kind.command(), sub, options, doors.subcommands)?;
                        (doors.command)(self, req, sub).await
                    }
                    (_, ["daily" | "dailypost", _] | ["leaderboard"] | ["stats"]) => {
                        Self::needs_member(req, &words)?;
                        self.daily_command(req, &words, &typed, options).await
                    }
                    (_, ["record"]) => self.record(req).await,
                    (_, ["tournament", sub]) => {
                        self.tournament_command(req, sub, typed.get(1).copied().unwrap_or_default(), options)
                            .await
                    }
                    (_, ["game", "end"]) => self.moderator_end(req, options).await,
                    (_, ["alerts"]) => self.alerts_command(req, options).await,
                    (_, ["help"]) => Ok(Reply::ephemeral(HELP)),
                    (_, ["rules"]) => rules_text::reply(options),
                    _ => Err(UserError::unknown_command(&format!("/{}", name.trim()), "/help").into()),
                }
            }
            Input::Component { custom_id, values } => {
                let id = custom_id::ComponentId::parse(custom_id)?;
                match (GameKind::by_component_tag(&id.game), id.game.as_str()) {
                    (Some(kind), _) => (self.games.doors(kind).component)(self, req, &id, values).await,
                    (None, "daily" | "lb") => self.daily_component(req, &id, values).await,
                    (None, tournament::TAG) => self.tournament_component(req, &id).await,
                    (None, _) => {
                        Err(UserError::no_game("That button does not belong to a game I know.").into())
                    }
                }
            }
        }
    }

    /// The game a request names, for a refusal that came before the
    /// service looked for it (a malformed option or notation): the
    /// clicked component's game, or the channel's game of the command.
    async fn named_game(&self, req: &Request) -> Option<crate::store::GameRow> {
        let found = match &req.input {
            Input::Component { custom_id, .. } => {
                let id = custom_id::ComponentId::parse(custom_id).ok()?;
                self.store.game(&id.id).await
            }
            Input::Command { name, .. } => {
                let command = name.split_whitespace().next()?.to_ascii_lowercase();
                // A game of two or more is the channel's; a patience, the player's.
                match GameKind::by_command(&command)? {
                    kind if kind.players().1 > 1 => self.channel_game(&req.channel, kind.into()).await,
                    _ => self.store.latest_solitaire(&req.channel, &req.user.id).await,
                }
            }
        };
        found.ok()?.filter(|row| row.channel_id == req.channel)
    }

    /// A stored game as a reply shows it, whatever the game: an unlisted
    /// game not served here shows only its id, kind and status.
    async fn summary_of(&self, row: &crate::store::GameRow) -> ServiceResult<GameSummary> {
        match self.games.paths(row.kind) {
            Some(paths) => (paths.summary)(self, row).await,
            None => Ok(GameSummary::of(row)),
        }
    }

    /// Runs what is due at `now` without a request (a clock tick) and
    /// returns the messages it sends.
    pub async fn tick(&self, now: DateTime<Utc>) -> Vec<Post> {
        self.sweep(now, false).await.unwrap_or_else(|e| {
            internal_reply(e);
            vec![]
        })
    }

    /// Ends whatever is due at `now` (expired challenges, idle games),
    /// posts a new day's challenges, and returns the messages that announce
    /// it; then notes when the next work is due.
    ///
    /// Only one process sweeps at a time (the store's sweep lock). A tick
    /// that finds another process sweeping leaves the work to it. A request
    /// must never act on a game whose time is up, so it still ends the
    /// expiries due; each end is a versioned commit, which lands once
    /// whichever process gets there first.
    async fn sweep(&self, now: DateTime<Utc>, for_request: bool) -> anyhow::Result<Vec<Post>> {
        let lock = self.store.try_sweep_lock().await?;
        if lock.is_none() {
            crate::metrics::get().swept("elsewhere");
            if !for_request {
                return Ok(vec![]);
            }
        }
        self.next_sweep.sweeping(now.timestamp_millis());
        let swept = match lock {
            Some(_) => self.sweep_now(now).await,
            None => self.sweep_expiries(now).await,
        };
        let planned = match &swept {
            Ok(_) => self.next_work(now).await.map(|next| self.next_sweep.swept(next)),
            Err(_) => {
                self.next_sweep.forget();
                Ok(())
            }
        };
        if let Some(lock) = lock {
            lock.release().await;
            crate::metrics::get().swept(if swept.is_ok() { "ok" } else { "error" });
        }
        planned?;
        swept
    }

    /// The earliest time anything may be due after a sweep at `now`: the
    /// next deadline (an expiry, a turn clock, an idle reminder or end),
    /// the next day's posts.
    async fn next_work(&self, now: DateTime<Utc>) -> anyhow::Result<i64> {
        let expiry = self.store.next_expiry().await?;
        let tournament = self.store.next_tournament_deadline().await?;
        let day = daily_seed::next_day(now);
        let deals = self.next_deals_at(now);
        Ok(expiry
            .into_iter()
            .chain(tournament)
            .chain(deals)
            .fold(day, i64::min))
    }

    /// Everything due at `now`: deadlines, the day's deals and posts, a
    /// season's podium.
    async fn sweep_now(&self, now: DateTime<Utc>) -> anyhow::Result<Vec<Post>> {
        self.backfill_idle_deadlines().await?;
        let mut posts = self.sweep_expiries(now).await?;
        self.store
            .forget_seen(now.timestamp_millis() - SEEN_KEPT_MS)
            .await?;
        self.store
            .forget_rations(now.timestamp_millis() - RATIONS_KEPT_MS)
            .await?;
        self.prepare_next_deals(now).await?;
        posts.extend(self.sweep_tournaments(now).await?);
        posts.extend(self.daily_posts(now).await?);
        posts.extend(self.season_posts(now).await?);
        Ok(posts)
    }

    /// Ends the games whose deadline passed by `now`: challenges and lobbies
    /// unanswered, Atta Ants turns not played, daily attempts whose day
    /// closed, idle games (a reminder first).
    async fn sweep_expiries(&self, now: DateTime<Utc>) -> anyhow::Result<Vec<Post>> {
        let mut posts = Vec::new();
        for row in self.store.due_games(now.timestamp_millis()).await? {
            // An unlisted game's deadlines are the engine's, once this
            // process has served it.
            let due = match self.games.paths(row.kind) {
                Some(paths) => (paths.due)(self, &row, now).await?,
                None => vec![],
            };
            for post in due {
                posts.extend(self.route_due(&row, Some(post)).await?);
            }
            // A tournament's game that timed out counts at once.
            if tournament::tournament_of(&row).is_some() {
                posts.extend(self.tournament_game_saved(&row.id, now).await?.0);
            }
        }
        Ok(posts)
    }

    /// `/record`: the record of the channel's open or last game as text.
    /// The channel's open game of two or more comes first; otherwise the
    /// newer of its last such game and the user's own last patience here.
    async fn record(&self, req: &Request) -> ServiceResult<Reply> {
        if let Some(row) = self.store.open_multiplayer_game(&req.channel).await? {
            return self.record_of(&row, req.at).await;
        }
        // The last game of each kind of two or more players, the unlisted
        // ones served here included.
        let mut last = Vec::new();
        for kind in self.games.multiplayer_kinds() {
            last.extend(self.store.latest_of(&req.channel, Some(kind)).await?);
        }
        let duel = last
            .into_iter()
            .filter(|row| row.status != GameStatus::Cancelled || moderation::was_ended(row))
            .max_by_key(|row| row.created_at);
        let patience = self.store.latest_solitaire(&req.channel, &req.user.id).await?;
        match (duel, patience) {
            (Some(d), Some(p)) if p.created_at > d.created_at => self.record_of(&p, req.at).await,
            (Some(d), _) => self.record_of(&d, req.at).await,
            (None, Some(p)) => self.record_of(&p, req.at).await,
            (None, None) => Err(UserError::no_game("No game has been played in this channel yet.").into()),
        }
    }
}

impl Service {
    /// `/record` of a stored game, whatever the game.
    async fn record_of(&self, row: &crate::store::GameRow, at: DateTime<Utc>) -> ServiceResult<Reply> {
        match self.games.paths(row.kind) {
            Some(paths) => (paths.record)(self, row, at).await,
            None => Err(UserError::no_game(format!("{} has no record here.", row.kind.title())).into()),
        }
    }
}

/// Counts the images a reply carries: each was drawn for it.
fn count_renders(reply: &Reply) {
    let images = reply
        .image
        .iter()
        .chain(reply.posts.iter().filter_map(|p| p.image.as_ref()));
    for image in images {
        crate::metrics::get().rendered(image.extension());
    }
}

fn internal_reply(e: anyhow::Error) -> Reply {
    let id = format!("{:08x}", rand::random::<u32>());
    if crate::metrics::is_store_error(&e) {
        crate::metrics::get().store_errors.inc();
    }
    tracing::error!(error_id = %id, error = %format!("{e:#}"), "internal error");
    Reply {
        ephemeral: true,
        text: format!(
            "Something went wrong on our side (error id {id}). Your game is safe; please try again."
        ),
        error: Some(UserError::new(
            ErrorCode::Internal,
            format!("internal error {id}"),
        )),
        ..Reply::default()
    }
}

pub const HELP: &str =
    "**Antics** hosts ant games in this channel. Every game is played by clicking its board; \
typed commands work too.\n\
**Army Ants** (2 players): `/armyants challenge opponent:@friend` (or `opponent:antics` to play the \
computer, `level:` easy, normal or hard). On the board, pick a card in the select: its moves open in a \
picker only you see, each said in words (\"9 on c4 takes the 7 on c5\"); pick one and the board changes \
in place, and the same picker offers your next card. The Queen's Favor is one click in the board's \
select. Buttons: Deploy (place your cards in private), Offer draw, Resign, Rematch. \
Typing works too: `/armyants move action:` suggests your legal moves (`c3-c6` move out, `a3:c3-a5:c5` \
march, `c3=c4` swap, `c4xc7` attack, `favor`).\n\
**Atta Ants** (2-4 players): `/atta new` opens a game, others press Join, the host presses Start; then \
place and move with the board's buttons (or `/atta place`, `/atta move`, `/atta end`).\n\
**Patiences**: `/solitaire new game:` myrmex, anthill or ants, then click the board: pick a move, Deal, \
Undo, Hint, End game (or type `/solitaire move action:`).\n\
**Daily challenges**: `/daily play game:` deals today's patience, the same for everyone, on a board \
only you see; your first attempt of the day is ranked (asking again anywhere brings it back), and the \
channel sees your share line. A day closes at 01:00 UTC the next day: an attempt still open then ends \
as it stands, and until then its record is yours alone. Every hint counts, and among equal results \
fewer hints rank higher. \
`/daily results`, `/leaderboard`, `/stats`; members who manage the channel post the new challenges \
here each day with `/dailypost subscribe`.\n\
**Tournaments**: `/tournament create` (moderators), then Join on its board; see `/rules game:tournament`.\n\
`/record` shows a game's moves (and the replay of a finished one). `/alerts turns:on` DMs you \
when a game waits for your move. Moderators (Manage Messages) end a stuck game with `/game end`. \
`/rules` explains each game.";

/// Front-end helpers that are not interactions of their own.
impl Service {
    /// Remembers the channel message that shows a game's board, so later
    /// moves edit it in place.
    pub async fn set_board_message(&self, game_id: &str, message_id: &str) -> anyhow::Result<()> {
        // A tournament's standings board is remembered the same way.
        if !self.store.set_message_id(game_id, message_id).await? {
            self.store.set_tournament_message(game_id, message_id).await?;
        }
        Ok(())
    }

    /// Records a game's newest "your move" ping; returns the earlier one,
    /// which the front end deletes (one live ping per game).
    pub async fn swap_ping_message(&self, game_id: &str, message_id: &str) -> anyhow::Result<Option<String>> {
        Ok(self.store.swap_ping_message(game_id, message_id).await?)
    }

    /// The channel message that shows a game's board (or a tournament's
    /// standings), if one was recorded.
    pub async fn board_message(&self, game_id: &str) -> anyhow::Result<Option<String>> {
        match self.store.game(game_id).await? {
            Some(row) => Ok(row.message_id),
            None => Ok(self.store.tournament(game_id).await?.and_then(|t| t.message_id)),
        }
    }

    /// Moves a tournament's new game to the thread the front end started
    /// for it.
    pub async fn move_game(&self, game_id: &str, channel_id: &str) -> anyhow::Result<()> {
        self.store.move_game(game_id, channel_id).await?;
        self.tournament_game_moved(game_id, channel_id).await
    }

    /// Suggestions for a command option as the user types it: at most 25,
    /// most useful first. Only the player to move gets move suggestions, and
    /// they never reveal anything hidden (they are that player's own legal
    /// actions).
    pub async fn autocomplete(
        &self,
        user: &User,
        channel: &str,
        command: &str,
        option: &str,
        typed: &str,
    ) -> Vec<String> {
        let command = command.trim().to_ascii_lowercase();
        let words: Vec<&str> = command.split_whitespace().collect();
        let [game, sub] = words.as_slice() else {
            return Vec::new();
        };
        // Only a move's `action` option is suggested.
        let Some(kind) = GameKind::by_command(game).filter(|_| option == "action") else {
            return Vec::new();
        };
        let typing = engine::Typing {
            user,
            channel,
            sub,
            typed,
        };
        let suggested = (self.games.doors(kind).suggestions)(self, typing).await;
        suggested.unwrap_or_default()
    }
}

//! Daily challenges: `/daily play|results`, `/dailypost subscribe|unsubscribe`, the share
//! line after an attempt, and the post of each new day's challenges in the
//! subscribed channels. `/leaderboard` and `/stats` are dispatched from here.

use super::daily_seed::{
    close_text, day_of, format_day, is_open_day, next_day, open_days, parse_day, previous_day,
};
use super::leaderboard::{attempt_line, ranked_attempts, ranking, today_and_yesterday};
use super::solitaire::SolitaireRules;
use crate::ai::solver::daily::SEEN_WHOLE;
use crate::protocol::custom_id::ComponentId;
use crate::protocol::options;
use crate::protocol::types::*;
use crate::rules::myrmex::{Myrmex, CHAMBERS};
use crate::rules::{DailySetup, GameKind, Kind, Ranking};
use crate::service::base::{mention, Asked, Dealt, Registry, Service};
use crate::service::error::{ErrorCode, ServiceResult, UserError};
use crate::store::{AttemptFilter, AttemptRow, DailyAttempt, GameRow, PatienceResult, Subscription};
use anyhow::Context;
use chrono::{DateTime, Utc};

const TAG: &str = "daily";

/// Only members who may manage the channel decide its daily post (Discord
/// hides `/dailypost` from the others by default; this holds whatever a
/// server sets there).
fn may_manage(req: &Request) -> Result<(), UserError> {
    if req.manage_channels {
        Ok(())
    } else {
        Err(UserError::new(
            ErrorCode::NotAllowed,
            "Only members who may manage this channel (Manage Channels) can change its daily post.",
        ))
    }
}
/// How long before midnight (UTC) the next day's deals are prepared.
const PREPARE_AHEAD_MS: i64 = 30 * 60 * 1000;

/// How long a claimed daily post may go unconfirmed before any process may
/// claim and send it again: far longer than a send takes, and within the
/// few minutes Discord remembers a message's nonce, so a post that did go
/// out before its process died comes back as that message, not a new one.
pub const POST_LEASE_MS: i64 = 2 * 60 * 1000;

/// The nonce of `channel`'s daily post of `day`: the same in every process,
/// and distinct per channel and day (Discord checks a nonce against all of
/// the bot's recent messages). `d` and 24 hexadecimal digits of a hash:
/// 25 characters, Discord's limit.
pub fn post_nonce(channel: &str, day: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"antics daily post\0")
        .chain_update(channel.as_bytes())
        .chain_update(b"\0")
        .chain_update(day.as_bytes())
        .finalize();
    format!("d{}", hex::encode(&digest[..12]))
}

/// How many names a results field lists before "and N more".
const RESULTS_SHOWN: usize = 10;

impl Service {
    /// `/daily ...`, `/leaderboard`, `/stats`: `words` is the command split into words.
    pub(super) async fn daily_command(
        &self,
        req: &Request,
        words: &[&str],
        typed: &[&str],
        opts: &Options,
    ) -> ServiceResult<Reply> {
        let games = self.games.dailies();
        match words {
            ["daily", "play"] => {
                options::only(opts, &["game", "date"])?;
                let game = options::required_choice(opts, "game", &games)?;
                match past_day(req, opts)? {
                    Some(day) => self.daily_practice(req, game, &day).await,
                    None => self.daily_play(req, game).await,
                }
            }
            ["daily", "results"] => {
                options::only(opts, &["game", "date"])?;
                let game = options::choice(opts, "game", &games)?;
                let day = past_day(req, opts)?.unwrap_or_else(|| day_of(req.at));
                self.daily_results(req, game, &day).await
            }
            ["daily", "solution"] => {
                options::only(opts, &["game", "date"])?;
                let game = options::required_choice(opts, "game", &games)?;
                let day = match options::text(opts, "date")? {
                    Some(_) => past_day(req, opts)?.unwrap_or_else(|| day_of(req.at)),
                    None => last_closed_day(req.at),
                };
                self.daily_solution(req, game, &day).await
            }
            // `daily subscribe|unsubscribe`: the names before `/dailypost`.
            ["dailypost" | "daily", "subscribe"] => {
                options::only(opts, &[])?;
                may_manage(req)?;
                let today = day_of(req.at);
                let now = req.at.timestamp_millis();
                let added = self
                    .store
                    .subscribe_daily(&req.channel, req.guild_key(), &req.user.id, &today, now)
                    .await?;
                Ok(Reply::text(if added {
                    "This channel now gets the new daily challenges at 00:00 UTC, with yesterday's top three. \
                     Stop with /dailypost unsubscribe."
                } else {
                    "This channel already gets the daily challenges."
                }))
            }
            ["dailypost" | "daily", "unsubscribe"] => {
                options::only(opts, &[])?;
                may_manage(req)?;
                let gone = self.store.unsubscribe_daily(&req.channel).await?;
                Ok(Reply::text(if gone {
                    "This channel no longer gets the daily challenges."
                } else {
                    "This channel was not getting the daily challenges."
                }))
            }
            ["leaderboard"] => self.leaderboard_command(req, opts).await,
            ["stats"] => self.stats_command(req, opts).await,
            _ => Err(UserError::unknown_command(
                &format!("/{}", typed.join(" ")),
                "/daily play, results or solution, or /dailypost subscribe or unsubscribe",
            )
            .into()),
        }
    }

    pub(super) async fn daily_component(
        &self,
        req: &Request,
        id: &ComponentId,
        values: &[String],
    ) -> ServiceResult<Reply> {
        // A past day's buttons carry it: `practice.2026-11-20`.
        let (verb, day) = match id.verb.split_once('.') {
            Some((verb, day)) => (verb, Some(day)),
            None => (id.verb.as_str(), None),
        };
        let game = self.games.dailies().contains(&id.id.as_str());
        match (id.game.as_str(), verb, day) {
            // A page button turns the page in place.
            (super::leaderboard::TAG, _, _) => self.leaderboard_page(req, id).await.map(|reply| Reply {
                update: true,
                ..reply
            }),
            (TAG, "play", None) if game => self.daily_play(req, &id.id).await,
            (TAG, CALENDAR, None) if id.id == "past" => Ok(past_day_menu(req, values, &self.games)?),
            (TAG, PRACTICE, Some(day)) if game => {
                let day = calendar_day(req, day)?;
                self.daily_practice(req, &id.id, &day).await
            }
            (TAG, REVIEW, Some(day)) if game => {
                let day = calendar_day(req, day)?;
                self.review_attempt(req, &id.id, &day).await
            }
            _ => Err(UserError::no_game("That button does not belong to a game I know.").into()),
        }
    }

    /// Starts the user's attempt at today's deal of `game`: an ordinary
    /// patience, ranked if it is their first of the day. While their ranked
    /// attempt is open, asking again anywhere (another channel, a DM,
    /// another server) brings it back: the day's deal opens as practice
    /// only once it has ended.
    pub(super) async fn daily_play(&self, req: &Request, game: &str) -> ServiceResult<Reply> {
        let day = day_of(req.at);
        let now = req.at.timestamp_millis();
        if let Some(ranked) = self.ranked_attempt(&req.user.id, game, &day).await? {
            if ranked.status.is_open() {
                if let Some(row) = self.store.game(&ranked.attempt.game_id).await? {
                    return self.solitaire_resume(row).await;
                }
            }
        }
        // An ephemeral board is lost when Discord reloads: asking again
        // brings back the practice under way.
        if let Some(open) = self.store.latest_solitaire(&req.channel, &req.user.id).await? {
            if open.status.is_open() {
                if let Some(stored) = self.store.daily_attempt(&open.id).await? {
                    if stored.attempt.game == game && stored.attempt.day == day {
                        return self.solitaire_resume(open).await;
                    }
                }
            }
        }
        let (seed, fewest) = self.daily_deal(game, &day, now).await?;
        let proved = fewest.is_some();
        let attempt = DailyAttempt {
            game_id: String::new(),
            day: day.clone(),
            game: game.into(),
            user_id: req.user.id.clone(),
            user_name: req.user.name.clone(),
            channel_id: req.channel.clone(),
            guild_id: req.guild_key().to_string(),
            ranked: false,
            started_at: now,
        };
        self.start_daily_deal(req, game, seed, Dealt::Daily(attempt), |title, ranked| {
            intro(req, title, ranked, proved)
        })
        .await
    }

    /// `/daily play date:` for a closed day: its deal as practice. It is
    /// a chosen deal, so it counts nowhere (no rank, streak, season or
    /// stats), and the day being closed, studying it spoils nothing.
    async fn daily_practice(&self, req: &Request, game: &str, day: &str) -> ServiceResult<Reply> {
        let now = req.at.timestamp_millis();
        closed(self.games.title(game), day, now, "it can be played as practice")?;
        let (seed, fewest) = self.daily_deal(game, day, now).await?;
        self.start_daily_deal(req, game, seed, Dealt::Chosen, |title, _| {
            let winnable = winnable(title, fewest.is_some());
            format!(
                "{} plays the **daily {title} of {day}** as practice: unranked, it counts nowhere.{winnable}",
                mention(&req.user)
            )
        })
        .await
    }

    /// `/daily solution game [date]`: once a day has closed, the solver's
    /// winning line of its deal, in notation, and its replay (the deal
    /// seen as the player sees it, move after move).
    async fn daily_solution(&self, req: &Request, game: &str, day: &str) -> ServiceResult<Reply> {
        let now = req.at.timestamp_millis();
        let title = self.games.title(game);
        closed(title, day, now, "its solution shows")?;
        let (seed, _) = self.daily_deal(game, day, now).await?;
        let door = self.door_named(game)?;
        let render = self.config.render;
        let solved = tokio::task::spawn_blocking(move || (door.solution)(seed, render))
            .await
            .context("daily solution")?;
        let Some((line, image)) = solved else {
            return Ok(Reply::text(format!(
                "The solver found no winning line for the daily {title} of {day} within its budget."
            )));
        };
        Ok(Reply {
            image,
            components: vec![Component::button(
                ComponentId::new(TAG, game, &format!("{REVIEW}.{day}")).encode(),
                "Review my attempt",
                ButtonStyle::Secondary,
            )],
            ..Reply::text(solution_text(title, day, &line))
        })
    }

    /// The solution's "Review my attempt": the review of the clicker's own
    /// ranked attempt of that day (the action after which it could no
    /// longer be won, with the position drawn), for them alone.
    async fn review_attempt(&self, req: &Request, game: &str, day: &str) -> ServiceResult<Reply> {
        let Some(ranked) = self.ranked_attempt(&req.user.id, game, day).await? else {
            return Err(UserError::no_game(format!(
                "You have no ranked attempt of the daily {} of {day} to review.",
                self.games.title(game)
            ))
            .into());
        };
        self.solitaire_review(req, &ranked.attempt.game_id).await
    }

    /// Starts the deal of `seed` at `game`'s daily level or variant (the
    /// registry fixes them: Myrmex at minor level, Ants Solitaire strict);
    /// `intro(title, ranked)` gives the reply's first sentence.
    async fn start_daily_deal<'a>(
        &'a self,
        req: &'a Request,
        game: &str,
        seed: u64,
        dealt: Dealt,
        intro: impl FnOnce(&str, bool) -> String + Send + 'a,
    ) -> ServiceResult<Reply> {
        let (door, title) = (self.door_named(game)?, self.games.title(game));
        let intro = Box::new(move |ranked| intro(title, ranked));
        (door.asked)(self, Asked::Daily(req, seed, dealt, intro)).await
    }

    /// The player's ranked attempt of `game` on `day`, wherever it was
    /// started.
    async fn ranked_attempt(&self, user: &str, game: &str, day: &str) -> ServiceResult<Option<AttemptRow>> {
        let rows = self
            .store
            .daily_attempts(&AttemptFilter {
                user: Some(user),
                ..AttemptFilter::ranked_on(day, game)
            })
            .await?;
        Ok(rows.into_iter().next())
    }

    /// Refuses a chosen seed that deals an open day's challenge: it would
    /// let a player study the day's deal beside their ranked attempt.
    pub(super) async fn refuse_open_daily_seed(&self, req: &Request, seed: u64) -> ServiceResult<()> {
        for day in open_days(req.at) {
            for game in self.games.dailies() {
                if let Some((daily, _)) = self.store.daily_deal(&day, game).await? {
                    if daily == seed {
                        return Err(open_daily(self.games.title(game), &day, "seed").into());
                    }
                }
            }
        }
        Ok(())
    }

    /// Refuses a chosen deal whose opening shows what an open day's
    /// challenge of the same patience shows (its face-up cards in place;
    /// Myrmex at any level): the day's deal in disguise, whatever order the
    /// hidden cards were given.
    pub(super) async fn refuse_open_daily_opening<G: SolitaireRules>(
        &self,
        req: &Request,
        setup: &G::Setup,
    ) -> ServiceResult<()> {
        let (true, Ok(chosen)) = (G::KIND.has_daily(), G::from_setup(setup)) else {
            return Ok(());
        };
        let shown = G::shown_cards(&chosen.player_view());
        let game = G::KIND.as_str();
        for day in open_days(req.at) {
            let Some((seed, _)) = self.store.daily_deal(&day, game).await? else {
                continue;
            };
            let day_deal = G::daily_setup(seed).and_then(|setup| G::from_setup(&setup).ok());
            if day_deal.is_some_and(|deal| G::shown_cards(&deal.player_view()) == shown) {
                return Err(open_daily(self.games.title(game), &day, "deal").into());
            }
        }
        Ok(())
    }

    /// For a daily attempt that just ended: the share line, and the fewest
    /// moves known for the deal. `None` for other games.
    pub(super) async fn daily_finish_line<G: SolitaireRules>(&self, row: &GameRow) -> Option<String> {
        let attempt = self.store.daily_attempt(&row.id).await.ok()??.attempt;
        let result = row.result.as_ref()?.patience()?;
        let mut text = format!("Share: {}", share_line::<G>(&attempt, result));
        if let Ok(Some((_, Some(fewest)))) = self.store.daily_deal(&attempt.day, &attempt.game).await {
            text.push_str(&format!(
                "\nThe solver won this deal in {fewest} moves (deals included)."
            ));
        }
        Some(text)
    }

    /// `/daily results [game] [date]`: the day's ranked attempts started
    /// here (today's by default).
    async fn daily_results(&self, req: &Request, game: Option<&str>, day: &str) -> ServiceResult<Reply> {
        let games: Vec<&str> = match game {
            Some(game) => vec![game],
            None => self.games.dailies(),
        };
        let mut fields = Vec::new();
        for game in games {
            let lines = self.top_lines(&req.channel, game, day, RESULTS_SHOWN).await?;
            fields.push(EmbedField {
                name: self.games.title(game).into(),
                value: if lines.is_empty() {
                    "No ranked attempt here yet.".into()
                } else {
                    lines.join("\n")
                },
                inline: false,
            });
        }
        Ok(Reply {
            embeds: vec![Embed {
                title: format!("Daily challenges of {day}: this channel"),
                description: "Ranked attempts (each player's first of the day) started here.".into(),
                fields,
                footer: Some("Play with /daily play; see /leaderboard for more.".into()),
            }],
            ..Reply::default()
        })
    }

    /// The best `max` ranked attempts of `game` on `day` started in `channel`.
    async fn top_lines(
        &self,
        channel: &str,
        game: &str,
        day: &str,
        max: usize,
    ) -> ServiceResult<Vec<String>> {
        let rows = self
            .store
            .daily_attempts(&AttemptFilter {
                channel: Some(channel),
                ..AttemptFilter::ranked_on(day, game)
            })
            .await?;
        let ranked = ranked_attempts(game, &rows);
        let mut lines: Vec<String> = ranked.iter().take(max).map(|a| attempt_line(game, a)).collect();
        if ranked.len() > max {
            lines.push(format!("and {} more", ranked.len() - max));
        }
        Ok(lines)
    }

    /// From [`PREPARE_AHEAD_MS`] before midnight, fixes the next day's
    /// deals (a solver proves each winnable, which takes a while), so that
    /// the first `/daily play` of the day never waits for it.
    pub(super) async fn prepare_next_deals(&self, now: DateTime<Utc>) -> anyhow::Result<()> {
        let Some(day) = self.deals_due(now) else {
            return Ok(());
        };
        for game in self.games.dailies() {
            self.daily_deal(game, &day, now.timestamp_millis())
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
        }
        *self.deals_prepared.lock().expect("prepared deals lock") = Some(day);
        Ok(())
    }

    /// The next day, when its deals are due to be prepared at `now` and
    /// not prepared yet.
    fn deals_due(&self, now: DateTime<Utc>) -> Option<String> {
        let midnight = next_day(now);
        if now.timestamp_millis() < midnight - PREPARE_AHEAD_MS {
            return None;
        }
        let day = day_of(DateTime::from_timestamp_millis(midnight)?);
        let prepared = self.deals_prepared.lock().expect("prepared deals lock");
        (prepared.as_deref() != Some(day.as_str())).then_some(day)
    }

    /// When the next day's deals are next due to be prepared, if later
    /// than `now`.
    pub(super) fn next_deals_at(&self, now: DateTime<Utc>) -> Option<i64> {
        let at = next_day(now) - PREPARE_AHEAD_MS;
        (at > now.timestamp_millis()).then_some(at)
    }

    /// The daily posts due at `now`: each subscribed channel not yet posted
    /// today, claimed in the store first so that no post goes out twice,
    /// and each claim that ran out unconfirmed (see [`POST_LEASE_MS`]).
    /// The sender confirms each with [`Service::sent`].
    pub(super) async fn daily_posts(&self, now: DateTime<Utc>) -> anyhow::Result<Vec<Post>> {
        if !self.config.daily_posts {
            return Ok(vec![]);
        }
        let (today, yesterday) = today_and_yesterday(now);
        let mut posts = Vec::new();
        let lapsed = now.timestamp_millis() - POST_LEASE_MS;
        let subscriptions = self.store.unposted_subscriptions(&today, lapsed).await?;
        if !subscriptions.is_empty() {
            // Choose the day's deals now, so the first player need not wait.
            for game in self.games.dailies() {
                self.daily_deal(game, &today, now.timestamp_millis())
                    .await
                    .map_err(|e| anyhow::anyhow!("{e}"))?;
            }
        }
        for sub in subscriptions {
            if self
                .store
                .claim_daily_post(&sub.channel_id, &today, now.timestamp_millis(), lapsed)
                .await?
            {
                posts.push(self.daily_post(&sub, &today, &yesterday).await?);
            }
        }
        Ok(posts)
    }

    async fn daily_post(&self, sub: &Subscription, today: &str, yesterday: &str) -> anyhow::Result<Post> {
        let named: Vec<String> = self.games.daily_kinds().map(daily_named).collect();
        let mut text = format!(
            "🐜 **Daily challenges of {today}**: {}. \
             Everyone gets the same deals; your first attempt of each counts. Play with `/daily play` or a button below.\n\
             **Yesterday's top three here**",
            crate::rules::listed(&named, "and")
        );
        for game in self.games.dailies() {
            let lines = self
                .top_lines(&sub.channel_id, game, yesterday, 3)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let shown = if lines.is_empty() {
                "nobody played".to_string()
            } else {
                lines.join("; ")
            };
            text.push_str(&format!("\n{}: {shown}", self.games.title(game)));
        }
        let mut components = play_buttons("play", &self.games);
        components.push(calendar(parse_day(today).unwrap_or_default()));
        Ok(Post {
            channel: sub.channel_id.clone(),
            text,
            image: None,
            components,
            claim: Some(PostClaim {
                day: today.to_string(),
                nonce: post_nonce(&sub.channel_id, today),
            }),
            ..Post::default()
        })
    }

    /// Confirms a claimed post (see [`Post::claim`]) once it went out, or
    /// once it never can (the channel is gone, the bot may not write
    /// there), so that no process sends it again. Other posts need nothing.
    pub async fn sent(&self, post: &Post, at: DateTime<Utc>) -> anyhow::Result<()> {
        if let Some(claim) = &post.claim {
            self.store
                .confirm_daily_post(&post.channel, &claim.day, at.timestamp_millis())
                .await?;
        }
        Ok(())
    }
}

/// A daily game as the day's post names it: its title, and the level or
/// variant its daily is dealt at ("Myrmex (minor level)", "Ants Solitaire
/// (strict)").
pub fn daily_named(kind: Kind) -> String {
    match kind
        .listed()
        .and_then(GameKind::daily)
        .and_then(DailySetup::dealt_at)
    {
        Some(at) => format!("{} ({at})", kind.title()),
        None => kind.title().to_string(),
    }
}

/// `winnable` is what the solver proved of the deal, if anything. The day
/// opens every daily board's message ("Daily · 2026-11-25 · ...").
/// The refusal of a chosen `what` (a seed, a deal) that deals `game`'s
/// challenge of `day`, which is still open.
fn open_daily(title: &str, day: &str, what: &str) -> UserError {
    UserError::bad_option(format!(
        "That {what} deals the daily {title} of {day}, which is still open. Play it with \
         /daily play: it opens as practice once your ranked attempt has ended."
    ))
}

fn intro(req: &Request, title: &str, ranked: bool, proved: bool) -> String {
    let kind = if ranked {
        "your ranked attempt"
    } else {
        "practice: only your first attempt of the day is ranked"
    };
    format!(
        "{} starts the **daily {title}** ({kind}).{}",
        mention(&req.user),
        winnable(title, proved)
    )
}

/// What the daily's solver proved of its deal, as a sentence after a space
/// (nothing when it proved nothing).
fn winnable(title: &str, proved: bool) -> String {
    match (proved, title == Myrmex::TITLE) {
        (false, _) => String::new(),
        (true, true) => format!(" {SEEN_WHOLE}"),
        (true, false) => " This deal can be won.".into(),
    }
}

/// Refuses a day whose challenge of `game` is still open: `then` says what
/// happens once it closes ("its solution shows").
fn closed(title: &str, day: &str, now: i64, then: &str) -> Result<(), UserError> {
    if !is_open_day(day, now) {
        return Ok(());
    }
    Err(UserError::bad_option(format!(
        "The daily {title} of {day} is still open until {}: {then} once it closes.",
        close_text(day)
    )))
}

/// The most recent day whose challenges have closed.
fn last_closed_day(at: DateTime<Utc>) -> String {
    let yesterday = previous_day(at.date_naive());
    match is_open_day(&format_day(yesterday), at.timestamp_millis()) {
        true => format_day(previous_day(yesterday)),
        false => format_day(yesterday),
    }
}

/// Room for the line in a message, besides its first sentence.
const SOLUTION_ROOM: usize = 1_700;

/// The solution's words: how many actions, then the line in order (cut,
/// and said so, where a message could not hold it).
fn solution_text(title: &str, day: &str, line: &[String]) -> String {
    let mut shown = String::new();
    let mut count = 0;
    for action in line {
        if shown.len() + action.len() + 1 > SOLUTION_ROOM {
            break;
        }
        shown.push_str(action);
        shown.push(' ');
        count += 1;
    }
    let cut = match count < line.len() {
        true => format!(" (the first {count} here; the replay shows them all)"),
        false => String::new(),
    };
    format!(
        "**The daily {title} of {day}**: the solver wins it in {}{cut}:\n`{}`",
        crate::rules::counted(line.len(), "action"),
        shown.trim_end()
    )
}

/// How far back `date` may reach, in days.
const PAST_DAYS: i64 = 366;

/// The daily post's calendar select, and how many days back it reaches
/// (a Discord select holds at most 25 options).
const CALENDAR: &str = "day";
const CALENDAR_DAYS: u64 = 25;
/// The verb of a past day's practice button, before its day:
/// `practice.2026-11-20`.
const PRACTICE: &str = "practice";
/// The verb of the solution's button that reviews the clicker's own
/// attempt of that day: `review.2026-11-20`.
const REVIEW: &str = "review";

/// The daily post's calendar: the days before `today`, newest first, each
/// to be played again as practice. Yesterday stays open until 01:00 UTC
/// and says so when picked before then.
fn calendar(today: chrono::NaiveDate) -> Component {
    Component::Select {
        id: ComponentId::new(TAG, "past", CALENDAR).encode(),
        placeholder: "Play a past day…".into(),
        options: (1..=CALENDAR_DAYS)
            .map(|back| {
                let day = today - chrono::Days::new(back);
                SelectOption {
                    value: format_day(day),
                    label: day.format("%A %-d %B %Y").to_string(),
                }
            })
            .collect(),
    }
}

/// A day of the calendar or of a practice button: a closed day within the
/// year that past days reach.
fn calendar_day(req: &Request, text: &str) -> Result<String, UserError> {
    let today = req.at.date_naive();
    let date = parse_day(text)
        .filter(|date| *date < today && (today - *date).num_days() <= PAST_DAYS)
        .ok_or_else(|| UserError::bad_option("Pick a day in the calendar of the daily post."))?;
    let day = format_day(date);
    if is_open_day(&day, req.at.timestamp_millis()) {
        return Err(UserError::bad_option(format!(
            "The daily challenges of {day} are still open until {}: play them with the buttons \
             above, or pick an earlier day.",
            close_text(&day)
        )));
    }
    Ok(day)
}

/// A day picked in the daily post's calendar: its three deals to play as
/// practice, in a message for the one who picked it.
fn past_day_menu(req: &Request, values: &[String], games: &Registry) -> Result<Reply, UserError> {
    let day = calendar_day(req, values.first().map(String::as_str).unwrap_or_default())?;
    let mut reply = Reply::ephemeral(format!(
        "**{day}**: play one of its daily challenges again as practice (unranked: it counts \
         nowhere), or see how it went with `/daily results date:{day}`."
    ));
    reply.components = play_buttons(&format!("{PRACTICE}.{day}"), games);
    Ok(reply)
}

/// A "Play …" button for each daily game, each clicking `verb`: today's
/// deal (`play`) or a past day's (`practice.2026-11-20`).
fn play_buttons(verb: &str, games: &Registry) -> Vec<Component> {
    games
        .dailies()
        .into_iter()
        .map(|game| {
            Component::button(
                ComponentId::new(TAG, game, verb).encode(),
                format!("Play {}", games.title(game)),
                ButtonStyle::Primary,
            )
        })
        .collect()
}

/// The `date` option of `/daily play|results`: a past day (`YYYY-MM-DD`,
/// at most a year back), or None for today (and when it is left out).
fn past_day(req: &Request, opts: &Options) -> Result<Option<String>, UserError> {
    let Some(text) = options::text(opts, "date")? else {
        return Ok(None);
    };
    let today = req.at.date_naive();
    let Some(date) = parse_day(text) else {
        return Err(UserError::bad_option(format!(
            "`date` is a day written year-month-day, like {}: `{text}` is not.",
            format_day(previous_day(today))
        )));
    };
    if date > today {
        return Err(UserError::bad_option(format!(
            "{} has not come yet: its daily challenges are dealt at 00:00 UTC that day.",
            format_day(date)
        )));
    }
    if (today - date).num_days() > PAST_DAYS {
        return Err(UserError::bad_option(format!(
            "Past days go back a year, to {}.",
            format_day(today - chrono::Days::new(PAST_DAYS as u64))
        )));
    }
    Ok((date != today).then(|| format_day(date)))
}

/// A spoiler-free summary of an attempt to paste anywhere: no card, only
/// how it went.
pub fn share_line<G: SolitaireRules>(attempt: &DailyAttempt, r: &PatienceResult) -> String {
    let (title, full) = (G::TITLE, G::FULL_SCORE.max(1));
    let practice = if attempt.ranked { "" } else { " (practice)" };
    let undos = super::leaderboard::aids(r, " ", "");
    let minutes = crate::rules::patience::minutes(r.elapsed_ms).ceil();
    if ranking(&attempt.game) == Ranking::Chambers {
        let done = (r.score.max(0) as usize).min(CHAMBERS);
        format!(
            "🐜 Antics daily {title} {}{practice}: {}{} {done}/{CHAMBERS} ⏱️{minutes:.0}m{undos}",
            attempt.day,
            "🟫".repeat(done),
            "⬜".repeat(CHAMBERS - done),
        )
    } else {
        let filled = ((r.score.clamp(0, full) * 10 + full / 2) / full) as usize;
        let outcome = if r.result.outcome == Ending::Win {
            "🏆"
        } else {
            "❌"
        };
        format!(
            "🐜 Antics daily {title} {}{practice}: {outcome} {}{} {}/{full} · {} moves{undos}",
            attempt.day,
            "🟩".repeat(filled),
            "⬜".repeat(10 - filled),
            r.score,
            r.moves
        )
    }
}

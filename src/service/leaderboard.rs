//! `/leaderboard game: period: scope: season:`: the patiences' daily
//! attempts and the Army Ants ratings, ranked, ties sharing a rank, ten to a
//! page with buttons to turn pages. A season is a calendar month (UTC): its
//! board counts each day's places (the daily) or each rated game's result
//! (Army Ants), and a past one stays as it was.

use super::daily_seed::{day_of, format_day, is_open_day, iso_week, parse_day};
use crate::daily::calendar::{parse_season, season, season_name};
use crate::daily::standings::entry;
pub(super) use crate::daily::standings::{ranked_attempts, ranking, ranks, season_standings, standings};
use crate::protocol::custom_id::ComponentId;
use crate::protocol::options;
use crate::protocol::types::*;
use crate::rules::patience::minutes;
use crate::rules::Ranking;
use crate::service::base::Service;
use crate::service::error::{ServiceResult, UserError};
use crate::store::{AttemptFilter, AttemptRow, PatienceResult};
use chrono::{DateTime, NaiveDate, Utc};

pub(super) const TAG: &str = "lb";
const PAGE: usize = 10;
const PERIODS: [&str; 4] = ["today", "week", "season", "all"];
const SCOPES: [&str; 3] = ["channel", "server", "global"];

/// Which board: a game, a span of days ending with `day`, a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    pub game: String,
    pub period: String,
    pub scope: String,
    pub day: NaiveDate,
    pub page: usize,
}

impl BoardSpec {
    /// `lb:GAME_PERIOD_SCOPE_YYYYMMDD_PAGE:VERB`, well under 100 characters.
    pub fn custom_id(&self, page: usize, verb: &str) -> String {
        let id = format!(
            "{}_{}_{}_{}_{page}",
            self.game,
            self.period,
            self.scope,
            self.day.format("%Y%m%d")
        );
        ComponentId::new(TAG, &id, verb).encode()
    }

    /// The board a button's id names, among the boards of `games`.
    pub fn parse(id: &str, games: &[&str]) -> Option<BoardSpec> {
        let parts: Vec<&str> = id.split('_').collect();
        let [game, period, scope, day, page] = parts.as_slice() else {
            return None;
        };
        let known = |list: &[&str], word: &str| list.contains(&word);
        if !known(games, game) || !known(&PERIODS, period) || !known(&SCOPES, scope) {
            return None;
        }
        Some(BoardSpec {
            game: game.to_string(),
            period: period.to_string(),
            scope: scope.to_string(),
            day: NaiveDate::parse_from_str(day, "%Y%m%d").ok()?,
            page: page.parse().ok().filter(|p| *p < 10_000)?,
        })
    }

    /// The first and last day the period covers.
    fn days(&self) -> (String, String) {
        match self.period.as_str() {
            "today" => (format_day(self.day), format_day(self.day)),
            "week" => {
                let (first, last) = iso_week(self.day);
                (format_day(first), format_day(last))
            }
            "season" => {
                let (first, last) = season(self.day);
                (format_day(first), format_day(last))
            }
            _ => ("0000-01-01".into(), "9999-12-31".into()),
        }
    }
}

const DAY_MS: i64 = 86_400_000;

/// A player's rated Army Ants games of a season: a win counts a point, a
/// loss takes one away, a draw counts nothing.
struct SeasonTally {
    user_id: String,
    wins: i64,
    losses: i64,
    draws: i64,
}

impl SeasonTally {
    /// Lower is better: points, then wins.
    fn key(&self) -> (i64, i64) {
        (self.losses - self.wins, -self.wins)
    }
}

/// Each player's tally from rated results (red, black, winner), best first
/// (ties in the order the players first played).
fn season_tallies(results: &[(String, String, String)]) -> Vec<SeasonTally> {
    let mut tallies: Vec<SeasonTally> = Vec::new();
    for (red, black, winner) in results {
        for (id, side) in [(red, "red"), (black, "black")] {
            let t = entry(
                &mut tallies,
                |t| &t.user_id == id,
                || SeasonTally {
                    user_id: id.clone(),
                    wins: 0,
                    losses: 0,
                    draws: 0,
                },
            );
            match winner.as_str() {
                "draw" => t.draws += 1,
                w if w == side => t.wins += 1,
                _ => t.losses += 1,
            }
        }
    }
    tallies.sort_by_key(SeasonTally::key);
    tallies
}

/// "7 points", "1 point", "−2 points".
pub(super) fn season_points(points: i64) -> String {
    let sign = if points < 0 { "−" } else { "" };
    format!(
        "{sign}{}",
        crate::rules::counted(points.unsigned_abs() as usize, "point")
    )
}

/// The undos and hints an attempt used ("↩️ 2", "💡 1"), each after `sep`
/// with `gap` between the mark and its count; nothing for none.
pub(super) fn aids(r: &PatienceResult, sep: &str, gap: &str) -> String {
    [("↩️", r.undos), ("💡", r.hints)]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(mark, n)| format!("{sep}{mark}{gap}{n}"))
        .collect()
}

/// A ranked attempt's line on a board: its rank, its player, how it went.
pub(super) fn attempt_line(game: &str, (rank, row, r): &(usize, AttemptRow, PatienceResult)) -> String {
    format!(
        "**{rank}.** {} — {}",
        row.attempt.user_name,
        attempt_text(game, r)
    )
}

/// How an attempt went, in a few words: undos and hints beside the result.
fn attempt_text(game: &str, r: &PatienceResult) -> String {
    let undos = aids(r, " · ", " ");
    if ranking(game) == Ranking::Chambers {
        format!(
            "{} · {:.0} min{undos}",
            crate::rules::counted(r.score.max(0) as usize, "chamber"),
            minutes(r.elapsed_ms).ceil()
        )
    } else {
        let outcome = if r.result.outcome == Ending::Win {
            "won"
        } else {
            "lost"
        };
        format!("{outcome} · score {} · {} moves{undos}", r.score, r.moves)
    }
}

impl Service {
    /// `/leaderboard game: period: scope: season:`.
    pub(super) async fn leaderboard_command(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(opts, &["game", "period", "scope", "season"])?;
        let games = self.games.leaderboards();
        let game = options::required_choice(opts, "game", &games)?;
        let default_period = if ranking(game) == Ranking::Rating {
            "all"
        } else {
            "today"
        };
        let today = req.at.date_naive();
        let period = options::choice(opts, "period", &PERIODS)?;
        // A past season by its month; alone, it means `period: season`.
        let month = options::text(opts, "season")?;
        let day = match month {
            None => today,
            Some(_) if period.is_some_and(|p| p != "season") => {
                return Err(UserError::bad_option(
                    "`season` names a month: give it with `period: season`, or alone.",
                )
                .into())
            }
            Some(month) => match parse_season(month) {
                Some(first) if first <= today => first,
                Some(_) => return Err(UserError::bad_option("That season has not started yet.").into()),
                None => {
                    return Err(UserError::bad_option(format!(
                        "`season` is a month like {}: {} is not one.",
                        today.format("%Y-%m"),
                        crate::rules::code(month)
                    ))
                    .into())
                }
            },
        };
        let period = match month {
            Some(_) => "season",
            None => period.unwrap_or(default_period),
        };
        let spec = BoardSpec {
            game: game.into(),
            period: period.into(),
            scope: options::choice(opts, "scope", &SCOPES)?
                .unwrap_or("channel")
                .into(),
            day,
            page: 0,
        };
        self.leaderboard(req, &spec).await
    }

    /// A page button.
    pub(super) async fn leaderboard_page(&self, req: &Request, id: &ComponentId) -> ServiceResult<Reply> {
        let spec = BoardSpec::parse(&id.id, &self.games.leaderboards())
            .ok_or_else(|| UserError::no_game("That leaderboard button is not one I know."))?;
        self.leaderboard(req, &spec).await
    }

    async fn leaderboard(&self, req: &Request, spec: &BoardSpec) -> ServiceResult<Reply> {
        if spec.scope == "server" && req.guild.is_none() {
            return Err(UserError::bad_option(
                "There is no server here (a DM or a group DM): choose the scope `channel` or `global`.",
            )
            .into());
        }
        if ranking(&spec.game) == Ranking::Rating && req.guild.is_none() {
            return Err(UserError::bad_option(
                "Army Ants ratings are kept per server, and games outside a server are not rated.",
            )
            .into());
        }
        let lines = if ranking(&spec.game) == Ranking::Rating {
            self.rating_lines(req, spec).await?
        } else {
            self.patience_lines(req, spec).await?
        };
        let place = match spec.scope.as_str() {
            "channel" => "this channel",
            "server" => "this server",
            _ => "everywhere",
        };
        let period = match spec.period.as_str() {
            "today" => format!("daily challenge of {}", format_day(spec.day)),
            "week" => {
                let (first, last) = iso_week(spec.day);
                format!("week {} to {}", format_day(first), format_day(last))
            }
            // Under way until its last day's challenge closes (01:00 UTC on the 1st).
            "season" if is_open_day(&format_day(season(spec.day).1), req.at.timestamp_millis()) => {
                format!("season {} (so far)", season_name(spec.day))
            }
            "season" => format!("season {}", season_name(spec.day)),
            _ => "all time".into(),
        };
        let pages = lines.len().div_ceil(PAGE).max(1);
        let page = spec.page.min(pages - 1);
        let shown = lines
            .iter()
            .skip(page * PAGE)
            .take(PAGE)
            .cloned()
            .collect::<Vec<_>>();
        let description = if shown.is_empty() {
            "Nobody is on this board yet.".to_string()
        } else {
            shown.join("\n")
        };
        let embed = Embed {
            title: format!("{} leaderboard: {period}, {place}", self.games.title(&spec.game)),
            description,
            fields: vec![],
            footer: Some(format!("Page {} of {pages}", page + 1)),
        };
        let mut components = Vec::new();
        if page > 0 {
            components.push(Component::button(
                spec.custom_id(page - 1, "prev"),
                "◀ Previous",
                ButtonStyle::Secondary,
            ));
        }
        if page + 1 < pages {
            components.push(Component::button(
                spec.custom_id(page + 1, "next"),
                "Next ▶",
                ButtonStyle::Secondary,
            ));
        }
        Ok(Reply {
            text: String::new(),
            embeds: vec![embed],
            components,
            ..Reply::default()
        })
    }

    async fn patience_lines(&self, req: &Request, spec: &BoardSpec) -> ServiceResult<Vec<String>> {
        let (first, last) = spec.days();
        let rows = self
            .store
            .daily_attempts(&AttemptFilter {
                first_day: &first,
                last_day: &last,
                game: Some(&spec.game),
                channel: (spec.scope == "channel").then_some(req.channel.as_str()),
                guild: (spec.scope == "server").then_some(req.guild_key()),
                user: None,
                ranked_only: true,
            })
            .await?;
        if spec.period == "today" {
            let ranked = ranked_attempts(&spec.game, &rows);
            let mut lines: Vec<String> = ranked.iter().map(|a| attempt_line(&spec.game, a)).collect();
            let playing = rows.iter().filter(|r| r.status.is_open()).count();
            if playing > 0 {
                lines.push(format!("_{playing} still playing_"));
            }
            return Ok(lines);
        }
        if spec.period == "season" {
            return Ok(season_standings(&spec.game, &rows)
                .iter()
                .map(|(rank, s)| {
                    format!(
                        "**{rank}.** {} — {} · {} · {}",
                        s.name,
                        season_points(s.points),
                        crate::rules::counted(s.days as usize, "day"),
                        crate::rules::counted(s.firsts as usize, "first place")
                    )
                })
                .collect());
        }
        Ok(standings(&rows)
            .iter()
            .map(|(rank, s)| {
                format!(
                    "**{rank}.** {} — {}, average score {:.2} ({})",
                    s.name,
                    crate::rules::counted(s.wins as usize, "win"),
                    (s.total * 100 / s.played.max(1)) as f64 / 100.0,
                    crate::rules::counted(s.played as usize, "day")
                )
            })
            .collect())
    }

    async fn rating_lines(&self, req: &Request, spec: &BoardSpec) -> ServiceResult<Vec<String>> {
        if spec.scope == "global" {
            return Err(UserError::bad_option(
                "Army Ants ratings are kept per server: choose the scope `channel` or `server`.",
            )
            .into());
        }
        let mut ratings = self.store.ratings(req.guild_key()).await?;
        if spec.period == "season" {
            let (first, last) = season(spec.day);
            let midnight = |day: NaiveDate| {
                day.and_hms_opt(0, 0, 0)
                    .expect("midnight")
                    .and_utc()
                    .timestamp_millis()
            };
            let channel = (spec.scope == "channel").then_some(req.channel.as_str());
            let results = self
                .store
                .rated_results(
                    req.guild_key(),
                    channel,
                    (midnight(first), midnight(last) + DAY_MS),
                )
                .await?;
            let name = |id: &str| {
                ratings
                    .iter()
                    .find(|r| r.user_id == id)
                    .map_or_else(|| id.to_string(), |r| r.user_name.clone())
            };
            let tallies = season_tallies(&results);
            let keys: Vec<_> = tallies.iter().map(SeasonTally::key).collect();
            return Ok(ranks(&keys)
                .into_iter()
                .zip(&tallies)
                .map(|(rank, t)| {
                    format!(
                        "**{rank}.** {} — {} · {}W {}L {}D",
                        name(&t.user_id),
                        season_points(t.wins - t.losses),
                        t.wins,
                        t.losses,
                        t.draws
                    )
                })
                .collect());
        }
        let since = match spec.period.as_str() {
            "today" => Some(spec.day),
            "week" => Some(iso_week(spec.day).0),
            _ => None,
        }
        .map(|d| {
            d.and_hms_opt(0, 0, 0)
                .expect("midnight")
                .and_utc()
                .timestamp_millis()
        });
        if since.is_some() || spec.scope == "channel" {
            let channel = (spec.scope == "channel").then_some(req.channel.as_str());
            let players = self
                .store
                .rated_players(req.guild_key(), channel, since.unwrap_or(0))
                .await?;
            ratings.retain(|r| players.contains(&r.user_id));
        }
        let keys: Vec<i64> = ratings.iter().map(|r| -(r.rating.round() as i64)).collect();
        Ok(ranks(&keys)
            .into_iter()
            .zip(&ratings)
            .map(|(rank, r)| {
                format!(
                    "**{rank}.** {} — {:.0} (±{:.0}) · {}W {}L {}D",
                    r.user_name,
                    r.rating,
                    r.deviation * 2.0,
                    r.wins,
                    r.losses,
                    r.draws
                )
            })
            .collect())
    }
}

/// The day of `at` and the day before, for posts and results.
pub(super) fn today_and_yesterday(at: DateTime<Utc>) -> (String, String) {
    let today = day_of(at);
    let yesterday = parse_day(&today)
        .map(super::daily_seed::previous_day)
        .map(format_day)
        .unwrap_or_default();
    (today, yesterday)
}

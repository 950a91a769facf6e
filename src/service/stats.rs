//! `/stats [user]`: games played and won per patience, daily streaks, the
//! distribution of results, the player's last seasons with their monthly
//! badges, and the Army Ants rating and record in this server.

use super::leaderboard::{ranking, season_standings};
use super::solitaire::is_chosen;
use super::tournament::ordinal;
use crate::daily::calendar::{format_day, is_open_day, parse_day, season, season_name, streaks};
use crate::protocol::options;
use crate::protocol::types::*;
use crate::rules::{GameKind, Ranking};
use crate::service::base::Service;
use crate::service::error::ServiceResult;
use crate::store::{AttemptFilter, AttemptRow, GameStatus};
use chrono::NaiveDate;

/// How many of a player's seasons `/stats` lists, the latest first.
const SEASONS_SHOWN: usize = 3;

/// A month's badge by the days with a finished ranked daily: bronze for
/// 10, silver for 20, gold for every day of the month.
pub fn badge(days: usize, month_days: usize) -> Option<&'static str> {
    match days {
        d if d >= month_days => Some("🥇 gold"),
        d if d >= 20 => Some("🥈 silver"),
        d if d >= 10 => Some("🥉 bronze"),
        _ => None,
    }
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "–".into()
    } else {
        format!("{:.0}%", part as f64 * 100.0 / whole as f64)
    }
}

/// Myrmex: how many games ended with each number of chambers. The
/// 52-card games: how many ended in each band of scores.
fn distribution(game: &str, scores: &[i64]) -> String {
    let count = |f: &dyn Fn(i64) -> bool| scores.iter().filter(|s| f(**s)).count();
    if ranking(game) == Ranking::Chambers {
        (0..=6)
            .map(|n| format!("{n}: {}", count(&|s| s == n)))
            .collect::<Vec<_>>()
            .join(" · ")
    } else {
        let bands: [(&str, i64, i64); 5] = [
            ("52", 52, 52),
            ("40–51", 40, 51),
            ("26–39", 26, 39),
            ("13–25", 13, 25),
            ("0–12", 0, 12),
        ];
        bands
            .iter()
            .map(|(name, lo, hi)| format!("{name}: {}", count(&|s| s >= *lo && s <= *hi)))
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

impl Service {
    pub(super) async fn stats_command(&self, req: &Request, opts: &Options) -> ServiceResult<Reply> {
        options::only(opts, &["user"])?;
        let user = options::user(opts, "user")?.unwrap_or_else(|| req.user.clone());
        let finished = self.store.finished_patiences(&user.id).await?;
        let attempts = self
            .store
            .daily_attempts(&AttemptFilter {
                first_day: "0000-01-01",
                last_day: "9999-12-31",
                user: Some(&user.id),
                ranked_only: true,
                ..AttemptFilter::default()
            })
            .await?;
        let today = req.at.date_naive();
        let mut fields = Vec::new();
        for game in self.games.dailies() {
            // Only dealt games count, as for ratings: not a seed or deck
            // the player chose, nor practice of a deal they had seen.
            let results: Vec<_> = finished
                .iter()
                .filter(|(kind, setup, _)| kind == game && !is_chosen(setup))
                .filter_map(|(_, _, result)| result.as_ref()?.patience())
                .collect();
            let wins = results.iter().filter(|r| r.result.outcome == Ending::Win).count();
            let days: Vec<NaiveDate> = attempts
                .iter()
                .filter(|a| a.attempt.game == game && a.status == GameStatus::Finished)
                .filter_map(|a| parse_day(&a.attempt.day))
                .collect();
            let (current, best) = streaks(&days, today);
            let scores: Vec<i64> = results.iter().map(|r| r.score).collect();
            let what = if ranking(game) == Ranking::Chambers {
                "Chambers"
            } else {
                "Scores"
            };
            fields.push(EmbedField {
                name: self.games.title(game).into(),
                value: format!(
                    "Played {} · won {wins} ({})\nDaily streak {current} (best {best})\n{what}: {}",
                    results.len(),
                    percent(wins, results.len()),
                    distribution(game, &scores)
                ),
                inline: false,
            });
        }
        let rating = match &req.guild {
            Some(guild) => self.store.rating(guild, &user.id).await?,
            None => None,
        };
        let army = match rating {
            _ if req.guild.is_none() => "Army Ants games outside a server are not rated.".into(),
            Some(r) => format!(
                "Rating {:.0} (±{:.0}) in this server · {}W {}L {}D",
                r.rating,
                r.deviation * 2.0,
                r.wins,
                r.losses,
                r.draws
            ),
            None => "No rated game in this server yet.".into(),
        };
        let seasons = self.season_lines(req, &user.id, &attempts).await?;
        if !seasons.is_empty() {
            fields.push(EmbedField {
                name: "Seasons".into(),
                value: seasons.join("\n"),
                inline: false,
            });
        }
        fields.push(EmbedField {
            name: GameKind::ArmyAnts.title().into(),
            value: army,
            inline: false,
        });
        if let Some(guild) = &req.guild {
            if let Some(line) = self.tournament_record(guild, &user.id).await? {
                fields.push(EmbedField {
                    name: "Tournaments".into(),
                    value: line,
                    inline: false,
                });
            }
        }
        Ok(Reply {
            embeds: vec![Embed {
                title: format!("Stats for {}", user.name),
                description: String::new(),
                fields,
                footer: Some(
                    "Played and won count dealt games (not a chosen seed or deck, nor practice). \
                     Streaks and badges count UTC days with a finished ranked daily attempt \
                     (badges: 10 days a month bronze, 20 silver, every day gold)."
                        .into(),
                ),
            }],
            ..Reply::default()
        })
    }

    /// The player's last seasons with a finished ranked daily: the days
    /// played, the month's badge, and their best place in this channel's
    /// season of a patience (`November 2026 (so far): 12 days · 🥉 bronze
    /// · 1st of 4 in Ants Solitaire here`).
    async fn season_lines(
        &self,
        req: &Request,
        user: &str,
        attempts: &[AttemptRow],
    ) -> ServiceResult<Vec<String>> {
        let finished: Vec<&AttemptRow> = attempts
            .iter()
            .filter(|a| a.status == GameStatus::Finished)
            .collect();
        let mut months: Vec<NaiveDate> = finished
            .iter()
            .filter_map(|a| parse_day(&a.attempt.day))
            .map(|day| season(day).0)
            .collect();
        months.sort_unstable_by(|a, b| b.cmp(a));
        months.dedup();
        let now = req.at.timestamp_millis();
        let mut lines = Vec::new();
        for first in months.into_iter().take(SEASONS_SHOWN) {
            let (first, last) = season(first);
            let (from, to) = (format_day(first), format_day(last));
            let mut days: Vec<&str> = finished
                .iter()
                .map(|a| a.attempt.day.as_str())
                .filter(|day| (from.as_str()..=to.as_str()).contains(day))
                .collect();
            days.sort_unstable();
            days.dedup();
            let month_days = usize::try_from((last - first).num_days() + 1).unwrap_or(31);
            let mut line = format!(
                "{}{}: {}",
                season_name(first),
                if is_open_day(&to, now) { " (so far)" } else { "" },
                crate::rules::counted(days.len(), "day")
            );
            if let Some(badge) = badge(days.len(), month_days) {
                line.push_str(&format!(" · {badge}"));
            }
            let here = self
                .store
                .daily_attempts(&AttemptFilter {
                    first_day: &from,
                    last_day: &to,
                    channel: Some(&req.channel),
                    ranked_only: true,
                    ..AttemptFilter::default()
                })
                .await?;
            let best = self
                .games
                .dailies()
                .iter()
                .filter_map(|game| {
                    let rows: Vec<AttemptRow> =
                        here.iter().filter(|r| r.attempt.game == *game).cloned().collect();
                    let table = season_standings(game, &rows);
                    let (rank, _) = table.iter().find(|(_, s)| s.user_id == user)?;
                    Some((*rank, table.len(), *game))
                })
                .min();
            if let Some((rank, of, game)) = best {
                line.push_str(&format!(
                    " · {} of {of} in {} here",
                    ordinal(rank),
                    self.games.title(game)
                ));
            }
            lines.push(line);
        }
        Ok(lines)
    }
}

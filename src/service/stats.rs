//! `/stats [user]`: games played and won per patience, daily streaks, the
//! distribution of results, and the Army Ants rating and record in this
//! server.

use super::leaderboard::{game_title, ranking};
use super::solitaire::{is_chosen, GAMES};
use super::types::*;
use super::Ending;
use super::{options, Service, ServiceResult};
use crate::daily::calendar::{parse_day, streaks};
use crate::rules::Ranking;
use crate::store::{AttemptFilter, GameStatus};
use chrono::NaiveDate;

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
        for game in GAMES {
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
                name: game_title(game).into(),
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
        fields.push(EmbedField {
            name: "Army Ants".into(),
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
                     Streaks count UTC days with a finished ranked daily attempt."
                        .into(),
                ),
            }],
            ..Reply::default()
        })
    }
}

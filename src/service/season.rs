//! A season's end in the channels subscribed to the daily post: once its
//! last day has closed (01:00 UTC on the 1st), each gets the past month's
//! podium of every patience here, with the podium of the one most played
//! drawn, and the champions of its server and of everyone, once, claimed in
//! the store like a daily post so that no process sends it twice.

use super::daily::{post_nonce, POST_LEASE_MS};
use super::daily_seed::{format_day, previous_day};
use super::leaderboard::{season_points, season_standings};
use crate::daily::calendar::{season, season_name};
use crate::daily::standings::SeasonStanding;
use crate::protocol::types::*;
use crate::render::{podium_alt_text, podium_png, PodiumPlace, PodiumView};
use crate::service::base::Service;
use crate::store::{AttemptFilter, AttemptRow, Subscription};
use chrono::{DateTime, Datelike, NaiveDate, Timelike, Utc};
use std::collections::HashMap;

/// When, on the 1st, the past month's last day has closed.
const CLOSE_HOUR: u32 = 1;

impl Service {
    /// The season posts due at `now`: on the 1st of a month from 01:00
    /// UTC, each subscribed channel where someone played a daily of the
    /// past month, once.
    pub(super) async fn season_posts(&self, now: DateTime<Utc>) -> anyhow::Result<Vec<Post>> {
        let today = now.date_naive();
        if !self.config.daily_posts || today.day() != 1 || now.time().hour() < CLOSE_HOUR {
            return Ok(vec![]);
        }
        let (first, last) = season(previous_day(today));
        let key = format!("season {}", first.format("%Y-%m"));
        let now_ms = now.timestamp_millis();
        let lapsed = now_ms - POST_LEASE_MS;
        let mut posts = Vec::new();
        let mut champions = Champions::default();
        for sub in self.store.unposted_subscriptions(&key, lapsed).await? {
            if !self
                .store
                .claim_daily_post(&sub.channel_id, &key, now_ms, lapsed)
                .await?
            {
                continue;
            }
            match self
                .season_post(&sub, (first, last), &key, &mut champions)
                .await?
            {
                Some(post) => posts.push(post),
                // Nobody played here: nothing to say, and nothing to say again.
                None => {
                    self.store
                        .confirm_daily_post(&sub.channel_id, &key, now_ms)
                        .await?
                }
            }
        }
        Ok(posts)
    }

    /// The podium of each patience's season in `sub`'s channel (days
    /// `first` to `last`), or `None` when nobody played one there.
    async fn season_post(
        &self,
        sub: &Subscription,
        (first, last): (NaiveDate, NaiveDate),
        key: &str,
        champions: &mut Champions,
    ) -> anyhow::Result<Option<Post>> {
        let rows = self
            .store
            .daily_attempts(&AttemptFilter {
                first_day: &format_day(first),
                last_day: &format_day(last),
                channel: Some(&sub.channel_id),
                ranked_only: true,
                ..AttemptFilter::default()
            })
            .await?;
        let name = season_name(first);
        let mut text = format!("🏆 **Season {name} is over.** The podium here:");
        // The one drawn: the patience most played here (none: nobody played).
        let mut drawn: Option<(&str, Vec<(usize, SeasonStanding)>)> = None;
        for game in self.games.dailies() {
            let table = game_season(game, &rows);
            let podium: Vec<String> = table
                .iter()
                .take_while(|(rank, _)| *rank <= 3)
                .map(|(rank, s)| format!("{} {} ({})", medal(*rank), s.name, season_points(s.points)))
                .collect();
            if table.len() > drawn.as_ref().map_or(0, |(_, t)| t.len()) {
                drawn = Some((game, table));
            }
            let shown = if podium.is_empty() {
                "nobody played".to_string()
            } else {
                podium.join(" · ")
            };
            text.push_str(&format!("\n{}: {shown}", self.games.title(game)));
        }
        if drawn.is_none() {
            return Ok(None);
        }
        for (scope, guild) in [
            ("of this server", Some(sub.guild_id.as_str())),
            ("everywhere", None),
        ] {
            let named = self.champions(champions, (first, last), guild).await?;
            text.push_str(&format!("\nChampions {scope}: {named}"));
        }
        text.push_str("\nA new season starts today: `/leaderboard period:season`.");
        // The podium of the patience most played here; its whole table is
        // `/leaderboard period:season season:YYYY-MM`.
        let image = match (&drawn, self.config.render) {
            (Some((game, table)), true) => {
                let picture = PodiumView {
                    title: format!("Season {name} · {}", self.games.title(game)),
                    subtitle: format!(
                        "Champions here · {} played",
                        crate::rules::counted(table.len(), "player")
                    ),
                    places: table
                        .iter()
                        .take(3)
                        .map(|(_, s)| PodiumPlace {
                            name: s.name.clone(),
                            points: format!("{} points", season_points(s.points)),
                        })
                        .collect(),
                };
                Some(Image {
                    png: podium_png(&picture),
                    alt: podium_alt_text(&picture),
                    regions: vec![],
                })
            }
            _ => None,
        };
        Ok(Some(Post {
            channel: sub.channel_id.clone(),
            text,
            image,
            claim: Some(PostClaim {
                day: key.to_string(),
                nonce: post_nonce(&sub.channel_id, key),
            }),
            ..Post::default()
        }))
    }
}

/// The season table of `game` among a month's attempts of every game.
fn game_season(game: &str, rows: &[AttemptRow]) -> Vec<(usize, SeasonStanding)> {
    let of_game: Vec<_> = rows.iter().filter(|r| r.attempt.game == game).cloned().collect();
    season_standings(game, &of_game)
}

fn medal(rank: usize) -> &'static str {
    match rank {
        1 => "🥇",
        2 => "🥈",
        _ => "🥉",
    }
}

impl Service {
    /// Each patience's season champions (days `first` to `last`) in a
    /// server (`guild`), or everywhere: "Myrmex: alice (12 points) ·
    /// Anthill: nobody played"; players sharing first place are all named.
    /// Worked out once for all the channels of one close (`known`).
    async fn champions(
        &self,
        known: &mut Champions,
        (first, last): (NaiveDate, NaiveDate),
        guild: Option<&str>,
    ) -> anyhow::Result<String> {
        let scope = guild.map(str::to_string);
        if let Some(named) = known.get(&scope) {
            return Ok(named.clone());
        }
        let rows = self
            .store
            .daily_attempts(&AttemptFilter {
                first_day: &format_day(first),
                last_day: &format_day(last),
                guild,
                ranked_only: true,
                ..AttemptFilter::default()
            })
            .await?;
        let lines: Vec<String> = self
            .games
            .dailies()
            .into_iter()
            .map(|game| {
                let table = game_season(game, &rows);
                let first: Vec<String> = table
                    .iter()
                    .take_while(|(rank, _)| *rank == 1)
                    .map(|(_, s)| format!("{} ({})", s.name, season_points(s.points)))
                    .collect();
                let named = match first.len() {
                    0 => "nobody played".to_string(),
                    1..=3 => first.join(" and "),
                    n => format!("{} and {} more", first[..3].join(", "), n - 3),
                };
                format!("{}: {named}", self.games.title(game))
            })
            .collect();
        let named = lines.join(" · ");
        known.insert(scope, named.clone());
        Ok(named)
    }
}

/// The champions of one season's close, by server (`None`: everyone's).
type Champions = HashMap<Option<String>, String>;

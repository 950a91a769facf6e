//! A season's end in the channels subscribed to the daily post: once its
//! last day has closed (01:00 UTC on the 1st), each gets the past month's
//! podium of every patience here, with the podium of the one most played
//! drawn, once, claimed in the store like a daily post so that no process
//! sends it twice.

use super::daily::{post_nonce, POST_LEASE_MS};
use super::daily_seed::{format_day, previous_day};
use super::leaderboard::{game_title, season_points, season_standings};
use super::solitaire::GAMES;
use super::types::*;
use super::Service;
use crate::daily::calendar::{season, season_name};
use crate::daily::standings::SeasonStanding;
use crate::render::{podium_alt_text, podium_png, PodiumPlace, PodiumView};
use crate::store::{AttemptFilter, Subscription};
use chrono::{DateTime, Datelike, NaiveDate, Timelike, Utc};

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
        for sub in self.store.unposted_subscriptions(&key, lapsed).await? {
            if !self
                .store
                .claim_daily_post(&sub.channel_id, &key, now_ms, lapsed)
                .await?
            {
                continue;
            }
            match self.season_post(&sub, (first, last), &key).await? {
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
        for game in GAMES {
            let of_game: Vec<_> = rows.iter().filter(|r| r.attempt.game == game).cloned().collect();
            let table = season_standings(game, &of_game);
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
            text.push_str(&format!("\n{}: {shown}", game_title(game)));
        }
        if drawn.is_none() {
            return Ok(None);
        }
        text.push_str("\nA new season starts today: `/leaderboard period:season`.");
        // The podium of the patience most played here; its whole table is
        // `/leaderboard period:season season:YYYY-MM`.
        let image = match (&drawn, self.config.render) {
            (Some((game, table)), true) => {
                let picture = PodiumView {
                    title: format!("Season {name} · {}", game_title(game)),
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

fn medal(rank: usize) -> &'static str {
    match rank {
        1 => "🥇",
        2 => "🥈",
        _ => "🥉",
    }
}

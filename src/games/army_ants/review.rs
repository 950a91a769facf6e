//! The Review button of a finished Army Ants game: the engine looks at
//! each move of the player who asks and names the ones that cost the most,
//! with the move it prefers, in words and one picture of the worst moment.
//! Private to the asker; a Share button posts it to the channel.
//!
//! A review searches every turn of the game (a few seconds of one core), so
//! it runs on the blocking pool, one at a time, at most once a minute per
//! player; the front ends defer the answer meanwhile. The result is kept
//! with the game's cached state, so sharing it does not search again.

use super::Loaded;
use crate::ai::army_ants::review::{notable, review, Decisive, Judged};
use crate::controls::army_ants::cid;
use crate::protocol::types::*;
use crate::render::{army_ants_alt_text, army_ants_png_marked};
use crate::rules::army_ants::{numbered_move, Action, ArmyAnts, Side, Status};
use crate::service::base::{mention, Service};
use crate::service::engine::multiplayer::Target;
use crate::service::error::{ServiceResult, UserError};
use crate::store::Ration;
use anyhow::Context;

/// How long a player waits between two reviews (of the service's clock).
const REVIEW_COOLDOWN_MS: i64 = 60_000;
/// The most costly moves a review names.
const NAMED: usize = 3;
/// The verbs of the review's buttons.
pub(super) const REVIEW: &str = "review";
pub(super) use crate::controls::army_ants::SHARE_REVIEW as SHARE;

/// A finished review: each of the player's turns judged, with the position
/// before it and where it stands in the game's record.
#[derive(Clone)]
struct Reviewed {
    side: Side,
    turns: Vec<(ArmyAnts, Action)>,
    judged: Vec<Judged>,
}

impl Service {
    /// The review of the clicker's own moves in the finished game of
    /// `target`: to them alone, or (`share`) to the channel.
    pub(super) async fn army_review(
        &self,
        req: &Request,
        target: Target<'_>,
        share: bool,
    ) -> ServiceResult<Reply> {
        let (loaded, side) = self
            .finished_seat::<ArmyAnts>(req, &target, "Only the two players of that game can review it.")
            .await?;
        let key = format!("{} review {}", loaded.row.id, side.name());
        let reviewed = match self.cache.get::<Reviewed>(&key, loaded.row.version) {
            Some(kept) => kept,
            None => {
                self.check_review_cooldown(&req.user, req.at).await?;
                let reviewed = self.reviewed(&loaded, side).await?;
                self.cache.put(&key, loaded.row.version, reviewed.clone());
                reviewed
            }
        };
        let mut reply = told(&reviewed, &loaded, req, share, self.config.render);
        if !share {
            reply.components = vec![Component::button(
                cid(&loaded.row.id, SHARE),
                "Share in the channel",
                ButtonStyle::Secondary,
            )];
        }
        Ok(reply)
    }

    /// Refuses a second review within [`REVIEW_COOLDOWN_MS`] of a player's
    /// last one, counted in the store so that every replica counts the
    /// same (a shared or repeated review costs nothing and is let through
    /// before this).
    async fn check_review_cooldown(
        &self,
        user: &User,
        at: chrono::DateTime<chrono::Utc>,
    ) -> ServiceResult<()> {
        let ration = Ration {
            work: "review",
            window_ms: REVIEW_COOLDOWN_MS,
            allowed: 1,
        };
        let taken = self
            .store
            .take_ration(&user.id, ration, at.timestamp_millis())
            .await?;
        taken.map_err(|wait| {
            let seconds = (wait + 999) / 1000;
            UserError::cooldown(format!("One review a minute: ask again in {seconds} s.")).into()
        })
    }

    /// Replays the game for `side`'s turns and judges them on the
    /// blocking pool, one review at a time.
    async fn reviewed(&self, loaded: &Loaded, side: Side) -> ServiceResult<Reviewed> {
        let positions = self.context().positions(loaded).await?;
        let mut turns = Vec::new();
        for pair in positions.windows(2) {
            let (prev, game) = (&pair[0], &pair[1]);
            let played = game.record().get(prev.record().len());
            if let (Status::ToMove(s), Some((by, action))) = (prev.status(), played) {
                if s == side && *by == side && action.is_command() {
                    turns.push((prev.clone(), action.clone()));
                }
            }
        }
        let _one_at_a_time = self.reviewing.lock().await;
        let (turns, judged) = tokio::task::spawn_blocking(move || {
            let judged = review(&turns);
            (turns, judged)
        })
        .await
        .context("review search")?;
        Ok(Reviewed { side, turns, judged })
    }
}

/// The review in words, with the board before its costliest move and the
/// better move marked (when boards are drawn: `draw`).
fn told(reviewed: &Reviewed, loaded: &Loaded, req: &Request, share: bool, draw: bool) -> Reply {
    let side = reviewed.side;
    let head = if share {
        format!(
            "{} shares the review of their game as {}",
            mention(&req.user),
            side.name()
        )
    } else {
        format!("**Review of your game as {}**", side.name())
    };
    let searched = reviewed.judged.len();
    let named = notable(&reviewed.judged);
    let mut text = match (searched, named.is_empty()) {
        (0, _) => format!("{head}: there was no move with a choice to look at."),
        (n, true) => format!(
            "{head}: I looked at {} with a choice, and every one was as good as mine, or within a \
             third of an Ace of it.",
            crate::rules::counted(n, "move")
        ),
        (n, false) => format!(
            "{head}: I looked at {} with a choice. The costliest:",
            crate::rules::counted(n, "move")
        ),
    };
    for judged in named.iter().take(NAMED) {
        text.push_str(&format!("\n• {}", judged_words(reviewed, judged)));
    }
    // The position where it went wrong, the better move marked on it (as
    // a hint is marked), so the player sees what they missed.
    let worst = named.first().filter(|_| draw);
    let image = worst.map(|worst| {
        let (before, _) = &reviewed.turns[worst.turn];
        let view = before.view(Some(side));
        let labels = loaded.seats.labels(Some(side));
        let mut marked = view.clone();
        marked.last = Some((side, worst.preferred.clone()));
        Image {
            png: army_ants_png_marked(&marked, &labels, "Better"),
            alt: format!(
                "Before {}, with {} marked as better: {}",
                move_name(reviewed, worst),
                worst.preferred,
                army_ants_alt_text(&view, &labels)
            ),
            regions: Vec::new(),
        }
    });
    if let Some(worst) = worst {
        text.push_str(&format!(
            "\nThe picture shows the board before {}, with **{}** marked.",
            move_name(reviewed, worst),
            worst.preferred
        ));
    }
    Reply {
        image,
        ephemeral: !share,
        ..Reply::text(text)
    }
}

/// One costly move: what it cost and the move preferred.
fn judged_words(reviewed: &Reviewed, judged: &Judged) -> String {
    let played = move_name(reviewed, judged);
    let better = &judged.preferred;
    match judged.decisive() {
        Some(Decisive::MissedWin) if judged.lost() => {
            format!("**{played}** turned a win into a loss: **{better}** wins by force.")
        }
        Some(Decisive::MissedWin) => format!("**{played}** let a win go: **{better}** wins by force."),
        Some(Decisive::Lost) => format!("**{played}** loses by force; **{better}** held on."),
        None => {
            let aces = format!("{:.1}", f64::from(judged.cost()) / 100.0);
            let unit = if aces == "1.0" { "Ace" } else { "Aces" };
            format!("**{played}** cost about {aces} {unit}; **{better}** was better.")
        }
    }
}

/// The move of a judged turn as the record numbers it: `12. c3-c4`.
fn move_name(reviewed: &Reviewed, judged: &Judged) -> String {
    let (before, played) = &reviewed.turns[judged.turn];
    let mut record = before.record().to_vec();
    record.push((reviewed.side, played.clone()));
    numbered_move(&record, record.len() - 1)
}

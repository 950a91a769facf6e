//! Games against the computer (`opponent: antics`): its level, its replies
//! played in the same request as the person's action, and the per-user
//! limit on this expensive work.

use crate::ai::army_ants::{accepts_draw, reply, Level};
use crate::rules::army_ants::{Action, ArmyAnts, Events, Phase, Side};
use crate::service::base::Service;
use crate::service::error::{ServiceResult, UserError};
use crate::store::Ration;
use chrono::{DateTime, Utc};

/// What the computer did after a person's action.
#[derive(Debug, Default)]
pub struct BotTurns {
    /// Its actions, in order, with what each caused.
    pub played: Vec<(Action, Events)>,
    /// It was offered a draw and declined (it will play on).
    pub declined_draw: bool,
}

impl BotTurns {
    pub fn is_empty(&self) -> bool {
        self.played.is_empty() && !self.declined_draw
    }
}

/// The level stored with a game against the computer.
pub(super) fn parse_level(text: Option<&str>) -> Result<Level, UserError> {
    match text {
        None => Ok(Level::Normal),
        Some(t) => Level::parse(t)
            .filter(|l| *l != Level::Greedy)
            .ok_or_else(|| UserError::bad_option("`level` is easy, normal or hard.")),
    }
}

impl Service {
    /// Refuses bot work for a user who asked for too much of it lately: at
    /// most `ai_moves_per_minute` computer replies per user in a minute (of
    /// the service's clock), counted in the store so that every replica
    /// counts the same.
    pub(super) async fn check_ai_cooldown(&self, user_id: &str, at: DateTime<Utc>) -> ServiceResult<()> {
        let ration = Ration {
            work: "computer",
            window_ms: 60_000,
            allowed: i64::from(self.config.ai_moves_per_minute),
        };
        let taken = self
            .store
            .take_ration(user_id, ration, at.timestamp_millis())
            .await?;
        let refusal = "The computer needs a moment between moves; try again in a few seconds.";
        taken.map_err(|_| UserError::busy_player(refusal).into())
    }

    /// Plays the computer's turns in `game` (its seat is `bot`): deployments,
    /// commands, answers to a draw offer, until it has nothing to do. Runs
    /// on a blocking thread: a search may take the whole budget.
    pub(super) async fn bot_turns(
        &self,
        game: &mut ArmyAnts,
        bot: Side,
        level: Level,
        seed: u64,
    ) -> anyhow::Result<BotTurns> {
        let budget = self.config.ai_budget;
        let mut work = game.clone();
        let (work, turns) = tokio::task::spawn_blocking(move || {
            let mut turns = BotTurns::default();
            if work.draw_offer() == Some(bot.opponent()) {
                if accepts_draw(&work, bot) {
                    let events = work.apply(bot, &Action::AcceptDraw)?;
                    turns.played.push((Action::AcceptDraw, events));
                    return Ok((work, turns));
                }
                turns.declined_draw = true;
            }
            turns.played = reply(&mut work, bot, level, budget, seed)?;
            Ok::<_, anyhow::Error>((work, turns))
        })
        .await??;
        *game = work;
        Ok(turns)
    }
}

/// What the computer did, in words, for the board's text: "antics
/// (Black) played **e6-e5**." A deployment is told once, however many rows
/// it placed.
pub fn words(turns: &BotTurns, bot_label: &str, before: Phase) -> String {
    let mut text = String::new();
    if turns.declined_draw {
        text.push_str(&format!("{bot_label} declines the draw and plays on. "));
    }
    let mut placed = false;
    for (action, events) in &turns.played {
        match action {
            Action::Deploy(_) if placed => {}
            Action::Deploy(_) => {
                placed = true;
                text.push_str(&format!("{bot_label} placed its cards. "));
            }
            Action::AcceptDraw => text.push_str(&format!("{bot_label} accepts the draw. ")),
            Action::Favor => text.push_str(&format!("{bot_label} took the Queen's Favor. ")),
            a => text.push_str(&format!("{bot_label} played **{a}**. ")),
        }
        for pass in &events.passes {
            text.push_str(&format!("{} has no legal move and passes. ", pass.name()));
        }
        // Told where it happens: a move after it is a battle move, even one
        // written like the rally move before it.
        if events.battle_started && before != Phase::Battle {
            text.push_str("The rally is over: the battle begins! ");
        }
    }
    text.trim_end().to_string()
}

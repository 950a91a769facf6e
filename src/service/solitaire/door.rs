//! A patience's door: the registry (`kinds`) gives each patience kind its
//! paths for its type, so a stored row's kind, a command's `game` or a
//! day's challenge reaches the code written for its type through the one
//! match over the kinds, never by its name spelled again.

use super::SolitaireRules;
use crate::ai::solver::daily::DAILY_BUDGET;
use crate::ai::solver::Verdict;
use crate::render::{Sampler, MAX_REPLAY_FRAMES};
use crate::service::base::{Door, Solution};
use crate::service::engine::replay_image;
use crate::service::error::ServiceResult;

impl Door {
    /// The door of patience `G`.
    pub(in crate::service) fn of<G: SolitaireRules>() -> Door {
        Door {
            asked: |service, asked| Box::pin(service.patience_asked::<G>(asked)),
            started_daily: |service, place, owner, seed, notes, at| {
                Box::pin(async move {
                    let setup = day_setup::<G>(seed)?;
                    let table = service.started_table::<G>(place, owner, setup, owner.clone(), notes, at);
                    Ok(table.await?.row)
                })
            },
            solution: solution::<G>,
        }
    }
}

/// The solver's winning line of the deal of `seed` at `daily`'s level, in
/// notation, and its replay (when drawing); None when the solver finds no
/// line within the daily's budget.
fn solution<G: SolitaireRules>(seed: u64, render: bool) -> Solution {
    let game = G::from_setup(&day_setup::<G>(seed).ok()?).ok()?;
    let Verdict::Won(line) = game.solve_whole(DAILY_BUDGET).verdict else {
        return None;
    };
    let mut position = game;
    let mut sample = Sampler::new(MAX_REPLAY_FRAMES);
    sample.offer(|| position.player_view());
    for action in &line {
        position.apply(action).ok()?;
        sample.offer(|| position.player_view());
    }
    let sample = sample.finish(|| position.player_view());
    let image = render.then(|| replay_image(&sample, None)).flatten();
    Some((line.iter().map(ToString::to_string).collect(), image))
}

/// The setup of `G`'s deal of `seed` at the level or variant its registry
/// entry gives its daily.
pub(in crate::service) fn day_setup<G: SolitaireRules>(seed: u64) -> ServiceResult<G::Setup> {
    let setup = G::daily_setup(seed);
    setup.ok_or_else(|| anyhow::anyhow!("{} has no daily", G::TITLE).into())
}

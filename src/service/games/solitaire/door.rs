//! A patience's paths behind one object: the registry (`kinds`) gives each
//! patience kind its door, so a stored row's kind, a command's `game` or a
//! day's challenge reaches the code written for its type through the one
//! match over the kinds, never by its name spelled again.

use super::SolitaireRules;
use crate::ai::solver::daily::DAILY_BUDGET;
use crate::ai::solver::Verdict;
use crate::protocol::types::{Image, Options, Reply, Request, User};
use crate::render::{Sampler, MAX_REPLAY_FRAMES};
use crate::service::base::{Asked, Dealt, Intro, PatienceDoor, Service};
use crate::service::engine::{replay_image, Boxed, Place};
use crate::service::error::ServiceResult;
use crate::store::GameRow;
use chrono::{DateTime, Utc};
use std::marker::PhantomData;

/// The door of patience `G`.
pub(in crate::service) struct Door<G>(PhantomData<fn() -> G>);

impl<G: SolitaireRules> Door<G> {
    pub(in crate::service) const DOOR: Door<G> = Door(PhantomData);
}

impl<G: SolitaireRules> PatienceDoor for Door<G> {
    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn start<'a>(
        &self,
        service: &'a Service,
        req: &'a Request,
        opts: &'a Options,
    ) -> Boxed<'a, ServiceResult<Reply>> {
        Box::pin(service.solitaire_new::<G>(req, opts))
    }

    fn start_daily<'a>(
        &self,
        service: &'a Service,
        req: &'a Request,
        seed: u64,
        dealt: Dealt,
        intro: Intro<'a>,
    ) -> Boxed<'a, ServiceResult<Reply>> {
        Box::pin(async move {
            let setup = day_setup::<G>(seed)?;
            service.solitaire_start::<G>(req, &setup, dealt, intro).await
        })
    }

    fn started_daily<'a>(
        &self,
        service: &'a Service,
        place: Place<'a>,
        owner: &'a User,
        seed: u64,
        notes: Vec<(&'a str, serde_json::Value)>,
        at: DateTime<Utc>,
    ) -> Boxed<'a, ServiceResult<GameRow>> {
        Box::pin(async move {
            let setup = day_setup::<G>(seed)?;
            let seats = owner.clone();
            service
                .started_table::<G>(place, owner, setup, seats, notes, at)
                .await
                .map(|table| table.row)
        })
    }

    fn solution(&self, seed: u64, render: bool) -> Option<(Vec<String>, Option<Image>)> {
        solution::<G>(seed, render)
    }

    fn board<'a>(&self, service: &'a Service, row: GameRow, text: String) -> Boxed<'a, ServiceResult<Reply>> {
        Box::pin(service.patience_board::<G>(row, text))
    }

    fn table<'a>(&self, service: &'a Service, row: GameRow) -> Boxed<'a, ServiceResult<Reply>> {
        Box::pin(service.patience_table_of::<G>(row))
    }

    fn asked<'a>(
        &self,
        service: &'a Service,
        req: &'a Request,
        row: GameRow,
        asked: Asked,
    ) -> Boxed<'a, ServiceResult<Reply>> {
        Box::pin(service.patience_asked::<G>(req, row, asked))
    }
}

/// The solver's winning line of the deal of `seed` at `daily`'s level, in
/// notation, and its replay (when drawing); None when the solver finds no
/// line within the daily's budget.
fn solution<G: SolitaireRules>(seed: u64, render: bool) -> Option<(Vec<String>, Option<Image>)> {
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

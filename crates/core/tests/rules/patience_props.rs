//! Property tests for the patiences (Anthill, Ants Solitaire): random seeds
//! and random legal playouts, with undos now and then.
//!
//! Checked after every action: nothing panics, the 52 cards are all there
//! once (the cards in sight plus the stock's length), every action offered
//! is accepted (its notation reading back is `game_contract`'s), an action not
//! offered is refused and leaves the game as it was. At the end: replaying
//! the same log (undos included) on a fresh game from the same setup gives
//! the same view and the same undo count, and the game is over (by itself
//! or, after enough steps, by `end`).

use antics::rules::cards::StdCard;
use antics::rules::patience::Patience;
use antics::rules::{anthill, ants_solitaire};
use proptest::prelude::*;
use std::collections::HashSet;
use std::fmt::Debug;

/// What the properties need to know beyond the trait.
trait Probe: Patience<View: PartialEq + Debug> {
    /// The cards in sight and the stock's length.
    fn cards(&self) -> (Vec<StdCard>, usize);
    fn undoable(&self) -> usize;
    /// Some actions, legal or not, to try.
    fn probes() -> Vec<Self::Action>;
}

impl Probe for anthill::Anthill {
    fn cards(&self) -> (Vec<StdCard>, usize) {
        let v = self.view();
        (v.visible_cards().collect(), v.progress.stock_len)
    }

    fn undoable(&self) -> usize {
        self.view().progress.undoable
    }

    fn probes() -> Vec<anthill::Action> {
        let mut all: Vec<anthill::Action> = (1..=8)
            .flat_map(|from| (1..=8).map(move |to| anthill::Action::Move { from, to }))
            .collect();
        all.push(anthill::Action::Deal);
        all
    }
}

impl Probe for ants_solitaire::AntsSolitaire {
    fn cards(&self) -> (Vec<StdCard>, usize) {
        let v = self.view();
        (v.visible_cards().collect(), v.progress.stock_len)
    }

    fn undoable(&self) -> usize {
        self.view().progress.undoable
    }

    fn probes() -> Vec<ants_solitaire::Action> {
        let mut all: Vec<ants_solitaire::Action> = (1..=4)
            .flat_map(|tableau| {
                (1..=4).map(move |foundation| ants_solitaire::Action::Move { tableau, foundation })
            })
            .collect();
        all.push(ants_solitaire::Action::Deal);
        all
    }
}

const MAX_STEPS: usize = 300;

fn check_position<G: Probe>(game: &G) -> Result<(), TestCaseError> {
    let (seen, stock_len) = game.cards();
    prop_assert_eq!(seen.len() + stock_len, 52, "cards lost or made: {:?}", game);
    let distinct: HashSet<StdCard> = seen.iter().copied().collect();
    prop_assert_eq!(distinct.len(), seen.len(), "a card twice: {:?}", game);

    let legal = game.legal_actions();
    // Each listed action's notation reads back as itself: `game_contract`.
    for action in &legal {
        let text = action.to_string();
        prop_assert!(text != "undo", "undo is never listed");
        let mut trial = game.clone();
        prop_assert!(trial.apply(action).is_ok(), "`{}` is listed but refused", text);
    }
    for probe in G::probes() {
        if !legal.contains(&probe) {
            let mut trial = game.clone();
            prop_assert!(
                trial.apply(&probe).is_err(),
                "`{}` is not listed but accepted",
                probe
            );
            prop_assert_eq!(trial.player_view(), game.player_view());
        }
    }
    if game.outcome().is_some() {
        prop_assert!(legal.is_empty());
    } else {
        prop_assert_eq!(legal.last().map(ToString::to_string), Some("end".to_string()));
    }
    Ok(())
}

/// Plays at random from `start` and checks every position; returns the log.
fn playout<G: Probe>(start: G, choices: &[u32]) -> Result<(G, Vec<G::Action>), TestCaseError> {
    let undo: G::Action = "undo".parse().unwrap();
    let end: G::Action = "end".parse().unwrap();
    let mut game = start;
    let mut log = Vec::new();
    check_position(&game)?;
    for step in 0.. {
        if game.outcome().is_some() {
            break;
        }
        let choice = choices[step % choices.len()].wrapping_add(step as u32);
        let action = if step >= MAX_STEPS {
            end.clone()
        } else if choice % 8 == 0 && game.undoable() > 0 {
            undo.clone()
        } else {
            // `end` only as the fallback: choose among the others.
            let legal: Vec<G::Action> = game.legal_actions().into_iter().filter(|a| *a != end).collect();
            if legal.is_empty() {
                end.clone()
            } else {
                legal[(choice / 8) as usize % legal.len()].clone()
            }
        };
        let undos = game.undos();
        let moves = game.moves();
        if let Err(e) = game.apply(&action) {
            return Err(TestCaseError::fail(format!("`{action}` refused: {e}\n{game:?}")));
        }
        // Undo and end are not moves.
        let is_move = action != undo && action != end;
        prop_assert_eq!(game.moves(), moves + u32::from(is_move));
        prop_assert_eq!(game.undos(), undos + u32::from(action == undo));
        log.push(action);
        check_position(&game)?;
    }
    prop_assert!(game.outcome().is_some());
    prop_assert!(
        game.apply(&end).is_err(),
        "nothing is accepted once the game is over"
    );
    Ok((game, log))
}

fn replay<G: Probe>(fresh: G, played: &G, log: &[G::Action]) -> Result<(), TestCaseError> {
    let mut again = fresh;
    for action in log {
        prop_assert!(again.apply(action).is_ok(), "`{}` refused on replay", action);
    }
    prop_assert_eq!(again.player_view(), played.player_view());
    prop_assert_eq!(again.undos(), played.undos());
    prop_assert_eq!(again.moves(), played.moves());
    prop_assert_eq!(again.score(), played.score());
    prop_assert_eq!(again.describe(), played.describe());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(64)))]

    #[test]
    fn anthill_random_playouts(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 1..64)) {
        let setup = anthill::Setup { seed: Some(seed), deal: None };
        let start = anthill::Anthill::new(&setup).unwrap();
        let (game, log) = playout(start, &choices)?;
        let score = game.score();
        prop_assert!((0..=52).contains(&score));
        if game.outcome().unwrap().won {
            prop_assert_eq!(score, 52);
        }
        replay(anthill::Anthill::new(&setup).unwrap(), &game, &log)?;
    }

    #[test]
    fn ants_random_playouts(
        seed in any::<u64>(),
        relaxed in any::<bool>(),
        choices in prop::collection::vec(any::<u32>(), 1..64),
    ) {
        let variant = if relaxed { ants_solitaire::Variant::Relaxed } else { ants_solitaire::Variant::Strict };
        let setup = ants_solitaire::Setup { variant, seed: Some(seed), deal: None };
        let start = ants_solitaire::AntsSolitaire::new(&setup).unwrap();
        let (game, log) = playout(start, &choices)?;
        let score = game.score();
        prop_assert!((4..=52).contains(&score));
        prop_assert_eq!(game.outcome().unwrap().won, score == 52);
        replay(ants_solitaire::AntsSolitaire::new(&setup).unwrap(), &game, &log)?;
    }

    /// The same seed deals the same game; a seeded game equals the game from
    /// its deck order.
    #[test]
    fn seeds_are_deals(seed in any::<u64>()) {
        let order = antics::rules::cards::write_deck_order(&antics::rules::cards::shuffled_standard_deck(seed));
        let a = anthill::Anthill::new(&anthill::Setup { seed: Some(seed), deal: None }).unwrap();
        let b = anthill::Anthill::new(&anthill::Setup { seed: None, deal: Some(order.clone()) }).unwrap();
        prop_assert_eq!(a.view(), b.view());
        let a = ants_solitaire::AntsSolitaire::new(&ants_solitaire::Setup { seed: Some(seed), ..Default::default() })
            .unwrap();
        let b = ants_solitaire::AntsSolitaire::new(&ants_solitaire::Setup { deal: Some(order), ..Default::default() })
            .unwrap();
        prop_assert_eq!(a.view(), b.view());
    }
}

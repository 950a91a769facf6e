//! Army Ants positions for the benches, shared by benches/army_ants.rs and
//! benches/ai.rs so both measure the same sample.

use antics::rules::army_ants::{ArmyAnts, Setup, Status};
use antics::rules::shuffle::SeededRng;

/// Positions met in random games, a few from every phase.
pub fn sample_positions(count: usize) -> Vec<ArmyAnts> {
    let mut positions = Vec::with_capacity(count);
    let mut seed = 0;
    while positions.len() < count {
        seed += 1;
        let mut game = ArmyAnts::new(&Setup {
            seed: Some(seed),
            ..Setup::default()
        })
        .expect("a dealt game");
        let mut rng = SeededRng::new(seed);
        for _ in 0..80 {
            let Status::ToMove(side) = game.status() else {
                break;
            };
            let legal = game.legal_actions();
            let action = &legal[rng.below(legal.len() as u64) as usize];
            game.apply(side, action).expect("legal");
            positions.push(game.clone());
        }
    }
    positions.truncate(count);
    positions
}

//! Army Ants position import: parsing, then starting a game from it.
#![no_main]

use antics::rules::army_ants::{parse_position, ArmyAnts, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if parse_position(text).is_ok() {
        let setup = Setup {
            position: Some(text.to_string()),
            ..Setup::default()
        };
        if let Ok(game) = ArmyAnts::new(&setup) {
            // A started game answers with its legal actions and its view.
            let _ = game.legal_actions();
            let _ = game.position(None);
        }
    }
});

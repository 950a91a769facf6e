//! Army Ants position import: parsing, then starting a game from it. A
//! refusal is a clear message; a started game writes its position in a
//! form that starts the same game again.
#![no_main]

use antics::rules::army_ants::{parse_position, ArmyAnts, Setup};
use antics_fuzz::assert_clear;
use libfuzzer_sys::fuzz_target;

fn start(position: &str) -> Result<ArmyAnts, String> {
    let setup = Setup {
        position: Some(position.to_string()),
        ..Setup::default()
    };
    ArmyAnts::new(&setup).map_err(|e| e.to_string())
}

fuzz_target!(|text: &str| {
    if let Err(e) = parse_position(text) {
        return assert_clear(&e, text);
    }
    match start(text) {
        Ok(game) => {
            let _ = game.legal_actions();
            let written = game.position(None);
            let again = start(&written).unwrap_or_else(|e| panic!("{text:?} -> {written:?}: {e}"));
            assert_eq!(again.position(None), written, "{text:?}");
        }
        Err(e) => assert_clear(&e, text),
    }
});

//! Deck orders (deal import) for the three patiences: a deal is checked
//! against the game's deck and starts a game with legal actions, or is
//! refused with a clear message.
#![no_main]

use antics::rules::patience::Patience;
use antics::rules::{anthill, ants_solitaire, myrmex};
use antics_fuzz::assert_clear;
use libfuzzer_sys::fuzz_target;

fn check<P: Patience, E: ToString>(text: &str, started: Result<P, E>) {
    match started {
        Ok(game) => assert!(!game.legal_actions().is_empty(), "{text:?}: a new deal has actions"),
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let deal = Some(text.to_string());
    match which % 3 {
        0 => check(
            text,
            myrmex::Myrmex::new(&myrmex::Setup {
                deal,
                ..myrmex::Setup::default()
            }),
        ),
        1 => check(text, anthill::Anthill::new(&anthill::Setup { seed: None, deal })),
        _ => check(
            text,
            ants_solitaire::AntsSolitaire::new(&ants_solitaire::Setup {
                deal,
                ..ants_solitaire::Setup::default()
            }),
        ),
    }
});

//! Deck orders (deal import) for the three patiences: a deal parses, is
//! checked against the game's deck and starts a game, or is refused.
#![no_main]

use antics::rules::patience::Patience;
use antics::rules::{anthill, ants_solitaire, myrmex};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let deal = Some(text.to_string());
    let legal = match which % 3 {
        0 => myrmex::Myrmex::new(&myrmex::Setup {
            deal,
            ..myrmex::Setup::default()
        })
        .map(|g| g.legal_actions().len()),
        1 => anthill::Anthill::new(&anthill::Setup { seed: None, deal }).map(|g| g.legal_actions().len()),
        _ => ants_solitaire::AntsSolitaire::new(&ants_solitaire::Setup {
            deal,
            ..ants_solitaire::Setup::default()
        })
        .map(|g| g.legal_actions().len()),
    };
    let _ = legal;
});

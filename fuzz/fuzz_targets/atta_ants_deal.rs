//! Atta Ants deal import: the first byte gives the players and the seed,
//! the rest is a deck order. A deal prints back to itself and starts a game
//! or is refused with a clear message; a started game's legal actions print
//! to text that parses back to the same action.
#![no_main]

use antics::rules::atta_ants::{parse_deal, Action, AttaAnts, Setup, Status};
use antics_fuzz::assert_clear;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match parse_deal(text) {
        Ok(cards) => {
            let printed = cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
            assert_eq!(parse_deal(&printed).ok(), Some(cards), "{text:?} -> {printed:?}");
        }
        Err(e) => return assert_clear(&e.to_string(), text),
    }
    let setup = Setup {
        players: first % 6,
        seed: u64::from(*first),
        deal: Some(text.to_string()),
    };
    match AttaAnts::new(&setup) {
        Ok(game) => {
            assert!(matches!(game.status(), Status::ToMove(_)), "{text:?}");
            let legal = game.legal_actions();
            assert!(!legal.is_empty(), "{text:?}");
            for action in legal {
                let printed = action.to_string();
                let parsed = printed.parse::<Action>().unwrap_or_else(|e| panic!("{printed:?}: {e}"));
                assert_eq!(game.canonical(&parsed), action, "{printed:?}");
            }
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
});

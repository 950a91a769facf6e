//! The action notation of the three patiences (Myrmex, Anthill, Ants
//! Solitaire): the first byte picks the game, the rest is the text.
#![no_main]

use antics::rules::patience::ParsePatienceError;
use antics::rules::{anthill, ants_solitaire, myrmex};
use antics_fuzz::assert_clear;
use libfuzzer_sys::fuzz_target;
use std::fmt::Debug;
use std::str::FromStr;

/// Parses `text`; what parses prints and parses back to itself, a refusal
/// is clear.
fn round_trip<A: FromStr<Err = ParsePatienceError> + ToString + PartialEq + Debug>(text: &str) {
    match text.parse::<A>() {
        Ok(action) => {
            let printed = action.to_string();
            assert_eq!(printed.parse::<A>().ok(), Some(action), "{text:?} -> {printed:?}");
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match which % 3 {
        0 => round_trip::<myrmex::Action>(text),
        1 => round_trip::<anthill::Action>(text),
        _ => round_trip::<ants_solitaire::Action>(text),
    }
});

//! The action notation of the three patiences (Myrmex, Anthill, Ants
//! Solitaire): the first byte picks the game, the rest is the text.
#![no_main]

use antics::rules::{anthill, ants_solitaire, myrmex};
use libfuzzer_sys::fuzz_target;
use std::fmt::Debug;
use std::str::FromStr;

/// Parses `text`; what parses prints and parses back to itself.
fn round_trip<A: FromStr + ToString + PartialEq + Debug>(text: &str) {
    if let Ok(action) = text.parse::<A>() {
        let printed = action.to_string();
        assert_eq!(printed.parse::<A>().ok(), Some(action), "{text:?} -> {printed:?}");
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

//! Army Ants action notation: any text parses or is refused; what parses
//! prints canonically and parses back to itself.
#![no_main]

use antics::rules::army_ants::Action;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(action) = text.parse::<Action>() {
        let printed = action.to_string();
        assert_eq!(printed.parse::<Action>().ok(), Some(action), "{text:?} -> {printed:?}");
    }
});

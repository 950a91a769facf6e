//! Army Ants action notation: any text parses or is refused with a clear
//! message; what parses prints canonically and parses back to itself.
#![no_main]

use antics::rules::army_ants::Action;
use antics_fuzz::assert_clear;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match text.parse::<Action>() {
        Ok(action) => {
            let printed = action.to_string();
            assert_eq!(printed.parse::<Action>().ok(), Some(action), "{text:?} -> {printed:?}");
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
});

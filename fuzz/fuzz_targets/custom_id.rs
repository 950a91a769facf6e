//! Component custom ids: any text is parsed or refused with a clear
//! message; what parses encodes within Discord's 100 characters and parses
//! back to itself.
#![no_main]

use antics::service::custom_id::ComponentId;
use antics_fuzz::assert_clear;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match ComponentId::parse(text) {
        Ok(id) => {
            let encoded = id.encode();
            assert!(encoded.len() <= 100);
            assert_eq!(ComponentId::parse(&encoded).ok(), Some(id));
        }
        Err(e) => assert_clear(&e.message, text),
    }
});

//! Component custom ids: any text is parsed or refused; what parses
//! encodes within Discord's 100 characters and parses back to itself.
#![no_main]

use antics::service::custom_id::ComponentId;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(id) = ComponentId::parse(text) {
        let encoded = id.encode();
        assert!(encoded.len() <= 100);
        assert_eq!(ComponentId::parse(&encoded).ok(), Some(id));
    }
});

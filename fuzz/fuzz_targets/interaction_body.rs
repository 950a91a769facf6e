//! The body of `POST /interactions` (after its signature checks out): any
//! bytes are read as a PING or an interaction, or refused with a 4xx;
//! nothing panics.
#![no_main]

use antics::discord::endpoint::read;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(refusal) = read(data) {
        assert!(refusal.status.is_client_error(), "{refusal:?}");
    }
});

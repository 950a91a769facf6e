//! How often pages may sign in (src/web/sign_ins.rs).

use antics::web::sign_ins::{SignIns, PER_ADDRESS_A_MINUTE};
use std::net::IpAddr;

#[test]
fn one_address_is_held_to_its_rate_and_others_go_on() {
    // "POST /api/session relays any number of junk codes to Discord's
    // token endpoint with the client secret."
    let sign_ins = SignIns::default();
    let one: IpAddr = "203.0.113.7".parse().unwrap();
    let allowed = (0..50).filter(|_| sign_ins.allow(one)).count();
    assert_eq!(allowed, PER_ADDRESS_A_MINUTE as usize);
    assert!(sign_ins.allow("203.0.113.8".parse().unwrap()));
}

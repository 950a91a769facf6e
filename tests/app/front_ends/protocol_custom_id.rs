//! The custom ids components are clicked by (src/protocol/custom_id.rs).

use antics::protocol::ComponentId;

#[test]
fn round_trips() {
    let id = ComponentId::new("aa", "k3j9x0", "accept");
    assert_eq!(ComponentId::parse(&id.encode()).unwrap(), id);
}

#[test]
fn rejects_garbage() {
    for bad in ["", "aa", "aa:x", ":x:y", "aa:x y:z", &"a".repeat(101)] {
        assert!(ComponentId::parse(bad).is_err(), "{bad}");
    }
}

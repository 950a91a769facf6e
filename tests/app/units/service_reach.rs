//! Who the service reaches.

use antics::protocol::types::User;
use antics::service::parts::{place_link, players_of};

#[test]
fn players_are_found_in_every_kind_of_seating() {
    let seats =
        r#"{"red":{"id":"1","name":"Ann"},"black":{"id":"antics","name":"antics"},"challenger":"red"}"#;
    assert_eq!(players_of(seats), [User::new("1", "Ann")]);
    // An open challenge's empty seat is nobody's.
    let open = r#"{"red":{"id":"1","name":"Ann"},"black":{"id":"~open","name":"anyone"}}"#;
    assert_eq!(players_of(open), [User::new("1", "Ann")]);
    let table =
        r#"{"host":{"id":"1","name":"Ann"},"seats":[{"id":"1","name":"Ann"},{"id":"2","name":"Bo"}]}"#;
    assert_eq!(players_of(table), [User::new("1", "Ann"), User::new("2", "Bo")]);
    assert_eq!(players_of(r#"{"id":"3","name":"Cy"}"#), [User::new("3", "Cy")]);
    assert!(players_of("not json").is_empty());
}

#[test]
fn links_name_the_place() {
    assert_eq!(place_link("", "c1"), "channel c1");
    assert_eq!(place_link("", "123"), "https://discord.com/channels/@me/123");
    assert_eq!(place_link("9", "123"), "https://discord.com/channels/9/123");
}

//! The service's help.

use antics::service::HELP;

/// `/help` teaches clicks first: the board's picker comes before typed
/// moves, and the page fits one Discord message.
#[test]
fn help_teaches_clicks_first() {
    let click = HELP.find("pick a card in the select").expect("clicks are taught");
    let typed = HELP.find("/armyants move").expect("typing is taught");
    assert!(click < typed);
    assert!(HELP.contains("/game end"));
    assert!(HELP.encode_utf16().count() <= 2000, "{}", HELP.len());
}

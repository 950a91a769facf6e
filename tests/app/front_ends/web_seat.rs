//! Who acts at the table, and the service's words for their page
//! (src/web/seat.rs).

use antics::protocol::GameStatus;
use antics::rules::GameKind;
use antics::service::GameSummary;
use antics::web::seat::Seat;
use antics::web::session::Session;

#[test]
fn mentions_read_as_names() {
    let seat = Seat::of_session(Session {
        user: "111".into(),
        name: "Nelly".into(),
        channel: "5".into(),
        guild: None,
        expires: 0,
    });
    // The player to move, as the game names them.
    let game = GameSummary {
        to_move: Some("Bo".into()),
        to_move_id: Some("222".into()),
        ..GameSummary::bare("g1", GameKind::ArmyAnts.into(), GameStatus::Active, 1)
    };
    assert_eq!(
        seat.words("<@111> played 4-6. <@222> to move; <@333> waits. <@x> <@", &game),
        "Nelly played 4-6. Bo to move; a player waits. <@x> <@"
    );
}

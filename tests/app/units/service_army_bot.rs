//! The computer's turns in Army Ants.

use antics::games::parts::{words, BotTurns};
use antics::rules::army_ants::{Action, Events, Phase, Square};

/// The rally's last move and the first battle move can read alike
/// (`e3=e4` twice): the start of the battle is told between them.
#[test]
fn the_battle_is_told_where_it_begins() {
    let swap = Action::Swap("e3".parse::<Square>().unwrap(), "e4".parse().unwrap());
    let started = Events {
        battle_started: true,
        ..Events::default()
    };
    let turns = BotTurns {
        played: vec![(swap.clone(), started), (swap, Events::default())],
        declined_draw: false,
    };
    assert_eq!(
        words(&turns, "antics (Black)", Phase::Rally { red: 0, black: 1 }),
        "antics (Black) played **e3=e4**. The rally is over: the battle begins! antics (Black) played **e3=e4**."
    );
}

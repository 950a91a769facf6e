//! Army Ants' board controls.

use antics::controls::army_ants::board::*;

#[test]
fn the_picker_has_five_move_selects_at_most() {
    assert!(is_move_verb("move") && is_move_verb("move2") && is_move_verb("move5"));
    assert!(!is_move_verb("move1") && !is_move_verb("move6") && !is_move_verb("moves"));
}

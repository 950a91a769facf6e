//! What the patience renderers share (`src/patience.rs`).

use crate::sprites::difference;
use antics_render::limit_alt;
use antics_render::patience::{board_frame, fan, table, PatienceBoard};

/// Checks that a board's palette image of `view` strays little from the
/// same board drawn in full colour (see [`difference`]), with and
/// without a daily label.
pub fn assert_palette_matches_full_colour<B: PatienceBoard>(view: &B::View) {
    for daily in [None, Some("Daily · 2026-11-25")] {
        let (width, height) = B::size(view);
        let mut full = table(width, height);
        B::draw_on(&mut full, view, daily);
        let sprites = &B::art().sprites;
        let (differ, far) = difference(sprites, &full, &board_frame::<B>(view, daily).0);
        assert!(
            differ < 0.02 && far < 0.001,
            "{daily:?}: {differ} of the pixels differ, {far} by much"
        );
    }
}

#[test]
fn fan_keeps_full_strips_when_there_is_room() {
    let tops = fan(
        &[false, false, true, true],
        100.0,
        1000.0,
        (30.0, 20.0),
        (10.0, 5.0),
    );
    assert_eq!(tops, vec![0.0, 10.0, 20.0, 50.0]);
}

#[test]
fn fan_shrinks_face_down_strips_first_and_always_fits() {
    // Full: 3*10 + 5*30 + 100 = 280.
    let up = [false, false, false, true, true, true, true, true, true];
    let tops = fan(&up, 100.0, 265.0, (30.0, 20.0), (10.0, 5.0));
    assert_eq!(tops[3], 15.0, "face-down strips shrank to 5: {tops:?}");
    assert_eq!(tops[4] - tops[3], 30.0, "face-up strips kept: {tops:?}");
    let tops = fan(&up, 100.0, 200.0, (30.0, 20.0), (10.0, 5.0));
    assert!(tops[8] + 100.0 <= 200.0 + 1.0, "{tops:?}");
    assert!(
        tops[4] - tops[3] < 20.0,
        "face-up strips shrank below their least: {tops:?}"
    );
    let tops = fan(&up, 100.0, 120.0, (30.0, 20.0), (10.0, 5.0));
    assert!(tops[8] + 100.0 <= 121.0, "{tops:?}");
    assert!(fan(&[], 100.0, 10.0, (1.0, 1.0), (1.0, 1.0)).is_empty());
}

#[test]
fn alt_text_limit_counts_characters() {
    let text = "é".repeat(2000);
    let cut = limit_alt(text);
    assert_eq!(cut.chars().count(), 1024);
    assert!(cut.ends_with('…'));
    assert_eq!(limit_alt("short".into()), "short");
}

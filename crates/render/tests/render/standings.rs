//! A tournament's standings (`src/standings.rs`).

use antics_render::standings::{TYPE, WIDTH};
use antics_render::{points_text, standings_alt_text, standings_png, StandingLine, StandingsView};

#[test]
fn standings_draw_and_say_who_leads() {
    let view = StandingsView {
        title: "Army Ants · Swiss".into(),
        subtitle: "Round 1 of 3".into(),
        headers: ["Points", "Buchholz", "S-B", "Games"],
        lines: vec![
            StandingLine {
                name: "ann".into(),
                points: 1.0,
                tiebreaks: [0.0, 0.0],
                games: 1,
                withdrawn: false,
            },
            StandingLine {
                name: "ben".into(),
                points: 0.5,
                tiebreaks: [0.5, 0.25],
                games: 1,
                withdrawn: true,
            },
        ],
        pairings: vec!["ann - ben  1-0".into()],
        pairings_title: "This round",
    };
    let png = standings_png(&view);
    let decoded = tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!(decoded.width(), WIDTH);
    // "Text at least 12 px at [400 px]" (issue 50), as Discord shows
    // a picture on a phone.
    assert!(TYPE * 400.0 / WIDTH as f32 >= 12.0);
    assert!(standings_alt_text(&view).contains("1. ann: 1 points"));
    assert_eq!(points_text(0.5), "0.5");
    assert_eq!(points_text(2.0), "2");
    assert_eq!(
        (points_text(3.25), points_text(10.0), points_text(0.0)),
        ("3.25".into(), "10".into(), "0".into())
    );
}

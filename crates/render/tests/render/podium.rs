//! A tournament's podium (`src/podium.rs`).

use antics_render::canvas::{FRAME, GOLD};
use antics_render::podium::{BRONZE, FLOOR, HEIGHT, SILVER, STEPS, WIDTH};
use antics_render::{podium_alt_text, podium_png, PodiumPlace, PodiumView};

fn view(names: &[&str]) -> PodiumView {
    PodiumView {
        title: "Anthill · Event".into(),
        subtitle: "Final standings".into(),
        places: names
            .iter()
            .map(|n| PodiumPlace {
                name: n.to_string(),
                points: "score 12".into(),
            })
            .collect(),
    }
}

/// The colour at (`x`, `y`) of a drawn podium.
fn colour_at(png: &[u8], x: f32, y: f32) -> [u8; 3] {
    let image = tiny_skia::Pixmap::decode_png(png).expect("a valid PNG");
    let c = image.pixel(x as u32, y as u32).unwrap().demultiply();
    [c.red(), c.green(), c.blue()]
}

#[test]
fn a_podium_draws_its_places_and_says_them() {
    let three = podium_png(&view(&["ann", "ben", "cat"]));
    let image = tiny_skia::Pixmap::decode_png(&three).unwrap();
    assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT));
    // Each step in its colour, near its foot.
    assert_eq!(colour_at(&three, STEPS[1].1 - 60.0, FLOOR - 10.0), GOLD.rgb());
    assert_eq!(colour_at(&three, STEPS[0].1 - 60.0, FLOOR - 10.0), SILVER.rgb());
    assert_eq!(colour_at(&three, STEPS[2].1 - 60.0, FLOOR - 10.0), BRONZE.rgb());
    // Two players: no third step.
    let two = podium_png(&view(&["ann", "ben"]));
    assert_eq!(colour_at(&two, STEPS[2].1 - 60.0, FLOOR - 10.0), FRAME.rgb());
    let alt = podium_alt_text(&view(&["ann", "ben", "cat"]));
    assert!(alt.contains("1. ann, score 12. 2. ben"), "{alt}");
}

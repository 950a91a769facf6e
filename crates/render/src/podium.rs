//! The podium of a finished tournament or season: the first three on
//! steps of gold, silver and bronze, each with their name and points,
//! in the boards' frame so that it reads on Discord's dark and light
//! themes.

use super::canvas::{
    fill, fill_rect, fonts, pixmap, rect, rounded_rect, Align, Colour, Style, FRAME, GOLD, TEXT, TEXT_DIM,
};
use super::standings::{TITLE, TYPE};

/// One place on the podium.
pub struct PodiumPlace {
    pub name: String,
    /// "5 points", "score 143".
    pub points: String,
}

/// What the picture shows.
pub struct PodiumView {
    /// "Anthill · Event".
    pub title: String,
    /// "Final standings · 6 players".
    pub subtitle: String,
    /// The first, second and third, as many as there are (at most three).
    pub places: Vec<PodiumPlace>,
}

const WIDTH: u32 = 640;
const HEIGHT: u32 = 360;
const PAD: f32 = 24.0;
const STEP_WIDTH: f32 = 168.0;
const FLOOR: f32 = HEIGHT as f32 - PAD;
const SILVER: Colour = Colour::hex(0xb9bec4);
const BRONZE: Colour = Colour::hex(0xc07a3e);
/// The numerals on the steps.
const INK: Colour = FRAME;

/// Each place's step, left to right as a podium stands (2nd, 1st, 3rd):
/// its place (from 0), its centre and its height.
const STEPS: [(usize, f32, f32); 3] = [
    (1, WIDTH as f32 / 2.0 - STEP_WIDTH - 8.0, 124.0),
    (0, WIDTH as f32 / 2.0, 164.0),
    (2, WIDTH as f32 / 2.0 + STEP_WIDTH + 8.0, 96.0),
];

pub fn podium_png(view: &PodiumView) -> Vec<u8> {
    let fonts = fonts();
    let mut canvas = pixmap(WIDTH, HEIGHT, FRAME);
    let title = Style::new(&fonts.bold, TITLE).with(GOLD);
    let dim = Style::new(&fonts.regular, TYPE).with(TEXT_DIM);
    let name = Style::new(&fonts.bold, TYPE).with(TEXT);
    let numeral = Style::new(&fonts.bold, 40.0).with(INK);
    let points = Style::new(&fonts.regular, TYPE).with(INK);
    let right = WIDTH as f32 - PAD;
    super::standings::heading(&mut canvas, (&title, &view.title), (&dim, &view.subtitle), right);
    for (place, centre, height) in STEPS {
        let Some(entry) = view.places.get(place) else {
            continue;
        };
        let colour = [GOLD, SILVER, BRONZE][place];
        let left = centre - STEP_WIDTH / 2.0;
        let top = FLOOR - height;
        fill(
            &mut canvas,
            &rounded_rect(left, top, STEP_WIDTH, height, 6.0),
            colour,
        );
        numeral.draw(
            &mut canvas,
            &(place + 1).to_string(),
            centre,
            top + 48.0,
            Align::Centre,
        );
        points.draw(
            &mut canvas,
            &points.fit(&entry.points, STEP_WIDTH - 16.0),
            centre,
            top + 74.0,
            Align::Centre,
        );
        name.draw(
            &mut canvas,
            &name.fit(&entry.name, STEP_WIDTH + 8.0),
            centre,
            top - 12.0,
            Align::Centre,
        );
    }
    fill_rect(&mut canvas, rect(PAD, FLOOR, right - PAD, 2.0), TEXT_DIM);
    canvas.encode_png().expect("a podium picture encodes")
}

/// The podium in words, for screen readers (Discord's alt text).
pub fn podium_alt_text(view: &PodiumView) -> String {
    let mut text = format!("{}. {}. Podium:", view.title, view.subtitle);
    for (rank, place) in view.places.iter().enumerate() {
        text.push_str(&format!(" {}. {}, {}.", rank + 1, place.name, place.points));
    }
    super::limit_alt(text)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

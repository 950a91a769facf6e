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

pub const WIDTH: u32 = 640;
pub const HEIGHT: u32 = 360;
const PAD: f32 = 24.0;
const STEP_WIDTH: f32 = 168.0;
pub const FLOOR: f32 = HEIGHT as f32 - PAD;
pub const SILVER: Colour = Colour::hex(0xb9bec4);
pub const BRONZE: Colour = Colour::hex(0xc07a3e);
/// The numerals on the steps.
const INK: Colour = FRAME;

/// Each place's step, left to right as a podium stands (2nd, 1st, 3rd):
/// its place (from 0), its centre and its height.
pub const STEPS: [(usize, f32, f32); 3] = [
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

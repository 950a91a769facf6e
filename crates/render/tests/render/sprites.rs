//! The sprite engine (`src/sprites.rs`).

use antics_render::canvas::{pixmap, rounded_rect, Colour, Indexed};
use antics_render::sprites::{stroke_round, Sprites, Surface, MAX_MADE, PIECE};
use tiny_skia::{Pixmap, Transform};

/// How far `image` strays from `full`, the same board drawn in full
/// colour and mapped onto the palette of `sprites`: the share of pixels of
/// another index, and the share whose colour is more than 24 off in some
/// channel (text set at quarter pixels shades its edges a little
/// differently).
pub fn difference(sprites: &Sprites, full: &Pixmap, image: &Indexed) -> (f64, f64) {
    let reference = sprites.indices(full);
    assert_eq!((reference.width, reference.height), (image.width, image.height));
    let palette = sprites.palette();
    let (mut differ, mut far) = (0, 0);
    for (a, b) in reference.data.iter().zip(&image.data) {
        if a != b {
            differ += 1;
            let (ca, cb) = (palette.colour(*a), palette.colour(*b));
            if (0..3).any(|i| ca[i].abs_diff(cb[i]) > 24) {
                far += 1;
            }
        }
    }
    let n = image.data.len() as f64;
    (differ as f64 / n, far as f64 / n)
}

fn sprites() -> Sprites {
    let mut sample = pixmap(64, 8, Colour::hex(0x203040));
    for (i, c) in [0xffffff, 0x808080, 0x101820, 0xc04040].into_iter().enumerate() {
        Pixmap::fill_rect(
            &mut sample,
            tiny_skia::Rect::from_xywh(i as f32 * 16.0, 0.0, 16.0, 8.0).unwrap(),
            &Colour::hex(c).paint(),
            Transform::identity(),
            None,
        );
    }
    Sprites::from_samples(&[sample], &[])
}

/// A shape, a veil and a rectangle drawn on a sheet come out as the
/// same drawn in full colour, mapped onto a palette chosen from the
/// colours drawn.
#[test]
fn a_sheet_draws_as_full_colour_does() {
    let ground = Colour::hex(0x203040);
    let draw = |s: &mut dyn Surface, veil: bool| {
        s.fill_shape(&rounded_rect(3.5, 4.0, 40.0, 20.0, 6.0), Colour::hex(0xc04040));
        s.fill_rect(10.0, 30.0, 30.4, 9.6, Colour::hex(0xffffff));
        let ring = rounded_rect(20.0, 10.0, 30.0, 30.0, 8.0);
        stroke_round(s, &ring, Colour::hex(0xffffff).alpha(128), 3.0);
        if veil {
            s.fill_rect(0.0, 20.5, 64.0, 48.0, Colour::hex(0x000000).alpha(90));
        }
    };
    let samples = [false, true].map(|veil| {
        let mut full = pixmap(64, 48, ground);
        draw(&mut full, veil);
        full
    });
    let art = Sprites::from_samples(&samples, &[]);
    let mut sheet = art.blank(64, 48, ground);
    draw(&mut sheet, true);
    let (differ, far) = difference(&art, &samples[1], &sheet.image);
    assert!(differ < 0.02 && far < 0.002, "{differ} differ, {far} by much");
}

/// A piece in use stays made while many one-off pieces pass through
/// the cache (it used to be emptied all at once when full), and the
/// cache keeps at most [`MAX_MADE`] pieces.
#[test]
fn a_piece_in_use_outlives_the_one_off_pieces() {
    let art = sprites();
    let makes = std::cell::Cell::new(0);
    let dot = || Some((pixmap(2, 2, Colour::hex(0xffffff)), (0, 0)));
    let tile = [PIECE, 1];
    for i in 0..3 * MAX_MADE as u32 {
        if i % 100 == 0 {
            art.made(&tile, || {
                makes.set(makes.get() + 1);
                dot()
            });
        }
        art.made(&[PIECE, 2, i], dot);
    }
    assert_eq!(makes.get(), 1, "the piece in use was made again");
    assert!(art.made_count() <= MAX_MADE);
}

/// A stamp's anchor goes where it is placed, and what falls outside
/// the sheet is clipped.
#[test]
fn a_stamp_is_placed_by_its_anchor_and_clipped() {
    let art = sprites();
    let white = pixmap(4, 3, Colour::hex(0xffffff));
    let stamp = art.stamp_of(&white, (2, 1));
    assert_eq!((stamp.width(), stamp.height()), (4, 3));
    let mut sheet = art.blank(6, 5, Colour::hex(0x203040));
    let (ground, ink) = (sheet.image.data[0], art.index(Colour::hex(0xffffff)));
    sheet.stamp(&stamp, 5, 1);
    let rows: Vec<&[u8]> = sheet.image.data.chunks(6).collect();
    assert_eq!(rows[0], [ground, ground, ground, ink, ink, ink]);
    assert_eq!(rows[2], [ground, ground, ground, ink, ink, ink]);
    assert_eq!(rows[3], [ground; 6]);
}

//! The sprite engine (`src/sprites.rs`).

use antics_render::canvas::{fonts, pixmap, rounded_rect, Align, Colour, Indexed, Palette, Style};
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

/// Text set again where it was set on one colour is copied from the first
/// setting; where some pixel under it has another colour it is inked pixel
/// by pixel over what is there. Either way each pixel comes out as the
/// text's colour at its coverage over the pixel under it.
#[test]
fn text_set_again_is_copied_only_onto_its_own_ground() {
    let ground = Colour::hex(0x203040);
    let mark = Colour::hex(0xc04040);
    // White at 16 strengths over either colour.
    let colours = [ground, mark]
        .into_iter()
        .flat_map(|under| (0..16).map(move |k| Colour::hex(0xffffff).over(under, k as f32 / 15.0)))
        .collect();
    let art = Sprites::new(Palette::from_colours(colours), &[]);
    let style = Style::new(&fonts().bold, 22.0).with(Colour::hex(0xffffff));
    let set = |marked: bool| {
        let mut sheet = art.blank(64, 32, ground);
        if marked {
            sheet.fill_rect(20.0, 4.0, 8.0, 26.0, mark);
        }
        let width = sheet.text(&style, "Ant", 4.3, 24.6, Align::Left);
        (sheet.image, width)
    };
    let (first, first_width) = set(false);
    let (again, again_width) = set(false);
    let (marked, marked_width) = set(true);
    assert_eq!(first.data, again.data, "the copy is the text as first set");
    assert_eq!((first_width, again_width), (marked_width, marked_width));
    let (g, m) = (art.index(ground), art.index(mark));
    assert!(
        first.data.iter().filter(|&&d| d != g).count() > 100,
        "text was set"
    );
    let on_mark = |i: usize| (20..28).contains(&(i % 64)) && (4..30).contains(&(i / 64));
    let mut inked_over_mark = 0;
    for (i, (&plain, &over)) in first.data.iter().zip(&marked.data).enumerate() {
        if !on_mark(i) {
            assert_eq!(plain, over, "pixel {i} off the mark");
        } else if plain == g {
            assert_eq!(over, m, "pixel {i} on the mark, not covered");
        } else if plain != over {
            inked_over_mark += 1;
        }
    }
    assert!(
        inked_over_mark > 5,
        "{inked_over_mark} edge pixels inked over the mark"
    );
}

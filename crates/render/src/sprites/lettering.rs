//! Text set on a sheet. Setting text takes each glyph, its kerning and
//! the palette index of every pixel it covers, and a board sets the same
//! labels in the same places render after render, mostly on one flat
//! colour. So text set on a flat colour is kept as a stamp of its palette
//! indices and set again by copying it, wherever the pixels it covers are
//! still that colour; anywhere else it is inked pixel by pixel. Both give
//! the same pixels.

use super::{colour_key, Sheet, Sprites, Stamp};
use crate::canvas::{Align, Colour, Indexed, Style};

/// Text set on one colour: its pixels, placed at the sheet's origin (each
/// row from its first pixel covered to its last), and its advance width.
pub(super) struct SetText {
    stamp: Stamp,
    width: f32,
}

impl Sheet<'_> {
    /// Sets `text` as [`Style::draw`] would; returns its width.
    pub(super) fn set_text(&mut self, style: &Style, text: &str, x: f32, y: f32, align: Align) -> f32 {
        let art = self.art;
        let ground = self.image.data[text_ground(&self.image, x, y)];
        let set = art.kept_text(&key(style, text, x, y, align, ground), || {
            SetText::on(art, style, text, (x, y, align), ground)
        });
        if self.lies_on(&set.stamp, 0, 0, ground) {
            self.stamp(&set.stamp, 0, 0);
            return set.width;
        }
        let mut ink = Ink::new(art, style.colour, ground);
        ink_text(
            &mut self.image,
            (0, 0),
            style,
            text,
            (x, y, align),
            &mut ink,
            |_| {},
        )
    }
}

impl SetText {
    /// `text` set on an image of colour `ground` alone.
    fn on(art: &Sprites, style: &Style, text: &str, at: (f32, f32, Align), ground: u8) -> SetText {
        let (x, y, align) = at;
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        style.cover(text, x, y, align, |px, py, run| {
            (x0, x1) = (x0.min(px), x1.max(px + run.len() as i32));
            (y0, y1) = (y0.min(py), y1.max(py + 1));
        });
        if x0 > x1 {
            // Nothing covered (spaces).
            (x0, y0, x1, y1) = (0, 0, 0, 0);
        }
        let (width, height) = ((x1 - x0) as u32, (y1 - y0) as u32);
        let mut image = Indexed {
            width,
            height,
            data: vec![ground; width as usize * height as usize],
        };
        let mut kept = vec![false; image.data.len()];
        let mut ink = Ink::new(art, style.colour, ground);
        let advance = ink_text(&mut image, (x0, y0), style, text, at, &mut ink, |i| {
            kept[i] = true
        });
        // Each row kept whole from its first pixel covered to its last: one
        // run a row to check and copy, the pixels between of the ground
        // colour.
        if width > 0 {
            for row in kept.chunks_exact_mut(width as usize) {
                if let (Some(first), Some(last)) = (row.iter().position(|&c| c), row.iter().rposition(|&c| c))
                {
                    row[first..=last].fill(true);
                }
            }
        }
        SetText {
            stamp: Stamp::from_indices(&image, &kept, (x0, y0)),
            width: advance,
        }
    }
}

/// What tells set text apart: the font, size and colour, where it is set,
/// the colour under it and the text.
fn key(style: &Style, text: &str, x: f32, y: f32, align: Align, ground: u8) -> Vec<u32> {
    let font = style.font as *const _ as usize as u64;
    let mut key = Vec::with_capacity(8 + text.len());
    key.extend([
        font as u32,
        (font >> 32) as u32,
        style.size.to_bits(),
        colour_key(style.colour),
        x.to_bits(),
        y.to_bits(),
        align as u32,
        u32::from(ground),
    ]);
    key.extend(text.chars().map(u32::from));
    key
}

/// Where to look for the colour under text set at `(x, y)`: just left of
/// its start, clipped to the image.
fn text_ground(image: &Indexed, x: f32, y: f32) -> usize {
    let x = (x as i32 - 1).clamp(0, image.width as i32 - 1) as usize;
    let y = (y as i32 - 1).clamp(0, image.height as i32 - 1) as usize;
    y * image.width as usize + x
}

/// Inks `text` into `image`, whose top-left pixel lies at `origin` of the
/// sheet, and tells `covered` the index of each pixel it inks; returns the
/// text's width.
fn ink_text(
    image: &mut Indexed,
    origin: (i32, i32),
    style: &Style,
    text: &str,
    (x, y, align): (f32, f32, Align),
    ink: &mut Ink,
    mut covered: impl FnMut(usize),
) -> f32 {
    let (w, h) = (image.width as i32, image.height as i32);
    style.cover(text, x, y, align, |px, py, run| {
        let (px, py) = (px - origin.0, py - origin.1);
        // The part of the run inside the image.
        if py < 0 || py >= h {
            return;
        }
        let skip = (-px).max(0);
        let end = (px + run.len() as i32).min(w);
        if px + skip >= end {
            return;
        }
        let run = &run[skip as usize..(end - px) as usize];
        let start = (py * w + px + skip) as usize;
        for (i, (d, &coverage)) in image.data[start..start + run.len()]
            .iter_mut()
            .zip(run)
            .enumerate()
        {
            *d = ink.shade(coverage, *d);
            covered(start + i);
        }
    })
}

/// A text colour's palette index at each coverage over the colours under
/// it.
struct Ink<'a> {
    art: &'a Sprites,
    /// The colour made opaque, and its index.
    colour: Colour,
    full: u8,
    /// Text is opaque in every style the boards use; a translucent colour
    /// is drawn at its share of each pixel's coverage.
    share: u32,
    /// The flat colour most of the text lies on.
    ground: u8,
    /// The text's index at each coverage over `ground`, looked up as met
    /// (`UNKNOWN` until then; full coverage is the colour itself), so the
    /// common pixel takes no branch on coverage.
    on_ground: [u16; 256],
}

const UNKNOWN: u16 = u16::MAX;

impl<'a> Ink<'a> {
    fn new(art: &'a Sprites, colour: Colour, ground: u8) -> Ink<'a> {
        let full = art.index(colour.alpha(255));
        let mut on_ground = [UNKNOWN; 256];
        on_ground[255] = u16::from(full);
        Ink {
            art,
            colour: colour.alpha(255),
            full,
            share: u32::from(colour.a),
            ground,
            on_ground,
        }
    }

    #[inline(always)]
    fn shade(&mut self, coverage: u8, under: u8) -> u8 {
        let coverage = match self.share {
            255 => coverage,
            share => ((u32::from(coverage) * share + 127) / 255) as u8,
        };
        if under != self.ground {
            return if coverage == 255 {
                self.full
            } else {
                self.art.ink(self.colour, coverage, under)
            };
        }
        let known = &mut self.on_ground[usize::from(coverage)];
        if *known == UNKNOWN {
            *known = u16::from(self.art.ink(self.colour, coverage, self.ground));
        }
        *known as u8
    }
}

//! What the three patience renderers share: the table (a dark frame around a
//! felt), the header and footer, pile labels, the fan that stacks a pile
//! downwards, a fast sprite paste, highlight rings and alt-text helpers.
//!
//! The palette follows the Army Ants board (a warm dark frame with ivory
//! text, yellow for where the last move came from, teal for where it went),
//! with a green felt under the cards. Everything is opaque, so the images
//! read the same on Discord's dark and light themes.

use super::canvas::{
    draw_ant, fill, fill_rect, fonts, rect, rounded_rect, stroke, Align, Colour, Indexed, Palette, Style,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use tiny_skia::{PathBuilder, Pixmap};

pub(super) const FRAME: Colour = Colour::hex(0x2a211b);
pub(super) const RULE: Colour = Colour::hex(0x46382c);
pub(super) const TEXT: Colour = Colour::hex(0xf4ead6);
pub(super) const TEXT_DIM: Colour = Colour::hex(0xbca687);
pub(super) const GOLD: Colour = Colour::hex(0xe3ad34);
pub(super) const FELT: Colour = Colour::hex(0x2d5443);
pub(super) const FELT_EDGE: Colour = Colour::hex(0x1b3a2e);
/// Empty places and quiet labels on the felt.
pub(super) const FELT_MARK: Colour = Colour::hex(0x5f8c76);
pub(super) const FELT_TEXT: Colour = Colour::hex(0xd7e6da);
pub(super) const FROM_MARK: Colour = Colour::hex(0xf4c542);
pub(super) const TO_MARK: Colour = Colour::hex(0x2ec4a6);
pub(super) const LOST: Colour = Colour::hex(0xe07a5f);
pub(super) const INK: Colour = Colour::hex(0x241c17);
pub(super) const IVORY: Colour = Colour::hex(0xfcf8ee);

pub(super) const HEADER_H: f32 = 80.0;
pub(super) const FOOTER_H: f32 = 50.0;
/// The row of pile labels above a row of piles.
pub(super) const LABEL_H: f32 = 34.0;
pub(super) const MARGIN: f32 = 24.0;

/// Room around every sprite for its shadow.
pub(super) const PAD: u32 = 4;

/// The empty table: frame, rules under the header and over the footer, and
/// the felt between them.
pub(super) fn table(width: u32, height: u32) -> Pixmap {
    let mut pm = Pixmap::new(width, height).expect("image size");
    pm.fill(tiny_skia::Color::from_rgba8(FRAME.r, FRAME.g, FRAME.b, 255));
    let (w, h) = (width as f32, height as f32);
    let felt_h = h - HEADER_H - FOOTER_H - 16.0;
    fill(
        &mut pm,
        &rounded_rect(8.0, HEADER_H + 6.0, w - 16.0, felt_h + 4.0, 16.0),
        FELT_EDGE,
    );
    fill(
        &mut pm,
        &rounded_rect(10.0, HEADER_H + 8.0, w - 20.0, felt_h, 14.0),
        FELT,
    );
    fill_rect(&mut pm, rect(0.0, HEADER_H - 1.0, w, 2.0), RULE);
    fill_rect(&mut pm, rect(0.0, h - FOOTER_H - 1.0, w, 2.0), RULE);
    pm
}

/// The empty table at any height up to `max_height`, copied from one drawn
/// once at `max_height`: every row between the top and the bottom edges of
/// the felt is the same, so the top rows and the bottom rows are enough.
pub(super) fn cached_table(
    cell: &'static OnceLock<Pixmap>,
    width: u32,
    max_height: u32,
    height: u32,
) -> Pixmap {
    let template = cell.get_or_init(|| table(width, max_height));
    let bottom = FOOTER_H as u32 + 40;
    if height > max_height || height < bottom + HEADER_H as u32 + 40 {
        return table(width, height);
    }
    let row = width as usize * 4;
    let split = (height - bottom) as usize * row;
    let mut data = Vec::with_capacity(height as usize * row);
    data.extend_from_slice(&template.data()[..split]);
    data.extend_from_slice(&template.data()[(max_height - bottom) as usize * row..]);
    let size = tiny_skia::IntSize::from_wh(width, height).expect("image size");
    Pixmap::from_vec(data, size).expect("a whole image")
}

/// A palette with a cache of the colours already looked up, shared by all
/// renders of one game. The fast path for each pixel is a compare with the
/// pixel before it, then one cache probe; the result is always the colour
/// nearest in the palette, so the output depends on nothing but the image.
pub(super) struct Quantizer {
    palette: Palette,
    /// `1 << 40 | rgb << 8 | index`, direct-mapped by a hash of `rgb`.
    cache: Box<[AtomicU64]>,
}

const CACHE_BITS: u32 = 16;

impl Quantizer {
    /// A quantizer whose palette is chosen from sample images that show
    /// every colour the renderer draws.
    pub fn from_samples(samples: &[Pixmap]) -> Quantizer {
        Quantizer {
            palette: Palette::from_samples(&samples.iter().collect::<Vec<_>>()),
            cache: (0..1usize << CACHE_BITS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn index(&self, rgb: u32) -> u8 {
        let slot = (rgb.wrapping_mul(0x9e37_79b1) >> (32 - CACHE_BITS)) as usize;
        let entry = self.cache[slot].load(Ordering::Relaxed);
        if entry >> 40 == 1 && (entry >> 8) as u32 & 0xff_ffff == rgb {
            return entry as u8;
        }
        let index = self
            .palette
            .nearest([(rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8]);
        self.cache[slot].store(
            1 << 40 | u64::from(rgb) << 8 | u64::from(index),
            Ordering::Relaxed,
        );
        index
    }

    /// Maps an opaque image onto the palette and encodes it as a PNG.
    pub fn encode(&self, pixmap: &Pixmap) -> Vec<u8> {
        self.palette.encode_indexed(&self.indices(pixmap))
    }

    /// The palette every image of this game is mapped onto.
    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Maps an opaque image onto the palette.
    pub fn indices(&self, pixmap: &Pixmap) -> Indexed {
        let mut data = Vec::with_capacity(pixmap.data().len() / 4);
        let mut last = (u32::MAX, 0u8);
        for px in pixmap.data().chunks_exact(4) {
            let rgb = u32::from(px[0]) << 16 | u32::from(px[1]) << 8 | u32::from(px[2]);
            if rgb != last.0 {
                last = (rgb, self.index(rgb));
            }
            data.push(last.1);
        }
        Indexed {
            width: pixmap.width(),
            height: pixmap.height(),
            data,
        }
    }
}

/// What the header says.
pub(super) struct Header<'a> {
    /// The game's name, small, at the top right.
    pub brand: &'a str,
    /// The big line: the score while playing, the outcome once over.
    pub title: String,
    pub title_colour: Colour,
    /// A pill beside the title (`WON`, `OVER`), if any.
    pub tag: Option<(&'a str, Colour)>,
    /// The small line under the title: moves, undos, options.
    pub status: String,
    /// The stock at the right of the small line: count and what it means.
    pub stock: Option<(usize, String)>,
    /// The colour of the little card back beside the stock count.
    pub back: Colour,
}

pub(super) fn draw_header(pm: &mut Pixmap, header: &Header) {
    let f = fonts();
    let right = pm.width() as f32 - MARGIN;
    let brand = Style {
        font: &f.bold,
        size: 14.0,
        colour: TEXT_DIM,
    };
    let brand_w = brand.draw(pm, header.brand, right, 32.0, Align::Right);
    let title = Style {
        font: &f.bold,
        size: 27.0,
        colour: header.title_colour,
    };
    let mut room = right - brand_w - 24.0 - MARGIN;
    let tag_w = header.tag.map_or(0.0, |(text, _)| tag_width(text) + 14.0);
    room -= tag_w;
    let shown = title.fit(&header.title, room);
    let title_w = title.draw(pm, &shown, MARGIN, 38.0, Align::Left);
    if let Some((text, colour)) = header.tag {
        draw_tag(pm, text, colour, MARGIN + title_w + 14.0, 28.0);
    }
    let small = Style {
        font: &f.regular,
        size: 19.0,
        colour: TEXT_DIM,
    };
    let mut status_room = right - MARGIN;
    if let Some((count, text)) = &header.stock {
        let strong = Style {
            font: &f.bold,
            size: 19.0,
            colour: TEXT,
        };
        let rest = format!(" {text}");
        let rest_w = small.draw(pm, &rest, right, 66.0, Align::Right);
        let count_text = count.to_string();
        let count_w = strong.draw(pm, &count_text, right - rest_w, 66.0, Align::Right);
        let x = right - rest_w - count_w - 26.0;
        mini_stack(pm, x, 47.0, header.back, *count);
        status_room = x - 24.0 - MARGIN;
    }
    let status = small.fit(&header.status, status_room);
    small.draw(pm, &status, MARGIN, 66.0, Align::Left);
}

/// A small stack of card backs (none when the stock is empty).
fn mini_stack(pm: &mut Pixmap, x: f32, y: f32, back: Colour, count: usize) {
    let layers = count.clamp(0, 3);
    if layers == 0 {
        stroke(
            pm,
            &rounded_rect(x + 1.0, y + 1.0, 15.0, 21.0, 3.0),
            TEXT_DIM.alpha(160),
            1.5,
        );
        return;
    }
    for i in (0..layers).rev() {
        let d = i as f32 * 2.5;
        let card = rounded_rect(x + d, y - d + 4.0, 16.0, 22.0, 3.0);
        fill(pm, &card, back);
        stroke(pm, &card, IVORY.alpha(200), 1.2);
    }
}

fn tag_width(text: &str) -> f32 {
    tag_style().width(text) + 20.0
}

fn tag_style() -> Style<'static> {
    Style {
        font: &fonts().bold,
        size: 13.0,
        colour: FRAME,
    }
}

/// A pill starting at `x`, centred on `mid`; returns its width.
pub(super) fn draw_tag(pm: &mut Pixmap, text: &str, colour: Colour, x: f32, mid: f32) -> f32 {
    let style = tag_style();
    let w = tag_width(text);
    fill(pm, &rounded_rect(x, mid - 12.0, w, 24.0, 12.0), colour);
    style.draw(
        pm,
        text,
        x + w / 2.0,
        mid + style.cap_height() / 2.0,
        Align::Centre,
    );
    w
}

/// The footer: the last move with the key to the highlight colours, and a
/// note at the right.
pub(super) fn draw_footer(pm: &mut Pixmap, last: Option<&str>, keys: bool, note: &str) {
    let f = fonts();
    let baseline = pm.height() as f32 - FOOTER_H / 2.0 + 7.0;
    let dim = Style {
        font: &f.regular,
        size: 18.0,
        colour: TEXT_DIM,
    };
    let right = pm.width() as f32 - MARGIN;
    let note_w = if note.is_empty() {
        0.0
    } else {
        dim.draw(pm, note, right, baseline, Align::Right) + 24.0
    };
    let Some(last) = last else {
        let text = dim.fit("No move yet", right - note_w - MARGIN);
        dim.draw(pm, &text, MARGIN, baseline, Align::Left);
        return;
    };
    let mut x = MARGIN + dim.draw(pm, "Last move  ", MARGIN, baseline, Align::Left);
    if keys {
        for colour in [FROM_MARK, TO_MARK] {
            fill(pm, &rounded_rect(x, baseline - 14.0, 14.0, 15.0, 3.0), colour);
            x += 18.0;
        }
        x += 6.0;
    }
    let strong = Style {
        font: &f.bold,
        size: 18.0,
        colour: TEXT,
    };
    let text = strong.fit(last, right - note_w - x);
    strong.draw(pm, &text, x, baseline, Align::Left);
}

/// How a pile label is drawn: plain, or marked as the last move's source or
/// destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    None,
    From,
    To,
}

impl Mark {
    pub fn colour(self) -> Option<Colour> {
        match self {
            Mark::None => None,
            Mark::From => Some(FROM_MARK),
            Mark::To => Some(TO_MARK),
        }
    }
}

/// A pile's name in a rounded badge, left-aligned at `x` and centred on
/// `mid`, with an optional note after it; returns the badge's width.
pub(super) fn draw_label(pm: &mut Pixmap, name: &str, note: &str, x: f32, mid: f32, mark: Mark) -> f32 {
    let f = fonts();
    let style = Style {
        font: &f.bold,
        size: 19.0,
        colour: if mark == Mark::None { TEXT } else { INK },
    };
    let w = (style.width(name) + 18.0).max(30.0);
    let badge = rounded_rect(x, mid - 14.0, w, 28.0, 14.0);
    fill(pm, &badge, mark.colour().unwrap_or(FELT_EDGE));
    style.draw(
        pm,
        name,
        x + w / 2.0,
        mid + style.cap_height() / 2.0,
        Align::Centre,
    );
    if !note.is_empty() {
        let small = Style {
            font: &f.regular,
            size: 16.0,
            colour: FELT_TEXT,
        };
        small.draw(pm, note, x + w + 8.0, mid + small.cap_height() / 2.0, Align::Left);
    }
    w
}

/// An empty place: a dashed outline with an optional letter in it (what
/// the place accepts) and a caption under the letter.
pub(super) fn draw_empty(pm: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, letter: &str, caption: &str) {
    let outline = rounded_rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0, 10.0);
    fill(pm, &outline, FELT_EDGE.alpha(110));
    let dash = tiny_skia::StrokeDash::new(vec![9.0, 6.0], 0.0);
    let stroke_style = tiny_skia::Stroke {
        width: 2.0,
        dash,
        ..tiny_skia::Stroke::default()
    };
    pm.stroke_path(
        &outline,
        &FELT_MARK.paint(),
        &stroke_style,
        tiny_skia::Transform::identity(),
        None,
    );
    if !letter.is_empty() {
        let big = Style {
            font: &fonts().bold,
            size: 60.0,
            colour: FELT_MARK,
        };
        big.draw(
            pm,
            letter,
            x + w / 2.0,
            y + h / 2.0 + big.cap_height() / 2.0 - 8.0,
            Align::Centre,
        );
    }
    if !caption.is_empty() {
        let small = Style {
            font: &fonts().bold,
            size: 14.0,
            colour: FELT_MARK,
        };
        small.draw(pm, caption, x + w / 2.0, y + h / 2.0 + 46.0, Align::Centre);
    }
}

/// A ring around a card (or an empty place) at `(x, y, w, h)`, drawn on
/// its edge, so that it hides no more than 2 pixels of the card above.
pub(super) fn ring(pm: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, colour: Colour) {
    let path = rounded_rect(x + 0.5, y + 0.5, w - 1.0, h - 1.0, 9.0);
    stroke(pm, &path, colour, 4.5);
}

/// A ring around the visible part of a run of cards in a pile: from the top
/// of its first card to the bottom of the pile.
pub(super) fn ring_cards(pm: &mut Pixmap, x: f32, top: f32, w: f32, bottom: f32, colour: Colour) {
    ring(pm, x, top, w, bottom - top, colour);
}

/// Where each card of a pile starts, measured down from the pile's top.
///
/// `up[i]` says whether card `i` (bottom first) is face up; a face-up card
/// that is covered shows a strip of `up_gap.0` pixels, a face-down one
/// `down_gap.0`. When the pile, card `card_h` tall at its end, would not fit
/// in `room`, face-down strips shrink first (to `down_gap.1`), then face-up
/// ones (to `up_gap.1`), and only then everything alike, so that the pile
/// always fits.
pub(super) fn fan(up: &[bool], card_h: f32, room: f32, up_gap: (f32, f32), down_gap: (f32, f32)) -> Vec<f32> {
    let n = up.len();
    if n == 0 {
        return Vec::new();
    }
    let covered = &up[..n - 1];
    let mut gaps: Vec<f32> = covered
        .iter()
        .map(|&u| if u { up_gap.0 } else { down_gap.0 })
        .collect();
    let mut excess = gaps.iter().sum::<f32>() + card_h - room;
    for (face_up, (full, min)) in [(false, down_gap), (true, up_gap)] {
        if excess <= 0.0 {
            break;
        }
        let count = covered.iter().filter(|&&u| u == face_up).count();
        if count == 0 || full <= min {
            continue;
        }
        let cut = (excess / count as f32).min(full - min);
        for (gap, _) in gaps.iter_mut().zip(covered).filter(|(_, &u)| u == face_up) {
            *gap -= cut;
        }
        excess -= cut * count as f32;
    }
    if excess > 0.0 {
        let total: f32 = gaps.iter().sum();
        let scale = ((total - excess) / total).max(0.0);
        gaps.iter_mut().for_each(|g| *g *= scale);
    }
    let mut y = 0.0;
    let mut tops = Vec::with_capacity(n);
    tops.push(0.0);
    for gap in gaps {
        y += gap;
        tops.push(y.floor());
    }
    tops
}

/// The pile height `fan` would use at full strips.
pub(super) fn fan_height(up: &[bool], card_h: f32, up_gap: f32, down_gap: f32) -> f32 {
    match up.split_last() {
        None => card_h,
        Some((_, covered)) => {
            card_h
                + covered
                    .iter()
                    .map(|&u| if u { up_gap } else { down_gap })
                    .sum::<f32>()
        }
    }
}

/// Pastes a premultiplied sprite with its top-left corner at `(x, y)`,
/// source-over, copying at most `rows` rows (the visible part of a covered
/// card; hidden rows are left out, which is most of the work saved).
pub(super) fn paste(pm: &mut Pixmap, sprite: &Pixmap, x: i32, y: i32, rows: u32) {
    let (dw, dh) = (pm.width() as i32, pm.height() as i32);
    let (sw, sh) = (sprite.width() as i32, sprite.height().min(rows) as i32);
    let x0 = x.max(0);
    let x1 = (x + sw).min(dw);
    if x0 >= x1 {
        return;
    }
    let src = sprite.data();
    let dst = pm.data_mut();
    for sy in 0..sh {
        let dy = y + sy;
        if dy < 0 || dy >= dh {
            continue;
        }
        let s_row = (sy * sw + (x0 - x)) as usize * 4;
        let d_row = (dy * dw + x0) as usize * 4;
        let len = (x1 - x0) as usize * 4;
        let s = &src[s_row..s_row + len];
        let d = &mut dst[d_row..d_row + len];
        for (dp, sp) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
            match sp[3] {
                255 => dp.copy_from_slice(sp),
                0 => {}
                a => {
                    let keep = 255 - a as u32;
                    for i in 0..4 {
                        dp[i] = (sp[i] as u32 + (dp[i] as u32 * keep + 127) / 255) as u8;
                    }
                }
            }
        }
    }
}

/// Pastes a fanned pile, copying of each covered card only what shows.
pub(super) fn paste_pile<'a>(
    pm: &mut Pixmap,
    sprites: impl Iterator<Item = &'a Pixmap>,
    tops: &[f32],
    x: f32,
    top: f32,
) {
    for (k, sprite) in sprites.enumerate() {
        let rows = match tops.get(k + 1) {
            Some(next) => (next - tops[k]) as u32 + 2 * PAD + 2,
            None => u32::MAX,
        };
        paste(
            pm,
            sprite,
            x as i32 - PAD as i32,
            (top + tops[k]) as i32 - PAD as i32,
            rows,
        );
    }
}

/// The rounded card shape with a two-step shadow, in a sprite `w` by `h`
/// plus [`PAD`] all round; returns the sprite and the card's outline.
pub(super) fn blank_card(w: f32, h: f32, radius: f32, face: Colour, edge: Colour) -> Pixmap {
    let pad = PAD as f32;
    let mut pm = Pixmap::new(w as u32 + 2 * PAD, h as u32 + 2 * PAD).expect("sprite size");
    for (grow, dy, a) in [(1.5, 2.0, 45), (0.0, 1.0, 70)] {
        let shadow = rounded_rect(
            pad - grow,
            pad + dy - grow,
            w + 2.0 * grow,
            h + 2.0 * grow,
            radius + grow,
        );
        fill(&mut pm, &shadow, Colour::hex(0x000000).alpha(a));
    }
    let card = rounded_rect(pad, pad, w, h, radius);
    fill(&mut pm, &card, face);
    let edge_path = rounded_rect(pad + 0.5, pad + 0.5, w - 1.0, h - 1.0, radius - 0.5);
    stroke(&mut pm, &edge_path, edge, 1.2);
    pm
}

/// A card back: `colour` with a fine lattice, a frame and a small ant in a
/// medallion. `accent` draws the pattern.
pub(super) fn draw_back(pm: &mut Pixmap, w: f32, h: f32, radius: f32, accent: Colour) {
    let pad = PAD as f32;
    let (x, y) = (pad + 6.0, pad + 6.0);
    let (iw, ih) = (w - 12.0, h - 12.0);
    // A diagonal lattice, clipped by keeping it inside the inner frame.
    let mut pb = PathBuilder::new();
    let step = 11.0;
    let mut k = -ih;
    while k < iw {
        let (ax, ay) = (x + k, y);
        let (bx, by) = (x + k + ih, y + ih);
        let clip = |(px, py): (f32, f32)| (px.clamp(x, x + iw), py);
        // Segment from (ax, ay) to (bx, by), trimmed to the frame's width.
        let t0 = ((x - ax) / (bx - ax)).clamp(0.0, 1.0);
        let t1 = ((x + iw - ax) / (bx - ax)).clamp(0.0, 1.0);
        if t1 > t0 {
            let p0 = clip((ax + (bx - ax) * t0, ay + (by - ay) * t0));
            let p1 = clip((ax + (bx - ax) * t1, ay + (by - ay) * t1));
            pb.move_to(p0.0, p0.1);
            pb.line_to(p1.0, p1.1);
            // The mirror diagonal.
            pb.move_to(2.0 * x + iw - p0.0, p0.1);
            pb.line_to(2.0 * x + iw - p1.0, p1.1);
        }
        k += step;
    }
    if let Some(path) = pb.finish() {
        stroke(pm, &path, accent.alpha(70), 1.0);
    }
    stroke(
        pm,
        &rounded_rect(x, y, iw, ih, radius - 4.0),
        accent.alpha(190),
        1.6,
    );
    // A band at the top edge, so that stacked backs read as separate cards.
    stroke(
        pm,
        &rounded_rect(pad + 2.5, pad + 2.5, w - 5.0, h - 5.0, radius - 2.0),
        accent.alpha(90),
        1.0,
    );
    let (cx, cy) = (pad + w / 2.0, pad + h / 2.0);
    let r = (w.min(h) * 0.22).min(26.0);
    let medallion = PathBuilder::from_circle(cx, cy, r).expect("medallion");
    fill(pm, &medallion, Colour::hex(0x000000).alpha(70));
    stroke(pm, &medallion, accent.alpha(200), 1.6);
    draw_ant(pm, cx, cy + 1.0, r / 13.0, accent);
}

/// "1 card", "3 cards".
pub(super) fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Cuts alt text to Discord's 1024 characters, on a character boundary.
pub(super) fn limit_alt(text: String) -> String {
    const MAX: usize = 1024;
    if text.chars().count() <= MAX {
        return text;
    }
    text.chars().take(MAX - 1).collect::<String>() + "…"
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

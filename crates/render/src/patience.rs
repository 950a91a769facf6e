//! What the three patience renderers share: the table (a dark frame around a
//! felt), the header and footer, pile labels, the fan that stacks a pile
//! downwards, pasting a pile, highlight rings and alt-text helpers.
//!
//! The drawing code is written once against [`Surface`] (the sprite
//! engine, `super::sprites`): every render draws on a palette sheet, and the
//! same code draws a few sample boards in full colour once, to choose that
//! palette from.
//!
//! The palette follows the Army Ants board (a warm dark frame with ivory
//! text, yellow for where the last move came from, teal for where it went),
//! with a green felt under the cards. Everything is opaque, so the images
//! read the same on Discord's dark and light themes.

use super::canvas::{
    card_shadow, draw_ant, fill, fill_rect, fonts, rect, rounded_rect, stroke, Align, Colour, Indexed,
    Palette, Style,
};
use super::limit_alt;
use super::sprites::{stroke_round, Sheet, Sprites, Surface};
use antics_core::rules::counted;
use std::fmt::Write as _;
use tiny_skia::{PathBuilder, Pixmap};

pub(super) use super::canvas::{FRAME, GOLD, RULE, TEXT, TEXT_DIM};
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

pub const HEADER_H: f32 = 80.0;
pub(super) const FOOTER_H: f32 = 50.0;
/// The row of pile labels above a row of piles.
pub(super) const LABEL_H: f32 = 34.0;
pub(super) const MARGIN: f32 = 24.0;

/// Room around every sprite for its shadow.
pub const PAD: u32 = 4;

/// The empty table: frame, rules under the header and over the footer, and
/// the felt between them.
pub fn table(width: u32, height: u32) -> Pixmap {
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

/// A patience board as its renderer knows it: the size of a view and how
/// it is drawn on any surface, with the sample views and sprites its
/// palette is chosen from. The prepared art, the PNG and the replay frames
/// follow from these once, for every patience.
pub trait PatienceBoard {
    type View;
    const WIDTH: u32;
    /// The tallest board.
    const MAX_HEIGHT: u32;

    fn size(view: &Self::View) -> (u32, u32);
    /// Draws the board; `daily` is the daily challenge it belongs to, as
    /// its header says it ("Daily · 2026-11-25"), if any.
    fn draw_on<S: Surface>(surface: &mut S, view: &Self::View, daily: Option<&str>);
    /// Made-up views that show every sprite and every style the board uses.
    fn sample_views() -> Vec<Self::View>;
    fn sprites() -> Vec<&'static Pixmap>;
    /// The prepared art, made once (`prepare_art`) and kept in the
    /// renderer's own static.
    fn art() -> &'static BoardArt;
}

/// A renderer's `PatienceBoard` (named `$board`), its public `$png`
/// function and its view's [`super::Board`], from the module's
/// `WIDTH`, `MAX_HEIGHT`, `View`, `draw_on` and `sample_views`, the size
/// function `$size`, the alt text `$alt` and the sprites.
macro_rules! patience_board {
    ($board:ident, $png:ident, $size:ident, $alt:ident, $sprites:expr) => {
        /// The board of a view as a PNG; `daily` names the daily
        /// challenge it belongs to in its header ("Daily · 2026-11-25").
        pub fn $png(view: &View, daily: Option<&str>) -> Vec<u8> {
            board_png::<$board>(view, daily)
        }

        /// The board; its labels are the daily challenge it belongs to,
        /// and every frame of a replay is as tall as the tallest board.
        impl super::Board for View {
            type Labels<'a> = Option<&'a str>;
            type Layout = u32;

            fn png(&self, daily: Option<&str>) -> Vec<u8> {
                $png(self, daily)
            }

            fn alt_text(&self, _daily: Option<&str>) -> String {
                $alt(self)
            }

            fn layout(views: &[View]) -> Option<u32> {
                views.iter().map(|view| $size(view).1).max()
            }

            fn frame(&self, daily: Option<&str>, height: u32) -> (Indexed, &'static Palette) {
                let (image, palette) = board_frame::<$board>(self, daily);
                (super::patience::extend_to(image, height), palette)
            }
        }

        pub struct $board;

        impl PatienceBoard for $board {
            type View = View;
            const WIDTH: u32 = WIDTH;
            const MAX_HEIGHT: u32 = MAX_HEIGHT;

            fn size(view: &View) -> (u32, u32) {
                $size(view)
            }

            fn draw_on<S: Surface>(surface: &mut S, view: &View, daily: Option<&str>) {
                draw_on(surface, view, daily);
            }

            fn sample_views() -> Vec<View> {
                sample_views()
            }

            fn sprites() -> Vec<&'static Pixmap> {
                $sprites
            }

            fn art() -> &'static BoardArt {
                static ART: std::sync::OnceLock<BoardArt> = std::sync::OnceLock::new();
                ART.get_or_init(prepare_art::<Self>)
            }
        }
    };
}
pub(super) use patience_board;

/// Patience boards grow and shrink with their piles: a replay draws every
/// frame as tall as the tallest, `image` made `height` tall with its last
/// row's colour (the table) below it.
pub(super) fn extend_to(mut image: Indexed, height: u32) -> Indexed {
    if image.height < height {
        let fill = image.data.last().copied().unwrap_or(0);
        let extra = (height - image.height) as usize * image.width as usize;
        image.data.extend(std::iter::repeat_n(fill, extra));
        image.height = height;
    }
    image
}

/// The palette, chosen from sample boards drawn in full colour, and the
/// table and sprites mapped onto it.
pub(super) fn prepare_art<B: PatienceBoard>() -> BoardArt {
    // The first sample carries a daily label, so its colours are chosen too.
    let samples: Vec<Pixmap> = B::sample_views()
        .iter()
        .enumerate()
        .map(|(i, view)| {
            let (width, height) = B::size(view);
            let mut pm = table(width, height);
            B::draw_on(&mut pm, view, (i == 0).then_some("Daily practice · 2026-11-25"));
            pm
        })
        .collect();
    BoardArt::new(&samples, &table(B::WIDTH, B::MAX_HEIGHT), &B::sprites())
}

/// The board of a view as a PNG.
pub(super) fn board_png<B: PatienceBoard>(view: &B::View, daily: Option<&str>) -> Vec<u8> {
    B::art()
        .palette()
        .encode_indexed(&board_frame::<B>(view, daily).0)
}

/// The board as a palette image, and its palette (the same for every
/// view): the frames of an animated replay.
pub fn board_frame<B: PatienceBoard>(view: &B::View, daily: Option<&str>) -> (Indexed, &'static Palette) {
    let art = B::art();
    let mut board = art.board(B::size(view).1);
    B::draw_on(&mut board, view, daily);
    (board.image, art.palette())
}

/// What a patience's renders share: its sprites, shapes and glyphs on its
/// palette, and the empty table at the game's tallest.
pub struct BoardArt {
    pub sprites: Sprites,
    table: Indexed,
}

impl BoardArt {
    /// The palette is chosen from `samples`; `table` is the empty table at
    /// the game's tallest.
    pub fn new(samples: &[Pixmap], table: &Pixmap, sprites: &[&'static Pixmap]) -> BoardArt {
        let sprites = Sprites::from_samples(samples, sprites);
        BoardArt {
            table: sprites.indices(table),
            sprites,
        }
    }

    pub fn palette(&self) -> &Palette {
        self.sprites.palette()
    }

    /// An empty table `height` tall, copied from the prepared one: every
    /// row between the top and the bottom edges of the felt is the same, so
    /// the top rows and the bottom rows are enough.
    pub fn board(&self, height: u32) -> Sheet<'_> {
        let (width, max_height) = (self.table.width, self.table.height);
        let bottom = FOOTER_H as u32 + 40;
        let image = if height > max_height || height < bottom + HEADER_H as u32 + 40 {
            self.sprites.indices(&table(width, height))
        } else {
            let row = width as usize;
            let split = (height - bottom) as usize * row;
            let mut data = Vec::with_capacity(height as usize * row);
            data.extend_from_slice(&self.table.data[..split]);
            data.extend_from_slice(&self.table.data[(max_height - bottom) as usize * row..]);
            Indexed { width, height, data }
        };
        self.sprites.sheet(image)
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

/// Draws the header; `daily` (the daily challenge the board belongs to,
/// "Daily · 2026-11-25") goes at the top right in gold, large enough to
/// read on a phone, in place of the game's name.
pub(super) fn draw_header<S: Surface>(pm: &mut S, header: &Header, daily: Option<&str>) {
    let f = fonts();
    let right = pm.size().0 as f32 - MARGIN;
    let mut top_right = right;
    if let Some(daily) = daily {
        let label = Style {
            font: &f.bold,
            size: 20.0,
            colour: GOLD,
        };
        top_right -= pm.text(&label, daily, right, 36.0, Align::Right) + 12.0;
    }
    let brand = Style {
        font: &f.bold,
        size: 14.0,
        colour: TEXT_DIM,
    };
    // Beside a daily label the game's name gives its room to the title
    // (the message names the game).
    let brand_w = match daily {
        Some(_) => -12.0,
        None => pm.text(&brand, header.brand, top_right, 32.0, Align::Right),
    };
    let mut title = Style {
        font: &f.bold,
        size: 27.0,
        colour: header.title_colour,
    };
    let mut room = top_right - brand_w - 24.0 - MARGIN;
    let tag_w = header.tag.map_or(0.0, |(text, _)| tag_width(text) + 14.0);
    room -= tag_w;
    // A long title (an outcome beside a daily label) takes smaller type
    // before it loses words, down to what a phone still reads.
    let width = title.width(&header.title);
    if width > room {
        title.size = (title.size * room / width).max(21.0);
    }
    let shown = title.fit(&header.title, room);
    let title_w = pm.text(&title, &shown, MARGIN, 38.0, Align::Left);
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
        let rest_w = pm.text(&small, &rest, right, 66.0, Align::Right);
        let count_text = count.to_string();
        let count_w = pm.text(&strong, &count_text, right - rest_w, 66.0, Align::Right);
        let x = right - rest_w - count_w - 26.0;
        mini_stack(pm, x, 47.0, header.back, *count);
        status_room = x - 24.0 - MARGIN;
    }
    let status = small.fit(&header.status, status_room);
    pm.text(&small, &status, MARGIN, 66.0, Align::Left);
}

/// A small stack of card backs (none when the stock is empty).
fn mini_stack<S: Surface>(pm: &mut S, x: f32, y: f32, back: Colour, count: usize) {
    let layers = count.clamp(0, 3);
    if layers == 0 {
        stroke_round(
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
        pm.fill_shape(&card, back);
        stroke_round(pm, &card, IVORY.alpha(200), 1.2);
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
pub(super) fn draw_tag<S: Surface>(pm: &mut S, text: &str, colour: Colour, x: f32, mid: f32) -> f32 {
    let style = tag_style();
    let w = tag_width(text);
    pm.fill_shape(&rounded_rect(x, mid - 12.0, w, 24.0, 12.0), colour);
    pm.text(
        &style,
        text,
        x + w / 2.0,
        mid + style.cap_height() / 2.0,
        Align::Centre,
    );
    w
}

/// The footer: the last move (or, `hinted`, the hinted one) with the key to
/// the highlight colours, and a note at the right.
pub(super) fn draw_footer<S: Surface>(pm: &mut S, last: Option<&str>, hinted: bool, keys: bool, note: &str) {
    let f = fonts();
    let baseline = pm.size().1 as f32 - FOOTER_H / 2.0 + 7.0;
    let dim = Style {
        font: &f.regular,
        size: 18.0,
        colour: TEXT_DIM,
    };
    let right = pm.size().0 as f32 - MARGIN;
    let note_w = if note.is_empty() {
        0.0
    } else {
        pm.text(&dim, note, right, baseline, Align::Right) + 24.0
    };
    let Some(last) = last else {
        let text = dim.fit("No move yet", right - note_w - MARGIN);
        pm.text(&dim, &text, MARGIN, baseline, Align::Left);
        return;
    };
    let label = if hinted { "Hint  " } else { "Last move  " };
    let mut x = MARGIN + pm.text(&dim, label, MARGIN, baseline, Align::Left);
    if keys {
        for colour in [FROM_MARK, TO_MARK] {
            pm.fill_shape(&rounded_rect(x, baseline - 14.0, 14.0, 15.0, 3.0), colour);
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
    pm.text(&strong, &text, x, baseline, Align::Left);
}

/// How a pile label is drawn: plain, or marked as the last move's source or
/// destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
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
pub(super) fn draw_label<S: Surface>(
    pm: &mut S,
    name: &str,
    note: &str,
    x: f32,
    mid: f32,
    mark: Mark,
) -> f32 {
    let f = fonts();
    let style = Style {
        font: &f.bold,
        size: 19.0,
        colour: if mark == Mark::None { TEXT } else { INK },
    };
    let w = (style.width(name) + 18.0).max(30.0);
    let badge = rounded_rect(x, mid - 14.0, w, 28.0, 14.0);
    pm.fill_shape(&badge, mark.colour().unwrap_or(FELT_EDGE));
    pm.text(
        &style,
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
        pm.text(
            &small,
            note,
            x + w + 8.0,
            mid + small.cap_height() / 2.0,
            Align::Left,
        );
    }
    w
}

/// An empty place: a dashed outline with an optional letter in it (what
/// the place accepts) and a caption under the letter.
pub(super) fn draw_empty<S: Surface>(
    pm: &mut S,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    letter: &str,
    caption: &str,
) {
    let outline = rounded_rect(x + 1.0, y + 1.0, w - 2.0, h - 2.0, 10.0);
    pm.fill_shape(&outline, FELT_EDGE.alpha(110));
    let dash = tiny_skia::StrokeDash::new(vec![9.0, 6.0], 0.0);
    let stroke_style = tiny_skia::Stroke {
        width: 2.0,
        dash,
        ..tiny_skia::Stroke::default()
    };
    pm.stroke_shape(&outline, FELT_MARK, &stroke_style);
    if !letter.is_empty() {
        let big = Style {
            font: &fonts().bold,
            size: 60.0,
            colour: FELT_MARK,
        };
        pm.text(
            &big,
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
        pm.text(&small, caption, x + w / 2.0, y + h / 2.0 + 46.0, Align::Centre);
    }
}

/// A ring around a card (or an empty place) at `(x, y, w, h)`, drawn on
/// its edge, so that it hides no more than 2 pixels of the card above.
pub(super) fn ring<S: Surface>(pm: &mut S, x: f32, y: f32, w: f32, h: f32, colour: Colour) {
    let path = rounded_rect(x + 0.5, y + 0.5, w - 1.0, h - 1.0, 9.0);
    stroke_round(pm, &path, colour, 4.5);
}

/// A ring around the visible part of a run of cards in a pile: from the top
/// of its first card to the bottom of the pile.
pub(super) fn ring_cards<S: Surface>(pm: &mut S, x: f32, top: f32, w: f32, bottom: f32, colour: Colour) {
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
pub fn fan(up: &[bool], card_h: f32, room: f32, up_gap: (f32, f32), down_gap: (f32, f32)) -> Vec<f32> {
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

/// Pastes a fanned pile, copying of each covered card only what shows.
pub(super) fn paste_pile<S: Surface>(
    pm: &mut S,
    sprites: impl Iterator<Item = &'static Pixmap>,
    tops: &[f32],
    x: f32,
    top: f32,
) {
    for (k, sprite) in sprites.enumerate() {
        let rows = match tops.get(k + 1) {
            Some(next) => (next - tops[k]) as u32 + 2 * PAD + 2,
            None => u32::MAX,
        };
        pm.paste_sprite(
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
    card_shadow(&mut pm, pad, w, h, radius, [(1.5, 2.0, 45), (0.0, 1.0, 70)]);
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

/// Ends a patience's alt text: the stock, the deals (`deal_word`: deal or
/// restock) left and the last move, cut to Discord's limit.
pub(super) fn finish_alt(
    mut text: String,
    stock: usize,
    deals_left: usize,
    deal_word: &str,
    last: Option<String>,
) -> String {
    let _ = write!(
        text,
        " Stock {}, {} left.",
        counted(stock, "card"),
        counted(deals_left, deal_word)
    );
    if let Some(last) = last {
        let _ = write!(text, " Last move {last}.");
    }
    limit_alt(text)
}

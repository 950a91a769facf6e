//! The sprite engine every board is drawn with.
//!
//! Art is drawn in full colour (tiny-skia) once, then mapped onto the
//! game's palette as a [`Stamp`]: each row as runs of opaque pixels (their
//! palette indices, copied as they are) and of partly covered ones
//! (premultiplied colours, blended with what lies under them). A render
//! draws on a [`Sheet`], a palette image: prepared sprites and shapes are
//! stamped, text comes from rasterised glyphs kept for reuse, and every
//! blend is looked up once and remembered, so a render costs little more
//! than the PNG encoding.
//!
//! [`Surface`] is what drawing code is written against: a [`Sheet`], or a
//! full-colour pixmap (the sample boards a palette is chosen from, and the
//! reference a test compares the palette image with).

use super::canvas::{fill, Align, Colour, Indexed, Palette, Style};
use lettering::SetText;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock};
use tiny_skia::{FillRule, LineCap, LineJoin, Path, Pixmap, Stroke, Transform};

mod lettering;

/// What a board is drawn on: a full-colour pixmap or a [`Sheet`]. The
/// drawing code is the same for both.
pub trait Surface {
    fn size(&self) -> (u32, u32);
    fn fill_shape(&mut self, path: &Path, colour: Colour);
    fn stroke_shape(&mut self, path: &Path, colour: Colour, stroke: &Stroke);
    /// Fills the whole pixels of a rectangle with its edges rounded to the
    /// nearest pixel: crisp bars, frames and veils (a translucent colour
    /// is laid over what is there).
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Colour);
    /// Draws `text`; returns its width.
    fn text(&mut self, style: &Style, text: &str, x: f32, y: f32, align: Align) -> f32;
    /// Pastes a prepared sprite (premultiplied, source-over) with its
    /// top-left corner at `(x, y)`, at most `rows` rows of it.
    fn paste_sprite(&mut self, sprite: &'static Pixmap, x: i32, y: i32, rows: u32);
}

/// The whole pixels `(x0, y0, x1, y1)` of a rectangle, its edges rounded.
fn pixel_rect(x: f32, y: f32, w: f32, h: f32) -> (u32, u32, u32, u32) {
    let (x0, y0) = (x.round().max(0.0), y.round().max(0.0));
    let (x1, y1) = ((x + w).round().max(x0), (y + h).round().max(y0));
    (x0 as u32, y0 as u32, x1 as u32, y1 as u32)
}

impl Surface for Pixmap {
    fn size(&self) -> (u32, u32) {
        (self.width(), self.height())
    }

    fn fill_shape(&mut self, path: &Path, colour: Colour) {
        fill(self, path, colour);
    }

    fn stroke_shape(&mut self, path: &Path, colour: Colour, stroke: &Stroke) {
        self.stroke_path(path, &colour.paint(), stroke, Transform::identity(), None);
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Colour) {
        let (x0, y0, x1, y1) = pixel_rect(x, y, w, h);
        if let Some(r) = tiny_skia::Rect::from_ltrb(x0 as f32, y0 as f32, x1 as f32, y1 as f32) {
            Pixmap::fill_rect(self, r, &colour.paint(), Transform::identity(), None);
        }
    }

    fn text(&mut self, style: &Style, text: &str, x: f32, y: f32, align: Align) -> f32 {
        style.draw(self, text, x, y, align)
    }

    fn paste_sprite(&mut self, sprite: &'static Pixmap, x: i32, y: i32, rows: u32) {
        paste(self, sprite, x, y, rows);
    }
}

/// Strokes with round caps and joins, like [`super::canvas::stroke`].
pub fn stroke_round<S: Surface + ?Sized>(s: &mut S, path: &Path, colour: Colour, width: f32) {
    let stroke = Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    s.stroke_shape(path, colour, &stroke);
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

// ------------------------------------------------------------ the palette

/// A palette with a cache of the colours already looked up, shared by all
/// renders of one game. The fast path for each pixel is a compare with the
/// pixel before it, then one cache probe; the result is always the colour
/// nearest in the palette, so the output depends on nothing but the image.
struct Quantizer {
    palette: Palette,
    /// `1 << 40 | rgb << 8 | index`, direct-mapped by a hash of `rgb`.
    cache: Box<[AtomicU64]>,
}

const CACHE_BITS: u32 = 16;

impl Quantizer {
    fn new(palette: Palette) -> Quantizer {
        Quantizer {
            palette,
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

    /// Maps an opaque image onto the palette.
    fn indices(&self, pixmap: &Pixmap) -> Indexed {
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

fn pack([r, g, b]: [u8; 3]) -> u32 {
    u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b)
}

/// A direct-mapped table of `key -> palette index` for keys of at most 48
/// bits, shared by all renders of one game: `1 << 56 | key << 8 | index`.
struct Memo(Box<[AtomicU64]>);

const MEMO_BITS: u32 = 12;

impl Memo {
    fn new() -> Memo {
        Memo((0..1usize << MEMO_BITS).map(|_| AtomicU64::new(0)).collect())
    }

    fn get(&self, key: u64, work: impl FnOnce() -> u8) -> u8 {
        let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - MEMO_BITS)) as usize;
        let entry = self.0[slot].load(Ordering::Relaxed);
        if entry >> 56 == 1 && (entry >> 8) & ((1 << 48) - 1) == key {
            return entry as u8;
        }
        let index = work();
        self.0[slot].store(1 << 56 | key << 8 | u64::from(index), Ordering::Relaxed);
        index
    }
}

// ------------------------------------------------------------ stamps

/// A piece of art mapped onto a game's palette: each row as runs of opaque
/// pixels (their palette indices, copied as they are) and of partly covered
/// ones (premultiplied colours, blended with what lies under them). Clear
/// pixels are left out.
pub struct Stamp {
    /// Where the stamp's top-left corner lies from where it is placed.
    left: i32,
    top: i32,
    width: i32,
    /// Each row's runs, `rows[y]..rows[y + 1]` in `runs`.
    rows: Vec<usize>,
    runs: Vec<Run>,
    /// Indices of opaque runs and four bytes a pixel of the others.
    data: Vec<u8>,
}

#[derive(Clone, Copy)]
struct Run {
    start: i32,
    end: i32,
    opaque: bool,
    /// Where the run's pixels start in `data`.
    at: usize,
}

/// A stamp being built, row by row and left to right.
struct Building {
    rows: Vec<usize>,
    runs: Vec<Run>,
    data: Vec<u8>,
    /// Whether the last pixel added is the one just left of the next.
    open: bool,
}

impl Default for Building {
    fn default() -> Building {
        Building {
            rows: vec![0],
            runs: Vec::new(),
            data: Vec::new(),
            open: false,
        }
    }
}

impl Building {
    /// The pixel at `x` of the row, opaque (its index) or not (its
    /// premultiplied colour).
    fn pixel(&mut self, x: i32, opaque: bool, bytes: &[u8]) {
        match self.runs.last_mut() {
            Some(run) if self.open && run.opaque == opaque => run.end = x + 1,
            _ => self.runs.push(Run {
                start: x,
                end: x + 1,
                opaque,
                at: self.data.len(),
            }),
        }
        self.open = true;
        self.data.extend_from_slice(bytes);
    }

    /// A clear pixel: the next one starts a run.
    fn gap(&mut self) {
        self.open = false;
    }

    fn end_row(&mut self) {
        self.rows.push(self.runs.len());
        self.open = false;
    }

    /// The stamp, its top-left corner `corner` from where it is placed.
    fn done(self, corner: (i32, i32), width: usize) -> Stamp {
        Stamp {
            left: corner.0,
            top: corner.1,
            width: width as i32,
            rows: self.rows,
            runs: self.runs,
            data: self.data,
        }
    }
}

impl Stamp {
    /// `pixmap` (premultiplied) as a stamp whose point `anchor` (from its
    /// top-left corner) goes where it is placed.
    fn new(pixmap: &Pixmap, anchor: (i32, i32), quantizer: &Quantizer) -> Stamp {
        let width = pixmap.width() as usize;
        let mut stamp = Building::default();
        let mut last = (u32::MAX, 0u8);
        for line in pixmap.data().chunks_exact(width * 4) {
            for (x, px) in line.chunks_exact(4).enumerate() {
                if px[3] == 0 {
                    stamp.gap();
                } else if px[3] == 255 {
                    let rgb = pack([px[0], px[1], px[2]]);
                    if rgb != last.0 {
                        last = (rgb, quantizer.index(rgb));
                    }
                    stamp.pixel(x as i32, true, &[last.1]);
                } else {
                    stamp.pixel(x as i32, false, px);
                }
            }
            stamp.end_row();
        }
        stamp.done((-anchor.0, -anchor.1), width)
    }

    /// The pixels of `image` that `keep` marks, as they are (opaque), as a
    /// stamp whose top-left corner goes `corner` from where it is placed.
    fn from_indices(image: &Indexed, keep: &[bool], corner: (i32, i32)) -> Stamp {
        let width = image.width as usize;
        let mut stamp = Building::default();
        if width > 0 {
            for (line, kept) in image.data.chunks_exact(width).zip(keep.chunks_exact(width)) {
                for (x, (&index, &kept)) in line.iter().zip(kept).enumerate() {
                    if kept {
                        stamp.pixel(x as i32, true, &[index]);
                    } else {
                        stamp.gap();
                    }
                }
                stamp.end_row();
            }
        }
        stamp.done(corner, width)
    }

    pub fn width(&self) -> u32 {
        self.width as u32
    }

    pub fn height(&self) -> u32 {
        (self.rows.len() - 1) as u32
    }
}

/// Pieces made on demand are kept ready by their key, at most this many.
pub const MAX_MADE: usize = 4096;

/// Text set on one colour is kept ready, at most this many.
const MAX_SET_TEXTS: usize = 1024;

/// Things made on demand (pieces, set text) kept by their key, in two
/// generations: those made or used since the last turnover, and the
/// generation before, whose members move back into the young one when used.
/// When the young one holds `limit / 2` the old one is dropped and the
/// young one takes its place, so what every board uses (tiles, tokens)
/// stays ready however many one-off shapes come and go, and no board finds
/// the cache emptied all at once.
struct Made<T> {
    young: FxHashMap<Vec<u32>, Arc<T>>,
    old: FxHashMap<Vec<u32>, Arc<T>>,
    limit: usize,
}

impl<T> Made<T> {
    fn new(limit: usize) -> RwLock<Made<T>> {
        RwLock::new(Made {
            young: FxHashMap::default(),
            old: FxHashMap::default(),
            limit,
        })
    }

    fn insert(&mut self, key: Vec<u32>, made: Arc<T>) {
        if self.young.len() >= self.limit / 2 {
            self.old = std::mem::take(&mut self.young);
        }
        self.young.insert(key, made);
    }

    /// A member of the old generation, moved back into the young one.
    fn revive(&mut self, key: &[u32]) -> Option<Arc<T>> {
        let (key, made) = self.old.remove_entry(key)?;
        self.insert(key, made.clone());
        Some(made)
    }
}

/// What `made` keeps under `key`, made by `make` the first time (nothing
/// is kept when it makes nothing).
fn kept<T>(made: &RwLock<Made<T>>, key: &[u32], make: impl FnOnce() -> Option<T>) -> Option<Arc<T>> {
    if let Some(kept) = made.read().unwrap_or_else(|e| e.into_inner()).young.get(key) {
        return Some(kept.clone());
    }
    if let Some(kept) = made.write().unwrap_or_else(|e| e.into_inner()).revive(key) {
        return Some(kept);
    }
    let kept = Arc::new(make()?);
    made.write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key.to_vec(), kept.clone());
    Some(kept)
}

/// The first word of the key of a piece made on demand: shapes filled and
/// stroked here, then the boards' own pieces.
const FILLED: u32 = 0;
const STROKED: u32 = 1;
pub const PIECE: u32 = 2;

/// One game's art on its palette, shared by all its renders: the palette
/// and its lookups, the sprites prepared up front, and every shape and
/// piece drawn so far.
pub struct Sprites {
    quantizer: Quantizer,
    /// The palette's colours, by index.
    colours: [[u8; 3]; 256],
    /// Sprites named up front, by the address of their original, each
    /// mapped onto the palette the first time it is pasted: a patience
    /// names every card face, and a process draws few of them at first.
    prepared: FxHashMap<usize, OnceLock<Stamp>>,
    /// Shapes and pieces by their key (see [`PIECE`]).
    made: RwLock<Made<Stamp>>,
    /// Text set on one colour, by what and where (see [`SetText`]).
    texts: RwLock<Made<SetText>>,
    /// Premultiplied colours over palette indices.
    blends: Memo,
    /// Text colours at a coverage over palette indices.
    inks: Memo,
}

impl Sprites {
    /// The art on `palette`, with `prepared` the sprites
    /// [`Surface::paste_sprite`] pastes (mapped onto it when first pasted).
    pub fn new(palette: Palette, prepared: &[&'static Pixmap]) -> Sprites {
        let mut colours = [[0u8; 3]; 256];
        for (i, c) in palette.rgb_table().chunks_exact(3).enumerate() {
            colours[i] = [c[0], c[1], c[2]];
        }
        let quantizer = Quantizer::new(palette);
        Sprites {
            prepared: prepared
                .iter()
                .map(|pm| (*pm as *const Pixmap as usize, OnceLock::new()))
                .collect(),
            colours,
            quantizer,
            made: Made::new(MAX_MADE),
            texts: Made::new(MAX_SET_TEXTS),
            blends: Memo::new(),
            inks: Memo::new(),
        }
    }

    /// The art on a palette chosen from sample images that show every
    /// colour the board draws.
    pub fn from_samples(samples: &[Pixmap], prepared: &[&'static Pixmap]) -> Sprites {
        Sprites::new(
            Palette::from_samples(&samples.iter().collect::<Vec<_>>()),
            prepared,
        )
    }

    /// The palette every image of this game is mapped onto.
    pub fn palette(&self) -> &Palette {
        &self.quantizer.palette
    }

    /// Maps an opaque image onto the palette.
    pub fn indices(&self, pixmap: &Pixmap) -> Indexed {
        self.quantizer.indices(pixmap)
    }

    /// A sprite the caller keeps: `pixmap` with `anchor` where it is placed.
    pub fn stamp_of(&self, pixmap: &Pixmap, anchor: (i32, i32)) -> Stamp {
        Stamp::new(pixmap, anchor, &self.quantizer)
    }

    /// The piece `key` (see [`PIECE`]), made by `make` the first time it
    /// is asked for: a pixmap and its anchor.
    pub fn made(
        &self,
        key: &[u32],
        make: impl FnOnce() -> Option<(Pixmap, (i32, i32))>,
    ) -> Option<Arc<Stamp>> {
        kept(&self.made, key, || {
            let (pixmap, anchor) = make()?;
            Some(self.stamp_of(&pixmap, anchor))
        })
    }

    /// The text kept under `key`, set by `set` the first time.
    fn kept_text(&self, key: &[u32], set: impl FnOnce() -> SetText) -> Arc<SetText> {
        kept(&self.texts, key, || Some(set())).expect("text is always set")
    }

    /// How many pieces made on demand are kept, in both generations.
    // The integration tests use it.
    #[doc(hidden)]
    pub fn made_count(&self) -> usize {
        let made = self.made.read().unwrap_or_else(|e| e.into_inner());
        made.young.len() + made.old.len()
    }

    /// A sheet to draw on, starting as `image`.
    pub fn sheet(&self, image: Indexed) -> Sheet<'_> {
        Sheet { image, art: self }
    }

    /// A sheet `width` by `height` of one colour.
    pub fn blank(&self, width: u32, height: u32, ground: Colour) -> Sheet<'_> {
        let index = self.index(ground);
        self.sheet(Indexed {
            width,
            height,
            data: vec![index; width as usize * height as usize],
        })
    }

    /// The index of the palette colour nearest to opaque `colour`.
    pub fn index(&self, colour: Colour) -> u8 {
        self.quantizer.index(pack(colour.rgb()))
    }

    /// The index of `px` (premultiplied) over the colour of index `under`.
    fn blend(&self, under: u8, px: [u8; 4]) -> u8 {
        let key = u64::from(u32::from_le_bytes(px)) << 8 | u64::from(under);
        self.blends.get(key, || {
            let ground = self.colours[under as usize];
            let keep = 255 - u32::from(px[3]);
            let mix = |i: usize| (u32::from(px[i]) + (u32::from(ground[i]) * keep + 127) / 255) as u8;
            self.quantizer.index(pack([mix(0), mix(1), mix(2)]))
        })
    }

    /// The index of opaque `colour` at `coverage` over the colour of index
    /// `under`.
    fn ink(&self, colour: Colour, coverage: u8, under: u8) -> u8 {
        let key = u64::from(pack(colour.rgb())) << 16 | u64::from(coverage) << 8 | u64::from(under);
        self.inks.get(key, || {
            let [r, g, b] = self.colours[under as usize];
            let ground = Colour { r, g, b, a: 255 };
            self.quantizer
                .index(pack(colour.over(ground, f32::from(coverage) / 255.0)))
        })
    }
}

// ------------------------------------------------------------ the sheet

/// The palette image a render draws on. Sprites are copied as prepared;
/// shapes are drawn once in full colour, kept as stamps and copied the same
/// way; text comes from rasterised glyphs kept for reuse.
pub struct Sheet<'a> {
    pub image: Indexed,
    art: &'a Sprites,
}

fn colour_key(colour: Colour) -> u32 {
    u32::from_le_bytes([colour.r, colour.g, colour.b, colour.a])
}

/// `colour` premultiplied by its alpha.
fn premultiplied(colour: Colour) -> [u8; 4] {
    let a = u32::from(colour.a);
    let p = |c: u8| ((u32::from(c) * a + 127) / 255) as u8;
    [p(colour.r), p(colour.g), p(colour.b), colour.a]
}

/// Each run of the first `rows` rows of `stamp` placed at `(x, y)` on an
/// image of `size`, clipped to it: the run, the index in the image of its
/// first pixel that shows, how many show, and how many are cut off at its
/// left.
fn clipped_runs(
    stamp: &Stamp,
    (x, y): (i32, i32),
    rows: u32,
    (w, h): (i32, i32),
    mut each: impl FnMut(&Run, usize, usize, usize),
) {
    let (x, y) = (x + stamp.left, y + stamp.top);
    let rows = (stamp.rows.len() - 1).min(rows as usize);
    let (lo, hi) = ((-x).max(0), (w - x).min(stamp.width));
    for sy in 0..rows {
        let dy = y + sy as i32;
        if dy < 0 || dy >= h {
            continue;
        }
        let line = (dy * w + x) as isize;
        for run in &stamp.runs[stamp.rows[sy]..stamp.rows[sy + 1]] {
            let (start, end) = (run.start.max(lo), run.end.min(hi));
            if start < end {
                let d0 = (line + start as isize) as usize;
                each(run, d0, (end - start) as usize, (start - run.start) as usize);
            }
        }
    }
}

impl Sheet<'_> {
    /// Places `stamp` at `(x, y)`, clipped.
    pub fn stamp(&mut self, stamp: &Stamp, x: i32, y: i32) {
        self.stamp_rows(stamp, x, y, u32::MAX);
    }

    /// Copies at most `rows` rows of a stamp placed at `(x, y)`, clipped.
    pub fn stamp_rows(&mut self, stamp: &Stamp, x: i32, y: i32, rows: u32) {
        let art = self.art;
        let size = (self.image.width as i32, self.image.height as i32);
        let data = &mut self.image.data;
        clipped_runs(stamp, (x, y), rows, size, |run, d0, n, skip| {
            if run.opaque {
                let s0 = run.at + skip;
                data[d0..d0 + n].copy_from_slice(&stamp.data[s0..s0 + n]);
            } else {
                let src = &stamp.data[run.at + 4 * skip..run.at + 4 * (skip + n)];
                for (d, px) in data[d0..d0 + n].iter_mut().zip(src.chunks_exact(4)) {
                    *d = art.blend(*d, [px[0], px[1], px[2], px[3]]);
                }
            }
        });
    }

    /// Whether every pixel `stamp` placed at `(x, y)` would cover is of
    /// colour `index`.
    fn lies_on(&self, stamp: &Stamp, x: i32, y: i32, index: u8) -> bool {
        let size = (self.image.width as i32, self.image.height as i32);
        // Every pixel's difference from `index`, or'd: a loop without a
        // branch, which the compiler turns into vector code.
        let mut differ = 0;
        clipped_runs(stamp, (x, y), u32::MAX, size, |_, d0, n, _| {
            differ |= self.image.data[d0..d0 + n]
                .iter()
                .fold(0, |acc, &d| acc | (d ^ index));
        });
        differ == 0
    }

    /// Places the piece `key` with its anchor at `(x, y)`, made by `make`
    /// the first time (see [`Sprites::made`]).
    pub fn piece(
        &mut self,
        key: &[u32],
        x: i32,
        y: i32,
        make: impl FnOnce() -> Option<(Pixmap, (i32, i32))>,
    ) {
        if let Some(stamp) = self.art.made(key, make) {
            self.stamp(&stamp, x, y);
        }
    }

    /// Places a shape: its stamp, made on first use by `draw` on a scratch
    /// pixmap covering `bounds` grown by `grow`. `key` tells the shape apart
    /// from every other, apart from where it is.
    fn shape(&mut self, path: &Path, key: &[u32], grow: f32, draw: impl FnOnce(&mut Pixmap, &Path)) {
        let bounds = path.bounds();
        let x0 = (bounds.left() - grow).floor() as i32;
        let y0 = (bounds.top() - grow).floor() as i32;
        let x1 = (bounds.right() + grow).ceil() as i32;
        let y1 = (bounds.bottom() + grow).ceil() as i32;
        let (w, h) = (self.image.width as i32, self.image.height as i32);
        if x1 <= x0.max(0) || y1 <= y0.max(0) || x0 >= w || y0 >= h {
            return;
        }
        let (dx, dy) = (x0 as f32, y0 as f32);
        let mut full = Vec::with_capacity(key.len() + 2 * path.points().len() + path.verbs().len());
        full.extend_from_slice(key);
        full.extend(path.verbs().iter().map(|v| *v as u32));
        for p in path.points() {
            full.push((p.x - dx).to_bits());
            full.push((p.y - dy).to_bits());
        }
        self.piece(&full, x0, y0, || {
            let mut pm = Pixmap::new((x1 - x0) as u32, (y1 - y0) as u32)?;
            let moved = path.clone().transform(Transform::from_translate(-dx, -dy))?;
            draw(&mut pm, &moved);
            Some((pm, (0, 0)))
        });
    }
}

impl Surface for Sheet<'_> {
    fn size(&self) -> (u32, u32) {
        (self.image.width, self.image.height)
    }

    fn fill_shape(&mut self, path: &Path, colour: Colour) {
        self.shape(path, &[FILLED, colour_key(colour)], 1.0, |pm, path| {
            pm.fill_path(
                path,
                &colour.paint(),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        });
    }

    fn stroke_shape(&mut self, path: &Path, colour: Colour, stroke: &Stroke) {
        let mut key = vec![
            STROKED,
            colour_key(colour),
            stroke.width.to_bits(),
            stroke.miter_limit.to_bits(),
            stroke.line_cap as u32,
            stroke.line_join as u32,
        ];
        if let Some(dash) = &stroke.dash {
            key.extend(format!("{dash:?}").bytes().map(u32::from));
        }
        self.shape(path, &key, stroke.width / 2.0 + 1.0, |pm, path| {
            pm.stroke_path(path, &colour.paint(), stroke, Transform::identity(), None);
        });
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Colour) {
        let (x0, y0, x1, y1) = pixel_rect(x, y, w, h);
        let image = &mut self.image;
        if colour.a == 255 {
            let index = self.art.index(colour);
            image.fill_rect(x0, y0, x1 - x0, y1 - y0, index);
            return;
        }
        let (x1, y1) = (x1.min(image.width), y1.min(image.height));
        let px = premultiplied(colour);
        // A veil meets few colours: each one's blend, looked up once.
        let mut seen = [u16::MAX; 256];
        for row in y0..y1 {
            let start = row as usize * image.width as usize;
            for d in &mut image.data[start + x0 as usize..start + x1.max(x0) as usize] {
                let known = &mut seen[*d as usize];
                if *known == u16::MAX {
                    *known = u16::from(self.art.blend(*d, px));
                }
                *d = *known as u8;
            }
        }
    }

    fn text(&mut self, style: &Style, text: &str, x: f32, y: f32, align: Align) -> f32 {
        self.set_text(style, text, x, y, align)
    }

    fn paste_sprite(&mut self, sprite: &'static Pixmap, x: i32, y: i32, rows: u32) {
        let art = self.art;
        match art.prepared.get(&(sprite as *const Pixmap as usize)) {
            Some(cell) => {
                let stamp = cell.get_or_init(|| art.stamp_of(sprite, (0, 0)));
                self.stamp_rows(stamp, x, y, rows);
            }
            None => {
                // Not prepared: map it now (correct, only slower).
                let stamp = art.stamp_of(sprite, (0, 0));
                self.stamp_rows(&stamp, x, y, rows);
            }
        }
    }
}

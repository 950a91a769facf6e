//! Drawing helpers every game renderer shares: colours, shapes and text in
//! full colour (tiny-skia) for art prepared once, and palette images, their
//! palette and their PNG encoding for the hot path (drawn on by the sprite
//! engine, `super::sprites`).
//!
//! Why palette images: a fast PNG compressor (fdeflate, and ours in
//! `super::deflate`) shortens runs of zero bytes and little else, so every
//! anti-aliased pixel of an RGB image costs about 3 x 10 bits; a full Army
//! Ants board came out near 250 KB. One
//! byte per pixel, from a palette chosen for the art and ordered so that
//! neighbouring pixels tend to have nearby indices, keeps the anti-aliasing
//! and costs well under half of that.

use ab_glyph::{point, Font, FontRef, GlyphId, OutlinedGlyph, PxScale, ScaleFont};
use rustc_hash::FxHashMap;
use std::sync::{OnceLock, RwLock};
use tiny_skia::{FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// The two faces of DejaVu Sans bundled in `assets/fonts`.
pub struct Fonts {
    pub regular: FontRef<'static>,
    pub bold: FontRef<'static>,
}

/// The bundled fonts, parsed the first time they are needed.
pub fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let parse = |bytes: &'static [u8]| FontRef::try_from_slice(bytes).expect("bundled font parses");
        Fonts {
            regular: parse(include_bytes!("../../../assets/fonts/DejaVuSans.ttf")),
            bold: parse(include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf")),
        }
    })
}

// ------------------------------------------------------------ the frame

// Every board sits in one warm, opaque dark frame with ivory text: it reads
// the same on Discord's dark and light themes.
pub const FRAME: Colour = Colour::hex(0x2a211b);
/// Rules across the frame, and quiet panels on it.
pub const RULE: Colour = Colour::hex(0x46382c);
pub const TEXT: Colour = Colour::hex(0xf4ead6);
pub const TEXT_DIM: Colour = Colour::hex(0xbca687);
/// Results, daily labels and tags.
pub const GOLD: Colour = Colour::hex(0xe3ad34);

// ------------------------------------------------------------ full colour

/// A straight (not premultiplied) colour that can be built in a `const`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    pub r: u8,
    pub g: u8,
    pub b: u8,
    pub a: u8,
}

impl Colour {
    /// An opaque colour from `0xRRGGBB`.
    pub const fn hex(rgb: u32) -> Colour {
        Colour {
            r: (rgb >> 16) as u8,
            g: (rgb >> 8) as u8,
            b: rgb as u8,
            a: 255,
        }
    }

    pub const fn alpha(self, a: u8) -> Colour {
        Colour { a, ..self }
    }

    pub fn paint(self) -> Paint<'static> {
        let mut paint = Paint::default();
        paint.set_color_rgba8(self.r, self.g, self.b, self.a);
        paint.anti_alias = true;
        paint
    }

    pub fn rgb(self) -> [u8; 3] {
        [self.r, self.g, self.b]
    }

    /// This colour at `amount` (0..1) over an opaque `ground`.
    pub fn over(self, ground: Colour, amount: f32) -> [u8; 3] {
        let a = amount * self.a as f32 / 255.0;
        let mix = |f: u8, g: u8| (f as f32 * a + g as f32 * (1.0 - a) + 0.5) as u8;
        [
            mix(self.r, ground.r),
            mix(self.g, ground.g),
            mix(self.b, ground.b),
        ]
    }
}

/// An opaque pixmap filled with one colour.
pub fn pixmap(width: u32, height: u32, ground: Colour) -> Pixmap {
    let mut pm = Pixmap::new(width, height).expect("a non-empty image");
    pm.fill(tiny_skia::Color::from_rgba8(
        ground.r, ground.g, ground.b, ground.a,
    ));
    pm
}

pub fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect::from_xywh(x, y, w, h).expect("a rectangle of positive size")
}

/// A rectangle with its four corners rounded by `r`.
pub fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Path {
    let mut pb = PathBuilder::new();
    push_rounded_rect(&mut pb, x, y, w, h, r);
    pb.finish().expect("a non-empty path")
}

/// Adds a rounded rectangle to a path being built (cubic quarter circles).
pub fn push_rounded_rect(pb: &mut PathBuilder, x: f32, y: f32, w: f32, h: f32, r: f32) {
    let r = r.min(w / 2.0).min(h / 2.0);
    let k = r * 0.447_715; // 1 - 0.552285: the control-point offset from each corner
    let (x1, y1) = (x + w, y + h);
    pb.move_to(x + r, y);
    pb.line_to(x1 - r, y);
    pb.cubic_to(x1 - k, y, x1, y + k, x1, y + r);
    pb.line_to(x1, y1 - r);
    pb.cubic_to(x1, y1 - k, x1 - k, y1, x1 - r, y1);
    pb.line_to(x + r, y1);
    pb.cubic_to(x + k, y1, x, y1 - k, x, y1 - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
}

/// A card sprite's shadow, the card `w` by `h` with corners of `radius`
/// lying `pad` in from the sprite's top left: for each step `(grow, dy,
/// alpha)`, the card's shape grown by `grow` and lowered by `dy`, in black
/// at opacity `alpha`.
pub fn card_shadow(pixmap: &mut Pixmap, pad: f32, w: f32, h: f32, radius: f32, steps: [(f32, f32, u8); 2]) {
    for (grow, dy, a) in steps {
        let shadow = rounded_rect(
            pad - grow,
            pad + dy - grow,
            w + 2.0 * grow,
            h + 2.0 * grow,
            radius + grow,
        );
        fill(pixmap, &shadow, Colour::hex(0x000000).alpha(a));
    }
}

pub fn fill(pixmap: &mut Pixmap, path: &Path, colour: Colour) {
    pixmap.fill_path(
        path,
        &colour.paint(),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

pub fn fill_rect(pixmap: &mut Pixmap, r: Rect, colour: Colour) {
    pixmap.fill_rect(r, &colour.paint(), Transform::identity(), None);
}

/// Strokes with round caps and joins, which suit small glyph-like shapes.
pub fn stroke(pixmap: &mut Pixmap, path: &Path, colour: Colour, width: f32) {
    let stroke = Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    pixmap.stroke_path(path, &colour.paint(), &stroke, Transform::identity(), None);
}

// ------------------------------------------------------------ text

/// Where a text's `x` lies: at its start, its middle or its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// A font at a size in a colour; `size` is the em size in pixels, as in
/// CSS.
#[derive(Clone, Copy)]
pub struct Style<'a> {
    pub font: &'a FontRef<'static>,
    pub size: f32,
    pub colour: Colour,
}

impl<'a> Style<'a> {
    /// A style in black; see [`Style::with`].
    pub fn new(font: &'a FontRef<'static>, size: f32) -> Style<'a> {
        Style {
            font,
            size,
            colour: Colour::hex(0x000000),
        }
    }

    pub fn with(self, colour: Colour) -> Style<'a> {
        Style { colour, ..self }
    }

    fn scale(&self) -> PxScale {
        // ab_glyph scales by ascent-to-descent height, not by the em.
        let per_em = self.font.units_per_em().unwrap_or(2048.0);
        PxScale::from(self.size * self.font.height_unscaled() / per_em)
    }

    /// The advance width of `text`, kerning included.
    pub fn width(&self, text: &str) -> f32 {
        self.place(text, 0.0, Align::Left, |_, _| {})
    }

    /// The height of a capital letter above the baseline, for centring.
    pub fn cap_height(&self) -> f32 {
        let per_em = self.font.units_per_em().unwrap_or(2048.0);
        // DejaVu's capitals are 0.729 em tall; fall back to that.
        cap_units(self.font).map_or(0.729 * self.size, |h| h * self.size / per_em)
    }

    /// Shortens `text` with an ellipsis until it fits in `max` pixels.
    pub fn fit(&self, text: &str, max: f32) -> String {
        // Each glyph's kerning and advance, summed in order as `width` does,
        // so that every shortened candidate is measured without laying it
        // out again.
        let scaled = self.font.as_scaled(self.scale());
        let chars: Vec<char> = text.chars().collect();
        let ids: Vec<GlyphId> = chars.iter().map(|c| scaled.glyph_id(*c)).collect();
        let mut sums = Vec::with_capacity(ids.len() + 1);
        let mut total = 0.0f32;
        sums.push(total);
        for (i, id) in ids.iter().enumerate() {
            let kern = if i == 0 { 0.0 } else { scaled.kern(ids[i - 1], *id) };
            total += kern + scaled.h_advance(*id);
            sums.push(total);
        }
        if total <= max {
            return text.to_string();
        }
        let ellipsis = scaled.glyph_id('…');
        let mut len = chars.len();
        while len > 0 {
            len -= 1;
            let mut kept = len;
            while kept > 0 && chars[kept - 1].is_whitespace() {
                kept -= 1;
            }
            let kern = if kept == 0 {
                0.0
            } else {
                scaled.kern(ids[kept - 1], ellipsis)
            };
            if sums[kept] + (kern + scaled.h_advance(ellipsis)) <= max {
                return chars[..kept].iter().collect::<String>() + "…";
            }
        }
        "…".to_string()
    }

    /// Lays `text` out with its baseline at `y`, handing each glyph's outline
    /// to `each`; returns the advance width.
    fn layout(&self, text: &str, x: f32, y: f32, align: Align, mut each: impl FnMut(OutlinedGlyph)) -> f32 {
        let scale = self.scale();
        self.place(text, x, align, |id, pen| {
            if let Some(outline) = self
                .font
                .outline_glyph(id.with_scale_and_position(scale, point(pen, y)))
            {
                each(outline);
            }
        })
    }

    /// Lays `text` out, handing each glyph and its pen position to `each`;
    /// returns the advance width.
    fn place(&self, text: &str, x: f32, align: Align, mut each: impl FnMut(GlyphId, f32)) -> f32 {
        let scaled = self.font.as_scaled(self.scale());
        let glyphs = || {
            let mut prev: Option<GlyphId> = None;
            text.chars().map(move |c| {
                let id = scaled.glyph_id(c);
                let kern = prev.map_or(0.0, |p| scaled.kern(p, id));
                prev = Some(id);
                (id, kern, scaled.h_advance(id))
            })
        };
        let width: f32 = glyphs().map(|(_, kern, advance)| kern + advance).sum();
        let mut pen = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        for (id, kern, advance) in glyphs() {
            pen += kern;
            each(id, pen);
            pen += advance;
        }
        width
    }

    /// Lays `text` out like [`Style::draw`] and hands each run of pixels it
    /// covers to `put`: the run's first pixel and its coverages, left to
    /// right (each 1 to 255); returns the advance width. Glyphs are
    /// rasterised once per font, size and quarter-pixel position, then
    /// kept, with the runs of their covered pixels, for every later call.
    pub fn cover(
        &self,
        text: &str,
        x: f32,
        y: f32,
        align: Align,
        mut put: impl FnMut(i32, i32, &[u8]),
    ) -> f32 {
        let font = self.font as *const FontRef<'static> as usize;
        let size = self.size.to_bits();
        let (fy, y_frac) = quarter(y);
        let mut wanted: Vec<(GlyphKey, i32)> = Vec::with_capacity(text.len());
        let width = self.place(text, x, align, |id, pen| {
            let (fx, x_frac) = quarter(pen);
            wanted.push((
                GlyphKey {
                    font,
                    size,
                    glyph: id.0,
                    x_frac,
                    y_frac,
                },
                fx,
            ));
        });
        let cache = glyph_cache();
        let mut glyphs = cache.read().unwrap_or_else(|e| e.into_inner());
        if wanted.iter().any(|(key, _)| !glyphs.contains_key(key)) {
            drop(glyphs);
            let mut all = cache.write().unwrap_or_else(|e| e.into_inner());
            for (key, _) in &wanted {
                all.entry(*key).or_insert_with(|| self.rasterise(*key));
            }
            drop(all);
            glyphs = cache.read().unwrap_or_else(|e| e.into_inner());
        }
        for (key, fx) in &wanted {
            let glyph = &glyphs[key];
            let (left, top) = (fx + glyph.left, fy + glyph.top);
            for run in &glyph.runs {
                let at = run.at as usize;
                put(
                    left + i32::from(run.col),
                    top + i32::from(run.row),
                    &glyph.coverage[at..at + usize::from(run.len)],
                );
            }
        }
        width
    }

    /// A glyph's coverage at a quarter-pixel position.
    fn rasterise(&self, key: GlyphKey) -> Glyph {
        let at = point(key.x_frac as f32 / 4.0, key.y_frac as f32 / 4.0);
        let Some(outline) = self
            .font
            .outline_glyph(GlyphId(key.glyph).with_scale_and_position(self.scale(), at))
        else {
            return Glyph::default();
        };
        let bounds = outline.px_bounds();
        let width = (bounds.max.x - bounds.min.x) as usize;
        let height = (bounds.max.y - bounds.min.y) as usize;
        let mut coverage = vec![0u8; width * height];
        outline.draw(|gx, gy, c| {
            let i = gy as usize * width + gx as usize;
            if i < coverage.len() {
                coverage[i] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        });
        Glyph {
            left: bounds.min.x as i32,
            top: bounds.min.y as i32,
            runs: covered_runs(&coverage, width),
            coverage,
        }
    }

    /// Draws `text` in full colour; returns its width.
    pub fn draw(&self, pixmap: &mut Pixmap, text: &str, x: f32, y: f32, align: Align) -> f32 {
        let colour = self.colour;
        self.layout(text, x, y, align, |glyph| {
            let bounds = glyph.px_bounds();
            let (left, top) = (bounds.min.x as i32, bounds.min.y as i32);
            glyph.draw(|gx, gy, coverage| {
                blend_pixel(pixmap, left + gx as i32, top + gy as i32, colour, coverage);
            });
        })
    }
}

/// A glyph as [`Style::cover`] keeps it: font, size, glyph and the pen's
/// position past the whole pixel, in quarters.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct GlyphKey {
    font: usize,
    size: u32,
    glyph: u16,
    x_frac: u8,
    y_frac: u8,
}

/// A rasterised glyph: coverage bytes, row after row, placed at
/// `(left, top)` from the whole pixel of the pen, and the runs of its
/// covered pixels (about half of its box is empty).
#[derive(Default)]
struct Glyph {
    left: i32,
    top: i32,
    coverage: Vec<u8>,
    runs: Vec<CoveredRun>,
}

/// A stretch of a glyph's row whose pixels are all at least partly
/// covered: `len` from column `col`, their coverages at `at` in the
/// glyph's coverage bytes.
struct CoveredRun {
    row: u16,
    col: u16,
    len: u16,
    at: u32,
}

/// The runs of non-zero bytes in each row of `coverage`, `width` a row.
fn covered_runs(coverage: &[u8], width: usize) -> Vec<CoveredRun> {
    let mut runs = Vec::new();
    if width == 0 {
        return runs;
    }
    for (row, line) in coverage.chunks_exact(width).enumerate() {
        let mut col = 0;
        while col < width {
            if line[col] == 0 {
                col += 1;
                continue;
            }
            let start = col;
            while col < width && line[col] != 0 {
                col += 1;
            }
            runs.push(CoveredRun {
                row: row as u16,
                col: start as u16,
                len: (col - start) as u16,
                at: (row * width + start) as u32,
            });
        }
    }
    runs
}

fn glyph_cache() -> &'static RwLock<FxHashMap<GlyphKey, Glyph>> {
    static CACHE: OnceLock<RwLock<FxHashMap<GlyphKey, Glyph>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The height of a font's `H` in font units, measured once per font.
fn cap_units(font: &FontRef<'static>) -> Option<f32> {
    static HEIGHTS: OnceLock<RwLock<FxHashMap<usize, Option<f32>>>> = OnceLock::new();
    let heights = HEIGHTS.get_or_init(Default::default);
    let key = font as *const FontRef<'static> as usize;
    if let Some(h) = heights.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return *h;
    }
    let h = font
        .outline(font.glyph_id('H'))
        .map(|o| (o.bounds.max.y - o.bounds.min.y).abs());
    heights.write().unwrap_or_else(|e| e.into_inner()).insert(key, h);
    h
}

/// A position as its whole pixel and the quarters past it.
fn quarter(v: f32) -> (i32, u8) {
    let q = (v * 4.0).round() as i32;
    (q.div_euclid(4), q.rem_euclid(4) as u8)
}

/// Blends a colour at partial coverage over one opaque pixel.
fn blend_pixel(pixmap: &mut Pixmap, x: i32, y: i32, colour: Colour, coverage: f32) {
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    if x < 0 || y < 0 || x >= w || y >= h || coverage <= 0.0 {
        return;
    }
    let i = ((y * w + x) * 4) as usize;
    let px = &mut pixmap.data_mut()[i..i + 4];
    let ground = Colour {
        r: px[0],
        g: px[1],
        b: px[2],
        a: 255,
    };
    let [r, g, b] = colour.over(ground, coverage.min(1.0));
    px.copy_from_slice(&[r, g, b, 255]);
}

// ------------------------------------------------------------ palette images

/// Coverage steps of text a palette serves (see [`PaletteBuilder::add_ink`]).
const INK_LEVELS: usize = 16;

/// An image of palette indices: what the hot path draws into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexed {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Indexed {
    /// Fills a rectangle, clipped to the image.
    pub fn fill_rect(&mut self, x: u32, y: u32, w: u32, h: u32, index: u8) {
        let x1 = (x + w).min(self.width) as usize;
        for row in y..(y + h).min(self.height) {
            let start = row as usize * self.width as usize;
            self.data[start + x as usize..start + x1].fill(index);
        }
    }
}

/// Gathers the colours a palette must serve: every pixel of the prepared
/// art, and the blends of each ink.
#[derive(Default)]
pub struct PaletteBuilder {
    /// Pixels of each colour. The palette sorts them fully, so the map's
    /// order never shows: the fast hash is safe.
    counts: FxHashMap<[u8; 3], u64>,
}

impl PaletteBuilder {
    pub fn add_pixmap(&mut self, pixmap: &Pixmap) {
        // Count runs, not pixels: most of an image is long flat runs.
        let mut run = ([0u8; 3], 0u64);
        for px in pixmap.data().chunks_exact(4) {
            let rgb = [px[0], px[1], px[2]];
            if rgb != run.0 && run.1 > 0 {
                *self.counts.entry(run.0).or_default() += run.1;
                run.1 = 0;
            }
            run = (rgb, run.1 + 1);
        }
        *self.counts.entry(run.0).or_default() += run.1;
    }

    /// Text of colour `fg` on `ground`; `weight` is about how many pixels of
    /// each blend the text will show.
    pub fn add_ink(&mut self, fg: Colour, ground: Colour, weight: u64) {
        for level in 0..=INK_LEVELS {
            let colour = fg.over(ground, level as f32 / INK_LEVELS as f32);
            *self.counts.entry(colour).or_default() += weight;
        }
    }

    /// Picks at most 256 colours: frequent flat colours first, then edge
    /// colours far from those already chosen (a weighted farthest-point
    /// choice), chained by likeness.
    pub fn build(self) -> Palette {
        let mut histogram: Vec<([u8; 3], u64)> = self.counts.into_iter().collect();
        histogram.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut colours: Vec<[u8; 3]> = Vec::with_capacity(256);
        let mut nearest = vec![u32::MAX; histogram.len()];
        while colours.len() < 256 && colours.len() < histogram.len() {
            let mut best = (0, -1.0);
            for (i, ((_, count), dist)) in histogram.iter().zip(&nearest).enumerate() {
                let score = (*count as f64).sqrt() * *dist as f64;
                if score > best.1 {
                    best = (i, score);
                }
            }
            let pick = histogram[best.0].0;
            colours.push(pick);
            for ((colour, _), dist) in histogram.iter().zip(nearest.iter_mut()) {
                *dist = (*dist).min(distance(*colour, pick));
            }
        }
        Palette {
            colours: chain_by_likeness(colours),
        }
    }
}

/// Orders colours as a chain, each followed by the nearest one left,
/// starting from the darkest. Anti-aliased edges then step between nearby
/// indices, and the compressor codes small differences in fewer bits.
fn chain_by_likeness(mut left: Vec<[u8; 3]>) -> Vec<[u8; 3]> {
    let lightness = |c: &[u8; 3]| 3 * c[0] as u32 + 6 * c[1] as u32 + c[2] as u32;
    let mut chain = Vec::with_capacity(left.len());
    let Some(darkest) = left
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| lightness(c))
        .map(|(i, _)| i)
    else {
        return chain;
    };
    chain.push(left.swap_remove(darkest));
    while let Some(last) = chain.last().copied() {
        let Some((next, _)) = left.iter().enumerate().min_by_key(|(_, c)| distance(**c, last)) else {
            break;
        };
        chain.push(left.swap_remove(next));
    }
    chain
}

/// At most 256 colours, and the indexed-PNG encoder that uses them.
pub struct Palette {
    colours: Vec<[u8; 3]>,
}

impl Palette {
    /// A palette of `colours` as they are (at most 256).
    // The integration tests use it.
    #[doc(hidden)]
    pub fn from_colours(colours: Vec<[u8; 3]>) -> Palette {
        assert!(colours.len() <= 256, "at most 256 colours");
        Palette { colours }
    }

    /// The index of the palette colour nearest to `rgb`.
    pub fn nearest(&self, rgb: [u8; 3]) -> u8 {
        let (index, _) = self
            .colours
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| distance(**c, rgb))
            .expect("a non-empty palette");
        index as u8
    }

    /// The colour of an index, for tests and tools.
    pub fn colour(&self, index: u8) -> [u8; 3] {
        self.colours[index as usize]
    }

    /// The colours as `r, g, b, r, g, b, ...`, index order: a GIF's or a
    /// PNG's colour table.
    pub fn rgb_table(&self) -> Vec<u8> {
        self.colours.concat()
    }

    /// A palette for opaque sample images that show every colour drawn.
    pub fn from_samples(samples: &[&Pixmap]) -> Palette {
        let mut builder = PaletteBuilder::default();
        for pixmap in samples {
            builder.add_pixmap(pixmap);
        }
        builder.build()
    }

    /// Encodes a palette image as a PNG: the `png` crate writes the
    /// chunks, and the image data is ours (`super::deflate`), its rows
    /// Paeth-filtered, which turns horizontal and vertical repeats into
    /// zeros.
    pub fn encode_indexed(&self, image: &Indexed) -> Vec<u8> {
        let mut out = Vec::with_capacity(image.data.len() / 8);
        let mut encoder = png::Encoder::new(&mut out, image.width, image.height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(self.rgb_table());
        let mut writer = encoder.write_header().expect("writing to memory");
        writer
            .write_chunk(png::chunk::IDAT, &crate::deflate::paeth_stream(image))
            .expect("writing to memory");
        writer.finish().expect("writing to memory");
        out
    }
}

/// Squared colour distance, weighted roughly as the eye weighs channels.
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).pow(2) as u32;
    2 * d(0) + 4 * d(1) + 3 * d(2)
}

/// A small ant, head up, about 22 px tall at `scale` 1. Shared by the
/// Army Ants pips and card backs and the patience boards.
pub fn draw_ant(pm: &mut Pixmap, cx: f32, cy: f32, scale: f32, colour: Colour) {
    let p = |x: f32, y: f32| (cx + x * scale, cy + y * scale);
    let mut legs = PathBuilder::new();
    // Three legs a side from the thorax, and two bent antennae.
    let limbs: [[(f32, f32); 3]; 4] = [
        [(1.0, -3.0), (4.0, -5.0), (5.5, -8.0)],
        [(1.2, -1.8), (5.0, -1.5), (6.5, 1.5)],
        [(1.0, -0.8), (4.0, 2.0), (5.5, 6.5)],
        [(0.8, -8.5), (2.0, -11.0), (4.0, -11.5)],
    ];
    for limb in limbs {
        for mirror in [1.0, -1.0] {
            let pts = limb.map(|(x, y)| p(x * mirror, y));
            legs.move_to(pts[0].0, pts[0].1);
            legs.line_to(pts[1].0, pts[1].1);
            legs.line_to(pts[2].0, pts[2].1);
        }
    }
    stroke(pm, &legs.finish().expect("legs"), colour, 1.1 * scale);
    let mut body = PathBuilder::new();
    let oval = |c: (f32, f32), rx: f32, ry: f32| {
        rect(
            c.0 - rx * scale,
            c.1 - ry * scale,
            2.0 * rx * scale,
            2.0 * ry * scale,
        )
    };
    body.push_oval(oval(p(0.0, -7.2), 2.2, 2.0)); // head
    body.push_oval(oval(p(0.0, -2.4), 1.5, 2.6)); // thorax
    body.push_oval(oval(p(0.0, 4.4), 3.0, 4.2)); // gaster
    fill(pm, &body.finish().expect("body"), colour);
}

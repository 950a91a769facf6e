//! The Atta Ants map as a PNG: each card's trails and grass, leaves (loose
//! and carried), spiders, ants as coloured numbered discs, the nest,
//! coordinates for typing moves, the last actions highlighted, the deck, whose
//! turn it is and the score line; and the same as alt text.
//!
//! While a card waits to be placed, it is shown above the map in its four
//! rotations, those that fit nowhere dimmed.
//!
//! The map grows as cards are placed, so the card size shrinks to keep the
//! image about 1000 px wide. Every piece (a card's tile for each trail
//! shape, ants, leaves, spiders, text) is drawn once per size with
//! anti-aliasing and kept as palette pixels; a board is those pieces copied
//! into a palette image, which is encoded as it is.

use super::canvas::{self, fonts, Align, Colour, Indexed, Palette, PaletteBuilder, Style};
use crate::rules::atta_ants::cards::NEST_EDGES;
use crate::rules::atta_ants::{
    AttaAnts, Card, Colour as AntColour, Dir, Feature, Highlight, Phase, Pos, Status,
};
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{PathBuilder, Pixmap};

/// The names shown for each colour, in seating order.
pub type AttaLabels = Vec<String>;

const WIDTH_TARGET: f32 = 1000.0;
const MAX_CELL: f32 = 140.0;
const MIN_CELL: f32 = 56.0;
const MARGIN: f32 = 16.0;
const HEADER: f32 = 112.0;
const FOOTER: f32 = 40.0;

const BACKGROUND: Colour = Colour::hex(0xF3EDE0);
const INK: Colour = Colour::hex(0x2B2118);
const MUTED: Colour = Colour::hex(0x7A6E5F);
const GRASS: Colour = Colour::hex(0x9CC86B);
const GRASS_DARK: Colour = Colour::hex(0x7DAA4F);
const TRAIL: Colour = Colour::hex(0xD9B77E);
const TRAIL_EDGE: Colour = Colour::hex(0xA9844A);
const NEST: Colour = Colour::hex(0x8A5A33);
const NEST_MOUND: Colour = Colour::hex(0x5E3A1F);
const LEAF: Colour = Colour::hex(0x2E8B3E);
const LEAF_VEIN: Colour = Colour::hex(0xD8F0C8);
const SPIDER: Colour = Colour::hex(0x151515);
const HIGHLIGHT: Colour = Colour::hex(0xF2C230);
const DANGER: Colour = Colour::hex(0xC8322D);
const FRONTIER: Colour = Colour::hex(0xE2D9C6);
const WHITE: Colour = Colour::hex(0xFFFFFF);
/// A spider's last step.
const SPIDER_TRACK: Colour = Colour::hex(0x4A4A44);
/// Laid over a rotation of the drawn card that fits nowhere.
const DIM_VEIL: Colour = Colour::hex(0xF3EDE0).alpha(170);
/// The drawn card's rotations: their tiles, and the strip that shows them.
const STRIP_CELL: u32 = 72;
const STRIP: f32 = 130.0;

fn ant_colour(colour: AntColour) -> Colour {
    match colour {
        AntColour::Red => Colour::hex(0xD7352D),
        AntColour::Yellow => Colour::hex(0xF0C419),
        AntColour::Orange => Colour::hex(0xF07F1A),
        AntColour::Brown => Colour::hex(0x7B4A26),
    }
}

/// Text on an ant disc: dark on light colours, white on dark ones.
fn ant_text(colour: AntColour) -> Colour {
    match colour {
        AntColour::Yellow | AntColour::Orange => INK,
        _ => Colour::hex(0xFFFFFF),
    }
}

/// Where the grid lies in the image.
struct Grid {
    cell: f32,
    min_x: i32,
    max_y: i32,
    left: f32,
    top: f32,
}

impl Grid {
    /// `header`: the height above the map (taller while a card waits).
    fn new(game: &AttaAnts, header: f32) -> (Grid, u32, u32) {
        Grid::around(game.map().bounds(), header)
    }

    /// The grid for cards within `bounds` (min x, min y, max x, max y).
    fn around(bounds: (i32, i32, i32, i32), header: f32) -> (Grid, u32, u32) {
        // One free ring around the cards, where placements may go.
        let (min_x, min_y, max_x, max_y) = bounds;
        let (min_x, min_y, max_x, max_y) = (min_x - 1, min_y - 1, max_x + 1, max_y + 1);
        let cols = (max_x - min_x + 1) as f32;
        let rows = (max_y - min_y + 1) as f32;
        let cell = ((WIDTH_TARGET - 2.0 * MARGIN) / cols)
            .clamp(MIN_CELL, MAX_CELL)
            .floor();
        let width = (cols * cell + 2.0 * MARGIN).max(WIDTH_TARGET);
        let left = ((width - cols * cell) / 2.0).floor();
        let height = header + rows * cell + FOOTER + MARGIN;
        let grid = Grid {
            cell,
            min_x,
            max_y,
            left,
            top: header,
        };
        (grid, width as u32, height as u32)
    }

    /// The top-left corner of a square.
    fn corner(&self, pos: Pos) -> (f32, f32) {
        (
            self.left + (pos.x - self.min_x) as f32 * self.cell,
            self.top + (self.max_y - pos.y) as f32 * self.cell,
        )
    }

    fn centre(&self, pos: Pos) -> (f32, f32) {
        let (x, y) = self.corner(pos);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }
}

/// The map as a PNG.
pub fn atta_ants_png(game: &AttaAnts, labels: &AttaLabels) -> Vec<u8> {
    let art = art();
    art.palette.encode_indexed(&draw(game, labels, art, None))
}

/// One layout for every position of a game, so that the frames of its
/// replay have one size and a card stays where it lies: the grid of the
/// largest map (a map only grows, but the union is taken all the same) and
/// the header with room for the drawn card's rotations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Layout {
    bounds: (i32, i32, i32, i32),
    header: f32,
}

impl Layout {
    pub(super) fn covering(games: &[AttaAnts]) -> Option<Layout> {
        let bounds = games
            .iter()
            .map(|g| g.map().bounds())
            .reduce(|a, b| (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3)))?;
        let header = games.iter().map(header_height).fold(HEADER, f32::max);
        Some(Layout { bounds, header })
    }
}

/// A position of the game drawn in `layout`, for a replay.
pub(super) fn atta_ants_frame(
    game: &AttaAnts,
    labels: &AttaLabels,
    layout: Layout,
) -> (Indexed, &'static Palette) {
    let art = art();
    (draw(game, labels, art, Some(layout)), &art.palette)
}

// ------------------------------------------------------------ prepared art

/// The palette, built once from the art at a sample size, and a table that
/// dims each palette colour (rotations that do not fit).
struct Art {
    palette: Palette,
    dim: [u8; 256],
    /// Pieces drawn once per size and reused: tiles, ants, text.
    pieces: Mutex<HashMap<Piece, Arc<Sprite>>>,
    /// Partly covered sprite pixels over a ground: (colour, ground, level).
    blends: Mutex<HashMap<(u8, u8, u8), u8>>,
}

/// A piece of art, by what it shows and its size in pixels.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Piece {
    Card {
        cell: u32,
        edges: u8,
        nest: bool,
    },
    Free {
        cell: u32,
    },
    Ant {
        r10: u32,
        colour: AntColour,
        number: u8,
        newborn: bool,
        carrying: bool,
    },
    Leaf {
        size10: u32,
    },
    Spider {
        cell: u32,
        number: u8,
    },
    Disc {
        colour: AntColour,
    },
    Text {
        text: String,
        bold: bool,
        size10: u32,
        fg: u32,
        ground: u32,
    },
}

/// Opaque pixels copy; others blend: `level` 0 (clear) to 16 (opaque).
struct Sprite {
    width: u32,
    height: u32,
    /// Where the sprite's anchor is, from its top-left corner (text: the
    /// baseline's start).
    anchor: (i32, i32),
    /// Text: the advance width.
    advance: f32,
    /// The pixels that show: (x, y, palette index, level).
    px: Vec<(u16, u16, u8, u8)>,
    /// An opaque sprite's indices, row by row, to copy whole rows.
    opaque: Option<Vec<u8>>,
}

const LEVELS: u32 = 16;
const BLANK: Colour = Colour::hex(0xFF00FF);

fn colour_key(c: Colour) -> u32 {
    (c.r as u32) << 16 | (c.g as u32) << 8 | c.b as u32
}

fn art() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| {
        let mut builder = PaletteBuilder::default();
        let cell = 100;
        let mut samples = Vec::new();
        for edges in 0..16u8 {
            samples.push(card_pixmap(cell, edges, false));
        }
        samples.push(card_pixmap(cell, NEST_EDGES, true));
        samples.push(free_pixmap(cell));
        for pm in &samples {
            builder.add_pixmap(pm);
            // Rotations that do not fit are drawn dimmed.
            let mut dimmed = pm.clone();
            canvas::fill_rect(
                &mut dimmed,
                canvas::rect(0.0, 0.0, cell as f32, cell as f32),
                DIM_VEIL,
            );
            builder.add_pixmap(&dimmed);
        }
        for ground in [GRASS, TRAIL, NEST, BACKGROUND] {
            builder.add_pixmap(&sprite_sample(ground));
        }
        for (fg, ground) in [
            (INK, BACKGROUND),
            (MUTED, BACKGROUND),
            (INK, GRASS),
            (INK, FRONTIER),
            (WHITE, NEST),
        ] {
            builder.add_ink(fg, ground, 60);
        }
        let mut flat = canvas::pixmap(8, 8, HIGHLIGHT);
        for (i, c) in [DANGER, INK, SPIDER, SPIDER_TRACK].into_iter().enumerate() {
            canvas::fill_rect(&mut flat, canvas::rect(i as f32 * 2.0, 0.0, 2.0, 8.0), c);
        }
        builder.add_pixmap(&flat);
        let palette = builder.build();
        let veil = DIM_VEIL;
        let dim = std::array::from_fn(|i| {
            if i >= palette.rgb_table().len() / 3 {
                return i as u8;
            }
            let [r, g, b] = palette.colour(i as u8);
            let a = veil.a as f32 / 255.0;
            let mix = |f: u8, v: u8| (v as f32 * a + f as f32 * (1.0 - a) + 0.5) as u8;
            palette.nearest([mix(r, veil.r), mix(g, veil.g), mix(b, veil.b)])
        });
        Art {
            palette,
            dim,
            pieces: Mutex::new(HashMap::new()),
            blends: Mutex::new(HashMap::new()),
        }
    })
}

/// Ants, leaves and spiders over one ground, for the palette.
fn sprite_sample(ground: Colour) -> Pixmap {
    let mut pm = canvas::pixmap(420, 60, ground);
    for (i, colour) in AntColour::ALL.into_iter().enumerate() {
        let x = 20.0 + i as f32 * 60.0;
        draw_ant_disc(&mut pm, x, 30.0, 10.0, colour, i + 1, i % 2 == 0, i % 2 == 1);
    }
    draw_leaf(&mut pm, 270.0, 30.0, 11.0);
    draw_spider(&mut pm, 330.0, 30.0, 14.0);
    if let Some(disc) = PathBuilder::from_circle(390.0, 30.0, 9.0) {
        canvas::fill(&mut pm, &disc, ant_colour(AntColour::Red));
        canvas::stroke(&mut pm, &disc, INK, 1.0);
    }
    pm
}

impl Art {
    /// The sprite of `piece`, drawn the first time it is asked for.
    fn piece(&self, piece: Piece) -> Arc<Sprite> {
        if let Some(s) = self.pieces.lock().expect("pieces").get(&piece) {
            return s.clone();
        }
        let sprite = Arc::new(self.make(&piece));
        let mut pieces = self.pieces.lock().expect("pieces");
        // Names and sizes vary; a bound keeps memory flat.
        if pieces.len() > 8192 {
            pieces.clear();
        }
        pieces.insert(piece, sprite.clone());
        sprite
    }

    fn make(&self, piece: &Piece) -> Sprite {
        match piece {
            Piece::Card { cell, edges, nest } => self.opaque(&card_pixmap(*cell, *edges, *nest)),
            Piece::Free { cell } => self.opaque(&free_pixmap(*cell)),
            Piece::Ant {
                r10,
                colour,
                number,
                newborn,
                carrying,
            } => {
                let r = *r10 as f32 / 10.0;
                let half = (r * 1.7 + 4.0).ceil();
                let side = (2.0 * half) as u32;
                let mut pm = Pixmap::new(side, side).expect("a sprite");
                draw_ant_disc(
                    &mut pm,
                    half,
                    half,
                    r,
                    *colour,
                    *number as usize,
                    *newborn,
                    *carrying,
                );
                self.clear(&pm, (half as i32, half as i32))
            }
            Piece::Leaf { size10 } => {
                let size = *size10 as f32 / 10.0;
                let half = (size * 1.2 + 2.0).ceil();
                let mut pm = Pixmap::new((2.0 * half) as u32, (2.0 * half) as u32).expect("a sprite");
                draw_leaf(&mut pm, half, half, size);
                self.clear(&pm, (half as i32, half as i32))
            }
            Piece::Spider { cell, number } => {
                let c = *cell as f32;
                let r = c * 0.14;
                let half = (r * 2.0 + 3.0).ceil();
                let mut pm = Pixmap::new((2.0 * half) as u32, (2.0 * half) as u32).expect("a sprite");
                draw_spider(&mut pm, half, half, r);
                if *number == 0 {
                    // A spider on a card still to be placed has no number yet.
                    return self.clear(&pm, (half as i32, half as i32));
                }
                let bold = Style::new(&fonts().bold, (c * 0.15).clamp(9.0, 17.0));
                bold.with(WHITE).draw(
                    &mut pm,
                    &number.to_string(),
                    half,
                    half + bold.cap_height() / 2.0,
                    Align::Centre,
                );
                self.clear(&pm, (half as i32, half as i32))
            }
            Piece::Disc { colour } => {
                let mut pm = Pixmap::new(22, 22).expect("a sprite");
                if let Some(disc) = PathBuilder::from_circle(11.0, 11.0, 9.0) {
                    canvas::fill(&mut pm, &disc, ant_colour(*colour));
                    canvas::stroke(&mut pm, &disc, INK, 1.0);
                }
                self.clear(&pm, (11, 11))
            }
            Piece::Text {
                text,
                bold,
                size10,
                fg,
                ground,
            } => {
                let font = if *bold { &fonts().bold } else { &fonts().regular };
                let style = Style::new(font, *size10 as f32 / 10.0);
                let advance = style.width(text);
                let (pad, base) = (4.0, (style.size * 1.3).ceil());
                let mut image = Indexed {
                    width: (advance + 2.0 * pad).ceil() as u32 + 2,
                    height: (style.size * 1.8).ceil() as u32,
                    data: vec![],
                };
                let blank = self.palette.index_of(BLANK);
                image.data = vec![blank; (image.width * image.height) as usize];
                let ink = self.palette.ink(Colour::hex(*fg), Colour::hex(*ground));
                style.draw_indexed(&mut image, &ink, text, pad, base, Align::Left);
                let px = sparse(
                    image.width,
                    image
                        .data
                        .iter()
                        .map(|i| if *i == blank { (0, 0) } else { (*i, LEVELS as u8) }),
                );
                Sprite {
                    width: image.width,
                    height: image.height,
                    anchor: (pad as i32, base as i32),
                    advance,
                    px,
                    opaque: None,
                }
            }
        }
    }

    /// A sprite of an opaque pixmap.
    fn opaque(&self, pm: &Pixmap) -> Sprite {
        let image = self.palette.quantize(pm);
        Sprite {
            width: image.width,
            height: image.height,
            anchor: (0, 0),
            advance: 0.0,
            px: sparse(image.width, image.data.iter().map(|i| (*i, LEVELS as u8))),
            opaque: Some(image.data),
        }
    }

    /// A sprite of a pixmap drawn on a clear ground: each pixel's colour
    /// and how much it covers.
    fn clear(&self, pm: &Pixmap, anchor: (i32, i32)) -> Sprite {
        let mut seen: HashMap<[u8; 3], u8> = HashMap::new();
        let px = sparse(
            pm.width(),
            pm.pixels().iter().map(|p| {
                let a = p.alpha();
                if a == 0 {
                    return (0, 0);
                }
                let c = p.demultiply();
                let rgb = [c.red(), c.green(), c.blue()];
                let index = *seen.entry(rgb).or_insert_with(|| self.palette.nearest(rgb));
                let level = ((a as u32 * LEVELS + 127) / 255) as u8;
                (index, level)
            }),
        );
        Sprite {
            width: pm.width(),
            height: pm.height(),
            anchor,
            advance: 0.0,
            px,
            opaque: None,
        }
    }

    /// Draws `sprite` with its anchor at (x, y).
    fn stamp(&self, image: &mut Indexed, sprite: &Sprite, x: i32, y: i32) {
        let (x0, y0) = (x - sprite.anchor.0, y - sprite.anchor.1);
        let (w, h) = (image.width as i32, image.height as i32);
        if let Some(rows) = &sprite.opaque {
            let fits = x0 >= 0 && y0 >= 0 && x0 + sprite.width as i32 <= w && y0 + sprite.height as i32 <= h;
            if fits {
                let sw = sprite.width as usize;
                for (row, line) in rows.chunks_exact(sw).enumerate() {
                    let start = (y0 as usize + row) * w as usize + x0 as usize;
                    image.data[start..start + sw].copy_from_slice(line);
                }
                return;
            }
        }
        let mut blends = None;
        for &(sx, sy, index, level) in &sprite.px {
            let (px, py) = (x0 + sx as i32, y0 + sy as i32);
            if px < 0 || py < 0 || px >= w || py >= h {
                continue;
            }
            let d = &mut image.data[(py * w + px) as usize];
            if level as u32 >= LEVELS {
                *d = index;
            } else {
                let blends = blends.get_or_insert_with(|| self.blends.lock().expect("blends"));
                let ground = *d;
                *d = *blends.entry((index, ground, level)).or_insert_with(|| {
                    let (f, g) = (self.palette.colour(index), self.palette.colour(ground));
                    let a = level as f32 / LEVELS as f32;
                    let mix = |i: usize| (f[i] as f32 * a + g[i] as f32 * (1.0 - a) + 0.5) as u8;
                    self.palette.nearest([mix(0), mix(1), mix(2)])
                });
            }
        }
    }

    /// Writes `text` with its baseline at `y`; returns its width.
    #[allow(clippy::too_many_arguments)]
    fn text(
        &self,
        image: &mut Indexed,
        text: &str,
        bold: bool,
        size: f32,
        fg: Colour,
        ground: Colour,
        x: f32,
        y: f32,
        align: Align,
    ) -> f32 {
        let sprite = self.piece(Piece::Text {
            text: text.to_string(),
            bold,
            size10: (size * 10.0).round() as u32,
            fg: colour_key(fg),
            ground: colour_key(ground),
        });
        let left = match align {
            Align::Left => x,
            Align::Centre => x - sprite.advance / 2.0,
            Align::Right => x - sprite.advance,
        };
        self.stamp(image, &sprite, left.round() as i32, y.round() as i32);
        sprite.advance
    }

    fn rect(&self, image: &mut Indexed, x: f32, y: f32, w: f32, h: f32, colour: Colour) {
        let (x0, y0) = (x.round().max(0.0), y.round().max(0.0));
        let (x1, y1) = ((x + w).round().max(x0), (y + h).round().max(y0));
        image.fill_rect(
            x0 as u32,
            y0 as u32,
            (x1 - x0) as u32,
            (y1 - y0) as u32,
            self.palette.index_of(colour),
        );
    }

    /// A frame `width` thick just inside the square at (x, y).
    fn frame(&self, image: &mut Indexed, x: f32, y: f32, c: f32, width: f32, colour: Colour) {
        self.rect(image, x + 1.0, y + 1.0, c - 2.0, width, colour);
        self.rect(image, x + 1.0, y + c - 1.0 - width, c - 2.0, width, colour);
        self.rect(image, x + 1.0, y + 1.0, width, c - 2.0, colour);
        self.rect(image, x + c - 1.0 - width, y + 1.0, width, c - 2.0, colour);
    }
}

/// The pixels of a sprite that show, from (index, level) row by row.
fn sparse(width: u32, pixels: impl Iterator<Item = (u8, u8)>) -> Vec<(u16, u16, u8, u8)> {
    pixels
        .enumerate()
        .filter(|(_, (_, level))| *level > 0)
        .map(|(i, (index, level))| ((i as u32 % width) as u16, (i as u32 / width) as u16, index, level))
        .collect()
}

/// The height of the part above the map: taller while a card waits, to
/// show it in its four rotations.
fn header_height(game: &AttaAnts) -> f32 {
    if placing(game) && game.drawn().is_some() {
        HEADER + STRIP
    } else {
        HEADER
    }
}

fn placing(game: &AttaAnts) -> bool {
    matches!(game.phase(), Phase::Place) && game.outcome().is_none()
}

fn draw(game: &AttaAnts, labels: &AttaLabels, art: &Art, layout: Option<Layout>) -> Indexed {
    let (grid, width, height) = match layout {
        Some(layout) => Grid::around(layout.bounds, layout.header),
        None => Grid::new(game, header_height(game)),
    };
    let mut image = Indexed {
        width,
        height,
        data: vec![art.palette.index_of(BACKGROUND); (width * height) as usize],
    };
    draw_header(&mut image, game, labels, width as f32, art);
    let cell = grid.cell as u32;
    // While placing, the squares where the drawn card fits, with coordinates.
    let mut free: Vec<Pos> = Vec::new();
    if placing(game) {
        free = game
            .legal_actions()
            .iter()
            .filter_map(|a| match a {
                crate::rules::atta_ants::Action::Place { pos, .. } => Some(*pos),
                _ => None,
            })
            .collect();
        free.dedup();
        draw_rotations(&mut image, game, art);
        let tile = art.piece(Piece::Free { cell });
        for pos in free.iter().copied() {
            let (x, y) = grid.corner(pos);
            art.stamp(&mut image, &tile, x as i32, y as i32);
        }
    }
    for pos in game.map().squares() {
        let (x, y) = grid.corner(pos);
        let tile = art.piece(Piece::Card {
            cell,
            edges: game.map().edges(pos).unwrap_or(0),
            nest: pos.is_nest(),
        });
        art.stamp(&mut image, &tile, x as i32, y as i32);
    }
    draw_highlights(&mut image, &grid, game, art);
    for pos in game.map().squares() {
        draw_contents(&mut image, &grid, game, pos, art);
    }
    // Coordinates: on every card, and on free squares while placing.
    let size = (grid.cell * 0.2).clamp(20.0, 24.0);
    let cap = size * 0.73;
    for (pos, ground) in game
        .map()
        .squares()
        .map(|p| (p, if p.is_nest() { NEST } else { GRASS }))
        .chain(free.iter().map(|p| (*p, FRONTIER)))
    {
        let (x, y) = grid.corner(pos);
        let fg = if pos.is_nest() { WHITE } else { INK };
        art.text(
            &mut image,
            &pos.to_string(),
            false,
            size,
            fg,
            ground,
            x + 7.0,
            y + 6.0 + cap,
            Align::Left,
        );
    }
    draw_footer(&mut image, game, width as f32, height as f32, art);
    image
}

/// The drawn card above the map in its four rotations; those that fit
/// nowhere are dimmed.
fn draw_rotations(image: &mut Indexed, game: &AttaAnts, art: &Art) {
    let Some(card) = game.drawn() else {
        return;
    };
    let fits: Vec<u8> = game
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            crate::rules::atta_ants::Action::Place { rotation, .. } => Some(*rotation),
            _ => None,
        })
        .collect();
    let top = HEADER;
    art.text(
        image,
        &format!("To place: {}", card_name(card)),
        true,
        18.0,
        INK,
        BACKGROUND,
        MARGIN,
        top + 10.0,
        Align::Left,
    );
    let c = STRIP_CELL as f32;
    for r in 0..4u8 {
        let fit = fits.contains(&card.shape.canonical_rotation(r));
        let x = MARGIN + r as f32 * (c + 44.0);
        let y = top + 22.0;
        let tile = art.piece(Piece::Card {
            cell: STRIP_CELL,
            edges: card.shape.edges(r),
            nest: false,
        });
        art.stamp(image, &tile, x as i32, y as i32);
        match card.feature {
            Feature::Leaf => {
                let leaf = art.piece(Piece::Leaf {
                    size10: (c * 0.11 * 10.0) as u32,
                });
                art.stamp(image, &leaf, (x + c * 0.8) as i32, (y + c * 0.2) as i32);
            }
            Feature::Spider => {
                let spider = art.piece(Piece::Spider {
                    cell: STRIP_CELL,
                    number: 0,
                });
                // No number yet: a spider is numbered when it appears.
                art.stamp(image, &spider, (x + c * 0.5) as i32, (y + c * 0.45) as i32);
            }
            Feature::Plain => {}
        }
        if fit {
            art.frame(image, x, y, c, 3.0, HIGHLIGHT);
        } else {
            dim(image, art, x as u32, y as u32, STRIP_CELL);
        }
        let (label, fg) = if fit {
            (format!("r{r}"), INK)
        } else {
            (format!("r{r}: no fit"), MUTED)
        };
        art.text(
            image,
            &label,
            fit,
            16.0,
            fg,
            BACKGROUND,
            x + c / 2.0,
            y + c + 20.0,
            Align::Centre,
        );
    }
}

/// Dims a square of the image.
fn dim(image: &mut Indexed, art: &Art, x: u32, y: u32, side: u32) {
    let w = image.width as usize;
    for row in y..(y + side).min(image.height) {
        let start = row as usize * w + x as usize;
        let end = (start + side as usize).min((row as usize + 1) * w);
        for d in &mut image.data[start..end] {
            *d = art.dim[*d as usize];
        }
    }
}

/// A card's tile: the card on the background, `edges` its trails.
fn card_pixmap(cell: u32, edges: u8, nest: bool) -> Pixmap {
    let mut pm = canvas::pixmap(cell, cell, BACKGROUND);
    let (x, y, c) = (0.0, 0.0, cell as f32);
    let body = canvas::rounded_rect(x + 2.0, y + 2.0, c - 4.0, c - 4.0, 8.0);
    canvas::fill(&mut pm, &body, if nest { NEST } else { GRASS });
    if !nest {
        // A few tufts, so a meadow reads as grass even in grey.
        for (fx, fy) in [(0.25, 0.7), (0.72, 0.28), (0.8, 0.78)] {
            let mut pb = PathBuilder::new();
            let (tx, ty) = (x + c * fx, y + c * fy);
            pb.move_to(tx - 4.0, ty);
            pb.line_to(tx - 1.0, ty - 6.0);
            pb.move_to(tx, ty);
            pb.line_to(tx + 3.0, ty - 7.0);
            if let Some(path) = pb.finish() {
                canvas::stroke(&mut pm, &path, GRASS_DARK, 1.5);
            }
        }
    }
    let (cx, cy) = (c / 2.0, c / 2.0);
    if edges != 0 {
        let width = c * 0.2;
        let mut pb = PathBuilder::new();
        for dir in Dir::ALL.into_iter().filter(|d| edges & d.bit() != 0) {
            let (dx, dy) = dir.delta();
            pb.move_to(cx, cy);
            pb.line_to(cx + dx as f32 * (c / 2.0 - 2.0), cy - dy as f32 * (c / 2.0 - 2.0));
        }
        if let Some(path) = pb.finish() {
            let butt = tiny_skia::Stroke {
                width: width + 4.0,
                line_cap: tiny_skia::LineCap::Butt,
                line_join: tiny_skia::LineJoin::Round,
                ..Default::default()
            };
            let trail_colour = if nest { NEST_MOUND } else { TRAIL_EDGE };
            pm.stroke_path(
                &path,
                &trail_colour.paint(),
                &butt,
                tiny_skia::Transform::identity(),
                None,
            );
            // A square hub joins the trails without notches at the centre.
            let hub = |w: f32| canvas::rect(cx - w / 2.0, cy - w / 2.0, w, w);
            canvas::fill_rect(&mut pm, hub(width + 4.0), trail_colour);
            let inner = tiny_skia::Stroke { width, ..butt };
            let fill = if nest { Colour::hex(0xB07A4C) } else { TRAIL };
            pm.stroke_path(
                &path,
                &fill.paint(),
                &inner,
                tiny_skia::Transform::identity(),
                None,
            );
            canvas::fill_rect(&mut pm, hub(width), fill);
        }
        if edges.count_ones() == 1 {
            // A dead end ends in a small clearing.
            if let Some(circle) = PathBuilder::from_circle(cx, cy, width * 0.75) {
                canvas::fill(&mut pm, &circle, TRAIL);
            }
        }
    }
    if nest {
        if let Some(mound) = PathBuilder::from_circle(cx, cy, c * 0.2) {
            canvas::fill(&mut pm, &mound, NEST_MOUND);
        }
        let style = Style::new(&fonts().bold, (c * 0.13).clamp(9.0, 15.0)).with(WHITE);
        style.draw(
            &mut pm,
            "NEST",
            x + c - 8.0,
            y + 6.0 + style.cap_height(),
            Align::Right,
        );
    }
    pm
}

/// A free square where the drawn card fits.
fn free_pixmap(cell: u32) -> Pixmap {
    let mut pm = canvas::pixmap(cell, cell, BACKGROUND);
    let c = cell as f32;
    canvas::fill(
        &mut pm,
        &canvas::rounded_rect(3.0, 3.0, c - 6.0, c - 6.0, 8.0),
        FRONTIER,
    );
    pm
}

/// The last actions: placed cards and eaten ants framed, ant paths and
/// spider steps drawn as lines between card centres.
fn draw_highlights(image: &mut Indexed, grid: &Grid, game: &AttaAnts, art: &Art) {
    let c = grid.cell;
    // A straight piece of line between the centres of neighbouring cards.
    let segment = |image: &mut Indexed, a: Pos, b: Pos, w: f32, colour: Colour| {
        let ((ax, ay), (bx, by)) = (grid.centre(a), grid.centre(b));
        let (x0, x1) = (ax.min(bx) - w / 2.0, ax.max(bx) + w / 2.0);
        let (y0, y1) = (ay.min(by) - w / 2.0, ay.max(by) + w / 2.0);
        art.rect(image, x0, y0, x1 - x0, y1 - y0, colour);
    };
    for h in game.highlights() {
        match h {
            Highlight::Placed(pos) => {
                let (x, y) = grid.corner(*pos);
                art.frame(image, x + 1.0, y + 1.0, c - 2.0, 4.0, HIGHLIGHT);
            }
            Highlight::Path { ant, path } => {
                let w = c * 0.09;
                for pair in path.windows(2) {
                    segment(image, pair[0], pair[1], w + 3.0, INK);
                }
                for pair in path.windows(2) {
                    segment(image, pair[0], pair[1], w, ant_colour(ant.colour));
                }
            }
            Highlight::Spider { from, to, .. } => {
                segment(image, *from, *to, (c * 0.03).max(2.0), SPIDER_TRACK)
            }
            Highlight::Eaten { at, .. } => {
                let (x, y) = grid.corner(*at);
                art.frame(image, x + 1.0, y + 1.0, c - 2.0, 4.0, DANGER);
            }
        }
    }
}

/// Leaves, spiders and ants on one card.
fn draw_contents(image: &mut Indexed, grid: &Grid, game: &AttaAnts, pos: Pos, art: &Art) {
    let (x, y) = grid.corner(pos);
    let c = grid.cell;
    let leaves = game.loose_leaves(pos);
    if leaves > 0 {
        let (lx, ly) = (x + c * 0.8, y + c * 0.2);
        let leaf = art.piece(Piece::Leaf {
            size10: (c * 0.11 * 10.0) as u32,
        });
        art.stamp(image, &leaf, lx as i32, ly as i32);
        if leaves > 1 {
            let size = (c * 0.15).clamp(9.0, 17.0) * 1.2;
            art.text(
                image,
                &format!("{leaves}"),
                true,
                size,
                INK,
                GRASS,
                lx - c * 0.14,
                ly + c * 0.07,
                Align::Right,
            );
        }
    }
    let spiders: Vec<_> = game.spiders().iter().filter(|s| s.pos == pos).collect();
    for (i, spider) in spiders.iter().enumerate() {
        let (sx, sy) = (x + c * (0.36 + 0.22 * i as f32), y + c * 0.45);
        let sprite = art.piece(Piece::Spider {
            cell: c as u32,
            number: spider.number,
        });
        art.stamp(
            image,
            &sprite,
            (sx - 0.11 * c * (spiders.len() - 1) as f32) as i32,
            sy as i32,
        );
    }
    let ants: Vec<_> = game.ants().iter().filter(|a| a.at == Some(pos)).collect();
    if ants.is_empty() {
        return;
    }
    let per_row = if ants.len() > 6 { 4 } else { 3 };
    let r = if ants.len() > 6 { c * 0.085 } else { c * 0.1 };
    let rows = ants.len().div_ceil(per_row);
    for (i, ant) in ants.iter().enumerate() {
        let row = i / per_row;
        let in_row = (ants.len() - row * per_row).min(per_row);
        let col = i % per_row;
        let ax = x + c / 2.0 + (col as f32 - (in_row as f32 - 1.0) / 2.0) * (2.0 * r + 3.0);
        let ay = y + c - 6.0 - r - (rows - 1 - row) as f32 * (2.0 * r + 3.0);
        let sprite = art.piece(Piece::Ant {
            r10: (r * 10.0).round() as u32,
            colour: ant.id.colour,
            number: ant.id.number,
            newborn: ant.newborn,
            carrying: ant.carrying,
        });
        art.stamp(image, &sprite, ax.round() as i32, ay.round() as i32);
    }
}

/// An ant as a coloured disc with its number, a leaf if it carries one, a
/// yellow ring if it was born this round.
#[allow(clippy::too_many_arguments)]
fn draw_ant_disc(
    pm: &mut Pixmap,
    ax: f32,
    ay: f32,
    r: f32,
    colour: AntColour,
    number: usize,
    newborn: bool,
    carrying: bool,
) {
    if carrying {
        draw_leaf(pm, ax + r * 0.8, ay - r * 0.8, r * 0.7);
    }
    if let Some(disc) = PathBuilder::from_circle(ax, ay, r) {
        canvas::fill(pm, &disc, ant_colour(colour));
        let ring = if newborn { HIGHLIGHT } else { INK };
        canvas::stroke(pm, &disc, ring, if newborn { 2.5 } else { 1.2 });
    }
    let text = Style::new(&fonts().bold, r * 1.2);
    text.with(ant_text(colour)).draw(
        pm,
        &number.to_string(),
        ax,
        ay + text.cap_height() / 2.0,
        Align::Centre,
    );
}

fn draw_leaf(pm: &mut Pixmap, cx: f32, cy: f32, size: f32) {
    let mut pb = PathBuilder::new();
    pb.move_to(cx - size, cy + size);
    pb.quad_to(cx - size, cy - size, cx + size, cy - size);
    pb.quad_to(cx + size, cy + size, cx - size, cy + size);
    pb.close();
    if let Some(path) = pb.finish() {
        canvas::fill(pm, &path, LEAF);
    }
    let mut vein = PathBuilder::new();
    vein.move_to(cx - size * 0.7, cy + size * 0.7);
    vein.line_to(cx + size * 0.6, cy - size * 0.6);
    if let Some(path) = vein.finish() {
        canvas::stroke(pm, &path, LEAF_VEIN, (size * 0.15).max(1.0));
    }
}

fn draw_spider(pm: &mut Pixmap, cx: f32, cy: f32, r: f32) {
    let mut legs = PathBuilder::new();
    for side in [-1.0f32, 1.0] {
        for k in 0..4 {
            let a = -0.9 + k as f32 * 0.6;
            legs.move_to(cx, cy);
            let (kx, ky) = (cx + side * r * 1.4 * a.cos(), cy + r * 1.1 * a.sin() - r * 0.3);
            legs.line_to(kx, ky);
            legs.line_to(kx + side * r * 0.4, ky + r * 0.6);
        }
    }
    if let Some(path) = legs.finish() {
        canvas::stroke(pm, &path, SPIDER, (r * 0.14).max(1.2));
    }
    if let Some(body) = PathBuilder::from_circle(cx, cy, r) {
        canvas::fill(pm, &body, SPIDER);
    }
}

fn draw_header(image: &mut Indexed, game: &AttaAnts, labels: &AttaLabels, width: f32, art: &Art) {
    let regular = Style::new(&fonts().regular, 15.0);
    let bold = Style::new(&fonts().bold, 15.0);
    art.text(
        image,
        &format!("Atta Ants · round {}", game.round()),
        true,
        20.0,
        INK,
        BACKGROUND,
        MARGIN,
        30.0,
        Align::Left,
    );
    art.text(
        image,
        &turn_text(game, labels),
        false,
        15.0,
        MUTED,
        BACKGROUND,
        width - MARGIN,
        30.0,
        Align::Right,
    );
    // The score line: one entry per seat, wrapped onto a second row.
    let (mut x, mut y) = (MARGIN, 62.0);
    for colour in game.colours() {
        let name = bold.fit(&label(labels, colour), 170.0);
        let mut score = format!("{} in play, {} eaten", game.in_play(colour), game.eaten(colour));
        if game.has_left(colour) {
            score = "left".into();
        } else if game.is_out(colour) {
            score.push_str(", out");
        }
        if game.first() == colour && game.outcome().is_none() {
            score.push_str(" · first");
        }
        let entry = 24.0 + bold.width(&name) + 6.0 + regular.width(&score);
        if x > MARGIN && x + entry > width - MARGIN {
            x = MARGIN;
            y += 24.0;
        }
        let disc = art.piece(Piece::Disc { colour });
        art.stamp(image, &disc, (x + 9.0) as i32, (y - 5.0) as i32);
        x += 24.0;
        x += art.text(image, &name, true, 15.0, INK, BACKGROUND, x, y, Align::Left) + 6.0;
        x += art.text(image, &score, false, 15.0, MUTED, BACKGROUND, x, y, Align::Left) + 22.0;
    }
}

fn draw_footer(image: &mut Indexed, game: &AttaAnts, width: f32, height: f32, art: &Art) {
    let regular = Style::new(&fonts().regular, 14.0);
    let mut text = format!("Deck: {} cards", game.deck_len());
    if !game.set_aside().is_empty() {
        let cards: Vec<String> = game.set_aside().iter().map(Card::to_string).collect();
        let _ = write!(text, " · set aside: {}", cards.join(" "));
    }
    if let Some(card) = game.drawn() {
        let _ = write!(text, " · to place: {}", card_name(card));
    }
    let y = height - MARGIN - 6.0;
    let shown = regular.fit(&text, width - 2.0 * MARGIN);
    art.text(
        image,
        &shown,
        false,
        14.0,
        MUTED,
        BACKGROUND,
        MARGIN,
        y,
        Align::Left,
    );
}

fn label(labels: &AttaLabels, colour: AntColour) -> String {
    match labels.get(colour.index()) {
        Some(name) if !name.is_empty() => format!("{name} ({colour})"),
        _ => colour.to_string(),
    }
}

/// "a straight with a leaf"
pub fn card_name(card: Card) -> String {
    let feature = match card.feature {
        Feature::Plain => "",
        Feature::Leaf => " with a leaf",
        Feature::Spider => " with a spider",
    };
    format!("{} ({card}){feature}", card.shape.name())
}

fn turn_text(game: &AttaAnts, labels: &AttaLabels) -> String {
    match game.status() {
        Status::Over(outcome) => match outcome.winner() {
            Some(w) => format!("{} wins", label(labels, w)),
            None => "a tie".into(),
        },
        Status::ToMove(c) => {
            let what = match game.phase() {
                Phase::Place => "to place a card",
                Phase::Ants(_) => "to move ants",
                Phase::Spider { .. } => "to choose a spider's step",
                Phase::Over => "",
            };
            format!("{} {what}", label(labels, c))
        }
    }
}

/// The map in words, for screen readers (at most 1024 characters).
pub fn atta_ants_alt_text(game: &AttaAnts, labels: &AttaLabels) -> String {
    let mut text = format!(
        "Atta Ants map, round {}: {}.",
        game.round(),
        turn_text(game, labels)
    );
    if let Some(card) = game.drawn() {
        let _ = write!(text, " To place: {}.", card_name(card));
    }
    for colour in game.colours() {
        let _ = write!(
            text,
            " {}: {} ants in play, {} eaten{}.",
            label(labels, colour),
            game.in_play(colour),
            game.eaten(colour),
            if game.is_out(colour) { ", out" } else { "" }
        );
    }
    let ants: Vec<String> = game
        .ants()
        .iter()
        .filter_map(|a| {
            a.at.map(|p| {
                let place = if p.is_nest() {
                    "nest".to_string()
                } else {
                    p.to_string()
                };
                format!("{} {place}{}", a.id, if a.carrying { " with a leaf" } else { "" })
            })
        })
        .collect();
    let _ = write!(text, " Ants: {}.", ants.join(", "));
    if !game.spiders().is_empty() {
        let spiders: Vec<String> = game
            .spiders()
            .iter()
            .map(|s| format!("{} on {}", s.number, s.pos))
            .collect();
        let _ = write!(text, " Spiders: {}.", spiders.join(", "));
    }
    let leaves: Vec<String> = game.leaves().map(|(p, n)| format!("{n} on {p}")).collect();
    if !leaves.is_empty() {
        let _ = write!(text, " Leaves: {}.", leaves.join(", "));
    }
    let _ = write!(
        text,
        " {} cards on the map, {} in the deck.",
        game.map().len() + 1,
        game.deck_len()
    );
    if text.chars().count() > 1024 {
        text = text.chars().take(1023).collect::<String>() + "…";
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::atta_ants::Setup;

    #[test]
    fn draws_a_new_game_about_a_thousand_pixels_wide() {
        let game = AttaAnts::new(&Setup {
            players: 4,
            seed: 3,
            deal: None,
        })
        .unwrap();
        let labels = vec!["alice".into(), "bob".into(), "carol".into(), "dave".into()];
        let png = atta_ants_png(&game, &labels);
        let decoder = png::Decoder::new(std::io::Cursor::new(&png));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        assert!((700..=1100).contains(&info.width), "{}", info.width);
        let alt = atta_ants_alt_text(&game, &labels);
        assert!(alt.contains("alice (Red): 2 ants in play"), "{alt}");
        assert!(alt.len() <= 1100);
    }
}

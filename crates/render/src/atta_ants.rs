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
//! shape, ants, leaves, spiders) is drawn once per size with anti-aliasing
//! and kept by the sprite engine (`super::sprites`); a board is those
//! pieces stamped onto a palette sheet with its text, and encoded as it is.

use super::canvas::{
    self, fonts, Align, Colour, Indexed, Palette, PaletteBuilder, Style, FRAME, GOLD, RULE, TEXT, TEXT_DIM,
};
use super::sprites::{Sheet, Sprites, Surface, PIECE};
use super::Region;
use antics_core::rules::atta_ants::cards::NEST_EDGES;
use antics_core::rules::atta_ants::{
    Ant, Card, Colour as AntColour, Dir, Feature, Highlight, Phase, Pos, Status, View,
};
use std::fmt::Write;
use std::sync::OnceLock;
use tiny_skia::{PathBuilder, Pixmap};

/// The names shown for each colour, in seating order.
pub type AttaLabels = Vec<String>;

const WIDTH_TARGET: f32 = 1000.0;
/// Cards at least this big keep ant tokens 40 px across with three to a row.
pub const MIN_CELL: f32 = 160.0;
pub const MAX_CELL: f32 = 200.0;
pub const MARGIN: f32 = 16.0;
/// The baseline of the first score row, under the title (or the result)
/// and the turn line; each seat has a row (before [`Grid::scale`]).
const SCORES_TOP: f32 = 100.0;
const SCORE_ROW: f32 = 28.0;
/// Below the last score row.
const HEADER_FOOT: f32 = 16.0;
const FOOTER: f32 = 40.0;
/// The type of the status lines before `Grid::scale`.
pub const BODY: f32 = 19.0;
/// A phone shows the board about this wide, and text on it should be no
/// smaller than [`PHONE_TEXT`] there.
const PHONE_WIDTH: f32 = 400.0;
const PHONE_TEXT: f32 = 12.0;
/// Ant tokens are never smaller than this radius on the board as sent.
pub const MIN_ANT_RADIUS: f32 = 20.0;
/// A seat's colour disc in the status, before scaling.
const DISC_R: f32 = 9.0;
/// The top of a card where its coordinates are written; ants stay below.
const COORD_BAND: f32 = 36.0;

/// Dark ink on cards and light tokens.
const INK: Colour = Colour::hex(0x2B2118);
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
/// A free square where the drawn card fits.
const FRONTIER: Colour = RULE;
const WHITE: Colour = Colour::hex(0xFFFFFF);
/// A spider's last step.
const SPIDER_TRACK: Colour = Colour::hex(0x4A4A44);
/// Laid over a rotation of the drawn card that fits nowhere.
const DIM_VEIL: Colour = FRAME.alpha(170);
/// The drawn card's rotations: their tiles, and the strip that shows them.
const STRIP_CELL: u32 = 120;
const STRIP_GAP: f32 = 24.0;
pub const STRIP: f32 = 190.0;

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
pub struct Grid {
    /// How much the status around the map is scaled up, so that its text
    /// reads at [`PHONE_TEXT`] px when the image is shown
    /// [`PHONE_WIDTH`] px wide: the header, the drawn card's rotations and
    /// the footer are laid out at scale 1, then multiplied by this.
    scale: f32,
    cell: f32,
    /// The squares shown: min x, min y, max x, max y.
    bounds: (i32, i32, i32, i32),
    min_x: i32,
    max_y: i32,
    left: f32,
    top: f32,
}

impl Grid {
    /// The grid of `view` drawn alone.
    fn new(view: &View) -> (Grid, u32, u32) {
        Grid::around(shown_bounds(view), header_height(view))
    }

    /// The grid for squares within `bounds` (min x, min y, max x, max y):
    /// no free band around them, so the map starts under the header,
    /// `header` high before scaling (taller while a card waits).
    pub fn around(bounds: (i32, i32, i32, i32), header: f32) -> (Grid, u32, u32) {
        let (min_x, min_y, max_x, max_y) = bounds;
        let cols = (max_x - min_x + 1) as f32;
        let rows = (max_y - min_y + 1) as f32;
        let cell = cell_size(cols);
        let width = (cols * cell + 2.0 * MARGIN).max(WIDTH_TARGET);
        let scale = (width * PHONE_TEXT / PHONE_WIDTH / BODY).max(1.0);
        let header = (header * scale).ceil();
        let left = ((width - cols * cell) / 2.0).floor();
        let height = header + rows * cell + (FOOTER * scale).ceil() + MARGIN;
        let grid = Grid {
            scale,
            bounds,
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

    /// Whether `pos` lies on the grid.
    fn shows(&self, pos: Pos) -> bool {
        let (x0, y0, x1, y1) = self.bounds;
        (x0..=x1).contains(&pos.x) && (y0..=y1).contains(&pos.y)
    }

    fn centre(&self, pos: Pos) -> (f32, f32) {
        let (x, y) = self.corner(pos);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }
}

/// The side of a card for a map `cols` squares wide: about 1000 px in
/// all, never so small that ant tokens shrink below 40 px.
fn cell_size(cols: f32) -> f32 {
    ((WIDTH_TARGET - 2.0 * MARGIN) / cols)
        .clamp(MIN_CELL, MAX_CELL)
        .floor()
}

/// The radius of an ant token on cards of side `cell`.
fn ant_radius(cell: f32) -> f32 {
    (cell * 0.125).max(MIN_ANT_RADIUS)
}

/// The squares the board shows: the cards, and while a card waits the free
/// squares where it fits.
pub fn shown_bounds(view: &View) -> (i32, i32, i32, i32) {
    free_squares(view)
        .into_iter()
        .fold(view.map.bounds(), |(x0, y0, x1, y1), p| {
            (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y))
        })
}

/// The squares where the drawn card fits, while it waits.
fn free_squares(view: &View) -> Vec<Pos> {
    let mut free: Vec<Pos> = Vec::new();
    if placing(view) {
        for (pos, _) in &view.placements {
            if !free.contains(pos) {
                free.push(*pos);
            }
        }
    }
    free
}

/// Where the board's clickable spots were drawn: every card and free
/// square (`X,Y`), and the drawn card's rotations (`rot0` to `rot3`). The
/// ants and spiders on a card are played from their card, a target large
/// enough for a finger even where tokens crowd.
pub fn atta_ants_regions(view: &View) -> Vec<Region> {
    let (grid, _, _) = Grid::new(view);
    let c = grid.cell;
    let square = |pos: Pos| {
        let (x, y) = grid.corner(pos);
        Region::new(pos.to_string(), x, y, c, c)
    };
    let mut regions: Vec<Region> = view.map.squares().chain(free_squares(view)).map(square).collect();
    if let (true, Some(card)) = (placing(view), view.drawn) {
        let strip = Strip::of(view, grid.scale);
        for (i, r) in card.shape.distinct_rotations().into_iter().enumerate() {
            let (x, y) = strip.tile(i);
            regions.push(Region::new(
                format!("rot{r}"),
                x,
                y,
                strip.tile_side(),
                strip.tile_side(),
            ));
        }
    }
    regions
}

/// The map as a PNG, with the move being picked (if any, `View::picking`)
/// drawn as done so far, and the whole moves still open to it as thin
/// routes to a mark where each ends.
pub fn atta_ants_png(view: &View, labels: &AttaLabels) -> Vec<u8> {
    let art = art();
    art.palette().encode_indexed(&draw(view, labels, art, None))
}

/// The sizes a board is drawn at, for checks: the image, a card, an ant
/// token's diameter and a tile of the drawn card's rotations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttaGeometry {
    pub width: u32,
    pub height: u32,
    pub cell: f32,
    pub ant_diameter: f32,
    pub rotation_tile: f32,
    /// From the top of the image to the first row of squares.
    pub map_top: f32,
    /// The size of the status lines' type.
    pub text: f32,
}

/// The geometry `atta_ants_png` draws `view` with.
pub fn atta_ants_geometry(view: &View) -> AttaGeometry {
    let (grid, width, height) = Grid::new(view);
    AttaGeometry {
        width,
        height,
        cell: grid.cell,
        ant_diameter: 2.0 * ant_radius(grid.cell),
        rotation_tile: Strip::of(view, grid.scale).tile_side(),
        map_top: grid.top,
        text: BODY * grid.scale,
    }
}

/// One layout for every position of a game, so that the frames of its
/// replay have one size and a card stays where it lies: the grid of the
/// largest map (a map only grows, but the union is taken all the same),
/// cropped to its cards (a free square beyond them is left out), and the
/// header with room for the drawn card's rotations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    bounds: (i32, i32, i32, i32),
    header: f32,
}

impl Layout {
    /// The squares every frame shows: min x, min y, max x, max y.
    // The integration tests use it.
    #[doc(hidden)]
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        self.bounds
    }

    /// The height of the status above the map before scaling.
    // The integration tests use it.
    #[doc(hidden)]
    pub fn header(&self) -> f32 {
        self.header
    }

    pub(super) fn covering(views: &[View]) -> Option<Layout> {
        let bounds = views
            .iter()
            .map(|view| view.map.bounds())
            .reduce(|a, b| (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3)))?;
        let header = views.iter().map(header_height).fold(0.0, f32::max);
        Some(Layout { bounds, header })
    }
}

/// A position of the game drawn in `layout`, for a replay.
pub(super) fn atta_ants_frame(
    view: &View,
    labels: &AttaLabels,
    layout: Layout,
) -> (Indexed, &'static Palette) {
    let art = art();
    (draw(view, labels, art, Some(layout)), art.palette())
}

/// The board; every frame of a replay is drawn on the grid of the
/// largest map, with room for the drawn card's rotations.
impl super::Board for View {
    type Labels<'a> = &'a AttaLabels;
    type Layout = Layout;

    fn png(&self, labels: &AttaLabels) -> Vec<u8> {
        atta_ants_png(self, labels)
    }

    fn alt_text(&self, labels: &AttaLabels) -> String {
        atta_ants_alt_text(self, labels)
    }

    fn layout(views: &[View]) -> Option<Layout> {
        Layout::covering(views)
    }

    fn frame(&self, labels: &AttaLabels, layout: Layout) -> (Indexed, &'static Palette) {
        atta_ants_frame(self, labels, layout)
    }
}

// ------------------------------------------------------------ prepared art

/// The palette, chosen once from the art at a sample size; the pieces
/// (tiles, ants, leaves, spiders) are drawn at each size the first time
/// they are needed and kept.
fn art() -> &'static Sprites {
    static ART: OnceLock<Sprites> = OnceLock::new();
    ART.get_or_init(|| {
        let mut builder = PaletteBuilder::default();
        let cell = 100;
        let mut samples = Vec::new();
        for edges in 0..16u8 {
            samples.push(card_pixmap(cell, edges, false));
        }
        samples.push(card_pixmap(cell, NEST_EDGES, true));
        samples.push(free_pixmap(cell));
        for mut pm in samples {
            builder.add_pixmap(&pm);
            // Rotations that do not fit are drawn dimmed.
            Surface::fill_rect(&mut pm, 0.0, 0.0, cell as f32, cell as f32, DIM_VEIL);
            builder.add_pixmap(&pm);
        }
        for ground in [GRASS, TRAIL, NEST, FRAME] {
            builder.add_pixmap(&sprite_sample(ground));
        }
        for (fg, ground) in [
            (TEXT, FRAME),
            (TEXT_DIM, FRAME),
            (GOLD, FRAME),
            (GOLD, FRONTIER),
            (TEXT, FRONTIER),
            (TEXT_DIM, FRONTIER),
            (INK, GRASS),
            (WHITE, NEST),
        ] {
            builder.add_ink(fg, ground, 60);
        }
        let mut flat = canvas::pixmap(12, 8, HIGHLIGHT);
        for (i, c) in [DANGER, INK, SPIDER, SPIDER_TRACK, GOLD, FRONTIER]
            .into_iter()
            .enumerate()
        {
            canvas::fill_rect(&mut flat, canvas::rect(i as f32 * 2.0, 0.0, 2.0, 8.0), c);
        }
        builder.add_pixmap(&flat);
        Sprites::new(builder.build(), &[])
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

/// A piece of art, by what it shows and its size in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        /// The ant whose move is being built.
        moving: bool,
    },
    Leaf {
        size10: u32,
    },
    Spider {
        r10: u32,
        number: u8,
    },
    /// A seat's colour in the status, `r10` tenths of a pixel across.
    Disc {
        colour: AntColour,
        r10: u32,
    },
}

impl Piece {
    /// The piece's key among the sprites the engine keeps: its kind, then
    /// each of its fields.
    fn key(self) -> Vec<u32> {
        let flags = |bits: &[bool]| {
            bits.iter()
                .enumerate()
                .fold(0, |all, (i, &b)| all | u32::from(b) << i)
        };
        let fields = match self {
            Piece::Card { cell, edges, nest } => vec![0, cell, u32::from(edges), u32::from(nest)],
            Piece::Free { cell } => vec![1, cell],
            Piece::Ant {
                r10,
                colour,
                number,
                newborn,
                carrying,
                moving,
            } => vec![
                2,
                r10,
                colour.index() as u32,
                u32::from(number),
                flags(&[newborn, carrying, moving]),
            ],
            Piece::Leaf { size10 } => vec![3, size10],
            Piece::Spider { r10, number } => vec![4, r10, u32::from(number)],
            Piece::Disc { colour, r10 } => vec![5, colour.index() as u32, r10],
        };
        [PIECE].into_iter().chain(fields).collect()
    }

    /// The piece drawn in full colour, and its anchor: a tile's top-left
    /// corner, a token's centre.
    fn draw(self) -> Option<(Pixmap, (i32, i32))> {
        let centred = |half: f32, draw: &dyn Fn(&mut Pixmap)| {
            let mut pm = Pixmap::new((2.0 * half) as u32, (2.0 * half) as u32)?;
            draw(&mut pm);
            Some((pm, (half as i32, half as i32)))
        };
        match self {
            Piece::Card { cell, edges, nest } => Some((card_pixmap(cell, edges, nest), (0, 0))),
            Piece::Free { cell } => Some((free_pixmap(cell), (0, 0))),
            Piece::Ant {
                r10,
                colour,
                number,
                newborn,
                carrying,
                moving,
            } => {
                let r = r10 as f32 / 10.0;
                let half = (r * 1.7 + 4.0).ceil();
                centred(half, &|pm| {
                    draw_ant_disc(pm, half, half, r, colour, number as usize, newborn, carrying);
                    if moving {
                        if let Some(ring) = PathBuilder::from_circle(half, half, r + 2.5) {
                            canvas::stroke(pm, &ring, WHITE, 3.0);
                        }
                    }
                })
            }
            Piece::Leaf { size10 } => {
                let size = size10 as f32 / 10.0;
                let half = (size * 1.2 + 2.0).ceil();
                centred(half, &|pm| draw_leaf(pm, half, half, size))
            }
            Piece::Spider { r10, number } => {
                let r = r10 as f32 / 10.0;
                let half = (r * 2.0 + 3.0).ceil();
                centred(half, &|pm| {
                    draw_spider(pm, half, half, r);
                    // A spider on a card still to be placed has no number yet.
                    if number > 0 {
                        // The size of an ant's number (at least 24 px on a
                        // board about 1,000 px wide) where the body allows.
                        let bold = Style::new(&fonts().bold, spider_number_size(r));
                        bold.with(WHITE).draw(
                            pm,
                            &number.to_string(),
                            half,
                            half + bold.cap_height() / 2.0,
                            Align::Centre,
                        );
                    }
                })
            }
            Piece::Disc { colour, r10 } => {
                let r = r10 as f32 / 10.0;
                let half = (r + 2.0).ceil();
                centred(half, &|pm| {
                    if let Some(disc) = PathBuilder::from_circle(half, half, r) {
                        canvas::fill(pm, &disc, ant_colour(colour));
                        canvas::stroke(pm, &disc, INK, 1.0);
                    }
                })
            }
        }
    }
}

/// Places `piece` with its anchor at `(x, y)`.
fn stamp(sheet: &mut Sheet, piece: Piece, x: f32, y: f32) {
    sheet.piece(&piece.key(), x as i32, y as i32, || piece.draw());
}

/// Writes `text` with its baseline at `y`; returns its width.
#[allow(clippy::too_many_arguments)]
fn write_text(
    sheet: &mut Sheet,
    text: &str,
    bold: bool,
    size: f32,
    fg: Colour,
    x: f32,
    y: f32,
    align: Align,
) -> f32 {
    let font = if bold { &fonts().bold } else { &fonts().regular };
    sheet.text(&Style::new(font, size).with(fg), text, x, y, align)
}

/// A frame `width` thick just inside the square at (x, y).
fn frame(sheet: &mut Sheet, x: f32, y: f32, c: f32, width: f32, colour: Colour) {
    sheet.fill_rect(x + 1.0, y + 1.0, c - 2.0, width, colour);
    sheet.fill_rect(x + 1.0, y + c - 1.0 - width, c - 2.0, width, colour);
    sheet.fill_rect(x + 1.0, y + 1.0, width, c - 2.0, colour);
    sheet.fill_rect(x + c - 1.0 - width, y + 1.0, width, c - 2.0, colour);
}

/// The height of the status above the map before scaling: taller while a
/// card waits, to show its rotations.
pub fn header_height(view: &View) -> f32 {
    let strip = if placing(view) && view.drawn.is_some() {
        STRIP
    } else {
        0.0
    };
    scores_bottom(view) + strip
}

/// Where the score rows end, before scaling: one row a seat.
pub fn scores_bottom(view: &View) -> f32 {
    SCORES_TOP + SCORE_ROW * (view.seats.len().max(1) - 1) as f32 + HEADER_FOOT
}

/// The drawn card's rotations, in the header under the scores: where the
/// tiles lie at `scale`.
struct Strip {
    top: f32,
    scale: f32,
}

impl Strip {
    fn of(view: &View, scale: f32) -> Strip {
        Strip {
            top: scores_bottom(view) * scale,
            scale,
        }
    }

    fn tile_side(&self) -> f32 {
        (STRIP_CELL as f32 * self.scale).round()
    }

    /// The top left corner of the `i`th tile.
    fn tile(&self, i: usize) -> (f32, f32) {
        let x = MARGIN + i as f32 * (self.tile_side() + STRIP_GAP * self.scale);
        (x, self.top + 32.0 * self.scale)
    }
}

fn placing(view: &View) -> bool {
    matches!(view.phase, Phase::Place) && view.outcome().is_none()
}

fn draw(view: &View, labels: &AttaLabels, art: &Sprites, layout: Option<Layout>) -> Indexed {
    let (grid, width, height) = match layout {
        Some(layout) => Grid::around(layout.bounds, layout.header),
        None => Grid::new(view),
    };
    let k = grid.scale;
    let mut board = art.blank(width, height, FRAME);
    let sheet = &mut board;
    draw_header(sheet, view, labels, width as f32, k);
    let cell = grid.cell as u32;
    // While placing, the squares where the drawn card fits, with
    // coordinates (those on the grid: a replay's is cropped to the map).
    let free: Vec<Pos> = free_squares(view)
        .into_iter()
        .filter(|p| grid.shows(*p))
        .collect();
    if placing(view) {
        draw_rotations(sheet, view, k);
        for pos in free.iter().copied() {
            let (x, y) = grid.corner(pos);
            stamp(sheet, Piece::Free { cell }, x, y);
        }
    }
    for pos in view.map.squares() {
        let (x, y) = grid.corner(pos);
        let tile = Piece::Card {
            cell,
            edges: view.map.edges(pos).unwrap_or(0),
            nest: pos.is_nest(),
        };
        stamp(sheet, tile, x, y);
    }
    draw_highlights(sheet, &grid, view);
    draw_routes(sheet, &grid, view);
    if let Some(moving) = &view.moving {
        draw_path(sheet, &grid, &moving.path, moving.ant.colour, GOLD);
    }
    for pos in view.map.squares() {
        draw_contents(sheet, &grid, view, pos);
    }
    // Coordinates: on every card, and on free squares while placing; as
    // large as the status where the card has room.
    let size = coordinate_size(&grid);
    let cap = size * 0.73;
    for (pos, ground) in view
        .map
        .squares()
        .map(|p| (p, if p.is_nest() { NEST } else { GRASS }))
        .chain(free.iter().map(|p| (*p, FRONTIER)))
    {
        let (x, y) = grid.corner(pos);
        let fg = match (pos.is_nest(), ground == FRONTIER) {
            (true, _) => WHITE,
            (false, true) => TEXT,
            _ => INK,
        };
        write_text(
            sheet,
            &pos.to_string(),
            ground != FRONTIER,
            size,
            fg,
            x + 8.0,
            y + 7.0 + cap,
            Align::Left,
        );
    }
    draw_footer(sheet, view, width as f32, height as f32, k);
    board.image
}

/// The type of a card's coordinates and leaf count: the status's size,
/// as long as a card of the map leaves room for its ants.
fn coordinate_size(grid: &Grid) -> f32 {
    (BODY * grid.scale).min(grid.cell * 0.19).max(20.0)
}

/// The drawn card above the map in each rotation that looks different (one
/// for a crossing, two for a straight); those that fit nowhere are dimmed.
fn draw_rotations(sheet: &mut Sheet, view: &View, k: f32) {
    let Some(card) = view.drawn else {
        return;
    };
    let fits: Vec<u8> = view.placements.iter().map(|(_, rotation)| *rotation).collect();
    let strip = Strip::of(view, k);
    write_text(
        sheet,
        &format!("To place: {}", card_name(card)),
        true,
        20.0 * k,
        TEXT,
        MARGIN,
        strip.top + 20.0 * k,
        Align::Left,
    );
    let c = strip.tile_side();
    for (i, r) in card.shape.distinct_rotations().into_iter().enumerate() {
        let fit = fits.iter().any(|f| card.shape.canonical_rotation(*f) == r);
        let (x, y) = strip.tile(i);
        let tile = Piece::Card {
            cell: c as u32,
            edges: card.shape.edges(r),
            nest: false,
        };
        stamp(sheet, tile, x, y);
        match card.feature {
            Feature::Leaf => {
                let leaf = Piece::Leaf {
                    size10: (c * 0.11 * 10.0) as u32,
                };
                stamp(sheet, leaf, x + c * 0.8, y + c * 0.2);
            }
            Feature::Spider => {
                let spider = Piece::Spider {
                    r10: (c * 0.14 * 10.0) as u32,
                    number: 0,
                };
                // No number yet: a spider is numbered when it appears.
                stamp(sheet, spider, x + c * 0.5, y + c * 0.45);
            }
            Feature::Plain => {}
        }
        if fit {
            frame(sheet, x, y, c, 4.0 * k, HIGHLIGHT);
        } else {
            sheet.fill_rect(x, y, c, c, DIM_VEIL);
        }
        let (label, fg) = if fit {
            (format!("r{r}"), TEXT)
        } else {
            (format!("r{r}: no fit"), TEXT_DIM)
        };
        write_text(
            sheet,
            &label,
            fit,
            BODY * k,
            fg,
            x + c / 2.0,
            y + c + 26.0 * k,
            Align::Centre,
        );
    }
}

/// A card's tile: the card on the background, `edges` its trails.
fn card_pixmap(cell: u32, edges: u8, nest: bool) -> Pixmap {
    let mut pm = canvas::pixmap(cell, cell, FRAME);
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
    let mut pm = canvas::pixmap(cell, cell, FRAME);
    let c = cell as f32;
    canvas::fill(
        &mut pm,
        &canvas::rounded_rect(3.0, 3.0, c - 6.0, c - 6.0, 8.0),
        FRONTIER,
    );
    pm
}

/// A straight piece of line between the centres of neighbouring cards.
fn segment(sheet: &mut Sheet, grid: &Grid, a: Pos, b: Pos, w: f32, colour: Colour) {
    let ((ax, ay), (bx, by)) = (grid.centre(a), grid.centre(b));
    let (x0, x1) = (ax.min(bx) - w / 2.0, ax.max(bx) + w / 2.0);
    let (y0, y1) = (ay.min(by) - w / 2.0, ay.max(by) + w / 2.0);
    sheet.fill_rect(x0, y0, x1 - x0, y1 - y0, colour);
}

/// An ant's path in its colour, outlined.
fn draw_path(sheet: &mut Sheet, grid: &Grid, path: &[Pos], ant: AntColour, outline: Colour) {
    let w = grid.cell * 0.09;
    for pair in path.windows(2) {
        segment(sheet, grid, pair[0], pair[1], w + 4.0, outline);
    }
    for pair in path.windows(2) {
        segment(sheet, grid, pair[0], pair[1], w, ant_colour(ant));
    }
}

/// The moves open to the ant being moved, so the player sees where each
/// option goes before picking it: thin routes in the ant's colour, and a
/// square mark, white-edged, on each card where one ends.
fn draw_routes(sheet: &mut Sheet, grid: &Grid, view: &View) {
    let routes: Vec<(AntColour, &Vec<Pos>)> =
        view.routes.iter().map(|(ant, path)| (ant.colour, path)).collect();
    let w = (grid.cell * 0.035).max(4.0);
    for (_, path) in &routes {
        for pair in path.windows(2) {
            segment(sheet, grid, pair[0], pair[1], w + 4.0, WHITE);
        }
    }
    for (colour, path) in &routes {
        for pair in path.windows(2) {
            segment(sheet, grid, pair[0], pair[1], w, ant_colour(*colour));
        }
    }
    let side = (grid.cell * 0.16).max(22.0);
    for (colour, path) in &routes {
        let Some(end) = path.last().filter(|_| path.len() > 1) else {
            continue;
        };
        let (cx, cy) = grid.centre(*end);
        sheet.fill_rect(
            cx - side / 2.0 - 3.0,
            cy - side / 2.0 - 3.0,
            side + 6.0,
            side + 6.0,
            WHITE,
        );
        sheet.fill_rect(cx - side / 2.0, cy - side / 2.0, side, side, ant_colour(*colour));
    }
}

/// The last actions: placed cards and eaten ants framed, ant paths and
/// spider steps drawn as lines between card centres.
fn draw_highlights(sheet: &mut Sheet, grid: &Grid, view: &View) {
    let c = grid.cell;
    for h in &view.highlights {
        match h {
            Highlight::Placed(pos) => {
                let (x, y) = grid.corner(*pos);
                frame(sheet, x + 1.0, y + 1.0, c - 2.0, 4.0, HIGHLIGHT);
            }
            Highlight::Path { ant, path } => draw_path(sheet, grid, path, ant.colour, INK),
            Highlight::Spider { from, to, .. } => {
                segment(sheet, grid, *from, *to, (c * 0.03).max(2.0), SPIDER_TRACK)
            }
            Highlight::Eaten { at, .. } => {
                let (x, y) = grid.corner(*at);
                frame(sheet, x + 1.0, y + 1.0, c - 2.0, 4.0, DANGER);
            }
        }
    }
}

/// Spiders, ants and loose leaves on one card, in that order.
fn draw_contents(sheet: &mut Sheet, grid: &Grid, view: &View, pos: Pos) {
    let (x, y) = grid.corner(pos);
    let c = grid.cell;
    // Spiders side by side, apart, each with its number in its body, as
    // large as an ant's even when they share a card (a phone shows the
    // board at about 40 %).
    let spiders: Vec<_> = view.spiders.iter().filter(|s| s.pos == pos).collect();
    let n = spiders.len() as f32;
    let (r, apart) = spider_layout(spiders.len(), c);
    for (i, spider) in spiders.iter().enumerate() {
        let sx = x + c * (0.5 + (i as f32 - (n - 1.0) / 2.0) * apart);
        let piece = Piece::Spider {
            r10: (r * 10.0).round() as u32,
            number: spider.number,
        };
        stamp(sheet, piece, sx.round(), y + c * 0.5);
    }
    let ants: Vec<&Ant> = view.ants.iter().filter(|a| a.at == Some(pos)).collect();
    draw_ants(sheet, view, &ants, x, y, c);
    draw_loose_leaves(sheet, view, pos, (x, y, c), coordinate_size(grid));
}

/// The ants of one card, three to a row (four past nine ants), bottom up;
/// tokens keep their size and overlap a little where a crowd would not fit.
fn draw_ants(sheet: &mut Sheet, view: &View, ants: &[&Ant], x: f32, y: f32, c: f32) {
    let r = ant_radius(c);
    let per_row = if ants.len() > 9 { 4 } else { 3 };
    let rows = ants.len().div_ceil(per_row);
    let dx = (2.0 * r + 3.0).min((c - 8.0 - 2.0 * r) / (per_row - 1) as f32);
    let dy = if rows > 1 {
        (2.0 * r + 3.0).min((c - COORD_BAND - 6.0 - 2.0 * r) / (rows - 1) as f32)
    } else {
        0.0
    };
    for (i, ant) in ants.iter().enumerate() {
        let row = i / per_row;
        let in_row = (ants.len() - row * per_row).min(per_row);
        let col = i % per_row;
        let ax = x + c / 2.0 + (col as f32 - (in_row as f32 - 1.0) / 2.0) * dx;
        let ay = y + c - 6.0 - r - (rows - 1 - row) as f32 * dy;
        let piece = Piece::Ant {
            r10: (r * 10.0).round() as u32,
            colour: ant.id.colour,
            number: ant.id.number,
            newborn: ant.newborn,
            carrying: ant.carrying,
            moving: view.is_moving(ant.id),
        };
        stamp(sheet, piece, ax.round(), ay.round());
    }
}

/// The loose leaves of one card, in its top right corner, drawn last so
/// that no token hides them.
fn draw_loose_leaves(sheet: &mut Sheet, view: &View, pos: Pos, (x, y, c): (f32, f32, f32), size: f32) {
    let leaves = view.leaves.iter().find(|(p, _)| *p == pos).map_or(0, |(_, n)| *n);
    if leaves > 0 {
        let (lx, ly) = (x + c * 0.82, y + c * 0.18);
        let leaf = Piece::Leaf {
            size10: (c * 0.1 * 10.0) as u32,
        };
        stamp(sheet, leaf, lx, ly);
        if leaves > 1 {
            write_text(
                sheet,
                &format!("{leaves}"),
                true,
                size,
                INK,
                lx - c * 0.13,
                ly + size * 0.4,
                Align::Right,
            );
        }
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

/// The radius of each of `n` spiders on a card of side `cell`, and how
/// far apart their centres stand (in cells).
pub fn spider_layout(n: usize, cell: f32) -> (f32, f32) {
    match n {
        1 => (cell * 0.15, 0.0),
        2 => ((cell * 0.12).max(MIN_ANT_RADIUS), 0.4),
        _ => ((cell * 0.085).max(15.0), 0.28),
    }
}

/// The type size of the number in a spider of radius `r`.
pub fn spider_number_size(r: f32) -> f32 {
    (r * 1.25).clamp(18.0, 30.0)
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

/// The title (or, once over, a banner with the result), the turn line
/// and the score line.
fn draw_header(sheet: &mut Sheet, view: &View, labels: &AttaLabels, width: f32, k: f32) {
    let body = BODY * k;
    let regular = Style::new(&fonts().regular, body);
    let bold = Style::new(&fonts().bold, body);
    let room = width - 2.0 * MARGIN;
    match view.outcome() {
        Some(outcome) => {
            // The result as a banner, in the gold the other boards use.
            sheet.fill_rect(0.0, 0.0, width, 78.0 * k, FRONTIER);
            sheet.fill_rect(0.0, 78.0 * k, width, 3.0 * k, GOLD);
            let headline = Style::new(&fonts().bold, 28.0 * k).fit(&result_headline(outcome, labels), room);
            write_text(
                sheet,
                &headline,
                true,
                28.0 * k,
                GOLD,
                MARGIN,
                38.0 * k,
                Align::Left,
            );
            let why = format!(
                "{} · {} round{}",
                antics_core::rules::capitalised(outcome.reason.describe()),
                view.round,
                if view.round == 1 { "" } else { "s" }
            );
            let why = regular.fit(&why, room);
            write_text(sheet, &why, false, body, TEXT, MARGIN, 66.0 * k, Align::Left);
        }
        None => {
            write_text(
                sheet,
                &format!("Atta Ants · round {}", view.round),
                true,
                24.0 * k,
                TEXT,
                MARGIN,
                34.0 * k,
                Align::Left,
            );
            let mut x = MARGIN;
            if let Some(colour) = view.to_move() {
                stamp(
                    sheet,
                    Piece::Disc {
                        colour,
                        r10: disc_r10(k),
                    },
                    x + 9.0 * k,
                    60.0 * k,
                );
                x += 24.0 * k;
            }
            let turn = regular.fit(&turn_text(view, labels), width - MARGIN - x);
            write_text(sheet, &turn, false, body, TEXT_DIM, x, 66.0 * k, Align::Left);
        }
    }
    // The score lines: one a seat, its name fitted to a third of the width.
    for (i, seat) in view.seats.iter().enumerate() {
        let colour = seat.colour;
        let y = (SCORES_TOP + SCORE_ROW * i as f32) * k;
        let name = bold.fit(&label(labels, colour), room / 3.0);
        let in_play = seat.in_play;
        let mut score = format!(
            "{in_play} ant{} in play, {} eaten",
            if in_play == 1 { "" } else { "s" },
            seat.eaten
        );
        if seat.departed {
            score = "left".into();
        } else if seat.out {
            score.push_str(", out");
        }
        if view.first == colour && view.outcome().is_none() {
            score.push_str(" · first");
        }
        stamp(
            sheet,
            Piece::Disc {
                colour,
                r10: disc_r10(k),
            },
            MARGIN + 9.0 * k,
            y - 6.0 * k,
        );
        let mut x = MARGIN + 24.0 * k;
        x += write_text(sheet, &name, true, body, TEXT, x, y, Align::Left) + 6.0 * k;
        let score = regular.fit(&score, width - MARGIN - x);
        write_text(sheet, &score, false, body, TEXT_DIM, x, y, Align::Left);
    }
}

/// The radius of a seat's colour disc in the status, in tenths of a pixel.
fn disc_r10(k: f32) -> u32 {
    (DISC_R * k * 10.0).round() as u32
}

/// The rules' headline: "alice (Red) wins", "A tie: alice (Red) and bob
/// (Yellow)", or for more than two, names alone so that the headline fits:
/// "A tie: alice, bob, carol and dave".
pub fn result_headline(outcome: &antics_core::rules::atta_ants::Outcome, labels: &AttaLabels) -> String {
    if outcome.first_place().len() <= 2 {
        return outcome.headline(|c| label(labels, c));
    }
    outcome.headline(|c| match labels.get(c.index()) {
        Some(name) if !name.is_empty() => name.clone(),
        _ => c.to_string(),
    })
}

fn draw_footer(sheet: &mut Sheet, view: &View, width: f32, height: f32, k: f32) {
    let regular = Style::new(&fonts().regular, BODY * k);
    let left = view.deck_len;
    let mut text = format!("Deck: {}", antics_core::rules::counted(left, "card"));
    if !view.set_aside.is_empty() {
        let cards: Vec<String> = view.set_aside.iter().map(Card::to_string).collect();
        let _ = write!(text, " · set aside: {}", cards.join(" "));
    }
    // The card to place is named above its rotations, not again here.
    let y = height - MARGIN - 6.0 * k;
    let shown = regular.fit(&text, width - 2.0 * MARGIN);
    write_text(sheet, &shown, false, BODY * k, TEXT_DIM, MARGIN, y, Align::Left);
}

/// "the nest" or "1,0".
pub fn place_name(pos: Pos) -> String {
    if pos.is_nest() {
        "the nest".into()
    } else {
        pos.to_string()
    }
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

fn turn_text(view: &View, labels: &AttaLabels) -> String {
    match &view.status {
        // Worded once, by the rules, as the banner says it.
        Status::Over(outcome) => result_headline(outcome, labels),
        Status::ToMove(c) => {
            let what = match view.phase {
                Phase::Place => "to place a card",
                Phase::Ants(_) => "to move ants",
                Phase::Spider { .. } => "to choose a spider's step",
                Phase::Over => "",
            };
            format!("{} {what}", label(labels, *c))
        }
    }
}

/// The map in words, for screen readers (at most 1024 characters), with
/// the move being picked (if any) as `atta_ants_png` draws it.
pub fn atta_ants_alt_text(view: &View, labels: &AttaLabels) -> String {
    let mut text = format!(
        "Atta Ants map, round {}: {}.",
        view.round,
        turn_text(view, labels)
    );
    if let Some(moving) = &view.moving {
        let squares: Vec<String> = moving.path.iter().map(|p| place_name(*p)).collect();
        let _ = write!(
            text,
            " Moving {} (not played yet): {}.",
            moving.ant,
            squares.join(" to ")
        );
    }
    let mut ends: Vec<Pos> = view
        .routes
        .iter()
        .filter(|(_, path)| path.len() > 1)
        .filter_map(|(_, path)| path.last().copied())
        .collect();
    ends.sort();
    ends.dedup();
    if !ends.is_empty() {
        let names: Vec<String> = ends.into_iter().map(place_name).collect();
        let _ = write!(text, " It can end on {}.", names.join(", "));
    }
    if let Some(card) = view.drawn {
        let _ = write!(text, " To place: {}.", card_name(card));
    }
    for seat in &view.seats {
        let in_play = seat.in_play;
        let _ = write!(
            text,
            " {}: {in_play} ant{} in play, {} eaten{}.",
            label(labels, seat.colour),
            if in_play == 1 { "" } else { "s" },
            seat.eaten,
            if seat.out { ", out" } else { "" }
        );
    }
    let ants: Vec<String> = view
        .ants
        .iter()
        .filter_map(|a| {
            a.at.map(|p| {
                format!(
                    "{} {}{}",
                    a.id,
                    place_name(p),
                    if a.carrying { " with a leaf" } else { "" }
                )
            })
        })
        .collect();
    let _ = write!(text, " Ants: {}.", ants.join(", "));
    if !view.spiders.is_empty() {
        let spiders: Vec<String> = view
            .spiders
            .iter()
            .map(|s| format!("{} on {}", s.number, s.pos))
            .collect();
        let _ = write!(text, " Spiders: {}.", spiders.join(", "));
    }
    let mut leaves: Vec<(Pos, u8)> = view.leaves.iter().filter(|(_, n)| *n > 0).copied().collect();
    leaves.sort_by_key(|(p, _)| (-p.y, p.x));
    let leaves: Vec<String> = leaves.iter().map(|(p, n)| format!("{n} on {p}")).collect();
    if !leaves.is_empty() {
        let _ = write!(text, " Leaves: {}.", leaves.join(", "));
    }
    let (on_map, in_deck) = (view.map.len() + 1, view.deck_len);
    let _ = write!(
        text,
        " {on_map} card{} on the map, {in_deck} in the deck.",
        if on_map == 1 { "" } else { "s" },
    );
    super::limit_alt(text)
}

//! The Army Ants board as a PNG, and its alt text.
//!
//! Everything that never changes is drawn once, in full colour, and reduced
//! to one palette: the empty board with its coordinates, every card face and
//! back on every kind of square (plain or highlighted), the tags and marks.
//! A render then only copies those pieces into a palette image, writes the
//! few lines of text that depend on the game, and encodes.

use super::canvas::{
    card_shadow, draw_ant, fill, fill_rect, fonts, pixmap, push_rounded_rect, rect, rounded_rect, stroke,
    Align, Colour, Indexed, Palette, PaletteBuilder, Style, FRAME, GOLD, RULE, TEXT, TEXT_DIM,
};
use super::sprites::{Sheet, Sprites, Stamp, Surface};
use super::BoardLabels;
use antics_core::rules::army_ants::{
    deploy_squares, Action, Card, Cell, Deployment, Outcome, Phase, Side, Square, View, FILES, RANKS,
};
use std::fmt::Write as _;
use std::sync::OnceLock;
use tiny_skia::{PathBuilder, Pixmap, PixmapPaint, Transform};

pub const WIDTH: u32 = 760;
pub const HEIGHT: u32 = 1096;

const CELL_W: u32 = 128;
const CELL_H: u32 = 104;
const HEADER_H: u32 = 76;
const STRIP_H: u32 = 46;
const LABEL_H: u32 = 28;
const BOARD_X: u32 = (WIDTH - FILES as u32 * CELL_W) / 2;
const BOARD_Y: u32 = HEADER_H + STRIP_H + LABEL_H;
const BOARD_W: u32 = FILES as u32 * CELL_W;
const BOARD_H: u32 = RANKS as u32 * CELL_H;
pub const BOTTOM_STRIP_Y: u32 = BOARD_Y + BOARD_H + LABEL_H;
const FOOTER_Y: u32 = BOTTOM_STRIP_Y + STRIP_H;

/// A tile is what a square shows inside its border: the grid lines and the
/// centre line (2.5 px either side of its row edge) stay outside it, so a
/// tile can be pasted whole.
const TILE_INSET: u32 = 3;
pub const TILE_W: u32 = CELL_W - 2 * TILE_INSET;
pub const TILE_H: u32 = CELL_H - 2 * TILE_INSET;
/// A card sits this far inside its tile, leaving room for shadow and mark.
const PAD: f32 = 4.0;
const CARD_W: f32 = TILE_W as f32 - 2.0 * PAD;
const CARD_H: f32 = TILE_H as f32 - 2.0 * PAD;
const CARD_R: f32 = 10.0;
/// The coloured panel on a card's left that carries the big value.
const PANEL_W: f32 = 44.0;

// A warm earth palette in the frame every board shares: the sand board
// keeps both armies legible.
const COORD: Colour = Colour::hex(0xd9c3a0);
const RED_LAND: [Colour; 2] = [Colour::hex(0xeed5b9), Colour::hex(0xe8ccae)];
const BLACK_LAND: [Colour; 2] = [Colour::hex(0xdcd5c6), Colour::hex(0xd3cbb9)];
const GRID: Colour = Colour::hex(0x8f7759).alpha(90);
const CENTRE_LINE: Colour = Colour::hex(0x3a2a1e);
const BOARD_EDGE: Colour = Colour::hex(0x120d0a);
const RED_ARMY: Colour = Colour::hex(0xb3281e);
const BLACK_ARMY: Colour = Colour::hex(0x2c2825);
const IVORY: Colour = Colour::hex(0xfcf7ec);
const FROM_MARK: Colour = Colour::hex(0xf2cf6a);
const TO_MARK: Colour = Colour::hex(0x1f9e89);
const OFFER: Colour = Colour::hex(0xf0b541);

fn army(side: Side) -> Colour {
    match side {
        Side::Red => RED_ARMY,
        Side::Black => BLACK_ARMY,
    }
}

/// How the last move marks a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    From,
    To,
}

/// What lies under a card: the square's own shade, or a mark.
pub const GROUNDS: usize = 6;

fn ground(sq: Square, mark: Option<Mark>) -> usize {
    match mark {
        Some(Mark::From) => 4,
        Some(Mark::To) => 5,
        None => 2 * usize::from(!Side::Red.owns(sq)) + (sq.file() + sq.rank()) as usize % 2,
    }
}

fn ground_colour(ground: usize) -> Colour {
    match ground {
        0 | 1 => RED_LAND[ground],
        2 | 3 => BLACK_LAND[ground - 2],
        4 => FROM_MARK,
        _ => TO_MARK,
    }
}

/// The 11 faces of a side: the Queen (0), the ants (1..=9) and the back (10).
const FACES: usize = 11;

fn face(side: Side, card: Option<Card>) -> usize {
    side.index() * FACES + card.map_or(10, |c| c.value() as usize)
}

/// The tags a player's bar can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    ToMove,
    Winner,
    OffersDraw,
    Placed,
    Placing,
}

impl Tag {
    const ALL: [Tag; 5] = [
        Tag::ToMove,
        Tag::Winner,
        Tag::OffersDraw,
        Tag::Placed,
        Tag::Placing,
    ];

    fn text(self) -> &'static str {
        match self {
            Tag::ToMove => "TO MOVE",
            Tag::Winner => "WINNER",
            Tag::OffersDraw => "OFFERS DRAW",
            Tag::Placed => "PLACED",
            Tag::Placing => "PLACING",
        }
    }

    fn colour(self) -> Colour {
        match self {
            Tag::Placed => TEXT_DIM,
            Tag::OffersDraw => OFFER,
            _ => GOLD,
        }
    }
}

/// What is prepared once: the palette and every piece of art on it.
pub struct Art {
    pub sprites: Sprites,
    /// The empty board with Red at the bottom, and with Black.
    pub boards: [Indexed; 2],
    /// `face * GROUNDS + ground`.
    pub tiles: Vec<Stamp>,
    tags: Vec<Stamp>,
    /// The header's dot for each side.
    dots: Vec<Stamp>,
    /// The footer's key to the two mark colours.
    key: Stamp,
}

pub fn art() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| {
        let boards = Side::BOTH.map(board_background);
        let sprites: Vec<Pixmap> = (0..2 * FACES).map(card_sprite).collect();
        let tiles: Vec<Pixmap> = (0..2 * FACES * GROUNDS)
            .map(|i| tile(&sprites[i / GROUNDS], i % GROUNDS))
            .collect();
        let tags: Vec<Pixmap> = Tag::ALL.iter().map(|t| tag_pill(*t)).collect();
        let dots: Vec<Pixmap> = Side::BOTH.iter().map(|s| side_dot(*s)).collect();
        let key = mark_key();
        let mut builder = PaletteBuilder::default();
        for pm in boards
            .iter()
            .chain([&key])
            .chain(&tiles)
            .chain(&tags)
            .chain(&dots)
        {
            builder.add_pixmap(pm);
        }
        // Text is written on the frame.
        for fg in [TEXT, TEXT_DIM, OFFER] {
            builder.add_ink(fg, FRAME, 60);
        }
        let sprites = Sprites::new(builder.build(), &[]);
        let stamps = |list: &[Pixmap]| list.iter().map(|pm| sprites.stamp_of(pm, (0, 0))).collect();
        Art {
            boards: boards.each_ref().map(|board| sprites.indices(board)),
            tiles: stamps(&tiles),
            tags: stamps(&tags),
            dots: stamps(&dots),
            key: sprites.stamp_of(&key, (0, 0)),
            sprites,
        }
    })
}

/// The board as a PNG; see the module comment for how it is drawn.
pub fn army_ants_png(view: &View, labels: &BoardLabels) -> Vec<u8> {
    army_ants_png_marked(view, labels, LAST_MOVE)
}

/// The board with `view.last` marked as a move to consider rather than
/// one played: named in the footer under `word` ("Better" in a review)
/// where a board says "Last move".
pub fn army_ants_png_marked(view: &View, labels: &BoardLabels, word: &str) -> Vec<u8> {
    let art = art();
    art.sprites
        .palette()
        .encode_indexed(&draw(view, labels, art, word))
}

/// The footer's word for the move its marks show.
const LAST_MOVE: &str = "Last move";

/// Where each square was drawn with `bottom`'s army at the bottom, named
/// as moves name it (`a1` to `e8`).
pub fn army_ants_regions(bottom: Side) -> Vec<super::Region> {
    Square::all()
        .map(|sq| {
            let (x, y) = cell_origin(sq, bottom);
            super::Region::new(sq.to_string(), x as f32, y as f32, CELL_W as f32, CELL_H as f32)
        })
        .collect()
}

/// The board as a palette image, and its palette (the same for every
/// view): the frames of an animated replay.
pub(super) fn army_ants_frame(view: &View, labels: &BoardLabels) -> (Indexed, &'static Palette) {
    let art = art();
    (draw(view, labels, art, LAST_MOVE), art.sprites.palette())
}

/// The board; every frame of a replay has the one size of the board.
impl super::Board for View {
    type Labels<'a> = &'a BoardLabels;
    type Layout = ();

    fn png(&self, labels: &BoardLabels) -> Vec<u8> {
        army_ants_png(self, labels)
    }

    fn alt_text(&self, labels: &BoardLabels) -> String {
        army_ants_alt_text(self, labels)
    }

    fn layout(views: &[View]) -> Option<()> {
        (!views.is_empty()).then_some(())
    }

    fn frame(&self, labels: &BoardLabels, (): ()) -> (Indexed, &'static Palette) {
        army_ants_frame(self, labels)
    }
}

fn draw(view: &View, labels: &BoardLabels, art: &Art, marked_as: &str) -> Indexed {
    let tray = hand_tray(view);
    let mut image = art.boards[labels.bottom.index()].clone();
    if let Some((_, cards)) = &tray {
        // A private deployment's hand is laid out under the board, as cards.
        let rows = cards.len().div_ceil(TRAY_PER_ROW) as u32;
        let frame = art.sprites.index(FRAME);
        image.height += TRAY_TOP + rows * TRAY_ROW_H;
        image
            .data
            .resize(image.width as usize * image.height as usize, frame);
    }
    let mut sheet = art.sprites.sheet(image);
    draw_squares(&mut sheet, view, labels.bottom, art);
    draw_header(&mut sheet, view, labels, art);
    for side in Side::BOTH {
        draw_strip(&mut sheet, view, labels, side, art);
    }
    draw_footer(&mut sheet, view, labels, art, marked_as);
    if let Some((side, cards)) = tray {
        draw_tray(&mut sheet, side, &cards, art);
    }
    sheet.image
}

/// Hand cards a row of the tray holds, the height of the tray's heading
/// and of each row (a tile and its count).
const TRAY_PER_ROW: usize = 5;
pub const TRAY_TOP: u32 = 30;
pub const TRAY_ROW_H: u32 = CELL_H + 22;

/// The viewer's cards still to place while they deploy in private, each
/// value once with its count: `None` on any other view.
pub fn hand_tray(view: &View) -> Option<(Side, Vec<(Card, usize)>)> {
    let side = view.viewer?;
    let hand = view.deploy.as_ref()?.hand.as_ref()?;
    let mut cards = hand.cards.clone();
    cards.sort();
    let mut counted: Vec<(Card, usize)> = Vec::new();
    for card in cards {
        match counted.last_mut() {
            Some((last, n)) if *last == card => *n += 1,
            _ => counted.push((card, 1)),
        }
    }
    (!counted.is_empty()).then_some((side, counted))
}

fn draw_tray(sheet: &mut Sheet, side: Side, cards: &[(Card, usize)], art: &Art) {
    let f = fonts();
    let heading = Style::new(&f.bold, 15.0).with(TEXT_DIM);
    let top = HEIGHT + TRAY_TOP;
    sheet.text(&heading, "YOUR HAND", MARGIN, (top - 9) as f32, Align::Left);
    let count = Style::new(&f.bold, 16.0).with(TEXT);
    for (i, (card, n)) in cards.iter().enumerate() {
        let column = (i % TRAY_PER_ROW) as u32;
        let row = (i / TRAY_PER_ROW) as u32;
        let (x, y) = (BOARD_X + column * CELL_W, top + row * TRAY_ROW_H);
        let ground = 2 * side.index() + (column as usize) % 2;
        sheet.stamp(
            &art.tiles[face(side, Some(*card)) * GROUNDS + ground],
            (x + TILE_INSET) as i32,
            (y + TILE_INSET) as i32,
        );
        if *n > 1 {
            let label = format!("×{n}");
            let centre = (x + CELL_W / 2) as f32;
            sheet.text(&count, &label, centre, (y + CELL_H + 17) as f32, Align::Centre);
        }
    }
}

/// The top-left corner of a square, `bottom`'s home row at the bottom:
/// with Black there the board is turned half round, a1 at the top right.
fn cell_origin(sq: Square, bottom: Side) -> (u32, u32) {
    let (column, row) = screen_cell(sq.file(), sq.rank(), bottom);
    (BOARD_X + column * CELL_W, BOARD_Y + row * CELL_H)
}

/// The column (from the left) and row (from the top) where a file and a
/// rank are drawn.
fn screen_cell(file: u8, rank: u8, bottom: Side) -> (u32, u32) {
    match bottom {
        Side::Red => (file as u32, (RANKS - 1 - rank) as u32),
        Side::Black => ((FILES - 1 - file) as u32, rank as u32),
    }
}

/// The last move's squares: where it came from, and where it went.
fn last_move_marks(view: &View) -> [Option<Mark>; 40] {
    let mut marks = [None; 40];
    let Some((side, action)) = &view.last else {
        return marks;
    };
    let (from, to) = match action {
        Action::Favor => (vec![], vec![side.back_centre()]),
        other => other.squares(),
    };
    // Where a march overlaps itself, "to" wins.
    for (squares, mark) in [(from, Mark::From), (to, Mark::To)] {
        for sq in squares {
            marks[sq.index()] = Some(mark);
        }
    }
    marks
}

/// While a player places their hand in private, the square their next card
/// goes on: the first empty one in the order the picker asks.
pub fn asked_square(view: &View) -> Option<Square> {
    let side = view.viewer?;
    let hand = view.deploy.as_ref()?.hand.as_ref()?;
    if hand.cards.is_empty() {
        return None;
    }
    hand.rows
        .iter()
        .flat_map(|row| deploy_squares(side, *row))
        .find(|sq| view.cell(*sq) == Cell::Empty)
}

fn draw_squares(sheet: &mut Sheet, view: &View, bottom: Side, art: &Art) {
    let marks = last_move_marks(view);
    let asked = asked_square(view);
    for sq in Square::all() {
        let (x, y) = cell_origin(sq, bottom);
        let (x, y) = (x + TILE_INSET, y + TILE_INSET);
        let mark = marks[sq.index()].or((asked == Some(sq)).then_some(Mark::To));
        let face = match view.cell(sq) {
            Cell::Empty => {
                if mark.is_some() {
                    let (x, y, w, h) = (x as f32, y as f32, TILE_W as f32, TILE_H as f32);
                    sheet.fill_rect(x, y, w, h, ground_colour(ground(sq, mark)));
                }
                continue;
            }
            Cell::Card(piece) => face(piece.side, Some(piece.card)),
            Cell::Hidden(side) => face(side, None),
        };
        sheet.stamp(&art.tiles[face * GROUNDS + ground(sq, mark)], x as i32, y as i32);
    }
}

// ---------------------------------------------------------------- prepared art

pub fn board_background(bottom: Side) -> Pixmap {
    let mut pm = pixmap(WIDTH, HEIGHT, FRAME);
    for y in [HEADER_H, FOOTER_Y] {
        fill_rect(&mut pm, rect(0.0, y as f32 - 1.0, WIDTH as f32, 2.0), RULE);
    }
    let (bx, by, bw, bh) = (BOARD_X as f32, BOARD_Y as f32, BOARD_W as f32, BOARD_H as f32);
    // A dark rim lifts the board off the frame.
    fill(
        &mut pm,
        &rounded_rect(bx - 7.0, by - 7.0, bw + 14.0, bh + 14.0, 12.0),
        BOARD_EDGE,
    );
    for sq in Square::all() {
        let (x, y) = cell_origin(sq, bottom);
        fill_rect(
            &mut pm,
            rect(x as f32, y as f32, CELL_W as f32, CELL_H as f32),
            ground_colour(ground(sq, None)),
        );
    }
    draw_grid(&mut pm);
    draw_coordinates(&mut pm, bottom);
    for side in Side::BOTH {
        draw_chip(&mut pm, side, bottom);
    }
    Style::new(&fonts().bold, 14.0).with(TEXT_DIM).draw(
        &mut pm,
        "ARMY ANTS",
        WIDTH as f32 - 24.0,
        33.0,
        Align::Right,
    );
    pm
}

fn draw_grid(pm: &mut Pixmap) {
    let (bx, by, bw, bh) = (BOARD_X as f32, BOARD_Y as f32, BOARD_W as f32, BOARD_H as f32);
    let mut pb = PathBuilder::new();
    for f in 1..FILES {
        let x = bx + (f as u32 * CELL_W) as f32;
        pb.move_to(x, by);
        pb.line_to(x, by + bh);
    }
    for r in 1..RANKS {
        let y = by + (r as u32 * CELL_H) as f32;
        pb.move_to(bx, y);
        pb.line_to(bx + bw, y);
    }
    stroke(pm, &pb.finish().expect("grid lines"), GRID, 1.5);
    // The centre line, clearly heavier, reaching into the margins.
    let y = by + (4 * CELL_H) as f32;
    fill(
        pm,
        &rounded_rect(bx - 14.0, y - 2.5, bw + 28.0, 5.0, 2.5),
        CENTRE_LINE,
    );
    for x in [bx - 14.0, bx + bw + 14.0] {
        fill(
            pm,
            &PathBuilder::from_circle(x, y, 5.0).expect("dot"),
            CENTRE_LINE,
        );
    }
}

fn draw_coordinates(pm: &mut Pixmap, bottom: Side) {
    let style = Style::new(&fonts().bold, 17.0).with(COORD);
    let lift = style.cap_height() / 2.0;
    let (bx, by) = (BOARD_X as f32, BOARD_Y as f32);
    let (below, label) = ((BOARD_Y + BOARD_H) as f32, LABEL_H as f32);
    for f in 0..FILES {
        let letter = ((b'a' + f) as char).to_string();
        let (column, _) = screen_cell(f, 0, bottom);
        let x = bx + (column as f32 + 0.5) * CELL_W as f32;
        style.draw(pm, &letter, x, by - label / 2.0 + lift - 1.0, Align::Centre);
        style.draw(pm, &letter, x, below + label / 2.0 + lift + 1.0, Align::Centre);
    }
    for r in 0..RANKS {
        let number = (r + 1).to_string();
        let (_, row) = screen_cell(0, r, bottom);
        let y = by + (row as f32 + 0.5) * CELL_H as f32 + lift;
        style.draw(pm, &number, bx / 2.0 - 4.0, y, Align::Centre);
        style.draw(pm, &number, WIDTH as f32 - bx / 2.0 + 4.0, y, Align::Centre);
    }
}

/// Each player's bar sits on their own side of the board.
pub fn strip_top(side: Side, bottom: Side) -> u32 {
    if side == bottom {
        BOTTOM_STRIP_Y
    } else {
        HEADER_H
    }
}

/// A small card back in the player's bar, naming the army by colour.
fn draw_chip(pm: &mut Pixmap, side: Side, bottom: Side) {
    let mid = (strip_top(side, bottom) + STRIP_H / 2) as f32;
    let chip = rounded_rect(BOARD_X as f32, mid - 13.0, 20.0, 26.0, 4.0);
    fill(pm, &chip, army(side));
    stroke(pm, &chip, TEXT.alpha(190), 1.5);
}

/// A card on its ground, as pasted on a square.
pub fn tile(sprite: &Pixmap, ground: usize) -> Pixmap {
    let mut pm = pixmap(TILE_W, TILE_H, ground_colour(ground));
    pm.draw_pixmap(
        0,
        0,
        sprite.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
    pm
}

/// A face (see `FACES`) with its shadow, on a clear ground.
pub fn card_sprite(face: usize) -> Pixmap {
    let side = Side::BOTH[face / FACES];
    let mut pm = Pixmap::new(TILE_W, TILE_H).expect("sprite size");
    // A two-step shadow: cheap, and soft enough at this size.
    card_shadow(
        &mut pm,
        PAD,
        CARD_W,
        CARD_H,
        CARD_R,
        [(1.5, 2.5, 40), (0.0, 1.5, 60)],
    );
    let colour = army(side);
    fill(&mut pm, &rounded_rect(PAD, PAD, CARD_W, CARD_H, CARD_R), colour);
    match face % FACES {
        0 => draw_face(&mut pm, colour, Card::Queen),
        10 => draw_back(&mut pm),
        n => draw_face(&mut pm, colour, Card::Ants(n as u8)),
    }
    pm
}

fn draw_face(pm: &mut Pixmap, colour: Colour, card: Card) {
    // Ivory on the right, army colour left: the army reads at a glance.
    let border = 3.0;
    let (x, y) = (PAD + PANEL_W, PAD + border);
    let (w, h) = (CARD_W - PANEL_W - border, CARD_H - 2.0 * border);
    let mut pb = PathBuilder::new();
    push_rounded_rect(&mut pb, x, y, w, h, CARD_R - border);
    pb.push_rect(rect(x, y, CARD_R, h)); // square off the panel side
    fill(pm, &pb.finish().expect("face"), IVORY);
    let digit = Style::new(&fonts().bold, 50.0).with(IVORY);
    let centre_y = PAD + CARD_H / 2.0;
    let baseline = centre_y + digit.cap_height() / 2.0;
    digit.draw(
        pm,
        &card.symbol().to_string(),
        PAD + PANEL_W / 2.0,
        baseline,
        Align::Centre,
    );
    let (cx, cy) = (x + w / 2.0, centre_y);
    match card {
        Card::Queen => draw_crown(pm, cx, cy, colour),
        Card::Ants(n) => {
            for (col, row) in pip_layout(n) {
                let px = cx + (*col as f32 - 1.0) * 22.0;
                let py = cy + (*row as f32 - 1.0) * 27.0;
                draw_ant(pm, px, py, 0.9, colour);
            }
        }
    }
}

/// Where a value's ants stand on a 3x3 grid (column, row), like dice.
fn pip_layout(n: u8) -> &'static [(u8, u8)] {
    match n {
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6 => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
        7 => &[(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
        8 => &[(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
        _ => &[
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (2, 2),
        ],
    }
}

/// The Queen's mark: a gold crown outlined in her army's colour.
fn draw_crown(pm: &mut Pixmap, cx: f32, cy: f32, colour: Colour) {
    let (w, h) = (52.0, 40.0);
    let (x, y) = (cx - w / 2.0, cy - h / 2.0 + 2.0);
    let mut pb = PathBuilder::new();
    pb.move_to(x + 3.0, y + h * 0.78);
    pb.line_to(x, y + h * 0.18);
    pb.line_to(x + w * 0.28, y + h * 0.48);
    pb.line_to(x + w * 0.5, y);
    pb.line_to(x + w * 0.72, y + h * 0.48);
    pb.line_to(x + w, y + h * 0.18);
    pb.line_to(x + w - 3.0, y + h * 0.78);
    pb.close();
    push_rounded_rect(&mut pb, x + 3.0, y + h * 0.84, w - 6.0, h * 0.16, 2.0);
    let crown = pb.finish().expect("crown");
    fill(pm, &crown, GOLD);
    stroke(pm, &crown, colour, 2.2);
    for (tx, ty) in [(x, y + h * 0.18), (x + w * 0.5, y), (x + w, y + h * 0.18)] {
        fill(pm, &PathBuilder::from_circle(tx, ty, 3.6).expect("jewel"), colour);
    }
}

/// A card back: a framed medallion with an ant, and no value on it.
fn draw_back(pm: &mut Pixmap) {
    let (x, y, w, h) = (PAD + 7.0, PAD + 7.0, CARD_W - 14.0, CARD_H - 14.0);
    stroke(pm, &rounded_rect(x, y, w, h, CARD_R - 4.0), IVORY.alpha(150), 1.6);
    let (cx, cy) = (PAD + CARD_W / 2.0, PAD + CARD_H / 2.0);
    let medallion = PathBuilder::from_circle(cx, cy, 26.0).expect("medallion");
    fill(pm, &medallion, Colour::hex(0x000000).alpha(60));
    stroke(pm, &medallion, IVORY.alpha(150), 1.6);
    draw_ant(pm, cx, cy + 1.0, 1.75, IVORY.alpha(220));
}

const TAG_H: f32 = 24.0;

/// A pill with a tag's text, on the frame.
fn tag_pill(tag: Tag) -> Pixmap {
    let style = Style::new(&fonts().bold, 13.0).with(FRAME);
    let w = (style.width(tag.text()) + 20.0).ceil();
    let mut pm = pixmap(w as u32, TAG_H as u32, FRAME);
    fill(
        &mut pm,
        &rounded_rect(0.0, 0.0, w, TAG_H, TAG_H / 2.0),
        tag.colour(),
    );
    let baseline = TAG_H / 2.0 + style.cap_height() / 2.0;
    style.draw(&mut pm, tag.text(), w / 2.0, baseline, Align::Centre);
    pm
}

const DOT: u32 = 18;

fn side_dot(side: Side) -> Pixmap {
    let mut pm = pixmap(DOT, DOT, FRAME);
    let c = DOT as f32 / 2.0;
    let dot = PathBuilder::from_circle(c, c, c - 2.0).expect("dot");
    fill(&mut pm, &dot, army(side));
    stroke(&mut pm, &dot, TEXT.alpha(230), 2.0);
    pm
}

const KEY_W: u32 = 34;

/// Two swatches: the colours of "from" and "to" squares.
fn mark_key() -> Pixmap {
    let mut pm = pixmap(KEY_W, 14, FRAME);
    fill(&mut pm, &rounded_rect(0.0, 0.0, 14.0, 14.0, 3.0), FROM_MARK);
    fill(&mut pm, &rounded_rect(18.0, 0.0, 14.0, 14.0, 3.0), TO_MARK);
    pm
}

// ---------------------------------------------------------------- the text

fn name(labels: &BoardLabels, side: Side) -> &str {
    match side {
        Side::Red => &labels.red,
        Side::Black => &labels.black,
    }
}

/// The phase line: "Rally — Red 3, Black 5 turns left", "Battle", ...
fn phase_text(view: &View) -> String {
    if view.outcome.is_some() {
        return "Game over".into();
    }
    match view.phase {
        Phase::Deploy => match &view.deploy {
            Some(dep) if dep.kind == Deployment::Minor => format!("Deployment — row {} of 4", dep.row + 1),
            _ => "Deployment".into(),
        },
        Phase::Rally { red, black } => format!("Rally — Red {red}, Black {black} turns left"),
        Phase::Battle => "Battle".into(),
    }
}

/// Who is to move, the result, or what the deployment waits for.
fn status_text(view: &View, labels: &BoardLabels) -> String {
    if let Some(outcome) = &view.outcome {
        return result_text(outcome, labels);
    }
    if let Some(side) = view.to_move {
        return format!("{side} to move — {}", name(labels, side));
    }
    match &view.deploy {
        Some(dep) => {
            let state = |side: Side| {
                if *dep.placed.get(side) {
                    "has placed"
                } else {
                    "is placing"
                }
            };
            format!("Red {}, Black {}", state(Side::Red), state(Side::Black))
        }
        None => String::new(),
    }
}

fn result_text(outcome: &Outcome, labels: &BoardLabels) -> String {
    outcome.told(|side| format!("{} ({side})", name(labels, side)))
}

/// The last move in words, `None` if there is nothing to tell.
fn last_move_text(view: &View) -> Option<String> {
    let (side, action) = view.last.as_ref()?;
    Some(match action {
        Action::Pass => format!("{side} passed (no legal move)"),
        Action::Favor => format!("{side} took the Queen's Favor (Queen to {})", side.back_centre()),
        Action::Resign => format!("{side} resigned"),
        Action::AcceptDraw => format!("{side} accepted the draw"),
        Action::OfferDraw | Action::Deploy(_) => return None,
        other => format!("{side} {other}"),
    })
}

const MARGIN: f32 = 24.0;

fn draw_header(sheet: &mut Sheet, view: &View, labels: &BoardLabels, art: &Art) {
    let f = fonts();
    let title = Style::new(&f.bold, 26.0);
    let brand_w = Style::new(&f.bold, 14.0).width("ARMY ANTS");
    let room = WIDTH as f32 - 3.0 * MARGIN - brand_w;
    // A finished game's headline is its result, in the highlight ink.
    let (headline, ink) = match &view.outcome {
        Some(outcome) => (outcome.headline(|side| name(labels, side).to_string()), OFFER),
        None => (phase_text(view), TEXT),
    };
    sheet.text(
        &title.with(ink),
        &title.fit(&headline, room),
        MARGIN,
        36.0,
        Align::Left,
    );
    let mut x = MARGIN;
    if let Some(side) = view.to_move.or(view.outcome.and_then(|o| o.winner())) {
        sheet.stamp(&art.dots[side.index()], MARGIN as i32, 47);
        x += DOT as f32 + 8.0;
    }
    let status = Style::new(&f.regular, 19.0);
    let line = status.fit(&status_text(view, labels), WIDTH as f32 - MARGIN - x);
    sheet.text(&status.with(TEXT_DIM), &line, x, 63.0, Align::Left);
}

/// A player's bar: the name, its army, a tag, and the cards left.
fn draw_strip(sheet: &mut Sheet, view: &View, labels: &BoardLabels, side: Side, art: &Art) {
    let f = fonts();
    let mid = strip_top(side, labels.bottom) + STRIP_H / 2;
    let small = Style::new(&f.regular, 16.0);
    let baseline = mid as f32 + small.cap_height() / 2.0;
    let cards = view.cells.iter().filter(|c| cell_side(c) == Some(side)).count();
    let count = antics_core::rules::counted(cards, "card");
    let right = (BOARD_X + BOARD_W) as f32;
    let mut end = right - sheet.text(&small.with(TEXT_DIM), &count, right, baseline, Align::Right) - 14.0;
    if let Some(tag) = strip_tag(view, side) {
        let pill = &art.tags[tag as usize];
        end -= pill.width() as f32;
        sheet.stamp(pill, end as i32, (mid - pill.height() / 2) as i32);
        end -= 14.0;
    }
    let label = format!("  {}", side.name());
    let name_style = Style::new(&f.bold, 20.0);
    let x = BOARD_X as f32 + 32.0;
    let room = (end - small.width(&label) - x).max(40.0);
    let w = sheet.text(
        &name_style.with(TEXT),
        &name_style.fit(name(labels, side), room),
        x,
        baseline,
        Align::Left,
    );
    sheet.text(&small.with(TEXT_DIM), &label, x + w, baseline, Align::Left);
}

fn cell_side(cell: &Cell) -> Option<Side> {
    match cell {
        Cell::Empty => None,
        Cell::Card(piece) => Some(piece.side),
        Cell::Hidden(side) => Some(*side),
    }
}

/// The tag beside a player's name, if any.
fn strip_tag(view: &View, side: Side) -> Option<Tag> {
    if let Some(outcome) = &view.outcome {
        return (outcome.winner() == Some(side)).then_some(Tag::Winner);
    }
    if view.to_move == Some(side) {
        return Some(Tag::ToMove);
    }
    if view.draw_offer == Some(side) {
        return Some(Tag::OffersDraw);
    }
    let dep = view.deploy.as_ref()?;
    Some(if *dep.placed.get(side) {
        Tag::Placed
    } else {
        Tag::Placing
    })
}

fn draw_footer(sheet: &mut Sheet, view: &View, labels: &BoardLabels, art: &Art, marked_as: &str) {
    let f = fonts();
    let baseline = (FOOTER_Y + 26) as f32;
    let mut right = WIDTH as f32 - MARGIN;
    if let (Some(side), None) = (view.draw_offer, &view.outcome) {
        let offer = Style::new(&f.bold, 17.0);
        let tail = format!(" ({side}) offers a draw");
        let who = offer.fit(name(labels, side), 340.0 - offer.width(&tail));
        let text = who + &tail;
        right -= sheet.text(&offer.with(OFFER), &text, right, baseline, Align::Right) + MARGIN;
    }
    let dim = Style::new(&f.regular, 17.0);
    let Some(text) = last_move_text(view) else {
        let note = match view.deploy.as_ref().and_then(|dep| dep.hand.as_ref()) {
            // The viewer's own cards still to place, sorted.
            // The viewer's own hand is drawn under the board (`draw_tray`).
            Some(hand) if !hand.cards.is_empty() => match asked_square(view) {
                Some(sq) => format!("Your next card goes on {sq}, marked; your hand is below"),
                None => "Your hand is below".into(),
            },
            _ if view.deploy.is_some() => "Cards stay face down until both armies are placed".into(),
            _ => String::new(),
        };
        sheet.text(
            &dim.with(TEXT_DIM),
            &dim.fit(&note, right - MARGIN),
            MARGIN,
            baseline,
            Align::Left,
        );
        return;
    };
    let word = format!("{marked_as}  ");
    let mut x = MARGIN + sheet.text(&dim.with(TEXT_DIM), &word, MARGIN, baseline, Align::Left);
    if last_move_marks(view).iter().any(Option::is_some) {
        sheet.stamp(&art.key, x as i32, baseline as i32 - 13);
        x += KEY_W as f32 + 8.0;
    }
    let strong = Style::new(&f.bold, 17.0);
    sheet.text(
        &strong.with(TEXT),
        &strong.fit(&text, right - x),
        x,
        baseline,
        Align::Left,
    );
}

// ---------------------------------------------------------------- alt text

/// A short description for screen readers (at most 1024 characters, the
/// limit of a Discord attachment description). It tells only what the view
/// shows: a face-down card is counted, never named.
pub fn army_ants_alt_text(view: &View, labels: &BoardLabels) -> String {
    let short = |s: &str| -> String { s.chars().take(40).collect() };
    let mut text = format!("Army Ants board. {}.", phase_text(view));
    let status = status_text(
        view,
        &BoardLabels {
            red: short(&labels.red),
            black: short(&labels.black),
            bottom: labels.bottom,
        },
    );
    if !status.is_empty() {
        let _ = write!(text, " {status}.");
    }
    if let Some(last) = last_move_text(view) {
        let _ = write!(text, " Last move: {last}.");
    }
    for side in Side::BOTH {
        let _ = write!(
            text,
            " {side} ({}): {}.",
            short(name(labels, side)),
            material(view, side)
        );
    }
    if let (Some(side), None) = (view.draw_offer, view.outcome) {
        let _ = write!(text, " {side} offers a draw.");
    }
    if text.chars().count() > 1024 {
        text = text.chars().take(1023).collect::<String>() + "…";
    }
    text
}

/// "18 cards, Queen on c1" — face-down cards counted apart, values unsaid.
fn material(view: &View, side: Side) -> String {
    let (mut shown, mut hidden, mut queen) = (0, 0, None);
    for sq in Square::all() {
        match view.cell(sq) {
            Cell::Card(p) if p.side == side => {
                shown += 1;
                if p.card.is_queen() {
                    queen = Some(sq);
                }
            }
            Cell::Hidden(s) if s == side => hidden += 1,
            _ => {}
        }
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut out = if hidden == 0 {
        format!("{shown} card{}", plural(shown))
    } else {
        format!("{shown} card{} face up, {hidden} face down", plural(shown))
    };
    if let Some(sq) = queen {
        let _ = write!(out, ", Queen on {sq}");
    }
    out
}

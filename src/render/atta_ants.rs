//! The Atta Ants map as a PNG: each card's trails and grass, leaves (loose
//! and carried), spiders, ants as coloured numbered discs, the nest,
//! coordinates for typing moves, the last actions highlighted, the deck, whose
//! turn it is and the score line; and the same as alt text.
//!
//! The map grows as cards are placed, so the card size shrinks to keep the
//! image about 1000 px wide. The image is drawn in full colour and encoded
//! with a palette built from it (the art is flat colours, so the palette
//! keeps it exact enough and the file small).

use super::canvas::{self, fonts, Align, Colour, Palette, Style};
use crate::rules::atta_ants::{
    AttaAnts, Card, Colour as AntColour, Dir, Feature, Highlight, Phase, Pos, Status,
};
use std::fmt::Write;
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
    fn new(game: &AttaAnts) -> (Grid, u32, u32) {
        // One free ring around the cards, where placements may go.
        let (min_x, min_y, max_x, max_y) = game.map().bounds();
        let (min_x, min_y, max_x, max_y) = (min_x - 1, min_y - 1, max_x + 1, max_y + 1);
        let cols = (max_x - min_x + 1) as f32;
        let rows = (max_y - min_y + 1) as f32;
        let cell = ((WIDTH_TARGET - 2.0 * MARGIN) / cols)
            .clamp(MIN_CELL, MAX_CELL)
            .floor();
        let width = (cols * cell + 2.0 * MARGIN).max(WIDTH_TARGET);
        let left = ((width - cols * cell) / 2.0).floor();
        let height = HEADER + rows * cell + FOOTER + MARGIN;
        let grid = Grid {
            cell,
            min_x,
            max_y,
            left,
            top: HEADER,
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
    let pixmap = draw(game, labels);
    palette().encode(&pixmap)
}

/// One palette for every map, built once from sample maps that show every
/// colour the renderer draws (a fresh palette per image cost most of the
/// time).
fn palette() -> &'static Palette {
    static PALETTE: std::sync::OnceLock<Palette> = std::sync::OnceLock::new();
    PALETTE.get_or_init(|| {
        let labels: AttaLabels = vec!["alice".into(), "bob".into(), "carol".into(), "dave".into()];
        let samples: Vec<Pixmap> = sample_games().iter().map(|g| draw(g, &labels)).collect();
        Palette::from_samples(&samples.iter().collect::<Vec<_>>())
    })
}

/// Four-player games at their start and a few rounds in: every ant colour,
/// leaves carried and loose, spiders, highlights, free squares.
fn sample_games() -> Vec<AttaAnts> {
    use crate::rules::atta_ants::Setup;
    let mut out = Vec::new();
    for seed in 1..=3 {
        let Ok(mut game) = AttaAnts::new(&Setup {
            players: 4,
            seed,
            deal: None,
        }) else {
            continue;
        };
        out.push(game.clone());
        for k in 0..120usize {
            let Status::ToMove(seat) = game.status() else {
                break;
            };
            let legal = game.legal_actions();
            if game.apply(seat, &legal[k * 7919 % legal.len()]).is_err() {
                break;
            }
            if k % 30 == 29 {
                out.push(game.clone());
            }
        }
    }
    out
}

fn draw(game: &AttaAnts, labels: &AttaLabels) -> Pixmap {
    let (grid, width, height) = Grid::new(game);
    let mut pm = canvas::pixmap(width, height, BACKGROUND);
    draw_header(&mut pm, game, labels, width as f32);
    let placing = matches!(game.phase(), Phase::Place) && game.outcome().is_none();
    // While placing, the squares where the drawn card fits, with coordinates.
    let mut free: Vec<Pos> = Vec::new();
    if placing {
        free = game
            .legal_actions()
            .iter()
            .filter_map(|a| match a {
                crate::rules::atta_ants::Action::Place { pos, .. } => Some(*pos),
                _ => None,
            })
            .collect();
        free.dedup();
        for pos in free.iter().copied() {
            let (x, y) = grid.corner(pos);
            let c = grid.cell;
            canvas::fill(
                &mut pm,
                &canvas::rounded_rect(x + 3.0, y + 3.0, c - 6.0, c - 6.0, 8.0),
                FRONTIER,
            );
        }
    }
    for pos in game.map().squares() {
        draw_card(&mut pm, &grid, game, pos);
    }
    for h in game.highlights() {
        draw_highlight(&mut pm, &grid, h);
    }
    for pos in game.map().squares() {
        draw_contents(&mut pm, &grid, game, pos);
    }
    // Coordinates: on every card, and on free squares while placing.
    let small = Style::new(&fonts().regular, (grid.cell * 0.14).clamp(9.0, 14.0));
    let mut label_squares: Vec<Pos> = game.map().squares().collect();
    label_squares.extend(free);
    for pos in label_squares {
        let (x, y) = grid.corner(pos);
        let colour = if pos.is_nest() { Colour::hex(0xFFFFFF) } else { INK };
        small.with(colour).draw(
            &mut pm,
            &pos.to_string(),
            x + 6.0,
            y + 4.0 + small.cap_height(),
            Align::Left,
        );
    }
    draw_footer(&mut pm, game, width as f32, height as f32);
    pm
}

fn draw_card(pm: &mut Pixmap, grid: &Grid, game: &AttaAnts, pos: Pos) {
    let (x, y) = grid.corner(pos);
    let c = grid.cell;
    let body = canvas::rounded_rect(x + 2.0, y + 2.0, c - 4.0, c - 4.0, 8.0);
    let edges = game.map().edges(pos).unwrap_or(0);
    canvas::fill(pm, &body, if pos.is_nest() { NEST } else { GRASS });
    if !pos.is_nest() {
        // A few tufts, so a meadow reads as grass even in grey.
        for (fx, fy) in [(0.25, 0.7), (0.72, 0.28), (0.8, 0.78)] {
            let mut pb = PathBuilder::new();
            let (tx, ty) = (x + c * fx, y + c * fy);
            pb.move_to(tx - 4.0, ty);
            pb.line_to(tx - 1.0, ty - 6.0);
            pb.move_to(tx, ty);
            pb.line_to(tx + 3.0, ty - 7.0);
            if let Some(path) = pb.finish() {
                canvas::stroke(pm, &path, GRASS_DARK, 1.5);
            }
        }
    }
    let (cx, cy) = grid.centre(pos);
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
            let trail_colour = if pos.is_nest() { NEST_MOUND } else { TRAIL_EDGE };
            pm.stroke_path(
                &path,
                &trail_colour.paint(),
                &butt,
                tiny_skia::Transform::identity(),
                None,
            );
            // A square hub joins the trails without notches at the centre.
            let hub = |w: f32| canvas::rect(cx - w / 2.0, cy - w / 2.0, w, w);
            canvas::fill_rect(pm, hub(width + 4.0), trail_colour);
            let inner = tiny_skia::Stroke { width, ..butt };
            let fill = if pos.is_nest() {
                Colour::hex(0xB07A4C)
            } else {
                TRAIL
            };
            pm.stroke_path(
                &path,
                &fill.paint(),
                &inner,
                tiny_skia::Transform::identity(),
                None,
            );
            canvas::fill_rect(pm, hub(width), fill);
        }
        if edges.count_ones() == 1 {
            // A dead end ends in a small clearing.
            if let Some(circle) = PathBuilder::from_circle(cx, cy, width * 0.75) {
                canvas::fill(pm, &circle, TRAIL);
            }
        }
    }
    if pos.is_nest() {
        if let Some(mound) = PathBuilder::from_circle(cx, cy, c * 0.2) {
            canvas::fill(pm, &mound, NEST_MOUND);
        }
        let style = Style::new(&fonts().bold, (c * 0.13).clamp(9.0, 15.0)).with(Colour::hex(0xFFFFFF));
        style.draw(
            pm,
            "NEST",
            x + c - 8.0,
            y + 6.0 + style.cap_height(),
            Align::Right,
        );
    }
}

fn draw_highlight(pm: &mut Pixmap, grid: &Grid, h: &Highlight) {
    let c = grid.cell;
    match h {
        Highlight::Placed(pos) => {
            let (x, y) = grid.corner(*pos);
            let outline = canvas::rounded_rect(x + 3.0, y + 3.0, c - 6.0, c - 6.0, 8.0);
            canvas::stroke(pm, &outline, HIGHLIGHT, 4.0);
        }
        Highlight::Path { ant, path } => {
            let mut pb = PathBuilder::new();
            for (i, pos) in path.iter().enumerate() {
                let (px, py) = grid.centre(*pos);
                if i == 0 {
                    pb.move_to(px, py);
                } else {
                    pb.line_to(px, py);
                }
            }
            if let Some(line) = pb.finish() {
                canvas::stroke(pm, &line, INK.alpha(120), c * 0.09 + 2.0);
                canvas::stroke(pm, &line, ant_colour(ant.colour).alpha(220), c * 0.09);
            }
        }
        Highlight::Spider { from, to, .. } => {
            let (fx, fy) = grid.centre(*from);
            let (tx, ty) = grid.centre(*to);
            let mut pb = PathBuilder::new();
            pb.move_to(fx, fy);
            pb.line_to(tx, ty);
            if let Some(line) = pb.finish() {
                canvas::stroke(pm, &line, SPIDER.alpha(150), c * 0.05);
            }
        }
        Highlight::Eaten { at, .. } => {
            let (x, y) = grid.corner(*at);
            let outline = canvas::rounded_rect(x + 3.0, y + 3.0, c - 6.0, c - 6.0, 8.0);
            canvas::stroke(pm, &outline, DANGER, 4.0);
        }
    }
}

/// Leaves, spiders and ants on one card.
fn draw_contents(pm: &mut Pixmap, grid: &Grid, game: &AttaAnts, pos: Pos) {
    let (x, y) = grid.corner(pos);
    let c = grid.cell;
    let bold = Style::new(&fonts().bold, (c * 0.15).clamp(9.0, 17.0));
    let leaves = game.loose_leaves(pos);
    if leaves > 0 {
        let (lx, ly) = (x + c * 0.8, y + c * 0.2);
        draw_leaf(pm, lx, ly, c * 0.11);
        if leaves > 1 {
            bold.with(INK).draw(
                pm,
                &format!("{leaves}"),
                lx - c * 0.14,
                ly + c * 0.06,
                Align::Right,
            );
        }
    }
    let spiders: Vec<_> = game.spiders().iter().filter(|s| s.pos == pos).collect();
    for (i, spider) in spiders.iter().enumerate() {
        let (sx, sy) = (x + c * (0.36 + 0.22 * i as f32), y + c * 0.45);
        draw_spider(pm, sx - 0.11 * c * (spiders.len() - 1) as f32, sy, c * 0.14);
        bold.with(Colour::hex(0xFFFFFF)).draw(
            pm,
            &spider.number.to_string(),
            sx - 0.11 * c * (spiders.len() - 1) as f32,
            sy + bold.cap_height() / 2.0,
            Align::Centre,
        );
    }
    let ants: Vec<_> = game.ants().iter().filter(|a| a.at == Some(pos)).collect();
    if ants.is_empty() {
        return;
    }
    let per_row = if ants.len() > 6 { 4 } else { 3 };
    let r = if ants.len() > 6 { c * 0.085 } else { c * 0.1 };
    let text = Style::new(&fonts().bold, r * 1.2);
    let rows = ants.len().div_ceil(per_row);
    for (i, ant) in ants.iter().enumerate() {
        let row = i / per_row;
        let in_row = (ants.len() - row * per_row).min(per_row);
        let col = i % per_row;
        let ax = x + c / 2.0 + (col as f32 - (in_row as f32 - 1.0) / 2.0) * (2.0 * r + 3.0);
        let ay = y + c - 6.0 - r - (rows - 1 - row) as f32 * (2.0 * r + 3.0);
        let colour = ant.id.colour;
        if ant.carrying {
            draw_leaf(pm, ax + r * 0.8, ay - r * 0.8, r * 0.7);
        }
        if let Some(disc) = PathBuilder::from_circle(ax, ay, r) {
            canvas::fill(pm, &disc, ant_colour(colour));
            let ring = if ant.newborn { HIGHLIGHT } else { INK };
            canvas::stroke(pm, &disc, ring, if ant.newborn { 2.5 } else { 1.2 });
        }
        text.with(ant_text(colour)).draw(
            pm,
            &ant.id.number.to_string(),
            ax,
            ay + text.cap_height() / 2.0,
            Align::Centre,
        );
    }
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

fn draw_header(pm: &mut Pixmap, game: &AttaAnts, labels: &AttaLabels, width: f32) {
    let title = Style::new(&fonts().bold, 20.0).with(INK);
    let regular = Style::new(&fonts().regular, 15.0).with(INK);
    let bold = Style::new(&fonts().bold, 15.0).with(INK);
    title.draw(
        pm,
        &format!("Atta Ants · round {}", game.round()),
        MARGIN,
        30.0,
        Align::Left,
    );
    regular
        .with(MUTED)
        .draw(pm, &turn_text(game, labels), width - MARGIN, 30.0, Align::Right);
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
        if let Some(disc) = PathBuilder::from_circle(x + 9.0, y - 5.0, 9.0) {
            canvas::fill(pm, &disc, ant_colour(colour));
            canvas::stroke(pm, &disc, INK, 1.0);
        }
        x += 24.0;
        x += bold.draw(pm, &name, x, y, Align::Left) + 6.0;
        x += regular.with(MUTED).draw(pm, &score, x, y, Align::Left) + 22.0;
    }
}

fn draw_footer(pm: &mut Pixmap, game: &AttaAnts, width: f32, height: f32) {
    let regular = Style::new(&fonts().regular, 14.0).with(MUTED);
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
    regular.draw(pm, &shown, MARGIN, y, Align::Left);
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

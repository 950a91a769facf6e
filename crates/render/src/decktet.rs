//! Decktet cards for Myrmex: the six suit icons as vector shapes, 44 faces
//! and a back, drawn once into sprites.
//!
//! A face is made for a fanned pile: its top strip carries the rank and the
//! suit icons in their colours, over a band split into those colours, so
//! that two- and three-suited cards read at a glance even when covered. The
//! rest (seen on the top card) shows the icons large and the card's name.

use super::canvas::{fonts, rect, rounded_rect, Align, Colour, Style};
use super::patience::{blank_card, draw_back, INK, IVORY, PAD};
use super::sprites::{stroke_round, Surface};
use antics_core::rules::cards::{DSuit, DecktetCard};
use std::sync::OnceLock;
use tiny_skia::{PathBuilder, Pixmap};

pub(super) const CARD_W: f32 = 112.0;
pub(super) const CARD_H: f32 = 158.0;
const RADIUS: f32 = 9.0;
/// Strips of covered cards: face up (full, least readable) and face down.
pub(super) const UP_STRIP: (f32, f32) = (36.0, 29.0);
pub(super) const DOWN_STRIP: (f32, f32) = (13.0, 6.0);

const EDGE: Colour = Colour::hex(0xb9a98c);
pub(super) const BACK: Colour = Colour::hex(0x2b3a67);
const BACK_ACCENT: Colour = Colour::hex(0xe6c77f);

/// Each suit's colour: distinct in hue and dark enough to read on ivory.
pub(super) fn suit_colour(suit: DSuit) -> Colour {
    match suit {
        DSuit::Moons => Colour::hex(0x5b4fb8),
        DSuit::Suns => Colour::hex(0xd98200),
        DSuit::Waves => Colour::hex(0x1a78c2),
        DSuit::Leaves => Colour::hex(0x35893a),
        DSuit::Wyrms => Colour::hex(0xc0392b),
        DSuit::Knots => Colour::hex(0x8a5a2e),
    }
}

struct Art {
    faces: Vec<Pixmap>,
    back: Pixmap,
}

fn art() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| {
        // Every face starts as the blank card: drawn once (its shadow is
        // most of a face's work), copied for each.
        let blank = blank_card(CARD_W, CARD_H, RADIUS, IVORY, EDGE);
        Art {
            faces: DecktetCard::ALL.iter().map(|c| face_sprite(&blank, *c)).collect(),
            back: back_sprite(),
        }
    })
}

/// The sprite of a face (`Some`) or the back (`None`): `CARD_W` by
/// `CARD_H` plus `PAD` all round.
pub fn sprite(card: Option<DecktetCard>) -> &'static Pixmap {
    match card {
        Some(card) => {
            let i = DecktetCard::ALL
                .iter()
                .position(|c| *c == card)
                .expect("a Decktet card");
            &art().faces[i]
        }
        None => &art().back,
    }
}

/// Every sprite: the faces and the back.
pub(super) fn sprites() -> Vec<&'static Pixmap> {
    let art = art();
    art.faces.iter().chain([&art.back]).collect()
}

/// A card for screen readers: "Castle (7, Suns and Knots)", "Ace of Moons".
pub fn spoken_name(card: DecktetCard) -> String {
    let name = card.name();
    if name.starts_with("Ace of") {
        return name.to_string();
    }
    let suits: Vec<&str> = card.suits().iter().map(|s| s.name()).collect();
    let suits = antics_core::rules::listed(&suits, "and");
    format!("{name} ({}, {suits})", card.rank().name())
}

/// `card`'s face drawn on a copy of `blank`.
fn face_sprite(blank: &Pixmap, card: DecktetCard) -> Pixmap {
    let mut pm = blank.clone();
    let pad = PAD as f32;
    let f = fonts();
    let suits: Vec<DSuit> = card.suits().iter().collect();
    // A band under the strip, split into the suits' colours.
    let band_y = pad + UP_STRIP.1 - 1.0;
    let seg = (CARD_W - 2.0) / suits.len() as f32;
    for (i, suit) in suits.iter().enumerate() {
        let x = pad + 1.0 + i as f32 * seg;
        pm.fill_rect(
            rect(x, band_y, seg, 4.0),
            &suit_colour(*suit).paint(),
            tiny_skia::Transform::identity(),
            None,
        );
    }
    let rank = Style {
        font: &f.bold,
        size: 25.0,
        colour: INK,
    };
    let baseline = pad + 5.0 + rank.cap_height();
    let rank_w = rank.draw(
        &mut pm,
        &card.rank().symbol().to_string(),
        pad + 8.0,
        baseline,
        Align::Left,
    );
    let icon = 19.0;
    let mut x = pad + 8.0 + rank_w + 6.0 + icon / 2.0;
    for suit in &suits {
        draw_suit(&mut pm, *suit, x, pad + 14.5, icon, suit_colour(*suit), IVORY);
        x += icon + 3.0;
    }
    // The body: the icons large, then the name.
    let (cx, cy) = (pad + CARD_W / 2.0, pad + 76.0);
    match suits.as_slice() {
        [one] => draw_suit(&mut pm, *one, cx, cy, 60.0, suit_colour(*one), IVORY),
        [a, b] => {
            draw_suit(&mut pm, *a, cx - 25.0, cy - 11.0, 42.0, suit_colour(*a), IVORY);
            draw_suit(&mut pm, *b, cx + 25.0, cy + 11.0, 42.0, suit_colour(*b), IVORY);
        }
        list => {
            let spots = [(0.0, -20.0), (-26.0, 17.0), (26.0, 17.0)];
            for (suit, (dx, dy)) in list.iter().zip(spots) {
                draw_suit(&mut pm, *suit, cx + dx, cy + dy, 36.0, suit_colour(*suit), IVORY);
            }
        }
    }
    draw_name(&mut pm, card.name(), cx, pad + CARD_H);
    pm
}

/// The name at the card's foot, on two lines when it is long.
fn draw_name(pm: &mut Pixmap, name: &str, cx: f32, bottom: f32) {
    let style = Style {
        font: &fonts().bold,
        size: 14.0,
        colour: INK,
    };
    let room = CARD_W - 14.0;
    if style.width(name) <= room {
        style.draw(pm, name, cx, bottom - 13.0, Align::Centre);
        return;
    }
    let small = Style { size: 13.0, ..style };
    let (first, second) = name.rsplit_once(' ').unwrap_or((name, ""));
    small.draw(pm, &small.fit(first, room), cx, bottom - 26.0, Align::Centre);
    small.draw(pm, &small.fit(second, room), cx, bottom - 10.0, Align::Centre);
}

fn back_sprite() -> Pixmap {
    let mut pm = blank_card(CARD_W, CARD_H, RADIUS, BACK, BACK_ACCENT.alpha(170));
    draw_back(&mut pm, CARD_W, CARD_H, RADIUS, BACK_ACCENT);
    pm
}

// ---------------------------------------------------------------- icons

/// Draws a suit's icon centred on `(cx, cy)`, about `size` pixels across,
/// in `colour`; `ground` is the colour under it, for the few details cut
/// out of a shape.
pub(super) fn draw_suit<S: Surface>(
    pm: &mut S,
    suit: DSuit,
    cx: f32,
    cy: f32,
    size: f32,
    colour: Colour,
    ground: Colour,
) {
    let icon = Icon {
        cx,
        cy,
        size,
        colour,
        ground,
    };
    match suit {
        DSuit::Moons => moon(pm, icon),
        DSuit::Suns => sun(pm, icon),
        DSuit::Waves => waves(pm, icon),
        DSuit::Leaves => leaf(pm, icon),
        DSuit::Wyrms => wyrm(pm, icon),
        DSuit::Knots => knot(pm, icon),
    }
}

/// An icon being drawn: where, how large, in what colour over what ground.
#[derive(Clone, Copy)]
struct Icon {
    cx: f32,
    cy: f32,
    size: f32,
    colour: Colour,
    ground: Colour,
}

impl Icon {
    /// The point `(x, y)` sizes from the icon's centre.
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.cx + x * self.size, self.cy + y * self.size)
    }

    /// Strokes `line` in the icon's colour, `share` of its size wide but
    /// never under `least` pixels.
    fn stroke<S: Surface>(&self, pm: &mut S, line: PathBuilder, share: f32, least: f32) {
        if let Some(path) = line.finish() {
            stroke_round(pm, &path, self.colour, (share * self.size).max(least));
        }
    }
}

/// A crescent: the part of a disc outside a second, offset disc.
fn moon<S: Surface>(pm: &mut S, icon: Icon) {
    let (r1, r2) = (0.46_f32, 0.40_f32);
    let (dx, dy) = (0.24_f32, -0.16_f32);
    let d = (dx * dx + dy * dy).sqrt();
    // Where the two circles cross, as angles on each circle.
    let a = (r1 * r1 - r2 * r2 + d * d) / (2.0 * d);
    let h = (r1 * r1 - a * a).max(0.0).sqrt();
    let (ux, uy) = (dx / d, dy / d);
    let (mx, my) = (a * ux, a * uy);
    let cross = [(mx - h * uy, my + h * ux), (mx + h * uy, my - h * ux)];
    let on1 = |(x, y): (f32, f32)| y.atan2(x);
    let on2 = |(x, y): (f32, f32)| (y - dy).atan2(x - dx);
    let away = (-dy).atan2(-dx);
    let mut pb = PathBuilder::new();
    let outer = sweep(on1(cross[0]), on1(cross[1]), away);
    let inner = sweep(on2(cross[1]), on2(cross[0]), (-dy).atan2(-dx));
    let steps = 28;
    for i in 0..=steps {
        let t = outer.0 + outer.1 * i as f32 / steps as f32;
        let (x, y) = icon.at(r1 * t.cos(), r1 * t.sin());
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    for i in 0..=steps {
        let t = inner.0 + inner.1 * i as f32 / steps as f32;
        let (x, y) = icon.at(dx + r2 * t.cos(), dy + r2 * t.sin());
        pb.line_to(x, y);
    }
    pb.close();
    pm.fill_shape(&pb.finish().expect("moon"), icon.colour);
}

/// The start angle and signed sweep from `a0` to `a1` that passes through
/// `through`.
fn sweep(a0: f32, a1: f32, through: f32) -> (f32, f32) {
    use std::f32::consts::TAU;
    let ccw = (a1 - a0).rem_euclid(TAU);
    let mid = (through - a0).rem_euclid(TAU);
    if mid <= ccw {
        (a0, ccw)
    } else {
        (a0, ccw - TAU)
    }
}

/// A disc with eight rays.
fn sun<S: Surface>(pm: &mut S, icon: Icon) {
    let (cx, cy) = icon.at(0.0, 0.0);
    pm.fill_shape(
        &PathBuilder::from_circle(cx, cy, 0.24 * icon.size).expect("disc"),
        icon.colour,
    );
    let mut pb = PathBuilder::new();
    for k in 0..8 {
        let t = k as f32 * std::f32::consts::FRAC_PI_4;
        let (x0, y0) = icon.at(0.34 * t.cos(), 0.34 * t.sin());
        let (x1, y1) = icon.at(0.48 * t.cos(), 0.48 * t.sin());
        pb.move_to(x0, y0);
        pb.line_to(x1, y1);
    }
    icon.stroke(pm, pb, 0.085, 1.4);
}

/// Three wavy lines.
fn waves<S: Surface>(pm: &mut S, icon: Icon) {
    let mut pb = PathBuilder::new();
    for row in [-0.27, 0.0, 0.27] {
        let (x, y) = icon.at(-0.46, row);
        pb.move_to(x, y);
        // Four half-waves of alternating crests and troughs.
        for k in 0..4 {
            let x0 = -0.46 + k as f32 * 0.23;
            let crest = if k % 2 == 0 { -0.11 } else { 0.11 };
            let (qx, qy) = icon.at(x0 + 0.115, row + crest);
            let (ex, ey) = icon.at(x0 + 0.23, row);
            pb.quad_to(qx, qy, ex, ey);
        }
    }
    icon.stroke(pm, pb, 0.09, 1.4);
}

/// A pointed leaf on a diagonal, with a stem and a midrib.
fn leaf<S: Surface>(pm: &mut S, icon: Icon) {
    let base = (-0.28, 0.28);
    let tip = (0.40, -0.40);
    let mut pb = PathBuilder::new();
    let (bx, by) = icon.at(base.0, base.1);
    let (tx, ty) = icon.at(tip.0, tip.1);
    pb.move_to(bx, by);
    let (c1x, c1y) = icon.at(-0.34, -0.34);
    pb.quad_to(c1x, c1y, tx, ty);
    let (c2x, c2y) = icon.at(0.34, 0.34);
    pb.quad_to(c2x, c2y, bx, by);
    pb.close();
    pm.fill_shape(&pb.finish().expect("leaf"), icon.colour);
    let mut rib = PathBuilder::new();
    let (sx, sy) = icon.at(-0.46, 0.46);
    rib.move_to(sx, sy);
    rib.line_to(bx, by);
    icon.stroke(pm, rib, 0.08, 1.3);
    if icon.size >= 24.0 {
        let mut mid = PathBuilder::new();
        let (mx, my) = icon.at(-0.18, 0.18);
        let (nx, ny) = icon.at(0.26, -0.26);
        mid.move_to(mx, my);
        mid.line_to(nx, ny);
        stroke_round(pm, &mid.finish().expect("midrib"), icon.ground, 0.035 * icon.size);
    }
}

/// A serpent: a thick S-curve with a head, tapering to its tail.
fn wyrm<S: Surface>(pm: &mut S, icon: Icon) {
    let seg = |pts: [(f32, f32); 4]| {
        let mut pb = PathBuilder::new();
        let q = pts.map(|(x, y)| icon.at(x, y));
        pb.move_to(q[0].0, q[0].1);
        pb.cubic_to(q[1].0, q[1].1, q[2].0, q[2].1, q[3].0, q[3].1);
        pb
    };
    let upper = seg([(0.26, -0.30), (0.02, -0.48), (-0.42, -0.26), (0.0, 0.0)]);
    let lower = seg([(0.0, 0.0), (0.42, 0.26), (0.05, 0.50), (-0.38, 0.36)]);
    icon.stroke(pm, upper, 0.15, 2.0);
    icon.stroke(pm, lower, 0.10, 1.5);
    let (hx, hy) = icon.at(0.30, -0.30);
    pm.fill_shape(
        &PathBuilder::from_circle(hx, hy, 0.12 * icon.size).expect("head"),
        icon.colour,
    );
    if icon.size >= 24.0 {
        let (ex, ey) = icon.at(0.33, -0.33);
        pm.fill_shape(
            &PathBuilder::from_circle(ex, ey, 0.028 * icon.size).expect("eye"),
            icon.ground,
        );
    }
}

/// A trefoil knot: one line looping through itself three times.
fn knot<S: Surface>(pm: &mut S, icon: Icon) {
    let mut pb = PathBuilder::new();
    let steps = 96;
    for i in 0..=steps {
        let t = i as f32 / steps as f32 * std::f32::consts::TAU;
        let x = t.sin() + 2.0 * (2.0 * t).sin();
        let y = t.cos() - 2.0 * (2.0 * t).cos();
        let (px, py) = icon.at(x * 0.148, y * 0.148 + 0.03);
        if i == 0 {
            pb.move_to(px, py);
        } else {
            pb.line_to(px, py);
        }
    }
    pb.close();
    icon.stroke(pm, pb, 0.085, 1.4);
}

/// A chamber's badge: a disc in the suit's colour with the icon in ivory.
pub(super) fn draw_badge<S: Surface>(pm: &mut S, suit: DSuit, cx: f32, cy: f32, r: f32) {
    let colour = suit_colour(suit);
    let disc = PathBuilder::from_circle(cx, cy, r).expect("badge");
    pm.fill_shape(&disc, colour);
    stroke_round(pm, &disc, IVORY.alpha(200), 1.5);
    draw_suit(pm, suit, cx, cy, r * 1.25, IVORY, colour);
}

/// An empty chamber: a dashed ring.
pub(super) fn draw_empty_badge<S: Surface>(pm: &mut S, cx: f32, cy: f32, r: f32, colour: Colour) {
    let ring = rounded_rect(cx - r, cy - r, 2.0 * r, 2.0 * r, r);
    let stroke_style = tiny_skia::Stroke {
        width: 1.8,
        dash: tiny_skia::StrokeDash::new(vec![4.0, 3.5], 0.0),
        ..tiny_skia::Stroke::default()
    };
    pm.stroke_shape(&ring, colour, &stroke_style);
}

//! Ants Solitaire as a PNG, and its alt text.
//!
//! The four foundations along the top (each its top card over the edges of
//! the cards beneath, with its count and the ranks it takes next), the four
//! tableau piles fanned below. The image grows with the longest tableau pile
//! (at most 12 cards, so nothing ever needs squeezing).

use super::canvas::{fonts, Align, Indexed, Palette, Style};
use super::cards::{self, CARD_H, CARD_W, STRIP};
use super::patience::{
    board_frame, board_png, draw_empty, draw_footer, draw_header, draw_label, fan, fan_height,
    patience_board, prepare_art, ring, BoardArt, Header, Mark, PatienceBoard, FELT_TEXT, LABEL_H, PAD,
};
use super::sprites::Surface;
use super::Region;
use antics_core::rules::ants_solitaire::{Action, View, PILES};
use antics_core::rules::cards::{Rank, StdCard};
use antics_core::rules::counted;
use std::fmt::Write as _;
use tiny_skia::Pixmap;

pub const WIDTH: u32 = 800;
const COLUMN: f32 = (WIDTH as f32 - 40.0) / 4.0;
/// How many card edges show under a foundation's top card, at most, and
/// how far apart.
const DEPTH: usize = 3;
const DEPTH_STEP: f32 = 3.0;
const FOUNDATION_LABEL_Y: f32 = super::patience::HEADER_H + 14.0;
const LABEL_GAP: f32 = LABEL_H + 6.0;
const FOUNDATION_Y: f32 = FOUNDATION_LABEL_Y + LABEL_GAP;
/// The baseline of the line under each foundation that says what it takes.
const NEXT_Y: f32 = FOUNDATION_Y + CARD_H + DEPTH as f32 * DEPTH_STEP + 22.0;
const TABLEAU_LABEL_Y: f32 = NEXT_Y + 14.0;
const TABLEAU_Y: f32 = TABLEAU_LABEL_Y + LABEL_GAP;
/// The tallest image: a tableau pile of 12 cards, the most there can be.
pub const MAX_HEIGHT: u32 = (TABLEAU_Y + CARD_H + 11.0 * STRIP.0 + BOTTOM) as u32 + 1;
/// Strips always given room, so that the image changes size seldom.
const MIN_GAPS: usize = 4;
const BOTTOM: f32 = 18.0 + 8.0 + super::patience::FOOTER_H;

/// The tableau's room: the longest pile at full strips.
pub fn tableau_room(view: &View) -> f32 {
    let longest = view
        .tableau
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .max(MIN_GAPS + 1);
    fan_height(&vec![true; longest], CARD_H, STRIP.0, STRIP.0)
}

/// The image's size for a view: [`WIDTH`] by about 780 to 1050 pixels.
pub fn ants_size(view: &View) -> (u32, u32) {
    (WIDTH, (TABLEAU_Y + tableau_room(view) + BOTTOM).ceil() as u32)
}

fn column_x(i: usize) -> f32 {
    20.0 + i as f32 * COLUMN + ((COLUMN - CARD_W) / 2.0).floor()
}

/// Where each pile was drawn: the foundations `f1` to `f4` (their label to
/// the line under them) and the tableau piles `t1` to `t4` (their label to
/// the room below their cards), as moves name them.
pub fn ants_regions(view: &View) -> Vec<Region> {
    let room = tableau_room(view);
    let foundations = (0..PILES).map(|i| {
        let h = NEXT_Y - FOUNDATION_LABEL_Y;
        Region::new(format!("f{}", i + 1), column_x(i), FOUNDATION_LABEL_Y, CARD_W, h)
    });
    let tableau = (0..PILES).map(|i| {
        let h = LABEL_GAP + room;
        Region::new(format!("t{}", i + 1), column_x(i), TABLEAU_LABEL_Y, CARD_W, h)
    });
    foundations.chain(tableau).collect()
}

patience_board!(AntsBoard, ants_png, ants_size, ants_alt_text, cards::sprites());

/// Made-up views that show every card, both highlights, an empty pile and
/// every header style.
fn sample_views() -> Vec<View> {
    let deck = antics_core::rules::cards::standard_deck();
    let mut tableau: [Vec<StdCard>; PILES] = Default::default();
    for (i, card) in deck[8..].iter().enumerate() {
        tableau[i % PILES].push(*card);
    }
    let foundations: [Vec<StdCard>; PILES] = std::array::from_fn(|i| deck[2 * i..2 * i + 2].to_vec());
    let moved = Action::Move {
        tableau: 1,
        foundation: 3,
    };
    let won = "Won: all 52 cards on the foundations";
    let [base, lost, won] = cards::sample_progress(moved, Action::Deal, 12, won);
    let view = |tableau: [Vec<StdCard>; PILES], progress| View {
        variant: Default::default(),
        foundations: foundations.clone(),
        tableau,
        progress,
    };
    let mut dealt = tableau.clone();
    dealt[2].clear();
    vec![view(tableau.clone(), base), view(dealt, lost), view(tableau, won)]
}

/// How the last action marks the foundations and the tableau piles.
pub fn marks(view: &View) -> ([Mark; PILES], [Mark; PILES]) {
    let (mut f_marks, mut t_marks) = ([Mark::None; PILES], [Mark::None; PILES]);
    let pile = |n: u8| usize::from(n).saturating_sub(1).min(PILES - 1);
    // A pile as (on the tableau, its index).
    let moved = cards::last_move(&view.progress, Action::Undo, |action| match action {
        Action::Move { tableau, foundation } => Some(((true, pile(tableau)), (false, pile(foundation)))),
        _ => None,
    });
    if let Some((from, to)) = moved {
        for ((on_tableau, i), mark) in [(from, Mark::From), (to, Mark::To)] {
            let marks = if on_tableau { &mut t_marks } else { &mut f_marks };
            marks[i] = mark;
        }
    } else if view.progress.last == Some(Action::Deal) {
        t_marks.fill(Mark::To);
    }
    (f_marks, t_marks)
}

/// The ranks a foundation takes next: one above and one below, King and
/// Ace adjacent.
pub fn next_ranks(top: StdCard) -> (Rank, Rank) {
    let v = top.rank.value();
    let below = if v == 1 { 13 } else { v - 1 };
    let above = if v == 13 { 1 } else { v + 1 };
    let rank = |v| Rank::from_value(v).expect("a rank");
    (rank(below), rank(above))
}

fn draw_on<S: Surface>(pm: &mut S, view: &View, daily: Option<&str>) {
    let (f_marks, t_marks) = marks(view);
    for (i, pile) in view.foundations.iter().enumerate() {
        draw_foundation(pm, i, pile, f_marks[i]);
    }
    let room = tableau_room(view);
    for (i, pile) in view.tableau.iter().enumerate() {
        draw_tableau(pm, i, pile, room, t_marks[i]);
    }
    draw_header(pm, &header(view), daily);
    let keys = f_marks.iter().chain(&t_marks).any(|m| *m != Mark::None);
    draw_footer(
        pm,
        last_text(view).as_deref(),
        view.progress.hinted,
        keys,
        &cards::undoable_note(view.progress.undoable),
    );
}

fn draw_foundation<S: Surface>(pm: &mut S, i: usize, pile: &[StdCard], mark: Mark) {
    let x = column_x(i);
    let Some(&top) = pile.last() else {
        // The rules never leave a foundation empty; draw its place anyway.
        draw_empty(pm, x, FOUNDATION_Y, CARD_W, CARD_H, "", "");
        return;
    };
    let (below, above) = next_ranks(top);
    let next = format!("takes {} or {}", cards::rank_text(below), cards::rank_text(above));
    let hint = Style {
        font: &fonts().regular,
        size: 16.0,
        colour: FELT_TEXT,
    };
    pm.text(&hint, &next, x + CARD_W / 2.0, NEXT_Y, Align::Centre);
    draw_label(
        pm,
        &format!("F{}", i + 1),
        &counted(pile.len(), "card"),
        x,
        FOUNDATION_LABEL_Y + LABEL_H / 2.0,
        mark,
    );
    let depth = (pile.len() - 1).min(DEPTH);
    for k in (1..=depth).rev() {
        let dy = k as f32 * DEPTH_STEP;
        pm.paste_sprite(
            cards::blank(),
            x as i32 - PAD as i32,
            (FOUNDATION_Y + dy) as i32 - PAD as i32,
            u32::MAX,
        );
    }
    pm.paste_sprite(
        cards::face(top),
        x as i32 - PAD as i32,
        FOUNDATION_Y as i32 - PAD as i32,
        u32::MAX,
    );
    if let Some(colour) = mark.colour() {
        ring(pm, x, FOUNDATION_Y, CARD_W, CARD_H, colour);
    }
}

fn draw_tableau<S: Surface>(pm: &mut S, i: usize, pile: &[StdCard], room: f32, mark: Mark) {
    let x = column_x(i);
    let note = match pile.len() {
        0 | 1 => String::new(),
        n => counted(n, "card"),
    };
    draw_label(
        pm,
        &format!("T{}", i + 1),
        &note,
        x,
        TABLEAU_LABEL_Y + LABEL_H / 2.0,
        mark,
    );
    if pile.is_empty() {
        draw_empty(pm, x, TABLEAU_Y, CARD_W, CARD_H, "", "");
        if let Some(colour) = mark.colour() {
            ring(pm, x, TABLEAU_Y, CARD_W, CARD_H, colour);
        }
        return;
    }
    let tops = fan(&vec![true; pile.len()], CARD_H, room, STRIP, STRIP);
    cards::paste_fanned(pm, pile, &tops, x, TABLEAU_Y, mark);
}

fn header(view: &View) -> Header<'static> {
    let variant = match view.variant.as_str() {
        "strict" => "Strict: deal only when stuck",
        _ => "Relaxed: deal any time",
    };
    let status = format!("{variant} · {}", cards::moves_and_undos(&view.progress));
    cards::patience_header("ANTS SOLITAIRE", &view.progress, status)
}

fn last_text(view: &View) -> Option<String> {
    cards::last_text(&view.progress, Action::Undo)
}

/// A short description for screen readers, at most 1024 characters: the
/// score, each foundation's top card and count, each tableau pile's top
/// card, the stock, the last action and the outcome. Only cards in sight are
/// named; the stock's order is never in the view.
pub fn ants_alt_text(view: &View) -> String {
    let mut text = cards::alt_opening(
        &format!("Ants Solitaire board ({})", view.variant),
        &view.progress,
    );
    let foundations: Vec<String> = view
        .foundations
        .iter()
        .enumerate()
        .map(|(i, pile)| match pile.last() {
            Some(card) => format!(
                "F{} {} ({})",
                i + 1,
                cards::spoken_name(*card),
                counted(pile.len(), "card")
            ),
            None => format!("F{} empty", i + 1),
        })
        .collect();
    let _ = write!(text, " Foundations: {}.", foundations.join("; "));
    let tableau: Vec<String> = view
        .tableau
        .iter()
        .enumerate()
        .map(|(i, pile)| {
            let label = format!("T{}", i + 1);
            cards::spoken_pile(&label, pile).unwrap_or_else(|| format!("{label} empty"))
        })
        .collect();
    let _ = write!(text, " Tableau: {}.", tableau.join("; "));
    cards::finish_stocked_alt(text, &view.progress, Action::Undo)
}

//! Anthill as a PNG, and its alt text.
//!
//! Eight spots in two rows of four, each pile fanned downwards so that every
//! card's rank and suit show. The image grows taller with the longest piles
//! (up to [`MAX_HEIGHT`]); past that the strips shrink, as little as they
//! must. The cards of each pile's bottom run (the score) are marked with a
//! gold bar.

use super::canvas::{rounded_rect, Indexed, Palette};
use super::cards::{self, CARD_H, CARD_W, STRIP};
use super::patience::{
    board_frame, board_png, draw_empty, draw_footer, draw_header, draw_label, fan, fan_height,
    patience_board, prepare_art, ring, BoardArt, Header, Mark, PatienceBoard, GOLD, LABEL_H,
};
use super::sprites::Surface;
use super::Region;
use antics_core::rules::anthill::{bottom_run, Action, View, SPOTS};
use antics_core::rules::cards::StdCard;
use antics_core::rules::counted;
use std::fmt::Write as _;
use tiny_skia::Pixmap;

pub const WIDTH: u32 = 800;
/// The tallest image; longer piles are squeezed to fit.
pub const MAX_HEIGHT: u32 = 1200;
const COLUMN: f32 = (WIDTH as f32 - 40.0) / 4.0;
/// Pile strips at least this many are always given room, so that the image
/// keeps its size in the early game.
const MIN_GAPS: f32 = 4.0;
const FIRST_LABEL_Y: f32 = super::patience::HEADER_H + 14.0;
/// From the top of a row's label to the top of its piles.
const LABEL_GAP: f32 = LABEL_H + 6.0;
const ROW_GAP: f32 = 14.0;
/// Below the last row: its margin, the felt's edge and the footer.
const BOTTOM: f32 = 18.0 + 8.0 + super::patience::FOOTER_H;

/// Where things go, worked out from the view.
struct Layout {
    height: u32,
    /// The top of each row's piles and the room each row has.
    rows: [(f32, f32); 2],
}

fn layout(view: &View) -> Layout {
    let need = |row: usize| {
        let longest = view.spots[row * 4..row * 4 + 4]
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0);
        let gaps = (longest.saturating_sub(1) as f32).max(MIN_GAPS);
        fan_height(&vec![true; gaps as usize + 1], CARD_H, STRIP.0, STRIP.0)
    };
    let (mut a, mut b) = (need(0), need(1));
    let fixed = FIRST_LABEL_Y + 2.0 * LABEL_GAP + ROW_GAP + BOTTOM;
    let room = MAX_HEIGHT as f32 - fixed;
    if a + b > room {
        let fans = room - 2.0 * CARD_H;
        let (fa, fb) = (a - CARD_H, b - CARD_H);
        a = CARD_H + (fans * fa / (fa + fb)).floor();
        b = CARD_H + (fans * fb / (fa + fb)).floor();
    }
    let first = FIRST_LABEL_Y + LABEL_GAP;
    let second = first + a + ROW_GAP + LABEL_GAP;
    Layout {
        height: (second + b + BOTTOM).ceil() as u32,
        rows: [(first, a), (second, b)],
    }
}

/// The left edge of spot `i`'s cards (0-based).
fn spot_x(i: usize) -> f32 {
    20.0 + (i % 4) as f32 * COLUMN + ((COLUMN - CARD_W) / 2.0).floor()
}

/// The image's size for a view: [`WIDTH`] by a height between about 900
/// and [`MAX_HEIGHT`].
pub fn anthill_size(view: &View) -> (u32, u32) {
    (WIDTH, layout(view).height)
}

/// Where each spot was drawn, from its label to the room below its cards:
/// `1` to `8`, as moves name them.
pub fn anthill_regions(view: &View) -> Vec<Region> {
    let layout = layout(view);
    (0..SPOTS)
        .map(|i| {
            let (top, room) = layout.rows[i / 4];
            Region::new(
                (i + 1).to_string(),
                spot_x(i),
                top - LABEL_GAP,
                CARD_W,
                LABEL_GAP + room,
            )
        })
        .collect()
}

patience_board!(
    AnthillBoard,
    anthill_png,
    anthill_size,
    anthill_alt_text,
    cards::sprites()
);

/// Made-up views that show every card, both highlights, empty spots, and
/// every header style.
fn sample_views() -> Vec<View> {
    let deck = antics_core::rules::cards::standard_deck();
    let mut spots: [Vec<StdCard>; SPOTS] = Default::default();
    for (i, card) in deck.iter().enumerate() {
        spots[i % SPOTS].push(*card);
    }
    let [base, lost, won] = cards::sample_progress(
        Action::Move { from: 2, to: 6 },
        Action::Deal,
        20,
        "Won: four suits in order",
    );
    let mut dealt = spots.clone();
    dealt.swap(0, 4);
    dealt[1].clear();
    dealt[6].clear();
    vec![
        View {
            spots: spots.clone(),
            progress: base,
        },
        View {
            spots: dealt,
            progress: lost,
        },
        View { spots, progress: won },
    ]
}

/// How the last action marks each spot.
pub fn marks(view: &View) -> [Mark; SPOTS] {
    let mut marks = [Mark::None; SPOTS];
    let spot = |n: u8| usize::from(n).saturating_sub(1).min(SPOTS - 1);
    let moved = cards::last_move(&view.progress, Action::Undo, |action| match action {
        Action::Move { from, to } => Some((spot(from), spot(to))),
        _ => None,
    });
    if let Some((from, to)) = moved {
        marks[from] = Mark::From;
        marks[to] = Mark::To;
    } else if view.progress.last == Some(Action::Deal) {
        // Every deal reaches all eight spots but the last, which has 4: a
        // stock spent after the deal, or (a hinted deal, drawn before it)
        // a stock of 4.
        let stock = view.progress.stock_len;
        let last_deal = if view.progress.hinted {
            stock <= 4
        } else {
            stock == 0
        };
        let dealt = if last_deal { 4 } else { SPOTS };
        marks[..dealt].fill(Mark::To);
    }
    marks
}

fn draw_on<S: Surface>(pm: &mut S, view: &View, daily: Option<&str>) {
    let layout = layout(view);
    let marks = marks(view);
    for (i, pile) in view.spots.iter().enumerate() {
        let (top, room) = layout.rows[i / 4];
        draw_spot(pm, i, pile, spot_x(i), top, room, marks[i]);
    }
    draw_header(pm, &header(view), daily);
    let last = last_text(view);
    let keys = marks.iter().any(|m| *m != Mark::None);
    draw_footer(
        pm,
        last.as_deref(),
        view.progress.hinted,
        keys,
        &cards::undoable_note(view.progress.undoable),
    );
}

fn draw_spot<S: Surface>(pm: &mut S, i: usize, pile: &[StdCard], x: f32, top: f32, room: f32, mark: Mark) {
    let note = match pile.len() {
        0 | 1 => String::new(),
        n => counted(n, "card"),
    };
    draw_label(
        pm,
        &(i + 1).to_string(),
        &note,
        x,
        top - LABEL_GAP + LABEL_H / 2.0,
        mark,
    );
    let top_row = i < 4;
    if pile.is_empty() {
        let (letter, caption) = if top_row { ("A", "ACE") } else { ("K", "KING") };
        draw_empty(pm, x, top, CARD_W, CARD_H, letter, caption);
        if let Some(colour) = mark.colour() {
            ring(pm, x, top, CARD_W, CARD_H, colour);
        }
        return;
    }
    let tops = fan(&vec![true; pile.len()], CARD_H, room, STRIP, STRIP);
    let run = bottom_run(pile);
    if run > 0 {
        // The bottom run, which the score counts: a gold bar beside it.
        let end = if run == pile.len() {
            tops[run - 1] + CARD_H
        } else {
            tops[run]
        };
        pm.fill_shape(&rounded_rect(x - 9.0, top + 4.0, 4.0, end - 8.0, 2.0), GOLD);
    }
    cards::paste_fanned(pm, pile, &tops, x, top, mark);
}

fn header(view: &View) -> Header<'static> {
    // The gold bars are explained where the eye goes first, in words short
    // enough to stay whole beside hundreds of moves and undos.
    let status = format!("{} · gold: scoring run", cards::moves_and_undos(&view.progress));
    cards::patience_header("ANTHILL", &view.progress, status)
}

/// The last action in words.
fn last_text(view: &View) -> Option<String> {
    cards::last_text(&view.progress, Action::Undo)
}

/// A short description for screen readers, at most 1024 characters: the
/// score, every spot's top card and size, the stock, the last action and
/// the outcome. Anthill has no face-down cards; the stock's order is never
/// in the view.
pub fn anthill_alt_text(view: &View) -> String {
    let mut text = cards::alt_opening("Anthill board", &view.progress);
    for (row, name) in [(0, "Top row"), (1, "Bottom row")] {
        let spots: Vec<String> = (row * 4..row * 4 + 4)
            .map(|i| {
                cards::spoken_pile(i + 1, &view.spots[i]).unwrap_or_else(|| match row {
                    0 => format!("{} empty (takes an Ace)", i + 1),
                    _ => format!("{} empty (takes a King)", i + 1),
                })
            })
            .collect();
        let _ = write!(text, " {name}: {}.", spots.join("; "));
    }
    cards::finish_stocked_alt(text, &view.progress, Action::Undo)
}

//! Myrmex as a PNG, and its alt text.
//!
//! Eight piles in a row, fanned downwards: face-down cards as backs in
//! narrow strips, face-up cards in strips tall enough to show the rank and
//! the suit icons. The image grows with the tallest pile up to
//! [`MAX_HEIGHT`]; past that face-down strips shrink first, then face-up
//! ones. A gold bar beside a pile marks its movable group. Above the piles:
//! the six chambers, filled with their suit as they are completed.
//!
//! Only the view is drawn, and a face-down card is `None` in it: two games
//! that differ only in hidden cards give the same bytes.

use super::canvas::{fonts, rounded_rect, Align, Colour, Indexed, Palette, Style};
use super::decktet::{self, draw_badge, draw_empty_badge, CARD_H, CARD_W, DOWN_STRIP, UP_STRIP};
use super::patience::{
    board_frame, board_png, draw_empty, draw_footer, draw_header, draw_label, fan, fan_height, finish_alt,
    paste_pile, patience_board, prepare_art, ring, ring_cards, BoardArt, Header, Mark, PatienceBoard,
    FELT_MARK, FELT_TEXT, FROM_MARK, GOLD, LABEL_H, LOST, MARGIN, TEXT, TO_MARK,
};
use super::sprites::Surface;
use super::Region;
use antics_core::rules::cards::{DSuit, DecktetCard, MyrmexLevel};
use antics_core::rules::counted;
use antics_core::rules::myrmex::{Action, Ending, MoveInfo, PileView, View, CHAMBERS, PILES};
use antics_core::rules::patience::PatienceOutcome;
use std::fmt::Write as _;
use tiny_skia::Pixmap;

pub const WIDTH: u32 = 1000;
/// The tallest image; taller piles are squeezed to fit.
pub const MAX_HEIGHT: u32 = 1300;
const PITCH: f32 = CARD_W + 10.0;
const LEFT: f32 = ((WIDTH as f32 - (PILES as f32 * PITCH - 10.0)) / 2.0) as i32 as f32;
const CHAMBER_Y: f32 = super::patience::HEADER_H + 36.0;
const LABEL_Y: f32 = CHAMBER_Y + 30.0;
const PILE_Y: f32 = LABEL_Y + LABEL_H + 6.0;
const BOTTOM: f32 = 18.0 + 8.0 + super::patience::FOOTER_H;
/// The least room the piles get: three backs and seven face-up cards.
const MIN_ROOM: f32 = CARD_H + 3.0 * DOWN_STRIP.0 + 6.0 * UP_STRIP.0;

fn faces(pile: &PileView) -> Vec<bool> {
    pile.cards.iter().map(Option::is_some).collect()
}

/// The piles' room: the tallest pile at full strips, within bounds.
fn room(view: &View) -> f32 {
    let tallest = view
        .piles
        .iter()
        .map(|p| fan_height(&faces(p), CARD_H, UP_STRIP.0, DOWN_STRIP.0))
        .fold(MIN_ROOM, f32::max);
    tallest.min(MAX_HEIGHT as f32 - PILE_Y - BOTTOM).ceil()
}

/// The image's size for a view: [`WIDTH`] by about 640 to [`MAX_HEIGHT`].
pub fn myrmex_size(view: &View) -> (u32, u32) {
    (WIDTH, (PILE_Y + room(view) + BOTTOM) as u32)
}

fn pile_x(i: usize) -> f32 {
    LEFT + i as f32 * PITCH
}

/// Where each pile was drawn, from its label to the room below its cards:
/// `1` to `8`, as moves name them.
pub fn myrmex_regions(view: &View) -> Vec<Region> {
    let h = PILE_Y - LABEL_Y + room(view);
    (0..PILES)
        .map(|i| Region::new((i + 1).to_string(), pile_x(i), LABEL_Y, CARD_W, h))
        .collect()
}

patience_board!(
    MyrmexBoard,
    myrmex_png,
    myrmex_size,
    myrmex_alt_text,
    decktet::sprites()
);

/// Made-up views that show every face and the back, both highlights, every
/// chamber badge, an empty pile and every header style.
fn sample_views() -> Vec<View> {
    let mut piles: Vec<PileView> = (0..PILES)
        .map(|_| PileView {
            cards: vec![None, None],
            group: 1,
        })
        .collect();
    for (i, card) in DecktetCard::ALL.iter().enumerate() {
        piles[i % PILES].cards.push(Some(*card));
    }
    piles[0].group = 3;
    let base = View {
        level: MyrmexLevel::Minor,
        closed: false,
        piles,
        stock: 12,
        restocks_left: 2,
        chambers: DSuit::ALL.to_vec(),
        sequence_len: 10,
        last_action: Some(Action::onto(2, 5)),
        last_move: Some(MoveInfo {
            from: 2,
            to: 5,
            count: 2,
        }),
        last_dealt: 0,
        can_undo: true,
        undos: 1,
        moves: 30,
        score: 6,
        outcome: None,
        ending: None,
        hinted: false,
    };
    let mut dealt = base.clone();
    dealt.last_action = Some(Action::Deal);
    dealt.last_move = None;
    dealt.last_dealt = 8;
    dealt.chambers.truncate(2);
    dealt.piles[3].cards.clear();
    dealt.outcome = Some(PatienceOutcome {
        won: false,
        detail: "Total loss: no chambers".into(),
    });
    let mut won = base.clone();
    won.outcome = Some(PatienceOutcome {
        won: true,
        detail: "Full victory: 6 chambers".into(),
    });
    vec![base, dealt, won]
}

/// How the last action marks each pile.
pub fn marks(view: &View) -> [Mark; PILES] {
    let mut marks = [Mark::None; PILES];
    let pile = |n: usize| n.saturating_sub(1).min(PILES - 1);
    if let Some(info) = view.last_move {
        marks[pile(info.from)] = Mark::From;
        marks[pile(info.to)] = Mark::To;
    } else if view.last_action == Some(Action::Deal) {
        marks[..view.last_dealt.min(PILES)].fill(Mark::To);
    }
    marks
}

fn draw_on<S: Surface>(pm: &mut S, view: &View, daily: Option<&str>) {
    draw_chambers(pm, view);
    let marks = marks(view);
    let room = room(view);
    for (i, pile) in view.piles.iter().enumerate().take(PILES) {
        let moved = match view.last_move {
            Some(info) if info.to == i + 1 => info.count,
            _ => 1,
        };
        draw_pile(pm, i, pile, room, marks[i], moved);
    }
    draw_header(pm, &header(view), daily);
    let keys = marks.iter().any(|m| *m != Mark::None);
    let note = if view.can_undo { "undo available" } else { "" };
    draw_footer(pm, last_text(view).as_deref(), view.hinted, keys, note);
}

fn draw_chambers<S: Surface>(pm: &mut S, view: &View) {
    let f = fonts();
    let label = Style {
        font: &f.bold,
        size: 17.0,
        colour: FELT_TEXT,
    };
    let mid = CHAMBER_Y;
    let x = MARGIN + 6.0;
    let w = pm.text(&label, "Chambers", x, mid + label.cap_height() / 2.0, Align::Left);
    let r = 14.0;
    for k in 0..CHAMBERS {
        let cx = x + w + 14.0 + r + k as f32 * (2.0 * r + 8.0);
        match view.chambers.get(k) {
            Some(suit) => draw_badge(pm, *suit, cx, mid, r),
            None => draw_empty_badge(pm, cx, mid, r, FELT_MARK),
        }
    }
    let hint = Style {
        font: &f.regular,
        size: 16.0,
        colour: FELT_TEXT,
    };
    let text = format!(
        "A chamber: one suit, Crown down to Ace ({} cards)",
        view.sequence_len
    );
    pm.text(
        &hint,
        &text,
        WIDTH as f32 - MARGIN - 6.0,
        mid + hint.cap_height() / 2.0,
        Align::Right,
    );
}

fn draw_pile<S: Surface>(pm: &mut S, i: usize, pile: &PileView, room: f32, mark: Mark, moved: usize) {
    let x = pile_x(i);
    let down = pile.cards.iter().filter(|c| c.is_none()).count();
    let note = if down > 0 {
        format!("{down}↓")
    } else {
        String::new()
    };
    draw_label(pm, &(i + 1).to_string(), &note, x, LABEL_Y + LABEL_H / 2.0, mark);
    let n = pile.cards.len();
    if n == 0 {
        draw_empty(pm, x, PILE_Y, CARD_W, CARD_H, "", "");
        if let Some(colour) = mark.colour() {
            ring(pm, x, PILE_Y, CARD_W, CARD_H, colour);
        }
        return;
    }
    let tops = fan(&faces(pile), CARD_H, room, UP_STRIP, DOWN_STRIP);
    let group = pile.group.min(n);
    if group >= 2 {
        // The movable group: a gold bar along its left.
        let top = PILE_Y + tops[n - group];
        let bottom = PILE_Y + tops[n - 1] + CARD_H;
        pm.fill_shape(
            &rounded_rect(x - 6.0, top + 3.0, 3.5, bottom - top - 6.0, 1.75),
            GOLD,
        );
    }
    paste_pile(
        pm,
        pile.cards.iter().map(|c| decktet::sprite(*c)),
        &tops,
        x,
        PILE_Y,
    );
    match mark {
        Mark::To => {
            // The cards that came (or were dealt): at most the face-up top.
            let up = pile.cards.iter().rev().take_while(|c| c.is_some()).count();
            let count = moved.clamp(1, up.max(1));
            ring_cards(
                pm,
                x,
                PILE_Y + tops[n - count],
                CARD_W,
                PILE_Y + tops[n - 1] + CARD_H,
                TO_MARK,
            );
        }
        Mark::From => ring(pm, x, PILE_Y + tops[n - 1], CARD_W, CARD_H, FROM_MARK),
        Mark::None => {}
    }
}

fn header(view: &View) -> Header<'static> {
    let chambers = format!("Chambers {} of {CHAMBERS}", view.chambers.len());
    let (title, title_colour, tag): (String, Colour, _) = match &view.outcome {
        Some(outcome) if outcome.won => (outcome.detail.clone(), GOLD, Some(("WON", GOLD))),
        Some(outcome) => (outcome.detail.clone(), TEXT, Some(("OVER", LOST))),
        None => (chambers, TEXT, None),
    };
    let restocks = match view.restocks_left {
        0 => "no restocks left".to_string(),
        n => format!("{} left", counted(n, "restock")),
    };
    let level = format!(
        "{} level{}",
        capitalise(view.level.as_str()),
        if view.closed { ", closed" } else { "" }
    );
    Header {
        brand: "MYRMEX",
        title,
        title_colour,
        tag,
        // A game that ended by itself says why where the counts stood.
        status: match view.ending.and_then(Ending::reason) {
            Some(reason) => format!("{level} · {}", reason.to_lowercase()),
            None => format!(
                "{level} · {} · {}",
                counted(view.moves as usize, "move"),
                counted(view.undos as usize, "undo")
            ),
        },
        stock: Some((view.stock, format!("in stock · {restocks}"))),
        back: decktet::BACK,
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn last_text(view: &View) -> Option<String> {
    let action = view.last_action?;
    Some(match (action, view.last_move) {
        (Action::Move { .. }, Some(info)) => format!("{action} ({})", counted(info.count, "card")),
        (Action::Deal, _) => format!("restock ({})", counted(view.last_dealt, "card")),
        _ => action.to_string(),
    })
}

/// A short description for screen readers, at most 1024 characters: the
/// chambers, each pile's top card with how many cards lie face up and face
/// down under it, the stock, the last action and the outcome. A face-down
/// card is only ever counted.
pub fn myrmex_alt_text(view: &View) -> String {
    let mut text = format!(
        "Myrmex board, {} level{}. Chambers {} of {CHAMBERS}",
        view.level,
        if view.closed { ", closed" } else { "" },
        view.chambers.len(),
    );
    if !view.chambers.is_empty() {
        let suits: Vec<&str> = view.chambers.iter().map(|s| s.name()).collect();
        let _ = write!(text, " ({})", suits.join(", "));
    }
    let _ = write!(
        text,
        "; {}, {}.",
        counted(view.moves as usize, "move"),
        counted(view.undos as usize, "undo")
    );
    if let Some(outcome) = &view.outcome {
        if let Some(reason) = view.ending.and_then(Ending::reason) {
            let _ = write!(text, " {reason}.");
        }
        let _ = write!(text, " Game over: {}.", outcome.detail);
    }
    let piles: Vec<String> = view
        .piles
        .iter()
        .enumerate()
        .map(|(i, pile)| {
            let Some(&top) = pile.cards.last() else {
                return format!("{} empty", i + 1);
            };
            let down = pile.cards.iter().filter(|c| c.is_none()).count();
            let up = pile.cards.len() - down;
            let mut s = match top {
                Some(card) => format!("{} {}", i + 1, decktet::spoken_name(card)),
                None => format!("{} face down", i + 1),
            };
            let under: Vec<String> = [(up.saturating_sub(1), "face up"), (down, "face down")]
                .into_iter()
                .filter(|(n, _)| *n > 0 && top.is_some())
                .map(|(n, how)| format!("{n} {how}"))
                .collect();
            if !under.is_empty() {
                let _ = write!(s, " on {}", under.join(" and "));
            }
            if pile.group >= 2 {
                let _ = write!(s, ", a group of {} moves", pile.group);
            }
            s
        })
        .collect();
    let _ = write!(text, " Piles: {}.", piles.join("; "));
    finish_alt(text, view.stock, view.restocks_left, "restock", last_text(view))
}

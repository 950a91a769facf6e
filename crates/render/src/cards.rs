//! Standard playing cards for Anthill and Ants Solitaire: 52 faces, drawn
//! once into sprites.
//!
//! A face is made to be read in a fanned pile: the top strip of every card
//! carries its rank and suit (`10♥`) large enough to read on a phone, and a
//! second suit mark at the right; the rest of the face (seen only on the top
//! card) shows a big suit, or a framed letter for the court cards.

use super::canvas::{fill, fonts, rounded_rect, stroke, Align, Colour, Style};
use super::patience::{blank_card, paste_pile, ring, Header, Mark, GOLD, IVORY, LOST, TEXT};
use super::sprites::Surface;
use ab_glyph::{Font, FontRef};
use antics_core::rules::cards::{Rank, StdCard, Suit};
use antics_core::rules::counted;
use antics_core::rules::patience::{PatienceOutcome, Progress};
use std::fmt::{self, Write as _};
use std::sync::OnceLock;
use tiny_skia::Pixmap;

pub const CARD_W: f32 = 136.0;
pub const CARD_H: f32 = 176.0;
const RADIUS: f32 = 10.0;
/// The strip of a covered card that shows, in full and at the least that
/// keeps the index readable.
pub const STRIP: (f32, f32) = (38.0, 32.0);

pub(super) const RED_SUIT: Colour = Colour::hex(0xc42a2f);
pub(super) const BLACK_SUIT: Colour = Colour::hex(0x1e1b1a);
const EDGE: Colour = Colour::hex(0xb9a98c);
/// The stock's colour in the header (no card is ever face down on the table).
pub(super) const BACK: Colour = Colour::hex(0x8c2330);

pub(super) fn suit_colour(suit: Suit) -> Colour {
    if suit.is_red() {
        RED_SUIT
    } else {
        BLACK_SUIT
    }
}

struct Art {
    faces: Vec<Pixmap>,
    blank: Pixmap,
}

fn art() -> &'static Art {
    static ART: OnceLock<Art> = OnceLock::new();
    ART.get_or_init(|| {
        // Every face starts as the blank card: drawn once (its shadow is
        // most of a face's work), copied for each.
        let blank = blank_card(CARD_W, CARD_H, RADIUS, IVORY, EDGE);
        let blank = &blank;
        Art {
            faces: [false, true]
                .into_iter()
                .flat_map(|compact| {
                    Suit::ALL.into_iter().flat_map(move |suit| {
                        Rank::ALL
                            .into_iter()
                            .map(move |rank| face_sprite(blank, StdCard::new(rank, suit), compact))
                    })
                })
                .collect(),
            blank: blank.clone(),
        }
    })
}

/// The sprite of a card's face; it is [`CARD_W`] by [`CARD_H`] plus
/// [`super::patience::PAD`] all round.
pub fn face(card: StdCard) -> &'static Pixmap {
    let suit = Suit::ALL.iter().position(|&s| s == card.suit).expect("a suit");
    &art().faces[suit * 13 + usize::from(card.rank.value()) - 1]
}

/// A face for a covered card whose strip is narrower than [`STRIP`]'s
/// least: a smaller index, set higher, that still shows whole in a strip
/// of about 20 pixels. Only its top shows, so it has no body.
pub fn compact_face(card: StdCard) -> &'static Pixmap {
    let suit = Suit::ALL.iter().position(|&s| s == card.suit).expect("a suit");
    &art().faces[52 + suit * 13 + usize::from(card.rank.value()) - 1]
}

/// The sprite for card `k` of a fanned pile whose cards start at `tops`.
pub fn pile_face(card: StdCard, k: usize, tops: &[f32]) -> &'static Pixmap {
    match tops.get(k + 1) {
        Some(next) if next - tops[k] < STRIP.1 => compact_face(card),
        _ => face(card),
    }
}

/// Every sprite: the faces, the compact faces and the blank.
pub(super) fn sprites() -> Vec<&'static Pixmap> {
    let art = art();
    art.faces.iter().chain([&art.blank]).collect()
}

/// A face with nothing on it: the edge of a card under another.
pub(super) fn blank() -> &'static Pixmap {
    &art().blank
}

/// The rank as printed: `A 2 .. 10 J Q K`.
pub(super) fn rank_text(rank: Rank) -> String {
    match rank {
        Rank::Ten => "10".into(),
        other => other.symbol().to_string(),
    }
}

/// A card for screen readers: "7 of hearts", "Queen of spades".
pub fn spoken_name(card: StdCard) -> String {
    let rank = match card.rank {
        Rank::Ace | Rank::Jack | Rank::Queen | Rank::King => card.rank.name().to_string(),
        other => other.value().to_string(),
    };
    format!("{rank} of {}", card.suit.name().to_lowercase())
}

/// How far a glyph reaches above and below the baseline, in pixels at
/// `size` (the bottom is negative below the baseline).
pub(super) fn glyph_extent(font: &FontRef<'static>, c: char, size: f32) -> (f32, f32) {
    let per_em = font.units_per_em().unwrap_or(2048.0);
    font.outline(font.glyph_id(c)).map_or((0.7 * size, 0.0), |o| {
        (o.bounds.min.y * size / per_em, o.bounds.max.y * size / per_em)
    })
}

/// Draws one character centred on `(cx, cy)`, by its outline's box.
pub(super) fn draw_centred(pm: &mut Pixmap, style: &Style, c: char, cx: f32, cy: f32) {
    let (top, bottom) = glyph_extent(style.font, c, style.size);
    style.draw(pm, &c.to_string(), cx, cy + (top + bottom) / 2.0, Align::Centre);
}

/// `card`'s face drawn on a copy of `blank`.
fn face_sprite(blank: &Pixmap, card: StdCard, compact: bool) -> Pixmap {
    let mut pm = blank.clone();
    let pad = super::patience::PAD as f32;
    let f = fonts();
    let colour = suit_colour(card.suit);
    let scale = if compact { 0.76 } else { 1.0 };
    // The index, on the strip a covered card shows.
    let rank = Style {
        font: &f.bold,
        size: 29.0 * scale,
        colour,
    };
    let baseline = pad + if compact { 3.0 } else { 7.0 } + rank.cap_height();
    let x = pad + 8.0;
    let w = rank.draw(&mut pm, &rank_text(card.rank), x, baseline, Align::Left);
    let suit = Style {
        font: &f.regular,
        size: 27.0 * scale,
        colour,
    };
    let symbol = card.suit.symbol();
    suit.draw(&mut pm, &symbol.to_string(), x + w + 2.0, baseline, Align::Left);
    let corner = Style {
        font: &f.regular,
        size: 22.0 * scale,
        colour,
    };
    corner.draw(
        &mut pm,
        &symbol.to_string(),
        pad + CARD_W - 9.0,
        baseline - 1.0,
        Align::Right,
    );
    if compact {
        return pm;
    }
    // The body, below the strip.
    let (cx, cy) = (pad + CARD_W / 2.0, pad + 40.0 + (CARD_H - 40.0) / 2.0);
    match card.rank {
        Rank::Jack | Rank::Queen | Rank::King => {
            let (w, h) = (CARD_W - 30.0, CARD_H - 58.0);
            let panel = rounded_rect(cx - w / 2.0, cy - h / 2.0, w, h, 6.0);
            fill(&mut pm, &panel, colour.alpha(26));
            stroke(&mut pm, &panel, colour.alpha(150), 1.5);
            let letter = Style {
                font: &f.bold,
                size: 58.0,
                colour,
            };
            let l = card.rank.symbol();
            draw_centred(&mut pm, &letter, l, cx, cy - 17.0);
            let small = Style {
                font: &f.regular,
                size: 38.0,
                colour,
            };
            draw_centred(&mut pm, &small, symbol, cx, cy + 32.0);
        }
        _ => {
            let size = if card.rank == Rank::Ace { 104.0 } else { 84.0 };
            let big = Style {
                font: &f.regular,
                size,
                colour,
            };
            draw_centred(&mut pm, &big, symbol, cx, cy);
        }
    }
    pm
}

/// Pastes a fanned pile of face-up cards (bottom first) with its top at
/// `top`, and rings the top card when the last action touched the pile.
pub(super) fn paste_fanned<S: Surface>(
    pm: &mut S,
    pile: &[StdCard],
    tops: &[f32],
    x: f32,
    top: f32,
    mark: Mark,
) {
    paste_pile(
        pm,
        pile.iter().enumerate().map(|(k, c)| pile_face(*c, k, tops)),
        tops,
        x,
        top,
    );
    if let Some(colour) = mark.colour() {
        ring(pm, x, top + tops[pile.len() - 1], CARD_W, CARD_H, colour);
    }
}

/// The header's big line of a 52-card patience (the score, or the outcome
/// once over), its colour and tag, and the deals left in words.
pub(super) fn score_title(
    outcome: Option<&PatienceOutcome>,
    score: i64,
    deals_left: usize,
) -> (String, Colour, Option<(&'static str, Colour)>, String) {
    let (title, colour, tag) = match outcome {
        // The pill says WON; the title keeps the detail's headline, so it
        // fits a phone-sized board ("Won: all 52 cards on…" did not).
        Some(outcome) if outcome.won => (
            format!(
                "{} — score {}",
                outcome.detail.split(':').next().unwrap_or("Won"),
                score
            ),
            GOLD,
            Some(("WON", GOLD)),
        ),
        Some(outcome) => (
            format!("{} — score {} of 52", outcome.detail, score),
            TEXT,
            Some(("OVER", LOST)),
        ),
        None => (format!("Score {score} of 52"), TEXT, None),
    };
    let deals = match deals_left {
        0 => "no deals left".to_string(),
        n => format!("{} left", counted(n, "deal")),
    };
    (title, colour, tag, deals)
}

/// The header of a 52-card patience: the score (or the outcome once over),
/// `status` under it, and the stock with the deals left.
pub(super) fn patience_header<A>(
    brand: &'static str,
    progress: &Progress<A>,
    status: String,
) -> Header<'static> {
    let (title, title_colour, tag, deals) =
        score_title(progress.outcome.as_ref(), progress.score, progress.deals_left);
    Header {
        brand,
        title,
        title_colour,
        tag,
        status,
        stock: Some((progress.stock_len, format!("in stock · {deals}"))),
        back: BACK,
    }
}

/// Moves and undos for a header's small line: "10 moves · 1 undo".
pub(super) fn moves_and_undos<A>(progress: &Progress<A>) -> String {
    format!(
        "{} · {}",
        counted(progress.moves as usize, "move"),
        counted(progress.undos as usize, "undo")
    )
}

/// The footer's note: how many moves `undo` can take back, if any.
pub(super) fn undoable_note(undoable: usize) -> String {
    if undoable > 0 {
        format!("{} undoable", counted(undoable, "move"))
    } else {
        String::new()
    }
}

/// The last action in words; an `undo` names the move it took back.
pub(super) fn last_text<A: fmt::Display + PartialEq + Copy>(
    progress: &Progress<A>,
    undo: A,
) -> Option<String> {
    let last = progress.last?;
    Some(match progress.undone {
        Some(undone) if last == undo => format!("undo (took back {undone})"),
        _ => last.to_string(),
    })
}

/// Where the last action moved cards, `(from, to)` in the piles `ends`
/// finds in a move; an undo's the other way round, as the cards went back.
/// `None` for any other action.
pub(super) fn last_move<A: PartialEq + Copy, P>(
    progress: &Progress<A>,
    undo: A,
    ends: impl Fn(A) -> Option<(P, P)>,
) -> Option<(P, P)> {
    match (progress.last?, progress.undone) {
        (last, Some(undone)) if last == undo => ends(undone).map(|(from, to)| (to, from)),
        (last, _) => ends(last),
    }
}

/// The progress of the sample views a 52-card patience's palette is chosen
/// from, one for each header style: play after `moved`, lost after a deal,
/// and won with the stock spent (`won` the outcome's detail).
pub(super) fn sample_progress<A: Copy>(moved: A, deal: A, stock_len: usize, won: &str) -> [Progress<A>; 3] {
    let base = Progress {
        stock_len,
        deals_left: 3,
        last: Some(moved),
        undone: None,
        undoable: 1,
        undos: 1,
        moves: 10,
        score: 4,
        outcome: None,
        hinted: false,
    };
    let lost = Progress {
        last: Some(deal),
        outcome: Some(PatienceOutcome {
            won: false,
            detail: "No moves left".into(),
        }),
        ..base.clone()
    };
    let won = Progress {
        stock_len: 0,
        outcome: Some(PatienceOutcome {
            won: true,
            detail: won.into(),
        }),
        ..base.clone()
    };
    [base, lost, won]
}

/// The opening of a 52-card patience's alt text: the board, the score, the
/// moves and undos, and the outcome once over.
pub(super) fn alt_opening<A>(board: &str, progress: &Progress<A>) -> String {
    let mut text = format!(
        "{board}. Score {} of 52, {}, {}.",
        progress.score,
        counted(progress.moves as usize, "move"),
        counted(progress.undos as usize, "undo")
    );
    if let Some(outcome) = &progress.outcome {
        let _ = write!(text, " Game over: {}.", outcome.detail);
    }
    text
}

/// The closing of a 52-card patience's alt text: the stock, the deals left
/// and the last action (see [`finish_alt`]).
pub(super) fn finish_stocked_alt<A: fmt::Display + PartialEq + Copy>(
    text: String,
    progress: &Progress<A>,
    undo: A,
) -> String {
    super::patience::finish_alt(
        text,
        progress.stock_len,
        progress.deals_left,
        "deal",
        last_text(progress, undo),
    )
}

/// A pile in words by its top card, `label` first ("T2 Queen of Hearts on
/// 3 cards"); `None` when it is empty.
pub(super) fn spoken_pile(label: impl fmt::Display, pile: &[StdCard]) -> Option<String> {
    let card = pile.last()?;
    let mut text = format!("{label} {}", spoken_name(*card));
    if pile.len() > 1 {
        let _ = write!(text, " on {}", counted(pile.len() - 1, "card"));
    }
    Some(text)
}

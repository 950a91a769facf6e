//! The Anthill board (`src/anthill.rs`).

use crate::cards::assert_alt_closes;
use crate::patience::assert_palette_matches_full_colour;
use antics_core::rules::anthill::{Action, Anthill, Setup};
use antics_core::rules::patience::Patience;
use antics_render::anthill::{anthill_size, marks, AnthillBoard, MAX_HEIGHT, WIDTH};
use antics_render::cards;
use antics_render::patience::{board_frame, Mark, HEADER_H};
use antics_render::{anthill_alt_text, anthill_png};

/// A game after many legal actions, preferring moves to deals, so that
/// piles grow tall.
fn played(seed: u64, actions: usize) -> Anthill {
    let mut game = Anthill::new(&Setup {
        seed: Some(seed),
        deal: None,
    })
    .expect("a game");
    for turn in 0..actions {
        let legal = game.legal_actions();
        let moves: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Move { .. }))
            .collect();
        let action = if !moves.is_empty() && turn % 5 != 4 {
            *moves[(turn * 7 + seed as usize) % moves.len()]
        } else if legal.contains(&Action::Deal) {
            Action::Deal
        } else {
            break;
        };
        game.apply(&action).expect("legal");
    }
    game
}

#[test]
fn the_palette_image_matches_the_full_colour_drawing() {
    for game in [played(1, 0), played(1, 40), played(3, 200)] {
        assert_palette_matches_full_colour::<AnthillBoard>(&game.view());
    }
}

#[test]
fn png_decodes_at_its_size_and_stays_small() {
    for game in [played(1, 0), played(1, 30), played(3, 80)] {
        let view = game.view();
        let png = anthill_png(&view, None);
        let image = tiny_skia::Pixmap::decode_png(&png).expect("a valid PNG");
        assert_eq!((image.width(), image.height()), anthill_size(&view));
        assert!(
            image.height() <= MAX_HEIGHT && image.height() >= 880,
            "{}",
            image.height()
        );
        assert!(png.len() < 200 * 1024, "PNG is {} bytes", png.len());
    }
}

#[test]
fn a_daily_label_is_drawn_in_the_header_alone() {
    // "Nothing on a daily board says 'Daily'": the label changes the
    // header and nothing below it.
    let view = played(1, 30).view();
    let plain = board_frame::<AnthillBoard>(&view, None).0;
    let daily = board_frame::<AnthillBoard>(&view, Some("Daily · 2026-11-25")).0;
    let header = (HEADER_H as u32 * WIDTH) as usize;
    assert_ne!(plain.data[..header], daily.data[..header]);
    assert_eq!(plain.data[header..], daily.data[header..]);
}

#[test]
fn very_tall_piles_fit() {
    let mut view = played(1, 0).view();
    let deck = antics_core::rules::cards::standard_deck();
    view.spots = Default::default();
    view.spots[0] = deck[..24].to_vec();
    view.spots[5] = deck[24..48].to_vec();
    let (w, h) = anthill_size(&view);
    assert_eq!((w, h), (WIDTH, MAX_HEIGHT));
    let image = tiny_skia::Pixmap::decode_png(&anthill_png(&view, None)).unwrap();
    assert_eq!(image.height(), MAX_HEIGHT);
}

#[test]
fn highlights_follow_the_last_action() {
    let mut view = played(1, 0).view();
    view.progress.last = Some(Action::Move { from: 3, to: 7 });
    assert_eq!(marks(&view)[2], Mark::From);
    assert_eq!(marks(&view)[6], Mark::To);
    view.progress.last = Some(Action::Undo);
    view.progress.undone = Some(Action::Move { from: 3, to: 7 });
    assert_eq!(marks(&view)[2], Mark::To);
    view.progress.last = Some(Action::Deal);
    view.progress.stock_len = 0;
    assert_eq!(marks(&view).iter().filter(|m| **m == Mark::To).count(), 4);
    view.progress.stock_len = 8;
    assert_eq!(marks(&view).iter().filter(|m| **m == Mark::To).count(), 8);
    // A hinted deal is drawn before it: the last one, from a stock of
    // 4, reaches four spots.
    view.progress.hinted = true;
    view.progress.stock_len = 4;
    assert_eq!(marks(&view).iter().filter(|m| **m == Mark::To).count(), 4);
    view.progress.stock_len = 12;
    assert_eq!(marks(&view).iter().filter(|m| **m == Mark::To).count(), 8);
}

#[test]
fn alt_text_tells_tops_stock_and_score() {
    let game = played(1, 30);
    let view = game.view();
    let text = anthill_alt_text(&view);
    assert!(text.starts_with("Anthill board. Score"), "{text}");
    for (i, pile) in view.spots.iter().enumerate() {
        if let Some(card) = pile.last() {
            assert!(
                text.contains(&format!("{} {}", i + 1, cards::spoken_name(*card))),
                "{text}"
            );
        }
    }
    assert_alt_closes(&text, &view.progress);
}

/// Writes examples to /tmp for a person to look at:
/// `cargo test -p antics-render --test render -- --ignored --exact anthill::write_examples`.
#[test]
#[ignore]
fn write_examples() {
    for (name, game) in [
        ("start", played(1, 0)),
        ("mid", played(1, 40)),
        ("late", played(3, 200)),
    ] {
        let view = game.view();
        std::fs::write(
            format!("/tmp/antics-anthill-{name}.png"),
            anthill_png(&view, None),
        )
        .unwrap();
        eprintln!("{name}: {}\n{}\n", anthill_alt_text(&view), game.describe());
    }
    let mut view = played(2, 60).view();
    let deck = antics_core::rules::cards::standard_deck();
    view.spots = Default::default();
    view.spots[0] = deck[..20].to_vec();
    view.spots[2] = deck[20..26].to_vec();
    view.spots[5] = deck[26..44].to_vec();
    view.spots[7] = deck[44..].to_vec();
    view.progress.last = Some(Action::Move { from: 8, to: 1 });
    std::fs::write("/tmp/antics-anthill-tall.png", anthill_png(&view, None)).unwrap();
}

//! The Ants Solitaire board (`src/ants.rs`).

use crate::cards::assert_alt_closes;
use crate::patience::assert_palette_matches_full_colour;
use antics_core::rules::ants_solitaire::{Action, AntsSolitaire, Setup, Variant};
use antics_core::rules::cards::{Rank, StdCard};
use antics_core::rules::patience::Patience;
use antics_render::ants::{ants_size, marks, next_ranks, tableau_room, AntsBoard, MAX_HEIGHT};
use antics_render::cards::{self, CARD_H, STRIP};
use antics_render::patience::{fan, Mark};
use antics_render::{ants_alt_text, ants_png};

/// A game after up to `actions` legal actions, moves first.
fn played(seed: u64, variant: Variant, actions: usize) -> AntsSolitaire {
    let mut game = AntsSolitaire::new(&Setup {
        variant,
        seed: Some(seed),
        deal: None,
    })
    .expect("a game");
    for turn in 0..actions {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = match variant {
            // Relaxed: deal often, so that piles grow.
            Variant::Relaxed if turn % 3 != 2 && legal.contains(&Action::Deal) => Action::Deal,
            _ => legal[0],
        };
        if action == Action::End {
            break;
        }
        game.apply(&action).expect("legal");
    }
    game
}

#[test]
fn the_palette_image_matches_the_full_colour_drawing() {
    for game in [played(1, Variant::Strict, 0), played(2, Variant::Relaxed, 40)] {
        assert_palette_matches_full_colour::<AntsBoard>(&game.view());
    }
}

#[test]
fn png_decodes_at_its_size_and_stays_small() {
    for game in [
        played(1, Variant::Strict, 0),
        played(1, Variant::Strict, 20),
        played(2, Variant::Relaxed, 40),
    ] {
        let view = game.view();
        let png = ants_png(&view, None);
        let image = tiny_skia::Pixmap::decode_png(&png).expect("a valid PNG");
        assert_eq!((image.width(), image.height()), ants_size(&view));
        assert!(png.len() < 200 * 1024, "PNG is {} bytes", png.len());
    }
}

#[test]
fn the_tallest_tableau_fits_without_squeezing() {
    let mut view = played(1, Variant::Strict, 0).view();
    let deck = antics_core::rules::cards::standard_deck();
    view.tableau = std::array::from_fn(|i| deck[i * 12..i * 12 + 12].to_vec());
    let (_, height) = ants_size(&view);
    assert!(height <= MAX_HEIGHT && MAX_HEIGHT <= 1100, "{height}");
    let tops = fan(&[true; 12], CARD_H, tableau_room(&view), STRIP, STRIP);
    assert_eq!(tops[11], 11.0 * STRIP.0);
}

#[test]
fn highlights_and_next_ranks() {
    let mut view = played(1, Variant::Strict, 0).view();
    view.progress.last = Some(Action::Move {
        tableau: 2,
        foundation: 4,
    });
    let (f, t) = marks(&view);
    assert_eq!((f[3], t[1]), (Mark::To, Mark::From));
    view.progress.last = Some(Action::Deal);
    assert!(marks(&view).1.iter().all(|m| *m == Mark::To));
    let card = |s: &str| s.parse::<StdCard>().unwrap();
    assert_eq!(next_ranks(card("Ks")), (Rank::Queen, Rank::Ace));
    assert_eq!(next_ranks(card("Ah")), (Rank::King, Rank::Two));
}

#[test]
fn alt_text_tells_foundations_tableau_stock_and_score() {
    let game = played(1, Variant::Strict, 20);
    let view = game.view();
    let text = ants_alt_text(&view);
    assert!(text.starts_with("Ants Solitaire board (strict). Score"), "{text}");
    for (i, pile) in view.foundations.iter().enumerate() {
        let top = cards::spoken_name(*pile.last().unwrap());
        assert!(text.contains(&format!("F{} {top}", i + 1)), "{text}");
    }
    assert_alt_closes(&text, &view.progress);
}

/// Writes examples to /tmp for a person to look at:
/// `cargo test -p antics-render --test render -- --ignored --exact ants::write_examples`.
#[test]
#[ignore]
fn write_examples() {
    for (name, game) in [
        ("start", played(1, Variant::Strict, 0)),
        ("mid", played(1, Variant::Strict, 20)),
        ("tall", played(2, Variant::Relaxed, 40)),
    ] {
        let view = game.view();
        std::fs::write(format!("/tmp/antics-ants-{name}.png"), ants_png(&view, None)).unwrap();
        eprintln!("{name}: {}\n{}\n", ants_alt_text(&view), game.describe());
    }
}

//! The 52-card faces and words (`src/cards.rs`).

use ab_glyph::Font;
use antics_core::rules::cards::{standard_deck, Suit};
use antics_core::rules::counted;
use antics_core::rules::patience::Progress;
use antics_render::canvas::fonts;
use antics_render::cards::{compact_face, face, pile_face, spoken_name, CARD_W, STRIP};
use antics_render::patience::PAD;

/// Checks the closing every 52-card patience's alt text has: the stock
/// counted, and the whole within Discord's 1024 characters.
pub fn assert_alt_closes<A>(text: &str, progress: &Progress<A>) {
    let stock = format!("Stock {}", counted(progress.stock_len, "card"));
    assert!(text.contains(&stock), "{text}");
    assert!(text.chars().count() <= 1024);
}

#[test]
fn the_font_has_the_suit_symbols() {
    for font in [&fonts().regular, &fonts().bold] {
        for suit in Suit::ALL {
            assert_ne!(font.glyph_id(suit.symbol()).0, 0, "{suit:?}");
        }
    }
}

#[test]
fn every_card_has_its_own_face() {
    let deck = standard_deck();
    for (i, a) in deck.iter().enumerate() {
        assert_eq!(face(*a).width(), CARD_W as u32 + 2 * PAD);
        for b in &deck[i + 1..] {
            assert_ne!(face(*a).data(), face(*b).data(), "{a} {b}");
            assert_ne!(compact_face(*a).data(), compact_face(*b).data(), "{a} {b}");
        }
    }
    let tops = [0.0, STRIP.0, STRIP.0 + STRIP.1 - 1.0, 100.0];
    let card = deck[0];
    assert!(std::ptr::eq(pile_face(card, 0, &tops), face(card)));
    assert!(std::ptr::eq(pile_face(card, 1, &tops), compact_face(card)));
    assert!(std::ptr::eq(pile_face(card, 3, &tops), face(card)));
    assert_eq!(spoken_name("Th".parse().unwrap()), "10 of hearts");
    assert_eq!(spoken_name("Qs".parse().unwrap()), "Queen of spades");
}

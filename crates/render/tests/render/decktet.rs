//! The Decktet faces and words (`src/decktet.rs`).

use antics_core::rules::cards::DecktetCard;
use antics_render::decktet::{spoken_name, sprite};

#[test]
fn every_card_has_its_own_face_and_the_back_differs() {
    for (i, a) in DecktetCard::ALL.iter().enumerate() {
        assert_ne!(sprite(Some(*a)).data(), sprite(None).data());
        for b in &DecktetCard::ALL[i + 1..] {
            assert_ne!(sprite(Some(*a)).data(), sprite(Some(*b)).data(), "{a} {b}");
        }
    }
}

#[test]
fn spoken_names() {
    let card = |s: &str| s.parse::<DecktetCard>().unwrap();
    assert_eq!(spoken_name(card("7SN")), "Castle (7, Suns and Knots)");
    assert_eq!(spoken_name(card("AM")), "Ace of Moons");
    assert_eq!(spoken_name(card("KS")), "Bard (Crown, Suns)");
    assert_eq!(
        spoken_name(card("PMSL")),
        "Harvest (Pawn, Moons, Suns and Leaves)"
    );
}

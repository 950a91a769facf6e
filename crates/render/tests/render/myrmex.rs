//! The Myrmex board (`src/myrmex.rs`).

use crate::patience::assert_palette_matches_full_colour;
use antics_core::rules::cards::{decktet_deck, write_deck_order, DSuit, DecktetCard, MyrmexLevel};
use antics_core::rules::counted;
use antics_core::rules::myrmex::{Action, MoveInfo, Myrmex, Setup};
use antics_core::rules::patience::Patience;
use antics_render::decktet;
use antics_render::myrmex::{marks, myrmex_size, MyrmexBoard, MAX_HEIGHT, WIDTH};
use antics_render::patience::Mark;
use antics_render::{myrmex_alt_text, myrmex_png};

fn game(level: MyrmexLevel, seed: u64) -> Myrmex {
    Myrmex::new(&Setup {
        level,
        closed: false,
        seed: Some(seed),
        deal: None,
        ends_when_dead: true,
    })
    .expect("a game")
}

/// Plays up to `actions` legal actions: moves onto non-empty piles
/// first (longest groups first), then a restock, then moves to empty
/// piles, so that piles grow tall.
fn play(game: &mut Myrmex, actions: usize) {
    for turn in 0..actions {
        let legal = game.legal_actions();
        let onto: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Move { count: None, .. }))
            .collect();
        let action = if !onto.is_empty() {
            *onto[turn % onto.len()]
        } else if legal.contains(&Action::Deal) {
            Action::Deal
        } else if let Some(a) = legal.iter().find(|a| matches!(a, Action::Move { .. })) {
            *a
        } else {
            break;
        };
        game.apply(&action).expect("legal");
    }
}

fn played(level: MyrmexLevel, seed: u64, actions: usize) -> Myrmex {
    let mut g = game(level, seed);
    play(&mut g, actions);
    g
}

#[test]
fn the_palette_image_matches_the_full_colour_drawing() {
    for g in [game(MyrmexLevel::Minor, 1), played(MyrmexLevel::Queen, 4, 60)] {
        assert_palette_matches_full_colour::<MyrmexBoard>(&g.view());
    }
}

#[test]
fn png_decodes_at_its_size_and_stays_small() {
    for g in [
        game(MyrmexLevel::Minor, 1),
        played(MyrmexLevel::Minor, 1, 30),
        played(MyrmexLevel::Queen, 4, 60),
    ] {
        let view = g.view();
        let png = myrmex_png(&view, None);
        let image = tiny_skia::Pixmap::decode_png(&png).expect("a valid PNG");
        assert_eq!((image.width(), image.height()), myrmex_size(&view));
        assert!(image.height() <= MAX_HEIGHT);
        assert!(png.len() < 200 * 1024, "PNG is {} bytes", png.len());
    }
}

#[test]
fn a_very_tall_pile_fits() {
    let mut view = game(MyrmexLevel::Queen, 1).view();
    let mut cards: Vec<Option<DecktetCard>> = vec![None; 12];
    cards.extend(DecktetCard::ALL[..30].iter().map(|c| Some(*c)));
    view.piles[2].cards = cards;
    assert_eq!(myrmex_size(&view), (WIDTH, MAX_HEIGHT));
    let image = tiny_skia::Pixmap::decode_png(&myrmex_png(&view, None)).unwrap();
    assert_eq!(image.height(), MAX_HEIGHT);
}

/// The minor deal: rounds 1-3 across the eight piles are face down, so
/// the first 24 cards of the order are hidden.
fn minor_with_order(order: &[DecktetCard]) -> Myrmex {
    Myrmex::new(&Setup {
        level: MyrmexLevel::Minor,
        closed: false,
        seed: None,
        deal: Some(write_deck_order(order)),
        ends_when_dead: true,
    })
    .expect("a dealt game")
}

#[test]
fn hidden_cards_do_not_change_the_image_or_the_text() {
    let mut order = decktet_deck(MyrmexLevel::Minor);
    antics_core::rules::shuffle::SeededRng::new(9).shuffle(&mut order);
    let j = (1..24)
        .find(|&j| order[j] != order[0])
        .expect("two different hidden cards");
    let mut swapped = order.clone();
    swapped.swap(0, j);
    let (mut a, mut b) = (minor_with_order(&order), minor_with_order(&swapped));
    for round in 0..2 {
        let (va, vb) = (a.view(), b.view());
        assert_eq!(va, vb, "the views agree");
        assert_eq!(myrmex_png(&va, None), myrmex_png(&vb, None));
        assert_eq!(myrmex_alt_text(&va), myrmex_alt_text(&vb));
        let text = myrmex_alt_text(&va);
        assert!(text.contains("3 face down"), "{text}");
        for hidden in [order[0], order[j]] {
            let shown = va
                .piles
                .iter()
                .flat_map(|p| p.cards.iter().flatten())
                .any(|c| *c == hidden);
            if !shown {
                assert!(!text.contains(hidden.name()), "{hidden} named in {text}");
            }
        }
        if round == 0 {
            // A restock deals from the stock, the same in both games,
            // and turns no face-down card.
            a.apply(&Action::Deal).unwrap();
            b.apply(&Action::Deal).unwrap();
        }
    }
}

#[test]
fn alt_text_names_only_face_up_cards() {
    let g = played(MyrmexLevel::Minor, 2, 25);
    let view = g.view();
    let text = myrmex_alt_text(&view);
    assert!(text.starts_with("Myrmex board, minor level."), "{text}");
    let up: Vec<DecktetCard> = view
        .piles
        .iter()
        .flat_map(|p| p.cards.iter().flatten().copied())
        .collect();
    for card in DecktetCard::ALL {
        if text.contains(&decktet::spoken_name(card)) {
            assert!(up.contains(&card), "{card} is not face up: {text}");
        }
    }
    for (i, pile) in view.piles.iter().enumerate() {
        if let Some(Some(top)) = pile.cards.last() {
            assert!(
                text.contains(&format!("{} {}", i + 1, decktet::spoken_name(*top))),
                "{text}"
            );
        }
    }
    assert!(
        text.contains(&format!("Stock {}", counted(view.stock, "card"))),
        "{text}"
    );
    assert!(text.chars().count() <= 1024);
}

#[test]
fn highlights_follow_the_last_action() {
    let mut view = game(MyrmexLevel::Minor, 1).view();
    view.last_move = Some(MoveInfo {
        from: 3,
        to: 6,
        count: 2,
    });
    let m = marks(&view);
    assert_eq!((m[2], m[5]), (Mark::From, Mark::To));
    view.last_move = None;
    view.last_action = Some(Action::Deal);
    view.last_dealt = 5;
    assert_eq!(marks(&view).iter().filter(|m| **m == Mark::To).count(), 5);
}

/// Writes examples to /tmp for a person to look at:
/// `cargo test -p antics-render --test render -- --ignored --exact myrmex::write_examples`.
#[test]
#[ignore]
fn write_examples() {
    for (name, g) in [
        ("start", game(MyrmexLevel::Minor, 1)),
        ("mid", played(MyrmexLevel::Minor, 1, 30)),
        ("queen", played(MyrmexLevel::Queen, 4, 80)),
    ] {
        let view = g.view();
        std::fs::write(format!("/tmp/antics-myrmex-{name}.png"), myrmex_png(&view, None)).unwrap();
        eprintln!("{name}: {}\n{}\n", myrmex_alt_text(&view), g.describe());
    }
    let mut view = played(MyrmexLevel::Major, 3, 50).view();
    let mut cards: Vec<Option<DecktetCard>> = vec![None; 9];
    cards.extend(DecktetCard::ALL[..24].iter().rev().map(|c| Some(*c)));
    view.piles[2].cards = cards;
    view.piles[2].group = 3;
    view.piles[5].cards.truncate(0);
    view.chambers = vec![DSuit::Moons, DSuit::Wyrms, DSuit::Knots];
    view.last_move = Some(MoveInfo {
        from: 6,
        to: 3,
        count: 3,
    });
    view.last_action = Some(Action::to_empty(6, 3, 3));
    std::fs::write("/tmp/antics-myrmex-tall.png", myrmex_png(&view, None)).unwrap();
}

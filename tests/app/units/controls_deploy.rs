//! Army Ants' private deployment controls.

use antics::controls::army_ants::deploy::*;
use antics::protocol::Component;
use antics::rules::army_ants::{Action, Card, DeployHand, Side};

fn total_hand() -> DeployHand {
    let mut cards = Card::army();
    cards.sort();
    DeployHand {
        rows: vec![0, 1, 2, 3],
        cards,
    }
}

#[test]
fn ids_round_trip_and_stay_short() {
    let hand = total_hand();
    let mut placement = Placement::empty(&hand);
    for card in hand.cards.iter().rev() {
        placement = placement.with(*card);
    }
    let id = placement.id(CONFIRM);
    assert_eq!(Placement::parse(&id), Some((CONFIRM, placement)));
    assert!(antics::controls::army_ants::cid("k3j9x0k3j9", &id).len() <= 100);
    assert_eq!(Placement::parse("dpa9:1"), None);
    assert_eq!(Placement::parse("dpa0:1Z"), None);
    assert_eq!(
        Placement::parse("dpc0"),
        Some((
            START_OVER,
            Placement {
                key: '0',
                cards: vec![]
            }
        ))
    );
}

#[test]
fn a_placement_must_use_the_hand() {
    let hand = DeployHand {
        rows: vec![0],
        cards: vec![
            Card::Queen,
            Card::Ants(3),
            Card::Ants(3),
            Card::Ants(5),
            Card::Ants(9),
        ],
    };
    let ok = Placement::parse("dpa0:33Q").unwrap().1;
    assert!(ok.check(&hand).is_ok());
    assert!(Placement::parse("dpa0:333").unwrap().1.check(&hand).is_err());
    assert!(Placement::parse("dpa1:3").unwrap().1.check(&hand).is_err());
    assert_eq!(remaining(&hand, &ok.cards), vec![Card::Ants(5), Card::Ants(9)]);
}

#[test]
fn the_last_card_goes_down_by_itself() {
    let hand = DeployHand {
        rows: vec![0],
        cards: vec![
            Card::Ants(2),
            Card::Ants(3),
            Card::Ants(4),
            Card::Ants(5),
            Card::Ants(6),
        ],
    };
    let four = Placement::parse("dpa0:234").unwrap().1;
    let last = four.with(Card::Ants(5)).with_last(&hand, Side::Red);
    assert!(last.is_complete(&hand));
    assert_eq!(last.cards.last(), Some(&Card::Ants(6)));
    // With two left, the player still chooses.
    let three = Placement::parse("dpa0:23").unwrap().1;
    assert_eq!(three.clone().with_last(&hand, Side::Red), three);
    // Unless the two are alike: no choice is left, both go down.
    let pair = DeployHand {
        rows: vec![0],
        cards: vec![
            Card::Ants(2),
            Card::Ants(3),
            Card::Ants(4),
            Card::Ants(9),
            Card::Ants(9),
        ],
    };
    let filled = Placement::parse("dpa0:24")
        .unwrap()
        .1
        .with(Card::Ants(3))
        .with_last(&pair, Side::Red);
    assert_eq!(filled.cards, [2, 4, 3, 9, 9].map(Card::Ants));
}

#[test]
fn random_fill_keeps_the_queen_from_her_nines() {
    // "the Queen not orthogonally adjacent to either of its own 9s"
    let hand = total_hand();
    for side in [Side::Red, Side::Black] {
        for _ in 0..50 {
            let full = Placement::empty(&hand).filled_at_random(&hand, side);
            assert!(full.is_complete(&hand));
            assert_eq!(queen_rule_broken(&full, &hand, side), None);
            let Action::Deploy(rows) = full.action(&hand) else {
                panic!()
            };
            assert_eq!(rows.iter().map(Vec::len).collect::<Vec<_>>(), vec![5, 5, 5, 4]);
        }
    }
}

#[test]
fn the_picker_fits_discord() {
    let hand = total_hand();
    let placement = Placement::empty(&hand).with(Card::Ants(9));
    let components = components("k3j9x0k3j9", &placement, &hand, Side::Black);
    assert!(components.len() <= 5);
    for c in &components {
        match c {
            Component::Select { id, options, .. } => {
                assert!(id.len() <= 100 && options.len() <= 25);
                // One option per value: the two 9s are one choice.
                assert_eq!(options.iter().filter(|o| o.value == "9").count(), 1);
            }
            Component::Button { id, label, .. } => assert!(id.len() <= 100 && label.len() <= 80),
        }
    }
}

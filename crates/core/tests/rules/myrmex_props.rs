//! Myrmex properties over random seeds, levels and playouts: nothing panics,
//! cards are conserved, the notation round-trips, replays are exact, and no
//! hidden card is exposed.

use antics::rules::cards::{write_deck_order, DecktetCard, MyrmexLevel};
use antics::rules::myrmex::*;
use antics::rules::patience::{Patience, PatienceError};
use proptest::prelude::*;

fn level_of(i: u8) -> MyrmexLevel {
    MyrmexLevel::ALL[usize::from(i % 4)]
}

fn deck_size(level: MyrmexLevel) -> usize {
    match level {
        MyrmexLevel::Minor | MyrmexLevel::Larval => 60,
        MyrmexLevel::Major => 66,
        MyrmexLevel::Queen => 72,
    }
}

fn setup(level: MyrmexLevel, closed: bool, seed: u64) -> Setup {
    Setup {
        level,
        closed: closed && matches!(level, MyrmexLevel::Major | MyrmexLevel::Queen),
        seed: Some(seed),
        deal: None,
        ends_when_dead: true,
    }
}

fn from_order(level: MyrmexLevel, closed: bool, order: &[DecktetCard]) -> Myrmex {
    Myrmex::new(&Setup {
        level,
        closed,
        seed: None,
        deal: Some(write_deck_order(order)),
        ends_when_dead: true,
    })
    .expect("a permutation of the deck deals")
}

/// "six sequences use the whole deck": every card is somewhere.
fn check_conservation(game: &Myrmex) {
    let v = game.view();
    let on_table: usize = v.piles.iter().map(|p| p.cards.len()).sum();
    assert_eq!(
        on_table + v.stock + v.sequence_len * v.chambers.len(),
        deck_size(v.level),
        "{}",
        game.describe()
    );
    // Face-down cards only lie under the face-up ones, and every top is up.
    for pile in &v.piles {
        let first_up = pile
            .cards
            .iter()
            .position(Option::is_some)
            .unwrap_or(pile.cards.len());
        assert!(pile.cards[first_up..].iter().all(Option::is_some));
        assert!(pile.group < v.sequence_len, "a full sequence is removed at once");
        assert_eq!(pile.group == 0, pile.cards.is_empty());
    }
    assert_eq!(v.restocks_left, v.stock.div_ceil(8));
    assert_eq!(v.score, v.chambers.len() as i64);
}

/// Every legal action prints, parses back to itself and is canonical; none
/// is `undo`; moves come before `deal` before `end`.
fn check_notation(game: &Myrmex) {
    let actions = game.legal_actions();
    if game.outcome().is_some() {
        assert!(actions.is_empty());
        return;
    }
    assert_eq!(actions.last(), Some(&Action::End));
    assert_eq!(actions.contains(&Action::Deal), game.view().stock > 0);
    assert!(!actions.contains(&Action::Undo));
    let mut seen_other = false;
    for a in &actions {
        let text = a.to_string();
        let back: Action = text.parse().expect("canonical notation parses");
        assert_eq!(&back, a, "{text}");
        let upper: Action = format!(" {} ", text.to_uppercase()).parse().expect("forgiving");
        assert_eq!(&upper, a);
        assert_eq!(game.canonical(a).as_ref(), Ok(a));
        match a {
            Action::Move { .. } => assert!(!seen_other, "moves come first"),
            _ => seen_other = true,
        }
    }
}

/// Plays a random game: mostly legal actions, sometimes `undo`, sometimes a
/// refused action; `end` rarely.
fn playout(game: &mut Myrmex, choices: &[u16], checks: bool) {
    for &c in choices {
        if game.outcome().is_some() {
            break;
        }
        if checks {
            check_conservation(game);
            check_notation(game);
        }
        let legal = game.legal_actions();
        let action = if c % 9 == 0 {
            Action::Undo
        } else if c % 31 == 1 {
            // Any move, legal or not: refused ones change nothing.
            Action::Move {
                from: (c / 31 % 8) as u8 + 1,
                to: (c / 248 % 8) as u8 + 1,
                count: (c % 2 == 0).then_some((c / 7 % 4) as u8 + 1),
            }
        } else {
            let pool: Vec<&Action> = legal
                .iter()
                .filter(|a| **a != Action::End || c % 97 == 5)
                .collect();
            *pool[usize::from(c) % pool.len()]
        };
        let before = game.view();
        let canonical = game.canonical(&action);
        match game.apply(&action) {
            Ok(()) => {
                let canonical = canonical.expect("an applied action has a canonical form");
                assert!(
                    action == Action::Undo || legal.contains(&canonical),
                    "{action} applied"
                );
                assert_eq!(game.record().last(), Some(&canonical));
            }
            Err(e) => {
                assert_eq!(canonical, Err(e.clone()));
                assert!(!legal.contains(&action), "legal {action} refused: {e}");
                if action == Action::Undo {
                    assert!(matches!(e, PatienceError::CannotUndo(_)));
                    assert!(!before.can_undo);
                }
                assert_eq!(game.view(), before, "a refused action changes nothing");
            }
        }
    }
    if checks {
        check_conservation(game);
        check_notation(game);
    }
}

fn replay(setup: &Setup, record: &[Action]) -> Myrmex {
    let mut game = Myrmex::new(setup).unwrap();
    for a in record {
        game.apply(a).unwrap_or_else(|e| panic!("replaying {a}: {e}"));
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(48)))]

    /// Random legal playouts (with undos) never panic, conserve the cards,
    /// keep the notation round-tripping, and replay exactly.
    #[test]
    fn random_playouts(level in 0u8..4, closed: bool, seed: u64,
                       choices in proptest::collection::vec(any::<u16>(), 0..250)) {
        let setup = setup(level_of(level), closed, seed);
        let mut game = Myrmex::new(&setup).unwrap();
        playout(&mut game, &choices, true);
        let again = replay(&setup, game.record());
        prop_assert_eq!(again.view(), game.view());
        prop_assert_eq!(again.describe(), game.describe());
        prop_assert_eq!(again.undos(), game.undos());
        let played = game.record().iter().filter(|a| !matches!(a, Action::Undo | Action::End));
        prop_assert_eq!(again.moves() as usize, played.count());
        // The record's undos are the undo count.
        let undos = game.record().iter().filter(|a| **a == Action::Undo).count();
        prop_assert_eq!(undos as u32, game.undos());
        // `end` is always open until the game is over.
        if game.outcome().is_none() {
            let mut ended = game.clone();
            ended.apply(&Action::End).unwrap();
            let outcome = ended.outcome().unwrap();
            prop_assert_eq!(outcome.won, !game.view().chambers.is_empty());
            prop_assert!(ended.legal_actions().is_empty());
        }
    }

    /// An undo restores the view before the action it takes back (apart
    /// from the counters and the last action).
    #[test]
    fn undo_restores_the_tableau(level in 0u8..4, seed: u64,
                                 choices in proptest::collection::vec(any::<u16>(), 0..80)) {
        let setup = setup(level_of(level), false, seed);
        let mut game = Myrmex::new(&setup).unwrap();
        playout(&mut game, &choices, false);
        if game.outcome().is_some() {
            return Ok(());
        }
        let before = game.view();
        let moves: Vec<Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Move { .. }))
            .collect();
        for m in moves {
            let mut g = game.clone();
            g.apply(&m).unwrap();
            let after = g.view();
            let flipped = after.piles.iter().flat_map(|p| &p.cards).filter(|c| c.is_some()).count()
                != before.piles.iter().flat_map(|p| &p.cards).filter(|c| c.is_some()).count();
            let chamber = after.chambers.len() > before.chambers.len();
            prop_assert_eq!(after.can_undo, !flipped && !chamber && g.outcome().is_none(), "{}", m);
            if after.can_undo {
                g.apply(&Action::Undo).unwrap();
                let v = g.view();
                prop_assert_eq!(&v.piles, &before.piles);
                prop_assert_eq!(v.stock, before.stock);
                prop_assert_eq!(v.undos, before.undos + 1);
                // The move counts; its undo is not a move.
                prop_assert_eq!(v.moves, before.moves + 1);
            }
        }
    }

    /// Two deals that differ only in two face-down cards look the same.
    #[test]
    fn face_down_cards_are_not_exposed(level in 0u8..4, seed: u64, i in 0usize..8, j in 0usize..8) {
        let level = level_of(level);
        // Minor is closed by itself; larval is open, so play it as minor.
        let (level, closed) = match level {
            MyrmexLevel::Larval => (MyrmexLevel::Minor, false),
            MyrmexLevel::Minor => (MyrmexLevel::Minor, false),
            other => (other, true),
        };
        let order = setup(level, closed, seed).deck_order().unwrap();
        // The first round (cards 1-8) is the bottom card of every pile,
        // face down in a closed deal.
        prop_assume!(order[i] != order[j]);
        let mut swapped = order.clone();
        swapped.swap(i, j);
        let a = from_order(level, closed, &order);
        let b = from_order(level, closed, &swapped);
        prop_assert!(a.view().piles.iter().all(|p| p.cards[0].is_none()));
        prop_assert_eq!(a.view(), b.view());
        prop_assert_eq!(a.legal_actions(), b.legal_actions());
        prop_assert_eq!(a.describe(), b.describe());
        prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }

    /// Two deals that differ only in the order of the last two stock cards
    /// look the same, whatever is played, until the last restock.
    #[test]
    fn the_stock_order_is_not_exposed(level in 0u8..4, closed: bool, seed: u64,
                                      choices in proptest::collection::vec(any::<u16>(), 0..150)) {
        let level = level_of(level);
        let closed = closed && matches!(level, MyrmexLevel::Major | MyrmexLevel::Queen);
        let order = setup(level, closed, seed).deck_order().unwrap();
        let n = order.len();
        prop_assume!(order[n - 1] != order[n - 2]);
        let mut swapped = order.clone();
        swapped.swap(n - 1, n - 2);
        let mut a = from_order(level, closed, &order);
        let mut b = from_order(level, closed, &swapped);
        for &c in &choices {
            if a.outcome().is_some() || a.view().stock == 0 {
                break;
            }
            prop_assert_eq!(a.view(), b.view());
            prop_assert_eq!(a.legal_actions(), b.legal_actions());
            prop_assert_eq!(a.describe(), b.describe());
            prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
            let legal = a.legal_actions();
            let pool: Vec<&Action> = legal.iter().filter(|x| **x != Action::End).collect();
            let action = if c % 11 == 0 { Action::Undo } else { *pool[usize::from(c) % pool.len()] };
            prop_assert_eq!(a.apply(&action).is_ok(), b.apply(&action).is_ok());
        }
    }
}

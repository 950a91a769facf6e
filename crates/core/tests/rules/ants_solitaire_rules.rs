//! Ants Solitaire: the implementation checked against the specification,
//! `shared/seeds/ants-solitaire.txt` (the seed) and
//! `shared/rules/ants-solitaire.md` (the rulings, which win where the two
//! disagree). Every test quotes the sentence it checks.
//!
//! Games start from deck orders (`shared/rules/README.md`: "A deck order is
//! the cards separated by spaces, the first card being the first one dealt").
//! `order` builds one from the cards a test cares about and fills the rest
//! with the other cards in the standard order.

use antics::rules::ants_solitaire::*;
use antics::rules::cards::{shuffled_standard_deck, standard_deck, write_deck_order, StdCard};
use antics::rules::patience::{Patience, PatienceError};

// ---------------------------------------------------------------------------
// Helpers

fn cards(text: &str) -> Vec<StdCard> {
    text.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

/// A deck order: `head` first, `tail` last, the other cards in between in the
/// standard order.
fn order(head: &str, tail: &str) -> String {
    let (head, tail) = (cards(head), cards(tail));
    let middle: Vec<StdCard> = standard_deck()
        .into_iter()
        .filter(|c| !head.contains(c) && !tail.contains(c))
        .collect();
    let all: Vec<StdCard> = head.into_iter().chain(middle).chain(tail).collect();
    assert_eq!(all.len(), 52, "a test deck must hold each card once");
    write_deck_order(&all)
}

fn game_with(variant: Variant, deal: &str) -> AntsSolitaire {
    AntsSolitaire::new(&Setup {
        variant,
        seed: None,
        deal: Some(deal.to_string()),
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

fn strict(deal: &str) -> AntsSolitaire {
    game_with(Variant::Strict, deal)
}

fn relaxed(deal: &str) -> AntsSolitaire {
    game_with(Variant::Relaxed, deal)
}

fn act(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn play(g: &mut AntsSolitaire, actions: &str) {
    for a in actions.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        g.apply(&act(a)).unwrap_or_else(|e| panic!("`{a}`: {e}\n{g:?}"));
    }
}

fn legal(g: &AntsSolitaire) -> Vec<String> {
    g.legal_actions().iter().map(ToString::to_string).collect()
}

/// F1..F4 the first rank of each suit (s h d c), T1..T4 the second, then one
/// deal per further rank.
fn by_rank(ranks: &[&str]) -> String {
    let mut text = String::new();
    for rank in ranks {
        for suit in ["s", "h", "d", "c"] {
            text.push_str(&format!("{rank}{suit} "));
        }
    }
    text
}

const EACH_TO_ITS_OWN: &str = "t1-f1, t2-f2, t3-f3, t4-f4";

// ---------------------------------------------------------------------------
// Dealing

/// ants-solitaire.md: "cards 1-4 start foundations F1..F4, cards 5-8 start
/// tableau piles T1..T4, the other 44 are the stock."
#[test]
fn layout_from_a_deck_order() {
    let g = strict(&write_deck_order(&standard_deck()));
    let v = g.view();
    assert_eq!(
        v.foundations,
        [cards("As"), cards("2s"), cards("3s"), cards("4s")]
    );
    assert_eq!(v.tableau, [cards("5s"), cards("6s"), cards("7s"), cards("8s")]);
    assert_eq!(v.progress.stock_len, 44);
    assert_eq!(v.progress.deals_left, 11);
    assert_eq!(v.progress.score, 4);
    assert_eq!(v.variant, Variant::Strict);
}

/// ants-solitaire.md: "Each deal puts the next 4 cards onto T1..T4 in that
/// order (empty piles too): 11 deals."
#[test]
fn eleven_deals_of_four_onto_t1_to_t4() {
    let deck = standard_deck();
    let mut g = relaxed(&write_deck_order(&deck));
    for left in (0..11).rev() {
        play(&mut g, "deal");
        assert_eq!(g.view().progress.deals_left, left);
    }
    let v = g.view();
    assert_eq!(v.progress.stock_len, 0);
    for (t, pile) in v.tableau.iter().enumerate() {
        let expected: Vec<StdCard> = (1..13).map(|round| deck[round * 4 + t]).collect();
        assert_eq!(pile, &expected, "T{}", t + 1);
    }
    assert!(!legal(&g).contains(&"deal".to_string()));
    let e = g.apply(&Action::Deal).unwrap_err();
    assert_eq!(e, PatienceError::Illegal("the stock is empty".into()));
}

/// ants-solitaire.md: "Each deal puts the next 4 cards onto T1..T4 in that
/// order (empty piles too)"; seed: "If a tableau pile is empty, the new card
/// from the stock fills that space."
#[test]
fn a_deal_fills_empty_piles() {
    let mut g = strict(&by_rank(&[
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
    ]));
    play(&mut g, EACH_TO_ITS_OWN);
    assert!(g.view().tableau.iter().all(Vec::is_empty));
    play(&mut g, "deal");
    assert_eq!(
        g.view().tableau,
        [cards("3s"), cards("3h"), cards("3d"), cards("3c")]
    );
}

/// README.md: "The same seed gives the same deal forever"; a deal wins over
/// a seed.
#[test]
fn seeds_and_deals() {
    let seeded = AntsSolitaire::new(&Setup {
        seed: Some(99),
        ..Setup::default()
    })
    .unwrap();
    let deck = shuffled_standard_deck(99);
    assert_eq!(seeded.view(), strict(&write_deck_order(&deck)).view());
    assert_eq!(seeded.view().foundations[0], vec![deck[0]]);
    assert_eq!(seeded.view().tableau[3], vec![deck[7]]);
    let both = AntsSolitaire::new(&Setup {
        seed: Some(99),
        deal: Some(write_deck_order(&standard_deck())),
        ..Setup::default()
    })
    .unwrap();
    assert_eq!(both.view().foundations[0], cards("As"));
}

// ---------------------------------------------------------------------------
// Moves

/// ants-solitaire.md: "the top card of a tableau pile goes onto a foundation
/// whose top card is one rank above or below it, any suit, with King and Ace
/// adjacent (wrap)."
#[test]
fn moves_one_rank_apart_with_wrap() {
    // F: 7s Kh 2d 9c; T: 8h As 5c 9d.
    let g = strict(&order("7s Kh 2d 9c 8h As 5c 9d", ""));
    assert_eq!(legal(&g), ["t1-f1", "t1-f4", "t2-f2", "t2-f3", "end"]);
    let mut h = g.clone();
    play(&mut h, "t2-f2"); // As onto Kh: wrap
    assert_eq!(h.view().foundations[1], cards("Kh As"));
    assert!(h.view().tableau[1].is_empty());
    assert_eq!(h.score(), 5);
    assert_eq!(
        h.view().progress.last,
        Some(Action::Move {
            tableau: 2,
            foundation: 2
        })
    );
    let mut h = g.clone();
    let e = h.apply(&act("t3-f1")).unwrap_err();
    assert!(e.to_string().contains("one apart"), "{e}");
    assert_eq!(h.view(), g.view());
    // An empty tableau pile has nothing to move.
    play(&mut h, "t2-f3");
    let e = h.apply(&act("t2-f1")).unwrap_err();
    assert!(e.to_string().contains("T2 is empty"), "{e}");
}

/// seed: "Wraparound is allowed: Kings can be placed on Aces and Aces on
/// Kings."
#[test]
fn king_onto_ace_and_ace_onto_king() {
    let mut g = strict(&order("As Ks 5d 5c Kh Ah 9d 9c", ""));
    assert_eq!(legal(&g), ["t1-f1", "t2-f2", "end"]);
    play(&mut g, "t1-f1, t2-f2");
    assert_eq!(g.view().foundations[0], cards("As Kh"));
    assert_eq!(g.view().foundations[1], cards("Ks Ah"));
}

/// ants-solitaire.md: "Nothing else moves: no tableau building, nothing back
/// from a foundation." — the notation has no such action.
#[test]
fn nothing_else_moves() {
    for text in ["t1-t2", "f1-t1", "f1-f2", "1-2"] {
        assert!(text.parse::<Action>().is_err(), "{text}");
    }
}

// ---------------------------------------------------------------------------
// When to deal

/// ants-solitaire.md: "(`strict`, the default, as the seed says): only when no
/// tableau card can go to a foundation. Variant `relaxed`: at any time while
/// the stock has cards".
#[test]
fn strict_deals_only_when_stuck_relaxed_any_time() {
    let with_moves = order("7s Kh 2d 9c 8h As 5c 9d", "");
    let mut s = strict(&with_moves);
    let e = s.apply(&Action::Deal).unwrap_err();
    assert!(
        matches!(&e, PatienceError::Illegal(m) if m.contains("strict") && m.contains("t1-f1")),
        "{e}"
    );
    let mut r = relaxed(&with_moves);
    assert_eq!(legal(&r), ["t1-f1", "t1-f4", "t2-f2", "t2-f3", "deal", "end"]);
    play(&mut r, "deal");
    assert_eq!(r.view().progress.stock_len, 40);

    // F: 7s Kh 2d 9c; T: 5c 9d 4h Jh — nothing can move.
    let stuck = order("7s Kh 2d 9c 5c 9d 4h Jh", "");
    let mut s = strict(&stuck);
    assert_eq!(legal(&s), ["deal", "end"]);
    play(&mut s, "deal");
    assert_eq!(Variant::default(), Variant::Strict);
}

// ---------------------------------------------------------------------------
// Winning, losing, scoring

/// ants-solitaire.md: "**Win**: all 52 cards on the foundations." (strict
/// play: each deal only once the tableau is stuck).
#[test]
fn win_with_strict_dealing() {
    let mut g = strict(&by_rank(&[
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
    ]));
    for _ in 0..11 {
        play(&mut g, EACH_TO_ITS_OWN);
        play(&mut g, "deal");
    }
    play(&mut g, "t1-f1, t2-f2, t3-f3");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.score(), 51);
    play(&mut g, "t4-f4");
    let v = g.view();
    assert!(v.progress.outcome.expect("won").won);
    assert_eq!(v.progress.score, 52);
    assert_eq!(v.foundations[3], cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"));
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(&Action::End), Err(PatienceError::GameOver));
}

/// ants-solitaire.md: "with King and Ace adjacent (wrap)" — a win that runs
/// down through the Ace to the King.
#[test]
fn win_through_the_wrap() {
    let mut g = strict(&by_rank(&[
        "2", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3",
    ]));
    for _ in 0..11 {
        play(&mut g, EACH_TO_ITS_OWN);
        play(&mut g, "deal");
    }
    play(&mut g, EACH_TO_ITS_OWN);
    assert!(g.outcome().expect("won").won);
    assert_eq!(
        g.view().foundations[0],
        cards("2s As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s")
    );
}

/// ants-solitaire.md: "**Loss**: the stock is empty and no move is left
/// (automatic)" — right after the last deal.
#[test]
fn automatic_loss_after_the_last_deal() {
    let mut g = relaxed(&order("5s 5h 5d 5c", "9s 9h 9d 9c"));
    for _ in 0..10 {
        play(&mut g, "deal");
    }
    assert_eq!(g.outcome(), None);
    play(&mut g, "deal");
    let outcome = g.outcome().expect("lost");
    assert!(!outcome.won);
    assert_eq!(outcome.detail, "No moves left");
    assert_eq!(g.score(), 4);
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(&Action::Undo), Err(PatienceError::GameOver));
}

/// ants-solitaire.md: "**Loss**: the stock is empty and no move is left
/// (automatic)" — right after a move.
#[test]
fn automatic_loss_after_a_move() {
    let mut g = relaxed(&order("5s 5h 5d 5c", "8s 8h 8d Tc 9s 9h 9d 4c"));
    for _ in 0..11 {
        play(&mut g, "deal");
    }
    assert_eq!(legal(&g), ["t4-f1", "t4-f2", "t4-f3", "t4-f4", "end"]);
    play(&mut g, "t4-f1");
    assert_eq!(g.outcome().expect("lost").detail, "No moves left");
    assert_eq!(g.score(), 5);
}

/// ants-solitaire.md: "or the player ends the game."
#[test]
fn end_loses() {
    let mut g = strict(&order("7s Kh 2d 9c 8h As 5c 9d", ""));
    play(&mut g, "t1-f1, end");
    let v = g.view();
    assert!(!v.progress.outcome.expect("over").won);
    assert_eq!(v.progress.score, 5);
    // One move; `end` is not a move.
    assert_eq!(v.progress.moves, 1);
    assert!(g.legal_actions().is_empty());
}

/// ants-solitaire.md: "**Score**: the number of cards on the foundations, 4
/// to 52."
#[test]
fn score_counts_foundation_cards() {
    let mut g = strict(&by_rank(&[
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
    ]));
    assert_eq!(g.score(), 4);
    play(&mut g, "t2-f1, t1-f2"); // any suit: 2h onto As, 2s onto Ah
    assert_eq!(g.score(), 6);
    assert_eq!(g.view().foundations[0], cards("As 2h"));
    assert_eq!(g.view().foundations[1], cards("Ah 2s"));
}

// ---------------------------------------------------------------------------
// Undo

/// ants-solitaire.md: "**Undo**: moves since the last deal can be undone; a
/// deal cannot."
#[test]
fn undo_back_to_the_last_deal_but_not_across_it() {
    let start = strict(&by_rank(&[
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
    ]));
    let mut g = start.clone();
    play(&mut g, "t1-f1, t2-f2");
    assert_eq!(g.view().progress.undoable, 2);
    play(&mut g, "undo");
    assert_eq!(g.view().progress.undone, Some(act("t2-f2")));
    assert_eq!(g.view().progress.last, Some(Action::Undo));
    play(&mut g, "undo");
    assert_eq!(g.view().tableau, start.view().tableau);
    assert_eq!(g.view().foundations, start.view().foundations);
    assert!(matches!(
        g.apply(&Action::Undo),
        Err(PatienceError::CannotUndo(_))
    ));

    play(&mut g, &format!("{EACH_TO_ITS_OWN}, deal"));
    let after_deal = g.view();
    let e = g.apply(&Action::Undo).unwrap_err();
    assert!(
        matches!(&e, PatienceError::CannotUndo(m) if m.contains("deal cannot be undone")),
        "{e}"
    );
    assert_eq!(g.view(), after_deal);
    play(&mut g, "t3-f3, undo");
    assert_eq!(g.view().tableau, after_deal.tableau);
    // Strict: the card is back, so dealing is refused again.
    assert!(g.apply(&Action::Deal).is_err());
    assert_eq!(g.undos(), 3);
    // Refused actions are not counted, nor are the three undos.
    assert_eq!(g.moves(), 8);
}

/// README.md: "Undo ... is itself recorded as an action in the game's log,
/// so the log keeps everything that happened and replay gives the same state
/// and the same undo count."
#[test]
fn replay_with_undos_gives_the_same_game() {
    let deck = by_rank(&["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]);
    let log = "t1-f1, undo, t1-f2, t2-f1, t3-f3, t4-f4, undo, t4-f4, deal, t2-f2, undo";
    let mut a = strict(&deck);
    play(&mut a, log);
    let mut b = strict(&deck);
    let actions: Vec<Action> = log.split(", ").map(act).collect();
    for action in &actions {
        b.apply(action).unwrap();
    }
    assert_eq!(a.view(), b.view());
    assert_eq!(b.undos(), 3);
    // Undos are not moves.
    assert_eq!(b.moves(), actions.len() as u32 - 3);
}

// ---------------------------------------------------------------------------
// Notation and setups

/// ants-solitaire.md: "| tableau to foundation | `tN-fM` | `t3-f2` |",
/// `deal`, `end`; README.md: "Parsing is forgiving about case and spaces;
/// printing is always the canonical form."
#[test]
fn notation_round_trips() {
    for (text, canonical) in [
        ("t3-f2", "t3-f2"),
        ("T3 - F2", "t3-f2"),
        (" t 1 - f 4 ", "t1-f4"),
        ("t4f1", "t4-f1"),
        ("Deal", "deal"),
        ("END", "end"),
        (" undo ", "undo"),
        ("t3\u{2014}f2", "t3-f2"),
        ("restock", "deal"),
    ] {
        let a: Action = text.parse().unwrap();
        assert_eq!(a.to_string(), canonical);
        assert_eq!(canonical.parse::<Action>().unwrap(), a);
    }
    assert_eq!(
        act("t3-f2"),
        Action::Move {
            tableau: 3,
            foundation: 2
        }
    );
}

#[test]
fn bad_notation_is_explained() {
    for (text, reason) in [
        ("", "empty"),
        ("t5-f1", "tableau pile is numbered 1 to 4"),
        ("t0-f1", "tableau pile is numbered 1 to 4"),
        ("t1-f5", "foundation is numbered 1 to 4"),
        ("t1-f", "foundation is numbered 1 to 4"),
        ("f1-t1", "tN-fM"),
        ("3-2", "tN-fM"),
        ("deal now", "tN-fM"),
    ] {
        let e = text.parse::<Action>().unwrap_err();
        assert!(e.reason.contains(reason), "`{text}`: {e}");
    }
}

/// README.md: "Positions and deals are importable." A deck order must be the
/// 52 cards once each.
#[test]
fn bad_deck_orders_are_refused() {
    let deck = standard_deck();
    let short = write_deck_order(&deck[1..]);
    let twice = format!("{} Kc", write_deck_order(&deck[..51]).replace("As", "Kc"));
    let unknown = format!("{} 1s", write_deck_order(&deck[..51]));
    for (text, needle) in [
        (short.as_str(), "it has 51 cards"),
        (twice.as_str(), "`Kc` is given 2 times"),
        (unknown.as_str(), "card 52"),
    ] {
        let e = AntsSolitaire::new(&Setup {
            deal: Some(text.into()),
            ..Setup::default()
        })
        .unwrap_err();
        assert!(e.0.contains(needle), "{e}");
    }
    assert_eq!(
        AntsSolitaire::new(&Setup::default()).unwrap_err().0,
        "give a seed or a deal"
    );
}

#[test]
fn setup_and_variant_serde() {
    let json = serde_json::to_string(&Setup::default()).unwrap();
    assert_eq!(json, r#"{"variant":"strict"}"#);
    let setup: Setup = serde_json::from_str(r#"{"seed":5}"#).unwrap();
    assert_eq!(
        setup,
        Setup {
            variant: Variant::Strict,
            seed: Some(5),
            deal: None
        }
    );
    let setup: Setup = serde_json::from_str(r#"{"variant":"relaxed","seed":5}"#).unwrap();
    assert_eq!(setup.variant, Variant::Relaxed);
    assert_eq!(Variant::parse("RELAXED"), Some(Variant::Relaxed));
    assert_eq!("strict".parse::<Variant>(), Ok(Variant::Strict));
    assert_eq!(Variant::Relaxed.to_string(), "relaxed");
}

/// The stock's order is hidden: the view has only its length, and `describe`
/// and `Debug` show the piles only.
#[test]
fn the_stock_stays_hidden() {
    let g = strict(&write_deck_order(&standard_deck()));
    for text in [g.describe(), format!("{g:?}")] {
        assert!(text.contains("8s"), "{text}");
        for hidden in ["9s", "Ah", "Kc"] {
            assert!(!text.contains(hidden), "{hidden} in {text}");
        }
    }
}

//! Anthill: the implementation checked against the specification,
//! `shared/seeds/anthill.txt` (the seed) and `shared/rules/anthill.md` (the
//! rulings, which win where the two disagree). Every test quotes the sentence
//! it checks.
//!
//! Games start from deck orders (`shared/rules/README.md`: "A deck order is
//! the cards separated by spaces, the first card being the first one dealt").
//! `order` builds one from the cards a test cares about and fills the rest
//! with the other cards in the standard order.

use antics::rules::anthill::*;
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

fn game(deal: &str) -> Anthill {
    Anthill::new(&Setup {
        seed: None,
        deal: Some(deal.to_string()),
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

fn act(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn play(g: &mut Anthill, actions: &str) {
    for a in actions.split(',').map(str::trim).filter(|a| !a.is_empty()) {
        g.apply(&act(a)).unwrap_or_else(|e| panic!("`{a}`: {e}\n{g:?}"));
    }
}

fn spot(g: &Anthill, n: usize) -> Vec<StdCard> {
    g.view().spots[n - 1].clone()
}

fn legal(g: &Anthill) -> Vec<String> {
    g.legal_actions().iter().map(ToString::to_string).collect()
}

/// Deals where spots 1-4 get one rank of each suit (s h d c) and spots 5-8
/// the next one, ending with four cards onto spots 1..4.
fn rounds(pairs: &[(&str, &str)], last: &str) -> String {
    let mut text = String::new();
    for (a, b) in pairs {
        for rank in [a, b] {
            for suit in ["s", "h", "d", "c"] {
                text.push_str(&format!("{rank}{suit} "));
            }
        }
    }
    for suit in ["s", "h", "d", "c"] {
        text.push_str(&format!("{last}{suit} "));
    }
    text
}

/// Aces on spots 1-4, Twos on 5-8, then 3/4, 5/6, ... J/Q and the Kings last:
/// each round the bottom row builds onto the top row.
fn ascending_deck() -> String {
    rounds(
        &[
            ("A", "2"),
            ("3", "4"),
            ("5", "6"),
            ("7", "8"),
            ("9", "T"),
            ("J", "Q"),
        ],
        "K",
    )
}

fn descending_deck() -> String {
    rounds(
        &[
            ("K", "Q"),
            ("J", "T"),
            ("9", "8"),
            ("7", "6"),
            ("5", "4"),
            ("3", "2"),
        ],
        "A",
    )
}

const BUILD_DOWN: &str = "5-1, 6-2, 7-3, 8-4";

// ---------------------------------------------------------------------------
// Dealing

/// anthill.md: "the first 8 cards go onto spots 1..8."
#[test]
fn first_deal_puts_eight_cards_on_spots_1_to_8() {
    let g = game(&order("7s 8h 6d 9c Ks As Qh 2c", ""));
    let v = g.view();
    for (i, code) in ["7s", "8h", "6d", "9c", "Ks", "As", "Qh", "2c"]
        .iter()
        .enumerate()
    {
        assert_eq!(v.spots[i], cards(code), "spot {}", i + 1);
    }
    assert_eq!(v.progress.stock_len, 44);
    // 5 deals of 8 and the last of 4.
    assert_eq!(v.progress.deals_left, 6);
    assert_eq!(v.progress.moves, 0);
    assert_eq!(v.progress.last, None);
    assert_eq!(v.progress.outcome, None);
}

/// anthill.md: "Each later deal puts the next 8 cards onto spots 1..8 (empty
/// spots too), one each; the last deal puts the final 4 cards onto spots
/// 1..4. 8 + 5 x 8 + 4 = 52."
#[test]
fn every_deal_in_order_and_the_last_onto_spots_1_to_4() {
    let deck = standard_deck();
    let mut g = game(&write_deck_order(&deck));
    for left in (0..6).rev() {
        g.apply(&Action::Deal).unwrap();
        assert_eq!(g.view().progress.deals_left, left);
    }
    let v = g.view();
    assert_eq!(v.progress.stock_len, 0);
    for i in 0..8 {
        let mut expected: Vec<StdCard> = (0..6).map(|round| deck[round * 8 + i]).collect();
        if i < 4 {
            expected.push(deck[48 + i]);
        }
        assert_eq!(v.spots[i], expected, "spot {}", i + 1);
    }
    assert_eq!(
        v.spots.iter().map(Vec::len).collect::<Vec<_>>(),
        [7, 7, 7, 7, 6, 6, 6, 6]
    );
    assert!(!legal(&g).contains(&"deal".to_string()));
    assert_eq!(
        g.apply(&Action::Deal),
        Err(PatienceError::Illegal("the stock is empty".into()))
    );
}

/// anthill.md: "Each later deal puts the next 8 cards onto spots 1..8 (empty
/// spots too)".
#[test]
fn a_deal_fills_empty_spots() {
    let mut g = game(&ascending_deck());
    play(&mut g, BUILD_DOWN);
    for n in 5..=8 {
        assert!(spot(&g, n).is_empty());
    }
    play(&mut g, "deal");
    assert_eq!(spot(&g, 1), cards("As 2s 3s"));
    assert_eq!(spot(&g, 4), cards("Ac 2c 3c"));
    assert_eq!(spot(&g, 5), cards("4s"));
    assert_eq!(spot(&g, 8), cards("4c"));
}

/// anthill.md: "the player may deal at any time while the stock has cards."
#[test]
fn deal_at_any_time() {
    let g = game(&order("7s 8h 6d 9c Ks As Qh 2c", ""));
    // Moves are open, and so is the deal.
    assert!(legal(&g).contains(&"1-2".to_string()));
    assert!(legal(&g).contains(&"deal".to_string()));
}

/// README.md: "The same seed gives the same deal forever"; a seeded game
/// deals `shuffled_standard_deck(seed)` as its deck order, and a deal wins
/// over a seed.
#[test]
fn seeds_and_deals() {
    let seeded = Anthill::new(&Setup {
        seed: Some(2024),
        deal: None,
    })
    .unwrap();
    let from_order = game(&write_deck_order(&shuffled_standard_deck(2024)));
    assert_eq!(seeded.view(), from_order.view());
    let deck = shuffled_standard_deck(2024);
    for (pile, card) in seeded.view().spots.iter().zip(&deck) {
        assert_eq!(pile, &vec![*card]);
    }
    let both = Anthill::new(&Setup {
        seed: Some(2024),
        deal: Some(write_deck_order(&standard_deck())),
    })
    .unwrap();
    assert_eq!(both.view().spots[0], cards("As"));
}

// ---------------------------------------------------------------------------
// Building

/// anthill.md: "the top card of one spot may move onto the top card of
/// another if their ranks differ by exactly one (Ace low, King high, no
/// wrap), any suit."
#[test]
fn builds_up_or_down_any_suit_no_wrap() {
    // Tops: 1 7s, 2 8h, 3 6d, 4 9c, 5 Ks, 6 As, 7 Qh, 8 2c.
    let g = game(&order("7s 8h 6d 9c Ks As Qh 2c", ""));
    assert_eq!(
        legal(&g),
        ["1-2", "1-3", "2-1", "2-4", "3-1", "4-2", "5-7", "6-8", "7-5", "8-6", "deal", "end"]
    );
    // No wrap: a King is not on an Ace, nor an Ace on a King.
    let mut h = g.clone();
    let e = h.apply(&act("5-6")).unwrap_err();
    assert!(
        matches!(&e, PatienceError::Illegal(m) if m.contains("differ by one")),
        "{e}"
    );
    assert!(h.apply(&act("6-5")).is_err());
    // Same rank, or two apart: refused, and the game is unchanged.
    assert!(h.apply(&act("1-4")).is_err());
    assert_eq!(h.view(), g.view());
    // A move takes the top card.
    play(&mut h, "1-2");
    assert_eq!(spot(&h, 1), Vec::<StdCard>::new());
    assert_eq!(spot(&h, 2), cards("8h 7s"));
    assert_eq!(h.view().progress.last, Some(Action::Move { from: 1, to: 2 }));
}

/// anthill.md: "Only top cards move, one at a time." (a card under another
/// is not available).
#[test]
fn only_top_cards_move() {
    let mut g = game(&order("7s 8h 6d 9c Ks As Qh 2c", ""));
    play(&mut g, "1-2");
    // Spot 2 is now 8h 7s: the 8h below cannot go onto 9c.
    assert!(g.apply(&act("2-4")).is_err());
    assert!(legal(&g).contains(&"2-3".to_string())); // 7s onto 6d
}

/// anthill.md: "an empty top-row spot takes only an Ace, an empty
/// bottom-row spot only a King (by a move; deals fill any spot)."
#[test]
fn empty_spots_take_aces_on_top_kings_below() {
    // 1 5h, 2 Ah, 3 Kh, 4 9d, 5 6h, 6 Ks, 7 As, 8 Tc.
    let mut g = game(&order("5h Ah Kh 9d 6h Ks As Tc", ""));
    play(&mut g, "1-5, 8-4"); // empties spot 1 (top row) and spot 8 (bottom row)
    let l = legal(&g);
    for ok in ["2-1", "7-1", "3-8", "6-8"] {
        assert!(l.contains(&ok.to_string()), "{ok} in {l:?}");
    }
    for refused in ["3-1", "6-1", "4-1", "2-8", "7-8", "5-8"] {
        assert!(!l.contains(&refused.to_string()), "{refused} in {l:?}");
    }
    let e = g.clone().apply(&act("3-1")).unwrap_err();
    assert!(e.to_string().contains("only an Ace"), "{e}");
    let e = g.clone().apply(&act("2-8")).unwrap_err();
    assert!(e.to_string().contains("only a King"), "{e}");
    play(&mut g, "7-1, 6-8");
    assert_eq!(spot(&g, 1), cards("As"));
    assert_eq!(spot(&g, 8), cards("Ks"));
}

// ---------------------------------------------------------------------------
// Winning, losing, scoring

/// anthill.md: "Win: the stock is empty and exactly four spots are non-empty,
/// each holding the 13 cards of one suit in rank order (Ace at the bottom up
/// to King ...). Detected automatically."
#[test]
fn win_ascending_detected_on_the_last_deal() {
    let mut g = game(&ascending_deck());
    for _ in 0..6 {
        play(&mut g, BUILD_DOWN);
        play(&mut g, "deal");
    }
    let v = g.view();
    let outcome = v.progress.outcome.expect("won");
    assert!(outcome.won, "{outcome:?}");
    assert_eq!(v.spots[0], cards("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"));
    assert_eq!(v.progress.score, 52);
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(&Action::End), Err(PatienceError::GameOver));
    assert_eq!(g.apply(&Action::Undo), Err(PatienceError::GameOver));
}

/// anthill.md: "... or King at the bottom down to Ace". Detected
/// automatically.
#[test]
fn win_descending() {
    let mut g = game(&descending_deck());
    for _ in 0..6 {
        play(&mut g, BUILD_DOWN);
        play(&mut g, "deal");
    }
    let v = g.view();
    assert!(v.progress.outcome.expect("won").won);
    assert_eq!(v.spots[2], cards("Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d Ad"));
    assert_eq!(g.score(), 52);
}

/// anthill.md: "Win ... Detected automatically." — here by the last move, on
/// the bottom row, after "the last deal puts the final 4 cards onto spots
/// 1..4".
#[test]
fn win_by_a_move_on_the_bottom_row() {
    let deck = rounds(
        &[
            ("2", "A"),
            ("4", "3"),
            ("6", "5"),
            ("8", "7"),
            ("T", "9"),
            ("Q", "J"),
        ],
        "K",
    );
    let mut g = game(&deck);
    let up = "1-5, 2-6, 3-7, 4-8";
    for _ in 0..6 {
        play(&mut g, up);
        play(&mut g, "deal");
    }
    assert_eq!(g.outcome(), None);
    play(&mut g, "1-5, 2-6, 3-7");
    assert_eq!(g.outcome(), None);
    play(&mut g, "4-8");
    assert!(g.outcome().expect("won").won);
    assert_eq!(spot(&g, 8), cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"));
}

/// anthill.md: "Win: the stock is empty and exactly four spots are
/// non-empty ..." — four runs in order are no win while the stock still has
/// cards.
#[test]
fn no_win_while_the_stock_has_cards() {
    let mut g = game(&ascending_deck());
    for _ in 0..5 {
        play(&mut g, BUILD_DOWN);
        play(&mut g, "deal");
    }
    play(&mut g, BUILD_DOWN);
    // Four runs A..Q, four spots non-empty, four Kings still in the stock.
    assert_eq!(g.view().progress.stock_len, 4);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.score(), 48);
}

/// anthill.md: "Loss: the stock is empty and no legal move is left (detected
/// automatically)".
#[test]
fn automatic_loss_when_stuck_after_the_last_deal() {
    // The tops after all deals: spots 1-4 the last four cards, spots 5-8 the
    // four before them.
    let mut g = game(&order("", "7s 7h 7d 7c 3s 3h 3d 3c"));
    for _ in 0..5 {
        play(&mut g, "deal");
        assert_eq!(g.outcome(), None);
    }
    play(&mut g, "deal");
    let outcome = g.outcome().expect("lost");
    assert!(!outcome.won);
    assert_eq!(outcome.detail, "No moves left");
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(&Action::Undo), Err(PatienceError::GameOver));
}

/// anthill.md: "Loss: ... or the player ends the game."
#[test]
fn end_loses_with_the_current_score() {
    let mut g = game(&ascending_deck());
    play(&mut g, BUILD_DOWN);
    assert!(legal(&g).ends_with(&["deal".to_string(), "end".to_string()]));
    play(&mut g, "end");
    let v = g.view();
    let outcome = v.progress.outcome.expect("over");
    assert!(!outcome.won);
    assert_eq!(v.progress.score, 8);
    // Four moves; `end` is not a move.
    assert_eq!(v.progress.moves, 4);
    assert_eq!(v.progress.undoable, 0);
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(&act("1-5")), Err(PatienceError::GameOver));
}

/// anthill.md: "Score ...: the sum over all spots of the length of the run at
/// the bottom of the spot that starts with an Ace or a King and continues in
/// one suit, one rank at a time, in one direction."
#[test]
fn score_examples() {
    let mut g = game(&order("As 2s Kh Qd 3s 5c 9c 2h", ""));
    // As and Kh each start a run of one.
    assert_eq!(g.score(), 2);
    play(&mut g, "2-1, 5-1"); // spot 1: As 2s 3s
    assert_eq!(g.score(), 4);
    play(&mut g, "8-1"); // 2h breaks the suit: still 3
    assert_eq!(g.score(), 4);
    play(&mut g, "4-3"); // Kh Qd: the suit changes, the run stays 1
    assert_eq!(spot(&g, 3), cards("Kh Qd"));
    assert_eq!(g.score(), 4);

    let mut g = game(&order("Kh Qh Jh 5c 9c 2h 4d 8s", ""));
    play(&mut g, "2-1, 3-1"); // Kh Qh Jh, running down from a King
    assert_eq!(g.score(), 3);

    // A bottom card that is neither Ace nor King starts no run.
    let g = game(&order("2s As 5c 9c 4d 8s 6h Td", ""));
    assert_eq!(g.score(), 1);
}

// ---------------------------------------------------------------------------
// Undo

/// anthill.md: "Undo: moves since the last deal can be undone; a deal cannot.
/// Undos are counted and shown."
#[test]
fn undo_back_to_the_last_deal_but_not_across_it() {
    let start = game(&ascending_deck());
    let mut g = start.clone();
    play(&mut g, "5-1, 6-2");
    assert_eq!(g.view().progress.undoable, 2);
    play(&mut g, "undo");
    assert_eq!(spot(&g, 6), cards("2h"));
    assert_eq!(g.view().progress.last, Some(Action::Undo));
    assert_eq!(g.view().progress.undone, Some(act("6-2")));
    play(&mut g, "undo");
    assert_eq!(g.view().spots, start.view().spots);
    assert!(matches!(
        g.apply(&Action::Undo),
        Err(PatienceError::CannotUndo(_))
    ));
    assert_eq!(g.undos(), 2);
    // The two moves played count; the two undos do not.
    assert_eq!(g.moves(), 2);

    play(&mut g, &format!("{BUILD_DOWN}, deal"));
    let after_deal = g.view();
    let e = g.apply(&Action::Undo).unwrap_err();
    assert!(
        matches!(&e, PatienceError::CannotUndo(m) if m.contains("deal cannot be undone")),
        "{e}"
    );
    assert_eq!(g.view(), after_deal);
    play(&mut g, "5-1, undo");
    assert_eq!(g.view().spots, after_deal.spots);
    assert!(g.apply(&Action::Undo).is_err());
    assert_eq!(g.undos(), 3);
}

/// README.md: "Undo ... is itself recorded as an action in the game's log,
/// so the log keeps everything that happened and replay gives the same state
/// and the same undo count."
#[test]
fn replay_with_undos_gives_the_same_game() {
    let log = "5-1, undo, 5-1, 6-2, 7-3, undo, 7-3, 8-4, deal, 5-1, undo, end";
    let mut a = game(&ascending_deck());
    play(&mut a, log);
    let mut b = game(&ascending_deck());
    let actions: Vec<Action> = log.split(", ").map(act).collect();
    for action in &actions {
        b.apply(action).unwrap();
    }
    assert_eq!(a.view(), b.view());
    assert_eq!(b.undos(), 3);
    // Undo and end are not moves.
    assert_eq!(b.moves(), actions.len() as u32 - 3 - 1);
}

// ---------------------------------------------------------------------------
// Notation and setups

/// anthill.md: "| move a top card | `FROM-TO` | `3-7` |", `deal`, `end`;
/// README.md: "Parsing is forgiving about case and spaces; printing is always
/// the canonical form."
#[test]
fn notation_round_trips() {
    for (text, canonical) in [
        ("3-7", "3-7"),
        (" 3 - 7 ", "3-7"),
        ("8-1", "8-1"),
        ("DEAL", "deal"),
        (" End", "end"),
        ("uNdo", "undo"),
        // Phones type a dash as an en dash; every patience reads it as `-`.
        ("3\u{2013}7", "3-7"),
        ("Restock", "deal"),
    ] {
        let a: Action = text.parse().unwrap();
        assert_eq!(a.to_string(), canonical);
        assert_eq!(canonical.parse::<Action>().unwrap(), a);
    }
    assert_eq!(act("3-7"), Action::Move { from: 3, to: 7 });
}

#[test]
fn bad_notation_is_explained() {
    for (text, reason) in [
        ("", "empty"),
        ("9-1", "1 to 8"),
        ("0-3", "1 to 8"),
        ("3", "FROM-TO"),
        ("deal 2", "FROM-TO"),
        ("a-b", "1 to 8"),
        ("3-7-1", "1 to 8"),
    ] {
        let e = text.parse::<Action>().unwrap_err();
        assert!(e.reason.contains(reason), "`{text}`: {e}");
        assert_eq!(e.text, text);
    }
}

/// README.md: "Positions and deals are importable." A deck order must be the
/// 52 cards once each.
#[test]
fn bad_deck_orders_are_refused() {
    let deck = standard_deck();
    let short = write_deck_order(&deck[..51]);
    let long = format!("{} As", write_deck_order(&deck));
    let twice = format!("As {}", write_deck_order(&deck[..51]));
    let unknown = format!("Xx {}", write_deck_order(&deck[1..]));
    for (text, needle) in [
        (short.as_str(), "it has 51 cards"),
        (long.as_str(), "it has 53 cards"),
        (twice.as_str(), "`As` is given 2 times"),
        (unknown.as_str(), "card 1"),
    ] {
        let e = Anthill::new(&Setup {
            seed: Some(1),
            deal: Some(text.into()),
        })
        .unwrap_err();
        assert!(e.0.contains(needle), "{e}");
    }
    let e = Anthill::new(&Setup::default()).unwrap_err();
    assert_eq!(e.0, "give a seed or a deal");
    // Input accepts `10h` and any case.
    let loose = write_deck_order(&deck).replace("Th", "10h").to_lowercase();
    assert_eq!(game(&loose).view(), game(&write_deck_order(&deck)).view());
}

#[test]
fn setup_serde_skips_absent_fields() {
    let setup = Setup {
        seed: Some(7),
        deal: None,
    };
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(json, r#"{"seed":7}"#);
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    assert_eq!(serde_json::to_string(&Setup::default()).unwrap(), "{}");
}

/// The stock's order is hidden: the view has only its length, and `describe`
/// and `Debug` show the spots only.
#[test]
fn the_stock_stays_hidden() {
    let g = game(&write_deck_order(&standard_deck()));
    for text in [g.describe(), format!("{g:?}")] {
        assert!(text.contains("8s"), "{text}");
        for hidden in ["9s", "Ts", "Ah", "Kc"] {
            assert!(!text.contains(hidden), "{hidden} in {text}");
        }
    }
}

//! Myrmex: the implementation checked against the specification,
//! `shared/seeds/myrmex.txt` (the seed, the original rules) and
//! `shared/rules/myrmex.md` (the rulings and notation, which win where the
//! two disagree). Every test quotes the sentence it checks.
//!
//! Deals are written as deck orders. `order` builds one from the piles the
//! test wants (bottom card first) and the front of the stock; `_` is any card,
//! filled from what is left of the level's deck in deck order, and the rest of
//! the deck goes to the end of the stock.

use antics::rules::cards::{decktet_deck, write_deck_order, DSuit, DecktetCard, MyrmexLevel};
use antics::rules::myrmex::*;
use antics::rules::patience::{Patience, PatienceError};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

use MyrmexLevel::{Larval, Major, Minor, Queen};

fn card(code: &str) -> DecktetCard {
    code.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn act(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A deck order dealing `piles` (bottom card first, `_` any card) with the
/// stock starting `stock`.
fn order(level: MyrmexLevel, piles: [&str; 8], stock: &str) -> String {
    let sizes = tableau_sizes(level);
    let mut rest = decktet_deck(level);
    let mut take = |token: &str| -> Option<DecktetCard> {
        if token == "_" {
            return None;
        }
        let c = card(token);
        let at = rest
            .iter()
            .position(|&r| r == c)
            .unwrap_or_else(|| panic!("no copy of {token} left in the {level} deck"));
        rest.remove(at);
        Some(c)
    };
    let mut piles: Vec<Vec<Option<DecktetCard>>> = piles
        .iter()
        .map(|p| p.split_whitespace().map(&mut take).collect())
        .collect();
    let mut stock: Vec<Option<DecktetCard>> = stock.split_whitespace().map(&mut take).collect();
    for (pile, size) in piles.iter().zip(sizes) {
        assert_eq!(pile.len(), size, "a {level} pile has {size} cards");
    }
    let mut rest = rest.into_iter();
    for slot in piles.iter_mut().flatten().chain(stock.iter_mut()) {
        if slot.is_none() {
            *slot = rest.next();
        }
    }
    let mut out = Vec::new();
    for round in 0..5 {
        for pile in &piles {
            if let Some(c) = pile.get(round) {
                out.push(c.expect("filled"));
            }
        }
    }
    out.extend(stock.into_iter().map(|c| c.expect("filled")));
    out.extend(rest);
    write_deck_order(&out)
}

fn game(level: MyrmexLevel, deal: &str) -> Myrmex {
    let setup = Setup {
        level,
        deal: Some(deal.into()),
        ..Default::default()
    };
    Myrmex::new(&setup).unwrap_or_else(|e| panic!("{e}"))
}

fn closed_game(level: MyrmexLevel, deal: &str) -> Myrmex {
    let setup = Setup {
        level,
        closed: true,
        deal: Some(deal.into()),
        ..Default::default()
    };
    Myrmex::new(&setup).unwrap_or_else(|e| panic!("{e}"))
}

/// The canonical (unshuffled) deck of a level as a deck order.
fn plain(level: MyrmexLevel) -> String {
    write_deck_order(&decktet_deck(level))
}

/// Plays comma-separated actions, checking after each that every card of
/// the deck is somewhere ("six sequences use the whole deck").
fn play(game: &mut Myrmex, actions: &str) {
    for text in actions.split(',') {
        game.apply(&act(text))
            .unwrap_or_else(|e| panic!("{text}: {e}\n{}", game.describe()));
        let v = game.view();
        let on_table: usize = v.piles.iter().map(|p| p.cards.len()).sum();
        assert_eq!(
            on_table + v.stock + v.sequence_len * v.chambers.len(),
            decktet_deck(v.level).len()
        );
    }
}

fn refused(game: &mut Myrmex, text: &str) -> PatienceError {
    let before = game.view();
    let err = game
        .apply(&act(text))
        .expect_err(&format!("{text} should be refused"));
    assert_eq!(game.view(), before, "a refused action changes nothing");
    err
}

/// A pile as codes, `##` for a face-down card, bottom first.
fn pile(game: &Myrmex, number: usize) -> String {
    game.view().piles[number - 1]
        .cards
        .iter()
        .map(|c| c.map_or("##".to_string(), |c| c.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

fn piles(game: &Myrmex) -> Vec<String> {
    (1..=8).map(|p| pile(game, p)).collect()
}

fn legal(game: &Myrmex) -> Vec<String> {
    game.legal_actions().iter().map(ToString::to_string).collect()
}

fn moves_from(game: &Myrmex, from: usize) -> Vec<String> {
    legal(game)
        .into_iter()
        .filter(|a| a.starts_with(&format!("{from}-")) || a.starts_with(&format!("{from}:")))
        .collect()
}

// ---------------------------------------------------------------------------
// The deal
// ---------------------------------------------------------------------------

/// "the tableau is dealt in rounds across piles 1..8 (the first card to pile
/// 1), each round to every pile that still needs a card, so the last card
/// dealt to a pile is its top. The rest is the stock, in order."
/// "`minor` (default) | ... | 8 piles of 4 | only the top card of each pile
/// face up"
#[test]
fn minor_deals_eight_piles_of_four_with_only_the_tops_up() {
    let g = game(Minor, &plain(Minor));
    assert_eq!(
        piles(&g),
        [
            "## ## ## 5ML",
            "## ## ## 5ML",
            "## ## ## 5SW",
            "## ## ## 5SW",
            "## ## ## 5YN",
            "## ## ## 5YN",
            "## ## ## 6MW",
            "## ## ## 6MW",
        ]
    );
    let v = g.view();
    assert_eq!((v.stock, v.restocks_left), (28, 4));
    assert_eq!(v.chambers, vec![]);
    assert_eq!((v.moves, v.undos, v.score), (0, 0, 0));
    assert_eq!(v.outcome, None);
    // The stock is the rest in order: the first restock deals cards 33-40.
    let mut g = g;
    play(&mut g, "deal");
    let tops: Vec<String> = g
        .view()
        .piles
        .iter()
        .map(|p| p.cards.last().unwrap().unwrap().to_string())
        .collect();
    assert_eq!(tops, ["6SY", "6SY", "6LN", "6LN", "7ML", "7ML", "7SN", "7SN"]);
}

/// "`larval` | as minor | as minor | all face up"
#[test]
fn larval_deals_as_minor_all_face_up() {
    let g = game(Larval, &plain(Larval));
    assert_eq!(
        piles(&g),
        [
            "AM 2SY 3LY 5ML",
            "AS 2SY 3LY 5ML",
            "AW 2WL 4MS 5SW",
            "AL 2WL 4MS 5SW",
            "AY 3MW 4WL 5YN",
            "AN 3MW 4WL 5YN",
            "2MN 3SN 4YN 6MW",
            "2MN 3SN 4YN 6MW",
        ]
    );
    assert_eq!(g.view().stock, 28);
}

/// "`major` | minor + 2 each of Borderland, Harvest, Watchman: 66 | piles 1-6
/// of 5, piles 7-8 of 4 | all face up"
#[test]
fn major_deals_piles_of_five_and_four_all_face_up() {
    let g = game(Major, &plain(Major));
    assert_eq!(
        piles(&g),
        [
            "AM 2SY 3LY 5ML 6SY",
            "AS 2SY 3LY 5ML 6SY",
            "AW 2WL 4MS 5SW 6LN",
            "AL 2WL 4MS 5SW 6LN",
            "AY 3MW 4WL 5YN 7ML",
            "AN 3MW 4WL 5YN 7ML",
            "2MN 3SN 4YN 6MW",
            "2MN 3SN 4YN 6MW",
        ]
    );
    let v = g.view();
    assert_eq!((v.stock, v.restocks_left, v.sequence_len), (28, 4, 11));
    // The stock goes on with the 39th card, the first Castle.
    let mut g = g;
    play(&mut g, "deal");
    assert_eq!(pile(&g, 1), "AM 2SY 3LY 5ML 6SY 7SN");
}

/// "`major` and `queen` take a `closed` option: only top cards face up."
#[test]
fn closed_major_and_queen_show_only_the_tops() {
    let g = closed_game(Major, &plain(Major));
    assert_eq!(pile(&g, 1), "## ## ## ## 6SY");
    assert_eq!(pile(&g, 8), "## ## ## 6MW");
    let g = closed_game(Queen, &plain(Queen));
    assert_eq!(pile(&g, 1), "## ## ## 5ML");
    assert!(g.view().closed);
}

/// "`queen` | major + 2 each of Consul, Island, Window: 72 | 8 piles of 4 |
/// all face up"
#[test]
fn queen_deals_eight_piles_of_four_all_face_up() {
    let g = game(Queen, &plain(Queen));
    assert_eq!(pile(&g, 1), "AM 2SY 3LY 5ML");
    assert_eq!(pile(&g, 8), "2MN 3SN 4YN 6MW");
    let v = g.view();
    assert_eq!((v.stock, v.restocks_left, v.sequence_len), (40, 5, 12));
}

/// "A deal from a seed shuffles the level's deck": the same seed gives the
/// same deal, and a deal takes precedence over a seed.
#[test]
fn seeds_and_deals() {
    let seeded = |seed| {
        Myrmex::new(&Setup {
            seed: Some(seed),
            ..Default::default()
        })
        .unwrap()
    };
    assert_eq!(seeded(5).view(), seeded(5).view());
    assert_eq!(seeded(5).describe(), seeded(5).describe());
    let with_seed = Myrmex::new(&Setup {
        seed: Some(5),
        deal: Some(plain(Minor)),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(with_seed.view(), game(Minor, &plain(Minor)).view());
}

// ---------------------------------------------------------------------------
// Setup errors
// ---------------------------------------------------------------------------

/// "`major` and `queen` take a `closed` option"
#[test]
fn closed_is_refused_for_minor_and_larval() {
    for level in [Minor, Larval] {
        let err = Myrmex::new(&Setup {
            level,
            closed: true,
            seed: Some(1),
            ..Default::default()
        })
        .unwrap_err();
        assert!(err.0.contains("only for the major and queen levels"), "{err}");
    }
    for level in [Major, Queen] {
        assert!(Myrmex::new(&Setup {
            level,
            closed: true,
            seed: Some(1),
            ..Default::default()
        })
        .is_ok());
    }
}

/// "6 Aces, 6 Crowns, 2 copies of each numbered card: 60"; "a game starts
/// from a deck order (`../rules/README.md`) and a level."
#[test]
fn bad_deck_orders_are_refused() {
    let new = |level, deal: &str| {
        Myrmex::new(&Setup {
            level,
            deal: Some(deal.into()),
            ..Default::default()
        })
        .map(|_| ())
        .unwrap_err()
        .0
    };
    let deck = plain(Minor);
    // One card short.
    let short = deck.rsplit_once(' ').unwrap().0;
    let e = new(Minor, short);
    assert!(
        e.contains("60 cards") && e.contains("59") && e.contains("`KN`"),
        "{e}"
    );
    // One card too many.
    let e = new(Minor, &format!("{deck} 7SN"));
    assert!(e.contains("3 of `7SN`"), "{e}");
    // A card of another level.
    let e = new(Minor, &deck.replacen("7SN", "PMSL", 1));
    assert!(e.contains("`PMSL` is not in this deck"), "{e}");
    let e = new(Major, &plain(Major).replacen("PMSL", "PSWN", 1));
    assert!(e.contains("`PSWN` is not in this deck"), "{e}");
    // A minor deck is not a major deck.
    let e = new(Major, &deck);
    assert!(e.contains("66 cards"), "{e}");
    // Not a card at all.
    let e = new(Minor, &deck.replacen("7SN", "7SX", 1));
    assert!(e.contains("card 39") && e.contains("7SX"), "{e}");
    // Empty.
    let e = new(Minor, "  ");
    assert!(e.contains("empty"), "{e}");
    // Nothing to deal from.
    let e = Myrmex::new(&Setup::default()).unwrap_err().0;
    assert_eq!(e, "give a seed or a deal");
    // Forgiving about case and spaces.
    let lower = deck.to_lowercase().replace(' ', "  ");
    assert_eq!(game(Minor, &lower).view(), game(Minor, &deck).view());
}

// ---------------------------------------------------------------------------
// Restocks
// ---------------------------------------------------------------------------

/// "Restock: at any time while the stock has cards, one card goes face up
/// onto each pile 1..8 (empty piles too); the last restock, with fewer than 8
/// cards left, goes to piles 1..n. Minor and major: three restocks of 8, then
/// 4."
#[test]
fn minor_restocks_three_of_eight_then_four() {
    let mut g = game(Minor, &plain(Minor));
    for (stock, left) in [(20, 3), (12, 2), (4, 1)] {
        play(&mut g, "deal");
        let v = g.view();
        assert_eq!((v.stock, v.restocks_left, v.last_dealt), (stock, left, 8));
        assert!(v.piles.iter().all(|p| p.cards.len() == v.piles[0].cards.len()));
    }
    let before = piles(&g);
    play(&mut g, "deal");
    let v = g.view();
    assert_eq!((v.stock, v.restocks_left, v.last_dealt), (0, 0, 4));
    let after = piles(&g);
    assert_eq!(after[..4].iter().map(|p| p.matches(' ').count()).max(), Some(7));
    assert_eq!(
        &after[4..],
        &before[4..],
        "piles 5-8 get nothing from the last restock"
    );
    for p in 0..4 {
        // The new card is face up on top.
        assert!(after[p].starts_with(&before[p]));
        assert!(v.piles[p].cards.last().unwrap().is_some());
    }
    assert_eq!(v.piles[0].cards.last().unwrap().unwrap(), card("KW"));
    assert!(!legal(&g).contains(&"deal".to_string()), "the stock is empty");
    assert!(matches!(
        g.apply(&Action::Deal),
        Err(PatienceError::Illegal(_)) | Err(PatienceError::GameOver)
    ));
}

/// "Minor and major: three restocks of 8, then 4."
#[test]
fn major_restocks_three_of_eight_then_four() {
    let mut g = game(Major, &plain(Major));
    for dealt in [8, 8, 8, 4] {
        play(&mut g, "deal");
        assert_eq!(g.view().last_dealt, dealt);
    }
    assert_eq!(g.view().stock, 0);
}

/// "Queen: five of 8."
#[test]
fn queen_restocks_five_of_eight() {
    let mut g = game(Queen, &plain(Queen));
    for left in (0..5).rev() {
        play(&mut g, "deal");
        assert_eq!(g.view().last_dealt, 8);
        assert_eq!(g.view().restocks_left, left);
    }
    assert_eq!(g.view().stock, 0);
}

/// "one card goes face up onto each pile 1..8 (empty piles too)"
#[test]
fn restock_fills_empty_piles_too() {
    let deal = order(
        Larval,
        [
            "_ _ _ 6SY",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "5SW 4MS 3SN 2SY",
        ],
        "_ _ _ _ _ _ _ 9LN",
    );
    let mut g = game(Larval, &deal);
    play(&mut g, "8-1");
    assert_eq!(pile(&g, 8), "");
    assert_eq!(
        g.view().last_move,
        Some(MoveInfo {
            from: 8,
            to: 1,
            count: 4
        })
    );
    play(&mut g, "deal");
    assert_eq!(pile(&g, 8), "9LN");
}

// ---------------------------------------------------------------------------
// Groups and moves
// ---------------------------------------------------------------------------

/// "Group: one or more face-up cards at the top of a pile, each exactly one
/// rank below the card under it, with at least one suit common to all of
/// them. A single face-up card is a group."
#[test]
fn groups_need_a_suit_common_to_all_their_cards() {
    let deal = order(
        Larval,
        [
            // Three two-suited cards sharing Suns.
            "_ 8MS 7SN 6SY",
            // Each next pair shares a suit (S, then N) but no suit is
            // common to all three.
            "_ 8MS 7SN 6LN",
            // Not one rank apart.
            "_ _ 8WL 6MW",
            // Two suits to each, no suit in common.
            "_ _ 8YN 7ML",
            "_ _ _ 9LN",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let g = game(Larval, &deal);
    let groups: Vec<usize> = g.view().piles.iter().map(|p| p.group).collect();
    assert_eq!(&groups[..5], &[3, 2, 1, 1, 1]);
}

/// "with at least one suit common to all of them" (three-suited Pawns and
/// Courts in the queen level)
#[test]
fn three_suited_cards_form_groups_through_a_common_suit() {
    let deal = order(
        Queen,
        [
            // Consul (M W N), Watchman (M Y N), Merchant (L N): Knots.
            "_ CMWN PMYN 9LN",
            // Island (S W Y), Borderland (W L Y), Darkness (W Y): W and Y.
            "KY CSWY PWLY 9WY",
            // Window (S L N), Harvest (M S L), Pact (M S): Suns, then the
            // Betrayal (Y N) shares nothing with the Pact.
            "CSLN PMSL 9MS 8YN",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let g = game(Queen, &deal);
    let groups: Vec<usize> = g.view().piles.iter().map(|p| p.group).collect();
    assert_eq!(&groups[..3], &[3, 4, 1]);
}

/// "Move: a group moves onto a pile whose top card is exactly one rank above
/// the group's bottom card (the card that lands on the pile), in any suit
/// ... Any top part of a group is itself a group and may move alone."
#[test]
fn moves_take_the_group_part_the_ranks_ask_for() {
    let deal = order(
        Larval,
        [
            "_ 8MS 7SN 6SY",
            "_ _ _ 7WY",
            "_ _ _ 8WL",
            "_ _ _ 9LN",
            "_ _ _ 5ML",
            "_ _ _ 2MN",
            "_ _ _ 2MN",
            "_ _ _ 2SY",
        ],
        "",
    );
    let g = game(Larval, &deal);
    assert_eq!(moves_from(&g, 1), ["1-2", "1-3", "1-4"]);
    // Onto a 7 the Penitent alone, onto an 8 the 7-6, onto a 9 all three.
    for (to, count, left) in [(2, 1, "8MS 7SN"), (3, 2, "8MS"), (4, 3, "")] {
        let mut g = g.clone();
        play(&mut g, &format!("1-{to}"));
        assert_eq!(g.view().last_move, Some(MoveInfo { from: 1, to, count }));
        assert_eq!(pile(&g, 1).split_once(' ').map_or("", |p| p.1), left);
    }
    // "in any suit": the 5 of Moons and Leaves goes onto the Penitent (S Y).
    let mut g = g.clone();
    play(&mut g, "5-1");
    assert!(pile(&g, 1).ends_with("6SY 5ML"));
    // Not onto a card that is not one rank above.
    let err = refused(&mut g, "2-4");
    assert!(matches!(err, PatienceError::Illegal(_)), "{err}");
    // A count that the ranks do not give is refused; the right one is
    // accepted and recorded canonically.
    let mut h = game(Larval, &deal);
    let err = refused(&mut h, "1:1-3");
    assert!(err.to_string().contains("takes 2 cards, not 1"), "{err}");
    play(&mut h, "1:2-3");
    assert_eq!(h.record(), &[act("1-3")]);
}

/// "Any top part of a group is itself a group"; the group without a common
/// suit stops where the common suit ends.
#[test]
fn a_sequence_without_a_common_suit_does_not_move_as_one() {
    let deal = order(
        Larval,
        [
            "_ 8MS 7SN 6LN",
            "_ _ _ 9LN",
            "_ _ _ 8WL",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Larval, &deal);
    assert!(!legal(&g).contains(&"1-2".to_string()));
    let err = refused(&mut g, "1-2");
    assert!(err.to_string().contains("needs an 8"), "{err}");
    play(&mut g, "1-3");
    assert_eq!(
        pile(&g, 3).split(' ').rev().take(2).collect::<Vec<_>>(),
        ["6LN", "7SN"]
    );
}

/// "Rank order, low to high: Ace, 2..9, Pawn, Court, Crown (Pawn and Court
/// only in the levels that have them)."
#[test]
fn rank_order_depends_on_the_level() {
    // Minor: the 9 goes onto the Crown.
    let deal = order(
        Minor,
        [
            "_ _ _ KS",
            "_ _ _ 9LN",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Minor, &deal);
    play(&mut g, "2-1");
    // Major: 9 onto Pawn onto Crown, never 9 onto Crown.
    let deal = order(
        Major,
        [
            "_ _ _ _ KS",
            "_ _ _ _ 9LN",
            "_ _ _ _ PMSL",
            "_ _ _ _ KM",
            "_ _ _ _ _",
            "_ _ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Major, &deal);
    let err = refused(&mut g, "2-1");
    assert!(err.to_string().contains("needs a Pawn"), "{err}");
    play(&mut g, "3-1,2-1");
    assert!(pile(&g, 1).ends_with("KS PMSL 9LN"));
    // Queen: 9 onto Pawn onto Court onto Crown.
    let deal = order(
        Queen,
        [
            "_ _ _ KS",
            "_ _ _ PMSL",
            "_ _ _ CSLN",
            "_ _ _ 9MS",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Queen, &deal);
    refused(&mut g, "2-1");
    refused(&mut g, "4-1");
    play(&mut g, "3-1,2-1,4-1");
    assert_eq!(
        pile(&g, 1).rsplit(' ').take(4).collect::<Vec<_>>(),
        ["9MS", "PMSL", "CSLN", "KS"]
    );
    // The Ace takes nothing.
    let deal = order(
        Larval,
        [
            "_ _ _ AM",
            "_ _ _ AS",
            "_ _ _ 2MN",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Larval, &deal);
    let err = refused(&mut g, "2-1");
    assert!(err.to_string().contains("nothing goes onto"), "{err}");
}

/// "or onto an empty pile"; "`FROM:COUNT-TO` | `3:2-7`"; "Input `3-7` onto
/// an empty pile moves the largest movable group. Canonical output always
/// writes the count for an empty destination."
#[test]
fn moves_onto_an_empty_pile_carry_a_count() {
    let deal = order(
        Larval,
        [
            "_ 8MS 7SN 6SY",
            "_ _ _ 7WY",
            "_ _ _ 8WL",
            "_ _ _ 9LN",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "5SW 4MS 3SN 2SY",
        ],
        "",
    );
    let mut g = game(Larval, &deal);
    play(&mut g, "8-1");
    assert_eq!(pile(&g, 8), "");
    // One entry per possible group size, for every empty destination.
    let ms = moves_from(&g, 1);
    for n in 1..=7 {
        assert!(ms.contains(&format!("1:{n}-8")), "{ms:?}");
    }
    assert!(!ms.contains(&"1:8-8".to_string()));
    assert!(!ms.contains(&"1-8".to_string()));
    let ms = moves_from(&g, 2);
    assert!(ms.contains(&"2:1-8".to_string()), "{ms:?}");
    // A count larger than the group is refused.
    let err = refused(&mut g, "1:8-8");
    assert!(err.to_string().contains("not a group"), "{err}");
    // `1-8` moves the largest group and is recorded with its count.
    let mut h = g.clone();
    play(&mut h, "1-8");
    assert_eq!(h.record().last(), Some(&act("1:7-8")));
    assert_eq!(h.view().last_action, Some(act("1:7-8")));
    assert_eq!(pile(&h, 8), "8MS 7SN 6SY 5SW 4MS 3SN 2SY");
    // `1:2-8` moves two.
    play(&mut g, "1 : 2 - 8");
    assert_eq!(pile(&g, 8), "3SN 2SY");
    assert_eq!(g.canonical(&act("8-1")).unwrap(), act("8-1"));
}

/// "A group moves ... onto an empty pile" and "a pile can often be moved
/// back and forth through an empty pile": a whole pile may move.
#[test]
fn a_whole_pile_may_move_to_an_empty_pile() {
    let deal = order(
        Larval,
        [
            "_ _ _ 6SY",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "KS 9MS 8MS 7SN",
            "5SW 4MS 3SN 2SY",
        ],
        "",
    );
    let mut g = game(Larval, &deal);
    play(&mut g, "8-1,7-8");
    assert_eq!(g.record(), &[act("8-1"), act("7:4-8")]);
    assert_eq!(pile(&g, 7), "");
    assert_eq!(pile(&g, 8), "KS 9MS 8MS 7SN");
}

// ---------------------------------------------------------------------------
// Flip
// ---------------------------------------------------------------------------

/// "Flip: a face-down card that becomes a pile's top turns face up at once."
#[test]
fn exposed_cards_turn_face_up() {
    let mut g = game(Minor, &plain(Minor));
    play(&mut g, "1-7");
    assert_eq!(pile(&g, 1), "## ## 3LY");
    assert_eq!(pile(&g, 7), "## ## ## 6MW 5ML");
    // The group is only the face-up part: 3LY cannot take the 2 below it.
    assert_eq!(g.view().piles[1 - 1].group, 1);
    play(&mut g, "7-8");
    assert_eq!(pile(&g, 7), "## ## ## 6MW", "no flip: the 6 is face up already");
}

// ---------------------------------------------------------------------------
// Chambers
// ---------------------------------------------------------------------------

/// "Chamber: when the top cards of a pile form a full sequence (Crown at its
/// bottom down to the Ace on top) that shares one suit, it is removed at once
/// and counts as one chamber."
#[test]
fn a_full_sequence_of_one_suit_is_removed() {
    let deal = order(
        Larval,
        [
            "KS 9MS 8MS 7SN",
            "6SY 5SW 4MS 3SN",
            "_ _ _ 2SY",
            "_ _ _ AS",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Larval, &deal);
    play(&mut g, "2-1,3-1");
    assert_eq!(pile(&g, 1), "KS 9MS 8MS 7SN 6SY 5SW 4MS 3SN 2SY");
    assert_eq!(g.view().piles[0].group, 9);
    play(&mut g, "4-1");
    let v = g.view();
    assert_eq!(pile(&g, 1), "");
    assert_eq!(v.chambers, vec![DSuit::Suns]);
    assert_eq!((v.score, g.score()), (1, 1));
    assert_eq!(
        v.last_move,
        Some(MoveInfo {
            from: 4,
            to: 1,
            count: 1
        })
    );
    // It cannot be undone (see the module's decisions).
    let err = refused(&mut g, "undo");
    assert!(matches!(err, PatienceError::CannotUndo(_)), "{err}");
    assert!(err.to_string().contains("chamber"), "{err}");
    assert!(g.describe().contains("chambers 1 (Suns)"), "{}", g.describe());
    // Ended now: a partial win.
    play(&mut g, "end");
    let outcome = g.outcome().unwrap();
    assert!(outcome.won);
    assert_eq!(outcome.detail, "Partial win: 1 chamber");
}

/// "A full sequence is one card of every rank in the level: 10, 11 or 12
/// cards"; in major the Pawn belongs to it, and what lay under it turns up.
#[test]
fn a_major_chamber_needs_the_pawn() {
    let deal = order(
        Major,
        [
            "_ KS PMSL 9MS 8MS",
            "7SN 6SY 5SW 4MS 3SN",
            "_ _ _ _ 2SY",
            "_ _ _ _ AS",
            "_ _ _ _ _",
            "_ _ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Major, &deal);
    play(&mut g, "2-1,3-1,4-1");
    assert_eq!(g.view().chambers, vec![DSuit::Suns]);
    assert_eq!(g.view().piles[0].cards.len(), 1);
}

/// "it is removed at once" with "Flip: a face-down card that becomes a
/// pile's top turns face up at once."
#[test]
fn a_chamber_exposes_and_flips_the_card_under_it() {
    let deal = order(
        Minor,
        [
            "8YN 8WL 9WY KS",
            "_ _ 2SY 9MS",
            "_ _ AS 8MS",
            "_ _ _ 7SN",
            "_ _ _ 6SY",
            "_ _ _ 5SW",
            "_ _ _ 4MS",
            "_ _ _ 3SN",
        ],
        "",
    );
    let mut g = game(Minor, &deal);
    play(&mut g, "2-1,3-1,4-1,5-1,6-1,7-1,8-1,2-1");
    assert_eq!(pile(&g, 1), "## ## ## KS 9MS 8MS 7SN 6SY 5SW 4MS 3SN 2SY");
    play(&mut g, "3-1");
    assert_eq!(pile(&g, 1), "## ## 9WY");
    assert_eq!(g.view().chambers, vec![DSuit::Suns]);
}

/// "check after every move and restock": a restock can complete a chamber.
#[test]
fn a_restock_can_complete_a_chamber() {
    let deal = order(
        Larval,
        [
            "KS 9MS 8MS 7SN",
            "6SY 5SW 4MS 3SN",
            "_ _ _ 2SY",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "AS",
    );
    let mut g = game(Larval, &deal);
    play(&mut g, "2-1,3-1,deal");
    assert_eq!(pile(&g, 1), "");
    assert_eq!(g.view().chambers, vec![DSuit::Suns]);
}

/// "that shares one suit": Crown to Ace of mixed suits is no chamber.
#[test]
fn a_mixed_sequence_is_no_chamber() {
    let deal = order(
        Larval,
        [
            "KM 9MS 8MS 7SN",
            "6SY 5SW 4MS 3SN",
            "_ _ _ 2SY",
            "_ _ _ AS",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Larval, &deal);
    play(&mut g, "2-1,3-1,4-1");
    assert_eq!(g.view().chambers, vec![]);
    assert_eq!(g.view().piles[0].cards.len(), 10);
    assert_eq!(g.view().piles[0].group, 9);
}

// ---------------------------------------------------------------------------
// The end
// ---------------------------------------------------------------------------

/// "End: when the stock is empty and no move is left the game ends by
/// itself"
#[test]
fn the_game_ends_by_itself_when_stuck() {
    // After the last restock the tops are Aces and Crowns: nothing moves.
    let third = "_ _ _ _ AY AN KM KS";
    let deal = order(
        Minor,
        [
            "_ _ _ _", "_ _ _ _", "_ _ _ _", "_ _ _ _", "_ _ _ _", "_ _ _ _", "_ _ _ _", "_ _ _ _",
        ],
        &format!("_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ {third} AM AS AW AL"),
    );
    let mut g = game(Minor, &deal);
    play(&mut g, "deal,deal,deal");
    assert_eq!(g.outcome(), None, "the stock still has cards");
    play(&mut g, "deal");
    let outcome = g.outcome().expect("no move and no stock: over");
    assert!(!outcome.won);
    assert_eq!(outcome.detail, "Total loss: no chambers");
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(&Action::End), Err(PatienceError::GameOver));
    assert_eq!(g.apply(&Action::Undo), Err(PatienceError::GameOver));
    assert!(g.view().outcome.is_some());
    assert!(g.describe().contains("over: Total loss"));
}

/// "the player may also end it at any time"; "Result by chambers: 0 a total
/// loss, 1-5 a partial win, 6 a full victory."
#[test]
fn end_and_the_result_tiers() {
    let mut g = game(Minor, &plain(Minor));
    assert_eq!(g.legal_actions().last(), Some(&Action::End));
    play(&mut g, "End");
    let outcome = g.outcome().unwrap();
    assert_eq!(
        (outcome.won, outcome.detail.as_str()),
        (false, "Total loss: no chambers")
    );
    // `end` alone is no move.
    assert_eq!(g.moves(), 0);
    assert!(g.legal_actions().is_empty());
    for n in 2..=5 {
        let o = outcome_for(n);
        assert!(o.won);
        assert_eq!(o.detail, format!("Partial win: {n} chambers"));
    }
    let o = outcome_for(6);
    assert!(o.won);
    assert_eq!(o.detail, "Full victory: 6 chambers");
}

/// "15 minutes or less "Easy win", up to 25 "Working up a sweat", over 25
/// "Brain Buster"."
#[test]
fn time_tiers() {
    assert_eq!(time_tier(0.5), "Easy win");
    assert_eq!(time_tier(15.0), "Easy win");
    assert_eq!(time_tier(20.0), "Working up a sweat");
    assert_eq!(time_tier(25.0), "Working up a sweat");
    assert_eq!(time_tier(40.0), "Brain Buster");
}

// ---------------------------------------------------------------------------
// Undo
// ---------------------------------------------------------------------------

/// "Undo: a move that turned a card face up, and a restock, cannot be undone;
/// anything since the last such event can. Undos are counted and shown."
#[test]
fn undo_steps_back_to_the_last_restock() {
    let deal = order(
        Larval,
        [
            "_ 8MS 7SN 6SY",
            "_ _ _ 7WY",
            "_ _ _ 8WL",
            "_ _ _ 9LN",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
            "_ _ _ _",
        ],
        "",
    );
    let mut g = game(Larval, &deal);
    let start = g.view();
    let err = refused(&mut g, "undo");
    assert_eq!(err, PatienceError::CannotUndo("there is nothing to undo".into()));
    play(&mut g, "1-2,1-4");
    let mid = piles(&g);
    assert!(g.view().can_undo);
    play(&mut g, "undo");
    assert_eq!(g.view().last_action, Some(Action::Undo));
    play(&mut g, "undo");
    let v = g.view();
    assert_eq!(v.piles, start.piles);
    // Two moves played and two undone: the undos are not moves.
    assert_eq!((v.undos, v.moves, g.undos(), g.moves()), (2, 2, 2, 2));
    assert!(!v.can_undo);
    refused(&mut g, "undo");
    // Replaying shows the same undo count.
    assert_eq!(g.record(), &[act("1-2"), act("1-4"), act("undo"), act("undo")]);
    assert!(g.describe().contains("undos 2"));
    // A restock cannot be undone, nor what came before it.
    play(&mut g, "1-2,deal");
    assert_ne!(piles(&g), mid);
    let err = refused(&mut g, "undo");
    assert_eq!(
        err,
        PatienceError::CannotUndo("a restock cannot be undone".into())
    );
    assert!(!g.legal_actions().contains(&Action::Undo));
}

/// "a move that turned a card face up ... cannot be undone; anything since
/// the last such event can."
#[test]
fn undo_stops_at_a_flip() {
    let mut g = game(Minor, &plain(Minor));
    play(&mut g, "1-7");
    let err = refused(&mut g, "undo");
    assert_eq!(
        err,
        PatienceError::CannotUndo("a move that turned a card face up cannot be undone".into())
    );
    let after_flip = piles(&g);
    play(&mut g, "7-8");
    play(&mut g, "undo");
    assert_eq!(piles(&g), after_flip);
    refused(&mut g, "undo");
    assert_eq!(g.undos(), 1);
}

// ---------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------

/// "Piles are numbered 1..8 from the left."; "Parsing is forgiving about case
/// and spaces; printing is always the canonical form."
#[test]
fn notation_round_trips() {
    for (text, canonical) in [
        ("3-7", "3-7"),
        (" 3 -7", "3-7"),
        ("3:2-7", "3:2-7"),
        ("Deal", "deal"),
        ("END", "end"),
        ("undo", "undo"),
    ] {
        assert_eq!(act(text).to_string(), canonical);
    }
    for bad in ["9-1", "3-3", "3:0-7", "x", "", "3-"] {
        let err = bad.parse::<Action>().unwrap_err();
        assert!(err.to_string().contains("is not valid notation"), "{err}");
    }
    // Every legal action reading back as itself, canonical, moves before
    // `deal` before `end` and never `undo`: `myrmex_props`, after every
    // action of random playouts.
}

/// Piles outside 1..8 built by hand are refused by `apply`.
#[test]
fn hand_built_actions_are_checked() {
    let mut g = game(Larval, &plain(Larval));
    for a in [
        Action::Move {
            from: 0,
            to: 1,
            count: None,
        },
        Action::Move {
            from: 1,
            to: 9,
            count: None,
        },
        Action::Move {
            from: 1,
            to: 1,
            count: None,
        },
    ] {
        assert!(matches!(g.apply(&a), Err(PatienceError::Illegal(_))));
    }
    assert_eq!(g.moves(), 0);
}

// ---------------------------------------------------------------------------
// Hidden information
// ---------------------------------------------------------------------------

/// The face-down cards and the stock order never leave the module.
#[test]
fn hidden_cards_stay_hidden() {
    let g = game(Minor, &plain(Minor));
    let text = format!("{g:?} {}", g.describe());
    // 2SY is dealt face down (pile 1, second card) and 9MS is in the stock.
    assert!(!text.contains("2SY") && !text.contains("9MS"), "{text}");
    assert!(text.contains("5ML"));
}

// ---------------------------------------------------------------------------
// A whole game
// ---------------------------------------------------------------------------

/// The card of `rank` (a code symbol) carrying `suit` (each rank has one in
/// every suit).
fn of(rank: char, suit: DSuit) -> String {
    DecktetCard::ALL
        .into_iter()
        .find(|c| c.rank().symbol() == rank && c.has_suit(suit))
        .unwrap()
        .to_string()
}

/// "Result by chambers: ... 6 a full victory." with "End: when the stock is
/// empty and no move is left the game ends by itself": a deal built to be
/// won, played to the end.
#[test]
fn a_full_victory_ends_by_itself() {
    let s = DSuit::ALL;
    let cards = |rank: char, which: &[usize]| -> String {
        which
            .iter()
            .map(|&i| of(rank, s[i]))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Piles 1-6: Crown, 9, 8, 7 of one suit each (Moons to Knots).
    let runs: Vec<String> = (0..6)
        .map(|i| ['K', '9', '8', '7'].map(|r| cards(r, &[i])).join(" "))
        .collect();
    // Piles 7-8 and the stock: the rest, in the order the script needs.
    let pile7 = cards('6', &[3, 2, 1, 0]);
    let pile8 = format!("{} {}", cards('5', &[1, 0]), cards('6', &[5, 4]));
    let stock = [
        cards('4', &[0, 1]),
        cards('5', &[2, 3, 4, 5]),
        cards('4', &[2, 3]),
        cards('3', &[0, 1, 2, 3]),
        cards('4', &[4, 5]),
        cards('3', &[4, 5]),
        cards('2', &[0, 1, 2, 3, 4, 5]),
        cards('A', &[0, 1]),
        cards('A', &[4, 5, 2, 3]),
    ]
    .join(" ");
    let deal = order(
        Larval,
        [
            &runs[0], &runs[1], &runs[2], &runs[3], &runs[4], &runs[5], &pile7, &pile8,
        ],
        &stock,
    );
    let mut g = game(Larval, &deal);
    play(
        &mut g,
        "7-1,7-2,7-3,7-4,8-5,8-6,8-1,8-2,deal,7-3,8-4,deal,7-5,8-6,deal,7-1,8-2",
    );
    assert_eq!(g.view().chambers, [DSuit::Moons, DSuit::Suns]);
    play(&mut g, "deal");
    assert_eq!(
        g.view().chambers.len(),
        4,
        "the last restock completes two chambers"
    );
    assert_eq!(g.outcome(), None);
    play(&mut g, "1-5,2-6");
    let v = g.view();
    assert_eq!(v.chambers, DSuit::ALL);
    assert!(v.piles.iter().all(|p| p.cards.is_empty()));
    let outcome = g.outcome().expect("the game ends by itself");
    assert!(outcome.won);
    assert_eq!(outcome.detail, "Full victory: 6 chambers");
    assert_eq!(g.score(), 6);
}

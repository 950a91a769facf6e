//! Card codes, decks and deck orders (`rules::cards`).

use antics::rules::cards::*;

fn std(code: &str) -> StdCard {
    code.parse().unwrap()
}

fn dk(code: &str) -> DecktetCard {
    code.parse().unwrap()
}

// --- standard cards ---

#[test]
fn every_standard_code_round_trips() {
    for card in standard_deck() {
        let code = card.to_string();
        assert_eq!(code.chars().count(), 2, "{code}");
        assert_eq!(code.parse::<StdCard>(), Ok(card));
        assert_eq!(code.to_uppercase().parse::<StdCard>(), Ok(card));
        assert_eq!(code.to_lowercase().parse::<StdCard>(), Ok(card));
    }
    for rank in Rank::ALL {
        assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
        assert_eq!(Rank::from_value(rank.value()), Some(rank));
    }
    for suit in Suit::ALL {
        assert_eq!(suit.to_string().parse::<Suit>(), Ok(suit));
    }
}

#[test]
fn forgiving_standard_input() {
    let ten_of_hearts = StdCard::new(Rank::Ten, Suit::Hearts);
    for text in ["Th", "10h", " th ", "TH", "10H", "1 0 h", "\tT h\n", "T♥"] {
        assert_eq!(std(text), ten_of_hearts, "{text:?}");
    }
    assert_eq!(ten_of_hearts.to_string(), "Th");
    assert_eq!(std("as").to_string(), "As");
    assert_eq!(std("kc").to_string(), "Kc");
}

#[test]
fn bad_standard_input_names_the_token() {
    let err = "Xh".parse::<StdCard>().unwrap_err();
    assert_eq!(err.problem, CardProblem::UnknownRank("X".into()));
    assert_eq!(err.to_string(), "`Xh` is not a card: unknown rank `X`");
    assert_eq!(
        "Tx".parse::<StdCard>().unwrap_err().problem,
        CardProblem::UnknownSuit('x')
    );
    assert_eq!("T".parse::<StdCard>().unwrap_err().problem, CardProblem::NoSuit);
    assert_eq!("h".parse::<StdCard>().unwrap_err().problem, CardProblem::NoRank);
    assert_eq!("  ".parse::<StdCard>().unwrap_err().problem, CardProblem::Empty);
    assert!("11h".parse::<StdCard>().is_err());
    assert!("1h".parse::<StdCard>().is_err());
    assert!("0h".parse::<StdCard>().is_err());
    assert!("Thh".parse::<StdCard>().is_err());
}

#[test]
fn standard_deck_is_52_distinct_cards_in_documented_order() {
    let deck = standard_deck();
    assert_eq!(deck.len(), 52);
    assert_eq!(deck.iter().collect::<std::collections::HashSet<_>>().len(), 52);
    assert_eq!(deck[0], std("As"));
    assert_eq!(deck[12], std("Ks"));
    assert_eq!(deck[13], std("Ah"));
    assert_eq!(deck[26], std("Ad"));
    assert_eq!(deck[51], std("Kc"));
}

#[test]
fn suit_colours_and_rank_values() {
    let red: Vec<Suit> = Suit::ALL.into_iter().filter(|s| s.is_red()).collect();
    assert_eq!(red, [Suit::Hearts, Suit::Diamonds]);
    assert_eq!(Rank::Ace.value(), 1);
    assert_eq!(Rank::Ten.value(), 10);
    assert_eq!(Rank::King.value(), 13);
    let symbols: String = Rank::ALL.iter().map(|r| r.symbol()).collect();
    assert_eq!(symbols, "A23456789TJQK");
    assert!(Rank::Ace < Rank::Two && Rank::Queen < Rank::King);
}

// --- the Decktet ---

/// Quoted verbatim from `../shared/rules/myrmex.md` ("The Decktet"). The
/// tests below read this text, not the code's table, so a slip in the
/// table cannot hide behind the same slip in a test.
const MYRMEX_TABLE: &str = "
| Ace | one of each suit: `AM AS AW AL AY AN` |
| 2 | Author (M N), Desert (S Y), Origin (W L) |
| 3 | Journey (M W), Painter (S N), Savage (L Y) |
| 4 | Mountain (M S), Sailor (W L), Battle (Y N) |
| 5 | Forest (M L), Discovery (S W), Soldier (Y N) |
| 6 | Lunatic (M W), Penitent (S Y), Market (L N) |
| 7 | Chance Meeting (M L), Castle (S N), Cave (W Y) |
| 8 | Diplomat (M S), Mill (W L), Betrayal (Y N) |
| 9 | Pact (M S), Darkness (W Y), Merchant (L N) |
| Pawn | Harvest (M S L), Watchman (M Y N), Light Keeper (S W N), Borderland (W L Y) |
| Court | Consul (M W N), Rite (M L Y), Island (S W Y), Window (S L N) |
| Crown | Huntress (M), Bard (S), Sea (W), End (L), Calamity (Y), Windfall (N) |
";

/// The quoted table as (rank, name, suit letters in the table's order).
fn quoted_cards() -> Vec<(DRank, String, String)> {
    let mut cards = Vec::new();
    for line in MYRMEX_TABLE.lines().filter(|l| !l.trim().is_empty()) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let (rank_cell, cards_cell) = (cells[1], cells[2]);
        if rank_cell == "Ace" {
            let codes = cards_cell.split('`').nth(1).unwrap();
            for code in codes.split(' ') {
                let suit = DSuit::from_char(code.chars().nth(1).unwrap()).unwrap();
                cards.push((
                    DRank::Ace,
                    format!("Ace of {}", suit.name()),
                    code[1..].to_string(),
                ));
            }
            continue;
        }
        let rank = match rank_cell {
            "Pawn" => DRank::Pawn,
            "Court" => DRank::Court,
            "Crown" => DRank::Crown,
            n => DRank::num(n.parse().unwrap()).unwrap(),
        };
        for item in cards_cell.split("),") {
            let (name, suits) = item.split_once('(').unwrap();
            let suits: String = suits.chars().filter(|c| c.is_ascii_uppercase()).collect();
            cards.push((rank, name.trim().to_string(), suits));
        }
    }
    cards
}

#[test]
fn table_matches_the_quoted_rules() {
    let quoted = quoted_cards();
    assert_eq!(quoted.len(), 44);
    assert_eq!(DecktetCard::ALL.len(), 44);
    for (card, (rank, name, letters)) in DecktetCard::ALL.into_iter().zip(&quoted) {
        assert_eq!(card.name(), name);
        assert_eq!(card.rank(), *rank, "{name}");
        assert_eq!(card.suits(), letters.parse::<DSuits>().unwrap(), "{name}");
        // The table already writes the suits in canonical order.
        assert_eq!(card.suits().to_string(), *letters, "{name}");
        assert_eq!(DecktetCard::from_name(name), Some(card));
    }
    // The examples of the rules.
    assert_eq!(dk("7SN").name(), "Castle");
    assert_eq!(dk("AM").name(), "Ace of Moons");
    assert_eq!(dk("KS").name(), "Bard");
    assert_eq!(dk("PMSL").name(), "Harvest");
    assert_eq!(dk("PMYN").name(), "Watchman");
    assert_eq!(dk("KN").name(), "Windfall");
    // The brief's check: the Rite is M L Y and the Light Keeper S W N.
    assert_eq!(DecktetCard::from_name("Rite").unwrap().to_string(), "CMLY");
    assert_eq!(
        DecktetCard::from_name("Light Keeper").unwrap().to_string(),
        "PSWN"
    );
}

#[test]
fn table_is_in_card_order_without_duplicates() {
    for pair in DecktetCard::ALL.windows(2) {
        assert!(
            (pair[0].rank(), pair[0].suits()) < (pair[1].rank(), pair[1].suits()),
            "{} {}",
            pair[0],
            pair[1]
        );
        assert!(pair[0] < pair[1]);
    }
    let names: std::collections::HashSet<_> = DecktetCard::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names.len(), 44);
}

#[test]
fn suit_counts_per_rank_follow_the_table() {
    // Counted from MYRMEX_TABLE above: each numbered rank 2..9 has three
    // two-suit cards whose suits are the six suits once each; the Aces and
    // Crowns have one suit each; the four Pawns and four Courts have three
    // suits each and put every suit on exactly two Pawns and two Courts.
    let quoted = quoted_cards();
    for rank in DRank::ALL {
        let cards: Vec<&(DRank, String, String)> = quoted.iter().filter(|c| c.0 == rank).collect();
        let (count, suits_each) = match rank {
            DRank::Ace | DRank::Crown => (6, 1),
            DRank::Num(_) => (3, 2),
            DRank::Pawn | DRank::Court => (4, 3),
        };
        assert_eq!(cards.len(), count, "{rank}");
        let mut per_suit = [0; 6];
        for (_, name, letters) in cards {
            assert_eq!(letters.len(), suits_each, "{name}");
            let card = DecktetCard::from_name(name).unwrap();
            assert_eq!(card.suits().len(), suits_each, "{name}");
            for suit in card.suits().iter() {
                per_suit[suit.index()] += 1;
            }
        }
        let expected = if matches!(rank, DRank::Pawn | DRank::Court) {
            2
        } else {
            1
        };
        assert_eq!(per_suit, [expected; 6], "{rank}");
    }
    // So every suit is on 1 Ace, 8 numbered cards (one of each rank), 2
    // Pawns, 2 Courts and 1 Crown: 14 distinct cards.
    for suit in DSuit::ALL {
        let on: Vec<DecktetCard> = DecktetCard::ALL
            .into_iter()
            .filter(|c| c.has_suit(suit))
            .collect();
        assert_eq!(on.len(), 14, "{suit}");
        let numbered = on.iter().filter(|c| matches!(c.rank(), DRank::Num(_))).count();
        assert_eq!(numbered, 8, "{suit}");
    }
}

#[test]
fn every_decktet_code_round_trips() {
    for card in DecktetCard::ALL {
        let code = card.to_string();
        assert_eq!(code.parse::<DecktetCard>(), Ok(card));
        assert_eq!(code.to_lowercase().parse::<DecktetCard>(), Ok(card));
        // Suits in reverse order, spaced out.
        let rank = &code[..1];
        let spaced: String = code[1..].chars().rev().map(|c| format!(" {c}")).collect();
        assert_eq!(
            format!(" {rank}{spaced} ").parse::<DecktetCard>(),
            Ok(card),
            "{code}"
        );
        assert_eq!(DecktetCard::from_parts(card.rank(), card.suits()), Some(card));
    }
    for rank in DRank::ALL {
        assert_eq!(rank.to_string().parse::<DRank>(), Ok(rank));
    }
    for suit in DSuit::ALL {
        assert_eq!(suit.to_string().parse::<DSuit>(), Ok(suit));
    }
}

#[test]
fn forgiving_decktet_input_and_unknown_cards() {
    assert_eq!(dk("7ns"), dk("7SN"));
    assert_eq!(dk(" p l s m "), dk("PMSL"));
    assert_eq!(dk("kS").to_string(), "KS");
    let problem = |text: &str| text.parse::<DecktetCard>().unwrap_err().problem;
    assert_eq!(problem("7SW"), CardProblem::NoSuchCard);
    assert_eq!(problem("KMS"), CardProblem::NoSuchCard);
    assert_eq!(problem("AMS"), CardProblem::NoSuchCard);
    assert_eq!(problem("PMS"), CardProblem::NoSuchCard);
    assert_eq!(problem("7SNN"), CardProblem::RepeatedSuit('N'));
    assert_eq!(problem("7SX"), CardProblem::UnknownSuit('X'));
    assert_eq!(problem("1M"), CardProblem::UnknownRank("1".into()));
    assert_eq!(problem("TM"), CardProblem::UnknownRank("T".into()));
    assert_eq!(problem("7"), CardProblem::NoSuit);
    assert_eq!(problem(""), CardProblem::Empty);
    assert_eq!(
        "7SW".parse::<DecktetCard>().unwrap_err().to_string(),
        "`7SW` is not a card: no Decktet card has that rank and those suits"
    );
}

#[test]
fn decktet_rank_order() {
    let ranks = DRank::ALL;
    assert!(ranks.windows(2).all(|w| w[0] < w[1]));
    assert!(DRank::Ace < DRank::Num(2));
    assert!(DRank::Num(9) < DRank::Pawn);
    assert!(DRank::Pawn < DRank::Court && DRank::Court < DRank::Crown);
    assert_eq!(DRank::num(1), None);
    assert_eq!(DRank::num(10), None);
    let symbols: String = ranks.iter().map(|r| r.symbol()).collect();
    assert_eq!(symbols, "A23456789PCK");
}

#[test]
fn decktet_deck_sizes_and_contents() {
    let size = |level| decktet_deck(level).len();
    assert_eq!(size(MyrmexLevel::Minor), 60);
    assert_eq!(size(MyrmexLevel::Larval), 60);
    assert_eq!(size(MyrmexLevel::Major), 66);
    assert_eq!(size(MyrmexLevel::Queen), 72);
    assert_eq!(
        decktet_deck(MyrmexLevel::Minor),
        decktet_deck(MyrmexLevel::Larval)
    );

    let count = |level, code: &str| decktet_deck(level).iter().filter(|&&c| c == dk(code)).count();
    use MyrmexLevel::{Major, Minor, Queen};
    for level in MyrmexLevel::ALL {
        // Six full sequences, one per suit, use the whole deck.
        assert_eq!(decktet_deck(level).len(), 6 * level.ranks().len(), "{level}");
        assert!(decktet_deck(level).windows(2).all(|w| w[0] <= w[1]), "{level}");
        for card in DecktetCard::ALL {
            let n = count(level, &card.to_string());
            match card.rank() {
                DRank::Ace | DRank::Crown => assert_eq!(n, 1, "{card}"),
                DRank::Num(_) => assert_eq!(n, 2, "{card}"),
                _ => {}
            }
        }
    }
    // Pawns: Harvest PMSL, Watchman PMYN, Light Keeper PSWN, Borderland PWLY.
    for code in ["PMSL", "PMYN", "PWLY"] {
        assert_eq!(
            (count(Minor, code), count(Major, code), count(Queen, code)),
            (0, 2, 2),
            "{code}"
        );
    }
    assert_eq!((count(Major, "PSWN"), count(Queen, "PSWN")), (0, 0));
    // Courts: Consul CMWN, Rite CMLY, Island CSWY, Window CSLN.
    for code in ["CMWN", "CSWY", "CSLN"] {
        assert_eq!(
            (count(Minor, code), count(Major, code), count(Queen, code)),
            (0, 0, 2),
            "{code}"
        );
    }
    assert_eq!(count(Queen, "CMLY"), 0);
    assert_eq!(Minor.ranks().len(), 10);
    assert_eq!(Major.ranks().len(), 11);
    assert_eq!(Queen.ranks().len(), 12);
    // Each suit is on one Ace, one Crown and one numbered card of each
    // rank 2..9 (two copies each): 18 cards of the minor deck.
    let moons = decktet_deck(Minor)
        .iter()
        .filter(|c| c.has_suit(DSuit::Moons))
        .count();
    assert_eq!(moons, 1 + 2 * 8 + 1);
}

#[test]
fn myrmex_level_names() {
    for level in MyrmexLevel::ALL {
        assert_eq!(MyrmexLevel::parse(level.as_str()), Some(level));
        assert_eq!(
            MyrmexLevel::parse(&format!(" {} ", level.as_str().to_uppercase())),
            Some(level)
        );
    }
    assert_eq!(MyrmexLevel::parse("king"), None);
    assert_eq!(MyrmexLevel::default(), MyrmexLevel::Minor);
    assert_eq!(serde_json::to_string(&MyrmexLevel::Queen).unwrap(), "\"queen\"");
}

// --- shuffles and deck orders ---

#[test]
fn shuffled_decks_are_seeded_permutations() {
    let a = shuffled_standard_deck(42);
    assert_eq!(a, shuffled_standard_deck(42));
    assert_ne!(a, shuffled_standard_deck(43));
    assert_ne!(a, standard_deck());
    assert_eq!(check_deck_order(&a, &standard_deck()), Ok(()));
    let mut sorted = a.clone();
    sorted.sort();
    let mut deck = standard_deck();
    deck.sort();
    assert_eq!(sorted, deck);

    for level in MyrmexLevel::ALL {
        let d = shuffled_decktet_deck(level, 7);
        assert_eq!(d, shuffled_decktet_deck(level, 7));
        assert_ne!(d, shuffled_decktet_deck(level, 8));
        let mut sorted = d.clone();
        sorted.sort();
        assert_eq!(sorted, decktet_deck(level));
        assert_eq!(check_deck_order(&d, &decktet_deck(level)), Ok(()));
    }
}

/// A seed must deal the same cards forever: these were recorded once and
/// pin both the shuffle and the documented deck orders. Never update them.
#[test]
fn seeded_deals_never_change() {
    let std_deal = write_deck_order(&shuffled_standard_deck(42)[..8]);
    assert_eq!(std_deal, GOLDEN_STD_42);
    let decktet_deal = write_deck_order(&shuffled_decktet_deck(MyrmexLevel::Queen, 42)[..8]);
    assert_eq!(decktet_deal, GOLDEN_DECKTET_QUEEN_42);
}

const GOLDEN_STD_42: &str = "5s Kh Ad 4s 3s 6h 3h Kd";
const GOLDEN_DECKTET_QUEEN_42: &str = "4WL 9MS 8MS CMWN 7ML 4WL AM 8WL";

#[test]
fn deck_orders_round_trip() {
    let deck = shuffled_standard_deck(1);
    let text = write_deck_order(&deck);
    assert_eq!(text.split(' ').count(), 52);
    assert_eq!(parse_deck_order::<StdCard>(&text), Ok(deck));
    let deck = shuffled_decktet_deck(MyrmexLevel::Queen, 1);
    let text = write_deck_order(&deck);
    assert_eq!(parse_deck_order::<DecktetCard>(&text), Ok(deck));

    assert_eq!(
        parse_deck_order::<StdCard>("  10h  as,\n kc "),
        Ok(vec![std("Th"), std("As"), std("Kc")])
    );
    assert_eq!(parse_deck_order::<StdCard>(""), Ok(vec![]));
    assert_eq!(write_deck_order::<StdCard>(&[]), "");
}

#[test]
fn deck_order_errors_say_which_card() {
    let err = parse_deck_order::<StdCard>("As Kc Xh 2d").unwrap_err();
    assert_eq!(
        err,
        DeckError::BadCard {
            position: 3,
            token: "Xh".into(),
            reason: "`Xh` is not a card: unknown rank `X`".into()
        }
    );
    assert_eq!(err.to_string(), "card 3: `Xh` is not a card: unknown rank `X`");
    let err = parse_deck_order::<DecktetCard>("AM 7SW").unwrap_err();
    assert!(matches!(err, DeckError::BadCard { position: 2, .. }), "{err}");

    let deck = decktet_deck(MyrmexLevel::Minor);
    let mut cards = deck.clone();
    cards[0] = dk("PMSL");
    assert_eq!(
        check_deck_order(&cards, &deck).unwrap_err().to_string(),
        "`PMSL` is not in this deck"
    );
    cards[0] = dk("7SN");
    assert_eq!(
        check_deck_order(&cards, &deck).unwrap_err().to_string(),
        "the deck has 3 of `7SN`, it should have 2"
    );
    cards.remove(0);
    assert_eq!(
        check_deck_order(&cards, &deck).unwrap_err().to_string(),
        "the deck has 0 of `AM`, it should have 1"
    );
}

#[test]
fn serde_uses_the_codes() {
    let json = serde_json::to_string(&vec![std("Th"), std("As")]).unwrap();
    assert_eq!(json, r#"["Th","As"]"#);
    assert_eq!(
        serde_json::from_str::<Vec<StdCard>>(r#"["10h"," as"]"#).unwrap(),
        [std("Th"), std("As")]
    );
    let json = serde_json::to_string(&[dk("7SN"), dk("PMSL")]).unwrap();
    assert_eq!(json, r#"["7SN","PMSL"]"#);
    assert_eq!(
        serde_json::from_str::<DecktetCard>(r#""7 ns""#).unwrap(),
        dk("7SN")
    );
    assert!(serde_json::from_str::<DecktetCard>(r#""7SW""#).is_err());
    assert_eq!(serde_json::to_string(&DRank::Num(7)).unwrap(), r#""7""#);
    assert_eq!(serde_json::to_string(&DSuits::ALL).unwrap(), r#""MSWLYN""#);
    assert_eq!(serde_json::to_string(&Suit::Hearts).unwrap(), r#""h""#);
    assert_eq!(serde_json::from_str::<Rank>(r#""10""#).unwrap(), Rank::Ten);
}

#[test]
fn suit_sets() {
    let castle = dk("7SN").suits();
    let harvest = dk("PMSL").suits();
    assert_eq!((castle & harvest).iter().collect::<Vec<_>>(), [DSuit::Suns]);
    assert_eq!((castle | harvest).to_string(), "MSLN");
    assert!(DSuits::EMPTY.is_empty());
    assert_eq!(DSuits::ALL.len(), 6);
    assert_eq!("nm".parse::<DSuits>().unwrap().to_string(), "MN");
    assert!("MS".parse::<DSuits>().unwrap() < "MW".parse::<DSuits>().unwrap());
    assert!("MSL".parse::<DSuits>().unwrap() < "MW".parse::<DSuits>().unwrap());
}

#[test]
fn deck_without_is_a_multiset_difference() {
    let deck = decktet_deck(MyrmexLevel::Minor);
    // The minor deck holds two Castles: one seen leaves one unseen.
    let left = deck_without(&deck, [dk("7SN"), dk("AM")]);
    assert_eq!(left.len(), deck.len() - 2);
    assert_eq!(left.iter().filter(|&&c| c == dk("7SN")).count(), 1);
    assert!(!left.contains(&dk("AM")));
    assert!(same_cards(&[dk("AM"), dk("7SN")], &[dk("7SN"), dk("AM")]));
    assert!(!same_cards(&[dk("AM"), dk("AM")], &[dk("AM"), dk("7SN")]));
}

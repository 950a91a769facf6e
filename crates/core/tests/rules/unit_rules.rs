//! The shared rules module's own parts, checked piece by piece (in `crates/core/src/rules`): the words its messages use,
//! the registry of games, the seeded shuffle, the spots a front end clicks
//! and the ledger the patiences share. Each module says which file it
//! checks.

/// `rules::listed` and `rules::code` (rules/mod.rs).
mod code_tests {
    use antics::rules::{code, listed};

    #[test]
    fn words_are_listed_as_a_sentence_lists_them() {
        assert_eq!(listed::<&str>(&[], "or"), "");
        assert_eq!(listed(&["a"], "or"), "a");
        assert_eq!(listed(&["a", "b"], "and"), "a and b");
        assert_eq!(listed(&["a", "b", "c"], "or"), "a, b or c");
    }

    #[test]
    fn user_text_cannot_break_the_code_span() {
        assert_eq!(code("c3-c6"), "`c3-c6`");
        assert_eq!(code("a`b``c"), "`aˋbˋˋc`");
        assert_eq!(code("x\ny"), "`x\u{fffd}y`");
        // Dropping it would have made `Ok(` out of `O\0k(`.
        assert!(!code("O\0k(").contains("Ok("));
        let long = code(&"9".repeat(100));
        assert_eq!(long.chars().count(), 42);
        assert!(long.ends_with("…`"));
    }
}

/// The registry of games (rules/game_kind.rs).
mod game_kind {
    use antics::rules::{GameKind, Kind, Unlisted};

    #[test]
    fn names_round_trip_and_match_serde() {
        for kind in GameKind::ALL {
            assert_eq!(GameKind::parse(kind.as_str()), Some(kind));
            assert_eq!(GameKind::by_rules_page(kind.rules_page()), Some(kind));
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::Value::String(kind.as_str().into())
            );
        }
        assert_eq!(GameKind::parse("chess"), None);
    }

    #[test]
    fn an_unlisted_game_is_read_where_it_is_given() {
        // Not "chess": the store's tests keep that name unknown.
        const GO: Unlisted = Unlisted {
            name: "go",
            title: "Go",
            players: (2, 2),
            daily: false,
        };
        assert_eq!(Kind::parse("go", &[]), None);
        assert_eq!(Kind::parse("go", &[&GO]), Some(Kind::Unlisted(&GO)));
        assert_eq!(
            Kind::parse("atta-ants", &[&GO]),
            Some(Kind::Listed(GameKind::AttaAnts))
        );
        assert_eq!(
            serde_json::to_value(Kind::Unlisted(&GO)).unwrap(),
            serde_json::json!("go")
        );
    }

    #[test]
    fn the_lists_of_games_follow_each_entry() {
        use GameKind::*;
        assert_eq!(GameKind::PATIENCES, [Myrmex, Anthill, Ants]);
        assert_eq!(GameKind::LEADERBOARDS, [Myrmex, Anthill, Ants, ArmyAnts]);
        assert_eq!(
            GameKind::names(GameKind::LEADERBOARDS),
            ["myrmex", "anthill", "ants", "army-ants"]
        );
        for kind in GameKind::ALL {
            let listed = GameKind::LEADERBOARDS.contains(&kind);
            assert_eq!(listed, kind.is_patience() || kind.is_rated(), "{kind}");
        }
    }

    #[test]
    fn patiences_are_the_one_player_games_with_a_daily() {
        for kind in GameKind::ALL {
            assert_eq!(kind.is_patience(), GameKind::PATIENCES.contains(&kind));
            assert_eq!(kind.daily().is_some(), kind.is_patience());
        }
    }
}

/// The seeded shuffle behind every deal (rules/shuffle.rs).
mod shuffle {
    use antics::rules::shuffle::SeededRng;

    /// The contract: a seed gives the same sequence forever. These numbers
    /// were recorded once; if this test fails, every stored game would deal
    /// differently, so the fix is never to update the numbers.
    #[test]
    fn seeded_stream_never_changes() {
        let mut rng = SeededRng::new(42);
        let mut deck: Vec<u8> = (0..10).collect();
        rng.shuffle(&mut deck);
        assert_eq!(deck, GOLDEN_SHUFFLE_42);
    }

    const GOLDEN_SHUFFLE_42: [u8; 10] = [4, 1, 0, 9, 8, 5, 2, 7, 3, 6];

    #[test]
    fn below_stays_in_range() {
        let mut rng = SeededRng::new(7);
        for bound in 1..50 {
            assert!(rng.below(bound) < bound);
        }
    }

    #[test]
    fn different_seeds_differ() {
        let mut a: Vec<u8> = (0..52).collect();
        let mut b = a.clone();
        SeededRng::new(1).shuffle(&mut a);
        SeededRng::new(2).shuffle(&mut b);
        assert_ne!(a, b);
    }
}

/// Where an action starts and ends on the board (rules/spots.rs).
mod spots {
    use antics::rules::atta_ants::{Action as AttaAction, AttaAnts};
    use antics::rules::spots::*;

    #[test]
    fn notation_moves_pair_their_piles() {
        assert_eq!(from_notation("3-7"), vec![("3".into(), "7".into())]);
        assert_eq!(from_notation("4:2-8"), vec![("4".into(), "8".into())]);
        assert_eq!(from_notation("t2-f1"), vec![("t2".into(), "f1".into())]);
        assert!(from_notation("deal").is_empty());
        assert!(from_notation("-3").is_empty());
    }

    #[test]
    fn army_ants_marches_and_swaps_start_from_either_end() {
        let spots = |text: &str| army_ants(&text.parse().unwrap());
        let pairs =
            |v: &[(&str, &str)]| -> Spots { v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect() };
        assert_eq!(spots("c3-c6"), pairs(&[("c3", "c6")]));
        assert_eq!(spots("c4xc7"), pairs(&[("c4", "c7")]));
        assert_eq!(spots("a3:c3-a5:c5"), pairs(&[("a3", "a5"), ("c3", "c5")]));
        assert_eq!(spots("c3=c4"), pairs(&[("c3", "c4"), ("c4", "c3")]));
        assert!(spots("favor").is_empty());
    }

    /// "A card whose shape looks the same in several rotations is written
    /// with the lowest of them; the others are accepted as input": every
    /// rotation that looks like a listed placement's leads to it.
    #[test]
    fn atta_ants_placements_start_from_every_rotation_that_looks_the_same() {
        use antics::rules::atta_ants::Setup;
        let game = AttaAnts::new(&Setup {
            players: 2,
            seed: 4,
            deal: None,
        })
        .unwrap();
        let card = game.drawn().expect("a card to place");
        let mut sources = 0;
        for action in game.legal_actions() {
            let AttaAction::Place { pos, rotation } = action else {
                panic!("only placements first");
            };
            let spots = atta_ants(&game, &action);
            for r in 0..4u8 {
                let spot = (format!("rot{r}"), pos.to_string());
                assert_eq!(
                    spots.contains(&spot),
                    card.shape.canonical_rotation(r) == rotation
                );
            }
            sources += spots.len();
        }
        assert!(sources > 0);
    }
}

/// The bookkeeping Anthill and Ants Solitaire share (rules/ledger.rs).
mod ledger {
    use antics::rules::ledger::{Ledger, Step};
    use antics::rules::patience::PatienceError;

    #[test]
    fn undo_reaches_back_to_the_last_deal_only() {
        let mut ledger: Ledger<u8> = Ledger::new();
        ledger.record(1, Step::Moved(0, 1));
        ledger.record(2, Step::Dealt);
        assert_eq!(ledger.moves, 2);
        assert_eq!(ledger.undoable(), 0);
        let err = ledger.take_back(true).unwrap_err();
        assert!(err.to_string().contains("a deal cannot be undone"), "{err}");
        ledger.record(3, Step::Moved(2, 3));
        assert_eq!(ledger.take_back(true).unwrap(), (2, 3));
        ledger.record(4, Step::Undid(3));
        assert_eq!((ledger.moves, ledger.undos), (3, 1));
        assert_eq!(ledger.undone, Some(3));
    }

    #[test]
    fn an_ended_game_refuses_everything() {
        let mut ledger: Ledger<u8> = Ledger::new();
        ledger.record(9, Step::Ended);
        assert_eq!(ledger.moves, 0, "end is not a move");
        assert_eq!(ledger.check_open(), Err(PatienceError::GameOver));
        assert!(ledger.actions([1, 2].into_iter(), Some(3), 4).is_empty());
        assert_eq!(ledger.outcome("Won").unwrap().detail, "Ended by the player");
    }
}

//! Army Ants' notation and move list, and the review of a game by the
//! computer (in `rules/army_ants/action.rs`,
//! `rules/army_ants/record.rs` and `ai/army_ants/review.rs`).

/// The notation (rules/army_ants/action.rs).
mod action {
    use antics::rules::army_ants::Action;

    fn round_trip(text: &str) {
        let action: Action = text.parse().unwrap();
        assert_eq!(action.to_string(), text);
    }

    #[test]
    fn notation_examples_round_trip() {
        for text in [
            "c3-c6",
            "a3:c3-a5:c5",
            "c1:c4-c3:c6",
            "c3=c4",
            "c4xc7",
            "favor",
            "pass",
            "deploy 93Q15",
            "deploy 93Q15/24678/12345/6789",
            "resign",
        ] {
            round_trip(text);
        }
    }

    #[test]
    fn parsing_is_forgiving_and_printing_canonical() {
        let p = |s: &str| s.parse::<Action>().unwrap().to_string();
        assert_eq!(p(" C3 - C6 "), "c3-c6");
        assert_eq!(p("c4=c3"), "c3=c4");
        assert_eq!(p("c3:a3-c5:a5"), "a3:c3-a5:c5");
        assert_eq!(p("C4XC7"), "c4xc7");
        assert_eq!(p("Deploy 93q15"), "deploy 93Q15");
    }

    #[test]
    fn bad_notation_is_refused() {
        for bad in [
            "",
            "z9-a1",
            "c3=c",
            "a3:c4-a5:c6",
            "a3:c3-a5",
            "hello",
            "deploy 0",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}

/// The move list (rules/army_ants/record.rs).
mod record {
    use antics::rules::army_ants::{numbered_move, record_moves, Action, Side};

    /// "Black answers within Red's number": a move alone keeps the number
    /// the move list gives it.
    #[test]
    fn a_move_alone_keeps_its_number_in_the_list() {
        let record: Vec<(Side, Action)> = [
            (Side::Red, "a1-a2"),
            (Side::Black, "e8-e7"),
            (Side::Red, "favor"),
            (Side::Black, "e7-e6"),
            (Side::Black, "d8-d7"),
        ]
        .into_iter()
        .map(|(side, text)| (side, text.parse().unwrap()))
        .collect();
        assert_eq!(
            record_moves(&record, false),
            "1. a1-a2 e8-e7 2. favor e7-e6 3. ... d8-d7"
        );
        assert_eq!(numbered_move(&record, 0), "1. a1-a2");
        assert_eq!(numbered_move(&record, 1), "1... e8-e7");
        assert_eq!(numbered_move(&record, 4), "3... d8-d7");
    }
}

/// The review of a game (ai/army_ants/review.rs).
mod review {
    use antics::ai::army_ants::review::*;
    use antics::rules::army_ants::{Action, ArmyAnts, Deployment, Setup, Side};

    fn game(position: &str) -> ArmyAnts {
        ArmyAnts::new(&Setup {
            deployment: Deployment::Random,
            seed: None,
            position: Some(position.into()),
        })
        .expect("a position")
    }

    /// A Red 5 on d2 shields the Red Queen on d1 from the Black 3 on d8.
    /// "Any non-Queen card may attack her": moving the shield away lets the
    /// 3 take the Queen.
    const SHIELD: &str =
        "bQ....b3../........../........../........../........../........../......r5../..r1..rQ.. r battle";

    #[test]
    fn a_queen_left_to_capture_is_named_with_the_move_that_kept_her() {
        let start = game(SHIELD);
        let blunder: Action = "d2-e2".parse().unwrap();
        let judged = review(&[(start.clone(), blunder.clone())]);
        assert_eq!(judged.len(), 1);
        let j = &judged[0];
        assert_eq!(j.played, blunder);
        assert_eq!(j.decisive(), Some(Decisive::Lost), "{j:?}");
        assert_ne!(j.preferred, blunder);
        assert_eq!(notable(&judged), vec![j]);
        // The engine's own move keeps her: Black cannot take her after it.
        let mut kept = start;
        kept.apply(Side::Red, &j.preferred).unwrap();
        assert!(!kept.legal_actions().contains(&"d8xd1".parse().unwrap()));
    }

    #[test]
    fn the_engines_own_move_costs_nothing() {
        let start = game(SHIELD);
        let preferred = review(&[(start.clone(), "d2-e2".parse().unwrap())])[0]
            .preferred
            .clone();
        let judged = review(&[(start, preferred)]);
        assert_eq!(judged[0].cost(), 0);
        assert!(notable(&judged).is_empty());
    }
}

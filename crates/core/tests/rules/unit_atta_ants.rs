//! Atta Ants' notation, cards, the words for an outcome and the view
//! (in `rules/atta_ants`; the rules themselves
//! are checked in `atta_ants_rules`).

/// The notation (rules/atta_ants/action.rs).
mod action {
    use antics::rules::atta_ants::Action;

    #[test]
    fn forgiving_input_canonical_output() {
        for (input, canonical) in [
            ("place 1,-2 r3", "place 1,-2 r3"),
            ("Place (1, -2) R3", "place 1,-2 r3"),
            ("place 1 -2 3", "place 1,-2 r3"),
            ("r2 n+ e", "r2 n+ e"),
            ("R2N+E", "r2 n+ e"),
            ("r2 + n", "r2+ n"),
            ("y1 n +b3 e -", "y1 n+b3 e-"),
            ("END", "end"),
            ("pass", "end"),
            ("spider 2 e", "spider 2 e"),
            ("spider 2 east", "spider 2 e"),
            ("leave", "leave"),
        ] {
            let action: Action = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(action.to_string(), canonical, "{input}");
        }
    }

    #[test]
    fn refuses_garbage() {
        for input in [
            "",
            "r7 n",
            "r1",
            "r1 n e s",
            "x1 n",
            "place 1,2",
            "place 1,2 r4",
            "spider e",
            "r1 n+q",
        ] {
            assert!(input.parse::<Action>().is_err(), "{input}");
        }
    }
}

/// The terrain cards (rules/atta_ants/cards.rs).
mod cards {
    use antics::rules::atta_ants::cards::*;

    #[test]
    fn the_set_matches_the_ruling() {
        let deck = full_deck();
        assert_eq!(deck.len(), 24);
        assert_eq!(deck.iter().filter(|c| c.feature == Feature::Leaf).count(), 8);
        assert_eq!(deck.iter().filter(|c| c.feature == Feature::Spider).count(), 4);
    }

    #[test]
    fn rotation_is_clockwise() {
        assert_eq!(Shape::Curve.edges(1), Dir::E.bit() | Dir::S.bit());
        assert_eq!(Shape::DeadEnd.edges(3), Dir::W.bit());
        assert_eq!(Shape::Straight.distinct_rotations(), vec![0, 1]);
        assert_eq!(Shape::Crossing.distinct_rotations(), vec![0]);
        assert_eq!(Shape::Straight.canonical_rotation(3), 1);
    }

    #[test]
    fn codes_round_trip() {
        for card in full_deck() {
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        }
        assert!("Q".parse::<Card>().is_err());
        assert!("Tlx".parse::<Card>().is_err());
    }
}

/// An outcome in words (rules/atta_ants/told.rs).
mod told {
    use antics::rules::atta_ants::{Colour, EndReason, Outcome, Standing};

    fn standing(colour: Colour, place: u8, ants: u8, departed: bool) -> Standing {
        Standing {
            colour,
            place,
            ants,
            eaten: 1,
            departed,
        }
    }

    fn name(colour: Colour) -> String {
        let names = ["alice", "bob", "carol", "dave"];
        format!("{} ({colour})", names[colour.index()])
    }

    /// A win names the winner and why, then ranks every player, those who
    /// left marked so.
    #[test]
    fn a_win_is_told_with_the_ranking() {
        let outcome = Outcome {
            reason: EndReason::SixAnts,
            standings: vec![
                standing(Colour::Yellow, 1, 6, false),
                standing(Colour::Red, 2, 1, true),
            ],
        };
        assert_eq!(outcome.headline(name), "bob (Yellow) wins");
        assert_eq!(
            outcome.told(name),
            "bob (Yellow) wins, six ants in play at the end of a round. \
             Ranking: 1. bob (Yellow): 6 ants, 1 eaten; 2. alice (Red): 1 ant, 1 eaten, left"
        );
    }

    /// "Players still equal share the place": a tie names everyone in first
    /// place.
    #[test]
    fn a_tie_is_told_with_everyone_in_first_place() {
        let outcome = Outcome {
            reason: EndReason::LastCard,
            standings: [Colour::Red, Colour::Yellow, Colour::Orange]
                .map(|c| standing(c, 1, 3, false))
                .to_vec(),
        };
        assert_eq!(
            outcome.headline(name),
            "A tie: alice (Red), bob (Yellow) and carol (Orange)"
        );
        assert!(outcome.told(name).starts_with(
            "a tie between alice (Red) and bob (Yellow) and carol (Orange), the round of the last card is over. Ranking: 1. alice (Red): 3 ants"
        ));
    }
}

/// What a player may see (rules/atta_ants/view.rs).
mod view {
    use antics::rules::atta_ants::cards::full_deck;
    use antics::rules::atta_ants::{
        Action, AntMove, AttaAnts, Card, Moving, Phase, Setup, View, SETUP_CARDS,
    };
    use antics::rules::shuffle::SeededRng;

    /// A deck order from `seed`, as a deal.
    fn shuffled(seed: u64) -> Vec<Card> {
        let mut deck = full_deck();
        let mut rng = SeededRng::new(seed);
        for i in (1..deck.len()).rev() {
            deck.swap(i, rng.below(i as u64 + 1) as usize);
        }
        deck
    }

    fn start(deck: &[Card]) -> Option<AttaAnts> {
        let deal: Vec<String> = deck.iter().map(Card::to_string).collect();
        AttaAnts::new(&Setup {
            players: 3,
            seed: 5,
            deal: Some(deal.join(" ")),
        })
        .ok()
    }

    /// "What a player may see ... never the order of the deck": two games
    /// whose decks differ only in the order of the cards still to draw
    /// show the same view.
    #[test]
    fn the_order_of_the_deck_is_not_in_the_view() {
        let (deck, game) = (0..)
            .find_map(|seed| {
                let deck = shuffled(seed);
                Some((deck.clone(), start(&deck)?))
            })
            .expect("a deal that starts");
        let later = SETUP_CARDS + 1;
        let other = (later + 1..deck.len())
            .find(|&i| deck[i] != deck[later])
            .expect("two kinds of card still to draw");
        let mut swapped = deck.clone();
        swapped.swap(later, other);
        let twin = start(&swapped).expect("the same square around the nest");
        assert_eq!(View::of(&game), View::of(&twin));
        assert_eq!(View::of(&game).deck_len, deck.len() - later);
    }

    /// A move being picked: its ant where the steps so far took it, and
    /// the route of each move still open, from where the ant stands.
    #[test]
    fn a_move_being_picked_is_shown_as_done_so_far() {
        let mut game = (0..)
            .find_map(|seed| start(&shuffled(seed)))
            .expect("a deal that starts");
        while !matches!(game.phase(), Phase::Ants(_)) {
            let seat = game.to_move().expect("a game under way");
            let action = game.legal_actions()[0].clone();
            game.apply(seat, &action).expect("legal");
        }
        let moves: Vec<AntMove> = game
            .legal_actions()
            .into_iter()
            .filter_map(|a| match a {
                Action::Move(m) if !m.steps.is_empty() => Some(m),
                _ => None,
            })
            .collect();
        let whole = moves.first().expect("an ant that can move").clone();
        let from = game.ant(whole.ant).and_then(|a| a.at).expect("on the map");
        let first = AntMove {
            steps: whole.steps[..1].to_vec(),
            ..whole.clone()
        };
        let open: Vec<AntMove> = moves.iter().filter(|m| m.ant == whole.ant).cloned().collect();
        let view = View::of(&game).picking(Some(&first), &open);
        let to = from.step(first.steps[0].dir);
        assert_eq!(
            view.moving,
            Some(Moving {
                ant: whole.ant,
                path: vec![from, to]
            })
        );
        let ant = view.ants.iter().find(|a| a.id == whole.ant).unwrap();
        assert_eq!(ant.at, Some(to));
        assert_eq!(view.routes.len(), open.len());
        for ((ant, path), m) in view.routes.iter().zip(&open) {
            assert_eq!((*ant, path[0], path.len()), (m.ant, from, m.steps.len() + 1));
        }
        // Not picking: the table as it is.
        assert_eq!(View::of(&game).picking(None, &[]), View::of(&game));
    }
}

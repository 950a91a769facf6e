//! The solvers' shared parts, the Ants Solitaire solver's prunes, the
//! Myrmex hint and the arrangements of unseen cards (in `ai/solver/mod.rs`, `ants.rs`, `hint.rs` and `unseen.rs`).

use antics::ai::solver::{mix64, Table, DEFAULT_BUDGET, TABLE_KEYS};

/// At the default budget the table stops growing at 2^21 slots; past
/// that, a new state is still searched and counted, and searched again
/// when met again (nothing is ever skipped unsearched).
#[test]
fn the_table_is_bounded_and_never_skips_an_unrecorded_state() {
    let mut table = Table::<u128>::new(DEFAULT_BUDGET);
    let key = |i: usize| u128::from(mix64(i as u64)) << 32 | i as u128;
    let over = TABLE_KEYS + 1_000;
    assert!((0..over).all(|i| table.visit(key(i))));
    assert_eq!(table.seen.len(), TABLE_KEYS);
    assert!(table.seen.capacity() <= TABLE_KEYS);
    assert_eq!(table.states(), over as u64);
    // A recorded state is not searched twice; one past the bound is.
    assert!(!table.visit(key(0)));
    assert!(table.visit(key(over - 1)));
    assert!(!table.exhausted);
    // A larger budget lifts the bound.
    let mut larger = Table::<u128>::new(DEFAULT_BUDGET + 1);
    assert!((0..=TABLE_KEYS).all(|i| larger.visit(key(i))));
    assert_eq!(larger.seen.len(), TABLE_KEYS + 1);
}

/// The Ants Solitaire solver (ai/solver/ants.rs).
mod ants {
    use antics::ai::solver::ants::Search;
    use antics::rules::ants_solitaire::{AntsSolitaire, Setup, Variant, PILES};

    fn search() -> Search {
        let setup = Setup {
            variant: Variant::Relaxed,
            seed: Some(7),
            deal: None,
        };
        Search::new(&AntsSolitaire::new(&setup).unwrap(), 1_000)
    }

    /// "The top card of a tableau pile goes onto a foundation whose top card
    /// is one rank above or below it, any suit, with King and Ace adjacent
    /// (wrap)": with every foundation on an Ace and no 2 or King left, no
    /// foundation can ever leave the Aces, so the 5s still to play are lost.
    #[test]
    fn a_rank_cut_off_from_every_foundation_is_lost() {
        let mut search = search();
        search.tops = [0; PILES];
        search.left = [0; 13];
        search.left[4] = 2;
        assert!(!search.reachable());
        // A 2 left opens the way up: 2, then 3 and 4 would be needed too.
        search.left[1] = 1;
        assert!(!search.reachable());
        search.left[2] = 1;
        search.left[3] = 1;
        assert!(search.reachable());
        // Through the wrap: K, Q, ... down to 5.
        search.left[1..4].fill(0);
        (5..13).for_each(|r| search.left[r] = 1);
        assert!(search.reachable());
    }

    /// Three 5s and no 4 or 6 left, with one foundation on a 4 and one on
    /// a 6: each can take one 5 and then shows a 5, which no 5 can follow,
    /// so the third 5 can never be played.
    #[test]
    fn more_cards_of_a_rank_than_ways_onto_it_is_lost() {
        let mut search = search();
        search.tops = [3, 5, 9, 9];
        search.left = [0; 13];
        search.left[4] = 3;
        search.left[8] = 1;
        assert!(search.reachable());
        assert!(!search.enough_ways());
        search.left[4] = 2;
        assert!(search.enough_ways());
    }

    /// The key numbers the multisets of foundation tops one to one: all
    /// 1,820 of them get different numbers below 2^11, and the order of the
    /// foundations does not matter.
    #[test]
    fn keys_number_foundation_tops_exactly() {
        let mut search = search();
        let mut seen = std::collections::HashSet::new();
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        search.tops = [d, b, a, c];
                        let key = search.key();
                        assert!(key & 0x7FF < 1820);
                        assert!(seen.insert(key));
                        search.tops = [a, b, c, d];
                        assert_eq!(search.key(), key);
                    }
                }
            }
        }
        assert_eq!(seen.len(), 1820);
    }
}

/// The hint (ai/solver/hint.rs).
mod hint {
    use antics::ai::solver::hint::{Hint, Hinted, HINT_BUDGET};
    use antics::rules::cards::{DSuit, MyrmexLevel};
    use antics::rules::myrmex::{Action, Myrmex, Prospect, PILES};
    use antics::rules::patience::Patience;

    /// Five chambers made; the Knots run lies on pile 1 from the Crown down
    /// to the 2, the Ace of Knots on top of pile 3, a 3 on pile 4.
    const RUN: [&str; PILES] = [
        "KN 9LN 8YN 7SN 6LN 5YN 4YN 3SN 2MN",
        "4WL",
        "9MS AN",
        "5SW 3MW",
        "4MS",
        "8MS",
        "6LN",
        "9WY",
    ];

    /// "The hint never suggests the move that only undoes the one before":
    /// after `1-4` takes the 2 off the run, `4-1` would put it straight
    /// back. The hint names another way to the chamber instead.
    #[test]
    fn the_hint_never_takes_back_the_move_just_played() {
        let mut game = Myrmex::laid_out(MyrmexLevel::Larval, RUN, &DSuit::ALL[..5]);
        game.apply(&Action::onto(1, 4)).unwrap();
        let back = Action::onto(4, 1);
        assert!(game.undoes_last_move(&back));
        // It starts a line to the chamber (the search may start with it).
        assert!(matches!(
            game.prospect(&|a| *a != back),
            Prospect::Progress { first, len: 2 } if first == back
        ));
        let hint = game.hint(HINT_BUDGET);
        let action = hint.action().unwrap_or_else(|| panic!("{hint:?}"));
        assert_ne!(action, back.to_string(), "{hint:?}");
        let mut next = game.clone();
        next.apply(&action.parse().unwrap()).unwrap();
        assert_eq!(next.outcome(), None);
    }

    /// With nothing left to gain the hint says so (and the board offers
    /// End). The position is laid out, not reached by a move, so it has
    /// not ended by itself.
    #[test]
    fn nothing_left_to_gain_is_said() {
        let dead = [
            "AN KN", "2MN 7SN", "3SN 8YN", "5YN 8MS", "6LN 4YN", "9LN 8MS", "4WL", "4MS",
        ];
        let game = Myrmex::laid_out(MyrmexLevel::Larval, dead, &DSuit::ALL[..5]);
        assert_eq!(game.outcome(), None);
        assert_eq!(game.hint(HINT_BUDGET), Hint::NoProgress);
    }
}

/// The deals a player cannot tell apart (ai/solver/unseen.rs).
mod unseen {
    use antics::ai::solver::unseen::{arrangements, every_arrangement, view_seed};

    fn key(c: &u8) -> u8 {
        *c
    }

    #[test]
    fn every_distinct_arrangement_once() {
        // 4 cards with a pair: 4! / 2! = 12 distinct sequences.
        let cards = [1u8, 2, 2, 3];
        assert_eq!(arrangements(&cards, key, 100), 12);
        let all = every_arrangement(&cards, key);
        assert_eq!(all.len(), 12);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 12);
        assert!(all.iter().all(|d| antics::rules::cards::same_cards(d, &cards)));
        // Past the limit the count stops.
        assert_eq!(arrangements(&[1u8, 2, 3, 4, 5], key, 24), 25);
        assert_eq!(arrangements(&[] as &[u8], key, 24), 1);
    }

    #[test]
    fn view_seeds_are_fixed() {
        assert_eq!(view_seed("a"), view_seed("a"));
        assert_ne!(view_seed("a"), view_seed("b"));
    }
}

//! Atta Ants property tests: random legal playouts for 2, 3 and 4 players,
//! checked against invariants of the rulings (`shared/rules/atta-ants.md`):
//! ants and leaves are conserved, the nest limit holds, replaying the record
//! rebuilds the same game, and every action's notation round-trips.

use antics::rules::atta_ants::*;
use proptest::prelude::*;
use std::collections::BTreeMap;

/// A small deterministic random stream (proptest gives the seed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What the playout has seen, to check conservation against.
#[derive(Default)]
struct Ledger {
    born: BTreeMap<Colour, u32>,
}

/// "Every player has two ants in the nest and four in reserve"; ants come
/// into play only by a leaf brought into the nest and leave it only when
/// eaten (or when their player leaves): in play + reserve = 6.
fn check_ants(game: &AttaAnts, ledger: &Ledger) {
    for colour in game.colours() {
        let on_map = game
            .ants()
            .iter()
            .filter(|a| a.id.colour == colour && a.at.is_some())
            .count();
        let in_reserve = game
            .ants()
            .iter()
            .filter(|a| a.id.colour == colour && a.at.is_none())
            .count();
        assert_eq!(on_map + in_reserve, ANTS_PER_COLOUR as usize);
        if !game.has_left(colour) {
            let born = ledger.born.get(&colour).copied().unwrap_or(0);
            assert_eq!(
                on_map as i64,
                STARTING_ANTS as i64 + born as i64 - game.eaten(colour) as i64,
                "{colour}: in play = 2 + born - eaten"
            );
        }
        // "no more than two ants of its colour are in it (the newborn ant counted)"
        assert!(
            game.in_nest(colour) <= NEST_LIMIT,
            "{colour} has too many ants in the nest"
        );
    }
    // "An ant may not enter a card with a spider"; eaten ants leave the map
    // once every spider has stepped. "A player who is the only one with ants
    // left wins at once": such a win (another player leaving) may stop the
    // spiders half-way, with ants still on their cards.
    let won_at_once = game.outcome().is_some_and(|o| o.reason == EndReason::OnlyOneLeft);
    if !matches!(game.phase(), Phase::Spider { .. }) && !won_at_once {
        for ant in game.ants() {
            if let Some(pos) = ant.at {
                assert!(
                    !game.spiders().iter().any(|s| s.pos == pos),
                    "{} on a spider",
                    ant.id
                );
            }
        }
    }
}

/// "A leaf card gets 2 leaves": loose + carried + brought home = 2 per leaf
/// card on the map.
fn check_leaves(game: &AttaAnts) {
    let leaf_cards = game
        .map()
        .tiles()
        .filter(|(_, t)| t.card.feature == Feature::Leaf)
        .count() as u32;
    let loose: u32 = game.leaves().map(|(_, n)| n as u32).sum();
    let carried = game.ants().iter().filter(|a| a.carrying).count() as u32;
    assert_eq!(loose + carried + game.delivered(), 2 * leaf_cards);
    for ant in game.ants() {
        assert!(
            !(ant.carrying && ant.at.is_none()),
            "a carried leaf in the reserve"
        );
    }
}

/// A player that brings leaves home and keeps away from spiders, so that
/// playouts also reach the later rounds and the six-ant win: the best of a
/// few sampled actions.
fn careful_choice(game: &AttaAnts, seat: Colour, legal: &[Action], rng: &mut Rng) -> Action {
    let score = |action: &Action| {
        let mut next = game.clone();
        let events = next.apply(seat, action).expect("legal");
        let near_spider = next
            .ants()
            .iter()
            .filter(|a| a.id.colour == seat)
            .filter_map(|a| a.at)
            .filter(|p| {
                next.spiders()
                    .iter()
                    .any(|s| Dir::ALL.iter().any(|d| p.step(*d) == s.pos))
            })
            .count() as i64;
        let carrying = next
            .ants()
            .iter()
            .filter(|a| a.id.colour == seat && a.carrying)
            .count() as i64;
        10 * events.born.len() as i64 + carrying - 3 * near_spider - 20 * events.eaten.len() as i64
    };
    (0..8)
        .map(|_| legal[rng.below(legal.len())].clone())
        .max_by_key(score)
        .expect("sampled")
}

fn playout(players: u8, seed: u64, leave_chance: u64) -> (AttaAnts, Vec<(Colour, Action)>) {
    let setup = Setup {
        players,
        seed,
        deal: None,
    };
    let mut game = AttaAnts::new(&setup).expect("every seed deals");
    let mut rng = Rng(seed ^ 0xA77A);
    let mut ledger = Ledger::default();
    let mut played = Vec::new();
    for _ in 0..5000 {
        let Status::ToMove(seat) = game.status() else {
            break;
        };
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "the player to move always has an action");
        for action in &legal {
            let text = action.to_string();
            assert_eq!(&text.parse::<Action>().unwrap(), action, "{text} round-trips");
        }
        // Prefer ending the turn now and then so that games finish.
        let action = if leave_chance > 0 && rng.below(1000) < leave_chance as usize {
            Action::Leave
        } else if legal.contains(&Action::End) && rng.below(3) == 0 {
            Action::End
        } else if seed % 2 == 0 {
            legal[rng.below(legal.len())].clone()
        } else {
            careful_choice(&game, seat, &legal, &mut rng)
        };
        let events = game
            .apply(seat, &action)
            .unwrap_or_else(|e| panic!("legal {action} refused: {e}"));
        for born in &events.born {
            *ledger.born.entry(born.colour).or_default() += 1;
        }
        played.push((seat, action));
        check_ants(&game, &ledger);
        check_leaves(&game);
    }
    assert!(game.outcome().is_some(), "the game ends (seed {seed})");
    (game, played)
}

fn replay(players: u8, seed: u64, played: &[(Colour, Action)]) -> AttaAnts {
    let mut game = AttaAnts::new(&Setup {
        players,
        seed,
        deal: None,
    })
    .unwrap();
    for (seat, action) in played {
        game.apply(*seat, action).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(12)))]

    #[test]
    fn random_playouts_keep_the_rules(players in 2u8..=4, seed in any::<u64>()) {
        let (game, played) = playout(players, seed, 0);
        let outcome = game.outcome().unwrap();
        // Ranking: ants in play, then fewer eaten; the list is complete.
        prop_assert_eq!(outcome.standings.len(), players as usize);
        for pair in outcome.standings.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            prop_assert!(a.place <= b.place);
            prop_assert!((a.departed, std::cmp::Reverse(a.ants), a.eaten) <= (b.departed, std::cmp::Reverse(b.ants), b.eaten));
        }
        // Replaying the record rebuilds the same game.
        let again = replay(players, seed, &played);
        prop_assert!(again == game, "replay differs");
        let recorded: Vec<(Colour, Action)> = game.record().to_vec();
        prop_assert!(replay(players, seed, &recorded) == game, "the canonical record replays");
    }

    #[test]
    fn players_leaving_keep_the_game_going(players in 2u8..=4, seed in any::<u64>()) {
        let (game, played) = playout(players, seed, 8);
        prop_assert!(replay(players, seed, &played) == game);
    }

    #[test]
    fn a_seed_deals_the_same_game_forever(players in 2u8..=4, seed in any::<u64>()) {
        let setup = Setup { players, seed, deal: None };
        let a = AttaAnts::new(&setup).unwrap();
        prop_assert!(a == AttaAnts::new(&setup).unwrap());
        // "the system places the first 8 cards around the nest as a 3x3 square"
        prop_assert_eq!(a.map().len() + a.set_aside().len() + a.deck_len() + usize::from(a.drawn().is_some()), 24);
        prop_assert_eq!(a.map().len(), SETUP_CARDS);
        prop_assert_eq!(a.map().bounds(), (-1, -1, 1, 1));
    }
}

/// Found by the leaving playouts (4 players, seed 561): Yellow leaves while
/// the spiders are half-way through their steps, and Orange, "the only one
/// with ants left", "wins at once", an ant of its still on a spider's card.
#[test]
fn a_win_at_once_may_stop_the_spiders_half_way() {
    let (game, played) = playout(4, 561, 8);
    assert_eq!(game.outcome().unwrap().reason, EndReason::OnlyOneLeft);
    assert_eq!(played.last().unwrap().1, Action::Leave);
}

//! Hints come from what the player sees. Exploit closed: two Ants Solitaire
//! deals with the same eight visible cards but different stocks got
//! different hints ("This position can no longer be won" against "Play
//! t4-f4: it starts a winning line of 59 actions"), so a hint read the
//! stock. Here pairs of games that look the same (the same deck order, the
//! cards not yet in sight shuffled among themselves, the same actions
//! played) must get the same hint, with the real hint budget.

use antics::ai::solver::hint::{Hint, Hinted, HINT_BUDGET};
use antics::rules::anthill::{self as ah, Anthill};
use antics::rules::ants_solitaire::{self as an, AntsSolitaire, Variant};
use antics::rules::cards::{shuffled_standard_deck, write_deck_order, MyrmexLevel};
use antics::rules::myrmex::{self as mx, Myrmex};
use antics::rules::patience::Patience;
use antics::rules::shuffle::SeededRng;
use proptest::prelude::*;

/// `order` with the cards from position `from` on shuffled among
/// themselves.
fn twin<T: Copy>(order: &[T], from: usize, shuffle: u64) -> Vec<T> {
    let mut other = order.to_vec();
    SeededRng::new(shuffle).shuffle(&mut other[from..]);
    other
}

/// Plays up to `steps` actions chosen by `choices` (never `end`), with at
/// most `deals` deals; returns the actions.
fn play<P: Patience>(game: &mut P, choices: &[u32], deals: usize) -> Vec<P::Action> {
    let mut line = Vec::new();
    let mut dealt = 0;
    for &choice in choices {
        let legal: Vec<P::Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| a.to_string() != "end" && (a.to_string() != "deal" || dealt < deals))
            .collect();
        if legal.is_empty() {
            break;
        }
        let action = legal[choice as usize % legal.len()].clone();
        dealt += usize::from(action.to_string() == "deal");
        game.apply(&action).unwrap();
        line.push(action);
    }
    line
}

fn replay<P: Patience>(mut game: P, line: &[P::Action]) -> P {
    for action in line {
        game.apply(action).unwrap();
    }
    game
}

/// The same hint for both, and a hint that names a legal action.
fn same_hint<P: Hinted>(a: &P, b: &P) -> Result<Hint, TestCaseError> {
    let hint = a.hint(HINT_BUDGET);
    prop_assert_eq!(&hint, &b.hint(HINT_BUDGET), "{:?}", a);
    if let Some(action) = hint.action() {
        let legal: Vec<String> = a.legal_actions().iter().map(ToString::to_string).collect();
        prop_assert!(legal.iter().any(|l| l == action), "{action} not in {legal:?}");
    }
    Ok(hint)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(200)))]

    /// "cards 1-4 start foundations F1..F4, cards 5-8 start tableau piles
    /// T1..T4, the other 44 are the stock. Each deal puts the next 4 cards
    /// onto T1..T4": after d deals the first 8 + 4d cards are in sight.
    #[test]
    fn ants_pairs_that_look_the_same_get_the_same_hint(
        seed in any::<u64>(),
        shuffle in any::<u64>(),
        relaxed in any::<bool>(),
        deals in 0usize..=10,
        choices in prop::collection::vec(any::<u32>(), 0..60),
    ) {
        let variant = if relaxed { Variant::Relaxed } else { Variant::Strict };
        let order = shuffled_standard_deck(seed);
        let start = |order: &[_]| AntsSolitaire::new(&an::Setup {
            variant, seed: None, deal: Some(write_deck_order(order)),
        }).unwrap();
        let mut a = start(&order);
        let line = play(&mut a, &choices, deals);
        let in_sight = 52 - a.view().progress.stock_len;
        let b = replay(start(&twin(&order, in_sight, shuffle)), &line);
        prop_assert_eq!(a.view(), b.view());
        same_hint(&a, &b)?;
    }

}

proptest! {
    // Each case solves two positions at the players' full hint budget,
    // about 0.4 s a case in the test build: 50 cases here (the two were
    // most of the rules tests' time at 200), and the long run
    // (`ANTICS_PROPTEST_SCALE`, docs/architecture.md) multiplies them.
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(50)))]

    /// "The first 8 cards go onto spots 1..8. Each later deal puts the next
    /// 8 cards onto spots 1..8".
    #[test]
    fn anthill_pairs_that_look_the_same_get_the_same_hint(
        seed in any::<u64>(),
        shuffle in any::<u64>(),
        deals in 0usize..=5,
        choices in prop::collection::vec(any::<u32>(), 0..60),
    ) {
        let order = shuffled_standard_deck(seed);
        let start = |order: &[_]| Anthill::new(&ah::Setup {
            seed: None, deal: Some(write_deck_order(order)),
        }).unwrap();
        let mut a = start(&order);
        let line = play(&mut a, &choices, deals);
        let in_sight = 52 - a.view().progress.stock_len;
        let b = replay(start(&twin(&order, in_sight, shuffle)), &line);
        prop_assert_eq!(a.view(), b.view());
        same_hint(&a, &b)?;
    }

    /// Minor: "only the top card of each pile face up": rounds 0-2 of the
    /// deal (cards 0..24) are face down, round 3 (cards 24..32) face up, the
    /// rest is the stock. Larval (open): cards 0..32 face up, the stock
    /// hidden; each restock shows the next 8.
    #[test]
    fn myrmex_pairs_that_look_the_same_get_the_same_hint(
        seed in any::<u64>(),
        shuffle in any::<u64>(),
        restocks in 0usize..=3,
        choices in prop::collection::vec(any::<u32>(), 0..30),
    ) {
        let deal = |level, order: &[_]| Myrmex::new(&mx::Setup {
            level, closed: false, seed: None, deal: Some(write_deck_order(order)), ends_when_dead: true,
        }).unwrap();

        let order = mx::Setup { level: MyrmexLevel::Minor, seed: Some(seed), ..Default::default() }
            .deck_order()
            .unwrap();
        let hidden: Vec<usize> = (0..24).chain(32..order.len()).collect();
        let mut cards: Vec<_> = hidden.iter().map(|&i| order[i]).collect();
        SeededRng::new(shuffle).shuffle(&mut cards);
        let mut other = order.clone();
        for (&i, card) in hidden.iter().zip(cards) {
            other[i] = card;
        }
        let (a, b) = (deal(MyrmexLevel::Minor, &order), deal(MyrmexLevel::Minor, &other));
        prop_assert_eq!(a.view(), b.view());
        let closed = matches!(
            same_hint(&a, &b)?,
            Hint::Progress { .. } | Hint::Deal { .. } | Hint::Suggestion { .. }
        );
        prop_assert!(closed, "a minor deal gets a hint from the view alone");

        let order = mx::Setup { level: MyrmexLevel::Larval, seed: Some(seed), ..Default::default() }
            .deck_order()
            .unwrap();
        let mut a = deal(MyrmexLevel::Larval, &order);
        let line = play(&mut a, &choices, restocks);
        let in_sight = order.len() - a.stock_len();
        let b = replay(deal(MyrmexLevel::Larval, &twin(&order, in_sight, shuffle)), &line);
        prop_assert_eq!(a.view(), b.view());
        same_hint(&a, &b)?;
    }
}

/// The unseen cards are the cards out of sight (worked out from the view),
/// and dealing them again changes nothing the player sees; any other cards
/// are refused.
#[test]
fn redealing_the_unseen_cards_keeps_the_view() {
    use antics::rules::cards::same_cards;
    for seed in 0..20 {
        let order = shuffled_standard_deck(seed);
        let ants = AntsSolitaire::new(&an::Setup {
            seed: Some(seed),
            ..Default::default()
        })
        .unwrap();
        let unseen = ants.unseen_cards();
        assert!(same_cards(&unseen, &order[8..]));
        let mut other = unseen.clone();
        other.reverse();
        assert_eq!(ants.with_stock(&other).unwrap().view(), ants.view());
        assert!(ants.with_stock(&order[..44]).is_none());

        let anthill = Anthill::new(&ah::Setup {
            seed: Some(seed),
            deal: None,
        })
        .unwrap();
        assert!(same_cards(&anthill.unseen_cards(), &order[8..]));
        let mut other = anthill.unseen_cards();
        other.reverse();
        assert_eq!(anthill.with_stock(&other).unwrap().view(), anthill.view());

        let setup = mx::Setup {
            level: MyrmexLevel::Minor,
            seed: Some(seed),
            ..Default::default()
        };
        let order = setup.deck_order().unwrap();
        let minor = Myrmex::new(&setup).unwrap();
        let hidden: Vec<_> = order[..24].iter().chain(&order[32..]).copied().collect();
        assert!(same_cards(&minor.unseen_cards(), &hidden));
        let mut other = minor.unseen_cards();
        other.reverse();
        assert_eq!(minor.with_hidden(&other).unwrap().view(), minor.view());
        assert!(minor.with_hidden(&order[..other.len()]).is_none());
    }
}

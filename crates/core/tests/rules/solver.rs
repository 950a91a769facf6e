//! The patience solvers: winning lines replay to a win through the rules
//! module, deals built to be unwinnable are proved lost, hints are legal and
//! the closed-Myrmex hint sees only what the player sees.

use antics::ai::solver::daily::{candidate_seed, first_winnable_seed};
use antics::ai::solver::hint::Hinted;
use antics::ai::solver::{anthill, ants, myrmex, replays_to_win, DealGame, Verdict};
use antics::rules::anthill::{self as ah, Anthill};
use antics::rules::ants_solitaire::{self as an, AntsSolitaire, Variant};
use antics::rules::cards::{write_deck_order, MyrmexLevel};
use antics::rules::myrmex::{self as mx, Myrmex};
use antics::rules::patience::Patience;
use proptest::prelude::*;

/// Small enough for the test profile, large enough to decide most deals.
const BUDGET: u64 = 200_000;

fn anthill_seed(seed: u64) -> Anthill {
    Anthill::new(&ah::Setup {
        seed: Some(seed),
        deal: None,
    })
    .unwrap()
}

fn ants_seed(variant: Variant, seed: u64) -> AntsSolitaire {
    AntsSolitaire::new(&an::Setup {
        variant,
        seed: Some(seed),
        deal: None,
    })
    .unwrap()
}

/// Plays a line on a copy through `apply` and returns the final game.
fn replay<P: Patience>(game: &P, line: &[P::Action]) -> P {
    let mut game = game.clone();
    for action in line {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action} refused: {e}"));
    }
    game
}

#[test]
fn anthill_winning_lines_replay_to_a_win() {
    // Seeds the solver wins within the test budget.
    for seed in [0, 7] {
        let game = anthill_seed(seed);
        let Verdict::Won(line) = anthill::solve(&game, BUDGET).verdict else {
            panic!("seed {seed} should be won");
        };
        let end = replay(&game, &line);
        // "Win: the stock is empty and exactly four spots are non-empty,
        // each holding the 13 cards of one suit in rank order"
        assert!(end.outcome().unwrap().won, "seed {seed}");
        assert_eq!(end.score(), 52);
        // The line is one a player could follow: 52 cards home and 6 deals
        // in a few hundred moves, not thousands (the daily result shows
        // its length).
        assert!(line.len() <= 400, "seed {seed}: {} moves", line.len());
    }
}

#[test]
fn ants_winning_lines_replay_to_a_win_in_both_variants() {
    for variant in Variant::ALL {
        let mut won = 0;
        for seed in 0..12 {
            let game = ants_seed(variant, seed);
            let solved = ants::solve(&game, BUDGET);
            if let Verdict::Won(line) = solved.verdict {
                let end = replay(&game, &line);
                // "Win: all 52 cards on the foundations."
                assert!(end.outcome().unwrap().won, "{variant} seed {seed}");
                assert_eq!(end.score(), 52);
                won += 1;
            }
        }
        assert!(won >= 1, "{variant}: no deal of 12 won");
    }
}

#[test]
fn a_game_in_progress_is_solved_from_where_it_stands() {
    let game = ants_seed(Variant::Relaxed, 3);
    let Verdict::Won(line) = ants::solve(&game, BUDGET).verdict else {
        panic!("seed 3 relaxed should be won");
    };
    // Halfway along the line the rest of a winning line is found again.
    let middle = replay(&game, &line[..line.len() / 2]);
    let Verdict::Won(rest) = ants::solve(&middle, BUDGET).verdict else {
        panic!("the middle of a winning line is still won");
    };
    assert!(replays_to_win(&middle, &rest));
}

/// Anthill, built so that no card can ever move: each deal's eight cards
/// (and, after the last deal, the four new tops with the four old ones) have
/// no two ranks one apart, so the player can only deal, and when the stock
/// is empty "no legal move is left" and the game is lost.
#[test]
fn anthill_deal_without_a_move_is_proved_lost() {
    let deals = [
        "As Ah Ad Ac 3s 3h 3d 3c",
        "5s 5h 5d 5c 7s 7h 7d 7c",
        "9s 9h 9d 9c Js Jh Jd Jc",
        "2s 2h 2d 2c 4s 4h 4d 4c",
        "6s 6h 6d 6c 8s 8h 8d 8c",
        "Qs Qh Qd Qc Ts Th Td Tc",
        "Ks Kh Kd Kc",
    ];
    let game = Anthill::new(&ah::Setup {
        seed: None,
        deal: Some(deals.join(" ")),
    })
    .unwrap();
    assert_eq!(anthill::solve(&game, BUDGET).verdict, Verdict::Lost);
}

/// An exhaustive search through the rules module alone, independent of
/// the solver: every Anthill position reachable by moves and deals (`end`
/// and `undo` aside), keyed by the spots and the stock. Some(true) if a
/// win is reachable, Some(false) if not, None past `budget` positions.
fn exhaustive_anthill(game: &Anthill, budget: usize) -> Option<bool> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![game.clone()];
    while let Some(game) = stack.pop() {
        if game.outcome().is_some_and(|o| o.won) {
            return Some(true);
        }
        let view = game.view();
        if !seen.insert(format!("{:?} {}", view.spots, view.progress.stock_len)) {
            continue;
        }
        if seen.len() > budget {
            return None;
        }
        for action in game.legal_actions() {
            if matches!(action, ah::Action::End | ah::Action::Undo) {
                continue;
            }
            let mut next = game.clone();
            next.apply(&action).unwrap();
            stack.push(next);
        }
    }
    Some(false)
}

/// The deal of [`anthill_deal_without_a_move_is_proved_lost`] with the 3s
/// and the 2s swapped: a 2 beside the Aces and the 3s opens moves at the
/// deal (an Ace onto it, it onto an Ace or a 3), yet the deal stays lost.
/// The solver's verdict is checked by a search of every reachable
/// position through the rules.
#[test]
fn anthill_lost_deal_with_moves_agrees_with_an_exhaustive_search() {
    let deals = [
        "As Ah Ad Ac 2s 3h 3d 3c",
        "5s 5h 5d 5c 7s 7h 7d 7c",
        "9s 9h 9d 9c Js Jh Jd Jc",
        "3s 2h 2d 2c 4s 4h 4d 4c",
        "6s 6h 6d 6c 8s 8h 8d 8c",
        "Qs Qh Qd Qc Ts Th Td Tc",
        "Ks Kh Kd Kc",
    ];
    let game = Anthill::new(&ah::Setup {
        seed: None,
        deal: Some(deals.join(" ")),
    })
    .unwrap();
    assert!(game.legal_actions().len() > 2, "moves are open at the deal");
    let solved = anthill::solve(&game, BUDGET);
    assert_eq!(solved.verdict, Verdict::Lost);
    assert_eq!(exhaustive_anthill(&game, 1_000_000), Some(false));
}

/// Ants (strict), built to be lost. The foundations start with the four
/// 7s, so no top can ever be a 7 again. The 6s start the tableau and, in the
/// strict game, must be played first, each onto its own 7: every foundation
/// shows a 6. Then come the 8s, the 4s (nothing can take them: the tops are
/// 6s and no 5 or 3 is out yet) and the 9s on top of the 4s. A 9 goes onto
/// a T or an 8, and an 8 only onto a 9, so the first 9 needs a foundation at
/// T, which it reaches from 6 only through a 4; but every 4 lies under a 9.
#[test]
fn ants_deal_with_every_four_under_a_nine_is_proved_lost() {
    let rank = |r: &str| ["s", "h", "d", "c"].map(|s| format!("{r}{s}")).join(" ");
    let order: Vec<String> = ["7", "6", "8", "4", "9", "5", "3", "2", "A", "K", "Q", "J", "T"]
        .iter()
        .map(|r| rank(r))
        .collect();
    let game = AntsSolitaire::new(&an::Setup {
        variant: Variant::Strict,
        seed: None,
        deal: Some(order.join(" ")),
    })
    .unwrap();
    assert_eq!(ants::solve(&game, BUDGET).verdict, Verdict::Lost);
}

#[test]
fn a_finished_game_needs_no_search() {
    let mut game = anthill_seed(1);
    game.apply(&ah::Action::End).unwrap();
    let solved = anthill::solve(&game, BUDGET);
    assert_eq!((solved.verdict, solved.states), (Verdict::Lost, 0));
}

#[test]
fn a_tiny_budget_leaves_a_deal_undecided() {
    let solved = anthill::solve(&anthill_seed(2), 10);
    assert_eq!(solved.verdict, Verdict::Undecided);
    assert!(solved.states <= 10);
}

fn larval(seed: u64) -> Myrmex {
    Myrmex::new(&mx::Setup {
        level: MyrmexLevel::Larval,
        closed: false,
        seed: Some(seed),
        deal: None,
        ends_when_dead: true,
    })
    .unwrap()
}

#[test]
fn myrmex_larval_wins_replay_to_six_chambers() {
    // Seeds the solver wins within 5,000 states (data/solve).
    for seed in [678, 726] {
        let game = larval(seed);
        let solved = myrmex::solve(&game, 50_000);
        assert!(solved.states <= 50_000);
        let Verdict::Won(line) = solved.verdict else {
            panic!("seed {seed} should be won");
        };
        // "6 a full victory", played by the rules themselves (which end a
        // game once no chamber is left to make) and by the solver's check,
        // which replays without that ruling's search.
        assert_eq!(replay(&game, &line).score(), 6, "seed {seed}");
        assert!(replays_to_win(&game, &line), "seed {seed}");
    }
}

/// A larval deal built so that no move is ever open: every set of tops the
/// player sees has no two ranks one apart, and no top rests on the card one
/// rank above it in a shared suit (so no group is longer than one card).
/// Rank indexes: Ace 0, 2..9 are 1..8, Crown 9.
fn myrmex_deal_without_a_move() -> Myrmex {
    myrmex_layered_deal(0)
}

/// The deal of [`myrmex_deal_without_a_move`] with `twos` of the tops at
/// the deal (the last piles') turned into 2s, which opens a few moves: an
/// Ace onto a 2, a 2 onto a 3, and what those uncover.
fn myrmex_layered_deal(twos: usize) -> Myrmex {
    use antics::rules::cards::{decktet_deck, DecktetCard};
    let level = MyrmexLevel::Larval;
    let mut pool = decktet_deck(level);
    let ranks = level.ranks();
    let index = |c: &DecktetCard| ranks.iter().position(|&r| r == c.rank()).unwrap();
    let mut take = |ranks: &[usize], n: usize| -> Vec<DecktetCard> {
        let mut out = Vec::new();
        while out.len() < n {
            let at = pool
                .iter()
                .position(|c| ranks.contains(&index(c)))
                .expect("enough cards");
            out.push(pool.remove(at));
        }
        out
    };
    // Tops at the deal: Aces and 3s (and the 2s asked for); each restock
    // lands on the last one's cards: 8s and Crowns, then Aces, 3s and 5s,
    // then 6s, 8s and Crowns, then (piles 1-4) 2s and 4s beside the last
    // restock's 6s, 8s, Crowns.
    let tops = [take(&[0, 2], 8 - twos), take(&[1], twos)].concat();
    let first = take(&[7, 9], 8);
    let second = take(&[0, 2, 4], 8);
    let third = take(&[5, 7, 9], 8);
    let fourth = take(&[1, 3, 5, 7, 9], 4);
    // Under the tops: neither a 2 nor a 4 (they would link with an Ace or
    // a 3 above them).
    let under = take(&[0, 2, 4, 5, 6, 7, 8, 9], 8);
    let buried = take(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 16);
    let order: Vec<DecktetCard> = [buried, under, tops, first, second, third, fourth].concat();
    Myrmex::new(&mx::Setup {
        level,
        closed: false,
        seed: None,
        deal: Some(write_deck_order(&order)),
        ends_when_dead: true,
    })
    .unwrap()
}

/// An exhaustive search through the rules module alone, independent of
/// the solver: every position reachable by moves and restocks (`end` and
/// `undo` aside), keyed by what a larval player sees. Some(true) if six
/// chambers are reachable, Some(false) if not, None past `budget`
/// positions.
fn exhaustive_myrmex(game: &Myrmex, budget: usize) -> Option<bool> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![game.clone()];
    while let Some(game) = stack.pop() {
        if game.score() == 6 {
            return Some(true);
        }
        let view = game.view();
        if !seen.insert(format!("{:?} {}", view.piles, view.stock)) {
            continue;
        }
        if seen.len() > budget {
            return None;
        }
        for action in game.legal_actions() {
            if matches!(action, mx::Action::End | mx::Action::Undo) {
                continue;
            }
            let mut next = game.clone();
            next.apply(&action).unwrap();
            stack.push(next);
        }
    }
    Some(false)
}

#[test]
fn myrmex_deal_without_a_move_is_proved_lost_and_checked_exhaustively() {
    let game = myrmex_deal_without_a_move();
    // The construction holds: at the deal only `deal` and `end` are open.
    let open: Vec<String> = game.legal_actions().iter().map(ToString::to_string).collect();
    assert_eq!(open, ["deal", "end"]);
    // "when the stock is empty and no move is left the game ends by
    // itself": with no chamber, a total loss.
    assert_eq!(myrmex::solve(&game, BUDGET).verdict, Verdict::Lost);
    assert_eq!(exhaustive_myrmex(&game, 1_000_000), Some(false));
}

#[test]
fn myrmex_layered_deals_with_moves_are_proved_lost_and_checked_exhaustively() {
    for twos in [1, 2] {
        let game = myrmex_layered_deal(twos);
        // Not dead at the deal: moves are open besides `deal` and `end`.
        assert!(game.legal_actions().len() > 2, "{twos} twos");
        // "6 a full victory": the solver proves no line reaches it, and a
        // search of every reachable position through the rules agrees.
        let solved = myrmex::solve(&game, BUDGET);
        assert_eq!(solved.verdict, Verdict::Lost, "{twos} twos");
        assert!(solved.states > 1, "{twos} twos");
        // The table's budget runs its first rounds on two threads as on
        // one: the same loss in the same states.
        let one = myrmex::solve(&game, myrmex::BUDGET);
        assert_eq!(one.verdict, Verdict::Lost, "{twos} twos");
        assert_eq!(myrmex::solve_on(&game, myrmex::BUDGET, 2), one, "{twos} twos");
        assert_eq!(exhaustive_myrmex(&game, 1_000_000), Some(false), "{twos} twos");
    }
}

#[test]
fn larval_hints_come_from_the_view_within_the_hint_budget() {
    use antics::ai::solver::hint::{Hint, HINT_BUDGET};
    // With a stock, the hint names a legal action and says in how many of
    // the ways the stock could lie it wins (a sample: 28 cards lie in
    // more ways than can be searched).
    let game = larval(304);
    let hint = game.hint(HINT_BUDGET);
    let action = hint.action().expect("seed 304 gets a move").to_string();
    assert!(game.clone().apply(&action.parse().unwrap()).is_ok(), "{action}");
    if let Hint::Likely { ways, .. } = hint {
        assert!(!ways.every && ways.searched == 8 && ways.wins >= 1, "{ways:?}");
    }
    // Once the stock is dealt nothing is hidden and the hint is exact: the
    // next action of a winning line (the solver's line for seed 304, played
    // up to its last restock, is still won).
    let Verdict::Won(line) = myrmex::solve(&game, HINT_BUDGET).verdict else {
        panic!("seed 304 is won seen whole");
    };
    let last_deal = line.iter().rposition(|a| *a == mx::Action::Deal).unwrap();
    let dealt = replay(&game, &line[..=last_deal]);
    assert_eq!(dealt.stock_len(), 0);
    let Hint::Next { action, .. } = dealt.hint(HINT_BUDGET) else {
        panic!("nothing hidden: an exact hint");
    };
    assert!(dealt.clone().apply(&action.parse().unwrap()).is_ok(), "{action}");
    // A deal proved lost: with its stock dealt no move is left, so the
    // game ends by itself, and the hint says it is lost.
    let mut lost = myrmex_layered_deal(1);
    while lost.stock_len() > 0 {
        lost.apply(&mx::Action::Deal).unwrap();
    }
    assert_eq!(lost.ending(), Some(mx::Ending::NoMove));
    assert_eq!(lost.hint(HINT_BUDGET), Hint::Lost);
}

/// Ants with one deal left: its 4 cards lie in at most 4! = 24 ways, so the
/// hint searches every one of them, and says it checked them all.
#[test]
fn a_small_stock_is_searched_every_way() {
    use antics::ai::solver::hint::{Hint, HINT_BUDGET};
    let mut tallied = 0;
    for seed in 0..20 {
        // Strict play, the first action open each time, to the last deal.
        let mut game = ants_seed(Variant::Strict, seed);
        while game.outcome().is_none() && game.view().progress.stock_len > 4 {
            game.apply(&game.legal_actions()[0]).unwrap();
        }
        if game.outcome().is_some() {
            continue;
        }
        match game.hint(HINT_BUDGET) {
            Hint::Likely { ways, .. } | Hint::NoWin { ways } => {
                assert!(
                    ways.every && (1..=24).contains(&ways.searched),
                    "seed {seed}: {ways:?}"
                );
                tallied += 1;
            }
            Hint::Undecided => {}
            other => panic!("seed {seed}: {other:?}"),
        }
    }
    assert!(tallied >= 10, "only {tallied} of 20 decided");
}

#[test]
fn myrmex_daily_minor_deal_is_winnable_seen_whole() {
    use antics::ai::solver::daily::SEEN_WHOLE;
    let game = DealGame::Myrmex(MyrmexLevel::Minor);
    let deal = first_winnable_seed(game, 20_260_101, BUDGET);
    let moves = deal.fewest_moves.expect("a winnable deal among the candidates");
    let solved = game.solve_seed(deal.seed, BUDGET);
    assert_eq!((solved.verdict, solved.moves), ("won", Some(moves)));
    assert!(SEEN_WHOLE.contains("winnable if you could see every card"));
}

#[test]
fn daily_deals_are_fixed_and_proved_winnable() {
    // The sequence never changes: stored days depend on it.
    assert_eq!(candidate_seed(0, 0), 0xE220_A839_7B1D_CDAF);
    let game = DealGame::Ants(Variant::Relaxed);
    let deal = first_winnable_seed(game, 20_260_101, BUDGET);
    assert_eq!(deal, first_winnable_seed(game, 20_260_101, BUDGET));
    let moves = deal.fewest_moves.expect("a winnable deal among the candidates");
    let solved = game.solve_seed(deal.seed, BUDGET);
    assert_eq!((solved.verdict, solved.moves), ("won", Some(moves)));
}

/// Plays `choices` as indexes into the legal actions (never `end`).
fn random_play<P: Patience>(game: &mut P, choices: &[u32]) {
    for &choice in choices {
        let legal: Vec<P::Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| a.to_string() != "end")
            .collect();
        if legal.is_empty() {
            break;
        }
        let action = &legal[choice as usize % legal.len()];
        game.apply(action).unwrap();
    }
}

/// The hinted action, if the hint names one, is open now.
fn assert_hint_is_legal<P: Patience + Hinted>(game: &P) -> Result<(), TestCaseError> {
    let hint = game.hint(20_000);
    let Some(action) = hint.action().map(str::to_string) else {
        return Ok(());
    };
    let parsed: P::Action = action.parse().map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let legal: Vec<String> = game.legal_actions().iter().map(ToString::to_string).collect();
    prop_assert!(legal.contains(&action), "{action} not in {legal:?}");
    prop_assert!(game.clone().apply(&parsed).is_ok());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(16)))]

    #[test]
    fn hints_are_legal_moves(seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..40)) {
        let mut game = anthill_seed(seed);
        random_play(&mut game, &choices);
        assert_hint_is_legal(&game)?;

        for variant in Variant::ALL {
            let mut game = ants_seed(variant, seed);
            random_play(&mut game, &choices);
            assert_hint_is_legal(&game)?;
        }

        for level in [MyrmexLevel::Minor, MyrmexLevel::Larval] {
            let mut game = Myrmex::new(&mx::Setup { level, closed: false, seed: Some(seed), deal: None, ends_when_dead: true }).unwrap();
            random_play(&mut game, &choices);
            assert_hint_is_legal(&game)?;
        }
    }
}

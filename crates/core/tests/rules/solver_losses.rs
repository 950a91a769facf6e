//! Every loss the solvers prove on a sample agrees with a plain search.
//!
//! The sample: Anthill and larval Myrmex deals played at random (a fixed
//! stream) until the stock is spent, then a few moves more. The solver,
//! with its loss prunes, decides each position within a small budget; every
//! position it calls lost is searched again by an exhaustive search through
//! the rules module alone (no canonical keys, no prunes, no symmetry) with
//! a larger budget, which must find no win either. Every win it finds must
//! replay to a win through the rules.
//!
//! A second Anthill sample stops two deals before the end, where the stock
//! alone decides the deals it takes from the published table.

use antics::ai::solver::{anthill, myrmex, replays_to_win, Verdict};
use antics::rules::anthill::{self as ah, Anthill};
use antics::rules::cards::MyrmexLevel;
use antics::rules::myrmex::{self as mx, Myrmex};
use antics::rules::patience::Patience;
use antics::rules::shuffle::SeededRng;
use std::collections::HashSet;
use std::fmt::Debug;

/// The solver's budget for each sampled position.
const SOLVER_BUDGET: u64 = 100_000;
/// The plain search's budget: ten times the solver's.
const PLAIN_BUDGET: usize = 1_000_000;

/// Every position reachable by moves and deals (`end` and `undo` aside),
/// each keyed by what the player sees (`view`) and searched once: Some(true)
/// if a full win is reachable, Some(false) if not, None past `budget`
/// positions. `forget` drops what only an undo needs, which every copy of
/// a position would carry.
fn plain_search<P: Patience, K: Eq + std::hash::Hash>(
    game: &P,
    budget: usize,
    won: &dyn Fn(&P) -> bool,
    view: &dyn Fn(&P) -> K,
    forget: &dyn Fn(&mut P),
) -> Option<bool> {
    let mut seen = HashSet::new();
    let mut stack = vec![game.clone()];
    while let Some(game) = stack.pop() {
        if won(&game) {
            return Some(true);
        }
        if !seen.insert(view(&game)) {
            continue;
        }
        if seen.len() > budget {
            return None;
        }
        for action in game.legal_actions() {
            let text = action.to_string();
            if text == "end" || text == "undo" {
                continue;
            }
            let mut next = game.clone();
            next.apply(&action).unwrap();
            forget(&mut next);
            stack.push(next);
        }
    }
    Some(false)
}

/// Plays at random from `game`: `deal` one time in `deal_odds` when it is
/// open (so that moves come between the deals), else a random move, until
/// the stock is spent and `after` more actions are played, or the game is
/// over.
fn random_late_position<P: Patience>(mut game: P, rng: &mut SeededRng, deal_odds: u64, after: usize) -> P {
    let mut played_after = 0;
    while game.outcome().is_none() && played_after < after {
        let legal: Vec<P::Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| !matches!(a.to_string().as_str(), "end" | "undo"))
            .collect();
        let (deals, moves): (Vec<_>, Vec<_>) = legal.into_iter().partition(|a| a.to_string() == "deal");
        let action = if !deals.is_empty() && (moves.is_empty() || rng.below(deal_odds) == 0) {
            deals[0].clone()
        } else if moves.is_empty() {
            break;
        } else {
            moves[rng.below(moves.len() as u64) as usize].clone()
        };
        if deals.is_empty() {
            played_after += 1;
        }
        game.apply(&action).unwrap();
    }
    game
}

/// What a sample gave: losses checked, losses the plain search could not
/// finish, wins.
#[derive(Debug, Default)]
struct Tally {
    checked: usize,
    too_large: usize,
    won: usize,
    undecided: usize,
}

/// Solves `game`; a loss is searched again plainly, and must agree; a win
/// must replay.
fn check<P: antics::ai::solver::FullWin + Debug>(
    game: &P,
    verdict: Verdict<P::Action>,
    plain: impl Fn(&P) -> Option<bool>,
    tally: &mut Tally,
) {
    match verdict {
        Verdict::Won(line) => {
            assert!(replays_to_win(game, &line), "{game:?}");
            tally.won += 1;
        }
        Verdict::Lost => match plain(game) {
            Some(found) => {
                assert!(!found, "proved lost, yet a plain search wins: {game:?}");
                tally.checked += 1;
            }
            None => tally.too_large += 1,
        },
        Verdict::Undecided => tally.undecided += 1,
    }
}

/// Late positions of `deals` Myrmex deals at `level`, each solved and
/// every loss searched again plainly.
fn myrmex_sample(level: MyrmexLevel, deals: u64) -> Tally {
    let mut rng = SeededRng::new(29);
    let mut tally = Tally::default();
    for seed in 0..deals {
        let deal = Myrmex::new(&mx::Setup {
            level,
            closed: false,
            seed: Some(seed),
            deal: None,
            // Dead positions stay open, so that the solver has them to
            // prove lost.
            ends_when_dead: false,
        })
        .unwrap();
        let game = random_late_position(deal, &mut rng, 6, 1 + seed as usize % 4);
        if game.outcome().is_some() {
            continue;
        }
        let solved = myrmex::solve(&game, SOLVER_BUDGET);
        let plain = |game: &Myrmex| {
            plain_search(
                game,
                PLAIN_BUDGET,
                &|g: &Myrmex| g.score() == 6,
                &|g: &Myrmex| {
                    let view = g.view();
                    let piles: Vec<_> = view.piles.into_iter().map(|p| p.cards).collect();
                    (piles, view.stock)
                },
                &Myrmex::forget_undos,
            )
        };
        check(&game, solved.verdict, plain, &mut tally);
    }
    eprintln!("{level:?}: {tally:?}");
    tally
}

#[test]
fn myrmex_losses_on_a_sample_agree_with_a_plain_search() {
    let tally = myrmex_sample(MyrmexLevel::Larval, 48);
    assert!(tally.checked >= 16, "{tally:?}");
}

/// The same at major level, where Pawns ("Rank order, low to high: Ace,
/// 2..9, Pawn, Court, Crown") lengthen every sequence to 11 cards.
#[test]
fn myrmex_major_losses_on_a_sample_agree_with_a_plain_search() {
    let tally = myrmex_sample(MyrmexLevel::Major, 24);
    assert!(tally.checked >= 12, "{tally:?}");
}

#[test]
fn anthill_losses_on_a_sample_agree_with_a_plain_search() {
    let mut rng = SeededRng::new(29);
    let mut tally = Tally::default();
    // Anthill's endgames are large: most late positions that are lost
    // need more than the budget, so the sample runs until eight are proved.
    for seed in 0..400 {
        if tally.checked >= 8 {
            break;
        }
        let deal = Anthill::new(&ah::Setup {
            seed: Some(seed),
            deal: None,
        })
        .unwrap();
        let game = random_late_position(deal, &mut rng, 1, 4 + seed as usize % 16);
        if game.outcome().is_some() {
            continue;
        }
        let solved = anthill::solve(&game, SOLVER_BUDGET);
        let plain = |game: &Anthill| {
            plain_search(
                game,
                PLAIN_BUDGET,
                &|g: &Anthill| g.outcome().is_some_and(|o| o.won),
                &|g: &Anthill| {
                    let view = g.view();
                    (view.spots, view.progress.stock_len)
                },
                &|_| {},
            )
        };
        check(&game, solved.verdict, plain, &mut tally);
    }
    eprintln!("{tally:?}");
    assert!(tally.checked >= 8, "{tally:?}");
}

/// The plain search's budget for a position with two deals left: the
/// solver decides these within a few states, and a plain search that
/// cannot finish within this many positions is counted too large.
const SEALED_PLAIN_BUDGET: usize = 50_000;

/// Plays at random from the deal until `stock` cards are left (a deal one
/// time in three, else a random move), then `moves` random moves more.
fn random_position_with_stock(mut game: Anthill, rng: &mut SeededRng, stock: usize, moves: usize) -> Anthill {
    let mut played = 0;
    loop {
        let dealing = game.view().progress.stock_len > stock;
        if game.outcome().is_some() || (!dealing && played == moves) {
            break;
        }
        let legal: Vec<ah::Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| matches!(a, ah::Action::Move { .. }))
            .collect();
        let action = if dealing && (legal.is_empty() || rng.below(3) == 0) {
            ah::Action::Deal
        } else if legal.is_empty() {
            break;
        } else {
            if !dealing {
                played += 1;
            }
            legal[rng.below(legal.len() as u64) as usize]
        };
        game.apply(&action).unwrap();
    }
    game
}

/// "Each later deal puts the next 8 cards onto spots 1..8 (empty spots
/// too)", so a deal whose last full deal and last four leave no way on
/// is lost whatever is played before: the solver says so at once. Deals
/// of the published table that it now proves lost this way (and a few
/// others, so that wins are in the sample too), played at random until
/// two deals are left: every loss is searched again plainly, with every
/// position before, between and after the last two deals listed.
#[test]
fn anthill_losses_decided_by_the_last_deals_agree_with_a_plain_search() {
    let mut rng = SeededRng::new(29);
    let mut tally = Tally::default();
    for seed in [1289, 1943, 3220, 4013, 4512, 5163, 8704, 9809, 0, 5] {
        for moves in [6, 12, 20, 30] {
            let deal = Anthill::new(&ah::Setup {
                seed: Some(seed),
                deal: None,
            })
            .unwrap();
            let game = random_position_with_stock(deal, &mut rng, 12, moves);
            let solved = anthill::solve(&game, SOLVER_BUDGET);
            let plain = |game: &Anthill| {
                plain_search(
                    game,
                    SEALED_PLAIN_BUDGET,
                    &|g: &Anthill| g.outcome().is_some_and(|o| o.won),
                    &|g: &Anthill| (g.view().spots, g.view().progress.stock_len),
                    &|_| {},
                )
            };
            check(&game, solved.verdict, plain, &mut tally);
        }
    }
    eprintln!("{tally:?}");
    assert!(tally.checked >= 16, "{tally:?}");
}

//! The Myrmex endgame as a player who follows the hint meets it: from the
//! deal, the hinted action every time, until the game ends, the hint offers
//! to end it (`NoProgress`: nothing left; `NothingFound`: the search ran out
//! first) or 500 actions. Each position after the stock is spent is also
//! searched as the game does ([`ENDGAME_STATES`] positions) to count those
//! left undecided. `followed_endgame LEVEL A..B [deep=N]`: the level
//! (major, queen, larval, minor), the seeds, and with `deep` a search of
//! up to N positions from where the hint gave up, to tell whether the game
//! was dead.
use antics_core::ai::solver::hint::{fresh_hint, Hint, HINT_BUDGET};
use antics_core::rules::cards::MyrmexLevel;
use antics_core::rules::myrmex::{self as mx, Action, Myrmex, Prospect, ENDGAME_STATES};
use antics_core::rules::patience::Patience;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level = args
        .get(1)
        .and_then(|name| MyrmexLevel::parse(name))
        .unwrap_or(MyrmexLevel::Major);
    let seeds = args
        .get(2)
        .and_then(|s| s.split_once(".."))
        .map_or(0..25, |(a, b)| a.parse().unwrap()..b.parse().unwrap());
    let deep: Option<usize> = args
        .iter()
        .find_map(|a| a.strip_prefix("deep="))
        .map(|n| n.parse().unwrap());
    let mut gave_up = 0;
    for seed in seeds.clone() {
        let setup = mx::Setup {
            level,
            seed: Some(seed),
            ..Default::default()
        };
        let mut game = Myrmex::new(&setup).unwrap();
        let mut played = vec![game.clone()];
        let (mut searched, mut undecided, mut slowest) = (0, 0, 0f64);
        let mut how = "500 actions";
        for _ in 0..500 {
            if game.outcome().is_some() {
                how = "ended";
                break;
            }
            if game.stock_len() == 0 {
                let start = Instant::now();
                let (prospect, _) = game.prospect_within(&|_| false, ENDGAME_STATES);
                slowest = slowest.max(start.elapsed().as_secs_f64());
                searched += 1;
                undecided += usize::from(prospect == Prospect::Undecided);
            }
            let hint = fresh_hint(&game, &played, HINT_BUDGET);
            if matches!(hint, Hint::NoProgress | Hint::NothingFound) {
                how = if hint == Hint::NoProgress {
                    "hint: nothing left"
                } else {
                    "hint: nothing found"
                };
                gave_up += 1;
                if let Some(budget) = deep.filter(|_| hint == Hint::NothingFound) {
                    let start = Instant::now();
                    let (prospect, met) = game.prospect_within(&|_| false, budget);
                    println!(
                        "  searched on: {prospect:?} after {met} positions, {:.1} s",
                        start.elapsed().as_secs_f64()
                    );
                }
                break;
            }
            let Some(named) = hint.action() else {
                how = "no action hinted";
                break;
            };
            game.apply(&named.parse::<Action>().unwrap()).unwrap();
            played.push(game.clone());
        }
        println!(
            "{level} seed {seed}: {how}, {} chambers; {searched} endgame positions, {undecided} undecided, slowest {slowest:.2} s",
            game.chambers().len()
        );
    }
    println!("{gave_up} of {} games: the hint offered to end", seeds.count());
}

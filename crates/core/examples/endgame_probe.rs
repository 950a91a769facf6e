//! The endgame search on straight-dealt games: every restock at once, then
//! one search from the tableau left. `endgame_probe LEVEL BUDGET [plain]
//! [claims] [unemptied] [show] [line]`: the level (major, queen, larval,
//! minor), the positions allowed, `plain` for the search without its
//! static proof, `claims` for the proof without its count of resting
//! places (as first written), `unemptied` for the count that gives up on a
//! pile that may empty (as next written), `show` to print each tableau
//! left undecided, `line` to print each line found to progress (played
//! through the rules to check it),
//! `seed=N` for that seed alone, `seeds=A..B` for seeds other than 0..60.
use antics_core::rules::cards::MyrmexLevel;
use antics_core::rules::myrmex::{Myrmex, Proof, Prospect};
use antics_core::rules::patience::Patience;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level = args
        .get(1)
        .and_then(|name| MyrmexLevel::parse(name))
        .unwrap_or(MyrmexLevel::Major);
    let budget: usize = args.get(2).map(|b| b.parse().unwrap()).unwrap_or(5_000_000);
    let proof = if args.iter().any(|a| a == "plain") {
        Proof::Plain
    } else if args.iter().any(|a| a == "claims") {
        Proof::Claims
    } else if args.iter().any(|a| a == "unemptied") {
        Proof::Unemptied
    } else {
        Proof::Counted
    };
    let show = args.iter().any(|a| a == "show");
    let line = args.iter().any(|a| a == "line");
    let only: Option<u64> = args
        .iter()
        .find_map(|a| a.strip_prefix("seed="))
        .map(|s| s.parse().unwrap());
    let (mut stuck, mut prog, mut und) = (0, 0, 0);
    let (mut met_all, mut time_all) = (0usize, 0f64);
    let seeds = args
        .iter()
        .find_map(|a| a.strip_prefix("seeds="))
        .and_then(|s| s.split_once(".."))
        .map_or(0..60, |(a, b)| a.parse().unwrap()..b.parse().unwrap());
    for seed in seeds {
        if only.is_some_and(|only| only != seed) {
            continue;
        }
        let game = Myrmex::dealt_out(level, seed);
        if game.outcome().is_some() {
            continue;
        }
        let t = Instant::now();
        let (p, met, actions) = if line {
            game.progress_line(&|_| false, budget)
        } else {
            let (p, met) = game.prospect_by(proof, &|_| false, budget);
            (p, met, Vec::new())
        };
        let secs = t.elapsed().as_secs_f64();
        if !actions.is_empty() {
            let mut played = game.clone();
            for action in &actions {
                played.apply(action).expect("a legal action");
            }
            let words: Vec<String> = actions.iter().map(ToString::to_string).collect();
            println!(
                "  line of {}: {} (chambers {} -> {})",
                actions.len(),
                words.join(" "),
                game.chambers().len(),
                played.chambers().len()
            );
        }
        met_all += met;
        time_all += secs;
        let kind = match p {
            Prospect::Stuck => {
                stuck += 1;
                "stuck"
            }
            Prospect::Progress { .. } => {
                prog += 1;
                "progress"
            }
            Prospect::Undecided => {
                und += 1;
                "UNDECIDED"
            }
        };
        println!("seed {seed}: {kind} {met} positions {secs:.3}s");
        if show && p == Prospect::Undecided {
            for pile in game.view().piles {
                let cards: Vec<String> = pile
                    .cards
                    .iter()
                    .map(|c| c.map_or("??".into(), |c| c.to_string()))
                    .collect();
                println!("  {}", cards.join(" "));
            }
        }
    }
    println!("stuck {stuck} progress {prog} undecided {und}; {met_all} positions, {time_all:.2}s in all");
}

//! A round robin between the computer's levels (hard, normal, easy and the
//! greedy baseline): every pair plays the same number of games on the same
//! seeds, colours alternated, and the win rates are printed as a table.
//!
//! cargo run --release --example ai_match -- --games 240 --budget-ms 100 --out data/match/army-ants.csv
//!
//! `--games` is the total over all pairs; each move gets `--budget-ms`
//! milliseconds (and the matching node budget, whichever ends first).
//! `--nodes N` sets the node budget instead and lifts the time cap to 10 s,
//! so the budget is the same for both sides whatever else runs on the
//! machine, and the match is repeatable. `--levels hard,normal` plays only
//! the pairs among those levels. A game still going after `--max-plies`
//! counts as unfinished (a draw in the table).

use antics::ai::army_ants::{reply, Budget, Level};
use antics::rules::army_ants::{ArmyAnts, Outcome, Setup, Side, Status, WinReason};
use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

/// The match's options.
#[derive(clap::Parser)]
struct Args {
    /// Games in all, over all pairs of levels.
    #[arg(long, default_value_t = 240)]
    games: usize,
    /// Milliseconds a move (and the matching node budget, whichever ends first).
    #[arg(long, default_value_t = 100)]
    budget_ms: u64,
    /// A node budget a move instead, with the time cap lifted to 10 s.
    #[arg(long)]
    nodes: Option<u64>,
    /// The levels that play, like hard,normal.
    #[arg(long, value_delimiter = ',', value_parser = level, default_value = "hard,normal,easy,greedy")]
    levels: Vec<Level>,
    /// Plies after which a game counts as unfinished.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Where the raw results go (CSV).
    #[arg(long, default_value = "data/match/army-ants.csv")]
    out: String,
}

fn level(text: &str) -> Result<Level, String> {
    Level::parse(text).ok_or_else(|| format!("{text} is not a level: hard, normal, easy or greedy"))
}

/// How a game went: the winner's side (None: draw or unfinished), how it
/// ended, the number of plies, and each side's mean milliseconds a move.
struct Played {
    winner: Option<Side>,
    reason: String,
    plies: usize,
    ms: [f64; 2],
}

fn play(seed: u64, red: Level, black: Level, budget: Budget, max_plies: usize) -> Played {
    let mut game = ArmyAnts::new(&Setup {
        seed: Some(seed),
        ..Setup::default()
    })
    .expect("a dealt game");
    let mut plies = 0;
    let (mut spent, mut moves) = ([0.0f64; 2], [0u32; 2]);
    let mean = |spent: [f64; 2], moves: [u32; 2]| [0, 1].map(|i| spent[i] / moves[i].max(1) as f64);
    while let Status::ToMove(side) = game.status() {
        if plies >= max_plies {
            return Played {
                winner: None,
                reason: "unfinished".into(),
                plies,
                ms: mean(spent, moves),
            };
        }
        let level = if side == Side::Red { red } else { black };
        // One reply, as the bot plays it: the turns it takes in a row (the
        // rally after the Queen's Favor) share one budget.
        let t = Instant::now();
        let played = reply(&mut game, side, level, budget, seed).expect("legal moves");
        spent[side.index()] += t.elapsed().as_secs_f64() * 1000.0;
        moves[side.index()] += played.len() as u32;
        plies += played.len().max(1);
    }
    let (winner, reason) = match game.outcome() {
        Some(Outcome::Win { winner, reason }) => {
            let how = match reason {
                WinReason::QueenCaptured => "queen",
                WinReason::RedAggression => "red_aggression",
                _ => "other",
            };
            (Some(winner), how.to_string())
        }
        _ => (None, "draw".into()),
    };
    Played {
        winner,
        reason,
        plies,
        ms: mean(spent, moves),
    }
}

fn main() {
    let args = <Args as clap::Parser>::parse();
    let budget = match args.nodes {
        Some(nodes) => Budget {
            nodes,
            time: std::time::Duration::from_secs(10),
        },
        None => Budget::millis(args.budget_ms),
    };
    let levels = &args.levels;
    let pairs: Vec<(Level, Level)> = (0..levels.len())
        .flat_map(|i| (i + 1..levels.len()).map(move |j| (levels[i], levels[j])))
        .collect();
    let per_pair = args.games.div_ceil(pairs.len());
    if let Some(dir) = std::path::Path::new(&args.out).parent() {
        std::fs::create_dir_all(dir).expect("output folder");
    }
    let mut csv = std::fs::File::create(&args.out).expect("output file");
    writeln!(
        csv,
        "game,seed,red,black,winner,reason,plies,seconds,red_ms,black_ms"
    )
    .unwrap();
    // (level, opponent) -> (wins, draws, games)
    let mut table: BTreeMap<(&str, &str), (u32, u32, u32)> = BTreeMap::new();
    // level -> (sum of per-game mean ms a move, games)
    let mut think: BTreeMap<&str, (f64, u32)> = BTreeMap::new();
    let mut n = 0;
    let started = Instant::now();
    for (a, b) in &pairs {
        for k in 0..per_pair {
            // Each seed is played twice, once with each colour.
            let seed = 1000 + (k / 2) as u64;
            let (red, black) = if k % 2 == 0 { (*a, *b) } else { (*b, *a) };
            let t = Instant::now();
            let Played {
                winner,
                reason,
                plies,
                ms,
            } = play(seed, red, black, budget, args.max_plies);
            n += 1;
            let winner_level = winner.map(|s| if s == Side::Red { red } else { black });
            writeln!(
                csv,
                "{n},{seed},{},{},{},{reason},{plies},{:.1},{:.1},{:.1}",
                red.name(),
                black.name(),
                winner_level.map_or("draw", |l| l.name()),
                t.elapsed().as_secs_f64(),
                ms[0],
                ms[1]
            )
            .unwrap();
            csv.flush().unwrap();
            for (level, ms) in [(red, ms[0]), (black, ms[1])] {
                let e = think.entry(level.name()).or_default();
                e.0 += ms;
                e.1 += 1;
            }
            for (me, other) in [(red, black), (black, red)] {
                let e = table.entry((me.name(), other.name())).or_default();
                e.2 += 1;
                match winner_level {
                    Some(w) if w == me => e.0 += 1,
                    None => e.1 += 1,
                    _ => {}
                }
            }
            eprintln!(
                "game {n}: {} (red) vs {} (black): {} by {reason} in {plies} plies [{:.0}s total]",
                red.name(),
                black.name(),
                winner_level.map_or("draw", |l| l.name()),
                started.elapsed().as_secs_f64()
            );
        }
    }
    match args.nodes {
        Some(nodes) => println!("{n} games, {nodes} nodes per move\n"),
        None => println!(
            "{n} games, {} ms (and {} nodes) per move\n",
            args.budget_ms, budget.nodes
        ),
    }
    print!("| level (row) vs | ");
    for l in levels {
        print!("{} | ", l.name());
    }
    println!("overall | ms a move |");
    println!("|---|{}---|---|", "---|".repeat(levels.len()));
    for me in levels {
        print!("| {} | ", me.name());
        let (mut w, mut d, mut g) = (0, 0, 0);
        for other in levels {
            match table.get(&(me.name(), other.name())) {
                Some((wins, draws, games)) => {
                    print!("{wins}/{games} | ");
                    w += wins;
                    d += draws;
                    g += games;
                }
                None => print!("- | "),
            }
        }
        let (ms, games) = think.get(me.name()).copied().unwrap_or_default();
        println!(
            "{:.0}% ({w} wins, {d} draws, {g} games) | {:.1} |",
            100.0 * w as f64 / g.max(1) as f64,
            ms / games.max(1) as f64
        );
    }
}

//! `antics solve`: solves many seeded deals and prints a winnability table.

use crate::ai::solver::{DealGame, DealSolved};
use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What to solve.
pub struct SolveOptions {
    pub game: DealGame,
    pub deals: u64,
    pub seed: u64,
    pub budget: u64,
    /// The threads a deal's search may use (see `DealGame::solve_seed_on`).
    pub threads: usize,
    /// Where the per-deal CSV goes (default `data/solve/GAME-SEED-N.csv`).
    pub out: Option<PathBuf>,
}

/// One deal's result.
struct Row {
    seed: u64,
    solved: DealSolved,
    ms: f64,
}

/// Solves seeds `seed..seed + deals`, writes the CSV and prints the table.
pub fn run(opts: &SolveOptions) -> anyhow::Result<()> {
    let out = opts.out.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "data/solve/{}-{}-{}.csv",
            opts.game.name(),
            opts.seed,
            opts.deals
        ))
    });
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut csv = std::fs::File::create(&out).with_context(|| format!("creating {}", out.display()))?;
    writeln!(csv, "seed,verdict,moves,states,ms")?;
    let mut rows = Vec::new();
    for seed in opts.seed..opts.seed.saturating_add(opts.deals) {
        let start = Instant::now();
        let solved = opts.game.solve_seed_on(seed, opts.budget, opts.threads);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let moves = solved.moves.map(|m| m.to_string()).unwrap_or_default();
        writeln!(csv, "{seed},{},{moves},{},{ms:.2}", solved.verdict, solved.states)?;
        rows.push(Row { seed, solved, ms });
        if rows.len() % 500 == 0 {
            csv.flush()?;
            eprintln!("{} deals solved", rows.len());
        }
    }
    csv.flush()?;
    print!("{}", table(opts, &rows));
    println!("Per-deal results: {}", out.display());
    Ok(())
}

/// The Wilson score interval at 95% for `k` successes in `n` trials, in
/// percent.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.959_964);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0) * 100.0, (centre + half).min(1.0) * 100.0)
}

/// The value at quantile `q` of sorted values (nearest rank).
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The threads a deal's search uses unless told: two where the machine
/// has them. The rounds gain little past two, and each thread holds a pass
/// of its own in memory.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().min(2))
}

/// Peak resident memory of this process in MiB (Linux), if known.
fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string(Path::new("/proc/self/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn table(opts: &SolveOptions, rows: &[Row]) -> String {
    let n = rows.len() as u64;
    let threads = opts.game.threads(opts.threads);
    let mut text = format!(
        "{} deals of {}, seeds {}..{}, budget {} states per deal, {threads} thread{}\n\n",
        n,
        opts.game.name(),
        opts.seed,
        opts.seed + n,
        opts.budget,
        if threads == 1 { "" } else { "s" },
    );
    text.push_str("| result | deals | share | 95% CI (Wilson) |\n|---|---:|---:|---|\n");
    for verdict in ["won", "lost", "undecided"] {
        let k = rows.iter().filter(|r| r.solved.verdict == verdict).count() as u64;
        let (lo, hi) = wilson(k, n);
        let share = if n > 0 { k as f64 * 100.0 / n as f64 } else { 0.0 };
        text.push_str(&format!(
            "| {verdict} | {k} | {share:.2}% | {lo:.2}% - {hi:.2}% |\n"
        ));
    }
    let mut ms: Vec<f64> = rows.iter().map(|r| r.ms).collect();
    ms.sort_by(f64::total_cmp);
    let mut states: Vec<f64> = rows.iter().map(|r| r.solved.states as f64).collect();
    states.sort_by(f64::total_cmp);
    let within_1s = rows
        .iter()
        .filter(|r| r.solved.verdict != "undecided" && r.ms <= 1000.0)
        .count() as u64;
    let (lo, hi) = wilson(within_1s, n);
    let mean_states = states.iter().sum::<f64>() / states.len().max(1) as f64;
    let slowest = rows
        .iter()
        .max_by(|a, b| a.ms.total_cmp(&b.ms))
        .map_or(0, |r| r.seed);
    text.push_str(&format!(
        "\nDecided within 1 s: {within_1s} of {n} ({:.2}%, 95% CI {lo:.2}% - {hi:.2}%)\n\
         Time per deal: median {:.1} ms, p99 {:.1} ms, max {:.1} ms (seed {slowest})\n\
         States per deal: mean {mean_states:.0}, median {:.0}, p99 {:.0}, max {:.0}\n\
         Peak memory: {}\n",
        within_1s as f64 * 100.0 / n.max(1) as f64,
        quantile(&ms, 0.5),
        quantile(&ms, 0.99),
        ms.last().copied().unwrap_or(0.0),
        quantile(&states, 0.5),
        quantile(&states, 0.99),
        states.last().copied().unwrap_or(0.0),
        peak_memory_mib().map_or("unknown".into(), |m| format!("{m:.0} MiB")),
    ));
    text
}

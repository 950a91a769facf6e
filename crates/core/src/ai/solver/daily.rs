//! Winnable daily deals.

use super::{mix64, DealGame};

/// How many seeds a day tries before it gives up on proving one winnable.
pub const MAX_CANDIDATES: u32 = 64;

/// The budget in states for each candidate of a daily deal. Fixed: every
/// process must pick the same deal.
pub const DAILY_BUDGET: u64 = 1_000_000;

/// What a proved daily Myrmex deal is, in the game's words: the solver
/// reads the face-down cards and the stock that the player cannot see.
pub const SEEN_WHOLE: &str = "This deal is winnable if you could see every card.";

/// The deal a day uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinnableDeal {
    pub seed: u64,
    /// The length in actions (deals included) of the winning line the
    /// solver found; `None` if no candidate was proved winnable, and then
    /// `seed` is the first candidate.
    pub fewest_moves: Option<usize>,
}

/// The `n`-th candidate seed of a day: SplitMix64's output for the day's
/// seed advanced `n + 1` times (`mix64(day_seed + (n + 1) * γ - γ)`, γ =
/// 0x9E3779B97F4A7C15). Fixed forever, like the shuffle.
pub fn candidate_seed(day_seed: u64, n: u32) -> u64 {
    mix64(day_seed.wrapping_add(u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// The first seed of the day's sequence ([`candidate_seed`] for n = 0, 1,
/// ...) whose deal of `game` the solver proves winnable within
/// `budget_states` states, with the length of the winning line it found.
/// At most [`MAX_CANDIDATES`] seeds are tried; if none is proved winnable
/// the first candidate is returned with `fewest_moves: None`. The result
/// depends only on the arguments (the budget counts states, not time), so
/// every process picks the same deal; pass [`DAILY_BUDGET`] unless a test
/// needs a smaller one.
pub fn first_winnable_seed(game: DealGame, day_seed: u64, budget_states: u64) -> WinnableDeal {
    (0..MAX_CANDIDATES)
        .map(|n| candidate_seed(day_seed, n))
        .find_map(|seed| {
            let solved = game.solve_seed(seed, budget_states);
            solved.moves.map(|moves| WinnableDeal {
                seed,
                fewest_moves: Some(moves),
            })
        })
        .unwrap_or(WinnableDeal {
            seed: candidate_seed(day_seed, 0),
            fewest_moves: None,
        })
}

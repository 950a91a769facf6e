//! The seeded shuffle behind every deal.
//!
//! A seed must give the same deal forever, so nothing here may depend on an
//! algorithm a dependency is free to change: the seed is expanded into a
//! ChaCha8 key with SplitMix64 (both fixed, published algorithms), and the
//! shuffle is a Fisher-Yates written here with an unbiased bounded draw.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A deterministic random stream for one game, built from a 64-bit seed.
pub struct SeededRng(ChaCha8Rng);

impl SeededRng {
    pub fn new(seed: u64) -> Self {
        let mut key = [0u8; 32];
        let mut state = seed;
        for chunk in key.chunks_exact_mut(8) {
            chunk.copy_from_slice(&splitmix64(&mut state).to_le_bytes());
        }
        SeededRng(ChaCha8Rng::from_seed(key))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..bound` (bound > 0), by rejection so that no
    /// value is favoured.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "bound must be positive");
        let zone = u64::MAX - (u64::MAX % bound);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % bound;
            }
        }
    }

    /// Fisher-Yates, from the last element down.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

//! The open list of the best-first search: positions by guide, the best
//! first and, of equal guides, the newest first.
//!
//! A binary heap of `(guide, index)` pops them in that order, but each pop
//! walks a path through millions of entries. Guides are small integers
//! and indices only grow, so a stack for each guide pops the same
//! positions in the same order at the cost of a vector's push and pop.

/// Positions (node indices) in stacks by guide.
pub(super) struct Open {
    /// The stack of guide `low + i` at `i`.
    stacks: Vec<Vec<u32>>,
    /// The guide of the first stack.
    low: i64,
    /// No stack above this one holds a position.
    top: usize,
}

impl Open {
    pub(super) fn new() -> Open {
        Open {
            stacks: Vec::new(),
            low: 0,
            top: 0,
        }
    }

    /// Adds position `index`, which must be newer (larger) than every
    /// position added before it.
    pub(super) fn push(&mut self, guide: i64, index: u32) {
        if self.stacks.is_empty() {
            self.low = guide;
        }
        if guide < self.low {
            // Room below, at least doubling, so that guides falling one
            // at a time move the stacks up only now and then.
            let more = ((self.low - guide) as usize).max(self.stacks.len());
            self.stacks.splice(0..0, (0..more).map(|_| Vec::new()));
            self.top += more;
            self.low -= more as i64;
        }
        let at = (guide - self.low) as usize;
        if at >= self.stacks.len() {
            self.stacks.resize_with(at + 1, Vec::new);
        }
        self.stacks[at].push(index);
        self.top = self.top.max(at);
    }

    /// The newest position of the best guide, taken out.
    pub(super) fn pop(&mut self) -> Option<u32> {
        loop {
            let stack = self.stacks.get_mut(self.top)?;
            if let Some(index) = stack.pop() {
                return Some(index);
            }
            if self.top == 0 {
                return None;
            }
            self.top -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::shuffle::SeededRng;
    use std::collections::BinaryHeap;

    /// The stacks pop exactly as a binary heap of `(guide, index)` would,
    /// pushes and pops interleaved, guides rising and falling past the
    /// first one.
    #[test]
    fn pops_as_a_heap_of_guide_and_index() {
        let mut rng = SeededRng::new(7);
        let (mut open, mut heap) = (Open::new(), BinaryHeap::new());
        let mut next = 0u32;
        for _ in 0..20_000 {
            if rng.below(3) < 2 {
                let guide = rng.below(400) as i64 - 200;
                open.push(guide, next);
                heap.push((guide, next));
                next += 1;
            } else {
                assert_eq!(open.pop(), heap.pop().map(|(_, index)| index));
            }
        }
        while let Some((_, index)) = heap.pop() {
            assert_eq!(open.pop(), Some(index));
        }
        assert_eq!(open.pop(), None);
    }
}

//! The open list of the best-first search: positions by guide, the best
//! first and, of equal guides, the newest first.
//!
//! A binary heap of `(guide, index)` pops them in that order, but each pop
//! walks a path through millions of entries. Guides are small integers
//! and indices only grow, so a stack for each guide pops the same
//! positions in the same order at the cost of a vector's push and pop.

/// Positions (node indices) in stacks by guide.
pub struct Open {
    /// The stack of guide `low + i` at `i`.
    stacks: Vec<Vec<u32>>,
    /// The guide of the first stack.
    low: i64,
    /// No stack above this one holds a position.
    top: usize,
}

impl Default for Open {
    fn default() -> Open {
        Open::new()
    }
}

impl Open {
    pub fn new() -> Open {
        Open {
            stacks: Vec::new(),
            low: 0,
            top: 0,
        }
    }

    /// Adds position `index`, which must be newer (larger) than every
    /// position added before it.
    pub fn push(&mut self, guide: i64, index: u32) {
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
    pub fn pop(&mut self) -> Option<u32> {
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

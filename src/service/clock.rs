//! When the service next has work of its own (an expiry, the idle sweep, a
//! new day's posts), so that a request sweeps only then instead of asking
//! the store on every request. The clock's tick sweeps whatever this says,
//! which covers work that other processes sharing the store set up.

use std::sync::Mutex;

#[derive(Default)]
pub(super) struct NextSweep(Mutex<Plan>);

#[derive(Default)]
struct Plan {
    /// The earliest time (ms) anything known may be due; `None`: unknown,
    /// so the next request sweeps.
    next: Option<i64>,
    /// When the last sweep ran: a clock that went back sweeps again.
    swept_at: Option<i64>,
    /// The earliest expiry saved while a sweep was working out `next`.
    lowered: Option<i64>,
}

impl NextSweep {
    /// Whether a request at `now` should sweep first.
    pub fn is_due(&self, now: i64) -> bool {
        let plan = self.0.lock().expect("sweep plan lock");
        match (plan.next, plan.swept_at) {
            (Some(next), Some(swept)) => now >= next || now < swept,
            _ => true,
        }
    }

    /// A sweep at `now` begins.
    pub fn sweeping(&self, now: i64) {
        let mut plan = self.0.lock().expect("sweep plan lock");
        plan.swept_at = Some(now);
        plan.lowered = None;
    }

    /// The sweep that began last is done; nothing it knows of is due
    /// before `next`.
    pub fn swept(&self, next: i64) {
        let mut plan = self.0.lock().expect("sweep plan lock");
        plan.next = Some(plan.lowered.map_or(next, |lowered| lowered.min(next)));
    }

    /// Something was just given an expiry `at`: the next sweep comes no later.
    pub fn expires(&self, at: i64) {
        let mut plan = self.0.lock().expect("sweep plan lock");
        plan.next = plan.next.map(|next| next.min(at));
        plan.lowered = Some(plan.lowered.map_or(at, |lowered| lowered.min(at)));
    }

    /// Forgets the plan (a sweep failed): the next request sweeps.
    pub fn forget(&self) {
        self.0.lock().expect("sweep plan lock").next = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_sweeps_until_a_sweep_says_when_next() {
        let plan = NextSweep::default();
        assert!(plan.is_due(1_000));
        plan.sweeping(1_000);
        plan.swept(5_000);
        assert!(!plan.is_due(4_999));
        assert!(plan.is_due(5_000));
    }

    #[test]
    fn an_expiry_saved_meanwhile_brings_the_next_sweep_forward() {
        let plan = NextSweep::default();
        plan.sweeping(1_000);
        // Saved while the sweep was still reading the store.
        plan.expires(2_000);
        plan.swept(5_000);
        assert!(plan.is_due(2_000));
        plan.sweeping(2_000);
        plan.swept(9_000);
        plan.expires(3_000);
        assert!(!plan.is_due(2_999));
        assert!(plan.is_due(3_000));
    }

    #[test]
    fn a_clock_that_went_back_sweeps_again() {
        let plan = NextSweep::default();
        plan.sweeping(10_000);
        plan.swept(20_000);
        assert!(plan.is_due(9_000));
    }

    #[test]
    fn a_failed_sweep_is_tried_again_at_once() {
        let plan = NextSweep::default();
        plan.sweeping(1_000);
        plan.swept(5_000);
        plan.forget();
        assert!(plan.is_due(1_001));
    }
}

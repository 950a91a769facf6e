//! When the service next has work of its own (an expiry, the idle sweep, a
//! new day's posts), so that a request sweeps only then instead of asking
//! the store on every request. The clock's tick sweeps whatever this says,
//! which covers work that other processes sharing the store set up.

use std::sync::Mutex;

#[derive(Default)]
pub struct NextSweep(Mutex<Plan>);

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

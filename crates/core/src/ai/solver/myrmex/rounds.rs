//! The rounds of the portfolio: the passes of [`super::search`] that stop
//! at a share of the states, run on one thread or several with the same
//! result.
//!
//! Each pass of a round searches a fixed share of states of its own, from
//! the root or from where the pass it resumes stopped, so what it finds
//! depends on nothing but its pass, its share and that run. The rounds come
//! to the first pass, in order, that decides the deal (a win, or a loss
//! proved by searching everything with nothing cut), and the states of it
//! and of every pass before it: what one thread running them one after
//! another finds. With more threads a later pass runs beside an earlier
//! one; once a pass decides, the passes after it give way, and those
//! before it still search their shares, since one of them may decide
//! first.

use super::board::{Board, Cards};
use super::search::{Ended, Pass, Run, Search, Start};
use crate::ai::solver::Key96;
use crate::rules::myrmex::Action;
use hashbrown::HashTable;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

/// A pass of the rounds with its share of the states.
pub struct Job {
    pub pass: Pass,
    pub share: u64,
    /// The job whose run it goes on with, if it resumes one.
    pub resumes: Option<usize>,
    /// Whether a later job resumes its run.
    pub kept: bool,
}

/// The jobs of `passes` (each with a stop) on `budget`: each pass that runs
/// on it, with the states from the stop before it to its own. A pass whose
/// stop the passes before it reached does not run.
pub fn jobs(passes: &[Pass], budget: u64) -> Vec<Job> {
    let mut jobs: Vec<Job> = Vec::new();
    let mut at = 0;
    for pass in passes {
        let Some(limit) = pass.stop.limit(budget).filter(|&limit| limit > at) else {
            continue;
        };
        let resumes = jobs.iter().rposition(|job| job.pass.resumed_by(pass));
        if let Some(earlier) = resumes {
            jobs[earlier].kept = true;
        }
        jobs.push(Job {
            pass: *pass,
            share: limit - at,
            resumes,
            kept: false,
        });
        at = limit;
    }
    jobs
}

/// The most states the jobs running side by side may share: a job starts
/// beside others only while their shares and its own stay within it, so
/// that the threads together hold about as many new positions as the
/// largest pass of the second round alone (1,920,000 states at the
/// default budget). With no bound the major table's run peaked at 203 MiB
/// against 177. Which jobs run together changes nothing but the time.
const SIDE_BY_SIDE: u64 = crate::ai::solver::DEFAULT_BUDGET;

/// What the jobs have come to so far, shared by the threads.
struct Progress {
    started: Vec<bool>,
    /// The shares of the jobs running now.
    running: u64,
    /// Each finished job's end and states.
    ended: Vec<Option<(Ended, u64)>>,
    /// The runs kept for the jobs that resume them.
    runs: Vec<Option<Run>>,
}

/// What the rounds came to.
pub(super) struct Rounds {
    /// The line if the rounds decide the deal (`None` in it for a loss).
    pub(super) decided: Option<Option<Vec<Action>>>,
    /// The states searched up to the deciding job, or by all of them if
    /// none decides.
    pub(super) states: u64,
    /// A table no job needs any more, for the passes after the rounds.
    pub(super) spare: Option<HashTable<Key96>>,
}

/// Runs the rounds' `jobs` on `workers` threads.
pub(super) fn run(
    cards: &Cards,
    stock: &[u8],
    budget: u64,
    root: &Board,
    jobs: &[Job],
    workers: usize,
) -> Rounds {
    // The first job known to decide the deal (the count if none).
    let decided = AtomicUsize::new(jobs.len());
    let progress = Mutex::new(Progress {
        started: vec![false; jobs.len()],
        running: 0,
        ended: jobs.iter().map(|_| None).collect(),
        runs: jobs.iter().map(|_| None).collect(),
    });
    let finished = Condvar::new();
    // Each thread keeps the table of its last job that no job resumes,
    // for its next one; the calling thread's goes on to the passes after
    // the rounds.
    let work = || {
        let mut spare: Option<HashTable<Key96>> = None;
        let mut now = progress.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            // Only jobs before the deciding one are still wanted: the first
            // of them not started whose run to resume is ready.
            let wanted = decided.load(Ordering::SeqCst);
            let ready = (0..wanted)
                .find(|&i| {
                    !now.started[i] && jobs[i].resumes.is_none_or(|earlier| now.ended[earlier].is_some())
                })
                .filter(|&i| now.running == 0 || now.running + jobs[i].share <= SIDE_BY_SIDE);
            let Some(i) = ready else {
                if now.started[..wanted].iter().all(|&started| started) {
                    return spare;
                }
                now = finished.wait(now).unwrap_or_else(PoisonError::into_inner);
                continue;
            };
            now.started[i] = true;
            now.running += jobs[i].share;
            let start = match jobs[i].resumes {
                Some(earlier) => Start::Resume(now.runs[earlier].take().expect("a kept run")),
                None => Start::Root(spare.take()),
            };
            drop(now);
            let gives_way = || decided.load(Ordering::SeqCst) < i;
            let job = &jobs[i];
            let (ended, states, run) = Search::job(cards, stock, budget, root, job, start, &gives_way);
            now = progress.lock().unwrap_or_else(PoisonError::into_inner);
            now.running -= job.share;
            if matches!(ended, Ended::Won(_) | Ended::Lost) {
                decided.fetch_min(i, Ordering::SeqCst);
            }
            if job.kept {
                now.runs[i] = Some(run);
            } else {
                spare = Some(run.seen);
            }
            now.ended[i] = Some((ended, states));
            finished.notify_all();
        }
    };
    let spare = if workers <= 1 {
        work()
    } else {
        std::thread::scope(|scope| {
            for _ in 1..workers {
                scope.spawn(work);
            }
            work()
        })
    };
    let progress = progress.into_inner().unwrap_or_else(PoisonError::into_inner);
    // Every job up to the deciding one has ended.
    let mut states = 0;
    let mut decided_by = None;
    for (ended, searched) in progress
        .ended
        .into_iter()
        .take(decided.into_inner() + 1)
        .flatten()
    {
        states += searched;
        decided_by = match ended {
            Ended::Won(line) => Some(Some(line)),
            Ended::Lost => Some(None),
            Ended::Stopped => continue,
        };
        break;
    }
    Rounds {
        decided: decided_by,
        states,
        spare,
    }
}

//! Long game work and the runtime's workers.

use antics::service::parts::thinking;
use std::sync::mpsc;
use std::time::Duration;

/// A search inside `thinking` does not hold up the other tasks of its
/// worker: on a runtime of one worker, a task waits inside `thinking` for
/// what a second task sends, and the second task still runs. Without the
/// hand-over the one worker would wait for ever (here, 30 s, then fail).
#[test]
fn the_other_tasks_of_a_thinking_worker_go_on() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .build()
        .expect("a runtime");
    let (send, receive) = mpsc::channel::<u32>();
    let got = runtime.block_on(async move {
        tokio::spawn(async move {
            let other = tokio::spawn(async move { send.send(7).expect("the waiting task listens") });
            let got = thinking(|| receive.recv_timeout(Duration::from_secs(30)));
            other.await.expect("the other task ran");
            got
        })
        .await
        .expect("the thinking task ends")
    });
    assert_eq!(got, Ok(7));
}

/// With no multi-threaded runtime around (a test's own runtime, a
/// command-line tool), the work simply runs.
#[test]
fn without_workers_to_spare_the_work_runs_in_place() {
    assert_eq!(thinking(|| 2 + 2), 4);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    assert_eq!(runtime.block_on(async { thinking(|| 3 + 3) }), 6);
}

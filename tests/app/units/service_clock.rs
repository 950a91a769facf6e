//! The service's sweep clock.

use antics::service::parts::NextSweep;

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

//! The service's contests.

use antics::service::parts::{Contest, EventDeal};

#[test]
fn a_contests_tag_says_which_day_or_deal() {
    let daily = Contest::Daily {
        day: "2026-11-25".into(),
        ranked: true,
    };
    assert_eq!(daily.label(), "Daily · 2026-11-25");
    let event = Contest::Event(EventDeal {
        tournament: "t".into(),
        deal: 2,
        deals: 3,
        closes: 1_000,
    });
    assert_eq!(event.label(), "Event · deal 2 of 3");
    assert!(event.is_open(999) && !event.is_open(1_000));
}

//! The daily's stats: badges.

use antics::service::parts::badge;

/// docs/daily.md: "badges: 10 days a month bronze, 20 silver, every day gold".
#[test]
fn a_months_badge_counts_its_days_played() {
    assert_eq!(badge(9, 30), None);
    assert_eq!(badge(10, 30), Some("🥉 bronze"));
    assert_eq!(badge(20, 30), Some("🥈 silver"));
    assert_eq!(badge(29, 30), Some("🥈 silver"));
    assert_eq!(badge(30, 30), Some("🥇 gold"));
    assert_eq!(badge(28, 28), Some("🥇 gold"));
}

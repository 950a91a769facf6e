//! Idle games.

use antics::service::parse_duration;
use antics::service::parts::human;
use std::time::Duration;

#[test]
fn durations_read_and_print_as_people_write_them() {
    assert_eq!(parse_duration("72h"), Ok(Some(Duration::from_secs(72 * 3600))));
    assert_eq!(parse_duration("1h30m"), Ok(Some(Duration::from_secs(5400))));
    assert_eq!(parse_duration(" 2D "), Ok(Some(Duration::from_secs(2 * 86_400))));
    assert_eq!(parse_duration("off"), Ok(None));
    for bad in ["", "h", "12", "3x", "99999999999999999999d", "0h"] {
        assert!(parse_duration(bad).is_err(), "{bad}");
    }
    assert_eq!(human(Duration::from_secs(3 * 86_400 + 5)), "3 days");
    assert_eq!(human(Duration::from_secs(3600)), "1 hour");
    assert_eq!(human(Duration::from_secs(59)), "59 seconds");
}

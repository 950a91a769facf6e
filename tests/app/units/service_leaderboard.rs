//! The leaderboards.

use antics::protocol::custom_id::ComponentId;
use antics::service::parts::BoardSpec;
use antics::service::Registry;
use chrono::NaiveDate;

#[test]
fn page_ids_round_trip_and_fit() {
    let spec = BoardSpec {
        game: "army-ants".into(),
        period: "week".into(),
        scope: "server".into(),
        day: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(),
        page: 3,
    };
    let id = spec.custom_id(3, "next");
    assert!(id.len() <= 100);
    let parsed = ComponentId::parse(&id).unwrap();
    let games = Registry::default().leaderboards();
    assert_eq!(BoardSpec::parse(&parsed.id, &games), Some(spec));
    assert_eq!(BoardSpec::parse("chess_week_server_20261122_1", &games), None);
}

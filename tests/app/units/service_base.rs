//! The service's registry.

use antics::service::DailySecret;

#[test]
fn the_secret_never_prints() {
    assert_eq!(format!("{:?}", DailySecret("hush".into())), "<redacted>");
}

//! The table's signed sessions inside Discord (src/web/session.rs).

use antics::web::session::{Keys, Session};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

fn session(expires: i64) -> Session {
    Session {
        user: "80351110224678912".into(),
        name: "Nelly".into(),
        channel: "1234".into(),
        guild: Some("99".into()),
        expires,
    }
}

#[test]
fn a_signed_session_reads_back_until_it_expires() {
    let keys = Keys::new("secret");
    let token = keys.sign(&session(1_000));
    assert_eq!(keys.read(&token, 999), Some(session(1_000)));
    assert_eq!(keys.read(&token, 1_000), None);
}

#[test]
fn a_changed_or_foreign_token_is_refused() {
    let keys = Keys::new("secret");
    let token = keys.sign(&session(1_000));
    assert_eq!(Keys::new("another").read(&token, 0), None);
    let (payload, tag) = token.split_once('.').unwrap();
    let forged = URL_SAFE_NO_PAD.encode(
        serde_json::to_vec(&Session {
            user: "1".into(),
            ..session(1_000)
        })
        .unwrap(),
    );
    assert_eq!(keys.read(&format!("{forged}.{tag}"), 0), None);
    assert_eq!(keys.read(payload, 0), None);
    assert_eq!(keys.read("", 0), None);
}

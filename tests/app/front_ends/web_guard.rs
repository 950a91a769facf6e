//! Which requests the table takes at all (src/web/guard.rs).

use antics::web::guard::Guard;
use axum::http::{header, HeaderMap, HeaderValue, Method};

fn asked(guard: &Guard, method: Method, host: &str, origin: Option<&str>) -> Option<&'static str> {
    let mut headers = HeaderMap::new();
    headers.insert(header::HOST, HeaderValue::from_str(host).unwrap());
    if let Some(origin) = origin {
        headers.insert(header::ORIGIN, HeaderValue::from_str(origin).unwrap());
    }
    guard.refusal(&method, &headers)
}

#[test]
fn local_mode_answers_only_its_own_address() {
    // "A page whose name rebinds to 127.0.0.1 posts /api/act as any user."
    let local = Guard::Local { port: 8080 };
    assert_eq!(asked(&local, Method::GET, "127.0.0.1:8080", None), None);
    assert_eq!(asked(&local, Method::GET, "localhost:8080", None), None);
    assert!(asked(&local, Method::GET, "evil.example:8080", None).is_some());
    assert!(asked(&local, Method::GET, "127.0.0.1:9999", None).is_some());
    assert!(asked(&local, Method::GET, "", None).is_some());
    let ours = Some("http://127.0.0.1:8080");
    assert_eq!(asked(&local, Method::POST, "127.0.0.1:8080", ours), None);
    assert_eq!(asked(&local, Method::POST, "127.0.0.1:8080", None), None);
    assert!(asked(
        &local,
        Method::POST,
        "127.0.0.1:8080",
        Some("http://evil.example")
    )
    .is_some());
    assert!(asked(&local, Method::POST, "127.0.0.1:8080", Some("null")).is_some());
    // A look may come from a framed or foreign page; it changes nothing.
    assert_eq!(
        asked(&local, Method::GET, "127.0.0.1:8080", Some("http://evil.example")),
        None
    );
}

#[test]
fn the_activity_takes_writes_from_its_page_or_its_own_origin() {
    let activity = Guard::Activity {
        application_id: "42".into(),
    };
    let host = "table.example.org";
    assert_eq!(
        asked(&activity, Method::POST, host, Some("https://42.discordsays.com")),
        None
    );
    assert_eq!(
        asked(&activity, Method::POST, host, Some("https://table.example.org")),
        None
    );
    assert!(asked(&activity, Method::POST, host, Some("https://43.discordsays.com")).is_some());
    assert!(asked(&activity, Method::POST, host, Some("https://evil.example")).is_some());
    assert_eq!(
        asked(&activity, Method::GET, host, Some("https://evil.example")),
        None
    );
}

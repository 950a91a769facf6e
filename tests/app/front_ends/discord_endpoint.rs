//! `POST /interactions`: the signature, and bad bodies refused
//! (src/discord/endpoint.rs).

use antics::discord::endpoint::{interactions, parse_public_key, read, Endpoint, BODY_LIMIT};
use antics::discord::webhooks::Webhooks;
use antics::discord::Data;
use antics::service::Service;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use ed25519_dalek::{Signer, SigningKey};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// An endpoint that checks `key`'s signatures, on a service of its own
/// (also returned, to look into its store).
async fn endpoint_and_service(key: &SigningKey) -> (Endpoint, Arc<Service>) {
    let store = antics::store::Store::in_memory()
        .await
        .expect("an in-memory store");
    let service = Arc::new(Service::new(store, antics::service::Config::default()));
    let data = Data {
        service: service.clone(),
        inflight: Arc::default(),
        stopping: Arc::default(),
        activity: false,
    };
    let http = Arc::new(serenity::Http::new(""));
    let webhooks = Webhooks::new(None, 5);
    let endpoint = Endpoint::new(key.verifying_key().to_bytes(), Arc::new(data), http, webhooks, 5).unwrap();
    (endpoint, service)
}

async fn endpoint(key: &SigningKey) -> Endpoint {
    endpoint_and_service(key).await.0
}

fn headers(key: &SigningKey, body: &[u8], at: i64) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let signature = key.sign(&[at.to_string().as_bytes(), body].concat());
    headers.insert(
        "x-signature-ed25519",
        hex::encode(signature.to_bytes()).parse().unwrap(),
    );
    headers.insert("x-signature-timestamp", at.to_string().parse().unwrap());
    headers
}

/// Discord: "the timestamp ... and the body" are signed; a request more
/// than five minutes off either way is taken for a replay.
#[tokio::test]
async fn the_signature_covers_timestamp_and_body_within_five_minutes() {
    let key = SigningKey::from_bytes(&[3; 32]);
    let endpoint = endpoint(&key).await;
    let body = br#"{"type":1}"#;
    let at = 1_700_000_000;
    assert_eq!(endpoint.verify(&headers(&key, body, at), body, at), Ok(()));
    assert_eq!(endpoint.verify(&headers(&key, body, at), body, at + 300), Ok(()));
    assert!(endpoint.verify(&headers(&key, body, at), body, at + 301).is_err());
    assert!(endpoint.verify(&headers(&key, body, at), body, at - 301).is_err());
    assert!(endpoint
        .verify(&headers(&key, body, at), br#"{"type":2}"#, at)
        .is_err());
    let other = SigningKey::from_bytes(&[4; 32]);
    assert!(endpoint.verify(&headers(&other, body, at), body, at).is_err());
    assert!(endpoint.verify(&HeaderMap::new(), body, at).is_err());
}

/// A `/help` command as Discord sends it, with interaction id `id`.
fn help_command(id: &str) -> Vec<u8> {
    let user = serde_json::json!({"id": "200000000000000001", "username": "alice", "discriminator": "0",
        "global_name": "alice", "avatar": null});
    serde_json::json!({
        "id": id, "application_id": "5", "type": 2, "token": "tok", "version": 1,
        "guild_id": "900000000000000001", "channel_id": "300000000000000001",
        "channel": {"id": "300000000000000001", "type": 0, "name": "games", "permissions": "2147483647"},
        "member": {"user": user, "nick": null, "avatar": null, "roles": [],
            "joined_at": "2025-01-01T00:00:00.000000+00:00", "premium_since": null,
            "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": "2147483647"},
        "app_permissions": "309237763072", "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": "900000000000000001"}, "context": 0,
        "attachment_size_limit": 10485760,
        "data": {"id": "800000000000000001", "name": "help", "type": 1}
    })
    .to_string()
    .into_bytes()
}

/// Posts `body`, signed now, to `endpoint`; the response's status.
async fn post(endpoint: &Arc<Endpoint>, key: &SigningKey, body: &[u8]) -> StatusCode {
    let now = chrono::Utc::now().timestamp();
    let response = interactions(
        State(endpoint.clone()),
        headers(key, body, now),
        Bytes::copy_from_slice(body),
    )
    .await;
    response.status()
}

/// What a refused request left in the endpoint's store: interactions
/// noted, games.
async fn stored(service: &Service) -> (i64, i64) {
    let store = service.store();
    (
        store.seen_count().await.unwrap(),
        store.open_game_count().await.unwrap(),
    )
}

/// The issue's bad input, signed as Discord signs: "bodies over a size
/// limit, malformed JSON, unknown interaction types, replayed
/// signatures: a clear 4xx, nothing stored, no panic".
#[tokio::test]
async fn bad_bodies_get_a_clear_4xx_and_store_nothing() {
    let key = SigningKey::from_bytes(&[3; 32]);
    let (endpoint, service) = endpoint_and_service(&key).await;
    let endpoint = Arc::new(endpoint);
    let huge = [
        b"{\"type\": 2, \"pad\": \"".as_slice(),
        &vec![b'a'; BODY_LIMIT],
        b"\"}",
    ]
    .concat();
    let cases: [(&[u8], StatusCode); 7] = [
        (&huge, StatusCode::PAYLOAD_TOO_LARGE),
        (b"{\"type\": 2, ", StatusCode::BAD_REQUEST),
        (b"", StatusCode::BAD_REQUEST),
        (b"[1, 2, 3]", StatusCode::BAD_REQUEST),
        (br#"{"type": 9, "id": "1"}"#, StatusCode::BAD_REQUEST),
        (br#"{"type": -1}"#, StatusCode::BAD_REQUEST),
        (br#"{"type": 3, "id": "1", "data": {}}"#, StatusCode::BAD_REQUEST),
    ];
    for (body, status) in cases {
        assert_eq!(
            post(&endpoint, &key, body).await,
            status,
            "{:?}",
            String::from_utf8_lossy(&body[..body.len().min(40)])
        );
    }
    assert_eq!(stored(&service).await, (0, 0), "nothing stored");

    // The same signed command twice: taken once, the replay refused.
    let help = help_command("700000000000000001");
    assert_eq!(post(&endpoint, &key, &help).await, StatusCode::OK);
    assert_eq!(post(&endpoint, &key, &help).await, StatusCode::CONFLICT);
    assert_eq!(stored(&service).await, (1, 0), "the replay stored nothing");
}

/// Any bytes, and any valid interaction cut short or with a byte
/// changed: `read` never panics, and a refusal is a 4xx.
#[test]
fn any_body_is_read_or_refused_with_a_4xx() {
    use proptest::prelude::*;
    let valid = help_command("700000000000000002");
    let mut runner =
        proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(crate::cases::scaled(512)));
    let bodies = prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..512),
        (0..valid.len()).prop_map({
            let valid = valid.clone();
            move |cut| valid[..cut].to_vec()
        }),
        (0..valid.len(), any::<u8>()).prop_map(move |(at, byte)| {
            let mut body = valid.clone();
            body[at] = byte;
            body
        }),
    ];
    runner
        .run(&bodies, |body| {
            if let Err(refusal) = read(&body) {
                prop_assert!(refusal.status.is_client_error(), "{refusal:?}");
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn a_public_key_is_64_hex_digits() {
    let key = parse_public_key(&"0f".repeat(32)).unwrap();
    assert_eq!(key, [0x0f; 32]);
    assert!(parse_public_key("abc").is_err());
    assert!(parse_public_key(&"zz".repeat(32)).is_err());
}

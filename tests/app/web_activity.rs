//! The web table as the app's Activity: the page's sign-in through a fake
//! Discord (its OAuth2 token, user and activity instance endpoints, reached
//! through the base URL `ANTICS_DISCORD_API` names), the session it gets,
//! and that only a session says who plays.

use crate::common;

use antics::service::{Config, Service};
use antics::store::Store;
use antics::web::{activity_router, Activity};
use axum::extract::{Form, Path};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;

const APP: u64 = 1_000_000_000_000_001;
const SECRET: &str = "the-client-secret";
const BOT: &str = "the-bot-token";

/// Discord as the sign-in sees it: one good code (Nelly's), an instance
/// Nelly is in and one she is not.
fn fake_discord() -> Router {
    Router::new().nest("/api/v10", fake_api())
}

fn fake_api() -> Router {
    Router::new()
        .route(
            "/oauth2/token",
            post(|Form(form): Form<HashMap<String, String>>| async move {
                let good = form.get("client_id").map(String::as_str) == Some(&APP.to_string())
                    && form.get("client_secret").map(String::as_str) == Some(SECRET)
                    && form.get("grant_type").map(String::as_str) == Some("authorization_code")
                    && form.get("code").map(String::as_str) == Some("nelly-code");
                match good {
                    true => Ok(Json(
                        json!({"access_token": "nelly-access", "token_type": "Bearer",
                                           "expires_in": 604800, "scope": "identify"}),
                    )),
                    false => Err(StatusCode::UNAUTHORIZED),
                }
            }),
        )
        .route(
            "/users/@me",
            get(|headers: HeaderMap| async move {
                match headers.get("authorization").and_then(|v| v.to_str().ok()) {
                    Some("Bearer nelly-access") => Ok(Json(
                        json!({"id": "80351110224678912", "username": "nelly", "global_name": "Nelly"}),
                    )),
                    _ => Err(StatusCode::UNAUTHORIZED),
                }
            }),
        )
        .route(
            "/applications/{app}/activity-instances/{instance}",
            get(
                |Path((app, instance)): Path<(String, String)>, headers: HeaderMap| async move {
                    let bot = headers.get("authorization").and_then(|v| v.to_str().ok())
                        == Some(&format!("Bot {BOT}"));
                    if !bot || app != APP.to_string() {
                        return Err(StatusCode::UNAUTHORIZED);
                    }
                    let users = match instance.as_str() {
                        "i-1234" => vec!["80351110224678912"],
                        "i-other" => vec!["41771983423143937"],
                        _ => return Err(StatusCode::NOT_FOUND),
                    };
                    Ok(Json(json!({
                        "application_id": APP.to_string(), "instance_id": instance, "launch_id": "1",
                        "location": {"id": "gc-1-555", "kind": "gc", "channel_id": "555", "guild_id": "999"},
                        "users": users,
                    })))
                },
            ),
        )
}

async fn serve(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://{address}")
}

/// The Activity's table over a fresh store, signing in through the fake.
async fn table() -> (String, tempfile::TempDir) {
    let discord = serve(fake_discord()).await;
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("activity.db")).await.unwrap();
    let service = Arc::new(Service::new(store, Config::default()));
    let activity = Activity::new(APP, SECRET.into(), BOT.into(), Some(discord));
    (serve(activity_router(service, activity)).await, dir)
}

async fn sign_in(client: &reqwest::Client, url: &str, code: &str, instance: &str) -> (StatusCode, Value) {
    let response = client
        .post(format!("{url}/api/session"))
        .header("content-type", "application/json")
        .body(json!({"code": code, "instance_id": instance}).to_string())
        .send()
        .await
        .unwrap();
    let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
    (
        status,
        serde_json::from_slice(&response.bytes().await.unwrap()).unwrap_or(Value::Null),
    )
}

async fn get_place(client: &reqwest::Client, url: &str, session: Option<&str>, query: &str) -> (u16, Value) {
    let mut request = client.get(format!("{url}/api/table{query}"));
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (
        status,
        serde_json::from_slice(&response.bytes().await.unwrap()).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn a_signed_in_page_plays_as_its_discord_user_in_its_instance_channel() {
    let (url, _dir) = table().await;
    let client = reqwest::Client::new();
    let (status, signed) = sign_in(&client, &url, "nelly-code", "i-1234").await;
    assert_eq!(status, StatusCode::OK, "{signed}");
    let session = signed["session"].as_str().unwrap();
    // The SDK authenticates with Discord's access token; the secret stays here.
    assert_eq!(signed["access_token"], "nelly-access");
    assert!(!signed.to_string().contains(SECRET) && !signed.to_string().contains(BOT));

    let (status, place) = get_place(&client, &url, Some(session), "").await;
    assert_eq!(status, 200, "{place}");
    assert_eq!(place["user"], "Nelly");
    assert_eq!(place["channel"], "555");

    let started = client
        .post(format!("{url}/api/act"))
        .bearer_auth(session)
        .header("content-type", "application/json")
        .body(json!({"new": "anthill"}).to_string())
        .send()
        .await
        .unwrap();
    let started: Value = serde_json::from_slice(&started.bytes().await.unwrap()).unwrap();
    assert_eq!(started["ok"], true, "{started}");
    let (_, place) = get_place(&client, &url, Some(session), "").await;
    assert_eq!(place["boards"][0]["kind"], "anthill");

    // The live stream takes the session in its address (an EventSource
    // cannot send headers).
    let events = client
        .get(format!("{url}/api/events?session={session}"))
        .send()
        .await
        .unwrap();
    assert_eq!(events.status().as_u16(), 200);
}

#[tokio::test]
async fn only_a_valid_session_says_who_plays() {
    let (url, _dir) = table().await;
    let client = reqwest::Client::new();
    // In Discord the address names no one: local mode's `?user=` is refused.
    let (status, body) = get_place(&client, &url, None, "?user=alice&channel=555").await;
    assert_eq!(status, 401, "{body}");
    assert!(body["error"].as_str().unwrap().contains("open the table again"));
    let acted = client
        .post(format!("{url}/api/act"))
        .header("content-type", "application/json")
        .body(json!({"user": "alice", "channel": "555", "new": "ants"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(acted.status().as_u16(), 401);

    let (_, signed) = sign_in(&client, &url, "nelly-code", "i-1234").await;
    let session = signed["session"].as_str().unwrap();
    // A changed session is refused.
    let mut forged = session.to_string();
    forged.insert(3, 'x');
    assert_eq!(get_place(&client, &url, Some(&forged), "").await.0, 401);
    let (_, tag) = session.split_once('.').unwrap();
    assert_eq!(
        get_place(&client, &url, Some(&format!("e30.{tag}")), "").await.0,
        401
    );
}

#[tokio::test]
async fn a_bad_code_or_a_stranger_to_the_instance_gets_no_session() {
    let (url, _dir) = table().await;
    let client = reqwest::Client::new();
    let (status, body) = sign_in(&client, &url, "stolen-code", "i-1234").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert!(body.get("session").is_none());
    let (status, body) = sign_in(&client, &url, "nelly-code", "i-other").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["error"], "You are not in this activity.");
    let (status, _) = sign_in(&client, &url, "nelly-code", "i-missing").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = sign_in(&client, &url, "", "i-1234").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// The page inside a fake Discord client in Chromium: the SDK's handshake,
/// the code, the session, the SDK authenticated, and a move played.
#[tokio::test(flavor = "multi_thread")]
async fn the_page_signs_in_through_the_sdk_and_plays_in_chromium() {
    let Some(dir) = common::browser::browser() else {
        return;
    };
    let (url, _db) = table().await;
    let shots = std::env::var("ANTICS_WEB_SHOTS").unwrap_or_default();
    let out =
        tokio::task::spawn_blocking(move || common::browser::node(&dir, "activity.mjs", &[&url, &shots]))
            .await
            .unwrap();
    let told = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{told}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(told.contains("signed in as Nelly"), "{told}");
}

//! `antics serve`'s and the gateway process's routers
//! (src/discord/serve.rs).

use antics::discord::serve::health_router;
use antics::service::Service;
use antics::web::Activity;
use axum::Router;
use std::io::{Read, Write};
use std::sync::Arc;

/// The body of `GET path` from `router`, served on a loopback port.
async fn get_from(router: Router, path: &str) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    let path = path.to_string();
    tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(address).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn the_gateway_process_serves_the_table_as_the_activity_when_it_has_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = antics::store::Store::open(&dir.path().join("run.db"))
        .await
        .unwrap();
    let service = Arc::new(Service::new(store, antics::service::Config::default()));
    let activity = Activity::new(42, "secret".into(), "token".into(), None);
    let with = health_router(service.clone(), Some(activity));
    assert!(get_from(with.clone(), "/api/config")
        .await
        .contains(r#""activity":"42""#));
    assert!(get_from(with, "/healthz").await.starts_with("HTTP/1.1 200"));
    let without = get_from(health_router(service, None), "/api/config").await;
    assert!(without.starts_with("HTTP/1.1 404"), "{without}");
}

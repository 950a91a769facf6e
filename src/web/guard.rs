//! What every answer of the table carries, and which requests it takes at
//! all: only its own origin acts.
//!
//! - Local mode serves one person at this machine, who is named in the
//!   page's address, so a page elsewhere whose name rebinds to 127.0.0.1
//!   must not reach it: the `Host` must be the address served
//!   (`127.0.0.1:PORT` or `localhost:PORT`), and a write's `Origin`, when a
//!   browser sends one, that same address.
//! - The Activity's page loads from `https://<app id>.discordsays.com`
//!   through Discord's URL mapping and signs its requests with a session, so
//!   the `Host` is whatever the mapping gives; a write's `Origin` must be
//!   that page, or the host asked (the same origin).
//!
//! Answers carry a Content-Security-Policy that keeps the page to its own
//! origin and says who may frame it (no one in local mode; Discord for the
//! Activity), and no sniffing or referrers.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Whose requests the table takes.
#[derive(Clone, Debug)]
pub enum Guard {
    /// Local mode on this port of the loopback address.
    Local { port: u16 },
    /// The Activity of this app.
    Activity { application_id: String },
}

/// The page's own sources only; `data:` images are the boards.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
                      connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/// Where Discord's clients frame an Activity (web, desktop, the apps' own
/// origins and the Activity's proxy), and the table's own origin (a page
/// of its own may frame it, as the tests' stand-in for Discord does).
const DISCORD_FRAMES: &str = "'self' https://discord.com https://*.discord.com https://*.discordsays.com";

impl Guard {
    /// Why a request is not taken, if it is not.
    pub fn refusal(&self, method: &Method, headers: &HeaderMap) -> Option<&'static str> {
        let text = |name| headers.get(name).and_then(|v: &HeaderValue| v.to_str().ok());
        let host = text(header::HOST).unwrap_or_default();
        let origin = text(header::ORIGIN);
        let writes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
        match self {
            Guard::Local { port } => {
                let ours = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
                if !ours.iter().any(|h| h.eq_ignore_ascii_case(host)) {
                    return Some(
                        "This table answers only at its own address (127.0.0.1 or localhost, its port).",
                    );
                }
                match origin {
                    Some(origin) if writes && !origin.eq_ignore_ascii_case(&format!("http://{host}")) => {
                        Some("Only the table's own page may act here.")
                    }
                    _ => None,
                }
            }
            Guard::Activity { application_id } => {
                let page = format!("https://{application_id}.discordsays.com");
                let same = |origin: &str| {
                    origin
                        .split_once("://")
                        .is_some_and(|(_, rest)| rest.eq_ignore_ascii_case(host))
                };
                match origin {
                    Some(origin) if writes && !origin.eq_ignore_ascii_case(&page) && !same(origin) => {
                        Some("Only the Activity's own page may act here.")
                    }
                    _ => None,
                }
            }
        }
    }

    fn frames(&self) -> String {
        match self {
            Guard::Local { .. } => "frame-ancestors 'none'".into(),
            Guard::Activity { .. } => format!("frame-ancestors {DISCORD_FRAMES}"),
        }
    }
}

/// Refuses a request from elsewhere with 403 and a line that says why, and
/// sets the security headers on every answer.
pub async fn guard(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    let mut response = match guard.refusal(request.method(), request.headers()) {
        Some(why) => (
            StatusCode::FORBIDDEN,
            axum::Json(serde_json::json!({ "ok": false, "error": why })),
        )
            .into_response(),
        None => next.run(request).await,
    };
    let headers = response.headers_mut();
    let policy = format!("{POLICY}; {}", guard.frames());
    if let Ok(policy) = HeaderValue::from_str(&policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    if matches!(*guard, Guard::Local { .. }) {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

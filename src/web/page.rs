//! The page itself: one HTML file, its script and its style, built into
//! the binary. The script is a plain ES module with no build step; inside
//! Discord it also loads the sign-in, `activity.js`, which bundles
//! Discord's SDK (built from `client/` with npm, and committed: CI checks
//! it equals a fresh build).

use super::api::asset;
use axum::response::Response;

pub async fn index() -> Response {
    asset(include_str!("page/index.html"), "text/html; charset=utf-8")
}

pub async fn script() -> Response {
    asset(include_str!("page/table.js"), "text/javascript; charset=utf-8")
}

pub async fn style() -> Response {
    asset(include_str!("page/table.css"), "text/css; charset=utf-8")
}

pub async fn activity() -> Response {
    asset(include_str!("page/activity.js"), "text/javascript; charset=utf-8")
}

/// The tab's icon: an ant.
pub async fn icon() -> Response {
    asset(include_str!("page/favicon.svg"), "image/svg+xml")
}

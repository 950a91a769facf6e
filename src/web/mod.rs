//! The web table: the games played on the board itself, in a browser. A
//! front end beside `discord/` and `cli/`: what the page does becomes the
//! same service request the bot makes, and the page shows the reply.
//!
//! The board is the picture the bot draws, sent with the regions the
//! renderer knows (where it drew each pile) and the legal actions as
//! (source, target) pairs of those regions, so one small page plays every
//! game and there is one renderer.

mod activity;
mod api;
// The table's own pieces, pub for the integration tests
// (tests/app/front_ends) only.
#[doc(hidden)]
pub mod guard;
pub mod listen;
pub mod live;
#[doc(hidden)]
pub mod moves;
mod page;
#[doc(hidden)]
pub mod seat;
#[doc(hidden)]
pub mod session;
#[doc(hidden)]
pub mod sign_ins;

use crate::service::Service;
use anyhow::Context;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

pub use activity::Activity;
pub use api::{activity_router, router};

/// Serves the table on loopback, for one person at this machine: who plays
/// comes from the page's address (`?user=NAME&channel=ID`), so it never
/// listens anywhere else. Prints the address, then serves until stopped.
pub async fn serve_local(service: Service, port: u16) -> anyhow::Result<()> {
    let address = SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port);
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("listening on {address}"))?;
    let bound = listener.local_addr()?;
    println!("The table is open at http://{bound}/?user=you&channel=table");
    let connections = live::Limits::from_env().connections;
    listen::serve(listener, router(Arc::new(service), bound), connections, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
    .context("serving the table")
}

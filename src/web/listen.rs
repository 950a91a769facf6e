//! Serving a router over TCP so that no client can hold the process: a
//! request's head must arrive within [`HEAD_WITHIN`] (hyper's header read
//! timeout, which also closes a kept-alive connection idle that long), and
//! at most a set number of connections are open at once, so descriptors
//! stay free for health checks and signed interactions. Past the cap a new
//! connection is closed at once; the silent ones make room within the
//! timeout.
//!
//! hyper's own HTTP/1 server does the work (`axum::serve` sets no
//! timeout); this module only accepts, counts and shuts down.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt as _;

/// How long a client has to send a request's head, and how long a
/// kept-alive connection may sit idle.
pub const HEAD_WITHIN: Duration = Duration::from_secs(5);

/// How long a shutdown waits for the answers under way (a live stream
/// never ends by itself).
const GRACE: Duration = Duration::from_secs(10);

/// Descriptors kept back from the connection cap: the database, logs,
/// outgoing calls to Discord.
const RESERVED_DESCRIPTORS: usize = 128;

/// Connections open at once, unless set: what the descriptor limit allows.
pub const DEFAULT_CONNECTIONS: usize = 4096;

/// Serves `router` on `listener` until `shutdown` completes, with at most
/// `connections` open at once (fewer if the process may not open that many
/// descriptors). Each request carries the peer's address
/// ([`ConnectInfo`]).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    connections: usize,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let cap = connections.min(descriptors_for_connections()).max(1);
    let permits = Arc::new(Semaphore::new(cap));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of descriptors, or a connection reset before it
                    // was taken: wait a moment rather than spin.
                    tracing::warn!(%error, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            crate::metrics::get()
                .rejected
                .with_label_values(&["connections"])
                .inc();
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service =
            router
                .clone()
                .map_request(move |mut request: hyper::Request<hyper::body::Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(peer));
                    request
                });
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEAD_WITHIN)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    if tokio::time::timeout(GRACE, graceful.shutdown()).await.is_err() {
        tracing::info!("connections still open at shutdown were closed");
    }
    Ok(())
}

/// How many connections the process' descriptor limit leaves room for,
/// after raising its soft limit to the hard one (the usual soft limit of
/// 1,024 is the first a flood of connections meets).
fn descriptors_for_connections() -> usize {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read and write the one struct
        // given; a refused raise leaves the limit as it was.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return DEFAULT_CONNECTIONS;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: limit.rlim_max,
                    rlim_max: limit.rlim_max,
                };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit = raised;
                }
            }
        }
        (limit.rlim_cur as usize).saturating_sub(RESERVED_DESCRIPTORS)
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    DEFAULT_CONNECTIONS
}

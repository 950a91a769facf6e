//! `antics serve`: the bot without a gateway. Discord POSTs every
//! interaction to `/interactions`; the same process answers a load
//! balancer's `/healthz` and Prometheus' `/metrics`, and sweeps due work.

use super::endpoint::{self, Endpoint};
use super::webhooks::Webhooks;
use super::{Config, Data, InFlight};
use crate::service::Service;
use crate::web::Activity;
use anyhow::Context as _;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use poise::serenity_prelude as serenity;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What `antics serve` needs beyond `antics run`'s configuration.
pub struct ServeOptions {
    pub listen: SocketAddr,
    pub application_id: u64,
    /// DISCORD_PUBLIC_KEY, decoded.
    pub public_key: [u8; 32],
}

/// The Activity's sign-in, when the app has a client secret and a bot
/// token (which checks who is in an activity instance, and where).
pub fn activity(config: &Config, application_id: u64) -> Option<Activity> {
    match (&config.client_secret, &config.token) {
        (Some(secret), Some(token)) => Some(Activity::new(
            application_id,
            secret.clone(),
            token.clone(),
            config.discord_api.clone(),
        )),
        (Some(_), None) => {
            tracing::warn!(
                "DISCORD_CLIENT_SECRET without DISCORD_TOKEN: the Activity (the web table) is off"
            );
            None
        }
        (None, _) => {
            tracing::info!("no DISCORD_CLIENT_SECRET: the Activity (the web table) is off");
            None
        }
    }
}

/// How long a health check waits for the database.
const HEALTH_WITHIN: Duration = Duration::from_secs(2);

/// The serenity client for what needs the bot token (channel messages,
/// DMs, registering the commands), through `ANTICS_DISCORD_API` when set.
/// Without a token it is never called: the interactions' webhooks go
/// through [`Webhooks`], and nothing else is sent.
fn discord_http(config: &Config, application_id: u64) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(config.token.as_deref().unwrap_or_default())
        .application_id(serenity::ApplicationId::new(application_id));
    if let Some(url) = &config.discord_api {
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    http.build()
}

/// Registers the commands as `antics run` does (in the development guild
/// when one is set): a bulk overwrite, so every replica may do it.
async fn register(http: &serenity::Http, guild: Option<u64>, activity: bool) {
    let commands = super::registration_for(activity);
    let registered = match guild {
        Some(id) => serenity::GuildId::new(id).set_commands(http, commands).await,
        None => serenity::Command::set_global_commands(http, commands).await,
    };
    match registered {
        Ok(_) => tracing::info!(guild = ?guild, "commands registered"),
        // Keep serving: the commands registered last time still work.
        Err(e) => tracing::error!(error = %e, "could not register the commands"),
    }
}

/// `GET /healthz`, `GET /metrics` and `POST /interactions`, in one router;
/// and the web table as the app's Activity, when it has one.
pub fn router(service: Arc<Service>, endpoint: Arc<Endpoint>, activity: Option<Activity>) -> Router {
    health_router(service, activity).merge(endpoint::router(endpoint))
}

/// `GET /healthz` and `GET /metrics`, and the web table as the app's
/// Activity when it has one: what `antics run` answers with `--listen`
/// (or ANTICS_LISTEN).
pub fn health_router(service: Arc<Service>, activity: Option<Activity>) -> Router {
    let router = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .with_state(service.clone());
    match activity {
        Some(activity) => router.merge(crate::web::activity_router(service, activity)),
        None => router,
    }
}

/// Answers `/healthz` and `/metrics` on `listen` until `stop` says so:
/// the gateway process' own endpoints for a load balancer and Prometheus;
/// and the web table as the app's Activity, when it has one.
pub async fn serve_health(
    listen: SocketAddr,
    service: Arc<Service>,
    activity: Option<Activity>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .with_context(|| format!("listening on {listen}"))?;
    let bound = listener.local_addr()?;
    // One line on stdout, as `antics serve` says it (tests read the port).
    println!("antics run listening on http://{bound}");
    tracing::info!(%bound, "health and metrics listening");
    let connections = crate::web::live::Limits::from_env().connections;
    let stopped = async move {
        while !*stop.borrow_and_update() {
            if stop.changed().await.is_err() {
                return;
            }
        }
    };
    crate::web::listen::serve(listener, health_router(service, activity), connections, stopped)
        .await
        .context("serving health and metrics")
}

/// 200 when the database answers a trivial query, 503 otherwise.
async fn healthz(State(service): State<Arc<Service>>) -> Response {
    match tokio::time::timeout(HEALTH_WITHIN, service.store().ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ok\n").into_response(),
        Ok(Err(e)) => {
            crate::metrics::get().store_errors.inc();
            tracing::warn!(error = %e, "health check: the database did not answer");
            (StatusCode::SERVICE_UNAVAILABLE, "the database did not answer\n").into_response()
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "the database is too slow\n").into_response(),
    }
}

/// Every series in Prometheus' text format; the open games are counted now.
async fn metrics(State(service): State<Arc<Service>>) -> Response {
    let metrics = crate::metrics::get();
    match service.store().open_game_count().await {
        Ok(n) => metrics.games_open.set(n),
        Err(e) => {
            metrics.store_errors.inc();
            tracing::warn!(error = %e, "could not count the open games");
        }
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
        metrics.render(),
    )
        .into_response()
}

/// Serves until SIGTERM or SIGINT, then waits (a bounded time) for the
/// interactions under way. The caller built the service and closes its store.
pub async fn serve(config: Config, options: ServeOptions, service: Arc<Service>) -> anyhow::Result<()> {
    tracing::info!(?config, listen = %options.listen, "starting the interactions endpoint");
    if config.token.is_none() {
        tracing::warn!(
            "no DISCORD_TOKEN: daily posts, turn alerts and other messages outside an interaction's reply are off"
        );
    }
    let http = Arc::new(discord_http(&config, options.application_id));
    if config.token.is_some() {
        register(&http, config.guild_id, config.client_secret.is_some()).await;
    }
    let inflight = Arc::new(InFlight::default());
    let stopping = Arc::new(AtomicBool::new(false));
    let data = Arc::new(Data {
        service: service.clone(),
        inflight: inflight.clone(),
        stopping: stopping.clone(),
        activity: config.client_secret.is_some(),
    });
    let endpoint = Arc::new(Endpoint::new(
        options.public_key,
        data,
        http.clone(),
        Webhooks::new(config.discord_api.as_deref(), options.application_id),
        options.application_id,
    )?);
    let listener = tokio::net::TcpListener::bind(options.listen)
        .await
        .with_context(|| format!("listening on {}", options.listen))?;
    let bound = listener.local_addr()?;
    // One line on stdout, for whoever started the process (tests read the port).
    println!("antics serve listening on http://{bound}");
    tracing::info!(%bound, "listening");

    let (stop_tick, stopped) = tokio::sync::watch::channel(false);
    let poster = config.token.is_some().then(|| http.clone());
    let tick = tokio::spawn(super::tick_loop(service.clone(), poster, stopped));
    let signalled = stopping.clone();
    let shutdown = async move {
        let signal = super::wait_for_signal().await;
        tracing::info!(signal, "shutting down: no new interactions");
        signalled.store(true, Ordering::SeqCst);
    };
    let activity = activity(&config, options.application_id);
    let connections = crate::web::live::Limits::from_env().connections;
    let served = crate::web::listen::serve(
        listener,
        router(service, endpoint, activity),
        connections,
        shutdown,
    )
    .await
    .context("serving interactions");
    stopping.store(true, Ordering::SeqCst);
    let _ = stop_tick.send(true);
    let _ = tick.await;
    inflight.drain().await;
    tracing::info!("stopped serving");
    served
}

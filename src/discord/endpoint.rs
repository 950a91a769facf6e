//! Discord's interactions over HTTP: `POST /interactions`, the
//! application's Interactions Endpoint URL. Each request is checked
//! (Ed25519 over timestamp and body, with serenity's verifier), read as
//! serenity's `Interaction`, and answered through the same flow as the
//! gateway's: the first response goes back in the HTTP response (JSON, or
//! multipart with the board as a file), and whatever follows (the edit of a
//! deferred response, follow-ups) through the interaction's webhook.

use super::flow::{self, Answering, FirstResponse, Initial};
use super::webhooks::{Body, Webhooks};
use super::{decode, mapping, Data};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use poise::serenity_prelude as serenity;
use serenity::interactions_endpoint::Verifier;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest interaction body read (Discord's are a few kilobytes; the
/// resolved users and members of a command stay well within this).
pub const BODY_LIMIT: usize = 256 * 1024;
/// How far a request's timestamp may be from our clock: older requests are
/// refused as replays.
pub const MAX_SKEW_SECS: i64 = 5 * 60;
/// The latest the first response goes out: past this, the interaction is
/// deferred whatever the flow is doing (Discord allows 3 s).
pub const ANSWER_WITHIN: Duration = Duration::from_millis(2500);
/// How long autocomplete may take: its answer cannot be deferred.
pub const SUGGEST_WITHIN: Duration = Duration::from_millis(2000);

/// What `POST /interactions` needs.
pub struct Endpoint {
    verifier: Verifier,
    data: Arc<Data>,
    /// The bot's REST client, for what needs the bot token.
    http: Arc<serenity::Http>,
    /// The interactions' webhooks, called without it.
    webhooks: Webhooks,
    /// The bot's own user: the application id (the computer opponent).
    bot_id: serenity::UserId,
}

impl Endpoint {
    pub fn new(
        public_key: [u8; 32],
        data: Arc<Data>,
        http: Arc<serenity::Http>,
        webhooks: Webhooks,
        application_id: u64,
    ) -> anyhow::Result<Endpoint> {
        let verifier =
            Verifier::try_new(public_key).map_err(|e| anyhow::anyhow!("DISCORD_PUBLIC_KEY: {e}"))?;
        Ok(Endpoint {
            verifier,
            data,
            http,
            webhooks,
            bot_id: serenity::UserId::new(application_id),
        })
    }

    /// Checks the signature headers against `body` at `now` (Unix seconds).
    pub fn verify(&self, headers: &HeaderMap, body: &[u8], now: i64) -> Result<(), &'static str> {
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let signature = header("x-signature-ed25519").ok_or("missing X-Signature-Ed25519")?;
        let timestamp = header("x-signature-timestamp").ok_or("missing X-Signature-Timestamp")?;
        let at: i64 = timestamp
            .trim()
            .parse()
            .map_err(|_| "X-Signature-Timestamp is not a Unix time")?;
        if (now - at).abs() > MAX_SKEW_SECS {
            return Err("X-Signature-Timestamp is more than five minutes off");
        }
        self.verifier
            .verify(signature, timestamp, body)
            .map_err(|()| "the signature does not match")
    }
}

/// A DISCORD_PUBLIC_KEY: 64 hexadecimal digits.
pub fn parse_public_key(text: &str) -> anyhow::Result<[u8; 32]> {
    let mut key = [0u8; 32];
    hex::decode_to_slice(text.trim(), &mut key)
        .map_err(|_| anyhow::anyhow!("DISCORD_PUBLIC_KEY must be 64 hexadecimal digits"))?;
    Ok(key)
}

/// `POST /interactions`, with its body limit (larger bodies get 413).
pub fn router(endpoint: Arc<Endpoint>) -> Router {
    Router::new()
        .route("/interactions", post(interactions))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(endpoint)
}

fn refuse(status: StatusCode, reason: &str, text: String) -> Response {
    crate::metrics::get().reject(reason);
    tracing::info!(status = status.as_u16(), reason, detail = %text, "interaction refused");
    (status, text).into_response()
}

/// A request body refused before the service sees it: the status, the
/// metrics' reason, and the text sent back.
#[derive(Debug)]
pub struct Refusal {
    pub status: StatusCode,
    pub reason: &'static str,
    pub text: String,
}

impl Refusal {
    fn new(status: StatusCode, reason: &'static str, text: impl Into<String>) -> Refusal {
        Refusal {
            status,
            reason,
            text: text.into(),
        }
    }
}

/// What a verified body holds.
#[derive(Debug)]
pub enum Read {
    Ping,
    /// An interaction for the service, with its id (to refuse a replay).
    Interaction {
        id: String,
        interaction: Box<serenity::Interaction>,
    },
}

/// Reads a (verified) body: PING, or one of the four interaction types the
/// bot answers. Anything else is a clear 4xx: too large (413), not JSON,
/// not an interaction, or of a type it does not know (400). Never panics:
/// the fuzz target `interaction_body` feeds it anything.
pub fn read(body: &[u8]) -> Result<Read, Refusal> {
    if body.len() > BODY_LIMIT {
        return Err(Refusal::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "size",
            format!("the body is over {BODY_LIMIT} bytes"),
        ));
    }
    let value: serde_json::Value = serde_json::from_slice(body).map_err(|e| {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            "malformed",
            format!("malformed JSON: {e}"),
        )
    })?;
    match value.get("type").and_then(serde_json::Value::as_u64) {
        Some(1) => return Ok(Read::Ping),
        Some(2..=5) => {}
        Some(n) => {
            return Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                "type",
                format!("unknown interaction type {n}"),
            ))
        }
        None => {
            return Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                "type",
                "no interaction type",
            ))
        }
    }
    let interaction: serenity::Interaction = serde_json::from_value(value).map_err(|e| {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            "malformed",
            format!("not an interaction: {e}"),
        )
    })?;
    let id = match &interaction {
        serenity::Interaction::Command(c) | serenity::Interaction::Autocomplete(c) => c.id,
        serenity::Interaction::Component(c) => c.id,
        serenity::Interaction::Modal(m) => m.id,
        _ => {
            return Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                "type",
                "an interaction of another kind",
            ))
        }
    };
    Ok(Read::Interaction {
        id: id.to_string(),
        interaction: Box::new(interaction),
    })
}

/// The handler `router` routes `POST /interactions` to, behind the body
/// limit.
// pub for the integration tests (tests/app/front_ends), which call it without the limit.
#[doc(hidden)]
pub async fn interactions(
    State(endpoint): State<Arc<Endpoint>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let arrived = Instant::now();
    let now = chrono::Utc::now();
    if let Err(why) = endpoint.verify(&headers, &body, now.timestamp()) {
        return refuse(StatusCode::UNAUTHORIZED, "signature", why.to_string());
    }
    let (id, interaction) = match read(&body) {
        Ok(Read::Ping) => return Json(serde_json::json!({ "type": 1 })).into_response(),
        Ok(Read::Interaction { id, interaction }) => (id, *interaction),
        Err(refusal) => return refuse(refusal.status, refusal.reason, refusal.text),
    };
    // A signed request sent again is taken once, by whichever replica
    // got it first.
    match endpoint
        .data
        .service
        .store()
        .first_sight(&id, now.timestamp_millis())
        .await
    {
        Ok(true) => {}
        Ok(false) => {
            return refuse(
                StatusCode::CONFLICT,
                "replay",
                format!("interaction {id} was already taken"),
            )
        }
        Err(e) => {
            crate::metrics::get().store_errors.inc();
            tracing::warn!(error = %e, "could not note an interaction");
            return (StatusCode::SERVICE_UNAVAILABLE, "the database did not answer\n").into_response();
        }
    }
    let (kind, response) = match interaction {
        serenity::Interaction::Command(command) => ("command", answer_command(endpoint, command).await),
        serenity::Interaction::Component(component) => {
            ("component", answer_component(endpoint, component).await)
        }
        serenity::Interaction::Autocomplete(command) => ("autocomplete", suggest(&endpoint, &command).await),
        serenity::Interaction::Modal(modal) => ("modal", answer_modal(endpoint, modal).await),
        // `read` let through only the four kinds above.
        _ => {
            return refuse(
                StatusCode::BAD_REQUEST,
                "type",
                "an interaction of another kind".into(),
            )
        }
    };
    crate::metrics::get().answered_in(kind, arrived.elapsed());
    response
}

/// Runs `flow` in a task of its own and waits for its first response: the
/// flow goes on (edits, follow-ups) after the HTTP response is sent. If
/// the flow has not answered by [`ANSWER_WITHIN`], `late` goes instead.
async fn first_response<F, Fut>(endpoint: Arc<Endpoint>, late: Initial, flow: F) -> Response
where
    F: FnOnce(Arc<Endpoint>, Arc<FirstResponse>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (slot, mut rx) = FirstResponse::new();
    let slot = Arc::new(slot);
    tokio::spawn(flow(endpoint, slot.clone()));
    let initial = match tokio::time::timeout(ANSWER_WITHIN, &mut rx).await {
        Ok(Ok(initial)) => initial,
        // The flow ended without answering: it logged why.
        Ok(Err(_)) => Initial::Message(mapping::Message::ephemeral(
            "Something went wrong on our side. Please try again.",
        )),
        Err(_) => match slot.take() {
            Some(_) => {
                tracing::warn!("no first response in time; deferring");
                late
            }
            // It was given just now.
            None => rx.try_recv().unwrap_or(late),
        },
    };
    encode(&initial)
}

/// The context that an interaction over HTTP is answered in: its first
/// response goes to `slot`, its webhook calls carry no bot token.
fn answering<'a>(endpoint: &'a Endpoint, slot: &'a FirstResponse) -> Answering<'a> {
    Answering {
        http: &endpoint.http,
        data: &endpoint.data,
        first: Some(slot),
        sent: None,
        webhooks: Some(&endpoint.webhooks),
    }
}

async fn answer_command(endpoint: Arc<Endpoint>, command: serenity::CommandInteraction) -> Response {
    first_response(endpoint, Initial::Defer, |endpoint, slot| async move {
        let at = answering(&endpoint, &slot);
        let result = match decode::command(&command, endpoint.bot_id) {
            Ok(decoded) => {
                flow::run_command(at, &command, &decoded.name, decoded.options).await
            }
            Err(text) => {
                crate::metrics::get().interaction(&decode::label(&command.data), "unreadable");
                flow::tell(at, command.id, &command.token, &text).await
            }
        };
        if let Err(e) = result {
            let id = flow::short_id();
            tracing::error!(error_id = %id, command = %command.data.name, error = %format!("{e:#}"), "command failed");
            let text = format!("Something went wrong on our side (error id {id}). Please try again.");
            if let Err(e) = flow::tell(at, command.id, &command.token, &text).await {
                tracing::warn!(error_id = %id, error = %e, "could not report an error to the user");
            }
        }
    })
    .await
}

async fn answer_component(endpoint: Arc<Endpoint>, component: serenity::ComponentInteraction) -> Response {
    first_response(endpoint, Initial::Acknowledge, |endpoint, slot| async move {
        let at = answering(&endpoint, &slot);
        flow::run_component(at, &component).await;
    })
    .await
}

async fn answer_modal(endpoint: Arc<Endpoint>, modal: serenity::ModalInteraction) -> Response {
    first_response(endpoint, Initial::Defer, |endpoint, slot| async move {
        let at = answering(&endpoint, &slot);
        flow::run_modal(at, &modal).await;
    })
    .await
}

/// Autocomplete is answered at once (type 8): it cannot be deferred, so a
/// slow service gives no suggestions rather than a late answer.
async fn suggest(endpoint: &Endpoint, command: &serenity::CommandInteraction) -> Response {
    let suggestions = match decode::focused(command) {
        Some((name, option, typed)) => {
            let all = flow::suggest(&endpoint.data.service, command, &name, &option, &typed);
            tokio::time::timeout(SUGGEST_WITHIN, all)
                .await
                .unwrap_or_else(|_| {
                    tracing::warn!(command = %name, "suggestions were too slow");
                    Vec::new()
                })
        }
        None => Vec::new(),
    };
    crate::metrics::get().interaction(&decode::label(&command.data), "suggested");
    let response = serenity::CreateInteractionResponse::Autocomplete(super::commands::choices(suggestions));
    Json(response).into_response()
}

/// A first response as an HTTP response: JSON, or with an image, multipart
/// (`payload_json`, then the file as `files[0]`, which the payload's
/// attachment id 0 names).
pub fn encode(initial: &Initial) -> Response {
    let files = initial.message().map(|m| m.files()).unwrap_or_default();
    let body = serde_json::to_value(initial.to_serenity())
        .map_err(anyhow::Error::from)
        .and_then(|payload| Body::new(payload, &files));
    match body {
        Ok(body) => ([(header::CONTENT_TYPE, body.content_type)], body.bytes).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "could not encode a response");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

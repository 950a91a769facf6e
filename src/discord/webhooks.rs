//! The interaction webhooks (`/interactions/…/callback` and
//! `/webhooks/{application}/{token}/…`) without the bot's token: the
//! interaction's own token in the path is the credential. serenity's
//! `Http` puts `Authorization: Bot <token>` on every request, an empty
//! `Bot ` when it has none; `antics serve` answers through this client
//! instead, so that a process without a bot token sends no Authorization
//! header at all, and one with a token does not hand it to calls that do
//! not need it.

use super::flow::Initial;
use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use serde_json::Value;
use std::time::Duration;

const DISCORD: &str = "https://discord.com";
const API: &str = "/api/v10";
/// How long one call may take.
const CALL_WITHIN: Duration = Duration::from_secs(10);
/// The longest rate-limit wait honoured before the one retry.
const RETRY_WITHIN: Duration = Duration::from_secs(5);

/// A body as Discord takes it: JSON, or multipart with the JSON as
/// `payload_json` and each file as `files[i]`.
pub struct Body {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl Body {
    /// `payload` with `files` (each new attachment of the payload, in
    /// order). The payload's attachments are numbered as the files are:
    /// serenity numbers them only when it sends them itself.
    pub fn new(mut payload: Value, files: &[serenity::CreateAttachment]) -> anyhow::Result<Body> {
        if files.is_empty() {
            return Ok(Body {
                content_type: "application/json".into(),
                bytes: serde_json::to_vec(&payload)?,
            });
        }
        let attachments = match payload.get_mut("data") {
            // An interaction response carries its message in `data`.
            Some(data) if data.is_object() => data.get_mut("attachments"),
            _ => payload.get_mut("attachments"),
        };
        if let Some(Value::Array(attachments)) = attachments {
            for (i, attachment) in attachments.iter_mut().enumerate() {
                attachment["id"] = i.into();
            }
        }
        let boundary = format!("antics-{:016x}", rand::random::<u64>());
        let mut bytes = Vec::new();
        bytes.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\
                 Content-Type: application/json\r\n\r\n"
            )
            .as_bytes(),
        );
        bytes.extend_from_slice(&serde_json::to_vec(&payload)?);
        for (i, file) in files.iter().enumerate() {
            bytes.extend_from_slice(
                format!(
                    "\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"files[{i}]\"; filename=\"{}\"\r\n\
                     Content-Type: {}\r\n\r\n",
                    file.filename.replace(['"', '\r', '\n'], "_"),
                    mime(&file.filename)
                )
                .as_bytes(),
            );
            bytes.extend_from_slice(&file.data);
        }
        bytes.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        Ok(Body {
            content_type: format!("multipart/form-data; boundary={boundary}"),
            bytes,
        })
    }
}

fn mime(filename: &str) -> &'static str {
    match filename.rsplit('.').next() {
        Some("png") => "image/png",
        Some("gif") => "image/gif",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The calls on an interaction's webhook, to Discord or to
/// `ANTICS_DISCORD_API`.
pub struct Webhooks {
    client: reqwest::Client,
    api: String,
    application_id: u64,
}

impl Webhooks {
    pub fn new(proxy: Option<&str>, application_id: u64) -> Webhooks {
        Webhooks {
            client: reqwest::Client::builder()
                .timeout(CALL_WITHIN)
                .user_agent(serenity::constants::USER_AGENT)
                .build()
                .expect("an HTTP client"),
            api: format!("{}{API}", proxy.unwrap_or(DISCORD).trim_end_matches('/')),
            application_id,
        }
    }

    fn original_url(&self, token: &str) -> String {
        format!(
            "{}/webhooks/{}/{token}/messages/@original",
            self.api, self.application_id
        )
    }

    /// The interaction's first response, when it did not go back in the
    /// HTTP response.
    pub async fn respond(
        &self,
        id: serenity::InteractionId,
        token: &str,
        initial: &Initial,
    ) -> anyhow::Result<()> {
        let files = initial.message().map(|m| m.files()).unwrap_or_default();
        let body = Body::new(serde_json::to_value(initial.to_serenity())?, &files)?;
        let url = format!("{}/interactions/{id}/{token}/callback", self.api);
        self.call(reqwest::Method::POST, &url, Some(body)).await.map(drop)
    }

    /// The id of the message the interaction's response became.
    pub async fn original(&self, token: &str) -> anyhow::Result<serenity::MessageId> {
        let answer = self
            .call(reqwest::Method::GET, &self.original_url(token), None)
            .await?;
        message_id(&answer)
    }

    /// Edits the interaction's response: `payload` with its new `files`.
    pub async fn edit_original(
        &self,
        token: &str,
        payload: &impl serde::Serialize,
        files: &[serenity::CreateAttachment],
    ) -> anyhow::Result<serenity::MessageId> {
        let url = self.original_url(token);
        self.message(reqwest::Method::PATCH, &url, payload, files).await
    }

    pub async fn delete_original(&self, token: &str) -> anyhow::Result<()> {
        self.call(reqwest::Method::DELETE, &self.original_url(token), None)
            .await
            .map(drop)
    }

    /// A follow-up message: `payload` with its `files`.
    pub async fn followup(
        &self,
        token: &str,
        payload: &impl serde::Serialize,
        files: &[serenity::CreateAttachment],
    ) -> anyhow::Result<serenity::MessageId> {
        let url = format!("{}/webhooks/{}/{token}", self.api, self.application_id);
        self.message(reqwest::Method::POST, &url, payload, files).await
    }

    /// Sends a message (`payload` with its `files`) and gives its id.
    async fn message(
        &self,
        method: reqwest::Method,
        url: &str,
        payload: &impl serde::Serialize,
        files: &[serenity::CreateAttachment],
    ) -> anyhow::Result<serenity::MessageId> {
        let body = Body::new(serde_json::to_value(payload)?, files)?;
        message_id(&self.call(method, url, Some(body)).await?)
    }

    /// One call, and one more after a rate limit's wait (if short). Never
    /// an Authorization header. The answer's JSON (`Null` when empty).
    async fn call(&self, method: reqwest::Method, url: &str, body: Option<Body>) -> anyhow::Result<Value> {
        let mut tries = 0;
        loop {
            tries += 1;
            let mut request = self.client.request(method.clone(), url);
            if let Some(body) = &body {
                request = request
                    .header(reqwest::header::CONTENT_TYPE, &body.content_type)
                    .body(body.bytes.clone());
            }
            let answer = request
                .send()
                .await
                .with_context(|| format!("{method} an interaction webhook"))?;
            let status = answer.status();
            let text = answer.text().await.unwrap_or_default();
            if status.is_success() {
                return Ok(serde_json::from_str(&text).unwrap_or(Value::Null));
            }
            let wait = serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|v| v["retry_after"].as_f64())
                .map(|s| Duration::from_secs_f64(s.clamp(0.0, 60.0)));
            match wait {
                Some(wait) if status.as_u16() == 429 && tries == 1 && wait <= RETRY_WITHIN => {
                    tokio::time::sleep(wait).await;
                }
                _ => anyhow::bail!("{method} an interaction webhook: {status}: {text}"),
            }
        }
    }
}

fn message_id(answer: &Value) -> anyhow::Result<serenity::MessageId> {
    answer["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(serenity::MessageId::new)
        .context("Discord's answer names no message")
}

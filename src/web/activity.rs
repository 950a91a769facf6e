//! Signing in from inside Discord (the table as the app's Activity). The
//! page gets an OAuth2 code from Discord's SDK and sends it here with its
//! activity instance; the server exchanges the code with the app's secret,
//! learns the user, checks with the bot token that the user is in that
//! instance and where the instance runs, and gives the page its own session
//! for that user and channel. The secret and the tokens never reach a page
//! or a log; every call goes through `ANTICS_DISCORD_API` when it is set.

use super::session::{Keys, Session, LIFETIME_SECS};
use serde::Deserialize;
use std::time::Duration;

/// Discord, unless `ANTICS_DISCORD_API` names another host (a proxy, or
/// the tests' fake Discord) that takes the same paths.
pub const DISCORD: &str = "https://discord.com";
/// The API's version, in every path.
const API: &str = "/api/v10";
/// How long one call to Discord may take.
const CALL_WITHIN: Duration = Duration::from_secs(5);

/// What the sign-in needs.
pub struct Activity {
    application_id: String,
    secret: String,
    bot_token: String,
    api: String,
    keys: Keys,
    http: reqwest::Client,
}

/// Why a sign-in failed, in words a page may show.
#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    #[error("Discord did not accept the sign-in; open the table again.")]
    Refused,
    #[error("You are not in this activity.")]
    NotInInstance,
    #[error("Discord did not answer; try again.")]
    Unreachable,
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

#[derive(Deserialize)]
struct DiscordUser {
    id: String,
    username: String,
    #[serde(default)]
    global_name: Option<String>,
}

#[derive(Deserialize)]
struct Instance {
    location: Location,
    users: Vec<String>,
}

#[derive(Deserialize)]
struct Location {
    channel_id: String,
    #[serde(default)]
    guild_id: Option<String>,
}

impl Activity {
    /// `proxy`: another host for Discord's API (`ANTICS_DISCORD_API`).
    pub fn new(application_id: u64, secret: String, bot_token: String, proxy: Option<String>) -> Activity {
        Activity {
            application_id: application_id.to_string(),
            keys: Keys::new(&secret),
            secret,
            bot_token,
            api: format!(
                "{}{API}",
                proxy.as_deref().unwrap_or(DISCORD).trim_end_matches('/')
            ),
            http: reqwest::Client::builder()
                .timeout(CALL_WITHIN)
                .build()
                .expect("an HTTP client"),
        }
    }

    /// The app's id, which the page's SDK needs.
    pub fn application_id(&self) -> &str {
        &self.application_id
    }

    /// The session a page's token names, if it is valid at `now`.
    pub fn session(&self, token: &str, now: i64) -> Option<Session> {
        self.keys.read(token, now)
    }

    /// Signs the page in: its session token, and the access token the SDK
    /// authenticates with.
    pub async fn sign_in(
        &self,
        code: &str,
        instance_id: &str,
        now: i64,
    ) -> Result<(String, String), SignInError> {
        let token: Token = self
            .call(self.http.post(format!("{}/oauth2/token", self.api)).form(&[
                ("client_id", self.application_id.as_str()),
                ("client_secret", self.secret.as_str()),
                ("grant_type", "authorization_code"),
                ("code", code),
            ]))
            .await?;
        let user: DiscordUser = self
            .call(
                self.http
                    .get(format!("{}/users/@me", self.api))
                    .bearer_auth(&token.access_token),
            )
            .await?;
        let instance: Instance = self
            .call(
                self.http
                    .get(self.instance_url(instance_id)?)
                    .header("Authorization", format!("Bot {}", self.bot_token)),
            )
            .await?;
        if !instance.users.contains(&user.id) {
            return Err(SignInError::NotInInstance);
        }
        let session = Session {
            name: user.global_name.unwrap_or(user.username),
            user: user.id,
            channel: instance.location.channel_id,
            guild: instance.location.guild_id,
            expires: now + LIFETIME_SECS,
        };
        Ok((self.keys.sign(&session), token.access_token))
    }

    /// The activity instance's address, its id escaped as one path segment.
    fn instance_url(&self, instance_id: &str) -> Result<reqwest::Url, SignInError> {
        let mut url = reqwest::Url::parse(&self.api).map_err(|_| SignInError::Unreachable)?;
        url.path_segments_mut()
            .map_err(|_| SignInError::Unreachable)?
            .extend([
                "applications",
                self.application_id.as_str(),
                "activity-instances",
                instance_id,
            ]);
        Ok(url)
    }

    /// One call to Discord and its JSON answer.
    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, SignInError> {
        let response = request.send().await.map_err(|error| {
            tracing::warn!(error = %error.without_url(), "the sign-in could not reach Discord");
            SignInError::Unreachable
        })?;
        let status = response.status();
        if !status.is_success() {
            tracing::info!(%status, "Discord refused a sign-in step");
            return Err(SignInError::Refused);
        }
        let body = response.bytes().await.map_err(|_| SignInError::Unreachable)?;
        serde_json::from_slice(&body).map_err(|_| SignInError::Refused)
    }
}

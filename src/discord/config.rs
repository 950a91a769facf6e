//! The bot's configuration: an optional TOML file, then the environment
//! (which wins), then the command line (which wins over both).
//!
//! ```toml
//! token = "..."                  # or DISCORD_TOKEN
//! database = "/data/antics.db"   # a path, a sqlite: URL or a postgres:// URL; or ANTICS_DB / DATABASE_URL
//! guild_id = "123456789012345678" # register commands in this guild only; or ANTICS_GUILD_ID
//! log = "info"                   # a tracing filter; or ANTICS_LOG / RUST_LOG
//! discord_api = "http://127.0.0.1:3000" # send API calls through this proxy; or ANTICS_DISCORD_API
//! ai_move_ms = 800               # the computer's thinking time per reply; or ANTICS_AI_MOVE_MS
//! atta_turn_minutes = 1440       # an Atta Ants player who waits longer is out; or ANTICS_ATTA_TURN_MINUTES
//! idle_timeout = "72h"           # an idle game ends after this ("off": never); or ANTICS_IDLE_TIMEOUT
//! idle_reminder = "12h"          # remind the waiting player this long before; or ANTICS_IDLE_REMINDER
//! shards = "0-1"                 # run only these gateway shards (first-last); or ANTICS_SHARDS
//! shard_total = 4                # out of this many in all; or ANTICS_SHARD_TOTAL
//! daily_secret = "..."           # the key of the daily deals; or ANTICS_DAILY_SECRET (default: generated once, kept in the database)
//! client_secret = "..."          # the app's OAuth2 client secret: the Activity (web table) is on; or DISCORD_CLIENT_SECRET
//! ```

use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The default database file, beside the working directory.
pub const DEFAULT_DB: &str = "antics.db";
/// The default log filter: our own information, others' warnings.
pub const DEFAULT_LOG: &str = "warn,antics=info";

/// Where the games are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file, created on first start.
    Path(PathBuf),
    /// A database URL (`sqlite:...`, or `postgres://...` for PostgreSQL).
    Url(String),
}

impl Database {
    /// A path, or a URL when the text has a scheme.
    pub fn parse(text: &str) -> Database {
        let text = text.trim();
        if text.starts_with("sqlite:") || text.contains("://") {
            Database::Url(text.to_string())
        } else {
            Database::Path(PathBuf::from(text))
        }
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Path(p) => write!(f, "{}", p.display()),
            // A URL may carry a password: show its scheme only.
            Database::Url(u) => write!(f, "{}://…", u.split(':').next().unwrap_or("url")),
        }
    }
}

/// Everything `antics run` needs.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// The bot token; never logged or printed.
    pub token: Option<String>,
    pub database: Database,
    /// Register the commands in this guild only (instant, for development).
    pub guild_id: Option<u64>,
    /// A tracing filter such as `info` or `warn,antics=debug`.
    pub log: String,
    /// Send Discord HTTP API calls to this base URL instead of
    /// `https://discord.com`: an HTTP API proxy (such as
    /// twilight-http-proxy), or a fake Discord in tests.
    pub discord_api: Option<String>,
    /// The computer opponent's time per move, in milliseconds (default 2000).
    pub ai_move_ms: Option<u64>,
    /// Minutes an Atta Ants player may take before they are out (default 1440).
    pub atta_turn_minutes: Option<u64>,
    /// An idle game ends after this long (`None`: never).
    pub idle_timeout: Option<Duration>,
    /// The waiting player is reminded this long before the end.
    pub idle_reminder: Duration,
    /// Run these gateway shards only (first and last, inclusive), out of
    /// `shard_total`: several processes then share the bot.
    pub shards: Option<Shards>,
    /// The key of the daily deals; never logged or printed.
    pub daily_secret: Option<String>,
    /// The application's OAuth2 client secret: the app has an Activity
    /// (the web table inside Discord); never logged or printed.
    pub client_secret: Option<String>,
    /// Where `antics run` answers `/healthz` and `/metrics` (ANTICS_LISTEN
    /// or `--listen`); none: it does not listen.
    pub listen: Option<std::net::SocketAddr>,
}

/// A range of gateway shards out of a total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("database", &self.database.to_string())
            .field("guild_id", &self.guild_id)
            .field("log", &self.log)
            .field("discord_api", &self.discord_api)
            .field("ai_move_ms", &self.ai_move_ms)
            .field("atta_turn_minutes", &self.atta_turn_minutes)
            .field("idle_timeout", &self.idle_timeout)
            .field("idle_reminder", &self.idle_reminder)
            .field("shards", &self.shards)
            .field("daily_secret", &self.daily_secret.as_ref().map(|_| "<redacted>"))
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "<redacted>"),
            )
            .field("listen", &self.listen)
            .finish()
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            token: None,
            database: Database::Path(PathBuf::from(DEFAULT_DB)),
            guild_id: None,
            log: DEFAULT_LOG.into(),
            discord_api: None,
            listen: None,
            ai_move_ms: None,
            atta_turn_minutes: None,
            idle_timeout: crate::service::Config::default().idle_timeout,
            idle_reminder: crate::service::Config::default().idle_reminder,
            shards: None,
            daily_secret: None,
            client_secret: None,
        }
    }
}

/// The config file, every key optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    token: Option<String>,
    #[serde(alias = "database_url")]
    database: Option<String>,
    guild_id: Option<GuildId>,
    log: Option<String>,
    discord_api: Option<String>,
    ai_move_ms: Option<u64>,
    atta_turn_minutes: Option<u64>,
    idle_timeout: Option<String>,
    idle_reminder: Option<String>,
    shards: Option<String>,
    shard_total: Option<u32>,
    daily_secret: Option<String>,
    client_secret: Option<String>,
}

/// A guild id in the file: a string (safe) or a number.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum GuildId {
    Number(u64),
    Text(String),
}

/// Why the configuration cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("the config file {path} is not valid: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("{name} must be a Discord server id (a number), not `{value}`")]
    GuildId { name: &'static str, value: String },
    #[error("ANTICS_AI_MOVE_MS must be a number of milliseconds, not `{0}`")]
    AiMoveMs(String),
    #[error("ANTICS_ATTA_TURN_MINUTES must be a number of minutes, not `{0}`")]
    AttaTurnMinutes(String),
    #[error("{name}: {message}")]
    Duration { name: &'static str, message: String },
    #[error("{0}")]
    Shards(String),
    #[error("ANTICS_LISTEN must be an address like 0.0.0.0:9100, not `{0}`")]
    Listen(String),
}

impl Config {
    /// The service's settings this configuration asks for.
    pub fn service_config(&self) -> crate::service::Config {
        let mut config = crate::service::Config::default();
        if let Some(ms) = self.ai_move_ms {
            config.set_ai_move_ms(ms);
        }
        if let Some(minutes) = self.atta_turn_minutes {
            config.atta_turn_timeout = Duration::from_secs(minutes.max(1) * 60);
        }
        config.idle_timeout = self.idle_timeout;
        config.idle_reminder = self.idle_reminder;
        config.daily_secret = self.daily_secret.clone().map(crate::service::DailySecret);
        // Only the bot's token may write to a channel.
        config.daily_posts = self.token.is_some();
        config
    }
}

fn duration(name: &'static str, value: &str) -> Result<Option<Duration>, ConfigError> {
    crate::service::parse_duration(value).map_err(|message| ConfigError::Duration { name, message })
}

/// `first-last` (or one shard) out of `total`, checked.
fn shards(range: &str, total: Option<u32>) -> Result<Shards, ConfigError> {
    let bad = |why: &str| ConfigError::Shards(format!("shards `{range}`: {why}"));
    let (first, last) = match range.trim().split_once('-') {
        Some((a, b)) => (a.trim().parse::<u32>(), b.trim().parse::<u32>()),
        None => (range.trim().parse::<u32>(), range.trim().parse::<u32>()),
    };
    let (Ok(first), Ok(last)) = (first, last) else {
        return Err(bad("write the first and last shard, like 0-1"));
    };
    let total = total.ok_or_else(|| bad("set the total number of shards too (ANTICS_SHARD_TOTAL)"))?;
    if first > last || last >= total {
        return Err(bad(&format!("need first <= last < total ({total})")));
    }
    Ok(Shards { first, last, total })
}

fn guild_id(name: &'static str, value: &str) -> Result<Option<u64>, ConfigError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    match value.parse::<u64>() {
        Ok(id) if id > 0 => Ok(Some(id)),
        _ => Err(ConfigError::GuildId {
            name,
            value: value.to_string(),
        }),
    }
}

impl Config {
    /// Reads the optional file, then the environment as `env` gives it
    /// (`std::env::var` in the program, a map in tests), then the `--db`
    /// flag.
    pub fn load(
        file: Option<&Path>,
        env: impl Fn(&str) -> Option<String>,
        db_flag: Option<&Path>,
    ) -> Result<Config, ConfigError> {
        let mut config = Config::default();
        if let Some(path) = file {
            let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                path: path.to_path_buf(),
                source,
            })?;
            config.apply_file(path, &text)?;
        }
        let env = |name: &str| env(name).filter(|v| !v.trim().is_empty());
        if let Some(token) = env("DISCORD_TOKEN") {
            config.token = Some(token.trim().to_string());
        }
        if let Some(db) = env("DATABASE_URL").or_else(|| env("ANTICS_DB")) {
            config.database = Database::parse(&db);
        }
        if let Some(id) = env("ANTICS_GUILD_ID") {
            config.guild_id = guild_id("ANTICS_GUILD_ID", &id)?;
        }
        if let Some(log) = env("ANTICS_LOG").or_else(|| env("RUST_LOG")) {
            config.log = log;
        }
        if let Some(url) = env("ANTICS_DISCORD_API") {
            config.discord_api = Some(url.trim().to_string());
        }
        if let Some(addr) = env("ANTICS_LISTEN") {
            config.listen = Some(
                addr.trim()
                    .parse()
                    .map_err(|_| ConfigError::Listen(addr.clone()))?,
            );
        }
        if let Some(secret) = env("DISCORD_CLIENT_SECRET") {
            config.client_secret = Some(secret.trim().to_string());
        }
        if let Some(ms) = env("ANTICS_AI_MOVE_MS") {
            config.ai_move_ms = Some(ms.trim().parse().map_err(|_| ConfigError::AiMoveMs(ms.clone()))?);
        }
        if let Some(m) = env("ANTICS_ATTA_TURN_MINUTES") {
            let minutes = m
                .trim()
                .parse()
                .map_err(|_| ConfigError::AttaTurnMinutes(m.clone()))?;
            config.atta_turn_minutes = Some(minutes);
        }
        if let Some(t) = env("ANTICS_IDLE_TIMEOUT") {
            config.idle_timeout = duration("ANTICS_IDLE_TIMEOUT", &t)?;
        }
        if let Some(t) = env("ANTICS_IDLE_REMINDER") {
            config.idle_reminder = duration("ANTICS_IDLE_REMINDER", &t)?.unwrap_or_default();
        }
        let total = match env("ANTICS_SHARD_TOTAL") {
            Some(t) => Some(t.trim().parse::<u32>().ok().filter(|t| *t > 0).ok_or_else(|| {
                ConfigError::Shards(format!("ANTICS_SHARD_TOTAL must be a positive number, not `{t}`"))
            })?),
            None => config.shards.map(|s| s.total),
        };
        if let Some(range) = env("ANTICS_SHARDS") {
            config.shards = Some(shards(&range, total)?);
        } else if let (Some(s), Some(total)) = (config.shards, total) {
            config.shards = Some(shards(&format!("{}-{}", s.first, s.last), Some(total))?);
        }
        if let Some(secret) = env("ANTICS_DAILY_SECRET") {
            config.daily_secret = Some(secret);
        }
        if let Some(path) = db_flag {
            config.database = Database::parse(&path.to_string_lossy());
        }
        Ok(config)
    }

    fn apply_file(&mut self, path: &Path, text: &str) -> Result<(), ConfigError> {
        let file: File = toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: path.to_path_buf(),
            // The message quotes the offending line, which may hold the token.
            message: e.message().to_string(),
        })?;
        if let Some(token) = file.token.filter(|t| !t.trim().is_empty()) {
            self.token = Some(token.trim().to_string());
        }
        if let Some(db) = file.database.filter(|d| !d.trim().is_empty()) {
            self.database = Database::parse(&db);
        }
        match file.guild_id {
            Some(GuildId::Number(0)) => {
                return Err(ConfigError::GuildId {
                    name: "guild_id",
                    value: "0".into(),
                })
            }
            Some(GuildId::Number(n)) => self.guild_id = Some(n),
            Some(GuildId::Text(t)) => self.guild_id = guild_id("guild_id", &t)?,
            None => {}
        }
        if let Some(log) = file.log.filter(|l| !l.trim().is_empty()) {
            self.log = log;
        }
        if let Some(url) = file.discord_api.filter(|u| !u.trim().is_empty()) {
            self.discord_api = Some(url.trim().to_string());
        }
        if let Some(secret) = file.client_secret.filter(|s| !s.trim().is_empty()) {
            self.client_secret = Some(secret.trim().to_string());
        }
        if file.ai_move_ms.is_some() {
            self.ai_move_ms = file.ai_move_ms;
        }
        if file.atta_turn_minutes.is_some() {
            self.atta_turn_minutes = file.atta_turn_minutes;
        }
        if let Some(t) = file.idle_timeout {
            self.idle_timeout = duration("idle_timeout", &t)?;
        }
        if let Some(t) = file.idle_reminder {
            self.idle_reminder = duration("idle_reminder", &t)?.unwrap_or_default();
        }
        if let Some(range) = file.shards {
            self.shards = Some(shards(&range, file.shard_total)?);
        }
        if let Some(secret) = file.daily_secret.filter(|s| !s.is_empty()) {
            self.daily_secret = Some(secret);
        }
        Ok(())
    }
}

/// What `antics run` says when there is no token.
pub const NO_TOKEN: &str = "antics run needs a Discord bot token: set DISCORD_TOKEN (or `token` in the \
config file given with --config). See docs/discord.md for creating the bot.\n\
To play without Discord, try `antics play` (a game at the terminal) or `antics script`.";

//! The Discord front end (poise 0.7 + serenity 0.12): turns interactions
//! into service requests and service replies into Discord messages.
//!
//! - `commands`: the slash commands, thin wrappers around `flow::command`.
//! - `flow`: one interaction from start to finish (deadline, defer, board
//!   message, pings, posts); buttons and selects arrive through the event
//!   handler, so they keep working after a restart.
//! - `mapping`: pure functions from a reply to Discord messages, within
//!   Discord's limits (tested without a network).
//! - `config`: the token, database, development guild and log level.
//!
//! `main` opens the store and builds the service; this front end only
//! holds the service it is handed.
//!
//! Only the GUILDS gateway intent is used (not privileged): interactions
//! arrive whatever the intents.

pub mod commands;
pub mod config;
pub mod decode;
pub mod endpoint;
pub mod flow;
pub mod mapping;
pub mod serve;
pub mod webhooks;

pub use config::{Config, Database, NO_TOKEN};

use crate::service::Service;
use anyhow::Context as _;
use chrono::Utc;
use poise::serenity_prelude as serenity;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command and event handler shares.
pub struct Data {
    pub service: Arc<Service>,
    /// Interactions being handled, so shutdown can wait for them.
    pub inflight: Arc<InFlight>,
    /// Set on SIGTERM/SIGINT: new interactions are turned away.
    pub stopping: Arc<AtomicBool>,
    /// The app has an Activity: boards carry an "Open table" button, and
    /// the entry point command is registered.
    pub activity: bool,
}

/// How often due work (expired challenges) is looked for.
pub const TICK_EVERY: Duration = Duration::from_secs(30);
/// How long shutdown waits for the gateway to close.
pub const GATEWAY_GRACE: Duration = Duration::from_secs(3);
/// How long shutdown then waits for interactions under way (Docker allows
/// 10 s in all by default before it kills).
pub const DRAIN_FOR: Duration = Duration::from_secs(6);

/// Every application command, as registered with Discord.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    commands::all()
}

/// The registration payload: exactly what is sent to Discord.
pub fn registration() -> Vec<serenity::CreateCommand> {
    poise::builtins::create_application_commands(&commands())
}

/// The registration payload of an app with an Activity or without: with
/// one, its entry point command too (Discord launches the table), which a
/// bulk overwrite must keep.
pub fn registration_for(activity: bool) -> Vec<serenity::CreateCommand> {
    let mut commands = registration();
    if activity {
        commands.push(entry_point());
    }
    commands
}

/// The Activity's entry point: Discord launches the table itself.
fn entry_point() -> serenity::CreateCommand {
    serenity::CreateCommand::new("table")
        .kind(serenity::CommandType::PrimaryEntryPoint)
        .description("Play at the table: every game on the board itself")
        .handler(serenity::EntryPointHandlerType::DiscordLaunchActivity)
        .integration_types(vec![
            serenity::InstallationContext::Guild,
            serenity::InstallationContext::User,
        ])
        .contexts(vec![
            serenity::InteractionContext::Guild,
            serenity::InteractionContext::BotDm,
            serenity::InteractionContext::PrivateChannel,
        ])
}

/// The registration payload as JSON (what `antics commands --json` prints).
pub fn registration_json() -> serde_json::Value {
    serde_json::to_value(registration()).expect("command builders serialize")
}

/// The permissions the bot asks for in its invite link.
pub fn invite_permissions() -> serenity::Permissions {
    serenity::Permissions::VIEW_CHANNEL
        | serenity::Permissions::SEND_MESSAGES
        | serenity::Permissions::SEND_MESSAGES_IN_THREADS
        | serenity::Permissions::CREATE_PUBLIC_THREADS
        | serenity::Permissions::EMBED_LINKS
        | serenity::Permissions::ATTACH_FILES
        | serenity::Permissions::READ_MESSAGE_HISTORY
}

/// A count of interactions under way.
#[derive(Default)]
pub struct InFlight {
    count: AtomicUsize,
    idle: Notify,
}

/// Held while one interaction is handled.
pub struct InFlightGuard(Arc<InFlight>);

impl InFlight {
    pub fn enter(self: &Arc<Self>) -> InFlightGuard {
        self.count.fetch_add(1, Ordering::SeqCst);
        InFlightGuard(self.clone())
    }

    pub fn count(&self) -> usize {
        self.count.load(Ordering::SeqCst)
    }

    /// Returns once nothing is under way.
    pub async fn wait_idle(&self) {
        loop {
            let idle = self.idle.notified();
            if self.count() == 0 {
                return;
            }
            idle.await;
        }
    }

    /// Waits (at most [`DRAIN_FOR`]) for the interactions under way to
    /// finish, at shutdown, and says so when some did not.
    pub async fn drain(&self) {
        if tokio::time::timeout(DRAIN_FOR, self.wait_idle()).await.is_err() {
            tracing::warn!(left = self.count(), "some interactions did not finish in time");
        }
    }
}

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

/// Structured logs on stderr, filtered by `filter` (tracing's syntax), in
/// the format of [`crate::logging`] (plain text off a terminal, JSON lines
/// on request).
pub fn init_logging(filter: &str) -> anyhow::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .with_context(|| format!("the log level `{filter}` is not a valid filter"))?;
    crate::logging::init(filter)
}

fn framework_options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: commands(),
        on_error: |error| Box::pin(on_error(error)),
        event_handler: |framework, event| Box::pin(event_handler(framework, event)),
        // Slash commands only: no prefix, no message content needed.
        prefix_options: poise::PrefixFrameworkOptions {
            prefix: None,
            mention_as_prefix: false,
            ..Default::default()
        },
        allowed_mentions: Some(mapping::allowed_mentions("")),
        ..Default::default()
    }
}

/// Connects to Discord and serves `service` until a shutdown signal, then
/// waits (a bounded time) for the interactions under way. The caller built
/// the service (with [`Config::service_config`]) and closes its store.
/// With a listener (`config.listen`) and `application_id`, the listener
/// also serves the web table as the app's Activity.
pub async fn run(config: Config, service: Arc<Service>, application_id: Option<u64>) -> anyhow::Result<()> {
    let token = config.token.clone().context(NO_TOKEN)?;
    tracing::info!(?config, "starting");
    let inflight = Arc::new(InFlight::default());
    let stopping = Arc::new(AtomicBool::new(false));
    let data = Data {
        service: service.clone(),
        inflight: inflight.clone(),
        stopping: stopping.clone(),
        activity: config.client_secret.is_some(),
    };
    let activity = data.activity;
    let guild = config.guild_id;
    // With several shard processes, the one running shard 0 registers the commands.
    let registers = config.shards.is_none_or(|s| s.first == 0);
    let framework = poise::Framework::builder()
        .options(framework_options())
        // No owner-only commands: no need to ask Discord who the owners are.
        .initialize_owners(false)
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                if !registers {
                    return Ok(data);
                }
                let commands = registration_for(activity);
                let registered = match guild {
                    Some(id) => serenity::GuildId::new(id)
                        .set_commands(ctx, commands)
                        .await
                        .map(drop),
                    None => serenity::Command::set_global_commands(ctx, commands)
                        .await
                        .map(drop),
                };
                match registered {
                    Ok(()) => tracing::info!(guild = ?guild, "commands registered"),
                    // Keep serving: the commands registered last time still work.
                    Err(e) => tracing::error!(error = %e, "could not register the commands"),
                }
                Ok(data)
            })
        })
        .build();
    let mut http = serenity::HttpBuilder::new(&token);
    if let Some(url) = &config.discord_api {
        // serenity sends through a proxy only with its own rate limiter off:
        // the proxy (twilight-http-proxy, say) keeps to the limits instead.
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    let mut client = serenity::ClientBuilder::new_with_http(http.build(), serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .context("setting up the Discord client")?;

    let (stop_tick, stopped) = tokio::sync::watch::channel(false);
    let table = match (config.listen, application_id) {
        (Some(_), Some(id)) => serve::activity(&config, id),
        (Some(_), None) if config.client_secret.is_some() => {
            tracing::warn!("no DISCORD_APPLICATION_ID: the Activity (the web table) is not served here");
            None
        }
        _ => None,
    };
    let health = config.listen.map(|listen| {
        tokio::spawn(serve::serve_health(
            listen,
            service.clone(),
            table,
            stopped.clone(),
        ))
    });
    let tick = tokio::spawn(tick_loop(service.clone(), Some(client.http.clone()), stopped));
    let shard_manager = client.shard_manager.clone();
    let signalled = stopping.clone();
    let (signal_tx, mut signal_rx) = tokio::sync::watch::channel(false);
    let signals = tokio::spawn(async move {
        let signal = wait_for_signal().await;
        tracing::info!(signal, "shutting down: no new interactions");
        signalled.store(true, Ordering::SeqCst);
        let _ = signal_tx.send(true);
        shard_manager.shutdown_all().await;
    });
    // The gateway normally closes at once; if it hangs (Discord unreachable,
    // a shard reconnecting), stop waiting for it after a grace period.
    let gateway_grace = async {
        while !*signal_rx.borrow_and_update() {
            if signal_rx.changed().await.is_err() {
                std::future::pending::<()>().await;
            }
        }
        tokio::time::sleep(GATEWAY_GRACE).await;
    };

    let result = tokio::select! {
        // Several processes may share the bot, each with its own shards
        // (serenity's range end is the last shard, inclusive).
        result = async {
            match config.shards {
                Some(s) => client.start_shard_range(s.first..s.last, s.total).await,
                None => client.start().await,
            }
        } => result,
        () = gateway_grace => {
            tracing::warn!("the gateway did not close in time; stopping anyway");
            Ok(())
        }
    };
    stopping.store(true, Ordering::SeqCst);
    signals.abort();
    if let Err(e) = &result {
        tracing::error!(error = %e, "the Discord connection ended with an error");
    }
    let _ = stop_tick.send(true);
    let _ = tick.await;
    if let Some(health) = health {
        if let Ok(Err(e)) = health.await {
            tracing::error!(error = %format!("{e:#}"), "health and metrics");
        }
    }
    inflight.drain().await;
    tracing::info!("stopped serving");
    result.context("the Discord connection failed (is the token right?)")
}

/// SIGTERM (docker stop) or SIGINT (Ctrl-C).
pub(crate) async fn wait_for_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = term.recv() => "SIGTERM",
            },
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "ctrl-c"
    }
}

/// Every [`TICK_EVERY`], runs the service's due work and sends its posts
/// (with the bot's token: without one, the posts are dropped).
pub async fn tick_loop(
    service: Arc<Service>,
    http: Option<Arc<serenity::Http>>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let mut interval = tokio::time::interval(TICK_EVERY);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = interval.tick() => {
                let posts = service.tick(Utc::now()).await;
                if !posts.is_empty() {
                    tracing::info!(posts = posts.len(), "due work");
                }
                match &http {
                    Some(http) => flow::send_posts(http, &service, &posts).await,
                    None if !posts.is_empty() => tracing::debug!(posts = posts.len(), "posts dropped: no bot token"),
                    None => {}
                }
            }
            _ = stop.changed() => return,
        }
    }
}

async fn event_handler(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(component),
        } => flow::component(framework.serenity_context, framework.user_data, component).await,
        serenity::FullEvent::Resume { .. } => tracing::info!("gateway session resumed"),
        _ => {}
    }
    Ok(())
}

/// The one error handler: logs with a short id and tells the user that id,
/// privately.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    let id = flow::short_id();
    let command = error.ctx().map(|ctx| ctx.command().qualified_name.clone());
    let text = match &error {
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!(error_id = %id, error = %format!("{error:#}"), "setup failed");
            return;
        }
        poise::FrameworkError::EventHandler { error, .. } => {
            tracing::error!(error_id = %id, error = %format!("{error:#}"), "event handler failed");
            return;
        }
        poise::FrameworkError::Command { error, .. } => {
            tracing::error!(error_id = %id, ?command, error = %format!("{error:#}"), "command failed");
            format!("Something went wrong on our side (error id {id}). Please try again.")
        }
        poise::FrameworkError::CommandPanic { payload, .. } => {
            tracing::error!(error_id = %id, ?command, panic = ?payload, "command panicked");
            format!("Something went wrong on our side (error id {id}). Please try again.")
        }
        poise::FrameworkError::ArgumentParse { error, .. } => {
            tracing::info!(error_id = %id, ?command, error = %error, "could not read an option");
            format!("I could not read one of the options: {error}.")
        }
        poise::FrameworkError::CommandStructureMismatch { description, .. } => {
            tracing::warn!(error_id = %id, ?command, description, "Discord's command differs from ours");
            format!(
                "This command changed since Discord last heard of it; try again in a minute (error id {id})."
            )
        }
        poise::FrameworkError::GuildOnly { .. } => "This command works in a server channel only.".to_string(),
        other => {
            tracing::warn!(error_id = %id, ?command, error = %other, "framework error");
            format!("That did not work (error id {id}).")
        }
    };
    if let Some(ctx) = error.ctx() {
        let reply = poise::CreateReply::default()
            .content(mapping::content(&text))
            .ephemeral(true);
        if let Err(e) = ctx.send(reply).await {
            tracing::warn!(error_id = %id, error = %e, "could not report an error to the user");
        }
    }
}

//! One interaction from start to finish: build the service request, get the
//! reply within Discord's 3-second deadline (deferring when the service is
//! slow), and carry out the plan that `mapping::plan` makes of the reply.

use super::mapping::{self, Board, Message, Origin, Place, Plan, Response, Situation};
use super::webhooks::Webhooks;
use super::{Context, Data, Error};
use crate::service::{
    ButtonStyle, Component, ErrorCode, Input, NewThread, Options, Post, Reply, Request, Service, User,
};
use anyhow::Context as _;
use chrono::Utc;
use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;
use tracing::Instrument;

/// How long the service may take before the interaction is deferred. Discord
/// allows 3 s from the interaction's creation; this leaves room for the
/// gateway's delay and the defer request itself.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// The service's user for a Discord user (the member's nickname when known).
pub fn user_of(user: &serenity::User, member: Option<&serenity::Member>) -> User {
    let name = member.map_or_else(|| user.display_name(), |m| m.display_name());
    User::self_named(user.id.to_string(), name)
}

fn guild_of(guild: Option<serenity::GuildId>) -> Option<String> {
    guild.map(|g| g.to_string())
}

/// Whether the bot is a member of the place of an interaction, from what
/// Discord says of it: the user's DM with the bot, yes; a group DM or a DM
/// between others (context 2), no; in a server, only when the server's
/// install authorized the interaction (`authorizing_integration_owners`
/// has the guild key). Payloads without a context are from servers that
/// installed the bot, or its DM.
pub fn bot_member(
    context: Option<serenity::InteractionContext>,
    owners: &serenity::AuthorizingIntegrationOwners,
    guild: Option<serenity::GuildId>,
) -> bool {
    match context {
        Some(serenity::InteractionContext::BotDm) => true,
        Some(serenity::InteractionContext::PrivateChannel) => false,
        Some(serenity::InteractionContext::Guild) => owners
            .0
            .iter()
            .any(|o| matches!(o, serenity::AuthorizingIntegrationOwner::GuildInstall(Some(_)))),
        _ => {
            owners.0.is_empty()
                || guild.is_none()
                || owners
                    .0
                    .iter()
                    .any(|o| matches!(o, serenity::AuthorizingIntegrationOwner::GuildInstall(Some(_))))
        }
    }
}

/// Whether the member may manage the interaction's channel: Manage Channels
/// (or Administrator) in their permissions there, as Discord resolves them
/// with the channel's overwrites; outside a server, only in their own DM
/// with the bot.
fn manages_channel(member: Option<&serenity::Member>, context: Option<serenity::InteractionContext>) -> bool {
    match member.and_then(|m| m.permissions) {
        Some(p) => {
            p.intersects(serenity::Permissions::MANAGE_CHANNELS | serenity::Permissions::ADMINISTRATOR)
        }
        None => context == Some(serenity::InteractionContext::BotDm),
    }
}

/// Whether the member may manage messages in the interaction's channel
/// (Manage Messages or Administrator there, as Discord resolves them): a
/// moderator. Never outside a server.
fn manages_messages(member: Option<&serenity::Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| {
        p.intersects(serenity::Permissions::MANAGE_MESSAGES | serenity::Permissions::ADMINISTRATOR)
    })
}

/// The first response to an interaction.
pub enum Initial {
    /// "Thinking": the message follows as an edit (type 5).
    Defer,
    /// A click acknowledged; its message is edited later (type 6).
    Acknowledge,
    /// A new message (type 4).
    Message(Message),
    /// The clicked message replaced (type 7).
    Update(Message),
    /// Discord opens the app's Activity, the table (type 12).
    LaunchActivity,
}

impl Initial {
    /// As serenity sends it (and as the JSON of an HTTP response).
    pub fn to_serenity(&self) -> serenity::CreateInteractionResponse {
        match self {
            Initial::Defer => {
                serenity::CreateInteractionResponse::Defer(serenity::CreateInteractionResponseMessage::new())
            }
            Initial::Acknowledge => serenity::CreateInteractionResponse::Acknowledge,
            Initial::Message(m) => serenity::CreateInteractionResponse::Message(m.to_response()),
            Initial::Update(m) => serenity::CreateInteractionResponse::UpdateMessage(m.to_response()),
            Initial::LaunchActivity => serenity::CreateInteractionResponse::LaunchActivity,
        }
    }

    /// The message it carries, if any (its image travels as a file).
    pub fn message(&self) -> Option<&Message> {
        match self {
            Initial::Message(m) | Initial::Update(m) => Some(m),
            Initial::Defer | Initial::Acknowledge | Initial::LaunchActivity => None,
        }
    }
}

/// For an interaction that arrived over HTTP: its first response goes back
/// in the HTTP response (through this slot) rather than as a request of
/// its own. Once the slot is used, the rest goes through the webhook.
pub struct FirstResponse(std::sync::Mutex<Option<oneshot::Sender<Initial>>>);

impl FirstResponse {
    /// The slot, and where the HTTP handler waits for what is put in it.
    pub fn new() -> (FirstResponse, oneshot::Receiver<Initial>) {
        let (tx, rx) = oneshot::channel();
        (FirstResponse(std::sync::Mutex::new(Some(tx))), rx)
    }

    /// Takes the sender: the first response is now someone's to give.
    pub fn take(&self) -> Option<oneshot::Sender<Initial>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// How many times the message an HTTP response became is looked for:
/// Discord creates it only once it has our answer.
const READ_BACK_TRIES: u32 = 5;

/// The interaction to answer: its id and token, and for one that arrived
/// over HTTP, where its first response goes.
/// Its webhook calls go through `webhooks` when set (no bot token on
/// them), else through serenity's `Http`.
#[derive(Clone, Copy)]
struct Handle<'a> {
    id: serenity::InteractionId,
    token: &'a str,
    first: Option<&'a FirstResponse>,
    webhooks: Option<&'a Webhooks>,
}

impl Handle<'_> {
    async fn create(&self, http: &serenity::Http, response: Initial) -> Result<(), Error> {
        if let Some(tx) = self.first.and_then(FirstResponse::take) {
            return tx
                .send(response)
                .map_err(|_| anyhow::anyhow!("the interaction's HTTP request was closed"));
        }
        match self.webhooks {
            Some(webhooks) => webhooks.respond(self.id, self.token, &response).await?,
            None => {
                response
                    .to_serenity()
                    .execute(http, (self.id, self.token))
                    .await?
            }
        }
        Ok(())
    }

    /// The message that the interaction's response became.
    async fn original(&self, http: &serenity::Http) -> Result<serenity::MessageId, Error> {
        let tries = if self.first.is_some() { READ_BACK_TRIES } else { 1 };
        let mut last = None;
        for attempt in 0..tries {
            if attempt > 0 {
                tokio::time::sleep(Duration::from_millis(200 * u64::from(attempt))).await;
            }
            let read = match self.webhooks {
                Some(webhooks) => webhooks.original(self.token).await,
                None => http
                    .get_original_interaction_response(self.token)
                    .await
                    .map(|message| message.id)
                    .map_err(Error::from),
            };
            match read {
                Ok(id) => return Ok(id),
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or_else(|| anyhow::anyhow!("no response to read back")))
    }

    async fn edit(&self, http: &serenity::Http, message: &Message) -> Result<serenity::MessageId, Error> {
        let edit = message.to_edit_response();
        match self.webhooks {
            Some(webhooks) => webhooks.edit_original(self.token, &edit, &message.files()).await,
            None => Ok(edit.execute(http, self.token).await?.id),
        }
    }

    async fn delete(&self, http: &serenity::Http) -> Result<(), Error> {
        match self.webhooks {
            Some(webhooks) => webhooks.delete_original(self.token).await,
            None => Ok(http.delete_original_interaction_response(self.token).await?),
        }
    }

    async fn followup(&self, http: &serenity::Http, message: &Message) -> Result<serenity::MessageId, Error> {
        self.send_followup(http, message.to_followup(), message.files())
            .await
    }

    /// A follow-up with its files (attached to the builder too).
    async fn send_followup(
        &self,
        http: &serenity::Http,
        followup: serenity::CreateInteractionResponseFollowup,
        files: Vec<serenity::CreateAttachment>,
    ) -> Result<serenity::MessageId, Error> {
        match self.webhooks {
            Some(webhooks) => webhooks.followup(self.token, &followup, &files).await,
            None => Ok(followup.execute(http, (None, self.token)).await?.id),
        }
    }
}

/// Which kind of interaction is answered, for deferring and responding.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Command,
    Component { message_id: serenity::MessageId },
}

/// Runs `req` through the service; if it takes longer than [`DEFER_AFTER`],
/// runs `defer` first and then waits for the reply. The service runs in a
/// task of its own, so a slow reply cannot stall the defer.
async fn answer<F>(service: &Arc<Service>, req: &Request, defer: F) -> (Reply, bool)
where
    F: std::future::Future<Output = ()>,
{
    let service = service.clone();
    let request = req.clone();
    let task = tokio::spawn(async move { service.handle(&request).await });
    tokio::pin!(task);
    let joined = |r: Result<Reply, tokio::task::JoinError>| {
        r.unwrap_or_else(|e| {
            let id = short_id();
            tracing::error!(error_id = %id, error = %e, "the service panicked");
            internal(&id)
        })
    };
    tokio::select! {
        biased;
        r = &mut task => (joined(r), false),
        () = tokio::time::sleep(DEFER_AFTER) => {
            defer.await;
            (joined(task.await), true)
        }
    }
}

/// A short id for an error, shown to the user and logged.
pub fn short_id() -> String {
    format!("{:08x}", rand::random::<u32>())
}

fn internal(id: &str) -> Reply {
    Reply::ephemeral(format!(
        "Something went wrong on our side (error id {id}). Please try again."
    ))
}

const STOPPING: &str = "I am restarting; please try again in a minute.";

/// Refuses a command before it reaches the service (a front-end check).
pub async fn refuse(ctx: Context<'_>, text: &str) -> Result<(), Error> {
    ctx.send(
        poise::CreateReply::default()
            .content(mapping::content(text))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Autocomplete through the service, within Discord's limits.
pub async fn suggestions(ctx: Context<'_>, command: &str, option: &str, typed: &str) -> Vec<String> {
    let poise::Context::Application(actx) = ctx else {
        return Vec::new();
    };
    suggest(&ctx.data().service, actx.interaction, command, option, typed).await
}

/// The suggestions for an autocomplete interaction, however it arrived.
pub async fn suggest(
    service: &Service,
    interaction: &serenity::CommandInteraction,
    command: &str,
    option: &str,
    typed: &str,
) -> Vec<String> {
    let user = user_of(&interaction.user, interaction.member.as_deref());
    let channel = interaction.channel_id.to_string();
    let typed = mapping::cut(typed, 100);
    let all = service
        .autocomplete(&user, &channel, command, option, typed)
        .await;
    mapping::suggestions(all)
}

/// The service request of a slash command (or context-menu command).
pub fn command_request(interaction: &serenity::CommandInteraction, name: &str, options: Options) -> Request {
    let input = Input::Command {
        name: name.to_string(),
        options,
    };
    let (user, member) = (&interaction.user, interaction.member.as_deref());
    let asker = Asker::new(user, member, interaction.guild_id, interaction.channel_id);
    let owners = &interaction.authorizing_integration_owners;
    asker.authorized(interaction.context, owners).request(input)
}

/// The service request of a button or select.
pub fn component_request(interaction: &serenity::ComponentInteraction) -> Request {
    let values = match &interaction.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let input = Input::Component {
        custom_id: interaction.data.custom_id.clone(),
        values,
    };
    let (user, member) = (&interaction.user, interaction.member.as_ref());
    let asker = Asker::new(user, member, interaction.guild_id, interaction.channel_id);
    let owners = &interaction.authorizing_integration_owners;
    asker.authorized(interaction.context, owners).request(input)
}

/// The service request of a modal's submission: its custom_id and the text
/// typed into its fields, as a component's. Discord sends a modal without
/// its context or the owners that authorized it.
fn modal_request(interaction: &serenity::ModalInteraction) -> Request {
    let values = interaction
        .data
        .components
        .iter()
        .flat_map(|row| &row.components)
        .filter_map(|c| match c {
            serenity::ActionRowComponent::InputText(input) => input.value.clone(),
            _ => None,
        })
        .collect();
    let input = Input::Component {
        custom_id: interaction.data.custom_id.clone(),
        values,
    };
    Asker::new(
        &interaction.user,
        interaction.member.as_ref(),
        interaction.guild_id,
        interaction.channel_id,
    )
    .request(input)
}

/// Who asks, and where: what a service request says of any interaction.
struct Asker<'a> {
    user: &'a serenity::User,
    member: Option<&'a serenity::Member>,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    context: Option<serenity::InteractionContext>,
    owners: &'a serenity::AuthorizingIntegrationOwners,
}

/// The owners of an interaction that names none.
static NO_OWNERS: serenity::AuthorizingIntegrationOwners = serenity::AuthorizingIntegrationOwners(Vec::new());

impl<'a> Asker<'a> {
    /// An asker whose interaction names no context and no owners.
    fn new(
        user: &'a serenity::User,
        member: Option<&'a serenity::Member>,
        guild: Option<serenity::GuildId>,
        channel: serenity::ChannelId,
    ) -> Self {
        Asker {
            user,
            member,
            guild,
            channel,
            context: None,
            owners: &NO_OWNERS,
        }
    }

    /// The asker with the context and owners that its interaction names.
    fn authorized(
        self,
        context: Option<serenity::InteractionContext>,
        owners: &'a serenity::AuthorizingIntegrationOwners,
    ) -> Self {
        Asker {
            context,
            owners,
            ..self
        }
    }

    fn request(&self, input: Input) -> Request {
        Request {
            user: user_of(self.user, self.member),
            guild: guild_of(self.guild),
            channel: self.channel.to_string(),
            at: Utc::now(),
            input,
            manage_channels: manages_channel(self.member, self.context),
            manage_messages: manages_messages(self.member),
            bot_member: bot_member(self.context, self.owners, self.guild),
        }
    }
}

/// Where an interaction is answered from: the gateway's context, or the
/// HTTP endpoint's.
#[derive(Clone, Copy)]
pub struct Answering<'a> {
    pub http: &'a serenity::Http,
    pub data: &'a Data,
    /// Set when the interaction arrived over HTTP.
    pub first: Option<&'a FirstResponse>,
    /// poise's note that the first response went out (its errors then
    /// become follow-ups).
    pub sent: Option<&'a AtomicBool>,
    /// The interaction webhooks without the bot token (`antics serve`).
    pub webhooks: Option<&'a Webhooks>,
}

/// Tells the user `text` privately: as the first response when that has
/// not gone out, else as a follow-up.
pub async fn tell(
    at: Answering<'_>,
    id: serenity::InteractionId,
    token: &str,
    text: &str,
) -> Result<(), Error> {
    let handle = Handle {
        id,
        token,
        first: at.first,
        webhooks: at.webhooks,
    };
    let message = Message::ephemeral(text);
    match at.first.and_then(FirstResponse::take) {
        Some(tx) => tx
            .send(Initial::Message(message))
            .map_err(|_| anyhow::anyhow!("the interaction's HTTP request was closed")),
        None => handle.followup(at.http, &message).await.map(|_| ()),
    }
}

/// The outcome of a reply, as metrics count it.
pub fn outcome(reply: &Reply) -> String {
    match &reply.error {
        None => "ok".to_string(),
        Some(e) => e.code.to_string(),
    }
}

/// One interaction under way, with what every kind of it does around the
/// service's reply: counted in flight, refused while stopping, deferred
/// when the service is slow, and its reply logged and counted.
struct Turn<'a> {
    at: Answering<'a>,
    handle: Handle<'a>,
    /// The interaction's name in metrics.
    label: &'a str,
    _inflight: super::InFlightGuard,
}

impl<'a> Turn<'a> {
    fn new(at: Answering<'a>, id: serenity::InteractionId, token: &'a str, label: &'a str) -> Self {
        Turn {
            _inflight: at.data.inflight.enter(),
            handle: Handle {
                id,
                token,
                first: at.first,
                webhooks: at.webhooks,
            },
            at,
            label,
        }
    }

    /// While the bot is stopping, tells the user so instead of answering;
    /// None otherwise.
    async fn refuse_while_stopping(&self) -> Option<Result<(), Error>> {
        if !self.at.data.stopping.load(Ordering::SeqCst) {
            return None;
        }
        crate::metrics::get().interaction(self.label, "stopping");
        let message = Message::ephemeral(STOPPING);
        Some(self.handle.create(self.at.http, Initial::Message(message)).await)
    }

    /// The service's reply to `req`, and whether the interaction was
    /// deferred (as `defer`) while waiting for it.
    async fn answer(&self, req: &Request, defer: Initial) -> (Reply, bool) {
        let Answering { http, data, .. } = self.at;
        let defer = async {
            match self.handle.create(http, defer).await {
                Ok(()) => tracing::debug!("deferred"),
                Err(e) => tracing::warn!(error = %e, "could not defer"),
            }
        };
        let (reply, deferred) = answer(&data.service, req, defer).await;
        // From here on, poise's own replies (on_error) must be follow-ups.
        if let Some(sent) = self.at.sent {
            sent.store(true, Ordering::SeqCst);
        }
        log_reply(&reply, deferred);
        crate::metrics::get().interaction(self.label, &outcome(&reply));
        (reply, deferred)
    }

    /// What `deliver` needs of this interaction, in `channel` of `guild`.
    fn delivery<'b>(
        &self,
        (kind, origin): (Kind, Origin<'b>),
        guild: Option<serenity::GuildId>,
        channel: serenity::ChannelId,
        req: &'b Request,
        deferred: bool,
    ) -> Delivery<'b>
    where
        'a: 'b,
    {
        let place = Place {
            guild: guild_of(guild),
            channel: channel.to_string(),
            bot_member: req.bot_member,
        };
        Delivery {
            handle: self.handle,
            kind,
            origin,
            channel,
            place,
            deferred,
            req,
        }
    }
}

/// A slash command: the request, the reply, and what it becomes on Discord.
pub async fn command(ctx: Context<'_>, name: &str, options: Options) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        return Ok(());
    };
    let at = Answering {
        http: &ctx.serenity_context().http,
        data: ctx.data(),
        first: None,
        sent: Some(actx.has_sent_initial_response),
        webhooks: None,
    };
    run_command(at, actx.interaction, name, options).await
}

/// A command with its service options, from either front end.
pub async fn run_command(
    at: Answering<'_>,
    interaction: &serenity::CommandInteraction,
    name: &str,
    options: Options,
) -> Result<(), Error> {
    let Answering { http, data, .. } = at;
    let turn = Turn::new(at, interaction.id, &interaction.token, name);
    if let Some(refused) = turn.refuse_while_stopping().await {
        return refused;
    }
    let handle = turn.handle;
    let req = command_request(interaction, name, options);
    let span = tracing::info_span!("command", command = name, user = %req.user.id, channel = %req.channel);
    async move {
        let (reply, deferred) = turn.answer(&req, Initial::Defer).await;
        let reply = with_open_table(reply, data.activity);
        let origin = mapping::command_origin(name);
        let opens_game = name == "armyants challenge" || name == "atta new";
        if opens_game
            && is_busy(&reply)
            && req.bot_member
            && can_thread(interaction)
            && has_bot_token(http, "a thread")
        {
            if !deferred {
                handle.create(http, Initial::Defer).await?;
            }
            return challenge_in_thread(http, data, handle, interaction, req, reply).await;
        }
        let (guild, channel) = (interaction.guild_id, interaction.channel_id);
        let delivery = turn.delivery((Kind::Command, origin), guild, channel, &req, deferred);
        deliver(http, &data.service, delivery, &reply).await
    }
    .instrument(span)
    .await
}

/// The custom id of a board's "Open table" button.
pub const OPEN_TABLE: &str = "table:open";

/// A public board of an app with an Activity carries a button that opens
/// the table (Discord answers it by launching the Activity), where there
/// is room for one more button.
pub fn with_open_table(mut reply: Reply, activity: bool) -> Reply {
    let board = reply.game.is_some() && reply.image.is_some() && !reply.ephemeral;
    if !(activity && board) {
        return reply;
    }
    // A button goes in the last row of buttons if it has room, else in a
    // row of its own (`layout` would leave out a sixth).
    let rows = mapping::layout(&reply.components);
    let room = rows.len() < mapping::MAX_ROWS
        || matches!(rows.last(), Some(mapping::Row::Buttons(b)) if b.len() < mapping::MAX_BUTTONS_PER_ROW);
    if room {
        reply.components.push(Component::button(
            OPEN_TABLE,
            "Open table",
            ButtonStyle::Secondary,
        ));
    }
    reply
}

/// A button or select: handled here rather than by collectors, so that it
/// works after a restart (the game id travels in the custom_id).
pub async fn component(ctx: &serenity::Context, data: &Data, interaction: &serenity::ComponentInteraction) {
    let at = Answering {
        http: &ctx.http,
        data,
        first: None,
        sent: None,
        webhooks: None,
    };
    run_component(at, interaction).await;
}

/// A button or select, from either front end.
pub async fn run_component(at: Answering<'_>, interaction: &serenity::ComponentInteraction) {
    let Answering { http, data, .. } = at;
    let label = component_label(&interaction.data.custom_id);
    let turn = Turn::new(at, interaction.id, &interaction.token, &label);
    if let Some(refused) = turn.refuse_while_stopping().await {
        if let Err(e) = refused {
            tracing::warn!(error = %e, "could not answer a click while stopping");
        }
        return;
    }
    let handle = turn.handle;
    if interaction.data.custom_id == OPEN_TABLE {
        crate::metrics::get().interaction(&label, "ok");
        if let Err(e) = handle.create(http, Initial::LaunchActivity).await {
            tracing::warn!(error = %e, "could not open the table");
        }
        return;
    }
    let req = component_request(interaction);
    let span = tracing::info_span!(
        "component",
        custom_id = %interaction.data.custom_id,
        user = %req.user.id,
        channel = %req.channel
    );
    async move {
        let (reply, deferred) = turn.answer(&req, Initial::Acknowledge).await;
        let reply = with_open_table(reply, data.activity);
        let channel = interaction.channel_id;
        let message_id = interaction.message.id;
        let message_key = message_id.to_string();
        let kind = Kind::Component { message_id };
        let origin = mapping::component_origin(&interaction.data.custom_id, &message_key);
        let delivery = turn.delivery((kind, origin), interaction.guild_id, channel, &req, deferred);
        if let Err(e) = deliver(http, &data.service, delivery, &reply).await {
            let id = short_id();
            tracing::error!(error_id = %id, error = %format!("{e:#}"), "could not answer a click");
            let message = Message::ephemeral(&format!("Something went wrong on our side (error id {id})."));
            // The response may or may not have gone out: try a follow-up.
            let _ = handle.followup(http, &message).await;
        }
    }
    .instrument(span)
    .await
}

/// A modal's submission, answered with a message.
pub async fn run_modal(at: Answering<'_>, interaction: &serenity::ModalInteraction) {
    let Answering { http, .. } = at;
    let label = component_label(&interaction.data.custom_id);
    let turn = Turn::new(at, interaction.id, &interaction.token, &label);
    let req = modal_request(interaction);
    let (reply, deferred) = turn.answer(&req, Initial::Defer).await;
    let response = Response::Message(Message::full(&reply));
    if let Err(e) = respond(http, turn.handle, Kind::Command, deferred, &response, false).await {
        tracing::warn!(error = %format!("{e:#}"), "could not answer a form");
    }
}

/// A component's kind for metrics: the custom_id's tag (a game's, `sol`
/// for a patience's board, `daily`, `lb`), never the game id after it, so
/// the series stay few whatever a client sends.
pub fn component_label(custom_id: &str) -> String {
    let head = custom_id.split(':').next().unwrap_or_default();
    let known = crate::rules::GameKind::ALL
        .into_iter()
        .map(|k| k.component_tag())
        .chain(["sol", "daily", "lb"])
        .any(|tag| tag == head);
    match known {
        true => format!("component {head}"),
        false => "component".to_string(),
    }
}

fn log_reply(reply: &Reply, deferred: bool) {
    let game = reply.game.as_ref().map(|g| g.id.as_str());
    match &reply.error {
        None => tracing::info!(ok = true, game, deferred, "handled"),
        Some(e) if e.code == ErrorCode::Internal => {
            tracing::error!(ok = false, code = %e.code, message = %e.message, game, "internal error")
        }
        Some(e) => tracing::info!(ok = false, code = %e.code, game, deferred, "refused"),
    }
}

fn is_busy(reply: &Reply) -> bool {
    reply
        .error
        .as_ref()
        .is_some_and(|e| e.code == ErrorCode::BusyChannel)
}

/// Whether a thread can be started from the interaction's channel: a guild
/// text channel (not already a thread, not a forum, not a DM).
fn can_thread(interaction: &serenity::CommandInteraction) -> bool {
    interaction.guild_id.is_some()
        && interaction
            .channel
            .as_ref()
            .is_some_and(|c| c.kind == serenity::ChannelType::Text)
}

/// Everything `deliver` needs to know about the interaction.
struct Delivery<'a> {
    handle: Handle<'a>,
    kind: Kind,
    origin: Origin<'a>,
    channel: serenity::ChannelId,
    place: Place,
    deferred: bool,
    req: &'a Request,
}

/// Sends a reply as `mapping::plan` says: the response, the board message,
/// the ping, the record of a finished game and the reply's posts.
async fn deliver(
    http: &serenity::Http,
    service: &Service,
    d: Delivery<'_>,
    reply: &Reply,
) -> Result<(), Error> {
    let public_game = reply.game.as_ref().filter(|_| reply.ok() && !reply.ephemeral);
    let board_message = match (public_game, d.origin) {
        (Some(game), Origin::GameCommand | Origin::Component { .. }) => {
            match service.board_message(&game.id).await {
                Ok(id) => id,
                Err(e) => {
                    tracing::warn!(error = %format!("{e:#}"), "could not look up the board message");
                    None
                }
            }
        }
        _ => None,
    };
    let plan: Plan = mapping::plan(
        reply,
        &Situation {
            origin: d.origin,
            board_message: board_message.as_deref(),
            actor_id: &d.req.user.id,
            deferred: d.deferred,
            place: d.place.clone(),
        },
    );
    let need_id = plan.board == Board::RecordResponse;
    let shown = respond(http, d.handle, d.kind, d.deferred, &plan.response, need_id).await?;
    if let Some(game) = public_game {
        match &plan.board {
            Board::Keep => {}
            Board::RecordResponse => match shown {
                Some(id) => record_board(service, &game.id, id).await,
                None => tracing::warn!(game = %game.id, "the board message's id is unknown"),
            },
            Board::Edit { message_id, message } => {
                edit_board(http, service, d.channel, &game.id, message_id, message).await;
            }
        }
    }
    if let (Some(text), Some(game)) = (&plan.ping, &reply.game) {
        ping(http, service, d.channel, &game.id, text).await;
    }
    if plan.show_record {
        let to = match d.place.bot_member {
            true => Sending::Channel(d.channel),
            false => Sending::Followup(d.handle),
        };
        show_record(http, service, to, d.handle, d.req).await;
    }
    deliver_posts(http, service, &reply.posts, Some(d.handle)).await;
    Ok(())
}

/// Answers the interaction; returns the id of the message that now shows the
/// response when it is public and known (read back only when `need_id`).
async fn respond(
    http: &serenity::Http,
    handle: Handle<'_>,
    kind: Kind,
    deferred: bool,
    response: &Response,
    need_id: bool,
) -> Result<Option<serenity::MessageId>, Error> {
    let message = response.message();
    match (kind, deferred, response) {
        (Kind::Component { message_id }, false, Response::Update(m)) => {
            handle.create(http, Initial::Update(m.clone())).await?;
            Ok(Some(message_id))
        }
        (Kind::Component { message_id }, true, Response::Update(m)) => {
            handle.edit(http, m).await?;
            Ok(Some(message_id))
        }
        (Kind::Component { .. }, true, Response::Message(m)) => {
            let id = handle.followup(http, m).await?;
            Ok((!m.ephemeral).then_some(id))
        }
        (_, false, _) => {
            handle.create(http, Initial::Message(message.clone())).await?;
            if message.ephemeral || !need_id {
                return Ok(None);
            }
            match handle.original(http).await {
                Ok(id) => Ok(Some(id)),
                Err(e) => {
                    tracing::warn!(error = %e, "could not read back the response");
                    Ok(None)
                }
            }
        }
        (Kind::Command, true, _) if message.ephemeral => {
            // A deferred response keeps the visibility it was deferred with
            // (public): remove it and answer privately instead, so nothing
            // private is ever shown to the channel.
            if let Err(e) = handle.delete(http).await {
                tracing::warn!(error = %e, "could not remove the deferred response");
            }
            handle.followup(http, message).await?;
            Ok(None)
        }
        (Kind::Command, true, _) => Ok(Some(handle.edit(http, message).await?)),
    }
}

/// Sends a "your move" ping and deletes the game's previous one, so a
/// channel holds at most one live ping per game.
async fn ping(
    http: &serenity::Http,
    service: &Service,
    channel: serenity::ChannelId,
    game_id: &str,
    text: &str,
) {
    if !has_bot_token(http, "a ping") {
        return;
    }
    let sent = match channel
        .send_message(http, Message::text(text).to_create_message())
        .await
    {
        Ok(sent) => sent,
        Err(e) => {
            tracing::warn!(error = %e, "could not send the ping");
            return;
        }
    };
    let earlier = match service.swap_ping_message(game_id, &sent.id.to_string()).await {
        Ok(earlier) => earlier,
        Err(e) => {
            tracing::warn!(game = %game_id, error = %format!("{e:#}"), "could not record the ping");
            return;
        }
    };
    if let Some(id) = earlier
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|id| *id != 0)
    {
        if let Err(e) = channel.delete_message(http, serenity::MessageId::new(id)).await {
            tracing::debug!(error = %e, "the earlier ping was already gone");
        }
    }
}

async fn record_board(service: &Service, game_id: &str, message_id: serenity::MessageId) {
    if let Err(e) = service.set_board_message(game_id, &message_id.to_string()).await {
        tracing::warn!(game = %game_id, error = %format!("{e:#}"), "could not record the board message");
    }
}

/// Edits the board message in place (content, components and the whole
/// attachment list); if it is gone, sends a new one and records it.
async fn edit_board(
    http: &serenity::Http,
    service: &Service,
    channel: serenity::ChannelId,
    game_id: &str,
    message_id: &str,
    message: &Message,
) {
    if !has_bot_token(http, "a board's edit") {
        return;
    }
    let edited = match message_id.parse::<u64>().ok().filter(|id| *id != 0) {
        Some(id) => channel
            .edit_message(http, serenity::MessageId::new(id), message.to_edit_message())
            .await
            .map(|_| ())
            .map_err(|e| e.to_string()),
        None => Err(format!("`{message_id}` is not a message id")),
    };
    let Err(why) = edited else { return };
    tracing::warn!(game = %game_id, error = %why, "could not edit the board message; sending a new one");
    match channel.send_message(http, message.to_create_message()).await {
        Ok(new) => record_board(service, game_id, new.id).await,
        Err(e) => tracing::error!(game = %game_id, error = %e, "could not send a new board message"),
    }
}

/// How a message goes out: to a channel with the bot's token, or as a
/// follow-up of an interaction (where the bot is not a member).
#[derive(Clone, Copy)]
enum Sending<'a> {
    Channel(serenity::ChannelId),
    Followup(Handle<'a>),
}

/// Posts the record of the game that just ended, with its animated replay.
/// A record the service keeps private (a daily attempt of a day still open)
/// goes to its player alone, as an ephemeral follow-up of `handle`.
async fn show_record(
    http: &serenity::Http,
    service: &Service,
    to: Sending<'_>,
    handle: Handle<'_>,
    req: &Request,
) {
    let record = service
        .handle(&Request {
            at: Utc::now(),
            input: Input::Command {
                name: "record".into(),
                options: Options::new(),
            },
            ..req.clone()
        })
        .await;
    if !record.ok() {
        return;
    }
    let (text, file) = mapping::record_message(&record.text);
    let mut files = Vec::new();
    if let Some(bytes) = file {
        files.push(serenity::CreateAttachment::bytes(bytes, "record.txt"));
    }
    // The animated replay, as `replay.gif`.
    if let Some(image) = record.image.as_ref().and_then(mapping::image) {
        let name = image.file_name();
        files.push(serenity::CreateAttachment::bytes(image.png, name).description(image.alt));
    }
    let to = match record.ephemeral {
        true => Sending::Followup(handle),
        false => to,
    };
    let sent = match to {
        Sending::Channel(_) if !has_bot_token(http, "a record") => return,
        Sending::Channel(channel) => {
            let message = serenity::CreateMessage::new()
                .content(text)
                .allowed_mentions(serenity::CreateAllowedMentions::new())
                .add_files(files);
            channel
                .send_message(http, message)
                .await
                .map(drop)
                .map_err(Error::from)
        }
        Sending::Followup(handle) => {
            let message = serenity::CreateInteractionResponseFollowup::new()
                .content(text)
                .ephemeral(record.ephemeral)
                .allowed_mentions(serenity::CreateAllowedMentions::new())
                .add_files(files.clone());
            handle.send_followup(http, message, files).await.map(drop)
        }
    };
    if let Err(e) = sent {
        tracing::warn!(error = %format!("{e:#}"), "could not post the record");
    }
}

/// Whether `http` has the bot's token; without it (`antics serve` with no
/// DISCORD_TOKEN) `what` is not sent at all, rather than sent with an
/// empty `Authorization: Bot ` header for Discord to refuse.
fn has_bot_token(http: &serenity::Http, what: &str) -> bool {
    let has = http
        .token()
        .strip_prefix("Bot ")
        .is_some_and(|token| !token.trim().is_empty());
    if !has {
        tracing::debug!(what, "not sent: no bot token");
    }
    has
}

/// Sends the service's posts (expiries, deployment news) to their channels,
/// or to players' DMs; posts for follow-ups need an interaction.
pub async fn send_posts(http: &serenity::Http, service: &Service, posts: &[Post]) {
    deliver_posts(http, service, posts, None).await;
}

/// A post as a message.
fn post_message(post: &Post) -> Message {
    Message {
        content: mapping::content(&post.text),
        image: post.image.as_ref().and_then(mapping::image),
        rows: mapping::layout(&post.components),
        ephemeral: false,
        embeds: Vec::new(),
    }
}

/// Sends a post to a user's DM with the bot (opening the DM channel). A
/// user the bot may not write to (no shared server, no install) is logged.
async fn send_dm(http: &serenity::Http, user: &str, post: &Post) {
    if !has_bot_token(http, "a DM") {
        return;
    }
    let Some(user) = user.parse::<u64>().ok().filter(|id| *id != 0) else {
        tracing::warn!(user = %user, "a DM for a user who is not a Discord user");
        return;
    };
    let user = serenity::UserId::new(user);
    let sent = match user.create_dm_channel(http).await {
        Ok(dm) => dm
            .id
            .send_message(http, post_message(post).to_create_message())
            .await
            .map(|_| ()),
        Err(e) => Err(e),
    };
    if let Err(e) = sent {
        tracing::info!(user = %user, error = %e, "could not send a DM");
    }
}

async fn deliver_posts(http: &serenity::Http, service: &Service, posts: &[Post], handle: Option<Handle<'_>>) {
    for post in posts {
        if let Some(user) = &post.dm {
            send_dm(http, user, post).await;
            continue;
        }
        if post.followup {
            match handle {
                Some(handle) => {
                    if let Err(e) = handle.followup(http, &post_message(post)).await {
                        tracing::warn!(error = %e, "could not send a follow-up");
                    }
                }
                None => tracing::warn!("a follow-up without an interaction"),
            }
            continue;
        }
        if !has_bot_token(http, "a channel post") {
            continue;
        }
        let channel = match &post.thread {
            Some(thread) => match start_thread(http, service, thread).await {
                Some(channel) => channel,
                None => continue,
            },
            None => match post.channel.parse::<u64>().ok().filter(|id| *id != 0) {
                Some(channel) => serenity::ChannelId::new(channel),
                None => {
                    tracing::warn!(channel = %post.channel, "a post for a channel that is not a Discord channel");
                    continue;
                }
            },
        };
        let message = post_message(post);
        // A post that replaces a game's board edits its message in place.
        if let Some(game_id) = &post.edit {
            match service.board_message(game_id).await {
                Ok(Some(message_id)) => {
                    edit_board(http, service, channel, game_id, &message_id, &message).await;
                    continue;
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %format!("{e:#}"), "could not look up the board message"),
            }
        }
        let mut create = message.to_create_message();
        if let Some(claim) = &post.claim {
            // Discord keeps one message per nonce: a claim that ran out and
            // is sent again by another process cannot post twice.
            create = create
                .nonce(serenity::Nonce::String(claim.nonce.clone()))
                .enforce_nonce(true);
        }
        let sent = channel.send_message(http, create).await;
        match &sent {
            Ok(sent) => {
                if let Some(game_id) = &post.edit {
                    record_board(service, game_id, sent.id).await;
                }
            }
            Err(e) => tracing::warn!(channel = %channel, error = %e, "could not send a post"),
        }
        // A claimed post is confirmed once sent, or once it never can be;
        // after a failure that may pass, its claim runs out and a later
        // sweep (here or in another process) sends it again.
        if post.claim.is_some() && sent.as_ref().err().is_none_or(|e| !may_pass(e)) {
            if let Err(e) = service.sent(post, Utc::now()).await {
                tracing::warn!(channel = %channel, error = %format!("{e:#}"), "could not confirm a post");
            }
        }
    }
}

/// Starts the thread a tournament's game is played in and moves the game
/// there, so that its clicks and commands find it; `None` if Discord
/// refused (the game then stays where it was made, and its players can
/// still reach it through the standings).
async fn start_thread(
    http: &serenity::Http,
    service: &Service,
    thread: &NewThread,
) -> Option<serenity::ChannelId> {
    let parent = thread.parent.parse::<u64>().ok().filter(|id| *id != 0)?;
    let name: String = thread.name.chars().take(100).collect();
    let create = serenity::CreateThread::new(name)
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match serenity::ChannelId::new(parent).create_thread(http, create).await {
        Ok(made) => {
            if let Err(e) = service.move_game(&thread.game, &made.id.to_string()).await {
                tracing::warn!(game = %thread.game, error = %format!("{e:#}"), "could not move a game to its thread");
            }
            Some(made.id)
        }
        Err(e) => {
            tracing::warn!(channel = %parent, error = %e, "could not start a game's thread");
            None
        }
    }
}

/// Whether a failed request may succeed later: Discord's own errors (5xx),
/// its rate limit (429), or no answer at all. Anything else it refused
/// (an unknown channel, missing access) stays refused.
pub fn may_pass(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(answer)) => {
            let status = answer.status_code;
            status.is_server_error() || status.as_u16() == 429
        }
        _ => true,
    }
}

/// Answers a deferred command with `reply` as it stands.
async fn answer_deferred(http: &serenity::Http, handle: Handle<'_>, reply: &Reply) -> Result<(), Error> {
    let response = Response::Message(Message::full(reply));
    respond(http, handle, Kind::Command, true, &response, false)
        .await
        .map(|_| ())
}

/// `/armyants challenge` or `/atta new` in a busy text channel: open a
/// thread (a channel of its own), start there, and say where in the channel.
async fn challenge_in_thread(
    http: &serenity::Http,
    data: &Data,
    handle: Handle<'_>,
    interaction: &serenity::CommandInteraction,
    req: Request,
    busy: Reply,
) -> Result<(), Error> {
    let opponent = match &req.input {
        Input::Command { options, .. } => match options.get("opponent") {
            Some(crate::service::OptionValue::User(u)) => u.name.clone(),
            _ => "?".into(),
        },
        Input::Component { .. } => "?".into(),
    };
    let is_atta = matches!(&req.input, Input::Command { name, .. } if name == "atta new");
    let name = if is_atta {
        mapping::thread_name(&format!("Atta Ants: {}'s game", req.user.name))
    } else {
        mapping::thread_name(&format!("Army Ants: {} vs {opponent}", req.user.name))
    };
    let thread = interaction
        .channel_id
        .create_thread(
            http,
            serenity::CreateThread::new(name)
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneDay),
        )
        .await;
    let thread = match thread {
        Ok(thread) => thread,
        Err(e) => {
            tracing::warn!(error = %e, "could not open a thread for a challenge");
            let mut reply = busy;
            reply.text.push_str(" (I could not open a thread here.)");
            return answer_deferred(http, handle, &reply).await;
        }
    };
    let req = Request {
        channel: thread.id.to_string(),
        at: Utc::now(),
        ..req
    };
    let reply = data.service.handle(&req).await;
    log_reply(&reply, true);
    if !reply.ok() {
        if let Err(e) = thread.id.delete(http).await {
            tracing::info!(error = %e, "could not remove the unused thread");
        }
        return answer_deferred(http, handle, &reply).await;
    }
    let sent = thread
        .id
        .send_message(http, Message::full(&reply).to_create_message())
        .await
        .context("sending the challenge into its thread")?;
    if let Some(game) = &reply.game {
        record_board(&data.service, &game.id, sent.id).await;
    }
    let note = format!(
        "This channel already has a game, so {}'s {} is in <#{}>.",
        crate::service::mention(&req.user),
        if is_atta { "Atta Ants game" } else { "challenge" },
        thread.id
    );
    respond(
        http,
        handle,
        Kind::Command,
        true,
        &Response::Message(Message::text(&note)),
        false,
    )
    .await?;
    send_posts(http, &data.service, &reply.posts).await;
    Ok(())
}

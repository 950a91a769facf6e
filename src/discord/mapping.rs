//! From a service reply to Discord messages: pure functions, no network.
//!
//! Everything Discord limits is cut here, on character boundaries, so that a
//! long reply never makes a request fail: content, alt text, labels, rows of
//! components. [`plan`] decides what a reply becomes (an interaction
//! response, an edit of the game's board message, a ping); the network code
//! in `send.rs` only carries the plan out.

use crate::service::{ButtonStyle, Component, Embed, ErrorCode, Image, Reply, BOT_ID};
use poise::serenity_prelude as serenity;
use std::borrow::Cow;

/// Characters of message content.
pub const MAX_CONTENT: usize = 2000;
/// Characters of an attachment's description (alt text).
pub const MAX_ALT: usize = 1024;
/// Characters of a button label.
pub const MAX_BUTTON_LABEL: usize = 80;
/// Characters of a component's custom_id.
pub const MAX_CUSTOM_ID: usize = 100;
/// Action rows per message.
pub const MAX_ROWS: usize = 5;
/// Buttons per action row.
pub const MAX_BUTTONS_PER_ROW: usize = 5;
/// Options of a select menu.
pub const MAX_SELECT_OPTIONS: usize = 25;
/// Characters of a select option's label or value.
pub const MAX_SELECT_TEXT: usize = 100;
/// Characters of a select menu's placeholder.
pub const MAX_PLACEHOLDER: usize = 150;
/// Bytes of one attached file (Discord's smallest upload limit).
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// Autocomplete suggestions.
pub const MAX_AUTOCOMPLETE: usize = 25;
/// Characters of an autocomplete choice's name or string value.
pub const MAX_CHOICE_TEXT: usize = 100;
/// Characters across all embeds of one message.
pub const MAX_EMBED_TOTAL: usize = 6000;
/// Characters of an embed's description.
pub const MAX_EMBED_DESCRIPTION: usize = 4096;
/// Characters of an embed's title.
pub const MAX_EMBED_TITLE: usize = 256;
/// Fields of one embed.
pub const MAX_EMBED_FIELDS: usize = 25;
/// Characters of an embed field's name.
pub const MAX_FIELD_NAME: usize = 256;
/// Characters of an embed field's value.
pub const MAX_FIELD_VALUE: usize = 1024;
/// Characters of an embed's footer.
pub const MAX_EMBED_FOOTER: usize = 2048;
/// Embeds of one message.
pub const MAX_EMBEDS: usize = 10;
/// Characters of a thread's name.
pub const MAX_THREAD_NAME: usize = 100;
/// The name of the board image in every message that carries one.
pub const BOARD_FILE: &str = "board.png";

/// The length of `text` as Discord may count it: UTF-16 code units, which is
/// never less than the number of characters, so it is the stricter count.
pub fn discord_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// `text` cut to at most `max` (as [`discord_len`] counts) on a character
/// boundary, ending in `…` when something was cut.
pub fn truncate(text: &str, max: usize) -> Cow<'_, str> {
    if discord_len(text) <= max {
        return Cow::Borrowed(text);
    }
    if max == 0 {
        return Cow::Borrowed("");
    }
    let budget = max - 1; // room for the ellipsis
    let mut used = 0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        if used + c.len_utf16() > budget {
            break;
        }
        used += c.len_utf16();
        end = i + c.len_utf8();
    }
    Cow::Owned(format!("{}…", &text[..end]))
}

/// `text` cut to at most `max` without an ellipsis (for values that must stay
/// a prefix of what they were, like thread names).
pub fn cut(text: &str, max: usize) -> &str {
    let mut used = 0;
    for (i, c) in text.char_indices() {
        if used + c.len_utf16() > max {
            return &text[..i];
        }
        used += c.len_utf16();
    }
    text
}

/// A button as Discord will show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: ButtonStyle,
}

/// A select menu as Discord will show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Select {
    pub id: String,
    pub placeholder: String,
    /// (label, value)
    pub options: Vec<(String, String)>,
}

/// One action row: up to five buttons, or one select menu alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Buttons(Vec<Button>),
    Select(Select),
}

/// Whether a custom_id can travel to Discord and back.
pub fn valid_custom_id(id: &str) -> bool {
    !id.is_empty() && discord_len(id) <= MAX_CUSTOM_ID
}

/// Lays components out in action rows within Discord's limits: buttons five
/// to a row in order, each select alone in its row, at most five rows. What
/// cannot be shown (a bad or repeated custom_id, an empty select, a sixth
/// row) is left out and logged; select options past 25 are dropped.
pub fn layout(components: &[Component]) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut buttons: Vec<Button> = Vec::new();
    let mut dropped = 0usize;
    let flush = |rows: &mut Vec<Row>, buttons: &mut Vec<Button>, dropped: &mut usize| {
        if buttons.is_empty() {
            return;
        }
        if rows.len() < MAX_ROWS {
            rows.push(Row::Buttons(std::mem::take(buttons)));
        } else {
            *dropped += buttons.len();
            buttons.clear();
        }
    };
    for component in components {
        let id = component.id();
        if !valid_custom_id(id) || seen.contains(&id) {
            tracing::warn!(custom_id = %truncate(id, 120), "component left out: bad or repeated custom_id");
            dropped += 1;
            continue;
        }
        seen.push(id);
        match component {
            Component::Button { id, label, style } => {
                if buttons.len() == MAX_BUTTONS_PER_ROW {
                    flush(&mut rows, &mut buttons, &mut dropped);
                }
                let label = if label.trim().is_empty() {
                    "·"
                } else {
                    label.as_str()
                };
                buttons.push(Button {
                    id: id.clone(),
                    label: truncate(label, MAX_BUTTON_LABEL).into_owned(),
                    style: *style,
                });
            }
            Component::Select {
                id,
                placeholder,
                options,
            } => {
                flush(&mut rows, &mut buttons, &mut dropped);
                let mut values: Vec<&str> = Vec::new();
                let options: Vec<(String, String)> = options
                    .iter()
                    .filter(|o| {
                        let ok = !o.value.is_empty()
                            && discord_len(&o.value) <= MAX_SELECT_TEXT
                            && !values.contains(&o.value.as_str());
                        if ok {
                            values.push(&o.value);
                        }
                        ok
                    })
                    .take(MAX_SELECT_OPTIONS)
                    .map(|o| {
                        let label = if o.label.trim().is_empty() {
                            &o.value
                        } else {
                            &o.label
                        };
                        (truncate(label, MAX_SELECT_TEXT).into_owned(), o.value.clone())
                    })
                    .collect();
                if options.is_empty() {
                    dropped += 1;
                    continue;
                }
                let select = Select {
                    id: id.clone(),
                    placeholder: truncate(placeholder, MAX_PLACEHOLDER).into_owned(),
                    options,
                };
                if rows.len() < MAX_ROWS {
                    rows.push(Row::Select(select));
                } else {
                    dropped += 1;
                }
            }
        }
    }
    flush(&mut rows, &mut buttons, &mut dropped);
    if dropped > 0 {
        tracing::warn!(dropped, "components left out to stay within Discord's limits");
    }
    rows
}

fn button_style(style: ButtonStyle) -> serenity::ButtonStyle {
    match style {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
    }
}

/// The serenity builders for laid-out rows.
pub fn action_rows(rows: &[Row]) -> Vec<serenity::CreateActionRow> {
    rows.iter()
        .map(|row| match row {
            Row::Buttons(buttons) => serenity::CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| {
                        serenity::CreateButton::new(b.id.clone())
                            .label(b.label.clone())
                            .style(button_style(b.style))
                    })
                    .collect(),
            ),
            Row::Select(select) => {
                let options = select
                    .options
                    .iter()
                    .map(|(label, value)| serenity::CreateSelectMenuOption::new(label.clone(), value.clone()))
                    .collect();
                let mut menu = serenity::CreateSelectMenu::new(
                    select.id.clone(),
                    serenity::CreateSelectMenuKind::String { options },
                );
                if !select.placeholder.is_empty() {
                    menu = menu.placeholder(select.placeholder.clone());
                }
                serenity::CreateActionRow::SelectMenu(menu)
            }
        })
        .collect()
}

/// Who a message may notify: exactly the users the service mentions in it
/// (`<@id>`), never roles or everyone, and nothing a name could carry (the
/// service escapes names, so a mention typed in one is not a mention).
pub fn allowed_mentions(content: &str) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .users(mentioned(content).into_iter().map(serenity::UserId::new))
        .replied_user(false)
}

/// The ids of the users `content` mentions: `<@id>` or `<@!id>`, not
/// escaped by a backslash.
pub fn mentioned(content: &str) -> Vec<u64> {
    let mut ids = Vec::new();
    let mut from = 0;
    while let Some(at) = content[from..].find("<@") {
        let start = from + at;
        from = start + 2;
        if content[..start].ends_with('\\') {
            continue;
        }
        let rest = content[from..].strip_prefix('!').unwrap_or(&content[from..]);
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if rest[digits.len()..].starts_with('>') {
            if let Ok(id) = digits.parse::<u64>() {
                if id != 0 && !ids.contains(&id) {
                    ids.push(id);
                }
            }
        }
    }
    ids
}

/// One message as it will go to Discord, already within the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub content: String,
    /// The board, sent as `board.png` (or a finished game's replay, as
    /// `replay.gif`), and its description (alt text).
    pub image: Option<Image>,
    pub rows: Vec<Row>,
    pub ephemeral: bool,
    /// Already within the limits (see [`fit_embeds`]).
    pub embeds: Vec<Embed>,
}

impl Message {
    /// Text only, public.
    pub fn text(text: &str) -> Message {
        Message {
            content: content(text),
            image: None,
            rows: Vec::new(),
            ephemeral: false,
            embeds: Vec::new(),
        }
    }

    /// Text only, seen by the user alone.
    pub fn ephemeral(text: &str) -> Message {
        Message {
            ephemeral: true,
            ..Message::text(text)
        }
    }

    /// Everything a reply shows: text, board and components.
    pub fn full(reply: &Reply) -> Message {
        let embeds = fit_embeds(&reply.embeds);
        Message {
            // An embed may carry the whole message.
            content: if reply.text.trim().is_empty() && !embeds.is_empty() {
                String::new()
            } else {
                content(&reply.text)
            },
            image: reply.image.as_ref().and_then(image),
            rows: layout(&reply.components),
            ephemeral: reply.ephemeral,
            embeds,
        }
    }

    /// The attachment list of this message: the board or nothing. Always
    /// sent whole, so that an edit replaces the old image instead of adding
    /// to it.
    pub fn attachments(&self) -> serenity::EditAttachments {
        let attachments = serenity::EditAttachments::new();
        match &self.image {
            Some(image) => attachments.add(
                serenity::CreateAttachment::bytes(image.png.clone(), image.file_name())
                    .description(image.alt.clone()),
            ),
            None => attachments,
        }
    }

    fn create_embeds(&self) -> Vec<serenity::CreateEmbed> {
        self.embeds
            .iter()
            .map(|e| {
                let mut embed = serenity::CreateEmbed::new()
                    .title(e.title.clone())
                    .colour(serenity::Colour::new(0x8B_2E_1A));
                if !e.description.is_empty() {
                    embed = embed.description(e.description.clone());
                }
                for f in &e.fields {
                    embed = embed.field(f.name.clone(), f.value.clone(), f.inline);
                }
                if let Some(footer) = &e.footer {
                    embed = embed.footer(serenity::CreateEmbedFooter::new(footer.clone()));
                }
                embed
            })
            .collect()
    }

    /// The image as the message's one file.
    pub fn files(&self) -> Vec<serenity::CreateAttachment> {
        self.image
            .iter()
            .map(|image| {
                serenity::CreateAttachment::bytes(image.png.clone(), image.file_name())
                    .description(image.alt.clone())
            })
            .collect()
    }

    /// As the first response to an interaction (a new message), or as the
    /// update of the message whose component was clicked.
    pub fn to_response(&self) -> serenity::CreateInteractionResponseMessage {
        serenity::CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .ephemeral(self.ephemeral)
            .allowed_mentions(allowed_mentions(&self.content))
            .components(action_rows(&self.rows))
            .embeds(self.create_embeds())
            .files(self.files())
    }

    /// As an edit of a deferred response (or of the clicked message).
    pub fn to_edit_response(&self) -> serenity::EditInteractionResponse {
        serenity::EditInteractionResponse::new()
            .content(self.content.clone())
            .allowed_mentions(allowed_mentions(&self.content))
            .components(action_rows(&self.rows))
            .embeds(self.create_embeds())
            .attachments(self.attachments())
    }

    /// As a follow-up message of an interaction.
    pub fn to_followup(&self) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .ephemeral(self.ephemeral)
            .allowed_mentions(allowed_mentions(&self.content))
            .components(action_rows(&self.rows))
            .embeds(self.create_embeds())
            .add_files(self.files())
    }

    /// As a new channel message sent with the bot token.
    pub fn to_create_message(&self) -> serenity::CreateMessage {
        serenity::CreateMessage::new()
            .content(self.content.clone())
            .allowed_mentions(allowed_mentions(&self.content))
            .components(action_rows(&self.rows))
            .embeds(self.create_embeds())
            .add_files(self.files())
    }

    /// As an edit of a channel message with the bot token: content,
    /// components and the full attachment list are all replaced.
    pub fn to_edit_message(&self) -> serenity::EditMessage {
        serenity::EditMessage::new()
            .content(self.content.clone())
            .allowed_mentions(allowed_mentions(&self.content))
            .components(action_rows(&self.rows))
            .embeds(self.create_embeds())
            .attachments(self.attachments())
    }
}

/// Embeds within Discord's limits: at most 10, each title, description,
/// field and footer cut to its size, at most 25 fields, and 6000 characters
/// across them all (later parts are dropped first).
pub fn fit_embeds(embeds: &[Embed]) -> Vec<Embed> {
    let mut budget = MAX_EMBED_TOTAL;
    let mut take = |text: &str, max: usize| -> String {
        let cut = truncate(text, max.min(budget)).into_owned();
        budget -= discord_len(&cut);
        cut
    };
    let mut out = Vec::new();
    for e in embeds.iter().take(MAX_EMBEDS) {
        let mut fitted = Embed {
            title: take(&e.title, MAX_EMBED_TITLE),
            description: take(&e.description, MAX_EMBED_DESCRIPTION),
            fields: Vec::new(),
            footer: e.footer.as_deref().map(|f| take(f, MAX_EMBED_FOOTER)),
        };
        for f in e.fields.iter().take(MAX_EMBED_FIELDS) {
            let name = take(&f.name, MAX_FIELD_NAME);
            let value = take(&f.value, MAX_FIELD_VALUE);
            // Discord refuses a field with an empty name or value.
            if name.trim().is_empty() || value.trim().is_empty() {
                break;
            }
            fitted.fields.push(crate::service::EmbedField {
                name,
                value,
                inline: f.inline,
            });
        }
        if fitted.title.trim().is_empty() {
            break;
        }
        out.push(fitted);
    }
    out
}

/// Message content within the limit; never empty (Discord refuses a message
/// with nothing in it).
pub fn content(text: &str) -> String {
    if text.trim().is_empty() {
        return "…".into();
    }
    truncate(text, MAX_CONTENT).into_owned()
}

/// The image within the limits, or none when it is too big to send.
pub fn image(image: &Image) -> Option<Image> {
    if image.png.is_empty() {
        return None;
    }
    if image.png.len() > MAX_FILE_BYTES {
        tracing::warn!(
            bytes = image.png.len(),
            "board image too big to attach; sent without it"
        );
        return None;
    }
    Some(Image {
        regions: Vec::new(),
        png: image.png.clone(),
        alt: truncate(&image.alt, MAX_ALT).into_owned(),
    })
}

/// Where an interaction happened, for message links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// None in direct messages.
    pub guild: Option<String>,
    pub channel: String,
    /// The bot is a member here and may send with its own token; otherwise
    /// everything goes through the interaction (no board edits, no pings).
    pub bot_member: bool,
}

/// A link that jumps to a message.
pub fn message_link(place: &Place, message_id: &str) -> String {
    format!(
        "https://discord.com/channels/{}/{}/{}",
        place.guild.as_deref().unwrap_or("@me"),
        place.channel,
        message_id
    )
}

/// What the user acted through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin<'a> {
    /// A slash command that shows a game (`/armyants ...`): its public
    /// replies update the game's board message.
    GameCommand,
    /// A slash command whose reply is just an answer (`/record`, `/help`).
    PlainCommand,
    /// A button or select on the message with this id.
    Component { message_id: &'a str },
}

/// How the interaction itself is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// A new message (the command's response, or a new message after a
    /// click).
    Message(Message),
    /// The clicked message is replaced by this one.
    Update(Message),
}

impl Response {
    pub fn message(&self) -> &Message {
        match self {
            Response::Message(m) | Response::Update(m) => m,
        }
    }
}

/// What happens to the game's board message besides the response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// Leave it alone.
    Keep,
    /// Edit the recorded board message in place.
    Edit { message_id: String, message: Message },
    /// The response itself (or the clicked message it updates) becomes the
    /// board message: record its id.
    RecordResponse,
}

/// Everything a reply becomes on Discord.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub response: Response,
    pub board: Board,
    /// A short new message that notifies players whose mention would
    /// otherwise arrive only in an edit (edits notify no one).
    pub ping: Option<String>,
    /// The game ended by play: show its record too.
    pub show_record: bool,
}

/// The facts [`plan`] decides from, besides the reply.
#[derive(Clone, Debug)]
pub struct Situation<'a> {
    pub origin: Origin<'a>,
    /// The game's recorded board message, if any.
    pub board_message: Option<&'a str>,
    /// Who acted (their mentions never need a ping).
    pub actor_id: &'a str,
    /// The response goes out after a defer, so it is an edit: its mentions
    /// notify no one.
    pub deferred: bool,
    pub place: Place,
}

/// The user ids `<@id>` mentions in `text`, in order, without repeats.
pub fn mentioned_ids(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let body = rest.strip_prefix('!').unwrap_or(rest);
        let digits: String = body.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !digits.is_empty() && body[digits.len()..].starts_with('>') && !ids.contains(&digits) {
            ids.push(digits);
        }
    }
    ids
}

fn is_snowflake(id: &str) -> bool {
    !id.is_empty() && id.len() <= 20 && id.chars().all(|c| c.is_ascii_digit())
}

/// A Discord user id as a mention; any other id (a script's user, whose id
/// is their name) as it is.
fn mention_id(id: &str) -> String {
    match is_snowflake(id) {
        true => format!("<@{id}>"),
        false => id.to_string(),
    }
}

/// The commands whose reply is just an answer (`/record`, `/help`, the
/// lists and settings); every other command shows a game and updates its
/// board message.
const PLAIN_COMMANDS: [&str; 10] = [
    "record",
    "help",
    "rules",
    "daily results",
    "daily solution",
    "dailypost",
    "tournament",
    "leaderboard",
    "stats",
    "alerts",
];

/// Where a click's reply goes: a daily post's Play button starts a game as
/// `/daily play` would, in a new message (the post stays as it is); any
/// other click answers on the message clicked.
pub fn component_origin<'a>(custom_id: &str, message_id: &'a str) -> Origin<'a> {
    match custom_id.starts_with("daily:") {
        true => Origin::GameCommand,
        false => Origin::Component { message_id },
    }
}

/// Where a slash command's reply goes, by the command's name
/// (`"armyants move"`).
pub fn command_origin(name: &str) -> Origin<'static> {
    let plain = PLAIN_COMMANDS.iter().any(|p| {
        name.strip_prefix(p)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    });
    match plain {
        true => Origin::PlainCommand,
        false => Origin::GameCommand,
    }
}

/// Decides what a service reply becomes on Discord.
///
/// - Refusals and private replies: an ephemeral new message, nothing else.
/// - Plain commands: the reply as a new message.
/// - Game replies: the board message (recorded per game) shows the full
///   reply (text, board image, buttons). A click on the board updates it in
///   place; a command edits it and answers with the short text and a link;
///   with no board recorded yet, the response itself becomes the board.
/// - Players mentioned only in an edit get a short new "your move" ping.
pub fn plan(reply: &Reply, situation: &Situation<'_>) -> Plan {
    if !situation.place.bot_member {
        return without_bot(reply, situation);
    }
    plan_as_member(reply, situation)
}

/// The plan where the bot is not a member: the same, but the board is
/// never edited with the bot's token (a new board is the response) and no
/// ping is sent (turn alerts go to DMs instead).
fn without_bot(reply: &Reply, situation: &Situation<'_>) -> Plan {
    let board_message = match situation.origin {
        // A click updates the message clicked; nothing else is touched.
        Origin::Component { message_id } => Some(message_id),
        _ => None,
    };
    let mut plan = plan_as_member(
        reply,
        &Situation {
            board_message,
            ..situation.clone()
        },
    );
    plan.ping = None;
    if let Board::Edit { .. } = plan.board {
        plan.board = Board::Keep;
    }
    plan
}

fn plan_as_member(reply: &Reply, situation: &Situation<'_>) -> Plan {
    // The service decided that the reply replaces the clicked message (a
    // private board, like a daily attempt, changes in place too).
    if reply.update && reply.ok() {
        if let Origin::Component { .. } = situation.origin {
            return update_plan(reply, situation);
        }
    }
    let private = reply.ephemeral || reply.error.is_some();
    if private || situation.origin == Origin::PlainCommand {
        let mut message = Message::full(reply);
        message.ephemeral = private;
        // A typed move answered privately may still have changed the
        // public board (a post with `edit`): it pings as the board would.
        let (ping, show_record) = match situation.origin {
            Origin::PlainCommand => (None, false),
            _ => board_edit_ping(reply, situation),
        };
        return Plan {
            response: Response::Message(message),
            board: Board::Keep,
            ping,
            show_record,
        };
    }
    let Some(game) = &reply.game else {
        // A page button of a leaderboard turns the page in place.
        let response = match situation.origin {
            Origin::Component { .. } if !reply.embeds.is_empty() => Response::Update(Message::full(reply)),
            _ => Response::Message(Message::full(reply)),
        };
        return Plan {
            response,
            board: Board::Keep,
            ping: None,
            show_record: false,
        };
    };
    if let Origin::Component { message_id } = situation.origin {
        if situation.board_message.is_none_or(|b| b == message_id) {
            return update_plan(reply, situation);
        }
    }
    let full = Message::full(reply);
    let (response, board, response_is_edit) = match situation.board_message {
        Some(board_id) => {
            // A link to the board when it shows one (it may be far up).
            let text = match &reply.image {
                Some(_) => format!(
                    "{}\n-# [Board]({})",
                    truncate(&reply.text, MAX_CONTENT - 120),
                    message_link(&situation.place, board_id)
                ),
                None => reply.text.clone(),
            };
            (
                Response::Message(Message::text(&text)),
                Board::Edit {
                    message_id: board_id.to_string(),
                    message: full,
                },
                situation.deferred,
            )
        }
        None => (Response::Message(full), Board::RecordResponse, situation.deferred),
    };
    let ping = if response_is_edit {
        turn_ping(game, &reply.text, situation.actor_id)
    } else {
        None
    };
    let show_record = game.status == crate::protocol::GameStatus::Finished
        && game.result.is_some()
        && reply.image.is_some();
    Plan {
        response,
        board,
        ping,
        show_record,
    }
}

/// The plan of a reply that replaces the clicked message. A public game's
/// board message is recorded if it was not known.
fn update_plan(reply: &Reply, situation: &Situation<'_>) -> Plan {
    let mut message = Message::full(reply);
    // UPDATE_MESSAGE keeps the message's visibility; the flag is not sent.
    message.ephemeral = false;
    let public_game = reply.game.as_ref().filter(|_| !reply.ephemeral);
    let board = match public_game {
        Some(_) if situation.board_message.is_none() => Board::RecordResponse,
        _ => Board::Keep,
    };
    let (ping, show_record) = match public_game {
        Some(game) => (
            turn_ping(game, &reply.text, situation.actor_id),
            finished(game) && reply.image.is_some(),
        ),
        None => board_edit_ping(reply, situation),
    };
    Plan {
        response: Response::Update(message),
        board,
        ping,
        show_record,
    }
}

/// The ping and record of a private reply whose action edited the public
/// board (a post with `edit`): as the board itself would have had.
fn board_edit_ping(reply: &Reply, situation: &Situation<'_>) -> (Option<String>, bool) {
    let edited = reply.game.as_ref().filter(|_| reply.ok()).and_then(|game| {
        reply
            .posts
            .iter()
            .find(|p| p.edit.as_deref() == Some(game.id.as_str()))
            .map(|post| (game, post))
    });
    match edited {
        Some((game, post)) => (
            turn_ping(game, &post.text, situation.actor_id),
            finished(game) && post.image.is_some(),
        ),
        None => (None, false),
    }
}

fn finished(game: &crate::service::GameSummary) -> bool {
    game.status == crate::protocol::GameStatus::Finished && game.result.is_some()
}

/// Mentions notify only in a fresh new message, never in an edit: the ping
/// that goes with an edited board (the player to move, and anyone else the
/// text names).
fn turn_ping(game: &crate::service::GameSummary, text: &str, actor_id: &str) -> Option<String> {
    let to_move = game
        .to_move_id
        .as_deref()
        .filter(|id| !id.is_empty() && *id != BOT_ID && *id != actor_id);
    let others: Vec<String> = mentioned_ids(text)
        .into_iter()
        .filter(|id| id != actor_id && Some(id.as_str()) != to_move)
        .collect();
    let mut parts = Vec::new();
    if let Some(id) = to_move {
        parts.push(format!("{}, your move.", mention_id(id)));
    }
    if !others.is_empty() {
        let who: Vec<String> = others.iter().map(|id| format!("<@{id}>")).collect();
        parts.push(format!("{}, see the game message above.", who.join(" ")));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// Whether a refusal is ours (logged, shown with an id) rather than the
/// user's.
pub fn is_internal(reply: &Reply) -> bool {
    reply
        .error
        .as_ref()
        .is_some_and(|e| e.code == ErrorCode::Internal)
}

/// A game's record as a message: in a code block when it fits, otherwise as
/// an attached text file.
pub fn record_message(record: &str) -> (String, Option<Vec<u8>>) {
    let block = format!("```\n{}\n```", record.replace("```", "'''"));
    if discord_len(&block) <= MAX_CONTENT {
        (block, None)
    } else {
        (
            "The game's record is attached.".into(),
            Some(record.as_bytes().to_vec()),
        )
    }
}

/// Autocomplete choices within the limits: at most 25, none longer than
/// Discord takes (a suggestion that does not fit is left out, since a cut
/// one would not be a legal action).
pub fn suggestions(all: Vec<String>) -> Vec<String> {
    all.into_iter()
        .filter(|s| !s.is_empty() && discord_len(s) <= MAX_CHOICE_TEXT)
        .take(MAX_AUTOCOMPLETE)
        .collect()
}

/// A thread's name within the limit, never empty: the bot's own name when
/// `text` has nothing to show (no game's, which would mislead).
pub fn thread_name(text: &str) -> String {
    let name = cut(text.trim(), MAX_THREAD_NAME).trim();
    if name.is_empty() {
        "Antics".into()
    } else {
        name.to_string()
    }
}

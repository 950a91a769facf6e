//! What goes into the service and what comes out: front-end neutral.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A person: a stable id (a Discord snowflake, or a name in scripts) and the
/// name to show.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct User {
    pub id: String,
    pub name: String,
}

impl User {
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> User {
        User {
            id: id.into(),
            name: name.into(),
        }
    }

    /// A person who chose their own name (a Discord display name): kept as
    /// Discord markdown text, every character that could format, link or
    /// mention escaped, so that it reads as typed wherever the bot writes it
    /// and pings no one.
    pub fn self_named(id: impl Into<String>, name: &str) -> User {
        User::new(id, escape_markdown(name))
    }

    /// The bot itself, the computer opponent.
    pub fn bot() -> User {
        User::new(BOT_ID, BOT_ID)
    }

    pub fn is_bot(&self) -> bool {
        self.id == BOT_ID
    }
}

pub const BOT_ID: &str = "antics";

/// The characters Discord's markdown reads as formatting, links, quotes,
/// headings or mentions.
const MARKDOWN: &[char] = &[
    '\\', '*', '_', '~', '`', '|', '[', ']', '(', ')', '<', '>', '#', '@', ':', '-',
];

/// `text` escaped for Discord markdown: it shows as typed.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if MARKDOWN.contains(&c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A name escaped by [`escape_markdown`] as typed, for a picture or a page
/// (which read no markdown).
pub fn plain_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match chars.peek() {
            Some(next) if c == '\\' && MARKDOWN.contains(next) => {
                out.push(*next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// An option value as a front end received it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Text(String),
    Integer(i64),
    User(User),
}

pub type Options = BTreeMap<String, OptionValue>;

/// What the user did: a slash command or a click on a component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// `name` is the command path, like `armyants challenge`.
    Command {
        name: String,
        options: Options,
    },
    Component {
        custom_id: String,
        values: Vec<String>,
    },
}

impl Input {
    /// A slash command whose options are all text, as typed.
    pub fn command<V: AsRef<str>>(name: &str, options: &[(&str, V)]) -> Input {
        Input::Command {
            name: name.into(),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), OptionValue::Text(v.as_ref().to_string())))
                .collect(),
        }
    }
}

/// One interaction: who, where, what and when.
#[derive(Clone, Debug)]
pub struct Request {
    pub user: User,
    /// The server; `None` in a DM or a group DM.
    pub guild: Option<String>,
    pub channel: String,
    pub at: DateTime<Utc>,
    pub input: Input,
    /// Whether the member may manage this channel (Discord's Manage
    /// Channels permission here): needed to change the channel's daily
    /// post. Front ends grant it only when they know it.
    pub manage_channels: bool,
    /// Whether the member may manage messages in this channel (Discord's
    /// Manage Messages permission here): a moderator, who may end any
    /// multiplayer game in the channel (`/game end`). Front ends grant it
    /// only when they know it.
    pub manage_messages: bool,
    /// Whether the bot is a member of this place and may send to the
    /// channel with its own token: a server that installed it, or the
    /// user's DM with the bot. `false` for a user-installed command in a
    /// server without the bot, or a group DM: then the reply goes through
    /// the interaction alone, its posts become follow-ups of it, and what
    /// happens later (expiries, reminders, timeouts) goes to the players'
    /// DMs.
    pub bot_member: bool,
}

impl Request {
    /// A command's options; none for a click.
    pub fn options(&self) -> &Options {
        static NONE: Options = Options::new();
        match &self.input {
            Input::Command { options, .. } => options,
            Input::Component { .. } => &NONE,
        }
    }

    /// The server as the store keeps it: empty outside a server.
    pub fn guild_key(&self) -> &str {
        self.guild.as_deref().unwrap_or_default()
    }
}

/// An image file and its description for screen readers: a board (PNG),
/// or the animated replay of a finished game (GIF). `png` holds the file's
/// bytes either way; the format is read from their signature.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Image {
    pub png: Vec<u8>,
    pub alt: String,
    /// Where the board's clickable spots were drawn (none on a replay, or
    /// where the table is not yet played on the picture).
    pub regions: Vec<super::Region>,
}

impl Image {
    /// `gif` for an animated replay, `png` for a board.
    pub fn extension(&self) -> &'static str {
        if self.png.starts_with(b"GIF8") {
            "gif"
        } else {
            "png"
        }
    }

    /// The name a front end gives the file: `board.png` or `replay.gif`.
    pub fn file_name(&self) -> &'static str {
        match self.extension() {
            "gif" => "replay.gif",
            _ => "board.png",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// A button or a select menu. Ids carry the game id so that they keep
/// working after a restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    Button {
        id: String,
        label: String,
        style: ButtonStyle,
    },
    Select {
        id: String,
        placeholder: String,
        options: Vec<SelectOption>,
    },
}

impl Component {
    pub fn button(id: impl Into<String>, label: impl Into<String>, style: ButtonStyle) -> Component {
        Component::Button {
            id: id.into(),
            label: label.into(),
            style,
        }
    }

    pub fn id(&self) -> &str {
        match self {
            Component::Button { id, .. } | Component::Select { id, .. } => id,
        }
    }

    pub fn label(&self) -> &str {
        match self {
            Component::Button { label, .. } => label,
            Component::Select { placeholder, .. } => placeholder,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOption {
    pub value: String,
    pub label: String,
}

/// A game as a reply shows it: never anything hidden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    pub id: String,
    pub kind: crate::rules::Kind,
    pub status: super::status::GameStatus,
    pub to_move: Option<String>,
    /// The id of the user to move, for front ends that ping them.
    #[serde(skip)]
    pub to_move_id: Option<String>,
    pub position: Option<String>,
    pub legal: Vec<String>,
    pub score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// What the player sees, as text (patiences), for terminals.
    #[serde(skip)]
    pub board_text: Option<String>,
    /// The stored game's version, which every action changes: front ends
    /// that show the board live compare it.
    #[serde(skip)]
    pub version: i64,
    /// Where each listed action starts and ends on the board, for front
    /// ends played on the picture.
    #[serde(skip)]
    pub spots: Vec<Spot>,
    /// The cards the viewer has still to place in a private deployment, for
    /// front ends that place them on the board (only in a reply for that
    /// viewer).
    #[serde(skip)]
    pub placing: Option<Placing>,
}

impl GameSummary {
    /// A game with nothing of its play shown yet: its id, kind, status and
    /// version.
    pub fn bare(
        id: &str,
        kind: crate::rules::Kind,
        status: super::status::GameStatus,
        version: i64,
    ) -> GameSummary {
        GameSummary {
            id: id.to_string(),
            kind,
            status,
            to_move: None,
            to_move_id: None,
            position: None,
            legal: vec![],
            score: None,
            result: None,
            board_text: None,
            version,
            spots: vec![],
            placing: None,
        }
    }
}

/// A private deployment still to make: the squares, in the order the
/// deploy action lists their cards, and the cards to put on them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placing {
    pub squares: Vec<String>,
    /// Card symbols (`1`..`9`, `Q`), sorted.
    pub cards: Vec<String>,
    /// Whether the Queen may not stand next to one of her 9s (a total
    /// deployment).
    pub queen_apart: bool,
}

/// A listed action from one spot of the board to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub action: String,
    pub from: String,
    pub to: String,
    /// What the action does in words, then its notation, where the game
    /// words it ("9 on c4 takes the 7 on c5 · c4xc5").
    pub label: Option<String>,
}

impl Spot {
    /// Each spot worded by `words` (given the action in notation and the
    /// spot), where it has words for it.
    pub fn worded(spots: Vec<Spot>, words: impl Fn(&str, &str) -> Option<String>) -> Vec<Spot> {
        spots
            .into_iter()
            .map(|spot| Spot {
                label: words(&spot.action, &spot.from),
                ..spot
            })
            .collect()
    }

    /// The spots of every action of `game` in `actions`.
    pub fn all<G: crate::rules::Game>(game: &G, actions: &[G::Action]) -> Vec<Spot> {
        actions
            .iter()
            .flat_map(|action| {
                let text = action.to_string();
                game.spots(action).into_iter().map(move |(from, to)| Spot {
                    action: text.clone(),
                    from,
                    to,
                    label: None,
                })
            })
            .collect()
    }
}

/// How a game ended and its result in words, as the store keeps them.
pub use super::status::{Ending, GameResult};

/// A message the bot sends besides the reply itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Post {
    pub channel: String,
    pub text: String,
    pub image: Option<Image>,
    pub components: Vec<Component>,
    /// The game whose board message this post replaces (edits in place)
    /// instead of being a new message: a typed move, or a click in a
    /// private message, that changed a public board.
    pub edit: Option<String>,
    /// Sent to this user's DM with the bot instead of to `channel` (which
    /// names the game's channel): turn alerts, and what happens later to a
    /// game in a place where the bot is not a member.
    pub dm: Option<String>,
    /// Sent as a follow-up of the interaction that caused it (through the
    /// interaction's token, in its channel), not with the bot's token: a
    /// place where the bot is not a member.
    pub followup: bool,
    /// Set on a post claimed in the store before it is sent (a channel's
    /// daily post): whoever sends it then confirms it with
    /// [`Service::sent`](crate::service::Service::sent).
    pub claim: Option<PostClaim>,
    /// Set on the first post of a tournament's game: the front end starts
    /// a thread for it in `parent`, moves the game there
    /// ([`Service::move_game`](crate::service::Service::move_game)) and posts in
    /// it. Until then the game is played in `channel`, as a script sees it.
    pub thread: Option<NewThread>,
}

impl Post {
    /// Plain words to a channel.
    pub fn to(channel: &str, text: impl Into<String>) -> Post {
        Post {
            channel: channel.to_string(),
            text: text.into(),
            ..Post::default()
        }
    }
}

/// A thread a post starts for a game of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewThread {
    /// The channel the thread hangs from.
    pub parent: String,
    /// Its name (at most 100 characters).
    pub name: String,
    /// The game played in it.
    pub game: String,
}

/// The tournament a reply touches (DESIGN.md, "Tournaments").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentView {
    pub id: String,
    pub game: String,
    pub format: String,
    /// `open`, `running`, `finished` or `cancelled`.
    pub status: String,
    pub round: u32,
    pub rounds: u32,
    /// By points, then the tie-breaks in order.
    pub standings: Vec<TournamentStanding>,
    pub pairings: Vec<TournamentPairing>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentStanding {
    pub user: String,
    pub points: f64,
    /// Buchholz, then Sonneborn-Berger.
    pub tiebreaks: Vec<f64>,
    pub games: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentPairing {
    pub round: u32,
    /// Red first; one seat is a bye.
    pub seats: Vec<String>,
    pub channel: Option<String>,
    pub game: Option<String>,
    /// Each seat's points once decided.
    pub result: Option<Vec<f64>>,
}

/// A claimed post's key in the store, and the nonce it is sent with: the
/// same whichever process sends it, so that Discord (told to enforce the
/// nonce) keeps one message when a claim that ran out is sent again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostClaim {
    /// The UTC day (`YYYY-MM-DD`) the post is for.
    pub day: String,
    /// At most 25 characters, Discord's limit.
    pub nonce: String,
}

/// A rich card of text (leaderboards, stats), shown as a Discord embed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Embed {
    pub title: String,
    pub description: String,
    pub fields: Vec<EmbedField>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub footer: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EmbedField {
    pub name: String,
    pub value: String,
    pub inline: bool,
}

/// The answer to a request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reply {
    pub ephemeral: bool,
    pub text: String,
    pub image: Option<Image>,
    pub components: Vec<Component>,
    pub embeds: Vec<Embed>,
    pub game: Option<GameSummary>,
    pub posts: Vec<Post>,
    /// Set when the request was refused.
    pub error: Option<super::UserError>,
    /// The reply replaces the message whose component was clicked
    /// (Discord's UPDATE_MESSAGE) instead of being a new message.
    pub update: bool,
    /// The tournament the reply touches.
    pub tournament: Option<TournamentView>,
}

impl Reply {
    pub fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }

    pub fn ephemeral(text: impl Into<String>) -> Reply {
        Reply {
            ephemeral: true,
            ..Reply::text(text)
        }
    }

    pub fn ok(&self) -> bool {
        self.error.is_none()
    }
}

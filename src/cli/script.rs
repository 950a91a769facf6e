//! `antics script`: the service driven by JSON lines (DESIGN.md, "Script
//! protocol"). One object per input line, one object per output line.

use crate::discord::mapping::{self, Place, Situation};
use crate::service::{
    Component, GameSummary, Image, Input, OptionValue, Options, Post, Reply, Request, Service, User,
};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader};

/// One input line. Unknown fields are ignored, so callers may annotate lines.
#[derive(Debug, Deserialize)]
struct Line {
    user: Option<String>,
    channel: Option<String>,
    /// Left out: the server `g1`; `null`: a DM or a group DM.
    #[serde(default, deserialize_with = "present")]
    guild: Option<Option<String>>,
    /// Whether the bot is a member of the place (it may post to the
    /// channel). Left out: yes in a server, no for `"guild": null` (the
    /// safe guess: everything then goes through the interaction and DMs).
    bot_member: Option<bool>,
    command: Option<String>,
    #[serde(default)]
    options: Map<String, Value>,
    component: Option<String>,
    #[serde(default)]
    values: Vec<String>,
    at: Option<String>,
    #[serde(default)]
    tick: bool,
    /// The member's permissions in the channel, by name: `manage_channels`
    /// lets them change the channel's daily post. None when left out.
    #[serde(default)]
    permissions: Vec<String>,
}

/// A field that is present, even as `null` (`Some(None)`), apart from one
/// left out (`None`, by `#[serde(default)]`).
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// The permissions a script line may grant.
const PERMISSIONS: [&str; 2] = ["manage_channels", "manage_messages"];

/// Where the script writes images, and the clock it keeps between lines.
pub struct Script {
    service: Service,
    images: PathBuf,
    clock: Option<DateTime<Utc>>,
    line_no: usize,
}

impl Script {
    pub fn new(service: Service, images: PathBuf) -> Script {
        Script {
            service,
            images,
            clock: None,
            line_no: 0,
        }
    }

    /// Reads lines from `input` until it ends, answering each on `output`.
    pub async fn run<R, W>(&mut self, input: R, mut output: W) -> anyhow::Result<()>
    where
        R: tokio::io::AsyncRead + Unpin,
        W: AsyncWrite + Unpin,
    {
        let mut input = BufReader::new(input);
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            if input.read_until(b'\n', &mut bytes).await? == 0 {
                break;
            }
            // A line that is not UTF-8 is refused like any other bad line,
            // and the script goes on.
            let answer = match std::str::from_utf8(trim_line_end(&bytes)) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => self.answer(line).await,
                Err(e) => {
                    self.line_no += 1;
                    refused("bad_input", &not_utf8(&e))
                }
            };
            let mut text = serde_json::to_string(&answer)?;
            text.push('\n');
            output.write_all(text.as_bytes()).await?;
            output.flush().await?;
        }
        Ok(())
    }

    /// The output object for one input line.
    pub async fn answer(&mut self, line: &str) -> Value {
        self.line_no += 1;
        let parsed: Line = match serde_json::from_str(line) {
            Ok(parsed) => parsed,
            Err(e) => return refused("bad_input", &bad_line(&e)),
        };
        if let Some(at) = &parsed.at {
            match DateTime::parse_from_rfc3339(at) {
                Ok(t) => self.clock = Some(t.with_timezone(&Utc)),
                Err(_) => {
                    return refused(
                        "bad_input",
                        "`at` must be an RFC 3339 time, like 2026-01-31T12:00:00Z.",
                    )
                }
            }
        }
        let now = self.clock.unwrap_or_else(Utc::now);
        if parsed.tick && parsed.command.is_none() && parsed.component.is_none() {
            return self.tick(now).await;
        }
        let input = match (&parsed.command, &parsed.component) {
            (Some(command), None) => Input::Command {
                name: command.clone(),
                options: match options(&parsed.options) {
                    Ok(options) => options,
                    Err(e) => return refused("bad_option", &e),
                },
            },
            (None, Some(custom_id)) => Input::Component {
                custom_id: custom_id.clone(),
                values: parsed.values.clone(),
            },
            _ => return refused("bad_input", "A line has a `command`, a `component`, or `tick`."),
        };
        let (Some(user), Some(channel)) = (&parsed.user, &parsed.channel) else {
            return refused("bad_input", "A line needs a `user` and a `channel`.");
        };
        if parsed
            .permissions
            .iter()
            .any(|p| !PERMISSIONS.contains(&p.as_str()))
        {
            return refused(
                "bad_input",
                "`permissions` lists the member's permissions here; Antics knows `manage_channels` and `manage_messages`.",
            );
        }
        let guild = parsed.guild.clone().unwrap_or_else(|| Some("g1".into()));
        let request = Request {
            user: User::new(user.clone(), user.clone()),
            bot_member: parsed.bot_member.unwrap_or(guild.is_some()),
            guild,
            channel: channel.clone(),
            at: now,
            input,
            manage_channels: parsed.permissions.iter().any(|p| p == "manage_channels"),
            manage_messages: parsed.permissions.iter().any(|p| p == "manage_messages"),
        };
        let reply = self.service.handle(&request).await;
        self.delivered(&reply.posts, now).await;
        let seen = self.channel_sees(&request, &reply).await;
        let mut out = self.render(&reply);
        if let Some(posts) = out["posts"].as_array_mut() {
            posts.extend(seen);
        }
        out
    }

    /// What a channel sees besides the reply and its posts, decided as the
    /// Discord front end decides it ([`mapping::plan`]): the "your move"
    /// ping after a board changed in place, and the record (with its
    /// replay) of a game that play just ended. They follow the reply's own
    /// posts, as Discord sends them.
    async fn channel_sees(&self, request: &Request, reply: &Reply) -> Vec<Value> {
        let origin = match &request.input {
            Input::Command { name, .. } => mapping::command_origin(name),
            // The script does not say which message was clicked: the board.
            Input::Component { custom_id, .. } => mapping::component_origin(custom_id, "board"),
        };
        let situation = Situation {
            origin,
            board_message: None,
            actor_id: &request.user.id,
            deferred: false,
            place: Place {
                guild: request.guild.clone(),
                channel: request.channel.clone(),
                bot_member: request.bot_member,
            },
        };
        let plan = mapping::plan(reply, &situation);
        let mut seen = Vec::new();
        let mut index = reply.posts.len();
        if let Some(text) = plan.ping {
            let mut ping = self.post(&Post::to(&request.channel, text), index);
            ping["ping"] = json!(true);
            seen.push(ping);
            index += 1;
        }
        if plan.show_record {
            let ask = Request {
                input: Input::Command {
                    name: "record".into(),
                    options: Options::new(),
                },
                ..request.clone()
            };
            let record = self.service.handle(&ask).await;
            if record.ok() {
                seen.push(self.record_post(request, &record, index));
            }
        }
        seen
    }

    /// A finished game's record as Discord posts it: in a code block (or
    /// attached, when long) with the replay; privately to its player when
    /// the service keeps it private, as a follow-up where the bot is not a
    /// member.
    fn record_post(&self, request: &Request, record: &Reply, index: usize) -> Value {
        let (text, attached) = mapping::record_message(&record.text);
        let post = Post {
            channel: request.channel.clone(),
            text,
            image: record.image.clone(),
            followup: record.ephemeral || !request.bot_member,
            ..Post::default()
        };
        let mut out = self.post(&post, index);
        out["record"] = json!(true);
        if record.ephemeral {
            out["ephemeral"] = json!(true);
        }
        if let Some(bytes) = attached {
            let path = self.images.join(format!("{:04}-record.txt", self.line_no));
            match write_file(&path, &bytes) {
                Ok(()) => out["attachment"] = json!(path.display().to_string()),
                Err(e) => tracing::warn!(path = %path.display(), error = %e, "could not write the record"),
            }
        }
        out
    }

    /// The posts printed count as sent: confirms the claimed ones, as a
    /// bot does once Discord took them.
    async fn delivered(&self, posts: &[Post], now: DateTime<Utc>) {
        for post in posts {
            if let Err(e) = self.service.sent(post, now).await {
                tracing::warn!(error = %format!("{e:#}"), "could not confirm a post");
            }
        }
    }

    async fn tick(&mut self, now: DateTime<Utc>) -> Value {
        let posts = self.service.tick(now).await;
        self.delivered(&posts, now).await;
        let posts = posts
            .iter()
            .enumerate()
            .map(|(i, post)| self.post(post, i))
            .collect::<Vec<_>>();
        json!({"ok": true, "ephemeral": false, "update": false, "text": "", "components": [], "posts": posts})
    }

    fn render(&self, reply: &Reply) -> Value {
        let mut out = Map::new();
        out.insert("ok".into(), json!(reply.ok()));
        out.insert("ephemeral".into(), json!(reply.ephemeral));
        out.insert("update".into(), json!(reply.update));
        out.insert("text".into(), json!(reply.text));
        if let Some(e) = &reply.error {
            out.insert("error".into(), json!(e.code.as_str()));
        }
        out.insert("image".into(), self.save(reply.image.as_ref(), "").into());
        out.insert("components".into(), components(&reply.components));
        if !reply.embeds.is_empty() {
            out.insert("embeds".into(), json!(reply.embeds));
        }
        if let Some(game) = &reply.game {
            out.insert("game".into(), game_json(game));
        }
        if let Some(tournament) = &reply.tournament {
            out.insert("tournament".into(), json!(tournament));
        }
        let posts: Vec<Value> = reply
            .posts
            .iter()
            .enumerate()
            .map(|(i, p)| self.post(p, i))
            .collect();
        out.insert("posts".into(), json!(posts));
        Value::Object(out)
    }

    fn post(&self, post: &Post, index: usize) -> Value {
        let mut out = json!({
            "channel": post.channel,
            "text": post.text,
            "image": self.save(post.image.as_ref(), &format!("-post{}", index + 1)),
            "components": components(&post.components),
            "edit": post.edit.is_some(),
        });
        // Where it goes when not to the channel with the bot's token.
        if let Some(user) = &post.dm {
            out["dm"] = json!(user);
        }
        if post.followup {
            out["followup"] = json!(true);
        }
        // A tournament's game: the thread Discord starts for it.
        if let Some(thread) = &post.thread {
            out["thread"] = json!(thread.name);
        }
        out
    }

    /// Writes an image as `DIR/NNNN.png` (the input line number; `.gif` for
    /// an animated replay) and returns its path.
    fn save(&self, image: Option<&Image>, suffix: &str) -> Option<String> {
        let image = image?;
        let name = format!("{:04}{suffix}.{}", self.line_no, image.extension());
        let path = self.images.join(name);
        match write_file(&path, &image.png) {
            Ok(()) => Some(path.display().to_string()),
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "could not write image");
                None
            }
        }
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, bytes)
}

fn options(raw: &Map<String, Value>) -> Result<Options, String> {
    raw.iter()
        .map(|(k, v)| {
            let value = match v {
                Value::String(s) => OptionValue::Text(s.clone()),
                Value::Number(n) => match n.as_i64() {
                    Some(i) => OptionValue::Integer(i),
                    None => OptionValue::Text(n.to_string()),
                },
                Value::Bool(b) => OptionValue::Text(b.to_string()),
                _ => return Err(format!("Option `{k}` must be a string or a number.")),
            };
            Ok((k.clone(), value))
        })
        .collect()
}

fn components(list: &[Component]) -> Value {
    Value::Array(
        list.iter()
            .map(|c| match c {
                Component::Button { id, label, .. } => json!({"id": id, "label": label}),
                Component::Select {
                    id,
                    placeholder,
                    options,
                } => json!({
                    "id": id,
                    "label": placeholder,
                    "options": options.iter().map(|o| json!({"value": o.value, "label": o.label})).collect::<Vec<_>>(),
                }),
            })
            .collect(),
    )
}

fn game_json(game: &GameSummary) -> Value {
    serde_json::to_value(game).expect("a summary serialises")
}

/// Why a line is not a request, without serde's text: it quotes the
/// input's values, escaped as Rust would, and at any length.
fn bad_line(e: &serde_json::Error) -> String {
    let what = match e.classify() {
        serde_json::error::Category::Data => "a field is missing or has the wrong type",
        _ => "it is not one JSON object",
    };
    format!(
        "That line is not a valid request: {what} (column {}).",
        e.column()
    )
}

/// `line` without its ending: `\n` or `\r\n`, as `lines()` would strip.
fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Why a line is not text: where its first byte that is not UTF-8 lies.
fn not_utf8(e: &std::str::Utf8Error) -> String {
    format!(
        "That line is not a valid request: it is not UTF-8 text (byte {}).",
        e.valid_up_to() + 1
    )
}

fn refused(code: &str, text: &str) -> Value {
    json!({"ok": false, "ephemeral": true, "update": false, "error": code, "text": text, "components": [], "posts": []})
}

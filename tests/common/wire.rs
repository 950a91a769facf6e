//! A fake Discord on loopback for `antics run`: the HTTP API (reached
//! through serenity's proxy setting, `ANTICS_DISCORD_API`; every request
//! passed on to the test) and the gateway (a WebSocket served by
//! tungstenite, whose address the fake `/gateway/bot` returns), which sends
//! READY and then the interactions a test dispatches. Blocking std sockets
//! and threads; every wait is bounded. The HTTP bodies are read by
//! `super::bodies`.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;
use tungstenite::{Message, WebSocket};

pub const BOT: &str = "100000000000000999";
pub const GUILD: &str = "900000000000000009";
pub const CHANNEL: &str = "300000000000000003";
pub const BOARD: &str = "500000000000005001";

/// One HTTP request the bot made.
#[derive(Clone, Debug)]
pub struct HttpRequest {
    pub method: String,
    pub path: String,
    pub content_type: String,
    pub body: Vec<u8>,
}

impl HttpRequest {
    /// The JSON payload: the body, or the `payload_json` part of a
    /// multipart body.
    pub fn json(&self) -> Value {
        super::bodies::payload(&self.content_type, &self.body)
    }

    /// Multipart parts as (name, filename, data).
    pub fn parts(&self) -> Vec<(String, Option<String>, Vec<u8>)> {
        super::bodies::parts(&self.content_type, &self.body)
    }
}

pub struct FakeDiscord {
    pub http_port: u16,
    pub requests: Receiver<HttpRequest>,
    pub events: Sender<Value>,
    pub identify: Receiver<Value>,
}

impl FakeDiscord {
    pub fn start() -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0").unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").unwrap();
        let http_port = http.local_addr().unwrap().port();
        let ws_port = ws.local_addr().unwrap().port();
        let (req_tx, requests) = channel();
        let (events, event_rx) = channel::<Value>();
        let (identify_tx, identify) = channel();
        let ids = Arc::new(AtomicU64::new(600_000_000_000_006_001));
        thread::spawn(move || {
            for stream in http.incoming().flatten() {
                let req_tx = req_tx.clone();
                let ids = ids.clone();
                thread::spawn(move || serve_http(stream, ws_port, req_tx, ids));
            }
        });
        let event_rx = Arc::new(Mutex::new(event_rx));
        thread::spawn(move || {
            for stream in ws.incoming().flatten() {
                let identify_tx = identify_tx.clone();
                let event_rx = event_rx.clone();
                thread::spawn(move || serve_gateway(stream, ws_port, identify_tx, event_rx));
            }
        });
        FakeDiscord {
            http_port,
            requests,
            events,
            identify,
        }
    }

    /// The next request that `pick` accepts; others are kept in `seen`.
    pub fn wait_for(
        &self,
        seen: &mut Vec<HttpRequest>,
        what: &str,
        pick: impl Fn(&HttpRequest) -> bool,
    ) -> HttpRequest {
        if let Some(i) = seen.iter().position(&pick) {
            return seen.remove(i);
        }
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.requests.recv_timeout(left) {
                Ok(r) if pick(&r) => return r,
                Ok(r) => seen.push(r),
                Err(_) => panic!("no {what}; the bot sent: {:#?}", summary(seen)),
            }
        }
    }

    pub fn dispatch(&self, interaction: Value) {
        self.events.send(interaction).unwrap();
    }

    /// `antics run` against this fake, with the bot's `token`, the SQLite
    /// database `db` and its log in `log`; `args` follow `run`, `env` adds
    /// to the environment. Its stdout is piped.
    pub fn run_bot(&self, token: &str, db: &Path, log: &Path, args: &[&str], env: &[(&str, &str)]) -> Child {
        Command::new(env!("CARGO_BIN_EXE_antics"))
            .arg("run")
            .args(args)
            .env("DISCORD_TOKEN", token)
            .env(
                "ANTICS_DISCORD_API",
                format!("http://127.0.0.1:{}", self.http_port),
            )
            .env("ANTICS_GUILD_ID", GUILD)
            .env("ANTICS_DB", db)
            .env("ANTICS_LOG", "info,antics=debug")
            .env_remove("DATABASE_URL")
            .env_remove("DISCORD_APPLICATION_ID")
            .env_remove("DISCORD_CLIENT_SECRET")
            .env_remove("ANTICS_LISTEN")
            .env("RUST_BACKTRACE", "0")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(log).unwrap())
            .spawn()
            .expect("start antics run")
    }
}

fn summary(seen: &[HttpRequest]) -> Vec<String> {
    seen.iter().map(|r| format!("{} {}", r.method, r.path)).collect()
}

fn read_request(reader: &mut BufReader<TcpStream>) -> Option<HttpRequest> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let mut words = line.split_whitespace();
    let method = words.next()?.to_string();
    let path = words.next()?.to_string();
    let mut length = 0usize;
    let mut chunked = false;
    let mut content_type = String::new();
    loop {
        let mut header = String::new();
        reader.read_line(&mut header).ok()?;
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().ok()?,
            "transfer-encoding" => chunked = value.to_ascii_lowercase().contains("chunked"),
            "content-type" => content_type = value.trim().to_string(),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        body = super::bodies::read_chunked(reader)?;
    } else {
        body.resize(length, 0);
        reader.read_exact(&mut body).ok()?;
    }
    Some(HttpRequest {
        method,
        path,
        content_type,
        body,
    })
}

pub fn user(id: &str, name: &str) -> Value {
    json!({"id": id, "username": name, "discriminator": "0", "global_name": name, "avatar": null, "bot": id == BOT})
}

pub fn member(id: &str, name: &str) -> Value {
    json!({
        "user": user(id, name), "nick": null, "avatar": null, "roles": [],
        "joined_at": "2025-01-01T00:00:00.000000+00:00", "premium_since": null,
        "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": "2147483647"
    })
}

/// An interaction in the test server's channel, from `user` (id, name).
pub fn interaction(id: &str, token: &str, kind: u8, user: (&str, &str), data: Value) -> Value {
    json!({
        "id": id, "application_id": BOT, "type": kind, "token": token, "version": 1,
        "guild_id": GUILD, "channel_id": CHANNEL,
        "channel": {"id": CHANNEL, "type": 0, "name": "games", "permissions": "2147483647"},
        "member": member(user.0, user.1), "app_permissions": "309237763072",
        "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD}, "context": 0,
        "attachment_size_limit": 10485760, "data": data
    })
}

pub fn message(id: &str, channel: &str, content: &str) -> Value {
    json!({
        "id": id, "channel_id": channel, "author": user(BOT, "antics"), "content": content,
        "timestamp": "2025-05-01T12:00:00.000000+00:00", "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0, "components": []
    })
}

fn respond(stream: &mut TcpStream, status: u16, body: &str) -> std::io::Result<()> {
    let reason = match status {
        200 => "OK",
        204 => "No Content",
        _ => "Not Found",
    };
    write!(
        stream,
        "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    stream.flush()
}

fn serve_http(stream: TcpStream, ws_port: u16, tx: Sender<HttpRequest>, ids: Arc<AtomicU64>) {
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    while let Some(req) = read_request(&mut reader) {
        let path = req.path.split('?').next().unwrap_or("").to_string();
        let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        let (status, body) = match (req.method.as_str(), segments.as_slice()) {
            ("GET", ["gateway"]) => (200, json!({"url": format!("ws://127.0.0.1:{ws_port}")}).to_string()),
            ("GET", ["gateway", "bot"]) => (
                200,
                json!({"url": format!("ws://127.0.0.1:{ws_port}"), "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
                .to_string(),
            ),
            ("PUT", ["applications", _, "guilds", _, "commands"]) | ("PUT", ["applications", _, "commands"]) => {
                (200, "[]".to_string())
            }
            ("POST", ["interactions", _, _, "callback"]) => (204, String::new()),
            ("GET", ["webhooks", _, _, "messages", "@original"]) => {
                (200, message(BOARD, CHANNEL, "").to_string())
            }
            ("PATCH", ["webhooks", _, _, "messages", "@original"]) => {
                (200, message(BOARD, CHANNEL, "").to_string())
            }
            ("POST", ["webhooks", _, _]) | ("POST", ["channels", _, "messages"]) => {
                let id = ids.fetch_add(1, Ordering::SeqCst).to_string();
                (200, message(&id, CHANNEL, "").to_string())
            }
            ("PATCH", ["channels", channel, "messages", id]) => (200, message(id, channel, "").to_string()),
            ("DELETE", _) => (204, String::new()),
            _ => {
                eprintln!("fake Discord: no route for {} {}", req.method, req.path);
                (404, json!({"message": "Unknown", "code": 0}).to_string())
            }
        };
        let _ = tx.send(req);
        if respond(&mut writer, status, &body).is_err() {
            return;
        }
    }
}

// ---- the gateway: a WebSocket (tungstenite) on its own thread

/// One gateway connection: HELLO, heartbeats acknowledged, READY after
/// IDENTIFY, then the interactions `events` brings. Reads wait a short
/// while at a time, so that events go out between them; tungstenite
/// answers pings and closes.
fn serve_gateway(
    stream: TcpStream,
    ws_port: u16,
    identify: Sender<Value>,
    events: Arc<Mutex<Receiver<Value>>>,
) {
    let Ok(mut ws) = tungstenite::accept(stream) else {
        return;
    };
    let _ = ws.get_mut().set_read_timeout(Some(Duration::from_millis(20)));
    // Whether the message went out.
    let send =
        |ws: &mut WebSocket<TcpStream>, value: Value| ws.send(Message::text(value.to_string())).is_ok();
    if !send(&mut ws, json!({"op": 10, "d": {"heartbeat_interval": 41250}})) {
        return;
    }
    let mut seq = 0u64;
    // Interactions go out once READY has.
    let mut ready = false;
    loop {
        match ws.read() {
            Ok(Message::Text(text)) => {
                let Ok(msg) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                match msg["op"].as_u64() {
                    Some(1) => {
                        let _ = send(&mut ws, json!({"op": 11}));
                    }
                    Some(2) => {
                        let _ = identify.send(msg["d"].clone());
                        seq += 1;
                        let ready_event = json!({"op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10, "user": user(BOT, "antics"),
                            "guilds": [{"id": GUILD, "unavailable": true}],
                            "session_id": "fake-session", "resume_gateway_url": format!("ws://127.0.0.1:{ws_port}"),
                            "shard": [0, 1], "application": {"id": BOT, "flags": 0}
                        }});
                        let _ = send(&mut ws, ready_event);
                        ready = true;
                    }
                    _ => {}
                }
            }
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return,
        }
        if !ready {
            continue;
        }
        let Ok(events) = events.try_lock() else {
            continue;
        };
        while let Ok(d) = events.try_recv() {
            seq += 1;
            let frame = json!({"op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": d});
            if !send(&mut ws, frame) {
                return;
            }
        }
    }
}

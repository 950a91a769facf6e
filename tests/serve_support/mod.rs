//! What the tests of `antics serve` share: HTTP on loopback, a fake
//! Discord, signed interactions, and the server under test.

use crate::common::bodies;
use ed25519_dalek::{Signer, SigningKey};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

pub const BOT: &str = "100000000000000999";
pub const GUILD: &str = "900000000000000001";
pub const CHANNEL: &str = "300000000000000001";
pub const ALICE: &str = "200000000000000001";
pub const BOARD: &str = "500000000000005001";

// ---------------------------------------------------------------- HTTP on loopback

/// One HTTP message: a request the fake Discord got, or a response.
#[derive(Clone, Debug)]
pub struct Http {
    /// `GET /path` for a request, the status code for a response.
    pub head: String,
    pub status: u16,
    pub content_type: String,
    /// Every header, its name in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Http {
    /// The value of header `name` (lower case), if it came.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        bodies::payload(&self.content_type, &self.body)
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).to_string()
    }

    /// Multipart parts as (name, filename, data).
    pub fn parts(&self) -> Vec<(String, Option<String>, Vec<u8>)> {
        bodies::parts(&self.content_type, &self.body)
    }

    /// The files of a multipart message, as (filename, bytes).
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        if !self.content_type.starts_with("multipart/") {
            return Vec::new();
        }
        self.parts()
            .into_iter()
            .filter_map(|(_, file, data)| file.map(|f| (f, data)))
            .collect()
    }
}

/// Reads one HTTP message (request or response) with its body.
pub fn read_message(reader: &mut impl BufRead) -> Option<Http> {
    let mut head = String::new();
    if reader.read_line(&mut head).ok()? == 0 {
        return None;
    }
    let head = head.trim_end().to_string();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (mut length, mut chunked, mut content_type) = (None, false, String::new());
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().ok(),
            "transfer-encoding" => chunked = value.to_ascii_lowercase().contains("chunked"),
            "content-type" => content_type = value.trim().to_string(),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        body = bodies::read_chunked(reader)?;
    } else if let Some(length) = length {
        body.resize(length, 0);
        reader.read_exact(&mut body).ok()?;
    } else if !head.starts_with("HTTP/") {
        // A request without a length has no body.
    } else {
        reader.read_to_end(&mut body).ok()?;
    }
    Some(Http {
        head,
        status,
        content_type,
        headers,
        body,
    })
}

/// One request to the server under test, on a connection of its own.
pub fn request(port: u16, method: &str, path: &str, headers: &[(&str, String)], body: &[u8]) -> Http {
    try_request(port, method, path, headers, body).expect("an HTTP response")
}

/// [`request`], or `None` when the server could not be reached or did not
/// answer (it was killed).
pub fn try_request(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &[u8],
) -> Option<Http> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut text = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str("\r\n");
    // The server may answer (413) before it has read a large body.
    let _ = stream.write_all(text.as_bytes());
    let _ = stream.write_all(body);
    let _ = stream.flush();
    read_message(&mut BufReader::new(stream))
}

// ---------------------------------------------------------------- a fake Discord

/// The interaction webhooks and channel endpoints, on loopback; every
/// request it gets is passed on to the test.
pub struct FakeDiscord {
    pub port: u16,
    pub requests: Receiver<Http>,
    pub seen: Vec<Http>,
}

pub fn user(id: &str, name: &str) -> Value {
    json!({"id": id, "username": name, "discriminator": "0", "global_name": name, "avatar": null, "bot": id == BOT})
}

pub fn message(id: &str, content: &str) -> Value {
    json!({
        "id": id, "channel_id": CHANNEL, "author": user(BOT, "antics"), "content": content,
        "timestamp": "2025-05-01T12:00:00.000000+00:00", "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0, "components": []
    })
}

pub fn serve_fake(stream: TcpStream, tx: Sender<Http>) {
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    while let Some(req) = read_message(&mut reader) {
        let mut words = req.head.split_whitespace();
        let method = words.next().unwrap_or_default().to_string();
        let path = words
            .next()
            .unwrap_or_default()
            .split('?')
            .next()
            .unwrap_or_default()
            .to_string();
        let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
        let (status, body) = match (method.as_str(), segments.as_slice()) {
            ("GET" | "PATCH", ["webhooks", _, _, "messages", "@original"]) => {
                (200, message(BOARD, "").to_string())
            }
            ("POST", ["webhooks", _, _]) | ("POST", ["channels", _, "messages"]) => {
                (200, message("600000000000006001", "").to_string())
            }
            ("PATCH", ["channels", _, "messages", id]) => (200, message(id, "").to_string()),
            ("DELETE", _) => (204, String::new()),
            _ => (404, json!({"message": "Unknown", "code": 0}).to_string()),
        };
        let _ = tx.send(req);
        let reason = if status == 404 { "Not Found" } else { "OK" };
        let sent = write!(
            writer,
            "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        if sent.is_err() {
            return;
        }
    }
}

impl FakeDiscord {
    pub fn start() -> FakeDiscord {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tx, requests) = channel();
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let tx = tx.clone();
                thread::spawn(move || serve_fake(stream, tx));
            }
        });
        FakeDiscord {
            port,
            requests,
            seen: Vec::new(),
        }
    }

    /// Every request received so far (kept: later calls see them again).
    pub fn received(&mut self) -> &[Http] {
        while let Ok(r) = self.requests.try_recv() {
            self.seen.push(r);
        }
        &self.seen
    }

    /// The next request whose first line `pick` accepts (within 30 s).
    pub fn wait_for(&mut self, what: &str, pick: impl Fn(&Http) -> bool) -> Http {
        if let Some(i) = self.seen.iter().position(&pick) {
            return self.seen.remove(i);
        }
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.requests.recv_timeout(left) {
                Ok(r) if pick(&r) => return r,
                Ok(r) => self.seen.push(r),
                Err(_) => {
                    let heads: Vec<_> = self.seen.iter().map(|r| r.head.clone()).collect();
                    panic!("no {what}; Discord got: {heads:#?}")
                }
            }
        }
    }
}

// ---------------------------------------------------------------- the server under test

/// A fixed test key: Discord's signing key in these tests.
pub fn key() -> SigningKey {
    SigningKey::from_bytes(&[7u8; 32])
}

pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

/// The two headers Discord signs a request with, for `body` at `timestamp`.
pub fn signed(body: &[u8], timestamp: i64) -> Vec<(&'static str, String)> {
    let timestamp = timestamp.to_string();
    let message = [timestamp.as_bytes(), body].concat();
    let signature = key().sign(&message);
    vec![
        ("X-Signature-Ed25519", hex::encode(signature.to_bytes())),
        ("X-Signature-Timestamp", timestamp),
        ("Content-Type", "application/json".to_string()),
    ]
}

/// `antics serve` on a free port, with a fresh database; killed on drop.
pub struct Server {
    pub child: Child,
    pub port: u16,
    pub log: std::path::PathBuf,
}

impl Server {
    pub fn start(name: &str, discord_port: u16) -> Server {
        Server::start_with(name, discord_port, &[])
    }

    pub fn start_with(name: &str, discord_port: u16, env: &[(&str, &str)]) -> Server {
        Server::start_on(name, discord_port, None, env)
    }

    /// With `db` (a `postgres://` URL) the server shares that database;
    /// without, it gets a fresh SQLite file.
    pub fn start_on(name: &str, discord_port: u16, db: Option<&str>, env: &[(&str, &str)]) -> Server {
        let dir = std::env::temp_dir().join(format!("antics-serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("antics.log");
        let db = db.map_or_else(|| dir.join("antics.db").into_os_string(), Into::into);
        let mut child = Command::new(env!("CARGO_BIN_EXE_antics"))
            .args(["serve", "--listen", "127.0.0.1:0", "--db"])
            .arg(db)
            .env("DISCORD_APPLICATION_ID", BOT)
            .env(
                "DISCORD_PUBLIC_KEY",
                hex::encode(key().verifying_key().as_bytes()),
            )
            .env("ANTICS_DISCORD_API", format!("http://127.0.0.1:{discord_port}"))
            .env("ANTICS_LOG", "info,antics=debug")
            .env_remove("DISCORD_TOKEN")
            .env_remove("DATABASE_URL")
            .env_remove("ANTICS_DB")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("start antics serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("the listening line");
        let port = line
            .trim()
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| {
                panic!(
                    "no port in {line:?}; log: {}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                )
            });
        Server { child, port, log }
    }

    pub fn post(&self, body: &[u8], headers: &[(&str, String)]) -> Http {
        request(self.port, "POST", "/interactions", headers, body)
    }

    /// A signed interaction, as Discord sends it.
    pub fn interact(&self, interaction: &Value) -> Http {
        let body = interaction.to_string().into_bytes();
        self.post(&body, &signed(&body, now()))
    }

    /// Ends the process at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, as an orchestrator stops it: the server finishes the
    /// interactions and the tick under way (their posts sent) and exits.
    /// Waits for the exit, which must be clean.
    pub fn stop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(60);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "no exit after SIGTERM: {}", self.log());
            thread::sleep(Duration::from_millis(50));
        };
        assert!(status.success(), "exit {status:?}: {}", self.log());
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // The folder (its log, its database) stays for a test that failed.
        if !std::thread::panicking() {
            if let Some(dir) = self.log.parent() {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }
}

pub fn interaction(id: &str, token: &str, kind: u8, data: Value) -> Value {
    json!({
        "id": id, "application_id": BOT, "type": kind, "token": token, "version": 1,
        "guild_id": GUILD, "channel_id": CHANNEL,
        "channel": {"id": CHANNEL, "type": 0, "name": "games", "permissions": "2147483647"},
        "member": {
            "user": user(ALICE, "alice"), "nick": null, "avatar": null, "roles": [],
            "joined_at": "2025-01-01T00:00:00.000000+00:00", "premium_since": null,
            "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": "2147483647"
        },
        "app_permissions": "309237763072", "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD}, "context": 0,
        "attachment_size_limit": 10485760, "data": data
    })
}

pub fn solitaire(sub: &str, options: Value) -> Value {
    json!({
        "id": "800000000000000009", "name": "solitaire", "type": 1, "guild_id": GUILD,
        "options": [{"name": sub, "type": 1, "options": options}], "resolved": {}
    })
}

/// The first choice an autocomplete answer offers (`None` when it offers
/// none: the game is over or stuck).
pub fn first_choice(answer: &Http) -> Option<String> {
    let choices = answer.json()["data"]["choices"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    Some(choices.first()?["value"].as_str()?.to_string())
}

pub const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The board of a response: in it (type 4 or 7, multipart) or, when the
/// response was deferred (type 5 or 6), in the edit through the webhook.
pub fn board_of(response: &Http, fake: &mut FakeDiscord, token: &str) -> (Value, Vec<u8>) {
    let payload = response.json();
    match payload["type"].as_u64() {
        Some(4 | 7) => {
            let files = response.files();
            assert_eq!(files.len(), 1, "one board: {:?}", payload);
            assert_eq!(files[0].0, "board.png");
            let attachments = payload["data"]["attachments"]
                .as_array()
                .expect("attachments")
                .clone();
            assert_eq!(attachments[0]["id"], 0, "the payload names files[0]");
            assert_eq!(attachments[0]["filename"], "board.png");
            (payload["data"].clone(), files[0].1.clone())
        }
        Some(5 | 6) => {
            let edit = fake.wait_for("the deferred response's edit", |r| {
                r.head.starts_with("PATCH") && r.head.contains(&format!("/{token}/messages/@original"))
            });
            let files = edit.files();
            assert_eq!(files.len(), 1, "one board in the edit");
            (edit.json(), files[0].1.clone())
        }
        other => panic!("a response of type {other:?}: {payload}"),
    }
}

//! `antics serve`, the built binary on loopback: Discord's interactions
//! over HTTP, signed with a local Ed25519 key as Discord signs them, the
//! follow-up calls caught by a fake Discord (`ANTICS_DISCORD_API`), and the
//! health and metrics endpoints.
//!
//! Discord's rules quoted here are from "Receiving and Responding"
//! (discord.com/developers/docs/interactions/receiving-and-responding).

use ed25519_dalek::{Signer, SigningKey};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const BOT: &str = "100000000000000999";
const GUILD: &str = "900000000000000001";
const CHANNEL: &str = "300000000000000001";
const ALICE: &str = "200000000000000001";
const BOARD: &str = "500000000000005001";

// ---------------------------------------------------------------- HTTP on loopback

/// One HTTP message: a request the fake Discord got, or a response.
#[derive(Clone, Debug)]
struct Http {
    /// `GET /path` for a request, the status code for a response.
    head: String,
    status: u16,
    content_type: String,
    body: Vec<u8>,
}

impl Http {
    fn json(&self) -> Value {
        if self.content_type.starts_with("multipart/") {
            let (_, _, data) = self
                .parts()
                .into_iter()
                .find(|(name, _, _)| name == "payload_json")
                .expect("a payload_json part");
            serde_json::from_slice(&data).expect("payload_json is JSON")
        } else {
            serde_json::from_slice(&self.body).unwrap_or(Value::Null)
        }
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).to_string()
    }

    /// Multipart parts as (name, filename, data).
    fn parts(&self) -> Vec<(String, Option<String>, Vec<u8>)> {
        let boundary = self
            .content_type
            .split("boundary=")
            .nth(1)
            .expect("a multipart boundary")
            .trim_matches('"')
            .to_string();
        let delimiter = format!("--{boundary}");
        let mut starts = Vec::new();
        let mut i = 0;
        while let Some(at) = find(&self.body[i..], delimiter.as_bytes()) {
            starts.push(i + at);
            i += at + delimiter.len();
        }
        let mut parts = Vec::new();
        for w in starts.windows(2) {
            let part = &self.body[w[0] + delimiter.len()..w[1]];
            let Some(split) = find(part, b"\r\n\r\n") else {
                continue;
            };
            let head = String::from_utf8_lossy(&part[..split]).to_string();
            let mut data = part[split + 4..].to_vec();
            if data.ends_with(b"\r\n") {
                data.truncate(data.len() - 2);
            }
            let attr = |key: &str| {
                head.split(';')
                    .map(str::trim)
                    .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
                    .map(|v| v.lines().next().unwrap_or("").trim_matches('"').to_string())
            };
            parts.push((attr("name").unwrap_or_default(), attr("filename"), data));
        }
        parts
    }

    /// The files of a multipart message, as (filename, bytes).
    fn files(&self) -> Vec<(String, Vec<u8>)> {
        if !self.content_type.starts_with("multipart/") {
            return Vec::new();
        }
        self.parts()
            .into_iter()
            .filter_map(|(_, file, data)| file.map(|f| (f, data)))
            .collect()
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Reads one HTTP message (request or response) with its body.
fn read_message(reader: &mut impl BufRead) -> Option<Http> {
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
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.trim().parse().ok(),
            "transfer-encoding" => chunked = value.to_ascii_lowercase().contains("chunked"),
            "content-type" => content_type = value.trim().to_string(),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).ok()?;
            let size = usize::from_str_radix(size.trim().split(';').next()?, 16).ok()?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).ok()?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
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
        body,
    })
}

/// One request to the server under test, on a connection of its own.
fn request(port: u16, method: &str, path: &str, headers: &[(&str, String)], body: &[u8]) -> Http {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect to antics serve");
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
    read_message(&mut BufReader::new(stream)).expect("an HTTP response")
}

// ---------------------------------------------------------------- a fake Discord

/// The interaction webhooks and channel endpoints, on loopback; every
/// request it gets is passed on to the test.
struct FakeDiscord {
    port: u16,
    requests: Receiver<Http>,
    seen: Vec<Http>,
}

fn user(id: &str, name: &str) -> Value {
    json!({"id": id, "username": name, "discriminator": "0", "global_name": name, "avatar": null, "bot": id == BOT})
}

fn message(id: &str, content: &str) -> Value {
    json!({
        "id": id, "channel_id": CHANNEL, "author": user(BOT, "antics"), "content": content,
        "timestamp": "2025-05-01T12:00:00.000000+00:00", "edited_timestamp": null, "tts": false,
        "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
        "pinned": false, "type": 0, "components": []
    })
}

fn serve_fake(stream: TcpStream, tx: Sender<Http>) {
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
    fn start() -> FakeDiscord {
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

    /// The next request whose first line `pick` accepts (within 30 s).
    fn wait_for(&mut self, what: &str, pick: impl Fn(&Http) -> bool) -> Http {
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
fn key() -> SigningKey {
    SigningKey::from_bytes(&[7u8; 32])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

/// The two headers Discord signs a request with, for `body` at `timestamp`.
fn signed(body: &[u8], timestamp: i64) -> Vec<(&'static str, String)> {
    let timestamp = timestamp.to_string();
    let message = [timestamp.as_bytes(), body].concat();
    let signature = key().sign(&message);
    vec![
        ("X-Signature-Ed25519", hex(&signature.to_bytes())),
        ("X-Signature-Timestamp", timestamp),
        ("Content-Type", "application/json".to_string()),
    ]
}

/// `antics serve` on a free port, with a fresh database; killed on drop.
struct Server {
    child: Child,
    port: u16,
    log: std::path::PathBuf,
}

impl Server {
    fn start(name: &str, discord_port: u16) -> Server {
        Server::start_with(name, discord_port, &[])
    }

    fn start_with(name: &str, discord_port: u16, env: &[(&str, &str)]) -> Server {
        let dir = std::env::temp_dir().join(format!("antics-serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("antics.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_antics"))
            .args(["serve", "--listen", "127.0.0.1:0", "--db"])
            .arg(dir.join("antics.db"))
            .env("DISCORD_APPLICATION_ID", BOT)
            .env("DISCORD_PUBLIC_KEY", hex(key().verifying_key().as_bytes()))
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

    fn post(&self, body: &[u8], headers: &[(&str, String)]) -> Http {
        request(self.port, "POST", "/interactions", headers, body)
    }

    /// A signed interaction, as Discord sends it.
    fn interact(&self, interaction: &Value) -> Http {
        let body = interaction.to_string().into_bytes();
        self.post(&body, &signed(&body, now()))
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn interaction(id: &str, token: &str, kind: u8, data: Value) -> Value {
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

fn solitaire(sub: &str, options: Value) -> Value {
    json!({
        "id": "800000000000000009", "name": "solitaire", "type": 1, "guild_id": GUILD,
        "options": [{"name": sub, "type": 1, "options": options}], "resolved": {}
    })
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The board of a response: in it (type 4 or 7, multipart) or, when the
/// response was deferred (type 5 or 6), in the edit through the webhook.
fn board_of(response: &Http, fake: &mut FakeDiscord, token: &str) -> (Value, Vec<u8>) {
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

// ---------------------------------------------------------------- the tests

/// "Your endpoint must be prepared to ACK a PING message", and "If you are
/// not properly validating this signature header, we will not allow you to
/// save your interactions URL": a signed PING gets type 1 (PONG); a missing
/// or wrong signature, or an old timestamp (a replay), gets 401.
#[test]
fn only_signed_fresh_requests_are_answered() {
    let fake = FakeDiscord::start();
    let server = Server::start("signatures", fake.port);
    let ping = json!({"id": "1", "application_id": BOT, "type": 1, "token": "t", "version": 1}).to_string();
    let body = ping.as_bytes();

    let pong = server.post(body, &signed(body, now()));
    assert_eq!(pong.status, 200, "{}", server.log());
    assert_eq!(pong.json(), json!({"type": 1}));

    let missing = server.post(body, &[("Content-Type", "application/json".into())]);
    assert_eq!(missing.status, 401);

    // Signed for another body.
    let mut forged = signed(b"{\"type\":1,\"other\":true}", now());
    forged.truncate(2);
    assert_eq!(server.post(body, &forged).status, 401);

    let mut garbled = signed(body, now());
    garbled[0].1 = "zz".repeat(64);
    assert_eq!(server.post(body, &garbled).status, 401);

    let old = server.post(body, &signed(body, now() - 6 * 60));
    assert_eq!(old.status, 401, "a timestamp six minutes old is a replay");
    let recent = server.post(body, &signed(body, now() - 4 * 60));
    assert_eq!(recent.status, 200, "four minutes is within the window");

    // Bad input: a clear 4xx, and the server keeps answering.
    let malformed = b"{\"type\": 2, ";
    let r = server.post(malformed, &signed(malformed, now()));
    assert_eq!(r.status, 400);
    assert!(r.text().contains("malformed JSON"), "{}", r.text());
    let unknown = br#"{"type": 9, "id": "1", "token": "t"}"#;
    let r = server.post(unknown, &signed(unknown, now()));
    assert_eq!(r.status, 400);
    assert!(r.text().contains("unknown interaction type 9"), "{}", r.text());
    let not_an_interaction = br#"{"type": 2, "id": "x"}"#;
    let r = server.post(not_an_interaction, &signed(not_an_interaction, now()));
    assert_eq!(r.status, 400);
    let huge = vec![b' '; 300 * 1024];
    assert_eq!(server.post(&huge, &signed(&huge, now())).status, 413);

    assert_eq!(server.post(body, &signed(body, now())).status, 200);
    assert!(!server.log().contains("panicked"), "{}", server.log());
}

/// A patience over HTTP: the slash command answered with the board
/// ("CHANNEL_MESSAGE_WITH_SOURCE", type 4, the PNG as `files[0]`), a move
/// picked on the board ("UPDATE_MESSAGE", type 7), autocomplete
/// ("APPLICATION_COMMAND_AUTOCOMPLETE_RESULT", type 8); then /healthz and
/// /metrics count what happened.
#[test]
fn a_patience_is_played_over_http() {
    let mut fake = FakeDiscord::start();
    let server = Server::start("patience", fake.port);

    let health = request(server.port, "GET", "/healthz", &[], b"");
    assert_eq!(health.status, 200, "{}", server.log());

    let options = json!([
        {"name": "game", "type": 3, "value": "anthill"},
        {"name": "seed", "type": 3, "value": "7"}
    ]);
    let started = Instant::now();
    let response = server.interact(&interaction(
        "700000000000000001",
        "tok-new",
        2,
        solitaire("new", options),
    ));
    assert!(started.elapsed() < Duration::from_secs(3), "answered within 3 s");
    assert_eq!(response.status, 200, "{}", server.log());
    let (data, png) = board_of(&response, &mut fake, "tok-new");
    assert!(png.starts_with(PNG), "a PNG board");
    let pick = data["components"]
        .as_array()
        .expect("components")
        .iter()
        .flat_map(|row| row["components"].as_array().unwrap().clone())
        .find(|c| c["type"] == 3)
        .expect("a move select on the patience board");
    assert!(pick["custom_id"].as_str().unwrap().starts_with("sol:"));
    // The response became the board message: read back through the webhook.
    fake.wait_for("reading the response back", |r| {
        r.head.starts_with("GET") && r.head.contains("/tok-new/messages/@original")
    });

    // Autocomplete for `/solitaire move`: the legal moves.
    let focused = json!([{"name": "action", "type": 3, "value": "", "focused": true}]);
    let auto = server.interact(&interaction(
        "700000000000000002",
        "tok-auto",
        4,
        solitaire("move", focused),
    ));
    assert_eq!(auto.status, 200);
    let auto = auto.json();
    assert_eq!(auto["type"], 8, "{auto}");
    let choices = auto["data"]["choices"].as_array().expect("choices");
    assert!(!choices.is_empty() && choices.len() <= 25, "{auto}");

    // A move picked on the board's select: the board is updated in place.
    let value = pick["options"][0]["value"].as_str().unwrap().to_string();
    let mut click = interaction(
        "700000000000000003",
        "tok-pick",
        3,
        json!({"custom_id": pick["custom_id"], "component_type": 3, "values": [value]}),
    );
    click["message"] = message(BOARD, "patience");
    let started = Instant::now();
    let update = server.interact(&click);
    assert!(started.elapsed() < Duration::from_secs(3), "answered within 3 s");
    assert_eq!(update.status, 200, "{}", server.log());
    let kind = update.json()["type"].as_u64();
    assert!(matches!(kind, Some(7 | 6 | 4)), "{}", update.text());
    if matches!(kind, Some(7 | 6)) {
        let (_, png) = board_of(&update, &mut fake, "tok-pick");
        assert!(png.starts_with(PNG), "the new board");
    }

    // An unknown choice is refused privately (ephemeral, flag 64), nothing started.
    let bad = json!([{"name": "game", "type": 3, "value": "chess"}]);
    let refused = server.interact(&interaction(
        "700000000000000004",
        "tok-bad",
        2,
        solitaire("new", bad),
    ));
    let refused = refused.json();
    assert_eq!(refused["type"], 4);
    assert_eq!(refused["data"]["flags"], 64, "{refused}");

    // A modal's submission reaches the service as a component would; one
    // from no form of ours is refused privately.
    let modal = json!({"custom_id": "nothing-of-ours", "components": [{"type": 1, "components": [
        {"type": 4, "custom_id": "text", "value": "hello"}]}]});
    let refused = server.interact(&interaction("700000000000000005", "tok-modal", 5, modal));
    assert_eq!(refused.status, 200, "{}", server.log());
    let refused = refused.json();
    assert_eq!(refused["type"], 4, "{refused}");
    assert_eq!(refused["data"]["flags"], 64, "{refused}");

    let metrics = request(server.port, "GET", "/metrics", &[], b"");
    assert_eq!(metrics.status, 200);
    assert!(metrics.content_type.starts_with("text/plain"));
    let text = metrics.text();
    for series in [
        r#"antics_interactions_total{command="solitaire new",outcome="ok"} 1"#,
        r#"antics_interactions_total{command="solitaire move",outcome="suggested"} 1"#,
        r#"antics_interactions_total{command="solitaire new",outcome="unreadable"} 1"#,
        r#"antics_interaction_seconds_count{kind="command"} 2"#,
        r#"antics_interaction_seconds_count{kind="component"} 1"#,
        r#"antics_renders_total{format="png"}"#,
        "antics_games_open 1",
    ] {
        assert!(text.contains(series), "no `{series}` in:\n{text}");
    }
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        assert!(line.starts_with("antics_"), "{line}");
    }
    assert!(!server.log().contains("panicked"), "{}", server.log());
}

/// Slow work is deferred: "Interaction tokens are valid for 15 minutes,
/// meaning you can respond to an interaction within that amount of time"
/// once it is acknowledged within 3 s. The computer (hard) thinks for 2 s
/// on its first move, so `/armyants challenge` against it is answered with type 5
/// (DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE) in time, and the board arrives
/// as the edit of the original response through the webhook.
#[test]
fn the_computers_move_is_deferred_then_sent_through_the_webhook() {
    let mut fake = FakeDiscord::start();
    let server = Server::start_with("computer", fake.port, &[("ANTICS_AI_MOVE_MS", "2000")]);
    let data = json!({
        "id": "800000000000000008", "name": "armyants", "type": 1, "guild_id": GUILD,
        "options": [{"name": "challenge", "type": 1, "options": [
            {"name": "opponent", "type": 6, "value": BOT},
            {"name": "color", "type": 3, "value": "black"},
            {"name": "seed", "type": 3, "value": "3"},
            {"name": "level", "type": 3, "value": "hard"}
        ]}],
        "resolved": {"users": {BOT: user(BOT, "antics")}}
    });
    let started = Instant::now();
    let response = server.interact(&interaction("700000000000000031", "tok-bot", 2, data));
    let took = started.elapsed();
    assert!(took < Duration::from_secs(3), "answered within 3 s: {took:?}");
    assert_eq!(response.status, 200, "{}", server.log());
    let payload = response.json();
    assert_eq!(payload["type"], 5, "deferred: {payload}");
    let (message, png) = board_of(&response, &mut fake, "tok-bot");
    assert!(png.starts_with(PNG), "the board after the computer's move");
    assert!(
        message["content"]
            .as_str()
            .unwrap_or_default()
            .contains("against the computer"),
        "{message}"
    );
}

/// Without a bot token the server still starts, and says once what is off.
#[test]
fn without_a_token_posts_are_off_with_one_line() {
    let fake = FakeDiscord::start();
    let server = Server::start("no-token", fake.port);
    let health = request(server.port, "GET", "/healthz", &[], b"");
    assert_eq!(health.status, 200);
    let log = server.log();
    assert_eq!(log.matches("no DISCORD_TOKEN").count(), 1, "{log}");
}

/// With the app's client secret, the table is its Activity: the
/// registration keeps an entry point command ("PRIMARY_ENTRY_POINT ...
/// DISCORD_LAUNCH_ACTIVITY"), a public board carries "Open table", whose
/// click Discord answers by launching the Activity (response type 12,
/// LAUNCH_ACTIVITY), and the same server serves the page.
#[test]
fn the_table_opens_as_the_apps_activity() {
    let mut fake = FakeDiscord::start();
    let server = Server::start_with(
        "activity",
        fake.port,
        &[
            ("DISCORD_TOKEN", "bot-token"),
            ("DISCORD_CLIENT_SECRET", "client-secret"),
        ],
    );
    let registered = fake.wait_for("the commands' registration", |r| {
        r.head.starts_with("PUT") && r.head.contains("/commands")
    });
    let commands = registered.json();
    let entry = commands
        .as_array()
        .expect("a bulk overwrite")
        .iter()
        .find(|c| c["type"] == 4)
        .expect("an entry point command");
    assert_eq!(entry["handler"], 2, "{entry}");

    let options = json!([{"name": "game", "type": 3, "value": "ants"}]);
    let response = server.interact(&interaction(
        "700000000000000101",
        "tok-act",
        2,
        solitaire("new", options),
    ));
    let (data, _) = board_of(&response, &mut fake, "tok-act");
    let buttons: Vec<Value> = data["components"]
        .as_array()
        .expect("components")
        .iter()
        .flat_map(|row| row["components"].as_array().unwrap().clone())
        .collect();
    assert!(buttons
        .iter()
        .any(|b| b["custom_id"] == "table:open" && b["label"] == "Open table"));

    let mut click = interaction(
        "700000000000000102",
        "tok-open",
        3,
        json!({"custom_id": "table:open", "component_type": 2}),
    );
    click["message"] = message(BOARD, "ants");
    let launched = server.interact(&click);
    assert_eq!(launched.status, 200, "{}", server.log());
    let launched = launched.json();
    assert_eq!(launched["type"], 12, "{launched}");
    assert!(
        launched["data"].is_null(),
        "nothing besides the launch: {launched}"
    );

    let page = request(server.port, "GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(page.text().contains("table.js"));
    let config = request(server.port, "GET", "/api/config", &[], b"");
    assert_eq!(config.json(), json!({"activity": BOT}));
    // Only a session says who plays: the address names no one.
    let named = request(server.port, "GET", "/api/table?user=alice&channel=1", &[], b"");
    assert_eq!(named.status, 401);
    assert!(!server.log().contains("client-secret"));
}

//! The helpers the tests share. Here: runs `antics script` as a person
//! would, JSON lines in, JSON lines out. Beside: the HTTP bodies the fake
//! Discords read (`bodies`), the fake Discord of `antics run` (`wire`), the
//! browser checks' tools (`browser`), the service called in process
//! (`service`), the web table served (`web`) and two toy games (`nim`, `pairs`).

pub mod bodies;
pub mod browser;
pub mod nim;
pub mod pairs;
pub mod service;
pub mod web;
pub mod wire;

use rand::prelude::*;
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Feeds `lines` to one `antics script` process and returns one parsed
/// object per line. `db` is a SQLite file or a postgres:// URL.
pub fn script(db: impl AsRef<std::ffi::OsStr>, images: &Path, lines: &[Value]) -> Vec<Value> {
    let raw: Vec<Vec<u8>> = lines.iter().map(|l| l.to_string().into_bytes()).collect();
    script_bytes(db, images, &raw)
}

/// Feeds `lines`, raw bytes that need not be text, one line each, to one
/// `antics script` process that must end well, and returns one parsed
/// object per line.
pub fn script_bytes(db: impl AsRef<std::ffi::OsStr>, images: &Path, lines: &[Vec<u8>]) -> Vec<Value> {
    script_run(script_command(db, images), lines)
}

/// `antics script` on `db`, writing its boards to `images`: the command
/// line every way of running it here starts from.
pub fn script_command(db: impl AsRef<std::ffi::OsStr>, images: &Path) -> Command {
    let mut script = Command::new(env!("CARGO_BIN_EXE_antics"));
    script
        .arg("script")
        .arg("--db")
        .arg(db)
        .arg("--images")
        .arg(images);
    script
}

/// Feeds `lines` to `script` (an `antics script` command with its flags
/// and environment), which must end well, and returns one parsed object
/// per line.
pub fn script_run(mut script: Command, lines: &[Vec<u8>]) -> Vec<Value> {
    let mut child = script
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("antics starts");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        for line in lines {
            stdin.write_all(line).expect("write a line");
            stdin.write_all(b"\n").expect("write a line");
        }
    }
    let output = child.wait_with_output().expect("antics finishes");
    assert!(output.status.success(), "antics script failed");
    let out: Vec<Value> = String::from_utf8(output.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each output line is JSON"))
        .collect();
    assert_eq!(out.len(), lines.len(), "one output line per input line");
    out
}

/// A scratch folder with an image folder, and a fresh database: a SQLite
/// file in the folder, or an empty PostgreSQL schema.
pub struct Scratch {
    pub dir: tempfile::TempDir,
    postgres: Option<String>,
}

impl Scratch {
    /// On SQLite.
    pub fn new() -> Scratch {
        Scratch {
            dir: tempfile::tempdir().expect("temp dir"),
            postgres: None,
        }
    }

    /// One per backend under test: SQLite, and PostgreSQL when
    /// ANTICS_TEST_POSTGRES_URL names one (see `antics::store::testing`).
    pub fn each() -> Vec<Scratch> {
        let mut all = vec![Scratch::new()];
        if let Some(base) = antics::store::testing::postgres_url() {
            let url = service::runtime()
                .block_on(antics::store::testing::scratch_postgres_url(&base))
                .expect("a PostgreSQL schema");
            all.push(Scratch {
                dir: tempfile::tempdir().expect("temp dir"),
                postgres: Some(url),
            });
        }
        all
    }

    /// The `--db` argument: a SQLite file or a postgres:// URL.
    pub fn db(&self) -> std::ffi::OsString {
        match &self.postgres {
            Some(url) => url.into(),
            None => self.dir.path().join("antics.db").into(),
        }
    }

    pub fn images(&self) -> std::path::PathBuf {
        self.dir.path().join("images")
    }

    pub fn run(&self, lines: &[Value]) -> Vec<Value> {
        script(self.db(), &self.images(), lines)
    }

    /// `antics script` on this scratch's database and image folder.
    pub fn command(&self) -> Command {
        script_command(self.db(), &self.images())
    }

    /// Like `run`, with lines of raw bytes.
    pub fn run_bytes(&self, lines: &[Vec<u8>]) -> Vec<Value> {
        script_bytes(self.db(), &self.images(), lines)
    }
}

/// `line` as sent at `time` (RFC 3339): the script's clock for that line.
pub fn at(mut line: Value, time: &str) -> Value {
    line["at"] = json!(time);
    line
}

/// A line that only moves the clock to `time`.
/// The texts of the posts a reply (or a tick) sent.
pub fn post_texts(reply: &Value) -> Vec<String> {
    reply["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["text"].as_str().unwrap().to_string())
        .collect()
}

pub fn tick(time: &str) -> Value {
    json!({"tick": true, "at": time})
}

/// A reply's text.
pub fn text(reply: &Value) -> &str {
    reply["text"].as_str().expect("a text")
}

pub fn command(user: &str, channel: &str, command: &str, options: Value) -> Value {
    json!({"user": user, "channel": channel, "command": command, "options": options})
}

pub fn mv(user: &str, action: &str) -> Value {
    command(user, "c1", "armyants move", json!({ "action": action }))
}

pub fn click(user: &str, channel: &str, id: &str) -> Value {
    json!({"user": user, "channel": channel, "component": id})
}

/// The id of the component whose id ends with `:verb`.
pub fn component(reply: &Value, verb: &str) -> String {
    reply["components"]
        .as_array()
        .expect("components")
        .iter()
        .map(|c| c["id"].as_str().expect("id").to_string())
        .find(|id| is_verb(id, verb))
        .unwrap_or_else(|| panic!("no {verb} component in {reply}"))
}

/// The components of a reply.
pub fn components(reply: &Value) -> Vec<Value> {
    reply["components"].as_array().cloned().unwrap_or_default()
}

/// The component whose id is for `verb`, if the reply has one.
pub fn find(reply: &Value, verb: &str) -> Option<Value> {
    components(reply)
        .into_iter()
        .find(|c| is_verb(c["id"].as_str().unwrap_or(""), verb))
}

/// A component's verb: the third part of its id (`GAME:ID:VERB`).
pub fn verb(component: &Value) -> String {
    let id = component["id"].as_str().expect("an id");
    id.splitn(3, ':').nth(2).unwrap_or("").to_string()
}

/// The line `user` sends in `channel` to use `component`, picking a
/// select's option at random.
pub fn use_component(user: &str, channel: &str, component: &Value, rng: &mut StdRng) -> Value {
    let mut line = click(user, channel, component["id"].as_str().expect("id"));
    if let Some(options) = component["options"].as_array() {
        let option = options.choose(rng).expect("a select has options");
        line["values"] = json!([option["value"]]);
    }
    line
}

/// The move a hint names: the text between `**`.
pub fn hinted(reply: &Value) -> Option<String> {
    reply["text"].as_str()?.split("**").nth(1).map(str::to_string)
}

/// Whether a component id is for `verb`: `GAME:ID:VERB`, or `GAME:ID:VERB.N`
/// for the components that carry the game's version.
pub fn is_verb(id: &str, verb: &str) -> bool {
    let Some(last) = id.splitn(3, ':').nth(2) else {
        return false;
    };
    last == verb
        || last
            .strip_prefix(verb)
            .and_then(|rest| rest.strip_prefix('.'))
            .is_some_and(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()))
}

/// One `antics script` process answering line by line, for tests that
/// choose each input from the previous reply (clicks).
pub struct Session {
    child: std::process::Child,
    stdout: std::io::BufReader<std::process::ChildStdout>,
}

impl Session {
    pub fn start(scratch: &Scratch) -> Session {
        Session::spawn(scratch.command())
    }

    /// A session of `script`, an `antics script` command line with its
    /// environment.
    pub fn spawn(mut script: Command) -> Session {
        let mut child = script
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("antics starts");
        let stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        Session { child, stdout }
    }

    /// Sends each line and reads their answers: [`Scratch::run`] without a
    /// process of its own.
    pub fn run(&mut self, lines: &[Value]) -> Vec<Value> {
        lines.iter().map(|line| self.send(line)).collect()
    }

    /// Sends one line and reads its answer.
    pub fn send(&mut self, line: &Value) -> Value {
        use std::io::BufRead;
        let stdin = self.child.stdin.as_mut().expect("stdin");
        writeln!(stdin, "{line}").expect("write a line");
        stdin.flush().expect("flush");
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).expect("read a line");
        serde_json::from_str(&answer).expect("each output line is JSON")
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

pub fn assert_ok(reply: &Value) {
    assert_eq!(reply["ok"], true, "expected success: {reply}");
}

pub fn assert_refused(reply: &Value, code: &str) {
    assert_eq!(reply["ok"], false, "expected a refusal: {reply}");
    assert_eq!(reply["error"], code, "wrong code: {reply}");
    assert_eq!(reply["ephemeral"], true, "refusals are ephemeral: {reply}");
    assert!(
        !reply["text"].as_str().unwrap_or("").is_empty(),
        "refusals explain themselves"
    );
}

/// How many frames the reply's image has, after checking it is an
/// animated GIF that loops.
pub fn gif_frames(reply: &Value) -> usize {
    let path = reply["image"].as_str().expect("an image");
    assert!(path.ends_with(".gif"), "{path}");
    let bytes = std::fs::read(path).expect("image written");
    assert!(bytes.len() < 10 * 1024 * 1024, "under Discord's file limit");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(bytes.as_slice())
        .expect("a GIF");
    assert_eq!(decoder.repeat(), gif::Repeat::Infinite);
    let mut frames = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    frames
}

//! `antics play --web` as the web table's tests run it: on a free port over
//! a SQLite file, killed when dropped.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A running table and the database it plays on.
pub struct Table {
    pub server: Child,
    /// `127.0.0.1:PORT`, as a browser's `Host` names it.
    pub address: String,
    _dir: Option<tempfile::TempDir>,
}

impl Table {
    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}", self.address)
    }

    /// The `Host` header line a page on the table's own address sends.
    pub fn own_host(&self) -> String {
        format!("Host: {}\r\n", self.address)
    }

    /// One HTTP/1.1 exchange with `extra` header lines: the status, the
    /// head in lower case and the JSON body.
    pub fn exchange(&self, head: &str, extra: &str, body: &str) -> (u16, String, Value) {
        let mut stream = TcpStream::connect(&self.address).expect("the table answers");
        let request = format!(
            "{head} HTTP/1.1\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let status = answer[9..12].parse().expect("a status");
        let (head, payload) = answer.split_once("\r\n\r\n").unwrap_or_default();
        (
            status,
            head.to_lowercase(),
            serde_json::from_str(payload).unwrap_or(Value::Null),
        )
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        self.server.kill().ok();
        self.server.wait().ok();
    }
}

/// A table over a fresh database, with `env` set.
pub fn table(env: &[(&str, &str)]) -> Table {
    table_in(tempfile::tempdir().unwrap(), env)
}

/// A table over `dir`'s `table.db`, which may hold games already; the
/// directory lives as long as the table.
pub fn table_in(dir: tempfile::TempDir, env: &[(&str, &str)]) -> Table {
    let mut table = serve(&dir.path().join("table.db"), env);
    table._dir = Some(dir);
    table
}

/// A table over `db`, which the caller keeps.
pub fn serve(db: &Path, env: &[(&str, &str)]) -> Table {
    let mut server = Command::new(env!("CARGO_BIN_EXE_antics"))
        .args(["play", "--web", "--port", "0", "--db"])
        .arg(db)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .spawn()
        .expect("antics starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .expect("the table's address")
        .split('/')
        .next()
        .unwrap()
        .to_string();
    Table {
        server,
        address,
        _dir: None,
    }
}

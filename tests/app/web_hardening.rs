//! The web table against hostile pages, floods and stale clicks: each test
//! quotes the attack it answers.

use crate::common;
use common::web::{table, table_in, Table};

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn place(table: &Table, user: &str) -> Value {
    let (status, _, body) = table.exchange(
        &format!("GET /api/table?user={user}&channel=c1"),
        &table.own_host(),
        "",
    );
    assert_eq!(status, 200, "{body}");
    body
}

fn act(table: &Table, user: &str, action: Value) -> Value {
    let mut body = json!({"user": user, "channel": "c1"});
    body.as_object_mut()
        .unwrap()
        .extend(action.as_object().unwrap().clone());
    table
        .exchange("POST /api/act", &table.own_host(), &body.to_string())
        .2
}

#[test]
fn only_the_table_s_own_address_and_page_are_answered() {
    // "DNS rebinding reaches the local table. No Host or Origin check: a
    // page whose name rebinds to 127.0.0.1 posts /api/act as any user."
    let table = table(&[]);
    let port = table.address.rsplit(':').next().unwrap();
    let new = json!({"user": "alice", "channel": "c1", "new": "ants"}).to_string();
    let rebound = format!("Host: evil.example:{port}\r\n");
    let (status, _, body) = table.exchange("POST /api/act", &rebound, &new);
    assert_eq!(status, 403, "{body}");
    assert!(body["error"].as_str().unwrap().contains("own address"), "{body}");
    let (status, _, _) = table.exchange("GET /api/table?user=alice&channel=c1", &rebound, "");
    assert_eq!(status, 403);
    let foreign = format!("{}Origin: http://evil.example:{port}\r\n", table.own_host());
    let (status, _, body) = table.exchange("POST /api/act", &foreign, &new);
    assert_eq!(status, 403, "{body}");
    assert!(
        place(&table, "alice")["boards"].as_array().unwrap().is_empty(),
        "nothing started"
    );
    let ours = format!("{}Origin: http://{}\r\n", table.own_host(), table.address);
    let (status, _, body) = table.exchange("POST /api/act", &ours, &new);
    assert_eq!((status, &body["ok"]), (200, &json!(true)), "{body}");
    let localhost = format!("Host: localhost:{port}\r\n");
    assert_eq!(table.exchange("GET /", &localhost, "").0, 200);
}

#[test]
fn every_answer_carries_the_security_headers_and_the_page_an_icon() {
    // "No frame-ancestors/X-Frame-Options (a framed page's one-click End
    // game ended the game)"; "the page requests /favicon.ico and gets 404".
    let table = table(&[]);
    let (status, head, _) = table.exchange("GET /", &table.own_host(), "");
    assert_eq!(status, 200);
    for line in [
        "content-security-policy: default-src 'self'",
        "frame-ancestors 'none'",
        "x-frame-options: deny",
        "x-content-type-options: nosniff",
        "referrer-policy: no-referrer",
    ] {
        assert!(head.contains(line), "{line} in {head}");
    }
    for icon in ["GET /favicon.ico", "GET /favicon.svg"] {
        let (status, head, _) = table.exchange(icon, &table.own_host(), "");
        assert_eq!(status, 200, "{icon}");
        assert!(head.contains("content-type: image/svg+xml"), "{head}");
    }
}

/// A seeded Anthill deal with moves on its first board (a random deal may
/// open with none).
const ANTHILL_SEED: &str = "1";

/// The first board of `user`'s place.
fn board(table: &Table, user: &str) -> Value {
    place(table, user)["boards"][0].clone()
}

/// Two moves of the board, from different sources where it has them.
fn two_moves(board: &Value) -> (String, String) {
    let moves = board["moves"].as_array().expect("moves");
    let first = &moves[0];
    let second = moves
        .iter()
        .find(|m| m["from"] != first["from"])
        .unwrap_or(&moves[1]);
    let action = |m: &Value| m["actions"][0].as_str().unwrap().to_string();
    (action(first), action(second))
}

#[test]
fn a_move_chosen_on_an_old_board_is_refused_and_changes_nothing() {
    // "A stale click on the page plays a move the player never saw. ...
    // Two pages clicking different moves on one version: both landed in 15
    // of 30 tries."
    let table = table(&[]);
    // Anthill deals every card face up: many moves on every board.
    act(
        &table,
        "alice",
        json!({"new": "anthill", "options": {"seed": ANTHILL_SEED}}),
    );
    let mut tries = 0;
    while tries < 30 {
        let shown = two_moves_ahead(&table);
        let version = shown["version"].as_i64().unwrap();
        let (one, two) = two_moves(&shown);
        let address = table.address.clone();
        let pages: Vec<_> = [one, two]
            .into_iter()
            .map(|action| {
                let address = address.clone();
                std::thread::spawn(move || {
                    let body = json!({"user": "alice", "channel": "c1", "kind": "anthill",
                                      "move": action, "version": version})
                    .to_string();
                    let mut stream = TcpStream::connect(&address).unwrap();
                    write!(
                        stream,
                        "POST /api/act HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    )
                    .unwrap();
                    let mut answer = String::new();
                    stream.read_to_string(&mut answer).unwrap();
                    let (_, payload) = answer.split_once("\r\n\r\n").unwrap();
                    serde_json::from_str::<Value>(payload).unwrap()
                })
            })
            .collect();
        let answers: Vec<Value> = pages.into_iter().map(|p| p.join().unwrap()).collect();
        let landed = answers.iter().filter(|a| a["ok"] == true).count();
        assert_eq!(landed, 1, "exactly one move per version: {answers:?}");
        // The other is refused. Its reason is the version ("the game moved
        // on"), save when it lost the race inside the store's load, which
        // can replay the winner's move onto the old version's row: then the
        // rules refuse it on the new board. Either way it never lands.
        let refused = answers.iter().find(|a| a["ok"] != true).unwrap();
        let code = refused["error"].as_str().unwrap_or_default();
        assert!(
            code == "conflict" || code == "illegal_action",
            "try {tries} at version {version}: {refused}"
        );
        if code == "conflict" {
            assert!(
                refused["text"].as_str().unwrap().contains("moved on"),
                "{refused}"
            );
        }
        assert_eq!(board(&table, "alice")["version"].as_i64().unwrap(), version + 1);
        tries += 1;
    }

    // A button of an old board too (every step, not only moves).
    two_moves_ahead(&table);
    let (shown, version, one) = play_on_board(&table);
    let end = shown["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "end")
        .expect("an end button")["component"]
        .clone();
    let again = act(
        &table,
        "alice",
        json!({"kind": "anthill", "move": one, "version": version}),
    );
    assert_eq!(again["error"], "conflict", "a move of the old board: {again}");
    let stale = act(&table, "alice", json!({"component": end, "version": version}));
    assert_eq!(stale["error"], "conflict", "{stale}");
    assert_eq!(board(&table, "alice")["status"], "active");
}

/// Alice's Anthill board once it offers two moves or more: dealt on, or
/// started again once the game is over, until it does (a random deal can
/// run short of moves).
fn two_moves_ahead(table: &Table) -> Value {
    loop {
        let shown = board(table, "alice");
        if shown["moves"].as_array().is_some_and(|m| m.len() >= 2) {
            return shown;
        }
        let version = shown["version"].as_i64().unwrap();
        let dealt = act(
            table,
            "alice",
            json!({"kind": "anthill", "move": "deal", "version": version}),
        );
        if dealt["ok"] != true {
            act(
                table,
                "alice",
                json!({"kind": "anthill", "move": "end", "version": version}),
            );
            act(table, "alice", json!({"new": "anthill"}));
        }
    }
}

/// Plays the first of two moves of alice's Anthill board, bound to its
/// version: the board it was chosen on, that version and the move.
fn play_on_board(table: &Table) -> (Value, i64, String) {
    let shown = board(table, "alice");
    let version = shown["version"].as_i64().unwrap();
    let (one, _) = two_moves(&shown);
    let played = act(
        table,
        "alice",
        json!({"kind": "anthill", "move": one, "version": version}),
    );
    assert_eq!(played["ok"], true, "{played}");
    (shown, version, one)
}

/// Opens `count` event streams as `user`: the statuses answered, and the
/// streams (kept open).
fn streams(table: &Table, user: &str, count: usize) -> (Vec<u16>, Vec<TcpStream>) {
    let mut statuses = Vec::new();
    let mut open = Vec::new();
    for _ in 0..count {
        let mut stream = TcpStream::connect(&table.address).unwrap();
        write!(
            stream,
            "GET /api/events?user={user}&channel=c1 HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            table.address
        )
        .unwrap();
        let mut status = [0u8; 12];
        stream.read_exact(&mut status).unwrap();
        statuses.push(String::from_utf8_lossy(&status[9..12]).parse().unwrap());
        open.push(stream);
    }
    (statuses, open)
}

/// The number of descriptors the process `pid` holds (Linux).
fn descriptors(pid: u32) -> Option<usize> {
    Some(std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.count())
}

#[test]
fn live_streams_are_capped_per_session_and_in_all() {
    // "Live-update streams have no limit and each polls the store every
    // 150 ms: 2,000 streams from one signed-in session took 1.75 cores."
    let table = table(&[
        ("ANTICS_STREAMS_PER_SESSION", "5"),
        ("ANTICS_STREAMS_TOTAL", "12"),
    ]);
    let (alice, _alice_open) = streams(&table, "alice", 8);
    assert_eq!(alice, [200, 200, 200, 200, 200, 429, 429, 429]);
    let (others, _others_open) = streams(&table, "bob", 5);
    let (carol, _carol_open) = streams(&table, "carol", 4);
    assert_eq!(others, [200; 5]);
    assert_eq!(carol, [200, 200, 429, 429], "twelve in all");
    // The streams cost the table no answer.
    assert_eq!(act(&table, "dave", json!({"new": "ants"}))["ok"], true);
    if let Some(held) = descriptors(table.server.id()) {
        assert!(held < 100, "{held} descriptors");
    }
    // A closed stream makes room.
    drop(_alice_open);
    let ticket_freed = wait_for(|| streams(&table, "alice", 1).0 == [200]);
    assert!(ticket_freed, "a closed stream's place is given back");
}

/// Whether the table answers its page (and not a closed connection).
fn answers(table: &Table) -> bool {
    let Ok(mut stream) = TcpStream::connect(&table.address) else {
        return false;
    };
    let _ = write!(
        stream,
        "GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        table.address
    );
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer.starts_with("HTTP/1.1 200")
}

/// Polls `done` every 50 ms for up to 10 s.
fn wait_for(mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn a_live_stream_tells_of_a_move_once_per_change() {
    // One watcher per process: a move through the page still reaches an
    // open stream.
    let table = table(&[]);
    act(
        &table,
        "alice",
        json!({"new": "anthill", "options": {"seed": ANTHILL_SEED}}),
    );
    let (statuses, mut open) = streams(&table, "alice", 1);
    assert_eq!(statuses, [200]);
    let mut lines = BufReader::new(open.remove(0));
    let events = |lines: &mut BufReader<TcpStream>| loop {
        let mut line = String::new();
        lines.read_line(&mut line).unwrap();
        if let Some(data) = line.strip_prefix("data: ") {
            return data.trim().to_string();
        }
    };
    let first = events(&mut lines);
    let (_, version, _) = play_on_board(&table);
    let second = events(&mut lines);
    assert_ne!(first, second);
    assert!(second.ends_with(&format!(" {}", version + 1)), "{second}");
}

#[test]
fn silent_connections_are_closed_and_the_cap_keeps_room() {
    // "Silent connections are kept forever (no header-read or idle
    // timeout): 1,100 silent TCP connections stopped serve answering."
    let table = table(&[("ANTICS_MAX_CONNECTIONS", "20")]);
    let silent: Vec<TcpStream> = (0..20)
        .map(|_| TcpStream::connect(&table.address).unwrap())
        .collect();
    // Past the cap a connection is closed at once, unanswered.
    let closed_at_once = wait_for(|| {
        let mut past = TcpStream::connect(&table.address).unwrap();
        past.set_read_timeout(Some(Duration::from_millis(500))).unwrap();
        let _ = write!(past, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
        matches!(past.read(&mut [0u8; 16]), Ok(0) | Err(_))
    });
    assert!(closed_at_once);
    // The silent ones are closed, unanswered, within the head's timeout
    // (5 s; a read still waiting after 30 s fails).
    for mut stream in silent {
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        assert!(matches!(stream.read(&mut [0u8; 16]), Ok(0)), "closed, unanswered");
    }
    // And the table answers again.
    assert!(wait_for(|| answers(&table)));
}

#[test]
fn a_daily_attempt_past_its_close_shows_ended_with_nothing_to_play() {
    // "A closed day's attempt shows as active with legal moves."
    let dir = tempfile::tempdir().unwrap();
    let daily = json!({"user": "alice", "channel": "c1", "command": "daily play",
                       "options": {"game": "ants"}, "at": "2026-11-22T08:00:00Z"});
    let out = common::script(dir.path().join("table.db"), dir.path(), &[daily]);
    assert_eq!(out[0]["game"]["status"], "active", "{}", out[0]);
    // The page is looked at days later: the day closed at 01:00 UTC on the
    // 23rd, and no sweep has ended the attempt yet.
    let table = table_in(dir, &[]);
    let shown = board(&table, "alice");
    assert_eq!(shown["status"], "finished", "{shown}");
    assert_eq!(shown["moves"], json!([]));
    assert_eq!(shown["steps"], json!([]));
    assert_eq!(shown["to_move"], "");
    assert!(shown["text"].as_str().unwrap().contains("closed"), "{shown}");
    // A move sent all the same plays nothing: the request's sweep ends the
    // attempt as it stood (so the board moved on), or the move does.
    let version = shown["version"].as_i64().unwrap();
    let late = act(
        &table,
        "alice",
        json!({"kind": "ants", "move": "deal", "version": version}),
    );
    assert_ne!(late["ok"], true, "{late}");
    let ended = board(&table, "alice");
    assert_eq!(ended["status"], "finished", "{ended}");
    assert_eq!(ended["moves"], json!([]));
}

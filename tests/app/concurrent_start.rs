//! "Two processes opening one new database at once fail half the time
//! ('table games already exists')": several processes starting on one
//! database, new or old, all start and answer, on SQLite and PostgreSQL.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Stdio};

/// How many processes start at once.
const PROCESSES: usize = 8;

/// Starts `antics script` on `db` without waiting for it: it opens the
/// database (and migrates it) as soon as it runs.
fn start(scratch: &Scratch) -> Child {
    scratch
        .command()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("antics starts")
}

/// Sends one line to a started process, closes its input and returns its
/// answer, after checking that it ended well.
fn answer(mut child: Child, line: &Value) -> Value {
    {
        let mut stdin = child.stdin.take().expect("stdin");
        // A process that failed to start has closed its input: its exit
        // status and error below say why.
        let _ = writeln!(stdin, "{line}");
    }
    let mut out = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut out)
        .expect("read the answer");
    let output = child.wait_with_output().expect("antics finishes");
    assert!(
        output.status.success(),
        "a process failed to start: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&out).unwrap_or_else(|_| panic!("one JSON answer, got {out:?}"))
}

/// Starts `PROCESSES` processes on the database at once; each starts a
/// patience of its own in its own channel.
fn start_together(scratch: &Scratch, round: usize) {
    let children: Vec<Child> = (0..PROCESSES).map(|_| start(scratch)).collect();
    for (i, child) in children.into_iter().enumerate() {
        let line = command(
            &format!("player{i}"),
            &format!("r{round}c{i}"),
            "solitaire new",
            json!({"game": "ants", "seed": "5"}),
        );
        let reply = answer(child, &line);
        assert_ok(&reply);
        assert_eq!(reply["game"]["status"], "active", "{reply}");
    }
}

#[test]
fn processes_starting_at_once_on_one_database_all_start() {
    for scratch in Scratch::each() {
        // A new database (a fresh file, or a fresh PostgreSQL schema) ...
        start_together(&scratch, 0);
        // ... and the same database once it exists.
        start_together(&scratch, 1);
        // Every process's game is there.
        let out = scratch.run(
            &(0..2)
                .flat_map(|round| {
                    (0..PROCESSES).map(move |i| {
                        command(
                            &format!("player{i}"),
                            &format!("r{round}c{i}"),
                            "record",
                            json!({}),
                        )
                    })
                })
                .collect::<Vec<_>>(),
        );
        for reply in &out {
            assert_ok(reply);
            assert_eq!(reply["game"]["kind"], "ants", "{reply}");
        }
    }
}

#[test]
fn processes_starting_at_once_on_new_sqlite_files_all_start() {
    // The race is a matter of timing: several new files make a lost race
    // show up in every run, not one in a few.
    for _ in 0..5 {
        start_together(&Scratch::new(), 0);
    }
}

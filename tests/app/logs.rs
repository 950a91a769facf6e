//! The operators' logs of a real process: stderr is a pipe here, as in a
//! file or Docker's log, so text comes without colour codes, and
//! `ANTICS_LOG_FORMAT=json` gives one JSON object a line.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `antics script` with one patience line and an image folder it
/// cannot write (a warning is logged), and returns its stderr.
fn stderr_of(format: Option<&str>) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_antics"));
    cmd.args(["script", "--images", "/dev/null/images"])
        .env("RUST_LOG", "warn")
        .env_remove("ANTICS_LOG_FORMAT")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(format) = format {
        cmd.env("ANTICS_LOG_FORMAT", format);
    }
    let mut child = cmd.spawn().expect("antics starts");
    writeln!(
        child.stdin.take().expect("stdin"),
        r#"{{"user":"alice","channel":"c1","command":"solitaire new","options":{{"game":"ants","seed":"1"}}}}"#
    )
    .expect("a line");
    let out = child.wait_with_output().expect("antics finishes");
    assert!(out.status.success());
    String::from_utf8(out.stderr).expect("UTF-8 logs")
}

#[test]
fn logs_off_a_terminal_are_plain_text() {
    let text = stderr_of(None);
    assert!(text.contains("WARN"), "{text}");
    assert!(text.contains("could not write image"), "{text}");
    assert!(!text.contains('\u{1b}'), "colour codes in {text:?}");
}

#[test]
fn json_logs_are_one_object_a_line() {
    let text = stderr_of(Some("json"));
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty());
    for line in &lines {
        let event: serde_json::Value = serde_json::from_str(line).expect("a JSON object a line");
        assert!(event["timestamp"].is_string(), "{line}");
    }
    let event: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(event["level"], "WARN");
    assert_eq!(event["message"], "could not write image");
    assert!(event["path"].as_str().unwrap().starts_with("/dev/null/images"));
}

#[test]
fn an_unknown_log_format_is_refused_at_start() {
    let out = Command::new(env!("CARGO_BIN_EXE_antics"))
        .args(["commands"])
        .env("ANTICS_LOG_FORMAT", "yaml")
        .output()
        .expect("antics runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("ANTICS_LOG_FORMAT must be `json` or `text`"));
}

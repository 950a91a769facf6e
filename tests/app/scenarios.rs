//! Scenario files: `tests/scenarios/*.jsonl`, one step a line:
//! `{"in": <script input line>, "expect": {"path.to.field": value, ...}}`.
//! Each file runs in one fresh `antics script` process. A path ending in `~`
//! checks that the string field contains the value; `#` gives an array's
//! length (`game.legal#`); `has` checks an array contains a value.

use crate::common;

use serde_json::Value;
use std::path::Path;

fn field<'a>(reply: &'a Value, path: &str) -> &'a Value {
    path.split('.')
        .fold(reply, |value, key| match key.parse::<usize>() {
            Ok(i) => &value[i],
            Err(_) => &value[key],
        })
}

fn check(file: &str, step: usize, reply: &Value, expect: &Value) {
    let Value::Object(expect) = expect else { return };
    for (path, want) in expect {
        let context = format!("{file} step {}: `{path}` in {reply}", step + 1);
        if let Some(path) = path.strip_suffix('~') {
            let got = field(reply, path).as_str().unwrap_or_default();
            assert!(
                got.contains(want.as_str().unwrap()),
                "{context}: should contain {want}"
            );
        } else if let Some(path) = path.strip_suffix('#') {
            let len = field(reply, path).as_array().map_or(0, |a| a.len());
            assert_eq!(&Value::from(len), want, "{context}");
        } else if let Some(path) = path.strip_suffix(" has") {
            let list = field(reply, path).as_array().cloned().unwrap_or_default();
            assert!(list.contains(want), "{context}: should contain {want}");
        } else if let Some(path) = path.strip_suffix(" lacks") {
            let list = field(reply, path).as_array().cloned().unwrap_or_default();
            assert!(!list.contains(want), "{context}: should not contain {want}");
        } else {
            assert_eq!(field(reply, path), want, "{context}");
        }
    }
}

#[test]
fn every_scenario_file_plays_as_written() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no scenarios found");
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
    {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let steps: Vec<Value> = std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
            .collect();
        for scratch in common::Scratch::each() {
            let inputs: Vec<Value> = steps.iter().map(|s| s["in"].clone()).collect();
            let replies = scratch.run(&inputs);
            for (i, (step, reply)) in steps.iter().zip(&replies).enumerate() {
                check(&name, i, reply, &step["expect"]);
            }
        }
    }
}

//! The script protocol: any input line gets exactly one JSON answer with a
//! boolean `ok`, through the whole service (an in-memory store kept across
//! runs, so games started by earlier inputs are played on by later ones).
//! A refusal has an error code and a clear message.
#![no_main]

use antics::cli::script::Script;
use antics::service::{Config, Service};
use antics::store::Store;
use antics_fuzz::assert_clear;
use libfuzzer_sys::fuzz_target;
use std::sync::{Mutex, OnceLock};

struct Harness {
    runtime: tokio::runtime::Runtime,
    script: Mutex<Script>,
}

fn harness() -> &'static Harness {
    static HARNESS: OnceLock<Harness> = OnceLock::new();
    HARNESS.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let store = runtime.block_on(Store::in_memory()).unwrap();
        let config = Config {
            render: false,
            ..Config::default()
        };
        let images = std::env::temp_dir().join("antics-fuzz-images");
        let script = Script::new(Service::new(store, config), images);
        Harness {
            runtime,
            script: Mutex::new(script),
        }
    })
}

fuzz_target!(|line: &str| {
    if line.contains('\n') {
        return;
    }
    let h = harness();
    let mut script = h.script.lock().unwrap();
    let answer = h.runtime.block_on(script.answer(line));
    assert!(answer.get("ok").is_some_and(|ok| ok.is_boolean()), "{answer}");
    if answer["ok"] == false {
        assert!(answer["error"].as_str().is_some_and(|code| !code.is_empty()), "{answer}");
        assert_clear(answer["text"].as_str().unwrap_or_default(), line);
    }
});

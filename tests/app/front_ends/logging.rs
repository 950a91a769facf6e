//! The logs' formats: text with or without colour, or JSON lines
//! (src/logging.rs).

use antics::logging::{subscriber, Format};
use std::sync::{Arc, Mutex};
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::EnvFilter;

/// A writer that keeps what is written, for looking at afterwards.
#[derive(Clone, Default)]
struct Kept(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Kept {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Kept {
    type Writer = Kept;

    fn make_writer(&'a self) -> Kept {
        self.clone()
    }
}

/// What `format` writes for one span with one event in it.
fn logged(format: Format) -> String {
    let kept = Kept::default();
    let subscriber = subscriber(EnvFilter::new("info"), format, kept.clone());
    tracing::subscriber::with_default(subscriber, || {
        let span = tracing::info_span!("command", command = "armyants move", user = "42");
        let _entered = span.enter();
        tracing::info!(ok = true, game = "g7", "handled");
        tracing::debug!("filtered out");
    });
    let bytes = kept.0.lock().unwrap().clone();
    String::from_utf8(bytes).expect("UTF-8 logs")
}

#[test]
fn the_format_follows_the_variable_and_the_terminal() {
    assert_eq!(Format::choose(None, true), Ok(Format::Text { ansi: true }));
    assert_eq!(Format::choose(None, false), Ok(Format::Text { ansi: false }));
    assert_eq!(
        Format::choose(Some("text"), false),
        Ok(Format::Text { ansi: false })
    );
    assert_eq!(Format::choose(Some(" JSON "), true), Ok(Format::Json));
    assert_eq!(Format::choose(Some("json"), false), Ok(Format::Json));
    assert!(Format::choose(Some("yaml"), false).is_err());
}

#[test]
fn plain_text_has_no_colour_codes() {
    let text = logged(Format::Text { ansi: false });
    assert!(text.contains("handled"), "{text}");
    assert!(text.contains("game=\"g7\""), "{text}");
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(!text.contains("filtered out"));
    assert!(logged(Format::Text { ansi: true }).contains('\u{1b}'));
}

#[test]
fn json_logs_are_one_object_a_line() {
    let text = logged(Format::Json);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    let event: serde_json::Value = serde_json::from_str(lines[0]).expect("a JSON line");
    assert_eq!(event["level"], "INFO");
    assert_eq!(event["message"], "handled");
    assert_eq!(event["game"], "g7");
    assert_eq!(event["ok"], true);
    assert_eq!(event["span"]["command"], "armyants move");
    assert!(event["timestamp"].is_string());
    assert!(!text.contains('\u{1b}'));
}

//! Logs on stderr, in the form their reader wants: coloured text at a
//! terminal, plain text when stderr is a file, a pipe or Docker's log (no
//! ANSI colour codes), and JSON lines, one object per event, when
//! `ANTICS_LOG_FORMAT=json`.

use std::io::IsTerminal;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::EnvFilter;

/// The variable that asks for a log format: `json` or `text`.
pub const FORMAT_VAR: &str = "ANTICS_LOG_FORMAT";

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Human-readable lines; `ansi` colours them for a terminal.
    Text { ansi: bool },
    /// One JSON object per line, the event's fields at the top level.
    Json,
}

impl Format {
    /// The format asked for (`ANTICS_LOG_FORMAT`'s value, if set) for a
    /// stream that is or is not a terminal: text is coloured only at a
    /// terminal.
    pub fn choose(asked: Option<&str>, terminal: bool) -> Result<Format, String> {
        match asked.map(|a| a.trim().to_ascii_lowercase()).as_deref() {
            None | Some("") | Some("text") => Ok(Format::Text { ansi: terminal }),
            Some("json") => Ok(Format::Json),
            Some(_) => Err(format!("{FORMAT_VAR} must be `json` or `text`")),
        }
    }

    /// The format for stderr, from the environment.
    pub fn from_env() -> Result<Format, String> {
        let asked = std::env::var(FORMAT_VAR).ok();
        Format::choose(asked.as_deref(), std::io::stderr().is_terminal())
    }
}

/// A subscriber that writes events passing `filter` to `writer` in `format`.
pub fn subscriber<W>(
    filter: EnvFilter,
    format: Format,
    writer: W,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    match format {
        Format::Text { ansi } => Box::new(builder.with_ansi(ansi).finish()),
        Format::Json => Box::new(
            builder
                .json()
                .flatten_event(true)
                .with_current_span(true)
                .with_span_list(false)
                .finish(),
        ),
    }
}

/// Sends logs to stderr in the format the environment asks for (see
/// [`Format::from_env`]). Does nothing when a subscriber is already set
/// (tests): that one is kept.
pub fn init(filter: EnvFilter) -> anyhow::Result<()> {
    let format = Format::from_env().map_err(anyhow::Error::msg)?;
    let _ = subscriber(filter, format, std::io::stderr).try_init();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

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
}

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

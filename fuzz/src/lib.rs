//! What every fuzz target checks about a refusal: a clear message.

/// Longest error message a refusal may carry (it ends up in one Discord
/// message next to other text).
pub const MAX_MESSAGE: usize = 300;

/// An error message is clear: not empty, short, and no debug output
/// (`Some(..)`, `Err(..)`, a panic) unless the quoted input had it.
pub fn assert_clear(message: &str, input: &str) {
    assert!(!message.trim().is_empty(), "empty error for {input:?}");
    assert!(
        message.chars().count() <= MAX_MESSAGE,
        "error of {} characters for {input:?}: {message:?}",
        message.chars().count()
    );
    for debug in ["Some(", "Ok(", "Err(", "panicked", "\\u{"] {
        assert!(
            !message.contains(debug) || input.contains(debug),
            "debug output in the error for {input:?}: {message:?}"
        );
    }
}

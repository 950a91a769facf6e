//! The shared rules module: pure, synchronous, no I/O.
//!
//! Each game is a value that is always legal; setups that may be wrong are
//! checked when the game is made. Hidden information leaves this module only
//! through a game's `view`.

pub mod anthill;
pub mod ants_solitaire;
pub mod army_ants;
pub mod atta_ants;
pub mod cards;
mod game;
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub mod ledger;
pub mod myrmex;
pub mod pages;
pub mod patience;
pub mod refusal;
pub mod shuffle;
pub mod spots;

mod game_kind;

pub use game::{Game, Solo, Turn};
pub use game_kind::{DailySetup, GameKind, Kind, Ranking, Unlisted};

/// "1 card", "3 cards": a count and its noun, singular for one.
pub fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// "Seed" for "seed": a word with its first letter in upper case.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    (chars.next())
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "a", "a or b", "a, b or c": `words` as a sentence lists them, `last`
/// ("or", "and") before the last one.
pub fn listed<S: AsRef<str>>(words: &[S], last: &str) -> String {
    match words {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., end] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {last} {}", rest.join(", "), end.as_ref())
        }
    }
}

/// Text a player typed, quoted as a Markdown code span it cannot break out
/// of: a backtick becomes a look-alike (`ˋ`), a control character the
/// replacement mark (so that no new word forms where it stood), and long
/// text is cut to 40 characters.
pub fn code(text: &str) -> String {
    let mut shown: String = text
        .chars()
        .map(|c| match c {
            '`' => 'ˋ',
            c if c.is_control() => '\u{fffd}',
            c => c,
        })
        .take(41)
        .collect();
    if shown.chars().count() > 40 {
        shown = shown.chars().take(39).collect::<String>() + "…";
    }
    format!("`{shown}`")
}

//! Reading command options, with a clear `bad_option` when one is wrong.

use super::error::UserError;
use super::types::{OptionValue, Options, User};

/// Longest text option we look at; anything longer is refused.
const MAX_TEXT: usize = 400;

pub fn text<'a>(options: &'a Options, name: &str) -> Result<Option<&'a str>, UserError> {
    match options.get(name) {
        None => Ok(None),
        Some(OptionValue::Text(s)) if s.len() > MAX_TEXT => {
            Err(UserError::bad_option(format!("`{name}` is too long.")))
        }
        Some(OptionValue::Text(s)) if s.trim().is_empty() => Ok(None),
        Some(OptionValue::Text(s)) => Ok(Some(s.trim())),
        Some(_) => Err(UserError::bad_option(format!("`{name}` should be text."))),
    }
}

/// A user option; scripts give a name, which is also the id.
pub fn user(options: &Options, name: &str) -> Result<Option<User>, UserError> {
    match options.get(name) {
        None => Ok(None),
        Some(OptionValue::User(u)) => Ok(Some(u.clone())),
        Some(OptionValue::Text(s)) => {
            let s = s.trim().trim_start_matches('@');
            if s.is_empty() || s.len() > 100 {
                return Err(UserError::bad_option(format!("`{name}` should name a user.")));
            }
            Ok(Some(User::new(s, s)))
        }
        Some(OptionValue::Integer(_)) => Err(UserError::bad_option(format!("`{name}` should name a user."))),
    }
}

/// A choice among fixed words, case-insensitive.
pub fn choice<'a>(options: &Options, name: &str, allowed: &[&'a str]) -> Result<Option<&'a str>, UserError> {
    let Some(value) = text(options, name)? else {
        return Ok(None);
    };
    let lower = value.to_ascii_lowercase();
    allowed
        .iter()
        .find(|a| **a == lower)
        .map(|a| Some(*a))
        .ok_or_else(|| {
            UserError::bad_option(format!(
                "`{name}` must be one of {}.",
                allowed
                    .iter()
                    .map(|a| format!("`{a}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
}

/// A seed: a whole number from 0 to 2^64-1, given as text or a number
/// (Discord's integer options cannot carry more than 2^53).
pub fn seed(options: &Options) -> Result<Option<u64>, UserError> {
    let bad = || UserError::bad_option("`seed` must be a whole number from 0 to 18446744073709551615.");
    match options.get("seed") {
        None => Ok(None),
        Some(OptionValue::Integer(n)) => u64::try_from(*n).map(Some).map_err(|_| bad()),
        Some(OptionValue::Text(s)) if s.trim().is_empty() => Ok(None),
        Some(OptionValue::Text(s)) => s.trim().parse::<u64>().map(Some).map_err(|_| bad()),
        Some(OptionValue::User(_)) => Err(bad()),
    }
}

/// Refuses options the command does not know, so a typo is not ignored.
pub fn only(options: &Options, known: &[&str]) -> Result<(), UserError> {
    match options.keys().find(|k| !known.contains(&k.as_str())) {
        None => Ok(()),
        Some(k) => Err(UserError::bad_option(format!(
            "This command has no option {}; it takes {}.",
            crate::rules::code(k),
            if known.is_empty() {
                "none".to_string()
            } else {
                known
                    .iter()
                    .map(|a| format!("`{a}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ))),
    }
}

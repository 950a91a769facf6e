//! Reading a command's options, with a clear `bad_option` when one is
//! wrong: what every front end and the service read of a request alike.

use super::types::{OptionValue, Options, User};
use super::UserError;

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

/// A choice the command cannot go without: refused with the choices when
/// it is missing.
pub fn required_choice<'a>(options: &Options, name: &str, allowed: &[&'a str]) -> Result<&'a str, UserError> {
    choice(options, name, allowed)?.ok_or_else(|| unchosen(name, allowed))
}

/// The refusal of a choice not made: "Choose the `game`: a, b or c."
pub fn unchosen(name: &str, allowed: &[&str]) -> UserError {
    UserError::bad_option(format!(
        "Choose the `{name}`: {}.",
        crate::rules::listed(allowed, "or")
    ))
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

/// A whole-number option from `min` to `max`, given as a number or as
/// its digits.
pub fn whole(options: &Options, name: &str, min: i64, max: i64) -> Result<Option<i64>, UserError> {
    let bad = || UserError::bad_option(format!("`{name}` must be a whole number from {min} to {max}."));
    let n = match options.get(name) {
        None => return Ok(None),
        Some(OptionValue::Integer(n)) => *n,
        Some(OptionValue::Text(text)) => text.trim().parse::<i64>().map_err(|_| bad())?,
        Some(OptionValue::User(_)) => return Err(bad()),
    };
    match (min..=max).contains(&n) {
        true => Ok(Some(n)),
        false => Err(bad()),
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

/// A game command's subcommand and the options it takes (`None`: it reads
/// and checks its own).
pub type Subcommand = (&'static str, Option<&'static [&'static str]>);

/// The subcommand `sub` of `/command` among `known`, in lower case, with its
/// options checked; a word it does not know is refused with the list.
pub fn subcommand(
    command: &str,
    sub: &str,
    opts: &Options,
    known: &[Subcommand],
) -> Result<&'static str, UserError> {
    let lower = sub.to_ascii_lowercase();
    let Some((name, takes)) = known.iter().find(|(name, _)| *name == lower) else {
        let names: Vec<&str> = known.iter().map(|(name, _)| *name).collect();
        let list = crate::rules::listed(&names, "or");
        return Err(UserError::unknown_command(&format!("/{command} {sub}"), &list));
    };
    if let Some(takes) = takes {
        only(opts, takes)?;
    }
    Ok(name)
}

/// The text option `name`, required: `missing` says what to give.
pub fn required_text<'a>(options: &'a Options, name: &str, missing: &str) -> Result<&'a str, UserError> {
    text(options, name)?.ok_or_else(|| UserError::bad_option(missing))
}

/// Text in a game's notation: what does not read as notation is refused
/// with `bad_notation` (whether it is legal is the rules' call).
pub fn notation<A: std::str::FromStr>(text: &str) -> Result<A, UserError>
where
    A::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e: A::Err| UserError::bad_notation(super::sentence(&e.to_string())))
}

/// The value picked in a select menu, read by `parse`; a click that carries
/// none, or one `parse` does not know, is refused.
pub fn picked<T>(values: &[String], parse: impl FnOnce(&str) -> Option<T>) -> Result<T, UserError> {
    values
        .first()
        .and_then(|value| parse(value))
        .ok_or_else(not_a_choice)
}

/// The refusal of a pick that is none of the choices offered.
pub fn not_a_choice() -> UserError {
    UserError::bad_option("Pick one of the choices.")
}

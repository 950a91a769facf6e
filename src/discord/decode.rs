//! A command interaction as the service reads it, without poise: for
//! interactions that arrive over HTTP, where there is no gateway context
//! for poise's dispatch. The commands' shapes come from the registration
//! itself (`registration_json`), so a command, an option or a choice that
//! poise would refuse is refused here too, and the options are built as
//! the gateway's commands build them (strings as given, `closed` only when
//! true, users as people or the computer).

use super::commands::{self, OTHER_BOTS};
use super::flow;
use crate::service::{OptionValue, Options};
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The member context-menu command, which challenges its target.
pub const CHALLENGE_MEMBER: &str = "Challenge to Army Ants";

/// A command as the service receives it.
#[derive(Debug, PartialEq)]
pub struct Decoded {
    pub name: String,
    pub options: Options,
}

/// An option of a registered command: its allowed values, when it has choices.
pub type Spec = HashMap<String, Option<Vec<String>>>;

/// Every registered command by its full name (`solitaire new`), with its options.
pub fn specs() -> &'static HashMap<String, Spec> {
    static SPECS: OnceLock<HashMap<String, Spec>> = OnceLock::new();
    SPECS.get_or_init(|| {
        let mut specs = HashMap::new();
        if let serde_json::Value::Array(list) = super::registration_json() {
            for command in &list {
                collect(&mut specs, "", command);
            }
        }
        specs
    })
}

fn collect(specs: &mut HashMap<String, Spec>, prefix: &str, command: &serde_json::Value) {
    let name = command["name"].as_str().unwrap_or_default();
    let path = match prefix {
        "" => name.to_string(),
        _ => format!("{prefix} {name}"),
    };
    let options = command["options"].as_array().map_or(&[][..], |v| v.as_slice());
    let nested = options.iter().any(|o| matches!(o["type"].as_u64(), Some(1 | 2)));
    if nested {
        for sub in options {
            collect(specs, &path, sub);
        }
        return;
    }
    let spec = options
        .iter()
        .map(|o| {
            // Options without choices register an empty list.
            let choices = o["choices"].as_array().filter(|cs| !cs.is_empty()).map(|cs| {
                cs.iter()
                    .map(|c| match &c["value"] {
                        serde_json::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .collect()
            });
            (o["name"].as_str().unwrap_or_default().to_string(), choices)
        })
        .collect();
    specs.insert(path, spec);
}

/// A command's name for metrics: its full name when it is one of ours,
/// else `unknown` (the series stay few whatever arrives).
pub fn label(data: &serenity::CommandData) -> String {
    let (name, _) = path(data);
    match specs().contains_key(&name) || name == CHALLENGE_MEMBER {
        true => name,
        false => "unknown".to_string(),
    }
}

/// The full name of a chat command and the options of its leaf subcommand.
pub fn path(data: &serenity::CommandData) -> (String, &[serenity::CommandDataOption]) {
    let mut name = data.name.clone();
    let mut options = data.options.as_slice();
    while let [serenity::CommandDataOption {
        name: sub,
        value:
            serenity::CommandDataOptionValue::SubCommand(inner)
            | serenity::CommandDataOptionValue::SubCommandGroup(inner),
        ..
    }] = options
    {
        name.push(' ');
        name.push_str(sub);
        options = inner.as_slice();
    }
    (name, options)
}

/// Why a command could not be read: told to the user, privately.
pub fn changed(what: &str) -> String {
    format!("This command changed since Discord last heard of it ({what}); try again in a minute.")
}

/// The service's command for an interaction; `Err` holds what to tell the
/// user instead. `bot_id` is the bot's own user (the computer opponent).
pub fn command(
    interaction: &serenity::CommandInteraction,
    bot_id: serenity::UserId,
) -> Result<Decoded, String> {
    let data = &interaction.data;
    if data.kind == serenity::CommandType::User {
        if data.name != CHALLENGE_MEMBER {
            return Err(changed(&format!("no command `{}`", data.name)));
        }
        let target = data
            .target_id
            .map(|t| serenity::UserId::new(t.get()))
            .and_then(|id| data.resolved.users.get(&id))
            .ok_or_else(|| changed("no member to challenge"))?;
        let opponent = commands::opponent(target, bot_id).ok_or(OTHER_BOTS)?;
        let options = commands::challenge_options(Some(opponent), None, None, None, None, None);
        return Ok(Decoded {
            name: "armyants challenge".into(),
            options,
        });
    }
    let (name, given) = path(data);
    let spec = specs()
        .get(&name)
        .ok_or_else(|| changed(&format!("no command `/{name}`")))?;
    let mut options = Options::new();
    for option in given {
        let allowed = spec
            .get(&option.name)
            .ok_or_else(|| changed(&format!("no option `{}`", option.name)))?;
        let value = match &option.value {
            serenity::CommandDataOptionValue::String(text)
            | serenity::CommandDataOptionValue::Autocomplete { value: text, .. } => {
                if allowed.as_ref().is_some_and(|values| !values.contains(text)) {
                    return Err(changed(&format!("`{text}` is not a choice of `{}`", option.name)));
                }
                OptionValue::Text(text.clone())
            }
            // As the gateway's `closed`: only a true box is passed on.
            serenity::CommandDataOptionValue::Boolean(true) => OptionValue::Text("true".into()),
            serenity::CommandDataOptionValue::Boolean(false) => continue,
            serenity::CommandDataOptionValue::Integer(n) => OptionValue::Text(n.to_string()),
            serenity::CommandDataOptionValue::User(id) => {
                let user = data
                    .resolved
                    .users
                    .get(id)
                    .ok_or_else(|| changed("a user Discord did not describe"))?;
                match option.name.as_str() {
                    "opponent" => OptionValue::User(commands::opponent(user, bot_id).ok_or(OTHER_BOTS)?),
                    _ => OptionValue::User(flow::user_of(user, None)),
                }
            }
            other => return Err(changed(&format!("an option of type {:?}", other.kind()))),
        };
        options.insert(option.name.clone(), value);
    }
    Ok(Decoded { name, options })
}

/// An autocomplete interaction's command, focused option and what is typed.
pub fn focused(interaction: &serenity::CommandInteraction) -> Option<(String, String, String)> {
    let (name, given) = path(&interaction.data);
    given.iter().find_map(|o| match &o.value {
        serenity::CommandDataOptionValue::Autocomplete { value, .. } => {
            Some((name.clone(), o.name.clone(), value.clone()))
        }
        _ => None,
    })
}

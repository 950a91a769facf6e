//! The clickable patience board: the components a patience message carries,
//! so that every legal move is at most two clicks away (a select of the
//! moves when they fit, otherwise pick where a move starts, then the move).
//!
//! Components that change the game carry its version (`pick.7`, `deal.7`):
//! a click on a board that is no longer current is refused, so a double tap
//! never plays twice.

use crate::protocol::ComponentId;
use crate::protocol::{ButtonStyle, Component, SelectOption};

/// The component tag of the patiences.
pub const TAG: &str = "sol";
/// Discord's limit on a select menu's options.
pub const MAX_OPTIONS: usize = 25;

/// Which face of the board a reply shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// The game in play: the move select and the buttons.
    Play,
    /// The moves that start with this prefix (the second click).
    From(String),
    /// "End this game?" with its confirmation.
    ConfirmEnd,
}

/// One option of the move select: a whole move, or a narrower set of moves
/// (the moves that start with `prefix`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Move(String),
    Narrow { prefix: String, moves: usize },
}

impl Choice {
    /// The select value: `m:` and a move, or `p:` and a prefix.
    pub fn value(&self) -> String {
        match self {
            Choice::Move(m) => format!("m:{m}"),
            Choice::Narrow { prefix, .. } => format!("p:{prefix}"),
        }
    }

    pub fn parse(value: &str) -> Option<Choice> {
        if let Some(m) = value.strip_prefix("m:") {
            return Some(Choice::Move(m.to_string()));
        }
        value.strip_prefix("p:").map(|p| Choice::Narrow {
            prefix: p.to_string(),
            moves: 0,
        })
    }

    /// How the option reads: `3 → 7 · 9♠ onto 10♦` (`words` names the
    /// cards of a move, when it can), `3 → 7 (2 cards)`, `From 3 (4
    /// moves)`, `From 3, 2 cards (5 moves)`. Within Discord's 100
    /// characters.
    pub fn label(&self, words: &dyn Fn(&str) -> Option<String>) -> String {
        match self {
            Choice::Move(m) => match words(m) {
                Some(cards) => cut(&format!("{} · {cards}", move_words(m)), MAX_LABEL),
                None => move_words(m),
            },
            Choice::Narrow { prefix, moves } => {
                let moves = format!("{moves} move{}", if *moves == 1 { "" } else { "s" });
                match prefix.split_once(':') {
                    Some((from, count)) => format!("From {from}, {} ({moves})", cards(count)),
                    None => format!("From {prefix} ({moves})"),
                }
            }
        }
    }
}

/// Discord's limit on a select option's label, in characters.
pub const MAX_LABEL: usize = 100;

/// `text` within `most` characters, an ellipsis where it was cut.
fn cut(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        None => text.to_string(),
        Some(_) => {
            let kept: String = text.chars().take(most - 1).collect();
            format!("{}…", kept.trim_end())
        }
    }
}

/// A move as a select names it: `3 → 7`, or `3 → 7 (2 cards)` for a
/// move of several cards (`3:2-7`).
pub fn move_words(notation: &str) -> String {
    match notation.split_once(':') {
        Some((from, rest)) => {
            let (count, to) = rest.split_once('-').unwrap_or((rest, ""));
            format!("{from} → {to} ({})", cards(count))
        }
        None => notation.replace('-', " → "),
    }
}

/// "1 card", "3 cards".
fn cards(count: &str) -> String {
    format!("{count} card{}", if count == "1" { "" } else { "s" })
}

/// A move's notation cut where a person decides: the source, then a count
/// (Myrmex `:2`), then the target (`-7`). `3:2-7` is `3`, `:2`, `-7`.
pub fn steps(action: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in action.char_indices() {
        if i > 0 && (c == '-' || c == ':') {
            out.push(&action[start..i]);
            start = i;
        }
    }
    out.push(&action[start..]);
    out
}

/// The choices the select offers for `moves` under `prefix`: every move when
/// they fit in one select, otherwise the distinct next steps (a step with one
/// move is offered as that move).
pub fn choices(moves: &[String], prefix: &str) -> Vec<Choice> {
    let under: Vec<&String> = moves
        .iter()
        .filter(|m| prefix.is_empty() || steps(m).len() > 1 && starts_with_steps(m, prefix))
        .collect();
    if under.len() <= MAX_OPTIONS {
        return under.into_iter().map(|m| Choice::Move(m.clone())).collect();
    }
    // The shallowest cut whose groups each fit one select, so that the
    // next click plays a move: a Myrmex group move with many targets is
    // picked by source and count in one option (`3:2`), then the target.
    let first = steps(prefix).len() + usize::from(!prefix.is_empty());
    let deepest = under
        .iter()
        .map(|m| steps(m).len() - 1)
        .max()
        .unwrap_or(1)
        .max(first.max(1));
    let cut = |depth: usize| {
        let mut groups: Vec<(String, Vec<&String>)> = Vec::new();
        for m in &under {
            let key: String = steps(m).into_iter().take(depth).collect();
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, list)) => list.push(*m),
                None => groups.push((key, vec![*m])),
            }
        }
        groups
    };
    let cuts = (first.max(1)..=deepest).map(cut);
    let mut fallback = None;
    let mut chosen = None;
    for groups in cuts {
        if groups.len() > MAX_OPTIONS {
            break;
        }
        if groups.iter().all(|(_, list)| list.len() <= MAX_OPTIONS) {
            chosen = Some(groups);
            break;
        }
        fallback = Some(groups);
    }
    let groups = chosen.or(fallback).unwrap_or_else(|| cut(first.max(1)));
    groups
        .into_iter()
        .take(MAX_OPTIONS)
        .map(|(prefix, list)| match list.as_slice() {
            [only] => Choice::Move((*only).clone()),
            _ => Choice::Narrow {
                prefix,
                moves: list.len(),
            },
        })
        .collect()
}

/// Whether `action`'s first steps are exactly `prefix`'s.
fn starts_with_steps(action: &str, prefix: &str) -> bool {
    let (a, p) = (steps(action), steps(prefix));
    a.len() > p.len() && a[..p.len()] == p[..]
}

pub fn cid(game_id: &str, verb: &str) -> String {
    ComponentId::new(TAG, game_id, verb).encode()
}

/// A verb with the game's version, for components that change the game.
fn at(verb: &str, version: i64) -> String {
    format!("{verb}.{version}")
}

/// Reads `deal.7` as (`deal`, Some(7)); a verb without a version (boards
/// drawn before versions) as (verb, None).
pub fn versioned(verb: &str) -> (&str, Option<i64>) {
    match verb.split_once('.') {
        Some((name, v)) => match v.parse() {
            Ok(v) => (name, Some(v)),
            Err(_) => (verb, None),
        },
        None => (verb, None),
    }
}

/// What an open game's board carries. `legal` is the game's legal actions
/// in notation (`deal` and `end` among them); Undo shows when it can undo.
pub fn open_components(
    id: &str,
    version: i64,
    legal: &[String],
    can_undo: bool,
    view: &View,
    words: &dyn Fn(&str) -> Option<String>,
) -> Vec<Component> {
    let moves: Vec<String> = legal
        .iter()
        .filter(|a| *a != "deal" && *a != "end")
        .cloned()
        .collect();
    let mut components = Vec::new();
    match view {
        View::ConfirmEnd => {
            return vec![
                Component::button(
                    cid(id, &at("endok", version)),
                    "Yes, end the game",
                    ButtonStyle::Danger,
                ),
                Component::button(cid(id, "back"), "Keep playing", ButtonStyle::Secondary),
            ];
        }
        View::Play | View::From(_) => {}
    }
    let prefix = match view {
        View::From(p) => p.as_str(),
        _ => "",
    };
    let options: Vec<SelectOption> = choices(&moves, prefix)
        .iter()
        .map(|c| SelectOption {
            value: c.value(),
            label: c.label(words),
        })
        .collect();
    if !options.is_empty() {
        let placeholder = match view {
            View::From(p) => format!("Moves from {}", p.replace(':', ", cards: ")),
            _ if options.iter().all(|o| o.value.starts_with("m:")) => "Play a move".to_string(),
            _ => "Move from…".to_string(),
        };
        components.push(Component::Select {
            id: cid(id, &at("pick", version)),
            placeholder,
            options,
        });
    }
    if !prefix.is_empty() {
        components.push(Component::button(cid(id, "back"), "Back", ButtonStyle::Secondary));
    }
    if legal.iter().any(|a| a == "deal") {
        components.push(Component::button(
            cid(id, &at("deal", version)),
            "Deal",
            ButtonStyle::Primary,
        ));
    }
    if can_undo {
        components.push(Component::button(
            cid(id, &at("undo", version)),
            "Undo",
            ButtonStyle::Secondary,
        ));
    }
    components.push(Component::button(cid(id, "hint"), "Hint", ButtonStyle::Secondary));
    components.push(Component::button(cid(id, "end"), "End game", ButtonStyle::Danger));
    components
}

/// What a finished game's board carries: a new game, or (not for daily
/// deals, whose deal others may still be playing) the same deal again.
/// What a finished patience offers to play next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Another deal, or the same one again.
    AnyDeal,
    /// A daily attempt: its deal again, as practice.
    Practice,
    /// An event's deal: played once; the standings board has the others.
    Nothing,
}

pub fn finished_components(id: &str, next: Next) -> Vec<Component> {
    let review = Component::button(cid(id, "review"), "Review", ButtonStyle::Secondary);
    match next {
        Next::AnyDeal => vec![
            Component::button(cid(id, "again"), "Play again", ButtonStyle::Primary),
            Component::button(cid(id, "same"), "Same deal", ButtonStyle::Secondary),
            review,
        ],
        Next::Practice => vec![
            Component::button(cid(id, "again"), "Practice this deal", ButtonStyle::Primary),
            review,
        ],
        Next::Nothing => vec![review],
    }
}

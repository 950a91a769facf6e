//! The clickable Atta Ants board: the components a game message carries, so
//! that every legal action is a few clicks away and every path of clicks
//! ends in a legal action.
//!
//! - Placing: a select of the legal placements when they fit, otherwise the
//!   square first, then the rotation (at most two clicks).
//! - Moving: a select of the ants that can move, then the steps one by one
//!   (north, east, south, west, each with its leaf marks, and "stop here"
//!   where a shorter move is legal). Only moves the rules list are offered.
//! - End turn and the spider choices are buttons.
//!
//! Components that act on the game carry its version (`end.7`, `step.7`):
//! a click on a board that is no longer current is refused, so a double tap
//! never plays twice. Narrowing clicks change nothing; the board shows the
//! next step in place.

use crate::protocol::ComponentId;
use crate::protocol::{ButtonStyle, Component, SelectOption};
use crate::rules::atta_ants::{Action, AntId, AntMove, AttaAnts, Dir, Phase, Pos};
use crate::rules::GameKind;

/// The component tag of Atta Ants.
pub const TAG: &str = GameKind::AttaAnts.component_tag();
/// Discord's limit on a select menu's options.
pub const MAX_OPTIONS: usize = 25;
/// Selects one step may spread over (the other rows hold the buttons).
const MAX_SELECTS: usize = 3;

/// Which face of the board a reply shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// The game as it stands: what the player to act may start.
    Play,
    /// The rotations of the drawn card on one square (the second click).
    Square(Pos),
    /// An ant's move under way: the ant and the words chosen so far
    /// (`r2+`, `n`), in notation.
    Path { ant: AntId, words: Vec<String> },
}

/// One option of a select: play a whole action, or narrow down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// `go:` an action in notation.
    Play(String),
    /// `sq:X,Y`: the rotations on that square.
    Square(Pos),
    /// `ant:r2`: that ant's first step.
    Ant(AntId),
    /// `at:r2 n+`: the steps after these.
    Path(String),
}

impl Choice {
    pub fn value(&self) -> String {
        match self {
            Choice::Play(a) => format!("go:{a}"),
            Choice::Square(p) => format!("sq:{p}"),
            Choice::Ant(a) => format!("ant:{a}"),
            Choice::Path(p) => format!("at:{p}"),
        }
    }

    pub fn parse(value: &str) -> Option<Choice> {
        let (kind, rest) = value.split_once(':')?;
        match kind {
            "go" => Some(Choice::Play(rest.to_string())),
            "sq" => {
                let (x, y) = rest.split_once(',')?;
                Some(Choice::Square(Pos::new(
                    x.trim().parse().ok()?,
                    y.trim().parse().ok()?,
                )))
            }
            "ant" => rest.parse().ok().map(Choice::Ant),
            "at" => (!rest.trim().is_empty()).then(|| Choice::Path(rest.to_string())),
            _ => None,
        }
    }
}

/// Reads `at:` words back as a view: the ant and the words after it.
pub fn path_view(path: &str) -> Option<View> {
    let mut words = path.split_whitespace();
    let first = words.next()?;
    let ant_len = first
        .char_indices()
        .find(|(i, c)| *i > 0 && !c.is_ascii_digit())
        .map_or(first.len(), |(i, _)| i);
    let ant: AntId = first[..ant_len].parse().ok()?;
    let mut out = vec![first.to_string()];
    out.extend(words.map(str::to_string));
    Some(View::Path { ant, words: out })
}

pub fn cid(game_id: &str, verb: &str) -> String {
    ComponentId::new(TAG, game_id, verb).encode()
}

/// A lobby's buttons: Join, Start (bound to the lobby's version), Leave.
pub fn lobby(game_id: &str, version: i64) -> Vec<Component> {
    vec![
        Component::button(cid(game_id, "join"), "Join", ButtonStyle::Success),
        Component::button(cid(game_id, &at("start", version)), "Start", ButtonStyle::Primary),
        Component::button(cid(game_id, "leave"), "Leave", ButtonStyle::Secondary),
    ]
}

/// A verb with the game's version, for components that act on the game.
pub fn at(verb: &str, version: i64) -> String {
    format!("{verb}.{version}")
}

/// "North", "East", ...
fn dir_word(dir: Dir) -> &'static str {
    match dir {
        Dir::N => "North",
        Dir::E => "East",
        Dir::S => "South",
        Dir::W => "West",
    }
}

/// How a placement reads: `1,-2 turned r3 (trails N, E)`.
fn placement_label(game: &AttaAnts, pos: Pos, rotation: u8) -> String {
    let trails = match game.drawn() {
        Some(card) => {
            let edges = card.shape.edges(rotation);
            let dirs: Vec<String> = Dir::ALL
                .into_iter()
                .filter(|d| edges & d.bit() != 0)
                .map(|d| d.letter().to_ascii_uppercase().to_string())
                .collect();
            if dirs.is_empty() {
                " (no trails)".to_string()
            } else {
                format!(" (trails {})", dirs.join(", "))
            }
        }
        None => String::new(),
    };
    format!("{pos} turned r{rotation}{trails}")
}

/// Where a spider's step takes it: "Spider 2 to 1,-1 (south)".
fn spider_label(game: &AttaAnts, number: u8, dir: Dir) -> String {
    match game.spiders().iter().find(|s| s.number == number) {
        Some(spider) => format!(
            "Spider {number} to {} ({})",
            spider.pos.step(dir),
            dir_word(dir).to_ascii_lowercase()
        ),
        None => format!("Spider {number} {}", dir.name()),
    }
}

/// What `action` does in words, then its notation, as the selects word
/// it: "r2: North to 1,0, pick up a leaf · r2 n+".
pub fn action_label(game: &AttaAnts, action: &Action) -> String {
    match action {
        Action::Place { pos, rotation } => {
            format!("Place at {} · {action}", placement_label(game, *pos, *rotation))
        }
        Action::Move(m) => move_label(game, m),
        Action::Spider { number, dir } => format!("{} · {action}", spider_label(game, *number, *dir)),
        Action::End => format!("End the turn · {action}"),
        Action::Leave => action.to_string(),
    }
}

/// The move being built in `view`, as far as it has gone (forced steps
/// taken), for the board to draw; `None` outside a move.
pub fn building(game: &AttaAnts, view: &View) -> Option<AntMove> {
    let View::Path { ant, words } = view else {
        return None;
    };
    let (reached, _) = step_choices(game, *ant, words);
    if reached.is_empty() {
        return Some(AntMove {
            ant: *ant,
            start: None,
            steps: vec![],
        });
    }
    AntMove::parse_partial(&reached.join(" ")).filter(|m| m.ant == *ant)
}

/// The whole moves still open to the ant being moved in `view`, for the
/// board to show where each goes; none outside a move.
pub fn open_moves(game: &AttaAnts, view: &View) -> Vec<AntMove> {
    match view {
        View::Path { ant, words } => moves_under(game, *ant, words),
        _ => vec![],
    }
}

/// A leaf mark in words, on the card at `pos`.
fn mark_words(mark: &str) -> String {
    match mark {
        "" => String::new(),
        "+" => "pick up a leaf".into(),
        "-" => "put the leaf down".into(),
        take => format!("take {}'s leaf", take.trim_start_matches('+')),
    }
}

/// The legal placements of the drawn card, in rule order.
fn placements(game: &AttaAnts) -> Vec<(Pos, u8)> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Place { pos, rotation } => Some((pos, rotation)),
            _ => None,
        })
        .collect()
}

/// The choices of the placing step: every placement when they fit in one
/// select, otherwise the squares (a square with one rotation is offered as
/// that placement). With `square`, that square's rotations.
pub fn place_choices(game: &AttaAnts, square: Option<Pos>) -> Vec<(Choice, String)> {
    let all = placements(game);
    let play = |(pos, r): (Pos, u8)| {
        (
            Choice::Play(Action::Place { pos, rotation: r }.to_string()),
            placement_label(game, pos, r),
        )
    };
    if let Some(square) = square {
        return all.into_iter().filter(|(p, _)| *p == square).map(play).collect();
    }
    if all.len() <= MAX_OPTIONS {
        return all.into_iter().map(play).collect();
    }
    let mut squares: Vec<(Pos, Vec<u8>)> = Vec::new();
    for (pos, r) in all {
        match squares.iter_mut().find(|(p, _)| *p == pos) {
            Some((_, rs)) => rs.push(r),
            None => squares.push((pos, vec![r])),
        }
    }
    squares
        .into_iter()
        .map(|(pos, rs)| match rs.as_slice() {
            [r] => play((pos, *r)),
            _ => (Choice::Square(pos), format!("{pos} ({} rotations)", rs.len())),
        })
        .collect()
}

/// The ants of the player to act that have a legal move: `r2 on 1,0`.
pub fn ant_choices(game: &AttaAnts) -> Vec<(Choice, String)> {
    let Phase::Ants(colour) = game.phase() else {
        return vec![];
    };
    game.ants()
        .iter()
        .filter(|a| a.id.colour == *colour && !game.ant_moves(a.id).is_empty())
        .map(|a| {
            let at = match a.at {
                Some(p) if p.is_nest() => "in the nest".to_string(),
                Some(p) => format!("on {p}"),
                None => "in reserve".to_string(),
            };
            let leaf = if a.carrying { ", carrying a leaf" } else { "" };
            let label = format!("{} {at}{leaf}", a.id);
            if whole_moves_fit(game, a.id, &[]) {
                return vec![(Choice::Ant(a.id), label)];
            }
            // Too many moves for one click: one entry per leaf action on
            // the starting card, each then listing its moves whole.
            let mut firsts: Vec<String> = Vec::new();
            for m in game.ant_moves(a.id) {
                let first = m.to_string().split_whitespace().next().unwrap_or("").to_string();
                if !firsts.contains(&first) {
                    firsts.push(first);
                }
            }
            firsts
                .into_iter()
                .map(|first| {
                    let mark = first.find(['+', '-']).map_or("", |i| &first[i..]);
                    let what = if mark.is_empty() {
                        "no leaf action first".to_string()
                    } else {
                        format!("{} first", mark_words(mark))
                    };
                    (Choice::Path(first.clone()), format!("{label}: {what}"))
                })
                .collect()
        })
        .collect::<Vec<Vec<_>>>()
        .concat()
}

/// The moves of `ant` that start with `words`.
fn moves_under(game: &AttaAnts, ant: AntId, words: &[String]) -> Vec<AntMove> {
    game.ant_moves(ant)
        .into_iter()
        .filter(|m| {
            let text = m.to_string();
            let w: Vec<&str> = text.split_whitespace().collect();
            w.len() >= words.len() && w.iter().zip(words).all(|(a, b)| a == b)
        })
        .collect()
}

/// Whether every move of `ant` that starts with `words` fits the selects
/// of one click, so that a move is two clicks from the board: the ant (or
/// the ant and its first leaf action), then its move.
pub fn whole_moves_fit(game: &AttaAnts, ant: AntId, words: &[String]) -> bool {
    moves_under(game, ant, words).len() <= MAX_OPTIONS * MAX_SELECTS
}

/// Every move of `ant` that starts with `words`, in words then notation.
pub fn move_choices(game: &AttaAnts, ant: AntId, words: &[String]) -> Vec<(Choice, String)> {
    moves_under(game, ant, words)
        .into_iter()
        .map(|m| (Choice::Play(m.to_string()), move_label(game, &m)))
        .collect()
}

/// "r2: North to 1,0, pick up a leaf, then East to 2,0 · r2 n+ e".
fn move_label(game: &AttaAnts, m: &AntMove) -> String {
    let mut here = game.ant(m.ant).and_then(|a| a.at).unwrap_or(Pos::NEST);
    let place = |p: Pos| {
        if p.is_nest() {
            "the nest".to_string()
        } else {
            p.to_string()
        }
    };
    let mut parts = Vec::new();
    if let Some(mark) = m.start {
        parts.push(format!("{} first", mark_words(&mark.to_string())));
    }
    for step in &m.steps {
        here = here.step(step.dir);
        let mut part = format!("{} to {}", dir_word(step.dir), place(here));
        if let Some(mark) = step.mark {
            part.push_str(&format!(", {}", mark_words(&mark.to_string())));
        }
        parts.push(part);
    }
    format!("{}: {} · {m}", m.ant, parts.join(", then "))
}

/// The words of a move's notation: `r2+`, `n`, `e-`.
fn words(action: &str) -> Vec<&str> {
    action.split_whitespace().collect()
}

/// The choices after `chosen` words of `ant`'s move: "stop here" when the
/// move may end there, then each next word. Steps with a single way on are
/// taken at once, so that no click offers only one thing. Returns the words
/// actually reached and the choices.
pub fn step_choices(game: &AttaAnts, ant: AntId, chosen: &[String]) -> (Vec<String>, Vec<(Choice, String)>) {
    let moves: Vec<String> = game.ant_moves(ant).iter().map(|m| m.to_string()).collect();
    let mut chosen: Vec<String> = chosen.to_vec();
    loop {
        let under: Vec<&String> = moves
            .iter()
            .filter(|m| {
                let w = words(m);
                w.len() >= chosen.len() && w.iter().zip(&chosen).all(|(a, b)| a == b)
            })
            .collect();
        let complete = under.iter().any(|m| words(m).len() == chosen.len());
        let mut next: Vec<&str> = Vec::new();
        for m in &under {
            if let Some(w) = words(m).get(chosen.len()) {
                if !next.contains(w) {
                    next.push(w);
                }
            }
        }
        if !complete && next.len() == 1 {
            chosen.push(next[0].to_string());
            continue;
        }
        let start = game.ant(ant).and_then(|a| a.at).unwrap_or(Pos::NEST);
        let here = chosen.iter().skip(1).fold(start, |p, w| {
            w.chars()
                .next()
                .and_then(Dir::from_letter)
                .map_or(p, |d| p.step(d))
        });
        let mut out = Vec::new();
        if complete && !chosen.is_empty() {
            let label = if chosen.len() == 1 {
                format!("Stay on {here}")
            } else {
                format!("Stop on {here}")
            };
            out.push((Choice::Play(chosen.join(" ")), label));
        }
        for w in next {
            let mut longer = chosen.clone();
            longer.push(w.to_string());
            let text = longer.join(" ");
            let ends = under.iter().all(|m| {
                let w = words(m);
                w.len() <= longer.len() || w[..longer.len()] != longer[..]
            }) && under.contains(&&text);
            let label = if chosen.is_empty() {
                let mark = w.find(['+', '-']).map_or("", |i| &w[i..]);
                if mark.is_empty() {
                    format!("{ant}: no leaf action first")
                } else {
                    format!("{ant}: {} on {here} first", mark_words(mark))
                }
            } else {
                match w.chars().next().and_then(Dir::from_letter) {
                    Some(d) => {
                        let mark = mark_words(&w[1..]);
                        let mark = if mark.is_empty() {
                            mark
                        } else {
                            format!(", {mark}")
                        };
                        let done = if ends { " (ends the move)" } else { "" };
                        format!("{} to {}{mark}{done}", dir_word(d), here.step(d))
                    }
                    None => w.to_string(),
                }
            };
            let choice = if ends {
                Choice::Play(text)
            } else {
                Choice::Path(text)
            };
            out.push((choice, label));
        }
        return (chosen, out);
    }
}

/// Up to three selects for `choices` (25 options each), ids `NAME.V`,
/// `NAME2.V`, `NAME3.V`.
fn selects(
    game_id: &str,
    version: i64,
    name: &str,
    placeholder: &str,
    choices: Vec<(Choice, String)>,
) -> Vec<Component> {
    let chunks: Vec<Vec<(Choice, String)>> = choices
        .chunks(MAX_OPTIONS)
        .take(MAX_SELECTS)
        .map(<[_]>::to_vec)
        .collect();
    let many = chunks.len() > 1;
    chunks
        .into_iter()
        .enumerate()
        .map(|(i, chunk)| {
            let verb = if i == 0 {
                name.to_string()
            } else {
                format!("{name}{}", i + 1)
            };
            let placeholder = if many {
                format!(
                    "{placeholder} ({}/{})",
                    i + 1,
                    choices.len().div_ceil(MAX_OPTIONS).min(MAX_SELECTS)
                )
            } else {
                placeholder.to_string()
            };
            Component::Select {
                id: cid(game_id, &at(&verb, version)),
                placeholder,
                options: chunk
                    .into_iter()
                    .map(|(c, label)| SelectOption {
                        value: c.value(),
                        label: clip(label),
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Discord's 100-character limit on labels.
fn clip(label: String) -> String {
    if label.chars().count() <= 100 {
        label
    } else {
        label.chars().take(99).collect::<String>() + "…"
    }
}

/// Whether `select` verbs name the narrowing and acting selects of the board.
pub fn select_verb(name: &str) -> Option<&'static str> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
    ["place", "ant", "step"].into_iter().find(|v| *v == base)
}

/// What a game's board carries in `view`, for everyone to see; only the
/// player to act may use it.
pub fn components(game_id: &str, version: i64, game: &AttaAnts, view: &View) -> Vec<Component> {
    let mut out = Vec::new();
    if game.outcome().is_some() {
        // A finished board starts the next game: the same table with the
        // seats turned, or a new lobby.
        return vec![
            Component::button(cid(game_id, "rematch"), "Rematch", ButtonStyle::Primary),
            Component::button(cid(game_id, "again"), "Play again", ButtonStyle::Secondary),
        ];
    }
    let legal = game.legal_actions();
    match game.phase() {
        Phase::Place => {
            let square = match view {
                View::Square(p) => Some(*p),
                _ => None,
            };
            let choices = place_choices(game, square);
            let placeholder = match square {
                Some(p) => format!("Turn the card on {p}"),
                None if choices.iter().all(|(c, _)| matches!(c, Choice::Play(_))) => {
                    "Place the card".to_string()
                }
                None => "Place the card: pick a square".to_string(),
            };
            out.extend(selects(game_id, version, "place", &placeholder, choices));
            if square.is_some() {
                out.push(Component::button(
                    cid(game_id, "back"),
                    "Back",
                    ButtonStyle::Secondary,
                ));
            }
        }
        Phase::Ants(_) => {
            match view {
                View::Path { ant, words } if whole_moves_fit(game, *ant, words) => {
                    let choices = move_choices(game, *ant, words);
                    let placeholder = format!("Move {ant}: pick its move");
                    out.extend(selects(game_id, version, "step", &placeholder, choices));
                    out.push(Component::button(
                        cid(game_id, "back"),
                        "Back",
                        ButtonStyle::Secondary,
                    ));
                }
                View::Path { ant, words } => {
                    let (reached, choices) = step_choices(game, *ant, words);
                    let placeholder = if reached.is_empty() {
                        format!("Move {ant}: a leaf first?")
                    } else {
                        format!("Move {}: next step", reached.join(" "))
                    };
                    out.extend(selects(game_id, version, "step", &placeholder, choices));
                    out.push(Component::button(
                        cid(game_id, "back"),
                        "Back",
                        ButtonStyle::Secondary,
                    ));
                }
                _ => {
                    let ants = ant_choices(game);
                    if !ants.is_empty() {
                        out.extend(selects(game_id, version, "ant", "Move an ant", ants));
                    }
                }
            }
            if legal.contains(&Action::End) {
                out.push(Component::button(
                    cid(game_id, &at("end", version)),
                    "End turn",
                    ButtonStyle::Primary,
                ));
            }
        }
        Phase::Spider { .. } => {
            for action in legal {
                if let Action::Spider { number, dir } = action {
                    out.push(Component::button(
                        cid(game_id, &at(&format!("spider-{number}-{dir}"), version)),
                        spider_label(game, number, dir),
                        ButtonStyle::Primary,
                    ));
                }
            }
        }
        Phase::Over => {}
    }
    out
}

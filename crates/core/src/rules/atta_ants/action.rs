//! Atta Ants actions and their notation (../shared/rules/atta-ants.md).
//!
//! One parser and one printer: parsing forgives case, spaces and a few
//! spellings; printing is the canonical form. The lowest equivalent rotation
//! of a placement needs the card, so the game writes that part
//! ([`super::AttaAnts::canonical`]).

use super::cards::Dir;
use super::map::Pos;
use std::fmt;
use std::str::FromStr;

/// A player's colour; seats take them in seating order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Yellow,
    Orange,
    Brown,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Orange, Colour::Brown];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Yellow => 'y',
            Colour::Orange => 'o',
            Colour::Brown => 'b',
        }
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_lowercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
            Colour::Orange => "Orange",
            Colour::Brown => "Brown",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Ants per colour.
pub const ANTS_PER_COLOUR: u8 = 6;

/// An ant: its colour and its number, 1 to 6 (`r1`, `y3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AntId {
    pub colour: Colour,
    pub number: u8,
}

impl AntId {
    pub fn new(colour: Colour, number: u8) -> AntId {
        AntId { colour, number }
    }
}

impl fmt::Display for AntId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.letter(), self.number)
    }
}

impl FromStr for AntId {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<AntId, ParseActionError> {
        let t = text.trim();
        let mut chars = t.chars();
        let ant = chars.next().and_then(Colour::from_letter).and_then(|colour| {
            let n: u8 = chars.as_str().parse().ok()?;
            (1..=ANTS_PER_COLOUR)
                .contains(&n)
                .then_some(AntId::new(colour, n))
        });
        ant.ok_or_else(|| {
            ParseActionError(format!(
                "{} is not an ant (like `r1` or `y3`)",
                crate::rules::code(t)
            ))
        })
    }
}

/// What an ant does with a leaf on one card of its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafMark {
    /// `+`: picks up a loose leaf.
    PickUp,
    /// `+y3`: takes the leaf that ant carries.
    Take(AntId),
    /// `-`: puts the carried leaf down.
    Drop,
}

impl fmt::Display for LeafMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeafMark::PickUp => f.write_str("+"),
            LeafMark::Take(ant) => write!(f, "+{ant}"),
            LeafMark::Drop => f.write_str("-"),
        }
    }
}

/// One step of an ant's move and the leaf action on the card it enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub dir: Dir,
    pub mark: Option<LeafMark>,
}

/// An ant's move: one or two steps, with leaf marks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AntMove {
    pub ant: AntId,
    /// The leaf action on the starting card.
    pub start: Option<LeafMark>,
    pub steps: Vec<Step>,
}

/// Everything a player can do in Atta Ants.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Places the drawn card: `place X,Y rR`.
    Place { pos: Pos, rotation: u8 },
    /// Moves an ant: `r2 n+ e`.
    Move(AntMove),
    /// Ends the ant turn: `end`.
    End,
    /// The first player's choice of a spider's step: `spider 2 e`.
    Spider { number: u8, dir: Dir },
    /// The player leaves the game (or timed out): out, the game goes on.
    /// Logged, never offered as a legal action.
    Leave,
}

impl fmt::Display for AntMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.ant)?;
        if let Some(mark) = self.start {
            write!(f, "{mark}")?;
        }
        for step in &self.steps {
            write!(f, " {}", step.dir)?;
            if let Some(mark) = step.mark {
                write!(f, "{mark}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place { pos, rotation } => write!(f, "place {pos} r{rotation}"),
            Action::Move(m) => write!(f, "{m}"),
            Action::End => f.write_str("end"),
            Action::Spider { number, dir } => write!(f, "spider {number} {dir}"),
            Action::Leave => f.write_str("leave"),
        }
    }
}

/// The text is not an action (the rules did not look at it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseActionError(pub String);

fn bad(text: &str, hint: &str) -> ParseActionError {
    ParseActionError(format!(
        "{} is not an Atta Ants action; {hint}",
        crate::rules::code(text)
    ))
}

const HINT: &str = "try `place 1,-2 r3`, `r2 n+ e`, `end` or `spider 2 e`";

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let shown: String = text.trim().chars().take(60).collect();
        let lower = text.trim().to_ascii_lowercase();
        if lower.len() > 100 {
            return Err(bad(&shown, HINT));
        }
        match lower.as_str() {
            "" => return Err(ParseActionError(format!("give an action; {HINT}"))),
            "end" | "pass" | "end turn" => return Ok(Action::End),
            "leave" => return Ok(Action::Leave),
            _ => {}
        }
        if let Some(rest) = lower.strip_prefix("place") {
            return parse_place(rest).ok_or_else(|| bad(&shown, "a placement is like `place 1,-2 r3`"));
        }
        if let Some(rest) = lower.strip_prefix("spider") {
            return parse_spider(rest).ok_or_else(|| bad(&shown, "a spider's step is like `spider 2 e`"));
        }
        parse_move(&lower)
            .map(Action::Move)
            .ok_or_else(|| bad(&shown, HINT))
    }
}

/// `1,-2 r3`, `(1, -2) r3`, `1 -2 3`.
fn parse_place(rest: &str) -> Option<Action> {
    let cleaned: String = rest
        .chars()
        .map(|c| {
            if matches!(c, ',' | '(' | ')' | ';') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let [x, y, r] = words.as_slice() else {
        return None;
    };
    let x: i32 = x.parse().ok()?;
    let y: i32 = y.parse().ok()?;
    let r: u8 = r.strip_prefix('r').unwrap_or(r).parse().ok()?;
    // `unsigned_abs`: `abs` of i32::MIN overflows.
    (r < 4 && x.unsigned_abs() <= 99 && y.unsigned_abs() <= 99).then_some(Action::Place {
        pos: Pos::new(x, y),
        rotation: r,
    })
}

/// `2 e`, `2 east`.
fn parse_spider(rest: &str) -> Option<Action> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (number, dir) = match words.as_slice() {
        [n, d] => (*n, *d),
        [nd] => nd.split_at(nd.find(|c: char| !c.is_ascii_digit())?),
        _ => return None,
    };
    let number: u8 = number.parse().ok()?;
    let dir = parse_dir_word(dir)?;
    (1..=9)
        .contains(&number)
        .then_some(Action::Spider { number, dir })
}

fn parse_dir_word(word: &str) -> Option<Dir> {
    match word {
        "north" => Some(Dir::N),
        "east" => Some(Dir::E),
        "south" => Some(Dir::S),
        "west" => Some(Dir::W),
        w if w.len() == 1 => Dir::from_letter(w.chars().next()?),
        _ => None,
    }
}

/// `r2 n+ e`, `r2+ n`, `r2 n+y3 e-`, spaces optional: colour letters
/// (r y o b) and step letters (n e s w) never overlap.
fn parse_move(text: &str) -> Option<AntMove> {
    parse_move_prefix(text).filter(|m| !m.steps.is_empty())
}

impl AntMove {
    /// The start of a move as it is being chosen, step by step: the ant,
    /// its leaf mark on the starting card and up to two steps (`r2+`,
    /// `r2 n`). Only its notation is checked, not the rules.
    pub fn parse_partial(text: &str) -> Option<AntMove> {
        parse_move_prefix(&text.trim().to_ascii_lowercase())
    }
}

/// A move of zero to two steps.
fn parse_move_prefix(text: &str) -> Option<AntMove> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut i = 0;
    let ant = read_ant(&chars, &mut i)?;
    let start = read_mark(&chars, &mut i)?;
    let mut steps = Vec::new();
    while i < chars.len() {
        let dir = Dir::from_letter(chars[i])?;
        i += 1;
        let mark = read_mark(&chars, &mut i)?;
        steps.push(Step { dir, mark });
    }
    (steps.len() <= 2).then_some(AntMove { ant, start, steps })
}

fn read_ant(chars: &[char], i: &mut usize) -> Option<AntId> {
    let colour = Colour::from_letter(*chars.get(*i)?)?;
    let digit = chars.get(*i + 1)?.to_digit(10)? as u8;
    if !(1..=ANTS_PER_COLOUR).contains(&digit) {
        return None;
    }
    *i += 2;
    Some(AntId::new(colour, digit))
}

/// A leaf mark, if one is there: `Some(None)` when there is none, `None`
/// when the text is wrong.
fn read_mark(chars: &[char], i: &mut usize) -> Option<Option<LeafMark>> {
    match chars.get(*i) {
        Some('+') => {
            *i += 1;
            if chars.get(*i).is_some_and(|c| Colour::from_letter(*c).is_some()) {
                Some(Some(LeafMark::Take(read_ant(chars, i)?)))
            } else {
                Some(Some(LeafMark::PickUp))
            }
        }
        Some('-') => {
            *i += 1;
            Some(Some(LeafMark::Drop))
        }
        _ => Some(None),
    }
}

//! Army Ants actions and their notation (../shared/rules/army-ants.md).
//!
//! One parser and one printer: parsing is forgiving about case and spaces,
//! printing is always the canonical form, and the two round-trip.

use super::board::{Card, Square};
use std::fmt;
use std::str::FromStr;

/// A contiguous segment of a row or column, given by its two end squares in
/// board order (lower column first, then lower row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    pub first: Square,
    pub last: Square,
}

impl Line {
    /// Builds a line from two ends in any order; `None` unless they share a
    /// row or a column and are at least two squares long.
    pub fn new(a: Square, b: Square) -> Option<Line> {
        let (first, last) = if a.board_order() <= b.board_order() {
            (a, b)
        } else {
            (b, a)
        };
        let same_row = first.rank() == last.rank() && first.file() < last.file();
        let same_file = first.file() == last.file() && first.rank() < last.rank();
        (same_row || same_file).then_some(Line { first, last })
    }

    pub fn is_vertical(&self) -> bool {
        self.first.file() == self.last.file()
    }

    pub fn len(&self) -> usize {
        if self.is_vertical() {
            (self.last.rank() - self.first.rank()) as usize + 1
        } else {
            (self.last.file() - self.first.file()) as usize + 1
        }
    }

    /// Lines always hold two squares or more.
    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> {
        let first = self.first;
        let vertical = self.is_vertical();
        (0..self.len() as u8).map(move |i| {
            if vertical {
                Square::new(first.file(), first.rank() + i)
            } else {
                Square::new(first.file() + i, first.rank())
            }
            .expect("line inside the board")
        })
    }
}

/// Everything a player (or the game) can do in Army Ants.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move Out!: one card to an empty square reachable through empty squares.
    MoveOut {
        from: Square,
        to: Square,
    },
    /// March!: a line of two or more cards moves together in one direction.
    March {
        from: Line,
        to: Line,
    },
    /// Swap!: two adjacent friendly cards trade places (board order).
    Swap(Square, Square),
    /// Attack!: a card moves straight onto an enemy card.
    Attack {
        from: Square,
        to: Square,
    },
    /// The Queen's Favor: the Queen goes straight to the back-row centre.
    Favor,
    /// Made by the game when the side to move has nothing legal.
    Pass,
    /// A private deployment: rows front first, each in column order a..e.
    Deploy(Vec<Vec<Card>>),
    Resign,
    OfferDraw,
    AcceptDraw,
}

impl Action {
    /// A swap with its squares in canonical (board) order.
    pub fn swap(a: Square, b: Square) -> Action {
        if a.board_order() <= b.board_order() {
            Action::Swap(a, b)
        } else {
            Action::Swap(b, a)
        }
    }

    /// The squares an action leaves and the squares it lands on, for
    /// highlighting the last move.
    pub fn squares(&self) -> (Vec<Square>, Vec<Square>) {
        match self {
            Action::MoveOut { from, to } | Action::Attack { from, to } => (vec![*from], vec![*to]),
            Action::March { from, to } => (from.squares().collect(), to.squares().collect()),
            Action::Swap(a, b) => (vec![*a], vec![*b]),
            _ => (vec![], vec![]),
        }
    }

    /// Whether this is a move on the board or a deployment (not a resign or
    /// draw message).
    pub fn is_command(&self) -> bool {
        !matches!(self, Action::Resign | Action::OfferDraw | Action::AcceptDraw)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::MoveOut { from, to } => write!(f, "{from}-{to}"),
            Action::March { from, to } => {
                write!(f, "{}:{}-{}:{}", from.first, from.last, to.first, to.last)
            }
            Action::Swap(a, b) => write!(f, "{a}={b}"),
            Action::Attack { from, to } => write!(f, "{from}x{to}"),
            Action::Favor => f.write_str("favor"),
            Action::Pass => f.write_str("pass"),
            Action::Deploy(rows) => {
                f.write_str("deploy ")?;
                for (i, row) in rows.iter().enumerate() {
                    if i > 0 {
                        f.write_str("/")?;
                    }
                    for card in row {
                        write!(f, "{}", card.symbol())?;
                    }
                }
                Ok(())
            }
            Action::Resign => f.write_str("resign"),
            Action::OfferDraw => f.write_str("offer draw"),
            Action::AcceptDraw => f.write_str("accept draw"),
        }
    }
}

/// Why a text is not Army Ants notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} is not Army Ants notation: {reason}", super::super::code(.text))]
pub struct ParseActionError {
    pub text: String,
    pub reason: &'static str,
}

const HINT: &str =
    "use c3-c6 (move out), a3:c3-a5:c5 (march), c3=c4 (swap), c4xc7 (attack), favor or deploy 93Q15";

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(input: &str) -> Result<Action, ParseActionError> {
        let err = |reason| ParseActionError {
            text: input.chars().take(40).collect(),
            reason,
        };
        let lower = input.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            [] => return Err(err("it is empty")),
            ["favor"] | ["favour"] => return Ok(Action::Favor),
            ["pass"] => return Ok(Action::Pass),
            ["resign"] => return Ok(Action::Resign),
            ["offer", "draw"] | ["draw", "offer"] => return Ok(Action::OfferDraw),
            ["accept", "draw"] | ["draw", "accept"] => return Ok(Action::AcceptDraw),
            ["deploy", rest @ ..] => return parse_deploy(&rest.concat()).map_err(err),
            _ => {}
        }
        let compact: String = words.concat();
        let square = |s: &str| s.parse::<Square>().map_err(|_| err("a square is a1 to e8"));
        if let Some((a, b)) = compact.split_once('=') {
            // Whether the squares are neighbours is the rules' call.
            return Ok(Action::swap(square(a)?, square(b)?));
        }
        if let Some((a, b)) = compact.split_once('x') {
            return Ok(Action::Attack {
                from: square(a)?,
                to: square(b)?,
            });
        }
        if let Some((a, b)) = compact.split_once('-') {
            if let (Some((a1, a2)), Some((b1, b2))) = (a.split_once(':'), b.split_once(':')) {
                let line = |x: &str, y: &str| {
                    Line::new(square(x)?, square(y)?)
                        .ok_or_else(|| err("a march names the two ends of a row or column"))
                };
                // Whether the line keeps its length and direction is the
                // rules' call.
                let (from, to) = (line(a1, a2)?, line(b1, b2)?);
                return Ok(Action::March { from, to });
            }
            return Ok(Action::MoveOut {
                from: square(a)?,
                to: square(b)?,
            });
        }
        Err(err(HINT))
    }
}

fn parse_deploy(text: &str) -> Result<Action, &'static str> {
    if text.is_empty() {
        return Err("deploy lists values front row first, like deploy 93Q15");
    }
    let rows = text
        .split('/')
        .map(|row| {
            row.chars()
                .map(|c| Card::from_symbol(c).ok_or("deploy values are 1 to 9 and Q"))
                .collect::<Result<Vec<Card>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rows.len() > 4 || rows.iter().any(|r| r.is_empty() || r.len() > 5) {
        return Err("deploy takes at most four rows of at most five values");
    }
    Ok(Action::Deploy(rows))
}

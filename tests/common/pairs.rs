//! Pairs, a toy patience written against `rules::patience::Patience`, the
//! solver's `Hinted` and the renderer's `Board` alone: the service serves
//! it beside the three, daily challenge and all.
//!
//! The rules: eight cards, two of each rank 1 to 4, lie face up in a row.
//! Take away two cards of the same rank that lie side by side (the row
//! closes up); the game is won when the row is empty and lost when no two
//! neighbours match. `undo` takes back a pair, `end` gives up. A seed's
//! deal always has a pair to take.

use antics::ai::solver::hint::{Avoid, Hint, Hinted};
use antics::ai::solver::{Solved, Verdict};
use antics::render::canvas::{self, Colour, Indexed, Palette};
use antics::render::Board;
use antics::rules::patience::{
    ParsePatienceError, Patience, PatienceError, PatienceOutcome, PatienceSetupError,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// The cards of a deal: two of each rank.
const RANKS: [u8; 8] = [1, 1, 2, 2, 3, 3, 4, 4];

/// A seed to deal from, or the row itself (`"1 2 2 1 3 4 4 3"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub seed: Option<u64>,
    pub deal: Option<String>,
}

/// `3`: take away cards 3 and 4 of the row; `end`; `undo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Pair(usize),
    End,
    Undo,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pair(at) => write!(f, "{at}"),
            Action::End => f.write_str("end"),
            Action::Undo => f.write_str("undo"),
        }
    }
}

impl FromStr for Action {
    type Err = ParsePatienceError;

    fn from_str(text: &str) -> Result<Action, ParsePatienceError> {
        let refused = |reason: &str| ParsePatienceError {
            text: text.chars().take(40).collect(),
            reason: reason.into(),
        };
        match text.trim().to_ascii_lowercase().as_str() {
            "end" => Ok(Action::End),
            "undo" => Ok(Action::Undo),
            number => match number.parse::<usize>() {
                Ok(at) if (1..RANKS.len()).contains(&at) => Ok(Action::Pair(at)),
                _ => Err(refused("a pair is named by its first card, 1 to 7")),
            },
        }
    }
}

/// A game of Pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairs {
    row: Vec<u8>,
    /// The pairs taken, in order: where each was and its rank.
    taken: Vec<(usize, u8)>,
    moves: u32,
    undos: u32,
    ended: bool,
    last: Option<Action>,
}

/// What the player sees: all of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub row: Vec<u8>,
    pub last: Option<Action>,
    /// `last` is a hint, not played yet.
    pub hinted: bool,
    pub outcome: Option<PatienceOutcome>,
}

impl Pairs {
    /// The row of `setup`: its deal as written, or its seed's shuffle.
    fn dealt(setup: &Setup) -> Result<Vec<u8>, PatienceSetupError> {
        if let Some(deal) = &setup.deal {
            let row: Vec<u8> = deal
                .split_whitespace()
                .map(|card| {
                    card.parse()
                        .map_err(|_| PatienceSetupError(format!("{card} is no card")))
                })
                .collect::<Result<_, _>>()?;
            let mut sorted = row.clone();
            sorted.sort_unstable();
            if sorted != RANKS {
                return Err(PatienceSetupError("a deal is two of each rank 1 to 4".into()));
            }
            return Ok(row);
        }
        // Fisher-Yates driven by splitmix64: the same seed, the same row.
        let mut state = setup.seed.unwrap_or(0);
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        // Shuffled again until two neighbours match: no deal is over
        // before its first move.
        let mut row = RANKS.to_vec();
        loop {
            for i in (1..row.len()).rev() {
                row.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            if row.windows(2).any(|two| two[0] == two[1]) {
                return Ok(row);
            }
        }
    }

    /// The pairs that can be taken, by their first card (1 first).
    fn pairs(&self) -> Vec<usize> {
        (1..self.row.len())
            .filter(|&at| self.row[at - 1] == self.row[at])
            .collect()
    }

    /// The cards left, as the board shows them.
    pub fn row(&self) -> &[u8] {
        &self.row
    }
}

impl Patience for Pairs {
    type Action = Action;
    type Setup = Setup;
    type View = View;

    fn from_setup(setup: &Setup) -> Result<Pairs, PatienceSetupError> {
        Ok(Pairs {
            row: Pairs::dealt(setup)?,
            taken: Vec::new(),
            moves: 0,
            undos: 0,
            ended: false,
            last: None,
        })
    }

    fn player_view(&self) -> View {
        View {
            row: self.row.clone(),
            last: self.last,
            hinted: false,
            outcome: self.outcome(),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut actions: Vec<Action> = self.pairs().into_iter().map(Action::Pair).collect();
        actions.push(Action::End);
        actions
    }

    fn apply(&mut self, action: &Action) -> Result<(), PatienceError> {
        if self.outcome().is_some() {
            return Err(PatienceError::GameOver);
        }
        match *action {
            Action::Pair(at) => {
                if !self.pairs().contains(&at) {
                    return Err(PatienceError::Illegal(format!(
                        "Cards {at} and {} are not a pair side by side.",
                        at + 1
                    )));
                }
                let rank = self.row[at - 1];
                self.row.drain(at - 1..=at);
                self.taken.push((at, rank));
                self.moves += 1;
            }
            Action::End => self.ended = true,
            Action::Undo => {
                let (at, rank) = self
                    .taken
                    .pop()
                    .ok_or_else(|| PatienceError::CannotUndo("No pair to take back.".into()))?;
                self.row.splice(at - 1..at - 1, [rank, rank]);
                self.undos += 1;
            }
        }
        self.last = Some(*action);
        Ok(())
    }

    fn outcome(&self) -> Option<PatienceOutcome> {
        let lost = |detail: String| Some(PatienceOutcome { won: false, detail });
        if self.row.is_empty() {
            Some(PatienceOutcome {
                won: true,
                detail: "Won".into(),
            })
        } else if self.ended {
            lost(format!("Ended with {} cards left", self.row.len()))
        } else if self.pairs().is_empty() {
            lost(format!("No pair left: {} cards stay", self.row.len()))
        } else {
            None
        }
    }

    fn score(&self) -> i64 {
        self.taken.len() as i64
    }

    fn undos(&self) -> u32 {
        self.undos
    }

    fn moves(&self) -> u32 {
        self.moves
    }

    fn describe(&self) -> String {
        format!("Pairs: {}", cards(&self.row))
    }
}

/// "1 2 2 1": the row as the notation writes it.
pub fn cards(row: &[u8]) -> String {
    row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

/// A winning line from `game`, if one exists: every line is searched (a
/// row of eight has few), counting the positions in `states`.
fn winning_line(game: &Pairs, states: &mut u64) -> Option<Vec<Action>> {
    *states += 1;
    if game.row.is_empty() {
        return Some(Vec::new());
    }
    game.pairs().into_iter().find_map(|at| {
        let mut next = game.clone();
        next.apply(&Action::Pair(at)).ok()?;
        let mut line = winning_line(&next, states)?;
        line.insert(0, Action::Pair(at));
        Some(line)
    })
}

impl Hinted for Pairs {
    /// Nothing is hidden: the first pair of a winning line that `avoid`
    /// allows, else that no line wins.
    fn hint_avoiding(&self, _budget: u64, avoid: Avoid<'_, Self>, _idle: usize) -> Hint {
        let first = self
            .pairs()
            .into_iter()
            .map(Action::Pair)
            .filter(|a| !avoid(self, a));
        first
            .filter_map(|action| {
                let mut next = self.clone();
                next.apply(&action).ok()?;
                let line = winning_line(&next, &mut 0)?;
                Some(Hint::Next {
                    action: action.to_string(),
                    line_len: line.len() + 1,
                })
            })
            .next()
            .unwrap_or(Hint::Lost)
    }

    fn table(&self) -> String {
        cards(&self.row)
    }

    fn solve_whole(&self, _budget: u64) -> Solved<Action> {
        let mut states = 0;
        let verdict = match winning_line(self, &mut states) {
            Some(line) => Verdict::Won(line),
            None => Verdict::Lost,
        };
        Solved { verdict, states }
    }
}

// The board: a green cloth, a cream card per card left, as tall as its rank.
const CLOTH: Colour = Colour::hex(0x2e6b3f);
const CARD: Colour = Colour::hex(0xf4ecd8);
/// The pair last taken or hinted is marked under where it was.
const MARK: Colour = Colour::hex(0xe0a020);
const CARD_W: u32 = 40;
const GAP: u32 = 8;
const WIDTH: u32 = GAP + RANKS.len() as u32 * (CARD_W + GAP);
const HEIGHT: u32 = 120;

fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(|| {
        let mut sample = canvas::pixmap(3, 1, CLOTH);
        canvas::fill_rect(&mut sample, canvas::rect(1.0, 0.0, 1.0, 1.0), CARD);
        canvas::fill_rect(&mut sample, canvas::rect(2.0, 0.0, 1.0, 1.0), MARK);
        Palette::from_samples(&[&sample])
    })
}

impl View {
    fn drawn(&self) -> Indexed {
        let palette = palette();
        let mut image = Indexed {
            width: WIDTH,
            height: HEIGHT,
            data: vec![palette.nearest(CLOTH.rgb()); (WIDTH * HEIGHT) as usize],
        };
        let left = |at: usize| GAP + at as u32 * (CARD_W + GAP);
        for (at, rank) in self.row.iter().enumerate() {
            let height = 20 * u32::from(*rank);
            image.fill_rect(
                left(at),
                100 - height,
                CARD_W,
                height,
                palette.nearest(CARD.rgb()),
            );
        }
        if let Some(Action::Pair(at)) = self.last {
            let width = 2 * CARD_W + GAP;
            image.fill_rect(left(at - 1), 106, width, 6, palette.nearest(MARK.rgb()));
        }
        image
    }
}

impl Board for View {
    type Labels<'a> = Option<&'a str>;
    type Layout = ();

    fn png(&self, _daily: Option<&str>) -> Vec<u8> {
        palette().encode_indexed(&self.drawn())
    }

    fn alt_text(&self, _daily: Option<&str>) -> String {
        let last = match (self.last, self.hinted) {
            (Some(action), true) => format!(" Hint: {action}."),
            (Some(action), false) => format!(" Last: {action}."),
            (None, _) => String::new(),
        };
        format!("Pairs: {}.{last}", cards(&self.row))
    }

    fn layout(views: &[View]) -> Option<()> {
        (!views.is_empty()).then_some(())
    }

    fn frame(&self, _daily: Option<&str>, _layout: ()) -> (Indexed, &'static Palette) {
        (self.drawn(), palette())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(row: &str) -> Pairs {
        Pairs::from_setup(&Setup {
            seed: None,
            deal: Some(row.into()),
        })
        .unwrap()
    }

    #[test]
    fn pairs_side_by_side_go_and_the_row_closes_up() {
        let mut game = deal("1 2 2 1 3 4 4 3");
        assert_eq!(
            game.legal_actions(),
            [Action::Pair(2), Action::Pair(6), Action::End]
        );
        game.apply(&Action::Pair(2)).unwrap();
        assert_eq!(game.row(), [1, 1, 3, 4, 4, 3]);
        assert!(game.apply(&Action::Pair(3)).is_err(), "3 and 4 are not a pair");
        game.apply(&Action::Undo).unwrap();
        assert_eq!(game.row(), [1, 2, 2, 1, 3, 4, 4, 3]);
        for at in [2, 1, 2, 1] {
            game.apply(&Action::Pair(at)).unwrap();
        }
        assert!(game.outcome().unwrap().won);
    }

    #[test]
    fn no_neighbours_alike_loses_and_the_solver_knows_first() {
        let mut game = deal("1 2 1 2 3 3 4 4");
        assert_eq!(game.hint(0), Hint::Lost, "1 2 1 2 stays whatever goes first");
        game.apply(&Action::Pair(5)).unwrap();
        game.apply(&Action::Pair(5)).unwrap();
        let outcome = game.outcome().expect("no pair left ends the game");
        assert!(!outcome.won);
        assert_eq!(outcome.detail, "No pair left: 4 cards stay");
        let winnable = deal("1 2 2 1 3 4 4 3");
        assert_eq!(
            winnable.hint(0),
            Hint::Next {
                action: "2".into(),
                line_len: 4
            }
        );
    }
}

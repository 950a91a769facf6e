//! Three-heap Nim, a toy game written against `rules::Game` alone: the
//! contract test plays it beside the five, and the engine serves it.

use antics::rules::{Game, Turn};
use std::fmt::{self, Display};
use std::str::FromStr;

/// Three-heap Nim: take any number from one heap; who takes the last
/// object wins. Written against the trait alone.
#[derive(Clone, Debug, PartialEq)]
pub struct Nim {
    heaps: [u8; 3],
    to_move: Player,
    winner: Option<Player>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    First,
    Second,
}

impl Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

/// `2:3`: take 3 from heap 2.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Take {
    pub heap: usize,
    pub count: u8,
}

impl Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.heap + 1, self.count)
    }
}

/// Why Nim refused: not the seat's turn, or a take the heaps forbid.
#[derive(Debug, thiserror::Error)]
pub enum NimError {
    #[error("it is not {0}'s turn")]
    NotYourTurn(Player),
    #[error("{0}")]
    Illegal(String),
}

impl FromStr for Take {
    type Err = NimError;

    fn from_str(text: &str) -> Result<Take, NimError> {
        let bad = || NimError::Illegal(format!("`{text}` is not HEAP:COUNT"));
        let (heap, count) = text.trim().split_once(':').ok_or_else(bad)?;
        let heap: usize = heap.parse().map_err(|_| bad())?;
        let count: u8 = count.parse().map_err(|_| bad())?;
        match heap {
            1..=3 if count > 0 => Ok(Take {
                heap: heap - 1,
                count,
            }),
            _ => Err(bad()),
        }
    }
}

impl Game for Nim {
    type Setup = [u8; 3];
    type SetupError = NimError;
    type Seat = Player;
    type Action = Take;
    type Refusal = NimError;
    type Outcome = String;
    type View = [u8; 3];

    fn start(heaps: &[u8; 3]) -> Result<Nim, NimError> {
        match heaps.iter().any(|h| *h > 0) {
            true => Ok(Nim {
                heaps: *heaps,
                to_move: Player::First,
                winner: None,
            }),
            false => Err(NimError::Illegal("every heap is empty".into())),
        }
    }

    fn seats(&self) -> Vec<Player> {
        vec![Player::First, Player::Second]
    }

    fn turn(&self) -> Turn<Player, String> {
        match self.winner {
            Some(winner) => Turn::Over(format!("{winner} wins")),
            None => Turn::One(self.to_move),
        }
    }

    fn legal_actions(&self, seat: Player) -> Vec<Take> {
        if !self.turn().includes(seat) {
            return vec![];
        }
        (0..3)
            .flat_map(|heap| (1..=self.heaps[heap]).map(move |count| Take { heap, count }))
            .collect()
    }

    fn act(&mut self, seat: Player, take: &Take) -> Result<(), NimError> {
        if !self.turn().includes(seat) {
            return Err(NimError::NotYourTurn(seat));
        }
        if take.count > self.heaps[take.heap] {
            return Err(NimError::Illegal(format!(
                "heap {} has only {}",
                take.heap + 1,
                self.heaps[take.heap]
            )));
        }
        self.heaps[take.heap] -= take.count;
        if self.heaps == [0; 3] {
            self.winner = Some(seat);
        }
        self.to_move = match seat {
            Player::First => Player::Second,
            Player::Second => Player::First,
        };
        Ok(())
    }

    fn winner(outcome: &String) -> Option<Player> {
        match outcome.as_str() {
            "first wins" => Some(Player::First),
            "second wins" => Some(Player::Second),
            _ => None,
        }
    }

    fn told(outcome: &String, name: &dyn Fn(Player) -> String) -> String {
        match Nim::winner(outcome) {
            Some(seat) => format!("{} wins", name(seat)),
            None => outcome.clone(),
        }
    }

    fn forfeit(&mut self, seat: Player) -> Option<String> {
        if self.winner.is_none() {
            self.winner = Some(match seat {
                Player::First => Player::Second,
                Player::Second => Player::First,
            });
        }
        self.outcome()
    }

    fn view(&self, _seat: Option<Player>) -> [u8; 3] {
        self.heaps
    }
}

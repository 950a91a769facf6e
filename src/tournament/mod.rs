//! Tournaments, without storage or front end: who entered, each round's
//! pairings and their results, and what may happen next. The service
//! stores a `Tournament` as JSON, starts its games and feeds their results
//! back; the pairing itself is `pairing`'s.

pub mod pairing;

use pairing::{Entrant, Outcome, Pairing, Standing};
use serde::{Deserialize, Serialize};

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Taking entries; no round has started.
    Open,
    /// A round is under way.
    Running,
    Finished,
    Cancelled,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn is_live(self) -> bool {
        matches!(self, Status::Open | Status::Running)
    }
}

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Swiss,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
        }
    }
}

/// An entrant as the tournament keeps them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub id: String,
    pub name: String,
    /// Their rating when they joined (pairing within a score group).
    pub rating: f64,
    /// The first round they can be paired in.
    pub joined_round: u32,
    #[serde(default)]
    pub withdrawn: bool,
}

/// One pairing of a round: its seats (red first; no black is a bye), the
/// game it is played in and its result once decided.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Board {
    pub round: u32,
    pub red: String,
    pub black: Option<String>,
    /// The game's id; `None` for a bye.
    pub game: Option<String>,
    /// Where the game is played.
    pub channel: Option<String>,
    pub result: Option<Outcome>,
    /// How the result came other than by play: `adjudicated`, `forfeit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<String>,
}

impl Board {
    pub fn is_bye(&self) -> bool {
        self.black.is_none()
    }

    /// Whether `user` sits at this board.
    pub fn seats(&self, user: &str) -> bool {
        self.red == user || self.black.as_deref() == Some(user)
    }

    /// Each seat's points once decided (win 1, draw ½, loss 0; a bye 1).
    pub fn points(&self) -> Option<Vec<f64>> {
        let result = self.result?;
        Some(match (&self.black, result) {
            (None, _) => vec![1.0],
            (Some(_), Outcome::RedWins) => vec![1.0, 0.0],
            (Some(_), Outcome::BlackWins) => vec![0.0, 1.0],
            (Some(_), Outcome::Draw) => vec![0.5, 0.5],
        })
    }

    fn pairing(&self) -> Pairing {
        Pairing {
            round: self.round,
            red: self.red.clone(),
            black: self.black.clone(),
            result: self.result,
        }
    }
}

/// What an organiser chose when creating it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The game's kind (`army-ants`).
    pub game: String,
    pub format: Format,
    /// The number of rounds; `None`: chosen at the start from the entrants.
    pub rounds: Option<u32>,
    /// How long a round stays open, in milliseconds.
    pub round_ms: i64,
    /// When it starts by itself; `None`: when the organiser says so.
    pub starts_at: Option<i64>,
    /// Whether its games move ratings.
    pub rated: bool,
}

/// A tournament: its settings, entrants and rounds so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    pub id: String,
    pub owner: String,
    pub owner_name: String,
    pub settings: Settings,
    pub status: Status,
    /// The round under way (0 before the start).
    pub round: u32,
    /// The rounds it plays, fixed at the start.
    pub rounds: u32,
    /// When the round under way closes.
    pub round_ends_at: Option<i64>,
    pub players: Vec<Player>,
    pub boards: Vec<Board>,
}

/// Why a tournament refuses a change, in a player's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("You are already in this tournament.")]
    AlreadyIn,
    #[error("You left this tournament; a player who leaves does not come back.")]
    Left,
    #[error("You are not in this tournament.")]
    NotIn,
    #[error(
        "This tournament no longer takes entries: late entries close once half its rounds have started."
    )]
    Closed,
    #[error("This tournament is over.")]
    Over,
    #[error("This tournament has already started.")]
    Started,
    #[error("A tournament needs at least two players to start; it has {0}.")]
    TooFew(usize),
    #[error("A tournament may have at most {MAX_PLAYERS} players.")]
    Full,
}

/// The most players one tournament takes (a standings board stays legible).
pub const MAX_PLAYERS: usize = 64;

/// The most rounds an organiser may ask for.
pub const MAX_ROUNDS: u32 = 15;

/// The rounds a Swiss of `players` plays when the organiser did not say:
/// enough for one player to stay unbeaten alone (⌈log₂ n⌉), at least one.
pub fn default_rounds(players: usize) -> u32 {
    (usize::BITS - players.saturating_sub(1).leading_zeros()).max(1)
}

impl Tournament {
    pub fn new(id: String, owner: (&str, &str), settings: Settings) -> Tournament {
        Tournament {
            id,
            owner: owner.0.to_string(),
            owner_name: owner.1.to_string(),
            settings,
            status: Status::Open,
            round: 0,
            rounds: 0,
            round_ends_at: None,
            players: Vec::new(),
            boards: Vec::new(),
        }
    }

    pub fn player(&self, id: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The players still in (not withdrawn).
    pub fn active(&self) -> impl Iterator<Item = &Player> {
        self.players.iter().filter(|p| !p.withdrawn)
    }

    /// Whether a late entry is still taken: "late join until half the
    /// rounds have started".
    pub fn takes_entries(&self) -> bool {
        match self.status {
            Status::Open => true,
            Status::Running => 2 * self.round < self.rounds,
            Status::Finished | Status::Cancelled => false,
        }
    }

    /// Enters a player; in a running tournament from the next round (the
    /// rounds missed score nothing).
    pub fn join(&mut self, id: &str, name: &str, rating: f64) -> Result<(), Refusal> {
        match self.player(id) {
            Some(p) if p.withdrawn => return Err(Refusal::Left),
            Some(_) => return Err(Refusal::AlreadyIn),
            None => {}
        }
        if !self.status.is_live() {
            return Err(Refusal::Over);
        }
        if !self.takes_entries() {
            return Err(Refusal::Closed);
        }
        if self.players.len() >= MAX_PLAYERS {
            return Err(Refusal::Full);
        }
        self.players.push(Player {
            id: id.to_string(),
            name: name.to_string(),
            rating,
            joined_round: self.round + 1,
            withdrawn: false,
        });
        Ok(())
    }

    /// A player leaves: before the start they are simply out; once it
    /// runs they forfeit the rest ("a player who leaves forfeits the
    /// rest"), their undecided game of this round lost. Returns that
    /// board's index, whose game the service ends.
    pub fn leave(&mut self, id: &str) -> Result<Option<usize>, Refusal> {
        if !self.status.is_live() {
            return Err(Refusal::Over);
        }
        let index = self
            .players
            .iter()
            .position(|p| p.id == id && !p.withdrawn)
            .ok_or(if self.player(id).is_some() {
                Refusal::Left
            } else {
                Refusal::NotIn
            })?;
        if self.status == Status::Open {
            self.players.remove(index);
            return Ok(None);
        }
        self.players[index].withdrawn = true;
        let open = self
            .boards
            .iter()
            .position(|b| b.round == self.round && b.result.is_none() && b.seats(id));
        if let Some(board) = open {
            let lost = if self.boards[board].red == id {
                Outcome::BlackWins
            } else {
                Outcome::RedWins
            };
            self.decide(board, lost, Some("forfeit"));
        }
        Ok(open)
    }

    /// Starts round one at `now`: the rounds are fixed and the first
    /// pairings made. Returns the new boards' indices.
    pub fn start(&mut self, now: i64) -> Result<Vec<usize>, Refusal> {
        match self.status {
            Status::Open => {}
            Status::Running => return Err(Refusal::Started),
            Status::Finished | Status::Cancelled => return Err(Refusal::Over),
        }
        let count = self.active().count();
        if count < 2 {
            return Err(Refusal::TooFew(count));
        }
        self.rounds = self.settings.rounds.unwrap_or_else(|| default_rounds(count));
        self.status = Status::Running;
        Ok(self.pair_next(now))
    }

    /// Pairs the next round at `now` and opens it for its length.
    fn pair_next(&mut self, now: i64) -> Vec<usize> {
        self.round += 1;
        self.round_ends_at = Some(now + self.settings.round_ms);
        let entrants = self.entrants();
        let history: Vec<Pairing> = self.boards.iter().map(Board::pairing).collect();
        let first = self.boards.len();
        for pairing in pairing::pair_swiss(&entrants, &history, self.round) {
            let bye = pairing.black.is_none();
            self.boards.push(Board {
                round: pairing.round,
                red: pairing.red,
                black: pairing.black,
                game: None,
                channel: None,
                // A bye scores at once.
                result: bye.then_some(Outcome::RedWins),
                decided_by: None,
            });
        }
        (first..self.boards.len()).collect()
    }

    /// Records a board's result, unless it already has one (a result is
    /// counted once). Returns whether it was recorded.
    pub fn decide(&mut self, board: usize, outcome: Outcome, by: Option<&str>) -> bool {
        let Some(b) = self.boards.get_mut(board) else {
            return false;
        };
        if b.result.is_some() {
            return false;
        }
        b.result = Some(outcome);
        b.decided_by = by.map(str::to_string);
        true
    }

    /// The board of the game `game_id`.
    pub fn board_of_game(&self, game_id: &str) -> Option<usize> {
        self.boards
            .iter()
            .position(|b| b.game.as_deref() == Some(game_id))
    }

    /// The boards of the round under way still undecided.
    pub fn undecided(&self) -> Vec<usize> {
        (0..self.boards.len())
            .filter(|&i| self.boards[i].round == self.round && self.boards[i].result.is_none())
            .collect()
    }

    /// Once every board of the round is decided: the next round's pairings
    /// (their indices), or the end after the last round. `None` while a
    /// game of the round is still on.
    pub fn advance(&mut self, now: i64) -> Option<Vec<usize>> {
        if self.status != Status::Running || !self.undecided().is_empty() {
            return None;
        }
        // Fewer than two players left: nothing more can be paired.
        if self.round >= self.rounds || self.active().count() < 2 {
            self.status = Status::Finished;
            self.round_ends_at = None;
            return Some(Vec::new());
        }
        Some(self.pair_next(now))
    }

    pub fn cancel(&mut self) -> Result<(), Refusal> {
        if !self.status.is_live() {
            return Err(Refusal::Over);
        }
        self.status = Status::Cancelled;
        self.round_ends_at = None;
        Ok(())
    }

    /// When the sweep must look at it next: its start, or its round's close.
    pub fn deadline(&self) -> Option<i64> {
        match self.status {
            Status::Open => self.settings.starts_at,
            Status::Running => self.round_ends_at,
            Status::Finished | Status::Cancelled => None,
        }
    }

    fn entrants(&self) -> Vec<Entrant> {
        self.players
            .iter()
            .map(|p| Entrant {
                user: p.id.clone(),
                rating: p.rating,
                joined_round: p.joined_round,
                withdrawn: p.withdrawn,
            })
            .collect()
    }

    /// The standings: by points, then Buchholz, then Sonneborn-Berger.
    pub fn standings(&self) -> Vec<Standing> {
        let history: Vec<Pairing> = self
            .boards
            .iter()
            .filter(|b| b.result.is_some())
            .map(Board::pairing)
            .collect();
        pairing::swiss_standings(&self.entrants(), &history)
    }

    /// A player's name, or their id if they are not listed.
    pub fn name<'a>(&'a self, id: &'a str) -> &'a str {
        self.player(id).map_or(id, |p| p.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swiss(rounds: Option<u32>) -> Tournament {
        let settings = Settings {
            game: "army-ants".into(),
            format: Format::Swiss,
            rounds,
            round_ms: 1000,
            starts_at: None,
            rated: false,
        };
        Tournament::new("t1".into(), ("o", "Olga"), settings)
    }

    fn entered(names: &[&str], rounds: Option<u32>) -> Tournament {
        let mut t = swiss(rounds);
        for (i, n) in names.iter().enumerate() {
            t.join(n, n, 1500.0 - i as f64).unwrap();
        }
        t
    }

    #[test]
    fn rounds_by_default_let_one_player_stay_unbeaten_alone() {
        assert_eq!(
            [2, 3, 4, 5, 6, 8, 9, 40].map(default_rounds),
            [1, 2, 2, 3, 3, 3, 4, 6]
        );
    }

    /// "Late join until half the rounds have started."
    #[test]
    fn late_entries_close_at_half_the_rounds() {
        let mut t = entered(&["a", "b", "c", "d"], Some(4));
        t.start(0).unwrap();
        t.join("e", "e", 1500.0).unwrap();
        assert_eq!(t.player("e").unwrap().joined_round, 2);
        for i in t.undecided() {
            t.decide(i, Outcome::Draw, None);
        }
        t.advance(10).unwrap();
        for i in t.undecided() {
            t.decide(i, Outcome::Draw, None);
        }
        t.advance(20).unwrap();
        assert_eq!(t.round, 3);
        assert_eq!(t.join("f", "f", 1500.0), Err(Refusal::Closed));
    }

    /// "A player who leaves forfeits the rest": their game of the round is
    /// lost, and they are never paired again.
    #[test]
    fn leaving_forfeits_the_rest() {
        let mut t = entered(&["a", "b", "c", "d"], Some(3));
        t.start(0).unwrap();
        let board = t.leave("a").unwrap().expect("a was playing");
        let b = &t.boards[board];
        assert_eq!(b.decided_by.as_deref(), Some("forfeit"));
        let a_points = if b.red == "a" {
            b.points().unwrap()[0]
        } else {
            b.points().unwrap()[1]
        };
        assert_eq!(a_points, 0.0);
        for i in t.undecided() {
            t.decide(i, Outcome::RedWins, None);
        }
        let next = t.advance(5).unwrap();
        assert!(next.iter().all(|&i| !t.boards[i].seats("a")));
        assert_eq!(t.leave("a"), Err(Refusal::Left));
        assert_eq!(t.join("a", "a", 1.0), Err(Refusal::Left));
    }

    /// A result is counted once: a second verdict on a decided board is
    /// ignored.
    #[test]
    fn a_result_counts_once() {
        let mut t = entered(&["a", "b"], None);
        t.start(0).unwrap();
        assert_eq!(t.rounds, 1);
        assert!(t.decide(0, Outcome::RedWins, None));
        assert!(!t.decide(0, Outcome::BlackWins, Some("adjudicated")));
        assert_eq!(t.advance(1), Some(vec![]));
        assert_eq!(t.status, Status::Finished);
        assert_eq!(t.standings()[0].user, t.boards[0].red);
    }

    #[test]
    fn an_odd_field_gives_a_bye_that_scores_at_once() {
        let mut t = entered(&["a", "b", "c"], None);
        let boards = t.start(0).unwrap();
        let byes: Vec<_> = boards.iter().filter(|&&i| t.boards[i].is_bye()).collect();
        assert_eq!(byes.len(), 1);
        assert_eq!(t.boards[*byes[0]].points(), Some(vec![1.0]));
        assert_eq!(t.undecided().len(), 1);
    }

    #[test]
    fn the_start_needs_two_players() {
        let mut t = entered(&["a"], None);
        assert_eq!(t.start(0), Err(Refusal::TooFew(1)));
        t.join("b", "b", 1.0).unwrap();
        assert!(t.start(0).is_ok());
        assert_eq!(t.start(0), Err(Refusal::Started));
    }
}

//! Tournaments, without storage or front end: who entered, each round's
//! pairings and their results, and what may happen next. The service
//! stores a `Tournament` as JSON, starts its games and feeds their results
//! back; the pairing itself is `pairing`'s, a patience event's table
//! `event`'s.

pub mod event;
pub mod pairing;

use event::{Attempt, DealScore};
use pairing::{ArenaWaiting, Entrant, GameResult, Outcome, Pairing, Standing};
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
    /// Army Ants for a fixed length: paired again as soon as you are free.
    Arena,
    /// A patience's: the same deals for everyone, in one window.
    Event,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::Arena => "arena",
            Format::Event => "event",
        }
    }

    /// "Swiss", "Event".
    pub fn title(self) -> &'static str {
        match self {
            Format::Swiss => "Swiss",
            Format::Arena => "Arena",
            Format::Event => "Event",
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

    /// Its players' ids, red first.
    pub fn players(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.red.as_str()).chain(self.black.as_deref())
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

/// One table of an Atta Ants Swiss round: its seats (in seat order), the
/// game played at it, and each seat's finishing place once decided.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableBoard {
    pub round: u32,
    pub seats: Vec<String>,
    pub game: Option<String>,
    pub channel: Option<String>,
    /// Finishing place per seat, 1 = first; tied players share the better
    /// place (1, 1, 3, 4).
    pub places: Option<Vec<u32>>,
    /// How the places came other than by play: `adjudicated`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<String>,
}

impl TableBoard {
    /// Each seat's placement points once decided (6/4/2/1 at four, 6/4/2
    /// at three, 6/2 at two; tied players split the places they cover).
    pub fn points(&self) -> Option<Vec<f64>> {
        let places = self.places.as_ref()?;
        let size = self.seats.len();
        Some(
            places
                .iter()
                .map(|&place| {
                    let tied = places.iter().filter(|&&p| p == place).count() - 1;
                    pairing::placement_points(size, place, tied)
                })
                .collect(),
        )
    }

    fn table(&self) -> pairing::Table {
        pairing::Table {
            round: self.round,
            seats: self.seats.clone(),
            places: self.places.clone(),
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
    /// How long a round stays open, in milliseconds (an event's window,
    /// an arena's length).
    pub round_ms: i64,
    /// When it starts by itself; `None`: when the organiser says so.
    pub starts_at: Option<i64>,
    /// Whether its games move ratings.
    pub rated: bool,
    /// An event's number of deals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deals: Option<u32>,
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
    /// An Atta Ants Swiss's tables, round after round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<TableBoard>,
    /// An event's attempts, each player's at each deal they started.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<Attempt>,
}

/// Where a player's attempt at an event's deal stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Started {
    /// Reserved just now: the service creates its game with the save.
    New,
    /// Started before: its game (if created) and its score once ended.
    Before(Attempt),
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
    #[error("This event has not started yet; its deals open when it does.")]
    NotStarted,
    #[error("This event has no deal {0}.")]
    NoSuchDeal(u32),
}

/// The most players one tournament takes (a standings board stays legible).
pub const MAX_PLAYERS: usize = 64;

/// The most rounds an organiser may ask for.
pub const MAX_ROUNDS: u32 = 15;

/// How long before an arena's end no new game is paired: a quarter of its
/// length, at most ten minutes.
pub fn arena_cutoff(length_ms: i64) -> i64 {
    (length_ms / 4).min(10 * 60_000)
}

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
            tables: Vec::new(),
            attempts: Vec::new(),
        }
    }

    pub fn is_event(&self) -> bool {
        self.settings.format == Format::Event
    }

    pub fn is_arena(&self) -> bool {
        self.settings.format == Format::Arena
    }

    /// A Swiss of tables: Atta Ants, 2 to 4 players a game.
    pub fn is_tables(&self) -> bool {
        self.settings.game == crate::rules::GameKind::AttaAnts.as_str()
    }

    /// An event's number of deals.
    pub fn deals(&self) -> u32 {
        self.settings.deals.unwrap_or(event::DEFAULT_DEALS)
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
            // An event or an arena takes entries for as long as it runs.
            Status::Running => self.is_event() || self.is_arena() || 2 * self.round < self.rounds,
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
        if self.is_event() {
            return Ok(None);
        }
        let open = self.boards.iter().position(|b| b.result.is_none() && b.seats(id));
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
        self.status = Status::Running;
        if self.is_arena() {
            // One window; everyone is paired at once, then again when free.
            self.rounds = 0;
            self.round_ends_at = Some(now + self.settings.round_ms);
            return Ok(self.pair_arena(now));
        }
        if self.is_event() {
            // One window for every deal.
            self.rounds = 1;
            self.round = 1;
            self.round_ends_at = Some(now + self.settings.round_ms);
            return Ok(Vec::new());
        }
        self.rounds = self.settings.rounds.unwrap_or_else(|| default_rounds(count));
        Ok(self.pair_next(now))
    }

    /// `user`'s attempt at deal `deal` (from 1) of a running event, dealt
    /// from `seed` and played in `channel`: reserved now if they had none
    /// (one ranked attempt each), else the one they started before.
    pub fn start_deal(
        &mut self,
        user: &str,
        deal: u32,
        seed: u64,
        channel: &str,
    ) -> Result<Started, Refusal> {
        match self.status {
            Status::Open => return Err(Refusal::NotStarted),
            Status::Running => {}
            Status::Finished | Status::Cancelled => return Err(Refusal::Over),
        }
        match self.player(user) {
            None => return Err(Refusal::NotIn),
            Some(p) if p.withdrawn => return Err(Refusal::Left),
            Some(_) => {}
        }
        if deal == 0 || deal > self.deals() {
            return Err(Refusal::NoSuchDeal(deal));
        }
        if let Some(before) = self.attempts.iter().find(|a| a.user == user && a.deal == deal) {
            return Ok(Started::Before(before.clone()));
        }
        self.attempts.push(Attempt {
            user: user.to_string(),
            deal,
            seed,
            channel: channel.to_string(),
            game: None,
            result: None,
        });
        Ok(Started::New)
    }

    /// The index of the attempt played in `game_id`.
    pub fn attempt_of_game(&self, game_id: &str) -> Option<usize> {
        self.attempts
            .iter()
            .position(|a| a.game.as_deref() == Some(game_id))
    }

    /// The games of the event's attempts not yet ended (of `user` alone
    /// when given).
    pub fn open_attempts(&self, user: Option<&str>) -> Vec<String> {
        self.attempts
            .iter()
            .filter(|a| a.result.is_none() && user.is_none_or(|u| a.user == u))
            .filter_map(|a| a.game.clone())
            .collect()
    }

    /// Records an attempt's score, unless it has one (counted once).
    pub fn score_attempt(&mut self, attempt: usize, score: DealScore) -> bool {
        match self.attempts.get_mut(attempt) {
            Some(a) if a.result.is_none() => {
                a.result = Some(score);
                true
            }
            _ => false,
        }
    }

    /// Pairs the next round at `now` and opens it for its length (the new
    /// boards' indices; a Swiss of tables, its new tables').
    fn pair_next(&mut self, now: i64) -> Vec<usize> {
        self.round += 1;
        self.round_ends_at = Some(now + self.settings.round_ms);
        let entrants = self.entrants();
        if self.is_tables() {
            // "Tables of 3-4 by score, no one at the same table twice where
            // avoidable."
            let history: Vec<pairing::Table> = self.tables.iter().map(TableBoard::table).collect();
            let first = self.tables.len();
            for table in pairing::pair_tables(&entrants, &history, self.round) {
                self.tables.push(TableBoard {
                    round: table.round,
                    seats: table.seats,
                    game: None,
                    channel: None,
                    places: None,
                    decided_by: None,
                });
            }
            return (first..self.tables.len()).collect();
        }
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

    /// Records a table's places, unless it has them (counted once).
    pub fn decide_table(&mut self, table: usize, places: Vec<u32>, by: Option<&str>) -> bool {
        match self.tables.get_mut(table) {
            Some(t) if t.places.is_none() && places.len() == t.seats.len() => {
                t.places = Some(places);
                t.decided_by = by.map(str::to_string);
                true
            }
            _ => false,
        }
    }

    /// The table played in `game_id`.
    pub fn table_of_game(&self, game_id: &str) -> Option<usize> {
        self.tables
            .iter()
            .position(|t| t.game.as_deref() == Some(game_id))
    }

    /// The tables still undecided.
    pub fn open_tables(&self) -> Vec<usize> {
        (0..self.tables.len())
            .filter(|&i| self.tables[i].places.is_none())
            .collect()
    }

    /// The board of the game `game_id`.
    pub fn board_of_game(&self, game_id: &str) -> Option<usize> {
        self.boards
            .iter()
            .position(|b| b.game.as_deref() == Some(game_id))
    }

    /// The boards still undecided (a Swiss's are all of the round under
    /// way; an arena's, the games on).
    pub fn undecided(&self) -> Vec<usize> {
        (0..self.boards.len())
            .filter(|&i| self.boards[i].result.is_none())
            .collect()
    }

    /// An arena's pairing at `now`: the players free (in, and in no game
    /// on) paired by score then rating, never with their last opponent;
    /// none once the arena is near its end, so the last games can finish
    /// ("pairing stops so the last games can finish by the end"). Each
    /// wave of pairings is a round of its own.
    fn pair_arena(&mut self, now: i64) -> Vec<usize> {
        let ends = self.round_ends_at.unwrap_or(now);
        if now >= ends - arena_cutoff(self.settings.round_ms) {
            return Vec::new();
        }
        let busy: Vec<&str> = self
            .undecided()
            .into_iter()
            .flat_map(|b| self.boards[b].players())
            .collect();
        let points = self.arena_points_by_player();
        let waiting: Vec<ArenaWaiting> = self
            .active()
            .filter(|p| !busy.contains(&p.id.as_str()))
            .map(|p| {
                let mine: Vec<&Board> = self.boards.iter().filter(|b| b.seats(&p.id)).collect();
                let last_opponent = mine.last().and_then(|b| match b.red == p.id {
                    true => b.black.clone(),
                    false => Some(b.red.clone()),
                });
                let reds = mine.iter().filter(|b| b.red == p.id).count() as i32;
                ArenaWaiting {
                    user: p.id.clone(),
                    points: points.get(&p.id).map_or(0.0, |(points, _)| *points),
                    rating: p.rating,
                    last_opponent,
                    red_minus_black: 2 * reds - mine.len() as i32,
                }
            })
            .collect();
        let pairs = pairing::pair_arena(&waiting);
        if pairs.is_empty() {
            return Vec::new();
        }
        self.round += 1;
        let first = self.boards.len();
        for (red, black) in pairs {
            self.boards.push(Board {
                round: self.round,
                red,
                black: Some(black),
                game: None,
                channel: None,
                result: None,
                decided_by: None,
            });
        }
        (first..self.boards.len()).collect()
    }

    /// Each player's results in the order played, from one seat's side.
    fn arena_results(&self, user: &str) -> Vec<GameResult> {
        self.boards
            .iter()
            .filter(|b| b.seats(user))
            .filter_map(|b| {
                let red = b.red == user;
                Some(match b.result? {
                    Outcome::Draw => GameResult::Draw,
                    Outcome::RedWins if red => GameResult::Win,
                    Outcome::BlackWins if !red => GameResult::Win,
                    _ => GameResult::Loss,
                })
            })
            .collect()
    }

    /// Every player's arena points and wins.
    fn arena_points_by_player(&self) -> std::collections::BTreeMap<String, (f64, u32)> {
        self.players
            .iter()
            .map(|p| {
                let results = self.arena_results(&p.id);
                let wins = results.iter().filter(|r| **r == GameResult::Win).count() as u32;
                (p.id.clone(), (pairing::arena_points(&results).0, wins))
            })
            .collect()
    }

    /// The points each seat of `board` won in it: a Swiss's 1, ½, 0; an
    /// arena's by its own scoring (2 a win, 1 a draw, doubled on a streak).
    pub fn board_points(&self, board: usize) -> Option<Vec<f64>> {
        let b = &self.boards[board];
        let points = b.points()?;
        if !self.is_arena() || b.is_bye() {
            return Some(points);
        }
        Some(
            b.players()
                .map(|user| {
                    // This player's results up to and including this game.
                    let played = (0..=board)
                        .filter(|&i| self.boards[i].seats(user) && self.boards[i].result.is_some())
                        .count();
                    let results = self.arena_results(user);
                    let upto = &results[..played];
                    pairing::arena_points(upto).0 - pairing::arena_points(&upto[..upto.len() - 1]).0
                })
                .collect(),
        )
    }

    /// Once every board of the round is decided: the next round's pairings
    /// (their indices), or the end after the last round. `None` while a
    /// game of the round is still on.
    pub fn advance(&mut self, now: i64) -> Option<Vec<usize>> {
        if self.status != Status::Running {
            return None;
        }
        if self.is_arena() {
            // Over at its end once its last games are decided; until then
            // the players free are paired again.
            if self.round_ends_at.is_some_and(|end| now >= end) {
                if !self.undecided().is_empty() {
                    return None;
                }
                self.status = Status::Finished;
                self.round_ends_at = None;
                return Some(Vec::new());
            }
            let new = self.pair_arena(now);
            return (!new.is_empty()).then_some(new);
        }
        if self.is_event() {
            // An event ends when its window closes, every attempt scored
            // as it stood (one still unscored counts nothing).
            if self.round_ends_at.is_some_and(|end| now < end) {
                return None;
            }
            self.status = Status::Finished;
            self.round_ends_at = None;
            return Some(Vec::new());
        }
        if !self.undecided().is_empty() || !self.open_tables().is_empty() {
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

    /// The standings: by points, then Buchholz, then Sonneborn-Berger; an
    /// event's by total score, then hints, then time.
    pub fn standings(&self) -> Vec<Standing> {
        if self.is_event() {
            return event::standings(&self.players, &self.attempts);
        }
        if self.is_arena() {
            return self.arena_standings();
        }
        if self.is_tables() {
            let history: Vec<pairing::Table> = self.tables.iter().map(TableBoard::table).collect();
            return pairing::table_standings(&self.entrants(), &history);
        }
        let history: Vec<Pairing> = self
            .boards
            .iter()
            .filter(|b| b.result.is_some())
            .map(Board::pairing)
            .collect();
        pairing::swiss_standings(&self.entrants(), &history)
    }

    /// An arena's standings: points, then wins, then rating (the tie-breaks
    /// shown); `games` the games decided.
    fn arena_standings(&self) -> Vec<Standing> {
        let points = self.arena_points_by_player();
        let mut lines: Vec<Standing> = self
            .players
            .iter()
            .map(|p| {
                let (points, wins) = points[&p.id];
                Standing {
                    user: p.id.clone(),
                    points,
                    tiebreaks: [f64::from(wins), p.rating.round()],
                    games: self.arena_results(&p.id).len() as u32,
                }
            })
            .collect();
        lines.sort_by(|a, b| {
            b.points
                .total_cmp(&a.points)
                .then(b.tiebreaks[0].total_cmp(&a.tiebreaks[0]))
                .then(b.tiebreaks[1].total_cmp(&a.tiebreaks[1]))
                .then(a.user.cmp(&b.user))
        });
        lines
    }

    /// A player's name, or their id if they are not listed.
    pub fn name<'a>(&'a self, id: &'a str) -> &'a str {
        self.player(id).map_or(id, |p| p.name.as_str())
    }
}

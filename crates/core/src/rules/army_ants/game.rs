//! The Army Ants game: setup, legal actions, applying them, and the result.
//!
//! Every `ArmyAnts` value is a legal game; setups that may be wrong (a typed
//! position, options) are checked by [`ArmyAnts::new`].

use super::action::{Action, Line};
use super::board::{Board, BySide, Card, Direction, Piece, Side, Square};
use super::position::{parse_position, write_position, ParsedPosition};
use crate::rules::shuffle::SeededRng;
use serde::{Deserialize, Serialize};
use std::collections::{HashSet, VecDeque};
use std::fmt;

pub const RALLY_TURNS: u8 = 5;
/// Red loses when this many turns in a row end in a repeated position.
pub const RED_AGGRESSION_TURNS: u8 = 6;

/// How the armies reach the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Deployment {
    /// Each army is shuffled and dealt to positions 1..19.
    #[default]
    Random,
    /// Row by row, each player orders the row's dealt cards in private.
    Minor,
    /// Each player places all 19 cards in private.
    Total,
}

impl Deployment {
    pub const ALL: [Deployment; 3] = [Deployment::Random, Deployment::Minor, Deployment::Total];

    pub fn name(self) -> &'static str {
        match self {
            Deployment::Random => "random",
            Deployment::Minor => "minor",
            Deployment::Total => "total",
        }
    }

    pub fn parse(text: &str) -> Option<Deployment> {
        match text.trim().to_ascii_lowercase().as_str() {
            "random" => Some(Deployment::Random),
            "minor" => Some(Deployment::Minor),
            "total" => Some(Deployment::Total),
            _ => None,
        }
    }
}

/// What a game starts from: a seed (dealt by `deployment`) or a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub deployment: Deployment,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{0}")]
    BadPosition(String),
    #[error("a position cannot be combined with a private deployment")]
    PositionWithDeployment,
    #[error("give a seed or a position")]
    NoSeed,
}

/// The phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// A private deployment is under way.
    Deploy,
    /// Rally turns left for Red and for Black.
    Rally {
        red: u8,
        black: u8,
    },
    Battle,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    QueenCaptured,
    RedAggression,
    Resignation,
    Timeout,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    NoAntsLeft,
    Agreed,
}

impl Outcome {
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl Outcome {
    /// The result as a headline, the winner named by `name`: "alice wins"
    /// or "Drawn game".
    pub fn headline(&self, name: impl Fn(Side) -> String) -> String {
        match self {
            Outcome::Win { winner, .. } => format!("{} wins", name(*winner)),
            Outcome::Draw { .. } => "Drawn game".into(),
        }
    }

    /// The outcome in words, the winner named by `name` ("alice (Red)
    /// captured the enemy Queen"): the one wording of every front end, the
    /// board and the record.
    pub fn told(&self, name: impl Fn(Side) -> String) -> String {
        match self {
            Outcome::Win { winner, reason } => {
                let how = match reason {
                    WinReason::QueenCaptured => "captured the enemy Queen",
                    WinReason::RedAggression => "wins by Red Aggression (six repeated turns)",
                    WinReason::Resignation => "wins by resignation",
                    WinReason::Timeout => "wins on time",
                };
                format!("{} {how}", name(*winner))
            }
            Outcome::Draw { reason } => match reason {
                DrawReason::NoAntsLeft => "Draw: no numbered cards are left".into(),
                DrawReason::Agreed => "Draw by agreement".into(),
            },
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.told(|side| side.to_string()))
    }
}

/// Whose turn it is, or how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Both players are placing cards in private; no one is to move.
    Deploying,
    ToMove(Side),
    Over(Outcome),
}

/// Why an action was refused. The game is unchanged.
pub type RuleError = crate::rules::refusal::RuleError<Side>;

/// What happened besides the action itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Events {
    /// Cards removed from play by an attack.
    pub removed: Vec<Piece>,
    /// Turns passed automatically afterwards, in order.
    pub passes: Vec<Side>,
    /// Both private deployments are complete and the armies revealed.
    pub revealed: bool,
    /// The rally phase ended and the battle began.
    pub battle_started: bool,
    pub outcome: Option<Outcome>,
}

/// The state of a private deployment.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Deploying {
    kind: Deployment,
    /// Each side's dealt cards per deployment row, front row first.
    hands: BySide<Vec<Vec<Card>>>,
    /// The row being placed (minor); total places all rows at once.
    row: usize,
    placed: BySide<bool>,
}

/// A game of Army Ants.
#[derive(Clone, Debug)]
pub struct ArmyAnts {
    board: Board,
    to_move: Side,
    phase: Phase,
    deploying: Option<Deploying>,
    /// The Queen's Favor is not available with Total Deployment.
    favor_allowed: bool,
    /// Positions (board, side to move) seen in the battle, for Red Aggression.
    seen: HashSet<([u8; 40], Side)>,
    repeats: u8,
    draw_offer: Option<Side>,
    outcome: Option<Outcome>,
    record: Vec<(Side, Action)>,
}

/// Where deployment row `row` of `side` puts its cards, in column order.
pub fn deploy_squares(side: Side, row: usize) -> Vec<Square> {
    let rank = side.deploy_rank(row);
    let files: &[u8] = if row == 3 { &[0, 1, 3, 4] } else { &[0, 1, 2, 3, 4] };
    files
        .iter()
        .map(|&f| Square::new(f, rank).expect("on the board"))
        .collect()
}

/// The seed's deal positions 1..19 for a side, as squares.
pub fn deal_squares(side: Side) -> Vec<Square> {
    (0..4)
        .flat_map(|row| {
            let mut squares = deploy_squares(side, row);
            // Black deals from its own left, which is column e.
            if side == Side::Black {
                squares.reverse();
            }
            squares
        })
        .collect()
}

impl ArmyAnts {
    /// Starts a game from a setup; the only way to make one.
    pub fn new(setup: &Setup) -> Result<ArmyAnts, SetupError> {
        if let Some(text) = &setup.position {
            if setup.deployment != Deployment::Random {
                return Err(SetupError::PositionWithDeployment);
            }
            let parsed = parse_position(text).map_err(SetupError::BadPosition)?;
            return Ok(ArmyAnts::from_parsed(parsed));
        }
        let seed = setup.seed.ok_or(SetupError::NoSeed)?;
        let mut rng = SeededRng::new(seed);
        let mut armies = BySide::<Vec<Card>>::default();
        for side in Side::BOTH {
            let mut army = Card::army();
            rng.shuffle(&mut army);
            *armies.get_mut(side) = army;
        }
        let mut game = ArmyAnts::empty(Phase::Rally {
            red: RALLY_TURNS,
            black: RALLY_TURNS,
        });
        match setup.deployment {
            Deployment::Random => {
                for side in Side::BOTH {
                    for (sq, card) in deal_squares(side).into_iter().zip(armies.get(side)) {
                        game.board.set(sq, Some(Piece::new(side, *card)));
                    }
                }
                game.start_turns();
            }
            kind => {
                let mut hands = BySide::<Vec<Vec<Card>>>::default();
                for side in Side::BOTH {
                    let army = armies.get(side);
                    *hands.get_mut(side) = match kind {
                        Deployment::Minor => {
                            vec![
                                army[0..5].to_vec(),
                                army[5..10].to_vec(),
                                army[10..15].to_vec(),
                                army[15..19].to_vec(),
                            ]
                        }
                        _ => vec![army.clone()],
                    };
                }
                game.phase = Phase::Deploy;
                game.favor_allowed = kind == Deployment::Minor;
                game.deploying = Some(Deploying {
                    kind,
                    hands,
                    row: 0,
                    placed: BySide::default(),
                });
            }
        }
        Ok(game)
    }

    fn empty(phase: Phase) -> ArmyAnts {
        ArmyAnts {
            board: Board::default(),
            to_move: Side::Red,
            phase,
            deploying: None,
            favor_allowed: true,
            seen: HashSet::new(),
            repeats: 0,
            draw_offer: None,
            outcome: None,
            record: Vec::new(),
        }
    }

    fn from_parsed(parsed: ParsedPosition) -> ArmyAnts {
        let mut game = ArmyAnts::empty(parsed.phase);
        game.board = parsed.board;
        game.to_move = parsed.to_move;
        if game.phase == Phase::Battle {
            game.remember_position();
        }
        game.check_material();
        game.auto_pass(&mut Events::default());
        game
    }

    /// Starts the rally phase after the deal (or the reveal).
    fn start_turns(&mut self) {
        self.phase = Phase::Rally {
            red: RALLY_TURNS,
            black: RALLY_TURNS,
        };
        self.to_move = Side::Red;
        self.auto_pass(&mut Events::default());
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    /// Every action played so far, including automatic passes.
    pub fn record(&self) -> &[(Side, Action)] {
        &self.record
    }

    /// Turns in a row that ended in a repeated battle position.
    pub fn repeated_turns(&self) -> u8 {
        self.repeats
    }

    /// The battle positions seen so far (board key as [`Board::key`], side to
    /// move), so an engine can foresee Red Aggression.
    pub fn battle_positions(&self) -> impl Iterator<Item = (&[u8; 40], Side)> + '_ {
        self.seen.iter().map(|(key, side)| (key, *side))
    }

    pub fn status(&self) -> Status {
        match (self.outcome, self.phase) {
            (Some(outcome), _) => Status::Over(outcome),
            (None, Phase::Deploy) => Status::Deploying,
            (None, _) => Status::ToMove(self.to_move),
        }
    }

    /// The deployment that still has to be placed by `side`: the rows it must
    /// fill next and the cards for them. `None` when it has nothing to place.
    pub fn deploy_hand(&self, side: Side) -> Option<DeployHand> {
        let dep = self.deploying.as_ref()?;
        if *dep.placed.get(side) {
            return None;
        }
        let hands = dep.hands.get(side);
        Some(match dep.kind {
            Deployment::Minor => DeployHand {
                rows: vec![dep.row],
                cards: hands[dep.row].clone(),
            },
            _ => DeployHand {
                rows: vec![0, 1, 2, 3],
                cards: hands[0].clone(),
            },
        })
    }

    /// Whether `side` has placed the row under way (or its whole army).
    pub fn has_deployed(&self, side: Side) -> bool {
        self.deploying.as_ref().is_some_and(|dep| *dep.placed.get(side))
    }

    pub fn deployment(&self) -> Option<Deployment> {
        self.deploying.as_ref().map(|dep| dep.kind)
    }

    /// The position in notation, as `viewer` may see it (`None`: a spectator).
    pub fn position(&self, viewer: Option<Side>) -> String {
        write_position(&self.view(viewer))
    }

    /// The legal actions of the side to move (never `pass`, never a deploy).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.outcome.is_some() || self.phase == Phase::Deploy {
            return Vec::new();
        }
        let mut actions = Vec::with_capacity(64);
        self.generate(self.to_move, &mut actions);
        actions
    }

    fn generate(&self, side: Side, out: &mut Vec<Action>) {
        let rally = matches!(self.phase, Phase::Rally { .. });
        let allowed = |sq: Square| !rally || side.owns(sq);
        if rally && self.favor_available(side) {
            out.push(Action::Favor);
        }
        let own: Vec<Square> = self
            .board
            .pieces()
            .filter(|(_, p)| p.side == side)
            .map(|(sq, _)| sq)
            .collect();
        // Move Out!: breadth-first through empty squares, corners allowed.
        for &from in &own {
            let mut reached = [false; 40];
            reached[from.index()] = true;
            let mut queue = VecDeque::from([from]);
            while let Some(sq) = queue.pop_front() {
                for dir in Direction::ALL {
                    if let Some(next) = sq.step(dir) {
                        if !reached[next.index()] && self.board.is_empty(next) && allowed(next) {
                            reached[next.index()] = true;
                            queue.push_back(next);
                            out.push(Action::MoveOut { from, to: next });
                        }
                    }
                }
            }
        }
        // March!: every segment of two or more own cards in a row or column.
        for &first in &own {
            for dir in [Direction::East, Direction::North] {
                let mut last = first;
                while let Some(next) = last.step(dir) {
                    match self.board.get(next) {
                        Some(p) if p.side == side => {
                            last = next;
                            let line = Line::new(first, last).expect("a straight segment");
                            self.marches(line, &allowed, out);
                        }
                        _ => break,
                    }
                }
            }
        }
        // Swap!: adjacent own cards, each pair once.
        for &a in &own {
            for dir in [Direction::East, Direction::North] {
                if let Some(b) = a.step(dir) {
                    if self.board.get(b).is_some_and(|p| p.side == side) && allowed(a) && allowed(b) {
                        out.push(Action::swap(a, b));
                    }
                }
            }
        }
        // Attack!: battle only, never with the Queen.
        if !rally {
            for &from in &own {
                let attacker = self.board.get(from).expect("own card");
                if attacker.card.is_queen() {
                    continue;
                }
                for dir in Direction::ALL {
                    let mut sq = from;
                    while let Some(next) = sq.step(dir) {
                        sq = next;
                        if let Some(target) = self.board.get(sq) {
                            if target.side != side
                                && (target.card.is_queen() || target.card.value() <= attacker.card.value())
                            {
                                out.push(Action::Attack { from, to: sq });
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Every March! of one line: along it or broadside, one or more squares.
    fn marches(&self, line: Line, allowed: &impl Fn(Square) -> bool, out: &mut Vec<Action>) {
        let squares: Vec<Square> = line.squares().collect();
        for dir in Direction::ALL {
            let mut current = squares.clone();
            loop {
                let mut next = Vec::with_capacity(current.len());
                for sq in &current {
                    match sq.step(dir) {
                        Some(n) if allowed(n) && (self.board.is_empty(n) || squares.contains(&n)) => {
                            next.push(n)
                        }
                        _ => break,
                    }
                }
                if next.len() != current.len() {
                    break;
                }
                let to = Line::new(next[0], next[next.len() - 1]).expect("moved line stays a line");
                out.push(Action::March { from: line, to });
                current = next;
            }
        }
    }

    fn favor_available(&self, side: Side) -> bool {
        let left = match self.phase {
            Phase::Rally { red, black } => *BySide { red, black }.get(side),
            _ => 0,
        };
        self.favor_allowed
            && left == RALLY_TURNS
            && self.board.is_empty(side.back_centre())
            && self
                .board
                .queen(side)
                .is_some_and(|sq| sq.rank() == side.front_rank())
    }

    /// Applies an action for `side`. On error nothing changes.
    pub fn apply(&mut self, side: Side, action: &Action) -> Result<Events, RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        match action {
            Action::Resign => {
                return Ok(self.finish(
                    side,
                    Outcome::Win {
                        winner: side.opponent(),
                        reason: WinReason::Resignation,
                    },
                    action,
                ))
            }
            Action::OfferDraw => {
                if self.phase == Phase::Deploy {
                    return Err(RuleError::Illegal(
                        "a draw can be offered once the armies are on the board".into(),
                    ));
                }
                if self.draw_offer == Some(side) {
                    return Err(RuleError::Illegal("you have already offered a draw".into()));
                }
                if self.draw_offer == Some(side.opponent()) {
                    return self.apply(side, &Action::AcceptDraw);
                }
                self.draw_offer = Some(side);
                self.record.push((side, action.clone()));
                return Ok(Events::default());
            }
            Action::AcceptDraw => {
                if self.draw_offer != Some(side.opponent()) {
                    return Err(RuleError::Illegal("there is no draw offer to accept".into()));
                }
                return Ok(self.finish(
                    side,
                    Outcome::Draw {
                        reason: DrawReason::Agreed,
                    },
                    action,
                ));
            }
            Action::Deploy(rows) => return self.deploy(side, rows),
            _ => {}
        }
        if self.phase == Phase::Deploy {
            return Err(RuleError::Illegal("the armies are still being deployed".into()));
        }
        if side != self.to_move {
            return Err(RuleError::NotYourTurn(self.to_move));
        }
        if *action == Action::Pass {
            return Err(RuleError::Illegal(
                "pass is made by the game only when nothing is legal".into(),
            ));
        }
        if !self.legal_actions().contains(action) {
            return Err(RuleError::Illegal(self.explain_illegal(action)));
        }
        let mut events = Events::default();
        self.play(side, action, &mut events);
        self.auto_pass(&mut events);
        events.outcome = self.outcome;
        Ok(events)
    }

    fn finish(&mut self, side: Side, outcome: Outcome, action: &Action) -> Events {
        self.record.push((side, action.clone()));
        self.outcome = Some(outcome);
        self.draw_offer = None;
        Events {
            outcome: Some(outcome),
            ..Events::default()
        }
    }

    /// Ends the game on time: the side to move (or any side still deploying)
    /// forfeits. Used by the service's timeouts.
    pub fn forfeit(&mut self, loser: Side) -> Outcome {
        let outcome = Outcome::Win {
            winner: loser.opponent(),
            reason: WinReason::Timeout,
        };
        self.outcome = Some(outcome);
        outcome
    }

    /// Plays a legal action (or a pass) and ends the turn.
    fn play(&mut self, side: Side, action: &Action, events: &mut Events) {
        match action {
            Action::MoveOut { from, to } => {
                let piece = self.board.get(*from);
                self.board.set(*from, None);
                self.board.set(*to, piece);
            }
            Action::March { from, to } => {
                let pieces: Vec<Option<Piece>> = from.squares().map(|sq| self.board.get(sq)).collect();
                for sq in from.squares() {
                    self.board.set(sq, None);
                }
                for (sq, piece) in to.squares().zip(pieces) {
                    self.board.set(sq, piece);
                }
            }
            Action::Swap(a, b) => {
                let (pa, pb) = (self.board.get(*a), self.board.get(*b));
                self.board.set(*a, pb);
                self.board.set(*b, pa);
            }
            Action::Attack { from, to } => {
                let attacker = self.board.get(*from).expect("legal attack has an attacker");
                let target = self.board.get(*to).expect("legal attack has a target");
                self.board.set(*from, None);
                events.removed.push(target);
                if target.card.is_queen() {
                    self.board.set(*to, Some(attacker));
                    self.outcome = Some(Outcome::Win {
                        winner: side,
                        reason: WinReason::QueenCaptured,
                    });
                } else if attacker.card.value() > target.card.value() {
                    self.board.set(*to, Some(attacker));
                } else {
                    events.removed.push(attacker);
                    self.board.set(*to, None);
                }
            }
            Action::Favor => {
                let queen = self.board.queen(side).expect("favor needs the Queen");
                self.board.set(queen, None);
                self.board
                    .set(side.back_centre(), Some(Piece::new(side, Card::Queen)));
            }
            Action::Pass => {}
            _ => unreachable!("only board commands are played"),
        }
        self.record.push((side, action.clone()));
        if self.draw_offer == Some(side.opponent()) {
            // The opponent declines a draw offer by moving.
            self.draw_offer = None;
        }
        if self.outcome.is_some() {
            return;
        }
        self.end_turn(side, action, events);
    }

    fn end_turn(&mut self, side: Side, action: &Action, events: &mut Events) {
        match self.phase {
            Phase::Rally { red, black } => {
                let mut left = BySide { red, black };
                *left.get_mut(side) = if *action == Action::Favor {
                    0
                } else {
                    left.get(side) - 1
                };
                let other = side.opponent();
                if *left.get(other) > 0 {
                    self.to_move = other;
                } else if *left.get(side) > 0 {
                    self.to_move = side;
                }
                if left.red == 0 && left.black == 0 {
                    self.phase = Phase::Battle;
                    self.to_move = Side::Red;
                    events.battle_started = true;
                    self.remember_position();
                } else {
                    self.phase = Phase::Rally {
                        red: left.red,
                        black: left.black,
                    };
                }
            }
            Phase::Battle => {
                self.to_move = side.opponent();
                self.check_material();
                if self.outcome.is_none() && self.remember_position() {
                    self.repeats += 1;
                    if self.repeats >= RED_AGGRESSION_TURNS {
                        self.outcome = Some(Outcome::Win {
                            winner: Side::Black,
                            reason: WinReason::RedAggression,
                        });
                    }
                } else {
                    self.repeats = 0;
                }
            }
            Phase::Deploy => unreachable!("no turns while deploying"),
        }
    }

    /// Records the current battle position; true if it occurred before.
    fn remember_position(&mut self) -> bool {
        !self.seen.insert((self.board.key(), self.to_move))
    }

    /// The draw when every numbered card of both armies is gone.
    fn check_material(&mut self) {
        if self.outcome.is_none()
            && self.board.numbered_cards(Side::Red) == 0
            && self.board.numbered_cards(Side::Black) == 0
        {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::NoAntsLeft,
            });
        }
    }

    /// A side with no legal command passes automatically.
    fn auto_pass(&mut self, events: &mut Events) {
        while self.outcome.is_none() && self.phase != Phase::Deploy && self.legal_actions().is_empty() {
            let side = self.to_move;
            events.passes.push(side);
            self.play(side, &Action::Pass, events);
        }
    }

    fn deploy(&mut self, side: Side, rows: &[Vec<Card>]) -> Result<Events, RuleError> {
        let illegal = |msg: String| Err(RuleError::Illegal(msg));
        let Some(hand) = self.deploy_hand(side) else {
            return illegal(if self.phase == Phase::Deploy {
                "you have placed your cards; waiting for your opponent".into()
            } else {
                "there is no deployment under way".into()
            });
        };
        if rows.len() != hand.rows.len() {
            return illegal(format!(
                "place {} row{} now",
                hand.rows.len(),
                if hand.rows.len() == 1 { "" } else { "s" }
            ));
        }
        for (row, cards) in hand.rows.iter().zip(rows) {
            let want = if *row == 3 { 4 } else { 5 };
            if cards.len() != want {
                return illegal(format!("row {} takes {want} cards", row + 1));
            }
        }
        let mut given: Vec<Card> = rows.concat();
        let mut dealt = hand.cards.clone();
        given.sort();
        dealt.sort();
        if given != dealt {
            let list: String = hand.cards.iter().map(|c| c.symbol()).collect();
            return illegal(format!("place exactly your cards: {list}"));
        }
        let mut board = self.board;
        for (row, cards) in hand.rows.iter().zip(rows) {
            for (sq, card) in deploy_squares(side, *row).into_iter().zip(cards) {
                board.set(sq, Some(Piece::new(side, *card)));
            }
        }
        let dep = self.deploying.as_mut().expect("deploying");
        if dep.kind == Deployment::Total {
            let queen = board.queen(side).expect("the army has its Queen");
            let beside_nine = Direction::ALL.iter().any(|d| {
                queen
                    .step(*d)
                    .and_then(|sq| board.get(sq))
                    .is_some_and(|p| p.side == side && p.card == Card::Ants(9))
            });
            if beside_nine {
                return illegal("in Total Deployment the Queen may not be placed next to her 9s".into());
            }
        }
        self.board = board;
        *dep.placed.get_mut(side) = true;
        self.record.push((side, Action::Deploy(rows.to_vec())));
        let mut events = Events::default();
        if dep.placed.red && dep.placed.black {
            let last_row = dep.kind == Deployment::Total || dep.row == 3;
            if last_row {
                self.deploying = None;
                events.revealed = true;
                self.start_turns();
            } else {
                dep.row += 1;
                dep.placed = BySide::default();
            }
        }
        Ok(events)
    }

    fn explain_illegal(&self, action: &Action) -> String {
        let side = self.to_move;
        let rally = matches!(self.phase, Phase::Rally { .. });
        let (from, _) = action.squares();
        if let Some(sq) = from.first() {
            match self.board.get(*sq) {
                None => return format!("there is no card on {sq}"),
                Some(p) if p.side != side => return format!("the card on {sq} is not yours"),
                _ => {}
            }
        }
        let reason = match action {
            Action::Attack { from, .. } if self.board.get(*from).is_some_and(|p| p.card.is_queen()) => {
                "the Queen may never attack"
            }
            Action::Attack { .. } if rally => "no attacks during the rally phase",
            Action::Attack { .. } => "an attack moves straight through empty squares onto an enemy card of equal or lower value, or the Queen",
            Action::Favor => "the Queen's Favor is only a first rally turn, with the Queen dealt into the front row",
            Action::March { from, to } if from.len() != to.len() || from.is_vertical() != to.is_vertical() => {
                "a march keeps the line's length and direction"
            }
            Action::Swap(a, b) if !a.is_adjacent(*b) => "a swap exchanges two adjacent cards of yours",
            _ if rally => "that move is not possible (no jumping, and no entering enemy territory during the rally)",
            Action::March { .. } => "a march moves a line of your cards straight through empty squares",
            Action::Swap(..) => "a swap exchanges two adjacent cards of yours",
            _ => "that move is not possible: cards move only through empty squares",
        };
        format!("`{action}` is not legal: {reason}")
    }

    /// What `viewer` may see (`None`: a spectator).
    pub fn view(&self, viewer: Option<Side>) -> View {
        let mut cells = [Cell::Empty; 40];
        for (sq, piece) in self.board.pieces() {
            let hidden = self.phase == Phase::Deploy && Some(piece.side) != viewer;
            cells[sq.index()] = if hidden {
                Cell::Hidden(piece.side)
            } else {
                Cell::Card(piece)
            };
        }
        let last = self
            .record
            .iter()
            .rev()
            .find(|(_, a)| !matches!(a, Action::OfferDraw))
            .filter(|(_, a)| !matches!(a, Action::Deploy(_)))
            .cloned();
        View {
            cells,
            to_move: match self.status() {
                Status::ToMove(side) => Some(side),
                _ => None,
            },
            side_to_move: self.to_move,
            phase: self.phase,
            last,
            outcome: self.outcome,
            viewer,
            draw_offer: self.draw_offer,
            deploy: self.deploying.as_ref().map(|dep| DeployView {
                kind: dep.kind,
                row: dep.row,
                placed: dep.placed.clone(),
                hand: viewer.and_then(|side| self.deploy_hand(side)),
            }),
        }
    }
}

/// The cards a side must place now, and which deployment rows they fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeployHand {
    pub rows: Vec<usize>,
    pub cards: Vec<Card>,
}

/// A square as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Card(Piece),
    /// A face-down card of this side (a private deployment).
    Hidden(Side),
}

/// Everything a viewer may know of the game: what renderers and replies use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub cells: [Cell; 40],
    /// The side to move, `None` while deploying or when the game is over.
    pub to_move: Option<Side>,
    /// The side the position notation names.
    pub side_to_move: Side,
    pub phase: Phase,
    pub last: Option<(Side, Action)>,
    pub outcome: Option<Outcome>,
    pub viewer: Option<Side>,
    pub draw_offer: Option<Side>,
    pub deploy: Option<DeployView>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeployView {
    pub kind: Deployment,
    /// The row being placed in a minor deployment (0 is the front row).
    pub row: usize,
    pub placed: BySide<bool>,
    /// The viewer's own cards still to place.
    pub hand: Option<DeployHand>,
}

impl View {
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }
}

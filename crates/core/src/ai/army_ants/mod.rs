//! The Army Ants computer opponent.
//!
//! [`choose`] gives the computer's action for a game the rules module holds:
//! a deployment, a rally or battle command (the Queen's Favor included), or
//! `None` when it has nothing to do. [`accepts_draw`] answers a draw offer.
//! Whatever the engine picks is checked against the rules' `legal_actions`.

mod deploy;
mod eval;
mod position;
mod rally;
pub mod review;
mod search;

pub use eval::evaluate;
pub use position::{End, Kind, Move, Pos};
pub use search::{Found, Limits, Searcher, WIN};

use crate::rules::army_ants::{Action, ArmyAnts, Events, Phase, RuleError, Side, Status};
use crate::rules::shuffle::SeededRng;
use std::time::{Duration, Instant};

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The baseline: the move with the best static evaluation one ply on.
    Greedy,
    /// The baseline's one ply with noise: it loses most games to it.
    Easy,
    /// A shallow search: three plies.
    Normal,
    /// The full search within the budget.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Hard, Level::Normal, Level::Easy, Level::Greedy];

    pub fn name(self) -> &'static str {
        match self {
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == text.trim().to_ascii_lowercase())
    }
}

/// How much work one reply may take: a node budget (the same every run),
/// capped by wall time. A reply of several turns in a row (the rally after
/// the Queen's Favor) shares one budget: see [`Budget::share`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub nodes: u64,
    pub time: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        // About 0.4 s of search in a release build on an idle core; the
        // time cap keeps a busy machine's reply under a second.
        Budget::millis(800)
    }
}

impl Budget {
    /// A budget of `millis` of time, with nodes to match (about 1.5 million a
    /// second in a release build).
    pub fn millis(millis: u64) -> Budget {
        Budget {
            nodes: millis.saturating_mul(1_500),
            time: Duration::from_millis(millis),
        }
    }

    /// One turn's part of a reply that has `turns` turns still to play and
    /// has spent `spent` so far: the nodes split evenly (so the reply stays
    /// repeatable) and the time left split among the turns.
    pub fn share(self, turns: u32, spent: Duration) -> Budget {
        let turns = turns.max(1);
        Budget {
            nodes: self.nodes / u64::from(turns),
            time: self.time.saturating_sub(spent) / turns,
        }
    }
}

/// How many turns `side` plays in a row from here: every rally turn it has
/// left once the opponent's rally is over (after the Queen's Favor, or when
/// the opponent's turns ran out first), else one.
pub fn turns_in_a_row(game: &ArmyAnts, side: Side) -> u32 {
    match game.phase() {
        Phase::Rally { red, black } => {
            let (own, theirs) = match side {
                Side::Red => (red, black),
                Side::Black => (black, red),
            };
            if theirs == 0 {
                u32::from(own.max(1))
            } else {
                1
            }
        }
        _ => 1,
    }
}

/// The normal level's depth and node cap.
const NORMAL_DEPTH: i32 = 3;
const NORMAL_NODES: u64 = 200_000;
/// How far the easy level's noise may move a score: at 150 (an Ace and a
/// half) it loses about two games in three to the greedy baseline.
const EASY_NOISE: i32 = 150;
const TABLE_BITS: u32 = 19;

/// What the engine found, for logs, benches and the match.
#[derive(Clone, Debug)]
pub struct Choice {
    pub action: Action,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
}

/// The computer's action for `side`, or `None` when it has nothing to do now
/// (not its turn, nothing left to deploy, game over). `seed` makes the easy
/// level's noise repeatable. In the rally it never undoes its own earlier
/// rally turns unless nothing else is legal (see `rally`).
pub fn choose(game: &ArmyAnts, side: Side, level: Level, budget: Budget, seed: u64) -> Option<Choice> {
    match game.status() {
        Status::Deploying => game.deploy_hand(side).map(|hand| Choice {
            action: deploy::deploy(&hand),
            score: 0,
            depth: 0,
            nodes: 0,
        }),
        Status::ToMove(s) if s == side => {
            let (pos, seen) = Pos::from_game(game);
            let started = Instant::now();
            let moves = rally::root_moves(game, &pos);
            let found = match level {
                Level::Greedy => greedy(&pos, &moves),
                Level::Easy => easy(
                    &pos,
                    &moves,
                    seed ^ (game.record().len() as u64).wrapping_mul(0x9E37),
                ),
                Level::Normal => {
                    let mut searcher = Searcher::new(&seen, 16);
                    searcher.root_moves = moves;
                    searcher.search(
                        &pos,
                        Limits {
                            max_depth: NORMAL_DEPTH,
                            nodes: budget.nodes.min(NORMAL_NODES),
                            deadline: Some(started + budget.time),
                        },
                    )
                }
                Level::Hard => {
                    let mut searcher = Searcher::new(&seen, TABLE_BITS);
                    searcher.root_moves = moves;
                    searcher.selective = true;
                    searcher.search(
                        &pos,
                        Limits {
                            max_depth: 64,
                            nodes: budget.nodes,
                            deadline: Some(started + budget.time),
                        },
                    )
                }
            };
            let legal = game.legal_actions();
            let mut action = found.best.to_action();
            if !legal.contains(&action) {
                // Never an illegal move: the property test keeps this branch dead.
                debug_assert!(false, "engine move {action} is not legal");
                action = legal.first()?.clone();
            }
            Some(Choice {
                action,
                score: found.score,
                depth: found.depth,
                nodes: found.nodes,
            })
        }
        _ => None,
    }
}

/// The computer's whole reply as `side`: every turn it plays now, in a row
/// (a deployment's rows, the rally after the Queen's Favor, or one move),
/// applied to `game` within one budget. Returns each action with what it
/// caused.
pub fn reply(
    game: &mut ArmyAnts,
    side: Side,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Result<Vec<(Action, Events)>, RuleError> {
    let started = Instant::now();
    let mut played = Vec::new();
    // A side has at most 5 rally turns in a row and a deployment 4 rows:
    // the bound only guards against a bug.
    for _ in 0..16 {
        let share = budget.share(turns_in_a_row(game, side), started.elapsed());
        let Some(choice) = choose(game, side, level, share, seed) else {
            break;
        };
        let events = game.apply(side, &choice.action)?;
        played.push((choice.action, events));
    }
    Ok(played)
}

/// Whether the computer playing `side` accepts a draw: when a short search
/// says it stands clearly worse.
pub fn accepts_draw(game: &ArmyAnts, side: Side) -> bool {
    if !matches!(game.status(), Status::ToMove(_)) {
        return false;
    }
    let (pos, seen) = Pos::from_game(game);
    let found = Searcher::new(&seen, 16).search(
        &pos,
        Limits {
            max_depth: NORMAL_DEPTH,
            nodes: NORMAL_NODES,
            deadline: Some(Instant::now() + Duration::from_millis(500)),
        },
    );
    let ours = if pos.to_move == side.index() {
        found.score
    } else {
        -found.score
    };
    ours <= -150
}

/// The greedy baseline: the move whose resulting position evaluates best.
fn greedy(pos: &Pos, moves: &[Move]) -> Found {
    one_ply(static_scores(pos, moves), moves.len() as u64)
}

/// Each move scored by the static evaluation of the position it leads to
/// (a win or loss at once scored as such).
fn static_scores<'a>(pos: &'a Pos, moves: &'a [Move]) -> impl Iterator<Item = (Move, i32)> + 'a {
    moves.iter().map(move |&m| {
        let child = pos.play(m, |_| false);
        let score = match child.end {
            Some(position::End::Win(w)) if w == pos.to_move => WIN,
            Some(position::End::Win(_)) => -WIN,
            Some(position::End::Draw) => 0,
            None => -evaluate(&child),
        };
        (m, score)
    })
}

/// The easy level: the greedy baseline's scores with seeded noise of up
/// to `EASY_NOISE` either way, so it often prefers a worse move, but never
/// misses taking a Queen (a win is not blurred).
fn easy(pos: &Pos, moves: &[Move], seed: u64) -> Found {
    let mut rng = SeededRng::new(seed);
    let noisy = static_scores(pos, moves).map(|(m, score)| {
        let noise = rng.below(2 * EASY_NOISE as u64 + 1) as i32 - EASY_NOISE;
        (m, if score.abs() == WIN { score } else { score + noise })
    });
    one_ply(noisy, moves.len() as u64)
}

/// A choice one ply deep: the first of the moves scored highest (there is
/// at least one).
fn one_ply(scored: impl IntoIterator<Item = (Move, i32)>, nodes: u64) -> Found {
    let mut scored = scored.into_iter();
    let mut best = scored.next().expect("a move to choose from");
    for (m, score) in scored {
        if score > best.1 {
            best = (m, score);
        }
    }
    Found {
        best: best.0,
        score: best.1,
        depth: 1,
        nodes,
    }
}

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
mod search;

pub use eval::evaluate;
pub use position::{End, Kind, Move, Pos};
pub use search::{Found, Limits, Searcher, WIN};

use crate::rules::army_ants::{Action, ArmyAnts, Side, Status};
use crate::rules::shuffle::SeededRng;
use std::time::{Duration, Instant};

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The baseline: the move with the best static evaluation one ply on.
    Greedy,
    /// One ply and the attacks that follow, with noise.
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

/// How much work one move may take: a node budget (the same every run),
/// capped by wall time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub nodes: u64,
    pub time: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: 3_000_000,
            time: Duration::from_secs(2),
        }
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
}

/// The normal level's depth and node cap.
const NORMAL_DEPTH: i32 = 3;
const NORMAL_NODES: u64 = 200_000;
/// How far the easy level's noise may move a score.
const EASY_NOISE: i32 = 90;
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
                    &seen,
                    moves,
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
    let scored = moves.iter().map(|&m| {
        let child = pos.play(m, |_| false);
        let score = match child.end {
            Some(position::End::Win(w)) if w == pos.to_move => WIN,
            Some(position::End::Win(_)) => -WIN,
            Some(position::End::Draw) => 0,
            None => -evaluate(&child),
        };
        (m, score)
    });
    one_ply(scored, moves.len() as u64)
}

/// The easy level: every move scored one ply deep (plus attacks), then
/// seeded noise, so it blunders now and then but never misses a Queen.
fn easy(pos: &Pos, seen: &std::collections::HashSet<u64>, moves: Vec<Move>, seed: u64) -> Found {
    let mut searcher = Searcher::new(seen, 10);
    searcher.root_moves = moves;
    let scored = searcher.score_each(pos, 1);
    let mut rng = SeededRng::new(seed);
    let noisy = scored.into_iter().map(|(m, score)| {
        (
            m,
            score + rng.below(2 * EASY_NOISE as u64 + 1) as i32 - EASY_NOISE,
        )
    });
    one_ply(noisy, searcher.nodes)
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

//! Iterative-deepening principal-variation search with a transposition
//! table, move ordering (table move, Queen captures, captures by most
//! valuable victim, killers, history), late-move reductions and a
//! quiescence search on attacks.
//!
//! The search stops on a node budget (deterministic) or a deadline,
//! whichever comes first; the last completed depth gives the move.

use super::eval::{evaluate, WORTH};
use super::position::{End, Kind, Move, Pos};
use std::collections::HashSet;
use std::time::Instant;

pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
/// Scores beyond this are wins or losses at a distance.
pub(super) const WON: i32 = WIN - 1_000;
const MAX_PLY: usize = 96;
const QUIESCENCE_PLIES: i32 = 8;

/// When a search must stop.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_depth: i32,
    pub nodes: u64,
    pub deadline: Option<Instant>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    best: Move,
    score: i32,
    depth: i8,
    bound: Bound,
}

/// What a finished search found.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub best: Move,
    /// From the side to move's point of view.
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
}

pub struct Searcher<'a> {
    /// Battle positions of the game so far (board keys).
    seen: &'a HashSet<u64>,
    /// Battle positions on the line being searched.
    path: Vec<u64>,
    table: Vec<Option<Entry>>,
    killers: [[Move; 2]; MAX_PLY],
    history: Box<[[[i32; 40]; 40]; 2]>,
    buffers: Vec<Vec<Move>>,
    scored: Vec<Vec<(i32, Move)>>,
    pub nodes: u64,
    /// When not empty, the only moves the root may play.
    pub root_moves: Vec<Move>,
    /// Selective search (the hard level): null-move pruning in the battle,
    /// and one more ply when the side to move's Queen is attacked.
    pub selective: bool,
    limits: Limits,
    /// The depth of the current iteration (bounds the extensions).
    root_depth: i32,
    /// Stopping is allowed once depth 1 is done, so there is always a move.
    may_stop: bool,
    stopped: bool,
}

/// Terminal score from the side to move's point of view.
fn end_score(pos: &Pos, ply: usize) -> i32 {
    match pos.end {
        Some(End::Win(side)) if side == pos.to_move => WIN - ply as i32,
        Some(End::Win(_)) => -(WIN - ply as i32),
        _ => 0,
    }
}

fn to_table(score: i32, ply: usize) -> i32 {
    if score > WON {
        score + ply as i32
    } else if score < -WON {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WON {
        score - ply as i32
    } else if score < -WON {
        score + ply as i32
    } else {
        score
    }
}

impl<'a> Searcher<'a> {
    /// A searcher with a table of `2^table_bits` entries.
    pub fn new(seen: &'a HashSet<u64>, table_bits: u32) -> Searcher<'a> {
        Searcher {
            seen,
            path: Vec::with_capacity(MAX_PLY),
            table: vec![None; 1 << table_bits],
            killers: [[Move::PASS; 2]; MAX_PLY],
            history: Box::new([[[0; 40]; 40]; 2]),
            buffers: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            scored: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(128)).collect(),
            nodes: 0,
            root_moves: Vec::new(),
            selective: false,
            limits: Limits {
                max_depth: 1,
                nodes: u64::MAX,
                deadline: None,
            },
            root_depth: 1,
            may_stop: false,
            stopped: false,
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.table[self.slot(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, key: u64, entry: Entry) {
        let slot = self.slot(key);
        self.table[slot] = Some(entry);
    }

    fn play(&self, pos: &Pos, m: Move) -> Pos {
        let (seen, path) = (self.seen, &self.path);
        pos.play(m, |k| seen.contains(&k) || path.contains(&k))
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if !self.may_stop {
            return false;
        }
        let late = self.nodes & 1023 == 0 && self.limits.deadline.is_some_and(|d| Instant::now() >= d);
        if self.nodes >= self.limits.nodes || late {
            self.stopped = true;
        }
        self.stopped
    }

    /// Iterative deepening from `pos` within `limits`.
    pub fn search(&mut self, pos: &Pos, limits: Limits) -> Found {
        self.limits = limits;
        self.nodes = 0;
        self.stopped = false;
        self.may_stop = false;
        let mut found = Found {
            best: Move::PASS,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        for depth in 1..=limits.max_depth.max(1) {
            self.root_depth = depth;
            let result = self.root(pos, depth, found.best);
            if let Some((best, score)) = result {
                found = Found {
                    best,
                    score,
                    depth,
                    nodes: self.nodes,
                };
            }
            self.may_stop = true;
            if self.stopped || self.out_of_budget() || found.score.abs() > WON {
                break;
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// One iteration at the root. Returns the best move among those fully
    /// searched (`None` if stopped before the first one finished).
    fn root(&mut self, pos: &Pos, depth: i32, previous: Move) -> Option<(Move, i32)> {
        let mut moves = std::mem::take(&mut self.buffers[0]);
        self.root_list(pos, &mut moves);
        if let Some(i) = moves.iter().position(|m| *m == previous) {
            moves[..=i].rotate_right(1);
        }
        let mut alpha = -INF;
        let beta = INF;
        let mut best = None;
        for (i, &m) in moves.iter().enumerate() {
            let child = self.play(pos, m);
            let pushed = self.enter(&child);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            self.leave(pushed);
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((m, score));
            }
        }
        self.buffers[0] = moves;
        best
    }

    /// The moves the root considers: `root_moves` if set, else all.
    fn root_list(&self, pos: &Pos, out: &mut Vec<Move>) {
        if self.root_moves.is_empty() {
            pos.moves(out);
        } else {
            out.clear();
            out.extend_from_slice(&self.root_moves);
        }
    }

    /// Puts a battle position on the path (for repetitions).
    fn enter(&mut self, child: &Pos) -> bool {
        let battle = child.battle() && child.end.is_none();
        if battle {
            self.path.push(child.board_key);
        }
        battle
    }

    fn leave(&mut self, pushed: bool) {
        if pushed {
            self.path.pop();
        }
    }

    fn negamax(&mut self, pos: &Pos, mut depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if pos.end.is_some() {
            return end_score(pos, ply);
        }
        let in_danger = self.selective && pos.queen_attacked(pos.to_move);
        // A threat to the Queen is answered in full, not cut at the horizon.
        if in_danger && ply < 2 * self.root_depth as usize {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiescence(pos, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let key = pos.key();
        let entry = self.probe(key);
        let mut table_move = Move::PASS;
        if let Some(e) = entry {
            table_move = e.best;
            if e.depth as i32 >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        // Null move: if passing still holds beta, a real move will too (a
        // battle rarely has a position where every move hurts).
        if self.selective
            && depth >= 3
            && !in_danger
            && pos.battle()
            && beta.abs() < WON
            && pos.occ[pos.to_move] & !pos.queens != 0
            && evaluate(pos) >= beta
        {
            let reduction = if depth >= 6 { 3 } else { 2 };
            let score = -self.negamax(&pos.null_move(), depth - 1 - reduction, -beta, -beta + 1, ply + 1);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score.min(WON);
            }
        }
        let mut list = std::mem::take(&mut self.scored[ply]);
        self.order(pos, table_move, ply, &mut list);
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = list.first().map(|(_, m)| *m).unwrap_or(Move::PASS);
        for i in 0..list.len() {
            // Selection sort, one step at a time: cut-offs come early.
            let top = (i..list.len()).max_by_key(|&j| list[j].0).expect("non-empty");
            list.swap(i, top);
            let m = list[i].1;
            let quiet = m.kind != Kind::Attack;
            let child = self.play(pos, m);
            let pushed = self.enter(&child);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduce = if quiet && depth >= 3 && i >= 4 && child.end.is_none() {
                    1
                } else {
                    0
                };
                let mut s = -self.negamax(&child, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduce > 0 && !self.stopped {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            self.leave(pushed);
            if self.stopped {
                self.scored[ply] = list;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    let k = &mut self.killers[ply];
                    if k[0] != m {
                        k[1] = k[0];
                        k[0] = m;
                    }
                    let h = &mut self.history[pos.to_move][m.from as usize][m.to as usize];
                    *h = (*h + depth * depth).min(60_000);
                }
                break;
            }
        }
        self.scored[ply] = list;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(
            key,
            Entry {
                key,
                best: best_move,
                score: to_table(best_score, ply),
                depth: depth as i8,
                bound,
            },
        );
        best_score
    }

    /// Move ordering scores for `pos`'s moves, into `list`.
    fn order(&mut self, pos: &Pos, table_move: Move, ply: usize, list: &mut Vec<(i32, Move)>) {
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.moves(&mut moves);
        list.clear();
        for &m in &moves {
            let score = if m == table_move {
                1_000_000
            } else if m.kind == Kind::Attack {
                if pos.queens & (1 << m.to) != 0 {
                    900_000
                } else {
                    100_000 + 100 * WORTH[pos.vals[m.to as usize] as usize] - pos.vals[m.from as usize] as i32
                }
            } else if m == self.killers[ply][0] {
                90_000
            } else if m == self.killers[ply][1] {
                89_000
            } else if m.kind == Kind::Favor {
                80_000
            } else {
                self.history[pos.to_move][m.from as usize][m.to as usize]
            };
            list.push((score, m));
        }
        self.buffers[ply] = moves;
    }

    /// Attacks only, until the position is quiet (or `left` plies).
    fn quiescence(&mut self, pos: &Pos, mut alpha: i32, beta: i32, ply: usize, left: i32) -> i32 {
        if pos.end.is_some() {
            return end_score(pos, ply);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let stand = evaluate(pos);
        if stand >= beta || left == 0 || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        pos.attacks(&mut moves);
        // Queen captures, then the most valuable victims.
        moves.sort_by_key(|m| {
            if pos.queens & (1 << m.to) != 0 {
                -1_000
            } else {
                -(pos.vals[m.to as usize] as i32)
            }
        });
        let mut best = stand;
        for &m in &moves {
            let child = self.play(pos, m);
            let pushed = self.enter(&child);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, left - 1);
            self.leave(pushed);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        best
    }
}

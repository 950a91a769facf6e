//! The Anthill solver.
//!
//! Cards are bytes (suit * 13 + rank - 1) on eight fixed-size piles; the
//! stock is the deal order and an index. Each pile keeps a Zobrist hash of
//! its cards by height, so a state's key costs a few operations.
//!
//! Symmetry: once the stock is empty the spots of one row are
//! interchangeable (the same cards may land on them), so the key sorts the
//! pile hashes within each row. While cards remain, each spot gets its own
//! stock cards and the key keeps the spots in order.
//! Progress first: moves that extend a run built from an Ace or King at the
//! bottom of a spot, or start one, or empty a spot, then the other moves
//! (parking cards), best first, then the deal. Progress is measured by
//! the runs and, once the stock is empty, by the cards still covering a
//! run or the card that extends it, so digging counts. Parking moves can
//! go on for ever, so the first passes allow only a few of them in a row
//! after each progress and cap the states of each segment between deals;
//! they find most wins fast but prove nothing when they fail. The last
//! pass has no limit: only a complete search proves a loss.

use super::{checked, mix64, zobrist, Solved, Table};
use crate::rules::anthill::{Action, Anthill, SPOTS};
use crate::rules::cards::StdCard;
use crate::rules::patience::Patience;

const CARDS: usize = 52;
/// Paths longer than this stop the search (then a loss is not proved).
const MAX_DEPTH: usize = 100_000;

/// Zobrist keys by (card, height).
static ZOBRIST: [[u64; CARDS]; CARDS] = zobrist(0xA17_4111);

fn code(card: StdCard) -> u8 {
    (card.suit as u8) * 13 + card.rank.value() - 1
}

fn rank(card: u8) -> u8 {
    card % 13
}

fn suit(card: u8) -> u8 {
    card / 13
}

struct Search {
    piles: [[u8; CARDS]; SPOTS],
    len: [u8; SPOTS],
    hash: [u64; SPOTS],
    /// The length of each pile's bottom run (Ace or King at the bottom, one
    /// suit, one rank at a time).
    run: [u8; SPOTS],
    /// The deal order of the cards still in the stock, next first.
    stock: Vec<u8>,
    dealt: usize,
    table: Table,
    depth: usize,
    /// The allowance after progress in this pass (see [`PASSES`]).
    fresh: u8,
    /// States this segment (the positions since the last deal) may still
    /// search in this pass.
    segment_left: u64,
    /// The states each segment may search in this pass.
    segment: u64,
}

impl Search {
    fn new(game: &Anthill, budget: u64) -> Search {
        let view = game.view();
        let mut search = Search {
            piles: [[0; CARDS]; SPOTS],
            len: [0; SPOTS],
            hash: [0; SPOTS],
            run: [0; SPOTS],
            stock: game.hidden_stock().iter().rev().map(|&c| code(c)).collect(),
            dealt: 0,
            table: Table::new(budget),
            depth: 0,
            fresh: UNLIMITED,
            segment_left: u64::MAX,
            segment: u64::MAX,
        };
        for (spot, pile) in view.spots.iter().enumerate() {
            for &card in pile {
                search.push(spot, code(card));
            }
        }
        search
    }

    fn top(&self, spot: usize) -> Option<u8> {
        let len = usize::from(self.len[spot]);
        (len > 0).then(|| self.piles[spot][len - 1])
    }

    /// Whether `card` continues the bottom run that is the whole of `spot`.
    fn extends_run(&self, spot: usize, card: u8) -> bool {
        let len = self.len[spot];
        if len == 0 {
            return matches!(rank(card), 0 | 12);
        }
        if self.run[spot] != len {
            return false;
        }
        let bottom = self.piles[spot][0];
        let top = self.piles[spot][usize::from(len) - 1];
        let step: i8 = if rank(bottom) == 0 { 1 } else { -1 };
        suit(card) == suit(bottom) && rank(card) as i8 - rank(top) as i8 == step
    }

    fn push(&mut self, spot: usize, card: u8) {
        let extends = self.extends_run(spot, card);
        let len = usize::from(self.len[spot]);
        self.piles[spot][len] = card;
        self.hash[spot] ^= ZOBRIST[usize::from(card)][len];
        if extends {
            self.run[spot] += 1;
        }
        self.len[spot] += 1;
    }

    fn pop(&mut self, spot: usize) -> u8 {
        self.len[spot] -= 1;
        let len = usize::from(self.len[spot]);
        let card = self.piles[spot][len];
        self.hash[spot] ^= ZOBRIST[usize::from(card)][len];
        self.run[spot] = self.run[spot].min(self.len[spot]);
        card
    }

    fn stock_left(&self) -> usize {
        self.stock.len() - self.dealt
    }

    fn key(&self) -> u128 {
        let fold = |hashes: &[u64]| hashes.iter().fold(0u64, |h, &x| mix64(h ^ x));
        let (a, b) = if self.stock_left() > 0 {
            (fold(&self.hash[..4]), fold(&self.hash[4..]))
        } else {
            let mut top: [u64; 4] = self.hash[..4].try_into().expect("four spots");
            let mut bottom: [u64; 4] = self.hash[4..].try_into().expect("four spots");
            top.sort_unstable();
            bottom.sort_unstable();
            (fold(&top), fold(&bottom))
        };
        u128::from(a) << 64 | u128::from(b ^ mix64(self.dealt as u64))
    }

    fn is_won(&self) -> bool {
        self.stock_left() == 0
            && (0..SPOTS).all(|s| self.len[s] == 0 || (self.len[s] == 13 && self.run[s] == 13))
    }

    /// Legal moves (from, to), each with whether it is progress (it builds
    /// a bottom run, starts one on an empty spot, or empties a spot), best
    /// first.
    fn moves(&self) -> Vec<(usize, usize, bool)> {
        let mut moves: Vec<(i32, usize, usize, bool)> = Vec::new();
        for from in 0..SPOTS {
            let Some(card) = self.top(from) else { continue };
            let breaks_run = self.run[from] == self.len[from];
            let mut empty_tried = [false; 2];
            for to in 0..SPOTS {
                if to == from {
                    continue;
                }
                let legal = match self.top(to) {
                    Some(target) => rank(card).abs_diff(rank(target)) == 1,
                    None => {
                        let row = usize::from(to >= 4);
                        let fits = if row == 0 {
                            rank(card) == 0
                        } else {
                            rank(card) == 12
                        };
                        // Once the stock is empty, empty spots of a row are alike.
                        let alike = self.stock_left() == 0 && std::mem::replace(&mut empty_tried[row], true);
                        fits && !alike
                    }
                };
                if !legal {
                    continue;
                }
                let builds = self.extends_run(to, card) && !(breaks_run && self.len[from] == 1);
                let empties = self.len[from] == 1 && !breaks_run;
                let mut score = 0;
                if builds {
                    score += 100;
                }
                if empties {
                    score += 50;
                }
                if breaks_run {
                    score -= 100;
                }
                // Junk is better parked on junk than on a run.
                if self.run[to] == self.len[to] && !builds {
                    score -= 20;
                }
                // Digging towards a run under junk.
                if self.run[from] > 0 && !breaks_run {
                    score += 10 - i32::from(self.len[from] - self.run[from]);
                }
                moves.push((score, from, to, builds));
            }
        }
        moves.sort_by_key(|&(score, _, _, builds)| (!builds, -score));
        moves.into_iter().map(|(_, f, t, p)| (f, t, p)).collect()
    }

    fn deal(&mut self) -> usize {
        let n = self.stock_left().min(SPOTS);
        for spot in 0..n {
            let card = self.stock[self.dealt];
            self.dealt += 1;
            self.push(spot, card);
        }
        n
    }

    fn undeal(&mut self, n: usize) {
        for spot in (0..n).rev() {
            self.pop(spot);
            self.dealt -= 1;
        }
    }

    /// The sum of the bottom runs (the rulings' score).
    fn score(&self) -> u8 {
        self.run.iter().sum()
    }

    /// Where `card` lies: its spot and height.
    fn locate(&self, card: u8) -> (usize, usize) {
        for spot in 0..SPOTS {
            let len = usize::from(self.len[spot]);
            if let Some(h) = self.piles[spot][..len].iter().position(|&c| c == card) {
                return (spot, h);
            }
        }
        unreachable!("every card is on a spot once the stock is empty")
    }

    /// Progress: 64 per card in a bottom run; once the stock is empty, less
    /// one per card that still covers a run or the card that extends it.
    fn measure(&self) -> i32 {
        let score = i32::from(self.score()) * 64;
        if self.stock_left() > 0 {
            return score;
        }
        let mut cover = 0;
        for spot in 0..SPOTS {
            let run = self.run[spot];
            if run == 0 || run == 13 {
                continue;
            }
            cover += i32::from(self.len[spot] - run);
            let bottom = self.piles[spot][0];
            let last = rank(self.piles[spot][usize::from(run) - 1]);
            let next = if rank(bottom) == 0 { last + 1 } else { last - 1 };
            let (at, height) = self.locate(suit(bottom) * 13 + next);
            cover += i32::from(self.len[at]) - height as i32 - 1;
        }
        score - cover
    }

    /// Depth-first: the winning line from here, last action first.
    /// `allowance` is how many more moves may be played before the
    /// [`Search::measure`] beats `record`, its best on the path since the
    /// last deal (`UNLIMITED` never runs out).
    fn solve(&mut self, allowance: u8, record: i32) -> Option<Vec<Action>> {
        if self.is_won() {
            return Some(Vec::new());
        }
        if self.depth >= MAX_DEPTH {
            self.table.cut = true;
            return None;
        }
        if self.segment_left == 0 {
            self.table.cut = true;
            return None;
        }
        if !self.table.visit_with(self.key(), allowance) {
            return None;
        }
        self.segment_left -= 1;
        self.depth += 1;
        let found = self.search_children(allowance, record);
        self.depth -= 1;
        found
    }

    /// Plays `action` (a move or the deal), searches on, and takes it back.
    fn try_action(&mut self, action: Action, allowance: u8, record: i32) -> Option<Vec<Action>> {
        let found = match action {
            Action::Move { from, to } => {
                let (from, to) = (usize::from(from - 1), usize::from(to - 1));
                let card = self.pop(from);
                self.push(to, card);
                let score = self.measure();
                let found = if score > record {
                    self.solve(self.fresh.max(allowance), score)
                } else if allowance == 0 {
                    self.table.cut = true;
                    None
                } else {
                    let next = if allowance == UNLIMITED {
                        UNLIMITED
                    } else {
                        allowance - 1
                    };
                    self.solve(next, record)
                };
                self.pop(to);
                self.push(from, card);
                found
            }
            _ => {
                let n = self.deal();
                let outer = std::mem::replace(&mut self.segment_left, self.segment);
                let found = self.solve(self.fresh.max(allowance), self.measure());
                self.segment_left = outer;
                self.undeal(n);
                found
            }
        };
        found.map(|mut line| {
            line.push(action);
            line
        })
    }

    /// Moves best first, with the deal after the moves that build.
    fn search_children(&mut self, allowance: u8, record: i32) -> Option<Vec<Action>> {
        let moves = self.moves();
        let mut actions: Vec<Action> = moves
            .iter()
            .map(|&(from, to, _)| Action::Move {
                from: from as u8 + 1,
                to: to as u8 + 1,
            })
            .collect();
        if self.stock_left() > 0 {
            actions.push(Action::Deal);
        }
        for action in actions {
            if let Some(line) = self.try_action(action, allowance, record) {
                return Some(line);
            }
            if self.table.exhausted || self.segment_left == 0 {
                return None;
            }
        }
        None
    }
}

/// The limits of one pass of the search.
struct Pass {
    /// The allowance after progress: this many moves that are not progress
    /// may follow in a row.
    fresh: u8,
    /// The states each segment (the positions between two deals, or after
    /// the last) may search before the search backs up to try another way
    /// into it.
    segment: u64,
}

/// Nearly all states lie after the last deal, and one bad endgame can eat
/// any budget, so the first passes give each segment a few thousand
/// states and allow one, two, then four moves that are not progress: they
/// find most wins fast but prove nothing when they fail. The last pass has
/// no limit, so only it proves a loss.
const PASSES: [Pass; 4] = [
    Pass {
        fresh: 1,
        segment: 10_000,
    },
    Pass {
        fresh: 2,
        segment: 40_000,
    },
    Pass {
        fresh: 4,
        segment: 200_000,
    },
    Pass {
        fresh: UNLIMITED,
        segment: u64::MAX,
    },
];
const UNLIMITED: u8 = u8::MAX;
/// Solves an Anthill position (the start of a deal or a game in progress)
/// within `budget` states.
pub fn solve(game: &Anthill, budget: u64) -> Solved<Action> {
    if let Some(outcome) = game.outcome() {
        return Solved::finished(&outcome);
    }
    let mut search = Search::new(game, budget);
    let line = super::deep_stack(|| {
        for pass in PASSES {
            search.fresh = pass.fresh;
            search.segment = pass.segment;
            search.segment_left = pass.segment;
            search.table.next_pass();
            let line = search.solve(pass.fresh, search.measure());
            if line.is_some() || search.table.exhausted || !search.table.cut {
                return line;
            }
        }
        None
    });
    let solved = Solved {
        verdict: search.table.verdict(line),
        states: search.table.states(),
    };
    checked(game, solved)
}

//! The Myrmex solver and the hint for closed deals.
//!
//! [`solve`] is exact for a deal it can see whole: it reads every card,
//! face-down ones and the stock included, so it is meant for the open levels
//! (larval, open major and queen), the command line and daily deals. A win
//! is a full victory: six chambers. It searches best first (`search`),
//! guided by chambers, runs built on Crowns, cards resting on the card one
//! rank above in a shared suit and cards still to deal, less a cost for
//! each action on the way, on the compact tableau of `board` (played and
//! taken back in place), in passes that cap the positions searched
//! from any one restock but the last; when the last pass has no position
//! left to search the deal is proved lost. The first rounds of passes, each
//! with a fixed share of the states, may run side by side on several
//! threads (`rounds`) with the same result as on one.
//!
//! [`suggest`] is the best-effort hint for closed deals. It is built from the
//! [`View`] alone, so it cannot depend on a face-down card or on the stock:
//! a face-down card is an unknown card that cannot move or take a move, and
//! the search never restocks. It looks a bounded number of positions ahead
//! and names the first move towards the best one it found (chambers, then
//! cards turned face up, then empty piles and long groups).
//!
//! Symmetry: piles that no restock reaches any more are interchangeable, so
//! the key sums their hashes, whatever their order; the two copies of a
//! card are alike, since the key hashes card codes, not card instances.

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub mod board;

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub mod dead;

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub mod open;

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub mod rounds;

// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub mod search;

use super::{Key96, Solved, Table};
use crate::rules::myrmex::{Action, Myrmex, View};
use crate::rules::patience::Patience;
use board::{code, Board, Cards, UNKNOWN};
use search::Search;
pub use search::BUDGET;

/// Solves a Myrmex deal or game in progress within `budget` states, seeing
/// every card (see the module notes). Won means six chambers.
pub fn solve(game: &Myrmex, budget: u64) -> Solved<Action> {
    solve_on(game, budget, 1)
}

/// [`solve`] with the first rounds of passes on `workers` threads (see
/// `rounds`): the same verdict, line and states on any number, sooner on
/// more cores.
pub fn solve_on(game: &Myrmex, budget: u64, workers: usize) -> Solved<Action> {
    if let Some(outcome) = game.outcome() {
        return Solved::finished(&outcome);
    }
    let cards = Cards::new(game.level());
    let (board, stock) = seen_whole(game);
    let mut search = Search::new(&cards, &stock, budget).on(workers);
    let line = search.best_first(&board);
    search.table.solved(game, line)
}

/// A deal of `level` from `seed`, as `/solitaire new` makes it.
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub fn dealt(level: crate::rules::cards::MyrmexLevel, seed: u64) -> Myrmex {
    let setup = crate::rules::myrmex::Setup {
        level,
        closed: false,
        seed: Some(seed),
        deal: None,
        ends_when_dead: true,
    };
    Myrmex::new(&setup).expect("a seeded deal")
}

/// The board of a game with every card read, face-down ones included, and
/// its stock in dealing order.
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub fn seen_whole(game: &Myrmex) -> (Board, Vec<u8>) {
    let (piles, stock) = game.hidden_layout();
    let mut board = Board::empty();
    board.chambers = game.chambers().len() as u8;
    for (p, pile) in piles.iter().enumerate() {
        for (i, &(card, up)) in pile.iter().enumerate() {
            board.piles[p][i] = code(card);
            if !up {
                board.down[p] = i as u8 + 1;
            }
        }
        board.len[p] = pile.len() as u8;
    }
    board.rehash();
    (board, stock.into_iter().map(code).collect())
}

/// The best-effort hint from what the player sees (see the module notes):
/// a move, `deal` when no move looks useful and the stock has cards, else
/// the move that loses the least, or `None` when no move is open. A first
/// move `avoid` refuses is never chosen.
pub fn suggest(view: &View, budget: u64, avoid: &dyn Fn(&Action) -> bool) -> Option<Action> {
    if view.outcome.is_some() {
        return None;
    }
    let cards = Cards::new(view.level);
    let mut board = Board::empty();
    board.chambers = view.chambers.len() as u8;
    for (p, pile) in view.piles.iter().enumerate() {
        for (i, card) in pile.cards.iter().enumerate() {
            board.piles[p][i] = card.map_or(UNKNOWN, code);
        }
        board.down[p] = pile.cards.iter().take_while(|c| c.is_none()).count() as u8;
        board.len[p] = pile.cards.len() as u8;
    }
    board.rehash();
    let mut look = Lookahead {
        cards: &cards,
        table: Table::new(budget),
        best: (promise(&cards, &board), None),
    };
    for m in board.moves(&cards) {
        let first = board.action(m);
        if avoid(&first) {
            continue;
        }
        let mut next = board;
        next.play(&cards, m);
        look.explore(&next, first, 1);
        if look.table.exhausted {
            break;
        }
    }
    if let Some(best) = look.best.1 {
        return Some(best);
    }
    if view.stock > 0 {
        return Some(Action::Deal);
    }
    // Nothing looks better and nothing is left to deal: the fresh move that
    // loses the least, so that play can go on.
    board
        .moves(&cards)
        .into_iter()
        .filter(|m| !avoid(&board.action(*m)))
        .max_by_key(|m| {
            let mut next = board;
            next.play(&cards, *m);
            promise(&cards, &next)
        })
        .map(|m| board.action(m))
}

/// Depth-limited look-ahead over moves only.
struct Lookahead<'a> {
    cards: &'a Cards,
    table: Table<Key96>,
    /// The best promise seen and the first move towards it.
    best: (i64, Option<Action>),
}

impl Lookahead<'_> {
    const DEPTH: usize = 12;

    fn explore(&mut self, board: &Board, first: Action, depth: usize) {
        if !self.table.visit(board.key(0)) {
            return;
        }
        let promise = promise(self.cards, board);
        if promise > self.best.0 {
            self.best = (promise, Some(first));
        }
        if depth >= Self::DEPTH {
            return;
        }
        for m in board.moves(self.cards) {
            let mut next = *board;
            next.play(self.cards, m);
            self.explore(&next, first, depth + 1);
            if self.table.exhausted {
                return;
            }
        }
    }
}

/// How promising a position looks, from what is visible: chambers, then
/// cards turned up, empty piles and cards in groups.
fn promise(cards: &Cards, board: &Board) -> i64 {
    let empties = board.len.iter().filter(|&&l| l == 0).count() as i64;
    let grouped: i64 = (0..board.len.len())
        .map(|p| board.group(cards, p) as i64 - 1)
        .filter(|&g| g > 0)
        .sum();
    i64::from(board.chambers) * 10_000 + i64::from(board.flips) * 300 + empties * 60 + grouped * 20
}

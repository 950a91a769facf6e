//! The exact search: best first over moves and restocks with a
//! transposition table. When no position is left to search, every
//! reachable position was searched and the deal is lost.

use super::board::{Board, Cards, Move};
use super::dead::has_stuck_card;
use super::open::Open;
use super::rounds::{self, Job};
use crate::ai::solver::{pack_piles, Key96, Table};
use crate::rules::myrmex::{Action, CHAMBERS, PILES};
use hashbrown::HashTable;

/// The passes: how many positions each expands from one restock (or the
/// root) on, when it stops (see [`Stop`]), and what each action on the way
/// to a position costs in its open list (the guide less this times the
/// depth: without it the search wanders down long lines that gain nothing).
/// Small caps make the search try many restock times instead of sinking
/// the budget into the first endgame it reaches (an uncapped search spent
/// 99% of its states after the last restock). Every restock starts a new
/// count, so a capped pass rarely runs out of positions and ends at its
/// stop.
///
/// The first four are a portfolio: the depth cost decides which deals a
/// pass wins quickly, and no one cost wins most of them. At 2,000,000
/// states on major seeds 0..100, one pass capped at 2,000 up to half the
/// budget, then caps of 500, 20,000 and 200,000, won 76 with a cost of 7,
/// 79 with 10, 81 with 14, 88 with 20, 82 with 17 or 23, 73 with 30 (82
/// and 78 on seeds 100..200 with 20 and 7); the costs 20, 14, 10 and 7 in
/// turn, a tenth... a fifth of the budget each, won 90 of either hundred,
/// and 10 of the 13 larval deals of 0..1000 the single cost left
/// undecided. These are the passes of a budget of [`FIRST_ROUND`] or
/// less (hints, daily checks), which search as they always did; a larger
/// budget runs [`PASSES`].
pub const QUICK_PASSES: [Pass; 8] = [
    Pass::capped(2_000, Stop::First(200), 20),
    Pass::capped(2_000, Stop::First(400), 14),
    Pass::capped(2_000, Stop::First(600), 10),
    Pass::capped(2_000, Stop::First(800), 7),
    Pass::capped(500, Stop::Never, 20),
    Pass::capped(20_000, Stop::Never, 20),
    Pass::capped(200_000, Stop::Never, 20),
    Pass::LAST,
];

/// The passes of a budget above [`FIRST_ROUND`] (the states given are
/// those of [`BUDGET`]), in two rounds: the first decides most deals
/// within a second, the second wins what needs more.
///
/// The first round runs the cost 20 to 400,000 states as the quick passes
/// do, then the costs 5 (96,000 states), 30 (800,000), 7 (400,000), 14
/// (608,000) and 10 (300,000). Each of the 414 major deals of 0..1000
/// that the cost 20 does not win within 400,000 states was searched by
/// the costs 20, 14, 10, 7 and 30 alone to 2,400,000 states; on those
/// figures and each deal's time a state, the order of the five decides 18
/// more deals within a second than the quick passes' order did with the
/// cost 30 after them (926 of 1000 against 908), and none of the orders,
/// shares or slices tried did better (round robins of 100,000-state
/// slices decided 917 to 922). Of the 70 deals then still decided past a
/// second, the cost 5 alone wins 6 within 100,000 states, and the deals
/// it delays by as much stay within a second.
///
/// The second round resumes each cost where the first stopped it, so that
/// by its end each pass has searched what it had when the second round
/// first tried the costs the first round did not (the costs 14 and 10
/// within 4,000 states, the stops falling 12,000 states apart): 30 (to
/// 1,208,000 states of its own), 5 (to 264,000), 20 (to 1,948,000), 14
/// (to 728,000 against 724,000), caps of 20,000 (cost 20, 1,920,000) and
/// 5,000 (cost 30, 924,000), 10 (to 1,452,000 against 1,456,000) and 7
/// (to 1,396,000); the passes after it have the 2,160,000 left. A pass's
/// search depends only on its own states (a stopped and resumed pass goes
/// on as if it had not stopped), so a deal won by then is won whichever
/// pass comes first. On the 38 major deals of 0..1000
/// that the four first costs run again from scratch left undecided, one
/// pass alone to 3,000,000 states won 20 with the cost 30 (within
/// 1,146,000), 15 with a cap of 20,000, 11 with the cost 40, 7 with the
/// cost 5 or a cap of 5,000 (with the cost 30 it won 2 of the 11 deals
/// left by the others), 6 with a cap of 200 and none with a cap of 500,
/// while the costs 20 and 14 won none within 4,400,000. Only the last
/// pass, with no cap, proves a loss.
pub const PASSES: [Pass; 18] = [
    Pass::capped(2_000, Stop::First(200), 20),
    Pass::capped(2_000, Stop::First(248), 5),
    Pass::capped(2_000, Stop::First(648), 30),
    Pass::capped(2_000, Stop::First(848), 7),
    Pass::capped(2_000, Stop::Second(192), 14),
    Pass::capped(2_000, Stop::Second(217), 10),
    Pass::capped(2_000, Stop::Second(251), 30).resumed(),
    Pass::capped(2_000, Stop::Second(265), 5).resumed(),
    Pass::capped(2_000, Stop::Second(394), 20).resumed(),
    Pass::capped(2_000, Stop::Second(404), 14).resumed(),
    Pass::capped(20_000, Stop::Second(564), 20),
    Pass::capped(5_000, Stop::Second(641), 30),
    Pass::capped(2_000, Stop::Second(737), 10).resumed(),
    Pass::capped(2_000, Stop::Second(820), 7).resumed(),
    Pass::capped(500, Stop::Never, 20),
    Pass::capped(20_000, Stop::Never, 20),
    Pass::capped(200_000, Stop::Never, 20),
    Pass::LAST,
];

/// The states the first round of the portfolio is shared out of (the
/// budget, if smaller): the default budget of the other solvers, so that a
/// search within it runs as it always did.
pub const FIRST_ROUND: u64 = crate::ai::solver::DEFAULT_BUDGET;

/// Myrmex's default budget in states: the two rounds of [`PASSES`] (the
/// first 2,604,000 states), then the passes after them. The passes set
/// aside and the largest one set the peak memory, not the budget (the
/// table is bounded).
pub const BUDGET: u64 = 12_000_000;

/// When a pass stops. A pass with a stop searches the states from the
/// stop of the pass before it to its own, as many as if the passes before
/// had each searched exactly their shares (see [`rounds`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// When it has no position left (or the budget is spent).
    Never,
    /// At these thousandths of [`FIRST_ROUND`] states, or of the budget
    /// if smaller, counted from the search's start.
    First(u64),
    /// At these thousandths of the budget; only on a budget above
    /// [`FIRST_ROUND`].
    Second(u64),
}

impl Stop {
    /// Where the pass's share ends, counted from the search's start, or
    /// `None` if it does not run on `budget`.
    pub fn limit(self, budget: u64) -> Option<u64> {
        match self {
            Stop::Never => Some(u64::MAX),
            Stop::First(until) => Some(budget.min(FIRST_ROUND) * until / 1000),
            // In 128 bits, so that no budget overflows.
            Stop::Second(until) => {
                (budget > FIRST_ROUND).then(|| (u128::from(budget) * u128::from(until) / 1000) as u64)
            }
        }
    }
}

/// The rounds (the passes with a stop, which come first) and the passes
/// after them.
pub fn split_rounds(passes: &[Pass]) -> (&[Pass], &[Pass]) {
    passes.split_at(passes.iter().take_while(|pass| pass.stop != Stop::Never).count())
}

/// One pass of `Search::best_first`.
#[derive(Clone, Copy)]
pub struct Pass {
    /// The positions expanded from one restock (or the root) on, if
    /// capped.
    pub cap: Option<u32>,
    pub stop: Stop,
    /// What each action on the way to a position costs in the open list.
    pub depth_cost: i64,
    /// Whether it goes on from where the last pass with its cap and cost
    /// stopped (which is then kept until it does), rather than from the
    /// root.
    pub resumes: bool,
}

impl Pass {
    /// The last pass: no cap, no stop; only it proves a loss.
    const LAST: Pass = Pass {
        cap: None,
        stop: Stop::Never,
        depth_cost: 20,
        resumes: false,
    };

    pub const fn capped(cap: u32, stop: Stop, depth_cost: i64) -> Pass {
        Pass {
            cap: Some(cap),
            stop,
            depth_cost,
            resumes: false,
        }
    }

    pub const fn resumed(self) -> Pass {
        Pass {
            resumes: true,
            ..self
        }
    }

    /// Whether `later` goes on from this pass's search.
    pub fn resumed_by(&self, later: &Pass) -> bool {
        later.resumes && later.cap == self.cap && later.depth_cost == self.depth_cost
    }
}

/// The search over one deal seen whole: the stock order is known.
pub struct Search<'a> {
    pub(super) cards: &'a Cards,
    pub(super) stock: &'a [u8],
    /// The ranks still in the stock after each restock ([`super::dead::ranks_left`]).
    ranks_left: Vec<u32>,
    pub table: Table<Key96>,
    /// The states after which the pass under way stops (and proves
    /// nothing).
    pub(super) pass_limit: u64,
    /// What each action costs in the open list of the pass under way.
    pub(super) depth_cost: i64,
    /// Pile scores met lately ([`Search::pile_score`]), a slot a pile hash.
    pile_scores: PileScores,
    /// The threads the rounds run on ([`rounds::run`]).
    workers: usize,
    /// Whether the pass under way is to give way (a pass of the rounds
    /// before it decided the deal).
    gives_way: Option<&'a dyn Fn() -> bool>,
}

/// Where a pass of the rounds starts.
pub(super) enum Start {
    /// From the root, in the room of a table no pass needs any more (its
    /// keys are cleared), if there is one: a fresh table grows again
    /// from nothing.
    Root(Option<HashTable<Key96>>),
    /// Where the run of the pass it resumes stopped.
    Resume(Run),
}

/// What a pass of the rounds came to.
pub(super) enum Ended {
    /// A winning line, last action first.
    Won(Vec<Action>),
    /// Every position searched, none cut: the deal is lost.
    Lost,
    /// Its share spent, or its positions, with some cut; or it gave way.
    Stopped,
}

/// How a position was reached: a move, or a restock.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Step(u16);

impl Step {
    const DEAL: Step = Step(u16::MAX);

    fn of(m: Option<Move>) -> Step {
        match m {
            Some(m) => Step((m.from | m.to << 3 | m.count << 6) as u16),
            None => Step::DEAL,
        }
    }

    fn to_move(self) -> Option<Move> {
        (self != Step::DEAL).then(|| {
            let bits = usize::from(self.0);
            Move {
                from: bits & 7,
                to: bits >> 3 & 7,
                count: bits >> 6,
            }
        })
    }

    /// Plays the step on `board`.
    fn play(self, cards: &Cards, stock: &[u8], board: &mut Board) {
        match self.to_move() {
            Some(m) => board.play(cards, m),
            None => board.deal(cards, stock),
        }
    }
}

/// A position the search met: its parent and the step from there. Only
/// every [`SNAPSHOT_EVERY`]th position on a line keeps its board (packed in
/// the [`Boards`] arena); the others are rebuilt from the nearest one above
/// by replaying fewer than that many steps, which keeps a position to
/// about 27 bytes where a whole board took 110 (the node itself is 16).
/// Every eighth rather than every fourth keeps one deal's search, with
/// the passes set aside to resume, within 200 MiB (larval seed 138: 171
/// MB against 196 MB) at no cost in speed that a run shows.
struct Node {
    parent: u32,
    /// The restock this position is counted against (see `counts` in
    /// [`Search::pass`]).
    origin: u32,
    /// Actions from the root, at most `u16::MAX` (a line that long keeps
    /// a board in every position).
    depth: u16,
    /// Where its board starts in the arena, if it keeps one.
    snapshot: u32,
    step: Step,
}

const SNAPSHOT_EVERY: u16 = 8;
const NO_SNAPSHOT: u32 = u32::MAX;

/// The most positions a pass reserves room for at its start.
const RESERVED: u64 = 1 << 23;

/// Boards packed one after another: the pile lengths, face-down counts,
/// cards dealt and chambers, then the cards pile after pile. They are kept
/// in chunks of [`CHUNK`] bytes, a board never split between two, so that
/// the arena grows a chunk at a time: a single vector doubling would hold
/// up to twice the boards' bytes, and three times while it moved.
#[derive(Default)]
struct Boards(Vec<Vec<u8>>);

/// The bytes of one chunk of [`Boards`]; an address is the chunk's index
/// above these bits and the offset in it below.
const CHUNK_BITS: u32 = 20;
const CHUNK: usize = 1 << CHUNK_BITS;

impl Boards {
    fn push(&mut self, board: &Board) -> u32 {
        let cards: usize = board.len.iter().map(|&l| usize::from(l)).sum();
        let size = 2 * PILES + 2 + cards;
        if self.0.last().is_none_or(|chunk| chunk.len() + size > CHUNK) {
            self.0.push(Vec::with_capacity(CHUNK));
        }
        let index = self.0.len() - 1;
        let chunk = &mut self.0[index];
        let at = (index << CHUNK_BITS | chunk.len()) as u32;
        chunk.extend_from_slice(&board.len);
        chunk.extend_from_slice(&board.down);
        chunk.extend_from_slice(&[board.dealt, board.chambers]);
        let start = chunk.len();
        chunk.resize(start + cards, 0);
        pack_piles(&board.piles, &board.len, &mut chunk[start..]);
        at
    }

    fn board(&self, at: u32) -> Board {
        let chunk = &self.0[(at >> CHUNK_BITS) as usize];
        let data = &chunk[(at as usize & (CHUNK - 1))..];
        let mut board = Board::empty();
        board.len.copy_from_slice(&data[..PILES]);
        board.down.copy_from_slice(&data[PILES..2 * PILES]);
        board.dealt = data[2 * PILES];
        board.chambers = data[2 * PILES + 1];
        let mut from = 2 * PILES + 2;
        for p in 0..PILES {
            let len = usize::from(board.len[p]);
            board.piles[p][..len].copy_from_slice(&data[from..from + len]);
            from += len;
        }
        board.rehash();
        board
    }
}

/// The positions of one pass.
struct Nodes {
    nodes: Vec<Node>,
    boards: Boards,
}

impl Nodes {
    /// The positions of a pass that may search `states` states: room for
    /// them all is reserved at once (only what is used is touched), so
    /// that the list never doubles.
    fn new(root: &Board, states: usize) -> Nodes {
        let mut boards = Boards::default();
        let snapshot = boards.push(root);
        let root = Node {
            parent: u32::MAX,
            origin: 0,
            depth: 0,
            snapshot,
            step: Step::DEAL,
        };
        let mut nodes = Vec::with_capacity(states + 1);
        nodes.push(root);
        Nodes { nodes, boards }
    }

    /// Adds the position reached from `parent` by `step`; `board` gives
    /// its board, asked only when the position keeps a snapshot.
    fn push(&mut self, parent: u32, step: Step, origin: u32, board: impl FnOnce() -> Board) -> u32 {
        let depth = self.nodes[parent as usize].depth.saturating_add(1);
        let snapshot = if depth % SNAPSHOT_EVERY == 0 || depth == u16::MAX {
            self.boards.push(&board())
        } else {
            NO_SNAPSHOT
        };
        self.nodes.push(Node {
            parent,
            origin,
            depth,
            snapshot,
            step,
        });
        self.nodes.len() as u32 - 1
    }

    /// The board of node `at`: its nearest snapshot and the steps since.
    fn board(&self, cards: &Cards, stock: &[u8], at: u32) -> Board {
        let mut steps = [Step::DEAL; SNAPSHOT_EVERY as usize];
        let mut n = 0;
        let mut node = &self.nodes[at as usize];
        while node.snapshot == NO_SNAPSHOT {
            steps[n] = node.step;
            n += 1;
            node = &self.nodes[node.parent as usize];
        }
        let mut board = self.boards.board(node.snapshot);
        for step in steps[..n].iter().rev() {
            step.play(cards, stock, &mut board);
        }
        board
    }

    /// The steps from the root to node `at`, first first.
    fn steps(&self, mut at: u32) -> Vec<Step> {
        let mut steps = Vec::new();
        while at != 0 {
            let node = &self.nodes[at as usize];
            steps.push(node.step);
            at = node.parent;
        }
        steps.reverse();
        steps
    }
}

/// A pass's search so far, set aside when it stops so that a later pass
/// with the same cap and cost goes on from where it stopped instead of
/// searching the same positions again.
pub(super) struct Run {
    /// The pass it searches for.
    pass: Pass,
    nodes: Nodes,
    /// Positions expanded from each restock (or the root) on.
    counts: Vec<u32>,
    open: Open,
    /// The table's keys while the run is set aside.
    pub(super) seen: HashTable<Key96>,
}

impl<'a> Search<'a> {
    /// A search of the deal with these cards and this stock (in dealing
    /// order) within `budget` states.
    pub fn new(cards: &'a Cards, stock: &'a [u8], budget: u64) -> Search<'a> {
        Search {
            cards,
            stock,
            ranks_left: super::dead::ranks_left(cards, stock),
            table: Table::bounded(budget),
            pass_limit: u64::MAX,
            depth_cost: 0,
            pile_scores: PileScores::new(),
            workers: 1,
            gives_way: None,
        }
    }

    /// The search with its rounds on `workers` threads: the same verdict,
    /// line and states on any number.
    pub(super) fn on(self, workers: usize) -> Search<'a> {
        Search {
            workers: workers.max(1),
            ..self
        }
    }

    /// Passes of best first (see [`Search::pass`]): each but the last
    /// caps the positions searched from any one restock, so that a bad
    /// endgame cannot take the whole budget; those prove nothing when they
    /// fail. The last pass has no cap: only it proves a loss. A pass with
    /// the cap and cost of one before it resumes that one's search. The
    /// line comes back last action first.
    pub(super) fn best_first(&mut self, root: &Board) -> Option<Vec<Action>> {
        let passes: &[Pass] = if self.table.budget > FIRST_ROUND {
            &PASSES
        } else {
            &QUICK_PASSES
        };
        self.passes(root, passes)
    }

    /// [`Search::best_first`] with the passes `passes`: the rounds (the
    /// passes with a stop) on [`Search::workers`] threads, each pass with
    /// its share ([`rounds`]), then the passes after them one after
    /// another with what is left of the budget.
    pub fn passes(&mut self, root: &Board, passes: &[Pass]) -> Option<Vec<Action>> {
        if usize::from(root.chambers) == CHAMBERS {
            return Some(Vec::new());
        }
        // A root with a stuck card is lost.
        if self.stuck(root) {
            self.table.count(1);
            return None;
        }
        let (round_passes, tail) = split_rounds(passes);
        let jobs = rounds::jobs(round_passes, self.table.budget);
        let rounds::Rounds {
            decided,
            states,
            spare,
        } = rounds::run(
            self.cards,
            self.stock,
            self.table.budget,
            root,
            &jobs,
            self.workers,
        );
        self.table.count(states);
        if let Some(spare) = spare {
            self.table.take_back(spare);
        }
        if let Some(line) = decided {
            // Won, or every position searched with no cut: lost.
            self.table.cut = false;
            return line;
        }
        for pass in tail {
            debug_assert!(!pass.resumes, "only a pass with a stop is resumed");
            self.table.next_pass();
            self.pass_limit = u64::MAX;
            self.depth_cost = pass.depth_cost;
            // The reservation is bounded; past it the lists grow as usual.
            let states = self
                .table
                .budget
                .saturating_sub(self.table.states())
                .min(RESERVED);
            // A spent budget leaves the deal undecided.
            let mut run = self.start(root, pass, states as usize)?;
            let line = self.pass(root, &mut run);
            if line.is_some() || self.table.exhausted || !self.table.cut {
                return line;
            }
        }
        None
    }

    /// Runs `job`, a pass of the rounds, on a search of its own for its
    /// share of states, from `start`. It gives way as soon as `gives_way`
    /// says so (a pass before it decided the deal). What it came to, the
    /// states it searched and its run, to be resumed.
    pub(super) fn job(
        cards: &'a Cards,
        stock: &'a [u8],
        budget: u64,
        root: &Board,
        job: &Job,
        start: Start,
        gives_way: &'a dyn Fn() -> bool,
    ) -> (Ended, u64, Run) {
        let mut search = Search::new(cards, stock, budget);
        search.gives_way = Some(gives_way);
        search.pass_limit = job.share;
        search.depth_cost = job.pass.depth_cost;
        let states = job.share.min(RESERVED) as usize;
        let mut run = match start {
            Start::Resume(mut run) => {
                search.table.take_back(std::mem::take(&mut run.seen));
                // It stopped cut, or it would have ended the search.
                search.table.cut = true;
                run.nodes.nodes.reserve(states);
                run
            }
            Start::Root(spare) => {
                if let Some(spare) = spare {
                    search.table.take_back(spare);
                    search.table.next_pass();
                }
                search
                    .start(root, &job.pass, states)
                    .expect("a fresh table and a root that is not stuck")
            }
        };
        let line = search.pass(root, &mut run);
        let ended = match line {
            Some(line) => Ended::Won(line),
            None if !search.table.cut && !search.table.exhausted => Ended::Lost,
            None => Ended::Stopped,
        };
        run.seen = search.table.set_aside();
        (ended, search.table.states(), run)
    }

    /// A fresh run of `pass` from `root`, with room for `states` positions,
    /// or `None` if the root is lost or the budget spent.
    fn start(&mut self, root: &Board, pass: &Pass, states: usize) -> Option<Run> {
        if !self.table.visit(root.key(root.free_from(self.stock.len()))) || self.stuck(root) {
            return None;
        }
        let mut open = Open::new();
        open.push(self.guide(root), 0);
        Some(Run {
            pass: *pass,
            nodes: Nodes::new(root, states),
            counts: vec![0u32],
            open,
            seen: HashTable::new(),
        })
    }

    /// Best first: always the position with the best [`Search::guide`]
    /// met so far (the newest of equals), until six chambers, the budget,
    /// the pass's share of it, or no position is left. With a cap, at
    /// most that many positions are expanded from each restock (or the
    /// root) on, and `cut` is set when one is left out.
    fn pass(&mut self, root: &Board, run: &mut Run) -> Option<Vec<Action>> {
        let Run {
            pass,
            nodes,
            counts,
            open,
            ..
        } = run;
        let mut moves = Vec::new();
        let mut children: Vec<(Step, Key96, i64)> = Vec::new();
        // A position with a card that can never move is lost: it is
        // recorded as searched when met, and left out when it comes up
        // (most positions met never do, so few are tested). It is neither
        // expanded nor counted against the cap, nor does the cap cut it,
        // exactly as if it had been left out when met: the others keep
        // their order.
        while let Some(at) = open.pop() {
            let origin = nodes.nodes[at as usize].origin;
            if pass.cap.is_some_and(|cap| counts[origin as usize] >= cap) {
                // Once cut, the test can tell nothing more.
                if !self.table.cut {
                    let board = nodes.board(self.cards, self.stock, at);
                    self.table.cut = !self.stuck(&board);
                }
                continue;
            }
            let mut board = nodes.board(self.cards, self.stock, at);
            if self.stuck(&board) {
                continue;
            }
            counts[origin as usize] += 1;
            let scores: [i64; PILES] = std::array::from_fn(|p| self.pile_score(&board, p));
            let total: i64 = scores.iter().sum();
            let free_from = board.free_from(self.stock.len());
            self.moves(&board, &mut moves);
            let head = board.head();
            let deal = (free_from > 0).then_some(None);
            // The children's keys and guides first, up to a win; then
            // their visits one after another, so that the table's cache
            // misses overlap; then the new ones into the lists (a child's
            // board is played again only for a snapshot). The visits come
            // in the same order as one child at a time.
            children.clear();
            let mut won = None;
            for m in moves.iter().copied().map(Some).chain(deal) {
                let step = Step::of(m);
                step.play(self.cards, self.stock, &mut board);
                if usize::from(board.chambers) == CHAMBERS {
                    won = Some(step);
                    break;
                }
                let guide = match m {
                    Some(m) => {
                        let piles = total - scores[m.from] - scores[m.to]
                            + self.pile_score(&board, m.from)
                            + self.pile_score(&board, m.to);
                        self.guide_from(&board, piles)
                    }
                    None => self.guide(&board),
                };
                children.push((step, board.key(board.free_from(self.stock.len())), guide));
                board.restore(&head);
            }
            children.retain(|&(_, key, _)| self.table.visit(key));
            if let Some(step) = won {
                let mut steps = nodes.steps(at);
                steps.push(step);
                return Some(self.line(root, &steps));
            }
            for &(step, _, guide) in &children {
                let origin = if step == Step::DEAL {
                    counts.push(0);
                    counts.len() as u32 - 1
                } else {
                    origin
                };
                let child = || {
                    let mut child = board;
                    step.play(self.cards, self.stock, &mut child);
                    child
                };
                let index = nodes.push(at, step, origin, child);
                let depth = nodes.nodes[index as usize].depth;
                open.push(guide - i64::from(depth) * self.depth_cost, index);
            }
            if self.table.exhausted {
                return None;
            }
            if self.table.states() >= self.pass_limit || self.gives_way.is_some_and(|gives_way| gives_way()) {
                self.table.cut = true;
                return None;
            }
        }
        None
    }

    /// Whether `board` has a card that can never move (so it is lost).
    fn stuck(&self, board: &Board) -> bool {
        has_stuck_card(board, self.cards, &self.ranks_left)
    }

    /// The actions of `steps` from `root`, last action first.
    fn line(&self, root: &Board, steps: &[Step]) -> Vec<Action> {
        let mut board = *root;
        let mut line: Vec<Action> = steps
            .iter()
            .map(|step| {
                let action = step.to_move().map_or(Action::Deal, |m| board.action(m));
                step.play(self.cards, self.stock, &mut board);
                action
            })
            .collect();
        line.reverse();
        line
    }

    /// The moves worth searching into `moves`. Piles that get no more stock
    /// cards are interchangeable, so of their empty piles only the first is
    /// a destination, and a whole pile among them never moves into an
    /// empty one (that only renames the piles).
    fn moves(&self, board: &Board, moves: &mut Vec<Move>) {
        let free_from = board.free_from(self.stock.len());
        let first_free_empty = (free_from..PILES).find(|&p| board.len[p] == 0);
        let wanted = |m: &Move| {
            board.len[m.to] > 0
                || m.to < free_from
                || (Some(m.to) == first_free_empty
                    && (m.from < free_from || m.count < usize::from(board.len[m.from])))
        };
        board.moves_into(self.cards, moves);
        moves.retain(wanted);
    }

    /// The guide: chambers first, then cards already in place on a Crown
    /// (a run of the Crown's suit built on it) and cards resting on the
    /// card one rank above in a shared suit (future groups); less the
    /// cards resting on a card they can never be grouped with (each must
    /// move again), plus the cards still to deal: a restock is then taken
    /// when the moves before it have paid for it, not as soon as it adds a
    /// link. Weights tuned on seeds 0..40 with the capped passes: 36 won
    /// with 20 a card still to deal, 24 with none. Empty piles are worth
    /// nothing of their own once the open list pays a depth cost
    /// ([`PASSES`]) a position (15 an empty pile searched more states on seeds
    /// 5000..5200 and 6000..6200).
    fn guide(&mut self, board: &Board) -> i64 {
        let piles = (0..PILES).map(|p| self.pile_score(board, p)).sum();
        self.guide_from(board, piles)
    }

    /// The guide from the sum of the piles' [`Search::pile_score`]s.
    fn guide_from(&self, board: &Board, piles: i64) -> i64 {
        i64::from(board.chambers) * 1_000 + piles + (self.stock.len() as i64 - i64::from(board.dealt)) * 20
    }

    /// One pile's part of the guide ([`pile_score`]), remembered by the
    /// pile's hash: most piles of a position are those of its parent. The
    /// hash stands for the pile's cards (two piles sharing one, a chance
    /// in 2^64, would only misguide the order, never a verdict).
    fn pile_score(&mut self, board: &Board, p: usize) -> i64 {
        let hash = board.pile_key(p);
        let slot = &mut self.pile_scores.0[(hash >> (64 - PileScores::BITS)) as usize];
        if slot.0 != hash || slot.1 == PileScores::EMPTY {
            *slot = (hash, pile_score(self.cards, board.pile(p)));
        }
        slot.1
    }
}

/// Pile scores met lately ([`Search::pile_score`]), a slot for each value
/// of a pile hash's top bits; a slot keeps the last pile met.
struct PileScores(Vec<(u64, i64)>);

impl PileScores {
    const BITS: u32 = 12;
    /// The score of a slot no pile has filled yet.
    const EMPTY: i64 = i64::MIN;

    fn new() -> PileScores {
        PileScores(vec![(0, PileScores::EMPTY); 1 << PileScores::BITS])
    }
}

/// One pile's part of the guide: its cards built on a Crown, linked and
/// resting on a card they never group with.
fn pile_score(cards: &Cards, pile: &[u8]) -> i64 {
    let (mut built, mut links, mut breaks) = (0i64, 0i64, 0i64);
    let mut run_suit = 0u8;
    for (i, &c) in pile.iter().enumerate() {
        let c = usize::from(c);
        if cards.rank[c] + 1 == cards.sequence {
            run_suit = cards.suits[c];
            continue;
        }
        let below = pile.get(i.wrapping_sub(1)).copied();
        match below {
            Some(b) if cards.linked(b, c as u8) => {
                links += 1;
                if run_suit & cards.suits[c] != 0 {
                    built += 1;
                } else {
                    run_suit = 0;
                }
            }
            Some(_) => {
                breaks += 1;
                run_suit = 0;
            }
            None => run_suit = 0,
        }
    }
    built * 40 + links * 30 - breaks * 5
}

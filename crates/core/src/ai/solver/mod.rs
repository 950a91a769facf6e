//! Solvers for the patiences: prove a position won (with a winning line) or
//! lost, within a budget counted in states so that every run gives the same
//! answer.
//!
//! Each solver copies the game into a compact state, searches it depth first
//! with a transposition table (a set of canonical state keys, so a position
//! met twice, or met again by symmetry, is searched once), and replays any
//! winning line through the rules module before returning it.

pub mod anthill;
pub mod ants;
pub mod daily;
pub mod hint;
mod hint_words;
pub mod myrmex;
pub mod review;
pub mod unseen;

use crate::rules::ants_solitaire::Variant;
use crate::rules::cards::MyrmexLevel;
use crate::rules::patience::Patience;
use crate::rules::{DailySetup, GameKind};
use hashbrown::HashTable;

/// What a search proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<A> {
    /// A winning line from the position, in canonical notation order; it
    /// replays to a win through the rules module.
    Won(Vec<A>),
    /// No line wins from the position.
    Lost,
    /// The state budget ran out first.
    Undecided,
}

impl<A> Verdict<A> {
    /// `won`, `lost` or `undecided`.
    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Won(_) => "won",
            Verdict::Lost => "lost",
            Verdict::Undecided => "undecided",
        }
    }
}

/// A verdict and the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<A> {
    pub verdict: Verdict<A>,
    /// Distinct states searched.
    pub states: u64,
}

impl<A> Solved<A> {
    /// The verdict on a game that is already over: nothing to search.
    pub fn finished(outcome: &crate::rules::patience::PatienceOutcome) -> Solved<A> {
        let verdict = if outcome.won {
            Verdict::Won(Vec::new())
        } else {
            Verdict::Lost
        };
        Solved { verdict, states: 0 }
    }
}

/// The default budget: it decides nearly every Ants Solitaire deal, strict
/// or relaxed, in well under a second (see docs/solvers.md); many
/// Anthill deals need more than this.
pub const DEFAULT_BUDGET: u64 = 2_000_000;

/// A key of the transposition table: 16 bytes at most, with room for the
/// allowance a state was searched with (see [`Table::visit_with`]).
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub trait Key: Copy + Eq {
    /// The key with `allowance` in its top byte (keys of 128 bits lose that
    /// byte of hash; exact keys of 64 bits take no allowance).
    fn tagged(self, allowance: u8) -> Self;
    /// The allowance in the key.
    fn allowance(self) -> u8;
    /// Where the key goes in the table.
    fn spread(self) -> u64;
}

/// Hashes of 128 bits: 120 of hash and the allowance.
impl Key for u128 {
    fn tagged(self, allowance: u8) -> u128 {
        self & (u128::MAX >> 8) | u128::from(allowance) << 120
    }
    fn allowance(self) -> u8 {
        (self >> 120) as u8
    }
    fn spread(self) -> u64 {
        // Already a hash, but each half may hash only part of a position
        // (Anthill's low half is its bottom row, Myrmex's its last four
        // piles), and many positions share that part: both halves, so
        // that they do not crowd into one run of slots.
        self as u64 ^ (self >> 64) as u64
    }
}

/// A hash of 96 bits in 12 bytes (aligned to 4, where a `u128` takes 16):
/// the low 96 bits of a hash of 128, with the allowance in the top byte,
/// so 88 bits of hash. Two positions of one search share a key with a
/// chance of about n^2 / 2^89 in n positions, 10^-14 for two million.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub struct Key96([u32; 3]);

impl From<u128> for Key96 {
    fn from(hash: u128) -> Key96 {
        Key96([hash as u32, (hash >> 32) as u32, (hash >> 64) as u32])
    }
}

impl Key for Key96 {
    fn tagged(self, allowance: u8) -> Key96 {
        let [low, middle, high] = self.0;
        Key96([low, middle, high & 0x00FF_FFFF | u32::from(allowance) << 24])
    }
    fn allowance(self) -> u8 {
        (self.0[2] >> 24) as u8
    }
    fn spread(self) -> u64 {
        // The low 64 bits are a whole hash already; the rest is mixed in
        // so that every bit of the key counts.
        let [low, middle, high] = self.0;
        (u64::from(middle) << 32 | u64::from(low)) ^ u64::from(high).rotate_left(40)
    }
}

/// Exact encodings: no allowance (the searches on them never give one).
impl Key for u64 {
    fn tagged(self, allowance: u8) -> u64 {
        debug_assert_eq!(allowance, 0, "exact keys take no allowance");
        self
    }
    fn allowance(self) -> u8 {
        0
    }
    fn spread(self) -> u64 {
        mix64(self)
    }
}

/// The most keys a [`Table`] holds: as many as 2^21 slots take at
/// hashbrown's load of 7/8, so that the table stays within 34 MiB of keys
/// of 16 bytes (growing to 2^22 slots would take 68 MiB, and 102 MiB while
/// it moved). The default budget of 2,000,000 states passes it slightly.
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub const TABLE_KEYS: usize = (1 << 21) / 8 * 7;

/// The transposition table and the state count shared by the searches.
/// Keys are hashes of 128 bits (120 of them kept, and the allowance in the
/// last byte), or exact encodings where a state fits in 64 bits: an entry
/// is the key alone, 16 bytes or 8, and one byte of the table's own.
///
/// At the default budget or less it is bounded: once it holds
/// [`TABLE_KEYS`] keys (a larger budget lifts the bound, unless the table
/// is made [`Table::bounded`]), a state not in it is searched (and
/// counted) without being recorded, so it may be searched again when met
/// again. Every state met is still searched, so a search
/// that runs out of positions within the budget has still met every
/// reachable one, and a loss it proves stands.
// Public for the integration tests (crates/core/tests/rules), which check it.
#[doc(hidden)]
pub struct Table<K = u128> {
    /// Canonical keys searched, each tagged with the allowance it was
    /// searched with (see [`Table::visit_with`]).
    pub seen: HashTable<K>,
    /// The most keys it holds.
    limit: usize,
    budget: u64,
    /// States expanded so far (a state searched again with a larger
    /// allowance counts again).
    expanded: u64,
    /// Set once the budget is spent: the search unwinds and the answer is
    /// undecided.
    pub exhausted: bool,
    /// Set when a heuristic limit cut the search somewhere: a failure then
    /// proves nothing.
    pub(crate) cut: bool,
}

impl<K: Key> Table<K> {
    pub fn new(budget: u64) -> Table<K> {
        Table {
            seen: HashTable::new(),
            limit: if budget > DEFAULT_BUDGET {
                usize::MAX
            } else {
                TABLE_KEYS
            },
            budget,
            expanded: 0,
            exhausted: false,
            cut: false,
        }
    }

    /// A table bounded at [`TABLE_KEYS`] whatever the budget: for a search
    /// whose passes each take a share of a large budget, so that the
    /// budget buys more passes, not a larger table.
    pub(crate) fn bounded(budget: u64) -> Table<K> {
        Table {
            limit: TABLE_KEYS,
            ..Table::new(budget)
        }
    }

    /// Records a state; false if it was searched already or the budget is
    /// spent (then `exhausted` is set).
    pub fn visit(&mut self, key: K) -> bool {
        self.visit_with(key, 0)
    }

    /// Records a state to be searched with `allowance` (a search with a
    /// larger allowance sees more); false if it was searched already with
    /// at least as much, or the budget is spent.
    pub(crate) fn visit_with(&mut self, key: K, allowance: u8) -> bool {
        if self.exhausted {
            return false;
        }
        if self.expanded >= self.budget {
            self.exhausted = true;
            return false;
        }
        let bare = key.tagged(0);
        if self.seen.len() >= self.limit {
            // Full: find it without the entry API, which would grow it.
            match self
                .seen
                .find_mut(bare.spread(), |stored| stored.tagged(0) == bare)
            {
                Some(stored) if stored.allowance() >= allowance => return false,
                Some(stored) => *stored = bare.tagged(allowance),
                None => {}
            }
            self.expanded += 1;
            return true;
        }
        let entry = self.seen.entry(
            bare.spread(),
            |stored| stored.tagged(0) == bare,
            |stored| stored.tagged(0).spread(),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(entry) if entry.get().allowance() >= allowance => false,
            hashbrown::hash_table::Entry::Occupied(mut entry) => {
                *entry.get_mut() = bare.tagged(allowance);
                self.expanded += 1;
                true
            }
            hashbrown::hash_table::Entry::Vacant(entry) => {
                entry.insert(bare.tagged(allowance));
                self.expanded += 1;
                true
            }
        }
    }

    /// Counts `n` states a side search met outside the table; past the
    /// budget the search is exhausted.
    pub(crate) fn count(&mut self, n: u64) {
        self.expanded += n;
        if self.expanded > self.budget {
            self.exhausted = true;
        }
    }

    pub fn states(&self) -> u64 {
        self.expanded
    }

    /// Sets the keys searched aside for a pass to be resumed, leaving the
    /// table empty.
    pub(crate) fn set_aside(&mut self) -> HashTable<K> {
        std::mem::take(&mut self.seen)
    }

    /// Takes back keys set aside, in place of those held.
    pub(crate) fn take_back(&mut self, seen: HashTable<K>) {
        self.seen = seen;
    }

    /// Starts a new pass with what is left of the budget.
    pub(crate) fn next_pass(&mut self) {
        self.seen.clear();
        self.cut = false;
    }

    /// What a search of `game` that found `line` (reversed) or not comes
    /// to: its verdict, checked against the rules, and the states it took.
    pub(crate) fn solved<P: FullWin>(&self, game: &P, line: Option<Vec<P::Action>>) -> Solved<P::Action> {
        let solved = Solved {
            verdict: self.verdict(line),
            states: self.states(),
        };
        checked(game, solved)
    }

    /// The verdict for a search that found `line` (reversed) or not.
    pub(crate) fn verdict<A>(&self, line: Option<Vec<A>>) -> Verdict<A> {
        match line {
            Some(mut line) => {
                line.reverse();
                Verdict::Won(line)
            }
            None if self.exhausted || self.cut => Verdict::Undecided,
            None => Verdict::Lost,
        }
    }
}

/// A fixed 64-bit mixer (SplitMix64's finaliser), for Zobrist keys and seed
/// sequences that must never change.
pub const fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys by (card code, height in its pile), the same on every run:
/// key `[c][h]` is `mix64((c * H + h) ^ salt)`.
pub(super) const fn zobrist<const C: usize, const H: usize>(salt: u64) -> [[u64; H]; C] {
    let mut table = [[0u64; H]; C];
    let mut code = 0;
    while code < C {
        let mut height = 0;
        while height < H {
            table[code][height] = mix64((code * H + height) as u64 ^ salt);
            height += 1;
        }
        code += 1;
    }
    table
}

/// Writes piles one after another into `out`, each as long as `len` says:
/// a position packed for a best-first search's open list.
pub(crate) fn pack_piles<const H: usize>(piles: &[[u8; H]], len: &[u8], out: &mut [u8]) {
    let mut at = 0;
    for (pile, &len) in piles.iter().zip(len) {
        let len = usize::from(len);
        out[at..at + len].copy_from_slice(&pile[..len]);
        at += len;
    }
}

/// The score of a full win, which is what the solvers look for.
pub trait FullWin: Patience {
    const FULL_SCORE: i64;

    /// The game a winning line is replayed on: the game itself, unless a
    /// ruling costs a search at every move that a winning line never meets.
    fn for_replay(&self) -> Self {
        self.clone()
    }
}

impl FullWin for crate::rules::anthill::Anthill {
    const FULL_SCORE: i64 = 52;
}

impl FullWin for crate::rules::ants_solitaire::AntsSolitaire {
    const FULL_SCORE: i64 = 52;
}

/// Six chambers: a full victory.
impl FullWin for crate::rules::myrmex::Myrmex {
    const FULL_SCORE: i64 = crate::rules::myrmex::CHAMBERS as i64;

    /// A line to six chambers only passes positions that can still make a
    /// chamber, which the ruling "the game ends when no chamber is left to
    /// make" never ends; skipping its endgame search after each move took
    /// a major deal's check from over a second to nothing.
    fn for_replay(&self) -> Self {
        self.played_to_the_end()
    }
}

/// Replays `line` on a copy of `game`; true if it is legal throughout and
/// ends in a full win.
pub fn replays_to_win<P: FullWin>(game: &P, line: &[P::Action]) -> bool {
    let mut game = game.for_replay();
    line.iter().all(|a| game.apply(a).is_ok())
        && game.outcome().is_some_and(|o| o.won)
        && game.score() == P::FULL_SCORE
}

/// Keeps a `Won` verdict only if its line replays to a win (the solvers'
/// last check against the rules module); otherwise the search has a bug and
/// the honest answer is undecided.
pub(crate) fn checked<P: FullWin>(game: &P, solved: Solved<P::Action>) -> Solved<P::Action> {
    match &solved.verdict {
        Verdict::Won(line) if !replays_to_win(game, line) => {
            debug_assert!(false, "a solver line does not replay to a win: {game:?}");
            tracing::error!("a solver line does not replay to a win");
            Solved {
                verdict: Verdict::Undecided,
                states: solved.states,
            }
        }
        _ => solved,
    }
}

/// Runs a deep recursive search on a thread with a large stack (paths can
/// be thousands of positions long); the memory is only touched as used.
pub(crate) fn deep_stack<T: Send>(search: impl FnOnce() -> T + Send) -> T {
    const STACK: usize = 512 << 20;
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("solver".into())
            .stack_size(STACK)
            .spawn_scoped(scope, search)
            .expect("a solver thread");
        match handle.join() {
            Ok(value) => value,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// A game the command line and the daily deals can solve from a seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealGame {
    Anthill,
    Ants(Variant),
    /// Any level, seen whole (the solver reads face-down cards too).
    Myrmex(MyrmexLevel),
}

/// What solving one seeded deal gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealSolved {
    /// `won`, `lost` or `undecided`.
    pub verdict: &'static str,
    /// The winning line's length in actions (deals included), if won.
    pub moves: Option<usize>,
    pub states: u64,
}

impl From<DailySetup> for DealGame {
    /// The solver that picks a daily deal: Anthill, Ants Solitaire in the
    /// daily's variant, and Myrmex at the daily's level seen whole (its
    /// face-down cards are read, so the deal is winnable if the player could
    /// see every card).
    fn from(daily: DailySetup) -> DealGame {
        match daily {
            DailySetup::Anthill => DealGame::Anthill,
            DailySetup::Ants(variant) => DealGame::Ants(variant),
            DailySetup::Myrmex(level) => DealGame::Myrmex(level),
        }
    }
}

impl DealGame {
    /// `anthill`, `ants` (strict), `ants-relaxed`, `myrmex` (larval) or
    /// `myrmex-LEVEL`.
    pub fn parse(text: &str) -> Option<DealGame> {
        let text = text.trim().to_ascii_lowercase();
        let (game, option) = match GameKind::parse(&text) {
            Some(kind) => (kind, None),
            None => {
                let (game, option) = text.split_once('-')?;
                (GameKind::parse(game)?, Some(option))
            }
        };
        match (game, option) {
            (GameKind::Anthill, None) => Some(DealGame::Anthill),
            (GameKind::Ants, None) => Some(DealGame::Ants(Variant::Strict)),
            (GameKind::Ants, Some(variant)) => Variant::parse(variant).map(DealGame::Ants),
            (GameKind::Myrmex, None) => Some(DealGame::Myrmex(MyrmexLevel::Larval)),
            (GameKind::Myrmex, Some(level)) => MyrmexLevel::parse(level).map(DealGame::Myrmex),
            _ => None,
        }
    }

    pub fn name(self) -> String {
        match self {
            DealGame::Anthill => GameKind::Anthill.to_string(),
            DealGame::Ants(Variant::Strict) => GameKind::Ants.to_string(),
            DealGame::Ants(variant) => format!("{}-{variant}", GameKind::Ants),
            DealGame::Myrmex(level) => format!("{}-{level}", GameKind::Myrmex),
        }
    }

    /// The budget `antics solve` gives a deal unless told otherwise.
    pub fn default_budget(self) -> u64 {
        match self {
            DealGame::Myrmex(_) => myrmex::BUDGET,
            DealGame::Anthill | DealGame::Ants(_) => DEFAULT_BUDGET,
        }
    }

    /// The threads [`DealGame::solve_seed_on`] uses when given `workers`.
    pub fn threads(self, workers: usize) -> usize {
        match self {
            DealGame::Myrmex(_) => workers.max(1),
            DealGame::Anthill | DealGame::Ants(_) => 1,
        }
    }

    /// Solves the deal a seed gives, from its start, on one thread.
    pub fn solve_seed(self, seed: u64, budget: u64) -> DealSolved {
        self.solve_seed_on(seed, budget, 1)
    }

    /// [`DealGame::solve_seed`] on up to `workers` threads: Myrmex runs its
    /// first rounds of passes side by side ([`myrmex::solve_on`]), with the
    /// same result; the other solvers run on one.
    pub fn solve_seed_on(self, seed: u64, budget: u64, workers: usize) -> DealSolved {
        fn summary<A>(solved: Solved<A>) -> DealSolved {
            DealSolved {
                verdict: solved.verdict.label(),
                moves: match &solved.verdict {
                    Verdict::Won(line) => Some(line.len()),
                    _ => None,
                },
                states: solved.states,
            }
        }
        match self {
            DealGame::Anthill => {
                let setup = crate::rules::anthill::Setup {
                    seed: Some(seed),
                    deal: None,
                };
                let game = crate::rules::anthill::Anthill::new(&setup).expect("a seed always deals");
                summary(anthill::solve(&game, budget))
            }
            DealGame::Ants(variant) => {
                let setup = crate::rules::ants_solitaire::Setup {
                    variant,
                    seed: Some(seed),
                    deal: None,
                };
                let game =
                    crate::rules::ants_solitaire::AntsSolitaire::new(&setup).expect("a seed always deals");
                summary(ants::solve(&game, budget))
            }
            DealGame::Myrmex(level) => {
                summary(myrmex::solve_on(&myrmex::dealt(level, seed), budget, workers))
            }
        }
    }
}

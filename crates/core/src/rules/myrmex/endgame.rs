//! What is left to gain once the stock is spent: whether some line of moves
//! still completes a chamber or turns a face-down card face up.
//!
//! With no stock left only moves change the tableau, so the positions a
//! game can reach are finite, and a search over all of them decides the
//! question exactly. It goes best first (towards the chamber that needs
//! the fewest moves by a rough count, and runs built on Crowns, so that a
//! line to a chamber is found early) over canonical positions with a
//! table of those already met: with no restock to come every pile is like
//! any other, so a position is its piles sorted, each written as its
//! face-down count and its face-up cards. The two copies of a card share a
//! code, so swapping them changes nothing. Only a search that met every
//! reachable position answers "stuck"; one that meets [`ENDGAME_STATES`]
//! first answers "undecided", and the game goes on.
//!
//! The order decides only how soon a line is found: "stuck" comes when
//! the positions to expand run out, after every reachable one was met in
//! any order, and "progress" comes with a line the rules can play. Guided
//! by the moves the nearest chamber still needs ([`guide`]), with each
//! move of the line weighing more, the search finds chambers within the
//! bound that runs alone found only past millions of positions, or never.
//!
//! A position a static proof shows can never make progress ([`hopeless`]:
//! cards that can never move, since the cards that would have moved first
//! could not all find a card to rest on; no pile that ever empties but
//! those with nothing face down, which count as empty ones; and no Crown
//! with a card it could still get for every rank it lacks) is met
//! but not expanded: nothing reachable from it can make progress either,
//! so the answer is the one the plain search would give, often after far
//! fewer positions.
//!
//! Measured on deals with every restock made at once (seeds 0..60, those
//! not over), 50,000 positions a search: stuck / progress / undecided.
//!
//! | level | this search | the count giving up on a pile that may empty (`unemptied`) | the proof without its count (`claims`) | no proof (`plain`) | runs alone, first proof (before) |
//! |---|---|---|---|---|---|
//! | major | 35 / 17 / 7 (539,045 positions) | 32 / 17 / 10 (628,182) | 30 / 14 / 15 (937,175) | 30 / 14 / 15 (1,016,429) | 30 / 4 / 25 (1,365,174) |
//! | queen | 44 / 3 / 10 (607,671) | 44 / 3 / 10 (635,168) | 42 / 1 / 14 (991,701) | 39 / 1 / 17 (1,115,137) | 42 / 0 / 15 (1,018,433) |
//! | larval | 23 / 24 / 11 (917,927) | 23 / 23 / 12 (918,977) | 19 / 18 / 21 (1,355,237) | 18 / 18 / 22 (1,381,756) | 19 / 4 / 35 (1,849,901) |
//! | minor | 9 / 49 / 0 (11,830) | 9 / 49 / 0 (11,830) | | | 9 / 49 / 0 (53,245) |
//!
//! The count costs time on a position, which the positions it spares make
//! up for. The piles that may empty cost more: the count goes on where it
//! gave up, and a search that prunes more expands more positions to meet
//! as many. Measured together, the probe's major searches take 3.2 s in
//! all (1.9 s giving up), the slowest search 0.62 s (queen seed 20,
//! undecided; giving up, 0.49 s, queen seed 30). What they gain: major
//! seeds 5, 28 and 57, stuck after 25,745, 29,265 and 6,141 positions,
//! which the search giving up on such piles decided only past 1.2 million,
//! 8 million (undecided still) and 7.3 million. Of the deals left
//! undecided, most reach a chamber within a few million positions (major
//! 13, 25, 29, 58, 59; queen 0, 15, 25, 28, 30, 34, 50; the nearest major
//! 58 at 73,000, queen 30 at 78,000), and major 21, 45 and queen 20, 31,
//! 35 stay undecided past 8 million: the count does not check the order
//! in which the cards it moves could go, and once a pile may empty every
//! run may land there, so the claims of most piles go at once.
//! (`cargo run --release -p antics-core --example endgame_probe -- major
//! 50000`; `unemptied`, `claims` or `plain` for the others, `line` to
//! replay each line found.)
//!
//! As players meet it, following the hint from the deal (seeds 0..60):
//! at major 2 games of 60 (seeds 21, 45) and at queen 9 (18, 19, 20, 25,
//! 31, 35, 50, 53, 55) reach an endgame this search leaves undecided, and
//! the hint offers to end them; every other game ends by itself or the
//! hint finds nothing left. Searched on without a bound, major 21 is stuck
//! after 17.5 million positions (168 s), queen 18 after 6.0 million and
//! queen 19 after 4.7 million, and major 45 reaches a chamber by a line of
//! 49 actions found after 5.6 million: deciding them takes a hundred times
//! the bound. (`cargo run --release -p antics-core --example
//! followed_endgame -- major 0..60 deep=20000000`.)
//!
//! Face-down cards never move, and turning one up ends the search, so which
//! card lies face down never matters: the search reads only what the player
//! sees, and a hint may use it.

use super::{rank_index, sequence_len, Action, Piles, PILES};
use crate::rules::cards::{DecktetCard, MyrmexLevel};
use hashbrown::hash_table::{Entry, HashTable};
use lru::LruCache;
use rustc_hash::FxHasher;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hasher;
use std::num::NonZeroUsize;
use std::sync::{LazyLock, Mutex, PoisonError};

/// How many positions the search may meet before it gives up undecided
/// (then the game goes on: a game never ends on a guess). A position with
/// nothing left to gain has few: in larval games played on past the last
/// restock by the look-ahead hint (seeds 0..20), the 7 proved stuck met
/// 8 to 37,492 positions, 5 of them fewer than 200. A search meets about
/// a million positions a second where the static proof is quick, down to
/// some 80,000 where it counts resting places at length (bench
/// `myrmex_endgame`, probe `endgame_probe`): the bound costs 50 to 650 ms,
/// paid once between two flips, restocks or chambers (the game keeps the
/// answer). Positions with many cards and an empty pile can reach far more,
/// and stay undecided.
pub const ENDGAME_STATES: usize = 50_000;

/// How many answers of [`stuck`] are remembered; past it, the one asked
/// about longest ago goes.
const REMEMBERED: usize = 4_096;

/// Room for the tallest pile a game can build.
const HEIGHT: usize = 72;

/// What the search found from a position whose stock is spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prospect {
    /// A line of `len` actions completes a chamber or turns a card face up;
    /// `first` starts it (`undo` when the line starts further back, in a
    /// position the player can still undo to).
    Progress { first: Action, len: usize },
    /// No line does: nothing is left to gain.
    Stuck,
    /// The search met [`ENDGAME_STATES`] positions first.
    Undecided,
}

/// Rank index and suit bits of each card code at one level.
struct Cards {
    rank: [u8; DecktetCard::ALL.len()],
    suits: [u8; DecktetCard::ALL.len()],
    sequence: usize,
    /// Rank and suits again, by code masked to six bits: for the guide,
    /// read for every card of every position met.
    masked: [(u8, u8); 64],
}

impl Cards {
    fn new(level: MyrmexLevel) -> Cards {
        let mut cards = Cards {
            rank: [0; DecktetCard::ALL.len()],
            suits: [0; DecktetCard::ALL.len()],
            sequence: sequence_len(level),
            masked: [(0, 0); 64],
        };
        for (i, card) in DecktetCard::ALL.iter().enumerate() {
            cards.rank[i] = rank_index(level, card.rank()) as u8;
            cards.suits[i] = card.suits().iter().fold(0, |bits, suit| bits | 1 << suit as u8);
            cards.masked[i] = (cards.rank[i], cards.suits[i]);
        }
        cards
    }
}

fn code(card: DecktetCard) -> u8 {
    DecktetCard::ALL
        .iter()
        .position(|&c| c == card)
        .expect("a Decktet card") as u8
}

/// A tableau as the search sees it: each pile's face-up cards (codes,
/// bottom first) over a number of face-down cards.
#[derive(Clone, Copy)]
struct Tableau {
    up: [[u8; HEIGHT]; PILES],
    len: [u8; PILES],
    down: [u8; PILES],
}

/// `count` cards from pile `from` to pile `to` (0-based).
#[derive(Clone, Copy)]
struct Move {
    from: usize,
    to: usize,
    count: usize,
}

impl Tableau {
    fn of(piles: &Piles) -> Tableau {
        let mut t = Tableau {
            up: [[0; HEIGHT]; PILES],
            len: [0; PILES],
            down: [0; PILES],
        };
        for (p, pile) in piles.iter().enumerate() {
            for slot in pile {
                if slot.up {
                    t.up[p][usize::from(t.len[p])] = code(slot.card);
                    t.len[p] += 1;
                } else {
                    t.down[p] += 1;
                }
            }
        }
        t
    }

    fn cards(&self, p: usize) -> &[u8] {
        &self.up[p][..usize::from(self.len[p])]
    }

    fn is_empty(&self, p: usize) -> bool {
        self.len[p] == 0 && self.down[p] == 0
    }

    /// The largest group at the top of pile `p`.
    fn group(&self, cards: &Cards, p: usize) -> usize {
        let pile = self.cards(p);
        let Some(&top) = pile.last() else {
            return 0;
        };
        let (mut common, mut rank) = (cards.suits[usize::from(top)], cards.rank[usize::from(top)]);
        let mut group = 1;
        for &c in pile.iter().rev().skip(1) {
            let c = usize::from(c);
            if cards.rank[c] != rank + 1 || common & cards.suits[c] == 0 {
                break;
            }
            common &= cards.suits[c];
            rank += 1;
            group += 1;
        }
        group
    }

    /// Every move worth searching. Empty piles are alike, so only the first
    /// is a destination, and a whole pile never moves into one (that only
    /// renames the piles); a pile over face-down cards may, which turns
    /// one up.
    fn moves(&self, cards: &Cards, out: &mut Vec<Move>) {
        out.clear();
        let empty = (0..PILES).find(|&p| self.is_empty(p));
        for from in 0..PILES {
            let group = self.group(cards, from);
            if group == 0 {
                continue;
            }
            let have = cards.rank[usize::from(*self.cards(from).last().expect("a group"))];
            for to in 0..PILES {
                if to == from {
                    continue;
                }
                if Some(to) == empty {
                    let whole = self.down[from] == 0;
                    let most = if whole {
                        group.min(usize::from(self.len[from]) - 1)
                    } else {
                        group
                    };
                    out.extend((1..=most).map(|count| Move { from, to, count }));
                } else if let Some(&target) = self.cards(to).last() {
                    let wanted = cards.rank[usize::from(target)];
                    if wanted > have && usize::from(wanted - have) <= group {
                        let count = usize::from(wanted - have);
                        out.push(Move { from, to, count });
                    }
                }
            }
        }
    }

    /// `m` as the player writes it.
    fn action(&self, m: Move) -> Action {
        if self.is_empty(m.to) {
            Action::to_empty(m.from as u8 + 1, m.count as u8, m.to as u8 + 1)
        } else {
            Action::onto(m.from as u8 + 1, m.to as u8 + 1)
        }
    }

    /// Plays `m`; true when it completes a chamber or uncovers a face-down
    /// card (which the rules then turn up).
    fn play(&mut self, cards: &Cards, m: Move) -> bool {
        let (from_len, to_len) = (usize::from(self.len[m.from]), usize::from(self.len[m.to]));
        let start = from_len - m.count;
        let moved = self.up[m.from];
        self.up[m.to][to_len..to_len + m.count].copy_from_slice(&moved[start..from_len]);
        self.len[m.from] -= m.count as u8;
        self.len[m.to] += m.count as u8;
        let flips = self.len[m.from] == 0 && self.down[m.from] > 0;
        flips || self.group(cards, m.to) >= cards.sequence
    }

    /// The canonical key: the piles sorted, each its face-down count, its
    /// length and its cards.
    fn key(&self, out: &mut Vec<u8>) {
        let mut order: [usize; PILES] = std::array::from_fn(|p| p);
        order.sort_unstable_by(|&a, &b| {
            (self.down[a], self.len[a], self.cards(a)).cmp(&(self.down[b], self.len[b], self.cards(b)))
        });
        out.clear();
        for p in order {
            out.extend_from_slice(&[self.down[p], self.len[p]]);
            out.extend_from_slice(self.cards(p));
        }
    }

    fn from_key(key: &[u8]) -> Tableau {
        let mut t = Tableau {
            up: [[0; HEIGHT]; PILES],
            len: [0; PILES],
            down: [0; PILES],
        };
        let mut at = 0;
        for p in 0..PILES {
            t.down[p] = key[at];
            t.len[p] = key[at + 1];
            let len = usize::from(t.len[p]);
            t.up[p][..len].copy_from_slice(&key[at + 2..at + 2 + len]);
            at += 2 + len;
        }
        t
    }

    /// Whether no suit has a face-up card of every rank, so that no
    /// chamber can ever form from these cards. With nothing face down that
    /// settles it without a search.
    fn no_suit_complete(&self, cards: &Cards) -> bool {
        let mut ranks_of_suit = [0u32; 6];
        for p in 0..PILES {
            for &c in self.cards(p) {
                let c = usize::from(c);
                for (suit, ranks) in ranks_of_suit.iter_mut().enumerate() {
                    if cards.suits[c] & 1 << suit != 0 {
                        *ranks |= 1 << cards.rank[c];
                    }
                }
            }
        }
        let full = (1u32 << cards.sequence) - 1;
        ranks_of_suit.iter().all(|&ranks| ranks != full)
    }
}

/// Whether no line of moves from `t` can make progress, by a static proof
/// that needs no search: `true` only when none can (a sound answer);
/// `false` says nothing.
///
/// It claims, for each pile that is not empty, that its `k` lowest face-up
/// cards (and the face-down ones under them) never move, and that it never
/// empties, and shrinks the claims until they can be
/// checked. A card may become a top one day only if it is *loose*, at or
/// above its pile's claimed part, or the highest claimed card (what lies
/// under it cannot come up while it stays); `free` holds their ranks. The
/// claims are shrunk until, for every pile, no run of its claimed cards
/// from one of them up to the highest claimed card that is grouped
/// (consecutive ranks, a suit in common) has a bottom one rank below a
/// free rank and passes the count of resting places below; a pile whose
/// whole run could move (it would empty, or turn a card up) answers
/// `false` at once, so every pile keeps a claimed card.
///
/// Then along any line of moves none of these happens before progress.
/// Take the first move that moves a claimed card or empties a pile. If it
/// moves a claimed card, the bottom of its group lies at or under that
/// card in its pile, and the group holds every card from there up to the
/// highest claimed card, unmoved so far: a grouped run of claimed cards.
/// It lands on a pile that was empty in `t` (the only ones that can be
/// empty yet), or on a top one rank above, which is a card that has moved
/// (so loose: a claimed card has not), an unmoved loose card, or a claimed
/// card with no claimed card left above it, so the highest claimed one: a
/// free rank. Emptying a pile or turning a card up moves its bottom
/// face-up card, which is claimed: the same case. (Without the count below
/// the proof gives up on a position with an empty pile.)
///
/// The count of resting places: just before that first move, the cards
/// of each pile that have never moved are the ones under a *cut* (a
/// card that moves carries every card above it), and the claimed ones are
/// among them. A card that has moved lies on a card one rank above: it
/// landed there, or moved along grouped with it, or landed back on it. A
/// card that never moved lies where it was, and no card has two on it. So
/// each moved card of rank `r` rests on its own card of rank `r + 1` that
/// has moved or is the top unmoved card of its pile (an unmoved card under
/// it has its own old upper card on it): for every rank, the moved cards
/// of that rank are at most those of the rank above plus the piles whose
/// top unmoved card is of the rank above ([`Slack`]). The first move
/// needs one more card of rank `r + 1`, bare, for the run's bottom (rank
/// `r`) to land on; and the unmoved cards of its pile from the run's
/// bottom up all go with it, so they are one group, which bounds that
/// pile's cut. When no cuts of the piles (at or above their claims) meet
/// every count ([`Cuts::room`]), that run cannot move first, and its
/// claims stand. A pile empty in `t` takes one card of any rank at its
/// bottom (the card there rests on nothing), and the run may land there
/// too: so the counts may fall short by as many cards, in all, as there
/// are empty piles. The count only keeps claims the ranks alone would
/// shrink, so this proof holds wherever the one without it does.
///
/// So progress can only be a chamber made while the claims hold. A chamber
/// of suit `s` is a Crown of suit `s` (its only suit) under one card of
/// every lower rank sharing `s`, at a pile's top. If the Crown is claimed,
/// the claimed cards above it stay there, under the chamber's other cards,
/// so they must already run down from the Crown in its suit, and every
/// lower rank must come from a loose card (one that moved there, or lay
/// there unmoved above the claimed part). If the Crown is loose, no card of
/// the chamber is claimed: a claimed card keeps its place, and whatever
/// lies under it there is claimed too, the Crown included. So when no
/// Crown has, for each rank it still needs, a loose card of that rank
/// sharing its suit, no chamber is ever made.
///
/// A pile whose whole run could move gives the proof up only if cards lie
/// face down under it (they might turn up). Otherwise the pile keeps no
/// claim and *may empty*: all its cards are loose, any run may land on it
/// once it has emptied, and in the count its cuts include the one under
/// its bottom card, where all its cards have moved; that cut also gives
/// one card leave to rest on nothing at its bottom (the slot [`BARE`]). The argument above holds with "empty in `t`" read as
/// "empty in `t`, or emptied of all its own cards": just before the first
/// move of a claimed card, each pile holds at most one card resting on
/// nothing, and only a pile empty in `t` or cut under its bottom card
/// can; the run lands on a free rank or a pile empty by then; a pile with
/// a claimed card never empties; and the chambers are those made while
/// the claims hold, of cards of the piles as they lie.
///
/// Claims only shrink, and a Crown once covered (a loose card of every rank
/// it needs) stays so: the cards that leave a claimed run above it become
/// loose, of its suit and the ranks it then needs. So the proof stops with
/// `false` at the first shrink that covers a Crown.
///
/// Once a pile may empty, the proof makes at most `counts` full counts
/// more ([`COUNTS_EMPTIED`]), and gives up past them.
fn hopeless(cards: &Cards, t: &Tableau, counts: usize) -> bool {
    hopeless_with(cards, t, Proof::Counted, counts)
}

/// [`hopeless`], or one of the weaker proofs it grew from, which tests
/// compare: without the count of resting places ([`Proof::Claims`]), or
/// with it but giving up on a pile that may empty ([`Proof::Unemptied`]).
fn hopeless_with(cards: &Cards, t: &Tableau, proof: Proof, most_counts: usize) -> bool {
    let rest = proof != Proof::Claims;
    let emptying = proof == Proof::Counted;
    if (0..PILES).any(|p| t.len[p] == 0 && (t.down[p] > 0 || !rest)) {
        // A face-down card about to turn up; or, without the count, an
        // empty pile (any group may go there).
        return false;
    }
    let rank = |c: u8| cards.rank[usize::from(c)];
    let suits = |c: u8| cards.suits[usize::from(c)];
    let mut claimed: [usize; PILES] = std::array::from_fn(|p| usize::from(t.len[p]));
    // To begin with every card is claimed, and only the tops are free.
    let mut free = 0u32;
    for p in (0..PILES).filter(|&p| t.len[p] > 0) {
        free |= 1 << rank(*t.cards(p).last().expect("not empty"));
    }
    // Empty piles: any run may go there, and the card at the bottom of one
    // rests on nothing.
    let mut empty = (0..PILES).filter(|&p| t.len[p] == 0).count();
    // Whether a pile may empty, and the full counts tried since.
    let (mut emptied, mut counts) = (false, 0);
    let mut cuts = Cuts::new(t, empty as i32);
    if rest {
        for (p, &k) in claimed.iter().enumerate() {
            cuts.pile(cards, t, p, k);
        }
    }
    // Shrinks so far, and how many there were when each pile's runs were
    // last found unable to move: unchanged since, they still are. A quick
    // pass looks only at what settles at once ([`Cuts::room`] without
    // trying cuts one by one); a full one follows when it shrinks nothing.
    let (mut shrinks, mut settled) = (0usize, [usize::MAX; PILES]);
    // Ranks of the loose cards of each suit so far.
    let mut loose = [0u32; 6];
    // Where the Crowns lie (six in a deck: every one must be here).
    let crown = cards.sequence - 1;
    let mut crowns = [(0, 0); 12];
    let mut n_crowns = 0;
    for p in 0..PILES {
        for (h, &c) in t.cards(p).iter().enumerate() {
            if usize::from(rank(c)) == crown && n_crowns < crowns.len() {
                crowns[n_crowns] = (p, h);
                n_crowns += 1;
            }
        }
    }
    // Whether some Crown has a loose card of every rank it still needs.
    let covered = |claimed: &[usize; PILES], loose: &[u32; 6]| {
        crowns[..n_crowns].iter().any(|&(p, h)| {
            let (pile, k) = (t.cards(p), claimed[p]);
            let suit = suits(pile[h]);
            let mut needed = (1u32 << crown) - 1;
            if h < k {
                for (below, &x) in pile[h..k].iter().zip(&pile[h + 1..k]) {
                    if rank(x) + 1 != rank(*below) || suits(x) & suit == 0 {
                        return false;
                    }
                    needed &= !(1 << rank(x));
                }
            }
            loose[suit.trailing_zeros() as usize] & needed == needed
        })
    };
    let mut quick = true;
    loop {
        let before = shrinks;
        for p in 0..PILES {
            if settled[p] == shrinks || claimed[p] == 0 {
                continue;
            }
            let pile = t.cards(p);
            let k = claimed[p];
            // The grouped runs of claimed cards up to the highest one,
            // from the shortest.
            let mut h = k - 1;
            let mut common = suits(pile[h]);
            let (mut moves, mut open) = (false, false);
            loop {
                let wanted = rank(pile[h]) + 1;
                if free & 1 << wanted != 0 || empty > 0 {
                    // A free rank one above: unless the cards that have
                    // moved by then could not all find a card to rest on.
                    let room = if rest {
                        if emptied && !quick {
                            counts += 1;
                            if counts > most_counts {
                                return false;
                            }
                        }
                        cuts.room(cards, t, p, h, quick)
                    } else {
                        Some(true)
                    };
                    moves = room == Some(true);
                    open |= room.is_none();
                }
                if moves {
                    // Cards from `h` up are loose now, and the one under
                    // them is the highest claimed.
                    for &c in &pile[h.saturating_sub(1)..k] {
                        free |= 1 << rank(c);
                    }
                    if h == 0 {
                        // The whole pile may move: it may turn a card up,
                        // or empty.
                        if !emptying || t.down[p] > 0 {
                            return false;
                        }
                        empty += 1;
                        emptied = true;
                    }
                    for &c in &pile[h..k] {
                        let mut bits = suits(c);
                        while bits != 0 {
                            loose[bits.trailing_zeros() as usize] |= 1 << rank(c);
                            bits &= bits - 1;
                        }
                    }
                    claimed[p] = h;
                    if covered(&claimed, &loose) {
                        return false;
                    }
                    if rest {
                        cuts.pile(cards, t, p, h);
                        if !quick {
                            cuts.sort();
                        }
                    }
                    shrinks += 1;
                    break;
                }
                if h == 0 {
                    break;
                }
                let under = pile[h - 1];
                if rank(under) != rank(pile[h]) + 1 || common & suits(under) == 0 {
                    break;
                }
                common &= suits(under);
                h -= 1;
            }
            if !moves && !open {
                settled[p] = shrinks;
            }
        }
        if shrinks == before {
            if quick && rest {
                quick = false;
                cuts.sort();
                continue;
            }
            break;
        }
        quick = true;
    }
    // Every pile keeps a claimed card, or may empty with nothing face
    // down: none turns a card up.
    !covered(&claimed, &loose)
}

/// What a pile's cut adds to each rank's slack (the cards of that rank
/// there are to rest on, less those that need one): the cards from the cut
/// up have moved, and each needs a card one rank above to rest on and is
/// one for a card a rank below; the card under the cut, the top one of
/// those that never moved, is one too.
type Slack = [i8; 16];

/// The slot of a [`Slack`] past the ranks (twelve at most): the piles
/// emptied of their own cards (cut under their bottom card), each of which
/// may take one card resting on nothing. Never below zero.
const BARE: usize = 15;

/// For each pile, the cuts its claims allow (the highest first), and what
/// each adds to the slack.
struct Cuts {
    /// Each pile's cuts, from `at[q]` on (room for all of them).
    choices: [Slack; HEIGHT + PILES],
    at: [usize; PILES],
    count: [usize; PILES],
    /// The same without those another adds at least as much as, once
    /// worked out (`sorted`).
    best: [Slack; HEIGHT + PILES],
    best_count: [usize; PILES],
    sorted: [bool; PILES],
    /// Of each pile, the highest cut's slack and the most any cut adds to
    /// each rank's; and their sums over the piles.
    first: [Slack; PILES],
    most: [Slack; PILES],
    first_sum: Slack,
    most_sum: Slack,
    /// Empty piles: each takes one card of any rank at its bottom.
    empty: i32,
}

/// How many partial choices of cuts [`Cuts::room`] tries before it gives
/// up and says the run may move (which only weakens the proof).
const TRIES: usize = 60;

/// How many full counts ([`Cuts::room`] trying cuts one by one) the proof
/// makes once a pile may empty before it gives up (which only weakens it):
/// while the search has met fewer than [`FEW_MET`] positions, and after.
/// The more it makes, the more positions it proves, and the longer the
/// slowest searches take: 20 throughout made the slowest queen search
/// 0.75 s, 12 throughout left major seed 57 undecided (proved after 827
/// positions with 20), 8 proved no more than giving up on the pile. A
/// position proved early spares the most.
const COUNTS_EMPTIED: (usize, usize) = (20, 12);

/// See [`COUNTS_EMPTIED`].
const FEW_MET: usize = 10_000;

impl Cuts {
    fn new(t: &Tableau, empty: i32) -> Cuts {
        let mut at = [0; PILES];
        for q in 1..PILES {
            at[q] = at[q - 1] + usize::from(t.len[q - 1]) + 1;
        }
        Cuts {
            choices: [[0; 16]; HEIGHT + PILES],
            at,
            count: [0; PILES],
            best: [[0; 16]; HEIGHT + PILES],
            best_count: [0; PILES],
            sorted: [false; PILES],
            first: [[0; 16]; PILES],
            most: [[0; 16]; PILES],
            first_sum: [0; 16],
            most_sum: [0; 16],
            empty,
        }
    }

    fn all(&self, q: usize) -> &[Slack] {
        &self.choices[self.at[q]..self.at[q] + self.count[q]]
    }

    fn best(&self, q: usize) -> &[Slack] {
        &self.best[self.at[q]..self.at[q] + self.best_count[q]]
    }

    /// The cuts of pile `q` with its `claimed` lowest cards never moved.
    fn pile(&mut self, cards: &Cards, t: &Tableau, q: usize, claimed: usize) {
        let rank = |c: u8| usize::from(cards.rank[usize::from(c)]);
        let cs = t.cards(q);
        let mut moved: Slack = [0; 16];
        self.count[q] = 0;
        if cs.is_empty() {
            // An empty pile: nothing to cut.
            self.choices[self.at[q]] = moved;
            self.count[q] = 1;
        }
        for c in (claimed.max(1)..=cs.len()).rev() {
            if c < cs.len() {
                let j = rank(cs[c]);
                if j > 0 {
                    moved[j - 1] += 1;
                }
                moved[j] -= 1;
            }
            let mut add = moved;
            let j = rank(cs[c - 1]);
            if j > 0 {
                add[j - 1] += 1;
            }
            self.choices[self.at[q] + self.count[q]] = add;
            self.count[q] += 1;
        }
        if claimed == 0 && !cs.is_empty() {
            // A pile that may empty: every card of it has moved.
            let j = rank(cs[0]);
            if j > 0 {
                moved[j - 1] += 1;
            }
            moved[j] -= 1;
            moved[BARE] += 1;
            self.choices[self.at[q] + self.count[q]] = moved;
            self.count[q] += 1;
        }
        self.sorted[q] = false;
        let all = self.all(q);
        let (first, most) = (all[0], most_of(all));
        for k in 0..16 {
            self.first_sum[k] += first[k] - self.first[q][k];
            self.most_sum[k] += most[k] - self.most[q][k];
        }
        (self.first[q], self.most[q]) = (first, most);
    }

    /// Works out each pile's cuts worth trying, where it is not yet.
    fn sort(&mut self) {
        let below = |a: &Slack, b: &Slack| (0..16).all(|k| a[k] <= b[k]);
        for q in 0..PILES {
            if self.sorted[q] {
                continue;
            }
            self.sorted[q] = true;
            self.best_count[q] = 0;
            for n in 0..self.count[q] {
                let all = self.all(q);
                let add = all[n];
                let dominated = all
                    .iter()
                    .enumerate()
                    .any(|(m, other)| m != n && below(&add, other) && (add != *other || m < n));
                if !dominated {
                    self.best[self.at[q] + self.best_count[q]] = add;
                    self.best_count[q] += 1;
                }
            }
        }
    }

    /// Whether the claimed run of pile `p` from card `i` up could be the
    /// first claimed cards to move: some cut of every pile (of `p`, one
    /// whose unmoved cards from `i` up are one group) leaves every rank's
    /// slack at zero or more, with a card one rank above the run's bottom
    /// left bare for it to land on.
    fn room(&self, cards: &Cards, t: &Tableau, p: usize, i: usize, quick: bool) -> Option<bool> {
        let rank = |c: u8| usize::from(cards.rank[usize::from(c)]);
        let suits = |c: u8| cards.suits[usize::from(c)];
        let pile = t.cards(p);
        let mut end = i + 1;
        let mut common = suits(pile[i]);
        while end < pile.len() && rank(pile[end]) + 1 == rank(pile[end - 1]) && common & suits(pile[end]) != 0
        {
            common &= suits(pile[end]);
            end += 1;
        }
        let mut slack: Slack = [0; 16];
        slack[rank(pile[i])] = -1;
        // At once: with the highest cut of each pile (of `p`, its highest
        // allowed), or with the most each could add.
        let mine = &self.all(p)[pile.len() - end..];
        let (first, most) = (mine[0], most_of(mine));
        let with = |of: &Slack, sum: &Slack, mine: &Slack| -> Slack {
            std::array::from_fn(|k| slack[k] + sum[k] - of[k] + mine[k])
        };
        if !short(&with(&self.first[p], &self.first_sum, &first), self.empty) {
            return Some(true);
        }
        if short(&with(&self.most[p], &self.most_sum, &most), self.empty) {
            return Some(false);
        }
        if quick {
            return None;
        }
        // Pile `p` first, with only its cuts at `end` or under; then the
        // others with a choice, the fewest choices first; a pile with one
        // cut worth trying adds it at once.
        let mut levels: [&[Slack]; PILES] = [&[]; PILES];
        levels[0] = mine;
        let mut n = 1;
        for q in (0..PILES).filter(|&q| q != p) {
            let tried = self.best(q);
            if let [only] = tried {
                for k in 0..16 {
                    slack[k] += only[k];
                }
            } else {
                levels[n] = tried;
                n += 1;
            }
        }
        let levels = &mut levels[..n];
        levels[1..].sort_unstable_by_key(|l| l.len());
        // The most the levels from each on could still add.
        let mut most = [[0i8; 16]; PILES + 1];
        for n in (0..levels.len()).rev() {
            let best = most_of(levels[n]);
            for k in 0..16 {
                most[n][k] = most[n + 1][k] + best[k];
            }
        }
        let mut tries = TRIES;
        Some(fits(levels, &slack, &most, self.empty, &mut tries))
    }
}

/// The most any of `choices` adds to each rank's slack.
fn most_of(choices: &[Slack]) -> Slack {
    let mut most = [i8::MIN; 16];
    for add in choices {
        for k in 0..16 {
            most[k] = most[k].max(add[k]);
        }
    }
    most
}

/// Whether some choice from each of `levels` leaves no slack below zero;
/// also true when the tries run out.
fn fits(levels: &[&[Slack]], slack: &Slack, most: &[Slack], empty: i32, tries: &mut usize) -> bool {
    if short(&sum(slack, &most[0]), empty) {
        return false;
    }
    let Some((level, rest)) = levels.split_first() else {
        return true;
    };
    if *tries == 0 {
        return true;
    }
    *tries -= 1;
    level
        .iter()
        .any(|add| fits(rest, &sum(slack, add), &most[1..], empty, tries))
}

fn sum(a: &Slack, b: &Slack) -> Slack {
    std::array::from_fn(|k| a[k] + b[k])
}

/// Whether the ranks' slack falls short by more than the `empty` piles
/// can make up, one card each.
fn short(slack: &Slack, empty: i32) -> bool {
    // The bare slot is never below zero: summed with the ranks' shortfalls
    // it adds nothing, so it is added once more.
    slack.iter().map(|&s| i32::from(s.min(0))).sum::<i32>() + i32::from(slack[BARE]) + empty < 0
}

/// Positions met so far, each once: their keys one after another in an
/// arena, found again through a hash table of their indices.
struct Seen {
    arena: Vec<u8>,
    starts: Vec<u32>,
    table: HashTable<u32>,
}

fn hash(key: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(key);
    hasher.finish()
}

impl Seen {
    fn new() -> Seen {
        Seen {
            arena: Vec::new(),
            starts: vec![0],
            table: HashTable::new(),
        }
    }

    fn len(&self) -> usize {
        self.starts.len() - 1
    }

    fn key(&self, index: u32) -> &[u8] {
        let i = index as usize;
        &self.arena[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// The index of `key`, newly added; `None` if it was met already.
    fn insert(&mut self, key: &[u8]) -> Option<u32> {
        let Seen { arena, starts, table } = self;
        let at = |i: u32| &arena[starts[i as usize] as usize..starts[i as usize + 1] as usize];
        match table.entry(hash(key), |&i| at(i) == key, |&i| hash(at(i))) {
            Entry::Occupied(_) => None,
            Entry::Vacant(entry) => {
                let index = (starts.len() - 1) as u32;
                entry.insert(index);
                arena.extend_from_slice(key);
                starts.push(arena.len() as u32);
                Some(index)
            }
        }
    }
}

/// What each action on the way costs in the search's order (its guide
/// less this times the line's length): without it the search follows long
/// lines that build nothing. It outweighs a move's usual gain in the
/// guide, so that among lines that come as near a chamber the shorter is
/// followed first.
const DEPTH_COST: i32 = 50;

/// What each move the nearest chamber still needs weighs in the guide.
const CHAMBER_MOVE: i32 = 30;

/// Past this many moves, no chamber is near.
const FAR: i32 = 60;

/// The guide of the best-first order: cards already in place on a Crown
/// (a run of the Crown's suit built on it) and cards resting on the card
/// one rank above in a shared suit, less cards resting on a card they can
/// never be grouped with, less [`CHAMBER_MOVE`] for each move the nearest
/// chamber still needs by a rough count. It only orders the search; every
/// position is still searched before the answer is "stuck".
///
/// The count is for the Crown that needs the fewest: one move for each
/// card above the run of its suit built on it, then, rank after rank down
/// to the Ace, one move for the card of that rank and suit to come with
/// the run of the suit above it (a *piece*) and one for each card lying
/// on that piece, taking the piece that costs least for the cards it
/// brings. Cards counted twice, or lying under the Crown itself, make it
/// rough ([`FAR`] when no Crown has a card of every rank it lacks).
fn guide(cards: &Cards, t: &Tableau) -> i32 {
    let piles: [PileGuide; PILES] = std::array::from_fn(|p| PileGuide::of(cards, t.cards(p)));
    combined(cards, &std::array::from_fn(|p| &piles[p]))
}

/// No piece of a rank and suit.
const NO_PIECE: u16 = u16::MAX;

/// Room for a piece of each suit (sixteen ranks to a suit).
const PIECES: usize = 6 * 16;

/// A piece (the cards on it, its length), packed so that the cheaper
/// compares lower: fewer cards on it for the cards it brings, then fewer
/// on it.
fn piece(cover: u8, len: u8) -> u16 {
    u16::from(cover + 64 - len) << 8 | u16::from(cover)
}

/// What the guide reads of one pile: its part of the score, its Crowns,
/// and its cheapest piece of each suit and rank. A move changes two
/// piles, so the guide of a position's children reads only those again.
#[derive(Clone, Copy)]
struct PileGuide {
    score: i32,
    /// Of each Crown: its suit, its run with it, and the cards on the run.
    crowns: [(u8, u8, u8); 12],
    n_crowns: usize,
    /// Of each suit and rank, the cheapest piece ([`piece`]).
    pieces: [u16; PIECES],
}

impl PileGuide {
    fn of(cards: &Cards, pile: &[u8]) -> PileGuide {
        let crown = (cards.sequence - 1) as u8;
        let mut g = PileGuide {
            score: 0,
            crowns: [(0, 0, 0); 12],
            n_crowns: 0,
            pieces: [NO_PIECE; PIECES],
        };
        let (mut built, mut links, mut breaks) = (0, 0, 0);
        let n = pile.len();
        // Of each suit, the run of that suit going up from the card above.
        let mut up = [0u8; 8];
        let (mut above_rank, mut above_suits) = (u8::MAX, 0u8);
        for (i, &c) in pile.iter().enumerate().rev() {
            let (rank, suits) = cards.masked[usize::from(c & 63)];
            let linked = if above_rank.wrapping_add(1) == rank {
                above_suits & suits
            } else {
                0
            };
            if above_rank != u8::MAX && above_rank != crown {
                if linked != 0 {
                    links += 1;
                } else {
                    breaks += 1;
                }
            }
            let mut bits = suits;
            while bits != 0 {
                let s = (bits.trailing_zeros() & 7) as usize;
                bits &= bits - 1;
                let len = if linked & 1 << s != 0 { up[s] + 1 } else { 1 };
                up[s] = len;
                let cover = (n - i) as u8 - len;
                if rank == crown {
                    built += i32::from(len) - 1;
                    if g.n_crowns < g.crowns.len() {
                        g.crowns[g.n_crowns] = (s as u8, len, cover);
                        g.n_crowns += 1;
                    }
                    continue;
                }
                let cheapest = &mut g.pieces[(s << 4 | usize::from(rank & 15)) % PIECES];
                *cheapest = (*cheapest).min(piece(cover, len));
            }
            (above_rank, above_suits) = (rank, suits);
        }
        g.score = built * 40 + links * 30 - breaks * 15;
        g
    }
}

/// The guide of a position from what it reads of each pile.
fn combined(cards: &Cards, piles: &[&PileGuide; PILES]) -> i32 {
    let crown = cards.sequence as i32 - 1;
    // The cheapest piece of each suit and rank over all piles.
    let mut pieces = piles[0].pieces;
    for g in &piles[1..] {
        for (cheapest, &piece) in pieces.iter_mut().zip(&g.pieces) {
            *cheapest = (*cheapest).min(piece);
        }
    }
    let cheapest = |s: usize, rank: usize| pieces[(s << 4 | rank & 15) % PIECES];
    let mut fewest = FAR;
    for g in piles {
        for &(s, run, cover) in &g.crowns[..g.n_crowns] {
            let mut moves = i32::from(cover);
            let mut next = crown - i32::from(run);
            while next >= 0 && moves < fewest {
                let piece = cheapest(usize::from(s), next as usize);
                if piece == NO_PIECE {
                    moves = FAR;
                    break;
                }
                let cover = i32::from(piece & 0xFF);
                moves += 1 + cover;
                next -= cover + 64 - i32::from(piece >> 8);
            }
            fewest = fewest.min(moves);
        }
    }
    piles.iter().map(|g| g.score).sum::<i32>() - CHAMBER_MOVE * fewest
}

/// The parent of a position the search starts from.
const NO_PARENT: u32 = u32::MAX;

/// The positions of one search: those met, and those still to expand.
struct Open<'a> {
    cards: &'a Cards,
    seen: Seen,
    /// Of each position met: the first action of the line to it, and the
    /// line's length.
    lines: Vec<(Action, u16)>,
    /// Of each position met: the one it was reached from ([`NO_PARENT`]
    /// for a start), to write the line out.
    parents: Vec<u32>,
    /// Positions to expand, by guide, then age.
    heap: BinaryHeap<(i32, Reverse<u32>)>,
    key: Vec<u8>,
}

impl Open<'_> {
    /// Records `t`, reached from `parent` by a line starting with `first`,
    /// unless it was met already.
    fn meet(&mut self, t: &Tableau, parent: u32, first: Action, len: u16) {
        self.meet_guided(t, parent, first, len, |cards| guide(cards, t));
    }

    /// [`Open::meet`], with the guide of `t` worked out by `guide` (only
    /// when `t` was not met already).
    fn meet_guided(
        &mut self,
        t: &Tableau,
        parent: u32,
        first: Action,
        len: u16,
        guide: impl FnOnce(&Cards) -> i32,
    ) {
        t.key(&mut self.key);
        if let Some(index) = self.seen.insert(&self.key) {
            self.lines.push((first, len));
            self.parents.push(parent);
            let order = guide(self.cards) - DEPTH_COST * i32::from(len);
            self.heap.push((order, Reverse(index)));
        }
    }

    /// The line of actions from the game's position through the position
    /// `index` to progress: the undos it starts with, then a move to each
    /// position on the way, each found again among the moves of the
    /// tableau as it really lies (the search keeps positions with their
    /// piles sorted), then a move that makes progress.
    fn line(&self, current: &Piles, history: &[Piles], index: u32) -> Vec<Action> {
        let mut chain = vec![index];
        while let Some(&parent) = chain.last().map(|&i| &self.parents[i as usize]) {
            if parent == NO_PARENT {
                break;
            }
            chain.push(parent);
        }
        chain.reverse();
        let start = chain[0] as usize;
        let mut line = Vec::new();
        let mut t = match self.lines[start] {
            (Action::Undo, back) if start != 0 => {
                let back = usize::from(back);
                line.extend(std::iter::repeat_n(Action::Undo, back));
                Tableau::of(&history[history.len() - back])
            }
            _ => Tableau::of(current),
        };
        let (mut moves, mut key) = (Vec::new(), Vec::new());
        for (step, &next) in chain.iter().enumerate().skip(1) {
            let wanted = self.seen.key(next);
            t.moves(self.cards, &mut moves);
            let first = self.lines[next as usize].0;
            let found = moves.iter().find_map(|&m| {
                let action = t.action(m);
                if step == 1 && start == 0 && action != first {
                    // The first move as the search took it (another one
                    // to the same position may be refused).
                    return None;
                }
                let mut after = t;
                after.play(self.cards, m);
                after.key(&mut key);
                (key == wanted).then_some((after, action))
            });
            let (after, action) = found.expect("a move of the search");
            line.push(action);
            t = after;
        }
        t.moves(self.cards, &mut moves);
        let last = moves
            .iter()
            .find(|&&m| {
                let mut after = t;
                after.play(self.cards, m)
            })
            .expect("a move to progress");
        line.push(t.action(*last));
        line
    }
}

/// Whether the game must end: a [`Search`] with the game's proof, no avoid
/// and the full budget, remembered for the [`REMEMBERED`] positions asked
/// about last.
/// The answer depends on the position and its undo history alone, so
/// remembering it changes nothing but the time a replayed log takes (a log
/// is replayed for every hint and on every restart).
pub(super) fn stuck(level: MyrmexLevel, current: &Piles, history: &[Piles]) -> bool {
    static KNOWN: LazyLock<Mutex<LruCache<Vec<u8>, bool>>> =
        LazyLock::new(|| Mutex::new(LruCache::new(NonZeroUsize::new(REMEMBERED).expect("not zero"))));
    let known = || KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
    let mut name = vec![level as u8];
    let mut key = Vec::new();
    for piles in std::iter::once(current).chain(history) {
        Tableau::of(piles).key(&mut key);
        name.extend_from_slice(&key);
        name.push(u8::MAX);
    }
    if let Some(&answer) = known().get(&name) {
        return answer;
    }
    let search = Search {
        level,
        current,
        history,
        avoid: &|_| false,
        budget: ENDGAME_STATES,
        proof: Proof::Counted,
    };
    let answer = search.run().0 == Prospect::Stuck;
    known().put(name, answer);
    answer
}

/// Which static proof a search leaves positions unexpanded by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// None: the plain search, every position expanded.
    Plain,
    /// `hopeless` without the count of resting places, as first written.
    Claims,
    /// `hopeless` with the count, giving up on a pile that may empty, as
    /// next written.
    Unemptied,
    /// `hopeless`: the one games use.
    Counted,
}

/// Whether `proof` shows, with no search, that nothing is left to gain
/// from `piles`: for tests to check against the plain search.
pub(super) fn proved(level: MyrmexLevel, piles: &Piles, proof: Proof) -> bool {
    proves(proof, &Cards::new(level), &Tableau::of(piles), 0)
}

/// Whether `proof` shows that nothing is left to gain from `t`, in a
/// search that has met `met` positions (the full proof counts less once
/// many are met, see [`COUNTS_EMPTIED`]).
fn proves(proof: Proof, cards: &Cards, t: &Tableau, met: usize) -> bool {
    match proof {
        Proof::Plain => false,
        Proof::Claims | Proof::Unemptied => hopeless_with(cards, t, proof, 0),
        Proof::Counted if met < FEW_MET => hopeless(cards, t, COUNTS_EMPTIED.0),
        Proof::Counted => hopeless(cards, t, COUNTS_EMPTIED.1),
    }
}

/// A search from `current` (whose stock is spent) for a line that
/// completes a chamber or turns a card face up. It also starts from the
/// earlier tableaux `undo` can go back to (`history`, the last one a
/// single undo away), and goes best first, leaving unexpanded the
/// positions `proof` shows hopeless (the game's is [`Proof::Counted`]; the
/// others are for hints and tests). A first action `avoid` refuses is
/// never taken (an undo included); `budget` caps the positions met.
pub(super) struct Search<'a> {
    pub level: MyrmexLevel,
    pub current: &'a Piles,
    pub history: &'a [Piles],
    pub avoid: &'a dyn Fn(&Action) -> bool,
    pub budget: usize,
    pub proof: Proof,
}

impl Search<'_> {
    /// What the search finds, and how many positions it met.
    pub(super) fn run(&self) -> (Prospect, usize) {
        self.explore(None)
    }

    /// [`Search::run`], and the whole line it found to progress (empty
    /// when it found none): its actions, played one after another from
    /// `current` by the rules, complete a chamber or turn a card face up
    /// at the last.
    pub(super) fn line(&self) -> (Prospect, usize, Vec<Action>) {
        let mut line = Vec::new();
        let (prospect, met) = self.explore(Some(&mut line));
        (prospect, met, line)
    }

    /// [`Search::run`], writing the line found to progress into `line`
    /// when asked to.
    fn explore(&self, line: Option<&mut Vec<Action>>) -> (Prospect, usize) {
        let Search {
            level,
            current,
            history,
            avoid,
            budget,
            proof,
        } = *self;
        let cards = Cards::new(level);
        let root = Tableau::of(current);
        if root.down.iter().all(|&d| d == 0) && root.no_suit_complete(&cards) {
            return (Prospect::Stuck, 0);
        }
        let mut open = Open {
            cards: &cards,
            seen: Seen::new(),
            lines: Vec::new(),
            parents: Vec::new(),
            heap: BinaryHeap::new(),
            key: Vec::with_capacity(2 * PILES + HEIGHT),
        };
        open.meet(&root, NO_PARENT, Action::End, 0);
        open.heap.clear();
        let mut moves = Vec::new();
        if !proves(proof, &cards, &root, 0) {
            root.moves(&cards, &mut moves);
        }
        for &m in &moves {
            let first = root.action(m);
            if avoid(&first) {
                continue;
            }
            let mut next = root;
            if next.play(&cards, m) {
                if let Some(line) = line {
                    *line = vec![first];
                }
                return (Prospect::Progress { first, len: 1 }, open.seen.len());
            }
            open.meet(&next, 0, first, 1);
        }
        if !avoid(&Action::Undo) {
            for (back, piles) in history.iter().rev().enumerate() {
                open.meet(&Tableau::of(piles), NO_PARENT, Action::Undo, back as u16 + 1);
            }
        }
        while let Some((_, Reverse(index))) = open.heap.pop() {
            let tableau = Tableau::from_key(open.seen.key(index));
            if proves(proof, &cards, &tableau, open.seen.len()) {
                // Nothing to gain from here: met, never expanded.
                continue;
            }
            let (first, len) = open.lines[index as usize];
            tableau.moves(&cards, &mut moves);
            // What the guide reads of each pile here, once a new position
            // needs it: a move changes two piles.
            let mut piles: [Option<PileGuide>; PILES] = [None; PILES];
            for &m in &moves {
                let mut next = tableau;
                if next.play(&cards, m) {
                    if let Some(line) = line {
                        *line = open.line(current, history, index);
                    }
                    let len = usize::from(len) + 1;
                    return (Prospect::Progress { first, len }, open.seen.len());
                }
                if open.seen.len() >= budget {
                    return (Prospect::Undecided, open.seen.len());
                }
                open.meet_guided(&next, index, first, len.saturating_add(1), |cards| {
                    let (from, to) = (
                        PileGuide::of(cards, next.cards(m.from)),
                        PileGuide::of(cards, next.cards(m.to)),
                    );
                    for (p, pile) in piles.iter_mut().enumerate() {
                        if pile.is_none() && p != m.from && p != m.to {
                            *pile = Some(PileGuide::of(cards, tableau.cards(p)));
                        }
                    }
                    let read: [&PileGuide; PILES] = std::array::from_fn(|p| match &piles[p] {
                        _ if p == m.from => &from,
                        _ if p == m.to => &to,
                        pile => pile.as_ref().expect("read above"),
                    });
                    let value = combined(cards, &read);
                    debug_assert_eq!(value, guide(cards, &next));
                    value
                });
            }
        }
        (Prospect::Stuck, open.seen.len())
    }
}

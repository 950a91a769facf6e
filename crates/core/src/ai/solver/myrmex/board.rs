//! The compact Myrmex tableau the searches play on: piles of card codes,
//! the moves the rules allow, restocks from a known stock, and the
//! canonical key.

use super::super::{mix64, zobrist, Key96};
use crate::rules::cards::{DecktetCard, MyrmexLevel};
use crate::rules::myrmex::{rank_index, sequence_len, Action, PILES};

/// Room for the tallest pile a game can build.
pub(super) const HEIGHT: usize = 72;
/// The code of a card the player cannot see.
pub(super) const UNKNOWN: u8 = 44;
pub(super) const CODES: usize = 45;

static ZOBRIST: [[u64; HEIGHT]; CODES] = zobrist(0x3F2_7E5);

/// The salts of [`Board::key`]: one for each pile a restock still reaches,
/// and the last for the interchangeable ones.
const KEY_SALTS: [u64; PILES + 1] = {
    let mut salts = [0; PILES + 1];
    let mut p = 0;
    while p <= PILES {
        salts[p] = mix64(0x6B_E7 + p as u64);
        p += 1;
    }
    salts
};

/// Rank index and suit bits of each card code for one level.
pub struct Cards {
    pub(super) rank: [u8; CODES],
    pub(super) suits: [u8; CODES],
    pub(super) sequence: u8,
}

impl Cards {
    pub fn new(level: MyrmexLevel) -> Cards {
        let mut cards = Cards {
            rank: [u8::MAX; CODES],
            suits: [0; CODES],
            sequence: sequence_len(level) as u8,
        };
        for (i, card) in DecktetCard::ALL.iter().enumerate() {
            cards.rank[i] = rank_index(level, card.rank()) as u8;
            cards.suits[i] = card.suits().iter().fold(0u8, |bits, suit| bits | 1 << suit as u8);
        }
        cards
    }

    /// Whether `upper` may rest on `lower` inside a group: one rank below
    /// and a suit in common.
    pub(super) fn linked(&self, lower: u8, upper: u8) -> bool {
        let (lower, upper) = (usize::from(lower), usize::from(upper));
        self.rank[lower] == self.rank[upper].wrapping_add(1) && self.suits[lower] & self.suits[upper] != 0
    }
}

pub fn code(card: DecktetCard) -> u8 {
    DecktetCard::ALL
        .iter()
        .position(|&c| c == card)
        .expect("a Decktet card") as u8
}

/// A tableau: piles of card codes, each with its face-down cards at the
/// bottom.
///
/// Playing a move or a restock only writes cards above a pile's length, so
/// the cards of the piles before it are still in place afterwards: a
/// search can play an action, look at the result and take it back by
/// restoring the [`Head`] alone.
#[derive(Clone, Copy)]
pub struct Board {
    pub piles: [[u8; HEIGHT]; PILES],
    pub len: [u8; PILES],
    pub down: [u8; PILES],
    pub dealt: u8,
    pub chambers: u8,
    /// Cards turned face up since the search began.
    pub flips: u8,
    /// Each pile's hash ([`Board::pile_hash`]), kept up to date by every
    /// change (call [`Board::rehash`] after writing piles directly).
    hash: [u64; PILES],
}

/// Everything of a [`Board`] but its cards: what an action changes below
/// the piles' lengths.
#[derive(Clone, Copy)]
pub struct Head {
    len: [u8; PILES],
    down: [u8; PILES],
    dealt: u8,
    chambers: u8,
    flips: u8,
    hash: [u64; PILES],
}

/// A move: `count` cards from pile `from` to pile `to` (0-based).
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) count: usize,
}

impl Board {
    pub fn empty() -> Board {
        Board {
            piles: [[0; HEIGHT]; PILES],
            len: [0; PILES],
            down: [0; PILES],
            dealt: 0,
            chambers: 0,
            flips: 0,
            hash: [0; PILES],
        }
    }

    /// Everything but the cards, to take an action back with
    /// [`Board::restore`].
    pub fn head(&self) -> Head {
        Head {
            len: self.len,
            down: self.down,
            dealt: self.dealt,
            chambers: self.chambers,
            flips: self.flips,
            hash: self.hash,
        }
    }

    /// Takes back every action played since `head` was taken.
    pub fn restore(&mut self, head: &Head) {
        self.len = head.len;
        self.down = head.down;
        self.dealt = head.dealt;
        self.chambers = head.chambers;
        self.flips = head.flips;
        self.hash = head.hash;
    }

    /// Computes every pile's hash afresh, after the piles were written
    /// directly.
    pub fn rehash(&mut self) {
        self.hash = std::array::from_fn(|p| self.pile_hash(p));
    }

    pub(super) fn top(&self, p: usize) -> Option<u8> {
        let len = usize::from(self.len[p]);
        (len > 0).then(|| self.piles[p][len - 1])
    }

    /// The cards of pile `p`, bottom first.
    pub fn pile(&self, p: usize) -> &[u8] {
        &self.piles[p][..usize::from(self.len[p])]
    }

    /// The largest group at the top of pile `p`.
    pub(super) fn group(&self, cards: &Cards, p: usize) -> usize {
        let len = usize::from(self.len[p]);
        let down = usize::from(self.down[p]);
        if len <= down || self.piles[p][len - 1] == UNKNOWN {
            return 0;
        }
        let top = self.piles[p][len - 1];
        let (mut common, mut rank) = (cards.suits[usize::from(top)], cards.rank[usize::from(top)]);
        let mut group = 1;
        for i in (down..len - 1).rev() {
            let c = usize::from(self.piles[p][i]);
            if c == usize::from(UNKNOWN) || cards.rank[c] != rank + 1 || common & cards.suits[c] == 0 {
                break;
            }
            common &= cards.suits[c];
            rank += 1;
            group += 1;
        }
        group
    }

    /// Every move the rules allow, each empty destination separately.
    pub fn moves(&self, cards: &Cards) -> Vec<Move> {
        let mut moves = Vec::new();
        self.moves_into(cards, &mut moves);
        moves
    }

    /// [`Board::moves`] into `moves` (cleared first).
    pub(super) fn moves_into(&self, cards: &Cards, moves: &mut Vec<Move>) {
        moves.clear();
        for from in 0..PILES {
            let group = self.group(cards, from);
            if group == 0 {
                continue;
            }
            let have = cards.rank[usize::from(self.top(from).expect("a group"))];
            for to in 0..PILES {
                if to == from {
                    continue;
                }
                match self.top(to) {
                    None => moves.extend((1..=group).map(|count| Move { from, to, count })),
                    Some(UNKNOWN) => {}
                    Some(target) => {
                        let wanted = cards.rank[usize::from(target)];
                        if wanted > have && usize::from(wanted - have) <= group {
                            let count = usize::from(wanted - have);
                            moves.push(Move { from, to, count });
                        }
                    }
                }
            }
        }
    }

    /// Turns up a face-down top card of pile `p`.
    fn flip(&mut self, p: usize) {
        if self.len[p] > 0 && self.len[p] == self.down[p] {
            self.hash[p] ^= mix64(u64::from(self.down[p])) ^ mix64(u64::from(self.down[p] - 1));
            self.down[p] -= 1;
            self.flips += 1;
        }
    }

    /// Removes full sequences from the top of pile `p`. Only an Ace can
    /// top one.
    fn remove_chambers(&mut self, cards: &Cards, p: usize) {
        while self.top(p).is_some_and(|c| cards.rank[usize::from(c)] == 0)
            && self.group(cards, p) >= usize::from(cards.sequence)
        {
            let len = usize::from(self.len[p]);
            for (i, &c) in self.piles[p][len - usize::from(cards.sequence)..len]
                .iter()
                .enumerate()
            {
                self.hash[p] ^= ZOBRIST[usize::from(c)][len - usize::from(cards.sequence) + i];
            }
            self.len[p] -= cards.sequence;
            self.chambers += 1;
            self.flip(p);
        }
    }

    /// Plays a move: a chamber can only be completed on its destination
    /// (or show on its source, were a full sequence ever covered).
    pub fn play(&mut self, cards: &Cards, m: Move) {
        let (from_len, to_len) = (usize::from(self.len[m.from]), usize::from(self.len[m.to]));
        let start = from_len - m.count;
        for i in 0..m.count {
            let c = self.piles[m.from][start + i];
            self.piles[m.to][to_len + i] = c;
            self.hash[m.from] ^= ZOBRIST[usize::from(c)][start + i];
            self.hash[m.to] ^= ZOBRIST[usize::from(c)][to_len + i];
        }
        self.len[m.from] -= m.count as u8;
        self.len[m.to] += m.count as u8;
        self.flip(m.from);
        self.remove_chambers(cards, m.to);
        self.remove_chambers(cards, m.from);
    }

    /// Restocks from `stock`, of which `dealt` cards are gone already.
    pub fn deal(&mut self, cards: &Cards, stock: &[u8]) {
        let start = usize::from(self.dealt);
        let n = (stock.len() - start).min(PILES);
        for (p, &card) in stock[start..start + n].iter().enumerate() {
            let len = usize::from(self.len[p]);
            self.piles[p][len] = card;
            self.hash[p] ^= ZOBRIST[usize::from(card)][len];
            self.len[p] += 1;
        }
        self.dealt += n as u8;
        for p in 0..n {
            self.remove_chambers(cards, p);
        }
    }

    /// Pile `p`'s hash ([`Board::pile_hash`]), kept up to date.
    pub(super) fn pile_key(&self, p: usize) -> u64 {
        self.hash[p]
    }

    /// A pile's hash: its face-down count and its cards by height.
    fn pile_hash(&self, p: usize) -> u64 {
        let cards = self.pile(p).iter().enumerate();
        cards.fold(mix64(u64::from(self.down[p])), |h, (i, &c)| {
            h ^ ZOBRIST[usize::from(c)][i]
        })
    }

    /// The first pile that no restock reaches any more: a restock of the
    /// `left` cards still in the stock deals to piles `0..left` first.
    pub(super) fn free_from(&self, stock: usize) -> usize {
        (stock - usize::from(self.dealt)).min(PILES)
    }

    /// The canonical key. Piles that will still get a stock card keep their
    /// place (each is mixed with a salt of its own); the others are
    /// interchangeable, so they are mixed with one salt and summed, which
    /// does not depend on their order (all of them once the stock is
    /// empty). The two copies of a card share a code, so swapping them
    /// changes nothing. Each half of the key mixes every pile apart, so the
    /// mixes run side by side rather than one after another; the key keeps
    /// one half whole and 32 bits of the other ([`Key96`]).
    pub fn key(&self, free_from: usize) -> Key96 {
        debug_assert_eq!(self.hash, std::array::from_fn(|p| self.pile_hash(p)));
        let (mut a, mut b) = (0u64, mix64(u64::from(self.dealt)));
        for (p, &hash) in self.hash.iter().enumerate() {
            let salt = if p < free_from {
                KEY_SALTS[p]
            } else {
                KEY_SALTS[PILES]
            };
            a = a.wrapping_add(mix64(hash ^ salt));
            b = b.wrapping_add(mix64(hash ^ salt.rotate_left(32)));
        }
        Key96::from(u128::from(a) << 64 | u128::from(b))
    }

    /// The rules' notation for a move.
    pub(super) fn action(&self, m: Move) -> Action {
        let (from, to) = (m.from as u8 + 1, m.to as u8 + 1);
        if self.len[m.to] == 0 {
            Action::to_empty(from, m.count as u8, to)
        } else {
            Action::onto(from, to)
        }
    }
}

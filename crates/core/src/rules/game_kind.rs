//! The registry of the five games: everything outside a game's rules that
//! names it or tells it apart (its stored name, command, component tag,
//! title, rules page, whether it is rated, how it ranks, its daily setup).
//! No other module spells a game's name.

use super::ants_solitaire::Variant;
use super::cards::MyrmexLevel;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The five games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    #[serde(rename = "army-ants")]
    ArmyAnts,
    #[serde(rename = "atta-ants")]
    AttaAnts,
    #[serde(rename = "myrmex")]
    Myrmex,
    #[serde(rename = "anthill")]
    Anthill,
    #[serde(rename = "ants")]
    Ants,
}

/// How a game's finished results are ordered on a leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Glicko-2 ratings per server.
    Rating,
    /// Places at the end of each game, ties sharing a place; no board.
    Places,
    /// More chambers first, then less time.
    Chambers,
    /// A win first, then a higher score, then fewer moves.
    Score,
}

/// The deal of a day's challenge: the day's seed under these options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailySetup {
    /// Myrmex at this level, open; dealt as the seed gives it (no solver
    /// decides a deal with face-down cards).
    Myrmex(MyrmexLevel),
    /// Anthill, the first deal of the day's sequence the solver wins.
    Anthill,
    /// Ants Solitaire in this variant, the first deal the solver wins.
    Ants(Variant),
}

impl DailySetup {
    /// The level or variant the daily is dealt at, as the day's post names
    /// it ("minor level", "strict"); `None` for a game that has neither.
    pub fn dealt_at(self) -> Option<String> {
        match self {
            DailySetup::Myrmex(level) => Some(format!("{} level", level.as_str())),
            DailySetup::Ants(variant) => Some(variant.as_str().to_string()),
            DailySetup::Anthill => None,
        }
    }
}

/// One game's entry.
struct Entry {
    name: &'static str,
    title: &'static str,
    about: &'static str,
    command: &'static str,
    rules_page: &'static str,
    tag: &'static str,
    players: (u8, u8),
    rated: bool,
    ranking: Ranking,
    daily: Option<DailySetup>,
}

const ARMY_ANTS: Entry = Entry {
    name: "army-ants",
    title: "Army Ants",
    about: "two armies of a standard deck",
    command: "armyants",
    rules_page: "armyants",
    tag: "aa",
    players: (2, 2),
    rated: true,
    ranking: Ranking::Rating,
    daily: None,
};

const ATTA_ANTS: Entry = Entry {
    name: "atta-ants",
    title: "Atta Ants",
    about: "leaves, ants and spiders",
    command: "atta",
    rules_page: "atta",
    tag: "atta",
    players: (2, 4),
    rated: false,
    ranking: Ranking::Places,
    daily: None,
};

const MYRMEX: Entry = Entry {
    name: "myrmex",
    title: "Myrmex",
    about: "Decktet, Spider-like",
    command: "solitaire",
    rules_page: "myrmex",
    tag: "sol",
    players: (1, 1),
    rated: false,
    ranking: Ranking::Chambers,
    daily: Some(DailySetup::Myrmex(MyrmexLevel::Minor)),
};

const ANTHILL: Entry = Entry {
    name: "anthill",
    title: "Anthill",
    about: "after Little Spider",
    command: "solitaire",
    rules_page: "anthill",
    tag: "sol",
    players: (1, 1),
    rated: false,
    ranking: Ranking::Score,
    daily: Some(DailySetup::Anthill),
};

const ANTS: Entry = Entry {
    name: "ants",
    title: "Ants Solitaire",
    about: "Golf-like",
    command: "solitaire",
    rules_page: "ants",
    tag: "sol",
    players: (1, 1),
    rated: false,
    ranking: Ranking::Score,
    daily: Some(DailySetup::Ants(Variant::Strict)),
};

impl GameKind {
    /// Every game, in the order lists show them.
    pub const ALL: [GameKind; 5] = [
        GameKind::ArmyAnts,
        GameKind::AttaAnts,
        GameKind::Myrmex,
        GameKind::Anthill,
        GameKind::Ants,
    ];

    /// The one-player games, in the order lists show them.
    pub const PATIENCES: [GameKind; count(Which::Patience)] = pick(Which::Patience);

    /// The games with a leaderboard: the patiences' dailies, then the
    /// rated games' ratings.
    pub const LEADERBOARDS: [GameKind; count(Which::Patience) + count(Which::Rated)] = {
        let (patiences, rated) = (GameKind::PATIENCES, pick::<{ count(Which::Rated) }>(Which::Rated));
        let mut all = [GameKind::ArmyAnts; count(Which::Patience) + count(Which::Rated)];
        let mut i = 0;
        while i < all.len() {
            all[i] = match i < patiences.len() {
                true => patiences[i],
                false => rated[i - patiences.len()],
            };
            i += 1;
        }
        all
    };

    /// The stored names of `kinds`, in their order: a command's choices.
    pub const fn names<const N: usize>(kinds: [GameKind; N]) -> [&'static str; N] {
        let mut names = [""; N];
        let mut i = 0;
        while i < N {
            names[i] = kinds[i].as_str();
            i += 1;
        }
        names
    }

    const fn entry(self) -> &'static Entry {
        match self {
            GameKind::ArmyAnts => &ARMY_ANTS,
            GameKind::AttaAnts => &ATTA_ANTS,
            GameKind::Myrmex => &MYRMEX,
            GameKind::Anthill => &ANTHILL,
            GameKind::Ants => &ANTS,
        }
    }

    /// The stable name used in storage, options and the script protocol.
    pub const fn as_str(self) -> &'static str {
        self.entry().name
    }

    /// The name people read.
    pub const fn title(self) -> &'static str {
        self.entry().title
    }

    /// What it is like, in a few words.
    pub const fn about(self) -> &'static str {
        self.entry().about
    }

    /// The command the game is played with (`solitaire` for the patiences).
    pub const fn command(self) -> &'static str {
        self.entry().command
    }

    /// The `/rules` choice that shows its rules.
    pub const fn rules_page(self) -> &'static str {
        self.entry().rules_page
    }

    /// The tag its buttons carry in their custom ids.
    pub const fn component_tag(self) -> &'static str {
        self.entry().tag
    }

    /// The fewest and most players.
    pub const fn players(self) -> (u8, u8) {
        self.entry().players
    }

    /// Whether a finished game between two people moves their ratings.
    pub const fn is_rated(self) -> bool {
        self.entry().rated
    }

    /// How its results rank.
    pub const fn ranking(self) -> Ranking {
        self.entry().ranking
    }

    /// Its daily challenge, if it has one.
    pub const fn daily(self) -> Option<DailySetup> {
        self.entry().daily
    }

    /// The game of a stored name.
    pub fn parse(text: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// The game played with `command` (for `solitaire`, the first
    /// patience: they share it).
    pub fn by_command(command: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.command() == command)
    }

    /// The game whose components carry `tag` (for `sol`, the first
    /// patience: they share it).
    pub fn by_component_tag(tag: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.component_tag() == tag)
    }

    /// The game whose `/rules` page is `page`.
    pub fn by_rules_page(page: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.rules_page() == page)
    }

    /// Whether the game is played by more than one person.
    pub const fn is_multiplayer(self) -> bool {
        self.players().1 > 1
    }

    /// Whether it is a patience (one player, `/solitaire`).
    pub const fn is_patience(self) -> bool {
        !self.is_multiplayer()
    }
}

/// A kind of game some lists hold (a constant's test: no closures there).
#[derive(Clone, Copy)]
enum Which {
    Patience,
    Rated,
}

impl Which {
    const fn holds(self, kind: GameKind) -> bool {
        match self {
            Which::Patience => kind.is_patience(),
            Which::Rated => kind.is_rated(),
        }
    }
}

/// How many games are of `which` kind.
const fn count(which: Which) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < GameKind::ALL.len() {
        n += which.holds(GameKind::ALL[i]) as usize;
        i += 1;
    }
    n
}

/// The `N` games of `which` kind, in the order lists show them.
const fn pick<const N: usize>(which: Which) -> [GameKind; N] {
    let mut picked = [GameKind::ArmyAnts; N];
    let (mut i, mut n) = (0, 0);
    while i < GameKind::ALL.len() {
        if which.holds(GameKind::ALL[i]) {
            picked[n] = GameKind::ALL[i];
            n += 1;
        }
        i += 1;
    }
    picked
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game the engine serves that the registry does not list (one written
/// against `rules::Game` outside the five, or a patience, as a test's toy
/// games are): its stored name, the name people read, how many play it
/// and whether it has a daily challenge. Its results rank by score, never
/// by rating.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Unlisted {
    pub name: &'static str,
    pub title: &'static str,
    /// The fewest and most players: `(1, 1)` for a patience.
    pub players: (u8, u8),
    /// Whether a patience has a daily challenge, dealt from the day's seed
    /// as it is (no solver picks its deal).
    pub daily: bool,
}

/// The kind of a stored game: one of the five, or an unlisted game. Every
/// match on the five stays exhaustive; an unlisted game has only what the
/// engine gives every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Listed(GameKind),
    Unlisted(&'static Unlisted),
}

impl Kind {
    /// One of the five, if it is.
    pub const fn listed(self) -> Option<GameKind> {
        match self {
            Kind::Listed(kind) => Some(kind),
            Kind::Unlisted(_) => None,
        }
    }

    /// The stable name used in storage and the script protocol.
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::Listed(kind) => kind.as_str(),
            Kind::Unlisted(entry) => entry.name,
        }
    }

    /// The name people read.
    pub const fn title(self) -> &'static str {
        match self {
            Kind::Listed(kind) => kind.title(),
            Kind::Unlisted(entry) => entry.title,
        }
    }

    /// The fewest and most players.
    pub const fn players(self) -> (u8, u8) {
        match self {
            Kind::Listed(kind) => kind.players(),
            Kind::Unlisted(entry) => entry.players,
        }
    }

    /// Whether it is a patience (one player, `/solitaire`).
    pub const fn is_patience(self) -> bool {
        self.players().1 == 1
    }

    /// Whether it has a daily challenge.
    pub const fn has_daily(self) -> bool {
        match self {
            Kind::Listed(kind) => kind.daily().is_some(),
            Kind::Unlisted(entry) => entry.daily,
        }
    }

    /// How its results rank: by score for an unlisted game.
    pub const fn ranking(self) -> Ranking {
        match self {
            Kind::Listed(kind) => kind.ranking(),
            Kind::Unlisted(_) => Ranking::Score,
        }
    }

    /// Whether a finished game between two people moves their ratings
    /// (never for an unlisted game).
    pub const fn is_rated(self) -> bool {
        match self {
            Kind::Listed(kind) => kind.is_rated(),
            Kind::Unlisted(_) => false,
        }
    }

    /// The kind of a stored name: one of the five, or one of `unlisted`
    /// (the games a service was given besides them).
    pub fn parse(text: &str, unlisted: &[&'static Unlisted]) -> Option<Kind> {
        GameKind::parse(text).map(Kind::Listed).or_else(|| {
            unlisted
                .iter()
                .find(|entry| entry.name == text)
                .map(|entry| Kind::Unlisted(entry))
        })
    }
}

impl From<GameKind> for Kind {
    fn from(kind: GameKind) -> Kind {
        Kind::Listed(kind)
    }
}

impl PartialEq<GameKind> for Kind {
    fn eq(&self, other: &GameKind) -> bool {
        *self == Kind::Listed(*other)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

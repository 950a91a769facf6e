//! Tournament pairing and scoring: Swiss (one-on-one games), Swiss tables for
//! Atta Ants (2-4 players a table) and Lichess-style arena.
//!
//! Pure functions (no I/O, clock or randomness). Inputs are re-sorted by our
//! own keys (score, rating, user id) and only `Vec`s and `BTreeMap`s are
//! iterated, so a tournament gets the same pairings whatever order it is
//! stored in.
//!
//! # Swiss pairing
//! A round is a minimum-cost perfect matching on the complete graph of the
//! players, plus one "bye" vertex when they are odd. Each edge has a list of
//! costs, compared lexicographically (one unit of a cost outweighs any amount
//! of the later ones):
//!
//! 1. a second bye (happens only when everyone has had one);
//! 2. a rematch (once per earlier meeting, so a third meeting is worse);
//! 3. the bye's distance from the bottom of the standings, so it goes to the
//!    lowest-ranked player who has not had one;
//! 4. a colour rule broken: red minus black leaving [-2, 2], or a third game
//!    in a row with the same colour;
//! 5. the squared score gap: few and small floats (FIDE Dutch's "fewest
//!    downfloaters, smallest score differences" as one number);
//! 6. a player not getting the colour they are due;
//! 7. both players from the same half of their score group (a Dutch
//!    "exchange", used only when no "transposition" of the bottom half works);
//! 8. squared distance from the Dutch ideal partner: in a score group of `g`
//!    (by rating) position `p` meets `p ± g/2`; a floater meets the top of the
//!    lower group.
//!
//! The matching is exact, so costs 1-4 are truly minimised; 5-8 approximate
//! FIDE Dutch (which walks score groups top-down) rather than certify it.
//!
//! The matching comes from `integer-blossom` 1.2: an exact O(V³) blossom
//! algorithm for general graphs with `i128` weights, no dependencies, tested
//! against a brute-force oracle. Not chosen: `rustworkx-core` (exact, well kept,
//! but brings rayon, ndarray, petgraph and rand for one function), `mwmatching`
//! (i32 weights, unmaintained since 2018), `petgraph` (unweighted only),
//! `pathfinding` (Kuhn-Munkres is bipartite only).
//!
//! # Conventions
//! * A bye is a [`Pairing`] with `black: None`; [`pair_swiss`] sets its result
//!   to `Some(Outcome::RedWins)`, and scoring gives 1 point for any bye,
//!   whatever its `result`. A bye is not a game and adds no Buchholz.
//! * A game with `result: None` counts as met (pairing, colours) but scores
//!   nothing and stays out of tie-breaks and `games`.
//! * History from `round` on is ignored when pairing `round`, so a round can
//!   be re-paired.

use std::cmp::Ordering;
use std::collections::BTreeMap;

pub type UserId = String;

/// A player entered in a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Entrant {
    pub user: UserId,
    pub rating: f64,
    /// First round they can be paired in, 1-based.
    pub joined_round: u32,
    pub withdrawn: bool,
}

/// One pairing of a round: red moves first (like White); `black: None` is a bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    pub round: u32,
    pub red: UserId,
    pub black: Option<UserId>,
    pub result: Option<Outcome>,
}

/// A game's result, as a tournament stores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    RedWins,
    BlackWins,
    Draw,
}

/// A row of a standings table; `tiebreaks` depend on the format (see each function).
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub user: UserId,
    pub points: f64,
    pub tiebreaks: [f64; 2],
    pub games: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colour {
    Red,
    Black,
}

impl Colour {
    fn other(self) -> Self {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }
}

// ---------------------------------------------------------------- shared --

/// Entrants with duplicate user ids removed (the first entry wins), by user id,
/// so callers' storage order cannot change a result.
fn unique_entrants(entrants: &[Entrant]) -> Vec<&Entrant> {
    let mut by_user: BTreeMap<&str, &Entrant> = BTreeMap::new();
    for e in entrants {
        by_user.entry(e.user.as_str()).or_insert(e);
    }
    by_user.into_values().collect()
}

fn is_active(e: &Entrant, round: u32) -> bool {
    !e.withdrawn && e.joined_round <= round
}

/// Points, then both tie-breaks, then rating (all higher first), then user id.
fn standings_order(a: &(Standing, f64), b: &(Standing, f64)) -> Ordering {
    (b.0.points.total_cmp(&a.0.points))
        .then(b.0.tiebreaks[0].total_cmp(&a.0.tiebreaks[0]))
        .then(b.0.tiebreaks[1].total_cmp(&a.0.tiebreaks[1]))
        .then(b.1.total_cmp(&a.1))
        .then(a.0.user.cmp(&b.0.user))
}

fn sorted_standings(mut rows: Vec<(Standing, f64)>) -> Vec<Standing> {
    rows.sort_by(standings_order);
    rows.into_iter().map(|(s, _)| s).collect()
}

/// Packs cost lists (most important first) into numbers that compare
/// lexicographically in any solution that adds up at most `terms` of them:
/// cost `k` weighs one more than all later costs can ever add up to.
fn pack_lexicographic<const K: usize>(costs: &[[u64; K]], terms: usize) -> Vec<i128> {
    let terms = terms as i128;
    let largest = |k: usize| costs.iter().map(|c| c[k]).max().unwrap_or(0) as i128;
    let too_big = "tournament too large for lexicographic pairing costs";
    let mut weights = [1i128; K];
    for k in (1..K).rev() {
        let reach = terms.checked_mul(largest(k)).and_then(|r| r.checked_add(1));
        weights[k - 1] = reach.and_then(|r| r.checked_mul(weights[k])).expect(too_big);
    }
    // Head room for the matching solver's arithmetic above the largest total.
    let top = terms
        .checked_mul(largest(0) + 1)
        .and_then(|t| t.checked_mul(weights[0]));
    assert!(top.is_some_and(|t| t < i128::MAX / 64), "{too_big}");
    let pack = |c: &[u64; K]| c.iter().zip(&weights).map(|(&x, &w)| x as i128 * w).sum();
    costs.iter().map(pack).collect()
}

/// Exact minimum-cost perfect matching of `vertices` (an even number) where
/// `costs(i, j)` (called with `i < j`) lists the costs of pairing `i` with `j`,
/// most important first, compared lexicographically. Returns each partner.
fn min_cost_pairing<const K: usize>(vertices: usize, costs: impl Fn(usize, usize) -> [u64; K]) -> Vec<usize> {
    let mut table = vec![[0u64; K]; vertices * vertices];
    for i in 0..vertices {
        for j in i + 1..vertices {
            table[i * vertices + j] = costs(i, j);
        }
    }
    let packed = pack_lexicographic(&table, vertices / 2);
    integer_blossom::min_weight_perfect_matching(&packed, vertices)
}

// ----------------------------------------------------------------- swiss --

/// One game as seen by one of its players.
struct GamePlayed<'a> {
    opponent: &'a str,
    /// Half points scored, `None` while undecided.
    halves: Option<u32>,
}

/// What the history says about one player.
#[derive(Default)]
struct SwissRecord<'a> {
    halves: u32,
    byes: u32,
    /// Colours of games, in round order.
    colours: Vec<Colour>,
    games: Vec<GamePlayed<'a>>,
}

fn swiss_records<'a>(history: &[&'a Pairing]) -> BTreeMap<&'a str, SwissRecord<'a>> {
    let mut in_order = history.to_vec();
    in_order.sort_by_key(|p| p.round);
    let mut records: BTreeMap<&str, SwissRecord> = BTreeMap::new();
    for p in in_order {
        let Some(black) = p.black.as_deref() else {
            let rec = records.entry(p.red.as_str()).or_default();
            rec.byes += 1;
            rec.halves += 2;
            continue;
        };
        let (red_halves, black_halves) = match p.result {
            Some(Outcome::RedWins) => (Some(2), Some(0)),
            Some(Outcome::BlackWins) => (Some(0), Some(2)),
            Some(Outcome::Draw) => (Some(1), Some(1)),
            None => (None, None),
        };
        for (me, opponent, colour, halves) in [
            (p.red.as_str(), black, Colour::Red, red_halves),
            (black, p.red.as_str(), Colour::Black, black_halves),
        ] {
            let rec = records.entry(me).or_default();
            rec.halves += halves.unwrap_or(0);
            rec.colours.push(colour);
            rec.games.push(GamePlayed { opponent, halves });
        }
    }
    records
}

fn swiss_standings_from(entrants: &[&Entrant], records: &BTreeMap<&str, SwissRecord>) -> Vec<Standing> {
    let halves_of = |user: &str| records.get(user).map_or(0, |r| r.halves);
    let rows = entrants.iter().map(|e| {
        let (mut buchholz_halves, mut sb_quarters, mut games) = (0, 0, 0);
        for game in records.get(e.user.as_str()).map_or(&[][..], |r| &r.games) {
            let Some(scored) = game.halves else { continue };
            let opponent = halves_of(game.opponent);
            games += 1;
            buchholz_halves += opponent;
            sb_quarters += scored * opponent; // a win counts 2 x, a draw 1 x
        }
        let points = f64::from(halves_of(&e.user)) / 2.0;
        let tiebreaks = [f64::from(buchholz_halves) / 2.0, f64::from(sb_quarters) / 4.0];
        (
            Standing {
                user: e.user.clone(),
                points,
                tiebreaks,
                games,
            },
            e.rating,
        )
    });
    sorted_standings(rows.collect())
}

/// Swiss standings: points (win 1, draw ½, bye 1), then Buchholz (sum of the
/// points of the opponents met), then Sonneborn-Berger (points of opponents
/// beaten plus half those drawn), then rating, then user id. Withdrawn players
/// are listed too; their games keep counting for their opponents.
pub fn swiss_standings(entrants: &[Entrant], history: &[Pairing]) -> Vec<Standing> {
    let all: Vec<&Pairing> = history.iter().collect();
    swiss_standings_from(&unique_entrants(entrants), &swiss_records(&all))
}

/// The colour a player should get next, and how firmly (FIDE's terms).
struct ColourNeeds {
    /// Reds minus blacks.
    difference: i32,
    /// The colour of the last two games, if they were the same.
    streak: Option<Colour>,
    due: Option<Colour>,
}

impl ColourNeeds {
    fn of(colours: &[Colour]) -> Self {
        let reds = colours.iter().filter(|&&c| c == Colour::Red).count() as i32;
        let difference = 2 * reds - colours.len() as i32;
        let streak = match colours {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        };
        let due = match (difference, streak) {
            (2.., _) => Some(Colour::Black),
            (..=-2, _) => Some(Colour::Red),
            (_, Some(s)) => Some(s.other()),
            (1, _) => Some(Colour::Black),
            (-1, _) => Some(Colour::Red),
            _ => colours.last().map(|c| c.other()),
        };
        ColourNeeds {
            difference,
            streak,
            due,
        }
    }

    /// Absolute (must), then by imbalance: strong (±1) over mild (alternation).
    fn firmness(&self) -> (bool, u32) {
        let absolute = self.streak.is_some() || self.difference.abs() >= 2;
        (absolute, self.difference.unsigned_abs())
    }

    /// How many colour rules `colour` would break: the balance leaving [-2, 2],
    /// the same colour a third time in a row.
    fn rules_broken_by(&self, colour: Colour) -> u64 {
        let step = if colour == Colour::Red { 1 } else { -1 };
        u64::from((self.difference + step).abs() > 2) + u64::from(self.streak == Some(colour))
    }

    fn misses_due(&self, colour: Colour) -> u64 {
        u64::from(self.due.is_some_and(|due| due != colour))
    }
}

struct SwissPlayer<'a> {
    user: &'a str,
    record: &'a SwissRecord<'a>,
    needs: ColourNeeds,
}

impl SwissPlayer<'_> {
    fn times_met(&self, other: &str) -> u64 {
        self.record.games.iter().filter(|g| g.opponent == other).count() as u64
    }
}

/// For a board of `higher` (better ranked) against `lower`: colour rules
/// broken, dues missed, and whether `higher` takes red (`None`: nothing to
/// choose between the two, so the caller alternates by board).
fn colour_choice(higher: &SwissPlayer, lower: &SwissPlayer) -> (u64, u64, Option<bool>) {
    let cost = |higher_colour: Colour| {
        let (h, l) = (&higher.needs, &lower.needs);
        let lower_colour = higher_colour.other();
        let broken = h.rules_broken_by(higher_colour) + l.rules_broken_by(lower_colour);
        (broken, h.misses_due(higher_colour) + l.misses_due(lower_colour))
    };
    let (red, black) = (cost(Colour::Red), cost(Colour::Black));
    if red != black {
        let best = red.min(black);
        return (best.0, best.1, Some(red < black));
    }
    (red.0, red.1, colour_tie_break(higher, lower))
}

/// FIDE's order when both colourings are equally good: the firmer preference
/// wins; else alternate from the last game where their colours differed; else
/// the higher-ranked player gets their due colour.
fn colour_tie_break(higher: &SwissPlayer, lower: &SwissPlayer) -> Option<bool> {
    let higher_wants_red = higher.needs.due.map(|c| c == Colour::Red);
    let lower_wants_black = lower.needs.due.map(|c| c == Colour::Black);
    match higher.needs.firmness().cmp(&lower.needs.firmness()) {
        Ordering::Greater => return higher_wants_red,
        Ordering::Less => return lower_wants_black,
        Ordering::Equal => {}
    }
    let (h, l) = (&higher.record.colours, &lower.record.colours);
    match h.iter().rev().zip(l.iter().rev()).find(|(a, b)| a != b) {
        Some((higher_then, _)) => Some(*higher_then == Colour::Black),
        None => higher_wants_red.or(lower_wants_black),
    }
}

/// Dutch-style costs of pairing players `i < j` (`halves` sorted high to low):
/// whether both are in the same half of their score group (Dutch exchanges
/// only when no transposition works), then the squared distance from the ideal
/// partner (top half against bottom half; a floater against the top of the
/// lower group).
fn dutch_distance(halves: &[u32], i: usize, j: usize) -> [u64; 2] {
    let group = |k: usize| {
        let start = halves.iter().position(|&h| h == halves[k]).unwrap_or(k);
        (k - start, halves.iter().filter(|&&h| h == halves[k]).count())
    };
    let ((pos_i, size), (pos_j, _)) = (group(i), group(j));
    if halves[i] == halves[j] {
        let off_ideal = (pos_j - pos_i).abs_diff(size / 2) as u64;
        [
            u64::from((pos_i < size / 2) == (pos_j < size / 2)),
            off_ideal.pow(2),
        ]
    } else {
        [0, ((size - 1 - pos_i).pow(2) + pos_j.pow(2)) as u64]
    }
}

/// Pairs round `round` of a Swiss tournament (see the module docs for the
/// method). `history` holds the earlier rounds; withdrawn players and players
/// who join later are not paired. Boards come top score first; a bye, if any,
/// is last, with `result: Some(Outcome::RedWins)`.
pub fn pair_swiss(entrants: &[Entrant], history: &[Pairing], round: u32) -> Vec<Pairing> {
    let past: Vec<&Pairing> = history.iter().filter(|p| p.round < round).collect();
    let records = swiss_records(&past);
    let no_record = SwissRecord::default();
    let record_of = |e: &Entrant| records.get(e.user.as_str()).unwrap_or(&no_record);
    let mut active = unique_entrants(entrants);
    active.retain(|e| is_active(e, round));
    active.sort_by(|a, b| {
        let by_score = record_of(b).halves.cmp(&record_of(a).halves);
        by_score
            .then(b.rating.total_cmp(&a.rating))
            .then(a.user.cmp(&b.user))
    });
    let players: Vec<SwissPlayer> = (active.iter())
        .map(|e| SwissPlayer {
            user: &e.user,
            record: record_of(e),
            needs: ColourNeeds::of(&record_of(e).colours),
        })
        .collect();
    let halves: Vec<u32> = players.iter().map(|p| p.record.halves).collect();
    // 0 for the player lowest in the standings: the one the bye should go to.
    let standings = swiss_standings_from(&active, &records);
    let bye_distance: BTreeMap<&str, u64> = (standings.iter().rev().enumerate())
        .map(|(k, s)| (s.user.as_str(), k as u64))
        .collect();

    let n = players.len();
    let mate = min_cost_pairing(n + n % 2, |i, j| {
        let higher = &players[i];
        let Some(lower) = players.get(j) else {
            // j is the bye vertex
            let second_bye = u64::from(higher.record.byes > 0);
            return [second_bye, 0, bye_distance[higher.user], 0, 0, 0, 0, 0];
        };
        let (broken, missed, _) = colour_choice(higher, lower);
        let score_gap = u64::from(halves[i].abs_diff(halves[j]));
        let [same_half, off_ideal] = dutch_distance(&halves, i, j);
        // The costs 1-8 of the module docs, in order.
        [
            0, // second bye
            higher.times_met(lower.user),
            0, // bye's distance from the bottom
            broken,
            score_gap.pow(2),
            missed,
            same_half,
            off_ideal,
        ]
    });

    let mut pairings: Vec<Pairing> = ((0..n).filter(|&i| mate[i] > i && mate[i] < n).enumerate())
        .map(|(board, i)| {
            let (higher, lower) = (&players[i], &players[mate[i]]);
            let higher_red = colour_choice(higher, lower).2.unwrap_or(board % 2 == 0);
            let (red, black) = if higher_red {
                (higher, lower)
            } else {
                (lower, higher)
            };
            let black = Some(black.user.to_string());
            Pairing {
                round,
                red: red.user.to_string(),
                black,
                result: None,
            }
        })
        .collect();
    if let Some(bye) = (0..n).find(|&i| mate[i] == n) {
        let red = players[bye].user.to_string();
        pairings.push(Pairing {
            round,
            red,
            black: None,
            result: Some(Outcome::RedWins),
        });
    }
    pairings
}

// ---------------------------------------------------------------- tables --

/// One table of an Atta Ants round; `seats` in turn order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub round: u32,
    pub seats: Vec<UserId>,
    /// Finishing place per seat, 1 = first; tied players share the better
    /// place (1, 1, 3, 4). `None` until played.
    pub places: Option<Vec<u32>>,
}

/// Points for each place, best first, by table size. Winning is always worth
/// 6 and last place at a 4-table still scores 1, so finishing a game beats
/// not having one.
fn place_scale(table_size: usize) -> &'static [u32] {
    match table_size {
        0 | 1 => &[],
        2 => &[6, 2],
        3 => &[6, 4, 2],
        _ => &[6, 4, 2, 1],
    }
}

/// Placement points (see `place_scale`: 6/2 at a 2-table, 6/4/2 at a
/// 3-table, 6/4/2/1 at 4 or more, 0 below the scale). `tied_with` is how many
/// *other* players share `place`; tied players split the points of the places
/// they cover evenly, e.g. two tied first at a 4-table get (6 + 4) / 2 = 5.
pub fn placement_points(table_size: usize, place: u32, tied_with: usize) -> f64 {
    let scale = place_scale(table_size);
    let first = place.max(1) as usize - 1;
    let covered: u32 = (first..=first + tied_with)
        .map(|i| scale.get(i).copied().unwrap_or(0))
        .sum();
    f64::from(covered) / (tied_with + 1) as f64
}

#[derive(Default)]
struct TableRecord<'a> {
    /// Points in twelfths: exact integers for ties of up to 4 players.
    twelfths: i64,
    firsts: u32,
    games: u32,
    first_seats: u32,
    /// Each tablemate once per decided table shared.
    mates: Vec<&'a str>,
    /// Tables shared with each player, decided or not.
    met: BTreeMap<&'a str, u64>,
}

fn table_records<'a>(history: &[&'a Table]) -> BTreeMap<&'a str, TableRecord<'a>> {
    let mut records: BTreeMap<&str, TableRecord> = BTreeMap::new();
    for table in history {
        let places = table.places.as_ref().filter(|p| p.len() == table.seats.len());
        for (seat, user) in table.seats.iter().enumerate() {
            let rec = records.entry(user.as_str()).or_default();
            rec.first_seats += u32::from(seat == 0);
            let others = table.seats.iter().map(String::as_str).filter(|&u| u != user);
            for other in others.clone() {
                *rec.met.entry(other).or_insert(0) += 1;
            }
            if let Some(places) = places {
                let tied_with = places.iter().filter(|&&p| p == places[seat]).count() - 1;
                let points = placement_points(table.seats.len(), places[seat], tied_with);
                rec.twelfths += (points * 12.0).round() as i64;
                rec.firsts += u32::from(places[seat] == 1);
                rec.games += 1;
                rec.mates.extend(others);
            }
        }
    }
    records
}

/// Atta Ants standings: placement points, then the sum of tablemates' points
/// (once per table shared, Buchholz-like), then the number of first places
/// (shared firsts count), then rating, then user id.
pub fn table_standings(entrants: &[Entrant], history: &[Table]) -> Vec<Standing> {
    let all: Vec<&Table> = history.iter().collect();
    let records = table_records(&all);
    let twelfths_of = |user: &str| records.get(user).map_or(0, |r| r.twelfths);
    let rows = unique_entrants(entrants)
        .into_iter()
        .map(|e| {
            let rec = records.get(e.user.as_str());
            let mates: i64 = rec.map_or(0, |r| r.mates.iter().map(|m| twelfths_of(m)).sum());
            let standing = Standing {
                user: e.user.clone(),
                points: twelfths_of(&e.user) as f64 / 12.0,
                tiebreaks: [mates as f64 / 12.0, f64::from(rec.map_or(0, |r| r.firsts))],
                games: rec.map_or(0, |r| r.games),
            };
            (standing, e.rating)
        })
        .collect();
    sorted_standings(rows)
}

/// Table sizes for `players` active players: 4s and 3s (as many 4s as
/// possible), a lone table of 2 for exactly 2 players, 3 + 2 for 5 (a table of
/// 5 is not allowed), none for fewer than 2.
fn table_sizes(players: usize) -> Vec<usize> {
    match players {
        0 | 1 => vec![],
        2..=4 => vec![players],
        5 => vec![3, 2],
        _ => {
            let threes = (4 - players % 4) % 4;
            let mut sizes = vec![4; (players - 3 * threes) / 4];
            sizes.extend(std::iter::repeat_n(3, threes));
            sizes
        }
    }
}

/// Sum of the packed costs of every two players seated together.
fn table_cost(pair_cost: &[i128], n: usize, table: &[usize]) -> i128 {
    let pairs = table
        .iter()
        .enumerate()
        .flat_map(|(k, &a)| table[k + 1..].iter().map(move |&b| (a, b)));
    pairs.map(|(a, b)| pair_cost[a * n + b]).sum()
}

/// Up to this many players the seating is searched exhaustively.
const EXACT_TABLE_LIMIT: usize = 12;

fn total_cost(pair_cost: &[i128], n: usize, tables: &[Vec<usize>]) -> i128 {
    tables.iter().map(|t| table_cost(pair_cost, n, t)).sum()
}

/// Branch and bound over every split of `left` into tables of `sizes`. Each
/// new table starts with the best-ranked player left, so every split is seen
/// once; the first cheapest wins, which keeps the result deterministic.
fn best_split(
    pair_cost: &[i128],
    n: usize,
    left: &[usize],
    sizes: &[usize],
    seated: &mut Vec<Vec<usize>>,
    best: &mut Option<(i128, Vec<Vec<usize>>)>,
) {
    let cost = total_cost(pair_cost, n, seated);
    if best.as_ref().is_some_and(|(b, _)| cost >= *b) {
        return;
    }
    let Some((&first, rest)) = left.split_first() else {
        *best = Some((cost, seated.clone()));
        return;
    };
    let mut distinct = sizes.to_vec();
    distinct.sort_unstable_by(|a, b| b.cmp(a));
    distinct.dedup();
    for size in distinct {
        let mut sizes_left = sizes.to_vec();
        sizes_left.remove(sizes.iter().position(|&s| s == size).unwrap_or(0));
        for mut table in combinations(rest, size - 1) {
            let others: Vec<usize> = rest.iter().copied().filter(|p| !table.contains(p)).collect();
            table.insert(0, first);
            seated.push(table);
            best_split(pair_cost, n, &others, &sizes_left, seated, best);
            seated.pop();
        }
    }
}

/// Every way to choose `k` of `items`, keeping their order.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let Some((&head, tail)) = items.split_first().filter(|_| k > 0) else {
        return if k == 0 { vec![vec![]] } else { vec![] };
    };
    let mut with_head = combinations(tail, k - 1);
    with_head.iter_mut().for_each(|c| c.insert(0, head));
    with_head.extend(combinations(tail, k));
    with_head
}

/// For larger fields: from the seating by rank, keep making the best swap of
/// two players at different tables while it lowers the cost (so this ends).
fn improve_by_swaps(pair_cost: &[i128], n: usize, mut tables: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    let count = tables.len();
    loop {
        let mut best = (total_cost(pair_cost, n, &tables), None);
        for (ta, tb) in (0..count).flat_map(|a| (a + 1..count).map(move |b| (a, b))) {
            for (sa, sb) in (0..tables[ta].len()).flat_map(|a| (0..tables[tb].len()).map(move |b| (a, b))) {
                let mut tried = tables.clone();
                (tried[ta][sa], tried[tb][sb]) = (tables[tb][sb], tables[ta][sa]);
                let cost = total_cost(pair_cost, n, &tried);
                if cost < best.0 {
                    best = (cost, Some(tried));
                }
            }
        }
        match best.1 {
            Some(better) => tables = better,
            None => return tables,
        }
    }
}

/// Seats round `round` of an Atta Ants Swiss: players grouped by points (then
/// rating) into tables of the sizes from `table_sizes`, keeping apart players
/// who already shared a table where possible (exact up to 12 players, a swap
/// local search above). Tables come best-ranked first; within a table, players
/// who have moved first least often move first.
pub fn pair_tables(entrants: &[Entrant], history: &[Table], round: u32) -> Vec<Table> {
    let past: Vec<&Table> = history.iter().filter(|t| t.round < round).collect();
    let records = table_records(&past);
    let no_record = TableRecord::default();
    let mut players: Vec<(&Entrant, &TableRecord)> = unique_entrants(entrants)
        .into_iter()
        .filter(|e| is_active(e, round))
        .map(|e| (e, records.get(e.user.as_str()).unwrap_or(&no_record)))
        .collect();
    players.sort_by(|(a, ra), (b, rb)| {
        (rb.twelfths.cmp(&ra.twelfths))
            .then(b.rating.total_cmp(&a.rating))
            .then(a.user.cmp(&b.user))
    });

    // Seating two players together costs, lexicographically: tables already
    // shared, squared points gap, squared rank gap.
    let n = players.len();
    let mut pair_cost = vec![[0u64; 3]; n * n];
    for (a, (_, ra)) in players.iter().enumerate() {
        for (b, (eb, rb)) in players.iter().enumerate() {
            let shared = ra.met.get(eb.user.as_str()).copied().unwrap_or(0);
            let points_gap = ra.twelfths.abs_diff(rb.twelfths);
            pair_cost[a * n + b] = [shared, points_gap.pow(2), a.abs_diff(b).pow(2) as u64];
        }
    }
    let sizes = table_sizes(n);
    let seat_pairs = sizes.iter().map(|s| s * (s - 1) / 2).sum();
    let pair_cost = pack_lexicographic(&pair_cost, seat_pairs);
    let mut tables = if n <= EXACT_TABLE_LIMIT {
        let (everyone, mut best) = ((0..n).collect::<Vec<_>>(), None);
        best_split(&pair_cost, n, &everyone, &sizes, &mut Vec::new(), &mut best);
        best.map(|(_, tables)| tables).unwrap_or_default()
    } else {
        let mut by_rank = 0..n;
        let tables = sizes.iter().map(|&s| by_rank.by_ref().take(s).collect());
        improve_by_swaps(&pair_cost, n, tables.collect())
    };
    for t in &mut tables {
        t.sort_by_key(|&p| (players[p].1.first_seats, p));
    }
    tables.sort_by_key(|t| t.iter().min().copied());
    tables
        .into_iter()
        .map(|t| Table {
            round,
            seats: t.iter().map(|&p| players[p].0.user.clone()).collect(),
            places: None,
        })
        .collect()
}

// ----------------------------------------------------------------- arena --

/// A finished arena game from one player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

/// Lichess arena scoring, from a player's results in the order played: win 2,
/// draw 1, loss 0; after two wins in a row the player is "on fire" and every
/// further game scores double (win 4, draw 2) until a game that is not a win
/// (which itself still scores double). So W W D = 2 + 2 + 2 = 6. Returns the
/// points and whether the player is on fire now (their last two games were
/// wins). Not modelled: berserk's extra point and Lichess's rule that only the
/// first of consecutive short draws scores (both need game details we lack).
pub fn arena_points(results_in_order: &[GameResult]) -> (f64, bool) {
    let (mut points, mut wins_in_row) = (0u32, 0u32);
    for result in results_in_order {
        let base = match result {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        };
        points += if wins_in_row >= 2 { 2 * base } else { base };
        wins_in_row = if *result == GameResult::Win {
            wins_in_row + 1
        } else {
            0
        };
    }
    (f64::from(points), wins_in_row >= 2)
}

/// A player in the arena lobby waiting for a game.
#[derive(Debug, Clone, PartialEq)]
pub struct ArenaWaiting {
    pub user: UserId,
    pub points: f64,
    pub rating: f64,
    pub last_opponent: Option<UserId>,
    /// Games as red minus games as black so far.
    pub red_minus_black: i32,
}

/// Pairs as many waiting players as possible, never two who just played each
/// other (Lichess never repeats immediately: such players wait for someone
/// else), then by closest points, then closest rating. Returns
/// `(red, black)`: red goes to whoever has had it less (a tie: the lower
/// ranked). Players left out keep waiting.
pub fn pair_arena(waiting: &[ArenaWaiting]) -> Vec<(UserId, UserId)> {
    let mut unique: BTreeMap<&str, &ArenaWaiting> = BTreeMap::new();
    for w in waiting {
        unique.entry(w.user.as_str()).or_insert(w);
    }
    let mut players: Vec<&ArenaWaiting> = unique.into_values().collect();
    players.sort_by(|a, b| {
        (b.points.total_cmp(&a.points))
            .then(b.rating.total_cmp(&a.rating))
            .then(a.user.cmp(&b.user))
    });
    let just_met = |a: &ArenaWaiting, b: &ArenaWaiting| {
        a.last_opponent.as_deref() == Some(b.user.as_str())
            || b.last_opponent.as_deref() == Some(a.user.as_str())
    };
    let gap = |x: f64, y: f64, unit: f64| ((x - y).abs() * unit).min(1e9) as u64; // NaN -> 0

    let n = players.len();
    let mate = min_cost_pairing(n + n % 2, |i, j| match players.get(j) {
        None => [0, 0, 0], // the "keeps waiting" vertex for an odd count
        Some(b) if just_met(players[i], b) => [1, 0, 0],
        Some(b) => [
            0,
            gap(players[i].points, b.points, 2.0),
            gap(players[i].rating, b.rating, 1.0),
        ],
    });
    (0..n)
        .filter(|&i| mate[i] > i && mate[i] < n && !just_met(players[i], players[mate[i]]))
        .map(|i| {
            let (higher, lower) = (players[i], players[mate[i]]);
            let (red, black) = if higher.red_minus_black < lower.red_minus_black {
                (higher, lower)
            } else {
                (lower, higher)
            };
            (red.user.clone(), black.user.clone())
        })
        .collect()
}

//! The Atta Ants game: rounds of placing a card, ant turns and spiders,
//! and the result.
//!
//! Every `AttaAnts` value is a legal game; setups that may be wrong (a deal,
//! a laid-out position) are checked when the game is made.

use super::action::{Action, AntId, AntMove, Colour, LeafMark, Step, ANTS_PER_COLOUR};
use super::cards::{Card, Dir, Feature, LEAVES_PER_CARD};
use super::map::{Map, Pos, Tile};
use super::setup::{deal, Layout, Setup, SetupError};
use super::spiders;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Ants a player needs in play at the end of a round to win.
pub const ANTS_TO_WIN: u8 = 6;
/// Most ants of one colour that may stay in the nest.
pub const NEST_LIMIT: usize = 2;
/// Ants each player starts with in the nest.
pub const STARTING_ANTS: u8 = 2;

/// An ant and what it is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ant {
    pub id: AntId,
    /// Where it stands; `None` in its owner's reserve.
    pub at: Option<Pos>,
    pub carrying: bool,
    /// Moved this turn (each ant at most once).
    pub moved: bool,
    /// Entered play this round: it cannot move until the next round.
    pub newborn: bool,
    /// Left the nest this round: it may not come back until the next round.
    pub barred: bool,
    /// Stood in the nest when its owner's turn began: it must leave if it can.
    pub must_leave: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spider {
    pub number: u8,
    pub pos: Pos,
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The first player places the drawn card.
    Place,
    /// That player moves ants or ends the turn.
    Ants(Colour),
    /// The first player chooses the step of spider `spiders[index]`.
    Spider {
        index: usize,
        options: Vec<Dir>,
    },
    Over,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Six ants in play at the end of a round.
    SixAnts,
    /// Only one player has ants left.
    OnlyOneLeft,
    /// The spiders ate the last ants of every remaining player at once.
    AllEaten,
    /// The round in which the last card was drawn ended.
    LastCard,
    /// Every player left.
    Abandoned,
}

impl EndReason {
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::SixAnts => "six ants in play at the end of a round",
            EndReason::OnlyOneLeft => "the only player with ants left",
            EndReason::AllEaten => "the spiders ate the last ants of every player",
            EndReason::LastCard => "the round of the last card is over",
            EndReason::Abandoned => "every player left",
        }
    }
}

/// One line of the final ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub colour: Colour,
    /// 1 for the winner; equal players share a place.
    pub place: u8,
    pub ants: u8,
    pub eaten: u8,
    /// Left the game (or timed out): ranked after those who stayed.
    pub departed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub reason: EndReason,
    /// Best first.
    pub standings: Vec<Standing>,
}

impl Outcome {
    /// The players in first place (more than one: a tie).
    pub fn first_place(&self) -> Vec<Colour> {
        self.standings
            .iter()
            .filter(|s| s.place == 1)
            .map(|s| s.colour)
            .collect()
    }

    /// The winner, unless the first place is shared.
    pub fn winner(&self) -> Option<Colour> {
        match self.first_place().as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(w) => write!(f, "{w} wins ({})", self.reason.describe())?,
            None => write!(f, "tie ({})", self.reason.describe())?,
        }
        for s in &self.standings {
            write!(
                f,
                "; {}. {} {}, {} eaten",
                s.place,
                s.colour,
                crate::rules::counted(s.ants.into(), "ant"),
                s.eaten
            )?;
            if s.departed {
                f.write_str(", left")?;
            }
        }
        Ok(())
    }
}

/// Whose turn it is, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    ToMove(Colour),
    Over(Outcome),
}

/// Why an action was refused. The game is unchanged.
pub type RuleError = crate::rules::refusal::RuleError<Colour>;

fn illegal(msg: impl Into<String>) -> RuleError {
    RuleError::Illegal(msg.into())
}

/// Something the last action caused, to highlight on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Highlight {
    Placed(Pos),
    /// An ant's path, its start first.
    Path {
        ant: AntId,
        path: Vec<Pos>,
    },
    Spider {
        number: u8,
        from: Pos,
        to: Pos,
    },
    Eaten {
        ant: AntId,
        at: Pos,
    },
}

/// What happened besides the action itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Events {
    /// Cards drawn that fit nowhere, set aside.
    pub set_aside: Vec<Card>,
    /// The card drawn for the next placement.
    pub drawn: Option<Card>,
    /// Ants put into play in the nest.
    pub born: Vec<AntId>,
    /// Spider steps: number, from, to.
    pub spider_steps: Vec<(u8, Pos, Pos)>,
    pub eaten: Vec<AntId>,
    /// Players knocked out or gone.
    pub out: Vec<Colour>,
    /// A new round began (its number).
    pub new_round: Option<u32>,
    pub outcome: Option<Outcome>,
}

/// A game of Atta Ants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttaAnts {
    players: usize,
    map: Map,
    /// Cards still to draw, the next first.
    deck: Vec<Card>,
    set_aside: Vec<Card>,
    /// The card the first player is placing.
    drawn: Option<Card>,
    leaves: BTreeMap<Pos, u8>,
    /// Six per colour, colour by colour.
    ants: Vec<Ant>,
    spiders: Vec<Spider>,
    eaten: [u8; 4],
    out: [bool; 4],
    departed: [bool; 4],
    /// Leaves brought into the nest (they leave the game).
    delivered: u32,
    first: Colour,
    round: u32,
    phase: Phase,
    /// The last card was drawn in this round: the game ends with it.
    last_card_drawn: bool,
    outcome: Option<Outcome>,
    record: Vec<(Colour, Action)>,
    /// Highlights of the turn before and of this one.
    marks: [Vec<Highlight>; 2],
}

/// An ant's move under way: where it is, what it carries, what it changed.
#[derive(Clone, Debug)]
struct Walk {
    path: Vec<Pos>,
    carrying: bool,
    /// Loose leaves put down (+1) or picked up (-1), per card.
    loose: Vec<(Pos, i32)>,
    /// Ants whose leaf this ant took.
    taken: Vec<AntId>,
    delivered: bool,
}

impl Walk {
    fn pos(&self) -> Pos {
        *self.path.last().expect("a walk starts somewhere")
    }
}

impl AttaAnts {
    /// A new game from a seed (and optionally a deck order).
    pub fn new(setup: &Setup) -> Result<AttaAnts, SetupError> {
        let dealt = deal(setup)?;
        let mut game = AttaAnts::empty(setup.players as usize, dealt.first, dealt.deck);
        for (pos, tile) in dealt.square {
            game.put_card(pos, tile);
        }
        for colour in game.colours() {
            for n in 1..=STARTING_ANTS {
                game.ants[index(AntId::new(colour, n))].at = Some(Pos::NEST);
            }
        }
        game.start_round(&mut Events::default());
        Ok(game)
    }

    /// A game from a laid-out position, at the start of a round.
    pub fn from_layout(layout: &Layout) -> Result<AttaAnts, SetupError> {
        let bad = |m: String| SetupError::BadLayout(m);
        if !(2..=4).contains(&layout.players) {
            return Err(SetupError::Players);
        }
        let players = layout.players as usize;
        let first = layout.first.unwrap_or(Colour::Red);
        if first.index() >= players {
            return Err(bad(format!("{first} is not playing")));
        }
        let mut game = AttaAnts::empty(players, first, layout.deck.clone());
        for (pos, card, rotation) in &layout.tiles {
            if game.map.has_card(*pos) || *rotation > 3 {
                return Err(bad(format!("two cards on {pos}, or a bad rotation")));
            }
            game.map.put(
                *pos,
                Tile {
                    card: *card,
                    rotation: *rotation,
                },
            );
        }
        for (pos, tile) in game.map.tiles() {
            for dir in Dir::ALL {
                let Some(theirs) = game.map.edges(pos.step(dir)) else {
                    continue;
                };
                if (tile.edges() & dir.bit() != 0) != (theirs & dir.opposite().bit() != 0) {
                    return Err(bad(format!(
                        "the card on {pos} does not match its {} side",
                        dir.name()
                    )));
                }
            }
        }
        if !connected(&game.map) {
            return Err(bad("the cards do not all connect to the nest".into()));
        }
        for (pos, n) in &layout.leaves {
            if !game.map.has_card(*pos) || pos.is_nest() {
                return Err(bad(format!("leaves on {pos}, where there is no card")));
            }
            *game.leaves.entry(*pos).or_default() += n;
        }
        for (i, pos) in layout.spiders.iter().enumerate() {
            if !game.map.has_card(*pos) || pos.is_nest() {
                return Err(bad(format!("a spider on {pos}, where it cannot stand")));
            }
            game.spiders.push(Spider {
                number: i as u8 + 1,
                pos: *pos,
            });
        }
        for (id, pos, carrying) in &layout.ants {
            if id.colour.index() >= players {
                return Err(bad(format!("`{id}` is not playing")));
            }
            if game.ants[index(*id)].at.is_some() {
                return Err(bad(format!("`{id}` is placed twice")));
            }
            if !game.map.has_card(*pos) || game.spider_on(*pos) || (pos.is_nest() && *carrying) {
                return Err(bad(format!("`{id}` cannot stand on {pos}")));
            }
            let ant = &mut game.ants[index(*id)];
            ant.at = Some(*pos);
            ant.carrying = *carrying;
        }
        game.eaten = layout.eaten;
        for colour in game.colours() {
            if game.in_play(colour) == 0 {
                return Err(bad(format!("{colour} has no ant in play")));
            }
            if game.in_play(colour) + game.eaten[colour.index()] > ANTS_PER_COLOUR {
                return Err(bad(format!("{colour} has more than six ants")));
            }
        }
        game.start_round(&mut Events::default());
        Ok(game)
    }

    fn empty(players: usize, first: Colour, deck: Vec<Card>) -> AttaAnts {
        let ants = Colour::ALL[..players]
            .iter()
            .flat_map(|c| (1..=ANTS_PER_COLOUR).map(|n| Ant::reserve(AntId::new(*c, n))))
            .collect();
        AttaAnts {
            players,
            map: Map::new(),
            deck,
            set_aside: vec![],
            drawn: None,
            leaves: BTreeMap::new(),
            ants,
            spiders: vec![],
            eaten: [0; 4],
            out: [false; 4],
            departed: [false; 4],
            delivered: 0,
            first,
            round: 0,
            phase: Phase::Place,
            last_card_drawn: false,
            outcome: None,
            record: vec![],
            marks: [vec![], vec![]],
        }
    }

    // ----- reading the state -----

    pub fn players(&self) -> usize {
        self.players
    }

    /// The colours in play, in seating order.
    pub fn colours(&self) -> Vec<Colour> {
        Colour::ALL[..self.players].to_vec()
    }

    pub fn map(&self) -> &Map {
        &self.map
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    /// The first player of the round.
    pub fn first(&self) -> Colour {
        self.first
    }

    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    pub fn set_aside(&self) -> &[Card] {
        &self.set_aside
    }

    /// The card being placed, face up.
    pub fn drawn(&self) -> Option<Card> {
        self.drawn
    }

    pub fn loose_leaves(&self, pos: Pos) -> u8 {
        self.leaves.get(&pos).copied().unwrap_or(0)
    }

    pub fn leaves(&self) -> impl Iterator<Item = (Pos, u8)> + '_ {
        self.leaves.iter().filter(|(_, n)| **n > 0).map(|(p, n)| (*p, *n))
    }

    /// Leaves brought into the nest so far.
    pub fn delivered(&self) -> u32 {
        self.delivered
    }

    pub fn ants(&self) -> &[Ant] {
        &self.ants
    }

    pub fn ant(&self, id: AntId) -> Option<&Ant> {
        (id.colour.index() < self.players && (1..=ANTS_PER_COLOUR).contains(&id.number))
            .then(|| &self.ants[index(id)])
    }

    pub fn spiders(&self) -> &[Spider] {
        &self.spiders
    }

    pub fn in_play(&self, colour: Colour) -> u8 {
        self.ants_of(colour).filter(|a| a.at.is_some()).count() as u8
    }

    pub fn reserve(&self, colour: Colour) -> u8 {
        ANTS_PER_COLOUR - self.in_play(colour)
    }

    pub fn eaten(&self, colour: Colour) -> u8 {
        self.eaten[colour.index()]
    }

    pub fn is_out(&self, colour: Colour) -> bool {
        self.out[colour.index()]
    }

    pub fn has_left(&self, colour: Colour) -> bool {
        self.departed[colour.index()]
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Every action played, canonical, with who played it.
    pub fn record(&self) -> &[(Colour, Action)] {
        &self.record
    }

    /// The highlights of the previous turn and of this one.
    pub fn highlights(&self) -> impl Iterator<Item = &Highlight> {
        self.marks[0].iter().chain(self.marks[1].iter())
    }

    fn ants_of(&self, colour: Colour) -> impl Iterator<Item = &Ant> {
        let start = colour.index() * ANTS_PER_COLOUR as usize;
        self.ants[start..start + ANTS_PER_COLOUR as usize].iter()
    }

    fn spider_on(&self, pos: Pos) -> bool {
        self.spiders.iter().any(|s| s.pos == pos)
    }

    /// Ants of `colour` in the nest.
    pub fn in_nest(&self, colour: Colour) -> usize {
        self.ants_of(colour).filter(|a| a.at == Some(Pos::NEST)).count()
    }

    /// The player who places and chooses for the spiders: the first player,
    /// or the next one still in the game.
    pub fn acting_first(&self) -> Colour {
        self.next_active(self.first, true).unwrap_or(self.first)
    }

    /// The first player still in, from `from` (itself included if `inclusive`)
    /// to the left.
    fn next_active(&self, from: Colour, inclusive: bool) -> Option<Colour> {
        let start = if inclusive { 0 } else { 1 };
        (start..=self.players)
            .map(|k| Colour::ALL[(from.index() + k) % self.players])
            .find(|c| !self.out[c.index()])
    }

    pub fn status(&self) -> Status {
        match (&self.outcome, &self.phase) {
            (Some(outcome), _) => Status::Over(outcome.clone()),
            (None, Phase::Ants(seat)) => Status::ToMove(*seat),
            (None, _) => Status::ToMove(self.acting_first()),
        }
    }

    pub fn to_move(&self) -> Option<Colour> {
        match self.status() {
            Status::ToMove(c) => Some(c),
            Status::Over(_) => None,
        }
    }

    /// Every legal action of the player to move, in canonical notation
    /// order: placements, ant moves (ant by ant), `end`, spider steps.
    pub fn legal_actions(&self) -> Vec<Action> {
        match &self.phase {
            Phase::Over => vec![],
            Phase::Place => match self.drawn {
                Some(card) => self
                    .map
                    .placements(card)
                    .into_iter()
                    .map(|(pos, rotation)| Action::Place { pos, rotation })
                    .collect(),
                None => vec![],
            },
            Phase::Ants(seat) => {
                let mut out: Vec<Action> = (1..=ANTS_PER_COLOUR)
                    .flat_map(|n| self.ant_moves(AntId::new(*seat, n)))
                    .map(Action::Move)
                    .collect();
                if self.can_end(*seat).is_ok() {
                    out.push(Action::End);
                }
                out
            }
            Phase::Spider { index, options } => options
                .iter()
                .map(|dir| Action::Spider {
                    number: self.spiders[*index].number,
                    dir: *dir,
                })
                .collect(),
        }
    }

    /// The action as the record writes it: a placement in the lowest
    /// rotation that looks the same.
    pub fn canonical(&self, action: &Action) -> Action {
        match (action, self.drawn) {
            (Action::Place { pos, rotation }, Some(card)) => Action::Place {
                pos: *pos,
                rotation: card.shape.canonical_rotation(*rotation),
            },
            _ => action.clone(),
        }
    }

    // ----- playing -----

    /// Plays `action` for `seat`. On a refusal the game is unchanged.
    pub fn apply(&mut self, seat: Colour, action: &Action) -> Result<Events, RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        if seat.index() >= self.players {
            return Err(illegal(format!("{seat} is not playing")));
        }
        let mut events = Events::default();
        let canonical = self.canonical(action);
        if *action == Action::Leave {
            if self.out[seat.index()] {
                return Err(illegal(format!("{seat} is already out of the game")));
            }
            self.record.push((seat, canonical));
            self.leave(seat, &mut events);
            return Ok(events);
        }
        let to_move = self.to_move().expect("not over");
        if seat != to_move {
            return Err(RuleError::NotYourTurn(to_move));
        }
        match (&self.phase, action) {
            (Phase::Place, Action::Place { pos, rotation }) => self.place(*pos, *rotation, &mut events)?,
            (Phase::Ants(_), Action::Move(m)) => self.move_ant(seat, m, &mut events)?,
            (Phase::Ants(_), Action::End) => {
                self.can_end(seat)?;
                self.end_turn(seat, &mut events);
            }
            (Phase::Spider { .. }, Action::Spider { number, dir }) => {
                self.choose_spider(*number, *dir, &mut events)?
            }
            (phase, _) => {
                return Err(illegal(match phase {
                    Phase::Place => "first place the drawn card, like `place 1,-2 r3`",
                    Phase::Ants(_) => "move an ant (like `r2 n+ e`) or `end` your turn",
                    Phase::Spider { .. } => "choose the spider's step, like `spider 2 e`",
                    Phase::Over => "the game is over",
                }))
            }
        }
        self.record.push((seat, canonical));
        events.outcome = self.outcome.clone();
        Ok(events)
    }

    fn place(&mut self, pos: Pos, rotation: u8, events: &mut Events) -> Result<(), RuleError> {
        let card = self.drawn.expect("placing phase has a card");
        if !self.map.fits(pos, card, rotation) {
            let why = if self.map.has_card(pos) {
                format!("there is already a card on {pos}")
            } else if !Dir::ALL.iter().any(|d| self.map.has_card(pos.step(*d))) {
                format!("{pos} is not next to a card")
            } else {
                format!("the {card} card in r{rotation} does not match its neighbours on {pos} (trail to trail, grass to grass)")
            };
            return Err(illegal(why));
        }
        self.drawn = None;
        self.put_card(pos, Tile { card, rotation });
        self.marks[1].push(Highlight::Placed(pos));
        let first = self.acting_first();
        self.begin_turn(first, events);
        Ok(())
    }

    /// Lays a card on the map with its leaves or spider.
    fn put_card(&mut self, pos: Pos, tile: Tile) {
        self.map.put(pos, tile);
        match tile.card.feature {
            Feature::Leaf => *self.leaves.entry(pos).or_default() += LEAVES_PER_CARD,
            Feature::Spider => self.spiders.push(Spider {
                number: self.spiders.len() as u8 + 1,
                pos,
            }),
            Feature::Plain => {}
        }
    }

    fn start_round(&mut self, events: &mut Events) {
        if self.round > 0 {
            self.first = self.next_active(self.first, false).unwrap_or(self.first);
        }
        self.round += 1;
        events.new_round = Some(self.round);
        self.marks.swap(0, 1);
        self.marks[1].clear();
        for ant in &mut self.ants {
            ant.moved = false;
            ant.newborn = false;
            ant.barred = false;
            ant.must_leave = false;
        }
        if self.deck.is_empty() {
            self.last_card_drawn = true;
        }
        while !self.deck.is_empty() {
            let card = self.deck.remove(0);
            if self.deck.is_empty() {
                self.last_card_drawn = true;
            }
            if self.map.placements(card).is_empty() {
                self.set_aside.push(card);
                events.set_aside.push(card);
            } else {
                self.drawn = Some(card);
                events.drawn = Some(card);
                self.phase = Phase::Place;
                return;
            }
        }
        let first = self.acting_first();
        self.begin_turn(first, events);
    }

    /// `seat`'s ant turn begins: its ants in the nest must leave.
    fn begin_turn(&mut self, seat: Colour, _events: &mut Events) {
        self.phase = Phase::Ants(seat);
        let start = seat.index() * ANTS_PER_COLOUR as usize;
        for ant in &mut self.ants[start..start + ANTS_PER_COLOUR as usize] {
            ant.moved = false;
            if ant.at == Some(Pos::NEST) && !ant.newborn {
                ant.must_leave = true;
                ant.barred = true;
            }
        }
    }

    /// The turn may end unless an ant that must leave the nest still can.
    fn can_end(&self, seat: Colour) -> Result<(), RuleError> {
        for ant in self.ants_of(seat) {
            if ant.must_leave && ant.at == Some(Pos::NEST) && !self.ant_moves(ant.id).is_empty() {
                return Err(illegal(format!(
                    "`{}` must leave the nest this turn, and it can",
                    ant.id
                )));
            }
        }
        Ok(())
    }

    fn end_turn(&mut self, seat: Colour, events: &mut Events) {
        self.marks.swap(0, 1);
        self.marks[1].clear();
        let next = (1..self.players)
            .map(|k| Colour::ALL[(seat.index() + k) % self.players])
            .take_while(|c| *c != self.first)
            .find(|c| !self.out[c.index()]);
        match next {
            Some(next) => self.begin_turn(next, events),
            None => self.start_spiders(events),
        }
    }

    // ----- ants -----

    /// Every legal move of one ant, with every choice of leaf marks.
    pub fn ant_moves(&self, id: AntId) -> Vec<AntMove> {
        let mut out = Vec::new();
        if self.movable(id).is_err() {
            return out;
        }
        let start = self.start_walk(id);
        for mark in self.mark_options(id, &start) {
            let mut walk = start.clone();
            self.apply_mark(id, &mut walk, mark).expect("offered mark");
            self.extend(id, &walk, mark, &mut Vec::new(), &mut out);
        }
        out
    }

    fn extend(
        &self,
        id: AntId,
        walk: &Walk,
        start: Option<LeafMark>,
        steps: &mut Vec<Step>,
        out: &mut Vec<AntMove>,
    ) {
        for dir in Dir::ALL {
            for last in [true, false] {
                if !last && steps.len() == 1 {
                    continue;
                }
                let Ok(next) = self.try_step(id, walk, dir, last) else {
                    continue;
                };
                for mark in self.mark_options(id, &next) {
                    let mut marked = next.clone();
                    self.apply_mark(id, &mut marked, mark).expect("offered mark");
                    steps.push(Step { dir, mark });
                    if last {
                        out.push(AntMove {
                            ant: id,
                            start,
                            steps: steps.clone(),
                        });
                    } else {
                        self.extend(id, &marked, start, steps, out);
                    }
                    steps.pop();
                }
            }
        }
    }

    fn movable(&self, id: AntId) -> Result<&Ant, RuleError> {
        let ant = self
            .ant(id)
            .ok_or_else(|| illegal(format!("`{id}` is not in this game")))?;
        if ant.at.is_none() {
            return Err(illegal(format!("`{id}` is not in play")));
        }
        if ant.moved {
            return Err(illegal(format!("`{id}` has already moved this turn")));
        }
        if ant.newborn {
            return Err(illegal(format!(
                "{id} entered play this round and cannot move until the next"
            )));
        }
        Ok(ant)
    }

    fn start_walk(&self, id: AntId) -> Walk {
        let ant = &self.ants[index(id)];
        Walk {
            path: vec![ant.at.expect("in play")],
            carrying: ant.carrying,
            loose: vec![],
            taken: vec![],
            delivered: false,
        }
    }

    fn loose_at(&self, walk: &Walk, pos: Pos) -> i32 {
        self.loose_leaves(pos) as i32
            + walk
                .loose
                .iter()
                .filter(|(p, _)| *p == pos)
                .map(|(_, d)| d)
                .sum::<i32>()
    }

    /// Ants on `pos` carrying a leaf this ant could take.
    fn carriers(&self, id: AntId, walk: &Walk, pos: Pos) -> impl Iterator<Item = AntId> + '_ {
        let taken = walk.taken.clone();
        self.ants
            .iter()
            .filter(move |a| a.id != id && a.at == Some(pos) && a.carrying && !taken.contains(&a.id))
            .map(|a| a.id)
    }

    /// The leaf actions open on the card the walk stands on.
    fn mark_options(&self, id: AntId, walk: &Walk) -> Vec<Option<LeafMark>> {
        let pos = walk.pos();
        let mut out = vec![None];
        if pos.is_nest() {
            return out;
        }
        if walk.carrying {
            out.push(Some(LeafMark::Drop));
        } else {
            if self.loose_at(walk, pos) > 0 {
                out.push(Some(LeafMark::PickUp));
            }
            out.extend(self.carriers(id, walk, pos).map(|a| Some(LeafMark::Take(a))));
        }
        out
    }

    fn apply_mark(&self, id: AntId, walk: &mut Walk, mark: Option<LeafMark>) -> Result<(), RuleError> {
        let Some(mark) = mark else {
            return Ok(());
        };
        let pos = walk.pos();
        if pos.is_nest() {
            return Err(illegal("no leaf can be picked up or put down in the nest"));
        }
        match mark {
            LeafMark::PickUp | LeafMark::Take(_) if walk.carrying => {
                return Err(illegal(format!(
                    "`{id}` already carries a leaf (one leaf per ant)"
                )))
            }
            LeafMark::PickUp => {
                if self.loose_at(walk, pos) <= 0 {
                    return Err(illegal(format!("there is no loose leaf on {pos}")));
                }
                walk.loose.push((pos, -1));
            }
            LeafMark::Take(other) => {
                if !self.carriers(id, walk, pos).any(|a| a == other) {
                    return Err(illegal(format!(
                        "{other} carries no leaf on {pos} for {id} to take"
                    )));
                }
                walk.taken.push(other);
            }
            LeafMark::Drop => {
                if !walk.carrying {
                    return Err(illegal(format!("`{id}` carries no leaf to put down")));
                }
                walk.loose.push((pos, 1));
            }
        }
        walk.carrying = !walk.carrying;
        Ok(())
    }

    /// One step of a walk; `last` says whether the ant stops there.
    fn try_step(&self, id: AntId, walk: &Walk, dir: Dir, last: bool) -> Result<Walk, RuleError> {
        let from = walk.pos();
        let to = from.step(dir);
        if walk.delivered {
            return Err(illegal(format!(
                "`{id}` stops when it brings a leaf into the nest"
            )));
        }
        if !self.map.has_card(to) {
            return Err(illegal(format!("there is no card {} of {from}", dir.name())));
        }
        if self.spider_on(to) {
            return Err(illegal(format!("a spider stands on {to}; ants cannot enter it")));
        }
        if walk.path.len() == 2 {
            let before = walk.path[0];
            let first = before.dir_to(from).expect("one step");
            if !(self.map.trail_between(before, first) && self.map.trail_between(from, dir)) {
                return Err(illegal("an ant walks two cards only along a trail on both steps"));
            }
        }
        if walk.path.len() > 2 {
            return Err(illegal("an ant walks at most two cards"));
        }
        let ant = &self.ants[index(id)];
        let mut next = walk.clone();
        next.path.push(to);
        if to.is_nest() {
            if ant.barred {
                return Err(illegal(format!(
                    "{id} left the nest this round and may not come back until the next"
                )));
            }
            if walk.carrying {
                if !last {
                    return Err(illegal(format!(
                        "{id} carries a leaf, so its move stops in the nest"
                    )));
                }
                next.carrying = false;
                next.delivered = true;
            }
            if last {
                let born = usize::from(next.delivered && self.in_play(id.colour) < ANTS_PER_COLOUR);
                let there = self
                    .ants_of(id.colour)
                    .filter(|a| a.id != id && a.at == Some(Pos::NEST))
                    .count();
                if there + 1 + born > NEST_LIMIT {
                    return Err(illegal(format!(
                        "at most {NEST_LIMIT} {} ants may stay in the nest (a newborn ant counts)",
                        id.colour
                    )));
                }
            }
        }
        Ok(next)
    }

    /// Checks a whole move and returns where it ends.
    fn check_move(&self, seat: Colour, m: &AntMove) -> Result<Walk, RuleError> {
        if m.ant.colour != seat {
            return Err(illegal(format!("`{}` is not your ant", m.ant)));
        }
        self.movable(m.ant)?;
        if m.steps.is_empty() || m.steps.len() > 2 {
            return Err(illegal("a move has one or two steps"));
        }
        let mut walk = self.start_walk(m.ant);
        self.apply_mark(m.ant, &mut walk, m.start)?;
        for (i, step) in m.steps.iter().enumerate() {
            walk = self.try_step(m.ant, &walk, step.dir, i + 1 == m.steps.len())?;
            self.apply_mark(m.ant, &mut walk, step.mark)?;
        }
        Ok(walk)
    }

    fn move_ant(&mut self, seat: Colour, m: &AntMove, events: &mut Events) -> Result<(), RuleError> {
        let walk = self.check_move(seat, m)?;
        for (pos, delta) in &walk.loose {
            let n = self.leaves.entry(*pos).or_default();
            *n = (*n as i32 + delta) as u8;
        }
        self.leaves.retain(|_, n| *n > 0);
        for other in &walk.taken {
            self.ants[index(*other)].carrying = false;
        }
        let ant = &mut self.ants[index(m.ant)];
        ant.at = Some(walk.pos());
        ant.carrying = walk.carrying;
        ant.moved = true;
        if walk.delivered {
            self.delivered += 1;
            let newborn = self
                .ants
                .iter_mut()
                .find(|a| a.id.colour == seat && a.at.is_none());
            if let Some(newborn) = newborn {
                *newborn = Ant {
                    at: Some(Pos::NEST),
                    newborn: true,
                    ..Ant::reserve(newborn.id)
                };
                events.born.push(newborn.id);
            }
        }
        self.marks[1].push(Highlight::Path {
            ant: m.ant,
            path: walk.path,
        });
        Ok(())
    }

    // ----- spiders -----

    fn start_spiders(&mut self, events: &mut Events) {
        let outside = self.ants.iter().any(|a| a.at.is_some_and(|p| !p.is_nest()));
        if outside {
            self.run_spiders(0, events);
        } else {
            self.finish_round(events);
        }
    }

    /// Ants per card, the nest not counted.
    fn ants_on_cards(&self) -> BTreeMap<Pos, u32> {
        let mut count = BTreeMap::new();
        for pos in self.ants.iter().filter_map(|a| a.at).filter(|p| !p.is_nest()) {
            *count.entry(pos).or_default() += 1;
        }
        count
    }

    /// The options of spider `index` (empty: it stays).
    pub fn spider_options(&self, index: usize) -> Vec<Dir> {
        spiders::first_steps(&self.map, self.spiders[index].pos, &self.ants_on_cards())
    }

    /// Moves the spiders from `from` on, stopping where the first player
    /// must choose.
    fn run_spiders(&mut self, from: usize, events: &mut Events) {
        for i in from..self.spiders.len() {
            let options = self.spider_options(i);
            match options.as_slice() {
                [] => {}
                [dir] => self.step_spider(i, *dir, events),
                _ => {
                    self.phase = Phase::Spider { index: i, options };
                    return;
                }
            }
        }
        self.eat(events);
        self.finish_round(events);
    }

    fn step_spider(&mut self, i: usize, dir: Dir, events: &mut Events) {
        let spider = &mut self.spiders[i];
        let from = spider.pos;
        spider.pos = from.step(dir);
        events.spider_steps.push((spider.number, from, spider.pos));
        self.marks[1].push(Highlight::Spider {
            number: spider.number,
            from,
            to: spider.pos,
        });
    }

    fn choose_spider(&mut self, number: u8, dir: Dir, events: &mut Events) -> Result<(), RuleError> {
        let Phase::Spider { index, options } = &self.phase else {
            unreachable!("checked by apply");
        };
        let index = *index;
        let spider = self.spiders[index];
        if number != spider.number {
            return Err(illegal(format!(
                "spider {} moves now, not spider {number}",
                spider.number
            )));
        }
        if !options.contains(&dir) {
            let list: Vec<String> = options.iter().map(|d| format!("`spider {number} {d}`")).collect();
            return Err(illegal(format!(
                "spider {number} cannot go {}: choose {}",
                dir.name(),
                list.join(" or ")
            )));
        }
        self.step_spider(index, dir, events);
        self.run_spiders(index + 1, events);
        Ok(())
    }

    /// Ants on a spider's card go back to their owners' reserves; the
    /// leaves they carried stay on the card.
    fn eat(&mut self, events: &mut Events) {
        let spider_cards: Vec<Pos> = self.spiders.iter().map(|s| s.pos).collect();
        for i in 0..self.ants.len() {
            let ant = self.ants[i];
            let Some(pos) = ant.at.filter(|p| spider_cards.contains(p)) else {
                continue;
            };
            if ant.carrying {
                *self.leaves.entry(pos).or_default() += 1;
            }
            self.ants[i] = Ant::reserve(ant.id);
            self.eaten[ant.id.colour.index()] += 1;
            events.eaten.push(ant.id);
            self.marks[1].push(Highlight::Eaten { ant: ant.id, at: pos });
        }
    }

    // ----- the end -----

    /// Players with no ants are out; then the three ways to win, else the
    /// next round.
    fn finish_round(&mut self, events: &mut Events) {
        self.phase = Phase::Over;
        for colour in self.colours() {
            if !self.out[colour.index()] && self.in_play(colour) == 0 {
                self.out[colour.index()] = true;
                events.out.push(colour);
            }
        }
        if self.check_last_standing() {
            return;
        }
        let six = self
            .colours()
            .iter()
            .any(|c| !self.is_out(*c) && self.in_play(*c) >= ANTS_TO_WIN);
        if six {
            self.finish(EndReason::SixAnts);
        } else if self.last_card_drawn {
            self.finish(EndReason::LastCard);
        } else {
            self.start_round(events);
        }
    }

    /// Ends the game when one player or none is left with ants.
    fn check_last_standing(&mut self) -> bool {
        let left = self.colours().iter().filter(|c| !self.is_out(**c)).count();
        match left {
            0 if self.departed[..self.players].iter().all(|d| *d) => self.finish(EndReason::Abandoned),
            0 => self.finish(EndReason::AllEaten),
            1 => self.finish(EndReason::OnlyOneLeft),
            _ => return false,
        }
        true
    }

    /// A player leaves (or timed out): out at once, the game goes on.
    fn leave(&mut self, seat: Colour, events: &mut Events) {
        self.out[seat.index()] = true;
        self.departed[seat.index()] = true;
        events.out.push(seat);
        for i in 0..self.ants.len() {
            let ant = self.ants[i];
            if ant.id.colour != seat {
                continue;
            }
            if let (Some(pos), true) = (ant.at, ant.carrying) {
                *self.leaves.entry(pos).or_default() += 1;
            }
            self.ants[i] = Ant::reserve(ant.id);
        }
        if self.check_last_standing() {
            self.phase = Phase::Over;
        } else if self.phase == Phase::Ants(seat) {
            self.end_turn(seat, events);
        } else if let Phase::Spider { .. } = self.phase {
            // The choice passes to the next player; nothing else changes.
        }
        events.outcome = self.outcome.clone();
    }

    fn finish(&mut self, reason: EndReason) {
        self.phase = Phase::Over;
        let standings = self.standings_now();
        self.outcome = Some(Outcome { reason, standings });
    }

    /// The places as the game stands, by the rule that ranks a finished
    /// game: those still in first, then more ants in play, then fewer
    /// eaten; equals share a place. (A tournament's table unfinished at its
    /// round's close is placed so.)
    pub fn standings_now(&self) -> Vec<Standing> {
        let mut standings: Vec<Standing> = self
            .colours()
            .into_iter()
            .map(|colour| Standing {
                colour,
                place: 0,
                ants: self.in_play(colour),
                eaten: self.eaten(colour),
                departed: self.has_left(colour),
            })
            .collect();
        let key = |s: &Standing| (s.departed, std::cmp::Reverse(s.ants), s.eaten);
        standings.sort_by_key(key);
        for i in 0..standings.len() {
            standings[i].place = if i > 0 && key(&standings[i]) == key(&standings[i - 1]) {
                standings[i - 1].place
            } else {
                i as u8 + 1
            };
        }
        standings
    }
}

impl Ant {
    fn reserve(id: AntId) -> Ant {
        Ant {
            id,
            at: None,
            carrying: false,
            moved: false,
            newborn: false,
            barred: false,
            must_leave: false,
        }
    }
}

fn index(id: AntId) -> usize {
    id.colour.index() * ANTS_PER_COLOUR as usize + id.number as usize - 1
}

/// Whether every card can be reached from the nest over cards.
fn connected(map: &Map) -> bool {
    let mut seen = vec![Pos::NEST];
    let mut i = 0;
    while i < seen.len() {
        let p = seen[i];
        for d in Dir::ALL {
            let q = p.step(d);
            if map.has_card(q) && !seen.contains(&q) {
                seen.push(q);
            }
        }
        i += 1;
    }
    seen.len() == map.len() + 1
}

//! A private deployment placed by clicks: the player's hand, the cards
//! placed so far (carried in the component ids, so nothing is stored until
//! the player confirms), and the buttons that place, take back, fill at
//! random and confirm.

use crate::protocol::UserError;
use crate::protocol::{ButtonStyle, Component, Placing, SelectOption};
use crate::rules::army_ants::{deploy_squares, Action, Card, Cell, DeployHand, Direction, Piece, Side, View};
use rand::seq::SliceRandom;

/// Verbs of the deployment picker. Each carries the placement it was drawn
/// for as `VERB{key}:{cards}` (`dpa0:93Q`): `key` is the row being placed
/// (`0`..`3`, or `t` for a total deployment), so a picker for an earlier
/// row is refused, and `cards` the values placed so far.
pub const ADD: &str = "dpa";
pub const TAKE_BACK: &str = "dpb";
pub const START_OVER: &str = "dpc";
pub const RANDOM: &str = "dpr";
pub const CONFIRM: &str = "dpo";
pub const VERBS: [&str; 5] = [ADD, TAKE_BACK, START_OVER, RANDOM, CONFIRM];

/// The cards a player has put down so far, for the hand under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub key: char,
    pub cards: Vec<Card>,
}

impl Placement {
    pub fn empty(hand: &DeployHand) -> Placement {
        Placement {
            key: key_of(hand),
            cards: Vec::new(),
        }
    }

    /// Reads `dpa0:93Q` as the verb `dpa` and its placement.
    pub fn parse(verb: &str) -> Option<(&'static str, Placement)> {
        let name = VERBS.into_iter().find(|v| verb.starts_with(v))?;
        let rest = &verb[name.len()..];
        let (key, cards) = rest.split_once(':').unwrap_or((rest, ""));
        let mut keys = key.chars();
        let key = keys.next().filter(|k| matches!(k, '0'..='3' | 't'))?;
        if keys.next().is_some() {
            return None;
        }
        let cards = cards.chars().map(Card::from_symbol).collect::<Option<Vec<_>>>()?;
        Some((name, Placement { key, cards }))
    }

    pub fn id(&self, verb: &str) -> String {
        let cards: String = self.cards.iter().map(|c| c.symbol()).collect();
        format!("{verb}{}:{cards}", self.key)
    }

    /// Whether this placement was drawn for `hand` and uses only its cards.
    pub fn check(&self, hand: &DeployHand) -> Result<(), UserError> {
        if self.key != key_of(hand) {
            return Err(UserError::conflict(
                "That placement is for an earlier row. Press **Deploy** for your cards.",
            ));
        }
        if self.cards.len() > hand.cards.len()
            || remaining(hand, &self.cards).len() + self.cards.len() != hand.cards.len()
        {
            return Err(UserError::bad_option(
                "Those are not your cards. Press **Deploy** for your cards.",
            ));
        }
        Ok(())
    }

    pub fn is_complete(&self, hand: &DeployHand) -> bool {
        self.cards.len() == hand.cards.len()
    }

    pub fn with(&self, card: Card) -> Placement {
        let mut next = self.clone();
        next.cards.push(card);
        next
    }

    /// With only one value left (one card, or several alike), those cards
    /// on the last squares: a select of one option would only cost a
    /// click. Not where the Queen's rule forbids it, so the picker can say
    /// why.
    pub fn with_last(self, hand: &DeployHand, side: Side) -> Placement {
        let rest = remaining(hand, &self.cards);
        let Some(first) = rest.first() else {
            return self;
        };
        if rest.iter().any(|card| card != first) {
            return self;
        }
        let mut filled = self.clone();
        filled.cards.extend(&rest);
        if queen_rule_broken(&filled, hand, side).is_none() {
            filled
        } else {
            self
        }
    }

    pub fn taken_back(&self) -> Placement {
        let mut next = self.clone();
        next.cards.pop();
        next
    }

    /// The rest of the hand placed in a random order; in a total
    /// deployment, one that keeps the Queen away from her 9s when the cards
    /// already placed allow it.
    pub fn filled_at_random(&self, hand: &DeployHand, side: Side) -> Placement {
        let rest = remaining(hand, &self.cards);
        let mut rng = rand::rng();
        let mut best = None;
        for _ in 0..200 {
            let mut order = rest.clone();
            order.shuffle(&mut rng);
            let mut next = self.clone();
            next.cards.extend(order);
            let fine = queen_rule_broken(&next, hand, side).is_none();
            best = Some(next);
            if fine {
                break;
            }
        }
        best.unwrap_or_else(|| self.clone())
    }

    /// The deploy action of a complete placement.
    pub fn action(&self, hand: &DeployHand) -> Action {
        let mut cards = self.cards.iter().copied();
        Action::Deploy(
            hand.rows
                .iter()
                .map(|row| cards.by_ref().take(row_len(*row)).collect())
                .collect(),
        )
    }

    /// The squares of the hand with the card placed on each so far.
    fn placed_squares(&self, hand: &DeployHand, side: Side) -> Vec<(crate::rules::army_ants::Square, Card)> {
        slots(hand, side)
            .into_iter()
            .zip(self.cards.iter().copied())
            .collect()
    }

    /// `view` (the player's own) with this placement on the board and what
    /// is left of the hand as the hand to draw.
    pub fn show(&self, view: &mut View, hand: &DeployHand, side: Side) {
        for (sq, card) in self.placed_squares(hand, side) {
            view.cells[sq.index()] = Cell::Card(Piece::new(side, card));
        }
        if let Some(dep) = view.deploy.as_mut() {
            dep.hand = Some(DeployHand {
                rows: hand.rows.clone(),
                cards: remaining(hand, &self.cards),
            });
        }
    }
}

/// Why a total deployment (complete or not) would be refused, before it
/// is sent: the Queen beside one of her 9s.
pub fn queen_rule_broken(placement: &Placement, hand: &DeployHand, side: Side) -> Option<String> {
    if placement.key != 't' {
        return None;
    }
    let placed = placement.placed_squares(hand, side);
    let (queen, _) = placed.iter().find(|(_, c)| c.is_queen())?;
    let beside_nine = Direction::ALL.iter().any(|d| {
        queen
            .step(*d)
            .and_then(|sq| placed.iter().find(|(s, _)| *s == sq))
            .is_some_and(|(_, c)| *c == Card::Ants(9))
    });
    beside_nine
        .then(|| "The Queen may not stand next to one of her 9s: take back cards, or place at random.".into())
}

/// The hand as a front end places it on the board: the squares it fills,
/// in the order the deploy action lists them, and its cards.
pub fn placing(hand: &DeployHand, side: Side) -> Placing {
    Placing {
        squares: slots(hand, side).iter().map(ToString::to_string).collect(),
        cards: remaining(hand, &[])
            .iter()
            .map(|c| c.symbol().to_string())
            .collect(),
        queen_apart: key_of(hand) == 't',
    }
}

fn key_of(hand: &DeployHand) -> char {
    match hand.rows.as_slice() {
        [row] => (b'0' + *row as u8) as char,
        _ => 't',
    }
}

fn row_len(row: usize) -> usize {
    if row == 3 {
        4
    } else {
        5
    }
}

/// The squares the hand fills, in the order its cards are placed.
fn slots(hand: &DeployHand, side: Side) -> Vec<crate::rules::army_ants::Square> {
    hand.rows
        .iter()
        .flat_map(|row| deploy_squares(side, *row))
        .collect()
}

/// The hand's cards not yet placed, sorted (the Queen first).
pub fn remaining(hand: &DeployHand, placed: &[Card]) -> Vec<Card> {
    let mut rest = hand.cards.clone();
    for card in placed {
        if let Some(i) = rest.iter().position(|c| c == card) {
            rest.remove(i);
        }
    }
    rest.sort();
    rest
}

fn card_name(card: Card) -> String {
    if card.is_queen() {
        "Queen".into()
    } else {
        card.symbol().to_string()
    }
}

/// What the picker says above its components.
pub fn text(placement: &Placement, hand: &DeployHand, side: Side) -> String {
    let head = match hand.rows.as_slice() {
        [0] => "Your front row cards",
        [1] => "Your second row cards",
        [2] => "Your third row cards",
        [3] => "Your back row cards (columns a, b, d, e)",
        _ => "Your army, front row first (the Queen may not stand next to a 9)",
    };
    let rest: Vec<String> = remaining(hand, &placement.cards)
        .iter()
        .map(|c| c.symbol().to_string())
        .collect();
    let rest = rest.join(" ");
    let Some(sq) = slots(hand, side).get(placement.cards.len()).copied() else {
        return match queen_rule_broken(placement, hand, side) {
            Some(problem) => problem,
            None => "All placed. Confirm to lay them face down, or change them.".into(),
        };
    };
    let question = if choices(placement, hand, side).is_empty() {
        format!("No card left may go on **{sq}** (the Queen may not stand next to a 9): take one back.")
    } else {
        format!("Which card goes on **{sq}**?")
    };
    if placement.cards.is_empty() {
        format!("{head}: {rest}. {question}")
    } else {
        format!("Still to place: {rest}. {question}")
    }
}

/// The cards that may go on the next square: each value left once, without
/// a Queen beside a placed 9 or a 9 beside the placed Queen.
fn choices(placement: &Placement, hand: &DeployHand, side: Side) -> Vec<Card> {
    let mut rest = remaining(hand, &placement.cards);
    rest.dedup();
    rest.retain(|card| queen_rule_broken(&placement.with(*card), hand, side).is_none());
    rest
}

/// The picker's components: a select of the cards left for the next
/// square, then Take back, Start over, Random placement and Confirm.
pub fn components(game_id: &str, placement: &Placement, hand: &DeployHand, side: Side) -> Vec<Component> {
    let cid = |verb: &str| super::cid(game_id, verb);
    let mut components = Vec::new();
    let rest = remaining(hand, &placement.cards);
    let options: Vec<SelectOption> = choices(placement, hand, side)
        .into_iter()
        .map(|c| SelectOption {
            value: c.symbol().to_string(),
            label: card_name(c),
        })
        .collect();
    if let (Some(sq), false) = (slots(hand, side).get(placement.cards.len()), options.is_empty()) {
        components.push(Component::Select {
            id: cid(&placement.id(ADD)),
            placeholder: format!("Card for {sq}"),
            options,
        });
    }
    if placement.is_complete(hand) && queen_rule_broken(placement, hand, side).is_none() {
        components.push(Component::button(
            cid(&placement.id(CONFIRM)),
            "Confirm",
            ButtonStyle::Success,
        ));
    }
    if !rest.is_empty() {
        components.push(Component::button(
            cid(&placement.id(RANDOM)),
            if placement.cards.is_empty() {
                "Random placement"
            } else {
                "Place the rest at random"
            },
            ButtonStyle::Primary,
        ));
    }
    if !placement.cards.is_empty() {
        components.push(Component::button(
            cid(&placement.id(TAKE_BACK)),
            "Take back",
            ButtonStyle::Secondary,
        ));
        components.push(Component::button(
            cid(&format!("{START_OVER}{}", placement.key)),
            "Start over",
            ButtonStyle::Secondary,
        ));
    }
    components
}

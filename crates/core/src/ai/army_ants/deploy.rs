//! Private deployments for the computer: the same `deploy` actions a person
//! types, built from the cards the rules deal it.
//!
//! Minor: each row's highest cards go to its most useful squares and the
//! Queen to a sheltered one. Total: a fixed formation with the 9s in front
//! and the Queen in the back row, away from her 9s as the seed requires.

use crate::rules::army_ants::{Action, Card, DeployHand};

/// Columns of a five-card row from most to least useful: the centre first.
const ROW_ORDER: [usize; 5] = [2, 1, 3, 0, 4];
/// The back row holds a, b, d, e (indices 0..4): the Queen goes to b,
/// her neighbour a next.
const BACK_ORDER: [usize; 4] = [1, 0, 2, 3];

/// The formation for Total Deployment, front row first (values, 0 = Queen).
const TOTAL: [&[u8]; 4] = [
    &[9, 7, 8, 7, 9],
    &[6, 4, 8, 3, 6],
    &[2, 5, 3, 1, 4],
    &[5, 0, 2, 1],
];

/// The deploy action for `hand`.
pub fn deploy(hand: &DeployHand) -> Action {
    if hand.rows.len() == 4 {
        return total(hand).unwrap_or_else(|| Action::Deploy(spread(hand)));
    }
    let row = hand.rows[0];
    Action::Deploy(vec![place_row(row, &hand.cards)])
}

/// One row: the Queen (if dealt here) to the row's first choice, then the
/// other cards from high to low along the order.
fn place_row(row: usize, cards: &[Card]) -> Vec<Card> {
    let order: &[usize] = if row == 3 { &BACK_ORDER } else { &ROW_ORDER };
    let mut sorted = cards.to_vec();
    // Queen first (Card orders the Queen lowest), then high to low.
    sorted.sort_by_key(|c| if c.is_queen() { 0 } else { 10 - c.value() as i32 });
    let mut placed = vec![Card::Queen; cards.len()];
    for (card, &slot) in sorted.iter().zip(order.iter().filter(|&&s| s < cards.len())) {
        placed[slot] = *card;
    }
    placed
}

fn total(hand: &DeployHand) -> Option<Action> {
    let mut want: Vec<u8> = TOTAL.concat();
    let mut have: Vec<u8> = hand.cards.iter().map(|c| c.value()).collect();
    want.sort();
    have.sort();
    (want == have).then(|| {
        let card = |v: u8| if v == 0 { Card::Queen } else { Card::Ants(v) };
        Action::Deploy(
            TOTAL
                .iter()
                .map(|row| row.iter().map(|&v| card(v)).collect())
                .collect(),
        )
    })
}

/// A fallback for an unexpected army: row by row in the minor manner.
fn spread(hand: &DeployHand) -> Vec<Vec<Card>> {
    let mut cards = hand.cards.clone();
    cards.sort_by_key(|c| std::cmp::Reverse(c.value()));
    let sizes = [5, 5, 5, 4];
    let mut rows = Vec::new();
    let mut start = 0;
    for (row, size) in sizes.iter().enumerate() {
        let end = (start + size).min(cards.len());
        rows.push(place_row(row, &cards[start..end]));
        start = end;
    }
    rows
}

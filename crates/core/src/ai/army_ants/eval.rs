//! Static evaluation, in hundredths of an ace-ish unit, from the side to
//! move's point of view.
//!
//! What it weighs: material (high cards are worth more: only a 9 can remove
//! a 9), the Queen's safety (attackers on her lines, open lines, shields,
//! enemy cards close by), threats on enemy cards, cards closing in on the
//! enemy Queen, and room to move.

use super::position::{first_occupied, neighbours, Pos, DIRS};

/// The worth of a numbered card by value (index 0, the Queen, is unused:
/// losing her ends the game).
pub const WORTH: [i32; 10] = [0, 100, 110, 120, 135, 150, 170, 195, 225, 280];

/// Manhattan distance between squares.
const DIST: [[u8; 40]; 40] = {
    let mut d = [[0u8; 40]; 40];
    let mut a = 0;
    while a < 40 {
        let mut b = 0;
        while b < 40 {
            let (fa, ra, fb, rb) = ((a % 5) as i32, (a / 5) as i32, (b % 5) as i32, (b / 5) as i32);
            d[a][b] = ((fa - fb).abs() + (ra - rb).abs()) as u8;
            b += 1;
        }
        a += 1;
    }
    d
};

pub fn evaluate(pos: &Pos) -> i32 {
    let us = pos.to_move;
    let mut score = side_score(pos, us) - side_score(pos, 1 - us);
    // Our Queen under attack with us to move: we must spend the turn on it.
    if let Some(q) = pos.queen(us) {
        if attackers_of(pos, q, us) > 0 {
            score -= 60;
        }
    }
    // Red Aggression: each repeated turn brings Red closer to losing.
    let red_pressure = 25 * pos.repeats as i32;
    score += if us == 0 { -red_pressure } else { red_pressure };
    score + 10
}

/// How many enemy cards could attack the card on `sq` (owned by `side`).
fn attackers_of(pos: &Pos, sq: usize, side: usize) -> u32 {
    let occupied = pos.occ[0] | pos.occ[1];
    let enemy = pos.occ[1 - side] & !pos.queens;
    let value = pos.vals[sq];
    let is_queen = pos.queens & (1 << sq) != 0;
    let mut count = 0;
    for (shift, _) in DIRS {
        let b = first_occupied(shift, sq, occupied);
        if b & enemy != 0 && (is_queen || pos.vals[b.trailing_zeros() as usize] >= value) {
            count += 1;
        }
    }
    count
}

fn side_score(pos: &Pos, side: usize) -> i32 {
    let own = pos.occ[side];
    let enemy = pos.occ[1 - side];
    let occupied = own | enemy;
    let empty = pos.empty();
    let mut score = 0;
    let enemy_queen = pos.queen(1 - side);
    let own_queen = pos.queen(side);
    let mut cards = own & !pos.queens;
    while cards != 0 {
        let sq = cards.trailing_zeros() as usize;
        cards &= cards - 1;
        let value = pos.vals[sq];
        score += WORTH[value as usize];
        // Closing in on the enemy Queen (only in the battle).
        if pos.battle() {
            if let Some(eq) = enemy_queen {
                let d = DIST[sq][eq] as i32;
                score += (8 - d).max(0) * (2 + value as i32 / 3);
            }
        }
        // Guards near our own Queen.
        if let Some(q) = own_queen {
            let d = DIST[sq][q] as i32;
            score += (3 - d).max(0) * (1 + value as i32 / 3);
        }
        // Threats: the first enemy card on each line, if we may take it.
        for (shift, _) in DIRS {
            let b = first_occupied(shift, sq, occupied);
            if b & enemy != 0 {
                let at = b.trailing_zeros() as usize;
                if b & pos.queens != 0 {
                    score += 40;
                } else if pos.vals[at] < value {
                    score += 8 + WORTH[pos.vals[at] as usize] / 10;
                } else if pos.vals[at] == value {
                    score += 4;
                }
            }
        }
    }
    // Room to move.
    score += 2 * (neighbours(own) & empty).count_ones() as i32;
    if let Some(q) = own_queen {
        score += queen_safety(pos, q, side);
    }
    score
}

/// Shields on the Queen's lines are good, open lines and enemy cards close
/// by are bad.
fn queen_safety(pos: &Pos, q: usize, side: usize) -> i32 {
    let own = pos.occ[side];
    let enemy = pos.occ[1 - side] & !pos.queens;
    let occupied = pos.occ[0] | pos.occ[1];
    let mut score = 0;
    for (shift, _) in DIRS {
        let mut b = 1u64 << q;
        let mut open = 0;
        loop {
            b = shift(b);
            if b == 0 {
                break;
            }
            if b & occupied != 0 {
                let at = b.trailing_zeros() as usize;
                if b & own != 0 {
                    score += 12 + 2 * pos.vals[at] as i32;
                } else if b & enemy != 0 {
                    score -= 50;
                }
                break;
            }
            open += 1;
        }
        score -= 7 * open;
    }
    let mut near = enemy;
    while near != 0 {
        let sq = near.trailing_zeros() as usize;
        near &= near - 1;
        score -= (5 - DIST[sq][q] as i32).max(0) * 5;
    }
    score
}

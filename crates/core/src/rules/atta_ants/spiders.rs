//! Where a spider goes: one step along a real shortest path (orthogonal
//! steps over cards, never into or through the nest) towards the reachable
//! card with the most ants, the nearest of equal cards.

use super::cards::Dir;
use super::map::{Map, Pos};
use std::collections::{BTreeMap, VecDeque};

/// Path lengths from `from` to every card a spider can reach.
pub fn distances(map: &Map, from: Pos) -> BTreeMap<Pos, u32> {
    let mut dist = BTreeMap::new();
    if from.is_nest() || !map.has_card(from) {
        return dist;
    }
    dist.insert(from, 0);
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let d = dist[&p];
        for dir in Dir::ALL {
            let q = p.step(dir);
            if q.is_nest() || !map.has_card(q) || dist.contains_key(&q) {
                continue;
            }
            dist.insert(q, d + 1);
            queue.push_back(q);
        }
    }
    dist
}

/// The cards a spider on `from` heads for: the reachable cards (the nest
/// not counted) with the most ants, the nearest of them; with their length.
pub fn targets(map: &Map, from: Pos, ants_on: &BTreeMap<Pos, u32>) -> (Vec<Pos>, u32) {
    let dist = distances(map, from);
    let reachable: Vec<(Pos, u32, u32)> = ants_on
        .iter()
        .filter(|(p, n)| **n > 0 && !p.is_nest())
        .filter_map(|(p, n)| dist.get(p).map(|d| (*p, *n, *d)))
        .collect();
    let Some(most) = reachable.iter().map(|(_, n, _)| *n).max() else {
        return (vec![], 0);
    };
    let nearest = reachable
        .iter()
        .filter(|(_, n, _)| *n == most)
        .map(|(_, _, d)| *d)
        .min()
        .expect("at least one");
    let chosen = reachable
        .iter()
        .filter(|(_, n, d)| *n == most && *d == nearest)
        .map(|(p, _, _)| *p)
        .collect();
    (chosen, nearest)
}

/// The first steps a spider on `from` may take, in N E S W order: one when
/// the way is clear, several when the first player must choose, none when
/// it stays (no reachable card with ants).
pub fn first_steps(map: &Map, from: Pos, ants_on: &BTreeMap<Pos, u32>) -> Vec<Dir> {
    let (targets, length) = targets(map, from, ants_on);
    if length == 0 {
        return vec![];
    }
    let mut steps: Vec<Dir> = Vec::new();
    for target in targets {
        let back = distances(map, target);
        for dir in Dir::ALL {
            let q = from.step(dir);
            if back.get(&q) == Some(&(length - 1)) && !steps.contains(&dir) {
                steps.push(dir);
            }
        }
    }
    steps.sort();
    steps
}

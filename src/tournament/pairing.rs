//! Placeholder until the pairing lands: adjacent pairs by standings.
use serde::{Deserialize, Serialize};

pub type UserId = String;

pub struct Entrant {
    pub user: UserId,
    pub rating: f64,
    pub joined_round: u32,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    pub round: u32,
    pub red: UserId,
    pub black: Option<UserId>,
    pub result: Option<Outcome>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    RedWins,
    BlackWins,
    Draw,
}

pub struct Standing {
    pub user: UserId,
    pub points: f64,
    pub tiebreaks: [f64; 2],
    pub games: u32,
}

pub fn pair_swiss(entrants: &[Entrant], history: &[Pairing], round: u32) -> Vec<Pairing> {
    let order: Vec<String> = swiss_standings(entrants, history)
        .into_iter()
        .map(|s| s.user)
        .filter(|u| {
            entrants
                .iter()
                .any(|e| &e.user == u && !e.withdrawn && e.joined_round <= round)
        })
        .collect();
    let mut out = Vec::new();
    for pair in order.chunks(2) {
        out.push(Pairing {
            round,
            red: pair[0].clone(),
            black: pair.get(1).cloned(),
            result: None,
        });
    }
    out
}

pub fn swiss_standings(entrants: &[Entrant], history: &[Pairing]) -> Vec<Standing> {
    let mut out: Vec<Standing> = entrants
        .iter()
        .map(|e| {
            let mut points = 0.0;
            let mut games = 0;
            for p in history {
                let Some(r) = p.result else { continue };
                if p.red == e.user {
                    points += match (p.black.is_none(), r) {
                        (true, _) | (_, Outcome::RedWins) => 1.0,
                        (_, Outcome::Draw) => 0.5,
                        _ => 0.0,
                    };
                    games += p.black.is_some() as u32;
                } else if p.black.as_deref() == Some(&e.user) {
                    points += match r {
                        Outcome::BlackWins => 1.0,
                        Outcome::Draw => 0.5,
                        _ => 0.0,
                    };
                    games += 1;
                }
            }
            Standing {
                user: e.user.clone(),
                points,
                tiebreaks: [0.0, 0.0],
                games,
            }
        })
        .collect();
    out.sort_by(|a, b| b.points.total_cmp(&a.points));
    out
}

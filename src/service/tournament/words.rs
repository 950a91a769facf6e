//! What a tournament says: the words of its posts and replies, its
//! standings picture, the podium, and its object in a reply.

use super::{game_title, Held};
use crate::protocol::types::*;
use crate::render::{
    podium_alt_text, podium_png, points_text, PodiumPlace, PodiumView, StandingLine, StandingsView,
};
use crate::service::base::mention;
use crate::tournament::{Format, Status, Tournament};
use chrono::{DateTime, Utc};
use std::time::Duration;

/// What the channel hears when a tournament begins.
pub(super) fn begun_words(t: &Tournament) -> String {
    if t.is_arena() {
        return format!(
            "The arena has begun: {}, until {}. The free are paired at once, and again as soon as their game ends; each game has a thread of its own.",
            players(t.active().count()),
            closes_words(t)
        );
    }
    match t.is_event() {
        true => format!(
            "The event has begun: {}, {}, open until {}. Press a deal on the standings board to play it, on a board only you see: one attempt at each.",
            players(t.active().count()),
            crate::rules::counted(t.deals() as usize, "deal"),
            closes_words(t)
        ),
        false => format!(
            "The tournament has begun: {}, {} rounds. Round 1 is paired; each game has a thread of its own.",
            players(t.active().count()),
            t.rounds
        ),
    }
}

/// When the round under way (an event's window) closes: "29 Nov 12:00 UTC".
pub(super) fn closes_words(t: &Tournament) -> String {
    t.round_ends_at
        .and_then(DateTime::<Utc>::from_timestamp_millis)
        .map(|at| at.format("%-d %b %H:%M UTC").to_string())
        .unwrap_or_default()
}

/// The words above the standings board.
pub(super) fn standings_words(t: &Tournament) -> String {
    let title = game_title(t);
    if t.is_event() {
        return match t.status {
            Status::Open => format!(
                "🏆 **{title} event**: {} in. Press **Join** to enter.",
                players(t.players.len())
            ),
            Status::Running => format!(
                "🏆 **{title} event**: {}, open until {}. Press a deal to play it; late entries welcome.",
                crate::rules::counted(t.deals() as usize, "deal"),
                closes_words(t)
            ),
            Status::Finished => format!("🏆 **{title} event**: final standings."),
            Status::Cancelled => format!("🛑 **{title} event**: cancelled."),
        };
    }
    if t.is_arena() {
        return match t.status {
            Status::Open => format!(
                "🏆 **{title} Arena**: {} in. Press **Join** to enter.",
                players(t.players.len())
            ),
            Status::Running => format!(
                "🏆 **{title} Arena**: until {}; {} on. Late entries welcome.",
                closes_words(t),
                crate::rules::counted(t.undecided().len(), "game")
            ),
            Status::Finished => format!("🏆 **{title} Arena**: final standings."),
            Status::Cancelled => format!("🛑 **{title} Arena**: cancelled."),
        };
    }
    match t.status {
        Status::Open => format!(
            "🏆 **{title} Swiss**: {} in. Press **Join** to enter.",
            players(t.players.len())
        ),
        Status::Running => format!("🏆 **{title} Swiss**: round {} of {}.", t.round, t.rounds),
        Status::Finished => format!("🏆 **{title} Swiss**: final standings."),
        Status::Cancelled => format!("🛑 **{title} Swiss**: cancelled."),
    }
}

/// The podium, once the tournament has just finished.
/// With `render`, its picture: the first three on their steps.
pub(super) fn finished_words(held: &Held, render: bool) -> Option<Post> {
    let t = &held.t;
    if t.status != Status::Finished {
        return None;
    }
    let standings = t.standings();
    // An event's points are its total score.
    let points = |p: f64| match t.is_event() {
        true => format!("score {}", points_text(p)),
        false => format!("{} points", points_text(p)),
    };
    let top: Vec<_> = standings.iter().take(3).collect();
    let medals = ["🥇", "🥈", "🥉"];
    let podium: Vec<String> = top
        .iter()
        .zip(medals)
        .map(|(s, medal)| {
            format!(
                "{medal} {} ({})",
                mention(&User::new(&s.user, t.name(&s.user))),
                points(s.points),
            )
        })
        .collect();
    let over = match t.is_event() {
        true => "The event is over: every attempt counts as it stood.",
        false => "The tournament is over.",
    };
    let view = PodiumView {
        title: format!("{} · {}", game_title(t), t.settings.format.title()),
        subtitle: format!("Final standings · {}", players(t.players.len())),
        places: top
            .iter()
            .map(|s| PodiumPlace {
                name: plain_text(t.name(&s.user)),
                points: points(s.points),
            })
            .collect(),
    };
    Some(Post {
        image: render.then(|| Image {
            png: podium_png(&view),
            alt: podium_alt_text(&view),
            regions: vec![],
        }),
        ..Post::to(&held.row.channel_id, format!("🏆 {over} {}", podium.join(", ")))
    })
}

/// What the standings picture shows.
pub(super) fn picture(t: &Tournament) -> StandingsView {
    let subtitle = match t.status {
        Status::Open => match t
            .settings
            .starts_at
            .and_then(DateTime::<Utc>::from_timestamp_millis)
        {
            Some(at) => format!("Open for entries; starts {}", at.format("%-d %b %H:%M UTC")),
            None => "Open for entries".to_string(),
        },
        Status::Running if t.is_event() => format!(
            "{}, closes {}",
            crate::rules::counted(t.deals() as usize, "deal"),
            closes_words(t)
        ),
        Status::Running if t.is_arena() => format!("Ends {}", closes_words(t)),
        Status::Running => match t.round_ends_at {
            Some(_) => format!("Round {} of {}, closes {}", t.round, t.rounds, closes_words(t)),
            None => format!("Round {} of {}", t.round, t.rounds),
        },
        Status::Finished => "Final standings".to_string(),
        Status::Cancelled => "Cancelled".to_string(),
    };
    let lines = t
        .standings()
        .into_iter()
        .map(|s| StandingLine {
            name: plain_text(t.name(&s.user)),
            points: s.points,
            tiebreaks: s.tiebreaks,
            games: s.games,
            withdrawn: t.player(&s.user).is_some_and(|p| p.withdrawn),
        })
        .collect();
    // The games on: a Swiss's round, an arena's games under way.
    let on = |b: &crate::tournament::Board| match t.is_arena() {
        true => b.result.is_none(),
        false => b.round == t.round,
    };
    let tables = t
        .tables
        .iter()
        .filter(|table| table.round == t.round && t.status == Status::Running)
        .map(|table| {
            let names: Vec<String> = table.seats.iter().map(|id| plain_text(t.name(id))).collect();
            match table.points() {
                Some(points) => names
                    .iter()
                    .zip(points)
                    .map(|(name, p)| format!("{name} {}", points_text(p)))
                    .collect::<Vec<_>>()
                    .join(", "),
                None => format!("{}  playing", names.join(", ")),
            }
        });
    let pairings = t
        .boards
        .iter()
        .filter(|b| on(b) && t.status == Status::Running)
        .map(|b| {
            let red = plain_text(t.name(&b.red));
            match (&b.black, b.points()) {
                (None, _) => format!("{red}: bye (1 point)"),
                (Some(black), Some(points)) => format!(
                    "{red} - {}  {}-{}",
                    plain_text(t.name(black)),
                    points_text(points[0]),
                    points_text(points[1])
                ),
                (Some(black), None) => format!("{red} - {}  playing", plain_text(t.name(black))),
            }
        })
        .chain(tables)
        .collect();
    StandingsView {
        title: format!("{} · {}", game_title(t), t.settings.format.title()),
        subtitle,
        headers: match t.settings.format {
            Format::Event => ["Score", "Hints", "Minutes", "Deals"],
            Format::Arena => ["Points", "Wins", "Rating", "Games"],
            Format::Swiss if t.is_tables() => ["Points", "Mates", "Firsts", "Games"],
            Format::Swiss => ["Points", "Buchholz", "S-B", "Games"],
        },
        lines,
        pairings,
        pairings_title: if t.is_arena() { "Games on" } else { "This round" },
    }
}

/// The tournament object of a reply (DESIGN.md, "Tournaments").
pub(super) fn view(held: &Held) -> TournamentView {
    let t = &held.t;
    TournamentView {
        id: t.id.clone(),
        game: t.settings.game.clone(),
        format: t.settings.format.as_str().to_string(),
        status: t.status.as_str().to_string(),
        round: t.round,
        rounds: t.rounds,
        standings: t
            .standings()
            .into_iter()
            .map(|s| TournamentStanding {
                user: s.user,
                points: s.points,
                tiebreaks: s.tiebreaks.to_vec(),
                games: s.games,
            })
            .collect(),
        pairings: t
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| TournamentPairing {
                round: b.round,
                seats: b.players().map(str::to_string).collect(),
                channel: b.channel.clone(),
                game: b.game.clone(),
                result: t.board_points(i),
            })
            // An Atta Ants Swiss's tables: every seat, its placement points.
            .chain(t.tables.iter().map(|table| TournamentPairing {
                round: table.round,
                seats: table.seats.clone(),
                channel: table.channel.clone(),
                game: table.game.clone(),
                result: table.points(),
            }))
            // An event's attempts: the deal as the round, its player's
            // score as the result.
            .chain(t.attempts.iter().map(|a| TournamentPairing {
                round: a.deal,
                seats: vec![a.user.clone()],
                channel: Some(a.channel.clone()),
                game: a.game.clone(),
                result: a.result.map(|r| vec![r.score as f64]),
            }))
            .collect(),
    }
}

/// "1st", "2nd", "3rd", "11th".
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "1 player", "6 players".
pub(super) fn players(n: usize) -> String {
    crate::rules::counted(n, "player")
}

/// "24 hours", "30 minutes", "2 days".
pub fn duration_words(d: Duration) -> String {
    let secs = d.as_secs();
    let (n, unit) = match secs {
        s if s % 86_400 == 0 => (s / 86_400, "day"),
        s if s % 3_600 == 0 => (s / 3_600, "hour"),
        s => (s.div_ceil(60), "minute"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

//! The daily's standings: attempts ranked, ties shared, a month's places counted.

use antics::daily::standings::*;
use antics::store::{AttemptRow, Ending, GameStatus, PatienceResult};

fn result(outcome: Ending, score: i64, moves: u32, hints: u32, minutes: i64) -> PatienceResult {
    PatienceResult {
        moves,
        hints,
        elapsed_ms: minutes * 60_000,
        ..super::sample_result(outcome, score)
    }
}

#[test]
fn among_equal_results_fewer_hints_rank_higher_then_the_games_tie_break() {
    // "among equal results, fewer hints ranks higher (then the game's
    // own tie-breaks)": a win in 80 moves with one hint ranks below a
    // win in 120 moves with none, and above a loss with none.
    let hinted = attempt_key("anthill", &result(Ending::Win, 52, 80, 1, 5));
    let clean = attempt_key("anthill", &result(Ending::Win, 52, 120, 0, 9));
    let lost = attempt_key("anthill", &result(Ending::Loss, 40, 60, 0, 3));
    assert!(clean < hinted && hinted < lost);
    assert!(attempt_key("anthill", &result(Ending::Win, 52, 100, 0, 9)) < clean);
    // Myrmex: chambers first, then hints, then time.
    let fast_hinted = attempt_key("myrmex", &result(Ending::Loss, 4, 90, 2, 10));
    let slow_clean = attempt_key("myrmex", &result(Ending::Loss, 4, 90, 0, 30));
    let more_chambers = attempt_key("myrmex", &result(Ending::Loss, 5, 90, 9, 40));
    assert!(more_chambers < slow_clean && slow_clean < fast_hinted);
}

/// One finished ranked Anthill attempt of `user` on day `day` of
/// November scoring `score` (a loss: more cards home is better).
fn attempt(day: u32, user: &str, score: i64) -> AttemptRow {
    AttemptRow {
        attempt: antics::store::DailyAttempt {
            game_id: format!("{user}-{day}"),
            day: format!("2026-11-{day:02}"),
            game: "anthill".into(),
            user_id: user.into(),
            user_name: user.into(),
            channel_id: "c1".into(),
            guild_id: "g1".into(),
            ranked: true,
            started_at: i64::from(day),
        },
        status: GameStatus::Finished,
        result: Some(antics::store::StoredResult::Patience(super::sample_result(
            Ending::Loss,
            score,
        ))),
    }
}

/// docs/daily.md#seasons: "each day counts, for every player with a
/// finished ranked attempt, the players they beat less the players who
/// beat them (ties count neither way)"; a day missed counts nothing.
/// A month of five players, each missing some days, checked against
/// that sentence counted by hand.
#[test]
fn a_month_of_five_players_counts_each_days_places() {
    let players = ["ann", "ben", "cat", "dan", "eve"];
    let mut rows = Vec::new();
    for day in 1..=30u32 {
        for (i, user) in players.iter().enumerate() {
            let i = i as u32;
            // Each misses the days of its own remainder mod 7.
            if day % 7 == i {
                continue;
            }
            // Scores that tie now and then and change order by day.
            let score = i64::from((day * (i + 3) + i * i) % 5);
            rows.push(attempt(day, user, score));
        }
    }
    let mut expected: Vec<(&str, i64, i64, i64)> = players
        .iter()
        .map(|user| {
            let mine = rows.iter().filter(|r| r.attempt.user_id == *user);
            let (mut points, mut days, mut firsts) = (0, 0, 0);
            for row in mine {
                let score = |r: &AttemptRow| r.result.as_ref().unwrap().patience().unwrap().score;
                let that_day: Vec<i64> = rows
                    .iter()
                    .filter(|o| o.attempt.day == row.attempt.day)
                    .map(score)
                    .collect();
                let beaten = that_day.iter().filter(|&&o| o < score(row)).count() as i64;
                let beaten_by = that_day.iter().filter(|&&o| o > score(row)).count() as i64;
                points += beaten - beaten_by;
                days += 1;
                firsts += i64::from(beaten_by == 0);
            }
            (*user, points, days, firsts)
        })
        .collect();
    expected.sort_by_key(|&(user, points, _, firsts)| (-points, -firsts, user));
    let table = season_standings("anthill", &rows);
    let got: Vec<(&str, i64, i64, i64)> = table
        .iter()
        .map(|(_, s)| (s.name.as_str(), s.points, s.days, s.firsts))
        .collect();
    assert_eq!(got, expected);
    // Every day's points cancel out: the season's add up to zero.
    assert_eq!(table.iter().map(|(_, s)| s.points).sum::<i64>(), 0);
    assert!(table.iter().all(|(_, s)| s.days < 30), "everyone missed a day");
}

#[test]
fn ties_share_a_rank() {
    assert_eq!(ranks(&[1, 2, 2, 3, 3, 3, 4]), vec![1, 2, 2, 4, 4, 4, 7]);
    assert_eq!(ranks::<i32>(&[]), Vec::<usize>::new());
}

//! The order of the leaderboards: a day's attempts ranked by result, then
//! hints, then each game's own tie-break; a player's attempts over several
//! days by wins, then average score. Ties share a rank.

use crate::rules::{GameKind, Ranking};
use crate::store::{AttemptRow, Ending, GameStatus, PatienceResult};

/// The order of attempts: lower is better. The result first (Myrmex: more
/// chambers; Anthill and Ants Solitaire: a win, then a higher score), then
/// fewer hints, then the game's own tie-break (Myrmex: less time; the
/// others: fewer moves).
pub fn attempt_key(game: &str, r: &PatienceResult) -> (i64, i64, i64, i64) {
    let hints = r.hints as i64;
    if ranking(game) == Ranking::Chambers {
        (-r.score, 0, hints, r.elapsed_ms)
    } else {
        let won = (r.result.outcome == Ending::Win) as i64;
        (-won, -r.score, hints, r.moves as i64)
    }
}

/// Competition ranks ("1, 1, 3") of entries already sorted by `key`.
pub fn ranks<K: PartialEq>(keys: &[K]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(keys.len());
    for (i, key) in keys.iter().enumerate() {
        let rank = if i > 0 && keys[i - 1] == *key {
            out[i - 1]
        } else {
            i + 1
        };
        out.push(rank);
    }
    out
}

/// The finished attempts among `rows`, best first, with their ranks.
pub fn ranked_attempts(game: &str, rows: &[AttemptRow]) -> Vec<(usize, AttemptRow, PatienceResult)> {
    let mut done: Vec<(AttemptRow, PatienceResult)> = rows
        .iter()
        .filter(|row| row.status == GameStatus::Finished)
        .filter_map(|row| Some((row.clone(), result_of(row)?)))
        .collect();
    done.sort_by_key(|(row, r)| {
        (
            attempt_key(game, r),
            row.attempt.started_at,
            row.attempt.user_name.clone(),
        )
    });
    let keys: Vec<_> = done.iter().map(|(_, r)| attempt_key(game, r)).collect();
    ranks(&keys)
        .into_iter()
        .zip(done)
        .map(|(rank, (row, r))| (rank, row, r))
        .collect()
}

fn result_of(row: &AttemptRow) -> Option<PatienceResult> {
    row.result.as_ref()?.patience().cloned()
}

/// A player's ranked attempts over several days: wins, then average score.
pub struct Standing {
    pub user_id: String,
    pub name: String,
    pub wins: i64,
    pub total: i64,
    pub played: i64,
}

impl Standing {
    /// Lower is better; the average in hundredths, as shown.
    fn key(&self) -> (i64, i64) {
        (-self.wins, -(self.total * 100 / self.played.max(1)))
    }
}

pub fn standings(rows: &[AttemptRow]) -> Vec<(usize, Standing)> {
    let mut by_user: Vec<Standing> = Vec::new();
    for row in rows.iter().filter(|r| r.status == GameStatus::Finished) {
        let Some(r) = result_of(row) else { continue };
        let s = entry(
            &mut by_user,
            |s| s.user_id == row.attempt.user_id,
            || Standing {
                user_id: row.attempt.user_id.clone(),
                name: String::new(),
                wins: 0,
                total: 0,
                played: 0,
            },
        );
        s.name = row.attempt.user_name.clone();
        s.wins += (r.result.outcome == Ending::Win) as i64;
        s.total += r.score;
        s.played += 1;
    }
    by_user.sort_by(|a, b| a.key().cmp(&b.key()).then_with(|| a.name.cmp(&b.name)));
    let keys: Vec<_> = by_user.iter().map(Standing::key).collect();
    ranks(&keys).into_iter().zip(by_user).collect()
}

/// A player's season: the ranked daily attempts of one month, where each
/// day counts the players they beat less the players who beat them (ties
/// count neither way). A day missed counts nothing, so it costs less than
/// a day played below the middle of the field.
pub struct SeasonStanding {
    pub user_id: String,
    pub name: String,
    pub points: i64,
    /// Days with a finished ranked attempt.
    pub days: i64,
    /// Days ranked first (ties included).
    pub firsts: i64,
}

impl SeasonStanding {
    /// Lower is better: points, then days won.
    fn key(&self) -> (i64, i64) {
        (-self.points, -self.firsts)
    }
}

/// The season standings of a month's attempts (`rows` of one game and one
/// scope, any number of days), best first, ties sharing a rank.
pub fn season_standings(game: &str, rows: &[AttemptRow]) -> Vec<(usize, SeasonStanding)> {
    let mut days: Vec<&str> = rows.iter().map(|r| r.attempt.day.as_str()).collect();
    days.sort_unstable();
    days.dedup();
    let mut by_user: Vec<SeasonStanding> = Vec::new();
    for day in days {
        let of_day: Vec<AttemptRow> = rows.iter().filter(|r| r.attempt.day == day).cloned().collect();
        let ranked = ranked_attempts(game, &of_day);
        for (rank, row, _) in &ranked {
            let beaten = ranked.iter().filter(|(other, ..)| other > rank).count() as i64;
            let beaten_by = ranked.iter().filter(|(other, ..)| other < rank).count() as i64;
            let s = entry(
                &mut by_user,
                |s| s.user_id == row.attempt.user_id,
                || SeasonStanding {
                    user_id: row.attempt.user_id.clone(),
                    name: String::new(),
                    points: 0,
                    days: 0,
                    firsts: 0,
                },
            );
            s.name = row.attempt.user_name.clone();
            s.points += beaten - beaten_by;
            s.days += 1;
            s.firsts += i64::from(*rank == 1);
        }
    }
    by_user.sort_by(|a, b| a.key().cmp(&b.key()).then_with(|| a.name.cmp(&b.name)));
    let keys: Vec<_> = by_user.iter().map(SeasonStanding::key).collect();
    ranks(&keys).into_iter().zip(by_user).collect()
}

/// The entry of `list` that `is` finds, made by `new` and added when
/// there is none yet.
pub fn entry<T>(list: &mut Vec<T>, is: impl Fn(&T) -> bool, new: impl FnOnce() -> T) -> &mut T {
    let at = match list.iter().position(is) {
        Some(i) => i,
        None => {
            list.push(new());
            list.len() - 1
        }
    };
    &mut list[at]
}

/// How the stored game `game` ranks (a patience's score when unknown).
pub fn ranking(game: &str) -> Ranking {
    GameKind::parse(game).map_or(Ranking::Score, GameKind::ranking)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(outcome: Ending, score: i64, moves: u32, hints: u32, minutes: i64) -> PatienceResult {
        PatienceResult {
            moves,
            hints,
            elapsed_ms: minutes * 60_000,
            ..PatienceResult::sample(outcome, score)
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
            attempt: crate::store::DailyAttempt {
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
            result: Some(crate::store::StoredResult::Patience(PatienceResult::sample(
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
}

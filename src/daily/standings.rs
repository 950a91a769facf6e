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

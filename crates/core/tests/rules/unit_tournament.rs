//! Tournaments as a whole: entries, rounds, byes, events, arenas and
//! tables (in `crates/core/src/tournament`; the
//! pairings alone are checked in `tournament_pairing`).

use antics::tournament::event::DealScore;
use antics::tournament::pairing::Outcome;
use antics::tournament::*;

fn swiss(rounds: Option<u32>) -> Tournament {
    let settings = Settings {
        game: "army-ants".into(),
        format: Format::Swiss,
        rounds,
        round_ms: 1000,
        starts_at: None,
        rated: false,
        deals: None,
    };
    Tournament::new("t1".into(), ("o", "Olga"), settings)
}

fn entered(names: &[&str], rounds: Option<u32>) -> Tournament {
    let mut t = swiss(rounds);
    for (i, n) in names.iter().enumerate() {
        t.join(n, n, 1500.0 - i as f64).unwrap();
    }
    t
}

#[test]
fn rounds_by_default_let_one_player_stay_unbeaten_alone() {
    assert_eq!(
        [2, 3, 4, 5, 6, 8, 9, 40].map(default_rounds),
        [1, 2, 2, 3, 3, 3, 4, 6]
    );
}

/// "Late join until half the rounds have started."
#[test]
fn late_entries_close_at_half_the_rounds() {
    let mut t = entered(&["a", "b", "c", "d"], Some(4));
    t.start(0).unwrap();
    t.join("e", "e", 1500.0).unwrap();
    assert_eq!(t.player("e").unwrap().joined_round, 2);
    for i in t.undecided() {
        t.decide(i, Outcome::Draw, None);
    }
    t.advance(10).unwrap();
    for i in t.undecided() {
        t.decide(i, Outcome::Draw, None);
    }
    t.advance(20).unwrap();
    assert_eq!(t.round, 3);
    assert_eq!(t.join("f", "f", 1500.0), Err(Refusal::Closed));
}

/// "A player who leaves forfeits the rest": their game of the round is
/// lost, and they are never paired again.
#[test]
fn leaving_forfeits_the_rest() {
    let mut t = entered(&["a", "b", "c", "d"], Some(3));
    t.start(0).unwrap();
    let board = t.leave("a").unwrap().expect("a was playing");
    let b = &t.boards[board];
    assert_eq!(b.decided_by.as_deref(), Some("forfeit"));
    let a_points = if b.red == "a" {
        b.points().unwrap()[0]
    } else {
        b.points().unwrap()[1]
    };
    assert_eq!(a_points, 0.0);
    for i in t.undecided() {
        t.decide(i, Outcome::RedWins, None);
    }
    let next = t.advance(5).unwrap();
    assert!(next.iter().all(|&i| !t.boards[i].seats("a")));
    assert_eq!(t.leave("a"), Err(Refusal::Left));
    assert_eq!(t.join("a", "a", 1.0), Err(Refusal::Left));
}

/// A result is counted once: a second verdict on a decided board is
/// ignored.
#[test]
fn a_result_counts_once() {
    let mut t = entered(&["a", "b"], None);
    t.start(0).unwrap();
    assert_eq!(t.rounds, 1);
    assert!(t.decide(0, Outcome::RedWins, None));
    assert!(!t.decide(0, Outcome::BlackWins, Some("adjudicated")));
    assert_eq!(t.advance(1), Some(vec![]));
    assert_eq!(t.status, Status::Finished);
    assert_eq!(t.standings()[0].user, t.boards[0].red);
}

#[test]
fn an_odd_field_gives_a_bye_that_scores_at_once() {
    let mut t = entered(&["a", "b", "c"], None);
    let boards = t.start(0).unwrap();
    let byes: Vec<_> = boards.iter().filter(|&&i| t.boards[i].is_bye()).collect();
    assert_eq!(byes.len(), 1);
    assert_eq!(t.boards[*byes[0]].points(), Some(vec![1.0]));
    assert_eq!(t.undecided().len(), 1);
}

#[test]
fn the_start_needs_two_players() {
    let mut t = entered(&["a"], None);
    assert_eq!(t.start(0), Err(Refusal::TooFew(1)));
    t.join("b", "b", 1.0).unwrap();
    assert!(t.start(0).is_ok());
    assert_eq!(t.start(0), Err(Refusal::Started));
}

fn event(names: &[&str]) -> Tournament {
    let settings = Settings {
        game: "anthill".into(),
        format: Format::Event,
        rounds: None,
        round_ms: 1000,
        starts_at: None,
        rated: false,
        deals: Some(3),
    };
    let mut t = Tournament::new("e1".into(), ("o", "Olga"), settings);
    for n in names {
        t.join(n, n, 1500.0).unwrap();
    }
    t
}

/// "One ranked attempt each", only at the event's own deals, only while
/// it runs, only for those entered.
#[test]
fn an_events_deals_open_once_each_while_it_runs() {
    let mut t = event(&["a", "b"]);
    assert_eq!(t.start_deal("a", 1, 9, "c"), Err(Refusal::NotStarted));
    assert_eq!(t.start(100).unwrap(), Vec::<usize>::new());
    assert_eq!((t.round, t.rounds, t.round_ends_at), (1, 1, Some(1100)));
    assert_eq!(t.start_deal("a", 1, 9, "c"), Ok(Started::New));
    let Ok(Started::Before(before)) = t.start_deal("a", 1, 9, "c") else {
        panic!("a second start finds the first attempt");
    };
    assert_eq!((before.user.as_str(), before.deal), ("a", 1));
    assert_eq!(t.start_deal("a", 4, 9, "c"), Err(Refusal::NoSuchDeal(4)));
    assert_eq!(t.start_deal("a", 0, 9, "c"), Err(Refusal::NoSuchDeal(0)));
    assert_eq!(t.start_deal("z", 1, 9, "c"), Err(Refusal::NotIn));
    // Entries stay open with the deals; a leaver plays no more.
    t.join("c", "c", 1500.0).unwrap();
    assert_eq!(t.leave("b"), Ok(None));
    assert_eq!(t.start_deal("b", 1, 9, "c"), Err(Refusal::Left));
}

/// An event ends when its window closes, not when its attempts end.
#[test]
fn an_event_ends_when_its_window_closes() {
    let mut t = event(&["a", "b"]);
    t.start(0).unwrap();
    t.start_deal("a", 1, 9, "c").unwrap();
    t.attempts[0].game = Some("g".into());
    assert!(t.score_attempt(0, DealScore::NOTHING));
    assert!(!t.score_attempt(0, DealScore::NOTHING), "a score counts once");
    assert_eq!(t.advance(999), None);
    assert_eq!(t.advance(1000), Some(vec![]));
    assert_eq!(t.status, Status::Finished);
    assert_eq!(t.start_deal("b", 1, 9, "c"), Err(Refusal::Over));
}

fn arena(names: &[&str], length_ms: i64) -> Tournament {
    let settings = Settings {
        game: "army-ants".into(),
        format: Format::Arena,
        rounds: None,
        round_ms: length_ms,
        starts_at: None,
        rated: false,
        deals: None,
    };
    let mut t = Tournament::new("a1".into(), ("o", "Olga"), settings);
    for (i, n) in names.iter().enumerate() {
        t.join(n, n, 1500.0 - i as f64).unwrap();
    }
    t
}

/// "Free players paired at once (never their last opponent)"; "pairing
/// stops so the last games can finish by the end".
#[test]
fn an_arena_pairs_the_free_again_until_near_its_end() {
    const MIN: i64 = 60_000;
    let mut t = arena(&["a", "b", "c", "d", "e"], 45 * MIN);
    let first = t.start(0).unwrap();
    assert_eq!(first.len(), 2, "five players: two games, one waits");
    let waiting = t
        .active()
        .find(|p| !t.boards.iter().any(|b| b.seats(&p.id)))
        .unwrap()
        .id
        .clone();
    t.decide(first[0], Outcome::RedWins, None);
    let (red, black) = (
        t.boards[first[0]].red.clone(),
        t.boards[first[0]].black.clone().unwrap(),
    );
    let next = t.advance(5 * MIN).expect("the free are paired again");
    assert_eq!(next.len(), 1, "three free: one game, one waits");
    let b = &t.boards[next[0]];
    assert!(b.seats(&waiting), "the one who waited plays");
    assert!(
        !(b.seats(&red) && b.seats(&black)),
        "never their last opponent at once"
    );
    // Within the last ten minutes nobody is paired; at the end, once
    // its games are decided, it is over.
    for i in t.undecided() {
        t.decide(i, Outcome::Draw, None);
    }
    assert_eq!(t.advance(36 * MIN), None);
    assert_eq!(t.status, Status::Running);
    assert_eq!(t.advance(45 * MIN), Some(vec![]));
    assert_eq!(t.status, Status::Finished);
}

/// Lichess's arena scoring: "win 2, draw 1; after two wins in a row a
/// win counts double until a non-win".
#[test]
fn an_arena_win_on_a_streak_counts_double() {
    let mut t = arena(&["a", "b", "c"], 3 * 3_600_000);
    t.start(0).unwrap();
    t.boards.clear();
    let games = [
        ("a", "b", Outcome::RedWins),
        ("c", "a", Outcome::BlackWins),
        ("a", "b", Outcome::RedWins),
        ("a", "c", Outcome::Draw),
    ];
    for (round, (red, black, result)) in games.into_iter().enumerate() {
        t.boards.push(Board {
            round: round as u32 + 1,
            red: red.into(),
            black: Some(black.into()),
            game: None,
            channel: None,
            result: Some(result),
            decided_by: None,
        });
    }
    let a_won: Vec<f64> = (0..4)
        .map(|i| {
            let seat = usize::from(t.boards[i].red != "a");
            t.board_points(i).unwrap()[seat]
        })
        .collect();
    assert_eq!(
        a_won,
        [2.0, 2.0, 4.0, 2.0],
        "W W W D: the third win and the draw double"
    );
    let table = t.standings();
    let line = |u: &str| table.iter().find(|s| s.user == u).unwrap().clone();
    assert_eq!(
        (line("a").points, line("a").tiebreaks[0], line("a").games),
        (10.0, 3.0, 4)
    );
    assert_eq!((line("c").points, line("b").points), (1.0, 0.0));
    assert_eq!(table[0].user, "a");
}

/// "Atta Ants Swiss tables: tables of 3-4 by score, placement points."
#[test]
fn atta_ants_plays_tables_of_three_and_four_by_placement() {
    let settings = Settings {
        game: "atta-ants".into(),
        format: Format::Swiss,
        rounds: Some(2),
        round_ms: 1000,
        starts_at: None,
        rated: false,
        deals: None,
    };
    let mut t = Tournament::new("t".into(), ("o", "Olga"), settings);
    for n in ["a", "b", "c", "d", "e", "f", "g"] {
        t.join(n, n, 1500.0).unwrap();
    }
    let first = t.start(0).unwrap();
    let mut sizes: Vec<usize> = first.iter().map(|&i| t.tables[i].seats.len()).collect();
    sizes.sort();
    assert_eq!(sizes, [3, 4]);
    assert!(t.boards.is_empty());
    for &i in &first {
        let n = t.tables[i].seats.len() as u32;
        // Two tie for first; the rest in order.
        let places: Vec<u32> = (1..=n).map(|p| if p == 2 { 1 } else { p }).collect();
        assert!(t.decide_table(i, places.clone(), None));
        assert!(!t.decide_table(i, places, None), "places count once");
    }
    let second = t.advance(10).expect("round two is seated");
    assert_eq!((t.round, second.len()), (2, 2));
    // 13 points at a table of four (6+4+2+1), 12 at three (6+4+2).
    let total: f64 = t.standings().iter().map(|s| s.points).sum();
    assert_eq!(total, 25.0);
    let four = first.iter().find(|&&i| t.tables[i].seats.len() == 4).unwrap();
    assert_eq!(t.tables[*four].points(), Some(vec![5.0, 5.0, 2.0, 1.0]));
    for i in t.open_tables() {
        t.decide_table(i, vec![1; t.tables[i].seats.len()], Some("adjudicated"));
    }
    assert_eq!(t.advance(20), Some(vec![]));
    assert_eq!(t.status, Status::Finished);
}

/// The standings of an event (tournament/event.rs).
mod event {
    use antics::tournament::event::*;
    use antics::tournament::Player;

    fn player(id: &str) -> Player {
        Player {
            id: id.into(),
            name: id.into(),
            rating: 1500.0,
            joined_round: 1,
            withdrawn: false,
        }
    }

    fn ended(user: &str, deal: u32, score: i64, hints: u32, minutes: i64) -> Attempt {
        Attempt {
            user: user.into(),
            deal,
            seed: 7,
            channel: "c".into(),
            game: Some(format!("{user}{deal}")),
            result: Some(DealScore {
                score,
                hints,
                elapsed_ms: minutes * 60_000,
                won: false,
            }),
        }
    }

    /// "Ranked by total score, then hints, then time."
    #[test]
    fn an_event_ranks_by_total_score_then_hints_then_time() {
        let players = ["ann", "ben", "cat", "dan"].map(player);
        let attempts = [
            // ann: 30 in all, no hint, 20 minutes.
            ended("ann", 1, 10, 0, 10),
            ended("ann", 2, 20, 0, 10),
            // ben: 30 in all, one hint.
            ended("ben", 1, 30, 1, 5),
            // cat: 30 in all, no hint, 12 minutes: ahead of ann on time.
            ended("cat", 1, 15, 0, 6),
            ended("cat", 2, 15, 0, 6),
            // dan: 31, more than anyone, however slow.
            ended("dan", 1, 31, 4, 90),
        ];
        let table = standings(&players, &attempts);
        let order: Vec<&str> = table.iter().map(|s| s.user.as_str()).collect();
        assert_eq!(order, ["dan", "cat", "ann", "ben"]);
        assert_eq!(table[1].points, 30.0);
        assert_eq!(table[1].tiebreaks, [0.0, 12.0]);
        assert_eq!(table[1].games, 2);
    }

    /// An attempt under way counts for nothing until it ends.
    #[test]
    fn an_attempt_under_way_counts_nothing_yet() {
        let players = [player("ann")];
        let mut open = ended("ann", 1, 40, 0, 1);
        open.result = None;
        let table = standings(&players, &[open, ended("ann", 2, 5, 0, 1)]);
        assert_eq!((table[0].points, table[0].games), (5.0, 1));
    }
}

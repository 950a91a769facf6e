//! Daily challenges, leaderboards, streaks, ratings and the daily post,
//! end to end through `antics script` with the `at` clock, on every backend
//! under test.

use crate::common;

use common::*;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;

const SECRET: &str = "test installation secret";

/// `antics script` on `db` with the daily secret set (or unset) in the
/// environment.
fn daily_command(db: impl AsRef<std::ffi::OsStr>, images: &Path, secret: Option<&str>) -> Command {
    let mut cmd = script_command(db, images);
    cmd.env_remove("ANTICS_DAILY_SECRET");
    if let Some(secret) = secret {
        cmd.env("ANTICS_DAILY_SECRET", secret);
    }
    cmd
}

/// Like `common::script`, with the daily secret set (or unset).
fn run_with(
    db: impl AsRef<std::ffi::OsStr>,
    images: &Path,
    secret: Option<&str>,
    lines: &[Value],
) -> Vec<Value> {
    let raw: Vec<Vec<u8>> = lines.iter().map(|l| l.to_string().into_bytes()).collect();
    script_run(daily_command(db, images, secret), &raw)
}

/// One process for a whole attempt, the secret set: a process for each
/// move would pay its start and the board's art each time.
fn session(s: &Scratch) -> Session {
    Session::spawn(daily_command(s.db(), &s.images(), Some(SECRET)))
}

fn run(s: &Scratch, lines: &[Value]) -> Vec<Value> {
    run_with(s.db(), &s.images(), Some(SECRET), lines)
}

/// A line at a given UTC time.
/// A line from a member who may manage the channel.
fn manager(mut line: Value) -> Value {
    line["permissions"] = json!(["manage_channels"]);
    line
}

fn daily(user: &str, channel: &str, game: &str) -> Value {
    command(user, channel, "daily play", json!({ "game": game }))
}

fn end(user: &str, channel: &str) -> Value {
    command(user, channel, "solitaire end", json!({}))
}

fn legal(reply: &Value) -> Vec<String> {
    reply["game"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn description(reply: &Value) -> String {
    reply["embeds"][0]["description"].as_str().unwrap().to_string()
}

/// Plays today's Ants Solitaire for `user`: `moves` foundation moves (each
/// scores a card; deals between them when none is open), then ends the game. Returns the last reply.
fn ants_attempt(s: &Scratch, time: &str, user: &str, channel: &str, moves: usize) -> Value {
    ants_attempt_in(s, time, user, (channel, "g1"), moves)
}

/// [`ants_attempt`] in a channel of another server.
fn ants_attempt_in(
    s: &Scratch,
    time: &str,
    user: &str,
    (channel, guild): (&str, &str),
    moves: usize,
) -> Value {
    let mut session = session(s);
    let reply = session.send(&in_guild(at(daily(user, channel, "ants"), time), guild));
    assert_ok(&reply);
    play_out(&mut session, time, user, (channel, guild), reply, moves)
}

fn in_guild(mut line: Value, guild: &str) -> Value {
    line["guild"] = json!(guild);
    line
}

/// Plays `moves` moves of an attempt shown by `reply`, then ends it.
fn ants_attempt_from(
    s: &Scratch,
    time: &str,
    user: &str,
    channel: &str,
    reply: Value,
    moves: usize,
) -> Value {
    play_out(&mut session(s), time, user, (channel, "g1"), reply, moves)
}

fn play_out(
    session: &mut Session,
    time: &str,
    user: &str,
    (channel, guild): (&str, &str),
    mut reply: Value,
    moves: usize,
) -> Value {
    let mut played = 0;
    while played < moves {
        // Strict Ants deals only when no card can move.
        let action = legal(&reply)
            .into_iter()
            .find(|a| a != "deal" && a != "end")
            .inspect(|_| played += 1)
            .unwrap_or_else(|| "deal".into());
        let line = command(user, channel, "solitaire move", json!({ "action": action }));
        reply = session.send(&in_guild(at(line, time), guild));
        assert_ok(&reply);
    }
    let last = session.send(&in_guild(at(end(user, channel), time), guild));
    assert_ok(&last);
    last
}

#[test]
fn the_deal_is_shared_by_everyone_and_changes_at_midnight_utc() {
    for s in Scratch::each() {
        let out = run(
            &s,
            &[
                at(daily("alice", "c1", "anthill"), "2026-11-22T00:00:00Z"),
                at(daily("bob", "c2", "anthill"), "2026-11-22T23:59:59Z"),
                at(end("alice", "c1"), "2026-11-22T23:59:59Z"),
                at(daily("alice", "c1", "anthill"), "2026-11-23T00:00:00Z"),
                at(daily("carol", "c1", "anthill"), "2026-11-23T00:00:00Z"),
            ],
        );
        for reply in &out {
            assert_ok(reply);
        }
        // The same position for two users in two channels on one day...
        assert_eq!(legal(&out[0]), legal(&out[1]));
        let image = |reply: &Value| std::fs::read(reply["image"].as_str().unwrap()).unwrap();
        assert_eq!(image(&out[0]), image(&out[1]));
        // ... and a new one a second after midnight, again the same for everyone.
        assert_ne!(image(&out[3]), image(&out[0]));
        assert_eq!(image(&out[3]), image(&out[4]));
        // The seed stays hidden, even once the attempt is over.
        assert!(!text(&out[2]).contains("seed"), "{}", text(&out[2]));
        // While the day is open the record is bob's alone and hides the
        // seed; once it has closed (01:00 UTC the next day) it is public
        // like any other game's, seed included.
        let record = run(
            &s,
            &[
                at(command("bob", "c2", "record", json!({})), "2026-11-23T00:59:59Z"),
                at(command("bob", "c2", "record", json!({})), "2026-11-23T01:00:00Z"),
            ],
        );
        assert!(!text(&record[0]).contains("[Seed"), "{}", text(&record[0]));
        assert_eq!(record[0]["ephemeral"], true);
        assert!(text(&record[1]).contains("[Seed"), "{}", text(&record[1]));
        assert_eq!(record[1]["ephemeral"], false);

        // Another installation (another secret) deals another game that day.
        let other = Scratch::new();
        let theirs = run_with(
            other.db(),
            &other.images(),
            Some("another secret"),
            &[at(daily("alice", "c1", "anthill"), "2026-11-22T00:00:00Z")],
        );
        assert_ne!(image(&theirs[0]), image(&out[0]));
        // With no secret configured one is generated once and kept: a restart
        // deals the same game.
        let kept = Scratch::new();
        let first = run_with(
            kept.db(),
            &kept.images(),
            None,
            &[at(daily("alice", "c1", "anthill"), "2026-11-22T00:00:00Z")],
        );
        let again = run_with(
            kept.db(),
            &kept.images(),
            None,
            &[at(daily("bob", "c1", "anthill"), "2026-11-22T00:00:00Z")],
        );
        assert_eq!(legal(&first[0]), legal(&again[0]));
    }
}

#[test]
fn only_the_first_attempt_of_the_day_is_ranked_and_shares_a_line() {
    for s in Scratch::each() {
        let out = run(
            &s,
            &[
                at(daily("alice", "c1", "ants"), "2026-11-22T10:00:00Z"),
                at(end("alice", "c1"), "2026-11-22T10:01:00Z"),
                at(daily("alice", "c2", "ants"), "2026-11-22T10:02:00Z"),
                at(end("alice", "c2"), "2026-11-22T10:03:00Z"),
                at(daily("alice", "c1", "ants"), "2026-11-22T10:04:00Z"),
                at(daily("alice", "c1", "ants"), "2026-11-22T10:05:00Z"),
                at(
                    command("alice", "c1", "daily results", json!({"game": "ants"})),
                    "2026-11-22T10:06:00Z",
                ),
                at(
                    command("bob", "c2", "daily results", json!({})),
                    "2026-11-22T10:06:00Z",
                ),
            ],
        );
        assert!(text(&out[0]).contains("your ranked attempt"), "{}", text(&out[0]));
        // "Your first attempt of a game on a day, wherever you play it, is the ranked one"
        assert!(text(&out[2]).contains("practice"), "{}", text(&out[2]));
        assert!(text(&out[4]).contains("practice"));
        // The daily attempt is the player's open solitaire in that channel:
        // asking again brings its (private) board back.
        assert_ok(&out[5]);
        assert_eq!(out[5]["ephemeral"], true);
        assert_eq!(out[5]["game"]["id"], out[4]["game"]["id"]);
        let share = text(&out[1]).lines().find(|l| l.starts_with("Share:")).unwrap();
        assert!(
            share.contains("🐜 Antics daily Ants Solitaire 2026-11-22: ❌"),
            "{share}"
        );
        let practice = text(&out[3]).lines().find(|l| l.starts_with("Share:")).unwrap();
        assert!(practice.contains("(practice)"), "{practice}");
        // Spoiler-free: no card, no seed.
        assert!(!share.contains("seed") && !share.chars().any(|c| "♠♥♦♣".contains(c)));
        // "/daily results shows the day's ranked attempts started in this channel"
        let here = &out[6]["embeds"][0]["fields"][0];
        assert_eq!(here["name"], "Ants Solitaire");
        assert_eq!(here["value"].as_str().unwrap().matches("alice").count(), 1);
        let there = &out[7]["embeds"][0]["fields"];
        assert_eq!(there.as_array().unwrap().len(), 3);
        assert!(there[2]["value"].as_str().unwrap().contains("No ranked attempt"));
    }
}

/// docs/daily.md, Seasons: "each day counts, for every player with a
/// finished ranked attempt, the players they beat that day less the
/// players who beat them ... A day missed counts nothing"; "a rated game of
/// the month counts a point for a win and takes one for a loss"; a past
/// season "which no later game changes".
#[test]
fn a_season_counts_each_days_places_and_a_past_one_stays_as_it_was() {
    for s in Scratch::each() {
        // October 30: alice beats bob and carol, bob beats carol.
        ants_attempt(&s, "2026-10-30T12:00:00Z", "alice", "c1", 2);
        ants_attempt(&s, "2026-10-30T12:00:00Z", "bob", "c1", 1);
        ants_attempt(&s, "2026-10-30T12:00:00Z", "carol", "c1", 0);
        // October 31: alice misses the day; bob beats carol.
        ants_attempt(&s, "2026-10-31T12:00:00Z", "bob", "c1", 2);
        ants_attempt(&s, "2026-10-31T12:00:00Z", "carol", "c1", 1);
        // November 1: alice alone; and a rated Army Ants game bob wins.
        ants_attempt(&s, "2026-11-01T12:00:00Z", "alice", "c1", 1);
        let t = "2026-11-01T13:00:00Z";
        let game = run(
            &s,
            &[
                at(
                    command("alice", "c1", "armyants challenge", json!({"opponent": "bob"})),
                    t,
                ),
                at(command("bob", "c1", "armyants accept", json!({})), t),
                at(command("alice", "c1", "armyants resign", json!({})), t),
            ],
        );
        game.iter().for_each(assert_ok);
        let board = |time: &str, options: Value| at(command("zed", "c1", "leaderboard", options), time);
        let october = json!({"game": "ants", "season": "2026-10"});
        let out = run(
            &s,
            &[
                board(t, october.clone()),
                board(t, json!({"game": "ants", "period": "season"})),
                board(t, json!({"game": "army-ants", "period": "season"})),
                board("2026-12-02T12:00:00Z", october.clone()),
                board(
                    "2026-12-02T12:00:00Z",
                    json!({"game": "ants", "season": "2026-11"}),
                ),
                board(t, json!({"game": "ants", "season": "2026-13"})),
                board(t, json!({"game": "ants", "season": "2026-12"})),
                board(t, json!({"game": "ants", "period": "week", "season": "2026-10"})),
                at(command("alice", "c1", "stats", json!({})), t),
                at(command("bob", "c1", "stats", json!({})), t),
                // The last day's challenge is open until 01:00 on the 1st.
                board(
                    "2026-12-01T00:30:00Z",
                    json!({"game": "ants", "season": "2026-11"}),
                ),
            ],
        );
        let past = description(&out[0]);
        assert_eq!(
            past.lines().collect::<Vec<_>>(),
            [
                "**1.** alice — 2 points · 1 day · 1 first place",
                "**2.** bob — 1 point · 2 days · 1 first place",
                "**3.** carol — −3 points · 2 days · 0 first places",
            ],
            "{past}"
        );
        let title = |reply: &Value| reply["embeds"][0]["title"].as_str().unwrap().to_string();
        assert!(
            title(&out[0]).contains("season October 2026, this channel"),
            "{}",
            title(&out[0])
        );
        // This month so far: alice alone on her day.
        assert_eq!(
            description(&out[1]),
            "**1.** alice — 0 points · 1 day · 1 first place"
        );
        assert!(
            title(&out[1]).contains("season November 2026 (so far)"),
            "{}",
            title(&out[1])
        );
        let army = description(&out[2]);
        assert_eq!(
            army.lines().collect::<Vec<_>>(),
            [
                "**1.** bob — 1 point · 1W 0L 0D",
                "**2.** alice — −1 point · 0W 1L 0D"
            ],
            "{army}"
        );
        // A month later October reads the same, and November is over.
        assert_eq!(description(&out[3]), past);
        assert!(!title(&out[4]).contains("so far"), "{}", title(&out[4]));
        assert!(title(&out[10]).contains("(so far)"), "{}", title(&out[10]));
        assert!(!title(&out[4]).contains("so far"), "{}", title(&out[4]));
        assert_refused(&out[5], "bad_option");
        assert!(
            text(&out[5]).contains("`2026-13` is not one"),
            "{}",
            text(&out[5])
        );
        assert_refused(&out[6], "bad_option");
        assert!(text(&out[6]).contains("not started"), "{}", text(&out[6]));
        assert_refused(&out[7], "bad_option");
        // /stats lists each player's seasons, the latest first, with their
        // best place in this channel.
        assert_eq!(
            stats_field(&out[8], "Seasons"),
            "November 2026 (so far): 1 day · 1st of 1 in Ants Solitaire here\n\
             October 2026: 1 day · 1st of 3 in Ants Solitaire here"
        );
        assert_eq!(
            stats_field(&out[9], "Seasons"),
            "October 2026: 2 days · 2nd of 3 in Ants Solitaire here"
        );
    }
}

#[test]
fn leaderboards_rank_attempts_share_ties_and_turn_pages() {
    for s in Scratch::each() {
        let t = "2026-11-22T12:00:00Z";
        ants_attempt(&s, t, "alice", "c1", 2);
        ants_attempt(&s, t, "bob", "c1", 1);
        ants_attempt(&s, t, "carol", "c1", 1);
        ants_attempt(&s, t, "dave", "c1", 0);
        ants_attempt(&s, t, "erin", "c2", 2);
        let out = run(
            &s,
            &[
                at(command("zed", "c1", "leaderboard", json!({"game": "ants"})), t),
                at(
                    command(
                        "zed",
                        "c1",
                        "leaderboard",
                        json!({"game": "ants", "scope": "server"}),
                    ),
                    t,
                ),
                at(
                    command(
                        "zed",
                        "c1",
                        "leaderboard",
                        json!({"game": "ants", "period": "week", "scope": "server"}),
                    ),
                    t,
                ),
                at(command("zed", "c1", "leaderboard", json!({"game": "chess"})), t),
            ],
        );
        // "Anthill and Ants Solitaire by win, then score, then fewest moves";
        // equal results share a rank.
        let board = description(&out[0]);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 4, "{board}");
        assert!(lines[0].starts_with("**1.** alice — lost · score 6"), "{board}");
        assert!(lines[1].starts_with("**2.** bob — lost · score 5"), "{board}"); // ties: by start, then name
        assert!(lines[2].starts_with("**2.** carol — lost · score 5"), "{board}");
        assert!(lines[3].starts_with("**4.** dave — lost · score 4"), "{board}");
        assert_eq!(out[0]["components"], json!([]));
        // The server board has erin from another channel, tied with alice.
        let server = description(&out[1]);
        assert!(
            server.contains("**1.** alice") && server.contains("**1.** erin"),
            "{server}"
        );
        // The week ranks players by wins, then average score.
        let week = description(&out[2]);
        assert!(
            week.starts_with("**1.** alice — 0 wins, average score 6.00 (1 day)"),
            "{week}"
        );
        assert_refused(&out[3], "bad_option");

        // Twelve more players tie at the bottom: two pages, turned by buttons.
        for i in 0..8 {
            ants_attempt(&s, t, &format!("p{i:02}"), "c1", 0);
        }
        let first = run(
            &s,
            &[at(
                command("zed", "c1", "leaderboard", json!({"game": "ants"})),
                t,
            )],
        )
        .remove(0);
        assert_eq!(description(&first).lines().count(), 10);
        assert_eq!(first["embeds"][0]["footer"], "Page 1 of 2");
        let next = component(&first, "next");
        assert!(next.len() <= 100);
        let second = run(&s, &[at(click("zed", "c1", &next), t)]).remove(0);
        assert_ok(&second);
        let page = description(&second);
        assert_eq!(page.lines().count(), 2, "{page}");
        assert!(page.lines().all(|l| l.starts_with("**4.** ")), "{page}");
        assert_eq!(second["embeds"][0]["footer"], "Page 2 of 2");
        let back = run(&s, &[at(click("zed", "c1", &component(&second, "prev")), t)]).remove(0);
        assert_eq!(description(&back), description(&first));
    }
}

fn stats_field(reply: &Value, name: &str) -> String {
    reply["embeds"][0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {reply}"))["value"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn streaks_grow_survive_and_break_across_days() {
    for s in Scratch::each() {
        let mut lines = vec![];
        for day in ["2026-11-20", "2026-11-21", "2026-11-22"] {
            let t = format!("{day}T08:00:00Z");
            lines.push(at(daily("alice", "c1", "myrmex"), &t));
            lines.push(at(end("alice", "c1"), &t));
            // A practice attempt on the same day adds nothing.
            lines.push(at(daily("alice", "c1", "myrmex"), &t));
            lines.push(at(end("alice", "c1"), &t));
        }
        let stats = |day: &str| {
            at(
                command("bob", "c1", "stats", json!({"user": "alice"})),
                &format!("{day}T23:00:00Z"),
            )
        };
        lines.push(stats("2026-11-22"));
        lines.push(stats("2026-11-23"));
        lines.push(stats("2026-11-24"));
        let out = run(&s, &lines);
        for reply in &out {
            assert_ok(reply);
        }
        let n = out.len();
        let myrmex = stats_field(&out[n - 3], "Myrmex");
        // "Stats count only dealt games": practice of a deal already seen
        // is not one.
        assert!(myrmex.contains("Played 3"), "{myrmex}");
        assert!(myrmex.contains("Daily streak 3 (best 3)"), "{myrmex}");
        assert!(myrmex.contains("Chambers: 0: 3"), "{myrmex}");
        // The next day, not yet played: the streak survives until the day ends.
        assert!(stats_field(&out[n - 2], "Myrmex").contains("Daily streak 3 (best 3)"));
        // A whole day missed: broken, the best kept.
        assert!(stats_field(&out[n - 1], "Myrmex").contains("Daily streak 0 (best 3)"));
        assert!(stats_field(&out[n - 1], "Anthill").contains("Daily streak 0 (best 0)"));
        // It grows again from one.
        let again = run(
            &s,
            &[
                at(daily("alice", "c1", "myrmex"), "2026-11-24T09:00:00Z"),
                at(end("alice", "c1"), "2026-11-24T09:00:00Z"),
                at(command("alice", "c1", "stats", json!({})), "2026-11-24T09:00:00Z"),
            ],
        );
        assert!(stats_field(&again[2], "Myrmex").contains("Daily streak 1 (best 3)"));
    }
}

#[test]
fn ratings_move_the_winner_up_and_the_loser_down_and_are_kept() {
    for s in Scratch::each() {
        let t = "2026-11-22T12:00:00Z";
        let out = run(
            &s,
            &[
                at(
                    command("alice", "c1", "armyants challenge", json!({"opponent": "bob"})),
                    t,
                ),
                at(command("bob", "c1", "armyants accept", json!({})), t),
                at(command("alice", "c1", "armyants resign", json!({})), t),
            ],
        );
        for reply in &out {
            assert_ok(reply);
        }
        // A dealt game is rated: "resigning counts as a loss"; the change
        // shows on the final board.
        let last = text(&out[2]);
        assert!(last.contains("Ratings: "), "{last}");
        let rating = |name: &str| -> i64 {
            let rest = &last[last
                .find(&format!("{name} 1500 → "))
                .unwrap_or_else(|| panic!("{last}"))..];
            let after = rest.split(" → ").nth(1).unwrap();
            after.split(' ').next().unwrap().parse().unwrap()
        };
        assert!(rating("bob") > 1500, "{last}");
        assert!(rating("alice") < 1500, "{last}");
        // Kept in the database: another process sees them.
        let later = run(
            &s,
            &[
                at(command("bob", "c1", "stats", json!({})), t),
                at(
                    command("carol", "c1", "leaderboard", json!({"game": "army-ants"})),
                    t,
                ),
                at(
                    command("carol", "c2", "leaderboard", json!({"game": "army-ants"})),
                    t,
                ),
                at(
                    command(
                        "carol",
                        "c1",
                        "leaderboard",
                        json!({"game": "army-ants", "scope": "server"}),
                    ),
                    t,
                ),
                at(
                    command(
                        "carol",
                        "c1",
                        "leaderboard",
                        json!({"game": "army-ants", "period": "week"}),
                    ),
                    "2026-11-30T12:00:00Z",
                ),
            ],
        );
        let army = stats_field(&later[0], "Army Ants");
        assert!(army.contains(&format!("Rating {}", rating("bob"))), "{army}");
        assert!(army.contains("1W 0L 0D"), "{army}");
        let board = description(&later[1]);
        assert!(
            board.starts_with(&format!("**1.** bob — {}", rating("bob"))),
            "{board}"
        );
        assert!(
            board.contains(&format!("**2.** alice — {}", rating("alice"))),
            "{board}"
        );
        assert!(description(&later[2]).contains("Nobody"), "rated in c1 only");
        assert!(description(&later[3]).contains("bob"));
        assert!(
            description(&later[4]).contains("Nobody"),
            "no rated game that week"
        );
    }
}

/// Issue: "when a season closes, each channel subscribed to the daily post
/// gets its champions", once: after the past month's last day closes
/// (01:00 UTC on the 1st), not before, and not again after a restart.
#[test]
fn a_seasons_podium_is_posted_once_when_its_last_day_closes() {
    for s in Scratch::each() {
        run(
            &s,
            &[
                at(
                    manager(command("alice", "c1", "dailypost subscribe", json!({}))),
                    "2026-10-29T12:00:00Z",
                ),
                at(
                    manager(command("alice", "c2", "dailypost subscribe", json!({}))),
                    "2026-10-29T12:00:00Z",
                ),
            ],
        );
        ants_attempt(&s, "2026-10-30T12:00:00Z", "alice", "c1", 2);
        ants_attempt(&s, "2026-10-30T12:00:00Z", "bob", "c1", 1);
        ants_attempt(&s, "2026-10-31T12:00:00Z", "carol", "c1", 0);
        // Another server's player, the best of the 30th everywhere.
        ants_attempt_in(&s, "2026-10-30T13:00:00Z", "dave", ("c3", "g2"), 3);
        let out = run(
            &s,
            &[
                tick("2026-11-01T00:30:00Z"),
                tick("2026-11-01T01:00:00Z"),
                tick("2026-11-01T01:05:00Z"),
            ],
        );
        // Before the close: the day's posts only.
        assert!(
            post_texts(&out[0]).iter().all(|t| !t.contains("Season")),
            "{:?}",
            post_texts(&out[0])
        );
        // At the close: c1's podium (c2 had no player: no post).
        let podium = post_texts(&out[1]);
        assert_eq!(podium.len(), 1, "{podium:?}");
        assert_eq!(out[1]["posts"][0]["channel"], "c1");
        assert!(podium[0].contains("Season October 2026 is over"), "{}", podium[0]);
        assert!(
            podium[0]
                .contains("Ants Solitaire: 🥇 alice (1 point) · 🥈 carol (0 points) · 🥉 bob (−1 point)"),
            "{}",
            podium[0]
        );
        assert!(podium[0].contains("Myrmex: nobody played"), "{}", podium[0]);
        // "Champions": this server's (dave plays in another), and everyone's
        // (the 30th's three ranked together: dave beat both).
        assert!(
            podium[0].contains("\nChampions of this server: Myrmex: nobody played · Anthill: nobody played · Ants Solitaire: alice (1 point)\n"),
            "{}",
            podium[0]
        );
        assert!(
            podium[0].contains("\nChampions everywhere: Myrmex: nobody played · Anthill: nobody played · Ants Solitaire: dave (2 points)\n"),
            "{}",
            podium[0]
        );
        // The table of the patience most played here, drawn.
        let image = out[1]["posts"][0]["image"].as_str().unwrap_or_default();
        assert!(image.ends_with(".png"), "{}", out[1]);
        assert_eq!(out[2]["posts"], json!([]));
        // A restart posts it no more.
        let again = run(&s, &[tick("2026-11-01T02:00:00Z")]);
        assert_eq!(again[0]["posts"], json!([]));
    }
}

#[test]
fn the_daily_post_goes_out_once_per_day_per_subscribed_channel_across_restarts() {
    for s in Scratch::each() {
        let out = run(
            &s,
            &[
                at(
                    manager(command("alice", "c1", "dailypost subscribe", json!({}))),
                    "2026-11-21T15:00:00Z",
                ),
                at(
                    manager(command("alice", "c2", "dailypost subscribe", json!({}))),
                    "2026-11-21T15:00:00Z",
                ),
                // The name before `/dailypost` still works.
                at(
                    manager(command("alice", "c2", "daily subscribe", json!({}))),
                    "2026-11-21T15:00:00Z",
                ),
                at(daily("alice", "c1", "myrmex"), "2026-11-21T16:00:00Z"),
                at(end("alice", "c1"), "2026-11-21T16:10:00Z"),
                tick("2026-11-21T23:59:59Z"),
                tick("2026-11-22T00:00:00Z"),
                tick("2026-11-22T00:01:00Z"),
            ],
        );
        assert!(text(&out[2]).contains("already"));
        // Subscribing posts nothing for the day under way.
        assert_eq!(out[5]["posts"], json!([]));
        let posts = out[6]["posts"].as_array().unwrap();
        let channels: Vec<&str> = posts.iter().map(|p| p["channel"].as_str().unwrap()).collect();
        assert_eq!(channels, ["c1", "c2"]);
        let c1 = posts[0]["text"].as_str().unwrap();
        assert!(c1.contains("Daily challenges of 2026-11-22"), "{c1}");
        // Yesterday's top three: alice's ranked Myrmex in c1.
        assert!(c1.contains("Myrmex: **1.** alice — 0 chambers"), "{c1}");
        assert!(posts[1]["text"]
            .as_str()
            .unwrap()
            .contains("Myrmex: nobody played"));
        // Three Play buttons and the calendar of past days.
        assert_eq!(posts[0]["components"].as_array().unwrap().len(), 4);
        assert_eq!(out[7]["posts"], json!([]));

        // A restart (a new process on the same database) does not post again,
        // nor does a request; the next day posts once more. Unsubscribed: no more.
        let out = run(
            &s,
            &[
                tick("2026-11-22T00:05:00Z"),
                at(command("bob", "c1", "help", json!({})), "2026-11-22T00:06:00Z"),
                at(
                    manager(command("alice", "c2", "dailypost unsubscribe", json!({}))),
                    "2026-11-22T09:00:00Z",
                ),
                tick("2026-11-23T00:00:00Z"),
                tick("2026-11-23T00:00:30Z"),
            ],
        );
        assert_eq!(out[0]["posts"], json!([]));
        assert_eq!(out[1]["posts"], json!([]));
        let posts = out[3]["posts"].as_array().unwrap();
        assert_eq!(posts.len(), 1);
        assert_eq!(posts[0]["channel"], "c1");
        assert_eq!(out[4]["posts"], json!([]));
        // The post's button starts the day's attempt.
        let play = posts[0]["components"][0]["id"].as_str().unwrap().to_string();
        let started = run(&s, &[at(click("bob", "c1", &play), "2026-11-23T08:00:00Z")]);
        assert_ok(&started[0]);
        assert!(
            text(&started[0]).starts_with("**Daily · 2026-11-23** · ")
                && text(&started[0]).contains("**daily Myrmex**"),
            "{}",
            text(&started[0])
        );
    }
}

/// The scratch's store, opened as another process would, and a runtime to
/// drive it.
#[test]
fn a_daily_attempt_is_never_replayed() {
    let s = Scratch::new();
    let out = run(
        &s,
        &[
            at(daily("alice", "c1", "anthill"), "2026-11-21T15:00:00Z"),
            at(end("alice", "c1"), "2026-11-21T15:01:00Z"),
            at(
                command("alice", "c1", "record", json!({})),
                "2026-11-21T15:02:00Z",
            ),
        ],
    );
    assert_ok(&out[2]);
    assert!(text(&out[2]).contains("[Game \"Anthill\"]"), "{}", text(&out[2]));
    // Others may still play the day's deal: no seed, and no replay.
    assert_eq!(out[2]["image"], Value::Null);
}

#[test]
fn a_member_without_manage_channels_cannot_change_the_daily_post() {
    let s = Scratch::new();
    let out = run(
        &s,
        &[
            at(
                command("bob", "c1", "dailypost subscribe", json!({})),
                "2026-11-21T15:00:00Z",
            ),
            at(
                command("bob", "c1", "daily subscribe", json!({})),
                "2026-11-21T15:00:00Z",
            ),
            tick("2026-11-22T00:00:00Z"),
            at(
                manager(command("alice", "c1", "dailypost subscribe", json!({}))),
                "2026-11-22T09:00:00Z",
            ),
            at(
                command("bob", "c1", "dailypost unsubscribe", json!({})),
                "2026-11-22T09:05:00Z",
            ),
            tick("2026-11-23T00:00:00Z"),
            at(
                json!({"user": "bob", "channel": "c1", "command": "dailypost subscribe", "permissions": ["admin"]}),
                "2026-11-23T09:00:00Z",
            ),
        ],
    );
    for refused in [&out[0], &out[1], &out[4]] {
        assert_refused(refused, "not_allowed");
        assert_eq!(refused["ephemeral"], true);
        assert!(text(refused).contains("Manage Channels"), "{}", text(refused));
    }
    // Refused: the channel was not subscribed, and gets no post.
    assert_eq!(out[2]["posts"], json!([]));
    assert_ok(&out[3]);
    // Refused: the channel stays subscribed.
    let posts = out[5]["posts"].as_array().unwrap();
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0]["channel"], "c1");
    // Only permissions the protocol knows.
    assert_refused(&out[6], "bad_input");
}

fn open_store(s: &Scratch) -> (tokio::runtime::Runtime, antics::store::Store) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let db = s.db().into_string().expect("a UTF-8 path");
    let store = runtime
        .block_on(antics::store::Store::open_path_or_url(&db))
        .expect("the store");
    (runtime, store)
}

/// The day's deal and the fewest moves stored for it.
fn stored_deal(s: &Scratch, day: &str, game: &str) -> Option<(u64, Option<i64>)> {
    let (runtime, store) = open_store(s);
    let deal = runtime
        .block_on(store.daily_deal(day, game))
        .expect("the daily deal");
    runtime.block_on(store.close());
    deal
}

/// Stores `seed` as the deal of `game` on `day`, with no proof.
fn fix_deal(s: &Scratch, day: &str, game: &str, seed: u64) {
    let (runtime, store) = open_store(s);
    runtime
        .block_on(store.fix_daily_deal(day, game, seed, None, 0))
        .expect("the deal is stored");
    runtime.block_on(store.close());
}

#[test]
fn daily_deals_of_solved_games_are_proved_winnable_and_keep_their_stored_deal() {
    use antics::ai::solver::{daily::DAILY_BUDGET, DealGame};
    use antics::rules::ants_solitaire::Variant;
    for s in Scratch::each() {
        let t = "2026-11-22T08:00:00Z";
        let out = run(
            &s,
            &[
                at(daily("alice", "c1", "anthill"), t),
                at(end("alice", "c1"), t),
                at(daily("alice", "c1", "ants"), t),
                at(end("alice", "c1"), t),
            ],
        );
        // Issue: "the daily challenge uses a deal proved winnable: the first
        // seed in a sequence derived from the day's seed whose deal the
        // solver proves winnable within a fixed budget of states".
        for (game, deal_game, start, finish) in [
            ("anthill", DealGame::Anthill, &out[0], &out[1]),
            ("ants", DealGame::Ants(Variant::Strict), &out[2], &out[3]),
        ] {
            assert!(text(start).contains("This deal can be won."), "{}", text(start));
            let (seed, fewest) = stored_deal(&s, "2026-11-22", game).expect("the deal is stored");
            let fewest = fewest.expect("a winning line was found");
            let solved = deal_game.solve_seed(seed, DAILY_BUDGET);
            assert_eq!(solved.verdict, "won", "{game} seed {seed}");
            assert_eq!(solved.moves, Some(fewest as usize), "{game} seed {seed}");
            // "After the attempt the result shows the fewest moves the solver found."
            let shown = format!("The solver won this deal in {fewest} moves (deals included).");
            assert!(text(finish).contains(&shown), "{}", text(finish));
            // The seed is still never shown.
            assert!(!text(finish).contains(&seed.to_string()), "{}", text(finish));
        }

        // "Days already played keep their stored deal": a deal fixed before
        // the solver chose deals (here seed 4242, no proof) is dealt as it is.
        fix_deal(&s, "2026-11-23", "anthill", 4242);
        let t = "2026-11-23T08:00:00Z";
        // Once the day has closed, anyone may deal its seed.
        let closed = "2026-11-24T01:00:00Z";
        let kept = run(
            &s,
            &[
                at(daily("bob", "c2", "anthill"), t),
                at(
                    command(
                        "carol",
                        "c3",
                        "solitaire new",
                        json!({"game": "anthill", "seed": "4242"}),
                    ),
                    closed,
                ),
            ],
        );
        assert!(!text(&kept[0]).contains("can be won"), "{}", text(&kept[0]));
        assert_eq!(legal(&kept[0]), legal(&kept[1]));
        assert_eq!(stored_deal(&s, "2026-11-23", "anthill"), Some((4242, None)));
    }
}

#[test]
fn a_game_from_a_chosen_seed_or_position_is_announced_and_unrated() {
    for s in Scratch::each() {
        let t = "2026-11-22T12:00:00Z";
        let position =
            "bQ......b9/........../........../b3......../........../........../........../r5......rQ r battle";
        let out = run(
            &s,
            &[
                at(
                    command(
                        "alice",
                        "c1",
                        "armyants challenge",
                        json!({"opponent": "bob", "seed": "7"}),
                    ),
                    t,
                ),
                at(command("bob", "c1", "armyants accept", json!({})), t),
                at(command("alice", "c1", "armyants resign", json!({})), t),
                at(
                    command(
                        "alice",
                        "c1",
                        "armyants challenge",
                        json!({"opponent": "bob", "position": position}),
                    ),
                    t,
                ),
                at(command("bob", "c1", "armyants accept", json!({})), t),
                at(command("bob", "c1", "armyants resign", json!({})), t),
                at(command("bob", "c1", "stats", json!({})), t),
                at(
                    command("carol", "c1", "leaderboard", json!({"game": "army-ants"})),
                    t,
                ),
            ],
        );
        for reply in &out {
            assert_ok(reply);
        }
        // Bob is told before he accepts.
        assert!(
            text(&out[0]).contains("seed 7, which alice chose; **unrated**"),
            "{}",
            text(&out[0])
        );
        assert!(
            text(&out[3]).contains("from a position alice chose; **unrated**"),
            "{}",
            text(&out[3])
        );
        for end in [&out[2], &out[5]] {
            assert_eq!(end["game"]["status"], "finished");
            assert!(!text(end).contains("Ratings"), "{}", text(end));
        }
        let army = stats_field(&out[6], "Army Ants");
        assert!(!army.contains("Rating"), "{army}");
        assert!(
            description(&out[7]).contains("Nobody"),
            "{}",
            description(&out[7])
        );
    }
}

#[test]
fn a_chosen_seed_does_not_deal_the_hidden_rows_of_a_private_deployment() {
    for s in Scratch::each() {
        // Two challenges from the same seed: the opponent's first row is
        // dealt by the server each time, so the seed does not tell it.
        let mut rows = Vec::new();
        for channel in ["c1", "c2", "c3"] {
            let out = run(
                &s,
                &[
                    command(
                        "alice",
                        channel,
                        "armyants challenge",
                        json!({"opponent": "bob", "deployment": "minor", "seed": "11"}),
                    ),
                    command("bob", channel, "armyants accept", json!({})),
                ],
            );
            assert!(text(&out[0]).contains("dealt by the server"), "{}", text(&out[0]));
            let deploy = component(&out[1], "deploy");
            let hand = run(&s, &[click("bob", channel, &deploy)]).remove(0);
            let cards = text(&hand).split(". ").next().unwrap().to_string();
            rows.push(cards);
        }
        assert!(
            rows.iter().any(|r| *r != rows[0]),
            "the same row every time: {rows:?}"
        );
    }
}

#[test]
fn a_global_leaderboard_has_the_days_players_from_every_server() {
    for s in Scratch::each() {
        let t = "2026-11-22T12:00:00Z";
        ants_attempt(&s, t, "alice", "c1", 2);
        let elsewhere = |options: Value| {
            let mut line = at(command("zed", "c7", "leaderboard", options), t);
            line["guild"] = json!("g2");
            line
        };
        let out = run(
            &s,
            &[
                elsewhere(json!({"game": "ants", "scope": "global"})),
                elsewhere(json!({"game": "ants", "scope": "server"})),
                elsewhere(json!({"game": "army-ants", "scope": "global"})),
            ],
        );
        assert!(
            description(&out[0]).starts_with("**1.** alice"),
            "{}",
            description(&out[0])
        );
        assert!(out[0]["embeds"][0]["title"]
            .as_str()
            .unwrap()
            .ends_with("everywhere"));
        assert!(description(&out[1]).contains("Nobody"), "another server's board");
        assert_refused(&out[2], "bad_option");
    }
}

/// The game a reply shows.
fn game_id(reply: &Value) -> &str {
    reply["game"]["id"].as_str().unwrap()
}

#[test]
fn a_ranked_attempt_open_anywhere_comes_back_instead_of_a_practice_copy() {
    // Exploit closed: "Start the daily in one channel, then `/daily play` in
    // another channel, a DM or another server: the same deal opens as
    // practice while the ranked attempt still stands at move 0."
    for s in Scratch::each() {
        let t = "2026-11-22T08:00:00Z";
        let mut dm = daily("alice", "dm-alice", "anthill");
        dm["guild"] = Value::Null;
        let mut other_server = daily("alice", "c9", "anthill");
        other_server["guild"] = json!("g2");
        let out = run(
            &s,
            &[
                at(daily("alice", "c1", "anthill"), t),
                at(daily("alice", "c2", "anthill"), t),
                at(dm, t),
                at(other_server, t),
            ],
        );
        let ranked = game_id(&out[0]);
        assert!(text(&out[0]).contains("your ranked attempt"), "{}", text(&out[0]));
        for reply in &out[1..] {
            assert_ok(reply);
            assert_eq!(game_id(reply), ranked, "{reply}");
            assert_eq!(reply["ephemeral"], true);
            assert!(!text(reply).contains("practice"), "{}", text(reply));
        }
        // Its board works where it came back: a click from the other server.
        let end_button = out[3]["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap().to_string())
            .find(|id| is_verb(id, "end"))
            .expect("the board's End button");
        let mut clicked = click("alice", "c9", &end_button);
        clicked["guild"] = json!("g2");
        let later = run(
            &s,
            &[
                at(clicked, t),
                // Once it has ended, the day's deal opens as practice.
                at(end("alice", "c1"), t),
                at(daily("alice", "c2", "anthill"), t),
            ],
        );
        assert_ok(&later[0]);
        assert_eq!(game_id(&later[0]), ranked);
        assert_ok(&later[2]);
        assert_ne!(game_id(&later[2]), ranked);
        assert!(text(&later[2]).contains("practice"), "{}", text(&later[2]));
    }
}

#[test]
fn the_seed_of_an_open_day_cannot_be_dealt_by_hand() {
    // Exploit closed: a player who learnt the day's seed practises its deal
    // with `/solitaire new seed:...` beside their ranked attempt.
    for s in Scratch::each() {
        let t = "2026-11-22T08:00:00Z";
        run(&s, &[at(daily("alice", "c1", "ants"), t)]);
        let (seed, _) = stored_deal(&s, "2026-11-22", "ants").expect("the deal is stored");
        let new = |time: &str, game: &str| {
            at(
                command(
                    "bob",
                    "c2",
                    "solitaire new",
                    json!({"game": game, "seed": seed.to_string()}),
                ),
                time,
            )
        };
        let out = run(
            &s,
            &[
                new(t, "ants"),
                // Another patience from the same seed is refused too.
                new(t, "myrmex"),
                // Open until 01:00 UTC the next day, then free to deal.
                new("2026-11-23T00:59:00Z", "ants"),
                new("2026-11-23T01:00:00Z", "ants"),
            ],
        );
        assert_refused(&out[0], "bad_option");
        assert!(text(&out[0]).contains("still open"), "{}", text(&out[0]));
        assert!(!text(&out[0]).contains(&seed.to_string()));
        assert_refused(&out[1], "bad_option");
        assert_refused(&out[2], "bad_option");
        assert_ok(&out[3]);
    }
}

#[test]
fn the_deal_of_an_open_day_cannot_be_dealt_in_disguise() {
    // Exploit closed: "`/solitaire new seed:` refuses an open day's seed,
    // but `deal:` does not look: copying the visible cards of the day's Ants
    // deal (the rest in any order) gives the very same hint."
    use antics::rules::ants_solitaire::{AntsSolitaire, Setup, Variant};
    use antics::rules::cards::write_deck_order;
    for s in Scratch::each() {
        let t = "2026-11-22T08:00:00Z";
        run(&s, &[at(daily("alice", "c1", "ants"), t)]);
        let (seed, _) = stored_deal(&s, "2026-11-22", "ants").expect("the deal is stored");
        let day = AntsSolitaire::new(&Setup {
            variant: Variant::Strict,
            seed: Some(seed),
            deal: None,
        })
        .unwrap();
        // The cards in sight, in place; the hidden ones in another order.
        let view = day.view();
        let mut cards: Vec<_> = view
            .foundations
            .iter()
            .chain(&view.tableau)
            .flatten()
            .copied()
            .collect();
        let mut hidden = day.unseen_cards();
        hidden.reverse();
        cards.extend(hidden);
        let disguised = write_deck_order(&cards);
        // A deal that shows one other card is another deal.
        let mut other = cards.clone();
        other.swap(0, 20);
        let new = |time: &str, user: &str, deal: &str| {
            at(
                command(user, "c2", "solitaire new", json!({"game": "ants", "deal": deal})),
                time,
            )
        };
        let out = run(
            &s,
            &[
                new(t, "bob", &disguised),
                new(t, "carol", &write_deck_order(&other)),
                new("2026-11-23T01:00:00Z", "dave", &disguised),
            ],
        );
        assert_refused(&out[0], "bad_option");
        assert!(
            text(&out[0]).contains("That deal deals the daily"),
            "{}",
            text(&out[0])
        );
        assert!(text(&out[0]).contains("still open"), "{}", text(&out[0]));
        assert_ok(&out[1]);
        assert_ok(&out[2]);
    }
}

#[test]
fn an_open_days_record_is_its_players_alone() {
    // Exploit closed: "`/record` of a daily attempt is a public message with
    // every move, during the attempt and after it, while the day is still
    // open."
    for s in Scratch::each() {
        let t = "2026-11-22T08:00:00Z";
        let out = run(
            &s,
            &[
                at(daily("alice", "c1", "anthill"), t),
                at(
                    command("alice", "c1", "solitaire move", json!({"action": "deal"})),
                    t,
                ),
                at(command("alice", "c1", "record", json!({})), t),
                at(end("alice", "c1"), t),
                at(command("alice", "c1", "record", json!({})), t),
                at(command("carol", "c1", "record", json!({})), t),
                at(
                    command("alice", "c1", "record", json!({})),
                    "2026-11-23T01:00:00Z",
                ),
            ],
        );
        for (i, reply) in [&out[2], &out[4]].into_iter().enumerate() {
            assert_ok(reply);
            assert_eq!(reply["ephemeral"], true, "record {i}: {reply}");
            assert!(
                text(reply).contains("Only you see this record"),
                "{}",
                text(reply)
            );
        }
        // Carol sees nothing of alice's game.
        assert!(!text(&out[5]).contains("alice"), "{}", text(&out[5]));
        // After the close it is public, seed and replay as for any game.
        assert_ok(&out[6]);
        assert_eq!(out[6]["ephemeral"], false);
        assert!(text(&out[6]).contains("[Seed"), "{}", text(&out[6]));
    }
}

#[test]
fn an_attempt_left_open_ends_when_its_day_closes_and_ranks_as_it_stood() {
    // Exploit closed: "A ranked attempt started at 00:01 can be finished 72
    // hours later, after everyone else's records are public, and still
    // ranks for its day."
    for s in Scratch::each() {
        let out = run(
            &s,
            &[
                at(daily("alice", "c1", "myrmex"), "2026-11-22T23:50:00Z"),
                at(daily("bob", "c1", "myrmex"), "2026-11-22T23:55:00Z"),
                // The clock passes the close (01:00 UTC on the 23rd).
                tick("2026-11-23T01:00:00Z"),
                // Bob comes back later: his move cannot count any more.
                at(
                    command("bob", "c1", "solitaire move", json!({"action": "deal"})),
                    "2026-11-23T02:00:00Z",
                ),
                at(
                    command(
                        "carol",
                        "c1",
                        "leaderboard",
                        json!({"game": "myrmex", "period": "today"}),
                    ),
                    "2026-11-23T02:00:00Z",
                ),
            ],
        );
        let posts = out[2]["posts"].as_array().unwrap();
        let closed: Vec<&str> = posts.iter().filter_map(|p| p["text"].as_str()).collect();
        assert_eq!(closed.len(), 2, "{closed:?}");
        for text in &closed {
            assert!(text.contains("ended when the day's challenge closed"), "{text}");
            assert!(text.contains("Antics daily Myrmex 2026-11-22"), "{text}");
        }
        // The game is over: the move is refused and nothing changed.
        assert_refused(&out[3], "game_over");
        assert_eq!(
            out[3]["game"]["result"]["detail"],
            "Total loss: no chambers (0 min)"
        );
        let days = run(
            &s,
            &[at(
                command("carol", "c1", "daily results", json!({"game": "myrmex"})),
                "2026-11-23T02:00:00Z",
            )],
        );
        assert_ok(&days[0]);
    }
}

#[test]
fn stats_count_dealt_games_only() {
    // Exploit closed: "a sorted deck played three times gives 'won 3 (100%)'".
    for s in Scratch::each() {
        let t = "2026-11-22T08:00:00Z";
        let mut lines = vec![];
        for _ in 0..3 {
            lines.push(at(
                command(
                    "alice",
                    "c1",
                    "solitaire new",
                    json!({"game": "ants", "seed": "5"}),
                ),
                t,
            ));
            lines.push(at(end("alice", "c1"), t));
        }
        lines.push(at(
            command("alice", "c1", "solitaire new", json!({"game": "ants"})),
            t,
        ));
        lines.push(at(end("alice", "c1"), t));
        lines.push(at(command("alice", "c1", "stats", json!({})), t));
        let out = run(&s, &lines);
        for reply in &out {
            assert_ok(reply);
        }
        let ants = stats_field(out.last().unwrap(), "Ants Solitaire");
        assert!(ants.contains("Played 1 "), "{ants}");
    }
}

#[test]
fn a_look_at_a_game_sends_no_turn_alert() {
    // Exploit closed: "a non-player's `/record` in the channel sends a
    // player a 'your move' DM".
    for s in Scratch::each() {
        let t = "2026-11-22T08:00:00Z";
        let out = run(
            &s,
            &[
                at(
                    command(
                        "alice",
                        "c1",
                        "armyants challenge",
                        json!({"opponent": "bob", "seed": "7"}),
                    ),
                    t,
                ),
                at(command("bob", "c1", "armyants accept", json!({})), t),
            ],
        );
        let waiting = out[1]["game"]["to_move"]
            .as_str()
            .expect("someone to move")
            .to_string();
        let later = run(
            &s,
            &[
                at(command(&waiting, "c1", "alerts", json!({"turns": "on"})), t),
                at(command("carol", "c1", "record", json!({})), t),
            ],
        );
        assert_ok(&later[1]);
        let dms: Vec<&Value> = later[1]["posts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["dm"].is_string())
            .collect();
        assert!(dms.is_empty(), "{dms:?}");
    }
}

#[test]
fn the_next_days_deals_are_prepared_before_midnight() {
    // "the first `daily play` of a day never waits for the deal's proof
    // (prepare the day's deals ahead, at the sweep before midnight)".
    for s in Scratch::each() {
        run(&s, &[tick("2026-11-22T23:00:00Z")]);
        assert_eq!(stored_deal(&s, "2026-11-23", "anthill"), None);
        run(&s, &[tick("2026-11-22T23:40:00Z")]);
        for game in ["myrmex", "anthill", "ants"] {
            assert!(stored_deal(&s, "2026-11-23", game).is_some(), "{game}");
        }
    }
}

#[test]
fn a_hinted_result_ranks_below_the_same_result_without_hints() {
    // Exploit closed: "A daily won by following 59 hints ranks equal first
    // with wins that used none." Among equal results, fewer hints rank
    // higher, before the game's own tie-break (fewer moves).
    for s in Scratch::each() {
        let t = "2026-11-22T12:00:00Z";
        // Alice asks for a hint, then plays as bob does: the same result.
        let hinted = run(
            &s,
            &[
                at(daily("alice", "c1", "ants"), t),
                at(command("alice", "c1", "solitaire hint", json!({})), t),
            ],
        );
        assert_ok(&hinted[1]);
        ants_attempt_from(&s, t, "alice", "c1", hinted[0].clone(), 1);
        ants_attempt(&s, t, "bob", "c1", 1);
        let board = run(
            &s,
            &[at(
                command("zed", "c1", "leaderboard", json!({"game": "ants"})),
                t,
            )],
        );
        let board = description(&board[0]);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 2, "{board}");
        assert!(lines[0].starts_with("**1.** bob"), "{board}");
        assert!(lines[1].starts_with("**2.** alice"), "{board}");
        assert!(
            lines[1].contains("💡 1"),
            "the leaderboard shows the hints: {board}"
        );
    }
}

fn daily_on(user: &str, game: &str, date: &str) -> Value {
    command(user, "c1", "daily play", json!({ "game": game, "date": date }))
}

/// Issue: "Past days: `/daily play date:` plays any closed day as practice,
/// unranked; it never touches streaks, seasons or ratings. `/daily results
/// date:` shows a closed day's standings." A day still open, a day to come
/// and a date that is not one are refused and start nothing.
/// The daily post's calendar: a day picked there offers its three deals as
/// practice, for the picker alone; a day still open says until when.
#[test]
fn the_daily_posts_calendar_plays_a_past_day_as_practice() {
    let s = Scratch::new();
    let out = run(
        &s,
        &[
            at(
                manager(command("alice", "c1", "dailypost subscribe", json!({}))),
                "2026-11-21T15:00:00Z",
            ),
            tick("2026-11-22T00:00:30Z"),
        ],
    );
    let post = &out[1]["posts"][0];
    let calendar = post["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["options"].is_array())
        .expect("a calendar select")
        .clone();
    let days: Vec<&str> = calendar["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap())
        .collect();
    assert_eq!(days.len(), 25, "Discord's limit");
    assert_eq!((days[0], days[24]), ("2026-11-21", "2026-10-28"));
    assert_eq!(calendar["options"][1]["label"], "Friday 20 November 2026");
    let pick = |day: &str, time: &str| {
        at(
            json!({"user": "bob", "channel": "c1", "component": calendar["id"], "values": [day]}),
            time,
        )
    };
    let out = run(
        &s,
        &[
            pick("2026-11-21", "2026-11-22T00:30:00Z"),
            pick("2026-11-20", "2026-11-22T09:00:00Z"),
            pick("2026-11-22", "2026-11-22T09:00:00Z"),
        ],
    );
    assert_refused(&out[0], "bad_option");
    assert!(
        text(&out[0]).contains("still open until 2026-11-22 01:00 UTC"),
        "{}",
        out[0]
    );
    let menu = &out[1];
    assert_ok(menu);
    assert_eq!(menu["ephemeral"], true);
    assert!(text(menu).contains("2026-11-20"), "{menu}");
    assert_refused(&out[2], "bad_option");
    let anthill = menu["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["label"] == "Play Anthill")
        .expect("a button per game")["id"]
        .clone();
    let out = run(
        &s,
        &[at(
            json!({"user": "bob", "channel": "c1", "component": anthill}),
            "2026-11-22T09:01:00Z",
        )],
    );
    assert_ok(&out[0]);
    assert!(
        text(&out[0]).contains("daily Anthill of 2026-11-20** as practice"),
        "{}",
        out[0]
    );
    assert_eq!(out[0]["game"]["status"], "active");
}

#[test]
fn a_closed_day_plays_as_practice_and_counts_nowhere() {
    let s = Scratch::new();
    let day = "2026-11-20";
    // alice plays that day's Ants Solitaire ranked, on the day.
    let ranked = ants_attempt(&s, "2026-11-20T10:00:00Z", "alice", "c1", 2);
    let later = "2026-11-28T12:00:00Z";
    let out = run(
        &s,
        &[
            at(command("bob", "c1", "stats", json!({})), later),
            at(daily_on("bob", "ants", day), later),
            at(daily_on("carol", "ants", "2026-11-27"), "2026-11-28T00:30:00Z"),
            at(daily_on("carol", "ants", "2026-11-29"), later),
            at(daily_on("carol", "ants", "last friday"), later),
            at(daily_on("carol", "ants", "2024-01-01"), later),
        ],
    );
    let stats_before = stats_field(&out[0], "Ants Solitaire");
    let practice = &out[1];
    assert_ok(practice);
    assert!(
        text(practice).contains("daily Ants Solitaire of 2026-11-20** as practice"),
        "{practice}"
    );
    assert_eq!(practice["game"]["status"], "active");
    // The same deal as the day's: the same cards in sight.
    assert_eq!(
        practice["game"]["legal"],
        run(&s, &[at(daily_on("dave", "ants", day), later)])[0]["game"]["legal"],
        "every practice of a day deals the same cards"
    );
    assert!(text(&ranked).contains("Share:"), "{ranked}");
    assert_refused(&out[2], "bad_option");
    assert!(
        text(&out[2]).contains("still open until 2026-11-28 01:00 UTC"),
        "{}",
        out[2]
    );
    assert_refused(&out[3], "bad_option");
    assert!(text(&out[3]).contains("has not come yet"), "{}", out[3]);
    assert_refused(&out[4], "bad_option");
    assert!(
        text(&out[4]).contains("`last friday`"),
        "the refusal quotes the input: {}",
        out[4]
    );
    assert_refused(&out[5], "bad_option");
    // Nothing was started by a refusal: carol may still play today's.
    let carol = run(&s, &[at(daily("carol", "c1", "ants"), later)]).remove(0);
    assert_ok(&carol);
    assert!(text(&carol).contains("your ranked attempt"), "{carol}");

    // bob ends his practice: his stats and the day's results are unchanged.
    let out = run(
        &s,
        &[
            at(end("bob", "c1"), later),
            at(command("bob", "c1", "stats", json!({})), later),
            at(
                command("bob", "c1", "daily results", json!({"game": "ants", "date": day})),
                later,
            ),
        ],
    );
    assert_ok(&out[0]);
    assert_eq!(out[0]["game"]["status"], "finished", "{}", out[0]);
    assert_eq!(stats_field(&out[1], "Ants Solitaire"), stats_before);
    let results = &out[2]["embeds"][0];
    assert_eq!(results["title"], "Daily challenges of 2026-11-20: this channel");
    let listed = results["fields"][0]["value"].as_str().unwrap();
    assert!(listed.contains("alice") && !listed.contains("bob"), "{listed}");
}

/// Issue: a "Review" button on the final board tells where the game went
/// wrong, privately; for a daily attempt only once its day has closed (until
/// then it would tell the others which moves lose the day's deal).
#[test]
fn the_review_of_a_daily_attempt_opens_when_the_day_closes() {
    let s = Scratch::new();
    let ended = ants_attempt(&s, "2026-11-20T10:00:00Z", "alice", "c1", 1);
    assert_eq!(ended["game"]["status"], "finished", "{ended}");
    let review = components(&ended)
        .into_iter()
        .find(|c| c["label"] == "Review")
        .unwrap_or_else(|| panic!("no Review button: {ended}"));
    let id = review["id"].as_str().unwrap();
    let out = run(
        &s,
        &[
            at(click("alice", "c1", id), "2026-11-20T10:05:00Z"),
            at(click("bob", "c1", id), "2026-11-21T02:00:00Z"),
            at(click("alice", "c1", id), "2026-11-21T02:00:00Z"),
        ],
    );
    assert_refused(&out[0], "not_allowed");
    assert!(
        text(&out[0])
            .contains("opens when the daily challenge of 2026-11-20 closes, at 2026-11-21 01:00 UTC"),
        "{}",
        out[0]
    );
    assert_refused(&out[1], "not_a_player");
    let reviewed = &out[2];
    assert_ok(reviewed);
    assert_eq!(reviewed["ephemeral"], true, "a review is private: {reviewed}");
    assert_eq!(reviewed["update"], false, "the final board stays: {reviewed}");
    let words = text(reviewed);
    assert!(
        words.starts_with("**Review of your Ants Solitaire** · "),
        "{words}"
    );
    // alice ended a winnable daily deal after one move: the review says so
    // and shows where she stopped.
    assert!(
        words.contains("You ended the game while it could still be won"),
        "{words}"
    );
    // "and what would have kept the win": named, and marked on the board.
    assert!(
        words.contains("was the way on") && words.contains("that action marked"),
        "{words}"
    );
    assert!(reviewed["image"].as_str().unwrap().ends_with(".png"));
}

/// Issue: "once a day closes, `/daily solution game date` shows the
/// solver's winning line as text and a replay". The line, played on the
/// day's deal as practice, wins it; a day still open is refused.
#[test]
fn a_closed_day_shows_the_solvers_line_and_it_wins() {
    let s = Scratch::new();
    let later = "2026-11-28T12:00:00Z";
    let out = run(
        &s,
        &[
            at(
                command("alice", "c1", "daily solution", json!({"game": "ants"})),
                later,
            ),
            at(
                command(
                    "alice",
                    "c1",
                    "daily solution",
                    json!({"game": "ants", "date": "2026-11-28"}),
                ),
                later,
            ),
            at(daily_on("alice", "ants", "2026-11-27"), later),
        ],
    );
    let solution = &out[0];
    assert_ok(solution);
    let words = text(solution);
    assert!(
        words.starts_with("**The daily Ants Solitaire of 2026-11-27**: the solver wins it in "),
        "{words}"
    );
    assert!(
        solution["image"].as_str().unwrap().ends_with(".gif"),
        "{solution}"
    );
    assert!(gif_frames(solution) > 2);
    assert_refused(&out[1], "bad_option");
    assert!(text(&out[1]).contains("still open"), "{}", out[1]);
    assert_ok(&out[2]);
    let line = words.split('`').nth(1).expect("the line in code");
    let moves: Vec<Value> = line
        .split(' ')
        .map(|action| {
            at(
                command("alice", "c1", "solitaire move", json!({ "action": action })),
                later,
            )
        })
        .collect();
    let played = run(&s, &moves);
    for reply in &played {
        assert_ok(reply);
    }
    let end = &played.last().unwrap()["game"];
    assert_eq!(end["status"], "finished", "{end}");
    assert_eq!(end["result"]["outcome"], "win", "{end}");
}

/// The solution's "Review my attempt": each player who clicks it gets the
/// review of their own ranked attempt of that day, privately; a player
/// with none is told so.
#[test]
fn the_solution_reviews_each_players_own_attempt() {
    let s = Scratch::new();
    ants_attempt(&s, "2026-11-27T10:00:00Z", "alice", "c1", 2);
    let later = "2026-11-28T12:00:00Z";
    let solution = run(
        &s,
        &[at(
            command("carol", "c1", "daily solution", json!({"game": "ants"})),
            later,
        )],
    )
    .remove(0);
    let review = component(&solution, "review.2026-11-27");
    let click = |user: &str| at(json!({"user": user, "channel": "c1", "component": review}), later);
    let out = run(&s, &[click("alice"), click("bob")]);
    let mine = &out[0];
    assert_ok(mine);
    assert_eq!(mine["ephemeral"], true);
    assert!(
        text(mine).starts_with("**Review of your Ants Solitaire** · "),
        "{mine}"
    );
    assert_refused(&out[1], "no_game");
    assert!(text(&out[1]).contains("no ranked attempt"), "{}", out[1]);
}

//! The web table (`antics play --web`): its HTTP surface through the router,
//! and the page itself in Chromium, driven through the data- attributes of
//! ../shared/DESIGN.md ("The web table") by tests/web/table.mjs.

use crate::common;

use common::browser::{browser, node};
use common::web::Table;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

fn table() -> Table {
    common::web::table(&[])
}

/// One exchange with the table from its own page: its status and its
/// JSON body.
fn http(table: &Table, head: &str, body: &str) -> (u16, Value) {
    let (status, _, body) = table.exchange(head, &table.own_host(), body);
    (status, body)
}

fn get(table: &Table, user: &str, channel: &str) -> (u16, Value) {
    http(
        table,
        &format!("GET /api/table?user={user}&channel={channel}"),
        "",
    )
}

fn post(table: &Table, body: Value) -> (u16, Value) {
    http(table, "POST /api/act", &body.to_string())
}

#[test]
fn a_patience_is_played_on_its_regions() {
    let router = table();
    let (status, empty) = get(&router, "alice", "c1");
    assert_eq!(status, 200);
    assert_eq!(empty["boards"], json!([]));
    let kinds: Vec<&str> = empty["new"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["army-ants", "atta-ants", "myrmex", "anthill", "ants"]);
    // The page's words for each game come from here, not from its kind.
    let said = |field: &str| -> Vec<String> {
        empty["new"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n[field].to_string())
            .collect()
    };
    assert_eq!(
        said("start"),
        [
            "\"Challenge: Army Ants\"",
            "\"New Atta Ants\"",
            "\"New Myrmex\"",
            "\"New Anthill\"",
            "\"New Ants Solitaire\""
        ]
    );
    assert_eq!(
        said("spot"),
        ["\"Square\"", "\"Square\"", "\"Pile\"", "\"Pile\"", "\"Pile\""]
    );
    assert_eq!(said("multiplayer"), ["true", "true", "false", "false", "false"]);

    let (_, started) = post(
        &router,
        json!({"user": "alice", "channel": "c1", "new": "anthill"}),
    );
    assert_eq!(started["ok"], true, "{started}");
    let (_, mut place) = get(&router, "alice", "c1");
    // A random deal may open with no move on the board: its only step is
    // the deal, as a player would take it.
    for _ in 0..4 {
        if !place["boards"][0]["moves"].as_array().unwrap().is_empty() {
            break;
        }
        let deal = step(&place["boards"][0], "deal")["component"].clone();
        post(
            &router,
            json!({"user": "alice", "channel": "c1", "component": deal}),
        );
        place = get(&router, "alice", "c1").1;
    }
    let board = &place["boards"][0];
    assert_eq!(board["kind"], "anthill");
    assert_eq!(board["status"], "active");
    assert!(board["image"]
        .as_str()
        .unwrap()
        .starts_with("data:image/png;base64,"));
    // Anthill's eight spots, named as its moves name them, inside the picture.
    let regions = board["regions"].as_array().unwrap();
    let ids: Vec<&str> = regions.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["1", "2", "3", "4", "5", "6", "7", "8"]);
    for r in regions {
        assert!(r["x"].as_u64().unwrap() + r["w"].as_u64().unwrap() <= board["width"].as_u64().unwrap());
        assert!(r["y"].as_u64().unwrap() + r["h"].as_u64().unwrap() <= board["height"].as_u64().unwrap());
    }
    // Every move joins two of those regions; the board's buttons are steps.
    let moves = board["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert!(ids.contains(&m["from"].as_str().unwrap()) && ids.contains(&m["to"].as_str().unwrap()));
    }
    let steps: Vec<&str> = board["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert!(steps.contains(&"deal") && steps.contains(&"end"), "{steps:?}");

    let action = moves[0]["actions"][0].as_str().unwrap();
    let (_, moved) = post(
        &router,
        json!({"user": "alice", "channel": "c1", "kind": "anthill", "move": action}),
    );
    assert_eq!(moved["ok"], true, "{moved}");
    let (_, after) = get(&router, "alice", "c1");
    assert!(after["boards"][0]["version"].as_i64() > board["version"].as_i64());

    // An illegal move is refused in words and changes nothing.
    let (_, refused) = post(
        &router,
        json!({"user": "alice", "channel": "c1", "kind": "anthill", "move": "1-1"}),
    );
    assert_eq!(refused["ok"], false);
    assert!(!refused["text"].as_str().unwrap().is_empty());
    let (_, same) = get(&router, "alice", "c1");
    assert_eq!(same["boards"][0]["version"], after["boards"][0]["version"]);
}

#[test]
fn a_stranger_cannot_act_on_someone_elses_board() {
    let router = table();
    post(&router, json!({"user": "alice", "channel": "c1", "new": "ants"}));
    let (_, place) = get(&router, "alice", "c1");
    let deal = place["boards"][0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "end")
        .expect("an end button")["component"]
        .clone();
    // bob sees no board of his own there, and alice's buttons refuse him.
    let (_, bobs) = get(&router, "bob", "c1");
    assert_eq!(bobs["boards"], json!([]));
    let (_, refused) = post(
        &router,
        json!({"user": "bob", "channel": "c1", "component": deal}),
    );
    assert_eq!(refused["ok"], false);
    assert_eq!(refused["error"], "not_a_player");
    let (_, still) = get(&router, "alice", "c1");
    assert_eq!(still["boards"][0]["version"], place["boards"][0]["version"]);
}

#[test]
fn bad_input_gets_a_clear_refusal() {
    let router = table();
    let (status, body) = get(&router, "al%20ice", "c1");
    assert_eq!(status, 400);
    assert!(body["error"].as_str().unwrap().contains("user"));
    let (status, _) = post(&router, json!({"user": "alice", "channel": "c1", "new": "chess"}));
    assert_eq!(status, 400);
    let (status, _) = post(
        &router,
        json!({"user": "alice", "channel": "c1", "new": "army-ants", "options": {"opponent": "b ob"}}),
    );
    assert_eq!(status, 400);
    let (status, _) = post(&router, json!({"user": "alice", "channel": "c1"}));
    assert_eq!(status, 400);
    let big = json!({"user": "alice", "channel": "c1", "move": "x".repeat(10_000)});
    let (status, _) = post(&router, big);
    assert_eq!(status, 413);
    // Nothing was stored for alice.
    let (_, place) = get(&router, "alice", "c1");
    assert_eq!(place["boards"], json!([]));
}

/// The step named `name` of a board.
fn step<'a>(board: &'a Value, name: &str) -> &'a Value {
    board["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("a {name} step in {}", board["steps"]))
}

/// The channel's game of two or more players, as `user` sees it.
fn channel_board(router: &Table, user: &str, channel: &str) -> Value {
    let (_, place) = get(router, user, channel);
    place["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["kind"] == "army-ants" || b["kind"] == "atta-ants")
        .cloned()
        .unwrap_or(Value::Null)
}

#[test]
fn an_army_ants_challenge_is_accepted_and_played_on_its_squares() {
    let router = table();
    let (_, started) = post(
        &router,
        json!({"user": "alice", "channel": "c1", "new": "army-ants"}),
    );
    assert_eq!(started["ok"], true, "{started}");
    // An open challenge: anyone here may accept; it has no board yet.
    let pending = channel_board(&router, "bob", "c1");
    assert_eq!(pending["status"], "pending");
    assert!(pending["image"].is_null());
    let accept = step(&pending, "accept")["component"].clone();
    let (_, accepted) = post(
        &router,
        json!({"user": "bob", "channel": "c1", "component": accept}),
    );
    assert_eq!(accepted["ok"], true, "{accepted}");

    let board = channel_board(&router, "bob", "c1");
    assert_eq!(board["status"], "active");
    let red = board["to_move"].as_str().unwrap().to_string();
    // Forty squares, named as moves name them; every move joins two.
    let ids: Vec<&str> = board["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 40);
    assert!(ids.contains(&"a1") && ids.contains(&"e8"));
    let moves = board["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert!(ids.contains(&m["from"].as_str().unwrap()) && ids.contains(&m["to"].as_str().unwrap()));
    }
    // "March! ... (the group's end squares before and after)": a march is
    // offered from either of its ends.
    let march = moves
        .iter()
        .flat_map(|m| m["actions"].as_array().unwrap())
        .find(|a| a.as_str().unwrap().contains(':'))
        .expect("a march in the rally")
        .as_str()
        .unwrap();
    let ends: Vec<&str> = march.split(['-', ':']).collect();
    for (from, to) in [(ends[0], ends[2]), (ends[1], ends[3])] {
        assert!(
            moves.iter().any(|m| m["from"] == from
                && m["to"] == to
                && m["actions"].as_array().unwrap().contains(&json!(march))),
            "{march} from {from} to {to}"
        );
    }

    // A stranger's page cannot act; the player not to move is refused too.
    let action = moves[0]["actions"][0].as_str().unwrap();
    let other = if red == "alice" { "bob" } else { "alice" };
    for (user, code) in [("carol", "not_a_player"), (other, "not_your_turn")] {
        let (_, refused) = post(
            &router,
            json!({"user": user, "channel": "c1", "kind": "army-ants", "move": action}),
        );
        assert_eq!(refused["error"], code, "{refused}");
    }
    assert_eq!(channel_board(&router, "carol", "c1")["version"], board["version"]);
    let (_, moved) = post(
        &router,
        json!({"user": red, "channel": "c1", "kind": "army-ants", "move": action}),
    );
    assert_eq!(moved["ok"], true, "{moved}");
    let after = channel_board(&router, "carol", "c1");
    assert_eq!(after["to_move"], other);

    // "one-step actions (deal, undo, end, hint, resign, draw ...)": the
    // page resigns in one click, bound to the board it was shown on.
    let resign = step(&after, "resign")["component"].clone();
    let (_, stale) = post(
        &router,
        json!({"user": other, "channel": "c1", "component": step(&board, "resign")["component"]}),
    );
    assert_eq!(stale["ok"], false, "{stale}");
    assert_eq!(channel_board(&router, "carol", "c1")["status"], "active");
    let (_, resigned) = post(
        &router,
        json!({"user": other, "channel": "c1", "component": resign}),
    );
    assert_eq!(resigned["ok"], true, "{resigned}");
    assert_eq!(channel_board(&router, red.as_str(), "c1")["status"], "finished");
}

#[test]
fn an_atta_ants_lobby_fills_starts_and_places_by_clicks() {
    let router = table();
    post(
        &router,
        json!({"user": "carol", "channel": "c2", "new": "atta-ants"}),
    );
    let lobby = channel_board(&router, "dave", "c2");
    assert_eq!(lobby["status"], "pending");
    let join = step(&lobby, "join")["component"].clone();
    let (_, joined) = post(
        &router,
        json!({"user": "dave", "channel": "c2", "component": join}),
    );
    assert_eq!(joined["ok"], true, "{joined}");
    let lobby = channel_board(&router, "carol", "c2");
    let start = step(&lobby, "start")["component"].clone();
    let (_, started) = post(
        &router,
        json!({"user": "carol", "channel": "c2", "component": start}),
    );
    assert_eq!(started["ok"], true, "{started}");

    let board = channel_board(&router, "carol", "c2");
    assert_eq!(board["status"], "active");
    let first = board["to_move"].as_str().unwrap().to_string();
    // "Placing: a card goes on an empty square ... in a rotation where every
    // edge it shares with a card matches": from a rotation of the drawn card
    // to a free square, for each placement listed.
    let regions: Vec<&str> = board["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    for id in ["0,0", "1,1", "rot0"] {
        assert!(regions.contains(&id), "{id} in {regions:?}");
    }
    // One region for each rotation that looks different: at most four, and
    // a crossing has one.
    let rotations = regions.iter().filter(|id| id.starts_with("rot")).count();
    assert!((1..=4).contains(&rotations), "{regions:?}");
    let moves = board["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert!(m["from"].as_str().unwrap().starts_with("rot"), "{m}");
        assert!(regions.contains(&m["to"].as_str().unwrap()), "{m}");
    }
    let place = moves[0]["actions"][0].as_str().unwrap();
    let (_, placed) = post(
        &router,
        json!({"user": first, "channel": "c2", "kind": "atta-ants", "move": place}),
    );
    assert_eq!(placed["ok"], true, "{placed}");
    // Then ants: each move from the square the ant stands on (all start in
    // the nest) to where it ends, the ant named in the choices.
    let board = channel_board(&router, "dave", "c2");
    let moves = board["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    let colour = if first == "carol" { "r" } else { "y" };
    for m in moves {
        assert_eq!(m["from"], "0,0", "{m}");
        for action in m["actions"].as_array().unwrap() {
            assert!(action.as_str().unwrap().starts_with(colour), "{m}");
        }
    }
}

/// The cards a board's `placing` holds, laid on its squares in order, as
/// the deploy action lists them ("front row first, each row in column
/// order a to e").
fn deploy_action(placing: &Value) -> String {
    let squares = placing["squares"].as_array().unwrap();
    let cards = placing["cards"].as_array().unwrap();
    let mut rows: Vec<(String, String)> = Vec::new();
    for (square, card) in squares.iter().zip(cards) {
        let rank = square.as_str().unwrap()[1..].to_string();
        match rows.last_mut() {
            Some((r, values)) if *r == rank => values.push_str(card.as_str().unwrap()),
            _ => rows.push((rank, card.as_str().unwrap().to_string())),
        }
    }
    let values: Vec<String> = rows.into_iter().map(|(_, v)| v).collect();
    format!("deploy {}", values.join("/"))
}

#[test]
fn a_private_deployment_is_placed_from_the_page_and_seen_by_no_one_else() {
    // "minor: row by row from the front, each player is dealt that row's
    // cards (5, 5, 5, then 4) and privately orders them along the row; the
    // next row is dealt when both players have placed the current one."
    let router = table();
    let (_, started) = post(
        &router,
        json!({"user": "alice", "channel": "c1", "new": "army-ants", "options": {"opponent": "bob", "deployment": "minor"}}),
    );
    assert_eq!(started["ok"], true, "{started}");
    let accept = step(&channel_board(&router, "bob", "c1"), "accept")["component"].clone();
    let (_, accepted) = post(
        &router,
        json!({"user": "bob", "channel": "c1", "component": accept}),
    );
    assert_eq!(accepted["ok"], true, "{accepted}");

    for row in 0..4 {
        let want = if row == 3 { 4 } else { 5 };
        let alice = channel_board(&router, "alice", "c1");
        let bob = channel_board(&router, "bob", "c1");
        assert_eq!(alice["status"], "deploying");
        // "Private placement happens where only that player can see it":
        // a stranger's page has no hand, and each player's hand is theirs.
        assert!(channel_board(&router, "carol", "c1")["placing"].is_null());
        for board in [&alice, &bob] {
            assert_eq!(
                board["placing"]["squares"].as_array().unwrap().len(),
                want,
                "{board}"
            );
            assert_eq!(board["placing"]["cards"].as_array().unwrap().len(), want);
            assert_eq!(board["placing"]["queen_apart"], false);
            assert!(board["steps"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["name"] != "deploy"));
        }
        let ranks = |b: &Value| -> Vec<String> {
            b["placing"]["squares"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap()[1..].to_string())
                .collect()
        };
        assert!(
            ranks(&alice).iter().all(|r| !ranks(&bob).contains(r)),
            "the two hands share a row"
        );

        if row == 0 {
            // Cards that are not the hand's are refused, and nothing changes.
            let (_, refused) = post(
                &router,
                json!({"user": "alice", "channel": "c1", "kind": "army-ants", "move": "deploy 11111"}),
            );
            assert_eq!(refused["ok"], false, "{refused}");
            assert_eq!(channel_board(&router, "alice", "c1")["version"], alice["version"]);
        }
        for (user, board) in [("alice", &alice), ("bob", &bob)] {
            let (_, placed) = post(
                &router,
                json!({"user": user, "channel": "c1", "kind": "army-ants", "move": deploy_action(&board["placing"])}),
            );
            assert_eq!(placed["ok"], true, "{placed}");
            if user == "alice" {
                // Placed: nothing more to place until the other has.
                assert!(channel_board(&router, "alice", "c1")["placing"].is_null());
            }
        }
    }
    let battle = channel_board(&router, "carol", "c1");
    assert_eq!(battle["status"], "active", "{battle}");
    assert!(battle["placing"].is_null());
}

/// Runs a scenario of tests/web/table.mjs against the table at `url`
/// (screenshots go to ANTICS_WEB_SHOTS, if set); it must end well. What it
/// printed.
fn scenario(dir: &Path, url: &str, args: &[&str]) -> String {
    let shots = std::env::var("ANTICS_WEB_SHOTS").unwrap_or_default();
    let mut all = vec![url];
    all.extend_from_slice(args);
    all.push(&shots);
    let out = node(dir, "table.mjs", &all);
    let told = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{args:?}: {told}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    told
}

/// Runs each of `scenarios` in a browser of its own, all at once (each
/// plays in its own channel): a browser spends most of a step waiting on
/// the page, so the machine can take several.
fn scenarios_at_once(dir: &Path, url: &str, scenarios: &[&[&str]]) -> Vec<String> {
    std::thread::scope(|scope| {
        let running: Vec<_> = scenarios
            .iter()
            .map(|args| scope.spawn(move || scenario(dir, url, args)))
            .collect();
        running
            .into_iter()
            .map(|run| run.join().expect("the scenario's thread"))
            .collect()
    })
}

#[test]
fn every_patience_is_played_by_clicks_in_chromium() {
    let Some(dir) = browser() else { return };
    let table = table();
    let plays: [&[&str]; 3] = [&["play", "anthill"], &["play", "ants"], &["play", "myrmex"]];
    for told in scenarios_at_once(&dir, &table.url(), &plays) {
        assert!(told.contains("finished"), "{told}");
    }
    // Alone: it measures how soon a second page sees the move.
    let told = scenario(&dir, &table.url(), &["live"]);
    assert!(told.contains("live:"), "{told}");
}

/// "The page offers every option the commands have (levels, variants,
/// closed deals, seeds) and disables what can only be refused."
#[test]
fn a_new_game_s_options_are_offered_as_its_command_has_them_in_chromium() {
    let Some(dir) = browser() else { return };
    let table = table();
    let told = scenario(&dir, &table.url(), &["options"]);
    assert!(
        told.contains("options: Myrmex board, major level, closed"),
        "{told}"
    );
}

#[test]
fn army_ants_and_atta_ants_are_played_whole_by_two_browsers() {
    let Some(dir) = browser() else { return };
    let table = table();
    for told in scenarios_at_once(&dir, &table.url(), &[&["army"], &["atta"]]) {
        assert!(told.contains("finished"), "{told}");
    }
}

#[test]
fn private_deployments_are_placed_by_clicks_in_chromium() {
    let Some(dir) = browser() else { return };
    let table = table();
    let told = scenario(&dir, &table.url(), &["deploy"]);
    assert!(told.contains("minor:") && told.contains("total:"), "{told}");
}

#[test]
fn a_wide_atta_ants_map_zooms_to_a_finger_s_size_in_chromium() {
    let Some(dir) = browser() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("table.db");
    // Every spider last in the deck: no ant is eaten while the map grows.
    let deal = "X Xl T T Tl Tl I I I Il Il L L L Ll Ll D Dl M M Xs Ts Is Ls";
    let atta = |user: &str, sub: &str, options: Value| json!({"user": user, "channel": "c-zoom", "command": format!("atta {sub}"), "options": options});
    let started = common::script(
        &db,
        tmp.path(),
        &[
            atta("carol", "new", json!({"deal": deal, "seed": "3"})),
            atta("dave", "join", json!({})),
            atta("carol", "start", json!({})),
        ],
    );
    assert!(started.iter().all(|out| out["ok"] == true), "{started:?}");
    let table = common::web::serve(&db, &[]);
    let url = table.url();
    let told = scenario(&dir, &url, &["zoom"]);
    assert!(told.contains("zoom:"), "{told}");
}

/// "The web table: a tournament's page shows its standings and the
/// player's current game": a patience event's board under the table, its
/// Join and deal buttons played from the page.
#[test]
fn a_patience_event_is_joined_and_played_from_the_page_in_chromium() {
    let Some(dir) = browser() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("table.db");
    let line = |user: &str, command: &str, options: Value| {
        // The local table's server is "local".
        json!({"user": user, "channel": "c-event", "command": command, "options": options,
               "permissions": ["manage_channels"], "guild": "local"})
    };
    let out = common::script(
        &db,
        tmp.path(),
        &[
            line(
                "olga",
                "tournament create",
                json!({"game": "anthill", "deals": 2}),
            ),
            line("ann", "tournament join", json!({})),
            line("ben", "tournament join", json!({})),
            line("olga", "tournament start", json!({})),
        ],
    );
    assert!(out.iter().all(|o| o["ok"] == true), "{out:?}");
    let table = common::web::serve(&db, &[]);
    let told = scenario(&dir, &table.url(), &["event"]);
    assert!(
        told.contains("event: joined (seen live by another page), and deal 1 opened"),
        "{told}"
    );
}

/// "Army Ants review: a Review button on a finished game", on the page: a
/// Queen left to capture is named, with the board after it.
#[test]
fn an_army_ants_review_is_read_whole_on_the_page_in_chromium() {
    let Some(dir) = browser() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("table.db");
    let shield =
        "bQ....b3../........../........../........../........../........../......r5../..r1..rQ.. r battle";
    let line = |user: &str, command: &str, options: Value| json!({"user": user, "channel": "c-review", "command": command, "options": options, "guild": "local"});
    let out = common::script(
        &db,
        tmp.path(),
        &[
            line(
                "alice",
                "armyants challenge",
                json!({"opponent": "bob", "color": "red", "position": shield}),
            ),
            line("bob", "armyants accept", json!({})),
            line("alice", "armyants move", json!({"action": "d2-e2"})),
            line("bob", "armyants move", json!({"action": "d8xd1"})),
        ],
    );
    assert!(out.iter().all(|o| o["ok"] == true), "{out:?}");
    let table = common::web::serve(&db, &[]);
    let told = scenario(&dir, &table.url(), &["review"]);
    assert!(told.contains("review: Review of your game as Red"), "{told}");
}

/// "The web table shows the same: past days, a season's table": the
/// page's Daily panel asks what /daily and /leaderboard answer on Discord.
#[test]
fn the_daily_panel_plays_a_past_day_and_shows_its_solution_and_the_season_in_chromium() {
    let Some(dir) = browser() else { return };
    let table = table();
    let told = scenario(&dir, &table.url(), &["daily"]);
    assert!(told.contains("daily: today's played and ended;"), "{told}");
    assert!(told.contains("Anthill leaderboard: season"), "{told}");
}

#[test]
fn a_move_made_through_the_script_shows_in_an_open_page() {
    let Some(dir) = browser() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("table.db");
    let start = json!({"user": "alice", "channel": "c-watch", "command": "solitaire new",
                       "options": {"game": "anthill", "seed": 7}});
    let out = common::script(&db, tmp.path(), &[start]);
    assert_eq!(out[0]["ok"], true);
    let table = common::web::serve(&db, &[]);
    let url = table.url();
    let mut page = Command::new("node")
        .arg(dir.join("table.mjs"))
        .args([&url, "watch"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(page.stdout.take().unwrap()).lines();
    let ready = lines.next().unwrap().unwrap();
    assert!(ready.starts_with("ready"), "{ready}");
    let deal = json!({"user": "alice", "channel": "c-watch", "command": "solitaire move",
                      "options": {"action": "deal"}});
    assert_eq!(common::script(&db, tmp.path(), &[deal])[0]["ok"], true);
    let changed = lines.next().unwrap().unwrap();
    assert!(changed.starts_with("changed"), "{changed}");
    assert!(page.wait().unwrap().success());
}

/// The Daily panel's questions pass only the options their command takes;
/// anything else is refused in words, and nothing is started.
#[test]
fn a_daily_question_with_a_stray_option_is_refused_in_words() {
    let table = table();
    let ask = |body: Value| http(&table, "POST /api/act", &body.to_string());
    let (status, body) = ask(json!({"user": "ed", "channel": "c1", "ask": "season",
                                    "options": {"game": "anthill", "date": "2026-11-01"}}));
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("`season` takes game and season"),
        "{body}"
    );
    let (status, body) = ask(json!({"user": "ed", "channel": "c1", "ask": "shuffle"}));
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Ask for play, results"),
        "{body}"
    );
    // A value the service refuses comes back in its words, not its code.
    let (status, body) = ask(json!({"user": "ed", "channel": "c1", "ask": "play",
                                    "options": {"game": "anthill", "date": "tomorrow"}}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], false, "{body}");
    assert!(!body["text"].as_str().unwrap().contains('_'), "{body}");
    let (_, place) = get(&table, "ed", "c1");
    assert_eq!(place["boards"], json!([]), "nothing was started: {place}");
}

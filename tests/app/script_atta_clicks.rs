//! Atta Ants by clicks alone, through `antics script`: after `/atta new`,
//! players join, start and play whole games using only the components the
//! board shows them. Every click answers in place (`"update": true`); a
//! stranger's click and a click out of turn are refused and change nothing;
//! a double tap on a versioned component is a `conflict`.

use crate::common;

use common::*;
use rand::prelude::*;
use serde_json::{json, Value};

const PLAYERS: [&str; 4] = ["alice", "bob", "carol", "dave"];

/// The component for `verb`, which the reply must have.
fn must_find(reply: &Value, verb: &str) -> Value {
    find(reply, verb).unwrap_or_else(|| panic!("no {verb} component in {reply}"))
}

/// Whether a component id carries the game's version (`VERB.N`).
fn versioned(id: &str) -> bool {
    id.rsplit_once('.')
        .is_some_and(|(_, v)| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()))
}

/// Opens a lobby for `players`, fills it and starts it by clicks; returns
/// the started board.
fn open_by_clicks(session: &mut Session, players: usize, seed: u64) -> Value {
    let mut lobby = session.send(&command(
        "alice",
        "c1",
        "atta new",
        json!({"seed": seed.to_string()}),
    ));
    assert_ok(&lobby);
    for user in &PLAYERS[1..players] {
        let join = must_find(&lobby, "join");
        let reply = session.send(&click(user, "c1", join["id"].as_str().unwrap()));
        assert_ok(&reply);
        assert_eq!(
            reply["update"], true,
            "a join changes the lobby in place: {reply}"
        );
        lobby = reply;
    }
    let start = click("alice", "c1", must_find(&lobby, "start")["id"].as_str().unwrap());
    let board = session.send(&start);
    assert_ok(&board);
    assert_eq!(
        board["update"], true,
        "Start turns the lobby into the board: {board}"
    );
    assert_eq!(board["game"]["status"], "active");
    // A second tap on Start finds a board that moved on.
    assert_refused(&session.send(&start), "conflict");
    board
}

/// Plays a whole game of `players` by random clicks; returns how many
/// clicks it took.
fn play_by_clicks(players: usize, seed: u64) -> usize {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    play_in(&mut session, players, seed).0
}

/// Plays a whole game in `session`; returns the clicks and the final board.
fn play_in(session: &mut Session, players: usize, seed: u64) -> (usize, Value) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = open_by_clicks(session, players, seed);
    let (mut clicks, mut strangers, mut doubles, mut ant_moves) = (0, 0, 0, 0);
    while board["game"]["status"] != "finished" {
        assert!(clicks < 5000, "the game ends: {board}");
        let to_move = board["game"]["to_move"]
            .as_str()
            .expect("someone acts")
            .to_string();
        let mut choices = components(&board);
        assert!(!choices.is_empty(), "an open board offers something: {board}");
        // Going back is allowed, but not too often, so that games end.
        if choices.len() > 1 && rng.random_bool(0.8) {
            choices.retain(|c| !is_verb(c["id"].as_str().unwrap(), "back"));
        }
        // Ants move more often than turns end, so games last a while.
        if choices.len() > 1 && rng.random_bool(0.6) {
            choices.retain(|c| !is_verb(c["id"].as_str().unwrap(), "end"));
        }
        let chosen = choices.choose(&mut rng).unwrap().clone();
        let before = board["game"].clone();
        // Ant moves take two clicks: games are short, so strangers come often.
        if clicks % 7 == 3 || rng.random_bool(0.05) {
            // Someone else clicks: a stranger, or a player out of turn.
            let other = PLAYERS[..players]
                .iter()
                .copied()
                .chain(["erin"])
                .filter(|p| *p != to_move)
                .choose(&mut rng)
                .unwrap();
            let refused = session.send(&use_component(other, "c1", &chosen, &mut rng));
            let code = if other == "erin" {
                "not_a_player"
            } else {
                "not_your_turn"
            };
            assert_refused(&refused, code);
            assert_eq!(refused["game"]["legal"], before["legal"], "nothing changed");
            assert_eq!(refused["game"]["to_move"], before["to_move"]);
            strangers += 1;
        }
        let line = use_component(&to_move, "c1", &chosen, &mut rng);
        let reply = session.send(&line);
        clicks += 1;
        assert_ok(&reply);
        assert_eq!(
            reply["update"], true,
            "a click changes the board in place: {reply}"
        );
        assert_eq!(reply["ephemeral"], false);
        assert!(reply["image"].is_string(), "every board shows its image");
        let text = reply["text"].as_str().unwrap_or("");
        let played = text.contains(" played **") || text.contains(" ended their turn");
        if played
            && !["place", "end", "spider"]
                .iter()
                .any(|w| text.contains(&format!("played **{w}")))
        {
            ant_moves += 1;
        }
        if !played {
            assert_eq!(reply["game"]["legal"], before["legal"], "narrowing plays nothing");
            assert!(
                !components(&reply).is_empty(),
                "a narrowed board offers the next step"
            );
        }
        if played && versioned(chosen["id"].as_str().unwrap()) && (doubles == 0 || rng.random_bool(0.2)) {
            let again = session.send(&line);
            // A game that just ended refuses as over; one that goes on, as moved on.
            let code = if reply["game"]["status"] == "finished" {
                "game_over"
            } else {
                "conflict"
            };
            assert_refused(&again, code);
            assert_eq!(again["game"]["legal"], reply["game"]["legal"], "nothing changed");
            doubles += 1;
        }
        board = reply;
    }
    assert!(board["game"]["result"]["detail"]
        .as_str()
        .unwrap()
        .contains("Ranking"));
    let labels: Vec<String> = components(&board)
        .iter()
        .map(|c| c["label"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        labels,
        ["Rematch", "Play again"],
        "a finished board starts the next game"
    );
    assert!(
        strangers > 0 && doubles > 0,
        "{strangers} refusals, {doubles} double taps"
    );
    assert!(ant_moves > 0, "ants moved by clicks");
    (clicks, board)
}

/// Issue 25: "Rematch (same players, seats rotated) and Play again buttons
/// on the finished board". Rematch opens a lobby with the same players, the
/// first seat moved to the end; the finished board (and its result) stays.
#[test]
fn rematch_turns_the_seats_and_play_again_opens_a_lobby() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let (_, finished) = play_in(&mut session, 3, 31);
    let rematch = must_find(&finished, "rematch");
    let id = rematch["id"].as_str().unwrap();
    // Only the players may ask for a rematch.
    assert_refused(&session.send(&click("erin", "c1", id)), "not_a_player");
    let lobby = session.send(&click("bob", "c1", id));
    assert_ok(&lobby);
    assert_eq!(lobby["update"], false, "the finished board stays: {lobby}");
    assert_eq!(lobby["game"]["status"], "pending");
    let text = lobby["text"].as_str().unwrap();
    assert!(
        text.contains("bob (Red), carol (Yellow), alice (Orange)"),
        "seats turned by one: {text}"
    );
    // A second rematch while the lobby is open finds the channel busy.
    assert_refused(&session.send(&click("carol", "c1", id)), "busy_channel");
    // The asker hosts and starts it; the turned seats play their colours.
    let start = must_find(&lobby, "start");
    let board = session.send(&click("bob", "c1", start["id"].as_str().unwrap()));
    assert_ok(&board);
    assert_eq!(board["game"]["status"], "active");
    let started = board["text"].as_str().unwrap();
    assert!(
        started.contains("bob (Red), carol (Yellow), alice (Orange)"),
        "{started}"
    );
    // Play again, after that game: a new lobby anyone may open.
    let resign = |session: &mut Session, user: &str| {
        session.send(&command(user, "c1", "atta move", json!({"action": "leave"})))
    };
    for user in ["bob", "carol"] {
        assert_ok(&resign(&mut session, user));
    }
    let again = must_find(&finished, "again");
    let lobby = session.send(&click("erin", "c1", again["id"].as_str().unwrap()));
    assert_ok(&lobby);
    assert_eq!(lobby["update"], false);
    assert_eq!(lobby["game"]["status"], "pending");
    assert!(lobby["text"]
        .as_str()
        .unwrap()
        .contains("opens a game of **Atta Ants**"));
}

#[test]
fn two_players_play_a_whole_game_by_clicks() {
    for seed in [11, 21] {
        let clicks = play_by_clicks(2, seed);
        println!("{clicks} clicks");
    }
}

#[test]
fn three_players_play_a_whole_game_by_clicks() {
    for seed in [12, 22] {
        let clicks = play_by_clicks(3, seed);
        println!("{clicks} clicks");
    }
}

#[test]
fn four_players_play_a_whole_game_by_clicks() {
    for seed in [13, 23] {
        let clicks = play_by_clicks(4, seed);
        println!("{clicks} clicks");
    }
}

fn legal_of(board: &Value) -> Vec<String> {
    board["game"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// While placing, the select offers the legal placements (or their squares),
/// and an ant's move is picked whole once the ant is chosen.
#[test]
fn placing_and_moving_read_as_choices() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let board = open_by_clicks(&mut session, 2, 5);
    let to_move = board["game"]["to_move"].as_str().unwrap().to_string();
    let place = must_find(&board, "place");
    let options = place["options"].as_array().unwrap();
    assert!(!options.is_empty() && options.len() <= 25);
    let legal: Vec<String> = board["game"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    for o in options {
        let value = o["value"].as_str().unwrap();
        if let Some(action) = value.strip_prefix("go:") {
            assert!(legal.contains(&action.to_string()), "{action} is legal");
            assert!(o["label"].as_str().unwrap().contains(" turned r"), "{o}");
        } else {
            assert!(value.starts_with("sq:"), "{value}");
        }
    }
    // Pick the first option until a placement is played.
    let mut board = board;
    loop {
        let select = must_find(&board, "place");
        let first = &select["options"][0];
        let mut line = click(&to_move, "c1", select["id"].as_str().unwrap());
        line["values"] = json!([first["value"]]);
        let reply = session.send(&line);
        assert_ok(&reply);
        assert_eq!(reply["update"], true);
        board = reply;
        if board["text"].as_str().unwrap().contains(" played **place") {
            break;
        }
    }
    // The ant turn: the acting player's ants, then the steps.
    let to_move = board["game"]["to_move"].as_str().unwrap().to_string();
    let ants = must_find(&board, "ant");
    assert_eq!(ants["label"], "Move an ant");
    let mut line = click(&to_move, "c1", ants["id"].as_str().unwrap());
    line["values"] = json!([ants["options"][0]["value"]]);
    let steps = session.send(&line);
    assert_ok(&steps);
    assert_eq!(steps["update"], true);
    let select = must_find(&steps, "step");
    let labels: Vec<&str> = select["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    // Each option is a whole move, in words, then in notation: two clicks.
    let ant = ants["options"][0]["value"]
        .as_str()
        .unwrap()
        .trim_start_matches("ant:");
    for (label, option) in labels.iter().zip(select["options"].as_array().unwrap()) {
        let notation = option["value"].as_str().unwrap().strip_prefix("go:").unwrap();
        assert!(
            legal_of(&board).contains(&notation.to_string()),
            "{notation} is legal"
        );
        assert!(label.starts_with(&format!("{ant}: ")), "{label}");
        assert!(label.ends_with(&format!(" · {notation}")), "{label}");
        assert!(
            ["North", "East", "South", "West"]
                .iter()
                .any(|d| label.contains(d)),
            "{label}"
        );
    }
    must_find(&steps, "back");
    // Back shows the ants again; nothing was played.
    let back = session.send(&click(
        &to_move,
        "c1",
        must_find(&steps, "back")["id"].as_str().unwrap(),
    ));
    assert_ok(&back);
    assert_eq!(back["update"], true);
    assert_eq!(back["game"]["legal"], board["game"]["legal"]);
    must_find(&back, "ant");
}

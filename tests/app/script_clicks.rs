//! Click to play, through `antics script`: after the command that starts a
//! game, a player uses only the components the replies show. Clicks change
//! the board in place (`"update": true`); a typed move edits the board and
//! answers the typer alone; daily attempts are private.

use crate::common;

use common::*;
use rand::prelude::*;
use serde_json::{json, Value};

/// Alice starts a patience with `options` (`game` and its setup).
fn start(session: &mut Session, options: Value) -> Value {
    let reply = session.send(&command("alice", "c1", "solitaire new", options));
    assert_ok(&reply);
    reply
}

/// Whether a reply is a new public message with an image (what a channel
/// would see arrive).
fn public_messages(reply: &Value) -> usize {
    let own = usize::from(reply["ok"] == true && reply["ephemeral"] == false && reply["update"] == false);
    let posts = reply["posts"]
        .as_array()
        .map(|p| p.iter().filter(|p| p["edit"] == false).count())
        .unwrap_or(0);
    own + posts
}

/// Plays `game` for `moves` game-changing clicks chosen at random among the
/// components shown (never the End button or a hint), then ends it by
/// clicks. Returns the public messages the channel saw.
fn play_by_clicks(s: &Scratch, game: &str, seed: u64, moves: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut session = Session::start(s);
    let mut board = start(&mut session, json!({"game": game, "seed": seed.to_string()}));
    let mut public = public_messages(&board);
    let mut played = 0;
    while played < moves {
        if board["game"]["status"] == "finished" {
            // A finished board offers the next game, which takes its
            // place: "Play again ... update the board in place".
            let again = find(&board, "again").expect("a finished board offers Play again");
            let old = board["game"]["id"].clone();
            board = session.send(&use_component("alice", "c1", &again, &mut rng));
            assert_ok(&board);
            assert_eq!(board["update"], true, "the new game replaces the finished board");
            assert_eq!(board["ephemeral"], false);
            assert_ne!(board["game"]["id"], old);
            assert_eq!(board["game"]["status"], "active");
            public += public_messages(&board);
            continue;
        }
        let choices: Vec<Value> = components(&board)
            .into_iter()
            .filter(|c| {
                let id = c["id"].as_str().unwrap();
                !is_verb(id, "end") && !is_verb(id, "hint")
            })
            .collect();
        assert!(
            !choices.is_empty(),
            "{game}: an open board offers something: {board}"
        );
        let chosen = choices.choose(&mut rng).unwrap().clone();
        let before = board["game"]["legal"].clone();
        let reply = session.send(&use_component("alice", "c1", &chosen, &mut rng));
        assert_ok(&reply);
        assert_eq!(
            reply["update"], true,
            "{game}: a click changes the board in place: {reply}"
        );
        assert_eq!(reply["ephemeral"], false);
        assert!(reply["image"].is_string(), "{game}: every board shows its image");
        public += public_messages(&reply);
        let id = chosen["id"].as_str().unwrap();
        let picked_move =
            chosen["options"].is_array() && reply["text"].as_str().is_some_and(|t| t.contains("played"));
        if picked_move || is_verb(id, "deal") || is_verb(id, "undo") {
            played += 1;
        } else {
            // Narrowing a move or going back plays nothing.
            assert_eq!(reply["game"]["legal"], before);
        }
        board = reply;
    }
    if board["game"]["status"] != "finished" {
        let end = find(&board, "end").expect("an open board has End game");
        let ask = session.send(&use_component("alice", "c1", &end, &mut rng));
        assert_ok(&ask);
        assert_eq!(ask["game"]["status"], "active", "End game asks first");
        let confirm = find(&ask, "endok").expect("a confirmation");
        board = session.send(&use_component("alice", "c1", &confirm, &mut rng));
        assert_ok(&board);
        assert_eq!(board["update"], true);
        assert_eq!(board["game"]["status"], "finished");
        public += public_messages(&board);
    }
    public
}

#[test]
fn patiences_are_played_a_hundred_moves_by_clicks_alone() {
    let s = Scratch::new();
    for (game, seed) in [("anthill", 3), ("ants", 5), ("myrmex", 7)] {
        let public = play_by_clicks(&s, game, seed, 100);
        // A new game after a finished one replaces its board; the
        // finished game's record may be posted.
        assert!(public >= 1, "{game}");
        if game != "ants" {
            assert!(public <= 3, "{game}: {public} public messages");
        }
    }
}

#[test]
fn a_double_tap_plays_once() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        // Ants Solitaire's strict variant deals only when no card can move:
        // the relaxed one may deal at once.
        let start = start(
            &mut session,
            json!({"game": "ants", "variant": "relaxed", "seed": "11"}),
        );
        let deal = component(&start, "deal");
        let first = session.send(&click("alice", "c1", &deal));
        assert_ok(&first);
        let second = session.send(&click("alice", "c1", &deal));
        assert_refused(&second, "conflict");
        assert_eq!(second["game"]["legal"], first["game"]["legal"], "nothing changed");
        // The new board's Deal works.
        let again = session.send(&click("alice", "c1", &component(&first, "deal")));
        assert_ok(&again);
    }
}

#[test]
fn a_typed_move_edits_the_board_and_answers_privately() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        let start = start(&mut session, json!({"game": "anthill", "seed": "3"}));
        let action = start["game"]["legal"][0].as_str().unwrap().to_string();
        let typed = session.send(&command(
            "alice",
            "c1",
            "solitaire move",
            json!({"action": action}),
        ));
        assert_ok(&typed);
        assert_eq!(typed["ephemeral"], true);
        assert_eq!(typed["update"], false);
        assert!(typed["image"].is_null(), "the typer is answered in words");
        let posts = typed["posts"].as_array().unwrap();
        assert_eq!(posts.len(), 1);
        assert_eq!(
            posts[0]["edit"], true,
            "the board message is edited, not sent again"
        );
        assert!(posts[0]["image"].is_string());
        assert!(!posts[0]["components"].as_array().unwrap().is_empty());
        assert_eq!(public_messages(&typed), 0);
    }
}

#[test]
fn a_daily_attempt_is_private_and_the_channel_sees_the_share_line() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        let t = "2026-03-01T10:00:00Z";
        let daily = |user: &str| json!({"user": user, "channel": "c1", "command": "daily play", "options": {"game": "anthill"}, "at": t});
        let board = session.send(&daily("alice"));
        assert_ok(&board);
        assert_eq!(board["ephemeral"], true, "the daily board is the player's alone");
        let id = board["game"]["id"].clone();
        // Playing a move by a click keeps it private. The day's deal comes
        // from the installation's random secret: where it opens with no
        // move, the move is the deal.
        let pick = find(&board, "pick")
            .or_else(|| find(&board, "deal"))
            .expect("a move select or Deal");
        let mut rng = StdRng::seed_from_u64(1);
        let moved = session.send(&use_component("alice", "c1", &pick, &mut rng));
        assert_ok(&moved);
        assert_eq!(moved["ephemeral"], true);
        assert_eq!(moved["update"], true);
        // Asking again brings the attempt back.
        let back = session.send(&daily("alice"));
        assert_ok(&back);
        assert_eq!(back["ephemeral"], true);
        assert_eq!(back["game"]["id"], id);
        // Ending it tells the channel the share line, with no image.
        let ask = session.send(&click("alice", "c1", &component(&back, "end")));
        assert_eq!(ask["ephemeral"], true);
        let done = session.send(&click("alice", "c1", &component(&ask, "endok")));
        assert_ok(&done);
        assert_eq!(done["game"]["status"], "finished");
        assert_eq!(done["ephemeral"], true);
        let posts = done["posts"].as_array().unwrap();
        assert_eq!(posts.len(), 1, "{done}");
        assert!(posts[0]["image"].is_null(), "nothing of the deal");
        assert_eq!(posts[0]["edit"], false);
        assert!(posts[0]["text"].as_str().unwrap().contains("Anthill"));
        // A finished daily board offers practice, never the deal's seed.
        assert!(find(&done, "same").is_none());
        let practice = find(&done, "again").expect("Practice this deal");
        assert_eq!(practice["label"], "Practice this deal");
        // "Practice ... update the board in place where Discord allows":
        // the private board becomes the practice board, private still.
        let again = session.send(&use_component("alice", "c1", &practice, &mut rng));
        assert_ok(&again);
        assert_eq!(again["update"], true, "{again}");
        assert_eq!(again["ephemeral"], true, "a daily stays private");
        assert_ne!(again["game"]["id"], id);
        assert!(again["text"]
            .as_str()
            .unwrap()
            .starts_with("**Daily practice · 2026-03-01** · "));
        assert_eq!(public_messages(&again), 0);
    }
}

#[test]
fn play_again_and_same_deal_replace_only_the_players_own_board() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let mut rng = StdRng::seed_from_u64(4);
    let end = |session: &mut Session, board: &Value| {
        let ask = session.send(&click("alice", "c1", &component(board, "end")));
        let done = session.send(&click("alice", "c1", &component(&ask, "endok")));
        assert_eq!(done["game"]["status"], "finished");
        done
    };
    let board = start(&mut session, json!({"game": "myrmex", "seed": "11"}));
    let done = end(&mut session, &board);
    // Same deal: the same game again, in place.
    let same = session.send(&use_component(
        "alice",
        "c1",
        &find(&done, "same").unwrap(),
        &mut rng,
    ));
    assert_ok(&same);
    assert_eq!(
        (same["update"].clone(), same["ephemeral"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(same["game"]["kind"], "myrmex");
    assert_ne!(same["game"]["id"], done["game"]["id"]);
    let done = end(&mut session, &same);
    // Someone else's Play again on alice's board starts their own game in
    // a new message: alice's finished board stays.
    let bobs = session.send(&use_component(
        "bob",
        "c1",
        &find(&done, "again").unwrap(),
        &mut rng,
    ));
    assert_ok(&bobs);
    assert_eq!(bobs["update"], false, "{bobs}");
    assert_eq!(bobs["game"]["to_move"], "bob");
}

#[test]
fn a_stale_board_is_refused_and_changes_nothing() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let start = start(&mut session, json!({"game": "anthill", "seed": "3"}));
    let pick = find(&start, "pick").unwrap();
    let mut rng = StdRng::seed_from_u64(2);
    let line = use_component("alice", "c1", &pick, &mut rng);
    let first = session.send(&line);
    assert_ok(&first);
    // The same select on the old board.
    let stale = session.send(&line);
    assert_refused(&stale, "conflict");
    assert_eq!(stale["game"]["legal"], first["game"]["legal"]);
    // A stranger's click is refused too.
    let pick = find(&first, "pick").unwrap();
    let stranger = session.send(&use_component("bob", "c1", &pick, &mut rng));
    assert_refused(&stranger, "not_a_player");
}

/// Moves count only moves: undo and end never (docs/commands.md, "Patiences are played by clicks").
#[test]
fn ending_at_once_reports_no_moves() {
    let s = Scratch::new();
    let mut session = Session::start(&s);
    let board = start(&mut session, json!({"game": "anthill", "seed": "3"}));
    let action = board["game"]["legal"][0].as_str().unwrap().to_string();
    let moved = session.send(&command(
        "alice",
        "c1",
        "solitaire move",
        json!({"action": action}),
    ));
    assert!(moved["text"].as_str().unwrap().contains("moves 1,"), "{moved}");
    let undone = session.send(&command("alice", "c1", "solitaire undo", json!({})));
    assert!(
        undone["text"].as_str().unwrap().contains("moves 1, undos 1"),
        "{undone}"
    );
    let ended = session.send(&command("alice", "c1", "solitaire end", json!({})));
    assert_eq!(ended["game"]["status"], "finished");
    assert!(
        ended["text"].as_str().unwrap().contains("moves 1, undos 1"),
        "{ended}"
    );
    start(&mut session, json!({"game": "ants", "seed": "4"}));
    let ended = session.send(&command("alice", "c1", "solitaire end", json!({})));
    assert!(ended["text"].as_str().unwrap().contains("moves 0,"), "{ended}");
}

//! The Review button of a finished Army Ants game, played through
//! `antics script` by clicking the components the replies show.

use crate::common::*;
use serde_json::{json, Value};

/// A Red 5 on d2 shields the Red Queen on d1 from the Black 3 on d8; "any
/// non-Queen card may attack her", so moving the 5 aside loses her.
const SHIELD: &str =
    "bQ....b3../........../........../........../........../........../......r5../..r1..rQ.. r battle";

/// Red's 5 on a1 faces a Black 3 on a5 with the Black Queen behind it on
/// a8; Black's 9 on e8 could take the Red Queen on e1.
const DUEL: &str =
    "bQ......b9/........../........../b3......../........../........../........../r5......rQ r battle";

fn challenge(channel: &str, position: &str) -> Value {
    command(
        "alice",
        channel,
        "armyants challenge",
        json!({"opponent": "bob", "color": "red", "position": position}),
    )
}

fn image_bytes(reply: &Value) -> Vec<u8> {
    std::fs::read(reply["image"].as_str().expect("an image")).expect("image written")
}

#[test]
fn a_queen_left_to_capture_is_named_privately_and_shared_on_request() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        assert_ok(&session.send(&at(challenge("c1", SHIELD), "2026-11-29T10:00:00Z")));
        assert_ok(&session.send(&command("bob", "c1", "armyants accept", json!({}))));
        assert_ok(&session.send(&command(
            "alice",
            "c1",
            "armyants move",
            json!({"action": "d2-e2"}),
        )));
        let over = session.send(&command("bob", "c1", "armyants move", json!({"action": "d8xd1"})));
        assert_eq!(over["game"]["status"], "finished");
        let review = component(&over, "review");

        // "Only the players": a watcher is refused, and nothing is searched.
        assert_refused(&session.send(&click("carol", "c1", &review)), "not_a_player");

        let mine = session.send(&click("alice", "c1", &review));
        assert_ok(&mine);
        assert_eq!(mine["ephemeral"], true, "a review is its player's alone: {mine}");
        let words = text(&mine);
        assert!(words.starts_with("**Review of your game as Red**"), "{words}");
        assert!(words.contains("**1. d2-e2** loses by force"), "{words}");
        assert_eq!(&image_bytes(&mine)[1..4], b"PNG");
        // The engine's move keeps the Queen: it names one that is not d2-e2.
        let preferred = words
            .split("; **")
            .nth(1)
            .and_then(|r| r.split("**").next())
            .unwrap();
        assert_ne!(preferred, "d2-e2", "{words}");
        // The picture: where it went wrong, the better move marked on it.
        assert!(
            words.contains(&format!(
                "The picture shows the board before 1. d2-e2, with **{preferred}** marked."
            )),
            "{words}"
        );

        // Asked again at once: the same review, not refused by the cooldown.
        let again = session.send(&click("alice", "c1", &review));
        assert_eq!(text(&again), words);

        // The winner's one move took the Queen: nothing to regret.
        let bobs = session.send(&click("bob", "c1", &review));
        assert!(text(&bobs).contains("every one was as good as mine"), "{bobs}");
        assert!(bobs["image"].is_null(), "no worst moment to draw: {bobs}");

        // Shared: the same words, to the channel, under the sharer's name.
        let share = component(&mine, "sharereview");
        assert_refused(&session.send(&click("carol", "c1", &share)), "not_a_player");
        let shared = session.send(&click("alice", "c1", &share));
        assert_ok(&shared);
        assert_eq!(shared["ephemeral"], false);
        let shared_words = text(&shared);
        assert!(
            shared_words.starts_with("alice shares the review of their game as Red"),
            "{shared_words}"
        );
        assert!(
            shared_words.contains("**1. d2-e2** loses by force"),
            "{shared_words}"
        );
        assert!(find(&shared, "sharereview").is_none(), "nothing left to share");
    }
}

#[test]
fn a_missed_win_is_named_and_reviews_wait_a_minute_between_games_in_any_process() {
    for s in Scratch::each() {
        let mut session = Session::start(&s);
        assert_ok(&session.send(&at(challenge("c1", DUEL), "2026-11-29T10:00:00Z")));
        assert_ok(&session.send(&command("bob", "c1", "armyants accept", json!({}))));
        let mut over = Value::Null;
        for (user, action) in [("alice", "a1xa5"), ("bob", "e8-d8"), ("alice", "a5xa8")] {
            over = session.send(&command(user, "c1", "armyants move", json!({ "action": action })));
            assert_ok(&over);
        }
        let review = component(&over, "review");
        let bobs = session.send(&click("bob", "c1", &review));
        let words = text(&bobs);
        assert!(words.starts_with("**Review of your game as Black**"), "{words}");
        assert!(
            words.contains("**1... e8-d8** turned a win into a loss: **e8xe1** wins by force."),
            "{words}"
        );

        // Another process (a replica) counts the same minute: the
        // cooldown is kept in the store. A game still being played has
        // nothing to review yet.
        drop(session);
        let mut session = Session::start(&s);
        assert_ok(&session.send(&at(challenge("c2", DUEL), "2026-11-29T10:00:10Z")));
        let live = session.send(&command("bob", "c2", "armyants accept", json!({})));
        let resign = component(&live, "resign");
        let review_live = resign.replace(":resign", ":review");
        assert_refused(&session.send(&click("bob", "c2", &review_live)), "illegal_action");
        let over = session.send(&command("bob", "c2", "armyants resign", json!({})));
        let second = component(&over, "review");
        // A minute between two reviews that search.
        let early = session.send(&at(click("bob", "c2", &second), "2026-11-29T10:00:30Z"));
        assert_refused(&early, "cooldown");
        assert!(
            text(&early).starts_with("One review a minute: ask again in"),
            "{early}"
        );
        let later = session.send(&at(click("bob", "c2", &second), "2026-11-29T10:01:01Z"));
        assert_ok(&later);
        assert!(
            text(&later).contains("there was no move with a choice"),
            "{later}"
        );
    }
}

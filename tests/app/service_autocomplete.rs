//! Autocomplete of moves: only the player to move, at most 25, filtered by
//! what was typed, never anything hidden.

use crate::common::service::without_images;
use antics::service::{Input, Request, Service, User};
use antics::store::Store;
use chrono::Utc;

fn request(user: &str, name: &str, options: &[(&str, &str)]) -> Request {
    crate::common::service::request(user, Utc::now(), Input::command(name, options))
}

async fn service() -> Service {
    without_images(Store::in_memory().await.unwrap())
}

#[tokio::test]
async fn suggestions_are_the_movers_legal_actions_filtered() {
    let service = service().await;
    let position =
        "bQ......b9/........../........../b3......../........../........../........../r5......rQ r battle";
    let challenge = [("opponent", "bob"), ("color", "red"), ("position", position)];
    assert!(service
        .handle(&request("alice", "armyants challenge", &challenge))
        .await
        .ok());
    let accepted = service.handle(&request("bob", "armyants accept", &[])).await;
    let legal = accepted.game.unwrap().legal;
    let alice = User::new("alice", "alice");
    let all = service
        .autocomplete(&alice, "c1", "armyants move", "action", "")
        .await;
    assert!(all.len() <= 25);
    assert_eq!(all[0], "a1xa5", "attacks come first");
    assert!(all.iter().all(|s| legal.contains(s)));
    let typed = service
        .autocomplete(&alice, "c1", "armyants move", "action", "E1")
        .await;
    assert!(!typed.is_empty() && typed.iter().all(|s| s.starts_with("e1")));
    let bob = User::new("bob", "bob");
    assert!(service
        .autocomplete(&bob, "c1", "armyants move", "action", "")
        .await
        .is_empty());
    let carol = User::new("carol", "carol");
    assert!(service
        .autocomplete(&carol, "c1", "armyants move", "action", "")
        .await
        .is_empty());
}

#[tokio::test]
async fn during_a_private_deployment_you_are_offered_only_your_own_cards() {
    let service = service().await;
    let challenge = [
        ("opponent", "bob"),
        ("color", "red"),
        ("deployment", "minor"),
        ("seed", "8"),
    ];
    assert!(service
        .handle(&request("alice", "armyants challenge", &challenge))
        .await
        .ok());
    assert!(service.handle(&request("bob", "armyants accept", &[])).await.ok());
    let alice = User::new("alice", "alice");
    let bob = User::new("bob", "bob");
    let mine = service
        .autocomplete(&alice, "c1", "armyants move", "action", "")
        .await;
    let theirs = service
        .autocomplete(&bob, "c1", "armyants move", "action", "")
        .await;
    assert_eq!(mine.len(), 1);
    assert!(mine[0].starts_with("deploy "));
    let placed = service
        .handle(&request("alice", "armyants move", &[("action", &mine[0])]))
        .await;
    assert!(placed.ok(), "{}", placed.text);
    assert!(placed.ephemeral, "a placement is confirmed only to its owner");
    // Bob's suggestion is his own hand, never Alice's.
    assert_eq!(
        service
            .autocomplete(&bob, "c1", "armyants move", "action", "")
            .await,
        theirs
    );
    assert!(service
        .autocomplete(&alice, "c1", "armyants move", "action", "")
        .await
        .is_empty());
}

#[tokio::test]
async fn patience_suggestions_are_your_own_legal_moves() {
    let service = service().await;
    let start = service
        .handle(&request(
            "alice",
            "solitaire new",
            &[("game", "anthill"), ("seed", "3")],
        ))
        .await;
    let legal = start.game.unwrap().legal;
    let alice = User::new("alice", "alice");
    let all = service
        .autocomplete(&alice, "c1", "solitaire move", "action", "")
        .await;
    assert_eq!(all, legal.iter().take(25).cloned().collect::<Vec<_>>());
    let deal = service
        .autocomplete(&alice, "c1", "solitaire move", "action", "DE")
        .await;
    assert_eq!(deal, vec!["deal".to_string()]);
    let bob = User::new("bob", "bob");
    assert!(service
        .autocomplete(&bob, "c1", "solitaire move", "action", "")
        .await
        .is_empty());
}

/// Atta Ants: `/atta place` and `/atta move` suggest the mover's legal
/// actions that match what was typed, at most 25; nobody else gets any.
#[tokio::test]
async fn atta_suggestions_are_the_movers_actions() {
    let service = service().await;
    assert!(service
        .handle(&request("alice", "atta new", &[("seed", "9")]))
        .await
        .ok());
    assert!(service.handle(&request("bob", "atta join", &[])).await.ok());
    let started = service.handle(&request("alice", "atta start", &[])).await;
    let game = started.game.unwrap();
    let mover = User::new(game.to_move.clone().unwrap(), game.to_move.unwrap());
    let other = User::new(
        if mover.id == "alice" { "bob" } else { "alice" },
        if mover.id == "alice" { "bob" } else { "alice" },
    );
    let places = service
        .autocomplete(&mover, "c1", "atta place", "action", "")
        .await;
    assert!(!places.is_empty() && places.len() <= 25);
    assert!(places
        .iter()
        .all(|p| game.legal.contains(p) && p.starts_with("place ")));
    let typed = service
        .autocomplete(&mover, "c1", "atta place", "action", "place 0,")
        .await;
    assert!(typed.iter().all(|p| p.starts_with("place 0,")));
    assert!(service
        .autocomplete(&other, "c1", "atta move", "action", "")
        .await
        .is_empty());
    // After the placement, the moves of the mover's ants, filtered by the ant typed.
    let placed = service
        .handle(&request(&mover.id, "atta place", &[("action", &places[0])]))
        .await;
    assert!(placed.ok(), "{}", placed.text);
    let letter = if placed.game.unwrap().to_move.unwrap() == "alice" {
        "r1"
    } else {
        "y1"
    };
    let to_move = if letter == "r1" { "alice" } else { "bob" };
    let moves = service
        .autocomplete(&User::new(to_move, to_move), "c1", "atta move", "action", letter)
        .await;
    assert!(
        !moves.is_empty() && moves.iter().all(|m| m.starts_with(letter)),
        "{moves:?}"
    );
}

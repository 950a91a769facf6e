//! Tournaments across replicas: two services on one store (as `antics
//! serve` runs them) finish a round's last games at the same moment and
//! close a round at once. "Pairing and round changes happen once across
//! replicas ... a result arriving as the round closes is counted once."

use crate::common::service;
use antics::service::{Input, Reply, Request, Service};
use antics::store::testing;
use std::sync::Arc;

fn command(user: &str, channel: &str, name: &str, options: &[(&str, &str)], at: &str) -> Request {
    Request {
        channel: channel.into(),
        ..service::request(user, service::at(at), Input::command(name, options))
    }
}

const START: &str = "2026-11-28T12:00:00Z";

/// Opens a tournament of four in `c1` and starts it: two games.
async fn started(service: &Service) -> Reply {
    let swiss = [("rounds", "2"), ("round", "1h")];
    started_with(service, &swiss, &["ann", "ben", "cat", "dan"]).await
}

/// Opens a tournament with `options` in `c1`, enters `players` and starts it.
async fn started_with(service: &Service, options: &[(&str, &str)], players: &[&str]) -> Reply {
    let create = Request {
        manage_channels: true,
        ..command("olga", "c1", "tournament create", options, START)
    };
    assert!(service.handle(&create).await.ok());
    for player in players {
        let joined = service
            .handle(&command(player, "c1", "tournament join", &[], START))
            .await;
        assert!(joined.ok(), "{}", joined.text);
    }
    let started = service
        .handle(&command("olga", "c1", "tournament start", &[], START))
        .await;
    assert!(started.ok(), "{}", started.text);
    started
}

/// Round 1's games as (channel, red, black).
fn games(reply: &Reply, round: u32) -> Vec<(String, String, String)> {
    let t = reply.tournament.as_ref().expect("a tournament");
    t.pairings
        .iter()
        .filter(|p| p.round == round && p.seats.len() == 2)
        .map(|p| (p.channel.clone().unwrap(), p.seats[0].clone(), p.seats[1].clone()))
        .collect()
}

#[test]
fn two_replicas_finishing_a_round_together_pair_the_next_once() {
    service::runtime().block_on(async {
        let dir = tempfile::tempdir().unwrap();
        for store in testing::scratch_stores(dir.path()).await {
            let one = Arc::new(service::without_images(store.clone()));
            let two = Arc::new(service::without_images(store.clone()));
            let started = started(&one).await;
            let round_one = games(&started, 1);
            assert_eq!(round_one.len(), 2);
            // Both games end at once, each through its own replica.
            let tasks: Vec<_> = round_one
                .iter()
                .zip([one.clone(), two.clone()])
                .map(|((channel, _, black), service)| {
                    let resign = command(black, channel, "armyants resign", &[], "2026-11-28T12:05:00Z");
                    tokio::spawn(async move { service.handle(&resign).await })
                })
                .collect();
            for task in tasks {
                let reply = task.await.unwrap();
                assert!(reply.ok(), "{}", reply.text);
            }
            let standings = one
                .handle(&command(
                    "ann",
                    "c1",
                    "tournament standings",
                    &[],
                    "2026-11-28T12:06:00Z",
                ))
                .await;
            let t = standings.tournament.clone().expect("a tournament");
            assert_eq!(t.round, 2, "both results counted, round 2 paired");
            let round_two = games(&standings, 2);
            assert_eq!(round_two.len(), 2, "round 2 paired once: {:?}", t.pairings);
            let mut seated: Vec<&String> = round_two.iter().flat_map(|(_, r, b)| [r, b]).collect();
            seated.sort();
            seated.dedup();
            assert_eq!(seated.len(), 4, "each player in one game of the round");
            // Its games exist once each, in their own channels.
            for (channel, _, _) in &round_two {
                let open = store.open_multiplayer_game(channel).await.unwrap();
                assert!(open.is_some(), "round 2's game in {channel} exists");
            }
            // The round's deadline passes on both replicas at once: one
            // closes it (adjudicating its games), the other finds it done.
            let close = service::at("2026-11-28T13:06:01Z");
            let (a, b) = tokio::join!(one.tick(close), two.tick(close));
            let closes = a.iter().chain(&b).filter(|p| p.text.contains("closed")).count();
            assert_eq!(closes, 1, "the round closes once");
            let last = two
                .handle(&command(
                    "ann",
                    "c1",
                    "tournament standings",
                    &[],
                    "2026-11-28T13:07:00Z",
                ))
                .await;
            let t = last.tournament.expect("a tournament");
            assert_eq!(t.status, "finished");
            assert_eq!(t.pairings.len(), 4, "two rounds of two games: {:?}", t.pairings);
            let total: f64 = t.standings.iter().map(|s| s.points).sum();
            assert_eq!(total, 4.0, "every game counted once");
        }
    });
}

/// On Discord a game's first post starts its thread and the game moves
/// there (`Service::move_game`): its pairing then names the thread, and
/// the game is played in it.
#[test]
fn a_game_moved_to_its_thread_is_played_there() {
    service::runtime().block_on(async {
        let dir = tempfile::tempdir().unwrap();
        for store in testing::scratch_stores(dir.path()).await {
            let service = service::without_images(store);
            let started = started(&service).await;
            let (channel, _, black) = games(&started, 1).remove(0);
            let game = started
                .tournament
                .as_ref()
                .unwrap()
                .pairings
                .iter()
                .find(|p| p.channel.as_deref() == Some(channel.as_str()))
                .unwrap()
                .game
                .clone()
                .unwrap();
            let thread = started
                .posts
                .iter()
                .find(|p| p.channel == channel)
                .and_then(|p| p.thread.clone())
                .expect("a game's first post starts a thread");
            assert_eq!(
                (thread.parent.as_str(), thread.game.as_str()),
                ("c1", game.as_str())
            );
            service.move_game(&game, "t-900").await.unwrap();
            let standings = service
                .handle(&command("ann", "c1", "tournament standings", &[], START))
                .await;
            let moved = standings
                .tournament
                .unwrap()
                .pairings
                .into_iter()
                .find(|p| p.game.as_deref() == Some(game.as_str()))
                .unwrap();
            assert_eq!(moved.channel.as_deref(), Some("t-900"));
            let resigned = service
                .handle(&command(&black, "t-900", "armyants resign", &[], START))
                .await;
            assert!(resigned.ok(), "{}", resigned.text);
            assert!(resigned.tournament.is_some());
        }
    });
}

/// A patience event's deal pressed twice at once, once on each replica:
/// "a player cannot be in two games of one tournament at once"; one
/// attempt is reserved, with one game, and both clicks show it.
#[test]
fn a_deal_pressed_twice_at_once_starts_one_attempt() {
    service::runtime().block_on(async {
        let dir = tempfile::tempdir().unwrap();
        for store in testing::scratch_stores(dir.path()).await {
            let one = Arc::new(service::without_images(store.clone()));
            let two = Arc::new(service::without_images(store.clone()));
            let event = [("game", "ants"), ("deals", "2")];
            let started = started_with(&one, &event, &["ann", "ben"]).await;
            let id = started.tournament.unwrap().id;
            let press = Request {
                channel: "c1".into(),
                ..service::request(
                    "ann",
                    service::at(START),
                    Input::Component {
                        custom_id: format!("tn:{id}:deal.1"),
                        values: vec![],
                    },
                )
            };
            let (a, b) = tokio::join!(one.handle(&press), two.handle(&press));
            assert!(a.ok() && b.ok(), "{} / {}", a.text, b.text);
            assert_eq!(a.game.as_ref().map(|g| &g.id), b.game.as_ref().map(|g| &g.id));
            let t = b.tournament.or(a.tournament).expect("a tournament");
            assert_eq!(t.pairings.len(), 1, "one attempt: {:?}", t.pairings);
            let open = store.latest_solitaire("c1", "ann").await.unwrap().unwrap();
            assert_eq!(Some(open.id), t.pairings[0].game);
        }
    });
}

//! Racing actions through the service, on every backend under test: of
//! several simultaneous actions on a game each accepted one is applied
//! exactly once, versions never fork, and the others get a clear refusal.

use crate::common::service;
use antics::service::{ErrorCode, Input, Reply, Request, Service};
use antics::store::{testing, Store};
use chrono::Utc;
use std::sync::Arc;

fn request(user: &str, channel: &str, name: &str, options: &[(&str, &str)]) -> Request {
    Request {
        channel: channel.into(),
        ..service::request(user, Utc::now(), Input::command(name, options))
    }
}

fn click(user: &str, channel: &str, custom_id: &str, values: &[&str]) -> Request {
    Request {
        input: Input::Component {
            custom_id: custom_id.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
        },
        ..request(user, channel, "", &[])
    }
}

/// One service per backend under test, each on a fresh database.
async fn services() -> (tempfile::TempDir, Vec<Arc<Service>>) {
    let dir = tempfile::tempdir().unwrap();
    let services = testing::scratch_stores(dir.path())
        .await
        .into_iter()
        .map(|store| Arc::new(service::without_images(store)))
        .collect();
    (dir, services)
}

async fn challenged(service: &Service, channel: &str) -> Reply {
    let challenge = [("opponent", "bob"), ("color", "red"), ("seed", "17")];
    let reply = service
        .handle(&request("alice", channel, "armyants challenge", &challenge))
        .await;
    assert!(reply.ok(), "{}", reply.text);
    reply
}

async fn started_game(service: &Service, channel: &str) -> Reply {
    challenged(service, channel).await;
    let reply = service
        .handle(&request("bob", channel, "armyants accept", &[]))
        .await;
    assert!(reply.ok(), "{}", reply.text);
    reply
}

/// Runs every request at once and returns the replies in order.
async fn all_at_once(service: &Arc<Service>, requests: Vec<Request>) -> Vec<Reply> {
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|req| {
            let service = service.clone();
            tokio::spawn(async move { service.handle(&req).await })
        })
        .collect();
    let mut replies = Vec::new();
    for task in tasks {
        replies.push(task.await.unwrap());
    }
    replies
}

/// The stored log is whole: numbered 1..n with no gap or repeat, and the
/// game's version counts every commit once.
async fn check_log(store: &Store, game_id: &str) -> Vec<String> {
    let log = store.actions(game_id).await.unwrap();
    for (i, entry) in log.iter().enumerate() {
        assert_eq!(entry.seq, i as i64 + 1, "log numbered without gaps");
    }
    log.into_iter().map(|a| a.notation).collect()
}

fn id_of(reply: &Reply, verb: &str) -> String {
    reply
        .components
        .iter()
        .map(|c| match c {
            antics::service::Component::Button { id, .. } => id.clone(),
            antics::service::Component::Select { id, .. } => id.clone(),
        })
        // `GAME:ID:VERB`, or `GAME:ID:VERB.N` with the game's version.
        .find(|id| id.ends_with(&format!(":{verb}")) || id.contains(&format!(":{verb}.")))
        .unwrap_or_else(|| panic!("no {verb} in {:?}", reply.components))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_move_sent_many_times_at_once_is_played_once() {
    let (_dir, services) = services().await;
    for service in services {
        let start = started_game(&service, "c1").await;
        let game = start.game.unwrap();
        let action = game.legal[0].clone();
        let requests = (0..12)
            .map(|_| request("alice", "c1", "armyants move", &[("action", &action)]))
            .collect();
        let mut played = 0;
        for reply in all_at_once(&service, requests).await {
            match &reply.error {
                None => played += 1,
                Some(e) => {
                    assert!(
                        matches!(e.code, ErrorCode::NotYourTurn | ErrorCode::Conflict),
                        "unexpected refusal: {e:?}"
                    );
                    assert!(!e.message.is_empty());
                }
            }
        }
        assert_eq!(played, 1, "exactly one of the racing moves lands");
        assert_eq!(check_log(service.store(), &game.id).await, [action]);
        let row = service.store().game(&game.id).await.unwrap().unwrap();
        assert_eq!(row.version, 2, "accept and one move: two commits");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_accepts_by_command_and_button_start_the_game_once() {
    let (_dir, services) = services().await;
    for service in services {
        let challenge = challenged(&service, "c1").await;
        let accept = id_of(&challenge, "accept");
        let decline = id_of(&challenge, "decline");
        let mut requests = Vec::new();
        for i in 0..10 {
            requests.push(match i % 3 {
                0 => request("bob", "c1", "armyants accept", &[]),
                1 => click("bob", "c1", &accept, &[]),
                _ => click("bob", "c1", &decline, &[]),
            });
        }
        let replies = all_at_once(&service, requests).await;
        let winners: Vec<&Reply> = replies.iter().filter(|r| r.ok()).collect();
        assert_eq!(
            winners.len(),
            1,
            "one answer lands: {:?}",
            replies.iter().map(|r| &r.text).collect::<Vec<_>>()
        );
        for reply in replies.iter().filter(|r| !r.ok()) {
            let code = reply.error.as_ref().unwrap().code;
            assert!(
                matches!(
                    code,
                    ErrorCode::IllegalAction | ErrorCode::Conflict | ErrorCode::NoGame | ErrorCode::GameOver
                ),
                "unexpected refusal: {:?}",
                reply.error
            );
        }
        let game = winners[0].game.as_ref().unwrap();
        let row = service.store().game(&game.id).await.unwrap().unwrap();
        assert_eq!(row.version, 1, "a single commit");
        assert!(check_log(service.store(), &game.id).await.is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_storm_of_moves_clicks_draws_and_resigns_never_forks_the_game() {
    let (_dir, services) = services().await;
    for service in services {
        let start = started_game(&service, "c1").await;
        let game = start.game.clone().unwrap();
        let resign = id_of(&start, "resign");
        let draw = id_of(&start, "draw");
        // The Resign button asks first; its "Yes, resign" joins the storm.
        let confirm = service.handle(&click("bob", "c1", &resign, &[])).await;
        let yes = id_of(&confirm, "resignok");
        let mut requests = Vec::new();
        for (i, action) in game.legal.iter().take(6).enumerate() {
            requests.push(request("alice", "c1", "armyants move", &[("action", action)]));
            if i % 2 == 0 {
                requests.push(click("bob", "c1", &draw, &[]));
            }
        }
        requests.push(click("alice", "c1", &draw, &[]));
        requests.push(click("bob", "c1", &yes, &[]));
        requests.push(request("bob", "c1", "armyants resign", &[]));
        requests.push(click("carol", "c1", &resign, &[]));
        let replies = all_at_once(&service, requests).await;
        let landed = replies.iter().filter(|r| r.ok()).count();
        for reply in replies.iter().filter(|r| !r.ok()) {
            let e = reply.error.as_ref().unwrap();
            assert_ne!(e.code, ErrorCode::Internal, "{e:?}");
            assert!(!e.message.is_empty());
        }
        // Every landed action is in the log once; the version counts them.
        let log = check_log(service.store(), &game.id).await;
        assert_eq!(log.len(), landed, "{log:?}");
        let row = service.store().game(&game.id).await.unwrap().unwrap();
        assert_eq!(row.version, 1 + landed as i64);
        // Bob resigned (by one of his two ways) unless the game ended first,
        // and the stored game replays to the state the service reports.
        let record = service.handle(&request("alice", "c1", "record", &[])).await;
        assert!(record.ok(), "{}", record.text);
        assert!(log.iter().filter(|n| *n == "resign").count() <= 1, "{log:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_resign_racing_a_move_leaves_one_consistent_result() {
    let (_dir, services) = services().await;
    for service in services {
        let start = started_game(&service, "c1").await;
        let action = start.game.unwrap().legal[0].clone();
        let replies = all_at_once(
            &service,
            vec![
                request("alice", "c1", "armyants move", &[("action", &action)]),
                request("bob", "c1", "armyants resign", &[]),
            ],
        )
        .await;
        let (moved, resigned) = (&replies[0], &replies[1]);
        assert!(
            resigned.ok(),
            "a resignation is always possible while the game is on"
        );
        let summary = resigned.game.clone().unwrap();
        assert_eq!(summary.status, antics::store::GameStatus::Finished);
        if let Some(e) = &moved.error {
            assert_eq!(e.code, ErrorCode::GameOver);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_games_in_parallel_do_not_disturb_each_other() {
    let (_dir, services) = services().await;
    for service in services {
        let tasks: Vec<_> = (0..24)
            .map(|i| {
                let service = service.clone();
                tokio::spawn(async move {
                    let channel = format!("c{i}");
                    let mut reply = started_game(&service, &channel).await;
                    for turn in 0..10 {
                        let game = reply.game.clone().unwrap();
                        let user = if turn % 2 == 0 { "alice" } else { "bob" };
                        assert_eq!(game.to_move.as_deref(), Some(user));
                        let action = game.legal[0].clone();
                        reply = service
                            .handle(&request(user, &channel, "armyants move", &[("action", &action)]))
                            .await;
                        assert!(reply.ok(), "{}", reply.text);
                    }
                    let game = reply.game.unwrap();
                    (game.id, game.position)
                })
            })
            .collect();
        let mut positions = Vec::new();
        for task in tasks {
            let (id, position) = task.await.unwrap();
            assert_eq!(check_log(service.store(), &id).await.len(), 10);
            positions.push(position);
        }
        // Every game had the same seed and the same moves, so the same position.
        assert!(positions.windows(2).all(|w| w[0] == w[1]));
    }
}

/// "Scheduled work (the daily post) runs once across processes": three
/// services on one database tick at the same moment; each subscribed channel
/// gets one post, and all of them deal the same daily game.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_daily_post_goes_out_once_when_processes_tick_together() {
    let dir = tempfile::tempdir().unwrap();
    for store in testing::scratch_stores(dir.path()).await {
        let services: Vec<Arc<Service>> = (0..3)
            .map(|_| Arc::new(service::without_images(store.clone())))
            .collect();
        let subscribed_at = "2026-11-22T10:00:00Z".parse().unwrap();
        let channels: Vec<String> = (0..5).map(|i| format!("daily-{i}")).collect();
        for channel in &channels {
            let req = Request {
                at: subscribed_at,
                manage_channels: true,
                manage_messages: false,
                ..request("alice", channel, "dailypost subscribe", &[])
            };
            let reply = services[0].handle(&req).await;
            assert!(reply.ok(), "{}", reply.text);
        }
        let midnight = "2026-11-23T00:00:05Z".parse().unwrap();
        let ticks: Vec<_> = services
            .iter()
            .map(|service| {
                let service = service.clone();
                tokio::spawn(async move { service.tick(midnight).await })
            })
            .collect();
        let mut posted = Vec::new();
        for tick in ticks {
            posted.extend(tick.await.unwrap().into_iter().map(|post| post.channel));
        }
        posted.sort();
        assert_eq!(posted, channels, "one post per channel");
        // A later tick of any process posts nothing more.
        for service in &services {
            assert!(service.tick(midnight).await.is_empty());
        }
        // Every process deals the day's same game.
        let mut deals = Vec::new();
        for (service, player) in services.iter().zip(["bob", "carol", "dave"]) {
            let req = Request {
                at: midnight,
                ..request(player, "daily-0", "daily play", &[("game", "anthill")])
            };
            let reply = service.handle(&req).await;
            assert!(reply.ok(), "{}", reply.text);
            deals.push(reply.game.expect("a game").legal);
        }
        assert!(deals.windows(2).all(|w| w[0] == w[1]), "{deals:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn daily_plays_racing_in_several_places_open_one_ranked_attempt() {
    // "While a player's ranked daily attempt of a game is open, that day's
    // deal opens nowhere else for them": not even when the requests race.
    let (_dir, services) = services().await;
    for service in services {
        let requests = (0..6)
            .map(|i| {
                let mut req = request("alice", &format!("c{i}"), "daily play", &[("game", "anthill")]);
                if i % 2 == 1 {
                    req.guild = None;
                }
                req
            })
            .collect();
        let replies = all_at_once(&service, requests).await;
        let mut games: Vec<String> = replies
            .iter()
            .map(|r| {
                assert!(r.ok(), "{}", r.text);
                r.game.as_ref().expect("a game").id.clone()
            })
            .collect();
        games.sort();
        games.dedup();
        assert_eq!(games.len(), 1, "one attempt for every request: {games:?}");
    }
}

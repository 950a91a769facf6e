//! Racing actions through the service: exactly one of several simultaneous
//! actions on a game lands; the others get a clear refusal.

use antics::service::{Config, ErrorCode, Input, OptionValue, Reply, Request, Service, User};
use antics::store::Store;
use chrono::Utc;
use std::sync::Arc;

fn request(user: &str, channel: &str, name: &str, options: &[(&str, &str)]) -> Request {
    Request {
        user: User::new(user, user),
        guild: "g1".into(),
        channel: channel.into(),
        at: Utc::now(),
        input: Input::Command {
            name: name.into(),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), OptionValue::Text(v.to_string())))
                .collect(),
        },
    }
}

async fn service(dir: &tempfile::TempDir) -> Arc<Service> {
    let store = Store::open(&dir.path().join("races.db")).await.unwrap();
    Arc::new(Service::new(
        store,
        Config {
            render: false,
            ..Config::default()
        },
    ))
}

async fn started_game(service: &Service, channel: &str) -> Reply {
    let challenge = [("opponent", "bob"), ("color", "red"), ("seed", "17")];
    assert!(service
        .handle(&request("alice", channel, "armyants challenge", &challenge))
        .await
        .ok());
    let reply = service
        .handle(&request("bob", channel, "armyants accept", &[]))
        .await;
    assert!(reply.ok(), "{}", reply.text);
    reply
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_same_move_sent_many_times_at_once_is_played_once() {
    let dir = tempfile::tempdir().unwrap();
    let service = service(&dir).await;
    let start = started_game(&service, "c1").await;
    let action = start.game.unwrap().legal[0].clone();
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let service = service.clone();
            let action = action.clone();
            tokio::spawn(async move {
                service
                    .handle(&request("alice", "c1", "armyants move", &[("action", &action)]))
                    .await
            })
        })
        .collect();
    let mut played = 0;
    for task in tasks {
        let reply = task.await.unwrap();
        match &reply.error {
            None => played += 1,
            Some(e) => assert!(
                matches!(e.code, ErrorCode::NotYourTurn | ErrorCode::Conflict),
                "unexpected refusal: {e:?}"
            ),
        }
    }
    assert_eq!(played, 1, "exactly one of the racing moves lands");
    let record = service.handle(&request("alice", "c1", "record", &[])).await;
    assert_eq!(record.text.matches(&action).count(), 1, "{}", record.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_resign_racing_a_move_leaves_one_consistent_result() {
    let dir = tempfile::tempdir().unwrap();
    let service = service(&dir).await;
    let start = started_game(&service, "c1").await;
    let action = start.game.unwrap().legal[0].clone();
    let mover = {
        let service = service.clone();
        tokio::spawn(async move {
            service
                .handle(&request("alice", "c1", "armyants move", &[("action", &action)]))
                .await
        })
    };
    let resigner = {
        let service = service.clone();
        tokio::spawn(async move {
            service
                .handle(&request("bob", "c1", "armyants resign", &[]))
                .await
        })
    };
    let (moved, resigned) = (mover.await.unwrap(), resigner.await.unwrap());
    assert!(
        resigned.ok(),
        "a resignation is always possible while the game is on"
    );
    let summary = resigned.game.unwrap();
    assert_eq!(summary.status, "finished");
    if let Some(e) = moved.error {
        assert_eq!(e.code, ErrorCode::GameOver);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_games_in_parallel_do_not_disturb_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let service = service(&dir).await;
    let tasks: Vec<_> = (0..16)
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
                reply.game.unwrap().position
            })
        })
        .collect();
    let mut positions = Vec::new();
    for task in tasks {
        positions.push(task.await.unwrap());
    }
    // Every game had the same seed and the same moves, so the same position.
    assert!(positions.windows(2).all(|w| w[0] == w[1]));
}

//! Every legal Army Ants move is at most two clicks from the board: in
//! random positions (seeded deals played on by random clicks into open
//! late-game boards, and random sparse battle positions), the actions
//! reachable through the components the service returns (the board's card
//! select, then the private picker's selects, select values included) are
//! exactly the legal ones, and every select keeps to Discord's limits
//! (25 options, 5 rows, custom_id and labels of at most 100 characters).

use crate::common::service::{runtime, without_images};
use antics::rules::army_ants::{ArmyAnts, Setup};
use antics::service::{Component, Input, Reply, Request, Service};
use antics::store::Store;
use chrono::Utc;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn request(user: &str, input: Input) -> Request {
    crate::common::service::request(user, Utc::now(), input)
}

fn click(user: &str, id: &str, value: &str) -> Request {
    request(
        user,
        Input::Component {
            custom_id: id.into(),
            values: vec![value.into()],
        },
    )
}

fn verb(id: &str) -> &str {
    id.splitn(3, ':').nth(2).unwrap_or_default()
}

/// Discord's limits on one message's components.
fn check_limits(reply: &Reply) {
    let selects = reply
        .components
        .iter()
        .filter(|c| matches!(c, Component::Select { .. }))
        .count();
    let buttons = reply.components.len() - selects;
    assert!(selects + buttons.div_ceil(5) <= 5, "more than 5 rows: {reply:?}");
    let mut ids = BTreeSet::new();
    for component in &reply.components {
        assert!(component.id().len() <= 100, "{}", component.id());
        assert!(
            ids.insert(component.id().to_string()),
            "repeated id {}",
            component.id()
        );
        if let Component::Select {
            options, placeholder, ..
        } = component
        {
            assert!(
                !options.is_empty() && options.len() <= 25,
                "{placeholder}: {}",
                options.len()
            );
            assert!(placeholder.chars().count() <= 150, "{placeholder}");
            for o in options {
                assert!(o.label.chars().count() <= 100, "{}", o.label);
                assert!(o.value.len() <= 100, "{}", o.value);
            }
        }
    }
}

fn select<'a>(reply: &'a Reply, wanted: &str) -> Option<&'a Component> {
    reply.components.iter().find(|c| verb(c.id()) == wanted)
}

fn options(component: &Component) -> Vec<String> {
    match component {
        Component::Select { options, .. } => options.iter().map(|o| o.value.clone()).collect(),
        Component::Button { .. } => vec![],
    }
}

/// Whether a component id is one of a picker's move selects.
fn is_move(id: &str) -> bool {
    let v = verb(id);
    v.starts_with("move.")
        || (v.starts_with("move") && v[4..].split('.').next().is_some_and(|n| n.parse::<u8>().is_ok()))
}

/// Everything the player to move can reach from `board` in two clicks:
/// each action with the component id and value that plays it.
async fn reachable(service: &Service, board: &Reply, mover: &str) -> Vec<(String, String)> {
    check_limits(board);
    let mut out = Vec::new();
    let Some(pick) = select(board, "pick") else {
        return out;
    };
    for value in options(pick) {
        if value == "favor" {
            // The Favor plays at once from the board.
            out.push((pick.id().to_string(), value));
            continue;
        }
        let picker = service.handle(&click(mover, pick.id(), &value)).await;
        assert!(picker.ok(), "{value}: {}", picker.text);
        assert!(picker.ephemeral, "a card's moves are private");
        check_limits(&picker);
        let mut seen = BTreeSet::new();
        for component in picker.components.iter().filter(|c| is_move(c.id())) {
            for action in options(component) {
                assert!(seen.insert(action.clone()), "{action} offered twice for {value}");
                out.push((component.id().to_string(), action));
            }
        }
        // The picker's own card select offers what the board offers.
        if let Some(cards) = select(&picker, "card") {
            assert_eq!(options(cards), options(pick));
        }
    }
    out
}

/// Starts a game between alice (Red) and bob from `setup`, then plays
/// `plies` random actions by clicks, checking at every position that the
/// reachable actions are the legal ones.
async fn play_by_clicks(position: Option<String>, seed: u64, plies: usize) {
    let service = without_images(Store::in_memory().await.unwrap());
    let mut options = vec![("opponent", "bob".to_string()), ("color", "red".into())];
    match position {
        Some(p) => options.push(("position", p)),
        None => options.push(("seed", seed.to_string())),
    }
    let challenge = service
        .handle(&request("alice", Input::command("armyants challenge", &options)))
        .await;
    assert!(challenge.ok(), "{}", challenge.text);
    let mut board = service
        .handle(&request(
            "bob",
            Input::command("armyants accept", &[] as &[(&str, &str)]),
        ))
        .await;
    assert!(board.ok(), "{}", board.text);
    let mut rng = seed;
    for _ in 0..plies {
        let game = board.game.clone().expect("a game");
        if game.status != antics::store::GameStatus::Active {
            return;
        }
        let mover = game.to_move.clone().expect("someone to move");
        let reached = reachable(&service, &board, &mover).await;
        // (A swap is offered under both of its cards.)
        let as_set: BTreeSet<&str> = reached.iter().map(|(_, a)| a.as_str()).collect();
        let legal: BTreeSet<&str> = game.legal.iter().map(String::as_str).collect();
        assert_eq!(as_set, legal, "in {}", game.position.unwrap_or_default());
        // And the rules agree with the summary.
        let rules = ArmyAnts::new(&Setup {
            position: game.position.clone(),
            ..Setup::default()
        });
        if let Ok(rules) = rules {
            let from_rules: BTreeSet<String> = rules.legal_actions().iter().map(|a| a.to_string()).collect();
            if game.position.as_deref().is_some_and(|p| p.ends_with("battle")) {
                // A battle position rebuilt alone has lost its history, not its moves.
                assert_eq!(
                    from_rules.iter().map(String::as_str).collect::<BTreeSet<_>>(),
                    legal
                );
            }
        }
        // Play one of them through its own component.
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (id, action) = &reached[(rng >> 33) as usize % reached.len()];
        let played = service.handle(&click(&mover, id, action)).await;
        assert!(played.ok(), "{action}: {}", played.text);
        assert!(played.update, "a choice replaces the message it was made in");
        board = match played.posts.iter().find(|p| p.edit.is_some()) {
            // Chosen in the private picker: the board was edited.
            Some(post) => Reply {
                text: post.text.clone(),
                components: post.components.clone(),
                game: played.game.clone(),
                ..Reply::default()
            },
            // The Favor, on the board itself.
            None => played,
        };
    }
}

/// A battle position with `red` and `black` random cards (a Queen each) on
/// random squares: open boards where one card has many moves.
fn sparse_position(seed: u64, red: usize, black: usize) -> String {
    let mut rng = seed | 1;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut cells = vec!["..".to_string(); 40];
    let mut codes = Vec::new();
    for (side, count) in [('r', red), ('b', black)] {
        codes.push(format!("{side}Q"));
        for k in 0..count {
            codes.push(format!("{side}{}", 1 + (k * 7 + next(9)) % 9));
        }
    }
    for code in codes {
        loop {
            let i = next(40);
            if cells[i] == ".." {
                cells[i] = code;
                break;
            }
        }
    }
    // Rows 8 to 1; cells are indexed rank * 5 + file with rank 0 = row 1.
    let rows: Vec<String> = (0..8).rev().map(|r| cells[r * 5..r * 5 + 5].concat()).collect();
    format!("{} r battle", rows.join("/"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(12)))]

    /// Seeded deals, through the rally into the battle and its open late
    /// game.
    #[test]
    fn every_legal_move_of_a_dealt_game_is_two_clicks_away(seed in any::<u64>()) {
        runtime().block_on(play_by_clicks(None, seed, 160));
    }

    /// Sparse boards: a card with more moves than one select holds.
    #[test]
    fn every_legal_move_of_an_open_board_is_two_clicks_away(seed in any::<u64>(), red in 0usize..6, black in 0usize..6) {
        let position = sparse_position(seed, red, black);
        prop_assume!(ArmyAnts::new(&Setup { position: Some(position.clone()), ..Setup::default() }).is_ok());
        runtime().block_on(play_by_clicks(Some(position), seed, 12));
    }
}

/// The game in the report: a 9 with 28 legal moves, of which a select of
/// 25 used to drop `c4=c5`, `c4:c5-c7:c8` and `c4:c5-d4:d5`.
#[test]
fn a_card_with_more_than_25_moves_offers_them_all() {
    runtime().block_on(async {
        let position = "bQ......../........../........../....r7..../....r9..../........../........../rQ........ r battle";
        let service = without_images(Store::in_memory().await.unwrap());
        let options = [("opponent", "bob"), ("color", "red"), ("position", position)];
        assert!(service.handle(&request("alice", Input::command("armyants challenge", &options))).await.ok());
        let board = service.handle(&request("bob", Input::command("armyants accept", &[] as &[(&str, &str)]))).await;
        let reached = reachable(&service, &board, "alice").await;
        let of_c4: Vec<&str> = reached
            .iter()
            .map(|(_, a)| a.as_str())
            .filter(|a| a.starts_with("c4"))
            .collect();
        assert!(of_c4.len() > 25, "{of_c4:?}");
        for wanted in ["c4=c5", "c4:c5-c7:c8", "c4:c5-d4:d5"] {
            assert!(of_c4.contains(&wanted), "{wanted} missing from {of_c4:?}");
        }
    });
}

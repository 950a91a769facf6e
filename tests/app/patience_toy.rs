//! The service serves a patience it was never told of: Pairs (see
//! `common::pairs`), given to it in its registry, is started with
//! `/solitaire new`, refused, hinted, undone and won, and has a daily
//! challenge of its own with its results and leaderboard, through the
//! paths the three patiences take, with no line of its own in the service.

use crate::common;

use antics::render::Region;
use antics::rules::{Kind, Unlisted};
use antics::service::{
    Config, DailySecret, ErrorCode, Input, Options, Registry, Reply, Request, Service, SolitaireRules,
    UserError,
};
use antics::store::{GameStatus, Store};
use chrono::{DateTime, Duration, Utc};
use common::pairs::{cards, Pairs, Setup, View};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;

const PAIRS: Unlisted = Unlisted {
    name: "pairs",
    title: "Pairs",
    players: (1, 1),
    daily: true,
};

/// What the service needs of Pairs beyond its rules.
impl SolitaireRules for Pairs {
    const KIND: Kind = Kind::Unlisted(&PAIRS);
    /// Four pairs.
    const FULL_SCORE: i64 = 4;
    const OPTIONS: &'static [&'static str] = &[];

    fn setup(_opts: &Options, seed: Option<u64>, deal: Option<String>) -> Result<Setup, UserError> {
        Ok(Setup { seed, deal })
    }

    fn daily_setup(seed: u64) -> Option<Setup> {
        Some(Setup {
            seed: Some(seed),
            deal: None,
        })
    }

    fn shown_cards(view: &View) -> String {
        cards(&view.row)
    }

    /// Played by words and buttons only: no spot to click on its picture.
    fn regions(_view: &View) -> Vec<Region> {
        Vec::new()
    }

    fn move_cards(view: &View, action: &str) -> Option<String> {
        let at: usize = action.parse().ok()?;
        let rank = view.row.get(at.checked_sub(1)?)?;
        Some(format!("the two {rank}s, cards {at} and {}", at + 1))
    }

    fn mark_hint(before: &mut View, after: &View) {
        before.last = after.last;
        before.hinted = true;
    }
}

fn at(seconds: i64) -> DateTime<Utc> {
    common::service::at("2026-03-01T12:00:00Z") + Duration::seconds(seconds)
}

fn request(command: &str, options: &[(&str, &str)], seconds: i64) -> Request {
    common::service::request("alice", at(seconds), Input::command(command, options))
}

async fn ask(service: &Service, command: &str, options: &[(&str, &str)], seconds: i64) -> Reply {
    let reply = service.handle(&request(command, options, seconds)).await;
    assert!(reply.ok(), "/{command}: {}", reply.text);
    reply
}

async fn refused(
    service: &Service,
    command: &str,
    options: &[(&str, &str)],
    seconds: i64,
) -> (ErrorCode, String) {
    let reply = service.handle(&request(command, options, seconds)).await;
    let error = reply
        .error
        .unwrap_or_else(|| panic!("/{command} was not refused: {}", reply.text));
    (error.code, reply.text)
}

/// The board a reply's game shows, in words.
fn board(reply: &Reply) -> &str {
    let game = reply.game.as_ref().expect("a game");
    game.board_text.as_deref().expect("its board in words")
}

/// A service of the five games and Pairs: the registry is a value it is
/// given, not a list kept by the process.
async fn serving() -> Service {
    let store = Store::in_memory().await.unwrap();
    // A secret of its own, so that the day's deal is the same every run.
    let config = Config {
        daily_secret: Some(DailySecret("b".into())),
        ..Config::default()
    };
    Service::with_games(store, config, Registry::default().with_patience::<Pairs>())
}

#[tokio::test]
async fn a_patience_outside_the_registry_is_played_with_solitaire() {
    let service = serving().await;

    // "Choose the `game`" names it beside the three.
    let (code, text) = refused(&service, "solitaire new", &[("game", "chess")], 0).await;
    assert_eq!(code, ErrorCode::BadOption);
    assert!(text.contains("pairs"), "{text}");

    let deal = [("game", "pairs"), ("deal", "1 2 2 1 3 4 4 3")];
    let started = ask(&service, "solitaire new", &deal, 0).await;
    assert!(started.text.contains("**Pairs**"), "{}", started.text);
    let image = started.image.as_ref().expect("its board");
    assert!(image.png.starts_with(b"\x89PNG"), "a PNG");
    assert!(image.alt.contains("Pairs: 1 2 2 1 3 4 4 3"), "{}", image.alt);
    assert_eq!(started.game.as_ref().unwrap().kind, Kind::Unlisted(&PAIRS));

    // "Take away two cards of the same rank that lie side by side": 3 and
    // 4 are a 2 and a 1. Refused in the rules' words, the game intact.
    let (code, text) = refused(&service, "solitaire move", &[("action", "3")], 10).await;
    assert_eq!(code, ErrorCode::IllegalAction);
    assert!(text.contains("not a pair side by side"), "{text}");

    // The hint is the solver's: it sees the whole row.
    let hint = ask(&service, "solitaire hint", &[], 20).await;
    assert!(hint.text.contains("Play **2**"), "{}", hint.text);

    let taken = ask(&service, "solitaire move", &[("action", "2")], 30).await;
    assert_eq!(board(&taken), "Pairs: 1 1 3 4 4 3");
    let undone = ask(&service, "solitaire undo", &[], 40).await;
    assert_eq!(board(&undone), "Pairs: 1 2 2 1 3 4 4 3");

    // "The game is won when the row is empty."
    let mut last = undone;
    for (step, pair) in ["2", "1", "2", "1"].into_iter().enumerate() {
        last = ask(&service, "solitaire move", &[("action", pair)], 50 + step as i64).await;
    }
    let summary = last.game.as_ref().expect("the game");
    assert_eq!(summary.status, GameStatus::Finished, "{}", last.text);
    assert!(last.text.contains("Won"), "{}", last.text);

    // A service of the five alone does not know it.
    let five = Service::new(Store::in_memory().await.unwrap(), Config::default());
    let reply = five
        .handle(&request("solitaire new", &[("game", "pairs")], 0))
        .await;
    assert_eq!(reply.error.map(|e| e.code), Some(ErrorCode::BadOption));
}

#[tokio::test]
async fn a_patience_outside_the_registry_has_its_own_daily() {
    let service = serving().await;

    // The day's deal, ranked (this secret's deal of the day can be won):
    // played as the hints lead, a pair at a time, until the row is empty.
    let first = ask(&service, "daily play", &[("game", "pairs")], 0).await;
    assert!(first.text.contains("daily Pairs"), "{}", first.text);
    let mut seconds = 0;
    let mut played = first;
    for _ in 0..4 {
        seconds += 30;
        let hint = ask(&service, "solitaire hint", &[], seconds).await;
        let hinted = hint
            .text
            .split("Play **")
            .nth(1)
            .and_then(|rest| rest.split("**").next());
        let pair = hinted.unwrap_or_else(|| panic!("a hint that leads: {}", hint.text));
        played = ask(&service, "solitaire move", &[("action", pair)], seconds + 1).await;
    }
    let summary = played.game.as_ref().expect("the game");
    assert_eq!(summary.status, GameStatus::Finished, "{}", played.text);
    assert!(
        played
            .text
            .contains("Share: 🐜 Antics daily Pairs 2026-03-01: 🏆 🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩 4/4 · 4 moves"),
        "{}",
        played.text
    );

    // The same deal again is practice; a chosen seed is never the day's.
    let again = ask(&service, "daily play", &[("game", "pairs")], seconds + 60).await;
    assert!(again.text.contains("practice"), "{}", again.text);
    ask(&service, "solitaire end", &[], seconds + 61).await;

    // Its results and its leaderboard list the ranked attempt, by name.
    let results = ask(&service, "daily results", &[("game", "pairs")], seconds + 70).await;
    let field = &results.embeds[0].fields[0];
    assert_eq!(field.name, "Pairs");
    assert!(field.value.contains("alice"), "{}", field.value);
    let board = ask(&service, "leaderboard", &[("game", "pairs")], seconds + 80).await;

    assert!(
        board.embeds[0].title.starts_with("Pairs leaderboard"),
        "{:?}",
        board.embeds
    );
    assert!(
        board.embeds[0].description.contains("alice"),
        "{:?}",
        board.embeds
    );

    // `/daily play` with no game names it among the dailies.
    let (code, text) = refused(&service, "daily play", &[("game", "go")], seconds + 90).await;
    assert_eq!(code, ErrorCode::BadOption);
    assert!(text.contains("pairs"), "{text}");
}

/// One HTTP/1.1 exchange with the table at `address`: the JSON answer.
async fn exchange(address: SocketAddr, head: &str, body: &str) -> Value {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!(
        "{head} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (_, payload) = answer.split_once("\r\n\r\n").expect("a head and a body");
    serde_json::from_str(payload).unwrap_or_else(|_| panic!("a JSON answer: {answer}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_table_offers_and_deals_a_patience_its_service_serves() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let table = antics::web::router(Arc::new(serving().await), address);
    tokio::spawn(antics::web::listen::serve(
        listener,
        table,
        16,
        std::future::pending(),
    ));

    // The page's New menu and Daily panel list what the service serves.
    let place = exchange(address, "GET /api/table?user=alice&channel=c1", "").await;
    let offered = place["new"].as_array().expect("the games offered");
    let pairs = offered
        .iter()
        .find(|game| game["kind"] == "pairs")
        .expect("Pairs offered");
    assert_eq!(pairs["title"], "Pairs");
    assert_eq!(pairs["multiplayer"], false);
    assert_eq!(pairs["daily"], true);
    let options: Vec<&Value> = pairs["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| &o["name"])
        .collect();
    assert_eq!(options, ["seed", "deal"]);

    // Dealt and played from the page, as /solitaire new and move.
    let new =
        json!({"user": "alice", "channel": "c1", "new": "pairs", "options": {"deal": "1 2 2 1 3 4 4 3"}});
    let dealt = exchange(address, "POST /api/act", &new.to_string()).await;
    assert_eq!(dealt["ok"], true, "{dealt}");
    let take = json!({"user": "alice", "channel": "c1", "kind": "pairs", "move": "2"});
    let taken = exchange(address, "POST /api/act", &take.to_string()).await;
    assert_eq!(taken["ok"], true, "{taken}");
    let place = exchange(address, "GET /api/table?user=alice&channel=c1", "").await;
    let board = (place["boards"].as_array().unwrap().iter())
        .find(|board| board["kind"] == "pairs")
        .expect("its board");
    assert!(
        board["alt"].as_str().unwrap().contains("Pairs: 1 1 3 4 4 3"),
        "{board}"
    );
}

#[tokio::test]
async fn a_patience_outside_the_registry_is_recorded_reminded_and_ended_when_idle() {
    let service = serving().await;
    let deal = [("game", "pairs"), ("deal", "1 2 2 1 3 4 4 3")];
    ask(&service, "solitaire new", &deal, 0).await;
    ask(&service, "solitaire move", &[("action", "2")], 10).await;

    // `/record`: the engine's, with the patience's moves in one line.
    let record = ask(&service, "record", &[], 20).await;
    for line in [
        "[Game \"Pairs\"]",
        "[Player \"alice\"]",
        "[Result \"in progress\"]",
    ] {
        assert!(record.text.contains(line), "{line} in {}", record.text);
    }
    assert!(record.text.ends_with("\n\n2"), "{}", record.text);

    // Nobody plays (the idle end is 72 hours after the last move, its
    // reminder 12 before): the sweep reminds its player, then ends it as
    // `/solitaire end` would, with the board.
    let hours = |h: i64| at(10) + Duration::hours(h);
    let reminded = service.tick(hours(61)).await;
    assert_eq!(reminded.len(), 1, "{reminded:?}");
    assert_eq!(
        reminded[0].text,
        "alice: your patience here has had no move for a while; it ends in 11 hours unless you play."
    );
    let ended = service.tick(hours(73)).await;
    assert_eq!(ended.len(), 1, "{ended:?}");
    assert!(
        ended[0].text.starts_with("alice's game of Pairs ended after 3 days without a move. **Game over**: Ended with 6 cards left."),
        "{}",
        ended[0].text
    );
    assert!(ended[0].image.is_some(), "the board goes with it");
    let (code, text) = refused(&service, "solitaire move", &[("action", "1")], 74 * 3600).await;
    assert_eq!(code, ErrorCode::GameOver, "{text}");
}

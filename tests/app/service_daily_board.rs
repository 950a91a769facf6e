//! A daily attempt's board says it is one: "nothing on a daily board says
//! 'Daily'" (the issue "Every game ends well"). Its message opens with
//! "Daily · <day>" (or "Daily practice · <day>" for a later attempt), and
//! the same label reaches the board's image, whose alt text opens with it.

use crate::common::service;
use antics::service::{Config, Input, Reply, Request, Service};
use antics::store::testing;

fn request(name: &str, options: &[(&str, &str)], at: &str) -> Request {
    service::request("alice", service::at(at), Input::command(name, options))
}

async fn ask(service: &Service, name: &str, options: &[(&str, &str)], at: &str) -> Reply {
    let reply = service.handle(&request(name, options, at)).await;
    assert!(reply.ok(), "{name}: {}", reply.text);
    reply
}

/// The reply's text and its image's alt text both open with `label`.
fn assert_labelled(reply: &Reply, label: &str) {
    assert!(
        reply.text.starts_with(&format!("**{label}** · ")),
        "{}",
        reply.text
    );
    let image = reply.image.as_ref().expect("a board image");
    assert!(image.alt.starts_with(&format!("{label}. ")), "{}", image.alt);
}

#[tokio::test]
async fn daily_boards_say_daily_and_the_day() {
    let dir = tempfile::tempdir().unwrap();
    for store in testing::scratch_stores(dir.path()).await {
        let service = Service::new(store, Config::default());
        for game in ["anthill", "myrmex", "ants"] {
            let day = "2026-11-25";
            // The first attempt of the day is the ranked one.
            let first = ask(&service, "daily play", &[("game", game)], "2026-11-25T10:00:00Z").await;
            assert!(first.ephemeral, "a daily board is private");
            assert_labelled(&first, &format!("Daily · {day}"));
            let ended = ask(&service, "solitaire end", &[], "2026-11-25T10:01:00Z").await;
            assert_labelled(&ended, &format!("Daily · {day}"));
            // Another attempt the same day is practice, and says so.
            let again = ask(&service, "daily play", &[("game", game)], "2026-11-25T10:02:00Z").await;
            assert_labelled(&again, &format!("Daily practice · {day}"));
            ask(&service, "solitaire end", &[], "2026-11-25T10:03:00Z").await;
            // A game of one's own choosing is not a daily.
            let own = ask(
                &service,
                "solitaire new",
                &[("game", game)],
                "2026-11-25T10:04:00Z",
            )
            .await;
            assert!(!own.text.contains("Daily"), "{}", own.text);
            let alt = &own.image.as_ref().expect("a board image").alt;
            assert!(!alt.contains("Daily"), "{alt}");
            ask(&service, "solitaire end", &[], "2026-11-25T10:05:00Z").await;
        }
    }
}

//! A channel's daily post is not lost when the process that claimed it dies
//! before sending it, and does not go out twice when it is sent again: the
//! issue's "each due thing (... the daily post of each channel) happens
//! exactly once across them".
//!
//! A claim not confirmed within its lease may be claimed by any process,
//! and the post goes out with a nonce that Discord is told to enforce
//! ("If another message was created by the same author with the same
//! nonce, that message will be returned and no new message will be
//! created"), so a post that did go out before its process died is not
//! doubled.

use crate::serve_support;

use antics::service::{Config, Service, DAILY_POST_LEASE_MS};
use antics::store::{testing, Store};
use chrono::{DateTime, Duration, Utc};
use poise::serenity_prelude as serenity;
use serve_support::FakeDiscord;

const CHANNEL: &str = "390000000000000007";

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

/// A channel subscribed the day before, with the day's deals fixed (a test
/// of the claims, not of the solver).
async fn subscribed(store: &Store) {
    let yesterday = at("2026-03-09T09:00:00Z");
    store
        .subscribe_daily(CHANNEL, "g1", "alice", "2026-03-09", yesterday.timestamp_millis())
        .await
        .unwrap();
    for (n, game) in ["myrmex", "anthill", "ants"].into_iter().enumerate() {
        store
            .fix_daily_deal(
                "2026-03-10",
                game,
                7 + n as u64,
                None,
                yesterday.timestamp_millis(),
            )
            .await
            .unwrap();
    }
}

/// The bot's REST client, sending to the fake Discord.
fn http_to(fake: &FakeDiscord) -> serenity::Http {
    serenity::HttpBuilder::new("test-token")
        .proxy(format!("http://127.0.0.1:{}", fake.port))
        .ratelimiter_disabled(true)
        .build()
}

#[tokio::test]
async fn a_daily_post_claimed_by_a_process_that_died_is_sent_once_by_another() {
    let dir = tempfile::tempdir().unwrap();
    for store in testing::scratch_stores(dir.path()).await {
        subscribed(&store).await;
        let (first, second) = (
            Service::new(store.clone(), Config::default()),
            Service::new(store.clone(), Config::default()),
        );
        let due = at("2026-03-10T09:00:00Z");

        // The first process claims the post, then dies before sending it.
        let claimed = first.tick(due).await;
        assert_eq!(claimed.len(), 1, "the day's post is due");
        let nonce = claimed[0].claim.as_ref().expect("a claimed post").nonce.clone();
        assert!(nonce.len() <= 25, "Discord's limit on a nonce: {nonce}");
        drop(claimed);

        // While the claim holds, nobody else takes it.
        assert!(second.tick(due + Duration::seconds(60)).await.is_empty());

        // Past the lease, another process claims it and sends it.
        let lapsed = due + Duration::milliseconds(DAILY_POST_LEASE_MS) + Duration::seconds(1);
        let again = second.tick(lapsed).await;
        assert_eq!(again.len(), 1, "the abandoned claim is taken over");
        assert_eq!(again[0].claim.as_ref().unwrap().nonce, nonce, "the same nonce");
        let mut fake = FakeDiscord::start();
        antics::discord::flow::send_posts(&http_to(&fake), &second, &again).await;
        let sent = fake.wait_for("the daily post", |r| {
            r.head
                .starts_with(&format!("POST /api/v10/channels/{CHANNEL}/messages"))
        });
        let payload = sent.json();
        assert!(
            payload["content"]
                .as_str()
                .unwrap()
                .contains("Daily challenges of 2026-03-10"),
            "{payload}"
        );
        assert_eq!(payload["nonce"], nonce.as_str());
        assert_eq!(payload["enforce_nonce"], true);

        // Confirmed once sent: no process claims it again, however late.
        let later = lapsed + Duration::milliseconds(3 * DAILY_POST_LEASE_MS);
        assert!(first.tick(later).await.is_empty());
        assert!(second.tick(later).await.is_empty());
        let posts = fake
            .received()
            .iter()
            .filter(|r| r.head.contains("/messages"))
            .count();
        assert_eq!(posts, 0, "nothing else was sent");
        store.close().await;
    }
}

#[tokio::test]
async fn a_process_without_a_bot_token_leaves_the_daily_posts_to_one_with_it() {
    let dir = tempfile::tempdir().unwrap();
    for store in testing::scratch_stores(dir.path()).await {
        subscribed(&store).await;
        let due = at("2026-03-10T09:00:00Z");
        let tokenless = Service::new(
            store.clone(),
            Config {
                daily_posts: false,
                ..Config::default()
            },
        );
        assert!(tokenless.tick(due).await.is_empty());
        let posting = Service::new(store.clone(), Config::default());
        assert_eq!(posting.tick(due).await.len(), 1, "nothing was claimed");
        store.close().await;
    }
}

/// The store's guard under the sweep lock: of many processes claiming one
/// lapsed post at the same moment, exactly one gets it; a confirmed post
/// is claimed by none, however late.
#[tokio::test]
async fn a_lapsed_claim_goes_to_exactly_one_of_many_claiming_at_once() {
    let dir = tempfile::tempdir().unwrap();
    for store in testing::scratch_stores(dir.path()).await {
        subscribed(&store).await;
        let day = "2026-03-10";
        let due = at("2026-03-10T09:00:00Z").timestamp_millis();
        assert!(store
            .claim_daily_post(CHANNEL, day, due, due - DAILY_POST_LEASE_MS)
            .await
            .unwrap());
        let late = due + DAILY_POST_LEASE_MS + 1;
        let claims = (0..8).map(|_| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .claim_daily_post(CHANNEL, day, late, late - DAILY_POST_LEASE_MS)
                    .await
            })
        });
        let mut won = 0;
        for claim in claims.collect::<Vec<_>>() {
            won += usize::from(claim.await.unwrap().unwrap());
        }
        assert_eq!(won, 1, "one of eight takes the lapsed claim");
        store.confirm_daily_post(CHANNEL, day, late).await.unwrap();
        let much_later = late + 10 * DAILY_POST_LEASE_MS;
        assert!(!store
            .claim_daily_post(CHANNEL, day, much_later, much_later - DAILY_POST_LEASE_MS)
            .await
            .unwrap());
        assert!(store
            .unposted_subscriptions(day, much_later - DAILY_POST_LEASE_MS)
            .await
            .unwrap()
            .is_empty());
        store.close().await;
    }
}

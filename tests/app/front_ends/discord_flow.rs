//! One interaction from start to finish: what may be sent again, where the
//! bot is a member, and the "Open table" button (src/discord/flow.rs).

use antics::discord::flow::{bot_member, may_pass, with_open_table, OPEN_TABLE};
use antics::discord::mapping;
use antics::service::{ButtonStyle, Component, GameSummary, Reply};
use poise::serenity_prelude as serenity;
use poise::serenity_prelude::{
    AuthorizingIntegrationOwner as Owner, AuthorizingIntegrationOwners as Owners, InteractionContext,
};

/// Discord's answer `status` to a send, as serenity reports it.
async fn refused(status: u16) -> serenity::Error {
    let answer = axum::http::Response::builder()
        .status(status)
        .body(r#"{"code": 0, "message": "refused"}"#)
        .unwrap();
    let answer = ::serenity::http::ErrorResponse::from_response(answer.into(), reqwest::Method::POST).await;
    serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(answer))
}

/// A claimed post is tried again after its lease only when the failure
/// may pass; a refusal for good is confirmed and left.
#[tokio::test]
async fn only_a_failure_that_may_pass_leaves_a_claimed_post_to_be_sent_again() {
    for status in [500, 502, 503, 429] {
        assert!(may_pass(&refused(status).await), "{status}");
    }
    // Unknown channel, missing access or permissions, a bad request.
    for status in [404, 403, 400, 401] {
        assert!(!may_pass(&refused(status).await), "{status}");
    }
}

#[test]
fn the_bot_is_a_member_where_its_server_install_authorized_or_in_its_dm() {
    let guild = Some(serenity::GuildId::new(9));
    let by_server = Owners(vec![Owner::GuildInstall(guild)]);
    let by_user = Owners(vec![Owner::UserInstall(serenity::UserId::new(1))]);
    let both = Owners(vec![
        Owner::GuildInstall(guild),
        Owner::UserInstall(serenity::UserId::new(1)),
    ]);
    let ctx = Some(InteractionContext::Guild);
    assert!(bot_member(ctx, &by_server, guild));
    assert!(bot_member(ctx, &both, guild));
    assert!(!bot_member(ctx, &by_user, guild));
    assert!(bot_member(Some(InteractionContext::BotDm), &by_user, None));
    assert!(!bot_member(
        Some(InteractionContext::PrivateChannel),
        &by_user,
        None
    ));
    // Older payloads, without a context or owners: a server that installed the bot.
    assert!(bot_member(None, &Owners(vec![]), guild));
    assert!(!bot_member(None, &by_user, guild));
}

/// A public board with `components`.
fn board(components: Vec<Component>) -> Reply {
    let summary = GameSummary::bare(
        "g1",
        antics::rules::GameKind::ArmyAnts.into(),
        antics::protocol::GameStatus::Active,
        1,
    );
    Reply {
        image: Some(antics::service::Image {
            regions: vec![],
            png: vec![1],
            alt: "a board".into(),
        }),
        game: Some(summary),
        components,
        ..Reply::default()
    }
}

fn buttons(n: usize) -> Vec<Component> {
    (0..n)
        .map(|i| Component::button(format!("b{i}"), "B", ButtonStyle::Secondary))
        .collect()
}

fn select(i: usize) -> Component {
    Component::Select {
        id: format!("s{i}"),
        placeholder: "Pick".into(),
        options: vec![antics::service::SelectOption {
            value: "1".into(),
            label: "One".into(),
        }],
    }
}

fn opens_the_table(reply: &Reply) -> bool {
    reply.components.iter().any(|c| c.id() == OPEN_TABLE)
}

#[test]
fn the_open_table_button_goes_where_discord_has_room() {
    // In the last row of buttons while it has fewer than five, else in
    // a row of its own while there are fewer than five rows.
    assert!(opens_the_table(&with_open_table(board(buttons(3)), true)));
    let full_row = with_open_table(board([vec![select(0)], buttons(5)].concat()), true);
    assert!(opens_the_table(&full_row));
    assert_eq!(mapping::layout(&full_row.components).len(), 3);
    // Five rows and the last one full (or a select): no room, nothing lost.
    let crowded = [(0..4).map(select).collect(), buttons(5)].concat();
    let reply = with_open_table(board(crowded.clone()), true);
    assert_eq!(reply.components, crowded);
    let selects: Vec<Component> = (0..5).map(select).collect();
    assert_eq!(with_open_table(board(selects.clone()), true).components, selects);
    // Five rows whose last has room takes it.
    let roomy = [(0..4).map(select).collect(), buttons(2)].concat();
    assert!(opens_the_table(&with_open_table(board(roomy), true)));
    // Only a public board of an app with an Activity.
    assert!(!opens_the_table(&with_open_table(board(buttons(1)), false)));
    let private = Reply {
        ephemeral: true,
        ..board(buttons(1))
    };
    assert!(!opens_the_table(&with_open_table(private, true)));
    let words = Reply {
        image: None,
        ..board(buttons(1))
    };
    assert!(!opens_the_table(&with_open_table(words, true)));
}

//! Replies mapped to Discord messages within Discord's limits, and the
//! mentions they may ping (src/discord/mapping.rs).

use antics::discord::mapping::{
    action_rows, content, cut, discord_len, image, layout, mentioned, mentioned_ids, plan, record_message,
    suggestions, thread_name, truncate, Board, Message, Origin, Place, Response, Row, Situation, BOARD_FILE,
    MAX_ALT, MAX_AUTOCOMPLETE, MAX_BUTTONS_PER_ROW, MAX_BUTTON_LABEL, MAX_CONTENT, MAX_CUSTOM_ID,
    MAX_FILE_BYTES, MAX_ROWS, MAX_SELECT_OPTIONS, MAX_THREAD_NAME,
};
use antics::service::{ButtonStyle, Component, GameSummary, Image, Reply, SelectOption, User, UserError};

fn button(id: &str) -> Component {
    Component::button(id, "Press", ButtonStyle::Primary)
}

fn select(id: &str, n: usize) -> Component {
    Component::Select {
        id: id.into(),
        placeholder: "Pick".into(),
        options: (0..n)
            .map(|i| SelectOption {
                value: format!("v{i}"),
                label: format!("Option {i}"),
            })
            .collect(),
    }
}

#[test]
fn truncation_keeps_char_boundaries() {
    assert_eq!(truncate("hello", 5), "hello");
    assert_eq!(truncate("hello!", 5), "hell…");
    let ants = "🐜".repeat(10); // two UTF-16 units each
    let cut_ants = truncate(&ants, 7);
    assert!(discord_len(&cut_ants) <= 7);
    assert_eq!(cut_ants, "🐜🐜🐜…");
    let accents = "é".repeat(3000);
    let t = truncate(&accents, MAX_CONTENT);
    assert_eq!(discord_len(&t), MAX_CONTENT);
    assert!(t.ends_with('…'));
    assert_eq!(truncate("abc", 0), "");
    assert_eq!(cut("aé🐜b", 3), "aé");
    assert_eq!(cut("aé🐜b", 4), "aé🐜");
}

#[test]
fn rows_stay_within_limits() {
    let many: Vec<Component> = (0..40).map(|i| button(&format!("aa:g:{i}"))).collect();
    let rows = layout(&many);
    assert_eq!(rows.len(), MAX_ROWS);
    for row in &rows {
        match row {
            Row::Buttons(b) => assert!(b.len() <= MAX_BUTTONS_PER_ROW),
            Row::Select(_) => panic!("no select given"),
        }
    }
    let mixed = vec![
        button("a:1:x"),
        select("a:1:s", 40),
        button("a:1:y"),
        button("a:1:z"),
    ];
    let rows = layout(&mixed);
    assert_eq!(rows.len(), 3);
    match &rows[1] {
        Row::Select(s) => assert_eq!(s.options.len(), MAX_SELECT_OPTIONS),
        _ => panic!("select alone in its row"),
    }
    assert!(matches!(&rows[2], Row::Buttons(b) if b.len() == 2));
}

#[test]
fn bad_components_are_left_out() {
    let long_id = "x".repeat(MAX_CUSTOM_ID + 1);
    let long_label = "L".repeat(200);
    let rows = layout(&[
        button(&long_id),
        button("a:1:x"),
        button("a:1:x"),
        Component::button("a:1:y", long_label, ButtonStyle::Danger),
        select("a:1:s", 0),
    ]);
    assert_eq!(rows.len(), 1);
    let Row::Buttons(b) = &rows[0] else { panic!() };
    assert_eq!(b.len(), 2);
    assert_eq!(discord_len(&b[1].label), MAX_BUTTON_LABEL);
}

#[test]
fn action_rows_serialize_as_discord_expects() {
    let rows = layout(&[button("aa:g1:accept"), select("aa:g1:card", 3)]);
    let json = serde_json::to_value(action_rows(&rows)).unwrap();
    assert_eq!(json[0]["type"], 1);
    assert_eq!(json[0]["components"][0]["type"], 2);
    assert_eq!(json[0]["components"][0]["custom_id"], "aa:g1:accept");
    assert_eq!(json[1]["components"][0]["type"], 3);
    assert_eq!(json[1]["components"][0]["options"].as_array().unwrap().len(), 3);
}

#[test]
fn mentions_are_found() {
    assert_eq!(
        mentioned_ids("<@12> and <@!34>, not <@&56> or <@x>, <@12> again"),
        vec!["12".to_string(), "34".to_string()]
    );
}

fn game(status: &str, to_move: Option<&str>) -> GameSummary {
    let status = antics::protocol::GameStatus::parse(status).expect("a status");
    GameSummary {
        to_move: to_move.map(str::to_string),
        to_move_id: to_move.map(str::to_string),
        ..GameSummary::bare("g1", antics::rules::GameKind::ArmyAnts.into(), status, 0)
    }
}

fn board_reply(text: &str, to_move: Option<&str>) -> Reply {
    Reply {
        text: text.into(),
        image: Some(Image {
            regions: Vec::new(),
            png: vec![1, 2, 3],
            alt: "a board".into(),
        }),
        components: vec![button("aa:g1:draw"), button("aa:g1:resign")],
        game: Some(game("active", to_move)),
        ..Reply::default()
    }
}

fn situation<'a>(origin: Origin<'a>, board: Option<&'a str>, deferred: bool) -> Situation<'a> {
    Situation {
        origin,
        board_message: board,
        actor_id: "111",
        deferred,
        place: Place {
            guild: Some("9".into()),
            channel: "8".into(),
            bot_member: true,
        },
    }
}

#[test]
fn errors_are_ephemeral_and_touch_nothing() {
    let reply = Reply {
        ephemeral: true,
        text: "It is bob's turn.".into(),
        error: Some(UserError::not_your_turn("It is bob's turn.")),
        game: Some(game("active", Some("222"))),
        ..Reply::default()
    };
    for origin in [Origin::GameCommand, Origin::Component { message_id: "5" }] {
        let p = plan(&reply, &situation(origin, Some("5"), false));
        assert_eq!(
            p.response,
            Response::Message(Message::ephemeral("It is bob's turn."))
        );
        assert_eq!(p.board, Board::Keep);
        assert_eq!(p.ping, None);
    }
}

#[test]
fn a_move_by_command_edits_the_board_and_answers_briefly() {
    let reply = board_reply("alice played **c3-c6**. <@222> to move.", Some("222"));
    let p = plan(&reply, &situation(Origin::GameCommand, Some("5"), false));
    let Board::Edit { message_id, message } = &p.board else {
        panic!("{p:?}")
    };
    assert_eq!(message_id, "5");
    assert_eq!(message.image.as_ref().unwrap().alt, "a board");
    assert_eq!(message.rows.len(), 1);
    let Response::Message(short) = &p.response else {
        panic!()
    };
    assert!(short.image.is_none() && short.rows.is_empty() && !short.ephemeral);
    assert!(short.content.contains("https://discord.com/channels/9/8/5"));
    // The response is a new message that mentions bob: no extra ping.
    assert_eq!(p.ping, None);
    // Deferred, the response is an edit: bob gets a ping.
    let p = plan(&reply, &situation(Origin::GameCommand, Some("5"), true));
    assert_eq!(p.ping.as_deref(), Some("<@222>, your move."));
}

#[test]
fn a_click_on_the_board_updates_it_and_pings() {
    let reply = board_reply("bob accepted! <@111> to move.", Some("111"));
    // The actor is to move: no ping for them.
    let p = plan(
        &reply,
        &situation(Origin::Component { message_id: "5" }, None, false),
    );
    assert!(matches!(p.response, Response::Update(ref m) if m.image.is_some()));
    assert_eq!(p.board, Board::RecordResponse);
    assert_eq!(p.ping, None);
    let mut s = situation(Origin::Component { message_id: "5" }, Some("5"), false);
    s.actor_id = "222";
    let p = plan(&reply, &s);
    assert_eq!(p.board, Board::Keep);
    assert_eq!(p.ping.as_deref(), Some("<@111>, your move."));
}

#[test]
fn a_click_elsewhere_edits_the_board() {
    let reply = board_reply("Both armies are revealed! <@222> to move.", Some("222"));
    let p = plan(
        &reply,
        &situation(Origin::Component { message_id: "7" }, Some("5"), false),
    );
    assert!(matches!(p.board, Board::Edit { ref message_id, .. } if message_id == "5"));
    assert!(matches!(p.response, Response::Message(_)));
    assert_eq!(p.ping, None);
}

#[test]
fn a_challenge_becomes_the_board() {
    let reply = Reply {
        text: "<@222>, <@111> challenges you to **Army Ants**.".into(),
        components: vec![button("aa:g1:accept"), button("aa:g1:decline")],
        game: Some(game("pending", None)),
        ..Reply::default()
    };
    let p = plan(&reply, &situation(Origin::GameCommand, None, false));
    assert_eq!(p.board, Board::RecordResponse);
    assert!(matches!(&p.response, Response::Message(m) if m.rows.len() == 1 && !m.ephemeral));
    assert_eq!(p.ping, None);
    let p = plan(&reply, &situation(Origin::GameCommand, None, true));
    assert_eq!(p.ping.as_deref(), Some("<@222>, see the game message above."));
}

#[test]
fn plain_commands_are_plain() {
    let mut reply = Reply::text("[Game \"Army Ants\"]");
    reply.game = Some(game("finished", None));
    let p = plan(&reply, &situation(Origin::PlainCommand, Some("5"), false));
    assert_eq!(p.board, Board::Keep);
    assert_eq!(
        p.response,
        Response::Message(Message::text("[Game \"Army Ants\"]"))
    );
}

#[test]
fn messages_respect_limits() {
    let reply = Reply {
        text: "ü".repeat(5000),
        image: Some(Image {
            regions: Vec::new(),
            png: vec![0; 10],
            alt: "ß".repeat(3000),
        }),
        ..Reply::default()
    };
    let m = Message::full(&reply);
    assert_eq!(discord_len(&m.content), MAX_CONTENT);
    assert_eq!(discord_len(&m.image.as_ref().unwrap().alt), MAX_ALT);
    let big = Image {
        regions: Vec::new(),
        png: vec![0; MAX_FILE_BYTES + 1],
        alt: String::new(),
    };
    assert_eq!(image(&big), None);
    assert_eq!(content("  "), "…");
}

#[test]
fn a_replay_is_attached_as_a_gif() {
    let mut reply = board_reply("x", None);
    reply.image = Some(Image {
        regions: Vec::new(),
        png: b"GIF89a...".to_vec(),
        alt: "a replay".into(),
    });
    let m = Message::full(&reply);
    let json = serde_json::to_value(m.to_edit_message()).unwrap();
    assert_eq!(json["attachments"][0]["filename"], "replay.gif");
    assert_eq!(m.files()[0].filename, "replay.gif");
}

#[test]
fn edits_replace_the_attachment_list() {
    let m = Message::full(&board_reply("x", None));
    let json = serde_json::to_value(m.to_edit_message()).unwrap();
    let attachments = json["attachments"].as_array().unwrap();
    assert_eq!(attachments.len(), 1);
    assert_eq!(attachments[0]["filename"], BOARD_FILE);
    assert_eq!(attachments[0]["description"], "a board");
    let bare = Message::text("declined");
    let json = serde_json::to_value(bare.to_edit_message()).unwrap();
    assert_eq!(json["attachments"], serde_json::json!([]));
    assert_eq!(json["components"], serde_json::json!([]));
    let json = serde_json::to_value(bare.to_response()).unwrap();
    assert_eq!(json["attachments"], serde_json::json!([]));
}

#[test]
fn records_fit() {
    let (text, file) = record_message("1. c3-c6");
    assert!(text.starts_with("```") && file.is_none());
    let (text, file) = record_message(&"1. c3-c6 ".repeat(400));
    assert!(discord_len(&text) <= MAX_CONTENT && file.is_some());
}

#[test]
fn suggestions_fit() {
    let many: Vec<String> = (0..40).map(|i| format!("a{i}-b{i}")).collect();
    assert_eq!(suggestions(many).len(), MAX_AUTOCOMPLETE);
    assert!(suggestions(vec!["x".repeat(101)]).is_empty());
    assert_eq!(thread_name(&"n".repeat(300)).len(), MAX_THREAD_NAME);
    assert_eq!(thread_name("  "), "Antics");
}

// ------------------------------------------------------------ mentions

#[test]
fn a_name_with_markdown_and_a_mention_is_sent_as_text_and_pings_no_one() {
    // "A display name with a masked link shows as a link on the public
    // leaderboard; a name holding `<@id>` pings that user from the
    // daily post."
    let user = User::self_named("1", "[free](https://evil.example) <@222> **x**");
    let content = format!("<@333> to move. Standings: 1. {}", user.name);
    assert_eq!(mentioned(&content), vec![333]);
    assert!(!content.contains("[free]("), "{content}");
    assert!(content.contains("\\<\\@222\\>"), "{content}");
    let sent = serde_json::to_value(Message::text(&content).to_create_message()).unwrap();
    assert_eq!(
        sent["allowed_mentions"]["users"],
        serde_json::json!(["333"]),
        "{sent}"
    );
    assert_eq!(sent["allowed_mentions"]["parse"], serde_json::json!([]), "{sent}");
}

#[test]
fn mentions_are_read_only_where_the_service_wrote_them() {
    assert_eq!(mentioned("<@1> <@!2> \\<@3> <@x> <@4 <@5>"), vec![1, 2, 5]);
    assert_eq!(mentioned(""), Vec::<u64>::new());
}

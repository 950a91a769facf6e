//! Hostile input: every parser answers arbitrary text with a value or a
//! clear error, never a panic. What parses prints back to itself; a refusal
//! is a short message with no debug output; a refused request leaves every
//! stored game as it was. The same checks as the fuzz targets in `fuzz/`.

use crate::common;
use common::service::{runtime, without_images};

use antics::cli::script::Script;
use antics::rules::army_ants::{self, parse_position, ArmyAnts};
use antics::rules::atta_ants::{self, parse_deal, AttaAnts, Status};
use antics::rules::cards::{shuffled_decktet_deck, shuffled_standard_deck, write_deck_order, MyrmexLevel};
use antics::rules::patience::Patience;
use antics::rules::{anthill, ants_solitaire, myrmex};
use antics::service::custom_id::ComponentId;
use antics::service::parse_duration;
use antics::store::{GameRow, Store};
use proptest::prelude::*;
use serde_json::{json, Value};
use std::fmt::Debug;
use std::str::FromStr;

/// Longest error message a refusal may carry.
const MAX_MESSAGE: usize = 300;

/// An error message is clear: not empty, short, and no debug output unless
/// the quoted input had it.
fn assert_clear(message: &str, input: &str) {
    assert!(!message.trim().is_empty(), "empty error for {input:?}");
    assert!(
        message.chars().count() <= MAX_MESSAGE,
        "error of {} characters for {input:?}: {message:?}",
        message.chars().count()
    );
    for debug in ["Some(", "Ok(", "Err(", "panicked", "\\u{"] {
        assert!(
            !message.contains(debug) || input.contains(debug),
            "debug output in the error for {input:?}: {message:?}"
        );
    }
}

/// What parses prints canonically and parses back to itself; a refusal is
/// clear.
fn round_trip<A>(text: &str)
where
    A: FromStr + ToString + PartialEq + Debug,
    A::Err: ToString,
{
    match text.parse::<A>() {
        Ok(action) => {
            let printed = action.to_string();
            assert_eq!(printed.parse::<A>().ok(), Some(action), "{text:?} -> {printed:?}");
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

fn start_army_ants(position: &str) -> Result<ArmyAnts, String> {
    let setup = army_ants::Setup {
        position: Some(position.to_string()),
        ..army_ants::Setup::default()
    };
    ArmyAnts::new(&setup).map_err(|e| e.to_string())
}

/// A position is refused clearly, or starts a game whose written position
/// starts the same game again.
fn check_position(text: &str) {
    if let Err(e) = parse_position(text) {
        return assert_clear(&e, text);
    }
    match start_army_ants(text) {
        Ok(game) => {
            let _ = game.legal_actions();
            let written = game.position(None);
            let again = start_army_ants(&written).unwrap_or_else(|e| panic!("{text:?} -> {written:?}: {e}"));
            assert_eq!(again.position(None), written, "{text:?}");
        }
        Err(e) => assert_clear(&e, text),
    }
}

fn check_patience<P: Patience, E: ToString>(text: &str, started: Result<P, E>) {
    match started {
        Ok(game) => assert!(
            !game.legal_actions().is_empty(),
            "{text:?}: a new deal has actions"
        ),
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

/// A deal starts each patience or is refused clearly.
fn check_deck_order(text: &str) {
    let deal = Some(text.to_string());
    check_patience(
        text,
        myrmex::Myrmex::new(&myrmex::Setup {
            deal: deal.clone(),
            ..myrmex::Setup::default()
        }),
    );
    check_patience(
        text,
        anthill::Anthill::new(&anthill::Setup {
            seed: None,
            deal: deal.clone(),
        }),
    );
    check_patience(
        text,
        ants_solitaire::AntsSolitaire::new(&ants_solitaire::Setup {
            deal,
            ..ants_solitaire::Setup::default()
        }),
    );
}

/// An Atta Ants deal prints back to itself and starts a game whose legal
/// actions print to text that parses back to them, or is refused clearly.
fn check_atta_deal(players: u8, text: &str) {
    match parse_deal(text) {
        Ok(cards) => {
            let printed = write_deck_order(&cards);
            assert_eq!(parse_deal(&printed).ok(), Some(cards), "{text:?} -> {printed:?}");
        }
        Err(e) => return assert_clear(&e.to_string(), text),
    }
    let setup = atta_ants::Setup {
        players,
        seed: u64::from(players),
        deal: Some(text.to_string()),
    };
    match AttaAnts::new(&setup) {
        Ok(game) => {
            assert!(matches!(game.status(), Status::ToMove(_)), "{text:?}");
            let legal = game.legal_actions();
            assert!(!legal.is_empty(), "{text:?}");
            for action in legal {
                let printed = action.to_string();
                let parsed = printed
                    .parse::<atta_ants::Action>()
                    .unwrap_or_else(|e| panic!("{printed:?}: {e}"));
                assert_eq!(game.canonical(&parsed), action, "{printed:?}");
            }
        }
        Err(e) => assert_clear(&e.to_string(), text),
    }
}

/// A deck order near a real one: a shuffled deck, perhaps with a card
/// dropped, doubled or replaced by junk.
fn near_deal(deck: Vec<String>) -> impl Strategy<Value = String> {
    let len = deck.len();
    (0..4u8, 0..len, "\\PC{0,6}").prop_map(move |(how, at, junk)| {
        let mut cards = deck.clone();
        match how {
            0 => {}
            1 => {
                cards.remove(at);
            }
            2 => cards.push(cards[at].clone()),
            _ => cards[at] = junk,
        }
        cards.join(" ")
    })
}

fn standard_deal() -> impl Strategy<Value = String> {
    any::<u64>().prop_flat_map(|seed| {
        near_deal(
            shuffled_standard_deck(seed)
                .iter()
                .map(ToString::to_string)
                .collect(),
        )
    })
}

fn decktet_deal() -> impl Strategy<Value = String> {
    any::<u64>().prop_flat_map(|seed| {
        near_deal(
            shuffled_decktet_deck(MyrmexLevel::default(), seed)
                .iter()
                .map(ToString::to_string)
                .collect(),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(512)))]

    #[test]
    fn army_ants_notation(text in "\\PC{0,40}|[a-fA-F0-9:=xX\\- qQ/]{0,16}|deploy [0-9qQa/ ]{0,24}") {
        round_trip::<army_ants::Action>(&text);
    }

    #[test]
    fn army_ants_positions(text in "([rb.][1-9Q.?]){0,6}(/([rb.][1-9Q.?]){0,6}){0,8} [rbx] (battle|rally:[0-9],[0-9]|deploy|x)|\\PC{0,120}") {
        check_position(&text);
    }

    #[test]
    fn patience_notation(text in "\\PC{0,30}|[0-9tTfFsSwWdD:\\- ]{0,10}|deal|end|undo") {
        round_trip::<myrmex::Action>(&text);
        round_trip::<anthill::Action>(&text);
        round_trip::<ants_solitaire::Action>(&text);
    }

    #[test]
    fn atta_ants_notation(
        text in "\\PC{0,40}|[ -~]{0,24}|[rybo][0-9][+\\-]?( ?[nesw][+\\-]?([rybo][0-9])?){0,3}|(place|spider) ?[0-9 ,r()\\-]{0,12}|spider [0-9]{1,2} ?(n|e|s|w|north|up|x)|(place|spider|r1|y2|end)? ?[-0-9nesw+ryob, ]{0,16}"
    ) {
        round_trip::<atta_ants::Action>(&text);
    }

    #[test]
    fn component_ids(text in "\\PC{0,120}|(aa|atta|sol|daily|lb)?:[a-z0-9_\\-]{0,10}:\\PC{0,100}") {
        match ComponentId::parse(&text) {
            Ok(id) => {
                let encoded = id.encode();
                prop_assert!(encoded.len() <= 100);
                prop_assert_eq!(ComponentId::parse(&encoded).ok(), Some(id));
            }
            Err(e) => assert_clear(&e.message, &text),
        }
    }

    #[test]
    fn durations(text in "\\PC{0,20}|[0-9]{0,22}[dhms]?([0-9]{0,3}[dhms])?") {
        if let Err(e) = parse_duration(&text) {
            // Quoted as given: read lowercased, `\U{` would be quoted as `\u{`.
            prop_assert!(e.starts_with(&antics::rules::code(text.trim())), "{e:?} for {text:?}");
            assert_clear(&e, &text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(64)))]

    #[test]
    fn deck_orders(text in standard_deal().boxed().prop_union(decktet_deal().boxed()).or("\\PC{0,60}".boxed())) {
        check_deck_order(&text);
    }

    #[test]
    fn atta_ants_deals(
        players in 0..6u8,
        text in "([XTILDMxtildm][lsLSx]?[ ,]{1,2}){0,30}|\\PC{0,40}",
    ) {
        check_atta_deal(players, &text);
    }
}

const AT: &str = "2026-01-01T12:00:00Z";

fn line(user: &str, channel: &str, command: &str, options: Value) -> Value {
    json!({"user": user, "channel": channel, "command": command, "options": options, "at": AT})
}

/// A refusal through the script protocol: a code and a clear message.
fn assert_answer(answer: &Value, input: &str) {
    assert!(answer["ok"].is_boolean(), "{answer}");
    if answer["ok"] == false {
        assert!(
            answer["error"].as_str().is_some_and(|c| !c.is_empty()),
            "{answer}"
        );
        assert_clear(answer["text"].as_str().unwrap_or_default(), input);
    }
}

async fn script() -> (Script, Store) {
    let store = Store::in_memory().await.unwrap();
    let service = without_images(store.clone());
    let images = std::env::temp_dir().join("antics-hostile-images");
    (Script::new(service, images), store)
}

async fn snapshot(store: &Store, ids: &[String]) -> Vec<(Option<GameRow>, usize)> {
    let mut out = Vec::new();
    for id in ids {
        out.push((
            store.game(id).await.unwrap(),
            store.actions(id).await.unwrap().len(),
        ));
    }
    out
}

/// One hostile request to games in progress.
#[derive(Clone, Debug)]
enum Hostile {
    Command {
        command: String,
        option: &'static str,
        text: String,
    },
    Click {
        button: usize,
        verb: String,
    },
    Component(String),
}

fn hostile() -> impl Strategy<Value = Hostile> {
    let command = prop_oneof![
        Just("armyants move".to_string()),
        Just("armyants accept".to_string()),
        Just("armyants challenge".to_string()),
        Just("solitaire move".to_string()),
        Just("solitaire new".to_string()),
        Just("solitaire undo".to_string()),
        Just("atta move".to_string()),
        Just("atta join".to_string()),
        Just("atta new".to_string()),
        Just("record".to_string()),
        "\\PC{0,20}",
    ];
    let option = prop::sample::select(vec![
        "action", "deal", "seed", "position", "opponent", "game", "variant",
    ]);
    prop_oneof![
        (command, option, "\\PC{0,40}|[0-9a-z:\\- ]{0,12}").prop_map(|(command, option, text)| {
            Hostile::Command {
                command,
                option,
                text,
            }
        }),
        (any::<usize>(), "\\PC{0,30}|[a-z0-9\\-]{0,12}")
            .prop_map(|(button, verb)| Hostile::Click { button, verb }),
        "\\PC{0,110}".prop_map(Hostile::Component),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases::scaled(48)))]

    /// Any line on the script's input gets exactly one JSON answer; a
    /// refusal is clear.
    #[test]
    fn script_lines(line in "\\PC{0,80}|\\{\"user\":\"[a-z]{1,5}\",\"channel\":\"c1\",\"(command|component)\":\"\\PC{0,30}\"(,\"options\":\\{\"action\":\"\\PC{0,10}\"\\})?\\}") {
        runtime().block_on(async {
            let (mut script, _) = script().await;
            let answer = script.answer(&line).await;
            assert_answer(&answer, &line);
        });
    }

    /// Games of Army Ants, Myrmex and Atta Ants in progress; a hostile
    /// command or a click on one of their buttons with a made-up verb is
    /// refused clearly and leaves every game as it was, or is played.
    #[test]
    fn refusals_leave_games_unchanged(user in 0..3usize, channel in 0..3usize, request in hostile()) {
        runtime().block_on(async {
            let (mut script, store) = script().await;
            let setup = [
                line("alice", "c1", "armyants challenge", json!({"opponent": "bob"})),
                line("bob", "c1", "armyants accept", json!({})),
                line("alice", "c2", "solitaire new", json!({"game": "myrmex", "seed": "1"})),
                line("alice", "c3", "atta new", json!({"seed": "1"})),
                line("bob", "c3", "atta join", json!({})),
                line("alice", "c3", "atta start", json!({})),
            ];
            let mut buttons = Vec::new();
            for request in &setup {
                let answer = script.answer(&request.to_string()).await;
                assert_eq!(answer["ok"], true, "{request} -> {answer}");
                for component in answer["components"].as_array().into_iter().flatten() {
                    buttons.extend(component["id"].as_str().map(str::to_string));
                }
            }
            let mut ids = Vec::new();
            for channel in ["c1", "c3"] {
                ids.push(store.open_multiplayer_game(channel).await.unwrap().expect("a game").id);
            }
            ids.push(store.latest_solitaire("c2", "alice").await.unwrap().expect("a game").id);
            let before = snapshot(&store, &ids).await;

            let user = ["alice", "bob", "carol"][user];
            let channel = ["c1", "c2", "c3"][channel];
            let (request, input) = match &request {
                Hostile::Command { command, option, text } => {
                    (line(user, channel, command, json!({ *option: text })), format!("{command} {text}"))
                }
                Hostile::Click { button, verb } => {
                    let button = &buttons[button % buttons.len()];
                    let prefix = button.rsplit_once(':').map_or("", |(p, _)| p);
                    let id = format!("{prefix}:{verb}");
                    (json!({"user": user, "channel": channel, "component": id, "at": AT}), verb.clone())
                }
                Hostile::Component(id) => {
                    (json!({"user": user, "channel": channel, "component": id, "at": AT}), id.clone())
                }
            };
            let answer = script.answer(&request.to_string()).await;
            assert_answer(&answer, &input);
            if answer["ok"] == false {
                assert_eq!(snapshot(&store, &ids).await, before, "a refusal changed a game: {request} -> {answer}");
            }
        });
    }
}

/// Inputs that once broke a parser.
mod regressions {
    use super::*;

    #[test]
    fn atta_ants_placement_at_the_smallest_integer_is_refused() {
        // `x.abs()` overflowed on i32::MIN.
        for text in ["place -2147483648,0 r0", "place 0,-2147483648 r1"] {
            let e = text.parse::<atta_ants::Action>().unwrap_err();
            assert_clear(&e.to_string(), text);
        }
    }

    #[test]
    fn a_long_word_in_an_atta_ants_deal_is_quoted_short() {
        let text = format!("Tl X I L D M Is Tl {}", "Q".repeat(390));
        let e = parse_deal(&text).unwrap_err();
        assert_clear(&e.to_string(), &text);
    }

    #[test]
    fn a_long_patience_action_is_quoted_short() {
        // Found by `patience_actions`: "`3:2-d…` is not a pile" quoted the whole text.
        let text = format!("1-3:2-d{}", "B".repeat(300));
        round_trip::<myrmex::Action>(&text);
        round_trip::<anthill::Action>(&text);
        round_trip::<ants_solitaire::Action>(&text);
    }

    #[test]
    fn a_long_card_in_a_deal_is_quoted_short() {
        // Found by `deck_orders`: "unknown rank `AS…`" quoted the whole word.
        check_deck_order(&format!("As{} 2s", "V".repeat(300)));
    }

    #[test]
    fn a_duration_is_quoted_as_given() {
        // Found by `durations`: the refusal quoted the text lowercased, and
        // `\U{` became `\u{`, which reads like debug output.
        let text = "\u{1f574}?\u{23a}\u{10f38}\\U{";
        let e = parse_duration(text).unwrap_err();
        assert!(e.starts_with(&antics::rules::code(text)), "{e}");
        assert_clear(&e, text);
    }

    #[test]
    fn a_control_character_in_quoted_text_forms_no_new_word() {
        // Found by `army_ants_action`: dropping the NULs of `(O(\0(\tkO\0k(dr`
        // quoted `…kOk(dr`, which reads like debug output (`Ok(`).
        let text = "(O(\0(\tkO\0k(dr";
        let e = text.parse::<army_ants::Action>().unwrap_err();
        assert_clear(&e.to_string(), text);
        let text = "LrErr\r(L";
        let e = text.parse::<atta_ants::Action>().unwrap_err();
        assert_clear(&e.to_string(), text);
    }

    #[test]
    fn a_long_unknown_command_is_quoted_short() {
        // Found by `script_line`: "I don't know the command `/armyants accep===…`"
        // quoted the whole name (468 characters).
        runtime().block_on(async {
            let (mut script, _) = script().await;
            // Found by `script_line` too: a name quoted in lower case turned
            // `\U{` into `\u{`; names are quoted as typed.
            for name in [
                format!("armyants accep{}t", "=".repeat(400)),
                format!("solitaire {}", "x".repeat(300)),
                r"c77777\U{\Lo05096capt".to_string(),
                r"armyants \U{x".to_string(),
                r"daily \U{x".to_string(),
            ] {
                let input = line("bob", "c1", &name, json!({})).to_string();
                let answer = script.answer(&input).await;
                assert_eq!(answer["ok"], false);
                assert_answer(&answer, &input);
            }
        });
    }

    #[test]
    fn a_script_line_of_the_wrong_shape_is_refused_without_debug_output() {
        // Found by `script_line`: the line `"u\f"` was answered with serde's
        // `invalid type: string "u\u{c}"`.
        runtime().block_on(async {
            let (mut script, _) = script().await;
            let long = format!("{{\"user\":\"{}\"}}", "\\f".repeat(200));
            for line in ["\"u\\f\"", long.as_str(), "{"] {
                let answer = script.answer(line).await;
                assert_eq!(answer["error"], "bad_input");
                assert_answer(&answer, line);
            }
        });
    }
}

/// "A line of invalid UTF-8 stops `antics script` (no reply, exit 1)": such
/// a line is refused as `bad_input`, like any line that is not a request,
/// and the lines after it are answered.
#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_script_goes_on() {
    let scratch = common::Scratch::new();
    let request = |command: &str| line("alice", "c1", command, json!({"game": "ants", "seed": "7"}));
    let mut broken = br#"{"user":"alice","channel":"c1","command":"solitaire "#.to_vec();
    broken.extend_from_slice(b"\xff\xfeundo\"}");
    let lines = vec![
        request("solitaire new").to_string().into_bytes(),
        broken,
        vec![0xc3],
        b"\x80\r".to_vec(),
        request("record").to_string().into_bytes(),
    ];
    let out = scratch.run_bytes(&lines);
    assert_eq!(out[0]["ok"], true, "{}", out[0]);
    for (answer, input) in out[1..4].iter().zip(&lines[1..4]) {
        common::assert_refused(answer, "bad_input");
        assert_answer(answer, &String::from_utf8_lossy(input));
        assert!(answer["text"].as_str().unwrap().contains("UTF-8"), "{answer}");
    }
    assert_eq!(out[4]["ok"], true, "the script goes on: {}", out[4]);
    assert_eq!(
        out[4]["game"]["id"], out[0]["game"]["id"],
        "the game is the one started"
    );
}

//! Hostile input: every parser answers arbitrary text with a value or a
//! clear error, never a panic.

use antics::cli::script::Script;
use antics::rules::army_ants::{parse_position, Action};
use antics::service::custom_id::ComponentId;
use antics::service::{Config, Service};
use antics::store::Store;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn action_notation_never_panics(text in "\\PC{0,40}") {
        if let Ok(action) = text.parse::<Action>() {
            // Whatever parses prints canonically and parses back to itself.
            prop_assert_eq!(action.to_string().parse::<Action>().unwrap(), action);
        }
    }

    #[test]
    fn notation_like_text_never_panics(text in "[a-f1-9:=xX\\- ]{0,16}|deploy [0-9qQ/]{0,24}") {
        let _ = text.parse::<Action>();
    }

    #[test]
    fn positions_never_panic(text in "([rb.][1-9Q.?]){0,6}(/([rb.][1-9Q.?]){0,6}){0,8} [rbx] (battle|rally:[0-9],[0-9]|deploy|x)") {
        let _ = parse_position(&text);
    }

    #[test]
    fn any_text_as_a_position_never_panics(text in "\\PC{0,120}") {
        let _ = parse_position(&text);
    }

    #[test]
    fn component_ids_never_panic(text in "\\PC{0,120}") {
        if let Ok(id) = ComponentId::parse(&text) {
            prop_assert!(id.encode().len() <= 100);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any line on the script's input gets exactly one JSON answer.
    #[test]
    fn script_lines_never_panic(line in "\\PC{0,80}|\\{\"user\":\"[a-z]{1,5}\",\"channel\":\"c1\",\"(command|component)\":\"\\PC{0,30}\"(,\"options\":\\{\"action\":\"\\PC{0,10}\"\\})?\\}") {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let store = Store::in_memory().await.unwrap();
            let service = Service::new(store, Config { render: false, ..Config::default() });
            let dir = tempfile::tempdir().unwrap();
            let mut script = Script::new(service, dir.path().to_path_buf());
            let answer = script.answer(&line).await;
            assert!(answer.get("ok").is_some_and(|ok| ok.is_boolean()));
        });
    }
}

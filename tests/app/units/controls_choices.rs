//! The commands' choices.

use antics::controls::choices::*;
use antics::rules::GameKind;
use antics::rules::{ants_solitaire, army_ants, cards};

fn values<T: StringChoice>() -> Vec<&'static str> {
    T::all().into_iter().map(StringChoice::value).collect()
}

/// The choices are the rules' own names, in the rules' order: a level,
/// variant or deployment added to the rules must be offered.
#[test]
fn option_choices_are_the_rules_names() {
    assert_eq!(
        values::<MyrmexLevel>(),
        cards::MyrmexLevel::ALL.map(cards::MyrmexLevel::as_str)
    );
    assert_eq!(
        values::<AntsVariant>(),
        ants_solitaire::Variant::ALL.map(ants_solitaire::Variant::as_str)
    );
    assert_eq!(
        values::<Deployment>(),
        army_ants::Deployment::ALL.map(army_ants::Deployment::name)
    );
}

/// A condition names an option of the same game, and values it can hold.
#[test]
fn conditions_name_options_of_their_game() {
    for kind in GameKind::ALL {
        let options = new_game_options(kind.into());
        for option in &options {
            let Some(when) = &option.only_when else { continue };
            let other = options
                .iter()
                .find(|o| o.name == when.option)
                .expect("a named option");
            if let OptionInput::Choice { choices, .. } = &other.input {
                assert!(when.is.iter().all(|v| choices.iter().any(|c| c.value == *v)));
            }
        }
    }
}

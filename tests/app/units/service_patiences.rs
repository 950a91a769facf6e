//! The patiences' service hooks.

use antics::rules::anthill::{self, Anthill};
use antics::rules::ants_solitaire::{self, AntsSolitaire, Variant};
use antics::rules::cards::DSuit;
use antics::rules::cards::MyrmexLevel;
use antics::rules::myrmex::{self, Myrmex};
use antics::rules::patience::Patience;
use antics::service::SolitaireRules;

/// A hinted action is drawn, not played: the image differs from the
/// board's, its words open with the hint, and the game is unchanged.
fn hint_is_drawn_not_played<G: SolitaireRules>(game: G) {
    let action = game.legal_actions().first().expect("a move").to_string();
    let before = game.describe();
    let hinted = game.hinted_image(Some("Daily"), &action).expect("a legal action");
    assert!(
        hinted.alt.starts_with(&format!("Daily. Hint: {action}. ")),
        "{}",
        hinted.alt
    );
    assert_ne!(hinted.png, game.image(Some("Daily")).png);
    assert_eq!(game.describe(), before);
    assert!(game.hinted_image(None, "not an action").is_none());
}

#[test]
fn a_hint_is_drawn_on_every_patience_board() {
    let seed = Some(5);
    hint_is_drawn_not_played(
        Myrmex::from_setup(&myrmex::Setup {
            level: MyrmexLevel::Minor,
            closed: false,
            seed,
            deal: None,
            ends_when_dead: true,
        })
        .unwrap(),
    );
    hint_is_drawn_not_played(Anthill::from_setup(&anthill::Setup { seed, deal: None }).unwrap());
    hint_is_drawn_not_played(
        AntsSolitaire::from_setup(&ants_solitaire::Setup {
            variant: Variant::Strict,
            seed,
            deal: None,
        })
        .unwrap(),
    );
}

/// A select names the cards that go: a group by its base card, the
/// card it lands on, or the empty pile it fills.
#[test]
fn moves_name_their_cards_from_the_view() {
    let piles = [
        "KN 9LN 8YN 7SN 6LN 5YN 4YN 3SN 2MN",
        "4WL",
        "9MS AN",
        "5SW 3MW",
        "4MS",
        "8MS",
        "6LN",
        "",
    ];
    let game = Myrmex::laid_out(MyrmexLevel::Larval, piles, &DSuit::ALL[..5]);
    let view = game.player_view();
    let legal: Vec<String> = game.legal_actions().iter().map(ToString::to_string).collect();
    for action in ["1-2", "1:2-8"] {
        assert!(legal.contains(&action.to_string()), "{action} in {legal:?}");
    }
    let words = |action| Myrmex::move_cards(&view, action).unwrap();
    assert!(
        words("1-2").contains("and 1 card above it onto 4"),
        "{}",
        words("1-2")
    );
    assert!(
        words("1:2-8").ends_with("and 1 card above it to the empty pile"),
        "{}",
        words("1:2-8")
    );
    assert_eq!(Myrmex::move_cards(&view, "deal"), None);
}

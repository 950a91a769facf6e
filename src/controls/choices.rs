//! The options of starting a game, in the words every front end shows:
//! the fixed choices of a slash command's options (Discord registers them)
//! and the form the web table draws from [`new_game_options`]. The service
//! checks whatever arrives; these only say what may be asked.

use crate::rules::{GameKind, Kind};
use serde::Serialize;

/// An option of fixed string choices.
pub trait StringChoice: Copy + Send + Sync + Sized + 'static {
    /// Every choice, in the order they are shown.
    fn all() -> Vec<Self>;
    /// What the service receives.
    fn value(self) -> &'static str;
    /// What a player reads.
    fn label(self) -> String;
}

/// An enum of fixed words, each with the value sent and the label shown.
macro_rules! string_choice {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => ($value:literal, $label:literal)),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name {
            $($variant),+
        }

        impl $crate::controls::choices::StringChoice for $name {
            fn all() -> Vec<$name> {
                vec![$($name::$variant),+]
            }

            fn value(self) -> &'static str {
                match self {
                    $($name::$variant => $value),+
                }
            }

            fn label(self) -> String {
                match self {
                    $($name::$variant => $label.to_string()),+
                }
            }
        }
    };
}
pub(crate) use string_choice;

string_choice! {
    /// The army the challenger plays.
    Color {
        Red => ("red", "Red (moves first)"),
        Black => ("black", "Black"),
        Random => ("random", "Random"),
    }
}

string_choice! {
    /// How the armies are set up.
    Deployment {
        Random => ("random", "Random: dealt at random"),
        Minor => ("minor", "Minor: each row placed in private"),
        Total => ("total", "Total: the whole army placed in private"),
    }
}

string_choice! {
    /// The computer opponent's strength.
    Level {
        Easy => ("easy", "Easy"),
        Normal => ("normal", "Normal"),
        Hard => ("hard", "Hard"),
    }
}

string_choice! {
    /// Myrmex levels.
    MyrmexLevel {
        Minor => ("minor", "Minor worker (the basic game)"),
        Larval => ("larval", "Larval stage (all cards face up)"),
        Major => ("major", "Major worker (with Pawns)"),
        Queen => ("queen", "Queen level (with Pawns and Courts)"),
    }
}

string_choice! {
    /// Ants Solitaire variants.
    AntsVariant {
        Strict => ("strict", "Strict: deal only when stuck"),
        Relaxed => ("relaxed", "Relaxed: deal any time"),
    }
}

/// The longest seed a command takes: a `u64` has at most 20 digits.
pub const SEED_LEN: usize = 20;
/// The longest Army Ants position a command takes.
pub const POSITION_LEN: usize = 200;
/// The longest patience deal a command takes (card codes).
pub const PATIENCE_DEAL_LEN: usize = 400;
/// The longest Atta Ants deal a command takes (card codes).
pub const ATTA_DEAL_LEN: usize = 200;
/// The longest opponent's name the web table sends.
pub const NAME_LEN: usize = 32;
/// The opponent's name that means the computer.
pub const COMPUTER: &str = "antics";

/// One option of starting a game, as a form shows it.
#[derive(Clone, Debug, Serialize)]
pub struct GameOption {
    /// The command's option name, which the service reads.
    pub name: &'static str,
    pub label: &'static str,
    #[serde(flatten)]
    pub input: OptionInput,
    /// Offered only while another option holds one of these values: any
    /// other way the service would refuse it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_when: Option<OnlyWhen>,
}

/// How an option is given.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "input", rename_all = "snake_case")]
pub enum OptionInput {
    /// One of fixed words, `default` chosen until changed.
    Choice {
        choices: Vec<Choice>,
        default: &'static str,
    },
    /// Free text of at most `max_len` characters; `hint` says what it takes.
    Text { max_len: usize, hint: &'static str },
    /// On or off (sent only when on).
    Toggle,
}

#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    pub value: &'static str,
    pub label: String,
}

/// The condition on another option under which an option makes sense.
#[derive(Clone, Debug, Serialize)]
pub struct OnlyWhen {
    pub option: &'static str,
    pub is: &'static [&'static str],
}

fn choice<T: StringChoice>(name: &'static str, label: &'static str, default: T) -> GameOption {
    let choices = T::all()
        .into_iter()
        .map(|c| Choice {
            value: c.value(),
            label: c.label(),
        })
        .collect();
    GameOption {
        name,
        label,
        input: OptionInput::Choice {
            choices,
            default: default.value(),
        },
        only_when: None,
    }
}

fn text(name: &'static str, label: &'static str, max_len: usize, hint: &'static str) -> GameOption {
    GameOption {
        name,
        label,
        input: OptionInput::Text { max_len, hint },
        only_when: None,
    }
}

impl GameOption {
    fn only_when(self, option: &'static str, is: &'static [&'static str]) -> GameOption {
        GameOption {
            only_when: Some(OnlyWhen { option, is }),
            ..self
        }
    }
}

/// Every option of starting a game of `kind`, as its command has them
/// (`/armyants challenge`, `/atta new`, `/solitaire new`), in that order:
/// an unlisted patience takes a seed or a deal, as every patience does.
pub fn new_game_options(kind: Kind) -> Vec<GameOption> {
    match kind {
        Kind::Listed(kind) => listed_options(kind),
        Kind::Unlisted(_) if kind.is_patience() => vec![seed(), patience_deal()],
        Kind::Unlisted(_) => vec![seed()],
    }
}

fn seed() -> GameOption {
    text("seed", "Seed", SEED_LEN, "a whole number: same seed, same deal")
}

fn listed_options(kind: GameKind) -> Vec<GameOption> {
    match kind {
        GameKind::ArmyAnts => vec![
            text(
                "opponent",
                "Opponent",
                NAME_LEN,
                "anyone here, or antics (the computer)",
            ),
            choice("level", "Computer level", Level::Normal).only_when("opponent", &[COMPUTER]),
            choice("color", "Your army", Color::Random),
            choice("deployment", "Armies", Deployment::Random),
            text(
                "position",
                "Position",
                POSITION_LEN,
                "Army Ants position notation",
            )
            .only_when("deployment", &["random"]),
            seed(),
        ],
        GameKind::AttaAnts => vec![
            seed(),
            text("deal", "Deal", ATTA_DEAL_LEN, "card codes, first drawn first"),
        ],
        GameKind::Myrmex => vec![
            choice("level", "Level", MyrmexLevel::Minor),
            GameOption {
                name: "closed",
                label: "Closed: only the top cards face up",
                input: OptionInput::Toggle,
                only_when: Some(OnlyWhen {
                    option: "level",
                    is: &["major", "queen"],
                }),
            },
            seed(),
            patience_deal(),
        ],
        GameKind::Ants => vec![
            choice("variant", "Variant", AntsVariant::Strict),
            seed(),
            patience_deal(),
        ],
        GameKind::Anthill => vec![seed(), patience_deal()],
    }
}

fn patience_deal() -> GameOption {
    text("deal", "Deal", PATIENCE_DEAL_LEN, "card codes, first dealt first")
}

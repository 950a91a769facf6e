//! A hint in the player's words, worded once for every patience.

use super::hint::{Hint, Tally};

impl Hint {
    /// What a hint says to the player: what it knows, and no more. With cards
    /// hidden it says in how many of the ways the stock could lie that it
    /// searched (all of them, or a sample) a winning line starts with the move.
    pub fn told(&self) -> String {
        self.told_naming(&|action| format!("**{action}**"))
    }

    /// [`Hint::told`], each action named by `name` (its notation in bold,
    /// and the cards it moves where the caller can see them).
    pub fn told_naming(&self, name: &dyn Fn(&str) -> String) -> String {
        let ways = |n: usize| format!("{n} way{}", if n == 1 { "" } else { "s" });
        let searched = |t: &Tally| if t.every { "all checked" } else { "sampled" };
        let undecided = |t: &Tally| match t.undecided {
            0 => String::new(),
            n => format!(", {n} undecided within my budget"),
        };
        match self {
            Hint::Next { action, line_len } => format!(
                "Play {}: it starts a winning line of {line_len} action{}.",
                name(action),
                if *line_len == 1 { "" } else { "s" }
            ),
            Hint::Likely { action, ways: t } if t.every && t.wins == t.searched => format!(
                "Play {}: it wins whatever the stock holds ({}).",
                name(action),
                match t.searched {
                    1 => "the one way it could lie, checked".to_string(),
                    n => format!("all {n} ways it could lie checked"),
                }
            ),
            Hint::Likely { action, ways: t } => format!(
                "Play {}: it wins in {} of {} the stock could lie ({}{}).",
                name(action),
                t.wins,
                ways(t.searched),
                searched(t),
                undecided(t)
            ),
            Hint::NoWin { ways: t } if t.undecided == 0 && t.every => format!(
                "This position can no longer be won: no line wins in any of the {} the stock could lie.",
                ways(t.searched)
            ),
            Hint::NoWin { ways: t } if t.undecided == 0 => format!(
                "No line wins in any of the {} the stock could lie (sampled).",
                ways(t.searched)
            ),
            Hint::NoWin { ways: t } => format!(
                "No line wins in {} of {} the stock could lie ({}{}).",
                t.losses(),
                ways(t.searched),
                searched(t),
                undecided(t)
            ),
            Hint::Suggestion { action } => format!(
                "I found no line of moves to another chamber or a face-down card within my \
                 budget. From the cards you can see, try {} (no promise that it leads to one).",
                name(action)
            ),
            Hint::Progress {
                action,
                line_len,
                cards_down,
            } => format!(
                "Play {}: it starts a line of {} to {}.",
                name(action),
                crate::rules::counted(*line_len, "action"),
                if *cards_down {
                    "another chamber or a card turned face up"
                } else {
                    "another chamber"
                }
            ),
            Hint::NoProgress => {
                "From the cards you can see, no line of moves completes another chamber or turns a \
                 face-down card up: nothing is left to gain, so you may end the game now."
                    .into()
            }
            Hint::Partial { ways: t, lead } => format!(
                "No line makes all six chambers in {} of {} the stock could lie ({}{}). {}",
                t.losses(),
                ways(t.searched),
                searched(t),
                undecided(t),
                lead.told_naming(name)
            ),
            Hint::Deal { undecided: false } => {
                "From the cards you can see, no line of moves completes another \
                 chamber or turns a face-down card up: **deal** the next row from the stock."
                    .into()
            }
            Hint::Deal { undecided: true } => {
                "I found no line of moves to another chamber or a face-down card \
                 within my budget: **deal** the next row from the stock."
                    .into()
            }
            Hint::NothingFound => {
                "I found no line of moves to another chamber or a face-down card within my \
                 budget, and nothing I tried gained anything: you may end the game now."
                    .into()
            }
            Hint::Lost => "This position can no longer be won.".into(),
            Hint::Undecided => "I could not decide within my budget whether this position can be won.".into(),
            Hint::Nothing => {
                "I see no move worth suggesting that does not go back to a position you have played.".into()
            }
        }
    }
}

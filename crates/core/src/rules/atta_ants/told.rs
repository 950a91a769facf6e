//! The outcome in words, once for every front end: the board's banner,
//! the turn line, the record and the result.

use super::{Colour, Outcome};

impl Outcome {
    /// The result as a headline, each player in first place named by
    /// `name`: "alice (Red) wins" or "A tie: alice (Red) and bob (Yellow)".
    pub fn headline(&self, name: impl Fn(Colour) -> String) -> String {
        let named: Vec<String> = self.first_place().into_iter().map(name).collect();
        match named.as_slice() {
            [one] => format!("{one} wins"),
            [] => "Game over".into(),
            all => format!("A tie: {}", crate::rules::listed(all, "and")),
        }
    }

    /// The outcome in words with the ranking, each player named by `name`
    /// ("alice (Red) wins, six ants in play at the end of a round.
    /// Ranking: 1. alice (Red): 6 ants, 0 eaten; 2. ..."): the one wording
    /// of the turn line, the record and the result.
    pub fn told(&self, name: impl Fn(Colour) -> String) -> String {
        let head = match self.winner() {
            Some(w) => format!("{} wins, {}", name(w), self.reason.describe()),
            None => {
                let tied: Vec<String> = self.first_place().into_iter().map(&name).collect();
                format!("a tie between {}, {}", tied.join(" and "), self.reason.describe())
            }
        };
        let ranking: Vec<String> = self
            .standings
            .iter()
            .map(|s| {
                format!(
                    "{}. {}: {}, {} eaten{}",
                    s.place,
                    name(s.colour),
                    crate::rules::counted(s.ants.into(), "ant"),
                    s.eaten,
                    if s.departed { ", left" } else { "" }
                )
            })
            .collect();
        format!("{head}. Ranking: {}", ranking.join("; "))
    }
}

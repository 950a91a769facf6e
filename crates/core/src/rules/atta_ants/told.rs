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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::atta_ants::{EndReason, Standing};

    fn standing(colour: Colour, place: u8, ants: u8, departed: bool) -> Standing {
        Standing {
            colour,
            place,
            ants,
            eaten: 1,
            departed,
        }
    }

    fn name(colour: Colour) -> String {
        let names = ["alice", "bob", "carol", "dave"];
        format!("{} ({colour})", names[colour.index()])
    }

    /// A win names the winner and why, then ranks every player, those who
    /// left marked so.
    #[test]
    fn a_win_is_told_with_the_ranking() {
        let outcome = Outcome {
            reason: EndReason::SixAnts,
            standings: vec![
                standing(Colour::Yellow, 1, 6, false),
                standing(Colour::Red, 2, 1, true),
            ],
        };
        assert_eq!(outcome.headline(name), "bob (Yellow) wins");
        assert_eq!(
            outcome.told(name),
            "bob (Yellow) wins, six ants in play at the end of a round. \
             Ranking: 1. bob (Yellow): 6 ants, 1 eaten; 2. alice (Red): 1 ant, 1 eaten, left"
        );
    }

    /// "Players still equal share the place": a tie names everyone in first
    /// place.
    #[test]
    fn a_tie_is_told_with_everyone_in_first_place() {
        let outcome = Outcome {
            reason: EndReason::LastCard,
            standings: [Colour::Red, Colour::Yellow, Colour::Orange]
                .map(|c| standing(c, 1, 3, false))
                .to_vec(),
        };
        assert_eq!(
            outcome.headline(name),
            "A tie: alice (Red), bob (Yellow) and carol (Orange)"
        );
        assert!(outcome.told(name).starts_with(
            "a tie between alice (Red) and bob (Yellow) and carol (Orange), the round of the last card is over. Ranking: 1. alice (Red): 3 ants"
        ));
    }
}

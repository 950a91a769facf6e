//! How each patience plugs into the service: its options and its picture.

use crate::protocol::options;
use crate::protocol::types::Options;
use crate::render::{self, Region};
use crate::rules::anthill::{self, Anthill};
use crate::rules::ants_solitaire::{self, AntsSolitaire, Variant};
use crate::rules::cards::{DecktetCard, MyrmexLevel};
use crate::rules::myrmex::{self, Myrmex};
use crate::rules::patience::{minutes, Patience};
use crate::rules::{DailySetup, GameKind, Kind};
use crate::service::error::UserError;
use crate::service::SolitaireRules;
use std::fmt::Display;

/// Cards as the notation writes them, a space between.
fn cards<C: Display>(cards: impl IntoIterator<Item = C>) -> String {
    cards
        .into_iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The two ends of a move `F-T` or `F:N-T` (`t3-f2` for Ants Solitaire:
/// the letters kept), as written.
fn move_ends(action: &str) -> Option<(&str, &str)> {
    let (from, to) = action.split_once('-')?;
    Some((from.split(':').next()?, to))
}

/// A pile by its number in a move (1 first), among `piles`.
fn pile_at<'a, T>(piles: &'a [T], number: &str) -> Option<&'a T> {
    piles.get(number.parse::<usize>().ok()?.checked_sub(1)?)
}

/// "9♠ onto 10♦", "9♠ to the empty spot": a card and where it goes.
fn onto(card: impl Display, target: Option<impl Display>, empty: &str) -> String {
    match target {
        Some(target) => format!("{card} onto {target}"),
        None => format!("{card} to the empty {empty}"),
    }
}

/// A Decktet card as the board names it: "7 Chance Meeting", "Ace of
/// Leaves", "Crown Sea".
fn decktet_words(card: DecktetCard) -> String {
    match card.rank() {
        crate::rules::cards::DRank::Ace => card.name().to_string(),
        rank => format!("{} {}", rank.name(), card.name()),
    }
}

/// A standard card as the board shows it: "10♦", "Q♠".
fn card_words(card: &crate::rules::cards::StdCard) -> String {
    let rank = match card.rank.value() {
        10 => "10".to_string(),
        _ => card.rank.symbol().to_string(),
    };
    format!("{rank}{}", card.suit.symbol())
}

/// Piles of cards, a `/` between.
fn piles<'a, C: Display + 'a>(piles: impl IntoIterator<Item = &'a Vec<C>>) -> String
where
    &'a C: Display,
{
    piles.into_iter().map(cards).collect::<Vec<_>>().join("/")
}

impl SolitaireRules for Myrmex {
    const KIND: Kind = Kind::Listed(GameKind::Myrmex);
    const FULL_SCORE: i64 = myrmex::CHAMBERS as i64;
    const OPTIONS: &'static [&'static str] = &["level", "closed"];

    fn mark_hint(before: &mut myrmex::View, after: &myrmex::View) {
        before.last_action = after.last_action;
        before.last_move = after.last_move;
        before.last_dealt = after.last_dealt;
        before.hinted = true;
    }

    fn setup(opts: &Options, seed: Option<u64>, deal: Option<String>) -> Result<Self::Setup, UserError> {
        let level = match options::choice(opts, "level", &MyrmexLevel::ALL.map(MyrmexLevel::as_str))? {
            Some(level) => MyrmexLevel::parse(level).expect("one of the choices"),
            None => MyrmexLevel::Minor,
        };
        let closed = options::choice(opts, "closed", &["true", "false", "yes", "no"])?
            .is_some_and(|c| c == "true" || c == "yes");
        Ok(myrmex::Setup {
            level,
            closed,
            seed,
            deal,
            ends_when_dead: true,
        })
    }

    /// Open, at the day's level, ending when dead.
    fn daily_setup(seed: u64) -> Option<myrmex::Setup> {
        let Some(DailySetup::Myrmex(level)) = GameKind::Myrmex.daily() else {
            return None;
        };
        Some(myrmex::Setup {
            level,
            closed: false,
            seed: Some(seed),
            deal: None,
            ends_when_dead: true,
        })
    }

    /// The face-up cards only: the levels deal the same piles, so a deal of
    /// any level that shows a day's cards is that day's in disguise.
    fn move_cards(view: &myrmex::View, action: &str) -> Option<String> {
        let (from, to) = move_ends(action)?;
        let source = &pile_at(&view.piles, from)?.cards;
        let target = pile_at(&view.piles, to)?.cards.last().copied().flatten();
        let top = (*source.last()?)?;
        // `F:N-T` says how many cards go (to an empty pile); onto a card,
        // the group from the rank just below it up to the top.
        let count = match (action.split_once(':'), target) {
            (Some((_, rest)), _) => rest.split('-').next()?.parse().ok()?,
            (None, Some(onto)) => {
                let rank = |card: DecktetCard| myrmex::rank_index(view.level, card.rank());
                rank(onto).checked_sub(rank(top))?
            }
            (None, None) => 1,
        };
        let base = (*source.get(source.len().checked_sub(count)?)?)?;
        let more = match count {
            1 => String::new(),
            n => format!(" and {} above it", crate::rules::counted(n - 1, "card")),
        };
        Some(onto(
            format!("{}{more}", decktet_words(base)),
            target.map(decktet_words),
            "pile",
        ))
    }

    fn shown_cards(view: &myrmex::View) -> String {
        let up = view.piles.iter().map(|pile| cards(pile.cards.iter().flatten()));
        up.collect::<Vec<_>>().join("/")
    }

    /// A new game from an old deal ends by itself when no chamber is left
    /// to make, whatever the old game's rules were.
    fn renewed(setup: myrmex::Setup) -> myrmex::Setup {
        myrmex::Setup {
            ends_when_dead: true,
            ..setup
        }
    }

    fn canonical(&self, action: &Self::Action) -> Self::Action {
        Myrmex::canonical(self, action).unwrap_or(*action)
    }

    fn regions(view: &Self::View) -> Vec<Region> {
        render::myrmex_regions(view)
    }

    fn ended_by_itself(&self) -> Option<&'static str> {
        self.ending().and_then(myrmex::Ending::reason)
    }

    /// The rulings keep the time from the first move to the end, and name
    /// a win's tier by it.
    fn finish_detail(&self, elapsed_ms: i64) -> String {
        let Some(outcome) = self.outcome() else {
            return String::new();
        };
        let mins = minutes(elapsed_ms);
        if outcome.won {
            format!(
                "{} in {:.0} min: {}",
                outcome.detail,
                mins.ceil(),
                myrmex::time_tier(mins)
            )
        } else {
            format!("{} ({:.0} min)", outcome.detail, mins.ceil())
        }
    }
}

impl SolitaireRules for Anthill {
    const KIND: Kind = Kind::Listed(GameKind::Anthill);
    const FULL_SCORE: i64 = 52;
    const OPTIONS: &'static [&'static str] = &[];

    fn mark_hint(before: &mut anthill::View, after: &anthill::View) {
        before.progress.mark_hint(&after.progress);
    }

    fn setup(_opts: &Options, seed: Option<u64>, deal: Option<String>) -> Result<Self::Setup, UserError> {
        Ok(anthill::Setup { seed, deal })
    }

    fn daily_setup(seed: u64) -> Option<anthill::Setup> {
        let Some(DailySetup::Anthill) = GameKind::Anthill.daily() else {
            return None;
        };
        Some(anthill::Setup {
            seed: Some(seed),
            deal: None,
        })
    }

    fn move_cards(view: &anthill::View, action: &str) -> Option<String> {
        let (from, to) = move_ends(action)?;
        let card = pile_at(&view.spots, from)?.last()?;
        let target = pile_at(&view.spots, to)?.last();
        Some(onto(card_words(card), target.map(card_words), "spot"))
    }

    fn shown_cards(view: &anthill::View) -> String {
        piles(&view.spots)
    }

    fn regions(view: &Self::View) -> Vec<Region> {
        render::anthill_regions(view)
    }
}

impl SolitaireRules for AntsSolitaire {
    const KIND: Kind = Kind::Listed(GameKind::Ants);
    const FULL_SCORE: i64 = 52;
    const OPTIONS: &'static [&'static str] = &["variant"];

    fn mark_hint(before: &mut ants_solitaire::View, after: &ants_solitaire::View) {
        before.progress.mark_hint(&after.progress);
    }

    fn setup(opts: &Options, seed: Option<u64>, deal: Option<String>) -> Result<Self::Setup, UserError> {
        let variant = match options::choice(opts, "variant", &Variant::ALL.map(Variant::as_str))? {
            Some(v) => Variant::parse(v).expect("one of the choices"),
            None => Variant::Strict,
        };
        Ok(ants_solitaire::Setup { variant, seed, deal })
    }

    fn daily_setup(seed: u64) -> Option<ants_solitaire::Setup> {
        let Some(DailySetup::Ants(variant)) = GameKind::Ants.daily() else {
            return None;
        };
        Some(ants_solitaire::Setup {
            variant,
            seed: Some(seed),
            deal: None,
        })
    }

    fn move_cards(view: &ants_solitaire::View, action: &str) -> Option<String> {
        let (from, to) = move_ends(action)?;
        let pile = |end: &str| {
            let (letter, number) = end.split_at(1);
            let piles = match letter {
                "t" => &view.tableau,
                "f" => &view.foundations,
                _ => return None,
            };
            pile_at(piles, number)
        };
        let card = pile(from)?.last()?;
        Some(onto(card_words(card), pile(to)?.last().map(card_words), "pile"))
    }

    fn shown_cards(view: &ants_solitaire::View) -> String {
        format!("{}|{}", piles(&view.foundations), piles(&view.tableau))
    }

    fn regions(view: &Self::View) -> Vec<Region> {
        render::ants_regions(view)
    }
}

//! The clickable patience board: the components a patience message carries,
//! so that every legal move is at most two clicks away (a select of the
//! moves when they fit, otherwise pick where a move starts, then the move).
//!
//! Components that change the game carry its version (`pick.7`, `deal.7`):
//! a click on a board that is no longer current is refused, so a double tap
//! never plays twice.

use crate::protocol::ComponentId;
use crate::protocol::{ButtonStyle, Component, SelectOption};

/// The component tag of the patiences.
pub(crate) const TAG: &str = "sol";
/// Discord's limit on a select menu's options.
const MAX_OPTIONS: usize = 25;

/// Which face of the board a reply shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum View {
    /// The game in play: the move select and the buttons.
    Play,
    /// The moves that start with this prefix (the second click).
    From(String),
    /// "End this game?" with its confirmation.
    ConfirmEnd,
}

/// One option of the move select: a whole move, or a narrower set of moves
/// (the moves that start with `prefix`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    Move(String),
    Narrow { prefix: String, moves: usize },
}

impl Choice {
    /// The select value: `m:` and a move, or `p:` and a prefix.
    pub fn value(&self) -> String {
        match self {
            Choice::Move(m) => format!("m:{m}"),
            Choice::Narrow { prefix, .. } => format!("p:{prefix}"),
        }
    }

    pub fn parse(value: &str) -> Option<Choice> {
        if let Some(m) = value.strip_prefix("m:") {
            return Some(Choice::Move(m.to_string()));
        }
        value.strip_prefix("p:").map(|p| Choice::Narrow {
            prefix: p.to_string(),
            moves: 0,
        })
    }

    /// How the option reads: `3 → 7 · 9♠ onto 10♦` (`words` names the
    /// cards of a move, when it can), `3 → 7 (2 cards)`, `From 3 (4
    /// moves)`, `From 3, 2 cards (5 moves)`. Within Discord's 100
    /// characters.
    fn label(&self, words: &dyn Fn(&str) -> Option<String>) -> String {
        match self {
            Choice::Move(m) => match words(m) {
                Some(cards) => cut(&format!("{} · {cards}", move_words(m)), MAX_LABEL),
                None => move_words(m),
            },
            Choice::Narrow { prefix, moves } => {
                let moves = format!("{moves} move{}", if *moves == 1 { "" } else { "s" });
                match prefix.split_once(':') {
                    Some((from, count)) => format!("From {from}, {} ({moves})", cards(count)),
                    None => format!("From {prefix} ({moves})"),
                }
            }
        }
    }
}

/// Discord's limit on a select option's label, in characters.
const MAX_LABEL: usize = 100;

/// `text` within `most` characters, an ellipsis where it was cut.
fn cut(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        None => text.to_string(),
        Some(_) => {
            let kept: String = text.chars().take(most - 1).collect();
            format!("{}…", kept.trim_end())
        }
    }
}

/// A move as a select names it: `3 → 7`, or `3 → 7 (2 cards)` for a
/// move of several cards (`3:2-7`).
pub(crate) fn move_words(notation: &str) -> String {
    match notation.split_once(':') {
        Some((from, rest)) => {
            let (count, to) = rest.split_once('-').unwrap_or((rest, ""));
            format!("{from} → {to} ({})", cards(count))
        }
        None => notation.replace('-', " → "),
    }
}

/// "1 card", "3 cards".
fn cards(count: &str) -> String {
    format!("{count} card{}", if count == "1" { "" } else { "s" })
}

/// A move's notation cut where a person decides: the source, then a count
/// (Myrmex `:2`), then the target (`-7`). `3:2-7` is `3`, `:2`, `-7`.
fn steps(action: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in action.char_indices() {
        if i > 0 && (c == '-' || c == ':') {
            out.push(&action[start..i]);
            start = i;
        }
    }
    out.push(&action[start..]);
    out
}

/// The choices the select offers for `moves` under `prefix`: every move when
/// they fit in one select, otherwise the distinct next steps (a step with one
/// move is offered as that move).
pub(crate) fn choices(moves: &[String], prefix: &str) -> Vec<Choice> {
    let under: Vec<&String> = moves
        .iter()
        .filter(|m| prefix.is_empty() || steps(m).len() > 1 && starts_with_steps(m, prefix))
        .collect();
    if under.len() <= MAX_OPTIONS {
        return under.into_iter().map(|m| Choice::Move(m.clone())).collect();
    }
    // The shallowest cut whose groups each fit one select, so that the
    // next click plays a move: a Myrmex group move with many targets is
    // picked by source and count in one option (`3:2`), then the target.
    let first = steps(prefix).len() + usize::from(!prefix.is_empty());
    let deepest = under
        .iter()
        .map(|m| steps(m).len() - 1)
        .max()
        .unwrap_or(1)
        .max(first.max(1));
    let cut = |depth: usize| {
        let mut groups: Vec<(String, Vec<&String>)> = Vec::new();
        for m in &under {
            let key: String = steps(m).into_iter().take(depth).collect();
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, list)) => list.push(*m),
                None => groups.push((key, vec![*m])),
            }
        }
        groups
    };
    let cuts = (first.max(1)..=deepest).map(cut);
    let mut fallback = None;
    let mut chosen = None;
    for groups in cuts {
        if groups.len() > MAX_OPTIONS {
            break;
        }
        if groups.iter().all(|(_, list)| list.len() <= MAX_OPTIONS) {
            chosen = Some(groups);
            break;
        }
        fallback = Some(groups);
    }
    let groups = chosen.or(fallback).unwrap_or_else(|| cut(first.max(1)));
    groups
        .into_iter()
        .take(MAX_OPTIONS)
        .map(|(prefix, list)| match list.as_slice() {
            [only] => Choice::Move((*only).clone()),
            _ => Choice::Narrow {
                prefix,
                moves: list.len(),
            },
        })
        .collect()
}

/// Whether `action`'s first steps are exactly `prefix`'s.
fn starts_with_steps(action: &str, prefix: &str) -> bool {
    let (a, p) = (steps(action), steps(prefix));
    a.len() > p.len() && a[..p.len()] == p[..]
}

pub(crate) fn cid(game_id: &str, verb: &str) -> String {
    ComponentId::new(TAG, game_id, verb).encode()
}

/// A verb with the game's version, for components that change the game.
fn at(verb: &str, version: i64) -> String {
    format!("{verb}.{version}")
}

/// Reads `deal.7` as (`deal`, Some(7)); a verb without a version (boards
/// drawn before versions) as (verb, None).
pub(crate) fn versioned(verb: &str) -> (&str, Option<i64>) {
    match verb.split_once('.') {
        Some((name, v)) => match v.parse() {
            Ok(v) => (name, Some(v)),
            Err(_) => (verb, None),
        },
        None => (verb, None),
    }
}

/// What an open game's board carries. `legal` is the game's legal actions
/// in notation (`deal` and `end` among them); Undo shows when it can undo.
pub(crate) fn open_components(
    id: &str,
    version: i64,
    legal: &[String],
    can_undo: bool,
    view: &View,
    words: &dyn Fn(&str) -> Option<String>,
) -> Vec<Component> {
    let moves: Vec<String> = legal
        .iter()
        .filter(|a| *a != "deal" && *a != "end")
        .cloned()
        .collect();
    let mut components = Vec::new();
    match view {
        View::ConfirmEnd => {
            return vec![
                Component::button(
                    cid(id, &at("endok", version)),
                    "Yes, end the game",
                    ButtonStyle::Danger,
                ),
                Component::button(cid(id, "back"), "Keep playing", ButtonStyle::Secondary),
            ];
        }
        View::Play | View::From(_) => {}
    }
    let prefix = match view {
        View::From(p) => p.as_str(),
        _ => "",
    };
    let options: Vec<SelectOption> = choices(&moves, prefix)
        .iter()
        .map(|c| SelectOption {
            value: c.value(),
            label: c.label(words),
        })
        .collect();
    if !options.is_empty() {
        let placeholder = match view {
            View::From(p) => format!("Moves from {}", p.replace(':', ", cards: ")),
            _ if options.iter().all(|o| o.value.starts_with("m:")) => "Play a move".to_string(),
            _ => "Move from…".to_string(),
        };
        components.push(Component::Select {
            id: cid(id, &at("pick", version)),
            placeholder,
            options,
        });
    }
    if !prefix.is_empty() {
        components.push(Component::button(cid(id, "back"), "Back", ButtonStyle::Secondary));
    }
    if legal.iter().any(|a| a == "deal") {
        components.push(Component::button(
            cid(id, &at("deal", version)),
            "Deal",
            ButtonStyle::Primary,
        ));
    }
    if can_undo {
        components.push(Component::button(
            cid(id, &at("undo", version)),
            "Undo",
            ButtonStyle::Secondary,
        ));
    }
    components.push(Component::button(cid(id, "hint"), "Hint", ButtonStyle::Secondary));
    components.push(Component::button(cid(id, "end"), "End game", ButtonStyle::Danger));
    components
}

/// What a finished game's board carries: a new game, or (not for daily
/// deals, whose deal others may still be playing) the same deal again.
/// What a finished patience offers to play next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// Another deal, or the same one again.
    AnyDeal,
    /// A daily attempt: its deal again, as practice.
    Practice,
    /// An event's deal: played once; the standings board has the others.
    Nothing,
}

pub(crate) fn finished_components(id: &str, next: Next) -> Vec<Component> {
    let review = Component::button(cid(id, "review"), "Review", ButtonStyle::Secondary);
    match next {
        Next::AnyDeal => vec![
            Component::button(cid(id, "again"), "Play again", ButtonStyle::Primary),
            Component::button(cid(id, "same"), "Same deal", ButtonStyle::Secondary),
            review,
        ],
        Next::Practice => vec![
            Component::button(cid(id, "again"), "Practice this deal", ButtonStyle::Primary),
            review,
        ],
        Next::Nothing => vec![review],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn steps_cut_source_count_and_target() {
        assert_eq!(steps("3:2-7"), ["3", ":2", "-7"]);
        assert_eq!(steps("t3-f2"), ["t3", "-f2"]);
        assert_eq!(steps("10-1"), ["10", "-1"]);
    }

    #[test]
    fn few_moves_are_offered_whole() {
        let m = moves(&["3-7", "4-1"]);
        assert_eq!(
            choices(&m, ""),
            vec![Choice::Move("3-7".into()), Choice::Move("4-1".into())]
        );
    }

    #[test]
    fn many_moves_are_picked_by_source_then_target() {
        // 8 sources with 4 targets each: 32 moves, more than a select holds.
        let m: Vec<String> = (1..=8)
            .flat_map(|f| (1..=4).map(move |t| format!("{f}-{}", t + 8)))
            .collect();
        let first = choices(&m, "");
        assert_eq!(first.len(), 8);
        assert_eq!(
            first[0],
            Choice::Narrow {
                prefix: "1".into(),
                moves: 4
            }
        );
        let second = choices(&m, "1");
        assert_eq!(second.len(), 4);
        assert!(second
            .iter()
            .all(|c| matches!(c, Choice::Move(m) if m.starts_with("1-"))));
        // `1` is not a prefix of `10-...`'s source.
        let m2 = moves(&["1-2", "10-2"]);
        assert_eq!(choices(&m2, "1"), vec![Choice::Move("1-2".into())]);
    }

    #[test]
    fn group_moves_pick_the_count_too() {
        let mut m: Vec<String> = Vec::new();
        for count in 1..=6 {
            for to in [2, 5, 8, 9, 10] {
                m.push(format!("3:{count}-{to}"));
            }
        }
        // Source and count in one option, then the target: two clicks.
        let counts = choices(&m, "");
        assert_eq!(counts.len(), 6);
        assert_eq!(
            counts[1],
            Choice::Narrow {
                prefix: "3:2".into(),
                moves: 5
            }
        );
        assert_eq!(choices(&m, "3:2").len(), 5);
    }

    /// No card words: the notation alone.
    fn bare(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn labels_read_as_moves() {
        assert_eq!(Choice::Move("3-7".into()).label(&bare), "3 → 7");
        assert_eq!(Choice::Move("3:2-7".into()).label(&bare), "3 → 7 (2 cards)");
        assert_eq!(Choice::Move("3:1-7".into()).label(&bare), "3 → 7 (1 card)");
        assert_eq!(Choice::Move("t3-f2".into()).label(&bare), "t3 → f2");
        let narrow = |prefix: &str| Choice::Narrow {
            prefix: prefix.into(),
            moves: 5,
        };
        assert_eq!(narrow("3").label(&bare), "From 3 (5 moves)");
        assert_eq!(narrow("3:2").label(&bare), "From 3, 2 cards (5 moves)");
        assert_eq!(narrow("3:1").label(&bare), "From 3, 1 card (5 moves)");
    }

    /// Issue: "the Discord move select says '1 -> 4', not the cards". With
    /// the game's words a move names its cards, within Discord's 100
    /// characters.
    #[test]
    fn labels_name_the_cards_within_the_limit() {
        let named = |_: &str| Some("9♠ onto 10♦".to_string());
        assert_eq!(
            Choice::Move("t3-f2".into()).label(&named),
            "t3 → f2 · 9♠ onto 10♦"
        );
        let long = |_: &str| Some("x".repeat(200));
        let label = Choice::Move("3-7".into()).label(&long);
        assert_eq!(label.chars().count(), MAX_LABEL);
        assert!(label.ends_with('…'));
    }

    #[test]
    fn values_round_trip() {
        for c in [
            Choice::Move("3:2-7".into()),
            Choice::Narrow {
                prefix: "3:2".into(),
                moves: 0,
            },
        ] {
            assert_eq!(Choice::parse(&c.value()), Some(c));
        }
        assert_eq!(versioned("deal.12"), ("deal", Some(12)));
        assert_eq!(versioned("deal"), ("deal", None));
    }

    /// Every action reachable from the board `legal` gives, in at most
    /// two clicks: a select option that plays a move, one that narrows and
    /// then plays, Deal, and End game then its confirmation.
    fn reachable(legal: &[String]) -> Vec<String> {
        let mut out = Vec::new();
        let play = |c: &Component, out: &mut Vec<String>, narrow: &mut Vec<String>| {
            let Component::Select { options, .. } = c else {
                return;
            };
            for o in options {
                match Choice::parse(&o.value).expect("a choice") {
                    Choice::Move(m) => out.push(m),
                    Choice::Narrow { prefix, .. } => narrow.push(prefix),
                }
            }
        };
        let board = open_components("abcdefghij", 7, legal, false, &View::Play, &bare);
        let mut narrow = Vec::new();
        for c in &board {
            play(c, &mut out, &mut narrow);
            let (verb, _) = versioned(c.id().rsplit(':').next().unwrap_or(""));
            match verb {
                "deal" => out.push("deal".into()),
                "end" => {
                    let confirm = open_components("abcdefghij", 7, legal, false, &View::ConfirmEnd, &bare);
                    if confirm.iter().any(|c| c.id().contains("endok.7")) {
                        out.push("end".into());
                    }
                }
                _ => {}
            }
        }
        for prefix in narrow {
            let mut deeper = Vec::new();
            for c in &open_components("abcdefghij", 7, legal, false, &View::From(prefix.clone()), &bare) {
                play(c, &mut out, &mut deeper);
            }
            assert!(deeper.is_empty(), "a third click under {prefix}: {deeper:?}");
        }
        out.sort();
        out.dedup();
        out
    }

    /// Plays `G` from random seeds by random legal moves and checks, in
    /// every position, that the board's components reach exactly the legal
    /// actions within two clicks (issue 25: "every legal move at most two
    /// clicks from the board").
    fn two_clicks_reach_the_legal_set<G: crate::rules::patience::Patience>(
        setup: G::Setup,
        seed: u64,
        moves: usize,
    ) {
        use rand::{Rng, SeedableRng};
        let mut game = G::from_setup(&setup).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        for _ in 0..moves {
            let legal: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
            if legal.is_empty() {
                break;
            }
            let mut sorted = legal.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(
                reachable(&legal),
                sorted,
                "{} seed {seed}",
                std::any::type_name::<G>()
            );
            let playable: Vec<&String> = legal.iter().filter(|a| *a != "end").collect();
            let Some(pick) = playable.get(rng.random_range(0..playable.len().max(1))) else {
                break;
            };
            game.apply(&pick.parse().unwrap()).unwrap();
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(crate::proptest_cases(12)))]
        #[test]
        fn every_patience_move_is_at_most_two_clicks_away(seed in 0u64..1_000_000) {
            use crate::rules::{anthill, ants_solitaire, myrmex};
            let seed_ = Some(seed);
            for level in crate::rules::cards::MyrmexLevel::ALL {
                // Clicks, not the end-game check: a game that would end
                // when dead plays on, so each move is not followed by a
                // search of the end game (nine tenths of this test's time).
                let setup = myrmex::Setup { level, closed: false, seed: seed_, deal: None, ends_when_dead: false };
                two_clicks_reach_the_legal_set::<myrmex::Myrmex>(setup, seed, 150);
            }
            let setup = anthill::Setup { seed: seed_, deal: None };
            two_clicks_reach_the_legal_set::<anthill::Anthill>(setup, seed, 150);
            for variant in ants_solitaire::Variant::ALL {
                let setup = ants_solitaire::Setup { variant, seed: seed_, deal: None };
                two_clicks_reach_the_legal_set::<ants_solitaire::AntsSolitaire>(setup, seed, 150);
            }
        }
    }

    #[test]
    fn every_component_fits_discord() {
        let legal: Vec<String> = (1..=10)
            .flat_map(|f| (1..=10).map(move |t| format!("{f}:{t}-{}", (f % 10) + 1)))
            .chain(["deal".to_string(), "end".to_string()])
            .collect();
        let comps = open_components("abcdefghij", i64::MAX, &legal, true, &View::Play, &bare);
        for c in &comps {
            assert!(c.id().len() <= 100);
            if let Component::Select { options, .. } = c {
                assert!(options.len() <= 25);
                assert!(options
                    .iter()
                    .all(|o| o.label.len() <= 100 && o.value.len() <= 100));
            }
        }
        // One select row and one row of at most five buttons.
        let buttons = comps
            .iter()
            .filter(|c| matches!(c, Component::Button { .. }))
            .count();
        assert!(buttons <= 5);
    }
}

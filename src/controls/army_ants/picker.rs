//! The move picker: every legal Army Ants action at most two clicks from
//! the board, within Discord's limits (25 options a select, 5 rows a
//! message). The board's select picks a card, or plays the Queen's Favor at
//! once; the card's moves then come in one private message, in selects by
//! kind (attacks, moves out, swaps, marches), a kind too long for one select
//! split by target square. Labels say what happens in words, the notation
//! second.
//!
//! A card lists the actions that move it: its moves out and attacks, its
//! swaps (a swap is listed under both of its cards), and the marches of the
//! lines it heads (a march is listed under the card at the line's first end,
//! the one nearer column a or row 1). So one card never has more than 119
//! actions: 39 moves out less the cards of its lines, 4 attacks, 4 swaps,
//! and the marches of at most 7 columns segments and 4 row segments, each
//! with at most 4 + (8 - length) or 7 + (5 - length) destinations. Five
//! selects of 25 always hold them.

use crate::protocol::SelectOption;
use crate::rules::army_ants::{Action, ArmyAnts, Board, Card, Line, Side, Square};

/// Options of one select.
pub const MAX_OPTIONS: usize = 25;
/// Action rows of one message.
pub const MAX_ROWS: usize = 5;
/// The value of the Queen's Favor in a card select.
pub const FAVOR: &str = "favor";

/// The cards whose picker lists `action`.
pub fn listed_under(action: &Action) -> Vec<Square> {
    match action {
        Action::MoveOut { from, .. } | Action::Attack { from, .. } => vec![*from],
        Action::Swap(a, b) => vec![*a, *b],
        Action::March { from, .. } => vec![from.first],
        _ => vec![],
    }
}

/// The kinds of command, in the order a picker shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Attack,
    MoveOut,
    Swap,
    March,
}

impl Kind {
    fn of(action: &Action) -> Option<Kind> {
        match action {
            Action::Attack { .. } => Some(Kind::Attack),
            Action::MoveOut { .. } => Some(Kind::MoveOut),
            Action::Swap(..) => Some(Kind::Swap),
            Action::March { .. } => Some(Kind::March),
            _ => None,
        }
    }

    fn title(self, count: usize) -> &'static str {
        match (self, count) {
            (Kind::Attack, 1) => "Attack",
            (Kind::Attack, _) => "Attacks",
            (Kind::MoveOut, 1) => "Move out",
            (Kind::MoveOut, _) => "Moves out",
            (Kind::Swap, 1) => "Swap",
            (Kind::Swap, _) => "Swaps",
            (Kind::March, 1) => "March",
            (Kind::March, _) => "Marches",
        }
    }
}

/// The square an action is aimed at, for ordering and for naming the
/// range of a select: where the card lands, the card it swaps with, the
/// first end of the line a march lands on.
fn target(action: &Action, card: Square) -> Square {
    match action {
        Action::MoveOut { to, .. } | Action::Attack { to, .. } => *to,
        Action::Swap(a, b) if *a == card => *b,
        Action::Swap(a, _) => *a,
        Action::March { to, .. } => to.first,
        _ => card,
    }
}

/// The legal actions listed under the card on `square`: attacks (on the
/// Queen first), moves out, swaps, marches, each by target square.
pub fn moves_of(game: &ArmyAnts, square: Square) -> Vec<Action> {
    let board = game.board();
    let queen_first = |a: &Action| match a {
        Action::Attack { to, .. } => !board.get(*to).is_some_and(|p| p.card.is_queen()),
        _ => true,
    };
    let mut moves: Vec<Action> = game
        .legal_actions()
        .into_iter()
        .filter(|a| listed_under(a).contains(&square))
        .collect();
    moves.sort_by_key(|a| {
        let march_len = match a {
            Action::March { from, .. } => from.len(),
            _ => 0,
        };
        (
            Kind::of(a),
            queen_first(a),
            march_len,
            target(a, square).board_order(),
        )
    });
    moves
}

/// One select of a card's picker: what it holds, and its actions.
#[derive(Debug)]
pub struct Group {
    pub placeholder: String,
    pub actions: Vec<Action>,
}

/// A card's moves (as [`moves_of`] orders them) in at most `rows` selects:
/// one select when they fit; else one or more selects a kind, a long kind
/// split by target square; else (too many kinds for the rows) the whole
/// list in even slices. `None` when even that needs more than `rows`.
pub fn groups(board: &Board, square: Square, moves: &[Action], rows: usize) -> Option<Vec<Group>> {
    let card = card_words(board, square);
    if moves.len() <= MAX_OPTIONS {
        return Some(vec![Group {
            placeholder: format!("Moves of the {card}"),
            actions: moves.to_vec(),
        }]);
    }
    let mut kinds: Vec<(Kind, Vec<Action>)> = Vec::new();
    for action in moves {
        let kind = Kind::of(action).expect("a picker lists board commands");
        match kinds.last_mut() {
            Some((k, list)) if *k == kind => list.push(action.clone()),
            _ => kinds.push((kind, vec![action.clone()])),
        }
    }
    let selects: usize = kinds
        .iter()
        .map(|(_, list)| list.len().div_ceil(MAX_OPTIONS))
        .sum();
    let out: Vec<Group> = if selects <= rows {
        kinds
            .iter()
            .flat_map(|(kind, list)| {
                let card = card.clone();
                let slices = slices(list);
                let split = slices.len() > 1;
                slices.into_iter().map(move |slice| Group {
                    placeholder: match split {
                        true => format!(
                            "{} of the {card} to {}",
                            kind.title(slice.len()),
                            range(&slice, square)
                        ),
                        false => format!("{} of the {card}", kind.title(slice.len())),
                    },
                    actions: slice,
                })
            })
            .collect()
    } else {
        let total = moves.len();
        let mut start = 0;
        slices(moves)
            .into_iter()
            .map(|slice| {
                let placeholder = format!(
                    "Moves {}–{} of {total} of the {card}",
                    start + 1,
                    start + slice.len()
                );
                start += slice.len();
                Group {
                    placeholder,
                    actions: slice,
                }
            })
            .collect()
    };
    (out.len() <= rows).then_some(out)
}

/// `list` cut into the fewest slices of at most 25, as even as can be.
fn slices(list: &[Action]) -> Vec<Vec<Action>> {
    let count = list.len().div_ceil(MAX_OPTIONS).max(1);
    let (size, extra) = (list.len() / count, list.len() % count);
    let mut out = Vec::new();
    let mut rest = list;
    for i in 0..count {
        let (head, tail) = rest.split_at(size + usize::from(i < extra));
        out.push(head.to_vec());
        rest = tail;
    }
    out
}

/// The targets a slice covers, by board order: "a1–c4".
fn range(slice: &[Action], card: Square) -> String {
    let mut targets: Vec<Square> = slice.iter().map(|a| target(a, card)).collect();
    targets.sort_by_key(|s| s.board_order());
    match (targets.first(), targets.last()) {
        (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
        (Some(a), _) => a.to_string(),
        _ => String::new(),
    }
}

/// A card's name: "Queen", "Ace", "9".
pub fn card_name(card: Card) -> String {
    match card {
        Card::Queen => "Queen".into(),
        Card::Ants(1) => "Ace".into(),
        Card::Ants(n) => n.to_string(),
    }
}

/// "9 on c4".
fn card_words(board: &Board, square: Square) -> String {
    match board.get(square) {
        Some(piece) => format!("{} on {square}", card_name(piece.card)),
        None => format!("card on {square}"),
    }
}

/// What `action` does, in words, then its notation: "9 on c4 takes the 7
/// on c5 · c4xc5". `card` is the card whose picker shows it (a swap is told
/// from that card's side).
pub fn label(board: &Board, action: &Action, card: Square) -> String {
    let words = match action {
        Action::MoveOut { from, to } => format!("{} moves out to {to}", card_words(board, *from)),
        Action::Attack { from, to } => {
            let attacker = board.get(*from).map(|p| p.card);
            let defender = board.get(*to).map(|p| p.card);
            let me = card_words(board, *from);
            let them = card_words(board, *to);
            match (attacker, defender) {
                (_, Some(Card::Queen)) => format!("{me} captures the Queen on {to} and wins"),
                (Some(a), Some(d)) if a == d => format!("{me} attacks the {them}: both are removed"),
                _ => format!("{me} takes the {them}"),
            }
        }
        Action::Swap(a, b) => {
            let (mine, other) = if *a == card { (*a, *b) } else { (*b, *a) };
            format!(
                "{} swaps with the {}",
                card_words(board, mine),
                card_words(board, other)
            )
        }
        Action::March { from, to } => {
            let cards: Vec<String> = from
                .squares()
                .filter_map(|s| board.get(s))
                .map(|p| card_name(p.card))
                .collect();
            format!("{} on {} march to {}", cards.join(", "), span(from), span(to))
        }
        Action::Favor => favor_words(board, side_to_favor(board, card)),
        other => other.to_string(),
    };
    format!("{words} · {action}")
}

/// "c4–c6".
fn span(line: &Line) -> String {
    format!("{}–{}", line.first, line.last)
}

fn side_to_favor(board: &Board, card: Square) -> Option<Side> {
    board.get(card).map(|p| p.side)
}

/// The Favor in words: where the Queen goes, and that the rally ends.
fn favor_words(board: &Board, side: Option<Side>) -> String {
    let queen = side.and_then(|s| board.queen(s).map(|q| (q, s.back_centre())));
    match queen {
        Some((from, to)) => {
            format!("Queen's Favor: your Queen goes from {from} to {to}, and your rally ends")
        }
        None => "Queen's Favor: your Queen goes to your back-row centre, and your rally ends".into(),
    }
}

/// The options of a select that picks a card of `side` to move: with the
/// side to move, every card with a legal action (and the Favor first, which
/// plays at once); otherwise every card of `side`, for when its turn comes.
pub fn card_options(game: &ArmyAnts, side: Side) -> Vec<SelectOption> {
    let board = game.board();
    let legal = game.legal_actions();
    let to_move = game.status() == crate::rules::army_ants::Status::ToMove(side);
    let mut options = Vec::new();
    if to_move && legal.contains(&Action::Favor) {
        options.push(SelectOption {
            value: FAVOR.into(),
            label: format!("{} · favor", favor_words(board, Some(side))),
        });
    }
    let mut squares: Vec<Square> = match to_move {
        true => legal.iter().flat_map(listed_under).collect(),
        false => board
            .pieces()
            .filter(|(_, p)| p.side == side)
            .map(|(s, _)| s)
            .collect(),
    };
    squares.sort_by_key(|s| s.board_order());
    squares.dedup();
    for square in squares {
        let count = legal
            .iter()
            .filter(|a| to_move && listed_under(a).contains(&square))
            .count();
        let label = match to_move {
            true => format!(
                "{} · {}",
                card_words(board, square),
                crate::rules::counted(count, "move")
            ),
            false => card_words(board, square),
        };
        options.push(SelectOption {
            value: square.to_string(),
            label,
        });
    }
    options
}

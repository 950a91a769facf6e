//! Position notation: `ROW8/ROW7/.../ROW1 SIDE PHASE`.

use super::board::{Board, Card, Piece, Side, Square, FILES, RANKS};
use super::game::{Cell, Phase, View, RALLY_TURNS};

/// A position parsed from text and checked: one Queen per side, at most two
/// cards of each value per side, no hidden cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedPosition {
    pub board: Board,
    pub to_move: Side,
    pub phase: Phase,
}

/// Writes the notation of what a view shows.
pub fn write_position(view: &View) -> String {
    let mut out = String::with_capacity(100);
    for rank in (0..RANKS).rev() {
        for file in 0..FILES {
            let sq = Square::new(file, rank).expect("on the board");
            match view.cell(sq) {
                Cell::Empty => out.push_str(".."),
                Cell::Card(piece) => out.push_str(&piece.code()),
                Cell::Hidden(side) => {
                    out.push(side.letter());
                    out.push('?');
                }
            }
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(view.side_to_move.letter());
    out.push(' ');
    match view.phase {
        Phase::Deploy => out.push_str("deploy"),
        Phase::Rally { red, black } => out.push_str(&format!("rally:{red},{black}")),
        Phase::Battle => out.push_str("battle"),
    }
    out
}

/// Parses and checks a position. Errors are short sentences for players.
pub fn parse_position(text: &str) -> Result<ParsedPosition, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [rows, side, phase] = fields.as_slice() else {
        return Err("a position is ROWS SIDE PHASE, like `.../r1r2r3r4r5 r battle`".into());
    };
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != RANKS as usize {
        return Err(format!(
            "a position has 8 rows separated by `/`, not {}",
            rows.len()
        ));
    }
    let mut board = Board::default();
    let mut counts = [[0u8; 10]; 2];
    for (i, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != 2 * FILES as usize {
            return Err(format!("row {} needs five cells of two characters", rank + 1));
        }
        for file in 0..FILES {
            let cell = &chars[2 * file as usize..2 * file as usize + 2];
            let sq = Square::new(file, rank).expect("on the board");
            if cell == ['.', '.'] {
                continue;
            }
            let side = match cell[0].to_ascii_lowercase() {
                'r' => Side::Red,
                'b' => Side::Black,
                _ => {
                    return Err(format!(
                        "{sq}: a cell is `..`, `r1`..`r9`, `rQ` or the same with `b`"
                    ))
                }
            };
            if cell[1] == '?' {
                return Err("a position to start from cannot have hidden cards".into());
            }
            let card = match cell[1] {
                'q' | 'Q' => Card::Queen,
                '1'..='9' => Card::Ants(cell[1] as u8 - b'0'),
                _ => return Err(format!("{sq}: a card is 1 to 9 or Q")),
            };
            counts[side.index()][card.value() as usize] += 1;
            board.set(sq, Some(Piece::new(side, card)));
        }
    }
    for side in Side::BOTH {
        let count = &counts[side.index()];
        if count[0] != 1 {
            return Err(format!("{side} needs exactly one Queen"));
        }
        if let Some(value) = (1..=9).find(|&v| count[v] > 2) {
            return Err(format!("{side} has more than two {value}s"));
        }
    }
    let to_move = match side.to_ascii_lowercase().as_str() {
        "r" => Side::Red,
        "b" => Side::Black,
        _ => return Err("the side to move is `r` or `b`".into()),
    };
    let phase_text = phase.to_ascii_lowercase();
    let phase = if phase_text == "battle" {
        Phase::Battle
    } else if let Some(counts) = phase_text.strip_prefix("rally:") {
        let parse = |s: &str| s.trim().parse::<u8>().ok().filter(|n| *n <= RALLY_TURNS);
        let (red, black) = counts
            .split_once(',')
            .and_then(|(r, b)| Some((parse(r)?, parse(b)?)))
            .ok_or("rally turns are written rally:R,B with each 0 to 5")?;
        let left = |s: Side| if s == Side::Red { red } else { black };
        if red == 0 && black == 0 {
            return Err("with no rally turns left, write the phase as `battle`".into());
        }
        if left(to_move) == 0 {
            return Err(format!(
                "{} has no rally turns left and cannot be to move",
                to_move
            ));
        }
        Phase::Rally { red, black }
    } else if phase_text == "deploy" {
        return Err("a position cannot be combined with a private deployment".into());
    } else {
        return Err("the phase is `rally:R,B` or `battle`".into());
    };
    Ok(ParsedPosition {
        board,
        to_move,
        phase,
    })
}

//! The Breakthrough board in text, from `breakthrough_view(Rows, Cols, Board, ToMove,
//! Last, Pieces)`: rows from the top (Black's side) down to row 1, `W` White's pieces,
//! `B` Black's, `.` an empty square; row numbers on the left and column letters under
//! the board, as in the algebraic notation; the last move's squares bracketed.

use super::Style;
use crate::term::{self, Term};
use std::fmt::Write as _;

/// A move's squares: from (row, column) to (row, column).
pub type MoveSquares = ((i64, i64), (i64, i64));

/// The squares of a move term `move(R1, C1, R2, C2)`.
pub fn move_squares(t: &Term) -> Option<MoveSquares> {
    let [r1, c1, r2, c2] = term::args(t, "move", 4)? else {
        return None;
    };
    Some((
        (term::as_i64(r1)?, term::as_i64(c1)?),
        (term::as_i64(r2)?, term::as_i64(c2)?),
    ))
}

/// What a view's board says of each square: rows from the top, each a list of
/// `w`, `b` or `e`.
pub fn board_cells(board: &Term) -> Option<Vec<Vec<char>>> {
    term::as_list(board)?
        .iter()
        .map(|row| {
            term::as_list(row)?
                .iter()
                .map(|cell| match term::as_atom(cell)? {
                    "w" => Some('w'),
                    "b" => Some('b'),
                    _ => Some('.'),
                })
                .collect()
        })
        .collect()
}

/// The last move of a view: `none` or `last(Move, Captured)`.
pub fn view_last(last: &Term) -> Option<(MoveSquares, bool)> {
    let [mv, captured] = term::args(last, "last", 2)? else {
        return None;
    };
    Some((move_squares(mv)?, term::as_atom(captured) == Some("true")))
}

/// The board as text.
pub fn render(view: &Term, _last: Option<&Term>, style: Style) -> Option<String> {
    let [rows, cols, board, _to_move, last, pieces] = term::args(view, "breakthrough_view", 6)?
    else {
        return None;
    };
    let rows = term::as_i64(rows)?;
    let cols = term::as_i64(cols)?;
    let cells = board_cells(board)?;
    let last = view_last(last);
    let marked = |sq: (i64, i64)| last.is_some_and(|((from, to), _)| from == sq || to == sq);
    let mut out = String::new();
    for (i, row) in cells.iter().enumerate() {
        let r = rows - i as i64;
        let _ = write!(out, " {r:>2} ");
        for (j, cell) in row.iter().enumerate() {
            let sq = (r, j as i64 + 1);
            let piece = match cell {
                'w' => style.player(1, &style.bold("W")),
                'b' => style.player(2, &style.bold("B")),
                _ if last.is_some_and(|((from, _), _)| from == sq) => style.dim("·"),
                _ => style.dim("."),
            };
            if marked(sq) {
                let _ = write!(out, "[{piece}]");
            } else {
                let _ = write!(out, " {piece} ");
            }
        }
        out.push('\n');
    }
    out.push_str("    ");
    for c in 0..cols {
        let letter = char::from(b'a' + c as u8);
        let _ = write!(out, " {letter} ");
    }
    out.push('\n');
    if let Some(counts) = term::as_list(pieces)
        && let [w, b] = counts.as_slice()
    {
        let (w, b) = (term::as_i64(w).unwrap_or(0), term::as_i64(b).unwrap_or(0));
        let _ = write!(
            out,
            "  {} {w} pieces, {} {b} pieces",
            style.player(1, "White (W)"),
            style.player(2, "Black (B)")
        );
        if let Some((_, true)) = last {
            out.push_str("; the last move captured");
        }
        out.push('\n');
    }
    Some(out)
}

//! The king-and-pawn board in text, from `kingpawn_view(WhiteKing, BlackKing, Pawn,
//! WhiteMovesMade, Limit, ToMove)`: rows 8 to 1 from the top, as the assignment draws it,
//! `K` the white king, `k` the black king, `p` the pawn; (l c) numbers on the left and
//! bottom, algebraic letters under them.

use super::Style;
use crate::term::{self, Term};
use std::fmt::Write as _;

fn square(t: &Term) -> Option<(i64, i64)> {
    let [l, c] = term::args(t, "sq", 2)? else {
        return None;
    };
    Some((term::as_i64(l)?, term::as_i64(c)?))
}

/// The board as text; `last` (the last move's destination) is bracketed.
pub fn render(view: &Term, last: Option<&Term>, style: Style) -> Option<String> {
    let [white, black, pawn, made, limit, _] = term::args(view, "kingpawn_view", 6)? else {
        return None;
    };
    let (white, black, pawn) = (square(white), square(black), square(pawn));
    let last = last.and_then(square);
    let mut out = String::new();
    for l in (1..=8).rev() {
        let _ = write!(out, "  {l} ");
        for c in 1..=8 {
            let here = Some((l, c));
            let piece = if here == white {
                style.player(1, &style.bold("K"))
            } else if here == black {
                style.player(2, &style.bold("k"))
            } else if here == pawn {
                style.player(2, "p")
            } else if (l + c) % 2 == 0 {
                style.dim(".")
            } else {
                style.dim("·")
            };
            if last == here {
                let _ = write!(out, "[{piece}]");
            } else {
                let _ = write!(out, " {piece} ");
            }
        }
        out.push('\n');
    }
    out.push_str("     1  2  3  4  5  6  7  8\n");
    out.push_str("     a  b  c  d  e  f  g  h\n");
    let made = term::as_i64(made).unwrap_or(0);
    let limit = term::as_i64(limit).unwrap_or(30);
    let _ = writeln!(out, "  White has made {made} of {limit} moves.");
    Some(out)
}

//! The Timbiriche board in text, from `dots_view(Rows, Cols, Segments, Boxes, Scores,
//! ToMove)`. Column numbers run along the top and row numbers down the left for the
//! assignment's `h(I,J)` / `v(I,J)`; letters along the bottom and row numbers from the
//! bottom on the right for the dot-pair form `a1-b1`.

use super::{Style, label};
use crate::term::{self, Term};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Who drew each segment, and who owns each box, as the view says.
struct Board {
    rows: usize,
    cols: usize,
    segments: HashMap<(char, usize, usize), u32>,
    boxes: HashMap<(usize, usize), u32>,
}

fn index(t: &Term) -> Option<usize> {
    term::as_i64(t).and_then(|v| usize::try_from(v).ok())
}

/// A segment term `h(I,J)` / `v(I,J)` as a key.
fn segment_key(mv: &Term) -> Option<(char, usize, usize)> {
    for (name, kind) in [("h", 'h'), ("v", 'v')] {
        if let Some([i, j]) = term::args(mv, name, 2) {
            return Some((kind, index(i)?, index(j)?));
        }
    }
    None
}

fn read_view(view: &Term) -> Option<Board> {
    let [rows, cols, segments, boxes, _scores, _to_move] = term::args(view, "dots_view", 6)? else {
        return None;
    };
    let mut board = Board {
        rows: index(rows)?,
        cols: index(cols)?,
        segments: HashMap::new(),
        boxes: HashMap::new(),
    };
    for seg in term::as_list(segments)? {
        let [mv, player] = term::args(&seg, "seg", 2)? else {
            return None;
        };
        let player = u32::try_from(term::as_i64(player)?).ok()?;
        board.segments.insert(segment_key(mv)?, player);
    }
    for b in term::as_list(boxes)? {
        let [i, j, player] = term::args(&b, "box", 3)? else {
            return None;
        };
        let player = u32::try_from(term::as_i64(player)?).ok()?;
        board.boxes.insert((index(i)?, index(j)?), player);
    }
    Some(board)
}

/// The board as text; `last` is the last move, drawn heavier.
pub fn render(view: &Term, last: Option<&Term>, style: Style) -> Option<String> {
    let board = read_view(view)?;
    let last = last.and_then(segment_key);
    let mut out = String::new();
    let margin = "      ";

    // Column numbers for h/v.
    out.push_str(margin);
    for j in 0..board.cols {
        let _ = write!(out, "{:<4}", j);
    }
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');

    for i in 0..board.rows {
        // A row of dots and the horizontal segments between them.
        let _ = write!(out, "  {i:>2}  ");
        for j in 0..board.cols {
            out.push('●');
            if j + 1 < board.cols {
                out.push_str(&segment(&board, ('h', i, j), last, style));
            }
        }
        let _ = writeln!(out, "   {}", board.rows - i);
        // Then the vertical segments down to the next row, and the boxes between them.
        if i + 1 < board.rows {
            out.push_str(margin);
            for j in 0..board.cols {
                out.push_str(&segment(&board, ('v', i, j), last, style));
                if j + 1 < board.cols {
                    match board.boxes.get(&(i, j)) {
                        Some(&p) => {
                            let cell = format!(" {} ", label(p));
                            out.push_str(&style.bold(&style.player(p, &cell)));
                        }
                        None => out.push_str("   "),
                    }
                }
            }
            // Trailing spaces would only make copied boards awkward.
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
            out.push('\n');
        }
    }

    // Letters for the dot-pair notation.
    out.push_str(margin);
    for j in 0..board.cols {
        let letter = (b'a' + (j as u8 % 26)) as char;
        let _ = write!(out, "{letter:<4}");
    }
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
    Some(out)
}

fn segment(
    board: &Board,
    key: (char, usize, usize),
    last: Option<(char, usize, usize)>,
    style: Style,
) -> String {
    let horizontal = key.0 == 'h';
    match board.segments.get(&key) {
        None => if horizontal { "   " } else { " " }.to_string(),
        Some(&p) => {
            let heavy = last == Some(key);
            let text = match (horizontal, heavy) {
                (true, false) => "───",
                (true, true) => "━━━",
                (false, false) => "│",
                (false, true) => "┃",
            };
            let painted = style.player(p, text);
            if heavy { style.bold(&painted) } else { painted }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(kind: &str, i: i64, j: i64, p: i64) -> Term {
        Term::compound(
            "seg",
            [
                Term::compound(kind, [Term::integer(i), Term::integer(j)]),
                Term::integer(p),
            ],
        )
    }

    #[test]
    fn a_closed_box_shows_its_owner_and_its_sides() {
        let view = Term::compound(
            "dots_view",
            [
                Term::integer(3),
                Term::integer(3),
                Term::List(vec![
                    seg("h", 0, 0, 1),
                    seg("v", 0, 0, 2),
                    seg("v", 0, 1, 1),
                    seg("h", 1, 0, 2),
                ]),
                Term::List(vec![Term::compound(
                    "box",
                    [Term::integer(0), Term::integer(0), Term::integer(2)],
                )]),
                Term::List(vec![Term::integer(0), Term::integer(10)]),
                Term::integer(2),
            ],
        );
        let text = render(&view, None, Style::plain()).unwrap();
        let expected = "      0   1   2
   0  ●───●   ●   3
      │ B │
   1  ●───●   ●   2

   2  ●   ●   ●   1
      a   b   c
";
        assert_eq!(text, expected);
    }
}

//! The board vocabulary drawn in text. Squares: a cell of three characters each,
//! `[X]` around a square of the last move, `.` for an empty square. Dots: `●` joined
//! by `───` and `│` in the drawer's colour (heavier for the last move), a box's owner
//! written inside it. Labels along each edge the rules name, captions under.

use super::Style;
use crate::game::board::{Board, MarkKind, Region, Shape};
use std::fmt::Write as _;

pub fn render(b: &Board, style: Style, sides: &[String]) -> String {
    let mut out = match b.shape {
        Shape::Squares { rows, cols } => squares(b, rows, cols, style, sides),
        Shape::Lattice { rows, cols } => lattice(b, rows, cols, style),
    };
    for c in &b.captions {
        let _ = writeln!(out, "  {c}");
    }
    out
}

fn width(labels: &[String]) -> usize {
    labels.iter().map(|l| l.chars().count()).max().unwrap_or(0)
}

fn left_label(b: &Board, i: usize, w: usize) -> String {
    if w == 0 {
        return "  ".to_string();
    }
    let l = b.labels.left.get(i).map_or("", String::as_str);
    format!(" {l:>w$} ")
}

/// A row of labels under (or over) the columns, in `cell` characters each: over the
/// squares' glyphs (which stand right-aligned, one character from the cell's right end),
/// or from the cell's start (`at_glyph` false).
fn column_labels(out: &mut String, margin: usize, labels: &[String], cell: usize, at_glyph: bool) {
    if labels.is_empty() {
        return;
    }
    out.push_str(&" ".repeat(margin));
    for l in labels {
        let n = l.chars().count();
        if at_glyph {
            let left = cell.saturating_sub(n + 1);
            let right = cell.saturating_sub(left + n);
            let _ = write!(out, "{}{l}{}", " ".repeat(left), " ".repeat(right));
        } else {
            let _ = write!(out, "{l:<cell$}");
        }
    }
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
}

fn squares(b: &Board, rows: u32, cols: u32, style: Style, sides: &[String]) -> String {
    let mut out = String::new();
    let w = width(&b.labels.left);
    let margin = if w == 0 { 2 } else { w + 2 };
    // Every square as wide as the widest glyph on the board (a count such as "12" takes
    // two characters), right-aligned so that numbers line up, with a space or a bracket
    // on each side.
    let glyph_width = b
        .pieces
        .iter()
        .chain(&b.fills)
        .map(|p| b.glyph_text(p, sides).chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    column_labels(&mut out, margin, &b.labels.top, glyph_width + 2, true);
    for r in 1..=rows {
        out.push_str(&left_label(b, r as usize - 1, w));
        for c in 1..=cols {
            let marks: Vec<MarkKind> = b.marks_on(Region::Sq { r, c }).collect();
            let (shown, inner) = match (b.piece_at(r, c), b.fill_at(r, c)) {
                (Some(p), _) | (None, Some(p)) => {
                    let g = b.glyph_text(p, sides);
                    let bold = style.bold(&g);
                    let painted = if p.player == 0 {
                        bold
                    } else {
                        style.player(p.player, &bold)
                    };
                    (g.chars().count(), painted)
                }
                _ if marks.contains(&MarkKind::Last) => (1, style.dim("·")),
                _ if marks.contains(&MarkKind::Hint) => (1, style.dim("+")),
                _ => (1, style.dim(".")),
            };
            let inner = format!("{}{inner}", " ".repeat(glyph_width.saturating_sub(shown)));
            if marks.contains(&MarkKind::Capture) {
                let _ = write!(out, "x{inner}x");
            } else if marks.contains(&MarkKind::Last) {
                let _ = write!(out, "[{inner}]");
            } else {
                let _ = write!(out, " {inner} ");
            }
        }
        if let Some(l) = b.labels.right.get(r as usize - 1) {
            let _ = write!(out, " {l}");
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    column_labels(&mut out, margin, &b.labels.bottom, glyph_width + 2, true);
    out
}

fn lattice(b: &Board, rows: u32, cols: u32, style: Style) -> String {
    let mut out = String::new();
    let w = width(&b.labels.left).max(2);
    let margin = w + 4;
    column_labels(&mut out, margin, &b.labels.top, 4, false);
    let line = |r1: u32, c1: u32, r2: u32, c2: u32| {
        let region = Region::Line { r1, c1, r2, c2 }.normalized();
        let drawn = b.lines.iter().rev().find(|l| {
            Region::Line {
                r1: l.r1,
                c1: l.c1,
                r2: l.r2,
                c2: l.c2,
            }
            .normalized()
                == region
        });
        let last = b.marks_on(region).any(|k| k == MarkKind::Last);
        (drawn.map(|l| l.player), last)
    };
    for r in 1..=rows {
        let l = b.labels.left.get(r as usize - 1).map_or("", String::as_str);
        let _ = write!(out, "  {l:>w$}  ");
        for c in 1..=cols {
            out.push('●');
            if c < cols {
                out.push_str(&segment(line(r, c, r, c + 1), true, style));
            }
        }
        if let Some(l) = b.labels.right.get(r as usize - 1) {
            let _ = write!(out, "   {l}");
        }
        out.push('\n');
        if r < rows {
            out.push_str(&" ".repeat(margin));
            for c in 1..=cols {
                out.push_str(&segment(line(r, c, r + 1, c), false, style));
                if c < cols {
                    match b.fill_at(r, c) {
                        Some(f) => {
                            let g = if f.glyph.is_empty() {
                                " "
                            } else {
                                f.glyph.as_str()
                            };
                            let cell = format!(" {g} ");
                            out.push_str(&style.bold(&style.player(f.player, &cell)));
                        }
                        None => out.push_str("   "),
                    }
                }
            }
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
            out.push('\n');
        }
    }
    column_labels(&mut out, margin, &b.labels.bottom, 4, false);
    out
}

fn segment((player, last): (Option<u32>, bool), horizontal: bool, style: Style) -> String {
    match player {
        None => if horizontal { "   " } else { " " }.to_string(),
        Some(p) => {
            let text = match (horizontal, last) {
                (true, false) => "───",
                (true, true) => "━━━",
                (false, false) => "│",
                (false, true) => "┃",
            };
            let painted = style.player(p, text);
            if last { style.bold(&painted) } else { painted }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::term::Term;

    fn int(v: i64) -> Term {
        Term::integer(v)
    }
    fn texts(v: &[&str]) -> Term {
        Term::List(v.iter().map(|s| Term::string(*s)).collect())
    }

    #[test]
    fn a_closed_box_shows_its_owner_and_its_sides() {
        let line = |r1, c1, r2, c2, p| {
            Term::compound("line", [int(r1), int(c1), int(r2), int(c2), int(p)])
        };
        let view = Term::compound(
            "board",
            [
                Term::compound("lattice", [int(3), int(3)]),
                Term::List(vec![
                    line(1, 1, 1, 2, 1),
                    line(1, 1, 2, 1, 2),
                    line(1, 2, 2, 2, 1),
                    line(2, 1, 2, 2, 2),
                    Term::compound("fill", [int(1), int(1), int(2), Term::string("B")]),
                    Term::compound("labels", [Term::atom("top"), texts(&["0", "1", "2"])]),
                    Term::compound("labels", [Term::atom("left"), texts(&["0", "1", "2"])]),
                    Term::compound("labels", [Term::atom("bottom"), texts(&["a", "b", "c"])]),
                    Term::compound("labels", [Term::atom("right"), texts(&["3", "2", "1"])]),
                ]),
            ],
        );
        let text = super::super::render(&view, &[], Style::plain(), &[]);
        let expected = "      0   1   2
   0  ●───●   ●   3
      │ B │
   1  ●───●   ●   2

   2  ●   ●   ●   1
      a   b   c
";
        assert_eq!(text, expected);
    }

    #[test]
    fn wide_glyphs_widen_every_square_and_stay_under_their_labels() {
        let view = Term::compound(
            "board",
            [
                Term::compound("squares", [int(2), int(3)]),
                Term::List(vec![
                    Term::compound("piece", [int(1), int(1), int(1), Term::string("12")]),
                    Term::compound("piece", [int(1), int(2), int(2), Term::string("4")]),
                    Term::compound("fill", [int(2), int(3), int(1), Term::string("")]),
                    Term::compound("labels", [Term::atom("bottom"), texts(&["a", "b", "c"])]),
                ]),
            ],
        );
        let last = [Region::Sq { r: 1, c: 1 }];
        let sides = vec!["South".to_string(), "North".to_string()];
        let text = super::super::render(&view, &last, Style::plain(), &sides);
        let expected = "  [12]  4   .
    .   .   S
    a   b   c
";
        assert_eq!(text, expected);
    }

    #[test]
    fn squares_show_pieces_the_last_move_and_labels() {
        let view = Term::compound(
            "board",
            [
                Term::compound("squares", [int(2), int(3)]),
                Term::List(vec![
                    Term::compound("piece", [int(1), int(1), int(2), Term::string("")]),
                    Term::compound("piece", [int(2), int(2), int(1), Term::string("")]),
                    Term::compound("labels", [Term::atom("left"), texts(&["2", "1"])]),
                    Term::compound("labels", [Term::atom("bottom"), texts(&["a", "b", "c"])]),
                    Term::compound("caption", [Term::string("White 1, Black 1")]),
                ]),
            ],
        );
        let last = [Region::Sq { r: 2, c: 1 }, Region::Sq { r: 2, c: 2 }];
        let sides = vec!["White".to_string(), "Black".to_string()];
        let text = super::super::render(&view, &last, Style::plain(), &sides);
        let expected = " 2  B  .  .
 1 [·][W] .
    a  b  c
  White 1, Black 1
";
        assert_eq!(text, expected);
    }
}

//! The board vocabulary of `prolog/core/game.pl` (`board(Shape, Items)`), read from the
//! rules' view into types every face draws from: the terminal ([`crate::ui::text`]), the
//! window ([`crate::ui::window::board_painter`]) and the web page (as JSON). Nothing here knows a game.

use crate::engine::term::{self, Term};
use serde::Serialize;

/// The drawing of a [`Board`] in a browser (SVG), shared by every page of tabula:
/// the championship page and the game in the browser.
pub const BOARD_JS: &str = include_str!("board.js");

/// The board's geometry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// A grid of squares; square (r, c) counts r from 1 at the top, c from 1 at the left.
    Squares { rows: u32, cols: u32 },
    /// A lattice of dots, counted the same way; cell (r, c) is the box whose top-left
    /// dot is (r, c).
    Lattice { rows: u32, cols: u32 },
}

impl Shape {
    pub fn rows(&self) -> u32 {
        match *self {
            Shape::Squares { rows, .. } | Shape::Lattice { rows, .. } => rows,
        }
    }
    pub fn cols(&self) -> u32 {
        match *self {
            Shape::Squares { cols, .. } | Shape::Lattice { cols, .. } => cols,
        }
    }
}

/// A place on the board a move is made with, or a mark is put on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Region {
    /// Square (or cell) (r, c).
    Sq { r: u32, c: u32 },
    /// The line between dots (r1, c1) and (r2, c2).
    Line { r1: u32, c1: u32, r2: u32, c2: u32 },
}

impl Region {
    /// Reads `sq(R, C)` or `line(R1, C1, R2, C2)`.
    pub fn from_term(t: &Term) -> Option<Region> {
        if let Some([r, c]) = term::args(t, "sq", 2) {
            return Some(Region::Sq {
                r: count(r)?,
                c: count(c)?,
            });
        }
        let [r1, c1, r2, c2] = term::args(t, "line", 4)? else {
            return None;
        };
        Some(Region::Line {
            r1: count(r1)?,
            c1: count(c1)?,
            r2: count(r2)?,
            c2: count(c2)?,
        })
    }

    /// The same line whichever end is named first.
    pub fn normalized(self) -> Region {
        match self {
            Region::Line { r1, c1, r2, c2 } if (r2, c2) < (r1, c1) => Region::Line {
                r1: r2,
                c1: c2,
                r2: r1,
                c2: c1,
            },
            other => other,
        }
    }
}

/// What a mark says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkKind {
    /// Part of the last move.
    Last,
    /// A piece was taken there.
    Capture,
    /// A suggestion (a legal target, say).
    Hint,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Piece {
    pub r: u32,
    pub c: u32,
    /// 1..N, 0 for no one's.
    pub player: u32,
    /// A short text, or empty for a plain disc.
    pub glyph: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Line {
    pub r1: u32,
    pub c1: u32,
    pub r2: u32,
    pub c2: u32,
    pub player: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mark {
    pub region: Region,
    pub kind: MarkKind,
}

/// The labels along each edge, in drawing order (empty: none), and how a square's
/// name is made of its column's and its row's labels.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Labels {
    pub top: Vec<String>,
    pub bottom: Vec<String>,
    pub left: Vec<String>,
    pub right: Vec<String>,
    /// The view's `square_name(Parts)`; empty: the column's label, then the row's
    /// ("c3").
    pub name: Vec<NamePart>,
}

/// A part of a square's name (`square_name/1` of the board vocabulary).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NamePart {
    /// The label of the square's column.
    Column,
    /// The label of the square's row.
    Row,
    /// A text written as it is, such as "(".
    Text(String),
}

/// How squares are painted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Look {
    #[default]
    Checkered,
    Plain,
    Holes,
}

/// A position, as every face draws it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Board {
    pub shape: Shape,
    pub pieces: Vec<Piece>,
    pub lines: Vec<Line>,
    /// Squares or cells coloured as a player's (a piece that is a square).
    pub fills: Vec<Piece>,
    pub marks: Vec<Mark>,
    pub labels: Labels,
    pub captions: Vec<String>,
    /// The players' colour names, in order (empty: tabula's palette).
    pub colours: Vec<String>,
    pub look: Look,
}

/// The most rows or columns a board may have (the largest shipped game has 12).
pub const MAX_SIDE: u32 = 64;

fn count(t: &Term) -> Option<u32> {
    term::as_i64(t).and_then(|v| u32::try_from(v).ok())
}

fn text(t: &Term) -> String {
    term::as_text(t).unwrap_or_else(|| term::to_text(t))
}

impl Board {
    /// Reads a view in the vocabulary; `None` when it is not `board(Shape, Items)`.
    /// Items tabula does not know are left out, so a game may say more than a face
    /// draws.
    pub fn from_view(view: &Term) -> Option<Board> {
        let [shape, items] = term::args(view, "board", 2)? else {
            return None;
        };
        let shape = if let Some([r, c]) = term::args(shape, "squares", 2) {
            Shape::Squares {
                rows: count(r)?,
                cols: count(c)?,
            }
        } else if let Some([r, c]) = term::args(shape, "lattice", 2) {
            Shape::Lattice {
                rows: count(r)?,
                cols: count(c)?,
            }
        } else {
            return None;
        };
        // A board larger than any face can draw is a mistake in the rules' view, not
        // a reason to loop for hours drawing it.
        if shape.rows() > MAX_SIDE || shape.cols() > MAX_SIDE {
            return None;
        }
        let mut board = Board {
            shape,
            pieces: Vec::new(),
            lines: Vec::new(),
            fills: Vec::new(),
            marks: Vec::new(),
            labels: Labels::default(),
            captions: Vec::new(),
            colours: Vec::new(),
            look: Look::default(),
        };
        for item in term::as_list(items)? {
            board.add(&item);
        }
        Some(board)
    }

    fn add(&mut self, item: &Term) {
        let piece = |a: &[Term]| -> Option<Piece> {
            Some(Piece {
                r: count(&a[0])?,
                c: count(&a[1])?,
                player: count(&a[2])?,
                glyph: text(&a[3]),
            })
        };
        if let Some(a) = term::args(item, "piece", 4) {
            self.pieces.extend(piece(a));
        } else if let Some(a) = term::args(item, "fill", 4) {
            self.fills.extend(piece(a));
        } else if let Some([r1, c1, r2, c2, p]) = term::args(item, "line", 5) {
            if let (Some(r1), Some(c1), Some(r2), Some(c2), Some(player)) =
                (count(r1), count(c1), count(r2), count(c2), count(p))
            {
                self.lines.push(Line {
                    r1,
                    c1,
                    r2,
                    c2,
                    player,
                });
            }
        } else if let Some([region, kind]) = term::args(item, "mark", 2) {
            let kind = match term::as_atom(kind) {
                Some("last") => MarkKind::Last,
                Some("capture") => MarkKind::Capture,
                Some("hint") => MarkKind::Hint,
                _ => return,
            };
            if let Some(region) = Region::from_term(region) {
                self.marks.push(Mark { region, kind });
            }
        } else if let Some([edge, texts]) = term::args(item, "labels", 2) {
            let texts: Vec<String> = term::as_list(texts)
                .unwrap_or_default()
                .iter()
                .map(text)
                .collect();
            match term::as_atom(edge) {
                Some("top") => self.labels.top = texts,
                Some("bottom") => self.labels.bottom = texts,
                Some("left") => self.labels.left = texts,
                Some("right") => self.labels.right = texts,
                _ => {}
            }
        } else if let Some([parts]) = term::args(item, "square_name", 1) {
            self.labels.name = term::as_list(parts)
                .unwrap_or_default()
                .iter()
                .map(|p| match term::as_atom(p) {
                    Some("column") => NamePart::Column,
                    Some("row") => NamePart::Row,
                    _ => NamePart::Text(text(p)),
                })
                .collect();
        } else if let Some([t]) = term::args(item, "caption", 1) {
            self.captions.push(text(t));
        } else if let Some([names]) = term::args(item, "colours", 1) {
            self.colours = term::as_list(names)
                .unwrap_or_default()
                .iter()
                .map(text)
                .collect();
        } else if let Some([look]) = term::args(item, "look", 1) {
            self.look = match term::as_atom(look) {
                Some("plain") => Look::Plain,
                Some("holes") => Look::Holes,
                _ => Look::Checkered,
            };
        }
    }

    /// Marks `regions` as the last move's (unless the view marks its last move itself).
    pub fn mark_last(&mut self, regions: &[Region]) {
        if self.marks.iter().any(|m| m.kind == MarkKind::Last) {
            return;
        }
        for &region in regions {
            self.marks.push(Mark {
                region,
                kind: MarkKind::Last,
            });
        }
    }

    /// The kinds of mark on `region`.
    pub fn marks_on(&self, region: Region) -> impl Iterator<Item = MarkKind> + '_ {
        let region = region.normalized();
        self.marks
            .iter()
            .filter(move |m| m.region.normalized() == region)
            .map(|m| m.kind)
    }

    /// The piece on square (r, c), if any.
    pub fn piece_at(&self, r: u32, c: u32) -> Option<&Piece> {
        self.pieces.iter().rev().find(|p| p.r == r && p.c == c)
    }

    /// The fill of square or cell (r, c), if any.
    pub fn fill_at(&self, r: u32, c: u32) -> Option<&Piece> {
        self.fills.iter().rev().find(|p| p.r == r && p.c == c)
    }

    /// The glyph a piece shows where a face must write something: its own, else the
    /// first letter of its side's name, else the seat letter (A, B, ...).
    pub fn glyph_text(&self, piece: &Piece, sides: &[String]) -> String {
        if !piece.glyph.is_empty() {
            return piece.glyph.clone();
        }
        match piece.player {
            0 => "o".to_string(),
            p => sides
                .get(p as usize - 1)
                .and_then(|s| s.chars().next())
                .map(|c| c.to_uppercase().to_string())
                .unwrap_or_else(|| label(p).to_string()),
        }
    }
}

/// Seat labels: the initial shown in boxes and beside scores.
pub const LABELS: [char; 4] = ['A', 'B', 'C', 'D'];

/// The label of player `p` (1-based).
pub fn label(p: u32) -> char {
    LABELS
        .get(p.saturating_sub(1) as usize)
        .copied()
        .unwrap_or('?')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(v: i64) -> Term {
        Term::integer(v)
    }

    #[test]
    fn a_view_reads_into_a_board_and_unknown_items_are_left_out() {
        let view = Term::compound(
            "board",
            [
                Term::compound("squares", [int(3), int(3)]),
                Term::List(vec![
                    Term::compound("piece", [int(2), int(2), int(1), Term::string("X")]),
                    Term::compound(
                        "mark",
                        [Term::compound("sq", [int(2), int(2)]), Term::atom("last")],
                    ),
                    Term::compound("sparkle", [int(1)]),
                    Term::compound(
                        "labels",
                        [
                            Term::atom("bottom"),
                            Term::List(vec![
                                Term::string("a"),
                                Term::string("b"),
                                Term::string("c"),
                            ]),
                        ],
                    ),
                ]),
            ],
        );
        let b = Board::from_view(&view).unwrap();
        assert_eq!(b.shape, Shape::Squares { rows: 3, cols: 3 });
        assert_eq!(b.piece_at(2, 2).map(|p| p.glyph.as_str()), Some("X"));
        assert_eq!(
            b.marks_on(Region::Sq { r: 2, c: 2 }).collect::<Vec<_>>(),
            vec![MarkKind::Last]
        );
        assert_eq!(b.labels.bottom, vec!["a", "b", "c"]);
        assert!(b.labels.name.is_empty());
        assert!(Board::from_view(&Term::atom("board")).is_none());
        let huge = Term::compound(
            "board",
            [
                Term::compound("squares", [int(100_000), int(3)]),
                Term::List(vec![]),
            ],
        );
        assert!(Board::from_view(&huge).is_none(), "too large to draw");
    }

    #[test]
    fn a_square_name_is_read_in_parts() {
        let view = Term::compound(
            "board",
            [
                Term::compound("squares", [int(2), int(2)]),
                Term::List(vec![Term::compound(
                    "square_name",
                    [Term::List(vec![
                        Term::string("("),
                        Term::atom("row"),
                        Term::string(" "),
                        Term::atom("column"),
                        Term::string(")"),
                    ])],
                )]),
            ],
        );
        let b = Board::from_view(&view).unwrap();
        assert_eq!(
            b.labels.name,
            vec![
                NamePart::Text("(".into()),
                NamePart::Row,
                NamePart::Text(" ".into()),
                NamePart::Column,
                NamePart::Text(")".into()),
            ]
        );
        let json = serde_json::to_string(&b.labels.name).unwrap();
        assert_eq!(
            json,
            r#"[{"text":"("},"row",{"text":" "},"column",{"text":")"}]"#
        );
    }

    #[test]
    fn a_line_is_the_same_from_either_end() {
        let a = Region::Line {
            r1: 1,
            c1: 2,
            r2: 1,
            c2: 1,
        };
        assert_eq!(
            a.normalized(),
            Region::Line {
                r1: 1,
                c1: 1,
                r2: 1,
                c2: 2
            }
        );
    }
}

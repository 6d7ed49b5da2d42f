//! The Timbiriche board: drawn from the rules' `dots_view` term, clicked into moves.
//! What is drawn, and which segments may be clicked, is what the rules said.

use super::palette;
use crate::game::Move;
use crate::term::{self, Term};
use egui::{Align2, Color32, CursorIcon, FontId, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2, vec2};

/// Where the board lies on screen, kept for hit-testing and for tests that click.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    pub origin: Pos2,
    pub cell: f32,
    pub rows: usize,
    pub cols: usize,
}

/// A segment `h(I,J)` / `v(I,J)` as (horizontal?, I, J).
pub fn segment_key(mv: &Term) -> Option<(bool, usize, usize)> {
    for (name, horizontal) in [("h", true), ("v", false)] {
        if let Some([i, j]) = term::args(mv, name, 2) {
            let i = usize::try_from(term::as_i64(i)?).ok()?;
            let j = usize::try_from(term::as_i64(j)?).ok()?;
            return Some((horizontal, i, j));
        }
    }
    None
}

impl BoardLayout {
    pub fn dot(&self, i: usize, j: usize) -> Pos2 {
        self.origin + vec2(j as f32 * self.cell, i as f32 * self.cell)
    }

    fn ends(&self, (horizontal, i, j): (bool, usize, usize)) -> (Pos2, Pos2) {
        let a = self.dot(i, j);
        let b = if horizontal {
            self.dot(i, j + 1)
        } else {
            self.dot(i + 1, j)
        };
        (a, b)
    }

    /// The middle of a segment on screen (where a click draws it).
    pub fn segment_center(&self, mv: &Term) -> Option<Pos2> {
        let (a, b) = self.ends(segment_key(mv)?);
        Some(a + (b - a) * 0.5)
    }
}

/// What the view says.
struct Board {
    rows: usize,
    cols: usize,
    segments: Vec<((bool, usize, usize), u32)>,
    boxes: Vec<(usize, usize, u32)>,
}

fn read(view: &Term) -> Option<Board> {
    let [rows, cols, segments, boxes, _, _] = term::args(view, "dots_view", 6)? else {
        return None;
    };
    let n = |t: &Term| term::as_i64(t).and_then(|v| usize::try_from(v).ok());
    let mut board = Board {
        rows: n(rows)?,
        cols: n(cols)?,
        segments: Vec::new(),
        boxes: Vec::new(),
    };
    for s in term::as_list(segments)? {
        let [mv, p] = term::args(&s, "seg", 2)? else {
            return None;
        };
        board.segments.push((segment_key(mv)?, n(p)? as u32));
    }
    for b in term::as_list(boxes)? {
        let [i, j, p] = term::args(&b, "box", 3)? else {
            return None;
        };
        board.boxes.push((n(i)?, n(j)?, n(p)? as u32));
    }
    Some(board)
}

/// What to show besides the view.
pub struct Overlay<'a> {
    pub legal: &'a [Move],
    pub last: Option<&'a Term>,
    pub hint: Option<&'a Term>,
    /// The player whose colour a hovered segment takes; `None`: no clicking now.
    pub clicker: Option<u32>,
}

fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0);
    (a + ab * t - p).length()
}

/// Draws the board in the space left in `ui`; the legal move clicked, if any.
pub fn show(ui: &mut Ui, view: &Term, overlay: &Overlay) -> (Option<Move>, Option<BoardLayout>) {
    let Some(board) = read(view) else {
        ui.label(format!("Cannot draw this view: {}", term::to_text(view)));
        return (None, None);
    };
    let available = ui.available_rect_before_wrap();
    let (response, painter) = ui.allocate_painter(available.size(), Sense::click());
    let area = response.rect;
    // Fit the grid with a margin for the coordinates.
    let spans = vec2(
        (board.cols.max(2) - 1) as f32,
        (board.rows.max(2) - 1) as f32,
    );
    let margin = 0.9;
    let cell = ((area.width() / (spans.x + 2.0 * margin))
        .min(area.height() / (spans.y + 2.0 * margin)))
    .max(4.0);
    let size = spans * cell;
    let origin = area.center() - size * 0.5;
    let layout = BoardLayout {
        origin,
        cell,
        rows: board.rows,
        cols: board.cols,
    };
    let dark = ui.visuals().dark_mode;
    let ink = if dark {
        Color32::from_gray(225)
    } else {
        Color32::from_gray(40)
    };
    let faint = if dark {
        Color32::from_gray(85)
    } else {
        Color32::from_gray(200)
    };

    // The board's card.
    let card = Rect::from_min_size(origin, size).expand(cell * 0.55);
    painter.rect_filled(
        card,
        cell * 0.15,
        if dark {
            Color32::from_gray(32)
        } else {
            Color32::from_rgb(250, 248, 243)
        },
    );

    // Coordinates: the assignment's indices along the top and the left.
    let small = FontId::proportional((cell * 0.2).clamp(9.0, 18.0));
    for j in 0..board.cols {
        painter.text(
            layout.dot(0, j) - vec2(0.0, cell * 0.33),
            Align2::CENTER_BOTTOM,
            j.to_string(),
            small.clone(),
            faint.gamma_multiply(2.0),
        );
    }
    for i in 0..board.rows {
        painter.text(
            layout.dot(i, 0) - vec2(cell * 0.33, 0.0),
            Align2::RIGHT_CENTER,
            i.to_string(),
            small.clone(),
            faint.gamma_multiply(2.0),
        );
    }

    // Closed boxes: the owner's colour and initial.
    for &(i, j, p) in &board.boxes {
        let rect =
            Rect::from_two_pos(layout.dot(i, j), layout.dot(i + 1, j + 1)).shrink(cell * 0.06);
        painter.rect_filled(rect, cell * 0.05, palette::fill(p, dark));
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            palette::label(p).to_string(),
            FontId::proportional(cell * 0.42),
            palette::color(p),
        );
    }

    let thin = Stroke::new((cell * 0.02).max(1.0), faint);
    let thick = (cell * 0.085).max(2.5);
    // Empty places, faint, so the grid reads as a grid.
    for mv in overlay.legal {
        if let Some(key) = segment_key(mv.term()) {
            let (a, b) = layout.ends(key);
            painter.extend(Shape::dashed_line(&[a, b], thin, cell * 0.05, cell * 0.07));
        }
    }
    // The last move glows under its line.
    let last = overlay.last.and_then(segment_key);
    for &(key, p) in &board.segments {
        let (a, b) = layout.ends(key);
        if Some(key) == last {
            painter.line_segment(
                [a, b],
                Stroke::new(thick * 2.6, palette::color(p).gamma_multiply(0.3)),
            );
        }
        painter.line_segment([a, b], Stroke::new(thick, palette::color(p)));
    }
    // The hint, dashed.
    if let Some(key) = overlay.hint.and_then(segment_key) {
        let (a, b) = layout.ends(key);
        let color = overlay.clicker.map_or(ink, palette::color);
        painter.extend(Shape::dashed_line(
            &[a, b],
            Stroke::new(thick * 0.8, color),
            cell * 0.08,
            cell * 0.06,
        ));
        painter.circle_stroke(a + (b - a) * 0.5, cell * 0.16, Stroke::new(2.0, color));
    }

    // Hover and click: the nearest legal segment, generously.
    let mut clicked = None;
    if let (Some(player), Some(pointer)) = (overlay.clicker, response.hover_pos()) {
        let nearest = overlay
            .legal
            .iter()
            .filter_map(|mv| segment_key(mv.term()).map(|k| (mv, k)))
            .map(|(mv, k)| {
                let (a, b) = layout.ends(k);
                (distance_to_segment(pointer, a, b), mv, k)
            })
            .min_by(|x, y| x.0.total_cmp(&y.0));
        if let Some((d, mv, key)) = nearest
            && d < cell * 0.38
        {
            let (a, b) = layout.ends(key);
            painter.line_segment(
                [a, b],
                Stroke::new(thick, palette::color(player).gamma_multiply(0.45)),
            );
            ui.ctx().set_cursor_icon(CursorIcon::PointingHand);
            if response.clicked() {
                clicked = Some(mv.clone());
            }
        }
    }

    // Dots on top of everything.
    for i in 0..board.rows {
        for j in 0..board.cols {
            painter.circle_filled(layout.dot(i, j), (cell * 0.075).max(2.5), ink);
        }
    }
    let _ = Vec2::ZERO;
    (clicked, Some(layout))
}

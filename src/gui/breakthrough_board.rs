//! The Breakthrough board, 4..12 × 4..12 squares drawn from the rules' `breakthrough_view`
//! term. A move is two clicks: a piece that can move (they are ringed), then one of its
//! targets (lit); clicking elsewhere lets go of the piece. The last move is tinted, with a
//! small cross in the corner of the square where it captured.

use super::palette;
use crate::game::Move;
use crate::term::{self, Term};
use crate::text::breakthrough::{board_cells, move_squares, view_last};
use egui::{Align2, Color32, CursorIcon, FontId, Pos2, Rect, Sense, Stroke, Ui, vec2};

/// A square (row, column): row 1 at the bottom (White's side), column 1 on the left.
pub type Square = (i64, i64);

/// Where the board lies on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridLayout {
    pub origin: Pos2,
    pub cell: f32,
    pub rows: i64,
    pub cols: i64,
}

impl GridLayout {
    /// The screen rectangle of square (r, c).
    pub fn rect(&self, (r, c): Square) -> Rect {
        let min = self.origin
            + vec2(
                (c - 1) as f32 * self.cell,
                (self.rows - r) as f32 * self.cell,
            );
        Rect::from_min_size(min, vec2(self.cell, self.cell))
    }

    /// The square under a point of the screen.
    pub fn square_at(&self, p: Pos2) -> Option<Square> {
        let d = p - self.origin;
        if d.x < 0.0 || d.y < 0.0 {
            return None;
        }
        let c = (d.x / self.cell).floor() as i64 + 1;
        let r = self.rows - (d.y / self.cell).floor() as i64;
        ((1..=self.rows).contains(&r) && (1..=self.cols).contains(&c)).then_some((r, c))
    }
}

/// Draws the board and handles the clicks of `clicker` (the seat of the person to
/// move, if any); `selected` is the piece picked by the first click, kept between
/// frames by the caller. Returns the legal move completed by a click, if any.
pub fn show(
    ui: &mut Ui,
    view: &Term,
    legal: &[Move],
    hint: Option<&Term>,
    clicker: Option<u32>,
    selected: &mut Option<Square>,
) -> (Option<Move>, Option<GridLayout>) {
    let Some([rows, cols, board, _to_move, last, pieces]) =
        term::args(view, "breakthrough_view", 6)
    else {
        ui.label(format!("Cannot draw this view: {}", term::to_text(view)));
        return (None, None);
    };
    let (Some(rows), Some(cols), Some(cells)) =
        (term::as_i64(rows), term::as_i64(cols), board_cells(board))
    else {
        ui.label(format!("Cannot draw this view: {}", term::to_text(view)));
        return (None, None);
    };
    let cell_at = |(r, c): Square| -> char {
        cells
            .get((rows - r) as usize)
            .and_then(|row| row.get((c - 1) as usize))
            .copied()
            .unwrap_or('.')
    };
    let available = ui.available_rect_before_wrap();
    let (response, painter) = ui.allocate_painter(available.size(), Sense::click());
    let area = response.rect;
    let span = rows.max(cols) as f32 + 0.8;
    let cell = ((area.width()).min(area.height() - 40.0) / span).max(8.0);
    let origin =
        area.center() - vec2(cell * cols as f32 / 2.0, cell * rows as f32 / 2.0) + vec2(0.0, 12.0);
    let layout = GridLayout {
        origin,
        cell,
        rows,
        cols,
    };
    let light = Color32::from_rgb(238, 232, 214);
    let dark = Color32::from_rgb(181, 160, 128);
    for r in 1..=rows {
        for c in 1..=cols {
            let color = if (r + c) % 2 == 0 { dark } else { light };
            painter.rect_filled(layout.rect((r, c)), 0.0, color);
        }
    }
    let ink = ui.visuals().text_color();
    let small = FontId::proportional((cell * 0.24).clamp(9.0, 15.0));
    for r in 1..=rows {
        painter.text(
            layout.rect((r, 1)).left_center() - vec2(6.0, 0.0),
            Align2::RIGHT_CENTER,
            r.to_string(),
            small.clone(),
            ink,
        );
    }
    for c in 1..=cols {
        painter.text(
            layout.rect((1, c)).center_bottom() + vec2(0.0, 4.0),
            Align2::CENTER_TOP,
            char::from(b'a' + (c - 1) as u8).to_string(),
            small.clone(),
            ink,
        );
    }
    if let Some(counts) = term::as_list(pieces)
        && let [w, b] = counts.as_slice()
    {
        painter.text(
            origin - vec2(0.0, 8.0),
            Align2::LEFT_BOTTOM,
            format!(
                "White {} pieces · Black {} pieces",
                term::as_i64(w).unwrap_or(0),
                term::as_i64(b).unwrap_or(0)
            ),
            FontId::proportional(16.0),
            ink,
        );
    }

    // The last move: both squares tinted, a cross where it captured.
    let last = view_last(last);
    if let Some(((from, to), _)) = last {
        let tint = Color32::from_rgba_unmultiplied(255, 215, 0, 90);
        painter.rect_filled(layout.rect(from), 0.0, tint);
        painter.rect_filled(layout.rect(to), 0.0, tint);
    }

    let moves: Vec<(Square, Square, &Move)> = legal
        .iter()
        .filter_map(|m| move_squares(m.term()).map(|(f, t)| (f, t, m)))
        .collect();
    if clicker.is_none() || !moves.iter().any(|(f, _, _)| Some(*f) == *selected) {
        *selected = None;
    }
    let color = palette::color(clicker.unwrap_or(1));
    if clicker.is_some() {
        match *selected {
            Some(from) => {
                painter.rect_stroke(
                    layout.rect(from).shrink(2.0),
                    3.0,
                    Stroke::new(3.0, color),
                    egui::StrokeKind::Inside,
                );
                for (_, to, _) in moves.iter().filter(|(f, _, _)| *f == from) {
                    painter.circle_filled(
                        layout.rect(*to).center(),
                        cell * 0.15,
                        color.gamma_multiply(0.7),
                    );
                }
            }
            None => {
                let mut movable: Vec<Square> = moves.iter().map(|(f, _, _)| *f).collect();
                movable.dedup();
                for sq in movable {
                    painter.circle_stroke(
                        layout.rect(sq).center(),
                        cell * 0.40,
                        Stroke::new(2.0, color.gamma_multiply(0.8)),
                    );
                }
            }
        }
    }
    if let Some((from, to)) = hint.and_then(move_squares) {
        let (a, b) = (layout.rect(from).center(), layout.rect(to).center());
        painter.arrow(
            a,
            b - a,
            Stroke::new(4.0, palette::color(clicker.unwrap_or(1))),
        );
    }

    for r in 1..=rows {
        for c in 1..=cols {
            let (fill, rim) = match cell_at((r, c)) {
                'w' => (Color32::from_gray(248), Color32::from_gray(60)),
                'b' => (Color32::from_gray(35), Color32::from_gray(200)),
                _ => continue,
            };
            let center = layout.rect((r, c)).center();
            painter.circle(center, cell * 0.33, fill, Stroke::new(1.5, rim));
            painter.circle_stroke(
                center,
                cell * 0.2,
                Stroke::new(1.0, rim.gamma_multiply(0.6)),
            );
        }
    }
    if let Some(((_, to), true)) = last {
        // A small cross in the corner: a piece was taken here (the piece on the square
        // is the one that took it).
        let square = layout.rect(to);
        let r = Rect::from_center_size(
            square.right_top() + vec2(-cell * 0.14, cell * 0.14),
            vec2(cell * 0.16, cell * 0.16),
        );
        let stroke = Stroke::new(3.0, Color32::from_rgb(213, 94, 0));
        painter.line_segment([r.left_top(), r.right_bottom()], stroke);
        painter.line_segment([r.right_top(), r.left_bottom()], stroke);
    }

    let mut clicked = None;
    if clicker.is_some()
        && let Some(pointer) = response.hover_pos()
        && let Some(sq) = layout.square_at(pointer)
    {
        let target = selected.and_then(|from| {
            moves
                .iter()
                .find(|(f, t, _)| *f == from && *t == sq)
                .map(|(_, _, m)| (*m).clone())
        });
        let pickable = moves.iter().any(|(f, _, _)| *f == sq);
        if target.is_some() || pickable {
            painter.rect_stroke(
                layout.rect(sq),
                0.0,
                Stroke::new(2.0, ink),
                egui::StrokeKind::Inside,
            );
            ui.ctx().set_cursor_icon(CursorIcon::PointingHand);
        }
        if response.clicked() {
            if let Some(mv) = target {
                *selected = None;
                clicked = Some(mv);
            } else if pickable {
                *selected = Some(sq);
            } else {
                *selected = None;
            }
        }
    }
    (clicked, Some(layout))
}

/// The screen point at the centre of a square, for tests that click.
pub fn center(layout: &GridLayout, sq: Square) -> Pos2 {
    layout.rect(sq).center()
}

//! The king-and-pawn board: 8 × 8 squares drawn from the rules' `kingpawn_view` term;
//! the squares the king to move may go to light up, and a click on one is the move.

use super::palette;
use crate::game::Move;
use crate::term::{self, Term};
use egui::{Align2, Color32, CursorIcon, FontId, Pos2, Rect, Sense, Stroke, Ui, vec2};

/// A square `sq(L,C)`: row L from White's side, column C from the left, both 1..8.
pub fn square(t: &Term) -> Option<(i64, i64)> {
    let [l, c] = term::args(t, "sq", 2)? else {
        return None;
    };
    Some((term::as_i64(l)?, term::as_i64(c)?))
}

/// Where the board lies on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SquareLayout {
    pub origin: Pos2,
    pub cell: f32,
}

impl SquareLayout {
    /// The screen rectangle of square (l, c); row 1 at the bottom.
    pub fn rect(&self, (l, c): (i64, i64)) -> Rect {
        let min = self.origin + vec2((c - 1) as f32 * self.cell, (8 - l) as f32 * self.cell);
        Rect::from_min_size(min, vec2(self.cell, self.cell))
    }

    pub fn square_at(&self, p: Pos2) -> Option<(i64, i64)> {
        let d = p - self.origin;
        let c = (d.x / self.cell).floor() as i64 + 1;
        let l = 8 - (d.y / self.cell).floor() as i64;
        ((1..=8).contains(&l) && (1..=8).contains(&c)).then_some((l, c))
    }
}

/// Draws the board; the legal move clicked, if any.
pub fn show(
    ui: &mut Ui,
    view: &Term,
    legal: &[Move],
    last: Option<&Term>,
    hint: Option<&Term>,
    clicker: Option<u32>,
) -> (Option<Move>, Option<SquareLayout>) {
    let Some([white, black, pawn, made, limit, _to_move]) = term::args(view, "kingpawn_view", 6)
    else {
        ui.label(format!("Cannot draw this view: {}", term::to_text(view)));
        return (None, None);
    };
    let available = ui.available_rect_before_wrap();
    let (response, painter) = ui.allocate_painter(available.size(), Sense::click());
    let area = response.rect;
    let cell = ((area.width().min(area.height() - 40.0)) / 8.6).max(8.0);
    let origin = area.center() - vec2(cell * 4.0, cell * 4.0) + vec2(0.0, 10.0);
    let layout = SquareLayout { origin, cell };
    let light = Color32::from_rgb(238, 232, 214);
    let darkc = Color32::from_rgb(181, 160, 128);
    for l in 1..=8 {
        for c in 1..=8 {
            let color = if (l + c) % 2 == 0 { darkc } else { light };
            painter.rect_filled(layout.rect((l, c)), 0.0, color);
        }
    }
    // Coordinates as the assignment writes them: (l c).
    let small = FontId::proportional((cell * 0.2).clamp(9.0, 16.0));
    let ink = ui.visuals().text_color();
    for k in 1..=8 {
        painter.text(
            layout.rect((k, 1)).left_center() - vec2(6.0, 0.0),
            Align2::RIGHT_CENTER,
            k.to_string(),
            small.clone(),
            ink,
        );
        painter.text(
            layout.rect((1, k)).center_bottom() + vec2(0.0, 4.0),
            Align2::CENTER_TOP,
            k.to_string(),
            small.clone(),
            ink,
        );
    }
    let moves = term::as_i64(made).unwrap_or(0);
    let limit = term::as_i64(limit).unwrap_or(30);
    painter.text(
        origin - vec2(0.0, 8.0),
        Align2::LEFT_BOTTOM,
        format!("White move {} of {limit}", (moves + 1).min(limit)),
        FontId::proportional(16.0),
        ink,
    );

    if let Some(sq) = last.and_then(square) {
        painter.rect_filled(
            layout.rect(sq),
            0.0,
            Color32::from_rgba_unmultiplied(255, 215, 0, 90),
        );
    }
    let targets: Vec<(i64, i64, &Move)> = legal
        .iter()
        .filter_map(|m| square(m.term()).map(|(l, c)| (l, c, m)))
        .collect();
    if let Some(p) = clicker {
        for (l, c, _) in &targets {
            painter.circle_filled(
                layout.rect((*l, *c)).center(),
                cell * 0.14,
                palette::color(p).gamma_multiply(0.6),
            );
        }
    }
    if let Some(sq) = hint.and_then(square) {
        painter.rect_stroke(
            layout.rect(sq).shrink(3.0),
            4.0,
            Stroke::new(3.0, palette::color(clicker.unwrap_or(1))),
            egui::StrokeKind::Inside,
        );
    }
    let piece = |sq: (i64, i64), fill: Color32, text_color: Color32, letter: &str, size: f32| {
        let center = layout.rect(sq).center();
        painter.circle(
            center,
            cell * size,
            fill,
            Stroke::new(2.0, Color32::from_gray(30)),
        );
        painter.text(
            center,
            Align2::CENTER_CENTER,
            letter,
            FontId::proportional(cell * size * 1.1),
            text_color,
        );
    };
    if let Some(sq) = square(pawn) {
        piece(sq, Color32::from_gray(40), Color32::WHITE, "P", 0.24);
    }
    if let Some(sq) = square(black) {
        piece(sq, Color32::from_gray(25), Color32::WHITE, "K", 0.36);
    }
    if let Some(sq) = square(white) {
        piece(
            sq,
            Color32::from_gray(250),
            Color32::from_gray(20),
            "K",
            0.36,
        );
    }

    let mut clicked = None;
    if clicker.is_some()
        && let Some(pointer) = response.hover_pos()
        && let Some(sq) = layout.square_at(pointer)
        && let Some((_, _, mv)) = targets.iter().find(|(l, c, _)| (*l, *c) == sq)
    {
        painter.rect_stroke(
            layout.rect(sq),
            0.0,
            Stroke::new(3.0, ink),
            egui::StrokeKind::Inside,
        );
        ui.ctx().set_cursor_icon(CursorIcon::PointingHand);
        if response.clicked() {
            clicked = Some((*mv).clone());
        }
    }
    (clicked, Some(layout))
}

//! The one board of the window, drawn from the rules' view in the board vocabulary of
//! `prolog/core/game.pl` ([`crate::game::board`]) and clicked into moves through `move_regions/3`:
//! a click on a square or a line, or a piece dragged (or clicked, then its target
//! clicked). Nothing here knows a game.

use super::palette;
use crate::game::Move;
use crate::game::board::{Board, Look, MarkKind, Region, Shape};
use egui::{
    Align2, Color32, CursorIcon, FontId, Painter, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, vec2,
};

/// Where the board lies on screen, kept for hit-testing and for tests that click.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Squares: the top-left corner of square (1, 1); dots: dot (1, 1).
    pub origin: Pos2,
    pub cell: f32,
    pub shape: Shape,
}

impl Layout {
    /// Dots: where dot (r, c) is. Squares: the top-left corner of square (r, c).
    pub fn point(&self, r: u32, c: u32) -> Pos2 {
        self.origin + vec2((c as f32 - 1.0) * self.cell, (r as f32 - 1.0) * self.cell)
    }

    /// The screen rectangle of square (or, on dots, cell) (r, c).
    pub fn rect(&self, r: u32, c: u32) -> Rect {
        Rect::from_min_size(self.point(r, c), vec2(self.cell, self.cell))
    }

    /// The screen point at the centre of a region: where a click on it lands.
    pub fn center(&self, region: Region) -> Pos2 {
        match region {
            Region::Sq { r, c } => self.rect(r, c).center(),
            Region::Line { r1, c1, r2, c2 } => {
                let (a, b) = (self.point(r1, c1), self.point(r2, c2));
                a + (b - a) * 0.5
            }
        }
    }

    /// The square under a point of the screen.
    pub fn square_at(&self, p: Pos2) -> Option<Region> {
        let d = p - self.origin;
        if d.x < 0.0 || d.y < 0.0 {
            return None;
        }
        let c = (d.x / self.cell).floor() as u32 + 1;
        let r = (d.y / self.cell).floor() as u32 + 1;
        (r <= self.shape.rows() && c <= self.shape.cols()).then_some(Region::Sq { r, c })
    }
}

/// What the window adds to the view.
pub struct Input<'a> {
    /// The legal moves with where each is made.
    pub moves: &'a [(Move, Vec<Region>)],
    /// Where else a click makes a one-square move (`move_area/3`: its column).
    pub areas: &'a [(Move, Vec<Region>)],
    /// Where the suggested move is made, if one was asked for.
    pub hint: Option<&'a [Region]>,
    /// The seat of the person to move; `None`: no clicking now.
    pub clicker: Option<u32>,
    /// The sides' names (for the letters of plain pieces).
    pub sides: &'a [String],
}

/// A player's colour: the one the view names, else tabula's palette.
pub fn colour(board: &Board, player: u32) -> Color32 {
    let named = board
        .colours
        .get((player as usize).wrapping_sub(1))
        .map(String::as_str);
    match named.and_then(crate::game::palette::named) {
        Some(c) => palette::rgb(c),
        None if player == 0 => palette::rgb(crate::game::palette::NOBODY),
        None => palette::color(player),
    }
}

/// `c` darkened by `k` (1: as it is), opaque.
fn shade(c: Color32, k: f32) -> Color32 {
    let f = |v: u8| (v as f32 * k) as u8;
    Color32::from_rgb(f(c.r()), f(c.g()), f(c.b()))
}

/// The rim of a disc of colour `c`: a darker shade, or a grey that shows against the
/// board for a disc already nearly black.
fn darker(c: Color32) -> Color32 {
    let luma = 0.299 * c.r() as f32 + 0.587 * c.g() as f32 + 0.114 * c.b() as f32;
    if luma < 70.0 {
        Color32::from_gray(105)
    } else {
        shade(c, 0.55)
    }
}

/// Ink that reads on `fill`.
fn ink_on(fill: Color32) -> Color32 {
    let luma = 0.299 * fill.r() as f32 + 0.587 * fill.g() as f32 + 0.114 * fill.b() as f32;
    if luma > 150.0 {
        Color32::from_gray(30)
    } else {
        Color32::from_gray(245)
    }
}

fn distance_to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_sq().max(1e-6)).clamp(0.0, 1.0);
    (a + ab * t - p).length()
}

/// Draws the board in the space left in `ui` and handles the clicks and drags of the
/// person to move; `selected` is the square picked by the first click of a two-square
/// move, kept between frames by the caller. Returns the legal move made, if any.
pub fn show(
    ui: &mut Ui,
    board: &Board,
    input: &Input,
    selected: &mut Option<Region>,
) -> (Option<Move>, Option<Layout>) {
    let available = ui.available_rect_before_wrap();
    let (response, painter) = ui.allocate_painter(available.size(), Sense::click_and_drag());
    let area = response.rect;
    let (rows, cols) = (board.shape.rows().max(1), board.shape.cols().max(1));
    let caption_room = 24.0 * board.captions.len() as f32;
    // Squares span one cell each; dots span the gaps between them.
    let (span_x, span_y) = match board.shape {
        Shape::Squares { .. } => (cols as f32, rows as f32),
        Shape::Lattice { .. } => ((cols.max(2) - 1) as f32, (rows.max(2) - 1) as f32),
    };
    // Room for the labels around squares; dots sit inside a card of their own.
    let margin = match board.shape {
        Shape::Squares { .. } => 1.0,
        Shape::Lattice { .. } => 1.8,
    };
    let cell = ((area.width() / (span_x + margin))
        .min((area.height() - caption_room) / (span_y + margin)))
    .max(6.0);
    let size = vec2(span_x, span_y) * cell;
    // Centred across; from the top down, under its captions, so that a wide board
    // (Kalah's two rows) sits under the score cards rather than floating low.
    let origin = Pos2::new(
        area.center().x - size.x * 0.5,
        area.top() + caption_room + cell * margin * 0.5,
    );
    let layout = Layout {
        origin,
        cell,
        shape: board.shape,
    };
    let dark_mode = ui.visuals().dark_mode;
    let text = ui.visuals().text_color();
    let mut y = origin.y - cell * 0.45 - 6.0;
    for c in board.captions.iter().rev() {
        painter.text(
            Pos2::new(origin.x, y),
            Align2::LEFT_BOTTOM,
            c,
            FontId::proportional(16.0),
            text,
        );
        y -= 22.0;
    }
    let clicked = match board.shape {
        Shape::Squares { .. } => squares(
            ui, &painter, &response, board, &layout, input, selected, dark_mode,
        ),
        Shape::Lattice { .. } => lattice(ui, &painter, &response, board, &layout, input, dark_mode),
    };
    // Last, over the card a lattice sits on: the coordinates the notation names.
    labels(&painter, board, &layout, text);
    (clicked, Some(layout))
}

/// The labels along the edges: beside each row and column (squares), each dot (dots).
fn labels(painter: &Painter, board: &Board, layout: &Layout, ink: Color32) {
    let cell = layout.cell;
    let font = FontId::proportional((cell * 0.24).clamp(9.0, 16.0));
    let squares = matches!(board.shape, Shape::Squares { .. });
    let at_row = |r: u32| {
        if squares {
            layout.rect(r, 1).center().y
        } else {
            layout.point(r, 1).y
        }
    };
    let at_col = |c: u32| {
        if squares {
            layout.rect(1, c).center().x
        } else {
            layout.point(1, c).x
        }
    };
    let (rows, cols) = (board.shape.rows(), board.shape.cols());
    let (left, right, top, bottom) = if squares {
        // Clear of the frame a board of holes has.
        let frame = if board.look == Look::Holes {
            cell * 0.12
        } else {
            0.0
        };
        (
            layout.origin.x - 8.0 - frame,
            layout.origin.x + cols as f32 * cell + 8.0 + frame,
            layout.origin.y - 6.0 - frame,
            layout.origin.y + rows as f32 * cell + 5.0 + frame,
        )
    } else {
        let span = |n: u32| (n.max(1) - 1) as f32 * cell;
        (
            layout.origin.x - cell * 0.33,
            layout.origin.x + span(cols) + cell * 0.33,
            layout.origin.y - cell * 0.33,
            layout.origin.y + span(rows) + cell * 0.3,
        )
    };
    let faint = ink.gamma_multiply(0.75);
    for (k, l) in board.labels.left.iter().enumerate().take(rows as usize) {
        let p = Pos2::new(left, at_row(k as u32 + 1));
        painter.text(p, Align2::RIGHT_CENTER, l, font.clone(), faint);
    }
    for (k, l) in board.labels.right.iter().enumerate().take(rows as usize) {
        let p = Pos2::new(right, at_row(k as u32 + 1));
        painter.text(p, Align2::LEFT_CENTER, l, font.clone(), faint);
    }
    for (k, l) in board.labels.top.iter().enumerate().take(cols as usize) {
        let p = Pos2::new(at_col(k as u32 + 1), top);
        painter.text(p, Align2::CENTER_BOTTOM, l, font.clone(), faint);
    }
    for (k, l) in board.labels.bottom.iter().enumerate().take(cols as usize) {
        let p = Pos2::new(at_col(k as u32 + 1), bottom);
        painter.text(p, Align2::CENTER_TOP, l, font.clone(), faint);
    }
}

/// The first square of every two-square move, and the single square of one-square moves.
/// A move made by picking two squares, from and to.
type TwoSquares = (Region, Region, Move);

fn square_moves(input: &Input) -> (Vec<TwoSquares>, Vec<(Region, Move)>) {
    let mut two = Vec::new();
    let mut one = Vec::new();
    for (mv, regions) in input.moves {
        match regions.as_slice() {
            [a @ Region::Sq { .. }] => one.push((*a, mv.clone())),
            [a @ Region::Sq { .. }, .., b @ Region::Sq { .. }] => two.push((*a, *b, mv.clone())),
            _ => {}
        }
    }
    (two, one)
}

#[allow(clippy::too_many_arguments)]
fn squares(
    ui: &Ui,
    painter: &Painter,
    response: &egui::Response,
    board: &Board,
    layout: &Layout,
    input: &Input,
    selected: &mut Option<Region>,
    dark_mode: bool,
) -> Option<Move> {
    let (rows, cols) = (board.shape.rows(), board.shape.cols());
    let cell = layout.cell;
    let whole = Rect::from_min_size(layout.origin, vec2(cols as f32, rows as f32) * cell);
    match board.look {
        Look::Checkered => {
            let light = Color32::from_rgb(238, 232, 214);
            let dark = Color32::from_rgb(181, 160, 128);
            for r in 1..=rows {
                for c in 1..=cols {
                    // The bottom-left square is dark, as on a chessboard.
                    let colour = if (rows - r + c) % 2 == 0 { light } else { dark };
                    painter.rect_filled(layout.rect(r, c), 0.0, colour);
                }
            }
        }
        Look::Plain => {
            painter.rect_filled(whole, 2.0, Color32::from_rgb(46, 125, 82));
            let line = Stroke::new(1.2, Color32::from_rgb(20, 70, 42));
            for r in 0..=rows {
                let y = layout.origin.y + r as f32 * cell;
                painter.line_segment(
                    [Pos2::new(whole.left(), y), Pos2::new(whole.right(), y)],
                    line,
                );
            }
            for c in 0..=cols {
                let x = layout.origin.x + c as f32 * cell;
                painter.line_segment(
                    [Pos2::new(x, whole.top()), Pos2::new(x, whole.bottom())],
                    line,
                );
            }
        }
        Look::Holes => {
            painter.rect_filled(
                whole.expand(cell * 0.12),
                cell * 0.12,
                Color32::from_rgb(28, 78, 170),
            );
        }
    }
    let hole = if dark_mode {
        Color32::from_gray(27)
    } else {
        Color32::from_rgb(248, 248, 245)
    };
    // Fills: solid in their player's colour, a fill joined to the same player's fill
    // below or to the right (Kalah's store, two squares high) into one block, its
    // glyph in ink that reads on it.
    for f in &board.fills {
        let joined = |r: u32, c: u32| board.fill_at(r, c).is_some_and(|g| g.player == f.player);
        let gap = cell * 0.05;
        let mut rect = layout.rect(f.r, f.c).shrink(gap);
        if joined(f.r + 1, f.c) {
            rect.max.y += 2.0 * gap;
        }
        if joined(f.r, f.c + 1) {
            rect.max.x += 2.0 * gap;
        }
        let base = if f.player == 0 {
            palette::fill(1, dark_mode)
        } else {
            shade(colour(board, f.player), 0.85)
        };
        painter.rect_filled(rect, 2.0, base);
        if !f.glyph.is_empty() {
            let font = FontId::proportional(cell * 0.5);
            let ink = if f.player == 0 {
                colour(board, 1)
            } else {
                ink_on(base)
            };
            painter.text(rect.center(), Align2::CENTER_CENTER, &f.glyph, font, ink);
        }
    }
    let tint = Color32::from_rgba_unmultiplied(255, 215, 0, 90);
    for m in &board.marks {
        if let (Region::Sq { r, c }, MarkKind::Last) = (m.region, m.kind) {
            if board.look == Look::Holes {
                painter.circle_filled(layout.rect(r, c).center(), cell * 0.45, tint);
            } else {
                painter.rect_filled(layout.rect(r, c), 0.0, tint);
            }
        }
    }
    let (two, one) = square_moves(input);
    if input.clicker.is_none() || !two.iter().any(|(f, _, _)| Some(*f) == *selected) {
        *selected = None;
    }
    let mover = input.clicker.map_or(Color32::GRAY, |p| colour(board, p));
    let accent = if board.look == Look::Plain || mover.r() > 200 && mover.g() > 200 {
        palette::color(1)
    } else {
        mover
    };
    // Pieces, and empty holes.
    for r in 1..=rows {
        for c in 1..=cols {
            let center = layout.rect(r, c).center();
            match board.piece_at(r, c) {
                Some(p) => {
                    let fill = colour(board, p.player);
                    // One outline, a darker shade of the disc (a light rim beside the
                    // shadow read as two outlines round the glyph).
                    let rim = darker(fill);
                    painter.circle_filled(
                        center + vec2(1.5, 2.0),
                        cell * 0.36,
                        Color32::from_black_alpha(50),
                    );
                    painter.circle(center, cell * 0.36, fill, Stroke::new(1.5, rim));
                    if p.glyph.is_empty() {
                        painter.circle_stroke(
                            center,
                            cell * 0.22,
                            Stroke::new(1.0, rim.gamma_multiply(0.6)),
                        );
                    } else {
                        let font = FontId::proportional(cell * 0.42);
                        painter.text(center, Align2::CENTER_CENTER, &p.glyph, font, ink_on(fill));
                    }
                }
                None if board.look == Look::Holes => {
                    painter.circle_filled(center, cell * 0.38, hole);
                }
                None => {}
            }
        }
    }
    for m in &board.marks {
        let Region::Sq { r, c } = m.region else {
            continue;
        };
        match m.kind {
            MarkKind::Capture => {
                // A small cross in the corner: a piece was taken here.
                let square = layout.rect(r, c);
                let x = Rect::from_center_size(
                    square.right_top() + vec2(-cell * 0.14, cell * 0.14),
                    vec2(cell * 0.16, cell * 0.16),
                );
                let stroke = Stroke::new(3.0, Color32::from_rgb(213, 94, 0));
                painter.line_segment([x.left_top(), x.right_bottom()], stroke);
                painter.line_segment([x.right_top(), x.left_bottom()], stroke);
            }
            MarkKind::Hint if input.clicker.is_some() => {
                painter.circle_stroke(
                    layout.rect(r, c).center(),
                    cell * 0.12,
                    Stroke::new(1.5, text_faint(dark_mode)),
                );
            }
            _ => {}
        }
    }
    // What the person to move can do: ring the pieces that move, or the picked
    // piece and its targets, and dot the squares a single click plays.
    if input.clicker.is_some() {
        match *selected {
            Some(from) => {
                if let Region::Sq { r, c } = from {
                    painter.rect_stroke(
                        layout.rect(r, c).shrink(2.0),
                        3.0,
                        Stroke::new(3.0, accent),
                        StrokeKind::Inside,
                    );
                }
                for (_, to, _) in two.iter().filter(|(f, _, _)| *f == from) {
                    painter.circle_filled(
                        layout.center(*to),
                        cell * 0.15,
                        accent.gamma_multiply(0.7),
                    );
                }
            }
            None => {
                let mut movable: Vec<Region> = two.iter().map(|(f, _, _)| *f).collect();
                movable.dedup();
                for sq in movable {
                    painter.circle_stroke(
                        layout.center(sq),
                        cell * 0.42,
                        Stroke::new(2.0, accent.gamma_multiply(0.8)),
                    );
                }
                for (sq, _) in &one {
                    painter.circle_filled(
                        layout.center(*sq),
                        cell * 0.1,
                        accent.gamma_multiply(0.55),
                    );
                }
            }
        }
    }
    if let Some(hint) = input.hint {
        let stroke = Stroke::new(4.0, accent);
        match hint {
            [a, .., b] => {
                let (a, b) = (layout.center(*a), layout.center(*b));
                painter.arrow(a, b - a, stroke);
            }
            [a] => {
                painter.circle_stroke(layout.center(*a), cell * 0.3, stroke);
            }
            [] => {}
        }
    }
    // Clicks and drags.
    input.clicker?;
    if response.drag_stopped()
        && let (Some(start), Some(end)) = (
            response
                .interact_pointer_pos()
                .map(|p| p - response.drag_delta()),
            response.interact_pointer_pos(),
        )
        && let (Some(from), Some(to)) = (layout.square_at(start), layout.square_at(end))
        && from != to
        && let Some((_, _, mv)) = two.iter().find(|(f, t, _)| *f == from && *t == to)
    {
        *selected = None;
        return Some(mv.clone());
    }
    let pointer = response.hover_pos()?;
    let sq = layout.square_at(pointer)?;
    let target = selected.and_then(|from| {
        two.iter()
            .find(|(f, t, _)| *f == from && *t == sq)
            .map(|(_, _, m)| m.clone())
    });
    // A move's own square first; else the move whose area the square is in (a disc
    // dropped from anywhere in its column), shown at its own square.
    let single = one
        .iter()
        .find(|(s, _)| *s == sq)
        .or_else(|| {
            one.iter().find(|(_, m)| {
                input
                    .areas
                    .iter()
                    .any(|(a, area)| a == m && area.contains(&sq))
            })
        })
        .cloned();
    let pickable = two.iter().any(|(f, _, _)| *f == sq);
    let shown = single.as_ref().map_or(sq, |(s, _)| *s);
    let single = single.map(|(_, m)| m);
    if target.is_some() || single.is_some() || pickable {
        if let Region::Sq { r, c } = shown {
            painter.rect_stroke(
                layout.rect(r, c),
                0.0,
                Stroke::new(2.0, ui.visuals().text_color()),
                StrokeKind::Inside,
            );
        }
        ui.ctx().set_cursor_icon(CursorIcon::PointingHand);
    }
    if response.clicked() {
        if let Some(mv) = target.or(single) {
            *selected = None;
            return Some(mv);
        }
        *selected = pickable.then_some(sq);
    }
    None
}

fn text_faint(dark_mode: bool) -> Color32 {
    if dark_mode {
        Color32::from_gray(170)
    } else {
        Color32::from_gray(90)
    }
}

fn lattice(
    ui: &Ui,
    painter: &Painter,
    response: &egui::Response,
    board: &Board,
    layout: &Layout,
    input: &Input,
    dark_mode: bool,
) -> Option<Move> {
    let (rows, cols) = (board.shape.rows(), board.shape.cols());
    let cell = layout.cell;
    let ink = if dark_mode {
        Color32::from_gray(225)
    } else {
        Color32::from_gray(40)
    };
    let faint = if dark_mode {
        Color32::from_gray(85)
    } else {
        Color32::from_gray(200)
    };
    let span = vec2((cols.max(1) - 1) as f32, (rows.max(1) - 1) as f32) * cell;
    let card = Rect::from_min_size(layout.origin, span).expand(cell * 0.55);
    painter.rect_filled(
        card,
        cell * 0.15,
        if dark_mode {
            Color32::from_gray(32)
        } else {
            Color32::from_rgb(250, 248, 243)
        },
    );
    // Claimed cells: the owner's colour and letter.
    for f in &board.fills {
        let rect = Rect::from_two_pos(layout.point(f.r, f.c), layout.point(f.r + 1, f.c + 1))
            .shrink(cell * 0.06);
        painter.rect_filled(rect, cell * 0.05, palette::fill(f.player.max(1), dark_mode));
        if !f.glyph.is_empty() {
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                &f.glyph,
                FontId::proportional(cell * 0.42),
                colour(board, f.player),
            );
        }
    }
    let ends = |region: Region| match region {
        Region::Line { r1, c1, r2, c2 } => Some((layout.point(r1, c1), layout.point(r2, c2))),
        Region::Sq { .. } => None,
    };
    let thin = Stroke::new((cell * 0.02).max(1.0), faint);
    let thick = (cell * 0.085).max(2.5);
    let lines: Vec<(Region, &Move)> = input
        .moves
        .iter()
        .filter_map(|(mv, rs)| match rs.as_slice() {
            [r @ Region::Line { .. }] => Some((*r, mv)),
            _ => None,
        })
        .collect();
    // Places still open, faint, so the grid reads as a grid.
    for (region, _) in &lines {
        if let Some((a, b)) = ends(*region) {
            painter.extend(egui::Shape::dashed_line(
                &[a, b],
                thin,
                cell * 0.05,
                cell * 0.07,
            ));
        }
    }
    for l in &board.lines {
        let region = Region::Line {
            r1: l.r1,
            c1: l.c1,
            r2: l.r2,
            c2: l.c2,
        };
        let (a, b) = (layout.point(l.r1, l.c1), layout.point(l.r2, l.c2));
        let c = colour(board, l.player);
        if board.marks_on(region).any(|k| k == MarkKind::Last) {
            // The last move glows under its line.
            painter.line_segment([a, b], Stroke::new(thick * 2.6, c.gamma_multiply(0.3)));
        }
        painter.line_segment([a, b], Stroke::new(thick, c));
    }
    let mover = input.clicker.map_or(ink, |p| colour(board, p));
    if let Some(hint) = input.hint
        && let Some((a, b)) = hint.first().copied().and_then(ends)
    {
        painter.extend(egui::Shape::dashed_line(
            &[a, b],
            Stroke::new(thick * 0.8, mover),
            cell * 0.08,
            cell * 0.06,
        ));
        painter.circle_stroke(a + (b - a) * 0.5, cell * 0.16, Stroke::new(2.0, mover));
    }
    let mut clicked = None;
    if input.clicker.is_some()
        && let Some(pointer) = response.hover_pos()
    {
        let nearest = lines
            .iter()
            .filter_map(|(r, mv)| {
                ends(*r).map(|(a, b)| (distance_to_segment(pointer, a, b), a, b, *mv))
            })
            .min_by(|x, y| x.0.total_cmp(&y.0));
        if let Some((d, a, b, mv)) = nearest
            && d < cell * 0.38
        {
            painter.line_segment([a, b], Stroke::new(thick, mover.gamma_multiply(0.45)));
            ui.ctx().set_cursor_icon(CursorIcon::PointingHand);
            if response.clicked() {
                clicked = Some(mv.clone());
            }
        }
    }
    // Dots on top of everything.
    for r in 1..=rows {
        for c in 1..=cols {
            painter.circle_filled(layout.point(r, c), (cell * 0.075).max(2.5), ink);
        }
    }
    clicked
}

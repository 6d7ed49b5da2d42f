//! The board in the middle of the window: what the rules' view draws, with the last
//! move and the hint marked; a click on it plays a move. The drawing itself is
//! [`crate::ui::window::board_painter`]'s.

use super::Window;
use crate::engine::term;
use crate::game::board::Board;
use crate::ui::window::board_painter;
use egui::Ui;

/// Draws the central panel, and plays the move a click there makes.
pub(in crate::ui::window) fn show(app: &mut impl Window, ui: &mut Ui) {
    egui::CentralPanel::default_margins().show(ui, |ui| draw(app, ui));
}

fn draw(app: &mut impl Window, ui: &mut Ui) {
    // No clicking while the computer moves, nor in a still picture.
    let clicker = app.session().human_to_move().filter(|_| app.may_click());
    let Some(mut drawn) = Board::from_view(&app.session().facts.view) else {
        ui.label(format!(
            "This view is not a board tabula can draw (see the board vocabulary in prolog/core/game.pl): {}",
            term::to_text(&app.session().facts.view)
        ));
        ui.label("Type moves in the move box.");
        app.widgets().layout = None;
        return;
    };
    if let Some(last) = app.session().last() {
        drawn.mark_last(&last.regions);
    }
    let hint = app.hint().and_then(|(mv, _, _)| {
        app.session()
            .facts
            .inputs
            .iter()
            .find(|(m, _)| *m == mv)
            .map(|(_, rs)| rs.clone())
    });
    let mut selected = app.widgets().selected;
    let input = board_painter::Input {
        moves: &app.session().facts.inputs,
        areas: &app.session().facts.areas,
        hint: hint.as_deref(),
        clicker,
        sides: &app.game().sides,
    };
    let (clicked, layout) = board_painter::show(ui, &drawn, &input, &mut selected);
    let widgets = app.widgets();
    widgets.selected = selected;
    widgets.layout = layout;
    if let Some(mv) = clicked {
        app.click(&mv);
    }
}

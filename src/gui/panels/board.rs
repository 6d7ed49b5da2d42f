//! The board in the middle of the window: what the rules' view draws, with the last
//! move and the hint marked; a click on it plays a move. The drawing itself is
//! [`crate::gui::board`]'s.

use crate::board::Board;
use crate::gui::app::{Purpose, TabulaApp};
use crate::gui::board;
use crate::term;
use egui::Ui;

/// Draws the central panel, and plays the move a click there makes.
pub(in crate::gui) fn show(app: &mut TabulaApp, ui: &mut Ui) {
    egui::CentralPanel::default_margins().show(ui, |ui| draw(app, ui));
}

fn draw(app: &mut TabulaApp, ui: &mut Ui) {
    // No clicking while the computer moves, nor in a still picture.
    let clicker = app
        .session
        .human_to_move()
        .filter(|_| app.computer_moves && app.pending.is_none_or(|(_, p)| p == Purpose::Hint));
    let Some(mut drawn) = Board::from_view(&app.session.facts.view) else {
        ui.label(format!(
            "This view is not a board tabula can draw (see the board vocabulary in prolog/game.pl): {}",
            term::to_text(&app.session.facts.view)
        ));
        ui.label("Type moves in the move box.");
        app.layout = None;
        return;
    };
    if let Some(last) = app.session.last() {
        drawn.mark_last(&last.regions);
    }
    let hint = app.hint.as_ref().and_then(|(mv, _)| {
        app.session
            .facts
            .inputs
            .iter()
            .find(|(m, _)| m == mv)
            .map(|(_, rs)| rs.clone())
    });
    let input = board::Input {
        moves: &app.session.facts.inputs,
        hint: hint.as_deref(),
        clicker,
        sides: &app.game.sides,
    };
    let (clicked, layout) = board::show(ui, &drawn, &input, &mut app.selected);
    app.layout = layout;
    if let Some(mv) = clicked {
        app.click(&mv);
    }
}

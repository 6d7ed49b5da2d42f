//! The controls at the top of the side panel: New game, Undo and Hint, the box to type
//! a move in, and a button for each legal move made nowhere on the board (a pass).

use super::Window;
use egui::{Key, Ui};

/// Draws the controls, and acts on them.
pub(in crate::ui::window) fn show(app: &mut impl Window, ui: &mut Ui) {
    ui.add_space(8.0);
    ui.horizontal_wrapped(|ui| {
        if ui.button("New game…").on_hover_text("Ctrl+N").clicked() {
            app.open_new_game();
        }
        if ui.button("Undo").on_hover_text("Ctrl+Z").clicked() {
            app.undo();
        }
        if ui.button("Hint").on_hover_text("H").clicked() {
            app.ask_hint();
        }
    });
    ui.add_space(6.0);
    // Nothing to type while a move the person has no choice about waits to be played.
    if app.session().human_to_move().is_some() && app.session().forced_move().is_none() {
        let mut typed = std::mem::take(&mut app.widgets().typed);
        let mut play = false;
        ui.horizontal(|ui| {
            let edit = ui.add(
                egui::TextEdit::singleline(&mut typed)
                    .hint_text("type a move")
                    .desired_width(150.0),
            );
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            play = ui.button("Play").clicked() || entered;
        })
        .response
        .on_hover_text(app.game().notation_hint.as_str());
        app.widgets().typed = typed.clone();
        if play && !typed.trim().is_empty() {
            app.type_move(&typed);
        }
        let unplaced = app.session().facts.unplaced.clone();
        if !unplaced.is_empty() {
            ui.horizontal_wrapped(|ui| {
                for (mv, notation) in &unplaced {
                    if ui.button(notation).clicked() {
                        app.click(mv);
                    }
                }
            });
        }
    }
}

//! The panel on the right: the controls and the move box, the messages, the move list,
//! and at its foot which rules files are loaded — each drawn by its own module.

use super::Window;
use super::{controls, moves, rules, status};
use egui::Ui;

/// Draws the right-hand panel, top to bottom.
pub(in crate::ui::window) fn show(app: &mut impl Window, ui: &mut Ui) {
    egui::Panel::right("side")
        // One width whatever it shows: a long message wraps rather than pushing the
        // board aside.
        .resizable(false)
        .exact_size(300.0)
        .show(ui, |ui| {
            controls::show(app, ui);
            status::show(app, ui);
            ui.separator();
            moves::show(app, ui);
            rules::footer(app, ui);
        });
}

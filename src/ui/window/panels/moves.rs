//! The move list: every move played so far, numbered, by whom, in the game's notation,
//! with the boxes it closed.

use super::Window;
use crate::ui::window::palette;
use egui::{RichText, Ui};

/// Draws the list, scrolled to the last move.
pub(in crate::ui::window) fn show(app: &impl Window, ui: &mut Ui) {
    ui.label(RichText::new("Moves").strong());
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for (k, position) in app.session().history.iter().skip(1).enumerate() {
                if let Some(a) = &position.arrival {
                    // Wrapped within the panel's width: a long event goes on the next
                    // line rather than past the panel's edge.
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(format!("{:>3}.", k + 1)).monospace().weak());
                        ui.label(
                            RichText::new(palette::label(a.player).to_string())
                                .strong()
                                .color(palette::color(a.player)),
                        );
                        ui.label(RichText::new(&a.notation).monospace());
                        // What the move did, in the rules' words.
                        if !a.events_text.is_empty() {
                            ui.label(RichText::new(&a.events_text).weak());
                        }
                    });
                }
            }
        });
}

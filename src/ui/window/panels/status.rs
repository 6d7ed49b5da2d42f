//! The messages under the controls: the hint, the status of the last action, and the
//! reason the computer gave for its last move.

use super::Window;
use crate::ui::window::palette;
use egui::{RichText, Ui};

/// Draws the messages there are.
pub(in crate::ui::window) fn show(app: &impl Window, ui: &mut Ui) {
    if let Some((_, notation, why)) = app.hint() {
        ui.label(RichText::new(format!("Hint: {notation} — {why}")).strong());
    }
    if let Some(status) = app.status() {
        ui.label(status);
    }
    if let Some(last) = app.session().last()
        && let Some(reason) = &last.reason
    {
        ui.label(
            RichText::new(format!(
                "{} played {}: {reason}",
                palette::label(last.player),
                last.notation
            ))
            .weak(),
        );
    }
}

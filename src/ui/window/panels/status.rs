//! The messages under the controls: the hint, a move played for the person, the
//! status of the last action, and the reason the computer gave for its last move.

use super::Window;
use crate::ui::forced;
use crate::ui::window::palette;
use egui::{RichText, Ui};

/// Draws the messages there are.
pub(in crate::ui::window) fn show(app: &impl Window, ui: &mut Ui) {
    if let Some((_, notation, why)) = app.hint() {
        ui.label(RichText::new(format!("Hint: {notation} — {why}")).strong());
    }
    // A move the person has no choice but to make: said, then played for them.
    if let Some((_, notation)) = app.session().forced_move()
        && let Some(p) = app.session().facts.to_move
    {
        let side = app
            .game()
            .sides
            .get((p as usize).wrapping_sub(1))
            .cloned()
            .unwrap_or_else(|| format!("Player {}", palette::label(p)));
        ui.label(RichText::new(forced::text(&side, notation)).strong());
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

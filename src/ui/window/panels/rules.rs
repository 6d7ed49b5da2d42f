//! The rules files, as the window shows them: at the foot of the side panel, which
//! files are loaded (or watched); at the bottom of the window, why edited rules do not
//! load, while play goes on with the last good ones.

use super::Window;
use egui::{Align, Color32, Layout, RichText, Ui};

/// Names the rules files at the foot of the side panel.
pub(in crate::ui::window) fn footer(app: &impl Window, ui: &mut Ui) {
    ui.with_layout(Layout::bottom_up(Align::LEFT), |ui| {
        let files: Vec<String> = app
            .rules_files()
            .iter()
            .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        let watching = if app.watching() { "watching" } else { "loaded" };
        ui.label(
            RichText::new(format!("Rules {watching}: {}", files.join(", ")))
                .small()
                .weak(),
        );
    });
}

/// Shows, in a panel at the bottom, why the rules on disk do not load, if they don't.
pub(in crate::ui::window) fn error(app: &impl Window, ui: &mut Ui) {
    if let Some(error) = app.load_error().map(str::to_string) {
        egui::Panel::bottom("rules-error").show(ui, |ui| {
            ui.add_space(6.0);
            ui.label(
                RichText::new(
                    "The rules on disk do not load; still playing with the last good rules:",
                )
                .strong(),
            );
            ui.label(
                RichText::new(error)
                    .monospace()
                    .color(Color32::from_rgb(200, 60, 60)),
            );
            ui.add_space(6.0);
        });
    }
}

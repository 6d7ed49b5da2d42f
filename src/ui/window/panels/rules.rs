//! The rules files, as the window shows them: at the foot of the side panel, which
//! files are loaded (or watched); at the bottom of the window, why edited rules do not
//! load, while play goes on with the last good ones.

use super::Window;
use egui::{Align, Align2, Color32, Layout, RichText, Ui};

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

/// Shows why the rules on disk do not load, if they don't: in a card over the foot of
/// the board's area, so that the board keeps its size (a panel of its own took its
/// height from the board, which shrank and grew as the error came and went).
pub(in crate::ui::window) fn error(app: &impl Window, ui: &mut Ui) {
    let Some(error) = app.load_error().map(str::to_string) else {
        return;
    };
    let area = ui.available_rect_before_wrap();
    egui::Area::new(egui::Id::unique("rules-error"))
        .order(egui::Order::Foreground)
        .pivot(Align2::LEFT_BOTTOM)
        .fixed_pos(area.left_bottom() + egui::vec2(8.0, -8.0))
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width((area.width() - 40.0).max(200.0));
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
            });
        });
}

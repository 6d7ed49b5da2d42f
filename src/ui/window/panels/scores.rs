//! The scores bar across the top: the game's title, then a card per seat with its
//! letter, its player, its score (or side) and whether it is to move or thinking.

use super::Window;
use super::seat_name;
use crate::ui::window::palette;
use egui::{RichText, Ui};

/// Draws the bar at the top of the window.
pub(in crate::ui::window) fn show(app: &impl Window, ui: &mut Ui) {
    egui::Panel::top("scores").show(ui, |ui| bar(app, ui));
}

fn bar(app: &impl Window, ui: &mut Ui) {
    let scores = app.session().scores();
    let sides = app.game().sides.len() == app.session().seats.len();
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.heading(RichText::new(app.game().title.as_str()).strong());
        ui.add_space(16.0);
        for p in 1..=app.session().seats.len() as u32 {
            let to_move = app.session().facts.to_move == Some(p);
            let frame = egui::Frame::new()
                .inner_margin(egui::Margin::symmetric(10, 4))
                .corner_radius(8.0)
                .stroke(if to_move {
                    egui::Stroke::new(2.5, palette::color(p))
                } else {
                    egui::Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color)
                });
            frame.show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(palette::label(p).to_string())
                            .strong()
                            .size(20.0)
                            .color(palette::color(p)),
                    );
                    ui.label(RichText::new(seat_name(&app.session().seats, p)).size(15.0));
                    if sides {
                        // A game of sides, not points: the colour says who is who.
                        let side = app.game().sides[p as usize - 1].as_str();
                        ui.label(RichText::new(side).weak().size(15.0));
                    } else {
                        let score = scores.get(p as usize - 1).copied().unwrap_or(0);
                        ui.label(RichText::new(score.to_string()).strong().size(22.0));
                    }
                    if to_move && !app.session().is_over() {
                        if app.computer_thinking() {
                            ui.spinner();
                            ui.label("thinking…");
                        } else {
                            ui.label(RichText::new("to move").italics());
                        }
                    }
                });
            });
        }
    });
    ui.add_space(6.0);
}

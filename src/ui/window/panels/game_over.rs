//! The "Game over" window: who won, the final scores, and a button to play again.

use super::Window;
use super::seat_name;
use crate::game::{Outcome, Verdict};
use crate::ui::window::palette;
use egui::{RichText, Ui};

/// Shows the window when the game is over; "Play again" restarts it.
pub(in crate::ui::window) fn show(app: &mut impl Window, ui: &mut Ui) {
    let Outcome::Over { scores, result } = app.session().facts.outcome.clone() else {
        return;
    };
    let headline = match &result {
        Verdict::Winner(p) => {
            let name = seat_name(&app.session().seats, *p);
            if name == "You" {
                "You win!".to_string()
            } else {
                format!("{name} wins")
            }
        }
        Verdict::Tie(ps) => {
            let names: Vec<String> = ps.iter().map(|p| palette::label(*p).to_string()).collect();
            format!("A tie between {}", names.join(" and "))
        }
    };
    let line: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(k, s)| format!("{} {s}", palette::label(k as u32 + 1)))
        .collect();
    let mut again = false;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ui.ctx(), |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(RichText::new(headline).size(28.0).strong());
                ui.label(RichText::new(line.join("  –  ")).size(18.0));
                ui.add_space(8.0);
                again = ui.button("Play again").clicked();
            });
        });
    if again {
        app.restart();
    }
}

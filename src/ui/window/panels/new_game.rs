//! The "New game" window: the game, its options (the form of [`crate::ui::window::new_game`]),
//! who sits in each seat and who starts; "Start" starts that game.

use super::Window;
use crate::players::spec::PlayerSpec;
use crate::ui::window::new_game::NewGame;
use egui::Ui;

/// Shows the window while it is open (after "New game…" or Ctrl+N).
pub(in crate::ui::window) fn show(app: &mut impl Window, ui: &mut Ui) {
    let Some(mut form) = app.widgets().new_game.take() else {
        return;
    };
    let mut open = true;
    let mut start = false;
    let choices: Vec<String> = std::iter::once("human".to_string())
        .chain(app.levels().iter().cloned())
        .collect();
    egui::Window::new("New game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ui.ctx(), |ui| {
            egui::Grid::new("new-game")
                .num_columns(2)
                .spacing([12.0, 8.0])
                .show(ui, |ui| {
                    ui.label("Game");
                    let mut chosen = form.game;
                    egui::ComboBox::from_id_salt("game")
                        .selected_text(form.game.title.as_str())
                        .show_ui(ui, |ui| {
                            for &g in &crate::game::catalog().games {
                                ui.selectable_value(&mut chosen, g, g.title.as_str());
                            }
                        });
                    if !std::ptr::eq(chosen, form.game) {
                        form = NewGame::new(chosen, &[], form.seats.clone());
                    }
                    ui.end_row();
                    form.option_rows(ui);
                    let players = form.players();
                    form.seats
                        .resize(players, choices.last().cloned().unwrap_or_default());
                    for k in 0..players {
                        ui.label(format!("Seat {}", k + 1));
                        egui::ComboBox::from_id_salt(("seat", k))
                            .selected_text(form.seats[k].clone())
                            .show_ui(ui, |ui| {
                                for c in &choices {
                                    ui.selectable_value(&mut form.seats[k], c.clone(), c);
                                }
                            });
                        ui.end_row();
                    }
                    ui.label("Who starts");
                    egui::ComboBox::from_id_salt("first")
                        .selected_text(format!("Seat {}", form.first + 1))
                        .show_ui(ui, |ui| {
                            for k in 0..players {
                                ui.selectable_value(&mut form.first, k, format!("Seat {}", k + 1));
                            }
                        });
                    ui.end_row();
                });
            ui.add_space(8.0);
            start = ui.button("Start").clicked();
        });
    if start {
        form.first = form.first.min(form.players() - 1);
        let mut seats: Vec<PlayerSpec> = form.seats.iter().filter_map(|s| s.parse().ok()).collect();
        seats.rotate_left(form.first);
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_micros() as u64)
            .unwrap_or(1);
        let options = form.options(seed);
        if !std::ptr::eq(form.game, app.game()) {
            app.switch_game(form.game);
        }
        app.start(options, seats);
    } else if open {
        app.widgets().new_game = Some(form);
    }
}

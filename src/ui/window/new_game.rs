//! The new-game form, built from the options the game's rules declare
//! (`game_info/1`'s `options`): a slider for a whole number, a choice for a list of
//! values, a checkbox for a random start, a text box for a position. Nothing here
//! knows a game.

use crate::engine::term::{self, Term};
use crate::game::{Domain, GameInfo, GameOption};
use egui::Ui;

/// One option's value in the form.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Integer(i64),
    Choice(String),
    Text(String),
    /// A random start: on or off.
    Seed(bool),
}

/// The form's choices.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub game: &'static GameInfo,
    /// One value per option of the game, in its order.
    pub values: Vec<(GameOption, Value)>,
    pub seats: Vec<String>,
    pub first: usize,
}

impl NewGame {
    /// The form for `game`, its values taken from `options` (the options the game
    /// on the board was started with) where they say, else the declared defaults.
    pub fn new(game: &'static GameInfo, options: &[Term], seats: Vec<String>) -> NewGame {
        let given = |name: &str| {
            options
                .iter()
                .find_map(|o| term::args(o, name, 1).and_then(|a| a.first()))
        };
        let values = game
            .options
            .iter()
            .map(|o| {
                let value = match &o.domain {
                    Domain::Integer { min, max } => Value::Integer(
                        given(&o.name)
                            .and_then(term::as_i64)
                            .or(o.default_integer())
                            .unwrap_or(*min)
                            .clamp(*min, *max),
                    ),
                    Domain::OneOf(vs) => Value::Choice(
                        given(&o.name)
                            .or(o.default.as_ref())
                            .and_then(term::as_atom)
                            .map(str::to_string)
                            .or_else(|| vs.first().cloned())
                            .unwrap_or_default(),
                    ),
                    Domain::Text => Value::Text(String::new()),
                    Domain::Seed => Value::Seed(false),
                };
                (o.clone(), value)
            })
            .collect();
        let mut form = NewGame {
            game,
            values,
            seats,
            first: 0,
        };
        let n = form.players();
        form.seats.truncate(n);
        form
    }

    /// The number of seats: the `players` option when the game has one, else the
    /// number of sides, else two.
    pub fn players(&self) -> usize {
        self.values
            .iter()
            .find_map(|(o, v)| match v {
                Value::Integer(n) if o.name == "players" => usize::try_from(*n).ok(),
                _ => None,
            })
            .unwrap_or(if self.game.sides.is_empty() {
                2
            } else {
                self.game.sides.len()
            })
            .max(1)
    }

    /// The options of `initial_state/2` the form describes; `seed` draws a random start.
    pub fn options(&self, seed: u64) -> Vec<Term> {
        self.values
            .iter()
            .filter_map(|(o, v)| {
                let value = match v {
                    Value::Integer(n) => Term::integer(*n),
                    Value::Choice(c) => Term::atom(c),
                    Value::Text(t) if t.trim().is_empty() => return None,
                    Value::Text(t) => Term::string(t.trim()),
                    Value::Seed(false) => return None,
                    Value::Seed(true) => Term::integer(seed % (1 << 62)),
                };
                Some(Term::compound(&o.name, [value]))
            })
            .collect()
    }

    /// The option rows of the form's grid (two columns: what, and its control).
    pub fn option_rows(&mut self, ui: &mut Ui) {
        for (o, v) in &mut self.values {
            ui.label(&o.text).on_hover_text(o.name.as_str());
            match (v, &o.domain) {
                (Value::Integer(n), Domain::Integer { min, max }) => {
                    ui.add(egui::Slider::new(n, *min..=*max));
                }
                (Value::Choice(c), Domain::OneOf(vs)) => {
                    egui::ComboBox::from_id_salt(("option", o.name.as_str()))
                        .selected_text(c.clone())
                        .show_ui(ui, |ui| {
                            for value in vs {
                                ui.selectable_value(c, value.clone(), value);
                            }
                        });
                }
                (Value::Text(t), _) => {
                    ui.add(egui::TextEdit::singleline(t).hint_text("the default"));
                }
                (Value::Seed(on), _) => {
                    ui.checkbox(on, "random");
                }
                _ => {
                    ui.label("");
                }
            }
            ui.end_row();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ChampionshipPolicy, GameInfo};

    fn game(options: Vec<GameOption>) -> &'static GameInfo {
        Box::leak(Box::new(GameInfo {
            name: "g".into(),
            file: "g.pl".into(),
            title: "G".into(),
            aliases: vec![],
            summary: String::new(),
            notation_help: String::new(),
            notation_hint: String::new(),
            sides: vec![],
            options,
            players_file: None,
            fast_file: None,
            levels: vec![],
            strongest: String::new(),
            championship: ChampionshipPolicy::default(),
            source: None,
        }))
    }

    fn integer(name: &str, min: i64, max: i64, default: i64) -> GameOption {
        GameOption {
            name: name.into(),
            domain: Domain::Integer { min, max },
            default: Some(Term::integer(default)),
            text: name.into(),
        }
    }

    #[test]
    fn values_come_from_the_game_on_the_board_then_the_defaults() {
        let g = game(vec![integer("rows", 2, 12, 5), integer("players", 2, 4, 2)]);
        let form = NewGame::new(g, &[Term::compound("players", [Term::integer(3)])], vec![]);
        assert_eq!(form.players(), 3);
        assert_eq!(
            form.options(1),
            vec![
                Term::compound("rows", [Term::integer(5)]),
                Term::compound("players", [Term::integer(3)])
            ]
        );
    }

    #[test]
    fn out_of_range_values_are_clamped_and_a_random_start_is_off() {
        let mut seed = integer("random_start", 0, 0, 0);
        seed.domain = Domain::Seed;
        seed.default = None;
        let g = game(vec![integer("rows", 4, 12, 8), seed]);
        let form = NewGame::new(g, &[Term::compound("rows", [Term::integer(2)])], vec![]);
        assert_eq!(
            form.options(7),
            vec![Term::compound("rows", [Term::integer(4)])]
        );
    }
}

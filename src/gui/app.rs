//! The window: scores on top, the board in the middle, controls and the move list on
//! the right. State lives in [`Session`]; this module only draws it and turns clicks
//! and keys into requests to the rules.

use super::board;
use super::computer::{Computer, ProgramGame, reason_text};
use super::new_game::NewGame;
use super::palette;
use super::session::Session;
use super::watch::{Reload, Watcher};
use crate::board::{Board, Region};
use crate::check;
use crate::game::{GameError, GameInfo, Move, Outcome, Rules, Verdict};
use crate::player::PlayerSpec;
use crate::program;
use crate::term::{self, Term};
use egui::{Align, Color32, Key, Layout, RichText, Ui};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// How the window starts.
pub struct GuiOptions {
    pub game: &'static GameInfo,
    pub rules_file: Option<PathBuf>,
    pub options: Vec<Term>,
    /// Seats in player order; a missing seat gets the strongest computer player.
    pub seats: Vec<Option<PlayerSpec>>,
    pub budget_ms: u64,
    /// Moves played before the window shows (in any notation the rules read).
    pub moves: Vec<String>,
    /// Watch the rules files and reload them on save.
    pub watch: bool,
    /// Let computer players move (off for screenshots).
    pub computer_moves: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    Move,
    Hint,
}

/// The application.
pub struct TabulaApp {
    game: &'static GameInfo,
    rules_file: Option<PathBuf>,
    rules: Rules,
    levels: Vec<String>,
    session: Session,
    computer: Computer,
    repaint: Arc<Mutex<Option<egui::Context>>>,
    pending: Option<(u64, Purpose)>,
    hint: Option<(Move, String)>,
    status: Option<String>,
    load_error: Option<String>,
    new_game: Option<NewGame>,
    layout: Option<board::Layout>,
    /// The square picked by a first click on a board where a move is two clicks.
    selected: Option<Region>,
    /// The move box's text.
    typed: String,
    watcher: Option<Watcher>,
    budget_ms: u64,
    computer_moves: bool,
}

fn wake(slot: &Arc<Mutex<Option<egui::Context>>>) -> impl Fn() + Send + 'static {
    let slot = slot.clone();
    move || {
        if let Ok(guard) = slot.lock()
            && let Some(ctx) = guard.as_ref()
        {
            ctx.request_repaint();
        }
    }
}

impl TabulaApp {
    /// Loads the rules, starts the game and the computer's thread.
    pub fn new(options: GuiOptions) -> Result<TabulaApp, GameError> {
        let rules = Rules::load(options.game, options.rules_file.as_deref())?;
        let levels = rules.levels()?;
        let seats: Vec<PlayerSpec> = options
            .seats
            .iter()
            .map(|s| s.clone().unwrap_or_else(|| PlayerSpec::strongest(&levels)))
            .collect();
        for seat in &seats {
            seat.check(&levels).map_err(GameError::Usage)?;
        }
        let seats: Vec<PlayerSpec> = seats.into_iter().map(|s| s.resolved(&levels)).collect();
        let mut session = Session::new(
            &rules,
            options.options.clone(),
            seats,
            PlayerSpec::strongest(&levels),
        )?;
        for text in &options.moves {
            let mv = rules
                .parse_move(session.state(), text)?
                .ok_or_else(|| GameError::Usage(format!("cannot read the move {text:?}")))?;
            if session.play(&rules, &mv, None)?.is_none() {
                let why = rules
                    .explain_illegal(session.state(), &mv)?
                    .unwrap_or_default();
                return Err(GameError::Usage(format!("illegal move {text:?}: {why}")));
            }
        }
        let repaint = Arc::new(Mutex::new(None));
        let computer = Computer::start(options.game, options.rules_file.clone(), wake(&repaint));
        let watcher = if options.watch {
            Watcher::start(
                rules.files().to_vec(),
                options.game,
                options.rules_file.clone(),
                wake(&repaint),
            )
        } else {
            None
        };
        Ok(TabulaApp {
            game: options.game,
            rules_file: options.rules_file,
            rules,
            levels,
            session,
            computer,
            repaint,
            pending: None,
            hint: None,
            status: None,
            load_error: None,
            new_game: None,
            layout: None,
            selected: None,
            typed: String::new(),
            watcher,
            budget_ms: options.budget_ms,
            computer_moves: options.computer_moves,
        })
    }

    /// The game as it stands (for tests).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Where the board was drawn last (for tests that click).
    pub fn layout(&self) -> Option<board::Layout> {
        self.layout
    }

    /// The square picked by the first of a move's two clicks.
    pub fn selected(&self) -> Option<Region> {
        self.selected
    }

    /// The message shown after the last action, if any.
    pub fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }

    /// The error of the last failed reload, if the rules on disk are broken.
    pub fn load_error(&self) -> Option<&str> {
        self.load_error.as_deref()
    }

    /// Whether the computer is thinking.
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// The hint shown, as notation and reason.
    pub fn hint(&self) -> Option<(String, String)> {
        let (mv, why) = self.hint.as_ref()?;
        let notation = self.rules.move_text(self.session.state(), mv).ok()?;
        Some((notation, why.clone()))
    }

    fn report(&mut self, e: GameError) {
        self.status = Some(e.to_string());
    }

    /// Plays a move for the person to move (a click).
    pub fn click(&mut self, mv: &Move) {
        if self.session.human_to_move().is_none() {
            return;
        }
        self.hint = None;
        match self.session.play(&self.rules, mv, None) {
            Ok(Some(_)) => self.status = None,
            Ok(None) => {
                let why = self
                    .rules
                    .explain_illegal(self.session.state(), mv)
                    .ok()
                    .flatten();
                self.status = Some(why.unwrap_or_else(|| "not a legal move".into()));
            }
            Err(e) => self.report(e),
        }
    }

    /// Plays a move typed in the game's notation (the move box).
    pub fn type_move(&mut self, text: &str) {
        if self.session.human_to_move().is_none() {
            self.status = Some("It is not your turn.".into());
            return;
        }
        match self.rules.parse_move(self.session.state(), text) {
            Ok(Some(mv)) => {
                self.click(&mv);
                if self.status.is_none() {
                    self.typed.clear();
                }
            }
            Ok(None) => {
                self.status = Some(format!(
                    "Cannot read {:?} as a move: {}",
                    text.trim(),
                    self.game.notation_hint
                ));
            }
            Err(e) => self.report(e),
        }
    }

    /// Back to the person's previous turn.
    pub fn undo(&mut self) {
        self.pending = None;
        self.hint = None;
        match self.session.undo(&self.rules) {
            Ok(true) => self.status = Some("Move taken back.".into()),
            Ok(false) => self.status = Some("Nothing to undo.".into()),
            Err(e) => self.report(e),
        }
    }

    /// Asks the strongest computer player what it would play here.
    pub fn ask_hint(&mut self) {
        if self.session.is_over() || self.pending.is_some() {
            return;
        }
        let level = PlayerSpec::strongest(&self.levels);
        let ticket = self
            .computer
            .ask(self.session.state(), &level, self.budget_ms, None);
        self.pending = Some((ticket, Purpose::Hint));
        self.status = Some("Thinking about a hint…".into());
    }

    /// Starts a new game with the same seats and board.
    pub fn restart(&mut self) {
        let seats = self.session.seats.clone();
        let options = self.session.options.clone();
        self.start(options, seats);
    }

    fn start(&mut self, options: Vec<Term>, seats: Vec<PlayerSpec>) {
        // A level another game has (after switching games) becomes this game's strongest.
        let seats: Vec<PlayerSpec> = seats
            .into_iter()
            .map(|s| match s.check(&self.levels) {
                Ok(()) => s.resolved(&self.levels),
                Err(_) => PlayerSpec::strongest(&self.levels),
            })
            .collect();
        match Session::new(
            &self.rules,
            options,
            seats,
            PlayerSpec::strongest(&self.levels),
        ) {
            Ok(session) => {
                self.session = session;
                self.pending = None;
                self.hint = None;
                self.status = None;
            }
            Err(e) => self.report(e),
        }
    }

    /// Reloads the rules now (what a save of a rules file triggers).
    pub fn reload_now(&mut self) {
        let loaded = super::watch::load_and_check(self.game, self.rules_file.as_deref());
        self.apply_reload(loaded);
    }

    fn apply_reload(&mut self, loaded: Reload) {
        match loaded {
            Reload::Failed(message) => {
                self.load_error = Some(message);
            }
            Reload::Loaded(rules) => {
                self.load_error = None;
                let rules = *rules;
                let replayed = self.session.replayed(&rules);
                self.levels = rules.levels().unwrap_or_else(|_| self.levels.clone());
                self.rules = rules;
                match replayed {
                    Ok(session) => {
                        self.session = session;
                        self.status = Some("Rules reloaded.".into());
                    }
                    Err(e) => {
                        let seats = self.session.seats.clone();
                        let options = self.session.options.clone();
                        self.start(options, seats);
                        self.status = Some(format!("Rules reloaded; a new game ({e})."));
                    }
                }
                self.restart_computer();
            }
        }
    }

    /// Another game: its rules, players and watcher.
    fn switch_game(&mut self, game: &'static GameInfo) {
        match Rules::load(game, None) {
            Ok(rules) => {
                self.levels = rules.levels().unwrap_or_default();
                if self.watcher.is_some() {
                    self.watcher =
                        Watcher::start(rules.files().to_vec(), game, None, wake(&self.repaint));
                }
                self.game = game;
                self.rules_file = None;
                self.rules = rules;
                self.restart_computer();
            }
            Err(e) => self.report(e),
        }
    }

    fn restart_computer(&mut self) {
        self.pending = None;
        self.hint = None;
        self.computer = Computer::start(self.game, self.rules_file.clone(), wake(&self.repaint));
    }

    /// Lets the computer move when it is its turn; takes its answers.
    fn drive_computer(&mut self) {
        while let Some(answer) = self.computer.poll() {
            let Some((ticket, purpose)) = self.pending else {
                continue;
            };
            if answer.ticket != ticket {
                continue;
            }
            self.pending = None;
            match (purpose, answer.result) {
                (Purpose::Move, Ok((mv, why))) => {
                    match self.session.play(&self.rules, &mv, Some(reason_text(&why))) {
                        Ok(Some(_)) => {}
                        Ok(None) => {
                            self.status = Some(format!(
                                "The computer answered an illegal move, {}.",
                                mv.text()
                            ))
                        }
                        Err(e) => self.report(e),
                    }
                }
                (Purpose::Hint, Ok((mv, why))) => {
                    self.status = None;
                    self.hint = Some((mv, reason_text(&why)));
                }
                (_, Err(e)) => self.status = Some(format!("The computer player failed: {e}")),
            }
        }
        if self.pending.is_none()
            && self.computer_moves
            && self
                .status
                .as_deref()
                .is_none_or(|s| !s.starts_with("The computer"))
            && let Some((seat, level)) = self.session.computer_to_move()
        {
            let game = match &level {
                PlayerSpec::Command(_) | PlayerSpec::Lisp(_) => match self.program_game(seat) {
                    Ok(game) => Some(game),
                    Err(e) => {
                        self.status = Some(format!("The computer player failed: {e}"));
                        return;
                    }
                },
                _ => None,
            };
            let ticket = self
                .computer
                .ask(self.session.state(), &level, self.budget_ms, game);
            self.pending = Some((ticket, Purpose::Move));
        }
    }

    /// What the program in `seat` is told: the game's setup and the moves so far.
    fn program_game(&self, seat: u32) -> Result<ProgramGame, GameError> {
        let start = &self
            .session
            .history
            .first()
            .ok_or_else(|| GameError::Contract("a game without a start".into()))?
            .state;
        Ok(ProgramGame {
            seat,
            setup: program::setup_commands(&self.rules, self.game, &self.session.options, start)?,
            moves: self
                .session
                .history
                .iter()
                .filter_map(|p| p.arrival.as_ref().map(|a| a.notation.clone()))
                .collect(),
        })
    }

    fn shortcuts(&mut self, ui: &Ui) {
        let (new, undo, hint) = ui.input(|i| {
            (
                i.modifiers.command && i.key_pressed(Key::N),
                i.modifiers.command && i.key_pressed(Key::Z),
                !i.modifiers.command && i.key_pressed(Key::H),
            )
        });
        let typing = ui.ctx().text_edit_focused();
        if new {
            self.open_new_game();
        }
        if undo {
            self.undo();
        }
        if hint && !typing {
            self.ask_hint();
        }
    }

    fn open_new_game(&mut self) {
        self.new_game = Some(NewGame::new(
            self.game,
            &self.session.options,
            self.session.seats.iter().map(|s| s.to_string()).collect(),
        ));
    }

    /// Draws the whole window into `ui`, and acts on what the person did.
    pub fn show(&mut self, ui: &mut Ui) {
        if let Ok(mut slot) = self.repaint.lock()
            && slot.is_none()
        {
            *slot = Some(ui.ctx().clone());
        }
        if let Some(reload) = self.watcher.as_ref().and_then(Watcher::poll) {
            self.apply_reload(reload);
        }
        self.drive_computer();
        self.shortcuts(ui);

        egui::Panel::top("scores").show(ui, |ui| self.scores_bar(ui));
        egui::Panel::right("side")
            .default_size(280.0)
            .show(ui, |ui| self.side_panel(ui));
        if let Some(error) = self.load_error.clone() {
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
        egui::CentralPanel::default_margins().show(ui, |ui| self.board(ui));
        self.end_banner(ui);
        self.new_game_window(ui);
        if self.pending.is_some() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    fn seat_name(&self, p: u32) -> String {
        // The player number comes from the rules, which a user edits: never index blindly.
        let Some(spec) = self.session.seats.get((p as usize).wrapping_sub(1)) else {
            return format!("Player {p}");
        };
        let humans = self.session.seats.iter().filter(|s| s.is_human()).count();
        match spec {
            PlayerSpec::Human if humans == 1 => "You".into(),
            PlayerSpec::Human => format!("Player {p}"),
            PlayerSpec::Builtin(level) => format!("Computer ({level})"),
            PlayerSpec::File(path) | PlayerSpec::Lisp(path) => path
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "Player file".into()),
            // `python3 bots/mine.py --seed 2` is "mine.py": the script, else the program.
            PlayerSpec::Command(argv) => argv
                .iter()
                .skip(1)
                .find(|a| !a.starts_with('-') && (a.contains('/') || a.contains('.')))
                .or(argv.first())
                .map(|a| {
                    let name = std::path::Path::new(a).file_name();
                    name.map_or_else(|| a.clone(), |n| n.to_string_lossy().into_owned())
                })
                .unwrap_or_else(|| "Program".into()),
        }
    }

    fn scores_bar(&self, ui: &mut Ui) {
        let scores = self.session.scores();
        let sides = self.game.sides.len() == self.session.seats.len();
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.heading(RichText::new(self.game.title.as_str()).strong());
            ui.add_space(16.0);
            for p in 1..=self.session.seats.len() as u32 {
                let to_move = self.session.facts.to_move == Some(p);
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
                        ui.label(RichText::new(self.seat_name(p)).size(15.0));
                        if sides {
                            // A game of sides, not points: the colour says who is who.
                            let side = self.game.sides[p as usize - 1].as_str();
                            ui.label(RichText::new(side).weak().size(15.0));
                        } else {
                            let score = scores.get(p as usize - 1).copied().unwrap_or(0);
                            ui.label(RichText::new(score.to_string()).strong().size(22.0));
                        }
                        if to_move && !self.session.is_over() {
                            if self
                                .pending
                                .is_some_and(|(_, purpose)| purpose == Purpose::Move)
                            {
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

    fn side_panel(&mut self, ui: &mut Ui) {
        ui.add_space(8.0);
        ui.horizontal_wrapped(|ui| {
            if ui.button("New game…").on_hover_text("Ctrl+N").clicked() {
                self.open_new_game();
            }
            if ui.button("Undo").on_hover_text("Ctrl+Z").clicked() {
                self.undo();
            }
            if ui.button("Hint").on_hover_text("H").clicked() {
                self.ask_hint();
            }
        });
        ui.add_space(6.0);
        if self.session.human_to_move().is_some() {
            let mut typed = std::mem::take(&mut self.typed);
            let mut play = false;
            ui.horizontal(|ui| {
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut typed)
                        .hint_text("type a move")
                        .desired_width(150.0),
                );
                let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                play = ui.button("Play").clicked() || entered;
            })
            .response
            .on_hover_text(self.game.notation_hint.as_str());
            self.typed = typed;
            if play && !self.typed.trim().is_empty() {
                let text = self.typed.clone();
                self.type_move(&text);
            }
            let unplaced = self.session.facts.unplaced.clone();
            if !unplaced.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    for (mv, notation) in &unplaced {
                        if ui.button(notation).clicked() {
                            self.click(mv);
                        }
                    }
                });
            }
        }
        if let Some((notation, why)) = self.hint() {
            ui.label(RichText::new(format!("Hint: {notation} — {why}")).strong());
        }
        if let Some(status) = &self.status {
            ui.label(status);
        }
        if let Some(last) = self.session.last()
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
        ui.separator();
        ui.label(RichText::new("Moves").strong());
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for (k, position) in self.session.history.iter().skip(1).enumerate() {
                    if let Some(a) = &position.arrival {
                        ui.horizontal(|ui| {
                            ui.label(RichText::new(format!("{:>3}.", k + 1)).monospace().weak());
                            ui.label(
                                RichText::new(palette::label(a.player).to_string())
                                    .strong()
                                    .color(palette::color(a.player)),
                            );
                            ui.label(RichText::new(&a.notation).monospace());
                            let boxes = a
                                .events
                                .iter()
                                .filter(|e| term::functor_name(e) == Some("box"))
                                .count();
                            if boxes > 0 {
                                ui.label(
                                    RichText::new(format!(
                                        "+{boxes} box{}",
                                        if boxes > 1 { "es" } else { "" }
                                    ))
                                    .weak(),
                                );
                            }
                        });
                    }
                }
            });
        ui.with_layout(Layout::bottom_up(Align::LEFT), |ui| {
            let files: Vec<String> = self
                .rules
                .files()
                .iter()
                .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
                .collect();
            let watching = if self.watcher.is_some() {
                "watching"
            } else {
                "loaded"
            };
            ui.label(
                RichText::new(format!("Rules {watching}: {}", files.join(", ")))
                    .small()
                    .weak(),
            );
        });
    }

    fn board(&mut self, ui: &mut Ui) {
        // No clicking while the computer moves, nor in a still picture.
        let clicker = self.session.human_to_move().filter(|_| {
            self.computer_moves && self.pending.is_none_or(|(_, p)| p == Purpose::Hint)
        });
        let Some(mut drawn) = Board::from_view(&self.session.facts.view) else {
            ui.label(format!(
                "This view is not a board tabula can draw (see the board vocabulary in prolog/game.pl): {}",
                term::to_text(&self.session.facts.view)
            ));
            ui.label("Type moves in the move box.");
            self.layout = None;
            return;
        };
        if let Some(last) = self.session.last() {
            drawn.mark_last(&last.regions);
        }
        let hint = self.hint.as_ref().and_then(|(mv, _)| {
            self.session
                .facts
                .inputs
                .iter()
                .find(|(m, _)| m == mv)
                .map(|(_, rs)| rs.clone())
        });
        let input = board::Input {
            moves: &self.session.facts.inputs,
            hint: hint.as_deref(),
            clicker,
            sides: &self.game.sides,
        };
        let (clicked, layout) = board::show(ui, &drawn, &input, &mut self.selected);
        self.layout = layout;
        if let Some(mv) = clicked {
            self.click(&mv);
        }
    }

    fn end_banner(&mut self, ui: &mut Ui) {
        let Outcome::Over { scores, result } = self.session.facts.outcome.clone() else {
            return;
        };
        let headline = match &result {
            Verdict::Winner(p) => {
                let name = self.seat_name(*p);
                if name == "You" {
                    "You win!".to_string()
                } else {
                    format!("{name} wins")
                }
            }
            Verdict::Tie(ps) => {
                let names: Vec<String> =
                    ps.iter().map(|p| palette::label(*p).to_string()).collect();
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
            self.restart();
        }
    }

    fn new_game_window(&mut self, ui: &mut Ui) {
        let Some(mut form) = self.new_game.take() else {
            return;
        };
        let mut open = true;
        let mut start = false;
        let choices: Vec<String> = std::iter::once("human".to_string())
            .chain(self.levels.iter().cloned())
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
                                    ui.selectable_value(
                                        &mut form.first,
                                        k,
                                        format!("Seat {}", k + 1),
                                    );
                                }
                            });
                        ui.end_row();
                    });
                ui.add_space(8.0);
                start = ui.button("Start").clicked();
            });
        if start {
            form.first = form.first.min(form.players() - 1);
            let mut seats: Vec<PlayerSpec> =
                form.seats.iter().filter_map(|s| s.parse().ok()).collect();
            seats.rotate_left(form.first);
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_micros() as u64)
                .unwrap_or(1);
            let options = form.options(seed);
            if !std::ptr::eq(form.game, self.game) {
                self.switch_game(form.game);
            }
            self.start(options, seats);
        } else if open {
            self.new_game = Some(form);
        }
    }
}

/// Used by the conformance check on reload.
pub(crate) fn check_rules(rules: &Rules) -> Result<(), String> {
    match check::run(rules, 1, 1) {
        Ok(report) if report.failures.is_empty() => Ok(()),
        Ok(report) => {
            let file = rules.files().get(1).cloned().unwrap_or_default();
            Err(report.text(&file))
        }
        Err(e) => Err(e.to_string()),
    }
}

impl eframe::App for TabulaApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

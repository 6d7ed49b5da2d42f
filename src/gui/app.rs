//! The window: scores on top, the board in the middle, controls and the move list on
//! the right. State lives in [`Session`]; this module only draws it and turns clicks
//! and keys into requests to the rules.

use super::breakthrough_board::{self, GridLayout};
use super::computer::{Computer, ProgramGame, reason_text};
use super::dots_board::{self, BoardLayout, Overlay};
use super::kingpawn_board::{self, SquareLayout};
use super::palette;
use super::session::Session;
use super::watch::{Reload, Watcher};
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

/// The new-game panel's choices.
#[derive(Debug, Clone)]
struct NewGame {
    game: &'static GameInfo,
    rows: u32,
    cols: u32,
    players: usize,
    seats: Vec<String>,
    first: usize,
    /// Breakthrough: start from a championship-style random position.
    random_start: bool,
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
    layout: Option<BoardLayout>,
    square_layout: Option<SquareLayout>,
    grid_layout: Option<GridLayout>,
    /// The piece picked by a first click on a board where a move is two clicks.
    selected: Option<breakthrough_board::Square>,
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
            square_layout: None,
            grid_layout: None,
            selected: None,
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
    pub fn layout(&self) -> Option<BoardLayout> {
        self.layout
    }

    /// Where a board of squares was drawn last (for tests that click).
    pub fn square_layout(&self) -> Option<SquareLayout> {
        self.square_layout
    }

    /// Where the last frame drew a Breakthrough board.
    pub fn grid_layout(&self) -> Option<GridLayout> {
        self.grid_layout
    }

    /// The piece picked by the first of a move's two clicks.
    pub fn selected(&self) -> Option<breakthrough_board::Square> {
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
        let (rows, cols) = board_size(&self.session.facts.view).unwrap_or((5, 6));
        self.new_game = Some(NewGame {
            game: self.game,
            rows,
            cols,
            players: self.session.seats.len(),
            seats: self.session.seats.iter().map(|s| s.to_string()).collect(),
            first: 0,
            random_start: false,
        });
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
            ui.heading(RichText::new(self.game.title).strong());
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
                            let side = self.game.sides[p as usize - 1];
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
        let hint = self.hint.as_ref().map(|(mv, _)| mv.term().clone());
        let last = self.session.last().map(|a| a.mv.term().clone());
        let legal = self.session.facts.legal.clone();
        let view = self.session.facts.view.clone();
        let clicked = match term::functor_name(&view) {
            Some("kingpawn_view") => {
                let (clicked, layout) =
                    kingpawn_board::show(ui, &view, &legal, last.as_ref(), hint.as_ref(), clicker);
                self.square_layout = layout;
                clicked
            }
            Some("breakthrough_view") => {
                let (clicked, layout) = breakthrough_board::show(
                    ui,
                    &view,
                    &legal,
                    hint.as_ref(),
                    clicker,
                    &mut self.selected,
                );
                self.grid_layout = layout;
                clicked
            }
            _ => {
                let overlay = Overlay {
                    legal: &legal,
                    last: last.as_ref(),
                    hint: hint.as_ref(),
                    clicker,
                };
                let (clicked, layout) = dots_board::show(ui, &view, &overlay);
                self.layout = layout;
                clicked
            }
        };
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
                        egui::ComboBox::from_id_salt("game")
                            .selected_text(form.game.title)
                            .show_ui(ui, |ui| {
                                for g in crate::game::GAMES {
                                    ui.selectable_value(&mut form.game, g, g.title);
                                }
                            });
                        ui.end_row();
                        if form.game.name == "dots" {
                            ui.label("Rows of dots");
                            ui.add(egui::Slider::new(&mut form.rows, 2..=12));
                            ui.end_row();
                            ui.label("Columns of dots");
                            ui.add(egui::Slider::new(&mut form.cols, 2..=12));
                            ui.end_row();
                            ui.label("Players");
                            ui.add(egui::Slider::new(&mut form.players, 2..=4));
                            ui.end_row();
                        } else if form.game.name == "breakthrough" {
                            form.rows = form.rows.clamp(4, 12);
                            form.cols = form.cols.clamp(4, 12);
                            ui.label("Rows");
                            ui.add(egui::Slider::new(&mut form.rows, 4..=12));
                            ui.end_row();
                            ui.label("Columns");
                            ui.add(egui::Slider::new(&mut form.cols, 4..=12));
                            ui.end_row();
                            ui.label("Start");
                            ui.checkbox(&mut form.random_start, "random, as in the championship")
                                .on_hover_text(
                                    "Both sides make the same number of random quiet moves first",
                                );
                            ui.end_row();
                            form.players = 2;
                        } else {
                            form.players = 2;
                        }
                        form.seats
                            .resize(form.players, choices.last().cloned().unwrap_or_default());
                        for k in 0..form.players {
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
                                for k in 0..form.players {
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
            form.first = form.first.min(form.players - 1);
            let mut seats: Vec<PlayerSpec> =
                form.seats.iter().filter_map(|s| s.parse().ok()).collect();
            seats.rotate_left(form.first);
            let options = if form.game.name == "dots" {
                vec![
                    Term::compound("rows", [Term::integer(form.rows)]),
                    Term::compound("cols", [Term::integer(form.cols)]),
                    Term::compound("players", [Term::integer(form.players as u32)]),
                ]
            } else if form.game.name == "breakthrough" {
                let mut options = vec![
                    Term::compound("rows", [Term::integer(form.rows)]),
                    Term::compound("cols", [Term::integer(form.cols)]),
                ];
                if form.random_start {
                    let seed = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_micros() as u64 % (1 << 62))
                        .unwrap_or(1);
                    options.push(Term::compound("random_start", [Term::integer(seed)]));
                }
                options
            } else {
                Vec::new()
            };
            if !std::ptr::eq(form.game, self.game) {
                self.switch_game(form.game);
            }
            self.start(options, seats);
        } else if open {
            self.new_game = Some(form);
        }
    }
}

fn board_size(view: &Term) -> Option<(u32, u32)> {
    match view {
        Term::Compound(_, args) if args.len() >= 2 => Some((
            u32::try_from(term::as_i64(&args[0])?).ok()?,
            u32::try_from(term::as_i64(&args[1])?).ok()?,
        )),
        _ => None,
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

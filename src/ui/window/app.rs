//! The window's app: its state (the rules, the seats, the computer's thread, what the
//! person is doing) and its update loop, which takes reloads and the computer's
//! answers, reads the shortcuts and draws the panels (one file each in `gui/panels/`).
//! The game lives in [`Session`]; this module turns clicks and keys into requests to
//! the rules.

use super::board_painter;
use super::computer::{Computer, ProgramGame};
use super::new_game::NewGame;
use super::panels::{self, Widgets, Window};
use crate::engine::term::Term;
use crate::game::board::Region;
use crate::game::{GameError, GameInfo, Move, Rules};
use crate::players::program;
use crate::players::spec::PlayerSpec;
use crate::ui::forced;
use crate::ui::session::Session;
use crate::ui::watch::{Reload, Watcher};
use egui::{Key, Ui};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

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

/// What the computer is asked for: its own move, or a hint for the person.
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
    widgets: Widgets,
    watcher: Option<Watcher>,
    budget_ms: u64,
    computer_moves: bool,
    /// Since when the person's forced move has waited (and at which position).
    forced_since: Option<(usize, Instant)>,
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
            widgets: Widgets::default(),
            watcher,
            budget_ms: options.budget_ms,
            computer_moves: options.computer_moves,
            forced_since: None,
        })
    }

    /// The game as it stands (for tests).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Where the board was drawn last (for tests that click).
    pub fn layout(&self) -> Option<board_painter::Layout> {
        self.widgets.layout
    }

    /// The square picked by the first of a move's two clicks.
    pub fn selected(&self) -> Option<Region> {
        self.widgets.selected
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
                    self.widgets.typed.clear();
                }
            }
            Ok(None) => {
                self.status = Some(
                    match self.rules.explain_unreadable(self.session.state(), text) {
                        Ok(Some(why)) => format!("Not a move: {why}."),
                        _ => format!(
                            "Cannot read {:?} as a move: {}",
                            text.trim(),
                            self.game.notation_hint
                        ),
                    },
                );
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
        let loaded = crate::ui::watch::load_and_check(self.game, self.rules_file.as_deref());
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
                    match self.session.play(&self.rules, &mv, Some(why)) {
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
                    self.hint = Some((mv, why));
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

    /// Plays the move a person has no choice but to make, once it has been shown
    /// for [`forced::PAUSE`] (not in a still picture).
    fn play_forced(&mut self, ctx: &egui::Context) {
        let Some((mv, _)) = self
            .session
            .forced_move()
            .filter(|_| self.computer_moves)
            .cloned()
        else {
            self.forced_since = None;
            return;
        };
        let at = self.session.history.len();
        let since = match self.forced_since {
            Some((n, t)) if n == at => t,
            _ => {
                let now = Instant::now();
                self.forced_since = Some((at, now));
                now
            }
        };
        let left = forced::PAUSE.saturating_sub(since.elapsed());
        if left.is_zero() {
            self.forced_since = None;
            self.click(&mv);
        } else {
            ctx.request_repaint_after(left);
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
        self.widgets.new_game = Some(NewGame::new(
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
        self.play_forced(ui.ctx());
        self.shortcuts(ui);

        // The panels, in the order egui wants them: the edges before the centre, and
        // the windows over it last.
        panels::scores::show(self, ui);
        panels::side::show(self, ui);
        panels::rules::error(self, ui);
        panels::board::show(self, ui);
        panels::game_over::show(self, ui);
        panels::new_game::show(self, ui);
        if self.pending.is_some() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
    }
}

impl eframe::App for TabulaApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

impl Window for TabulaApp {
    fn game(&self) -> &'static GameInfo {
        self.game
    }
    fn session(&self) -> &Session {
        &self.session
    }
    fn rules_files(&self) -> &[PathBuf] {
        self.rules.files()
    }
    fn watching(&self) -> bool {
        self.watcher.is_some()
    }
    fn levels(&self) -> &[String] {
        &self.levels
    }
    fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }
    fn load_error(&self) -> Option<&str> {
        self.load_error.as_deref()
    }
    fn hint(&self) -> Option<(Move, String, String)> {
        let (mv, why) = self.hint.as_ref()?;
        let notation = self.rules.move_text(self.session.state(), mv).ok()?;
        Some((mv.clone(), notation, why.clone()))
    }
    fn may_click(&self) -> bool {
        self.computer_moves && self.pending.is_none_or(|(_, p)| p == Purpose::Hint)
    }
    fn computer_thinking(&self) -> bool {
        self.pending.is_some_and(|(_, p)| p == Purpose::Move)
    }
    fn widgets(&mut self) -> &mut Widgets {
        &mut self.widgets
    }
    fn click(&mut self, mv: &Move) {
        TabulaApp::click(self, mv);
    }
    fn type_move(&mut self, text: &str) {
        TabulaApp::type_move(self, text);
    }
    fn undo(&mut self) {
        TabulaApp::undo(self);
    }
    fn ask_hint(&mut self) {
        TabulaApp::ask_hint(self);
    }
    fn restart(&mut self) {
        TabulaApp::restart(self);
    }
    fn start(&mut self, options: Vec<Term>, seats: Vec<PlayerSpec>) {
        TabulaApp::start(self, options, seats);
    }
    fn switch_game(&mut self, game: &'static GameInfo) {
        TabulaApp::switch_game(self, game);
    }
    fn open_new_game(&mut self) {
        TabulaApp::open_new_game(self);
    }
}

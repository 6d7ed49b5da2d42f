//! A game's own thread: its engine and session, the guests' programs, what it tells
//! the pages, and how it ends (kept finished in the store, its place given back).

use super::super::form::{Checked, Guest};
use super::super::snapshot;
use super::super::store::{Kept, KeptMove, Store};
use super::clock::Clock;
use super::plies::Plies;
use super::{Command, FAILED, FINISHED, Hint, Hosting, Limits, Refusal};
use crate::engine::term::Term;
use crate::game::{GameInfo, Rules};
use crate::players::program::{ProgramSeat, Served};
use crate::players::sandbox::Sandbox;
use crate::players::spec::PlayerSpec;
use crate::referee::game::{GameRecord, MoveRecord};
use crate::ui::forced;
use crate::ui::session::Session;
use crate::ui::watch::{Reload, Watcher};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;
use tokio::sync::watch;

/// The most of a guest's stderr a page is shown: its end.
const STDERR_SHOWN: u64 = 8 * 1024;

/// How often a game waiting for a person looks for edited rules.
const RULES_LOOK: Duration = Duration::from_millis(300);

/// What a game's thread starts with.
pub(super) struct Start {
    pub game: &'static GameInfo,
    pub rules_file: Option<PathBuf>,
    pub limits: Limits,
    pub publish: watch::Sender<Arc<String>>,
    pub store: Option<Arc<Store>>,
    /// The game as kept: its number, owner, seats and the moves already played.
    pub kept: Kept,
    pub checked: Checked,
    pub hosting: Option<Arc<Hosting>>,
    /// Where the game is, for the table (see `super::PLAYING`).
    pub state: Arc<AtomicU8>,
    /// Take a move back once the moves are replayed (a finished game reopened).
    pub undo_first: bool,
    pub inbox: Receiver<Command>,
    /// The game's positions, a ply each, which the pages read.
    pub plies: Arc<Plies>,
}

/// Starts the game's thread.
pub(super) fn start(s: Start) -> std::io::Result<()> {
    let id = s.kept.id;
    thread::Builder::new()
        .name(format!("web-game-{id}"))
        .spawn(move || {
            let game_thread = GameThread {
                id,
                game: s.game,
                rules_file: s.rules_file,
                limits: s.limits,
                publish: s.publish,
                version: 0,
                rules_error: None,
                failure: None,
                finished: None,
                thinking: false,
                store: s.store,
                kept: s.kept,
                guests: s.checked.guests,
                hosting: s.hosting,
                programs: Vec::new(),
                state: s.state,
                plies: s.plies,
                clock: Clock::new(Vec::new()),
            };
            game_thread.run(s.checked.options, s.checked.seats, s.inbox, s.undo_first);
        })
        .map(|_| ())
}

/// The game's own thread: its engine, its session, and what it tells the pages.
struct GameThread {
    id: u64,
    game: &'static GameInfo,
    rules_file: Option<PathBuf>,
    limits: Limits,
    publish: watch::Sender<Arc<String>>,
    version: u64,
    /// The last reload's error: the game goes on with the last good rules.
    rules_error: Option<String>,
    /// Why the game cannot go on (the rules failed, a computer player failed).
    failure: Option<String>,
    /// Why the game ended before its end, once it has.
    finished: Option<String>,
    thinking: bool,
    /// Where the game is kept, and what is kept of it.
    store: Option<Arc<Store>>,
    kept: Kept,
    /// The guests at the seats, and how they start.
    guests: Vec<Option<Guest>>,
    hosting: Option<Arc<Hosting>>,
    /// The guests' programs, by seat, once started.
    programs: Vec<Option<ProgramSeat>>,
    state: Arc<AtomicU8>,
    /// The positions so far, for the pages to step through.
    plies: Arc<Plies>,
    /// The time each move took.
    clock: Clock,
}

impl GameThread {
    fn run(
        mut self,
        options: Vec<Term>,
        seats: Vec<PlayerSpec>,
        inbox: Receiver<Command>,
        undo_first: bool,
    ) {
        // A game here grades nothing: it runs on what graded games (a championship
        // beside the site) leave, this thread and its engine's alike.
        crate::players::sandbox::cgroup::make_this_thread_casual();
        let mut rules = match Rules::load(self.game, self.rules_file.as_deref()) {
            Ok(rules) => rules,
            Err(e) => return self.fail_to_start(format!("the rules do not load: {e}")),
        };
        play_casually(&rules);
        for seat in &seats {
            if let Err(e) = seat.prepare_in(&rules) {
                return self.fail_to_start(format!("a player could not get ready: {e}"));
            }
        }
        let mut session = match Session::new(&rules, options, seats, PlayerSpec::Human) {
            Ok(s) => s,
            Err(e) => return self.fail_to_start(format!("this game cannot start: {e}")),
        };
        if let Err(why) = self.start_guests() {
            return self.fail_to_start(why);
        }
        // A game resumed: its moves again, as far as the rules take them.
        for (k, m) in self.kept.moves.clone().iter().enumerate() {
            let state = session.state().clone();
            let replayed = match rules.parse_move(&state, &m.notation) {
                Ok(Some(mv)) => session.play(&rules, &mv, m.reason.clone()),
                _ => Ok(None),
            };
            if !matches!(replayed, Ok(Some(_))) {
                self.rules_error = Some(format!(
                    "The game was resumed up to its move {}: the rules no longer allow {} there.",
                    k + 1,
                    m.notation
                ));
                break;
            }
        }
        // The moves kept keep the times they took.
        self.clock = Clock::new(
            movers(&session)
                .into_iter()
                .zip(
                    self.kept
                        .moves
                        .iter()
                        .map(|m| m.ms)
                        .chain(std::iter::repeat(0)),
                )
                .collect(),
        );
        if undo_first {
            let _ = session.undo(&rules);
        }
        self.keep(&rules, &session);
        // Live rules: a saved rules file reaches the open game.
        let watcher = Watcher::start(
            rules.files().to_vec(),
            self.game,
            self.rules_file.clone(),
            || {},
        );
        let mut changed = true;
        loop {
            if let Some(reload) = watcher.as_ref().and_then(Watcher::poll) {
                self.reload(reload, &mut rules, &mut session);
                changed = true;
            }
            if changed {
                // Over: kept finished, and the thread, its engine and players go; the
                // pages learn it is over once it holds no place.
                if session.is_over() && self.failure.is_none() {
                    return self.finish(&rules, &session, None);
                }
                self.keep(&rules, &session);
                self.publish(&rules, &session);
                changed = false;
            }
            let computer = if self.failure.is_none() && !session.is_over() {
                session.computer_to_move()
            } else {
                None
            };
            // A person with no choice: the move is said, and played for them after a
            // pause they can see.
            let forced = if self.failure.is_none() {
                session.forced_move().map(|(mv, _)| mv.clone())
            } else {
                None
            };
            let wait = match &computer {
                // Nobody plays: a pause for the eye; a person plays: at once.
                Some(_) if !has_human(&session) => self.limits.computer_pause,
                Some(_) => Duration::ZERO,
                None if forced.is_some() => forced::PAUSE,
                None => RULES_LOOK,
            };
            match inbox.recv_timeout(wait) {
                Ok(Command::End { why, reply }) => {
                    self.finish(&rules, &session, Some(why));
                    let _ = reply.send(Ok(()));
                    return;
                }
                Ok(command) => {
                    self.handle(command, &rules, &mut session);
                    changed = true;
                    continue;
                }
                // The server stops: the game stays open, to be resumed.
                Err(RecvTimeoutError::Disconnected) => return,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Some(mv) = forced {
                changed = true;
                match session.play(&rules, &mv, None) {
                    Ok(Some(_)) => {}
                    Ok(None) => {
                        self.failure = Some(format!(
                            "the rules do not allow {}, the only legal move",
                            mv.text()
                        ))
                    }
                    Err(e) => self.failure = Some(format!("the rules failed: {e}")),
                }
                continue;
            }
            let Some((seat, spec)) = computer else {
                continue;
            };
            self.thinking = true;
            self.publish(&rules, &session);
            // The computer's clock runs from here (not through the pause before).
            self.clock.restart_turn();
            let answer = self.computer_move(&rules, &session, seat, &spec);
            self.thinking = false;
            changed = true;
            match answer {
                Ok((mv, reason)) => match session.play(&rules, &mv, reason) {
                    Ok(Some(_)) => {}
                    Ok(None) => {
                        self.failure = Some(format!(
                            "the computer player ({}) chose {}, which the rules do not allow here",
                            self.seat_name(seat, &spec),
                            mv.text()
                        ))
                    }
                    Err(e) => self.failure = Some(format!("the rules failed: {e}")),
                },
                Err(why) => self.failure = Some(why),
            }
        }
    }

    /// Starts nothing yet, but readies a seat for each guest: its sandbox (which
    /// hides the logs and every other player's folder), its memory cap and its log.
    fn start_guests(&mut self) -> Result<(), String> {
        if self.guests.iter().all(Option::is_none) {
            return Ok(());
        }
        let hosting = self
            .hosting
            .clone()
            .ok_or("this server does not seat programs")?;
        std::fs::create_dir_all(&hosting.logs)
            .map_err(|e| format!("the players' logs cannot be kept: {e}"))?;
        let own: Vec<PathBuf> = self
            .guests
            .iter()
            .flatten()
            .flat_map(|g| g.spec.own_folders())
            .collect();
        let sandbox = Arc::new(
            Sandbox::new(vec![hosting.logs.clone()], own)
                .map_err(|why| format!("the players cannot be sandboxed on this server: {why}"))?,
        );
        let served = Served {
            tabula: &hosting.tabula,
            game: self.game,
            rules_file: self.rules_file.as_deref(),
            seed: self.id,
        };
        for (k, guest) in self.guests.iter().enumerate() {
            let program = match guest {
                None => None,
                Some(g) => {
                    let log = self.log_path(k);
                    let _ = std::fs::remove_file(&log);
                    Some(ProgramSeat::sandboxed(
                        &g.spec,
                        &served,
                        sandbox.clone(),
                        hosting.memory_bytes,
                        log,
                    )?)
                }
            };
            self.programs.push(program);
        }
        Ok(())
    }

    /// Where seat `k`'s (0-based) program writes its stderr.
    fn log_path(&self, k: usize) -> PathBuf {
        let dir = self
            .hosting
            .as_ref()
            .map_or_else(std::env::temp_dir, |h| h.logs.clone());
        dir.join(format!("game-{}-seat-{}.log", self.id, k + 1))
    }

    /// The move of the computer or program at `seat` (1-based), with its reason; or
    /// why there is none (words for the page).
    fn computer_move(
        &mut self,
        rules: &Rules,
        session: &Session,
        seat: u32,
        spec: &PlayerSpec,
    ) -> Result<(crate::game::Move, Option<String>), String> {
        let state = session.state();
        let k = seat as usize - 1;
        let name = self.seat_name(seat, spec);
        let shown = self
            .guests
            .get(k)
            .and_then(Option::as_ref)
            .is_some_and(|g| g.stderr_shown);
        let log = self.log_path(k);
        if let Some(program) = self.programs.get_mut(k).and_then(Option::as_mut) {
            let failed = |e: crate::game::GameError| format!("the rules failed: {e}");
            let setup = crate::players::program::setup_commands(
                rules,
                self.game,
                &session.options,
                &session.history[0].state,
            )
            .map_err(failed)?;
            let moves: Vec<String> = session.history[1..]
                .iter()
                .filter_map(|p| p.arrival.as_ref())
                .map(|a| a.notation.clone())
                .collect();
            return match program.turn(rules, state, &setup, &moves, self.limits.move_ms) {
                Ok(Ok((mv, _))) => Ok((mv, None)),
                Ok(Err(fault)) => {
                    // The log's place is the server's; its text is shown (or not) below.
                    let fault = fault.replace(
                        &format!(" (what it wrote on stderr: {})", log.display()),
                        if shown {
                            " (what it wrote on stderr is below)"
                        } else {
                            ""
                        },
                    );
                    Err(format!(
                        "{name} loses the game here, as it would in a championship: {fault}. Take a move back to try again."
                    ))
                }
                Err(e) => Err(failed(e)),
            };
        }
        let (mv, why) = spec
            .move_in(rules, state, self.limits.move_ms)
            .map_err(|e| format!("the computer player ({name}) failed: {e}"))?;
        Ok((mv, Some(rules.reason_text(&why))))
    }

    /// What the page calls the player at `seat` (1-based).
    fn seat_name(&self, seat: u32, spec: &PlayerSpec) -> String {
        match self.guests.get(seat as usize - 1).and_then(Option::as_ref) {
            Some(guest) => guest.name.clone(),
            None => spec_name(spec),
        }
    }

    /// The end of what each guest its owner may read wrote on stderr, by seat.
    fn stderr_shown(&self) -> Vec<(usize, String)> {
        use std::io::{Read, Seek, SeekFrom};
        let mut shown = Vec::new();
        for (k, guest) in self.guests.iter().enumerate() {
            if !guest.as_ref().is_some_and(|g| g.stderr_shown) {
                continue;
            }
            let Ok(mut file) = std::fs::File::open(self.log_path(k)) else {
                continue;
            };
            let len = file.metadata().map_or(0, |m| m.len());
            let _ = file.seek(SeekFrom::Start(len.saturating_sub(STDERR_SHOWN)));
            let mut bytes = Vec::new();
            let _ = file.take(STDERR_SHOWN).read_to_end(&mut bytes);
            let text = String::from_utf8_lossy(&bytes).into_owned();
            shown.push((k + 1, crate::players::untrusted::shown_lines(&text)));
        }
        shown
    }

    /// The game so far, as a match's record: what `tabula play --record` opens.
    fn record(&self, rules: &Rules, session: &Session) -> GameRecord {
        let players = session
            .seats
            .iter()
            .enumerate()
            .map(|(k, spec)| match spec {
                PlayerSpec::Human => "person".to_string(),
                _ => self.seat_name(k as u32 + 1, spec),
            })
            .collect();
        let times = self.clock.move_ms();
        let moves = session.history[1..]
            .iter()
            .filter_map(|p| p.arrival.as_ref())
            .enumerate()
            .map(|(k, a)| MoveRecord {
                player: a.player,
                notation: a.notation.clone(),
                ms: times.get(k).copied().unwrap_or(0),
            })
            .collect();
        let (result, winners) = match &session.facts.outcome {
            crate::game::Outcome::Ongoing => ("unfinished".to_string(), Vec::new()),
            crate::game::Outcome::Over { result, .. } => match result {
                crate::game::Verdict::Winner(p) => ("winner".to_string(), vec![*p]),
                crate::game::Verdict::Tie(ps) => ("tie".to_string(), ps.clone()),
            },
        };
        GameRecord {
            id: self.id as usize,
            game: Some(self.game.name.clone()),
            championship: None,
            players,
            specs: self.kept.seats.clone(),
            options: crate::game::GameOptions::from_terms(&session.options).pairs(),
            start: rules
                .position_text(&session.history[0].state)
                .ok()
                .flatten(),
            seed: self.id,
            move_ms: vec![self.limits.move_ms; session.seats.len()],
            moves,
            scores: session.scores(),
            result,
            winners,
            fault: None,
        }
    }

    /// Edited rules: the game replayed under them, or the error shown and the game
    /// kept under the last good ones.
    fn reload(&mut self, reload: Reload, rules: &mut Rules, session: &mut Session) {
        match reload {
            Reload::Loaded(new_rules) => match session.replayed(&new_rules) {
                Ok(replayed) => {
                    // The boards may be drawn otherwise now.
                    self.plies.clear();
                    play_casually(&new_rules);
                    *rules = *new_rules;
                    *session = replayed;
                    self.rules_error = None;
                    self.failure = None;
                }
                Err(e) => {
                    self.rules_error = Some(format!(
                        "The edited rules cannot replay this game ({e}): it goes on with the last good rules."
                    ))
                }
            },
            Reload::Failed(report) => {
                self.rules_error = Some(format!(
                    "The edited rules have a mistake; the game goes on with the last good rules.\n{report}"
                ))
            }
        }
    }

    fn handle(&mut self, command: Command, rules: &Rules, session: &mut Session) {
        match command {
            Command::Play { text, reply } => {
                let _ = reply.send(self.play(rules, session, &text));
            }
            Command::Undo { reply } => {
                let result = match session.undo(rules) {
                    Ok(true) => {
                        self.failure = None;
                        Ok(())
                    }
                    Ok(false) => Err(Refusal::Bad("there is no move to take back".into())),
                    Err(e) => Err(Refusal::Bad(format!("the rules failed: {e}"))),
                };
                let _ = reply.send(result);
            }
            Command::Hint { reply } => {
                let _ = reply.send(self.hint(rules, session));
            }
            Command::Record { reply } => {
                let _ = reply.send(Ok(self.record(rules, session)));
            }
            // Ended by the loop, which sees it first.
            Command::End { reply, .. } => {
                let _ = reply.send(Ok(()));
            }
        }
    }

    /// A person's move, typed or clicked: the rules read it and judge it.
    fn play(&mut self, rules: &Rules, session: &mut Session, text: &str) -> Result<(), Refusal> {
        if self.failure.is_some() {
            return Err(Refusal::Bad(
                "the game cannot go on: take a move back or start a new game".into(),
            ));
        }
        if session.is_over() {
            return Err(Refusal::Bad("the game is over".into()));
        }
        if session.human_to_move().is_none() {
            return Err(Refusal::Bad("it is not a person's turn".into()));
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(Refusal::Bad("type a move".into()));
        }
        let state = session.state().clone();
        let engine = |e: crate::game::GameError| Refusal::Bad(format!("the rules failed: {e}"));
        let Some(mv) = rules.parse_move(&state, text).map_err(engine)? else {
            let why = rules
                .explain_unreadable(&state, text)
                .map_err(engine)?
                .unwrap_or_else(|| format!("{} cannot read {text:?} as a move", self.game.title));
            return Err(Refusal::Bad(with_hint(why, &self.game.notation_hint)));
        };
        match session.play(rules, &mv, None).map_err(engine)? {
            Some(_) => Ok(()),
            None => {
                let why = rules
                    .explain_illegal(&state, &mv)
                    .map_err(engine)?
                    .unwrap_or_else(|| format!("{text} is not allowed here"));
                Err(Refusal::Bad(why))
            }
        }
    }

    /// What the strongest player would play for the person to move, and why.
    fn hint(&self, rules: &Rules, session: &Session) -> Result<Hint, Refusal> {
        if session.is_over() || session.human_to_move().is_none() {
            return Err(Refusal::Bad("a hint is for a person's turn".into()));
        }
        let levels = rules
            .levels()
            .map_err(|e| Refusal::Bad(format!("no player to ask: {e}")))?;
        let adviser = PlayerSpec::strongest(&levels);
        let state = session.state();
        let budget = (self.limits.move_ms / 2).max(100);
        let (mv, why) = adviser
            .move_in(rules, state, budget)
            .map_err(|e| Refusal::Bad(format!("no hint: {e}")))?;
        let notation = rules
            .move_text(state, &mv)
            .unwrap_or_else(|_| mv.text().to_string());
        Ok(Hint {
            notation,
            reason: rules.reason_text(&why),
            regions: rules.move_regions(state, &mv).unwrap_or_default(),
        })
    }

    /// The clock and the positions the pages step through follow the game.
    fn follow(&mut self, rules: &Rules, session: &Session) {
        self.clock.sync(&movers(session));
        self.plies.sync(rules, session);
    }

    /// Keeps the game's moves, when they changed, in the store.
    fn keep(&mut self, rules: &Rules, session: &Session) {
        self.follow(rules, session);
        let Some(store) = &self.store else {
            return;
        };
        let times = self.clock.move_ms();
        let moves: Vec<KeptMove> = session.history[1..]
            .iter()
            .filter_map(|p| p.arrival.as_ref())
            .enumerate()
            .map(|(k, a)| KeptMove {
                notation: a.notation.clone(),
                reason: a.reason.clone(),
                ms: times.get(k).copied().unwrap_or(0),
            })
            .collect();
        if moves == self.kept.moves && self.version > 0 {
            return;
        }
        self.kept.moves = moves;
        if let Err(e) = store.save(&self.kept) {
            eprintln!("tabula web: game {} is not kept: {e}", self.id);
        }
    }

    /// The game ended (over, or for `why`): kept finished with its last snapshot
    /// and record, told to the pages, and its place given back.
    fn finish(&mut self, rules: &Rules, session: &Session, why: Option<String>) {
        self.finished = Some(why.unwrap_or_default());
        self.thinking = false;
        self.keep(rules, session);
        let snapshot = self.snapshot(rules, session);
        let record = serde_json::to_string(&self.record(rules, session)).unwrap_or_default();
        if let Some(store) = &self.store
            && let Err(e) = store.finish(&self.kept, &snapshot, &record)
        {
            eprintln!("tabula web: game {} is not kept: {e}", self.id);
        }
        self.state.store(FINISHED, Ordering::Release);
        self.publish.send_replace(Arc::new(snapshot));
    }

    fn publish(&mut self, rules: &Rules, session: &Session) {
        let json = self.snapshot(rules, session);
        self.publish.send_replace(Arc::new(json));
    }

    /// What the pages are told now, as JSON text.
    fn snapshot(&mut self, rules: &Rules, session: &Session) -> String {
        self.version += 1;
        self.follow(rules, session);
        let playing = self.failure.is_none() && self.finished.is_none() && !session.is_over();
        let running = session.facts.to_move.filter(|_| playing);
        let json = snapshot::of(
            self.id,
            self.version,
            self.game,
            rules,
            session,
            &snapshot::Status {
                thinking: self.thinking,
                rules_error: self.rules_error.as_deref(),
                failure: self.failure.as_deref(),
                names: (0..session.seats.len())
                    .map(|k| {
                        self.guests
                            .get(k)
                            .and_then(Option::as_ref)
                            .map(|g| g.name.clone())
                    })
                    .collect(),
                stderr: self.stderr_shown(),
                finished: self.finished.as_deref(),
                clock: self.clock.json(session.seats.len(), running),
                move_ms: self.clock.move_ms(),
                form: serde_json::json!({
                    "game": self.kept.game,
                    "options": self.kept.options,
                    "seats": self.kept.seats,
                }),
                // A finished game keeps its positions in its last snapshot.
                positions: self.finished.is_some().then(|| self.plies.all()),
            },
        );
        json.to_string()
    }

    fn fail_to_start(mut self, why: String) {
        // Nothing plays: no place is held while the page reads why.
        self.state.store(FAILED, Ordering::Release);
        self.version += 1;
        let json = serde_json::json!({
            "id": self.id,
            "version": self.version,
            "game": self.game.name,
            "title": self.game.title,
            "failure": why,
        });
        self.publish.send_replace(Arc::new(json.to_string()));
        // Kept a moment, so the page that asked for the game reads why it failed.
        thread::sleep(Duration::from_secs(60).min(self.limits.idle));
    }
}

impl Drop for GameThread {
    /// The game over on the server: its players stop (their seats drop) and what
    /// they wrote on stderr goes with it.
    fn drop(&mut self) {
        self.programs.clear();
        if self.hosting.is_some() {
            for (k, guest) in self.guests.iter().enumerate() {
                if guest.is_some() {
                    let _ = std::fs::remove_file(self.log_path(k));
                }
            }
        }
        // The engine and its search are gone (dropped with `run`'s locals): the
        // memory they held goes back to the system, not to the allocator's free
        // lists, so that the server's memory follows the games open rather than the
        // most it ever held.
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        // SAFETY: malloc_trim only releases free memory; it takes no pointer.
        unsafe {
            libc::malloc_trim(0);
        }
    }
}

/// Who played each move so far, by ply.
fn movers(session: &Session) -> Vec<u32> {
    session.history[1..]
        .iter()
        .filter_map(|p| p.arrival.as_ref())
        .map(|a| a.player)
        .collect()
}

/// Whether a person sits at any seat.
fn has_human(session: &Session) -> bool {
    session.seats.iter().any(PlayerSpec::is_human)
}

fn spec_name(spec: &PlayerSpec) -> String {
    match spec {
        PlayerSpec::Builtin(level) => level.clone(),
        other => format!("{other:?}"),
    }
}

fn with_hint(why: String, hint: &str) -> String {
    if hint.trim().is_empty() {
        why
    } else {
        format!("{why} ({})", hint.trim())
    }
}

/// Makes the engine of a game here run on what graded games leave, as its game's
/// thread does.
fn play_casually(rules: &Rules) {
    let _ = rules.engine().on_its_thread(Box::new(
        crate::players::sandbox::cgroup::make_this_thread_casual,
    ));
}

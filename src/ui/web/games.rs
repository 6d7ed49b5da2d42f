//! The games being played in browsers. Each game is a thread of its own, with its own
//! Prolog engine (the rules and their players) that no other thread touches: the
//! pages send it commands through a channel and read what it last published (a
//! snapshot, JSON) without waiting for it, so a computer thinking in one game holds
//! up neither that game's page nor any other game.
//!
//! A game ends when nobody has looked at it for the idle time, when the server
//! stops, or when the table is full and it is the one idle longest.

use super::form::{self, Form};
use super::snapshot;
use super::store::{Kept, KeptMove, Store};
use crate::engine::term::Term;
use crate::game::board::Region;
use crate::game::{GameInfo, Rules};
use crate::players::spec::PlayerSpec;
use crate::ui::session::Session;
use crate::ui::watch::{Reload, Watcher};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, watch};

/// How many games, and how long they live.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Games open at once on this server.
    pub max_games: usize,
    /// A game nobody has looked at for this long ends.
    pub idle: Duration,
    /// The computer's time for a move.
    pub move_ms: u64,
    /// The pause between two computer moves when no person plays, so people can follow.
    pub computer_pause: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 32,
            idle: Duration::from_secs(30 * 60),
            move_ms: 1000,
            computer_pause: Duration::from_millis(400),
        }
    }
}

/// Why a request about a game was not done: words for the person at the page.
#[derive(Debug, Clone, thiserror::Error)]
pub enum Refusal {
    #[error("there is no game {0} (it may have ended after a long idle time)")]
    NoGame(u64),
    #[error("{0}")]
    Bad(String),
    #[error(
        "{0} games are open on this server already: finish one, or wait for an idle one to end"
    )]
    Full(usize),
    #[error("the game has ended on the server")]
    Gone,
}

/// A suggested move and why.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Hint {
    #[serde(rename = "move")]
    pub notation: String,
    pub reason: String,
    pub regions: Vec<Region>,
}

type Reply<T> = oneshot::Sender<Result<T, Refusal>>;

enum Command {
    Play { text: String, reply: Reply<()> },
    Undo { reply: Reply<()> },
    Hint { reply: Reply<Hint> },
}

/// How often a game waiting for a person looks for edited rules.
const RULES_LOOK: Duration = Duration::from_millis(300);

/// One game, as the server holds it.
struct Handle {
    commands: Sender<Command>,
    snapshot: watch::Receiver<Arc<String>>,
    last_seen: Mutex<Instant>,
}

impl Handle {
    fn touch(&self) {
        *self.last_seen.lock().unwrap_or_else(|p| p.into_inner()) = Instant::now();
    }

    fn idle_for(&self) -> Duration {
        self.last_seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .elapsed()
    }
}

/// Every open game.
pub struct Table {
    games: Mutex<HashMap<u64, Arc<Handle>>>,
    next_id: AtomicU64,
    pub limits: Limits,
    /// The rules file given with `--rules`, for the game it declares.
    pub rules_file: Option<PathBuf>,
    /// Where the open games are kept, move by move (none: they are not kept).
    store: Option<Arc<Store>>,
}

impl Table {
    pub fn new(limits: Limits, rules_file: Option<PathBuf>, store: Option<Store>) -> Table {
        let next = store.as_ref().and_then(|s| s.last_id().ok()).unwrap_or(0) + 1;
        Table {
            games: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(next),
            limits,
            rules_file,
            store: store.map(Arc::new),
        }
    }

    /// Starts again every game the store kept (a server restarted), where it was;
    /// the number of games resumed. A game whose rules are gone is forgotten.
    pub fn resume(&self, find: impl Fn(&str) -> Option<&'static GameInfo>) -> usize {
        let Some(store) = &self.store else {
            return 0;
        };
        let kept = match store.all() {
            Ok(kept) => kept,
            Err(e) => {
                eprintln!("tabula web: the games kept could not be read: {e}");
                return 0;
            }
        };
        let mut resumed = 0;
        for k in kept {
            let form = Form {
                game: Some(k.game.clone()),
                options: k.options.clone().into_iter().collect(),
                seats: k.seats.clone(),
            };
            let started = find(&k.game)
                .ok_or_else(|| format!("no game {:?} here any more", k.game))
                .and_then(|game| Ok((game, form::check(game, &form)?)));
            match started {
                Ok((game, (options, seats))) => {
                    if self.spawn(k, game, options, seats).is_ok() {
                        resumed += 1;
                    }
                }
                Err(why) => {
                    eprintln!("tabula web: game {} is not resumed: {why}", k.id);
                    let _ = store.delete(k.id);
                }
            }
        }
        resumed
    }

    /// The number of games open now.
    pub fn open_games(&self) -> usize {
        self.forget_ended();
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Handle>>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Drops the games whose thread has ended (failed to start), and those nobody
    /// has looked at for the idle time: their threads end when they find their
    /// channel closed.
    fn forget_ended(&self) {
        let idle = self.limits.idle;
        let mut forgotten = Vec::new();
        self.lock().retain(|id, h| {
            let keep = h.snapshot.has_changed().is_ok() && h.idle_for() < idle;
            if !keep {
                forgotten.push(*id);
            }
            keep
        });
        self.forget(&forgotten);
    }

    /// Deletes forgotten games from the store (outside the table's lock).
    fn forget(&self, ids: &[u64]) {
        if let Some(store) = &self.store {
            for id in ids {
                if let Err(e) = store.delete(*id) {
                    eprintln!("tabula web: {e}");
                }
            }
        }
    }

    /// Starts a game as the form says; its id.
    pub fn start(&self, game: &'static GameInfo, form: Form) -> Result<u64, Refusal> {
        let (options, seats) = form::check(game, &form).map_err(Refusal::Bad)?;
        self.forget_ended();
        let mut made_room = None;
        {
            let mut games = self.lock();
            if games.len() >= self.limits.max_games {
                // The game idle longest makes room, if it has been idle a while.
                let oldest = games
                    .iter()
                    .map(|(id, h)| (*id, h.idle_for()))
                    .max_by_key(|(_, idle)| *idle);
                match oldest {
                    Some((id, idle)) if idle >= Duration::from_secs(60) => {
                        games.remove(&id);
                        made_room = Some(id);
                    }
                    _ => return Err(Refusal::Full(self.limits.max_games)),
                }
            }
        }
        if let Some(id) = made_room {
            self.forget(&[id]);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        // Kept as the form would start it again: a random start as the seed drawn.
        let kept = Kept {
            id,
            game: game.name.clone(),
            options: form::as_form_options(&options),
            seats: form::seat_words(&seats),
            moves: Vec::new(),
        };
        self.spawn(kept, game, options, seats)?;
        Ok(id)
    }

    /// A game's thread, started with the moves kept already played.
    fn spawn(
        &self,
        kept: Kept,
        game: &'static GameInfo,
        options: Vec<Term>,
        seats: Vec<PlayerSpec>,
    ) -> Result<(), Refusal> {
        let id = kept.id;
        let (commands, inbox) = mpsc::channel();
        let (publish, snapshot) = watch::channel(Arc::new(String::from("{}")));
        // `--rules` is the rules of the game it declares, not of the others.
        let rules_file = self
            .rules_file
            .clone()
            .filter(|file| same_file(file, &game.file));
        let limits = self.limits.clone();
        let store = self.store.clone();
        thread::Builder::new()
            .name(format!("web-game-{id}"))
            .spawn(move || {
                let game_thread = GameThread {
                    id,
                    game,
                    rules_file,
                    limits,
                    publish,
                    version: 0,
                    rules_error: None,
                    failure: None,
                    thinking: false,
                    store,
                    kept,
                };
                game_thread.run(options, seats, inbox);
            })
            .map_err(|e| Refusal::Bad(format!("cannot start the game: {e}")))?;
        self.lock().insert(
            id,
            Arc::new(Handle {
                commands,
                snapshot,
                last_seen: Mutex::new(Instant::now()),
            }),
        );
        Ok(())
    }

    fn handle(&self, id: u64) -> Result<Arc<Handle>, Refusal> {
        let handle = self.lock().get(&id).cloned().ok_or(Refusal::NoGame(id))?;
        handle.touch();
        Ok(handle)
    }

    /// What the game last published, and a receiver for what it publishes next.
    pub fn watch(&self, id: u64) -> Result<watch::Receiver<Arc<String>>, Refusal> {
        Ok(self.handle(id)?.snapshot.clone())
    }

    /// Notes that the game is being looked at (a page's live connection is open).
    pub fn seen(&self, id: u64) {
        if let Some(h) = self.lock().get(&id) {
            h.touch();
        }
    }

    pub async fn play(&self, id: u64, text: String) -> Result<(), Refusal> {
        let handle = self.handle(id)?;
        ask(&handle, |reply| Command::Play { text, reply }).await
    }

    pub async fn undo(&self, id: u64) -> Result<(), Refusal> {
        let handle = self.handle(id)?;
        ask(&handle, |reply| Command::Undo { reply }).await
    }

    pub async fn hint(&self, id: u64) -> Result<Hint, Refusal> {
        let handle = self.handle(id)?;
        ask(&handle, |reply| Command::Hint { reply }).await
    }

    /// Ends every game (the server stops).
    pub fn end_all(&self) {
        self.lock().clear();
    }
}

/// Sends a command and waits for the game's answer.
async fn ask<T>(handle: &Handle, command: impl FnOnce(Reply<T>) -> Command) -> Result<T, Refusal> {
    let (reply, answer) = oneshot::channel();
    handle
        .commands
        .send(command(reply))
        .map_err(|_| Refusal::Gone)?;
    answer.await.map_err(|_| Refusal::Gone)?
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
    thinking: bool,
    /// Where the game is kept, and what is kept of it.
    store: Option<Arc<Store>>,
    kept: Kept,
}

impl GameThread {
    fn run(mut self, options: Vec<Term>, seats: Vec<PlayerSpec>, inbox: Receiver<Command>) {
        let mut rules = match Rules::load(self.game, self.rules_file.as_deref()) {
            Ok(rules) => rules,
            Err(e) => return self.fail_to_start(format!("the rules do not load: {e}")),
        };
        for seat in &seats {
            if let Err(e) = seat.prepare_in(&rules) {
                return self.fail_to_start(format!("a player could not get ready: {e}"));
            }
        }
        let mut session = match Session::new(&rules, options, seats, PlayerSpec::Human) {
            Ok(s) => s,
            Err(e) => return self.fail_to_start(format!("this game cannot start: {e}")),
        };
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
        self.keep(&session);
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
                self.keep(&session);
                self.publish(&rules, &session);
                changed = false;
            }
            let computer = if self.failure.is_none() && !session.is_over() {
                session.computer_to_move()
            } else {
                None
            };
            let wait = match &computer {
                // Nobody plays: a pause for the eye; a person plays: at once.
                Some(_) if !has_human(&session) => self.limits.computer_pause,
                Some(_) => Duration::ZERO,
                None => RULES_LOOK,
            };
            match inbox.recv_timeout(wait) {
                Ok(command) => {
                    self.handle(command, &rules, &mut session);
                    changed = true;
                    continue;
                }
                // The table forgot the game (idle, or the server stops).
                Err(RecvTimeoutError::Disconnected) => return,
                Err(RecvTimeoutError::Timeout) => {}
            }
            let Some((_, spec)) = computer else {
                continue;
            };
            self.thinking = true;
            self.publish(&rules, &session);
            let state = session.state().clone();
            let answer = spec.move_in(&rules, &state, self.limits.move_ms);
            self.thinking = false;
            changed = true;
            match answer {
                Ok((mv, why)) => {
                    let reason = rules.reason_text(&why);
                    match session.play(&rules, &mv, Some(reason)) {
                        Ok(Some(_)) => {}
                        Ok(None) => {
                            self.failure = Some(format!(
                                "the computer player ({}) chose {}, which the rules do not allow here",
                                spec_name(&spec),
                                mv.text()
                            ))
                        }
                        Err(e) => self.failure = Some(format!("the rules failed: {e}")),
                    }
                }
                Err(e) => {
                    self.failure = Some(format!(
                        "the computer player ({}) failed: {e}",
                        spec_name(&spec)
                    ))
                }
            }
        }
    }

    /// Edited rules: the game replayed under them, or the error shown and the game
    /// kept under the last good ones.
    fn reload(&mut self, reload: Reload, rules: &mut Rules, session: &mut Session) {
        match reload {
            Reload::Loaded(new_rules) => match session.replayed(&new_rules) {
                Ok(replayed) => {
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

    /// Keeps the game's moves, when they changed, in the store.
    fn keep(&mut self, session: &Session) {
        let Some(store) = &self.store else {
            return;
        };
        let moves: Vec<KeptMove> = session.history[1..]
            .iter()
            .filter_map(|p| p.arrival.as_ref())
            .map(|a| KeptMove {
                notation: a.notation.clone(),
                reason: a.reason.clone(),
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

    fn publish(&mut self, rules: &Rules, session: &Session) {
        self.version += 1;
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
            },
        );
        self.publish.send_replace(Arc::new(json.to_string()));
    }

    fn fail_to_start(mut self, why: String) {
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

fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
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

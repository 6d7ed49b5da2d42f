//! The games being played in browsers. Each game is a thread of its own, with its own
//! Prolog engine (the rules and their players) that no other thread touches: the
//! pages send it commands through a channel and read what it last published (a
//! snapshot, JSON) without waiting for it, so a computer thinking in one game holds
//! up neither that game's page nor any other game.
//!
//! A game ends when nobody has looked at it for the idle time, when the server
//! stops, or when the table is full and it is the one idle longest.

use super::form::{self, Checked, Form, Guest};
use super::snapshot;
use super::store::{Kept, KeptMove, Store};
use crate::engine::term::Term;
use crate::game::board::Region;
use crate::game::{GameInfo, Rules};
use crate::players::program::{ProgramSeat, Served};
use crate::players::sandbox::Sandbox;
use crate::players::spec::PlayerSpec;
use crate::referee::game::{GameRecord, MoveRecord};
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
    /// Games open at once for one owner (on the site: one person); none: no cap.
    pub per_person: Option<usize>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 32,
            idle: Duration::from_secs(30 * 60),
            move_ms: 1000,
            computer_pause: Duration::from_millis(400),
            per_person: None,
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
    #[error("you have {0} games open already: finish one, or wait for an idle one to end")]
    YoursFull(usize),
}

/// Finds the guest a seat's word names for a game's owner (see [`form::Guest`]).
pub type Guests = Arc<dyn Fn(Option<&str>, &str) -> Option<Result<Guest, String>> + Send + Sync>;

/// How guests are started: as a championship starts players, in the sandbox.
#[derive(Debug, Clone)]
pub struct Hosting {
    /// The tabula executable that serves `.pl` players (`tabula serve`).
    pub tabula: PathBuf,
    /// Each guest's memory cap.
    pub memory_bytes: u64,
    /// Where the guests' stderr is written (one file a seat and game), hidden from
    /// every player.
    pub logs: PathBuf,
}

/// The most of a guest's stderr a page is shown: its end.
const STDERR_SHOWN: u64 = 8 * 1024;

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
    Record { reply: Reply<GameRecord> },
}

/// How often a game waiting for a person looks for edited rules.
const RULES_LOOK: Duration = Duration::from_millis(300);

/// One game, as the server holds it.
struct Handle {
    /// Whose game it is (on the site); nobody else may see it.
    owner: Option<String>,
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
    /// The players a game may seat beyond people and levels, and how they start.
    guests: Option<(Guests, Arc<Hosting>)>,
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
            guests: None,
        }
    }

    /// The same table, seating `guests` too, started as `hosting` says.
    pub fn with_guests(mut self, guests: Guests, hosting: Hosting) -> Table {
        self.guests = Some((guests, Arc::new(hosting)));
        self
    }

    /// The form checked for `owner`, with the guests they may seat.
    fn check(&self, game: &GameInfo, form: &Form, owner: Option<&str>) -> Result<Checked, String> {
        match &self.guests {
            Some((guests, _)) => form::check(game, form, &|word| guests(owner, word)),
            None => form::check(game, form, &form::no_guests),
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
                .and_then(|game| Ok((game, self.check(game, &form, k.owner.as_deref())?)));
            match started {
                Ok((game, checked)) => {
                    if self.spawn(k, game, checked).is_ok() {
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

    /// Starts a game as the form says, for `owner` (on the site); its id.
    pub fn start(
        &self,
        game: &'static GameInfo,
        form: Form,
        owner: Option<&str>,
    ) -> Result<u64, Refusal> {
        let checked = self.check(game, &form, owner).map_err(Refusal::Bad)?;
        self.forget_ended();
        let mut made_room = None;
        {
            let mut games = self.lock();
            if let (Some(most), Some(owner)) = (self.limits.per_person, owner)
                && games
                    .values()
                    .filter(|h| h.owner.as_deref() == Some(owner))
                    .count()
                    >= most
            {
                return Err(Refusal::YoursFull(most));
            }
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
            options: form::as_form_options(&checked.options),
            seats: checked.words.clone(),
            owner: owner.map(str::to_string),
            moves: Vec::new(),
        };
        self.spawn(kept, game, checked)?;
        Ok(id)
    }

    /// A game's thread, started with the moves kept already played.
    fn spawn(&self, kept: Kept, game: &'static GameInfo, checked: Checked) -> Result<(), Refusal> {
        let id = kept.id;
        let owner = kept.owner.clone();
        let hosting = self.guests.as_ref().map(|(_, h)| h.clone());
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
                    guests: checked.guests,
                    hosting,
                    programs: Vec::new(),
                };
                game_thread.run(checked.options, checked.seats, inbox);
            })
            .map_err(|e| Refusal::Bad(format!("cannot start the game: {e}")))?;
        self.lock().insert(
            id,
            Arc::new(Handle {
                owner,
                commands,
                snapshot,
                last_seen: Mutex::new(Instant::now()),
            }),
        );
        Ok(())
    }

    /// The game `id`, when `owner` may see it: a game with an owner is theirs alone
    /// (to anyone else it does not exist).
    fn handle(&self, id: u64, owner: Option<&str>) -> Result<Arc<Handle>, Refusal> {
        let handle = self
            .lock()
            .get(&id)
            .filter(|h| h.owner.as_deref() == owner)
            .cloned()
            .ok_or(Refusal::NoGame(id))?;
        handle.touch();
        Ok(handle)
    }

    /// What the game last published, and a receiver for what it publishes next.
    pub fn watch(
        &self,
        id: u64,
        owner: Option<&str>,
    ) -> Result<watch::Receiver<Arc<String>>, Refusal> {
        Ok(self.handle(id, owner)?.snapshot.clone())
    }

    /// The open games of `owner`, newest first.
    pub fn games_of(&self, owner: &str) -> Vec<u64> {
        self.forget_ended();
        let mut ids: Vec<u64> = self
            .lock()
            .iter()
            .filter(|(_, h)| h.owner.as_deref() == Some(owner))
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable_by(|a, b| b.cmp(a));
        ids
    }

    /// Notes that the game is being looked at (a page's live connection is open).
    pub fn seen(&self, id: u64) {
        if let Some(h) = self.lock().get(&id) {
            h.touch();
        }
    }

    pub async fn play(&self, id: u64, owner: Option<&str>, text: String) -> Result<(), Refusal> {
        let handle = self.handle(id, owner)?;
        ask(&handle, |reply| Command::Play { text, reply }).await
    }

    pub async fn undo(&self, id: u64, owner: Option<&str>) -> Result<(), Refusal> {
        let handle = self.handle(id, owner)?;
        ask(&handle, |reply| Command::Undo { reply }).await
    }

    pub async fn hint(&self, id: u64, owner: Option<&str>) -> Result<Hint, Refusal> {
        let handle = self.handle(id, owner)?;
        ask(&handle, |reply| Command::Hint { reply }).await
    }

    /// The game so far as a record (`tabula play --record` and the window open it).
    pub async fn record(&self, id: u64, owner: Option<&str>) -> Result<GameRecord, Refusal> {
        let handle = self.handle(id, owner)?;
        ask(&handle, |reply| Command::Record { reply }).await
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
    /// The guests at the seats, and how they start.
    guests: Vec<Option<Guest>>,
    hosting: Option<Arc<Hosting>>,
    /// The guests' programs, by seat, once started.
    programs: Vec<Option<ProgramSeat>>,
}

impl GameThread {
    fn run(mut self, options: Vec<Term>, seats: Vec<PlayerSpec>, inbox: Receiver<Command>) {
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
            let Some((seat, spec)) = computer else {
                continue;
            };
            self.thinking = true;
            self.publish(&rules, &session);
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
        let moves = session.history[1..]
            .iter()
            .filter_map(|p| p.arrival.as_ref())
            .map(|a| MoveRecord {
                player: a.player,
                notation: a.notation.clone(),
                ms: 0,
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
                names: (0..session.seats.len())
                    .map(|k| {
                        self.guests
                            .get(k)
                            .and_then(Option::as_ref)
                            .map(|g| g.name.clone())
                    })
                    .collect(),
                stderr: self.stderr_shown(),
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

/// Makes the engine of a game here run on what graded games leave, as its game's
/// thread does.
fn play_casually(rules: &Rules) {
    let _ = rules.engine().on_its_thread(Box::new(
        crate::players::sandbox::cgroup::make_this_thread_casual,
    ));
}

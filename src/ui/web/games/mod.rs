//! The games being played in browsers. Each game is a thread of its own, with its own
//! Prolog engine (the rules and their players) that no other thread touches: the
//! pages send it commands through a channel and read what it last published (a
//! snapshot, JSON) without waiting for it, so a computer thinking in one game holds
//! up neither that game's page nor any other game.
//!
//! An open game holds a place ([`places`]). It ends when it is over, when its player
//! ends it, when nobody has looked at it for the idle time, or when its place goes
//! to another person; it is then kept finished in the store (its last snapshot and
//! its record, to be seen and downloaded), its thread, engine and players gone, and
//! holds no place. Taking a move back in a finished game opens it again. When the
//! server stops, the open games stop where they are, to be resumed.

mod clock;
mod places;
mod plies;
mod thread;

use super::form::{self, Checked, Form, Guest};
use super::store::{Finished, Kept, Store};
use crate::game::GameInfo;
use crate::game::board::Region;
use crate::referee::game::GameRecord;
use places::{Admission, Holder};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
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
    /// Every place is taken: why this person waits, in words.
    #[error("{0}")]
    Full(String),
    #[error("the game has ended on the server")]
    Gone,
    #[error(
        "you have {0} games open already: end one (a finished game holds no place), or wait for an idle one to end"
    )]
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
    Play {
        text: String,
        reply: Reply<()>,
    },
    Undo {
        reply: Reply<()>,
    },
    Hint {
        reply: Reply<Hint>,
    },
    Record {
        reply: Reply<GameRecord>,
    },
    /// The game ends before its end, for this reason (said on its page).
    End {
        why: String,
        reply: Reply<()>,
    },
}

/// Where a game is: playing (it holds a place), ending (told to end, its thread
/// keeps it finished in a moment; no place), failed to start (its page reads why a
/// moment; no place), or finished (kept in the store; no place).
const PLAYING: u8 = 0;
const FAILED: u8 = 1;
const FINISHED: u8 = 2;
const ENDING: u8 = 3;

/// One game, as the server holds it while its thread runs.
struct Handle {
    /// Whose game it is (on the site); nobody else may see it.
    owner: Option<String>,
    commands: Sender<Command>,
    snapshot: watch::Receiver<Arc<String>>,
    last_seen: Mutex<Instant>,
    /// PLAYING, ENDING, FAILED or FINISHED.
    state: Arc<AtomicU8>,
    /// The positions so far, a ply each.
    plies: Arc<plies::Plies>,
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

    fn state(&self) -> u8 {
        self.state.load(Ordering::Acquire)
    }

    /// Whether the game holds a place: its thread runs and it is not over.
    fn holds_place(&self) -> bool {
        self.state() == PLAYING && self.snapshot.has_changed().is_ok()
    }

    /// Tells the game's thread to end for this reason, without waiting (it keeps
    /// the game finished and stops); from now on it holds no place.
    fn end(&self, why: String) {
        if self
            .state
            .compare_exchange(PLAYING, ENDING, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            let (reply, _) = oneshot::channel();
            let _ = self.commands.send(Command::End { why, reply });
        }
    }
}

/// A game a request names: playing, or finished and kept.
enum Found {
    Playing(Arc<Handle>),
    Finished(Finished),
}

/// A game to follow: its snapshots as they come, or the last one of a finished game.
pub enum Followed {
    Playing(watch::Receiver<Arc<String>>),
    Finished(String),
}

/// Finds a game's rules by its name (to resume or reopen a kept game).
type FindGame = Arc<dyn Fn(&str) -> Option<&'static GameInfo> + Send + Sync>;

/// Every game.
pub struct Table {
    games: Mutex<HashMap<u64, Arc<Handle>>>,
    next_id: AtomicU64,
    pub limits: Limits,
    /// The rules file given with `--rules`, for the game it declares.
    pub rules_file: Option<PathBuf>,
    /// Where the games are kept, move by move, and finished (in memory when they
    /// are not kept on disk).
    store: Option<Arc<Store>>,
    /// The players a game may seat beyond people and levels, and how they start.
    guests: Option<(Guests, Arc<Hosting>)>,
    /// The games' rules by name, as `resume` was given them.
    find: Mutex<Option<FindGame>>,
}

impl Table {
    /// The table; `store` keeps the games on disk (none: in memory, for the finished
    /// games alone to be seen while the server runs).
    pub fn new(limits: Limits, rules_file: Option<PathBuf>, store: Option<Store>) -> Table {
        let store = store.or_else(|| Store::in_memory().ok());
        let next = store.as_ref().and_then(|s| s.last_id().ok()).unwrap_or(0) + 1;
        Table {
            games: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(next),
            limits,
            rules_file,
            store: store.map(Arc::new),
            guests: None,
            find: Mutex::new(None),
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

    /// The form a kept game was started with, checked again for its owner.
    fn checked_again(&self, k: &Kept) -> Result<(&'static GameInfo, Checked), String> {
        let find = self
            .find
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
            .ok_or("this server cannot start kept games again")?;
        let game = find(&k.game).ok_or_else(|| format!("no game {:?} here any more", k.game))?;
        let form = Form {
            game: Some(k.game.clone()),
            options: k.options.clone().into_iter().collect(),
            seats: k.seats.clone(),
        };
        Ok((game, self.check(game, &form, k.owner.as_deref())?))
    }

    /// Starts again every open game the store kept (a server restarted), where it
    /// was; the number of games resumed. A game whose rules are gone is forgotten.
    /// `find` is kept, to open a finished game again later.
    pub fn resume(
        &self,
        find: impl Fn(&str) -> Option<&'static GameInfo> + Send + Sync + 'static,
    ) -> usize {
        *self.find.lock().unwrap_or_else(|p| p.into_inner()) = Some(Arc::new(find));
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
            let id = k.id;
            match self.checked_again(&k) {
                Ok((game, checked)) => {
                    let handle = self.spawn(k, game, checked, false);
                    if let Ok(handle) = handle {
                        self.lock().insert(id, handle);
                        resumed += 1;
                    }
                }
                Err(why) => {
                    eprintln!("tabula web: game {id} is not resumed: {why}");
                    let _ = store.delete_open(id);
                }
            }
        }
        resumed
    }

    /// The number of games that hold a place now.
    pub fn open_games(&self) -> usize {
        self.end_idle();
        self.lock().values().filter(|h| h.holds_place()).count()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Handle>>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Ends the games nobody has looked at for the idle time (kept finished, with
    /// the reason), and forgets the games whose thread has ended.
    fn end_idle(&self) {
        let idle = self.limits.idle;
        let minutes = idle.as_secs().div_ceil(60);
        let mut gone = Vec::new();
        self.lock().retain(|id, h| {
            if h.snapshot.has_changed().is_err() {
                gone.push(*id);
                return false;
            }
            if h.idle_for() >= idle {
                h.end(format!(
                    "Nobody looked at this game for {minutes} minutes: it ended, to free its place."
                ));
            }
            true
        });
        // A game whose thread ended without being kept finished could not start.
        if let Some(store) = &self.store {
            for id in gone {
                if let Err(e) = store.delete_open(id) {
                    eprintln!("tabula web: {e}");
                }
            }
        }
    }

    /// A place for a game of `owner`'s, or why there is none; a game that gives its
    /// place up is ended.
    fn place_for(
        &self,
        games: &mut HashMap<u64, Arc<Handle>>,
        owner: Option<&str>,
    ) -> Result<(), Refusal> {
        let holders: Vec<Holder> = games
            .iter()
            .filter(|(_, h)| h.holds_place())
            .map(|(id, h)| Holder {
                id: *id,
                owner: h.owner.as_deref(),
                idle: h.idle_for(),
            })
            .collect();
        match places::admit(&holders, owner, &self.limits)? {
            Admission::Free => Ok(()),
            Admission::Ends { id, why } => {
                if let Some(h) = games.get(&id) {
                    h.end(why);
                }
                Ok(())
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
        self.end_idle();
        let mut games = self.lock();
        self.place_for(&mut games, owner)?;
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
        let handle = self.spawn(kept, game, checked, false)?;
        games.insert(id, handle);
        Ok(id)
    }

    /// A finished game opened again, a move taken back, when there is a place.
    fn reopen(&self, id: u64, owner: Option<&str>) -> Result<(), Refusal> {
        let store = self.store.as_ref().ok_or(Refusal::NoGame(id))?;
        self.end_idle();
        let mut games = self.lock();
        match games.get(&id).map(|h| h.state()) {
            // Opened again by another request meanwhile.
            Some(PLAYING) => return Ok(()),
            // Its thread is still going: it is told it may not come back yet.
            Some(ENDING) => {
                return Err(Refusal::Bad(
                    "this game is ending: take the move back in a moment".into(),
                ));
            }
            _ => {}
        }
        self.place_for(&mut games, owner)?;
        let kept = store
            .reopen(id)
            .map_err(|e| Refusal::Bad(format!("the game cannot be opened again: {e}")))?
            .ok_or(Refusal::NoGame(id))?;
        let (game, checked) = self
            .checked_again(&kept)
            .map_err(|why| Refusal::Bad(format!("the game cannot be opened again: {why}")))?;
        let handle = self.spawn(kept, game, checked, true)?;
        games.insert(id, handle);
        Ok(())
    }

    /// A game's thread, started with the moves kept already played (and one taken
    /// back first, when `undo_first`).
    fn spawn(
        &self,
        kept: Kept,
        game: &'static GameInfo,
        checked: Checked,
        undo_first: bool,
    ) -> Result<Arc<Handle>, Refusal> {
        let owner = kept.owner.clone();
        let (commands, inbox) = mpsc::channel();
        let (publish, snapshot) = watch::channel(Arc::new(String::from("{}")));
        let state = Arc::new(AtomicU8::new(PLAYING));
        let plies = Arc::new(plies::Plies::default());
        // `--rules` is the rules of the game it declares, not of the others.
        let rules_file = self
            .rules_file
            .clone()
            .filter(|file| same_file(file, &game.file));
        thread::start(thread::Start {
            game,
            rules_file,
            limits: self.limits.clone(),
            publish,
            store: self.store.clone(),
            kept,
            checked,
            hosting: self.guests.as_ref().map(|(_, h)| h.clone()),
            state: state.clone(),
            undo_first,
            inbox,
            plies: plies.clone(),
        })
        .map_err(|e| Refusal::Bad(format!("cannot start the game: {e}")))?;
        Ok(Arc::new(Handle {
            owner,
            commands,
            snapshot,
            last_seen: Mutex::new(Instant::now()),
            state,
            plies,
        }))
    }

    /// The game `id`, when `owner` may see it: a game with an owner is theirs alone
    /// (to anyone else it does not exist).
    fn find(&self, id: u64, owner: Option<&str>) -> Result<Found, Refusal> {
        let playing = self.lock().get(&id).cloned();
        if let Some(h) = playing {
            if h.owner.as_deref() != owner {
                return Err(Refusal::NoGame(id));
            }
            if h.state() != FINISHED {
                h.touch();
                return Ok(Found::Playing(h));
            }
        }
        match self.store.as_ref().map(|s| s.finished(id)) {
            Some(Ok(Some(f))) if f.owner.as_deref() == owner => Ok(Found::Finished(f)),
            _ => Err(Refusal::NoGame(id)),
        }
    }

    /// The game to follow: what it publishes, or its last snapshot when finished.
    pub fn follow(&self, id: u64, owner: Option<&str>) -> Result<Followed, Refusal> {
        Ok(match self.find(id, owner)? {
            Found::Playing(h) => Followed::Playing(h.snapshot.clone()),
            Found::Finished(f) => Followed::Finished(f.snapshot),
        })
    }

    /// The positions of the game from ply `from` on (0: the start), a bounded number
    /// of them: `{"positions": [...]}`, each with its ply, board and scores.
    pub fn positions(
        &self,
        id: u64,
        owner: Option<&str>,
        from: usize,
    ) -> Result<serde_json::Value, Refusal> {
        let positions = match self.find(id, owner)? {
            Found::Playing(h) => h.plies.from(from),
            Found::Finished(f) => plies::from_snapshot(&f.snapshot, from),
        };
        Ok(serde_json::json!({ "from": from, "positions": positions }))
    }

    /// The games of `owner`, each in a line for the page's list: those open, the
    /// latest first, then those finished, the latest ended first.
    pub fn games_of(&self, owner: &str) -> Vec<serde_json::Value> {
        self.end_idle();
        let mut open: Vec<(u64, Arc<String>)> = self
            .lock()
            .iter()
            .filter(|(_, h)| {
                h.owner.as_deref() == Some(owner) && matches!(h.state(), PLAYING | ENDING)
            })
            .map(|(id, h)| (*id, h.snapshot.borrow().clone()))
            .collect();
        open.sort_unstable_by_key(|(id, _)| std::cmp::Reverse(*id));
        let mut lines: Vec<serde_json::Value> = open
            .iter()
            .map(|(id, text)| game_line(*id, text, true))
            .collect();
        if let Some(store) = &self.store {
            for f in store.finished_of(Some(owner)).unwrap_or_default() {
                lines.push(game_line(f.id, &f.snapshot, false));
            }
        }
        lines
    }

    /// Notes that the game is being looked at (a page's live connection is open).
    pub fn seen(&self, id: u64) {
        if let Some(h) = self.lock().get(&id) {
            h.touch();
        }
    }

    pub async fn play(&self, id: u64, owner: Option<&str>, text: String) -> Result<(), Refusal> {
        let handle = self.playing(id, owner)?;
        ask(&handle, |reply| Command::Play { text, reply }).await
    }

    /// A move taken back; in a finished game, once it is opened again.
    pub async fn undo(&self, id: u64, owner: Option<&str>) -> Result<(), Refusal> {
        match self.find(id, owner)? {
            Found::Playing(h) => ask(&h, |reply| Command::Undo { reply }).await,
            Found::Finished(_) => self.reopen(id, owner),
        }
    }

    pub async fn hint(&self, id: u64, owner: Option<&str>) -> Result<Hint, Refusal> {
        let handle = self.playing(id, owner)?;
        ask(&handle, |reply| Command::Hint { reply }).await
    }

    /// Ends a game before its end, at its player's word (it is kept finished).
    pub async fn end(&self, id: u64, owner: Option<&str>) -> Result<(), Refusal> {
        match self.find(id, owner)? {
            // A game that could not start has nothing to keep: it goes.
            Found::Playing(h) if h.state() == FAILED => {
                self.lock().remove(&id);
                Ok(())
            }
            Found::Playing(h) => {
                let ended = ask(&h, |reply| Command::End {
                    why: "You ended this game.".into(),
                    reply,
                })
                .await;
                match ended {
                    // It was ending already, for another reason.
                    Err(Refusal::Gone) => Ok(()),
                    other => other,
                }
            }
            Found::Finished(_) => Ok(()),
        }
    }

    /// The game so far as a record (`tabula play --record` and the window open it).
    pub async fn record(&self, id: u64, owner: Option<&str>) -> Result<GameRecord, Refusal> {
        match self.find(id, owner)? {
            Found::Playing(h) => ask(&h, |reply| Command::Record { reply }).await,
            Found::Finished(f) => serde_json::from_str(&f.record)
                .map_err(|e| Refusal::Bad(format!("the game's record does not read: {e}"))),
        }
    }

    /// A game still playing, or the answer that it is over.
    fn playing(&self, id: u64, owner: Option<&str>) -> Result<Arc<Handle>, Refusal> {
        match self.find(id, owner)? {
            Found::Playing(h) => Ok(h),
            Found::Finished(_) => Err(Refusal::Bad(
                "this game is over: take a move back to go on, or start a new game".into(),
            )),
        }
    }

    /// Stops every game where it is (the server stops): they are resumed at the next
    /// start.
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

/// A game in a line of the page's list: who plays, how many moves, how it stands.
fn game_line(id: u64, snapshot: &str, open: bool) -> serde_json::Value {
    let s: serde_json::Value = serde_json::from_str(snapshot).unwrap_or_default();
    let seats: Vec<String> = s["seats"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|seat| match seat["player"].as_str() {
                    Some("human") | None => "a person".to_string(),
                    Some(p) => p.to_string(),
                })
                .collect()
        })
        .unwrap_or_default();
    let moves = s["moves"].as_array().map_or(0, Vec::len);
    let standing = if let Some(over) = s["over"]["text"].as_str() {
        over.to_string()
    } else if let Some(ended) = s["finished"]["text"].as_str() {
        ended.to_string()
    } else if s["failure"].is_string() {
        "stopped: a player failed".to_string()
    } else if s["person_to_move"] == true {
        "your move".to_string()
    } else {
        "the computer's move".to_string()
    };
    serde_json::json!({
        "id": id,
        "open": open,
        "players": seats.join(" vs "),
        "moves": moves,
        "standing": standing,
    })
}

pub(super) fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

//! Fork servers: tabula's own players (built-in levels and `.pl` files) loaded once per
//! match or championship and forked for each game, instead of started afresh.
//!
//! Starting a served player costs about 0.2 s of CPU (Scryer's start-up, the rules,
//! the player, the fast path's tables); its game between players that answer at once,
//! about 0.1 s. So a referee runs one fork server ("template") per entrant, in the
//! entrant's sandbox: `tabula serve GAME SPEC --fork-server`, which loads everything
//! and then forks on request (`template.rs`). Each game gets a fresh copy of the
//! loaded player, exactly as a new process would be after loading, in a control group
//! of its own (memory, processes, cores, CPU time, freezing, killing) and with its own
//! pipes and log; nothing of one game's child reaches another game.
//!
//! Forking needs what the referee uses to contain a child it did not start: a control
//! group per game, which can kill all of it. Where this machine has none, or
//! `TABULA_FORK_SERVER=0`, or a fork server fails in any way, the player is started
//! for its game as before, so the results never depend on it.

mod template;

pub use template::{hide_control_socket, keep_mount_capability_for_children, refuse, run};

use crate::players::protocol::{self, Launch, PlayerProcess};
use crate::players::sandbox::cgroup::{Feature, Group, Hierarchies};
use nix::sys::socket::{
    ControlMessage, ControlMessageOwned, MsgFlags, recvmsg, sendmsg, setsockopt, sockopt,
};
use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader, IoSlice, IoSliceMut, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Why a fork server gave no player (its entrant's players then start afresh), or a
/// forked child no sandbox of its own.
#[derive(Debug, thiserror::Error)]
pub enum ForkError {
    /// A system call failed: the step, and the system's words.
    #[error("{step}: {source}")]
    System {
        step: String,
        #[source]
        source: std::io::Error,
    },
    /// The fork server itself could not be started.
    #[error("cannot start it: {0}")]
    Start(protocol::Fault),
    /// It answered what the fork protocol does not allow, or not at all.
    #[error("{0}")]
    Protocol(String),
    #[error("no control group for the game")]
    NoGroup,
    /// The child's system-call filter could not be installed.
    #[error(transparent)]
    Sandbox(#[from] crate::players::sandbox::SandboxError),
    #[error("cannot move the child into its group")]
    Adopt,
    /// It serves nothing, for a reason of the player's: its file did not load, or it
    /// left a process of its own running after loading.
    #[error("{0}")]
    Refused(String),
}

impl ForkError {
    fn system(step: &str) -> impl FnOnce(std::io::Error) -> ForkError {
        move |source| ForkError::System {
            step: step.to_string(),
            source,
        }
    }

    fn nix(step: &str) -> impl FnOnce(nix::errno::Errno) -> ForkError {
        move |errno| ForkError::System {
            step: step.to_string(),
            source: errno.into(),
        }
    }

    /// The last system error, for a step done with `libc` directly.
    fn last_os(step: &str) -> ForkError {
        ForkError::System {
            step: step.to_string(),
            source: std::io::Error::last_os_error(),
        }
    }
}

/// Set to `0` to start every player afresh for its game.
pub const ENV: &str = "TABULA_FORK_SERVER";

/// How long a fork server may take to load and say so (it loads side by side with
/// other players), and then to answer a request.
const LOAD_TIMEOUT: Duration = Duration::from_secs(20);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// A status is asked while a crash is reported, again and again for a moment.
const STATUS_TIMEOUT: Duration = Duration::from_millis(200);

/// The fork servers of a match or a championship, one per entrant (and game slot),
/// started at its first game and stopped when the last table holding them goes, or
/// when room is needed for another: at most [`Templates::most`] are kept, the least
/// recently used that has no game in progress going first.
pub struct Templates {
    templates: Mutex<HashMap<String, Kept>>,
    /// How many fork servers may be kept at once.
    most: usize,
    /// A clock of uses, for choosing the least recently used.
    uses: std::sync::atomic::AtomicU64,
}

struct Kept {
    server: Arc<Template>,
    last_used: u64,
}

/// What a fork server keeps of the machine's memory, about (a loaded player: 19-25 MB),
/// with room for the games its children play: the number of them kept is the memory
/// available when a match starts over this.
const MEMORY_PER_FORK_SERVER: u64 = 128 << 20;

impl std::fmt::Debug for Templates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.templates.lock().map(|t| t.len()).unwrap_or(0);
        write!(f, "Templates({n} of {})", self.most)
    }
}

impl Templates {
    /// Fork servers for this process's games, unless they are turned off or this
    /// machine cannot give a forked child a control group of its own.
    pub fn for_this_machine() -> Option<Arc<Templates>> {
        if std::env::var(ENV).is_ok_and(|v| v.trim() == "0") {
            return None;
        }
        if !Hierarchies::detect().has(Feature::Kill) {
            return None;
        }
        let available = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|info| {
                info.lines()
                    .find_map(|l| l.strip_prefix("MemAvailable:"))
                    .and_then(|kib| kib.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            })
            .map_or(4 << 30, |kib| kib * 1024);
        Some(Arc::new(Templates::with_most(
            (available / MEMORY_PER_FORK_SERVER) as usize,
        )))
    }

    /// Fork servers, at most `most` at once (at least 2: both seats of a game).
    pub fn with_most(most: usize) -> Templates {
        Templates {
            templates: Mutex::new(HashMap::new()),
            most: most.max(2),
            uses: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// How many fork servers are kept at once, at most.
    pub fn most(&self) -> usize {
        self.most
    }

    /// The fork server known as `key`, made from `template` the first time (another,
    /// idle, stopped to make room if need be).
    fn get(&self, key: &str, template: &Launch) -> Option<Arc<Template>> {
        let now = self.uses.fetch_add(1, Ordering::Relaxed);
        let mut evicted = None;
        let server = {
            let mut templates = self.templates.lock().ok()?;
            if !templates.contains_key(key) && templates.len() >= self.most {
                // Idle: nobody but this map holds it (players in a game hold theirs;
                // new holders are made only here, under the lock).
                let idle = templates
                    .iter()
                    .filter(|(_, kept)| Arc::strong_count(&kept.server) == 1)
                    .min_by_key(|(_, kept)| kept.last_used)
                    .map(|(k, _)| k.clone());
                match idle {
                    Some(k) => evicted = templates.remove(&k),
                    // All in games: this player starts afresh.
                    None => return None,
                }
            }
            let kept = templates.entry(key.to_string()).or_insert_with(|| Kept {
                server: Arc::new(Template::new(template.clone())),
                last_used: now,
            });
            kept.last_used = now;
            kept.server.clone()
        };
        // Stopped outside the lock: it may take a moment.
        drop(evicted);
        (!server.broken.load(Ordering::Relaxed)).then_some(server)
    }

    /// Starts the fork server known as `key` if it is not running yet, without waiting
    /// for it to load: fork servers of one game load side by side.
    pub fn warm(&self, key: &str, template: &Launch) {
        if let Some(server) = self.get(key, template)
            && let Ok(mut running) = server.running.lock()
            && running.is_none()
        {
            match server.start() {
                Ok(started) => *running = Some(started),
                Err(_) => server.broken.store(true, Ordering::Relaxed),
            }
        }
    }

    /// A player for one game, forked by the fork server known as `key` (started from
    /// `template` the first time). None when that cannot be done: the caller starts the
    /// player afresh instead.
    pub fn player(
        &self,
        key: &str,
        template: &Launch,
        game: &Launch,
        seed: u64,
    ) -> Option<PlayerProcess> {
        let server = self.get(key, template)?;
        match server.fork(game, seed) {
            Ok(player) => Some(player),
            Err(why) => {
                // From now on this entrant's players start afresh; they say so in
                // their own way if something is really wrong.
                let name = key.split('\0').next().unwrap_or(key);
                crate::engine::timing::note_text(&format!(
                    "the fork server of {name} is given up, its players start afresh: {why}"
                ));
                if let (ForkError::Refused(why), Some(log)) = (&why, &template.log) {
                    note_in_log(
                        log,
                        &format!(
                            "tabula: not forked: {}; each of its games starts it afresh, in the game's own sandbox",
                            crate::players::untrusted::shown_lines(why)
                        ),
                    );
                }
                server.stop();
                None
            }
        }
    }
}

/// One entrant's fork server.
pub struct Template {
    launch: Launch,
    running: Mutex<Option<Running>>,
    broken: AtomicBool,
}

struct Running {
    child: Child,
    group: Option<Group>,
    control: UnixStream,
    replies: BufReader<UnixStream>,
    /// Whether it has said it loaded, and been seen to run alone.
    loaded: bool,
    /// The memory its group held once it had loaded (the player's, shared with each
    /// game it forks): each game's cap is the player's cap less this.
    held_bytes: u64,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(group) = &self.group {
            group.kill_all();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Template {
    fn new(launch: Launch) -> Template {
        Template {
            launch,
            running: Mutex::new(None),
            broken: AtomicBool::new(false),
        }
    }

    fn stop(&self) {
        self.broken.store(true, Ordering::Relaxed);
        if let Ok(mut running) = self.running.lock() {
            running.take();
        }
    }

    fn start(&self) -> Result<Running, ForkError> {
        let (ours, theirs) = UnixStream::pair().map_err(ForkError::system("socketpair"))?;
        let (child, group) = protocol::spawn(
            &self.launch,
            Stdio::from(OwnedFd::from(theirs)),
            Stdio::null(),
        )
        .map_err(ForkError::Start)?;
        let mut child = child;
        if let Some(stderr) = child.stderr.take() {
            let log = self.launch.log.clone();
            std::thread::spawn(move || protocol::copy_bounded(stderr, log.as_deref(), None));
        }
        let replies = BufReader::new(ours.try_clone().map_err(ForkError::system("dup"))?);
        Ok(Running {
            child,
            group,
            control: ours,
            replies,
            loaded: false,
            held_bytes: 0,
        })
    }

    /// Waits for the fork server's first line, `loaded`, and checks from outside that
    /// nothing of the player's runs beside it: its group holds bubblewrap's two
    /// processes and the fork server (the sandbox's first and second), or without a
    /// sandbox the fork server alone. What the player's file started while it loaded
    /// would be outside every game's group: never frozen on the opponent's turn, never
    /// killed with a game, able to carry anything from one game to the next.
    fn greet(running: &mut Running) -> Result<(), ForkError> {
        if running.loaded {
            return Ok(());
        }
        let first = Template::read_line(running, LOAD_TIMEOUT)?;
        if let Some(why) = first.strip_prefix("? ") {
            return Err(ForkError::Refused(why.to_string()));
        }
        if first != "loaded" {
            return Err(ForkError::Protocol(format!(
                "it said {first:?} instead of loaded"
            )));
        }
        if let Some(group) = &running.group {
            let strangers = strangers(group, running.child.id());
            if !strangers.is_empty() {
                return Err(ForkError::Refused(format!(
                    "the player left {} process{} running after it loaded ({}): a fork server \
                     serves only a player that starts nothing while it loads",
                    strangers.len(),
                    if strangers.len() == 1 { "" } else { "es" },
                    strangers.join(", ")
                )));
            }
            running.held_bytes = group.memory_used().unwrap_or(0);
        }
        running.loaded = true;
        Ok(())
    }

    /// Reads one line from the fork server, waiting at most `timeout`.
    fn read_line(running: &mut Running, timeout: Duration) -> Result<String, ForkError> {
        running
            .control
            .set_read_timeout(Some(timeout))
            .map_err(ForkError::system("setting a timeout"))?;
        let mut reply = String::new();
        (&mut running.replies)
            .take(4096)
            .read_line(&mut reply)
            .map_err(|e| ForkError::Protocol(format!("no answer ({e})")))?;
        if reply.is_empty() {
            return Err(ForkError::Protocol("it ended".into()));
        }
        Ok(reply.trim().to_string())
    }

    /// Sends one request (with `fds`) and reads its one-line reply, once the fork
    /// server has loaded ([`Template::greet`]).
    fn request(
        running: &mut Running,
        line: &str,
        fds: &[RawFd],
        timeout: Duration,
    ) -> Result<String, ForkError> {
        Template::greet(running)?;
        let text = format!("{line}\n");
        let iov = [IoSlice::new(text.as_bytes())];
        let rights = [ControlMessage::ScmRights(fds)];
        let cmsgs: &[ControlMessage] = if fds.is_empty() { &[] } else { &rights };
        sendmsg::<()>(
            running.control.as_raw_fd(),
            &iov,
            cmsgs,
            MsgFlags::MSG_NOSIGNAL,
            None,
        )
        .map_err(|e| ForkError::Protocol(format!("it stopped listening ({e})")))?;
        Template::read_line(running, timeout)
    }

    /// Forks a player for one game: its group made and joined, its cores set, its pipes
    /// in place.
    fn fork(self: &Arc<Self>, game: &Launch, seed: u64) -> Result<PlayerProcess, ForkError> {
        let limits = game.limits;
        let (commands_read, commands_write) = std::io::pipe().map_err(ForkError::system("pipe"))?;
        let (answers_read, answers_write) = std::io::pipe().map_err(ForkError::system("pipe"))?;
        let (log_read, log_write) = std::io::pipe().map_err(ForkError::system("pipe"))?;
        let (handshake, theirs) = UnixStream::pair().map_err(ForkError::system("socketpair"))?;
        setsockopt(&handshake, sockopt::PassCred, &true)
            .map_err(ForkError::nix("asking for credentials"))?;
        let (pid, held_bytes) = {
            let mut running = self
                .running
                .lock()
                .map_err(|_| ForkError::Protocol("a fork failed before".into()))?;
            if running.is_none() {
                *running = Some(self.start()?);
            }
            let server = running
                .as_mut()
                .ok_or_else(|| ForkError::Protocol("not running".into()))?;
            let fds = [
                commands_read.as_raw_fd(),
                answers_write.as_raw_fd(),
                log_write.as_raw_fd(),
                theirs.as_raw_fd(),
            ];
            let reply = Template::request(server, &format!("fork {seed}"), &fds, REQUEST_TIMEOUT)?;
            let pid = reply
                .strip_prefix("forked ")
                .and_then(|p| p.trim().parse::<i32>().ok())
                .ok_or_else(|| ForkError::Protocol(format!("it answered {reply:?} to a fork")))?;
            (pid, server.held_bytes)
        };
        drop((commands_read, answers_write, log_write, theirs));
        // The player's memory is its fork server's and its game's together: the game
        // may use what the fork server does not hold (at least a MiB: 0 means no cap).
        let memory = match limits.memory_bytes {
            0 => 0,
            cap => cap.saturating_sub(held_bytes).max(1 << 20),
        };
        let group = Hierarchies::detect()
            .create(memory, limits.processes, &game.cores, game.priority)
            .ok_or(ForkError::NoGroup)?;
        let host_pid = who_is_there(&handshake)?;
        if !group.adopt(host_pid) {
            // SAFETY: the child waits on the handshake, so its id is still its.
            unsafe { libc::kill(host_pid, libc::SIGKILL) };
            return Err(ForkError::Adopt);
        }
        if !game.cores.is_empty() && !group.pins_cores() {
            set_cores(host_pid, &game.cores);
        }
        (&handshake)
            .write_all(b"g")
            .map_err(|e| ForkError::Protocol(format!("the child went away ({e})")))?;
        Ok(PlayerProcess::forked(
            self.clone(),
            pid,
            (
                File::from(OwnedFd::from(commands_write)),
                File::from(OwnedFd::from(answers_read)),
                File::from(OwnedFd::from(log_read)),
            ),
            game,
            group,
        ))
    }
}

/// Adds a line of the referee's to a player's log.
fn note_in_log(log: &std::path::Path, line: &str) {
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(log)
    {
        let _ = writeln!(file, "{line}");
    }
}

/// The processes in a fork server's `group` that are neither `launched` (the
/// process the referee started: bubblewrap, or the fork server without a sandbox) nor
/// the sandbox's first two processes (bubblewrap's, then the fork server), as `PID
/// NAME`: each process's id in its innermost PID namespace is the last of the
/// `NSpid` line of its status.
fn strangers(group: &Group, launched: u32) -> Vec<String> {
    group
        .pids()
        .into_iter()
        .filter(|pid| u32::try_from(*pid).ok() != Some(launched))
        .filter_map(|pid| {
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
            let ids: Vec<&str> = status
                .lines()
                .find_map(|l| l.strip_prefix("NSpid:"))?
                .split_whitespace()
                .collect();
            let own = ids.len() > 1 && matches!(ids.last(), Some(&"1") | Some(&"2"));
            let name = status
                .lines()
                .find_map(|l| l.strip_prefix("Name:"))
                .unwrap_or("")
                .trim();
            (!own).then(|| format!("{} {name}", ids.last().unwrap_or(&"?")))
        })
        .collect()
}

/// The process id (as this process sees it) of whoever writes first on `handshake`:
/// the kernel vouches for it (`SCM_CREDENTIALS`).
fn who_is_there(handshake: &UnixStream) -> Result<i32, ForkError> {
    handshake
        .set_read_timeout(Some(REQUEST_TIMEOUT))
        .map_err(ForkError::system("setting a timeout"))?;
    let mut byte = [0u8; 1];
    let mut iov = [IoSliceMut::new(&mut byte)];
    let mut space = nix::cmsg_space!(nix::sys::socket::UnixCredentials);
    let msg = recvmsg::<()>(
        handshake.as_raw_fd(),
        &mut iov,
        Some(&mut space),
        MsgFlags::MSG_CMSG_CLOEXEC,
    )
    .map_err(|e| ForkError::Protocol(format!("the child did not say who it is ({e})")))?;
    if msg.bytes == 0 {
        return Err(ForkError::Protocol(
            "the child ended before its game".into(),
        ));
    }
    let cmsgs = msg.cmsgs().map_err(ForkError::nix("reading credentials"))?;
    for cmsg in cmsgs {
        if let ControlMessageOwned::ScmCredentials(creds) = cmsg {
            return Ok(creds.pid());
        }
    }
    Err(ForkError::Protocol(
        "the child's id did not come with it".into(),
    ))
}

fn set_cores(pid: i32, cores: &[usize]) {
    // SAFETY: cpu_set_t is a plain bit array; all zeros is the empty set.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    for core in cores {
        if *core < libc::CPU_SETSIZE as usize {
            // SAFETY: the index is within the set's size, checked above.
            unsafe { libc::CPU_SET(*core, &mut set) };
        }
    }
    // SAFETY: sets the affinity of a process this one is responsible for.
    unsafe {
        libc::sched_setaffinity(pid, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
}

impl protocol::ForkParent for Template {
    fn status(&self, pid: i32) -> Option<std::process::ExitStatus> {
        use std::os::unix::process::ExitStatusExt;
        let mut running = self.running.lock().ok()?;
        let server = running.as_mut()?;
        let reply =
            Template::request(server, &format!("status {pid}"), &[], STATUS_TIMEOUT).ok()?;
        let (how, n) = reply.split_once(' ')?;
        let n: i32 = n.trim().parse().ok()?;
        match how {
            "exited" => Some(std::process::ExitStatus::from_raw((n & 0xff) << 8)),
            "signal" => Some(std::process::ExitStatus::from_raw(n & 0x7f)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::sandbox::Limits;

    fn launch() -> Launch {
        Launch {
            argv: vec!["true".into()],
            limits: Limits::with_memory(0),
            log: None,
            sandbox: None,
            cores: Vec::new(),
            freeze_between_commands: false,
            priority: Default::default(),
        }
    }

    fn kept(templates: &Templates) -> Vec<String> {
        let mut keys: Vec<String> = templates
            .templates
            .lock()
            .map(|t| t.keys().cloned().collect())
            .unwrap_or_default();
        keys.sort();
        keys
    }

    #[test]
    fn the_least_recently_used_idle_fork_server_makes_room() {
        // Nothing is started: a fork server starts at its first warm or fork.
        let templates = Templates::with_most(3);
        let t = launch();
        for key in ["a", "b", "c"] {
            assert!(templates.get(key, &t).is_some());
        }
        assert!(templates.get("a", &t).is_some(), "a used again");
        assert!(templates.get("d", &t).is_some());
        assert_eq!(
            kept(&templates),
            ["a", "c", "d"],
            "b was the least recently used"
        );
        // A fork server with a game in progress (its player holds it) stays.
        let in_game = templates.get("c", &t);
        assert!(templates.get("a", &t).is_some());
        assert!(templates.get("d", &t).is_some());
        assert!(templates.get("e", &t).is_some());
        assert_eq!(kept(&templates), ["c", "d", "e"], "a went: c is in a game");
        // All in games: the next player starts afresh, nothing is stopped.
        let held: Vec<_> = ["c", "d", "e"]
            .iter()
            .map(|k| templates.get(k, &t))
            .collect();
        assert!(templates.get("f", &t).is_none());
        assert_eq!(kept(&templates), ["c", "d", "e"]);
        drop((in_game, held));
        assert_eq!(Templates::with_most(0).most(), 2, "both seats of a game");
    }
}

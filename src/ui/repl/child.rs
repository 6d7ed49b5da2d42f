//! Prolog in a child process that can be stopped: the engine of `tabula repl` and
//! `tabula query`.
//!
//! Scryer 0.10 cannot interrupt a running query and has no garbage collector, so a goal
//! a person types may run forever or take all the machine's memory, and in-process
//! nothing short of ending tabula would stop it. Here the goal runs in a child process
//! (`tabula __engine`, this same binary) whose address space is capped (`RLIMIT_AS`);
//! the parent times it on the wall clock, kills it on a timeout or Ctrl-C, and tells
//! out-of-memory deaths apart from other ones. A killed engine is replaced by a fresh
//! one that loads the same files.
//!
//! Parent and child speak JSON lines over the child's stdin and stdout: one [`Request`]
//! a line, at most one [`Reply`] a line.

use crate::engine::ReplAnswer;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The hidden subcommand that runs the child.
pub const CHILD_COMMAND: &str = "__engine";

/// How often a waiting parent looks at the clock and at Ctrl-C.
const POLL: Duration = Duration::from_millis(20);

/// How long a goal asked to stop (Ctrl-C, a timeout) may take to stop on its own
/// before its engine is killed: Scryer sees an interrupt within a few hundred
/// instructions, but not inside a long built-in (sorting millions of elements), nor
/// when the goal catches the error and goes on. A second Ctrl-C kills at once.
pub const GRACE: Duration = Duration::from_secs(2);

/// How much of the child's stderr is kept, to tell why it died.
const STDERR_TAIL: usize = 16 * 1024;

#[derive(Serialize, Deserialize, Debug)]
#[serde(tag = "op", rename_all = "snake_case")]
enum Request {
    /// Load the files into a fresh machine. `strict`: stop at the first that fails, as a
    /// game's rules are loaded; otherwise go on without it, as the REPL does.
    Load { files: Vec<PathBuf>, strict: bool },
    /// Start a goal; the reply is its first answer.
    Goal { text: String },
    /// The goal's next answer.
    Next,
    /// Drop the goal's other answers; no reply.
    Stop,
    /// The REPL's `:help` text.
    Help { filter: Option<String> },
    /// The boards of the last answer's bindings that are states of the game (all, or
    /// the one named), as the terminal draws them; the reply is a `Help` text.
    Show { name: Option<String> },
    /// Read each text as a clause, without loading it: the reply is `Checked`.
    Check { texts: Vec<String> },
    /// Stop the request being served, keeping the machine and its database as they
    /// are (Ctrl-C, a timeout): it is answered `Interrupted`. Read at once, even while
    /// a goal runs; no reply of its own, and nothing when no request is being served.
    Interrupt,
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(tag = "reply", rename_all = "snake_case")]
enum Reply {
    /// The files are loaded, but for those whose errors are given; `notes` say what
    /// else the user should know (the fast path not used, the last good version
    /// kept).
    Loaded {
        errors: Vec<String>,
        #[serde(default)]
        notes: Vec<String>,
        /// The files loaded now (the last good ones, when the new did not load).
        #[serde(default)]
        files: Vec<PathBuf>,
    },
    Answer {
        answer: ReplAnswer,
    },
    Help {
        text: String,
    },
    /// The request could not be served (the child goes on).
    Failed {
        message: String,
    },
    /// An allocation failed while serving it: the memory cap is reached.
    OutOfMemory,
    /// For each text of a `Check`, what is wrong with it, in words (`None`: it reads).
    Checked {
        errors: Vec<Option<String>>,
    },
    /// The request was stopped by an `Interrupt`, or (`memory`) because it was about
    /// to use up the memory cap; the machine and its database are as they were at that
    /// point, and the child goes on.
    Interrupted {
        memory: bool,
    },
}

// ---------------------------------------------------------------------------
// The parent's side.

/// What loading files came to.
#[derive(Debug, Default)]
pub struct LoadOutcome {
    /// Why files did not load.
    pub errors: Vec<String>,
    /// What else to tell (the fast path not used, the last good version kept).
    pub notes: Vec<String>,
    /// The files loaded now (the last good ones, when the new did not load).
    pub files: Vec<PathBuf>,
}

/// The limits a goal runs under.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Wall-clock time a goal may run (`None`: no limit).
    pub timeout: Option<Duration>,
    /// The cap on the engine's address space, in bytes (`None`: no cap).
    pub memory: Option<u64>,
}

/// Loading files is not a goal: with a timeout, it gets at least this long (a busy
/// machine can take seconds), and is stopped only when a directive loops.
pub const LOAD_TIMEOUT: Duration = Duration::from_secs(60);

impl Limits {
    /// The deadline of a goal that starts now.
    pub fn deadline(&self) -> Option<Deadline> {
        self.timeout.map(|limit| Deadline {
            at: Instant::now() + limit,
            limit,
        })
    }

    /// The deadline of loading files, from now: none without a timeout, else the
    /// timeout but at least [`LOAD_TIMEOUT`].
    pub fn load_deadline(&self) -> Option<Deadline> {
        self.timeout.map(|t| {
            let limit = t.max(LOAD_TIMEOUT);
            Deadline {
                at: Instant::now() + limit,
                limit,
            }
        })
    }
}

/// When a goal must have answered by, and the limit that set it (for the message).
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    at: Instant,
    limit: Duration,
}

/// Why the engine did not answer. Either the engine stopped the goal itself and goes
/// on, its database as it was at that moment ([`EngineProcess::alive`]), or the
/// process is gone (all cases but [`Stopped::Failed`] can be either) and the caller
/// starts a new one.
#[derive(Debug, Clone, PartialEq)]
pub enum Stopped {
    /// The goal ran past its timeout.
    Timeout(Duration),
    /// The goal ran out of memory under the cap (if any).
    OutOfMemory(Option<u64>),
    /// Ctrl-C.
    Interrupted,
    /// The engine process died otherwise, or could not be started: how.
    Died(String),
    /// The engine could not serve the request: why.
    Failed(String),
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::Timeout(limit) => {
                let s = limit.as_secs_f64();
                write!(
                    f,
                    "the goal ran for {s} s without finishing (--timeout {s}): stopped"
                )
            }
            Stopped::OutOfMemory(Some(cap)) => write!(
                f,
                "the goal ran out of memory (cap {}, --memory): stopped",
                size_text(*cap)
            ),
            Stopped::OutOfMemory(None) => write!(f, "the goal ran out of memory: stopped"),
            Stopped::Interrupted => write!(f, "interrupted (Ctrl-C): the goal was stopped"),
            Stopped::Died(how) => write!(f, "the Prolog engine died ({how}): stopped"),
            Stopped::Failed(why) => write!(f, "the Prolog engine failed: {why}"),
        }
    }
}

impl Stopped {
    /// The same, said of loading the rules files rather than of a goal.
    pub fn loading(&self) -> String {
        match self {
            Stopped::Timeout(limit) => {
                let s = limit.as_secs_f64();
                format!("loading the files took more than {s} s: stopped")
            }
            Stopped::OutOfMemory(Some(cap)) => format!(
                "loading the files ran out of memory (cap {}, --memory): stopped",
                size_text(*cap)
            ),
            Stopped::Interrupted => "interrupted (Ctrl-C) while loading the files".into(),
            other => format!("loading the files: {other}"),
        }
    }
}

/// `2 GiB`, `300 MiB`, `1536 KiB` or `1000 bytes`: a size as it was most likely given.
pub fn size_text(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (unit, name) in UNITS {
        if bytes >= unit && bytes.is_multiple_of(unit) {
            return format!("{} {name}", bytes / unit);
        }
    }
    if bytes >= 1 << 30 {
        return format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64);
    }
    format!("{bytes} bytes")
}

/// Set by the SIGINT handler, taken by whoever waits for the engine.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// While this lives, Ctrl-C (SIGINT) does not end tabula: it only marks an interrupt,
/// which stops the goal being waited for. Dropping it puts back the handler there was:
/// rustyline installs its own for as long as its editor lives, to read Ctrl-C at its
/// prompts, so this one is only installed while a goal runs.
pub struct CatchInterrupts {
    previous: libc::sigaction,
}

impl CatchInterrupts {
    /// Installs the handler, forgetting any Ctrl-C typed before.
    pub fn new() -> CatchInterrupts {
        take_interrupt();
        // SAFETY: the handler only stores to an atomic, which is async-signal-safe; the
        // sigaction structs are fully initialised (zeroed, then set or filled in).
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            let mut previous: libc::sigaction = std::mem::zeroed();
            libc::sigaction(libc::SIGINT, &action, &mut previous);
            CatchInterrupts { previous }
        }
    }
}

impl Default for CatchInterrupts {
    fn default() -> Self {
        CatchInterrupts::new()
    }
}

impl Drop for CatchInterrupts {
    fn drop(&mut self) {
        // SAFETY: restores the action sigaction gave back when this was installed.
        unsafe {
            libc::sigaction(libc::SIGINT, &self.previous, std::ptr::null_mut());
        }
    }
}

/// Forgets a Ctrl-C typed before now; true if there was one.
pub fn take_interrupt() -> bool {
    INTERRUPTED.swap(false, Ordering::SeqCst)
}

/// A Prolog engine in a child process.
pub struct EngineProcess {
    child: Child,
    /// Lines for the child's stdin, written by a thread of their own; `None` once closed.
    requests: Option<Sender<String>>,
    replies: Receiver<Result<Reply, String>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_reader: Option<JoinHandle<()>>,
    memory: Option<u64>,
    /// A goal has answers left in the child.
    pending: bool,
}

impl EngineProcess {
    /// Starts `tabula __engine` with its address space capped at `memory` bytes.
    pub fn start(memory: Option<u64>) -> Result<EngineProcess, Stopped> {
        let cannot = |e: io::Error| Stopped::Died(format!("cannot start it: {e}"));
        let exe = std::env::current_exe().map_err(cannot)?;
        let mut command = Command::new(exe);
        command
            .arg(CHILD_COMMAND)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let parent = std::process::id();
        // SAFETY: pre_exec runs in the forked child before exec; signal, prctl, getppid,
        // setrlimit and _exit are async-signal-safe and touch nothing of the parent's.
        unsafe {
            use std::os::unix::process::CommandExt;
            command.pre_exec(move || {
                // Ctrl-C at the terminal goes to the whole foreground process group: the
                // parent decides what it means (stop the goal, rebuild the engine), so
                // the child ignores it. SIG_IGN survives exec.
                libc::signal(libc::SIGINT, libc::SIG_IGN);
                // Die with the parent (killed, or Ctrl-C on `tabula query`) rather than
                // loop on alone; the parent may already be gone by now.
                #[cfg(target_os = "linux")]
                {
                    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                    if libc::getppid() as u32 != parent {
                        libc::_exit(1);
                    }
                }
                if let Some(bytes) = memory {
                    let limit = libc::rlimit {
                        rlim_cur: bytes as libc::rlim_t,
                        rlim_max: bytes as libc::rlim_t,
                    };
                    libc::setrlimit(libc::RLIMIT_AS, &limit);
                }
                Ok(())
            });
        }
        let mut child = command.spawn().map_err(cannot)?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(Stopped::Died("cannot start it: no pipes".into()));
        };
        let (requests, inbox) = mpsc::channel::<String>();
        thread::spawn(move || write_requests(stdin, inbox));
        let (replies_tx, replies) = mpsc::channel();
        thread::spawn(move || read_replies(stdout, replies_tx));
        let tail = Arc::new(Mutex::new(Vec::new()));
        let stderr_reader = {
            let tail = tail.clone();
            thread::spawn(move || keep_tail(stderr, &tail))
        };
        Ok(EngineProcess {
            child,
            requests: Some(requests),
            replies,
            stderr: tail,
            stderr_reader: Some(stderr_reader),
            memory,
            pending: false,
        })
    }

    /// Loads `files` into a fresh machine: the errors of those that failed to load (with
    /// `strict`, loading stops at the first), and notes. Files that start with
    /// `game.pl` and a rules file are loaded as every command loads a game: the
    /// players and fast path the rules declare, the fast path checked; when the
    /// rules do not load (and not `strict`), the last good version loaded stays.
    pub fn load(
        &mut self,
        files: &[PathBuf],
        strict: bool,
        deadline: Option<Deadline>,
    ) -> Result<LoadOutcome, Stopped> {
        self.pending = false;
        self.send(&Request::Load {
            files: files.to_vec(),
            strict,
        })?;
        match self.receive(deadline)? {
            Reply::Loaded {
                errors,
                notes,
                files,
            } => Ok(LoadOutcome {
                errors,
                notes,
                files,
            }),
            other => Err(self.unexpected(other)),
        }
    }

    /// Starts `goal` (Prolog text) and gives its first answer.
    pub fn goal(&mut self, goal: &str, deadline: Option<Deadline>) -> Result<ReplAnswer, Stopped> {
        self.pending = false;
        self.send(&Request::Goal {
            text: goal.to_string(),
        })?;
        self.answer(deadline)
    }

    /// The next answer of the goal, after a solution that was not the last.
    pub fn next(&mut self, deadline: Option<Deadline>) -> Result<ReplAnswer, Stopped> {
        self.send(&Request::Next)?;
        self.answer(deadline)
    }

    /// Drops the other answers of the goal.
    pub fn stop(&mut self) {
        if std::mem::take(&mut self.pending) {
            let _ = self.send(&Request::Stop);
        }
    }

    /// For each of `texts`, why it does not read as a clause, in words (`None`: it
    /// reads).
    pub fn check(
        &mut self,
        texts: &[String],
        deadline: Option<Deadline>,
    ) -> Result<Vec<Option<String>>, Stopped> {
        self.stop();
        self.send(&Request::Check {
            texts: texts.to_vec(),
        })?;
        match self.receive(deadline)? {
            Reply::Checked { errors } => Ok(errors),
            other => Err(self.unexpected(other)),
        }
    }

    /// The REPL's `:help` text for the files last loaded.
    pub fn help(
        &mut self,
        filter: Option<&str>,
        deadline: Option<Deadline>,
    ) -> Result<String, Stopped> {
        self.stop();
        self.send(&Request::Help {
            filter: filter.map(str::to_string),
        })?;
        match self.receive(deadline)? {
            Reply::Help { text } => Ok(text),
            other => Err(self.unexpected(other)),
        }
    }

    /// The REPL's `:show [NAME]`: the boards of the last answer's states.
    pub fn show(
        &mut self,
        name: Option<&str>,
        deadline: Option<Deadline>,
    ) -> Result<String, Stopped> {
        self.stop();
        self.send(&Request::Show {
            name: name.map(str::to_string),
        })?;
        match self.receive(deadline)? {
            Reply::Help { text } => Ok(text),
            other => Err(self.unexpected(other)),
        }
    }

    fn answer(&mut self, deadline: Option<Deadline>) -> Result<ReplAnswer, Stopped> {
        let answer = match self.receive(deadline)? {
            Reply::Answer { answer } => answer,
            other => return Err(self.unexpected(other)),
        };
        // Scryer may throw resource_error(memory) when it cannot grow under the cap
        // (the child usually notices the failed allocation first and says
        // OutOfMemory): the same as dying of it, and the process keeps the memory it
        // has taken, so it is replaced all the same.
        if let ReplAnswer::Exception { text, .. } = &answer
            && text.contains("resource_error(memory)")
        {
            self.kill();
            return Err(Stopped::OutOfMemory(self.memory));
        }
        self.pending = matches!(answer, ReplAnswer::Solution { last: false, .. });
        Ok(answer)
    }

    fn unexpected(&mut self, reply: Reply) -> Stopped {
        match reply {
            Reply::Failed { message } => Stopped::Failed(message),
            other => {
                // The two sides disagree: nothing the child says can be trusted now.
                self.kill();
                Stopped::Died(format!("it answered out of turn: {other:?}"))
            }
        }
    }

    fn send(&mut self, request: &Request) -> Result<(), Stopped> {
        let line = serde_json::to_string(request)
            .map_err(|e| Stopped::Failed(format!("cannot send the request: {e}")))?;
        let sent = self
            .requests
            .as_ref()
            .is_some_and(|requests| requests.send(line).is_ok());
        if sent { Ok(()) } else { Err(self.death()) }
    }

    /// Waits for the child's reply. At the deadline or on Ctrl-C, whichever first, the
    /// child is asked to stop the goal (it answers `Interrupted`, its machine kept); if
    /// it has not within [`GRACE`], or on a second Ctrl-C, it is killed.
    fn receive(&mut self, deadline: Option<Deadline>) -> Result<Reply, Stopped> {
        // Why the child was asked to stop, and when.
        let mut asked: Option<(Stopped, Instant)> = None;
        loop {
            let now = Instant::now();
            let mut wait = POLL;
            match &asked {
                None => {
                    let why = if take_interrupt() {
                        Some(Stopped::Interrupted)
                    } else {
                        match deadline {
                            Some(d) if d.at <= now => Some(Stopped::Timeout(d.limit)),
                            Some(d) => {
                                wait = wait.min(d.at - now);
                                None
                            }
                            None => None,
                        }
                    };
                    if let Some(why) = why {
                        self.send(&Request::Interrupt)?;
                        asked = Some((why, now));
                    }
                }
                Some((why, since)) => {
                    if take_interrupt() || now.duration_since(*since) >= GRACE {
                        let why = why.clone();
                        self.kill();
                        return Err(why);
                    }
                }
            }
            match self.replies.recv_timeout(wait) {
                Ok(Ok(Reply::OutOfMemory)) => {
                    self.kill();
                    return Err(Stopped::OutOfMemory(self.memory));
                }
                Ok(Ok(Reply::Interrupted { memory })) => {
                    self.pending = false;
                    return Err(match (memory, asked) {
                        (true, _) => Stopped::OutOfMemory(self.memory),
                        (false, Some((why, _))) => why,
                        (false, None) => Stopped::Interrupted,
                    });
                }
                Ok(Ok(reply)) => return Ok(reply),
                Ok(Err(garbage)) => {
                    self.kill();
                    return Err(Stopped::Died(format!("it answered garbage: {garbage}")));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(self.death()),
            }
        }
    }

    /// The engine process runs: it stopped the last goal itself, keeping its machine,
    /// or was never stopped.
    pub fn alive(&self) -> bool {
        self.requests.is_some()
    }

    /// Why the child is gone: waits for it and reads what it last wrote on stderr.
    fn death(&mut self) -> Stopped {
        self.requests = None;
        self.pending = false;
        let status = self.child.wait().ok();
        if let Some(reader) = self.stderr_reader.take() {
            let _ = reader.join();
        }
        let said = self
            .stderr
            .lock()
            .map(|tail| String::from_utf8_lossy(&tail).into_owned())
            .unwrap_or_default();
        // Rust's allocator says "memory allocation of N bytes failed" and aborts when
        // the cap refuses it; the panic text itself is not for the user.
        if said.contains("memory allocation of")
            || said.contains("out of memory")
            || said.contains("capacity overflow")
        {
            return Stopped::OutOfMemory(self.memory);
        }
        if said.contains("overflowed its stack") {
            return Stopped::Died("its stack overflowed: a term nested too deeply?".into());
        }
        Stopped::Died(status.map_or_else(|| "it is gone".into(), exit_text))
    }

    /// Ends the child now, whatever it is doing.
    pub fn kill(&mut self) {
        self.requests = None;
        self.pending = false;
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(reader) = self.stderr_reader.take() {
            let _ = reader.join();
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// `exit 3`, or `signal 6`, as the child ended.
fn exit_text(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit {code}"),
        (None, Some(signal)) => format!("signal {signal}"),
        _ => "it ended".into(),
    }
}

/// The child's stdin writer, on a thread of its own.
fn write_requests(mut stdin: impl Write, inbox: Receiver<String>) {
    // Writing to a child that has died raises SIGPIPE, whose default action (restored
    // in main, for `tabula query … | head`) would end tabula. Blocked on this thread
    // only, it just makes the write fail; the death is noticed on the replies.
    // SAFETY: plain signal-mask calls on this thread's own mask.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGPIPE);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
    }
    for line in inbox {
        if writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The child's stdout reader: one reply a line, until the child's end.
fn read_replies(stdout: impl Read, replies: Sender<Result<Reply, String>>) {
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { return };
        let reply = serde_json::from_str::<Reply>(&line).map_err(|_| {
            let mut shown: String = line.chars().take(80).collect();
            if shown.len() < line.len() {
                shown.push('…');
            }
            shown
        });
        if replies.send(reply).is_err() {
            return;
        }
    }
}

/// Keeps the last [`STDERR_TAIL`] bytes of the child's stderr.
fn keep_tail(mut stderr: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut buf = [0u8; 4096];
    loop {
        match stderr.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                let Ok(mut kept) = tail.lock() else { return };
                kept.extend_from_slice(&buf[..n]);
                let excess = kept.len().saturating_sub(STDERR_TAIL);
                kept.drain(..excess);
            }
        }
    }
}

mod memory;
mod served;

pub use memory::{ALLOCATION_FAILED, NotingAllocator};
pub use served::serve;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_given() {
        assert_eq!(size_text(2 << 30), "2 GiB");
        assert_eq!(size_text(300 << 20), "300 MiB");
        assert_eq!(size_text(1536 << 10), "1536 KiB");
        assert_eq!(size_text(1000), "1000 bytes");
    }

    #[test]
    fn messages_say_what_stopped_the_goal() {
        assert_eq!(
            Stopped::Timeout(Duration::from_secs(60)).to_string(),
            "the goal ran for 60 s without finishing (--timeout 60): stopped"
        );
        assert_eq!(
            Stopped::Timeout(Duration::from_millis(1500)).to_string(),
            "the goal ran for 1.5 s without finishing (--timeout 1.5): stopped"
        );
        assert_eq!(
            Stopped::OutOfMemory(Some(2 << 30)).to_string(),
            "the goal ran out of memory (cap 2 GiB, --memory): stopped"
        );
    }

    #[test]
    fn requests_and_replies_are_one_line_each() {
        let line = serde_json::to_string(&Request::Goal {
            text: "X = 'a\nb'.".into(),
        })
        .unwrap();
        assert!(!line.contains('\n'), "{line}");
        let reply = Reply::Answer {
            answer: ReplAnswer::Solution {
                text: "X = 1".into(),
                output: "hello\n".into(),
                last: false,
            },
        };
        let line = serde_json::to_string(&reply).unwrap();
        assert!(!line.contains('\n'), "{line}");
        assert!(matches!(
            serde_json::from_str::<Reply>(&line).unwrap(),
            Reply::Answer {
                answer: ReplAnswer::Solution { last: false, .. }
            }
        ));
    }
}

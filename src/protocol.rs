//! The player protocol, referee side: a player is a process spoken to over its stdin
//! and stdout, one command a line, each answer `= TEXT` or `? MESSAGE` followed by an
//! empty line (GTP framing; `docs/protocol.md` has the whole protocol).
//!
//! A [`PlayerProcess`] is started for one game. Its stdout is read by a thread of its
//! own, so that the referee can wait for an answer with a deadline; its stderr is
//! copied to a log file, up to a bound; its address space is capped (`RLIMIT_AS`) so
//! that a player that allocates without bound dies alone; and it leads a process group
//! of its own, so that killing it also kills whatever it started. Whatever the player
//! does — hang, lie, die, flood — the referee gets a [`Fault`] that says what happened,
//! and never blocks past the deadline it gave.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How much of a player's stderr is kept in its log.
pub const STDERR_LOG_LIMIT: u64 = 256 * 1024;

/// The longest answer line the referee reads; longer is garbage.
const MAX_LINE: usize = 64 * 1024;

/// What went wrong with a player: the reason it loses the game.
#[derive(Debug, Clone, PartialEq)]
pub enum Fault {
    /// It did not answer in time.
    Timeout(Duration),
    /// It answered `? MESSAGE`.
    Refused(String),
    /// It wrote something that is not the protocol.
    Protocol(String),
    /// It exited, or closed its output, in the middle of the game.
    Crash(String),
    /// It could not even be started.
    Start(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout(d) => write!(f, "timeout: {:.2} s", d.as_secs_f64()),
            Fault::Refused(m) => write!(f, "refused: {m}"),
            Fault::Protocol(m) => write!(f, "protocol: {m}"),
            Fault::Crash(m) => write!(f, "crash: {m}"),
            Fault::Start(m) => write!(f, "start: {m}"),
        }
    }
}

/// What the stdout reader thread passes on.
enum Answer {
    /// A complete answer: `Ok(text)` for `= text`, `Err(message)` for `? message`.
    Framed(Result<String, String>),
    /// A line that is not the protocol.
    Garbage(String),
    /// End of output (the player exited or closed stdout), or a read error.
    Closed(String),
}

/// How to start a player.
#[derive(Debug, Clone)]
pub struct Launch {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The cap on the player's address space, in bytes (0: no cap).
    pub memory_bytes: u64,
    /// Where its stderr goes (None: discarded).
    pub log: Option<std::path::PathBuf>,
}

/// A running player.
pub struct PlayerProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    answers: Receiver<Answer>,
    /// The last fault, once the player is beyond talking to.
    dead: Option<Fault>,
}

impl PlayerProcess {
    /// Starts the player.
    pub fn start(launch: &Launch) -> Result<PlayerProcess, Fault> {
        let (program, args) = launch
            .argv
            .split_first()
            .ok_or_else(|| Fault::Start("no program given".into()))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let memory = launch.memory_bytes;
        // SAFETY: pre_exec runs in the forked child before exec; setrlimit and setpgid
        // are async-signal-safe and touch nothing of the parent's.
        unsafe {
            use std::os::unix::process::CommandExt;
            command.pre_exec(move || {
                libc::setpgid(0, 0);
                if memory > 0 {
                    let limit = libc::rlimit {
                        rlim_cur: memory as libc::rlim_t,
                        rlim_max: memory as libc::rlim_t,
                    };
                    libc::setrlimit(libc::RLIMIT_AS, &limit);
                }
                Ok(())
            });
        }
        let mut child = command
            .spawn()
            .map_err(|e| Fault::Start(format!("cannot run {program}: {e}")))?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| Fault::Start("no stdout".into()))?;
        if let Some(stderr) = child.stderr.take() {
            let log = launch.log.clone();
            thread::spawn(move || copy_bounded(stderr, log.as_deref()));
        }
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || read_answers(stdout, tx));
        Ok(PlayerProcess {
            child,
            stdin,
            answers: rx,
            dead: None,
        })
    }

    /// Sends `command` and waits at most `timeout` for its answer; the answer's text
    /// on success. After a fault the player is killed and every later command fails
    /// with the same fault.
    pub fn ask(&mut self, command: &str, timeout: Duration) -> Result<String, Fault> {
        let started = Instant::now();
        let result = self.exchange(command, timeout, started);
        if let Err(fault) = &result
            && !matches!(fault, Fault::Refused(_))
        {
            self.kill();
            self.dead = Some(fault.clone());
        }
        result
    }

    fn exchange(
        &mut self,
        command: &str,
        timeout: Duration,
        started: Instant,
    ) -> Result<String, Fault> {
        if let Some(fault) = &self.dead {
            return Err(fault.clone());
        }
        // An answer nobody asked for is a protocol error too.
        if let Ok(answer) = self.answers.try_recv() {
            return Err(self.unasked(answer));
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Fault::Crash("its input is closed".into()));
        };
        if let Err(e) = writeln!(stdin, "{command}").and_then(|_| stdin.flush()) {
            return Err(self.crash_fault(&format!("it stopped reading its input ({e})")));
        }
        match self.answers.recv_timeout(timeout) {
            Ok(Answer::Framed(Ok(text))) => Ok(text),
            Ok(Answer::Framed(Err(message))) => Err(Fault::Refused(message)),
            Ok(Answer::Garbage(line)) => Err(Fault::Protocol(format!(
                "expected \"= ...\" or \"? ...\", got {:?}",
                shorten(&line)
            ))),
            Ok(Answer::Closed(why)) => Err(self.crash_fault(&why)),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout(started.elapsed())),
            Err(RecvTimeoutError::Disconnected) => Err(self.crash_fault("its output closed")),
        }
    }

    fn unasked(&mut self, answer: Answer) -> Fault {
        match answer {
            Answer::Closed(why) => self.crash_fault(&why),
            Answer::Garbage(line) => {
                Fault::Protocol(format!("wrote {:?} when nothing was asked", shorten(&line)))
            }
            Answer::Framed(_) => Fault::Protocol("answered when nothing was asked".into()),
        }
    }

    /// The fault of a player whose output ended: how it exited, if it did.
    fn crash_fault(&mut self, why: &str) -> Fault {
        // Give it a moment to finish dying, to report its exit status.
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Fault::Crash(exit_text(status)),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => return Fault::Crash(why.to_string()),
            }
        }
    }

    /// Ends the game politely: `quit`, a short wait, then the kill.
    pub fn quit(mut self) {
        if self.dead.is_none() {
            let _ = self.exchange("quit", Duration::from_millis(500), Instant::now());
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }

    /// Kills the player and everything in its process group.
    pub fn kill(&mut self) {
        self.stdin = None;
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: signals the process group the child leads (setpgid in start).
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for PlayerProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

/// `exit 3`, or `exit 139` for a death by signal 11, as a shell reports it.
fn exit_text(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit {code}"),
        (None, Some(signal)) => format!("exit {} (signal {signal})", 128 + signal),
        _ => "exit".into(),
    }
}

fn shorten(line: &str) -> String {
    let mut s: String = line.chars().take(60).collect();
    if line.chars().count() > 60 {
        s.push('…');
    }
    s
}

/// The stdout reader: frames answers (a line `=` or `?`, then lines up to an empty
/// one) and passes each on.
fn read_answers(stdout: impl Read, tx: mpsc::Sender<Answer>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    let mut answer: Option<(bool, String)> = None;
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) => {
                let _ = tx.send(Answer::Closed("its output closed".into()));
                return;
            }
            Err(e) => {
                let _ = tx.send(Answer::Closed(format!("reading its output failed: {e}")));
                return;
            }
            Ok(_) => {}
        }
        if line.len() > MAX_LINE {
            let _ = tx.send(Answer::Garbage(format!(
                "a line longer than {MAX_LINE} bytes"
            )));
            return;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        match answer.take() {
            None if text.is_empty() => {} // blank lines between answers
            None => {
                let (ok, rest) = match text.as_bytes().first() {
                    Some(b'=') => (true, &text[1..]),
                    Some(b'?') => (false, &text[1..]),
                    _ => {
                        if tx.send(Answer::Garbage(text.to_string())).is_err() {
                            return;
                        }
                        continue;
                    }
                };
                // GTP allows an id after = or ?; tabula sends none, so any word
                // directly after the sign is the text.
                answer = Some((ok, rest.trim().to_string()));
            }
            Some((ok, body)) if text.is_empty() => {
                let framed = if ok { Ok(body) } else { Err(body) };
                if tx.send(Answer::Framed(framed)).is_err() {
                    return;
                }
            }
            Some((ok, mut body)) => {
                body.push('\n');
                body.push_str(text);
                answer = Some((ok, body));
            }
        }
    }
}

/// Copies a player's stderr to its log, keeping the first [`STDERR_LOG_LIMIT`] bytes
/// and reading (and dropping) the rest, so that the player never blocks on a full pipe.
fn copy_bounded(mut stderr: impl Read, log: Option<&Path>) {
    let mut file = log.and_then(|p| File::create(p).ok());
    let mut kept = 0u64;
    let mut dropped = 0u64;
    let mut buf = [0u8; 8192];
    loop {
        match stderr.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = STDERR_LOG_LIMIT.saturating_sub(kept) as usize;
                let keep = n.min(room);
                if let Some(f) = file.as_mut()
                    && keep > 0
                {
                    let _ = f.write_all(&buf[..keep]);
                }
                kept += keep as u64;
                dropped += (n - keep) as u64;
            }
        }
    }
    // An empty log is no news: leave no file.
    if kept == 0
        && let Some(p) = log
    {
        drop(file.take());
        let _ = std::fs::remove_file(p);
        return;
    }
    if let Some(f) = file.as_mut()
        && dropped > 0
    {
        let _ = writeln!(
            f,
            "\n[tabula: {dropped} more bytes of stderr were dropped after the first {STDERR_LOG_LIMIT}]"
        );
    }
}

/// Reads a log for a short excerpt (its last lines), to show with a crash.
pub fn log_tail(path: &Path, lines: usize) -> io::Result<String> {
    let text = std::fs::read_to_string(path)?;
    let all: Vec<&str> = text.lines().collect();
    Ok(all[all.len().saturating_sub(lines)..].join("\n"))
}

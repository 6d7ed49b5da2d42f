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

use crate::players::sandbox::cgroup::{Feature, Group, Hierarchies, Priority};
use crate::players::sandbox::{Limits, Sandbox, View};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

/// How much of a player's stderr is kept in its log.
pub const STDERR_LOG_LIMIT: u64 = 256 * 1024;

/// The longest answer line the referee reads; longer is a protocol fault.
pub const MAX_LINE: usize = 64 * 1024;
/// The most lines one answer may have (its first line and continuation lines).
pub const MAX_ANSWER_LINES: usize = 256;
/// The most bytes one answer may have in all.
pub const MAX_ANSWER_BYTES: usize = 256 * 1024;
/// The most empty lines in a row the referee reads between answers.
pub const MAX_BLANK_LINES: usize = 1024;

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
    /// It went over one of its limits (its CPU time in the game).
    Limit(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout(d) => write!(f, "timeout: {:.2} s", d.as_secs_f64()),
            Fault::Refused(m) => write!(f, "refused: {m}"),
            Fault::Protocol(m) => write!(f, "protocol: {m}"),
            Fault::Crash(m) => write!(f, "crash: {m}"),
            Fault::Start(m) => write!(f, "start: {m}"),
            Fault::Limit(m) => write!(f, "limit: {m}"),
        }
    }
}

/// The last line a player wrote on stderr, kept while its stderr is copied to its log,
/// to say with a crash what the player last said ("its last words").
#[derive(Default)]
pub(crate) struct LastWords {
    /// The last complete non-empty line, and the line being read (its first bytes).
    lines: std::sync::Mutex<(Vec<u8>, Vec<u8>)>,
    /// Whether its stderr has ended.
    done: std::sync::atomic::AtomicBool,
}

/// The most of a line kept as last words (the terminal shows less).
const LAST_WORDS_BYTES: usize = 1024;

impl LastWords {
    fn take_in(&self, bytes: &[u8]) {
        let Ok(mut lines) = self.lines.lock() else {
            return;
        };
        let (last, current) = &mut *lines;
        for &b in bytes {
            if b == b'\n' {
                if !String::from_utf8_lossy(current).trim().is_empty() {
                    std::mem::swap(last, current);
                }
                current.clear();
            } else if current.len() < LAST_WORDS_BYTES {
                current.push(b);
            }
        }
    }

    fn end(&self) {
        self.take_in(b"\n");
        self.done.store(true, std::sync::atomic::Ordering::Release);
    }

    /// The last line, once stderr has ended (waiting a moment for that).
    fn words(&self) -> Option<String> {
        let deadline = Instant::now() + Duration::from_millis(300);
        while !self.done.load(std::sync::atomic::Ordering::Acquire) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(5));
        }
        let lines = self.lines.lock().ok()?;
        let text = String::from_utf8_lossy(&lines.0).trim().to_string();
        (!text.is_empty()).then_some(text)
    }
}

/// What the stdout reader thread passes on.
enum Answer {
    /// A complete answer: `Ok(text)` for `= text`, `Err(message)` for `? message`.
    Framed(Result<String, String>),
    /// A line that is not the protocol.
    Garbage(String),
    /// Output past one of the bounds, said in words.
    TooLong(String),
    /// End of output (the player exited or closed stdout), or a read error.
    Closed(String),
}

/// How to start a player.
#[derive(Debug, Clone)]
pub struct Launch {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// What it may use: memory, processes, files, CPU.
    pub limits: Limits,
    /// Where its stderr goes (None: discarded).
    pub log: Option<std::path::PathBuf>,
    /// The sandbox it runs in and what it sees there (None: `--no-sandbox`).
    pub sandbox: Option<(Arc<Sandbox>, View)>,
    /// The cores it runs on (empty: any).
    pub cores: Vec<usize>,
    /// Whether it is frozen whenever it is not being asked something, so that it
    /// thinks only on its own time (false: `--ponder`).
    pub freeze_between_commands: bool,
    /// Whose CPU comes first: a graded game's player, or play that grades nothing,
    /// which gets only what graded games leave.
    pub priority: Priority,
}

/// The process that forked a player and alone can wait for it: the player's fork server
/// (`crate::players::forkserver`).
pub trait ForkParent: Send + Sync {
    /// How its child `pid` (the parent's id for it) ended; None while it runs.
    fn status(&self, pid: i32) -> Option<std::process::ExitStatus>;
}

/// A player's process: started for its game, or forked for it by a fork server,
/// whose child it is.
enum Process {
    Spawned(Child),
    Forked {
        template: Arc<dyn ForkParent>,
        /// Its id in the fork server's sandbox, which the fork server knows it by.
        pid: i32,
    },
}

/// A running player.
pub struct PlayerProcess {
    process: Process,
    stdin: Option<File>,
    answers: Receiver<Answer>,
    /// The last fault, once the player is beyond talking to.
    dead: Option<Fault>,
    /// Its control group, where the machine has them.
    group: Option<Group>,
    /// Whether it is frozen between commands.
    freezes: bool,
    memory_bytes: u64,
    /// CPU seconds it may use in the game, all its processes together.
    cpu_seconds: u64,
    /// Whether its process has been waited for (its id may be reused since).
    reaped: bool,
    /// The last line it wrote on stderr.
    last_words: Arc<LastWords>,
    /// The inode of the pipe it answers on, to tell a player that closed its output
    /// from one that thinks (the sandbox's own process keeps the pipe open).
    output_pipe: Option<u64>,
    /// The inode of the pipe it is asked on, likewise for a player that closed its
    /// input and goes on running.
    input_pipe: Option<u64>,
}

impl PlayerProcess {
    /// Starts the player.
    pub fn start(launch: &Launch) -> Result<PlayerProcess, Fault> {
        let (mut child, group) = spawn(launch, Stdio::piped(), Stdio::piped())?;
        let stdin = child
            .stdin
            .take()
            .map(|s| File::from(std::os::fd::OwnedFd::from(s)));
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| Fault::Start("no stdout".into()))?;
        let stderr = child.stderr.take();
        let output_pipe = pipe_inode(&stdout);
        Ok(PlayerProcess::attach(
            Process::Spawned(child),
            stdin,
            output_pipe,
            stdout,
            stderr,
            launch,
            group,
        ))
    }

    /// A player forked by `template` (its id there: `pid`), already in its `group`,
    /// spoken to on `stdin` / `stdout`, its log on `stderr`.
    pub(crate) fn forked(
        template: Arc<dyn ForkParent>,
        pid: i32,
        pipes: (File, File, File),
        launch: &Launch,
        group: Group,
    ) -> PlayerProcess {
        let (stdin, stdout, stderr) = pipes;
        let output_pipe = pipe_inode(&stdout);
        PlayerProcess::attach(
            Process::Forked { template, pid },
            Some(stdin),
            output_pipe,
            stdout,
            Some(stderr),
            launch,
            Some(group),
        )
    }

    /// Reads the answers and copies the log of a player just started.
    #[allow(clippy::too_many_arguments)]
    fn attach(
        process: Process,
        stdin: Option<File>,
        output_pipe: Option<u64>,
        stdout: impl Read + Send + 'static,
        stderr: Option<impl Read + Send + 'static>,
        launch: &Launch,
        group: Option<Group>,
    ) -> PlayerProcess {
        let last_words = Arc::new(LastWords::default());
        if let Some(stderr) = stderr {
            let log = launch.log.clone();
            let words = last_words.clone();
            thread::spawn(move || copy_bounded(stderr, log.as_deref(), Some(&*words)));
        } else {
            last_words.end();
        }
        // A few answers at most wait in line: a player that writes without being
        // asked fills its pipe and blocks, instead of the referee's memory.
        let (tx, rx) = mpsc::sync_channel(4);
        thread::spawn(move || read_answers(stdout, tx));
        let freezes = launch.freeze_between_commands
            && group
                .as_ref()
                .is_some_and(|g| Hierarchies::detect().has(Feature::Freeze) && g.thaw());
        let input_pipe = stdin.as_ref().and_then(pipe_inode);
        PlayerProcess {
            process,
            stdin,
            answers: rx,
            dead: None,
            group,
            freezes,
            memory_bytes: launch.limits.memory_bytes,
            cpu_seconds: launch.limits.cpu_seconds,
            reaped: false,
            last_words,
            output_pipe,
            input_pipe,
        }
    }

    /// Whether a fork server forked it (loaded before its game), rather than it was
    /// started for its game.
    pub fn is_forked(&self) -> bool {
        matches!(self.process, Process::Forked { .. })
    }

    /// The CPU time the player (all its processes) has used, where it can be measured.
    pub fn cpu_time(&self) -> Option<Duration> {
        self.group.as_ref().and_then(Group::cpu_time)
    }

    /// The ids of the player's processes (outside any sandbox), where they can be
    /// listed (a control group).
    pub fn pids(&self) -> Vec<i32> {
        self.group.as_ref().map(Group::pids).unwrap_or_default()
    }

    /// Sends `command` and waits at most `timeout` for its answer; the answer's text
    /// on success. After a fault the player is killed and every later command fails
    /// with the same fault.
    pub fn ask(&mut self, command: &str, timeout: Duration) -> Result<String, Fault> {
        let started = Instant::now();
        self.thaw();
        let mut result = self.exchange(command, timeout, started);
        // All its processes together, over the whole game: RLIMIT_CPU counts each
        // process on its own.
        if result.is_ok()
            && let Some(used) = self.cpu_time()
            && used.as_secs() >= self.cpu_seconds
        {
            result = Err(Fault::Limit(format!(
                "used {} s of CPU time in this game, its limit is {} s",
                used.as_secs(),
                self.cpu_seconds
            )));
        }
        if let Err(fault) = &result
            && !matches!(fault, Fault::Refused(_))
        {
            self.kill();
            self.dead = Some(fault.clone());
        }
        self.freeze();
        result
    }

    /// Stops the player where it stands, while it is not its turn.
    fn freeze(&self) {
        if self.freezes
            && let Some(group) = &self.group
        {
            group.freeze();
        }
    }

    fn thaw(&self) {
        if self.freezes
            && let Some(group) = &self.group
        {
            group.thaw();
        }
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
        let mut line = String::with_capacity(command.len() + 1);
        line.push_str(command);
        line.push('\n');
        if let Err(e) = write_without_sigpipe(stdin, line.as_bytes()) {
            let why = if e.kind() == io::ErrorKind::BrokenPipe {
                "closed its input".to_string()
            } else {
                format!("it stopped reading its input ({e})")
            };
            return Err(self.crash_fault(&why));
        }
        match self.answers.recv_timeout(timeout) {
            Ok(Answer::Framed(Ok(text))) => Ok(text),
            Ok(Answer::Framed(Err(message))) => Err(Fault::Refused(message)),
            Ok(Answer::Garbage(line)) => Err(Fault::Protocol(format!(
                "expected \"= ...\" or \"? ...\", got {:?}",
                shorten(&line)
            ))),
            Ok(Answer::TooLong(what)) => Err(Fault::Protocol(what)),
            Ok(Answer::Closed(why)) => Err(self.crash_fault(&why)),
            Err(RecvTimeoutError::Timeout) if self.closed_its_output() => {
                Err(self.crash_fault("closed its output"))
            }
            Err(RecvTimeoutError::Timeout) if self.closed_its_input() => {
                Err(self.crash_fault("closed its input"))
            }
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout(started.elapsed())),
            Err(RecvTimeoutError::Disconnected) => Err(self.crash_fault("closed its output")),
        }
    }

    fn unasked(&mut self, answer: Answer) -> Fault {
        match answer {
            Answer::Closed(why) => self.crash_fault(&why),
            Answer::Garbage(line) => {
                Fault::Protocol(format!("wrote {:?} when nothing was asked", shorten(&line)))
            }
            Answer::Framed(_) => Fault::Protocol("answered when nothing was asked".into()),
            Answer::TooLong(what) => Fault::Protocol(what),
        }
    }

    /// Whether none of the player's own processes holds the pipe it answers on any
    /// more (the sandbox's processes, `bwrap`, hold it for as long as they live), while
    /// some still run: it closed its output and went on. Needs its control group, to
    /// list its processes.
    fn closed_its_output(&self) -> bool {
        self.let_go_of(self.output_pipe)
    }

    /// Whether none of the player's own processes holds the pipe it is asked on any
    /// more, while some still run: it closed its input and went on (its answer will
    /// never come).
    fn closed_its_input(&self) -> bool {
        self.let_go_of(self.input_pipe)
    }

    /// Whether some of the player's own processes run (not the sandbox's, `bwrap`)
    /// and none of them holds `pipe`. Needs its control group, to list its processes.
    fn let_go_of(&self, pipe: Option<u64>) -> bool {
        let (Some(pipe), Some(group)) = (pipe, &self.group) else {
            return false;
        };
        let wanted = format!("pipe:[{pipe}]");
        let mut players = 0;
        for pid in group.pids() {
            let proc_dir = std::path::PathBuf::from(format!("/proc/{pid}"));
            let comm = std::fs::read_to_string(proc_dir.join("comm")).unwrap_or_default();
            if comm.trim() == "bwrap" {
                continue;
            }
            players += 1;
            let Ok(fds) = std::fs::read_dir(proc_dir.join("fd")) else {
                return false; // cannot tell: not closed
            };
            for fd in fds.flatten() {
                if std::fs::read_link(fd.path()).is_ok_and(|l| l.as_os_str() == wanted.as_str()) {
                    return false;
                }
            }
        }
        players > 0
    }

    /// The fault of a player whose output ended: how it exited, if it did, and its
    /// last words on stderr.
    fn crash_fault(&mut self, why: &str) -> Fault {
        let fault = self.crash_reason(why);
        match (fault, self.last_words.words()) {
            (Fault::Crash(how), Some(words)) => Fault::Crash(format!(
                "{how} (its last words: \"{}\")",
                crate::players::untrusted::shown(&words)
            )),
            (fault, _) => fault,
        }
    }

    fn crash_reason(&mut self, why: &str) -> Fault {
        // Give it a moment to finish dying, to report its exit status.
        let deadline = Instant::now() + Duration::from_millis(500);
        let status = loop {
            match self.exit_status() {
                Some(status) => break Some(status),
                None if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                None => break None,
            }
        };
        if self.group.as_ref().is_some_and(Group::out_of_memory) {
            return Fault::Crash(format!(
                "killed for using more than its {} of memory",
                size_text(self.memory_bytes)
            ));
        }
        match status {
            // A sandboxed player's exit status comes through bwrap, as it exited.
            Some(status) => Fault::Crash(exit_text(status)),
            None => Fault::Crash(why.to_string()),
        }
    }

    /// Ends the game politely: `quit`, a short wait, then the kill (of everything it
    /// started, too).
    pub fn quit(mut self) {
        if self.dead.is_none() {
            self.thaw();
            let _ = self.exchange("quit", Duration::from_millis(500), Instant::now());
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if self.exit_status().is_some() {
                    break;
                }
                thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }

    /// How the player's process exited, if it has, without reaping it: while it is
    /// not reaped its process id (and so its process group's) cannot be reused, so
    /// [`kill`](Self::kill) can still signal the group safely.
    fn exit_status(&self) -> Option<std::process::ExitStatus> {
        use std::os::unix::process::ExitStatusExt;
        if self.reaped {
            return None;
        }
        let child = match &self.process {
            Process::Spawned(child) => child,
            Process::Forked { template, pid } => return template.status(*pid),
        };
        let pid = libc::id_t::try_from(child.id()).ok()?;
        // SAFETY: waitid on our own child, with WNOWAIT: it stays a zombie.
        let info = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let done = libc::waitid(
                libc::P_PID,
                pid,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            if done != 0 || info.si_pid() == 0 {
                return None;
            }
            info
        };
        // SAFETY: si_status is set for a child that exited (checked above).
        let status = unsafe { info.si_status() };
        Some(match info.si_code {
            libc::CLD_EXITED => std::process::ExitStatus::from_raw((status & 0xff) << 8),
            libc::CLD_DUMPED => std::process::ExitStatus::from_raw((status & 0x7f) | 0x80),
            _ => std::process::ExitStatus::from_raw(status & 0x7f),
        })
    }

    /// Kills the player and everything it started: its control group, its process
    /// group, and (through bwrap's PID namespace) whatever left both.
    pub fn kill(&mut self) {
        self.stdin = None;
        if let Some(group) = &self.group {
            group.thaw();
            group.kill_all();
        }
        if self.reaped {
            return;
        }
        // A forked player is its fork server's child, in a group of its own: the
        // group's kill above is its end, and the fork server reaps it.
        if let Process::Spawned(child) = &mut self.process {
            if let Ok(pid) = i32::try_from(child.id()) {
                // SAFETY: signals the process group the child leads (setpgid in
                // spawn); the child is not reaped yet, so the id is still its.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        self.reaped = true;
    }
}

/// Marks every descriptor from `first` on close-on-exec, so that no program this
/// process starts inherits it: only stdin, stdout and stderr cross into a player
/// (tabula may itself be started with others open: cron, CI runners, make's jobserver,
/// a shell's `7<secret`). `close_range(2)`, or one `fcntl` a descriptor where the
/// kernel is older. Only system calls: safe between fork and exec.
pub fn close_on_exec_from(first: libc::c_int) {
    // SAFETY: close_range with CLOSE_RANGE_CLOEXEC only sets a flag on this process's
    // own descriptors.
    let done = unsafe {
        libc::syscall(
            libc::SYS_close_range,
            first as libc::c_uint,
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        )
    } == 0;
    if !done {
        // SAFETY: getrlimit into a local; fcntl on descriptor numbers (EBADF for the
        // ones not open).
        unsafe {
            let mut l = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::getrlimit(libc::RLIMIT_NOFILE, &mut l);
            let last = l.rlim_cur.min(1 << 16) as libc::c_int;
            for fd in first..last {
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
        }
    }
}

/// Spawns `launch`'s program, in its control group and sandbox, under its limits,
/// with the given standard input and output (its stderr piped); the group, where the
/// machine has them.
pub(crate) fn spawn(
    launch: &Launch,
    stdin: Stdio,
    stdout: Stdio,
) -> Result<(Child, Option<Group>), Fault> {
    if launch.argv.is_empty() {
        return Err(Fault::Start("no program given".into()));
    }
    let limits = launch.limits;
    let group = Hierarchies::detect().create(
        limits.memory_bytes,
        limits.processes,
        &launch.cores,
        launch.priority,
    );
    let idle = launch.priority == Priority::Casual;
    let (argv, drop_to, seccomp, options) = match &launch.sandbox {
        Some((sandbox, view)) => {
            let prepared = sandbox
                .command(&launch.argv, view, &limits)
                .map_err(|e| Fault::Start(e.to_string()))?;
            (
                prepared.argv,
                prepared.drop_to,
                prepared.seccomp,
                Some(prepared.args),
            )
        }
        None => (launch.argv.clone(), None, None, None),
    };
    // bwrap's seccomp filter and its options, read by it and left open across the exec.
    let kept_fds: Vec<i32> = seccomp
        .iter()
        .chain(options.iter())
        .map(|fd| fd.as_raw_fd())
        .collect();
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| Fault::Start("no program given".into()))?;
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped());
    if launch.sandbox.is_some() {
        // bwrap's own process is the sandbox's PID 1, whose environment the player
        // can read in /proc/1/environ: give it none of ours.
        command.env_clear();
    }
    let procs: Vec<File> = group.as_ref().map(Group::procs_files).unwrap_or_default();
    let procs_fds: Vec<i32> = procs.iter().map(|f| f.as_raw_fd()).collect();
    let caps_memory = group.as_ref().is_some_and(Group::caps_memory);
    let caps_processes = group.as_ref().is_some_and(Group::caps_processes);
    let pinned = group.as_ref().is_some_and(Group::pins_cores);
    // SAFETY: cpu_set_t is a plain bit array; all zeros is the empty set.
    let mut cpu_set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    for core in &launch.cores {
        if *core < libc::CPU_SETSIZE as usize {
            // SAFETY: the index is within the set's size, checked above.
            unsafe { libc::CPU_SET(*core, &mut cpu_set) };
        }
    }
    let set_affinity = !launch.cores.is_empty() && !pinned;
    let cores_empty = launch.cores.is_empty();
    // SAFETY: pre_exec runs in the forked child before exec and only makes system
    // calls (write, setrlimit, setpgid, sched_setaffinity, sched_setscheduler,
    // setgroups, setgid, setuid) on values prepared before the fork: nothing
    // allocates or locks.
    unsafe {
        use std::os::unix::process::CommandExt;
        command.pre_exec(move || {
            // Into its control groups first, while still allowed to, so that
            // whatever it starts is born inside them.
            let mut joined = true;
            for fd in &procs_fds {
                joined &= libc::write(*fd, b"0".as_ptr().cast(), 1) == 1;
            }
            // A group it could not join caps nothing: the limits stand in.
            let caps_memory = caps_memory && joined;
            let caps_processes = caps_processes && joined;
            // Nothing but its standard descriptors crosses into the player (bwrap
            // reads its seccomp filter and its options from two more, and closes them).
            close_on_exec_from(3);
            for fd in &kept_fds {
                libc::fcntl(*fd, libc::F_SETFD, 0);
            }
            let set_affinity = set_affinity || (!joined && !cores_empty);
            libc::setpgid(0, 0);
            let limit = |resource, value: u64| {
                let l = libc::rlimit {
                    rlim_cur: value as libc::rlim_t,
                    rlim_max: value as libc::rlim_t,
                };
                libc::setrlimit(resource, &l);
            };
            if limits.memory_bytes > 0 && !caps_memory {
                limit(libc::RLIMIT_AS, limits.memory_bytes);
            }
            limit(libc::RLIMIT_FSIZE, limits.file_bytes);
            limit(libc::RLIMIT_NOFILE, limits.open_files);
            limit(libc::RLIMIT_CPU, limits.cpu_seconds);
            if set_affinity {
                libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &cpu_set);
            }
            if idle {
                // Inherited by all it starts; an unprivileged process cannot leave it.
                let param = libc::sched_param { sched_priority: 0 };
                libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
            }
            if let Some(uid) = drop_to {
                if !caps_processes {
                    // Weaker than a group: counted over every process of the user.
                    limit(libc::RLIMIT_NPROC, limits.processes.saturating_mul(16));
                }
                if libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(uid) != 0
                    || libc::setuid(uid) != 0
                {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let child = command
        .spawn()
        .map_err(|e| Fault::Start(format!("cannot run {program}: {e}")))?;
    drop(procs);
    drop((seccomp, options));
    Ok((child, group))
}

impl Drop for PlayerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Writes all of `bytes` to a player's input with SIGPIPE blocked in this thread, so
/// that a player that has gone away is an error to report (`EPIPE`), not a signal that
/// ends the referee. The pending SIGPIPE is taken off before the signal is unblocked.
fn write_without_sigpipe(stdin: &mut File, bytes: &[u8]) -> io::Result<()> {
    // SAFETY: sigset manipulation on local values and this thread's own mask.
    unsafe {
        let mut pipe: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        let mut pending: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut pipe);
        libc::sigaddset(&mut pipe, libc::SIGPIPE);
        libc::sigpending(&mut pending);
        let was_pending = libc::sigismember(&pending, libc::SIGPIPE) == 1;
        libc::pthread_sigmask(libc::SIG_BLOCK, &pipe, &mut old);
        let result = stdin.write_all(bytes).and_then(|_| stdin.flush());
        if result.is_err() && !was_pending {
            let zero = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            libc::sigtimedwait(&pipe, std::ptr::null_mut(), &zero);
        }
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        result
    }
}

/// The inode of the pipe `end` is an end of.
fn pipe_inode(end: &impl AsRawFd) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: borrows the descriptor for an fstat; ManuallyDrop keeps it open.
    let file = std::mem::ManuallyDrop::new(unsafe {
        <File as std::os::fd::FromRawFd>::from_raw_fd(end.as_raw_fd())
    });
    file.metadata().ok().map(|m| m.ino())
}

/// `1 GiB`, `512 MiB`: a size as people say it.
pub fn size_text(bytes: u64) -> String {
    const GIB: u64 = 1 << 30;
    const MIB: u64 = 1 << 20;
    if bytes >= GIB && bytes.is_multiple_of(GIB) {
        format!("{} GiB", bytes / GIB)
    } else if bytes >= MIB {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// `exit 3`, or `exit 139` for a death by signal 11, as a shell reports it.
fn exit_text(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    // SIGSYS: the sandbox's seccomp filter ended it (bwrap reports it as 128 + 31).
    let denied = "a system call the sandbox denies, see docs/security.md";
    match (status.code(), status.signal()) {
        (Some(159), _) => format!("exit 159 (signal 31, SIGSYS: {denied})"),
        (None, Some(31)) => format!("exit 159 (signal 31, SIGSYS: {denied})"),
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
/// one) and passes each on. Everything it keeps is bounded (a line, an answer, blank
/// lines); at the first thing that is not the protocol it reports it and stops
/// reading, since the player has lost by then.
fn read_answers(stdout: impl Read, tx: SyncSender<Answer>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    let mut answer: Option<(bool, String, usize)> = None;
    let mut blanks = 0usize;
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) => {
                let _ = tx.send(Answer::Closed("closed its output".into()));
                return;
            }
            Err(e) => {
                let _ = tx.send(Answer::Closed(format!("reading its output failed: {e}")));
                return;
            }
            Ok(_) => {}
        }
        if line.len() > MAX_LINE {
            let _ = tx.send(Answer::TooLong(format!(
                "wrote a line longer than {} KiB",
                MAX_LINE / 1024
            )));
            return;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        match answer.take() {
            None if text.is_empty() => {
                blanks += 1;
                if blanks > MAX_BLANK_LINES {
                    let _ = tx.send(Answer::TooLong(format!(
                        "wrote more than {MAX_BLANK_LINES} empty lines in a row"
                    )));
                    return;
                }
            }
            None => {
                blanks = 0;
                let (ok, rest) = match text.as_bytes().first() {
                    Some(b'=') => (true, &text[1..]),
                    Some(b'?') => (false, &text[1..]),
                    _ => {
                        let _ = tx.send(Answer::Garbage(text.to_string()));
                        return;
                    }
                };
                // GTP allows an id after = or ?; tabula sends none, so any word
                // directly after the sign is the text.
                answer = Some((ok, rest.trim().to_string(), 1));
            }
            Some((ok, body, _)) if text.is_empty() => {
                let framed = if ok { Ok(body) } else { Err(body) };
                if tx.send(Answer::Framed(framed)).is_err() {
                    return;
                }
            }
            Some((ok, mut body, lines)) => {
                if lines + 1 >= MAX_ANSWER_LINES || body.len() + text.len() >= MAX_ANSWER_BYTES {
                    let _ = tx.send(Answer::TooLong(format!(
                        "an answer longer than {MAX_ANSWER_LINES} lines or {} KiB (no empty line to end it?)",
                        MAX_ANSWER_BYTES / 1024
                    )));
                    return;
                }
                body.push('\n');
                body.push_str(text);
                answer = Some((ok, body, lines + 1));
            }
        }
    }
}

/// Copies a player's stderr to its log, keeping the first [`STDERR_LOG_LIMIT`] bytes
/// and reading (and dropping) the rest, so that the player never blocks on a full pipe.
pub(crate) fn copy_bounded(mut stderr: impl Read, log: Option<&Path>, words: Option<&LastWords>) {
    let mut file = log.and_then(|p| File::create(p).ok());
    let mut kept = 0u64;
    let mut dropped = 0u64;
    let mut buf = [0u8; 8192];
    loop {
        match stderr.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                if let Some(words) = words {
                    words.take_in(&buf[..n]);
                }
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
    if let Some(words) = words {
        words.end();
    }
    // An empty log is no news: leave no file (unless the referee wrote in it).
    if kept == 0
        && let Some(p) = log
    {
        drop(file.take());
        if std::fs::metadata(p).is_ok_and(|m| m.len() == 0) {
            let _ = std::fs::remove_file(p);
        }
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

//! The fork server's own side: `tabula serve GAME SPEC --fork-server` loads the rules
//! and the player once, then waits on its control socket (standard input when it
//! starts) for the referee's requests, and forks a copy of itself, everything loaded,
//! for each game.
//!
//! Loading runs the player's own code (a file's directives): before it starts, the
//! control socket is moved to a descriptor closed in every program the player may
//! start, standard input becomes `/dev/null`, and the process becomes undumpable (no
//! process of the player's may read or write its memory through `/proc`). Once
//! loaded, it first says `loaded` on the socket, or `? WHY` when the player did not
//! load or left a process of its own running (the referee then starts that player
//! afresh for each game, in the game's own sandbox).
//!
//! The requests, one line each (see the module above for the referee's side):
//!
//! * `fork SEED`, with four descriptors passed along (`SCM_RIGHTS`): the game's
//!   commands (read end), its answers (write end), its log (write end), and a
//!   handshake socket. Answered `forked PID` (the child's id in the sandbox) or
//!   `? MESSAGE`. In a sandbox, the child gives its game mounts of its own and a PID
//!   namespace of its own, whose first process serves the game (the child waits for it
//!   and ends as it ended). The process that serves tells the referee who it is on the
//!   handshake socket (the kernel adds its process id as the referee sees it) and
//!   waits for a `g` before it serves a thing: by then the referee has put it in the
//!   game's control group.
//! * `status PID`: how the child with that id ended: `running` (not yet, or not
//!   known), `exited CODE` or `signal N`.
//!
//! It ends at the end of its input: the referee closed the socket.

use super::ForkError;
use crate::game::GameError;
use crate::players::serve::{Loaded, serve_loaded};
use nix::sys::socket::{ControlMessageOwned, MsgFlags, recvmsg};
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs::File;
use std::io::{IoSliceMut, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::Duration;

/// The player every child serves: loaded once, before the first fork, and never
/// changed after (a child finds it at the same address, in its copy of the memory).
static LOADED: OnceLock<Loaded> = OnceLock::new();

/// The longest request line read.
const MAX_REQUEST: usize = 256;
/// The most ended children whose status is kept, waiting to be asked.
const MAX_STATUSES: usize = 4096;

/// Moves the control socket (standard input) to a descriptor of its own that no
/// program started from here inherits, puts `/dev/null` on standard input, and makes
/// this process undumpable: what the player's file starts while it loads can neither
/// speak to the referee in the fork server's name nor reach its memory.
pub fn hide_control_socket() -> Result<OwnedFd, ForkError> {
    // SAFETY: fcntl, open and dup2 on this process's own descriptors; the new
    // descriptor is owned by the OwnedFd returned.
    unsafe {
        let control = libc::fcntl(0, libc::F_DUPFD_CLOEXEC, 3);
        if control < 0 {
            return Err(ForkError::last_os("moving the control socket"));
        }
        let control = OwnedFd::from_raw_fd(control);
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC);
        if null < 0 || libc::dup2(null, 0) != 0 {
            return Err(ForkError::last_os("opening /dev/null"));
        }
        libc::close(null);
        if libc::prctl(libc::PR_SET_DUMPABLE, 0 as libc::c_ulong, 0, 0, 0) != 0 {
            return Err(ForkError::last_os("making the fork server undumpable"));
        }
        Ok(control)
    }
}

/// Tells the referee, as the fork server's first line, why it serves nothing.
pub fn refuse(control: OwnedFd, why: &str) {
    let line: String = why
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_REFUSAL)
        .collect();
    let mut control = File::from(control);
    let _ = control.write_all(format!("? {line}\n").as_bytes());
}

/// The most characters of a refusal sent.
const MAX_REFUSAL: usize = 2000;

/// The processes of this sandbox besides its first (bubblewrap's) and this one: what
/// the player's file started while it loaded and left running, as `PID NAME`. Only
/// in a sandbox of its own (a PID namespace where this process is the second).
fn others_running() -> Vec<String> {
    let me = std::process::id();
    std::fs::read_dir("/proc")
        .map(|dir| {
            dir.flatten()
                .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
                .filter(|pid| *pid != 1 && *pid != me)
                .map(|pid| {
                    let name =
                        std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
                    format!("{pid} {}", name.trim())
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Serves fork requests on `control` until it closes. `scratch`: the sandbox's
/// own scratch folder, emptied of what the games left there whenever no game is in
/// progress, so that a game finds it as a fresh start would. `game_scratch_bytes`:
/// each child gets a mount namespace of its own instead, with fresh, empty `/tmp`
/// and `/dev/shm` of that size (see [`own_mounts`]).
pub fn run(
    loaded: Loaded,
    control: OwnedFd,
    scratch: Option<&Path>,
    game_scratch_bytes: Option<u64>,
) -> Result<(), GameError> {
    if LOADED.set(loaded).is_err() {
        return Err(GameError::Usage("the fork server started twice".into()));
    }
    let Some(loaded) = LOADED.get() else {
        return Err(GameError::Usage("the fork server lost its player".into()));
    };
    let reaper = Arc::new(Reaper::default());
    {
        let reaper = reaper.clone();
        std::thread::Builder::new()
            .name("reaper".into())
            .spawn(move || reaper.run())
            .map_err(|e| GameError::Usage(format!("cannot start the fork server: {e}")))?;
    }
    // What the player builds on its first move is built once, here, for every game
    // forked from it (a failure leaves that to the games, as without a fork server).
    let prepared = crate::engine::timing::timed("player prepared", || {
        loaded.spec().prepare_in(loaded.rules())
    });
    if let Err(e) = prepared {
        eprintln!("tabula: the fork server could not prepare its player: {e}");
    }
    // Nothing of the player's may run beside the fork server: what its file started
    // while it loaded would be outside every game's control group, never frozen,
    // never killed with a game. (In a sandbox of its own, where this is the
    // sandbox's second process; the referee checks its group from outside too.)
    if game_scratch_bytes.is_some() {
        let others = others_running();
        if !others.is_empty() {
            let why = format!(
                "the player left {} process{} running after it loaded ({}): a fork server serves \
                 only a player that starts nothing while it loads",
                others.len(),
                if others.len() == 1 { "" } else { "es" },
                others.join(", ")
            );
            // The referee says it in the player's log.
            refuse(control, &why);
            return Ok(());
        }
    }
    // What loading left in the scratch folder stays: a fresh start would find it.
    let loaded_files: Vec<OsString> = scratch.map(entries).unwrap_or_default();
    let control_fd = control.as_raw_fd();
    let mut control = File::from(control);
    if control.write_all(b"loaded\n").is_err() {
        return Ok(());
    }
    let mut pending: Vec<u8> = Vec::new();
    loop {
        let Some((line, fds)) = read_request(control_fd, &mut pending)? else {
            return Ok(());
        };
        let mut words = line.split_whitespace();
        let reply = match (words.next(), words.next()) {
            (Some("fork"), Some(seed)) if fds.len() == 4 => match seed.parse::<u64>() {
                Ok(seed) => {
                    if let Some(dir) = scratch
                        && game_scratch_bytes.is_none()
                        && reaper.reap_all() == 0
                    {
                        empty_scratch(dir, &loaded_files);
                    }
                    match loaded
                        .rules()
                        .engine()
                        .fork(Box::new(move || child(fds, seed, game_scratch_bytes)))
                    {
                        Ok(pid) => {
                            reaper.forked();
                            format!("forked {pid}")
                        }
                        Err(e) => format!("? {e}"),
                    }
                }
                Err(_) => format!("? not a seed: {seed:?}"),
            },
            (Some("status"), Some(pid)) => match pid.parse::<i32>() {
                Ok(pid) => reaper.status(pid),
                Err(_) => format!("? not a process id: {pid:?}"),
            },
            _ => format!(
                "? not a request: {:?}",
                line.chars().take(40).collect::<String>()
            ),
        };
        if control.write_all(format!("{reply}\n").as_bytes()).is_err() {
            return Ok(());
        }
    }
}

/// Removes from `dir` everything but the names in `keep`.
fn empty_scratch(dir: &Path, keep: &[OsString]) {
    for name in entries(dir) {
        if !keep.contains(&name) {
            let path = dir.join(&name);
            let _ = std::fs::remove_dir_all(&path).or_else(|_| std::fs::remove_file(&path));
        }
    }
}

/// The names in a folder.
fn entries(dir: &Path) -> Vec<OsString> {
    std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default()
}

/// Reads one request line and the descriptors that came with it; None at the end of
/// input.
fn read_request(
    fd: RawFd,
    pending: &mut Vec<u8>,
) -> Result<Option<(String, Vec<OwnedFd>)>, GameError> {
    let mut fds = Vec::new();
    loop {
        if let Some(end) = pending.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            return Ok(Some((
                String::from_utf8_lossy(&line).trim().to_string(),
                fds,
            )));
        }
        if pending.len() > MAX_REQUEST {
            return Err(GameError::Usage("a fork request longer than a line".into()));
        }
        let mut buf = [0u8; MAX_REQUEST];
        let mut space = nix::cmsg_space!([RawFd; 4]);
        let mut iov = [IoSliceMut::new(&mut buf)];
        let (bytes, received) =
            match recvmsg::<()>(fd, &mut iov, Some(&mut space), MsgFlags::MSG_CMSG_CLOEXEC) {
                Ok(msg) => {
                    let mut received = Vec::new();
                    if let Ok(cmsgs) = msg.cmsgs() {
                        for cmsg in cmsgs {
                            if let ControlMessageOwned::ScmRights(raw) = cmsg {
                                received.extend(raw);
                            }
                        }
                    }
                    (msg.bytes, received)
                }
                Err(nix::errno::Errno::EINTR) => continue,
                Err(e) => return Err(GameError::Usage(format!("reading a fork request: {e}"))),
            };
        for raw in received {
            // SAFETY: the kernel just gave this process these descriptors.
            fds.push(unsafe { OwnedFd::from_raw_fd(raw) });
        }
        if bytes == 0 {
            return Ok(None);
        }
        pending.extend_from_slice(&buf[..bytes]);
    }
}

/// A forked child, on the engine's thread (its only one): takes the game's descriptors
/// as its standard ones (and closes every other), gets a sandbox of its own when asked
/// (mounts, and a PID namespace whose first process goes on from here), waits for the
/// referee's go, and serves the game on them. It ends the process.
fn child(fds: Vec<OwnedFd>, seed: u64, game_scratch_bytes: Option<u64>) {
    let mut fds = fds.into_iter();
    let (Some(input), Some(output), Some(log), Some(handshake)) =
        (fds.next(), fds.next(), fds.next(), fds.next())
    else {
        std::process::exit(70);
    };
    // SAFETY: dup2 onto the standard descriptors (the control socket, which was
    // descriptor 0, is closed by it in this child); the originals are dropped below.
    let moved = unsafe {
        libc::dup2(input.as_raw_fd(), 0) == 0
            && libc::dup2(log.as_raw_fd(), 1) == 1
            && libc::dup2(log.as_raw_fd(), 2) == 2
    };
    drop(input);
    drop(log);
    if !moved {
        std::process::exit(70);
    }
    // Nothing of the fork server's crosses into the game: no descriptor but the
    // game's own.
    close_all_but(&[0, 1, 2, output.as_raw_fd(), handshake.as_raw_fd()]);
    if let Some(bytes) = game_scratch_bytes
        && let Err(why) = own_sandbox(bytes)
    {
        eprintln!("tabula serve: no sandbox of its own for the game: {why}");
        std::process::exit(70);
    }
    let mut handshake = UnixStream::from(handshake);
    let mut go = [0u8; 1];
    let told =
        handshake.write_all(b"c").is_ok() && handshake.read_exact(&mut go).is_ok() && go == *b"g";
    drop(handshake);
    if !told {
        std::process::exit(0);
    }
    let Some(loaded) = LOADED.get() else {
        std::process::exit(70);
    };
    let stdin = std::io::stdin();
    let mut commands = stdin.lock();
    let mut answers = File::from(output);
    match serve_loaded(loaded, seed, &mut commands, &mut answers) {
        Ok(()) => std::process::exit(0),
        Err(e) => {
            eprintln!("tabula serve: {e}");
            std::process::exit(2);
        }
    }
}

/// Closes every descriptor of this process but `keep`.
fn close_all_but(keep: &[RawFd]) {
    let open: Vec<RawFd> = match std::fs::read_dir("/proc/self/fd") {
        Ok(dir) => dir
            .flatten()
            .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse().ok()))
            .collect(),
        Err(_) => (0..1024).collect(),
    };
    for fd in open {
        if !keep.contains(&fd) {
            // SAFETY: closes a descriptor of this (forked, single-threaded) process
            // that nothing here uses again; the process ends without dropping them.
            unsafe { libc::close(fd) };
        }
    }
}

/// `CAP_SYS_ADMIN`'s bit in a capability set.
const SYS_ADMIN: u32 = 1 << 21; // CAP_SYS_ADMIN

#[repr(C)]
struct CapHeader {
    version: u32,
    pid: libc::c_int,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
struct CapData {
    effective: u32,
    permitted: u32,
    inheritable: u32,
}

/// Sets this thread's capabilities (the first 32; the others are never held here).
fn set_capabilities(effective: u32, permitted: u32) -> Result<(), ForkError> {
    let header = CapHeader {
        version: 0x2008_0522, // _LINUX_CAPABILITY_VERSION_3
        pid: 0,
    };
    let data = [
        CapData {
            effective,
            permitted,
            inheritable: 0,
        },
        CapData::default(),
    ];
    // SAFETY: capset with a version-3 header and its two data words.
    let done =
        unsafe { libc::syscall(libc::SYS_capset, &header as *const CapHeader, data.as_ptr()) };
    if done != 0 {
        return Err(ForkError::last_os("capset"));
    }
    Ok(())
}

/// The fork server's first step, before a thing of the player's is loaded: of the
/// capabilities its sandbox gave it (`CAP_SYS_ADMIN` in its own user namespace, see
/// `sandbox::View::forks_games`), it keeps only the permitted one, which a forked
/// child raises to give its game mounts of its own, then drops. Neither the fork
/// server's code nor anything it starts holds it in effect.
pub fn keep_mount_capability_for_children() -> Result<(), ForkError> {
    // SAFETY: prctl on this process's own ambient set.
    unsafe {
        // PR_CAP_AMBIENT (47), PR_CAP_AMBIENT_CLEAR_ALL (4).
        let (clear_all, zero): (libc::c_ulong, libc::c_ulong) = (4, 0);
        libc::prctl(47, clear_all, zero, zero, zero);
    }
    set_capabilities(0, SYS_ADMIN)
}

/// Gives this forked child a sandbox of its own for its game: its mounts
/// ([`own_mounts`]), then a PID namespace of its own, whose first process returns from
/// here to serve the game while this one waits for it and ends as it ended (a game
/// neither sees nor signals the fork server, another game's processes or the number
/// they reached, `/proc/sys/kernel/ns_last_pid`); then every capability goes and the
/// sandbox's whole seccomp filter is installed.
fn own_sandbox(bytes: u64) -> Result<(), ForkError> {
    own_mounts(bytes)?;
    own_pid_namespace()?;
    set_capabilities(0, 0)?;
    // The sandbox's whole seccomp filter: its mounts made, the child needs them no more.
    Ok(crate::players::sandbox::install_seccomp()?)
}

/// Makes a PID namespace and forks its first process, which returns `Ok` with a
/// `/proc` of its namespace. This process (the fork server's child, single-threaded)
/// closes every descriptor, so that only the game holds the game's pipes, and waits
/// for it: it exits with its code, or ends by its signal, which is what the fork
/// server reports (`status`). It never returns.
fn own_pid_namespace() -> Result<(), ForkError> {
    // SAFETY: unshare, fork, mount, waitpid and signals in a single-threaded process
    // (a fork server's child); the parent below never returns to Rust code that could
    // hold a lock.
    unsafe {
        if libc::unshare(libc::CLONE_NEWPID) != 0 {
            return Err(ForkError::last_os("a PID namespace"));
        }
        let pid = libc::fork();
        if pid < 0 {
            return Err(ForkError::last_os("forking the game's first process"));
        }
        if pid == 0 {
            // A session and process group of its own: the fork server's group is
            // reachable by its number from nowhere in this namespace, but a kill of
            // "my own group" (`kill(0, …)`) would reach the fork server through it.
            if libc::setsid() < 0 {
                return Err(ForkError::last_os("a session of its own"));
            }
            if libc::mount(
                c"proc".as_ptr(),
                c"/proc".as_ptr(),
                c"proc".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                std::ptr::null(),
            ) != 0
            {
                return Err(ForkError::last_os("mounting the game's /proc"));
            }
            return Ok(());
        }
        close_all_but(&[]);
        let _ = set_capabilities(0, 0);
        let mut status = 0;
        loop {
            let done = libc::waitpid(pid, &mut status, 0);
            if done == pid {
                break;
            }
            if done < 0 && *libc::__errno_location() != libc::EINTR {
                libc::_exit(70);
            }
        }
        if libc::WIFSIGNALED(status) {
            let signal = libc::WTERMSIG(status);
            libc::signal(signal, libc::SIG_DFL);
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, signal);
            libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
            // No core file: the game's was the one that mattered.
            let none = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_CORE, &none);
            libc::kill(libc::getpid(), signal);
            libc::_exit(128 + signal);
        }
        libc::_exit(libc::WEXITSTATUS(status));
    }
}

/// Gives this forked child mounts of its own for its game: a mount namespace where
/// `/tmp` and `/dev/shm` are fresh, empty tmpfs of `bytes` each (counted against its
/// game's memory: it writes them), over the fork server's; the rest is as the fork
/// server's sandbox has it, read-only. `CAP_SYS_ADMIN` stays in effect, for the
/// game's PID namespace.
fn own_mounts(bytes: u64) -> Result<(), ForkError> {
    use std::ffi::CString;
    set_capabilities(SYS_ADMIN, SYS_ADMIN)?;
    // SAFETY: unshare and mount with NUL-terminated strings that outlive the calls.
    unsafe {
        if libc::unshare(libc::CLONE_NEWNS) != 0 {
            return Err(ForkError::last_os("unshare"));
        }
        let root = c"/";
        if libc::mount(
            std::ptr::null(),
            root.as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            return Err(ForkError::last_os("making the mounts private"));
        }
        // What the sandbox bound under /tmp (the rules folder, a player's folder,
        // when they lie in the host's /tmp) is held by a descriptor, to be bound
        // again, read-only, in the fresh /tmp.
        let kept = mounts_under("/tmp")
            .into_iter()
            .filter_map(|path| {
                let c = CString::new(path.as_os_str().as_encoded_bytes()).ok()?;
                let fd = libc::open(c.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
                (fd >= 0).then_some((path, fd))
            })
            .collect::<Vec<_>>();
        let tmpfs = c"tmpfs";
        let options = CString::new(format!("size={},mode=1777", bytes.max(1 << 20)))
            .map_err(|e| ForkError::system("the tmpfs options")(e.into()))?;
        for dir in ["/tmp", "/dev/shm"] {
            let target = CString::new(dir).map_err(|e| ForkError::system(dir)(e.into()))?;
            if libc::mount(
                tmpfs.as_ptr(),
                target.as_ptr(),
                tmpfs.as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                options.as_ptr().cast(),
            ) != 0
            {
                return Err(ForkError::last_os(&format!("mounting {dir}")));
            }
        }
        for (path, fd) in kept {
            let is_dir = std::fs::metadata(format!("/proc/self/fd/{fd}")).is_ok_and(|m| m.is_dir());
            let made = if is_dir {
                std::fs::create_dir_all(&path)
            } else {
                path.parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .and_then(|_| std::fs::File::create(&path).map(drop))
            };
            made.map_err(ForkError::system(&format!("making {}", path.display())))?;
            let source = CString::new(format!("/proc/self/fd/{fd}"))
                .map_err(|e| ForkError::system("a descriptor's path")(e.into()))?;
            let target = CString::new(path.as_os_str().as_encoded_bytes())
                .map_err(|e| ForkError::system(&path.display().to_string())(e.into()))?;
            if libc::mount(
                source.as_ptr(),
                target.as_ptr(),
                std::ptr::null(),
                libc::MS_BIND | libc::MS_REC,
                std::ptr::null(),
            ) != 0
                || libc::mount(
                    std::ptr::null(),
                    target.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND
                        | libc::MS_REMOUNT
                        | libc::MS_RDONLY
                        | libc::MS_NOSUID
                        | libc::MS_NODEV,
                    std::ptr::null(),
                ) != 0
            {
                return Err(ForkError::last_os(&format!(
                    "binding {} again",
                    path.display()
                )));
            }
            libc::close(fd);
        }
    }
    Ok(())
}

/// The outermost mount points below `dir` (not `dir` itself), from
/// `/proc/self/mountinfo`; their own submounts come along with them.
fn mounts_under(dir: &str) -> Vec<std::path::PathBuf> {
    let text = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let prefix = format!("{dir}/");
    let mut points: Vec<std::path::PathBuf> = text
        .lines()
        .filter_map(|line| line.split(' ').nth(4))
        .map(unescape_mount_path)
        .filter(|p| p.starts_with(&prefix))
        .map(std::path::PathBuf::from)
        .collect();
    points.sort();
    points.dedup();
    let all = points.clone();
    points.retain(|p| !all.iter().any(|q| q != p && p.starts_with(q)));
    points
}

/// A mount point as mountinfo writes it: space, tab, newline and backslash as
/// octal escapes (`\040`).
fn unescape_mount_path(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\'
            && i + 3 < bytes.len()
            && bytes[i + 1..i + 4]
                .iter()
                .all(|b| (b'0'..=b'7').contains(b))
        {
            let v = u32::from(bytes[i + 1] - b'0') * 64
                + u32::from(bytes[i + 2] - b'0') * 8
                + u32::from(bytes[i + 3] - b'0');
            out.push(u8::try_from(v).unwrap_or(b'?'));
            i += 4;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod mount_tests {
    use super::unescape_mount_path;

    #[test]
    fn mount_points_read_as_written() {
        assert_eq!(unescape_mount_path("/tmp/a\\040b"), "/tmp/a b");
        assert_eq!(unescape_mount_path("/tmp/x\\134y"), "/tmp/x\\y");
        assert_eq!(unescape_mount_path("/tmp/plain\\"), "/tmp/plain\\");
    }
}

/// Waits for the children as they end and keeps how they ended until asked.
#[derive(Default)]
struct Reaper {
    /// Ended children: their id and how they ended, in words.
    ended: Mutex<HashMap<i32, String>>,
    /// How many children were forked so far, to wake the reaper when it had none.
    forks: Mutex<u64>,
    /// How many of them were reaped.
    reaped: Mutex<u64>,
    wake: Condvar,
}

impl Reaper {
    fn forked(&self) {
        if let Ok(mut forks) = self.forks.lock() {
            *forks += 1;
            self.wake.notify_one();
        }
    }

    fn status(&self, pid: i32) -> String {
        self.ended
            .lock()
            .ok()
            .and_then(|mut ended| ended.remove(&pid))
            .unwrap_or_else(|| "running".into())
    }

    /// Reaps every child that has ended, without waiting; how many are still running.
    fn reap_all(&self) -> u64 {
        while self.reap_one(libc::WNOHANG) == Some(true) {}
        let forks = self.forks.lock().map(|f| *f).unwrap_or(0);
        let reaped = self.reaped.lock().map(|r| *r).unwrap_or(0);
        forks.saturating_sub(reaped)
    }

    /// Reaps one ended child, waiting for one unless `flags` has WNOHANG: Some(true)
    /// when one was reaped, Some(false) when none has ended yet, None on an error
    /// (ECHILD: no child at all).
    fn reap_one(&self, flags: i32) -> Option<bool> {
        // SAFETY: waitid on this process's own children.
        let (done, info) = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let done = libc::waitid(libc::P_ALL, 0, &mut info, libc::WEXITED | flags);
            (done, info)
        };
        if done != 0 {
            return None;
        }
        // SAFETY: set by a successful waitid (pid 0: nothing had ended).
        let (pid, status) = unsafe { (info.si_pid(), info.si_status()) };
        if pid == 0 {
            return Some(false);
        }
        let how = match info.si_code {
            libc::CLD_EXITED => format!("exited {status}"),
            _ => format!("signal {status}"),
        };
        if let Ok(mut ended) = self.ended.lock() {
            if ended.len() >= MAX_STATUSES {
                ended.clear();
            }
            ended.insert(pid, how);
        }
        if let Ok(mut reaped) = self.reaped.lock() {
            *reaped += 1;
        }
        Some(true)
    }

    fn run(&self) {
        loop {
            let seen = self.forks.lock().map(|f| *f).unwrap_or(0);
            if self.reap_one(0).is_some() {
                continue;
            }
            if std::io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD) {
                // No child: sleep until the next fork.
                if let Ok(forks) = self.forks.lock() {
                    let _ = self
                        .wake
                        .wait_timeout_while(forks, Duration::from_secs(5), |f| *f == seen);
                }
            }
        }
    }
}

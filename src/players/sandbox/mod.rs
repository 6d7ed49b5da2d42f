//! The sandbox every player process runs in: bubblewrap (`bwrap`, the sandbox under
//! Flatpak) for what the player can see and reach, control groups (`cgroup`) for what
//! it can use, resource limits for the rest. `docs/security.md` has the threat model
//! and each layer.
//!
//! Inside, a player has its own user, network (none: only a loopback of its own), PID,
//! IPC and UTS namespaces; a read-only view of the system that interpreters need
//! (`/usr` and the `/bin`, `/lib*` links, a few files of `/etc`); read-only, the
//! program and the script files its command line names (their folders) and, for
//! `tabula serve`, the tabula binary and the rules; a private size-capped `/tmp` and
//! `/dev/shm` that die with the game; and nothing else. Everything but `/tmp` and
//! `/dev/shm` is read-only. Started by root, it runs as `nobody` outside too, and never
//! as root: what `nobody` cannot read is given to it as a copy, or refused in words.

pub mod cgroup;

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};

/// The `PATH` inside the sandbox.
pub const SANDBOX_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The user (and group) a sandbox runs as when tabula runs as root: `nobody`.
pub const NOBODY: u32 = 65534;

/// The most a readable copy of a player's folder may hold (see [`Sandbox::command`]).
const COPY_LIMIT: u64 = 512 << 20;

/// What a player process may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Memory of all its processes together (cgroup), or its address space
    /// (`RLIMIT_AS`) where there is no memory cgroup. 0: no cap.
    pub memory_bytes: u64,
    /// Processes and threads at once (cgroup `pids.max`).
    pub processes: u64,
    /// The largest file it may write (`RLIMIT_FSIZE`).
    pub file_bytes: u64,
    /// Open files per process (`RLIMIT_NOFILE`).
    pub open_files: u64,
    /// CPU seconds over the whole game, per process (`RLIMIT_CPU`) and for all its
    /// processes together (measured in its cgroup): a backstop, the move clock is what
    /// normally ends a player that thinks too long.
    pub cpu_seconds: u64,
    /// The size of its scratch `/tmp`, and of its `/dev/shm`, each.
    pub scratch_bytes: u64,
}

impl Limits {
    /// The defaults, with `memory_bytes` of memory.
    pub fn with_memory(memory_bytes: u64) -> Limits {
        Limits {
            memory_bytes,
            processes: 64,
            file_bytes: 64 << 20,
            open_files: 256,
            cpu_seconds: 900,
            scratch_bytes: 64 << 20,
        }
    }
}

/// What one player may see besides the system.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {
    /// Files and folders bound read-only at their own path (as written: a folder
    /// reached through a link is seen at the link's path).
    pub read_only: Vec<PathBuf>,
    /// Its working folder (default: its scratch `/tmp`).
    pub chdir: Option<PathBuf>,
    /// Environment variables besides `PATH`, `HOME`, `TMPDIR` and `LANG`.
    pub env: Vec<(String, String)>,
    /// A fork server (`tabula serve --fork-server`): it keeps `CAP_SYS_ADMIN` in its
    /// own user namespace (permitted only, see `forkserver::template`), to give each
    /// game it forks a mount namespace of its own; the child drops it before it
    /// serves a thing.
    pub forks_games: bool,
}

/// The sandbox of a match or a championship.
#[derive(Debug, Clone)]
pub struct Sandbox {
    bwrap: PathBuf,
    /// Whether tabula runs as root, and so drops to `nobody` before entering.
    drop_root: bool,
    /// Paths no player is given, whatever its command line says, and that are
    /// covered when they lie inside a folder a player is given (the championship's
    /// folder, its logs).
    forbidden: Vec<PathBuf>,
    /// The players' own folders: each is covered inside another player's folder.
    players: Vec<PathBuf>,
    /// Readable copies of what `nobody` cannot read.
    copies: Arc<Copies>,
}

/// Why a sandbox cannot be made here, or a player cannot be put in one; each says
/// what to do about it.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SandboxError {
    #[error(
        "bubblewrap (bwrap) is not installed: install it (Debian/Ubuntu: apt-get install bubblewrap; \
         Fedora: dnf install bubblewrap)"
    )]
    NotInstalled,
    #[error(
        "bubblewrap cannot make a sandbox on this machine as an unprivileged user ({why}): user namespaces may be off \
         (sysctl user.max_user_namespaces=10000, and kernel.unprivileged_userns_clone=1 where it exists), \
         or this runs in a container that forbids them (run it with --privileged or a seccomp profile \
         that allows clone(CLONE_NEWUSER)); tabula never runs a player as root"
    )]
    NoUserNamespaces { why: String },
    /// A path the player needs that `nobody` cannot read, and could not be copied.
    #[error(
        "the sandbox's user (nobody, {NOBODY}) cannot read {}, and it cannot be copied for it ({cause}): \
         make it readable by others (chmod o+rX on it and o+x on every folder above it), \
         or move it to a folder others can read",
        path.display()
    )]
    Unreadable {
        path: PathBuf,
        #[source]
        cause: Box<SandboxError>,
    },
    #[error("cannot copy {}: {source}", path.display())]
    Copy {
        path: PathBuf,
        #[source]
        source: Arc<std::io::Error>,
    },
    #[error("more than {} MiB to copy", COPY_LIMIT >> 20)]
    TooLarge,
    /// A system call the sandbox needs failed (a pipe, the seccomp filter, a folder).
    #[error("{what}: {source}")]
    System {
        what: String,
        #[source]
        source: Arc<std::io::Error>,
    },
}

impl SandboxError {
    fn system(what: impl Into<String>, source: std::io::Error) -> SandboxError {
        SandboxError::System {
            what: what.into(),
            source: Arc::new(source),
        }
    }
}

/// Copies made for `nobody` of what it cannot reach where it is, in a folder of
/// tabula's own removed when the sandbox goes.
#[derive(Debug, Default)]
struct Copies {
    made: Mutex<HashMap<PathBuf, PathBuf>>,
    dir: OnceLock<Result<PathBuf, SandboxError>>,
}

impl Drop for Copies {
    fn drop(&mut self) {
        if let Some(Ok(dir)) = self.dir.get() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

impl Copies {
    /// A copy of `source` (a file or a folder, canonical) that `nobody` can reach:
    /// made once, with the same permissions, symbolic links copied as links (never
    /// followed), and at most [`COPY_LIMIT`] bytes.
    fn of(&self, source: &Path) -> Result<PathBuf, SandboxError> {
        let mut made = self.made.lock().map_err(|_| {
            SandboxError::system("a copy failed before", std::io::ErrorKind::Other.into())
        })?;
        if let Some(copy) = made.get(source) {
            return Ok(copy.clone());
        }
        let dir = self
            .dir
            .get_or_init(|| {
                use std::os::unix::fs::PermissionsExt;
                let dir = Path::new("/tmp").join(format!(
                    "tabula-readable-{}-{:x}",
                    std::process::id(),
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.subsec_nanos())
                        .unwrap_or(0)
                ));
                std::fs::create_dir(&dir)
                    .and_then(|_| {
                        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755))
                    })
                    .map_err(|e| {
                        SandboxError::system(format!("cannot make {}", dir.display()), e)
                    })?;
                Ok(dir)
            })
            .clone()?;
        let copy = dir.join(made.len().to_string());
        // Measured first: an interpreter's whole installation may be far too large,
        // and is refused before a byte is copied.
        let mut budget = COPY_LIMIT;
        tree_size(source, &mut budget)?;
        let mut budget = COPY_LIMIT;
        copy_tree(source, &copy, &mut budget).inspect_err(|_| {
            let _ = std::fs::remove_dir_all(&copy).or_else(|_| std::fs::remove_file(&copy));
        })?;
        // What was given on purpose (a player's own folder of mode 0700) is reachable
        // by the sandbox's user, as others; what lies inside keeps its permissions.
        use std::os::unix::fs::PermissionsExt;
        if let Ok(meta) = std::fs::symlink_metadata(&copy)
            && !meta.file_type().is_symlink()
        {
            let others = if meta.is_dir() { 0o005 } else { 0o004 };
            let _ = std::fs::set_permissions(
                &copy,
                std::fs::Permissions::from_mode(meta.mode_bits() | others),
            );
        }
        made.insert(source.to_path_buf(), copy.clone());
        Ok(copy)
    }
}

/// Takes the size of the files under `from` off `budget`; an error past it.
fn tree_size(from: &Path, budget: &mut u64) -> Result<(), SandboxError> {
    let failed = |e: std::io::Error| SandboxError::Copy {
        path: from.to_path_buf(),
        source: Arc::new(e),
    };
    let meta = std::fs::symlink_metadata(from).map_err(failed)?;
    if meta.is_dir() {
        for entry in std::fs::read_dir(from).map_err(failed)? {
            tree_size(&entry.map_err(failed)?.path(), budget)?;
        }
    } else if meta.is_file() {
        *budget = budget
            .checked_sub(meta.len())
            .ok_or(SandboxError::TooLarge)?;
    }
    Ok(())
}

/// Copies `from` to `to`: folders, files and symbolic links (as links), each with its
/// permissions; other kinds are left out.
fn copy_tree(from: &Path, to: &Path, budget: &mut u64) -> Result<(), SandboxError> {
    use std::os::unix::fs::PermissionsExt;
    let failed = |e: std::io::Error| SandboxError::Copy {
        path: from.to_path_buf(),
        source: Arc::new(e),
    };
    let meta = std::fs::symlink_metadata(from).map_err(failed)?;
    let kind = meta.file_type();
    if kind.is_symlink() {
        let target = std::fs::read_link(from).map_err(failed)?;
        std::os::unix::fs::symlink(target, to).map_err(failed)?;
    } else if kind.is_dir() {
        std::fs::create_dir(to).map_err(failed)?;
        for entry in std::fs::read_dir(from).map_err(failed)? {
            let entry = entry.map_err(failed)?;
            copy_tree(&entry.path(), &to.join(entry.file_name()), budget)?;
        }
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(meta.mode_bits()))
            .map_err(failed)?;
    } else if kind.is_file() {
        if meta.len() > *budget {
            return Err(SandboxError::TooLarge);
        }
        *budget -= meta.len();
        std::fs::copy(from, to).map_err(failed)?;
        std::fs::set_permissions(to, std::fs::Permissions::from_mode(meta.mode_bits()))
            .map_err(failed)?;
    }
    Ok(())
}

trait ModeBits {
    fn mode_bits(&self) -> u32;
}

impl ModeBits for std::fs::Metadata {
    fn mode_bits(&self) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        self.permissions().mode() & 0o7777 & !0o6000
    }
}

/// Whether `path` is `dir` or lies inside it (both absolute).
fn within(path: &Path, dir: &Path) -> bool {
    path.starts_with(dir)
}

/// Whether `path`, as written, is part of the system every sandbox shows anyway
/// (`/usr`, and `/bin`, `/lib*` that lead there). Only as written: a path elsewhere
/// that leads into `/usr` (a virtual environment's `bin/python`) must be given at the
/// path as written, or it is not there.
fn system_path(path: &Path) -> bool {
    let written = lexical_absolute(path);
    [
        "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
    ]
    .iter()
    .any(|d| within(&written, Path::new(d)))
}

/// The installation a program needs besides its own folder, when it lies outside the
/// system: for an interpreter in `PREFIX/bin` that has a `PREFIX/lib` (pyenv's,
/// conda's, uv's Pythons under a home folder, a JDK), `PREFIX`; for a program in a
/// virtual environment, the installation its `pyvenv.cfg` names (`home = …/bin`).
/// Followed through its links, so that a link to it works in the sandbox too.
fn installation_of(program: &Path, environment: Option<&Path>) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let prefix_of = |bin: &Path| {
        let prefix = bin.parent()?;
        (bin.file_name()? == "bin" && prefix.join("lib").is_dir() && !system_path(prefix))
            .then(|| prefix.to_path_buf())
    };
    if let Ok(real) = program.canonicalize()
        && let Some(prefix) = real.parent().and_then(prefix_of)
    {
        found.push(prefix);
    }
    if let Some(env) = environment {
        let home = std::fs::read_to_string(env.join("pyvenv.cfg"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.split_once('='))
            .find(|(key, _)| key.trim() == "home")
            .map(|(_, value)| PathBuf::from(value.trim()));
        if let Some(prefix) = home
            .and_then(|h| h.canonicalize().ok())
            .and_then(|h| prefix_of(&h))
            && !found.contains(&prefix)
        {
            found.push(prefix);
        }
    }
    found
}

impl Sandbox {
    /// The sandbox, if this machine can make one; else why not and how to fix it.
    /// `forbidden`: paths no player is given (the championship's folder); `players`:
    /// the players' own folders, which the others do not see.
    pub fn new(forbidden: Vec<PathBuf>, players: Vec<PathBuf>) -> Result<Sandbox, SandboxError> {
        static PROBE: OnceLock<Result<(PathBuf, bool), SandboxError>> = OnceLock::new();
        let (bwrap, drop_root) = PROBE.get_or_init(probe).clone()?;
        let both = |p: &PathBuf| {
            let canonical = absolute(p);
            let written = lexical_absolute(p);
            if canonical == written {
                vec![canonical]
            } else {
                vec![canonical, written]
            }
        };
        Ok(Sandbox {
            bwrap,
            drop_root,
            forbidden: forbidden.iter().flat_map(both).collect(),
            players: players.iter().map(|p| absolute(p)).collect(),
            copies: Arc::new(Copies::default()),
        })
    }

    /// Whether `path` (as written, or followed) is or lies inside a forbidden path.
    fn forbids(&self, path: &Path) -> bool {
        let written = lexical_absolute(path);
        let canonical = absolute(path);
        self.forbidden
            .iter()
            .any(|f| within(&written, f) || within(&canonical, f))
    }

    /// The command line that runs `argv` inside the sandbox, seeing `view`; the user
    /// id to drop to (from root) just before starting it, if any; and the descriptor
    /// bwrap reads the seccomp filter from, to be left open across the exec. Err:
    /// something the player needs cannot be given to it, and what to do.
    pub fn command(
        &self,
        argv: &[String],
        view: &View,
        limits: &Limits,
    ) -> Result<Prepared, SandboxError> {
        let drop_to = self.drop_root.then_some(NOBODY);
        let seccomp = match seccomp_program(view.forks_games) {
            Some(program) => {
                use std::io::Write;
                let (reader, mut writer) =
                    std::io::pipe().map_err(|e| SandboxError::system("cannot make a pipe", e))?;
                writer
                    .write_all(&program)
                    .map_err(|e| SandboxError::system("cannot write the seccomp filter", e))?;
                drop(writer);
                Some(std::os::fd::OwnedFd::from(reader))
            }
            None => None,
        };
        let mut a: Vec<String> = vec![self.bwrap.to_string_lossy().into_owned()];
        let mut push = |items: &[&str]| a.extend(items.iter().map(|s| s.to_string()));
        push(&base_args());
        if let Some(fd) = &seccomp {
            use std::os::fd::AsRawFd;
            push(&["--seccomp", &fd.as_raw_fd().to_string()]);
        }
        if view.forks_games {
            push(&["--cap-add", "CAP_SYS_ADMIN"]);
        }
        for (key, value) in &view.env {
            push(&["--setenv", key, value]);
        }
        // Its scratch, before what it is given (which may lie in the host's /tmp).
        let scratch = limits.scratch_bytes.max(1 << 20).to_string();
        push(&["--size", &scratch, "--tmpfs", "/tmp"]);
        push(&["--size", &scratch, "--tmpfs", "/dev/shm"]);
        let mut bound: Vec<PathBuf> = Vec::new();
        for path in &view.read_only {
            let written = lexical_absolute(path);
            let Ok(canonical) = path.canonicalize() else {
                continue; // not there: nothing to bind
            };
            if bound.contains(&written)
                || self.forbids(path)
                || within(&canonical, Path::new("/usr"))
            {
                continue;
            }
            // Never as root: what nobody cannot reach is given as a copy.
            let source =
                if self.drop_root && !(nobody_can_read(&canonical) && nobody_can_read(&written)) {
                    self.copies
                        .of(&canonical)
                        .map_err(|cause| SandboxError::Unreadable {
                            path: written.clone(),
                            cause: Box::new(cause),
                        })?
                } else {
                    canonical
                };
            push(&[
                "--ro-bind",
                &source.to_string_lossy(),
                &written.to_string_lossy(),
            ]);
            bound.push(written);
        }
        // What is hidden stays hidden inside a folder given to the player: the
        // forbidden paths always, the other players' folders unless they are (or
        // hold) one of this player's own paths.
        let mut covers: Vec<&PathBuf> = Vec::new();
        for hidden in &self.forbidden {
            if bound.iter().any(|b| within(hidden, b)) {
                covers.push(hidden);
            }
        }
        for hidden in &self.players {
            let inside_bound = bound.iter().any(|b| within(hidden, b) && hidden != b);
            let own = bound.iter().any(|b| within(b, hidden));
            if inside_bound && !own {
                covers.push(hidden);
            }
        }
        for hidden in covers {
            let h = hidden.to_string_lossy();
            if hidden.is_dir() {
                push(&["--size", "4096", "--tmpfs", &h, "--remount-ro", &h]);
            } else if hidden.is_file() {
                push(&["--ro-bind", "/dev/null", &h]);
            }
        }
        // Nothing else is writable: the sandbox's own root, its /etc, its /dev.
        push(&["--remount-ro", "/dev", "--remount-ro", "/"]);
        let chdir = view
            .chdir
            .as_ref()
            .map(|d| lexical_absolute(d).to_string_lossy().into_owned())
            .unwrap_or_else(|| "/tmp".into());
        push(&["--chdir", &chdir]);
        // bwrap's options reach it through a descriptor (`--args`), not its command
        // line: bwrap is the sandbox's first process, whose /proc/1/cmdline the player
        // can read, and they name host paths (the ones covered among them).
        let options = a.split_off(1);
        let args = options_file(&options)?;
        use std::os::fd::AsRawFd;
        a.extend([
            "--args".to_string(),
            args.as_raw_fd().to_string(),
            "--".into(),
        ]);
        a.extend(argv.iter().cloned());
        Ok(Prepared {
            argv: a,
            options,
            drop_to,
            seccomp,
            args,
        })
    }
}

/// A file in memory holding `options`, each ended by a NUL, read from its start: what
/// bwrap's `--args` reads.
fn options_file(options: &[String]) -> Result<std::os::fd::OwnedFd, SandboxError> {
    use std::io::{Seek, Write};
    use std::os::fd::FromRawFd;
    // SAFETY: memfd_create with a NUL-terminated name; the descriptor is owned below.
    let fd = unsafe { libc::memfd_create(c"bwrap-args".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(SandboxError::system(
            "cannot hold bwrap's options",
            std::io::Error::last_os_error(),
        ));
    }
    // SAFETY: a descriptor just made, owned by nobody else.
    let mut file = std::fs::File::from(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) });
    let mut bytes = Vec::new();
    for option in options {
        bytes.extend_from_slice(option.as_bytes());
        bytes.push(0);
    }
    file.write_all(&bytes)
        .and_then(|_| file.rewind())
        .map_err(|e| SandboxError::system("cannot write bwrap's options", e))?;
    Ok(file.into())
}

/// A sandboxed command, ready to start.
#[derive(Debug)]
pub struct Prepared {
    /// bwrap's command line (`bwrap --args FD --`), the player's after it.
    pub argv: Vec<String>,
    /// bwrap's options, as the descriptor `args` holds them.
    pub options: Vec<String>,
    /// The user to drop to (from root) just before starting it.
    pub drop_to: Option<u32>,
    /// The descriptor bwrap reads the seccomp filter from (`--seccomp`): left open
    /// across the exec (it is close-on-exec in tabula).
    pub seccomp: Option<std::os::fd::OwnedFd>,
    /// The descriptor bwrap reads its options from (`--args`), left open likewise.
    pub args: std::os::fd::OwnedFd,
}

impl Prepared {
    /// The whole command line as bwrap takes it in: its options where `--args` is.
    pub fn described(&self) -> String {
        let mut words = vec![self.argv[0].clone()];
        words.extend(self.options.iter().cloned());
        words.extend(self.argv.iter().skip(3).cloned());
        words.join(" ")
    }
}

/// The system calls no game player needs, denied by a seccomp filter in every sandbox
/// (defence in depth, as IOI's isolate and CMS narrow theirs): a call to one of these
/// ends the player (`SIGSYS`). They debug or read other processes (`ptrace`,
/// `process_vm_*`), change mounts or namespaces (`mount` and the new mount API,
/// `pivot_root`, `setns`), reach the kernel's keyrings, BPF, modules, kexec, swap,
/// reboot, accounting, the clocks, I/O ports, the kernel log, quotas, file handles
/// and fanotify.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
pub const DENIED_CALLS: &[(&str, libc::c_long)] = &[
    ("ptrace", libc::SYS_ptrace),
    ("process_vm_readv", libc::SYS_process_vm_readv),
    ("process_vm_writev", libc::SYS_process_vm_writev),
    ("pivot_root", libc::SYS_pivot_root),
    ("setns", libc::SYS_setns),
    ("mount_setattr", libc::SYS_mount_setattr),
    ("move_mount", libc::SYS_move_mount),
    ("open_tree", libc::SYS_open_tree),
    ("fsopen", libc::SYS_fsopen),
    ("fsconfig", libc::SYS_fsconfig),
    ("fsmount", libc::SYS_fsmount),
    ("fspick", libc::SYS_fspick),
    ("swapon", libc::SYS_swapon),
    ("swapoff", libc::SYS_swapoff),
    ("reboot", libc::SYS_reboot),
    ("kexec_load", libc::SYS_kexec_load),
    ("kexec_file_load", libc::SYS_kexec_file_load),
    ("init_module", libc::SYS_init_module),
    ("finit_module", libc::SYS_finit_module),
    ("delete_module", libc::SYS_delete_module),
    ("keyctl", libc::SYS_keyctl),
    ("add_key", libc::SYS_add_key),
    ("request_key", libc::SYS_request_key),
    ("bpf", libc::SYS_bpf),
    ("acct", libc::SYS_acct),
    ("settimeofday", libc::SYS_settimeofday),
    ("clock_settime", libc::SYS_clock_settime),
    ("adjtimex", libc::SYS_adjtimex),
    ("clock_adjtime", libc::SYS_clock_adjtime),
    ("iopl", libc::SYS_iopl),
    ("ioperm", libc::SYS_ioperm),
    ("syslog", libc::SYS_syslog),
    ("quotactl", libc::SYS_quotactl),
    ("lookup_dcookie", libc::SYS_lookup_dcookie),
    ("open_by_handle_at", libc::SYS_open_by_handle_at),
    ("name_to_handle_at", libc::SYS_name_to_handle_at),
    ("fanotify_init", libc::SYS_fanotify_init),
    ("vhangup", libc::SYS_vhangup),
    ("uselib", libc::SYS_uselib),
    ("_sysctl", libc::SYS__sysctl),
    ("nfsservctl", libc::SYS_nfsservctl),
];

/// Denied as well, but answered `ENOSYS` ("not here") rather than ended: runtimes
/// probe for them and fall back (libuv's `io_uring`), and a fork server's children
/// call `mount` and `unshare` for their own sandbox before their filter is complete.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
pub const REFUSED_CALLS: &[(&str, libc::c_long)] = &[
    ("io_uring_setup", libc::SYS_io_uring_setup),
    ("io_uring_enter", libc::SYS_io_uring_enter),
    ("io_uring_register", libc::SYS_io_uring_register),
    ("perf_event_open", libc::SYS_perf_event_open),
    ("userfaultfd", libc::SYS_userfaultfd),
];

/// The calls a fork server may still make for its children's mounts (its children
/// then install the whole filter, [`seccomp_program`] without them).
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
const MOUNT_CALLS: &[(&str, libc::c_long)] = &[
    ("mount", libc::SYS_mount),
    ("umount2", libc::SYS_umount2),
    ("unshare", libc::SYS_unshare),
];

/// The seccomp filter of a sandbox, a classic BPF program as the kernel and bwrap's
/// `--seccomp` take it (8 bytes an instruction, this machine's byte order). With
/// `mounts`, `mount`, `umount2` and `unshare` pass (a fork server); without, they
/// end the player like the other [`DENIED_CALLS`]. None where no filter is written
/// for this architecture.
pub fn seccomp_program(mounts: bool) -> Option<Vec<u8>> {
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    {
        const LD_ABS_W: u16 = 0x20;
        const JEQ: u16 = 0x15;
        const JGE: u16 = 0x35;
        const RET: u16 = 0x06;
        const ALLOW: u32 = 0x7fff_0000;
        const KILL_PROCESS: u32 = 0x8000_0000;
        const ERRNO: u32 = 0x0005_0000;
        const ARCH_X86_64: u32 = 0xc000_003e;
        const X32_BIT: u32 = 0x4000_0000;
        // (code, jump-if-true target, k): a target is an index, resolved below.
        enum To {
            Next,
            Kill,
            Refuse,
            Socket,
        }
        let mut program: Vec<(u16, To, u32)> = vec![
            (LD_ABS_W, To::Next, 4), // the architecture
        ];
        let mut jumps: Vec<(u16, To, u32)> = Vec::new();
        jumps.push((JGE, To::Kill, X32_BIT)); // the x32 calls
        let mut killed: Vec<libc::c_long> = DENIED_CALLS.iter().map(|(_, n)| *n).collect();
        if !mounts {
            killed.extend(MOUNT_CALLS.iter().map(|(_, n)| *n));
        }
        for nr in killed {
            jumps.push((JEQ, To::Kill, nr as u32));
        }
        for (_, nr) in REFUSED_CALLS {
            jumps.push((JEQ, To::Refuse, *nr as u32));
        }
        jumps.push((JEQ, To::Socket, libc::SYS_socket as u32));
        // 0: ld arch; 1: jeq x86_64 ? 3 : kill; 2: ld nr; 3..: the jumps; then
        // allow, kill, refuse, and the check of a socket's family.
        program.push((JEQ, To::Next, ARCH_X86_64));
        program.push((LD_ABS_W, To::Next, 0));
        program.extend(jumps);
        let allow_at = program.len();
        let kill_at = allow_at + 1;
        let refuse_at = allow_at + 2;
        let socket_at = allow_at + 3;
        let mut bytes = Vec::with_capacity((program.len() + 3) * 8);
        let mut emit = |code: u16, jt: u8, jf: u8, k: u32| {
            bytes.extend(code.to_ne_bytes());
            bytes.push(jt);
            bytes.push(jf);
            bytes.extend(k.to_ne_bytes());
        };
        for (i, (code, to, k)) in program.iter().enumerate() {
            let after = i + 1;
            let offset = |target: usize| u8::try_from(target - after).ok();
            match (code, to) {
                // The architecture check: on, or to the kill.
                (&JEQ, To::Next) => emit(*code, 0, offset(kill_at)?, *k),
                (_, To::Next) => emit(*code, 0, 0, *k),
                (_, To::Kill) => emit(*code, offset(kill_at)?, 0, *k),
                (_, To::Refuse) => emit(*code, offset(refuse_at)?, 0, *k),
                (_, To::Socket) => emit(*code, offset(socket_at)?, 0, *k),
            }
        }
        emit(RET, 0, 0, ALLOW);
        emit(RET, 0, 0, KILL_PROCESS);
        emit(RET, 0, 0, ERRNO | libc::ENOSYS as u32);
        // socket(2): its family, the low word of its first argument (the kernel
        // reads an int), must be AF_UNIX; any other is "not supported here".
        emit(LD_ABS_W, 0, 0, 16);
        emit(JEQ, 0, 1, libc::AF_UNIX as u32);
        emit(RET, 0, 0, ALLOW);
        emit(RET, 0, 0, ERRNO | libc::EAFNOSUPPORT as u32);
        Some(bytes)
    }
    #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
    {
        let _ = mounts;
        None
    }
}

/// Installs the whole filter ([`seccomp_program`] without mounts) on this process
/// (a fork server's child, once its mounts are made): no new privileges from here on.
pub fn install_seccomp() -> Result<(), SandboxError> {
    let Some(program) = seccomp_program(false) else {
        return Ok(());
    };
    #[repr(C)]
    struct Fprog {
        len: u16,
        filter: *const u8,
    }
    let fprog = Fprog {
        len: u16::try_from(program.len() / 8).map_err(|_| {
            SandboxError::system(
                "the seccomp filter is too long",
                std::io::ErrorKind::InvalidInput.into(),
            )
        })?,
        filter: program.as_ptr(),
    };
    // SAFETY: prctl with a filter program that outlives the call (the kernel copies it).
    let done = unsafe {
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1 as libc::c_ulong, 0, 0, 0) == 0
            && libc::prctl(
                libc::PR_SET_SECCOMP,
                libc::SECCOMP_MODE_FILTER as libc::c_ulong,
                &fprog as *const Fprog,
            ) == 0
    };
    if done {
        Ok(())
    } else {
        Err(SandboxError::system(
            "seccomp",
            std::io::Error::last_os_error(),
        ))
    }
}

/// Whether the user `nobody` may read `path`: every folder above it searchable by
/// others, and the path readable by others (files) or readable and searchable
/// (folders). Group and owner rights do not count: nobody owns nothing here.
fn nobody_can_read(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).map(|m| (m.permissions().mode(), m.is_dir()));
    let Ok((own, is_dir)) = mode(path) else {
        return true; // not there: nothing will be bound
    };
    let wanted = if is_dir { 0o005 } else { 0o004 };
    own & wanted == wanted
        && path
            .ancestors()
            .skip(1)
            .all(|dir| mode(dir).is_ok_and(|(m, _)| m & 0o001 != 0))
}

/// The arguments every sandbox starts with.
fn base_args() -> Vec<&'static str> {
    let mut a = vec![
        "--unshare-user",
        "--unshare-all",
        "--disable-userns",
        "--die-with-parent",
        "--new-session",
        "--hostname",
        "tabula",
        "--cap-drop",
        "ALL",
        "--clearenv",
        "--setenv",
        "PATH",
        SANDBOX_PATH,
        "--setenv",
        "HOME",
        "/tmp",
        "--setenv",
        "TMPDIR",
        "/tmp",
        "--setenv",
        "LANG",
        "C.UTF-8",
        "--ro-bind",
        "/usr",
        "/usr",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
    ];
    // Merged-/usr systems have /bin, /lib … as links into /usr; older ones have
    // folders of their own.
    for (dir, link) in [
        ("/bin", "usr/bin"),
        ("/sbin", "usr/sbin"),
        ("/lib", "usr/lib"),
        ("/lib32", "usr/lib32"),
        ("/lib64", "usr/lib64"),
        ("/libx32", "usr/libx32"),
    ] {
        match std::fs::symlink_metadata(dir) {
            Ok(m) if m.file_type().is_symlink() => a.extend(["--symlink", link, dir]),
            Ok(m) if m.is_dir() => a.extend(["--ro-bind", dir, dir]),
            _ => {}
        }
    }
    // The little of /etc that programs need to start: not passwd, not the hosts.
    for file in [
        "/etc/ld.so.cache",
        "/etc/ld.so.conf",
        "/etc/ld.so.conf.d",
        "/etc/alternatives",
        "/etc/localtime",
    ] {
        a.extend(["--ro-bind-try", file, file]);
    }
    a
}

/// Finds bwrap and checks that a sandbox starts here, entered as an unprivileged
/// user (`nobody` when tabula runs as root).
fn probe() -> Result<(PathBuf, bool), SandboxError> {
    // $TABULA_BWRAP names a bwrap installed elsewhere.
    let bwrap = match std::env::var_os("TABULA_BWRAP") {
        Some(path) if !path.is_empty() => Some(PathBuf::from(path)).filter(|p| p.is_file()),
        _ => find_program("bwrap"),
    };
    let bwrap = bwrap.ok_or(SandboxError::NotInstalled)?;
    // SAFETY: geteuid(2) has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    match try_entry(&bwrap, root) {
        Ok(()) => Ok((bwrap, root)),
        Err(why) => Err(SandboxError::NoUserNamespaces { why }),
    }
}

fn try_entry(bwrap: &Path, drop_root: bool) -> Result<(), String> {
    let mut command = Command::new(bwrap);
    command
        .args(base_args())
        .args(["--", "/bin/true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if drop_root {
        use std::os::unix::process::CommandExt;
        // SAFETY: between fork and exec, only the system calls that drop root.
        unsafe {
            command.pre_exec(|| {
                if libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(NOBODY) != 0
                    || libc::setuid(NOBODY) != 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let out = command
        .output()
        .map_err(|e| format!("cannot run {}: {e}", bwrap.display()))?;
    if out.status.success() {
        Ok(())
    } else {
        let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
        Err(if why.is_empty() {
            format!("bwrap exited with {}", out.status)
        } else {
            why
        })
    }
}

/// A program on the sandbox's `PATH` (or the file itself, for a path).
pub fn find_program(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        let p = PathBuf::from(name);
        return p.is_file().then_some(p);
    }
    SANDBOX_PATH
        .split(':')
        .map(|dir| Path::new(dir).join(name))
        .find(|p| p.is_file())
}

/// `path` made absolute against the current folder, with symbolic links resolved
/// where it exists (bind mounts follow them anyway).
pub fn absolute(path: &Path) -> PathBuf {
    path.canonicalize()
        .unwrap_or_else(|_| lexical_absolute(path))
}

/// `path` made absolute against the current folder as written: `.` dropped and `..`
/// taken off the text, links left as they are (a program run through a link, like a
/// virtual environment's `bin/python`, must be run by that name).
pub fn lexical_absolute(path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    let mut out = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Whether `folder`, when it is a symbolic link, leads to a place inside the folder
/// that holds it, or into `/usr`. (Links in the folders above are the teacher's own
/// layout; links inside a bound folder lead nowhere in the sandbox unless they stay
/// in it.)
fn link_stays_inside(folder: &Path) -> bool {
    let is_link = std::fs::symlink_metadata(folder).is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        return true;
    }
    let (Ok(target), Some(Ok(holder))) = (
        folder.canonicalize(),
        folder.parent().map(Path::canonicalize),
    ) else {
        return false;
    };
    within(&target, &holder) || within(&target, Path::new("/usr"))
}

/// The view of a program given as `argv` (the `cmd:` of a player). Only what the
/// teacher named on purpose is bound: the program, when it is given as a path, and
/// each word that names a file (a script, its data) or, written with a `/`, a
/// folder. A bare word that names a folder (`ansi`, `leak`) stays a word. What is
/// bound is the folder holding the file, at the path as written (a program in a
/// virtual environment, `venv/bin/python`, brings the whole environment, the folder
/// above `bin/` that holds `pyvenv.cfg`); a link inside it works when it leads
/// within it or into `/usr`, and a folder that is a link leading out of its own
/// folder is not bound at all. Words under `/usr` (and `/bin`, `/lib*`) are never
/// bound: the system is there already, and a link there that leads out of it is not
/// followed. The program runs in the folder of the first path. Returns the argv with
/// each path made absolute (as written: links kept) and the view.
pub fn program_view(argv: &[String]) -> (Vec<String>, View) {
    let mut view = View::default();
    let mut out = Vec::with_capacity(argv.len());
    let bind = |view: &mut View, folder: PathBuf| {
        if view.chdir.is_none() {
            view.chdir = Some(folder.clone());
        }
        if !view.read_only.contains(&folder) {
            view.read_only.push(folder);
        }
    };
    for (k, arg) in argv.iter().enumerate() {
        let path = Path::new(arg);
        let slashed = arg.contains('/');
        let is_file = path.is_file();
        let names_a_path = !arg.starts_with('-')
            && (if k == 0 {
                slashed && path.exists()
            } else {
                (slashed && path.exists()) || is_file
            });
        if !names_a_path || system_path(path) {
            out.push(arg.clone());
            continue;
        }
        let written = lexical_absolute(path);
        let mut folder = if path.is_dir() {
            written.clone()
        } else {
            written
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| written.clone())
        };
        // A program in a virtual environment: the environment.
        let environment = folder
            .parent()
            .filter(|env| k == 0 && folder.ends_with("bin") && env.join("pyvenv.cfg").is_file())
            .map(Path::to_path_buf);
        if k == 0 {
            // The interpreter's own installation, read-only, where it lies outside
            // the system (not the working folder).
            for prefix in installation_of(path, environment.as_deref()) {
                if !view.read_only.iter().any(|b| within(&prefix, b)) {
                    view.read_only.push(prefix);
                }
            }
        }
        if let Some(env) = environment {
            folder = env;
        }
        // A folder that is itself a link leading out of the folder that holds it (a
        // student's `data -> /etc`) is not given: the word stays as written.
        if !link_stays_inside(&folder) {
            out.push(arg.clone());
            continue;
        }
        bind(&mut view, folder);
        out.push(written.to_string_lossy().into_owned());
    }
    (out, view)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_command_line_binds_the_folders_of_the_files_it_names() {
        let here = std::env::current_dir().unwrap();
        let argv = words(&[
            "python3",
            "examples/random_bot.py",
            "--seed",
            "3",
            "nothing/here",
            // A folder named without a slash is a word, not a path.
            "examples",
            "/usr/share",
        ]);
        let (argv, view) = program_view(&argv);
        let examples = here.join("examples");
        assert_eq!(argv[0], "python3");
        assert_eq!(argv[1], examples.join("random_bot.py").to_string_lossy());
        assert_eq!(
            &argv[2..],
            ["--seed", "3", "nothing/here", "examples", "/usr/share"]
        );
        assert_eq!(view.read_only, vec![examples.clone()]);
        assert_eq!(view.chdir, Some(examples));
    }

    #[test]
    fn a_folder_that_is_a_link_out_of_its_folder_is_not_bound() {
        let dir = std::env::temp_dir().join(format!("tabula-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("real")).unwrap();
        std::fs::write(dir.join("bot.py"), "").unwrap();
        std::os::unix::fs::symlink("/etc", dir.join("data")).unwrap();
        std::os::unix::fs::symlink("real", dir.join("inner")).unwrap();
        let word = |name: &str| format!("{}/", dir.join(name).display());
        let argv = vec![
            "python3".to_string(),
            dir.join("bot.py").to_string_lossy().into_owned(),
            word("data"),
            word("inner"),
        ];
        let (out, view) = program_view(&argv);
        assert_eq!(view.read_only, vec![dir.clone(), dir.join("inner")]);
        assert_eq!(out[2], word("data"), "a word again");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn paths_are_made_absolute_as_written() {
        let here = std::env::current_dir().unwrap();
        assert_eq!(
            lexical_absolute(Path::new("./a/../b/./c")),
            here.join("b").join("c")
        );
        assert_eq!(lexical_absolute(Path::new("/x/y/../z")), Path::new("/x/z"));
    }

    #[test]
    fn nobody_reads_only_what_others_may_read() {
        assert!(nobody_can_read(Path::new("/usr/bin")));
        assert!(
            nobody_can_read(Path::new("/etc/hostname")) || !Path::new("/etc/hostname").exists()
        );
        let dir = std::env::temp_dir().join(format!("tabula-nobody-{}", std::process::id()));
        let inner = dir.join("inner");
        std::fs::create_dir_all(&inner).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        assert!(!nobody_can_read(&inner));
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(nobody_can_read(&inner));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn hidden_folders_inside_a_bound_folder_are_covered_and_forbidden_ones_never_bound() {
        let here = std::env::current_dir().unwrap().canonicalize().unwrap();
        let sandbox = Sandbox {
            bwrap: "/usr/bin/bwrap".into(),
            drop_root: false,
            forbidden: vec![here.join("docs")],
            players: vec![here.join("src"), here.join("examples")],
            copies: Arc::new(Copies::default()),
        };
        let view = View {
            read_only: vec![here.clone(), here.join("examples"), here.join("docs/games")],
            ..View::default()
        };
        let prepared = sandbox
            .command(&["true".into()], &view, &Limits::with_memory(1 << 30))
            .unwrap();
        assert_eq!(prepared.drop_to, None);
        let text = prepared.described();
        // src/ is inside the bound folder and not the player's own: covered.
        assert!(
            text.contains(&format!("--tmpfs {}", here.join("src").display())),
            "{text}"
        );
        // examples/ is the player's own folder: seen.
        assert!(
            !text.contains(&format!("--tmpfs {}", here.join("examples").display())),
            "{text}"
        );
        // docs/ is forbidden: covered inside the folder, and never bound itself.
        assert!(
            text.contains(&format!("--tmpfs {}", here.join("docs").display())),
            "{text}"
        );
        assert!(!text.contains("docs/games"), "{text}");
        // Read-only but for /tmp and /dev/shm.
        assert!(text.contains("--tmpfs /tmp"), "{text}");
        assert!(text.contains("--tmpfs /dev/shm"), "{text}");
        assert!(
            text.ends_with("--remount-ro /dev --remount-ro / --chdir /tmp -- true"),
            "{text}"
        );
    }
}

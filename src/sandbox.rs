//! The sandbox every player process runs in: bubblewrap (`bwrap`, the sandbox under
//! Flatpak) for what the player can see and reach, control groups (`cgroup`) for what
//! it can use, resource limits for the rest. `docs/security.md` has the threat model
//! and each layer.
//!
//! Inside, a player has its own user, network (none: only a loopback of its own), PID,
//! IPC and UTS namespaces; a read-only view of the system that interpreters need
//! (`/usr` and the `/bin`, `/lib*` links, a few files of `/etc`); read-only, the
//! folders its command line names (its own folder) and, for `tabula serve`, the tabula
//! binary and the rules; a private size-capped `/tmp` that dies with the game; and
//! nothing else. Started by root, it runs as `nobody` outside too.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The `PATH` inside the sandbox.
pub const SANDBOX_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// The user (and group) a sandbox runs as when tabula runs as root: `nobody`.
pub const NOBODY: u32 = 65534;

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
    /// The size of its scratch `/tmp`.
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
    /// Files and folders bound read-only at their own path.
    pub read_only: Vec<PathBuf>,
    /// Its working folder (default: its scratch `/tmp`).
    pub chdir: Option<PathBuf>,
    /// Environment variables besides `PATH`, `HOME`, `TMPDIR` and `LANG`.
    pub env: Vec<(String, String)>,
}

/// How a sandbox is entered on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entry {
    /// As `nobody`, through an unprivileged user namespace (root drops to it first).
    Unprivileged { drop_root: bool },
    /// As root, mapped to `nobody` inside with every capability dropped (where
    /// unprivileged user namespaces are off).
    RootMapped,
}

/// The sandbox of a match or a championship.
#[derive(Debug, Clone)]
pub struct Sandbox {
    bwrap: PathBuf,
    /// The ways in that work here, the preferred first.
    entries: Vec<Entry>,
    /// Paths no player sees even inside a folder it is given (the championship's
    /// folder, the other players' folders).
    hidden: Vec<PathBuf>,
}

impl Sandbox {
    /// The sandbox, if this machine can make one; else why not and how to fix it.
    pub fn new(hidden: Vec<PathBuf>) -> Result<Sandbox, String> {
        static PROBE: OnceLock<Result<(PathBuf, Vec<Entry>), String>> = OnceLock::new();
        let (bwrap, entries) = PROBE.get_or_init(probe).clone()?;
        Ok(Sandbox {
            bwrap,
            entries,
            hidden: hidden.iter().map(|p| absolute(p)).collect(),
        })
    }

    /// The command line that runs `argv` inside the sandbox, seeing `view`; and the
    /// user id to drop to (from root) just before starting it, if any.
    pub fn command(
        &self,
        argv: &[String],
        view: &View,
        limits: &Limits,
    ) -> (Vec<String>, Option<u32>) {
        // nobody must be able to reach what it is given: a folder under a private
        // home (/root is 0700) is bound by a sandbox entered as root instead.
        let reachable = view.read_only.iter().all(|p| nobody_can_read(&absolute(p)));
        let entry = self
            .entries
            .iter()
            .find(|e| reachable || **e == Entry::RootMapped)
            .or(self.entries.first())
            .cloned()
            .unwrap_or(Entry::Unprivileged { drop_root: false });
        let drop_to = matches!(entry, Entry::Unprivileged { drop_root: true }).then_some(NOBODY);
        let mut a: Vec<String> = vec![self.bwrap.to_string_lossy().into_owned()];
        let mut push = |items: &[&str]| a.extend(items.iter().map(|s| s.to_string()));
        push(&base_args(&entry));
        push(&[
            "--size",
            &limits.scratch_bytes.max(1 << 20).to_string(),
            "--tmpfs",
            "/tmp",
        ]);
        for (key, value) in &view.env {
            push(&["--setenv", key, value]);
        }
        let mut bound: Vec<PathBuf> = Vec::new();
        for path in &view.read_only {
            let path = absolute(path);
            if path.exists() && !bound.contains(&path) {
                let p = path.to_string_lossy();
                push(&["--ro-bind", &p, &p]);
                bound.push(path);
            }
        }
        // What is hidden stays hidden inside a folder given to the player, unless it
        // is (or holds) one of the player's own paths.
        for hidden in &self.hidden {
            let inside_bound = bound.iter().any(|b| hidden.starts_with(b) && hidden != b);
            let own = bound.iter().any(|b| b.starts_with(hidden));
            if inside_bound && !own && hidden.is_dir() {
                let h = hidden.to_string_lossy();
                push(&["--tmpfs", &h]);
            }
        }
        let chdir = view
            .chdir
            .as_ref()
            .map(|d| absolute(d).to_string_lossy().into_owned())
            .unwrap_or_else(|| "/tmp".into());
        push(&["--chdir", &chdir, "--"]);
        a.extend(argv.iter().cloned());
        (a, drop_to)
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
fn base_args(entry: &Entry) -> Vec<&'static str> {
    let mut a = vec![
        "--unshare-user",
        "--unshare-all",
        "--disable-userns",
        "--die-with-parent",
        "--new-session",
        "--hostname",
        "tabula",
    ];
    if *entry == Entry::RootMapped {
        a.extend(["--uid", "65534", "--gid", "65534", "--cap-drop", "ALL"]);
    }
    a.extend([
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
    ]);
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

/// Finds bwrap and checks that a sandbox starts here, the unprivileged way first.
fn probe() -> Result<(PathBuf, Vec<Entry>), String> {
    // $TABULA_BWRAP names a bwrap installed elsewhere.
    let bwrap = match std::env::var_os("TABULA_BWRAP") {
        Some(path) if !path.is_empty() => Some(PathBuf::from(path)).filter(|p| p.is_file()),
        _ => find_program("bwrap"),
    };
    let bwrap = bwrap.ok_or_else(|| {
        "bubblewrap (bwrap) is not installed: install it (Debian/Ubuntu: apt-get install bubblewrap; \
         Fedora: dnf install bubblewrap)"
            .to_string()
    })?;
    // SAFETY: geteuid(2) has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let mut errors = Vec::new();
    let mut candidates = vec![Entry::Unprivileged { drop_root: root }];
    if root {
        candidates.push(Entry::RootMapped);
    }
    let mut entries = Vec::new();
    for entry in candidates {
        match try_entry(&bwrap, &entry) {
            Ok(()) => entries.push(entry),
            Err(e) => errors.push(e),
        }
    }
    if !entries.is_empty() {
        return Ok((bwrap, entries));
    }
    Err(format!(
        "bubblewrap cannot make a sandbox on this machine ({}): user namespaces may be off \
         (sysctl user.max_user_namespaces=10000, and kernel.unprivileged_userns_clone=1 where it exists), \
         or this runs in a container that forbids them (run it with --privileged or a seccomp profile \
         that allows clone(CLONE_NEWUSER))",
        errors.join("; ")
    ))
}

fn try_entry(bwrap: &Path, entry: &Entry) -> Result<(), String> {
    let mut command = Command::new(bwrap);
    command
        .args(base_args(entry))
        .args(["--", "/bin/true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if matches!(entry, Entry::Unprivileged { drop_root: true }) {
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
    path.canonicalize().unwrap_or_else(|_| {
        std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    })
}

/// The view of a program given as `argv` (the `cmd:` of a player): each argument that
/// names an existing file or folder is made absolute, and the folder holding it (or
/// the folder itself) is bound read-only; the program runs in the folder of the first
/// such argument. The program itself is looked up on the sandbox's `PATH` unless it
/// is a path. Returns the rewritten argv and the view.
pub fn program_view(argv: &[String]) -> (Vec<String>, View) {
    let mut view = View::default();
    let mut out = Vec::with_capacity(argv.len());
    for (k, arg) in argv.iter().enumerate() {
        let path = Path::new(arg);
        let names_a_path = (k > 0 || arg.contains('/')) && !arg.starts_with('-');
        if names_a_path && path.exists() {
            let abs = absolute(path);
            let folder = if abs.is_dir() {
                abs.clone()
            } else {
                abs.parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| abs.clone())
            };
            if view.chdir.is_none() {
                view.chdir = Some(folder.clone());
            }
            if !view.read_only.contains(&folder) {
                view.read_only.push(folder);
            }
            out.push(abs.to_string_lossy().into_owned());
        } else {
            out.push(arg.clone());
        }
    }
    (out, view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_line_binds_the_folders_it_names() {
        let here = std::env::current_dir().unwrap();
        let argv: Vec<String> = [
            "python3",
            "examples/random_bot.py",
            "--seed",
            "3",
            "nothing/here",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let (argv, view) = program_view(&argv);
        let examples = here.join("examples").canonicalize().unwrap();
        assert_eq!(argv[0], "python3");
        assert_eq!(argv[1], examples.join("random_bot.py").to_string_lossy());
        assert_eq!(&argv[2..], ["--seed", "3", "nothing/here"]);
        assert_eq!(view.read_only, vec![examples.clone()]);
        assert_eq!(view.chdir, Some(examples));
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
    fn hidden_folders_inside_a_bound_folder_are_covered() {
        let here = std::env::current_dir().unwrap().canonicalize().unwrap();
        let sandbox = Sandbox {
            bwrap: "/usr/bin/bwrap".into(),
            entries: vec![Entry::Unprivileged { drop_root: false }],
            hidden: vec![here.join("src"), here.join("examples")],
        };
        let view = View {
            read_only: vec![here.clone(), here.join("examples")],
            chdir: None,
            env: vec![],
        };
        let (argv, drop_to) =
            sandbox.command(&["true".into()], &view, &Limits::with_memory(1 << 30));
        assert_eq!(drop_to, None);
        let text = argv.join(" ");
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
        assert!(text.ends_with("--chdir /tmp -- true"), "{text}");
    }
}

//! Control groups for player processes: one group per player and game, holding the
//! player and everything it starts, with its memory, process count and cores capped,
//! frozen while it is not the player's turn, and killed whole at the end.
//!
//! Machines differ: cgroup v2 alone (`/sys/fs/cgroup` is a `cgroup2` mount), the hybrid
//! layout (v1 controllers under `/sys/fs/cgroup/NAME`, a `cgroup2` mount at
//! `/sys/fs/cgroup/unified` that carries no controller but does carry `cgroup.freeze`,
//! `cgroup.kill` and `cpu.stat`), or v1 alone. So every feature is looked for on its
//! own, v2 first: freezing and killing in v2 (core files, no controller needed), else
//! in the v1 `freezer`; memory, processes and cores in v2 when the v2 group has the
//! controller, else in the v1 `memory`, `pids` and `cpuset` hierarchies; CPU time from
//! v2 `cpu.stat`, else v1 `cpuacct`. Each group is made under the cgroup this process
//! is in (read from `/proc/self/cgroup`), so the limits of whoever runs tabula still
//! apply. What is missing is reported by [`Hierarchies::missing`], and the sandbox
//! falls back to resource limits (`setrlimit`) for it.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Where this process's own groups are, per feature.
#[derive(Debug, Clone, Default)]
pub struct Hierarchies {
    /// This process's group in the v2 hierarchy, if one is mounted and writable.
    v2: Option<PathBuf>,
    /// The v2 controllers that a child of `v2` gets (`memory`, `pids`, `cpuset`).
    v2_controllers: Vec<String>,
    /// This process's group in each writable v1 hierarchy, by controller.
    v1: Vec<(String, PathBuf)>,
}

/// The features a player's group can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    Freeze,
    Kill,
    Memory,
    Processes,
    Cores,
    CpuTime,
    CpuShare,
}

impl Feature {
    pub const ALL: [Feature; 7] = [
        Feature::Freeze,
        Feature::Kill,
        Feature::Memory,
        Feature::Processes,
        Feature::Cores,
        Feature::CpuTime,
        Feature::CpuShare,
    ];

    pub fn describe(self) -> &'static str {
        match self {
            Feature::Freeze => "freezing the player not to move",
            Feature::Kill => "killing a player's processes at once",
            Feature::Memory => "a memory cap on all of a player's processes",
            Feature::Processes => "a cap on a player's processes",
            Feature::Cores => "pinning a game to its cores",
            Feature::CpuTime => "measuring a player's CPU time",
            Feature::CpuShare => {
                "keeping play that grades nothing (the site's /play) from slowing graded games"
            }
        }
    }
}

/// Whose CPU comes first when the machine is busy. A graded game's player (a match, a
/// championship, a qualification) is in a group of the default weight, as the
/// referee and the site are; play that grades nothing (the site's `/play`, `tabula
/// web`, the window and the terminal) is in an *idle* group (`cpu.idle`, or the
/// least weight where the kernel has no `cpu.idle`), which runs only on what the
/// others leave: however much of it there is, it cannot slow a graded game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Priority {
    #[default]
    Graded,
    Casual,
}

impl Hierarchies {
    /// The hierarchies of this machine, looked up once.
    pub fn detect() -> &'static Hierarchies {
        static FOUND: OnceLock<Hierarchies> = OnceLock::new();
        FOUND.get_or_init(|| {
            let mounts = fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
            let own = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
            let found = Hierarchies::from_tables(&mounts, &own);
            found.remove_stale();
            found
        })
    }

    /// Removes the empty groups of tabula processes that are gone (one killed before it
    /// could remove its own): `tabula-PID-N` where no process PID runs. A group still
    /// holding a process is left alone (the kernel refuses to remove it anyway).
    fn remove_stale(&self) {
        let parents = self.v2.iter().chain(self.v1.iter().map(|(_, d)| d));
        for parent in parents {
            let Ok(entries) = fs::read_dir(parent) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name();
                let pid = name
                    .to_str()
                    .and_then(|n| n.strip_prefix("tabula-"))
                    .and_then(|rest| rest.split_once('-'))
                    .and_then(|(pid, _)| pid.parse::<u32>().ok());
                if let Some(pid) = pid
                    && pid != std::process::id()
                    && !Path::new(&format!("/proc/{pid}")).exists()
                {
                    let _ = fs::remove_dir(entry.path());
                }
            }
        }
    }

    /// The hierarchies described by `/proc/self/mountinfo` and `/proc/self/cgroup`,
    /// keeping only groups this process may create children in.
    fn from_tables(mountinfo: &str, own: &str) -> Hierarchies {
        let mut found = Hierarchies::default();
        for line in mountinfo.lines() {
            // ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ... - FSTYPE SOURCE SUPEROPTIONS
            let Some((left, right)) = line.split_once(" - ") else {
                continue;
            };
            let fields: Vec<&str> = left.split(' ').collect();
            let rest: Vec<&str> = right.split(' ').collect();
            let (Some(root), Some(mount), Some(fstype)) =
                (fields.get(3), fields.get(4), rest.first())
            else {
                continue;
            };
            let super_options = rest.get(2).copied().unwrap_or("");
            match *fstype {
                "cgroup2" => {
                    let Some(path) = own_path(own, |c| c.is_empty()) else {
                        continue;
                    };
                    let dir = Path::new(mount).join(relative(root, &path));
                    if writable(&dir) && found.v2.is_none() {
                        found.v2_controllers = enable_v2_controllers(&dir);
                        found.v2 = Some(dir);
                    }
                }
                "cgroup" => {
                    for controller in ["memory", "pids", "cpuset", "freezer", "cpuacct", "cpu"] {
                        if !super_options.split(',').any(|o| o == controller) {
                            continue;
                        }
                        let Some(path) =
                            own_path(own, |c| c.split(',').any(|name| name == controller))
                        else {
                            continue;
                        };
                        let dir = Path::new(mount).join(relative(root, &path));
                        if writable(&dir) && !found.v1.iter().any(|(c, _)| c == controller) {
                            found.v1.push((controller.to_string(), dir));
                        }
                    }
                }
                _ => {}
            }
        }
        found
    }

    fn v1_dir(&self, controller: &str) -> Option<&Path> {
        self.v1
            .iter()
            .find(|(c, _)| c == controller)
            .map(|(_, d)| d.as_path())
    }

    fn v2_has(&self, controller: &str) -> bool {
        self.v2.is_some() && self.v2_controllers.iter().any(|c| c == controller)
    }

    /// Whether groups made here have `feature`.
    pub fn has(&self, feature: Feature) -> bool {
        match feature {
            Feature::Freeze => self.v2.is_some() || self.v1_dir("freezer").is_some(),
            // Without cgroup.kill, a freezer lets a kill catch every process at rest.
            Feature::Kill => self.v2.is_some() || self.v1_dir("freezer").is_some(),
            Feature::Memory => self.v2_has("memory") || self.v1_dir("memory").is_some(),
            Feature::Processes => self.v2_has("pids") || self.v1_dir("pids").is_some(),
            Feature::Cores => self.v2_has("cpuset") || self.v1_dir("cpuset").is_some(),
            Feature::CpuTime => self.v2.is_some() || self.v1_dir("cpuacct").is_some(),
            Feature::CpuShare => self.v2_has("cpu") || self.v1_dir("cpu").is_some(),
        }
    }

    /// The features groups made here lack.
    pub fn missing(&self) -> Vec<Feature> {
        Feature::ALL.into_iter().filter(|f| !self.has(*f)).collect()
    }

    /// What groups made here lack, in words (`None`: nothing).
    pub fn missing_text(&self) -> Option<String> {
        let missing = self.missing();
        (!missing.is_empty()).then(|| {
            missing
                .iter()
                .map(|f| f.describe())
                .collect::<Vec<_>>()
                .join(", ")
        })
    }

    /// Makes a group for one player: `memory` bytes (0: no cap), at most `processes`
    /// processes (0: no cap), on `cores` (empty: any), its CPU claim by `priority`.
    /// Parts that cannot be made are left out; `None` when nothing could be made.
    pub fn create(
        &self,
        memory: u64,
        processes: u64,
        cores: &[usize],
        priority: Priority,
    ) -> Option<Group> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "tabula-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut group = Group::default();
        if let Some(parent) = &self.v2 {
            let dir = parent.join(&name);
            if fs::create_dir(&dir).is_ok() {
                if self.v2_has("memory") && memory > 0 {
                    group.memory_v2 = write(&dir.join("memory.max"), &memory.to_string());
                    let _ = write(&dir.join("memory.swap.max"), "0");
                }
                if self.v2_has("pids") && processes > 0 {
                    group.pids = write(&dir.join("pids.max"), &processes.to_string());
                }
                if self.v2_has("cpuset") && !cores.is_empty() {
                    group.cores = write(&dir.join("cpuset.cpus"), &core_list(cores));
                }
                if self.v2_has("cpu") {
                    group.cpu_share = set_priority(&dir, priority, "cpu.weight", "1");
                }
                group.v2 = Some(dir);
            }
        }
        for (controller, parent) in &self.v1 {
            let wanted = match controller.as_str() {
                "memory" => memory > 0 && !group.memory_v2,
                "pids" => processes > 0 && !group.pids,
                "cpuset" => !cores.is_empty() && !group.cores,
                "freezer" => group.v2.is_none(),
                "cpuacct" => group.v2.is_none(),
                "cpu" => !group.cpu_share,
                _ => false,
            };
            if !wanted {
                continue;
            }
            let dir = parent.join(&name);
            // Controllers mounted together (cpu,cpuacct) share one folder.
            let shared = group.v1.iter().any(|(_, d)| *d == dir);
            if fs::create_dir(&dir).is_err() && !shared {
                continue;
            }
            let ok = match controller.as_str() {
                "memory" => {
                    let ok = write(&dir.join("memory.limit_in_bytes"), &memory.to_string());
                    // With swap accounting, swap counts too (it must be set after).
                    let _ = write(
                        &dir.join("memory.memsw.limit_in_bytes"),
                        &memory.to_string(),
                    );
                    group.memory_v1 = ok;
                    ok
                }
                "pids" => {
                    group.pids = write(&dir.join("pids.max"), &processes.to_string());
                    group.pids
                }
                "cpu" => {
                    group.cpu_share = set_priority(&dir, priority, "cpu.shares", "2");
                    group.cpu_share
                }
                "cpuset" => {
                    // A v1 cpuset starts empty: it needs its memory nodes too.
                    let mems = fs::read_to_string(parent.join("cpuset.mems")).unwrap_or_default();
                    group.cores = write(&dir.join("cpuset.mems"), mems.trim())
                        && write(&dir.join("cpuset.cpus"), &core_list(cores));
                    group.cores
                }
                _ => true,
            };
            if ok {
                group.v1.push((controller.clone(), dir));
            } else if !shared {
                let _ = fs::remove_dir(&dir);
            }
        }
        (group.v2.is_some() || !group.v1.is_empty()).then_some(group)
    }
}

/// Gives the group at `dir` its CPU claim: a graded player's the default weight; play
/// that grades nothing `cpu.idle` (it runs on what the others leave), or, where the
/// kernel has none, the least weight (`least`, in `weight_file`).
fn set_priority(dir: &Path, priority: Priority, weight_file: &str, least: &str) -> bool {
    match priority {
        Priority::Graded => dir.join(weight_file).exists(),
        Priority::Casual => {
            write(&dir.join("cpu.idle"), "1") || write(&dir.join(weight_file), least)
        }
    }
}

/// The group that this process's own threads of play that grades nothing join (the
/// engines of the browser's games, [`Group::join_this_thread`]): made once, idle.
pub fn casual_threads() -> Option<&'static Group> {
    static GROUP: OnceLock<Option<Group>> = OnceLock::new();
    GROUP
        .get_or_init(|| {
            let h = Hierarchies::detect();
            let parent = h.v1_dir("cpu")?;
            let dir = parent.join(format!("tabula-{}-casual", std::process::id()));
            if fs::create_dir(&dir).is_err() && !dir.is_dir() {
                return None;
            }
            let mut group = Group::default();
            group.cpu_share = set_priority(&dir, Priority::Casual, "cpu.shares", "2");
            group.v1.push(("cpu".into(), dir));
            group.cpu_share.then_some(group)
        })
        .as_ref()
}

/// Makes the calling thread one of play that grades nothing: the idle scheduling
/// policy (`SCHED_IDLE`, which an unprivileged thread cannot leave), and the idle
/// group of [`casual_threads`] where groups take single threads. For the engines of
/// the browser's games (the site's `/play`), which run inside the site's process.
pub fn make_this_thread_casual() {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: sched_setscheduler on the calling thread (0), with a valid parameter.
    unsafe {
        libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
    }
    if let Some(group) = casual_threads() {
        group.join_this_thread();
    }
}

/// The path of this process's group in the hierarchy whose controller list (the
/// second field of `/proc/self/cgroup`) satisfies `wanted`.
fn own_path(own: &str, wanted: impl Fn(&str) -> bool) -> Option<String> {
    own.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        wanted(controllers).then(|| path.to_string())
    })
}

/// `path` (from `/proc/self/cgroup`) relative to a mount whose root is `root`.
fn relative(root: &str, path: &str) -> PathBuf {
    let rest = path.strip_prefix(root).unwrap_or(path);
    PathBuf::from(rest.trim_start_matches('/'))
}

fn writable(dir: &Path) -> bool {
    let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_encoded_bytes()) else {
        return false;
    };
    // SAFETY: access(2) on a NUL-terminated path we own.
    dir.is_dir() && unsafe { libc::access(c.as_ptr(), libc::W_OK) } == 0
}

/// Turns on the controllers a v2 group's children need, where the group allows it
/// (a group that holds processes itself may not, v2's "no internal processes" rule);
/// the controllers its children will have.
fn enable_v2_controllers(dir: &Path) -> Vec<String> {
    let available = fs::read_to_string(dir.join("cgroup.controllers")).unwrap_or_default();
    for controller in ["memory", "pids", "cpuset", "cpu"] {
        if available.split_whitespace().any(|c| c == controller) {
            let _ = write(
                &dir.join("cgroup.subtree_control"),
                &format!("+{controller}"),
            );
        }
    }
    fs::read_to_string(dir.join("cgroup.subtree_control"))
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

fn write(path: &Path, text: &str) -> bool {
    OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .is_ok()
}

fn core_list(cores: &[usize]) -> String {
    cores
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// One player's group, in each hierarchy where it could be made. Dropping it kills
/// whatever is still in it and removes it.
#[derive(Debug, Default)]
pub struct Group {
    v2: Option<PathBuf>,
    v1: Vec<(String, PathBuf)>,
    memory_v2: bool,
    memory_v1: bool,
    pids: bool,
    cores: bool,
    /// Whether its CPU claim is set (weight or idle, [`Priority`]).
    cpu_share: bool,
}

impl Group {
    /// Moves the calling thread (not its process) into this group's CPU hierarchy:
    /// v1 groups take single threads (`tasks`, where `0` means the writer). False
    /// where that cannot be done (cgroup v2 takes whole processes here).
    pub fn join_this_thread(&self) -> bool {
        self.v1_dir("cpu")
            .is_some_and(|dir| write(&dir.join("tasks"), "0"))
    }

    fn v1_dir(&self, controller: &str) -> Option<&Path> {
        self.v1
            .iter()
            .find(|(c, _)| c == controller)
            .map(|(_, d)| d.as_path())
    }

    /// Whether the group caps memory, processes and cores.
    pub fn caps_memory(&self) -> bool {
        self.memory_v2 || self.memory_v1
    }
    pub fn caps_processes(&self) -> bool {
        self.pids
    }
    pub fn pins_cores(&self) -> bool {
        self.cores
    }

    /// The `cgroup.procs` files a new process writes itself into (open them before
    /// forking; the child writes "0" to each, which means "me").
    pub fn procs_files(&self) -> Vec<File> {
        self.v2
            .iter()
            .chain(self.v1.iter().map(|(_, d)| d))
            .filter_map(|d| {
                OpenOptions::new()
                    .write(true)
                    .custom_flags(libc::O_CLOEXEC)
                    .open(d.join("cgroup.procs"))
                    .ok()
            })
            .collect()
    }

    /// Moves the process `pid` (and its threads) into the group, in every hierarchy;
    /// false if one refused.
    pub fn adopt(&self, pid: i32) -> bool {
        let files = self.procs_files();
        !files.is_empty()
            && files
                .into_iter()
                .all(|mut f| std::io::Write::write_all(&mut f, pid.to_string().as_bytes()).is_ok())
    }

    /// Stops every process in the group where it stands (false: no freezer).
    pub fn freeze(&self) -> bool {
        if let Some(dir) = &self.v2 {
            return write(&dir.join("cgroup.freeze"), "1");
        }
        match self.v1_dir("freezer") {
            Some(dir) => write(&dir.join("freezer.state"), "FROZEN"),
            None => false,
        }
    }

    /// Lets the group's processes run again.
    pub fn thaw(&self) -> bool {
        if let Some(dir) = &self.v2 {
            return write(&dir.join("cgroup.freeze"), "0");
        }
        match self.v1_dir("freezer") {
            Some(dir) => write(&dir.join("freezer.state"), "THAWED"),
            None => false,
        }
    }

    /// The processes in the group.
    pub fn pids(&self) -> Vec<i32> {
        let mut pids: Vec<i32> = self
            .v2
            .iter()
            .chain(self.v1.iter().map(|(_, d)| d))
            .flat_map(|d| {
                fs::read_to_string(d.join("cgroup.procs"))
                    .unwrap_or_default()
                    .lines()
                    .filter_map(|l| l.trim().parse().ok())
                    .collect::<Vec<i32>>()
            })
            .collect();
        pids.sort_unstable();
        pids.dedup();
        pids
    }

    /// Kills every process in the group and waits (a little) until none is left.
    pub fn kill_all(&self) {
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            if let Some(dir) = &self.v2 {
                let _ = write(&dir.join("cgroup.kill"), "1");
            }
            let pids = self.pids();
            if pids.is_empty() || Instant::now() > deadline {
                break;
            }
            // v1: freeze first so that nothing forks between the listing and the
            // kill, then thaw so that the frozen processes receive their SIGKILL.
            let frozen = self.v2.is_none() && self.freeze();
            for pid in &pids {
                // SAFETY: kill(2) with a pid read from the group's own list.
                unsafe {
                    libc::kill(*pid, libc::SIGKILL);
                }
            }
            if frozen {
                self.thaw();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// CPU time used by the group so far.
    pub fn cpu_time(&self) -> Option<Duration> {
        if let Some(dir) = &self.v2 {
            let stat = fs::read_to_string(dir.join("cpu.stat")).ok()?;
            let usec = stat.lines().find_map(|l| {
                l.strip_prefix("usage_usec ")
                    .and_then(|v| v.trim().parse::<u64>().ok())
            })?;
            return Some(Duration::from_micros(usec));
        }
        let ns = fs::read_to_string(self.v1_dir("cpuacct")?.join("cpuacct.usage")).ok()?;
        ns.trim().parse().ok().map(Duration::from_nanos)
    }

    /// The memory the group's processes hold now, where the group caps memory.
    pub fn memory_used(&self) -> Option<u64> {
        let file = if self.memory_v2 {
            self.v2.as_ref()?.join("memory.current")
        } else if self.memory_v1 {
            self.v1_dir("memory")?.join("memory.usage_in_bytes")
        } else {
            return None;
        };
        fs::read_to_string(file).ok()?.trim().parse().ok()
    }

    /// Whether the kernel killed a process of the group for going over its memory cap.
    pub fn out_of_memory(&self) -> bool {
        let count = |text: String| {
            text.lines()
                .find_map(|l| l.strip_prefix("oom_kill "))
                .and_then(|v| v.trim().parse::<u64>().ok())
                .is_some_and(|n| n > 0)
        };
        if self.memory_v2
            && let Some(dir) = &self.v2
        {
            return fs::read_to_string(dir.join("memory.events")).is_ok_and(count);
        }
        self.v1_dir("memory")
            .is_some_and(|dir| fs::read_to_string(dir.join("memory.oom_control")).is_ok_and(count))
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.thaw();
        self.kill_all();
        // A group can only be removed once empty; the kernel may take a moment to
        // reap the last process.
        let dirs: Vec<PathBuf> = self
            .v2
            .iter()
            .cloned()
            .chain(self.v1.iter().map(|(_, d)| d.clone()))
            .collect();
        for dir in dirs {
            for _ in 0..200 {
                if fs::remove_dir(&dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_groups_are_found_in_hybrid_and_pure_layouts() {
        let hybrid_mounts = "\
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw";
        let own = "4:memory:/process_api/abc\n3:cpuset:/\n0::/\n";
        assert_eq!(
            own_path(own, |c| c.split(',').any(|n| n == "memory")).as_deref(),
            Some("/process_api/abc")
        );
        assert_eq!(own_path(own, str::is_empty).as_deref(), Some("/"));
        assert_eq!(
            relative("/", "/process_api/abc"),
            PathBuf::from("process_api/abc")
        );
        // A container whose cgroup root is its own group.
        assert_eq!(
            relative("/docker/x", "/docker/x/inner"),
            PathBuf::from("inner")
        );
        // Parsing never panics, whatever the tables hold.
        let _ = Hierarchies::from_tables(hybrid_mounts, own);
        let _ = Hierarchies::from_tables("garbage\n - \n", "::\n:\n");
        assert_eq!(core_list(&[0, 2, 3]), "0,2,3");
    }
}

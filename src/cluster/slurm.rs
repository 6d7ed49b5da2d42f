//! `tabula tournament … --slurm`: a championship played on a Slurm cluster. The
//! schedule is split into shards (`--shard K/N`, see [`crate::referee::championship::shards`]); a job array
//! runs one `tabula tournament --shard K/N` per task, each into its own folder
//! `DIR/shard-K`; this process follows the tasks with `squeue`, submits again the
//! shards whose task ended before their games were all recorded (failed, cancelled,
//! preempted, out of time: they resume from their records), and merges the shards
//! into `DIR` when all are done. Slurm's accounting (`sacct`) is not needed: a
//! shard's folder says whether it is complete.

use crate::cluster::merge;
use crate::game::GameError;
use clap::Args;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

/// The cluster's options of `tabula tournament`.
#[derive(Args, Debug, Clone, Default)]
pub struct SlurmArgs {
    /// Play on a Slurm cluster: a job array of --shards tasks, followed, shards that
    /// fail submitted again, and merged into --out (docs/cluster.md)
    #[arg(long)]
    pub slurm: bool,
    /// How many shards (array tasks) with --slurm
    #[arg(long, requires = "slurm", default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..))]
    pub shards: u16,
    /// The Slurm partition to submit to (sbatch --partition)
    #[arg(long, requires = "slurm")]
    pub partition: Option<String>,
    /// Each shard's time limit (sbatch --time, e.g. 2:00:00)
    #[arg(long, requires = "slurm", value_name = "TIME")]
    pub time_limit: Option<String>,
    /// An argument passed to sbatch as it is (repeatable), e.g. --sbatch-arg=--account=cs346
    #[arg(
        long = "sbatch-arg",
        requires = "slurm",
        value_name = "ARG",
        allow_hyphen_values = true
    )]
    pub sbatch_args: Vec<String>,
    /// Only write DIR/slurm.sbatch, to submit by hand (`sbatch DIR/slurm.sbatch`), then
    /// `tabula tournament merge DIR/shard-* --out DIR`
    #[arg(long, requires = "slurm")]
    pub dry_run: bool,
}

/// The job script's file name in the championship's folder.
pub const SCRIPT: &str = "slurm.sbatch";
/// The jobs submitted so far, one id a line.
const JOBS_FILE: &str = "slurm-jobs.txt";
/// How often a shard is submitted before the championship gives up.
const MAX_SUBMISSIONS: u32 = 4;

fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// The shard folders of a championship folder.
pub fn shard_dirs(out: &Path, shards: usize) -> Vec<PathBuf> {
    (1..=shards)
        .map(|k| out.join(format!("shard-{k}")))
        .collect()
}

/// The file system a path lies on, when it is one that only this machine sees.
fn local_file_system(path: &Path) -> Option<&'static str> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: statfs fills the struct we own from a NUL-terminated path.
    let mut st: libc::statfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statfs(c.as_ptr(), &mut st) } != 0 {
        return None;
    }
    // The magic numbers of statfs(2) for the usual local file systems.
    #[allow(clippy::unnecessary_cast)]
    match st.f_type as i64 {
        0xEF53 => Some("ext4"),
        0x5846_5342 => Some("xfs"),
        0x9123_683E => Some("btrfs"),
        0x0102_1994 => Some("tmpfs"),
        0x794C_7630 => Some("overlayfs"),
        0x2FC1_2FC1 => Some("zfs"),
        _ => None,
    }
}

/// The paths the nodes must see: tabula, its Prolog and Lisp folders, the
/// championship folder, and every player file or program named.
fn needed_paths(out: &Path, command: &[String]) -> Vec<PathBuf> {
    let mut paths = vec![
        std::env::current_exe().unwrap_or_default(),
        crate::players::sandbox::absolute(&crate::game::prolog_dir()),
        crate::players::sandbox::absolute(out),
    ];
    for w in command {
        let spec = w.split_once('=').map_or(w.as_str(), |(_, s)| s);
        for word in spec.trim_start_matches("cmd:").split_whitespace() {
            let p = Path::new(word);
            if (word.contains('/') || word.ends_with(".pl") || word.ends_with(".lisp"))
                && p.exists()
            {
                paths.push(crate::players::sandbox::absolute(p));
            }
        }
    }
    paths
}

/// Which nodes the cluster has, and whether it is just this machine.
fn cluster_is_this_machine() -> bool {
    let host = fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    let nodes = Command::new("sinfo")
        .args(["-h", "-o", "%n"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).to_string())
        .unwrap_or_default();
    let nodes: BTreeSet<&str> = nodes.split_whitespace().collect();
    !nodes.is_empty() && nodes.iter().all(|n| *n == host.trim())
}

/// Why a championship could not be played on the cluster, in words.
#[derive(Debug, Clone, thiserror::Error)]
pub enum SlurmError {
    /// A Slurm command could not run at all.
    #[error(
        "cannot run {tool} ({source}): is this a Slurm cluster's login node? (--dry-run writes the script only)"
    )]
    NoSlurm {
        tool: String,
        #[source]
        source: Arc<std::io::Error>,
    },
    /// A Slurm command ran and refused: the command line and what it said.
    #[error("{tool} {args}: {said}")]
    Refused {
        tool: String,
        args: String,
        said: String,
    },
    #[error("sbatch answered {0:?}, not a job id")]
    NotAJobId(String),
    /// A shard was submitted this many times and is still not complete.
    #[error("shard {shard} was submitted {times} times and is still not complete: see {}/slurm-*_{shard}.out", out.display())]
    ShardKeepsFailing {
        shard: usize,
        times: u32,
        out: PathBuf,
    },
    /// Something of this machine: the championship's folder, the job script, tabula.
    #[error("{what}: {source}")]
    Local {
        what: String,
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The championship's own error (its folder held by another run, the merge).
    #[error(transparent)]
    Championship(#[from] GameError),
}

impl SlurmError {
    fn local(what: impl Into<String>, source: std::io::Error) -> SlurmError {
        SlurmError::Local {
            what: what.into(),
            source: Arc::new(source),
        }
    }
}

/// Writes the job script; returns its path.
fn write_script(args: &SlurmArgs, out: &Path, command: &[String]) -> Result<PathBuf, SlurmError> {
    let tabula = std::env::current_exe().map_err(|e| SlurmError::local("cannot find tabula", e))?;
    let cwd =
        std::env::current_dir().map_err(|e| SlurmError::local("cannot tell this folder", e))?;
    let jobs = command
        .iter()
        .position(|w| w == "--jobs")
        .and_then(|i| command.get(i + 1))
        .and_then(|j| j.parse::<u32>().ok())
        .unwrap_or(1);
    let n = args.shards;
    let mut s = String::from("#!/bin/bash\n");
    s.push_str(&format!(
        "# A tabula championship on Slurm: shard K of {n} is array task K. Written by\n\
         # `tabula tournament … --slurm`; submit by hand with `sbatch {}`, then merge with\n\
         # `tabula tournament merge {}/shard-* --out {}`.\n",
        out.join(SCRIPT).display(),
        out.display(),
        out.display()
    ));
    s.push_str("#SBATCH --job-name=tabula\n");
    s.push_str(&format!("#SBATCH --array=1-{n}\n"));
    // A game in flight runs on cores of its own: as many cores as games at once.
    s.push_str(&format!("#SBATCH --cpus-per-task={jobs}\n"));
    s.push_str("#SBATCH --ntasks=1\n");
    s.push_str(&format!("#SBATCH --chdir={}\n", cwd.display()));
    s.push_str(&format!(
        "#SBATCH --output={}/slurm-%A_%a.out\n",
        out.display()
    ));
    if let Some(p) = &args.partition {
        s.push_str(&format!("#SBATCH --partition={p}\n"));
    }
    if let Some(t) = &args.time_limit {
        s.push_str(&format!("#SBATCH --time={t}\n"));
    }
    for a in &args.sbatch_args {
        s.push_str(&format!("#SBATCH {a}\n"));
    }
    s.push_str("set -eu\n");
    s.push_str(&format!(
        "export TABULA_PROLOG={}\n",
        quote(&crate::players::sandbox::absolute(&crate::game::prolog_dir()).to_string_lossy())
    ));
    let words: Vec<String> = command.iter().map(|w| quote(w)).collect();
    let jobs_arg = if command.iter().any(|w| w == "--jobs") {
        String::new()
    } else {
        " '--jobs' '1'".into()
    };
    s.push_str(&format!(
        "exec {} {}{jobs_arg} --out {}/shard-\"$SLURM_ARRAY_TASK_ID\" --shard \"$SLURM_ARRAY_TASK_ID\"/{n}\n",
        quote(&tabula.to_string_lossy()),
        words.join(" "),
        quote(&out.to_string_lossy()),
    ));
    let path = out.join(SCRIPT);
    fs::write(&path, s).map_err(|e| SlurmError::local(path.display().to_string(), e))?;
    Ok(path)
}

fn run_tool(tool: &str, args: &[String]) -> Result<String, SlurmError> {
    let o = Command::new(tool)
        .args(args)
        .output()
        .map_err(|e| SlurmError::NoSlurm {
            tool: tool.to_string(),
            source: Arc::new(e),
        })?;
    if !o.status.success() {
        return Err(SlurmError::Refused {
            tool: tool.to_string(),
            args: args.join(" "),
            said: String::from_utf8_lossy(&o.stderr).trim().to_string(),
        });
    }
    Ok(String::from_utf8_lossy(&o.stdout).to_string())
}

/// Submits the shards `which` of the script; returns the job id.
fn submit(script: &Path, which: &[usize]) -> Result<String, SlurmError> {
    let list: Vec<String> = which.iter().map(usize::to_string).collect();
    let out = run_tool(
        "sbatch",
        &[
            "--parsable".into(),
            format!("--array={}", list.join(",")),
            script.to_string_lossy().into(),
        ],
    )?;
    // `--parsable` prints `id` or `id;cluster`.
    let id = out.trim().split(';').next().unwrap_or("").to_string();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
        return Err(SlurmError::NotAJobId(out.trim().to_string()));
    }
    Ok(id)
}

/// The array tasks of these jobs still in the queue (pending or running): shard
/// number → state.
fn queued(jobs: &[String]) -> Result<BTreeMap<usize, String>, SlurmError> {
    let mut tasks = BTreeMap::new();
    let mut out = String::new();
    // One job at a time: squeue fails on a job it has forgotten (MinJobAge after the
    // job ended), and a forgotten job has nothing queued.
    for job in jobs {
        match run_tool(
            "squeue",
            &[
                "-h".into(),
                "-r".into(),
                "-j".into(),
                job.clone(),
                "-o".into(),
                "%i %T".into(),
            ],
        ) {
            Ok(text) => out.push_str(&text),
            Err(SlurmError::Refused { said, .. }) if said.contains("Invalid job id") => {}
            Err(e) => return Err(e),
        }
    }
    for line in out.lines() {
        let mut it = line.split_whitespace();
        let (Some(id), Some(state)) = (it.next(), it.next()) else {
            continue;
        };
        let Some(task) = id
            .split_once('_')
            .and_then(|(_, t)| t.parse::<usize>().ok())
        else {
            continue;
        };
        // A finished task may linger a moment in a completing state: it is not queued.
        if [
            "PENDING",
            "RUNNING",
            "CONFIGURING",
            "REQUEUED",
            "RESIZING",
            "SUSPENDED",
        ]
        .contains(&state)
        {
            tasks.insert(task, state.to_string());
        }
    }
    Ok(tasks)
}

/// Plays the championship on the cluster and merges it into `out`.
pub fn run(args: &SlurmArgs, out: &Path, command: &[String]) -> Result<(), SlurmError> {
    let out = crate::players::sandbox::absolute(out);
    fs::create_dir_all(&out).map_err(|e| SlurmError::local(out.display().to_string(), e))?;
    let n = usize::from(args.shards);
    // The nodes run tabula and read the players from the same paths as here.
    let this_machine = !args.dry_run && cluster_is_this_machine();
    for p in needed_paths(&out, command) {
        if let Some(fs_name) = local_file_system(&p) {
            if this_machine {
                continue;
            }
            println!(
                "note: {} is on a local file system ({fs_name}): the cluster's nodes must see it at the same path (a shared file system), or the shards fail",
                p.display()
            );
        }
    }
    if this_machine {
        println!("the cluster is this machine: its nodes see every file here");
    }
    let script = write_script(args, &out, command)?;
    let dirs = shard_dirs(&out, n);
    if args.dry_run {
        println!(
            "wrote {}\nsubmit it:   sbatch {}\nthen merge:  tabula tournament merge {}/shard-* --out {}",
            script.display(),
            script.display(),
            out.display(),
            out.display()
        );
        return Ok(());
    }
    let _lock = crate::referee::championship::lock_folder(&out)?;
    let jobs_path = out.join(JOBS_FILE);
    let mut jobs: Vec<String> = fs::read_to_string(&jobs_path)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .filter(|l| !l.is_empty())
        .collect();
    let mut submissions: BTreeMap<usize, u32> = BTreeMap::new();
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {elapsed_precise}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    loop {
        let complete: Vec<bool> = dirs.iter().map(|d| merge::shard_complete(d)).collect();
        let queue = if complete.iter().all(|c| *c) {
            BTreeMap::new()
        } else {
            queued(&jobs)?
        };
        let (recorded, scheduled) = merge::progress(&dirs);
        let done = complete.iter().filter(|c| **c).count();
        if scheduled > 0 {
            bar.set_length(scheduled as u64);
        }
        bar.set_position(recorded as u64);
        bar.set_message(format!(
            "{done}/{n} shards done, {} running, {} waiting",
            queue.values().filter(|s| *s == "RUNNING").count(),
            queue.values().filter(|s| *s != "RUNNING").count()
        ));
        if done == n {
            break;
        }
        // Shards neither complete nor in the queue: (re)submit them.
        let lost: Vec<usize> = (1..=n)
            .filter(|k| !complete[k - 1] && !queue.contains_key(k))
            .collect();
        if !lost.is_empty() {
            for k in &lost {
                let count = submissions.entry(*k).or_insert(0);
                *count += 1;
                if *count > MAX_SUBMISSIONS {
                    bar.finish_and_clear();
                    return Err(SlurmError::ShardKeepsFailing {
                        shard: *k,
                        times: MAX_SUBMISSIONS,
                        out: out.clone(),
                    });
                }
            }
            let again: Vec<usize> = lost
                .iter()
                .copied()
                .filter(|k| submissions.get(k).copied().unwrap_or(0) > 1 || !jobs.is_empty())
                .collect();
            let id = submit(&script, &lost)?;
            bar.suspend(|| {
                if again.is_empty() {
                    println!("submitted job {id}: shards {}", list(&lost));
                } else {
                    println!(
                        "submitted job {id}: shards {} (again: they stopped before their games were all recorded)",
                        list(&lost)
                    );
                }
            });
            jobs.push(id);
            fs::write(&jobs_path, jobs.join("\n") + "\n")
                .map_err(|e| SlurmError::local(jobs_path.display().to_string(), e))?;
            continue;
        }
        std::thread::sleep(Duration::from_secs(2));
    }
    bar.finish_and_clear();
    println!("all {n} shards are done: merging");
    for line in merge::merge(&dirs, &out, rules_of(command).as_deref())? {
        println!("{line}");
    }
    Ok(())
}

fn list(shards: &[usize]) -> String {
    shards
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn rules_of(command: &[String]) -> Option<PathBuf> {
    command
        .iter()
        .position(|w| w == "--rules")
        .and_then(|i| command.get(i + 1))
        .map(PathBuf::from)
}

//! Championships beyond one machine: shards played apart and merged give exactly the
//! unsharded result; the merge refuses a missing shard, a doubled game and a shard of
//! another championship; and a real Slurm cluster (the one `.ci/slurm.sh up` starts)
//! plays a championship as a job array, one task killed with `scancel` mid-run and
//! submitted again, with the same result as the unsharded run.

use crate::common::{tabula, text};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A small king-and-pawn championship of deterministic players (the same seed, the
/// same games), short moves.
const PLAYERS: &[&str] = &[
    "--player",
    "perfect",
    "--player",
    "greedy",
    "--player",
    "random",
    "--player",
    "g2=greedy",
];

/// On Slurm, with an example player (a student's file) too.
const STUDENT: &[&str] = &["--player", "student=examples/kingpawn_player.pl"];

fn championship(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["tournament", "kingpawn", "--out", dir.to_str().unwrap()];
    args.extend_from_slice(PLAYERS);
    args.extend_from_slice(&["--seed", "5", "--move-time", "0.2", "--jobs", "1"]);
    args.extend_from_slice(extra);
    tabula(&args)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn shards_merge_into_the_unsharded_result_and_nothing_else() {
    let base = crate::common::scratch("cluster", "merge");
    let whole = base.join("whole");
    let o = championship(&whole, &[]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let shard = |k: usize| base.join(format!("s{k}"));
    for k in 1..=3 {
        let o = championship(&shard(k), &["--shard", &format!("{k}/3")]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(text(&o.stdout).contains(&format!("shard {k}/3: 4 games recorded")));
    }
    let merged = base.join("merged");
    let s: Vec<String> = (1..=3)
        .map(|k| shard(k).to_string_lossy().into_owned())
        .collect();
    let mut args = vec!["tournament", "merge", &s[0], &s[1], &s[2], "--out"];
    let m = merged.to_string_lossy().into_owned();
    args.push(&m);
    let o = tabula(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    for file in ["standings.json", "standings.csv", "championship.json"] {
        assert_eq!(read(&merged.join(file)), read(&whole.join(file)), "{file}");
    }
    assert_eq!(crate::common::records(&merged).len(), 12);

    // A missing shard: named, with the games it holds; nothing written.
    let lonely = base.join("lonely");
    let l = lonely.to_string_lossy().into_owned();
    let o = tabula(&["tournament", "merge", &s[0], &s[1], "--out", &l]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("shard 3 of 3 is missing") && err.contains("4 of 12 games are not recorded"),
        "{err}"
    );
    assert!(!lonely.join("standings.json").exists());

    // A game recorded twice (in a shard not its own).
    let doubled = base.join("doubled");
    std::fs::create_dir_all(&doubled).unwrap();
    for f in ["championship.json", "shard.json", "games.jsonl"] {
        std::fs::copy(shard(2).join(f), doubled.join(f)).unwrap();
    }
    let first = read(&shard(1).join("games.jsonl"))
        .lines()
        .next()
        .unwrap()
        .to_string();
    let mut games = read(&doubled.join("games.jsonl"));
    games.push_str(&first);
    games.push('\n');
    std::fs::write(doubled.join("games.jsonl"), games).unwrap();
    let d = doubled.to_string_lossy().into_owned();
    let o = tabula(&["tournament", "merge", &s[0], &d, &s[2], "--out", &l]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("is recorded twice"), "{err}");
    assert!(err.contains("which belongs to shard 1"), "{err}");

    // A shard of another championship (another seed).
    let other = base.join("other");
    let o = tabula(&[
        "tournament",
        "kingpawn",
        "--out",
        other.to_str().unwrap(),
        "--player",
        "perfect",
        "--player",
        "greedy",
        "--player",
        "random",
        "--player",
        "g2=greedy",
        "--seed",
        "6",
        "--move-time",
        "0.2",
        "--jobs",
        "1",
        "--shard",
        "3/3",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let x = other.to_string_lossy().into_owned();
    let o = tabula(&["tournament", "merge", &s[0], &s[1], &x, "--out", &l]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("belongs to another championship"),
        "{}",
        text(&o.stderr)
    );

    // A shard's folder is not a whole championship's, nor another shard's.
    let o = championship(&shard(1), &[]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("holds one shard"),
        "{}",
        text(&o.stderr)
    );
    let o = championship(&shard(1), &["--shard", "2/3"]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("holds shard 1/3"),
        "{}",
        text(&o.stderr)
    );
}

fn slurm_present() -> bool {
    let up = Command::new("sinfo")
        .args(["-h", "-o", "%T"])
        .output()
        .is_ok_and(|o| o.status.success() && !text(&o.stdout).trim().is_empty());
    if !up && std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("no Slurm cluster here: {}", crate::common::missing("sinfo"));
    }
    up
}

#[test]
fn a_championship_on_slurm_survives_a_cancelled_shard() {
    if !slurm_present() {
        eprintln!("SKIPPED: no Slurm cluster (bash .ci/slurm.sh up starts one)");
        return;
    }
    let base = crate::common::scratch("cluster", "slurm");
    let whole = base.join("whole");
    let o = championship(&whole, STUDENT);
    assert!(o.status.success(), "{}", text(&o.stderr));

    let dir = base.join("on-slurm");
    let mut args: Vec<String> = vec![
        "tournament".into(),
        "kingpawn".into(),
        "--out".into(),
        dir.to_string_lossy().into(),
    ];
    args.extend(PLAYERS.iter().chain(STUDENT).map(|s| s.to_string()));
    args.extend(
        [
            "--seed",
            "5",
            "--move-time",
            "0.2",
            "--jobs",
            "1",
            "--slurm",
            "--shards",
            "3",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    let driver = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&args)
        .current_dir(crate::common::root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();

    // Once a shard has recorded a game, its task is cancelled: it must be submitted
    // again and resume.
    let start = Instant::now();
    let (job, victim) = loop {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "no shard started"
        );
        let jobs = std::fs::read_to_string(dir.join("slurm-jobs.txt")).unwrap_or_default();
        if let Some(job) = jobs.lines().next() {
            let victim = (1..=3).find(|k| {
                std::fs::read_to_string(dir.join(format!("shard-{k}/games.jsonl")))
                    .is_ok_and(|g| g.lines().count() >= 1 && g.lines().count() < 6)
            });
            if let Some(k) = victim {
                break (job.to_string(), k);
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let o = Command::new("scancel")
        .arg(format!("{job}_{victim}"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));

    let out = driver.wait_with_output().unwrap();
    let said = text(&out.stdout);
    assert!(out.status.success(), "{said}\n{}", text(&out.stderr));
    assert!(said.contains("submitted job"), "{said}");
    assert!(
        said.contains(&format!("shards {victim} (again")),
        "shard {victim} submitted again: {said}"
    );
    assert!(said.contains("merged 3 shards: 20 games of 20"), "{said}");
    for file in ["standings.json", "standings.csv"] {
        assert_eq!(read(&dir.join(file)), read(&whole.join(file)), "{file}");
    }
    let script = read(&dir.join("slurm.sbatch"));
    assert!(
        script.contains("#SBATCH --array=1-3") && script.contains("#SBATCH --cpus-per-task=1"),
        "{script}"
    );
}

#[test]
fn dry_run_writes_the_script_only() {
    let dir = crate::common::scratch("cluster", "dry");
    let out = dir.join("champ");
    let o = championship(
        &out,
        &[
            "--slurm",
            "--shards",
            "4",
            "--partition",
            "short",
            "--time-limit",
            "1:00:00",
            "--sbatch-arg=--account=cs346",
            "--dry-run",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let script = read(&out.join("slurm.sbatch"));
    for line in [
        "#SBATCH --array=1-4",
        "#SBATCH --partition=short",
        "#SBATCH --time=1:00:00",
        "#SBATCH --account=cs346",
        "--shard \"$SLURM_ARRAY_TASK_ID\"/4",
    ] {
        assert!(script.contains(line), "{line} in {script}");
    }
    assert!(text(&o.stdout).contains("sbatch"), "{}", text(&o.stdout));
    assert!(!out.join("slurm-jobs.txt").exists(), "nothing submitted");
}

#[test]
fn the_site_plays_its_championships_on_slurm() {
    use crate::common::site::*;
    if !slurm_present() {
        eprintln!("SKIPPED: no Slurm cluster (bash .ci/slurm.sh up starts one)");
        return;
    }
    let course = course("slurm", "kingpawn", |t| {
        t.replace("first_day = ", "# first_day = ")
            .replace("slurm = false", "slurm = true")
            .replace("shards = 10", "shards = 2")
    });
    let codes = import(&course, "ra1,Ana\nra2,Bia\n", false);
    let teacher = import(&course, "prof,Prof\n", true);
    let server = Server::start(&course);
    for (login, seed) in [("ra1", 1), ("ra2", 2)] {
        let c = first_sign_in(&server, login, &codes[login]);
        let (status, page) = upload(&c, &server, "bot.py", seeded_random_bot(seed));
        assert_eq!(status, reqwest::StatusCode::OK, "{page}");
    }
    let prof = first_sign_in(&server, "prof", &teacher["prof"]);
    run_championship(&prof, &server);
    wait_until(
        "the championship on Slurm",
        Duration::from_secs(300),
        || status_of(&prof, &server, 1) == "done",
    );
    let dir = course.join("championships/1");
    assert!(dir.join("slurm.sbatch").exists());
    assert!(dir.join("shard-1").is_dir() && dir.join("shard-2").is_dir());
    assert_eq!(
        crate::common::records(&dir).len(),
        2,
        "2 players: 2 games, merged"
    );
    let (_, page) = get(&prof, &server, "/championships/1");
    assert!(page.contains("Standings") && page.contains("ra2"), "{page}");
}

//! Fork servers (src/players/forkserver): a referee loads each of tabula's own players once per
//! match or championship and forks it for every game. Forked players must play exactly
//! the games fresh processes play, start every game as clean as a fresh process in a
//! fresh sandbox, and be contained like them: a player that kills its fork server
//! loses only its own game, and nothing outlives the match.

use crate::common::*;
use serde_json::Value;
use std::path::Path;

/// The forks the referee noted (`TABULA_TIMINGS`).
fn forks(stderr: &str) -> usize {
    stderr
        .lines()
        .filter(|l| l.contains("forked by its fork server"))
        .count()
}

/// Whether this machine gives a forked child a control group of its own, which fork
/// servers need (else every player starts afresh, which is what the other tests see).
fn forking_here() -> bool {
    let here = tabula::players::sandbox::cgroup::Hierarchies::detect()
        .has(tabula::players::sandbox::cgroup::Feature::Kill);
    assert!(
        here || std::env::var("CI").is_err(),
        "CI needs control groups here, to test fork servers"
    );
    here
}

fn bwrap_present() {
    let found = std::process::Command::new("bwrap")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found || std::env::var("CI").is_err(),
        "bubblewrap is needed (apt-get install bubblewrap)"
    );
}

fn match_records(args: &[&str], env: &[(&str, &str)], record: &Path) -> (Vec<Value>, String) {
    let _ = std::fs::remove_file(record);
    let record_arg = record.to_string_lossy().into_owned();
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--record", &record_arg]);
    let o = tabula_with(&all, env);
    assert!(
        o.status.success(),
        "tabula {}\n{}\n{}",
        all.join(" "),
        text(&o.stdout),
        text(&o.stderr)
    );
    let games = std::fs::read_to_string(record)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a record"))
        .collect();
    (games, text(&o.stderr))
}

/// Four games of `player` against random on 5 x 5, the referee's timings noted.
fn four_small_games(player: &str, record: &Path) -> (Vec<Value>, String) {
    let args = [
        "match",
        "breakthrough",
        "--p1",
        player,
        "--p2",
        "random",
        "--games",
        "4",
        "--rows",
        "5",
        "--cols",
        "5",
    ];
    match_records(&args, &[("TABULA_TIMINGS", "1")], record)
}

/// The ids of the processes on this machine whose command line contains `word`.
fn pids_with(word: &str) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .map(|d| {
            d.flatten()
                .filter_map(|e| {
                    let pid: i32 = e.file_name().to_str()?.parse().ok()?;
                    let line = std::fs::read(e.path().join("cmdline")).ok()?;
                    text(&line).contains(word).then_some(pid)
                })
                .collect()
        })
        .unwrap_or_default()
}

/// What must be the same whichever way the players were started.
fn played(games: &[Value]) -> Vec<String> {
    games
        .iter()
        .map(|g| {
            format!(
                "{} {} {} {}",
                g["moves"]
                    .as_array()
                    .map(|ms| ms
                        .iter()
                        .map(|m| m["move"].as_str().unwrap_or("").to_string())
                        .collect::<Vec<_>>()
                        .join(" "))
                    .unwrap_or_default(),
                g["result"],
                g["winners"],
                g["fault"]
            )
        })
        .collect()
}

#[test]
fn forked_players_play_the_games_fresh_players_play() {
    bwrap_present();
    let forking = forking_here();
    let dir = scratch("forkserver", "same");
    let record = dir.join("games.jsonl");
    for (game, p1, p2) in [
        ("breakthrough", "random", "greedy"),
        ("dots", "greedy", "random"),
        ("kingpawn", "random", "examples/kingpawn_player.pl"),
    ] {
        let args = [
            "match", game, "--p1", p1, "--p2", p2, "--games", "4", "--seed", "11",
        ];
        let (forked, forked_err) = match_records(&args, &[("TABULA_TIMINGS", "1")], &record);
        let (fresh, fresh_err) = match_records(
            &args,
            &[("TABULA_TIMINGS", "1"), ("TABULA_FORK_SERVER", "0")],
            &record,
        );
        assert_eq!(forked.len(), 4, "{game}");
        assert_eq!(played(&forked), played(&fresh), "{game}: the same games");
        assert!(
            forked.iter().all(|g| g.get("fault").is_none()),
            "{game}: {forked:?}"
        );
        assert_eq!(
            forks(&fresh_err),
            0,
            "{game}: TABULA_FORK_SERVER=0 forks none"
        );
        if forking {
            assert_eq!(
                forks(&forked_err),
                8,
                "{game}: every player forked\n{forked_err}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_forked_game_starts_with_an_empty_scratch_folder() {
    bwrap_present();
    let forking = forking_here();
    let dir = scratch("forkserver", "scratch");
    let record = dir.join("games.jsonl");
    let (games, stderr) = four_small_games("tests/players/scratch_player.pl", &record);
    assert_eq!(games.len(), 4);
    for g in &games {
        assert!(g.get("fault").is_none(), "a game saw another's file: {g}");
    }
    if forking {
        assert_eq!(forks(&stderr), 8, "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_player_cannot_reach_its_fork_server() {
    // Issue 52: a forked game is the first process of a PID namespace of its own,
    // so the fork server (its parent) has no id there. A player that kills "its
    // parent's parent" at its first move (on main before: the fork server, and so its
    // own game) hurts nobody.
    bwrap_present();
    let forking = forking_here();
    let dir = scratch("forkserver", "killer");
    let record = dir.join("games.jsonl");
    // A word only this test's processes have on their command line.
    let mark = dir.join(format!("killer-{}.pl", std::process::id()));
    std::fs::copy("tests/players/parent_killer.pl", &mark).expect("a copy of the player");
    let mark_arg = mark.to_string_lossy().into_owned();
    let (games, stderr) = four_small_games(&mark_arg, &record);
    assert_eq!(games.len(), 4, "every game was played");
    for g in &games {
        assert!(g.get("fault").is_none(), "{g}\n{stderr}");
    }
    if forking {
        assert_eq!(
            forks(&stderr),
            8,
            "one fork server served every game\n{stderr}"
        );
    }
    // Nothing of it outlives the match.
    let word = mark.file_name().unwrap().to_string_lossy().into_owned();
    let left = processes_with(&word);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fork_server_that_dies_costs_its_player_one_game_at_most() {
    // The referee's side of a fork server that ends (killed here from outside, as
    // nothing inside can): the game in progress may be lost by a crash, the player's
    // later games start it afresh, and every game is played.
    bwrap_present();
    if !forking_here() {
        return;
    }
    let dir = scratch("forkserver", "dies");
    let record = dir.join("games.jsonl");
    let mark = dir.join(format!("slow-{}.pl", std::process::id()));
    std::fs::write(
        &mark,
        "% Thinks a moment over every move, so that its fork server can be killed in a game.\n\
         :- use_module(library(time)).\n\
         choose_move(State, _, Move) :- sleep(0.05), breakthrough:legal_moves(State, [Move|_]).\n",
    )
    .expect("a player file");
    let word = mark.file_name().unwrap().to_string_lossy().into_owned();
    let killer = {
        let word = word.clone();
        std::thread::spawn(move || {
            // The fork server's command line holds the player's file and --fork-server.
            for _ in 0..3000 {
                for pid in pids_with(&word) {
                    let line = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
                    if text(&line).contains("--fork-server") && !text(&line).contains("bwrap") {
                        // SAFETY: kill(2) on a process of this test's match.
                        unsafe { libc::kill(pid, libc::SIGKILL) };
                        return true;
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            false
        })
    };
    let mark_arg = mark.to_string_lossy().into_owned();
    let (games, stderr) = four_small_games(&mark_arg, &record);
    assert!(killer.join().unwrap_or(false), "the fork server was found");
    assert_eq!(games.len(), 4, "every game was played\n{stderr}");
    let faults: Vec<&Value> = games.iter().filter_map(|g| g.get("fault")).collect();
    assert!(faults.len() <= 1, "{games:?}\n{stderr}");
    for f in faults {
        assert!(
            f["reason"].as_str().unwrap_or("").starts_with("crash: "),
            "{f}"
        );
    }
    assert!(
        stderr.contains("is given up, its players start afresh"),
        "{stderr}"
    );
    let left = processes_with(&word);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_forked_player_that_never_answers_is_killed_with_its_game() {
    bwrap_present();
    let forking = forking_here();
    let dir = scratch("forkserver", "loop");
    let record = dir.join("games.jsonl");
    // A word only this test's processes have on their command line.
    let player = dir.join(format!("looper-{}.pl", std::process::id()));
    std::fs::write(
        &player,
        "% Thinks for ever, and frees nothing.\nchoose_move(_, _, _) :- repeat, fail.\n",
    )
    .expect("a player file");
    let player_arg = player.to_string_lossy().into_owned();
    let args = [
        "match",
        "breakthrough",
        "--p1",
        &player_arg,
        "--p2",
        "random",
        "--games",
        "2",
        "--rows",
        "5",
        "--cols",
        "5",
        "--move-time",
        "0.2",
    ];
    let (games, stderr) = match_records(&args, &[("TABULA_TIMINGS", "1")], &record);
    assert_eq!(games.len(), 2);
    for g in &games {
        let reason = g["fault"]["reason"].as_str().unwrap_or("");
        assert!(reason.starts_with("timeout: "), "{g}");
    }
    if forking {
        assert_eq!(forks(&stderr), 4, "{stderr}");
    }
    let word = player.file_name().unwrap().to_string_lossy().into_owned();
    let left = processes_with(&word);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The machine's shared memory (`Shmem` of /proc/meminfo), in KiB.
fn shmem_kib() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("Shmem:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[test]
fn every_forked_game_has_a_sandbox_of_its_own() {
    // Issue 37, finding 1: a .pl player's marks in /tmp and /dev/shm do not reach
    // its later games, nor the 40 MB it writes to /dev/shm in each (the machine's
    // shared memory never holds more than a game or two of it), its sandbox's root is
    // read-only, and what it writes on user_error reaches its game's log.
    bwrap_present();
    let forking = forking_here();
    let dir = scratch("forkserver", "own-sandbox");
    let record = dir.join("games.jsonl");
    let logs = dir.join("logs");
    let (record_arg, logs_arg) = (
        record.to_string_lossy().into_owned(),
        logs.to_string_lossy().into_owned(),
    );
    let games = 6;
    let args = [
        "match",
        "breakthrough",
        "--p1",
        "tests/players/shm_player.pl",
        "--p2",
        "random",
        "--games",
        "6",
        "--rows",
        "5",
        "--cols",
        "5",
        "--move-time",
        "5",
        "--record",
        &record_arg,
        "--logs",
        &logs_arg,
    ];
    let before = shmem_kib();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("TABULA_TIMINGS", "1")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("tabula runs");
    let watcher = std::thread::spawn(move || child.wait_with_output().expect("tabula ends"));
    let mut most = before;
    while !watcher.is_finished() {
        most = most.max(shmem_kib());
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let o = watcher.join().expect("the watcher");
    let stderr = text(&o.stderr);
    assert!(o.status.success(), "{}\n{stderr}", text(&o.stdout));
    let played: Vec<Value> = std::fs::read_to_string(&record)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a record"))
        .collect();
    assert_eq!(played.len(), games);
    for g in &played {
        assert!(
            g.get("fault").is_none(),
            "a game saw another's marks, or wrote its root: {g}"
        );
    }
    if forking {
        assert_eq!(forks(&stderr), 2 * games, "{stderr}");
    }
    // 40 MB a game: kept from game to game, six games would hold 240 MB.
    let rise_mib = most.saturating_sub(before) / 1024;
    assert!(
        rise_mib < 100,
        "shared memory rose by {rise_mib} MiB over {games} games"
    );
    let mut marked = 0;
    for e in std::fs::read_dir(&logs).into_iter().flatten().flatten() {
        marked += std::fs::read_to_string(e.path())
            .unwrap_or_default()
            .matches("SHM-PLAYER-MARKED")
            .count();
    }
    assert_eq!(
        marked, games,
        "each game's log has what the player wrote on user_error"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The logs of a match's games (`game-N-player-S.log`), by name, and the fork
/// servers' (`loading-…`), joined.
fn match_logs(logs: &Path) -> (Vec<(String, String)>, String) {
    let mut games = Vec::new();
    let mut loading = String::new();
    for e in std::fs::read_dir(logs).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let body = text(&std::fs::read(e.path()).unwrap_or_default());
        if name.starts_with("game-") {
            games.push((name, body));
        } else if name.starts_with("loading-") {
            loading.push_str(&body);
        }
    }
    games.sort();
    (games, loading)
}

/// A match of `player` (p1) against random on 5 x 5, its logs in `logs`.
fn match_with_logs(player: &str, games: &str, logs: &Path, extra: &[&str], env: &[(&str, &str)]) {
    let logs_arg = logs.to_string_lossy().into_owned();
    let _ = std::fs::remove_dir_all(logs);
    let mut args = vec![
        "match",
        "breakthrough",
        "--p1",
        player,
        "--p2",
        "random",
        "--games",
        games,
        "--rows",
        "5",
        "--cols",
        "5",
        "--logs",
        &logs_arg,
    ];
    args.extend(extra);
    let o = tabula_with(&args, env);
    assert!(
        o.status.success(),
        "tabula {}\n{}\n{}",
        args.join(" "),
        text(&o.stdout),
        text(&o.stderr)
    );
}

#[test]
fn a_process_started_while_loading_never_reaches_a_game() {
    // Issue 52, finding 4: a process a .pl entrant starts while its fork server loads
    // it kept a tally across games, held the fork server's control socket, and ran
    // outside every game's group. The fork server now refuses to serve such a player
    // (said in its log), each game starts it afresh in its own sandbox, and nothing
    // it started lives on.
    bwrap_present();
    let forking = forking_here();
    let dir = scratch("forkserver", "tally");
    let player = dir.join("tally_player.pl");
    for file in ["tally_player.pl", "tally.py"] {
        std::fs::copy(root().join("tests/players").join(file), dir.join(file))
            .expect("a copy of the player");
    }
    let logs = dir.join("logs");
    match_with_logs(&player.to_string_lossy(), "4", &logs, &[], &[]);
    let (games, loading) = match_logs(&logs);
    let mut tallies = 0;
    for (name, log) in &games {
        if !log.contains("TALLY") {
            continue; // the random player's log
        }
        tallies += 1;
        assert!(
            log.contains("TALLY 1\n"),
            "{name}: a count of its own: {log}"
        );
        assert!(log.contains("HOLDS-SOCKETS 0\n"), "{name}: {log}");
    }
    assert_eq!(tallies, 4, "{games:?}");
    if forking {
        assert!(
            loading.contains("not forked: the player left 1 process running after it loaded"),
            "{loading}"
        );
    }
    let word = dir.to_string_lossy().into_owned();
    let left = processes_with(&word);
    assert!(left.is_empty(), "left running: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_a_player_holds_from_loading_counts_in_each_of_its_games() {
    // Issue 52, finding 4: 700 MB held from loading sat outside every game's memory
    // cap. A player that keeps about 330 MB as it loads and 200 MB more at its first
    // move dies under a cap of 448 MiB, forked or started afresh alike.
    bwrap_present();
    forking_here();
    let dir = scratch("forkserver", "fat");
    let record = dir.join("games.jsonl");
    for env in [vec![], vec![("TABULA_FORK_SERVER", "0")]] {
        let (games, stderr) = match_records(
            &[
                "match",
                "breakthrough",
                "--p1",
                "tests/players/fat_player.pl",
                "--p2",
                "random",
                "--games",
                "2",
                "--rows",
                "5",
                "--cols",
                "5",
                "--memory",
                "448M",
            ],
            &env,
            &record,
        );
        assert_eq!(games.len(), 2, "{stderr}");
        for g in &games {
            assert_eq!(
                g["fault"]["reason"], "crash: killed for using more than its 448 MiB of memory",
                "{env:?}: {g}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_forked_game_starts_with_process_ids_of_its_own() {
    // Issue 52, finding 4: the games of one fork server shared a PID namespace, so one
    // game could set the counter (/proc/sys/kernel/ns_last_pid) and the next read it.
    // Each forked game is now the first process of a namespace of its own: every game
    // sees the same ids.
    bwrap_present();
    let forking = forking_here();
    let dir = scratch("forkserver", "pids");
    let logs = dir.join("logs");
    let env = [("TABULA_TIMINGS", "1")];
    match_with_logs("tests/players/pid_player.pl", "4", &logs, &[], &env);
    let (games, _) = match_logs(&logs);
    let seen: std::collections::BTreeSet<&str> = games
        .iter()
        .flat_map(|(_, log)| log.lines().filter(|l| l.starts_with("PIDS ")))
        .collect();
    let said = games
        .iter()
        .filter(|(_, log)| log.contains("PIDS "))
        .count();
    assert_eq!(said, 4, "{games:?}");
    assert_eq!(seen.len(), 1, "every game saw the same ids: {seen:?}");
    if forking {
        // The game is its namespace's first process: its shell is the second.
        assert!(seen.iter().all(|l| l.starts_with("PIDS 2 ")), "{seen:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! Untrusted players, contained: hostile players written for these tests play in
//! championships with honest ones, and every check is made from outside — the file
//! is unread or unchanged, the loopback listener heard nothing, no process of theirs
//! outlives the championship, the honest players' CPU share and results are the same
//! with and without them, the records are exactly the scheduled games, and the
//! referee survives players that exit at once or flood it.
//!
//! These need bubblewrap (`bwrap`) and python3: `.ci/run` installs both.

use crate::common::{
    INVISIBLE, processes_with, records, root, tabula_with, text, token, written_out,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::ErrorKind;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::CPU_MEASURED;

fn scratch(name: &str) -> PathBuf {
    crate::common::scratch("sb", name)
}

fn tools_present() {
    for (tool, arg) in [("bwrap", "--version"), ("python3", "--version")] {
        let ok = Command::new(tool)
            .arg(arg)
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(ok, "{}", crate::common::missing(tool));
    }
}

fn all_logs(dir: &Path) -> BTreeMap<String, String> {
    let mut logs = BTreeMap::new();
    if let Ok(entries) = std::fs::read_dir(dir.join("logs")) {
        for e in entries.flatten() {
            let bytes = std::fs::read(e.path()).unwrap_or_default();
            logs.insert(e.file_name().to_string_lossy().into_owned(), text(&bytes));
        }
    }
    logs
}

/// The logs of the games where `name` played, its own seat's only.
fn logs_of(dir: &Path, name: &str) -> String {
    let logs = all_logs(dir);
    let mut out = String::new();
    for g in records(dir) {
        for (k, p) in g["players"].as_array().unwrap().iter().enumerate() {
            if p == name {
                let file = format!("game-{}-player-{}.log", g["id"], k + 1);
                out.push_str(logs.get(&file).map(String::as_str).unwrap_or(""));
            }
        }
    }
    out
}

/// The championship's command line: kingpawn (short, quick games), `players`.
fn championship(out: &Path, players: &[String], extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = vec!["tournament".into(), "kingpawn".into()];
    for p in players {
        args.push("--player".into());
        args.push(p.clone());
    }
    args.extend(["--out".into(), out.to_string_lossy().into_owned()]);
    args.extend(extra.iter().map(|s| s.to_string()));
    args
}

fn run(args: &[String], env: &[(&str, &str)]) -> Output {
    let strs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = tabula_with(&strs, env);
    assert!(
        o.status.success(),
        "tabula {}\n{}\n{}",
        strs.join(" "),
        text(&o.stdout),
        text(&o.stderr)
    );
    o
}

fn hostile(mode: &str, name_token: &str, extra: &str) -> String {
    format!(
        "{mode}=cmd:python3 tests/players/hostile.py {mode} --bot examples/random_bot.py --name {name_token} {extra}"
    )
}

#[test]
fn hostile_players_are_contained_and_the_honest_results_stand() {
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("contain");
    let victim = base.join("victim");
    let outside = base.join("outside");
    std::fs::create_dir_all(&victim).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    let bot_source = std::fs::read(root().join("examples/random_bot.py")).unwrap();
    std::fs::write(victim.join("random_bot.py"), &bot_source).unwrap();
    let secret_file = token("SECRETFILE");
    std::fs::write(victim.join("secret.txt"), &secret_file).unwrap();
    let secret_env = token("SECRETENV");
    let secret_cmd = token("SECRETCMD");
    let mark = token("HOSTILE");
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let out = base.join("champ");
    let games_file = out.join("games.jsonl");

    let honest = [
        format!(
            "victim=cmd:python3 {} --seed 3 --name {secret_cmd}",
            victim.join("random_bot.py").display()
        ),
        "bot=cmd:python3 examples/random_bot.py --seed 5".to_string(),
    ];
    let mut players = honest.to_vec();
    players.extend([
        hostile(
            "snoop",
            &mark,
            &format!(
                "--target={} --target={} --target={}",
                victim.join("secret.txt").display(),
                root().join("README.md").display(),
                games_file.display()
            ),
        ),
        hostile(
            "scribble",
            &mark,
            &format!(
                "--target={} --target={} --target={}",
                games_file.display(),
                victim.join("random_bot.py").display(),
                outside.join("planted.txt").display()
            ),
        ),
        hostile("connect", &mark, &format!("--port={port}")),
        hostile("fork", &mark, ""),
        hostile("daemon", &mark, ""),
        hostile("thread", &mark, ""),
        hostile("spawnhog", &mark, ""),
        hostile("endless", &mark, ""),
        hostile("chatter", &mark, ""),
    ]);
    let args = championship(&out, &players, &["--move-time", "0.5", "--jobs", "2"]);
    run(&args, &[("TABULA_TEST_SECRET", &secret_env)]);

    // The records are exactly the scheduled games, each once, nothing forged.
    let games = records(&out);
    let n = players.len();
    assert_eq!(games.len(), n * (n - 1), "every pair, both colours");
    let mut ids: Vec<u64> = games.iter().map(|g| g["id"].as_u64().unwrap()).collect();
    ids.sort_unstable();
    assert_eq!(ids, (0..(n * (n - 1)) as u64).collect::<Vec<_>>());
    let names: Vec<String> = players
        .iter()
        .map(|p| p.split('=').next().unwrap().to_string())
        .collect();
    for g in &games {
        for p in g["players"].as_array().unwrap() {
            assert!(
                names.iter().any(|n| p == n.as_str()),
                "a forged record: {g}"
            );
        }
    }

    // Nothing was read: no secret in any log, and the snoop did try.
    let logs = all_logs(&out);
    for (file, log) in &logs {
        for secret in [&secret_file, &secret_env, &secret_cmd] {
            assert!(
                !log.contains(secret.as_str()),
                "{file} holds {secret}:\n{log}"
            );
        }
        assert!(!log.contains("root:x:0:0"), "{file} read /etc/passwd");
        for line in log.lines().filter(|l| l.starts_with("READ ")) {
            // Its own processes' command lines and environments, and nothing else.
            assert!(line.starts_with("READ /proc/"), "{file}: {line}");
            assert!(!line.contains(&secret_cmd), "{file}: {line}");
        }
    }
    let snoop = logs_of(&out, "snoop");
    assert!(
        snoop.contains(&format!(
            "CANNOT-READ {}",
            victim.join("secret.txt").display()
        )),
        "the snoop tried: {snoop}"
    );

    // Nothing was written outside the scratch folder; the scratch folder works.
    assert_eq!(
        std::fs::read(victim.join("random_bot.py")).unwrap(),
        bot_source
    );
    assert!(!outside.join("planted.txt").exists());
    assert!(!root().join("tests/players/scribbled.txt").exists());
    let scribble = logs_of(&out, "scribble");
    assert!(scribble.contains("WROTE /tmp/scribbled.txt"), "{scribble}");
    assert!(
        !scribble.contains(&format!("WROTE {}", games_file.display())),
        "{scribble}"
    );

    // The listener heard nothing.
    match listener.accept() {
        Err(e) if e.kind() == ErrorKind::WouldBlock => {}
        other => panic!("the loopback listener was reached: {other:?}"),
    }
    assert!(logs_of(&out, "connect").contains("CANNOT-CONNECT"));

    // No process of theirs is left: not the 500 children, not the setsid daemon.
    let left = processes_with(&mark);
    assert!(
        left.is_empty(),
        "processes left behind:\n{}",
        left.join("\n")
    );
    let fork = logs_of(&out, "fork");
    assert!(fork.contains("FORK-FAILED"), "the process cap held: {fork}");

    // Flooding players lose every game they play against anyone else, and only
    // they lose by faults.
    let flooders = ["endless", "chatter"];
    for g in &games {
        let seats: Vec<&str> = g["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        let faulty = g["fault"]["player"].as_u64().map(|p| seats[p as usize - 1]);
        let in_game: Vec<&&str> = seats.iter().filter(|s| flooders.contains(s)).collect();
        match in_game.as_slice() {
            [] => assert_eq!(faulty, None, "{g}"),
            [one] => assert_eq!(faulty, Some(**one), "{g}"),
            _ => assert!(faulty.is_some_and(|f| flooders.contains(&f)), "{g}"),
        }
    }

    // The honest players' games against each other are move for move what they are
    // in a championship of their own.
    let alone = base.join("alone");
    run(
        &championship(&alone, &honest, &["--move-time", "0.5", "--jobs", "2"]),
        &[],
    );
    let key = |g: &Value| {
        let moves: Vec<String> = g["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].to_string())
            .collect();
        (g["players"].to_string(), moves, g["winners"].to_string())
    };
    let between = |games: &[Value]| {
        let mut v: Vec<_> = games
            .iter()
            .filter(|g| {
                g["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|p| p == "victim" || p == "bot")
            })
            .map(key)
            .collect();
        v.sort();
        v
    };
    let ours = between(&games);
    assert_eq!(ours.len(), 2);
    assert_eq!(ours, between(&records(&alone)));
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn without_the_sandbox_the_same_snoop_does_read_the_secret() {
    // The containment test above could not fail if the snoop could not snoop.
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("unconfined");
    let secret = token("SECRETFILE");
    std::fs::write(base.join("secret.txt"), &secret).unwrap();
    let out = base.join("champ");
    let players = [
        hostile(
            "snoop",
            "unconfined",
            &format!("--target={}", base.join("secret.txt").display()),
        ),
        "bot=cmd:python3 examples/random_bot.py --seed 5".to_string(),
    ];
    let o = run(
        &championship(&out, &players, &["--move-time", "0.5", "--no-sandbox"]),
        &[],
    );
    assert!(logs_of(&out, "snoop").contains(&secret));
    let standings = std::fs::read_to_string(out.join("standings.json")).unwrap();
    assert!(standings.contains("WITHOUT a sandbox"), "{standings}");
    assert!(text(&o.stderr).contains("--no-sandbox"));
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(crate::common::page_data(&page).contains("WITHOUT a sandbox"));
    let _ = std::fs::remove_dir_all(&base);
}

/// The mean `cpu-share` the meter logged in the championship in `dir`.
fn meter_share(dir: &Path) -> f64 {
    let log = logs_of(dir, "meter");
    let shares: Vec<f64> = log
        .lines()
        .filter_map(|l| l.strip_prefix("cpu-share "))
        .filter_map(|v| v.trim().parse().ok())
        .collect();
    assert!(shares.len() >= 10, "too few measures: {log}");
    shares.iter().sum::<f64>() / shares.len() as f64
}

#[test]
fn a_player_gets_the_cpu_only_on_its_own_turn() {
    tools_present();
    let _turn = CPU_MEASURED.write().unwrap_or_else(|e| e.into_inner());
    let base = scratch("fair");
    let meter = "meter=cmd:python3 tests/players/hostile.py meter --bot examples/random_bot.py --busy-ms=60 --seed 1";
    // Two games at once, each pinned to a core of its own, a meter against each
    // opponent: the meter's share of the CPU while it thinks.
    let share = |name: &str, opponent: &str, extra: &[&str]| {
        let out = base.join(name);
        let mut options = vec!["--move-time", "0.5", "--jobs", "2"];
        options.extend(extra);
        run(
            &championship(&out, &[meter.to_string(), opponent.to_string()], &options),
            &[],
        );
        meter_share(&out)
    };
    let idle = "idle=cmd:python3 examples/random_bot.py --seed 2";
    let baseline = share("baseline", idle, &[]);
    let thread = share("thread", &hostile("thread", "fair", ""), &[]);
    let child = share("child", &hostile("spawnhog", "fair", ""), &[]);
    let pondering = share("ponder", &hostile("spawnhog", "fair", ""), &["--ponder"]);
    // Issue 52: processes a .pl entrant starts while it loads (on main before, outside
    // every game's group when a fork server loaded it).
    let loaded = share("loaded", "spinner=tests/players/load_spinner.pl", &[]);
    let _ = std::fs::remove_dir_all(&base);
    eprintln!(
        "meter's CPU share: {baseline:.3} alone, {thread:.3} against a spinning thread, \
         {child:.3} against spinning children, {pondering:.3} against them with --ponder, \
         {loaded:.3} against children started while loading"
    );
    // Alone, the meter gets most of its core; other load on a shared machine (the
    // suite's other binaries, another build) lowers it, not the ratios below.
    assert!(baseline > 0.25, "the meter measures something: {baseline}");
    assert!(thread >= 0.9 * baseline, "{thread} vs {baseline}");
    assert!(child >= 0.9 * baseline, "{child} vs {baseline}");
    assert!(loaded >= 0.9 * baseline, "{loaded} vs {baseline}");
    // The measure sees theft when theft is allowed.
    assert!(pondering < 0.8 * baseline, "{pondering} vs {baseline}");
}

#[test]
fn players_that_exit_at_once_never_take_the_referee_down() {
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("exit");
    let record = base.join("games.jsonl");
    let record_arg = record.to_string_lossy().into_owned();
    let o = tabula_with(
        &[
            "match",
            "kingpawn",
            "--p1",
            "cmd:false",
            "--p2",
            "cmd:true",
            "--games",
            "200",
            "--move-time",
            "0.2",
            "--record",
            &record_arg,
        ],
        &[],
    );
    assert!(
        o.status.success(),
        "exit {:?}\n{}\n{}",
        o.status,
        text(&o.stdout),
        text(&o.stderr)
    );
    let lines = std::fs::read_to_string(&record).unwrap();
    let games: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 200);
    for g in &games {
        let reason = g["fault"]["reason"].as_str().unwrap_or("");
        assert!(reason.starts_with("crash: "), "{g}");
    }
    let _ = std::fs::remove_dir_all(&base);
}

/// Runs tabula and returns its peak resident memory, in KiB.
fn peak_memory_kib(args: &[String]) -> i64 {
    // Waited for with wait4 below, which std does not know about.
    #[allow(clippy::zombie_processes)]
    let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id() as i32;
    let mut status = 0;
    // SAFETY: waits for our own child and reads its resource usage.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::wait4(pid, &mut status, 0, &mut usage), pid);
        usage
    };
    assert_eq!(status, 0, "tabula {}", args.join(" "));
    usage.ru_maxrss
}

#[test]
fn the_referee_memory_stays_bounded_whatever_a_player_writes() {
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("memory");
    let bot = "bot=cmd:python3 examples/random_bot.py --seed 5".to_string();
    let calm = "calm=cmd:python3 examples/random_bot.py --seed 7".to_string();
    let honest = peak_memory_kib(&championship(
        &base.join("honest"),
        &[bot.clone(), calm],
        &["--move-time", "0.5", "--jobs", "1"],
    ));
    let flooded = peak_memory_kib(&championship(
        &base.join("flood"),
        &[
            bot.clone(),
            hostile("endless", "mem", ""),
            hostile("chatter", "mem", ""),
        ],
        &["--move-time", "0.5", "--jobs", "1"],
    ));
    let pondering = peak_memory_kib(&championship(
        &base.join("ponder"),
        &[bot, hostile("chatter", "mem", "")],
        &["--move-time", "0.5", "--jobs", "1", "--ponder"],
    ));
    let _ = std::fs::remove_dir_all(&base);
    eprintln!(
        "referee peak memory: {honest} KiB honest, {flooded} KiB flooded, {pondering} KiB pondering"
    );
    assert!(
        flooded - honest < 16 * 1024,
        "{flooded} KiB vs {honest} KiB"
    );
    assert!(
        pondering - honest < 16 * 1024,
        "{pondering} KiB vs {honest} KiB"
    );
}

#[test]
fn without_bubblewrap_untrusted_players_are_refused_and_told_how_to_fix_it() {
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("nobwrap");
    let args = championship(
        &base.join("champ"),
        &[
            "bot=cmd:python3 examples/random_bot.py".to_string(),
            "random".to_string(),
        ],
        &["--move-time", "0.2"],
    );
    let strs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = tabula_with(&strs, &[("TABULA_BWRAP", "/nonexistent/bwrap")]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("bubblewrap"), "{err}");
    assert!(err.contains("apt-get install bubblewrap"), "{err}");
    assert!(err.contains("--no-sandbox"), "{err}");
    assert!(!base.join("champ").join("games.jsonl").exists());
    let _ = std::fs::remove_dir_all(&base);
}

// ---- Issue 37: nothing crosses the sandbox ----

/// The records of a `--record` file.
fn record_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a record"))
        .collect()
}

/// Every log in `dir`, one text.
fn logs_in(dir: &Path) -> String {
    let mut all = String::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        all.push_str(&text(&std::fs::read(e.path()).unwrap_or_default()));
    }
    all
}

fn escape_player(mode: &str, extra: &str) -> String {
    format!("cmd:python3 tests/players/escape.py {mode} --bot examples/random_bot.py {extra}")
}

#[test]
fn a_player_never_runs_as_root_and_gets_a_copy_of_what_nobody_cannot_read() {
    tools_present();
    use std::os::unix::fs::PermissionsExt;
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    // A student's folder under a folder of mode 0700 (a clone under /root): nobody
    // cannot reach it where it is.
    let base = scratch("private");
    let ana = base.join("ana");
    std::fs::create_dir_all(&ana).unwrap();
    for file in ["tests/players/escape.py", "examples/random_bot.py"] {
        let from = root().join(file);
        std::fs::copy(&from, ana.join(from.file_name().unwrap())).unwrap();
    }
    let secret = token("ROOTONLY");
    std::fs::write(ana.join("secret.txt"), &secret).unwrap();
    std::fs::set_permissions(
        ana.join("secret.txt"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o700)).unwrap();
    let mark = token("PRIVATE");
    let record = base.join("games.jsonl");
    let logs = base.join("logs");
    let p1 = format!(
        "cmd:python3 {} probe --bot {} --name {mark} --sleep-ms=400 --target={}",
        ana.join("escape.py").display(),
        ana.join("random_bot.py").display(),
        ana.join("secret.txt").display()
    );
    let args: Vec<String> = [
        "match",
        "kingpawn",
        "--p1",
        &p1,
        "--p2",
        "random",
        "--games",
        "2",
        "--move-time",
        "2",
        "--record",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([
        record.to_string_lossy().into_owned(),
        "--logs".into(),
        logs.to_string_lossy().into_owned(),
    ])
    .collect();
    // The user ids, as the host sees them, of the player's processes while it plays.
    let child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut uids = std::collections::BTreeSet::new();
    let tabula_pid = child.id().to_string();
    let watcher = std::thread::spawn(move || child.wait_with_output().unwrap());
    while !watcher.is_finished() {
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            if entry.file_name().to_string_lossy() == tabula_pid {
                continue; // the referee itself, whose command line names the player
            }
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            // Not the referee's own forks before they run bwrap (tabula's command line).
            if !text(&cmdline).contains(&mark)
                || cmdline.starts_with(env!("CARGO_BIN_EXE_tabula").as_bytes())
            {
                continue;
            }
            let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
            if let Some(line) = status.lines().find(|l| l.starts_with("Uid:")) {
                uids.insert(
                    line.split_whitespace()
                        .skip(1)
                        .collect::<Vec<_>>()
                        .join(" "),
                );
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let o = watcher.join().unwrap();
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let games = record_lines(&record);
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(g.get("fault").is_none(), "it played from its copy: {g}");
    }
    assert!(!uids.is_empty(), "the player was seen");
    for uid in &uids {
        assert_eq!(
            uid, "65534 65534 65534 65534",
            "never root outside: {uids:?}"
        );
    }
    // Its copy keeps the permissions: a file only root may read stays unread.
    let log = logs_in(&logs);
    assert!(!log.contains(&secret), "{log}");
    assert!(
        log.contains(&format!("CANNOT-READ {}", ana.join("secret.txt").display())),
        "{log}"
    );
    std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&base);
}

/// Runs tabula with descriptors 7, 8 and 9 open on `fds` (as a shell's `7<secret
/// 8>>file 9<DIR` leaves them).
fn tabula_with_descriptors(args: &[&str], fds: [&std::fs::File; 3]) -> Output {
    use std::os::fd::AsRawFd;
    use std::os::unix::process::CommandExt;
    let raw: Vec<i32> = fds.iter().map(|f| f.as_raw_fd()).collect();
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    // SAFETY: between fork and exec, only fcntl and dup2 on descriptors opened before.
    unsafe {
        command.pre_exec(move || {
            let mut high = Vec::new();
            for fd in &raw {
                let h = libc::fcntl(*fd, libc::F_DUPFD, 100);
                if h < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                high.push(h);
            }
            for (k, h) in high.iter().enumerate() {
                if libc::dup2(*h, 7 + k as i32) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    command.output().unwrap()
}

#[test]
fn descriptors_tabula_was_started_with_reach_no_player() {
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("descriptors");
    let secret = token("fdsecret").to_lowercase();
    let secret_file = base.join("secret-7.txt");
    std::fs::write(&secret_file, format!("{secret}.\n")).unwrap();
    let appended = base.join("append-8.txt");
    std::fs::write(&appended, "").unwrap();
    let other = base.join("other-player");
    std::fs::create_dir_all(&other).unwrap();
    let other_secret = token("fdsource").to_lowercase();
    std::fs::write(other.join("secret.txt"), format!("{other_secret}.\n")).unwrap();
    let seven = std::fs::File::open(&secret_file).unwrap();
    let eight = std::fs::OpenOptions::new()
        .append(true)
        .open(&appended)
        .unwrap();
    let nine = std::fs::File::open(&other).unwrap();
    let record = base.join("games.jsonl");
    let logs = base.join("logs");
    let (record_arg, logs_arg) = (
        record.to_string_lossy().into_owned(),
        logs.to_string_lossy().into_owned(),
    );
    let probe = escape_player("probe", "");
    // A program, and a .pl player (served by a fork server where it can be).
    let o = tabula_with_descriptors(
        &[
            "match",
            "breakthrough",
            "--p1",
            &probe,
            "--p2",
            "tests/players/fd_reader.pl",
            "--games",
            "2",
            "--rows",
            "5",
            "--cols",
            "5",
            "--record",
            &record_arg,
            "--logs",
            &logs_arg,
        ],
        [&seven, &eight, &nine],
    );
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let games = record_lines(&record);
    assert_eq!(games.len(), 2);
    let everything = format!(
        "{}{}{}{}",
        text(&o.stdout),
        text(&o.stderr),
        std::fs::read_to_string(&record).unwrap(),
        logs_in(&logs)
    );
    for s in [&secret, &other_secret] {
        assert!(
            !everything.contains(s.as_str()),
            "{s} crossed:\n{everything}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(&appended).unwrap(),
        "",
        "fd 8 written"
    );
    let log = logs_in(&logs);
    assert!(log.contains("FD7-FAILED"), "the probe tried: {log}");
    assert!(log.contains("FD8-FAILED"), "{log}");
    assert!(log.contains("FD9-FAILED"), "{log}");
    // Only stdin, stdout and stderr: not even bwrap's own (its seccomp filter's).
    let held: Vec<&str> = log.lines().filter(|l| l.starts_with("FD ")).collect();
    assert!(!held.is_empty(), "{log}");
    for line in &held {
        assert!(
            ["FD 0 ->", "FD 1 ->", "FD 2 ->"]
                .iter()
                .any(|fd| line.starts_with(fd)),
            "{line}\n{log}"
        );
    }
    // The honest results: nobody lost by a fault (the .pl player found nothing to
    // answer with; the probe played on).
    for g in &games {
        assert!(g.get("fault").is_none(), "{g}");
    }
    let _ = std::fs::remove_dir_all(&base);
}

/// A player's text (a `? MESSAGE`, an unreadable answer) holding terminal controls and
/// characters that are not seen reaches `tabula match`'s output written out, and its
/// record whole.
#[test]
fn a_players_text_reaches_the_terminal_without_its_controls() {
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("terminal");
    for mode in ["message", "garbage"] {
        let record = base.join(format!("{mode}.jsonl"));
        let record_arg = record.to_string_lossy().into_owned();
        let player = escape_player(mode, "");
        let o = tabula_with(
            &[
                "match",
                "kingpawn",
                "--p1",
                &player,
                "--p2",
                "random",
                "--games",
                "2",
                "--record",
                &record_arg,
            ],
            &[],
        );
        assert!(
            o.status.success(),
            "{}\n{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        let mut shown = o.stdout.clone();
        shown.extend(&o.stderr);
        for control in [b"\x1b".as_slice(), b"\x07", "\u{202e}".as_bytes()] {
            assert!(
                !shown.windows(control.len()).any(|w| w == control),
                "{mode}: {control:?} reached the terminal:\n{}",
                text(&shown)
            );
        }
        let out = text(&o.stdout);
        assert!(out.contains("\\e[2J"), "{mode}: made visible: {out}");
        assert!(out.contains("\\u{202e}evil"), "{mode}: {out}");
        // The characters that are not seen, written out, none raw.
        for c in INVISIBLE {
            assert!(
                !text(&shown).contains(c),
                "{mode}: {} reached the terminal raw:\n{}",
                written_out(c),
                text(&shown)
            );
            assert!(out.contains(&written_out(c)), "{mode}: {out}");
        }
        // The record keeps the whole.
        let games = record_lines(&record);
        assert_eq!(games.len(), 2);
        let invisible: String = INVISIBLE.iter().collect();
        for g in &games {
            let reason = g["fault"]["reason"].as_str().unwrap_or("");
            assert!(reason.contains("\x1b[2J"), "{mode}: {g}");
            assert!(reason.contains(&invisible), "{mode}: {g}");
            if mode == "message" {
                assert!(reason.contains(&"x".repeat(12000)), "{mode}: whole");
                assert!(out.contains("more bytes)"), "{mode}: cut: {out}");
                assert!(out.lines().all(|l| l.len() < 1000), "{mode}: {out}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_crash_says_how_and_the_players_last_words() {
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("lastwords");
    let play = |p1: &str, name: &str| {
        let record = base.join(format!("{name}.jsonl"));
        let record_arg = record.to_string_lossy().into_owned();
        let o = tabula_with(
            &[
                "match",
                "kingpawn",
                "--p1",
                p1,
                "--p2",
                "random",
                "--games",
                "1",
                "--move-time",
                "1",
                "--record",
                &record_arg,
            ],
            &[],
        );
        assert!(
            o.status.success(),
            "{}\n{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        let games = record_lines(&record);
        assert_eq!(games.len(), 1);
        let reason = games[0]["fault"]["reason"]
            .as_str()
            .unwrap_or("")
            .to_string();
        (reason, text(&o.stdout))
    };
    let (reason, out) = play(&escape_player("lastwords", ""), "lastwords");
    let expected =
        "crash: exit 1 (its last words: \"ModuleNotFoundError: No module named 'numpy'\")";
    assert_eq!(reason, expected);
    assert!(out.contains(expected), "{out}");
    // Closed its output and went on spinning: a crash, not a time-out.
    let (reason, _) = play(&escape_player("close", ""), "close");
    assert!(reason.starts_with("crash: closed its output"), "{reason}");
    // Closed its input and went on spinning: a crash too (issue 52).
    let (reason, _) = play(&escape_player("closein", ""), "closein");
    assert!(reason.starts_with("crash: closed its input"), "{reason}");
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_program_in_a_virtual_environment_runs_as_named_and_imports_its_module() {
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("venv");
    let venv = base.join("venv");
    let made = Command::new("/usr/bin/python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "python3 -m venv: {}",
        text(&made.stderr)
    );
    // A tiny package of our own, installed in the environment from a wheel made here.
    let wheel = base.join("tabula_venv_mark-1.0-py3-none-any.whl");
    let script = format!(
        "import zipfile\nwith zipfile.ZipFile({:?}, 'w') as z:\n    z.writestr('tabula_venv_mark/__init__.py', 'WHERE = \"venv\"\\n')\n    z.writestr('tabula_venv_mark-1.0.dist-info/METADATA', 'Metadata-Version: 2.1\\nName: tabula-venv-mark\\nVersion: 1.0\\n')\n    z.writestr('tabula_venv_mark-1.0.dist-info/WHEEL', 'Wheel-Version: 1.0\\nGenerator: tabula-test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n')\n    z.writestr('tabula_venv_mark-1.0.dist-info/RECORD', '')\n",
        wheel.to_string_lossy()
    );
    let zipped = Command::new("/usr/bin/python3")
        .args(["-c", &script])
        .output()
        .unwrap();
    assert!(zipped.status.success(), "{}", text(&zipped.stderr));
    let installed = Command::new(venv.join("bin/python"))
        .args(["-m", "pip", "install", "-q", "--no-index"])
        .arg(&wheel)
        .output()
        .unwrap();
    assert!(
        installed.status.success(),
        "pip: {}",
        text(&installed.stderr)
    );
    std::fs::copy(
        root().join("examples/random_bot.py"),
        base.join("random_bot.py"),
    )
    .unwrap();
    std::fs::write(
        base.join("venv_bot.py"),
        "import sys\nsys.dont_write_bytecode = True\nimport tabula_venv_mark\nimport random_bot\n\
         sys.stderr.write('PREFIX ' + sys.prefix + ' ' + tabula_venv_mark.WHERE + '\\n')\n\
         random_bot.main()\n",
    )
    .unwrap();
    let record = base.join("games.jsonl");
    let logs = base.join("logs");
    let p1 = format!(
        "cmd:{} {}",
        venv.join("bin/python").display(),
        base.join("venv_bot.py").display()
    );
    for sandbox in [true, false] {
        let (record_arg, logs_arg) = (
            record.to_string_lossy().into_owned(),
            logs.to_string_lossy().into_owned(),
        );
        let _ = std::fs::remove_file(&record);
        let _ = std::fs::remove_dir_all(&logs);
        let mut args = vec![
            "match",
            "kingpawn",
            "--p1",
            &p1,
            "--p2",
            "random",
            "--games",
            "2",
            "--record",
            &record_arg,
            "--logs",
            &logs_arg,
        ];
        if !sandbox {
            args.push("--no-sandbox");
        }
        let o = tabula_with(&args, &[]);
        assert!(
            o.status.success(),
            "{}\n{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        let games = record_lines(&record);
        assert_eq!(games.len(), 2);
        for g in &games {
            assert!(
                g.get("fault").is_none(),
                "sandbox {sandbox}: {g}\n{}",
                logs_in(&logs)
            );
        }
        let log = logs_in(&logs);
        assert!(
            log.contains(&format!("PREFIX {} venv", venv.display())),
            "sandbox {sandbox}: {log}"
        );
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn only_tmp_and_dev_shm_are_writable_and_the_out_folder_is_never_given() {
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("writable");
    let out = base.join("champ");
    // The championship's folder named on the player's command line, as a path and
    // inside a path: never bound.
    std::fs::create_dir_all(out.join("inner")).unwrap();
    let probe = format!(
        "probe={} {} {}",
        escape_player("probe", ""),
        out.display(),
        out.join("inner").display()
    );
    let players = vec![
        probe,
        "bot=cmd:python3 examples/random_bot.py --seed 5".into(),
    ];
    run(&championship(&out, &players, &["--move-time", "1"]), &[]);
    let log = logs_of(&out, "probe");
    for path in ["/pwned", "/etc/pwned", "/dev/pwned"] {
        assert!(
            log.contains(&format!("CANNOT-WRITE {path}")),
            "{path}: {log}"
        );
        assert!(!log.contains(&format!("WROTE {path}")), "{path}: {log}");
    }
    for path in ["/dev/shm/probe", "/tmp/probe"] {
        assert!(log.contains(&format!("WROTE {path}")), "{path}: {log}");
    }
    let mounts: Vec<&str> = log.lines().filter(|l| l.starts_with("MOUNT ")).collect();
    assert!(mounts.len() > 3, "{log}");
    let out_text = out.to_string_lossy().into_owned();
    for m in &mounts {
        assert!(!m.contains(&out_text), "the out folder was given: {m}");
    }
    // Writable mounts: /tmp and /dev/shm only.
    for m in &mounts {
        let fields: Vec<&str> = m.split_whitespace().collect();
        let (point, options) = (fields[5], fields[6]);
        if options.split(',').any(|o| o == "rw") {
            assert!(
                ["/tmp", "/dev/shm", "/proc", "/dev/pts"].contains(&point)
                    || point.starts_with("/dev/"),
                "writable: {m}"
            );
        }
    }
    // Issue 52: the sandbox's first process (bubblewrap's) shows no host path in its
    // command line: its options come through a descriptor.
    let proc1 = log
        .lines()
        .find(|l| l.starts_with("PROC1 "))
        .unwrap_or_else(|| panic!("{log}"));
    assert!(proc1.contains("--args"), "{proc1}");
    for option in ["--ro-bind", "--tmpfs", "--setenv", "--seccomp", "--chdir"] {
        assert!(!proc1.contains(option), "{proc1}");
    }
    // Sockets: a pair of AF_UNIX ones at most; no other family, AF_VSOCK included.
    assert!(log.contains("SOCKET AF_UNIX made"), "{log}");
    for family in ["AF_INET", "AF_INET6", "AF_NETLINK", "AF_PACKET", "AF_VSOCK"] {
        assert!(
            log.contains(&format!("SOCKET {family} refused")),
            "{family}: {log}"
        );
    }
    let games = records(&out);
    for g in &games {
        assert!(g.get("fault").is_none(), "{g}");
    }
    let _ = std::fs::remove_dir_all(&base);
}

#[test]
fn a_system_call_no_player_needs_ends_the_player() {
    // The seccomp filter: ptrace (and keyctl, ...) end a sandboxed player; without
    // the sandbox the same calls return, so the test could fail.
    tools_present();
    let _turn = CPU_MEASURED.read().unwrap_or_else(|e| e.into_inner());
    let base = scratch("seccomp");
    let player = escape_player("ptrace", "");
    for sandbox in [true, false] {
        let record = base.join(format!("{sandbox}.jsonl"));
        let logs = base.join(format!("logs-{sandbox}"));
        let (record_arg, logs_arg) = (
            record.to_string_lossy().into_owned(),
            logs.to_string_lossy().into_owned(),
        );
        let mut args = vec![
            "match",
            "kingpawn",
            "--p1",
            &player,
            "--p2",
            "random",
            "--games",
            "1",
            "--record",
            &record_arg,
            "--logs",
            &logs_arg,
        ];
        if !sandbox {
            args.push("--no-sandbox");
        }
        let o = tabula_with(&args, &[]);
        assert!(
            o.status.success(),
            "{}\n{}",
            text(&o.stdout),
            text(&o.stderr)
        );
        let games = record_lines(&record);
        assert_eq!(games.len(), 1);
        let reason = games[0]["fault"]["reason"].as_str().unwrap_or("");
        if sandbox {
            assert!(
                reason.starts_with("crash: exit 159 (signal 31, SIGSYS"),
                "{}",
                games[0]
            );
            assert!(!logs_in(&logs).contains("PTRACE"), "{}", logs_in(&logs));
        } else {
            assert_eq!(reason, "", "{}", games[0]);
            assert!(logs_in(&logs).contains("PTRACE 0"), "{}", logs_in(&logs));
        }
    }
    let _ = std::fs::remove_dir_all(&base);
}

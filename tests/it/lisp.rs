//! Lisp players (`FILE.lisp`): files written exactly as the king-and-pawn assignment
//! asks, run by SBCL through `lisp/tabula-player.lisp`, in the sandbox, in matches and
//! championships. The example plays complete legal games with both colours; the
//! assignment's header loads; a student that prints still plays; and every way a
//! student's file can go wrong loses by a fault whose reason is in words, in the
//! record and in the game's log.
//!
//! These need SBCL (`apt-get install sbcl`) and bubblewrap: without SBCL they are
//! skipped, unless `CI=true`, where they fail (`.ci/run` installs both).

use crate::common::{records, root, scratch, strs, tabula_with, text};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Whether SBCL is here to run the tests with; on CI its absence is a failure.
fn sbcl_present() -> bool {
    let found = Command::new("sbcl")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "{}",
            crate::common::missing("sbcl")
        );
        eprintln!("skipped: sbcl is not installed (apt-get install sbcl)");
        return false;
    }
    let bwrap = Command::new("bwrap")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(bwrap, "{}", crate::common::missing("bwrap"));
    true
}

/// The example player, its package renamed.
fn example_as(package: &str) -> String {
    let source = std::fs::read_to_string(root().join("examples/kingpawn_player.lisp")).unwrap();
    assert!(source.starts_with(
        "(make-package 'ra000000)\n(in-package ra000000)\n(lisp::use-package 'lisp)\n"
    ));
    source.replace("ra000000", package)
}

/// A student's file in a folder of its own (students must not share folders).
fn student(base: &Path, name: &str, source: &str) -> PathBuf {
    let folder = base.join(name);
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join(format!("{name}.lisp"));
    std::fs::write(&file, source).unwrap();
    file
}

/// The assignment's header for the package `ra` + `number`, then `body`.
fn with_header(number: &str, body: &str) -> String {
    format!(
        "(make-package 'ra{number})\n(in-package ra{number})\n(lisp::use-package 'lisp)\n\n{body}"
    )
}

fn run(args: &[String], env: &[(&str, &str)]) -> Output {
    let o = tabula_with(&strs(args), env);
    assert!(
        o.status.success(),
        "tabula {}\n{}\n{}",
        args.join(" "),
        text(&o.stdout),
        text(&o.stderr)
    );
    o
}

/// The records of a match between `p1` and `p2` (kingpawn unless `extra` says).
fn match_records(dir: &Path, p1: &str, p2: &str, extra: &[&str]) -> Vec<Value> {
    let record = dir.join(format!("match-{}.jsonl", std::process::id()));
    let mut args: Vec<String> = ["match", "kingpawn", "--p1", p1, "--p2", p2, "--record"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.push(record.to_string_lossy().into_owned());
    args.extend(extra.iter().map(|s| s.to_string()));
    run(&args, &[]);
    std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A kingpawn championship of `players` in `out`; its records.
fn championship(out: &Path, players: &[String], env: &[(&str, &str)]) -> Vec<Value> {
    let mut args: Vec<String> = vec!["tournament".into(), "kingpawn".into()];
    for p in players {
        args.push("--player".into());
        args.push(p.clone());
    }
    args.extend(["--out".into(), out.to_string_lossy().into_owned()]);
    run(&args, env);
    records(out)
}

/// The seat (1-based) `name` plays in `game`, if it plays there.
fn seat_in(game: &Value, name: &str) -> Option<u64> {
    let players = game["players"].as_array().unwrap();
    players.iter().position(|p| p == name).map(|k| k as u64 + 1)
}

/// The seat (1-based) `name` plays in `game`.
fn seat_of(game: &Value, name: &str) -> u64 {
    seat_in(game, name).unwrap_or_else(|| panic!("{name} is not in {game}"))
}

/// The logs of every championship game `name` played, its seat's only.
fn logs_of(out: &Path, games: &[Value], name: &str) -> String {
    games
        .iter()
        .filter_map(|g| seat_in(g, name).map(|seat| log_of(out, g, seat)))
        .collect()
}

/// The log of `seat` in championship game `game`.
fn log_of(out: &Path, game: &Value, seat: u64) -> String {
    let file = out
        .join("logs")
        .join(format!("game-{}-player-{seat}.log", game["id"]));
    text(&std::fs::read(&file).unwrap_or_default())
}

/// A complete game: won by a side, no fault, White's and Black's moves alternating
/// from White.
fn assert_complete(game: &Value) {
    assert_eq!(game["result"], "winner", "{game}");
    assert!(game.get("fault").is_none(), "{game}");
    let moves = game["moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{game}");
    for (k, m) in moves.iter().enumerate() {
        assert_eq!(m["player"], (k % 2) as u64 + 1, "{game}");
    }
}

#[test]
fn the_example_plays_complete_legal_games_with_both_colours() {
    if !sbcl_present() {
        return;
    }
    let dir = scratch("lisp", "example");
    let example = "examples/kingpawn_player.lisp";
    for opponent in ["perfect", "random"] {
        // Game 1: the example is White; game 2: Black.
        let games = match_records(&dir, example, opponent, &["--games", "2"]);
        assert_eq!(games.len(), 2);
        for game in &games {
            // The referee checks every move: a game without a fault is legal throughout.
            assert_complete(game);
            assert_eq!(game["specs"].as_array().unwrap().len(), 2);
        }
        assert_eq!(games[0]["specs"][0], example);
        assert_eq!(games[1]["specs"][1], example);
        if opponent == "perfect" {
            // From the assignment's start White wins with perfect play.
            assert_eq!(games[1]["winners"], serde_json::json!([1]), "{}", games[1]);
        }
    }
    // The assignment's start, given, is the usual one.
    let games = match_records(
        &dir,
        example,
        "random",
        &["--games", "1", "--start", "K81 k17 p18 w 0/30"],
    );
    assert_complete(&games[0]);
}

#[test]
fn students_with_the_header_play_and_their_prints_go_to_the_log() {
    if !sbcl_present() {
        return;
    }
    let base = scratch("lisp", "students");
    let plain = student(&base, "ra973451", &example_as("ra973451"));
    // Prints by every standard stream, and a read of stdin, before every move.
    let chatty_source = example_as("ra123456").replace(
        "(defun branco-inicia ()\n  \"White's first move.\"\n",
        "(defun branco-inicia ()\n  \"White's first move.\"\n  \
         (print 'chatty-print) (format t \"chatty-format~%\") \
         (write-line \"chatty-terminal\" *terminal-io*) (read-line *standard-input* nil)\n",
    );
    let chatty_source = chatty_source.replace(
        "(defun preto-inicia (jogada)\n  \"Black's first move, given White's first (JOGADA).\"\n",
        "(defun preto-inicia (jogada)\n  \"Black's first move, given White's first (JOGADA).\"\n  \
         (print 'chatty-print) (format t \"chatty-format~%\") \
         (write-line \"chatty-terminal\" *terminal-io*) (read-line *standard-input* nil)\n",
    );
    assert_ne!(chatty_source, example_as("ra123456"));
    let chatty = student(&base, "ra123456", &chatty_source);
    let out = base.join("champ");
    let games = championship(
        &out,
        &[
            format!("plain={}", plain.display()),
            format!("chatty={}", chatty.display()),
            "random".into(),
        ],
        &[],
    );
    assert_eq!(games.len(), 6, "every pair, both colours");
    for game in &games {
        assert_complete(game);
    }
    let logs = logs_of(&out, &games, "plain");
    assert!(logs.contains("package RA973451"), "{logs}");
    let chatty_logs = logs_of(&out, &games, "chatty");
    for said in ["CHATTY-PRINT", "chatty-format", "chatty-terminal"] {
        assert!(chatty_logs.contains(said), "{said}: {chatty_logs}");
    }
}

#[test]
fn broken_students_lose_by_faults_with_reasons_in_words() {
    if !sbcl_present() {
        return;
    }
    let base = scratch("lisp", "broken");
    let four = |body: &str| {
        format!(
            "(defun branco-inicia () {body})\n(defun branco-responde (jogada) jogada {body})\n\
             (defun preto-inicia (jogada) jogada {body})\n(defun preto-responde (jogada) jogada {body})\n"
        )
    };
    // Each student: its file, what the record's reason says, what its log says.
    let cases: Vec<(&str, String, &str, &str)> = vec![
        (
            "syntax",
            with_header(
                "100001",
                "(defun branco-inicia () '(7 1))\n(defun branco-responde (j)\n",
            ),
            "does not load: READ error during LOAD",
            "does not load",
        ),
        (
            "missing",
            with_header(
                "100002",
                "(defun branco-inicia () '(7 1))\n(defun branco-responde (j) j)\n(defun preto-inicia (j) j)\n",
            ),
            "(package ra100002) does not define the function preto-responde",
            "does not define the function preto-responde",
        ),
        (
            "offboard",
            with_header("100003", &four("(list 9 9)")),
            "returned (9 9), which is not a move",
            "returned (9 9)",
        ),
        (
            "notalist",
            with_header("100004", &four("'rei")),
            "returned rei, which is not a move",
            "returned rei",
        ),
        (
            "failing",
            with_header("100005", &four("(error \"no idea what to play\")")),
            "failed: no idea what to play",
            "signalled:\nno idea what to play",
        ),
    ];
    let mut players = vec!["random".to_string()];
    for (name, source, _, _) in &cases {
        let file = student(&base, name, source);
        players.push(format!("{name}={}", file.display()));
    }
    let out = base.join("champ");
    let games = championship(&out, &players, &[]);
    let n = players.len();
    assert_eq!(games.len(), n * (n - 1));
    for (name, _, reason, logged) in &cases {
        // Against random, which never faults, the student is the one that faulted.
        let against_random: Vec<&Value> = games
            .iter()
            .filter(|g| {
                let players = g["players"].as_array().unwrap();
                players.iter().any(|p| p == name) && players.iter().any(|p| p == "random")
            })
            .collect();
        assert_eq!(against_random.len(), 2, "{name}: both colours");
        for game in against_random {
            let seat = seat_of(game, name);
            assert_eq!(game["result"], "fault", "{name}: {game}");
            assert_eq!(game["fault"]["player"], seat, "{name}: {game}");
            let why = game["fault"]["reason"].as_str().unwrap();
            assert!(why.starts_with("refused: "), "{name}: {why}");
            assert!(why.contains(reason), "{name}: {why}");
            assert!(!why.contains('\n'), "{name}: {why}");
            let log = log_of(&out, game, seat);
            assert!(log.contains(logged), "{name}: {log}");
        }
    }
}

#[test]
fn other_games_and_other_starts_are_refused_in_words() {
    if !sbcl_present() {
        return;
    }
    let dir = scratch("lisp", "refused");
    let example = "examples/kingpawn_player.lisp";
    let games = match_records(
        &dir,
        example,
        "random",
        &["--games", "1", "--start", "K25 k17 p18 w 8/30"],
    );
    let why = games[0]["fault"]["reason"].as_str().unwrap();
    assert!(
        why.contains("starts only from the assignment's start, K81 k17 p18 w 0/30"),
        "{why}"
    );
    let record = dir.join("dots.jsonl");
    let args: Vec<String> = [
        "match",
        "dots",
        "--p1",
        example,
        "--p2",
        "random",
        "--games",
        "1",
        "--record",
        &record.to_string_lossy(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    run(&args, &[]);
    let game: Value =
        serde_json::from_str(std::fs::read_to_string(&record).unwrap().trim()).unwrap();
    let why = game["fault"]["reason"].as_str().unwrap();
    assert!(why.contains("plays only kingpawn"), "{why}");
}

#[test]
fn the_adapter_is_found_beside_the_prolog_folder_and_bound_into_the_sandbox() {
    if !sbcl_present() {
        return;
    }
    // An installed layout: share/prolog and share/lisp, the adapter marked.
    let base = scratch("lisp", "installed");
    let share = base.join("share");
    let prolog = share.join("prolog");
    std::fs::create_dir_all(&share).unwrap();
    let copied = std::process::Command::new("cp")
        .arg("-r")
        .arg(root().join("prolog"))
        .arg(&prolog)
        .status()
        .unwrap();
    assert!(copied.success());
    std::fs::create_dir_all(share.join("lisp")).unwrap();
    let adapter = std::fs::read_to_string(root().join("lisp/tabula-player.lisp")).unwrap();
    std::fs::write(
        share.join("lisp/tabula-player.lisp"),
        format!("(format *error-output* \"the installed adapter~%\")\n{adapter}"),
    )
    .unwrap();
    let file = student(&base, "ra555555", &example_as("ra555555"));
    let out = base.join("champ");
    let prolog_text = prolog.to_string_lossy().into_owned();
    let games = championship(
        &out,
        &[format!("s={}", file.display()), "random".into()],
        &[("TABULA_PROLOG", &prolog_text)],
    );
    assert_eq!(games.len(), 2);
    for game in &games {
        assert_complete(game);
        let log = log_of(&out, game, seat_of(game, "s"));
        assert!(log.contains("the installed adapter"), "{log}");
    }
    // Rules alone elsewhere ($TABULA_PROLOG without a lisp/ beside it): the source
    // tree's adapter.
    let alone = base.join("alone");
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::rename(&prolog, alone.join("prolog")).unwrap();
    let alone_text = alone.join("prolog").to_string_lossy().into_owned();
    let out = base.join("champ2");
    let games = championship(
        &out,
        &[format!("s={}", file.display()), "random".into()],
        &[("TABULA_PROLOG", &alone_text)],
    );
    for game in &games {
        assert_complete(game);
    }
    // A missing adapter is said before anything is played.
    let o = tabula_with(
        &[
            "match",
            "kingpawn",
            "--p1",
            "examples/kingpawn_player.lisp",
            "--p2",
            "random",
        ],
        &[("TABULA_LISP", "/nonexistent/lisp")],
    );
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("adapter") && err.contains("TABULA_LISP"),
        "{err}"
    );
}

#[test]
fn the_command_starts_where_only_an_address_space_cap_limits_memory() {
    if !sbcl_present() {
        return;
    }
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    for cap in [256u64 << 20, 512 << 20, 1 << 30] {
        let (argv, _) =
            tabula::players::lisp::command(&root().join("examples/kingpawn_player.lisp"), cap)
                .unwrap();
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: between fork and exec, only setrlimit(2).
        unsafe {
            command.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: cap,
                    rlim_max: cap,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let mut child = command.spawn().unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"game kingpawn\ngenmove 1000\nquit\n")
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            text(&out.stdout),
            "=\n\n= (7 2)\n\n=\n\n",
            "cap {cap}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn at_the_terminal_a_lisp_seat_is_told_the_game_again_after_a_move_is_taken_back() {
    if !sbcl_present() {
        return;
    }
    use std::io::Write;
    use std::process::Stdio;
    let tmp = scratch("lisp", "terminal");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "play",
            "kingpawn",
            "--p1",
            "examples/kingpawn_player.lisp",
            "--p2",
            "human",
        ])
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("TMPDIR", &tmp)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"(2 7)\n(2 6)\nundo\n(2 8)\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let said = text(&out.stdout);
    assert!(out.status.success(), "{said}\n{}", text(&out.stderr));
    // White's moves: (7 2), (6 3), (5 4); taken back to (6 3) and played again after
    // (2 8), by a program started afresh and told (7 2) (2 7) (6 3) (2 8).
    let plays: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("examples/kingpawn_player.lisp) plays"))
        .collect();
    assert_eq!(plays.len(), 4, "{said}");
    assert!(plays[0].ends_with("plays (7 2)"), "{said}");
    assert!(plays[3].ends_with("plays (5 4)"), "{said}");
    assert!(!said.contains("forfeits"), "{said}");
    let log = std::fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .map(|e| text(&std::fs::read(e.path()).unwrap_or_default()))
        .collect::<String>();
    assert!(log.contains("package RA000000"), "{log}");
    assert!(!log.contains("told the game again"), "{log}");
}

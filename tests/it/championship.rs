//! Championships end to end, through the `tabula` command: hostile players lose with
//! the right reason while the championship completes; a run killed halfway resumes to
//! the same standings; the final grade of several championships; the protocol as
//! `tabula serve` speaks it; and the web page, rendered by a real headless browser.

use crate::common::{INVISIBLE, records, root, strs, tabula, text, written_out};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    crate::common::scratch("ch", name)
}

fn python() -> bool {
    Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn hostile_players_lose_with_the_right_reason_and_the_championship_completes() {
    assert!(python(), "python3 is needed for the example players");
    let dir = scratch("hostile");
    let hostile = |mode: &str, after: u32| {
        format!(
            "{mode}=cmd:python3 tests/players/hostile.py {mode} --after {after} --bot examples/random_bot.py"
        )
    };
    let players = [
        "greedy".to_string(),
        "bot=cmd:python3 examples/random_bot.py --seed 3".to_string(),
        hostile("sleep", 0),
        hostile("garbage", 0),
        hostile("refuse", 0),
        hostile("illegal", 1),
        hostile("exit", 1),
        hostile("crash", 0),
        hostile("hog", 0),
        hostile("flood", 0),
        "halt=tests/players/halt_player.pl".to_string(),
        // The assignment's four predicates, as a student writes them.
        "student=examples/kingpawn_player.pl".to_string(),
    ];
    let mut args = vec!["tournament", "kingpawn"];
    for p in &players {
        args.push("--player");
        args.push(p);
    }
    let out = dir.to_string_lossy().into_owned();
    args.extend([
        "--out",
        &out,
        "--move-time",
        "0.5",
        "--memory",
        "512M",
        "--jobs",
        "2",
    ]);
    let o = tabula(&args);
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let games = records(&dir);
    assert_eq!(games.len(), 12 * 11, "every pair, both colours");
    // Each hostile player's faults, by the reason's first word.
    let mut reasons: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for g in &games {
        if let Some(f) = g.get("fault") {
            let seat = f["player"].as_u64().unwrap() as usize;
            let name = g["players"][seat - 1].as_str().unwrap().to_string();
            reasons
                .entry(name)
                .or_default()
                .push(f["reason"].as_str().unwrap().to_string());
        }
    }
    let expect = [
        ("sleep", "timeout: "),
        ("garbage", "protocol: "),
        ("refuse", "refused: I give up"),
        ("illegal", "illegal: "),
        ("exit", "crash: exit 3"),
        ("crash", "crash: exit 139"),
        ("hog", "crash: "),
        ("halt", "crash: exit 0"),
    ];
    for (name, prefix) in expect {
        let rs = reasons
            .get(name)
            .unwrap_or_else(|| panic!("{name} never lost by a fault"));
        // It misbehaves in every game in which it gets to move before its opponent
        // breaks a rule: at least in its games against the honest players.
        assert!(rs.len() >= 3, "{name}: {rs:?}");
        if name == "hog" {
            // The cap kills it; on a loaded machine filling 512 MB can take longer
            // than the move's limit, and then the clock stops it first.
            assert!(
                rs.iter()
                    .all(|r| r.starts_with(prefix) || r.starts_with("timeout: ")),
                "{name}: {rs:?}"
            );
            // How often the cap wins the race depends on the machine's load; that it
            // kills the hog at all is what shows the cap works.
            let capped = rs.iter().filter(|r| r.starts_with(prefix)).count();
            assert!(capped >= 1, "the memory cap killed it: {rs:?}");
        } else {
            assert!(rs.iter().all(|r| r.starts_with(prefix)), "{name}: {rs:?}");
        }
    }
    for honest in ["greedy", "bot", "flood", "student"] {
        assert!(
            !reasons.contains_key(honest),
            "{honest} played by the rules: {:?}",
            reasons.get(honest)
        );
    }
    // The flood of stderr was kept, bounded.
    let logs: Vec<_> = std::fs::read_dir(dir.join("logs"))
        .unwrap()
        .flatten()
        .collect();
    assert!(!logs.is_empty());
    for log in &logs {
        let size = log.metadata().unwrap().len();
        assert!(size < 300 * 1024, "{:?} is {size} bytes", log.path());
    }
    // Standings: the honest players ranked, the cheats not.
    let standings: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("standings.json")).unwrap())
            .unwrap();
    let rows = standings["standings"].as_array().unwrap();
    let row = |name: &str| rows.iter().find(|r| r["name"] == name).unwrap().clone();
    assert_eq!(row("greedy")["group"], "ranked");
    assert_eq!(row("flood")["group"], "ranked");
    assert_eq!(row("student")["group"], "ranked");
    assert_eq!(row("sleep")["group"], "unranked");
    assert_eq!(row("greedy")["valid"], 100.0);
    let csv = std::fs::read_to_string(dir.join("standings.csv")).unwrap();
    assert_eq!(csv.lines().count(), 13, "{csv}");
}

/// The standings without what may differ between two runs of the same championship.
fn standings_of(dir: &Path) -> Value {
    let mut v: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("standings.json")).unwrap())
            .unwrap();
    v.as_object_mut().unwrap().remove("generated");
    v
}

fn moves_by_game(dir: &Path) -> BTreeMap<u64, Value> {
    records(dir)
        .into_iter()
        .map(|g| (g["id"].as_u64().unwrap(), g["moves"].clone()))
        .map(|(id, moves)| {
            let plain: Vec<Value> = moves
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["move"].clone())
                .collect();
            (id, Value::Array(plain))
        })
        .collect()
}

#[test]
fn a_championship_killed_halfway_resumes_to_the_same_standings() {
    assert!(python(), "python3 is needed for the example players");
    let exe = env!("CARGO_BIN_EXE_tabula");
    let args = |dir: &Path| -> Vec<String> {
        [
            "tournament",
            "breakthrough",
            "--player",
            "greedy",
            "--player",
            "random",
            "--player",
            "bot=cmd:python3 examples/random_bot.py --seed 11",
            "--player",
            "mine=examples/breakthrough_player.pl",
            "--rows",
            "6",
            "--cols",
            "5",
            "--seed",
            "42",
            "--jobs",
            "2",
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([dir.to_string_lossy().into_owned()])
        .collect()
    };
    // Uninterrupted.
    let whole = scratch("whole");
    let o = tabula(&strs(&args(&whole)));
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let out = text(&o.stdout);
    assert!(out.contains("rank") && out.contains("crosstable"), "{out}");
    assert_eq!(records(&whole).len(), 4 * 3 + 4);
    // The crosstable lists the players in the order of the standings, not of entry.
    let st: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(whole.join("standings.json")).unwrap())
            .unwrap();
    let ranked: Vec<&str> = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    let listed: Vec<&str> = st["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(listed, ranked, "{st}");
    let first_row = out
        .lines()
        .skip_while(|l| !l.starts_with("crosstable"))
        .nth(2)
        .unwrap_or("");
    assert!(first_row.starts_with(ranked[0]), "{out}");

    // Killed once some games are on disk, then a torn line as a kill mid-write leaves.
    let broken = scratch("broken");
    let mut child = Command::new(exe)
        .args(args(&broken))
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let started = Instant::now();
    let mut seen = 0;
    while seen < 5 && started.elapsed() < Duration::from_secs(120) {
        match lines.next() {
            Some(Ok(l)) if l.starts_with("game ") => seen += 1,
            Some(_) => {}
            None => break,
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = records(&broken).len();
    assert!((5..16).contains(&kept), "{kept} games were on disk");
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(broken.join("games.jsonl"))
        .unwrap();
    f.write_all(br#"{"id":3,"players":["gre"#).unwrap();
    drop(f);
    let o = tabula(&strs(&args(&broken)));
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(all.contains("torn"), "{all}");
    assert!(all.contains("resuming"), "{all}");
    assert_eq!(records(&broken).len(), 16);
    assert_eq!(moves_by_game(&broken), moves_by_game(&whole));
    assert_eq!(standings_of(&broken), standings_of(&whole));

    // Another championship in the same folder is refused, and nothing is lost.
    let mut other = args(&broken);
    other[1] = "kingpawn".into();
    let o = tabula(&strs(&other));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("another championship"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(records(&broken).len(), 16);
}

#[test]
fn final_grades_follow_the_assignment_formula() {
    let dir = scratch("grade");
    let write = |name: &str, rows: &[(&str, f64)]| {
        let d = dir.join(name);
        std::fs::create_dir_all(&d).unwrap();
        let standings: Vec<Value> = rows
            .iter()
            .map(|(n, g)| serde_json::json!({"name": n, "grade": g}))
            .collect();
        std::fs::write(
            d.join("standings.json"),
            serde_json::json!({"standings": standings}).to_string(),
        )
        .unwrap();
        d
    };
    // C = 2, Min = 1. P: ann 1.0 + 0.8 = 1.8 (Max), bob 0.5 + 0.6 = 1.1, cid 0.4 + 0.2 = 0.6.
    // ann (1.8 - 1) / (1.8 - 1) * 5 + 5 = 10; bob (1.1 - 1) / 0.8 * 5 + 5 = 5.625;
    // cid 0.6 / 1 * 5 = 3.
    let a = write("day1", &[("ann", 10.0), ("bob", 5.0), ("cid", 4.0)]);
    let b = write("day2", &[("ann", 8.0), ("bob", 6.0), ("cid", 2.0)]);
    let csv = dir.join("final.csv");
    let o = tabula(&[
        "grade",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let csv = std::fs::read_to_string(csv).unwrap();
    assert!(csv.contains("ann,1.8000,10.00"), "{csv}");
    assert!(
        csv.contains("bob,1.1000,5.62") || csv.contains("bob,1.1000,5.63"),
        "{csv}"
    );
    assert!(csv.contains("cid,0.6000,3.00"), "{csv}");
    // C = 1: Min = 0.5.
    let o = tabula(&["grade", a.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("Min = C/2 = 0.5"), "{out}");
    // A folder without standings is an error that names it.
    let o = tabula(&["grade", dir.join("nowhere").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("nowhere: not a championship folder"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn tabula_serve_speaks_the_protocol() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "kingpawn", "perfect"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"name\ngame kingpawn\nposition K81 k17 p18 w 0/30\ngenmove 500\nplay (2 7)\nplay (1 1)\nfrobnicate\ngame dots\nquit\n",
        )
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let out = text(&o.stdout);
    let answers: Vec<&str> = out.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers.len(), 9, "{out}");
    assert_eq!(answers[0], "= tabula perfect");
    assert_eq!(answers[1], "=");
    assert_eq!(answers[2], "=");
    assert!(answers[3].starts_with("= (7 "), "{out}");
    assert_eq!(answers[4], "=");
    assert!(
        answers[5].starts_with("? "),
        "an illegal move is refused: {out}"
    );
    assert_eq!(answers[6], "? unknown command");
    assert!(
        answers[7].starts_with("? this player plays kingpawn"),
        "{out}"
    );
    assert_eq!(answers[8], "=");
}

#[test]
fn the_web_page_renders_in_a_headless_browser() {
    let Some(chromium) = crate::common::chromium() else {
        eprintln!("SKIPPED: no chromium on this machine");
        return;
    };
    let dir = scratch("web");
    let o = tabula(&[
        "tournament",
        "breakthrough",
        "--player",
        "greedy",
        "--player",
        "<b>random</b>=random",
        "--rows",
        "5",
        "--cols",
        "5",
        "--out",
        dir.to_str().unwrap(),
    ]);
    // A name with HTML in it is refused by NAME=SPEC (not a plain word): the spec
    // itself is then "<b>random</b>=random", which is no player.
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    let o = tabula(&[
        "tournament",
        "breakthrough",
        "--player",
        "greedy",
        "--player",
        "random",
        "--rows",
        "5",
        "--cols",
        "5",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let page = dir.join("index.html");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("http://") || html.matches("http").count() <= 2);
    let url = format!("file://{}", page.display());
    let dom = crate::common::page_dom(chromium, &url);
    assert!(
        dom.contains(r#"data-ready="yes""#),
        "the page did not render:\n{}",
        &dom[..dom.len().min(2000)]
    );
    assert!(dom.contains(r#"id="board""#), "no board drawn");
    assert!(dom.contains("greedy") && dom.contains("random"));
    // A page whose data was cut short says so instead of drawing nonsense.
    let start = html
        .find("const PACKED = \"")
        .expect("the data is in the page")
        + 16;
    let end = start + html[start..].find('"').expect("the data ends");
    let mut cut = html.clone();
    cut.replace_range(start + (end - start) / 2..end, "");
    let cut_page = dir.join("cut.html");
    std::fs::write(&cut_page, cut).unwrap();
    let dump = crate::common::page_dom(chromium, &format!("file://{}", cut_page.display()));
    assert!(
        dump.contains(r#"data-ready="error""#) && dump.contains("could not be read"),
        "{}",
        &dump[..dump.len().min(2000)]
    );
    let shot = dir.join("page.png");
    let o = Command::new(chromium)
        .args([
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=1280,1400",
            "--virtual-time-budget=20000",
            &format!("--screenshot={}", shot.display()),
            &url,
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let png = std::fs::read(&shot).unwrap();
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );
}

/// A game, its board options, and what its board shows after four moves: each (a
/// pattern in the drawing, how many times).
type PageCase = (
    &'static str,
    &'static [&'static str],
    &'static [(&'static str, usize)],
);

/// The page's board of every shipped game, four moves into its first game, drawn by a
/// real browser: the pieces (or lines) the position has are on the board, counted
/// from the drawing itself.
#[test]
fn the_page_draws_every_games_pieces() {
    let Some(chromium) = crate::common::chromium() else {
        eprintln!("SKIPPED: no chromium on this machine");
        return;
    };
    // game, board options, and what the board shows after four moves: each (pattern in
    // the drawing, how many times).
    let cases: [PageCase; 6] = [
        // Four segments: three drawn, the last one heavier.
        (
            "dots",
            &["--rows", "3", "--cols", "3"],
            &[(r#"stroke-width="6""#, 3), (r#"stroke-width="9""#, 1)],
        ),
        // 5 x 5: ten white and ten black discs, less the captures (counted below).
        ("breakthrough", &["--rows", "5", "--cols", "5"], &[]),
        // The two kings and the pawn (it cannot be taken in four moves).
        (
            "kingpawn",
            &[],
            &[(">K</text>", 1), (">k</text>", 1), (">p</text>", 1)],
        ),
        // Two red and two yellow discs.
        (
            "connect4",
            &[],
            &[(r##"fill="#d52b2b""##, 2), (r##"fill="#f5c814""##, 2)],
        ),
        // Four start discs and four placed: eight in all (counted below).
        ("othello", &[], &[]),
        // The two stores, each the two squares of its column, tinted.
        ("kalah", &[], &[(r#"fill-opacity="0.3""#, 4)]),
    ];
    for (game, options, expected) in cases {
        let dir = scratch(&format!("page-{game}"));
        let mut args = vec![
            "tournament",
            game,
            "--player",
            "random",
            "--player",
            "other=random",
            "--out",
            dir.to_str().unwrap(),
        ];
        args.extend_from_slice(options);
        let o = tabula(&args);
        assert!(o.status.success(), "{game}: {}", text(&o.stderr));
        let url = format!("file://{}#game-1/4", dir.join("index.html").display());
        let dom = crate::common::page_dom(chromium, &url);
        assert!(
            dom.contains(r#"data-ready="yes""#),
            "{game}: the page did not render"
        );
        let board = crate::common::board_svg(&dom);
        assert!(
            board.contains("move 4 of") || dom.contains("move 4 of"),
            "{game}"
        );
        for (pattern, count) in expected {
            assert_eq!(board.matches(pattern).count(), *count, "{game}: {pattern}");
        }
        let white = board.matches(r##"fill="#fbfbf6""##).count();
        let black = board.matches(r##"fill="#2a2a2a""##).count();
        match game {
            "breakthrough" => {
                // Four moves take at most two pieces of either side.
                assert!(
                    (8..=10).contains(&white) && (8..=10).contains(&black),
                    "{white} white and {black} black discs drawn"
                );
            }
            "othello" => assert_eq!(white + black, 8, "{board}"),
            _ => {}
        }
    }
}

/// Time odds in a championship: `NAME=SPEC@MS` gives one player its own limit a move.
/// Every record keeps each seat's limit, the settings keep the player's, and the page
/// says it; the other player keeps the championship's.
#[test]
fn a_player_may_have_its_own_move_time() {
    let dir = scratch("time-odds");
    let out = dir.to_string_lossy().into_owned();
    let o = tabula(&[
        "tournament",
        "dots",
        "--player",
        "fast=random@200",
        "--player",
        "slow=random",
        "--rows",
        "3",
        "--cols",
        "3",
        "--move-time",
        "0.5",
        "--out",
        &out,
    ]);
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let games = records(&dir);
    assert!(!games.is_empty());
    for g in &games {
        let limits: Vec<(String, u64)> = g["players"]
            .as_array()
            .unwrap()
            .iter()
            .zip(g["move_ms"].as_array().unwrap())
            .map(|(p, ms)| (p.as_str().unwrap().to_string(), ms.as_u64().unwrap()))
            .collect();
        for (player, ms) in limits {
            assert_eq!(ms, if player == "fast" { 200 } else { 500 }, "{g}");
        }
    }
    let settings = std::fs::read_to_string(dir.join("championship.json")).unwrap();
    assert!(settings.contains("random@200"), "{settings}");
    let page = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let data = crate::common::page_data(&page);
    assert!(
        data.contains("0.5 s; fast: 0.2 s"),
        "the page says the limits: {data}"
    );
}

/// A player's text reaches the championship's page as the terminal shows it: the
/// reason of its fault quotes its answer with characters that are not seen, each
/// written out on the page, none raw; its record keeps them whole.
#[test]
fn a_players_text_reaches_the_page_with_its_invisible_characters_written_out() {
    assert!(python(), "python3 is needed for the example players");
    let dir = scratch("invisible");
    let out = dir.to_string_lossy().into_owned();
    let o = tabula(&[
        "tournament",
        "kingpawn",
        "--player",
        "esc=cmd:python3 tests/players/escape.py garbage --bot examples/random_bot.py",
        "--player",
        "random",
        "--out",
        &out,
    ]);
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let invisible: String = INVISIBLE.iter().collect();
    let faults: Vec<Value> = records(&dir)
        .into_iter()
        .filter_map(|g| g.get("fault").cloned())
        .collect();
    assert!(!faults.is_empty());
    for f in &faults {
        assert!(f["reason"].as_str().unwrap().contains(&invisible), "{f}");
    }
    let page = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let data = crate::common::page_data(&page);
    let parsed: Value = serde_json::from_str(&data).unwrap();
    let reasons: Vec<&str> = parsed["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["reason"].as_str())
        .filter(|r| r.starts_with("esc lost by"))
        .collect();
    assert_eq!(reasons.len(), faults.len(), "{data}");
    for c in INVISIBLE {
        assert!(!data.contains(c), "{} raw on the page", written_out(c));
        for r in &reasons {
            assert!(r.contains(&written_out(c)), "{r}");
        }
    }
}

/// A searching player gives its memory back after each move: Scryer never frees an
/// integer of 2^55 or more, and Connect Four's fast path once made them, so its
/// player grew about 12 MB a 0.6-second move (107 MB in ten) until its memory cap
/// killed it mid-game. Ten moves of `alphabeta` on the fast path, the resident memory
/// read from outside after the first and the last.
#[test]
fn a_searching_player_keeps_its_memory_move_after_move() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "connect4", "alphabeta"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let resident_kb = || -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap()
    };
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |command: &str| -> String {
        writeln!(stdin, "{command}").unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        let mut blank = String::new();
        stdout.read_line(&mut blank).unwrap();
        answer.trim().to_string()
    };
    assert_eq!(ask("game connect4"), "=");
    let mut sizes = Vec::new();
    for _ in 0..10 {
        let answer = ask("genmove 600");
        assert!(answer.starts_with("= "), "a move: {answer}");
        sizes.push(resident_kb());
    }
    ask("quit");
    let _ = child.wait();
    let grown = sizes[9].saturating_sub(sizes[0]);
    assert!(
        grown < 32 * 1024,
        "the player grew {grown} KB in nine moves: {sizes:?}"
    );
}

//! A championship's records are written by its one runner and by nobody else: a second
//! runner on the same folder is refused while the first runs, and a resume adopts no
//! record the schedule and the rules did not produce (forged lines are dropped, named,
//! and their games played again). Through the `tabula` command.

use crate::common::{records, root, strs, text};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Lines};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn tabula(args: &[String]) -> Output {
    crate::common::tabula(&strs(args))
}

fn scratch(name: &str) -> PathBuf {
    crate::common::scratch("rec", name)
}

fn championship_id(dir: &Path) -> String {
    let settings: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("championship.json")).unwrap())
            .unwrap();
    settings["id"]
        .as_str()
        .expect("championship.json has an id")
        .to_string()
}

/// Every scheduled game exactly once, each a record of this championship.
fn assert_one_record_per_game(dir: &Path, games: u64) {
    let id = championship_id(dir);
    let mut ids: Vec<u64> = records(dir)
        .iter()
        .map(|r| {
            assert_eq!(r["championship"], id.as_str(), "{r}");
            r["id"].as_u64().unwrap()
        })
        .collect();
    ids.sort();
    assert_eq!(ids, (0..games).collect::<Vec<_>>());
}

/// No temporary file of an atomic write is left behind.
fn assert_no_temporaries(dir: &Path) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".tmp"), "{name} left in {}", dir.display());
    }
}

fn args(dir: &Path, players: &[&str], seed: &str) -> Vec<String> {
    let mut a: Vec<String> = ["tournament", "breakthrough"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for p in players {
        a.push("--player".into());
        a.push(p.to_string());
    }
    a.extend(
        [
            "--rows",
            "4",
            "--cols",
            "4",
            "--move-time",
            "1",
            "--seed",
            seed,
            "--jobs",
            "1",
            "--out",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    a.push(dir.to_string_lossy().into_owned());
    a
}

/// A championship running, and its output.
type Running = (Child, Lines<BufReader<ChildStdout>>);

/// Starts a championship and waits until it has announced itself (it holds the
/// folder by then).
fn start(args: &[String]) -> Running {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
    let started = Instant::now();
    loop {
        let line = out
            .next()
            .expect("the championship announces itself")
            .unwrap();
        if line.contains("championship:") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "no start");
    }
    (child, out)
}

#[test]
fn a_second_runner_on_the_same_folder_is_refused_and_a_killed_one_blocks_nothing() {
    let dir = scratch("two");
    // 3 players: 6 games and 3 self-games, each between two fresh processes, a few
    // seconds in all.
    let a = args(&dir, &["greedy", "random", "g2=greedy"], "3");
    let (mut first, mut first_out) = start(&a);
    let asked = Instant::now();
    let second = tabula(&a);
    let took = asked.elapsed();
    let err = text(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "another tabula (PID {}) is running this championship; wait for it to finish or stop it",
            first.id()
        )),
        "{err}"
    );
    assert!(took < Duration::from_secs(15), "refused after {took:?}");
    assert!(
        first.try_wait().unwrap().is_none(),
        "the first was still running when the second was refused"
    );
    // Drain the first's output, so that it never blocks on a full pipe.
    for line in first_out.by_ref() {
        line.unwrap();
    }
    assert!(first.wait().unwrap().success());
    assert_one_record_per_game(&dir, 9);
    assert_no_temporaries(&dir);

    // A runner killed outright leaves no lock behind: the next run resumes at once.
    let dir = scratch("killed");
    let a = args(&dir, &["greedy", "random"], "4");
    let (mut child, mut out) = start(&a);
    // Once a game is on disk.
    for line in out.by_ref() {
        if line.unwrap().starts_with("game ") {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let o = tabula(&a);
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    assert!(text(&o.stdout).contains("resuming"), "{}", text(&o.stdout));
    assert_one_record_per_game(&dir, 4);
    assert_no_temporaries(&dir);
}

fn standings(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("standings.json")).unwrap()).unwrap()
}

fn moves_by_game(dir: &Path) -> BTreeMap<u64, Vec<Value>> {
    records(dir)
        .into_iter()
        .map(|g| {
            let moves = g["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["move"].clone())
                .collect();
            (g["id"].as_u64().unwrap(), moves)
        })
        .collect()
}

#[test]
fn forged_records_are_dropped_by_name_and_their_games_played_again() {
    let dir = scratch("forged");
    // greedy is deterministic and random follows the seed: a game played again is
    // the game played the first time.
    let a = args(&dir, &["alice=greedy", "bob=random"], "5");
    let o = tabula(&a);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // alice vs bob, bob vs alice, then each against itself.
    assert_one_record_per_game(&dir, 4);
    let honest = standings(&dir);
    let honest_moves = moves_by_game(&dir);
    let by_id: BTreeMap<u64, Value> = records(&dir)
        .into_iter()
        .map(|r| (r["id"].as_u64().unwrap(), r))
        .collect();
    let line = |v: &Value| v.to_string();

    // Game 2 (bob vs alice): its loser made the winner; the honest line is gone.
    let mut flipped = by_id[&1].clone();
    let winner = flipped["winners"][0].as_u64().unwrap();
    flipped["winners"] = serde_json::json!([3 - winner]);
    let scores: Vec<Value> = flipped["scores"].as_array().unwrap().clone();
    flipped["scores"] = Value::Array(scores.into_iter().rev().collect());
    // Game 3 (alice against herself), in front of the honest line: another
    // championship's.
    let mut foreign = by_id[&2].clone();
    foreign["championship"] = "0123456789abcdef".into();
    // Game 4 (bob against himself): a made-up move list; the honest line is gone.
    let mut made_up = by_id[&3].clone();
    let first_move = made_up["moves"][0].clone();
    made_up["moves"] = serde_json::json!([first_move, {"player": 2, "move": "a1-a4", "ms": 5}]);
    // A game the schedule does not have, and a second copy of game 1.
    let mut outside = by_id[&0].clone();
    outside["id"] = 17.into();
    let forged = [
        line(&by_id[&0]), // 1
        line(&flipped),   // 2
        line(&foreign),   // 3
        line(&by_id[&2]), // 4
        line(&made_up),   // 5
        line(&outside),   // 6
        line(&by_id[&0]), // 7
    ];
    std::fs::write(dir.join("games.jsonl"), forged.join("\n") + "\n").unwrap();

    let o = tabula(&a);
    let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(o.status.success(), "{all}");
    let file = dir.join("games.jsonl");
    let at = |n: u32| format!("warning: {}:{n}: ", file.display());
    for (n, words) in [
        (
            2,
            "game 2 (bob vs alice) is not as the rules play it (it says",
        ),
        (3, "game 3 (alice vs alice) belongs to another championship"),
        (
            5,
            "game 4 (bob vs bob) is not as the rules play it (move 2, a1-a4",
        ),
        (
            6,
            "game 18 (alice vs bob) is not in the schedule, which has 4 games: dropped",
        ),
        (
            7,
            "game 1 (alice vs bob) is recorded already (line 1): dropped",
        ),
    ] {
        let expected = format!("{}{words}", at(n));
        assert!(all.contains(&expected), "no {expected:?} in\n{all}");
    }
    for n in [2, 3, 5] {
        let warning = all
            .lines()
            .find(|l| l.starts_with(&at(n)))
            .unwrap_or_default();
        assert!(
            warning.ends_with(": dropped, the game is played again"),
            "{warning}"
        );
    }
    // The honest lines 1 and 4 stand: two games played again.
    assert!(all.contains("resuming: 2 of 4 games"), "{all}");
    for n in [1, 4] {
        assert!(!all.contains(&at(n)), "{all}");
    }
    assert_one_record_per_game(&dir, 4);
    assert_eq!(moves_by_game(&dir), honest_moves);
    assert_eq!(standings(&dir), honest);
    assert_no_temporaries(&dir);

    // Clean now: a rerun adopts every record and warns of nothing.
    let o = tabula(&a);
    let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(o.status.success(), "{all}");
    assert!(!all.contains("warning"), "{all}");
    assert!(all.contains("resuming: 4 of 4 games"), "{all}");
}

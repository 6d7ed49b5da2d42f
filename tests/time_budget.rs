//! No tabula player loses on time: every game's strongest player and the generic
//! searches play matches at 0.1 s a move, in their sandboxed processes as in a
//! championship, with two busy processes beside them on the machine, and every move
//! arrives within its time (no game ends by a time fault). The worst answer time, as
//! a share of the move time, is printed for docs/benchmarks.md.
//!
//! A test binary of its own: `cargo test` runs it after the others, alone, so that the
//! two busy processes are all that is beside the players (inside `tests/it`, the other
//! tests running at the same time would be more).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("tabula runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tabula-time-budget-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn records(file: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(file)
        .expect("the match's records")
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line a record"))
        .collect()
}

/// A process that keeps a core busy until dropped.
struct Busy(Child);

impl Busy {
    fn start() -> Busy {
        Busy(
            Command::new("sh")
                .args(["-c", "while :; do :; done"])
                .stdin(Stdio::null())
                .spawn()
                .expect("sh runs"),
        )
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn no_player_loses_on_time_at_a_tenth_of_a_second_beside_two_busy_processes() {
    let _busy = [Busy::start(), Busy::start()];
    // Small boards, one game a match: the test is about the clock, not the length of
    // the games. The strongest player (ai) moves first in one match and second in the
    // other.
    let matches: &[(&str, &[&str])] = &[
        ("breakthrough", &["--rows", "6", "--cols", "6"]),
        ("connect4", &[]),
        ("othello", &["--option", "size=6"]),
        ("dots", &["--rows", "3", "--cols", "4"]),
        ("kingpawn", &[]),
    ];
    let mut worst: (f64, String) = (0.0, String::new());
    for (game, board) in matches {
        for (p1, p2) in [("ai", "mcts"), ("alphabeta", "ai")] {
            let dir = scratch(&format!("{game}-{p1}-{p2}"));
            let record = dir.join("games.jsonl");
            let mut args = vec![
                "match",
                game,
                "--p1",
                p1,
                "--p2",
                p2,
                "--games",
                "1",
                "--move-time",
                "0.1",
                "--record",
                record.to_str().unwrap(),
            ];
            args.extend_from_slice(board);
            let o = tabula(&args);
            assert!(
                o.status.success(),
                "{game} {p1} vs {p2}: {}{}",
                text(&o.stdout),
                text(&o.stderr)
            );
            for g in records(&record) {
                assert!(
                    g.get("fault").is_none(),
                    "{game} {p1} vs {p2}: a player lost by a fault: {}",
                    g["fault"]
                );
                for m in g["moves"].as_array().unwrap() {
                    let share = m["ms"].as_f64().unwrap() / 100.0;
                    if share > worst.0 {
                        worst = (share, format!("{game} {p1} vs {p2}, move {m}"));
                    }
                }
            }
        }
    }
    eprintln!(
        "time budget: the slowest answer took {:.0}% of the move time ({})",
        worst.0 * 100.0,
        worst.1
    );
}

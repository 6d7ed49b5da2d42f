//! `tabula bench exact`: the horizon of a game's exact endgame search, as a person runs
//! it. Kept small (one position a count, a short budget): the table's shape and its
//! counts are checked, never its times.

use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("tabula runs")
}

#[test]
fn bench_exact_prints_a_row_per_count_and_the_horizon() {
    let o = tabula(&[
        "bench",
        "exact",
        "dots",
        "--budget",
        "100",
        "--positions",
        "1",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let rows: Vec<Vec<&str>> = out
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() == 6 && w[0].parse::<u32>().is_ok())
        .collect();
    // The suite's counts, in order, one position each: solved 0/1 or 1/1.
    let counts: Vec<u32> = rows.iter().map(|w| w[0].parse().unwrap()).collect();
    assert_eq!(counts, (28..=36).collect::<Vec<_>>(), "{out}");
    for w in &rows {
        assert!(w[1] == "0/1" || w[1] == "1/1", "{out}");
        // Positions searched are reported for solved positions only.
        assert_eq!(w[1] == "1/1", w[4] != "-", "{out}");
    }
    let horizon = out
        .lines()
        .find(|l| l.starts_with("horizon "))
        .unwrap_or_else(|| panic!("no horizon line:\n{out}"));
    // The horizon is the last count of the unbroken run of solved rows from the top.
    let solved_run = rows.iter().take_while(|w| w[1] == "1/1").count();
    if solved_run == 0 {
        assert!(horizon.starts_with("horizon none"), "{out}");
    } else {
        let h = counts[solved_run - 1];
        assert!(horizon.starts_with(&format!("horizon {h} ")), "{out}");
    }
}

#[test]
fn bench_exact_says_when_a_game_offers_no_exact_search() {
    let o = tabula(&["bench", "exact", "kingpawn", "--budget", "10"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("offer no exact-search bench"), "{err}");
}

#[test]
fn bench_exact_rejects_a_zero_budget() {
    let o = tabula(&["bench", "exact", "dots", "--budget", "0"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--budget"), "{err}");
}

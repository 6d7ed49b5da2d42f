//! The `tabula` command as a person uses it: piped input for play and the REPL, exit
//! codes for query and check, and hostile input everywhere.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn tabula(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn prolog_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("prolog")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_command_has_help() {
    for cmd in [
        vec!["--help"],
        vec!["play", "--help"],
        vec!["repl", "--help"],
        vec!["query", "--help"],
        vec!["check", "--help"],
        vec!["bench", "--help"],
        vec!["match", "--help"],
        vec!["tournament", "--help"],
        vec!["tournament", "merge", "--help"],
        vec!["site", "--help"],
        vec!["site", "users", "import", "--help"],
        vec!["games", "--help"],
        vec!["completions", "--help"],
    ] {
        let o = tabula(&cmd, "");
        assert!(o.status.success(), "{cmd:?}");
        assert!(stdout(&o).contains("Usage"), "{cmd:?}: {}", stdout(&o));
    }
}

#[test]
fn games_version_and_completions() {
    let o = tabula(&["games"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    for line in [
        "Timbiriche (Dots and Boxes)",
        "King-and-pawn chase",
        "Breakthrough",
        "perfect (the strongest: ai means it)",
        "ai (the strongest)",
        "mcts: Monte Carlo tree search",
        "Connect Four",
        "Othello",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    let o = tabula(&["--version"], "");
    assert!(stdout(&o).starts_with("tabula "), "{}", stdout(&o));
    for shell in ["bash", "zsh", "fish"] {
        let o = tabula(&["completions", shell], "");
        assert!(o.status.success(), "{shell}");
        let script = stdout(&o);
        assert!(
            script.contains("tournament") && script.contains("site"),
            "{shell}"
        );
    }
    let o = tabula(&["completions", "tcsh"], "");
    assert!(!o.status.success());
    // No display: words, and what to do instead.
    let o = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("gui")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("no display found") && err.contains("tabula play"),
        "{err}"
    );
    assert!(!err.contains("winit"), "{err}");
    // `ai` is every game's strongest player: the chase's `perfect`.
    let o = tabula(
        &[
            "match",
            "kingpawn",
            "--p1",
            "ai",
            "--p2",
            "random",
            "--games",
            "2",
            "--move-time",
            "0.3",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("ai (p1)"), "{}", stdout(&o));
}

#[test]
fn a_person_plays_and_bad_input_changes_nothing() {
    let input = "h(0,0)\nfoo\nh(0,0)\nh(9,9)\nz9-z8\nmoves\nundo\nquit\n";
    let o = tabula(
        &["play", "dots", "--rows", "3", "--cols", "3", "--seed", "5"],
        input,
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(out.contains("B (ai) plays"), "{out}");
    assert!(out.contains("Cannot read \"foo\" as a move"), "{out}");
    assert!(
        out.contains("Illegal move: a3-b3 is already drawn"),
        "{out}"
    );
    assert!(out.contains("Illegal move:"), "{out}");
    assert!(out.contains("legal moves:"), "{out}");
    assert!(out.contains("Took back"), "{out}");
    assert!(out.contains("Game abandoned"), "{out}");
}

#[test]
fn two_computers_finish_a_game() {
    let o = tabula(
        &["play", "--p1", "random", "--p2", "greedy", "--seed", "11"],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(out.contains("Game over:"), "{out}");
    // 5 x 6 dots: 49 segments, one move each.
    assert_eq!(out.matches(" plays ").count(), 49, "{out}");
    // The board before every move, and once more at the end: the game can be followed.
    assert_eq!(out.matches("◀ to move").count(), 49, "{out}");
    // --delay paces it: 7 moves of a 2 x 3 board, 0.1 s after each but the first.
    let started = std::time::Instant::now();
    let o = tabula(
        &[
            "play", "--rows", "2", "--cols", "3", "--p1", "random", "--p2", "random", "--delay",
            "0.1",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(started.elapsed() >= std::time::Duration::from_millis(600));
    let o = tabula(
        &["play", "--p1", "random", "--p2", "random", "--delay=-1"],
        "",
    );
    assert!(stderr(&o).contains("--delay -1"), "{}", stderr(&o));
}

#[test]
fn dot_pair_notation_is_read_and_written() {
    // a5-b5 is the top-left segment of a 5-row board: the assignment's h(0,0).
    let o = tabula(
        &["play", "--p2", "random", "--seed", "1"],
        "a5-b5\nh(0,0)\nmoves\nquit\n",
    );
    let out = stdout(&o);
    // a5-b5 was played as h(0,0): typing h(0,0) next is refused as already drawn, in
    // the board's notation.
    assert!(out.contains("a5-b5 is already drawn"), "{out}");
    // The computer's reply and the legal moves are written as dot pairs too.
    let reply = out
        .lines()
        .find_map(|l| l.split("B (random) plays ").nth(1))
        .unwrap_or_default();
    assert!(reply.contains('-') && !reply.contains('('), "{out}");
    assert!(out.contains(" a1-b1 "), "{out}");
    assert!(
        out.lines()
            .filter(|l| !l.contains(" > "))
            .all(|l| !l.contains("h(0,")),
        "{out}"
    );
    // The board is labelled with the same coordinates, once: rows 5..1 on the left,
    // letters under it.
    assert!(out.contains("      a   b   c   d   e   f"), "{out}");
    assert!(!out.contains("      0   1   2"), "{out}");
}

/// What a move did is said in the rules' words, not as terms.
#[test]
fn events_are_said_in_words() {
    let o = tabula(
        &[
            "play", "dots", "--rows", "3", "--cols", "2", "--p2", "human",
        ],
        "h(0,0)\nv(0,0)\nv(0,1)\nh(1,0)\nh(2,0)\nv(1,0)\nv(1,1)\n",
    );
    let out = stdout(&o);
    assert!(out.contains("→ closes a box, moves again"), "{out}");
    assert!(out.contains("→ closes a box: the game is over"), "{out}");
    assert!(!out.contains("extra_turn"), "{out}");
}

/// Two dots that no segment joins, or a dot off the board, are said to be so, not
/// merely "cannot read".
#[test]
fn dot_pairs_that_are_not_segments_are_explained() {
    let o = tabula(
        &["play", "--p2", "random"],
        "a1-c1\na1 b2\na1-a9\nzz\nquit\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains("Not a move: a1 and c1 are not neighbouring dots:"),
        "{out}"
    );
    assert!(
        out.contains("Not a move: a1 and b2 are not neighbouring dots:"),
        "{out}"
    );
    assert!(
        out.contains("Not a move: a9 is not a dot of this board: its dots go from a1 to f5."),
        "{out}"
    );
    assert!(out.contains("Cannot read \"zz\""), "{out}");
}

#[test]
fn bad_options_are_refused_clearly() {
    let o = tabula(&["play", "--rows", "13"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("13"), "{}", stderr(&o));
    // A sentence, without the Prolog term under it (that is for --verbose).
    assert!(!stderr(&o).contains("error(domain_error"), "{}", stderr(&o));
    let o = tabula(&["--verbose", "play", "--rows", "13"], "");
    assert!(stderr(&o).contains("error(domain_error"), "{}", stderr(&o));
    let o = tabula(&["play", "--p2", "grandmaster"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown player"), "{}", stderr(&o));
    let o = tabula(&["play", "chess"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown game"), "{}", stderr(&o));
}

#[test]
fn query_exit_codes() {
    let o = tabula(
        &[
            "query",
            "dots",
            "dots:initial_state([rows(2),cols(2)], S), dots:legal_moves(S, Ms)",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Ms = [h(0,0)"), "{}", stdout(&o));
    let o = tabula(&["query", "dots", "member(X, [1,2,3])"], "");
    assert_eq!(stdout(&o), "X = 1\nX = 2\nX = 3\n");
    let o = tabula(&["query", "dots", "member(X, [1,2,3])", "--limit", "1"], "");
    assert_eq!(stdout(&o), "X = 1\n");
    let o = tabula(&["query", "dots", "fail"], "");
    assert_eq!(o.status.code(), Some(1));
    // Errors in words: a caret under the place of a syntax error, a sentence for an
    // exception; the Prolog term only with --verbose.
    let o = tabula(&["query", "dots", "foo("], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("the goal ends before it is complete\n  foo(\n      ^"),
        "{err}"
    );
    assert!(!err.contains("error(syntax_error"), "{err}");
    let o = tabula(&["query", "dots", "no_such_thing"], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("unknown procedure no_such_thing/0"), "{err}");
    assert!(!err.contains("existence_error"), "{err}");
    let o = tabula(&["query", "dots", "no_such_thing", "--verbose"], "");
    assert!(stderr(&o).contains("existence_error"), "{}", stderr(&o));
}

#[test]
fn the_repl_answers_documents_and_survives_anything() {
    let input = "dots:initial_state([rows(2), cols(2)], S), dots:legal_moves(S, Ms).\n\
                 member(X, [a,b]).\n;\n\
                 foo(.\n\
                 X is 1/0.\n\
                 :help apply_move\n\
                 :nonsense\n\
                 :reload\n\
                 X = \n1.\n\
                 halt.\n";
    let o = tabula(&["repl", "dots"], input);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(out.contains("Ms = [h(0,0)"), "{out}");
    assert!(out.contains("X = a") && out.contains("X = b"), "{out}");
    assert!(out.contains("syntax_error"), "{out}");
    assert!(out.contains("zero_divisor"), "{out}");
    // In the REPL the sentence comes first, then the term.
    assert!(out.contains("arithmetic error"), "{out}");
    assert!(out.contains("the goal ends before it is complete"), "{out}");
    assert!(out.contains("apply_move("), "{out}");
    assert!(out.contains("Unknown command"), "{out}");
    assert!(out.contains("Reloaded"), "{out}");
    assert!(out.contains("X = 1"), "{out}");

    // :help alone lists the names, briefly; :help NAME shows one in full.
    let o = tabula(&["repl", "dots"], ":help\n:help box_points\nhalt.\n");
    let out = stdout(&o);
    let listing: Vec<&str> = out
        .split(":help NAME shows")
        .next()
        .unwrap_or("")
        .lines()
        .collect();
    // Names only, several a line: the full documentation runs to thousands of lines.
    assert!(listing.len() < 100, "a short listing: {out}");
    assert!(listing.iter().any(|l| l.contains("apply_move,")), "{out}");
    assert!(out.contains("box_points(-Points)"), "{out}");
}

/// `:- halt.` in a rules file is explained, not reported as Scryer's placeholder term.
#[test]
fn a_halt_in_a_rules_file_is_explained() {
    let dir = scratch("halt");
    let file = dir.join("dots.pl");
    let text = std::fs::read_to_string(prolog_dir().join("games/dots/dots.pl")).unwrap();
    std::fs::write(&file, format!("{text}\n:- halt.\n")).unwrap();
    let o = tabula(&["check", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("a directive that cannot run while the file loads")
            && err.contains(":- halt. has no place in it"),
        "{err}"
    );
}

#[test]
fn check_passes_on_the_shipped_rules() {
    let o = tabula(&["check", "dots", "--games", "3"], "");
    assert!(o.status.success(), "{}\n{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("keeps the game contract"),
        "{}",
        stdout(&o)
    );
    // Progress, a line a board, on stderr: the first and the last of them.
    let err = stderr(&o);
    let boards: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("checking dots.pl: board "))
        .collect();
    assert!(boards.len() >= 2, "{err}");
    assert!(
        boards[0].starts_with("checking dots.pl: board 1 of "),
        "{err}"
    );
    let n = boards.len();
    assert!(
        boards[n - 1].starts_with(&format!("checking dots.pl: board {n} of {n}, ")),
        "{err}"
    );
}

#[test]
fn check_names_a_syntax_error_with_file_and_line() {
    let dir = scratch("syntax");
    let text = std::fs::read_to_string(prolog_dir().join("games/dots/dots.pl")).unwrap();
    let broken = text.replacen("box_points(10).", "box_points(10.", 1);
    assert_ne!(broken, text);
    let line = broken
        .lines()
        .position(|l| l.contains("box_points(10."))
        .unwrap()
        + 1;
    let file = dir.join("dots.pl");
    std::fs::write(&file, broken).unwrap();
    let o = tabula(&["check", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("dots.pl:{line}:")),
        "line {line}: {err}"
    );
    assert!(err.contains("syntax error"), "{err}");
}

#[test]
fn check_refuses_a_rule_added_away_from_its_predicate() {
    // A clause added at the end of the file for a predicate defined higher up: Scryer
    // would silently keep only the new one, so the check names both places.
    let dir = scratch("split");
    let text =
        std::fs::read_to_string(prolog_dir().join("games/breakthrough/breakthrough.pl")).unwrap();
    let first = text
        .lines()
        .position(|l| l.starts_with("board_size("))
        .expect("board_size/3 is in breakthrough.pl")
        + 1;
    let added = format!("{text}\nboard_size(_, 8, 8).\n");
    let last = added.lines().count();
    let file = dir.join("breakthrough.pl");
    std::fs::write(&file, added).unwrap();
    let o = tabula(&["check", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("breakthrough.pl:{last}: the clauses of board_size/3 are not together (the first ones are on line {first})")),
        "{err}"
    );
    // tabula's sentence alone: Scryer's own raw warning never comes first.
    assert!(
        !stdout(&o).contains("% Warning") && !err.contains("% Warning"),
        "{}{err}",
        stdout(&o)
    );
}

#[test]
fn check_names_a_broken_rule() {
    let dir = scratch("rule");
    let text = std::fs::read_to_string(prolog_dir().join("games/dots/dots.pl")).unwrap();
    // Break the turn order: after player 2 comes a player 3 who does not exist.
    let broken = text.replacen(
        "Next is Player mod Players + 1.",
        "Next is Player mod Players + 2.",
        1,
    );
    assert_ne!(broken, text, "the clause to break has moved");
    let file = dir.join("dots.pl");
    std::fs::write(&file, broken).unwrap();
    let o = tabula(&["check", file.to_str().unwrap(), "--games", "5"], "");
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}\n{}", stderr(&o));
    assert!(out.contains("FAIL"), "{out}");
    assert!(out.contains("after:"), "{out}");
}

#[test]
fn bench_reports_plies_per_second() {
    let o = tabula(&["bench", "dots", "--playouts", "20"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("plies/s"), "{out}");
    assert!(out.contains("980 plies"), "20 games of 49 moves: {out}");
}

#[test]
fn a_match_is_summed_up_recorded_and_repeatable() {
    let dir = scratch("match");
    let run = |name: &str| {
        let file = dir.join(name);
        let o = tabula(
            &[
                "match",
                "dots",
                "--p1",
                "greedy",
                "--p2",
                "random",
                "--games",
                "4",
                "--rows",
                "3",
                "--cols",
                "4",
                "--seed",
                "9",
                "--record",
                file.to_str().unwrap(),
            ],
            "",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        (stdout(&o), std::fs::read_to_string(file).unwrap())
    };
    let (out, record) = run("a.jsonl");
    assert_eq!(out.matches("game ").count(), 4, "{out}");
    assert!(
        out.contains("greedy (p1)") && out.contains("over budget"),
        "{out}"
    );
    let games: Vec<serde_json::Value> = record
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 4);
    for (k, g) in games.iter().enumerate() {
        // 3 x 4 dots: 17 segments, one move each; the sides alternate who starts.
        assert_eq!(g["moves"].as_array().unwrap().len(), 17);
        let first = if k % 2 == 0 { "greedy" } else { "random" };
        assert_eq!(g["specs"][0], first);
        let total: i64 = g["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .sum();
        assert_eq!(total, 60, "6 boxes of 10 points");
    }
    // The same seed plays the same match.
    let (_, again) = run("b.jsonl");
    let moves = |r: &str| -> Vec<String> {
        r.lines()
            .map(|l| {
                let g: serde_json::Value = serde_json::from_str(l).unwrap();
                g["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["move"].to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    assert_eq!(moves(&record), moves(&again));
}

#[test]
fn a_match_refuses_people_and_unknown_players() {
    let o = tabula(&["match", "--p1", "human", "--p2", "greedy"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("computer players"), "{}", stderr(&o));
    let o = tabula(&["match", "--p1", "deep_blue", "--p2", "greedy"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown player"), "{}", stderr(&o));
    let o = tabula(
        &[
            "match",
            "--p1",
            "random",
            "--p2",
            "greedy",
            "--move-time",
            "-1",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_player_file_plays_and_one_that_cheats_forfeits() {
    let dir = scratch("players");
    let first = dir.join("first.pl");
    std::fs::write(&first, "% Always the first legal move.\nchoose_move(State, _Budget, Move) :- dots:legal_moves(State, [Move|_]).\n").unwrap();
    let o = tabula(
        &[
            "match",
            "--p1",
            first.to_str().unwrap(),
            "--p2",
            "random",
            "--games",
            "2",
            "--rows",
            "3",
            "--cols",
            "3",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(!out.contains("FORFEIT"), "{out}");
    assert!(out.contains("first.pl (p1)"), "{out}");

    let cheat = dir.join("cheat.pl");
    std::fs::write(&cheat, "choose_move(_, _, h(0,0)).\n").unwrap();
    let o = tabula(
        &[
            "match",
            "--p1",
            cheat.to_str().unwrap(),
            "--p2",
            "random",
            "--games",
            "2",
            "--rows",
            "3",
            "--cols",
            "3",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(
        out.contains("FORFEIT") && out.contains("a3-b3 is already drawn"),
        "{out}"
    );

    let broken = dir.join("broken.pl");
    std::fs::write(&broken, "choose_move(_, _, M) :- M = .\n").unwrap();
    let o = tabula(
        &[
            "match",
            "--p1",
            broken.to_str().unwrap(),
            "--p2",
            "random",
            "--games",
            "1",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("broken.pl:1"), "{}", stderr(&o));
}

#[test]
fn king_and_pawn_in_the_terminal_and_the_example_player() {
    let o = tabula(
        &["play", "kingpawn", "--p2", "perfect"],
        "(7 1)\n(1 1)\nz9\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(out.contains("B (perfect) plays"), "{out}");
    assert!(
        out.contains("[perfect play: White takes the pawn in "),
        "{out}"
    );
    assert!(out.contains("Illegal move:"), "{out}");
    assert!(out.contains("Cannot read \"z9\""), "{out}");
    let example = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join("kingpawn_player.pl");
    let o = tabula(
        &[
            "match",
            "kingpawn",
            "--p1",
            example.to_str().unwrap(),
            "--p2",
            "greedy",
            "--games",
            "4",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(!out.contains("FORFEIT"), "{out}");
    let o = tabula(
        &[
            "query",
            "kingpawn",
            "kingpawn:initial_state([], S), kingpawn_ai:value(S, V)",
        ],
        "",
    );
    assert!(stdout(&o).contains("V = white_wins(18)"), "{}", stdout(&o));
}

/// `moves` lists the legal moves in reading order, not in the order the rules find them.
#[test]
fn the_legal_moves_are_listed_in_order() {
    let o = tabula(
        &["play", "breakthrough", "--rows", "5", "--cols", "4"],
        "moves\nquit\n",
    );
    let out = stdout(&o);
    assert!(
        out.contains(
            "10 legal moves: a2-a3 a2-b3 b2-a3 b2-b3 b2-c3 c2-b3 c2-c3 c2-d3 d2-c3 d2-d3\n"
        ),
        "{out}"
    );
}

#[test]
fn breakthrough_in_the_terminal_random_starts_and_the_example_player() {
    let o = tabula(
        &[
            "play",
            "breakthrough",
            "--rows",
            "6",
            "--cols",
            "5",
            "--p2",
            "greedy",
        ],
        "c2-c3\n(2,1)-(3,1)\nc3-c6\nzz\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    // Both notations are read; the computer answers each move.
    assert_eq!(out.matches("B (greedy) plays").count(), 2, "{out}");
    assert!(out.contains("A human") && out.contains("White"), "{out}");
    assert!(
        out.contains("Illegal move: a piece moves one square forward"),
        "{out}"
    );
    assert!(out.contains("Cannot read \"zz\""), "{out}");
    assert!(out.contains("Game abandoned"), "{out}");

    // A random start is printed so that it can be replayed, and replays the same game.
    let play = |extra: &[&str]| {
        let mut args = vec![
            "play",
            "breakthrough",
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            "3",
        ];
        args.extend(extra);
        let o = tabula(&args, "");
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let random = play(&["--random-start"]);
    let start = random
        .lines()
        .find_map(|l| l.strip_prefix("Replay it with --start \""))
        .and_then(|l| l.strip_suffix("\"."))
        .unwrap_or_else(|| panic!("no start printed: {random}"));
    assert_eq!(start, "bbbb.b/.bb.bb/.b.b.b/..w.../.w...w/ww..w./wwwwww w");
    let replayed = play(&["--start", start]);
    let moves = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.contains(" plays "))
            .map(str::to_string)
            .collect()
    };
    assert!(
        random.contains("Game over:") && random.contains("wins with"),
        "{random}"
    );
    assert_eq!(moves(&random), moves(&replayed));

    // The students' template plays by the rules and beats random play.
    let example = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join("breakthrough_player.pl");
    let o = tabula(
        &[
            "match",
            "breakthrough",
            "--p1",
            example.to_str().unwrap(),
            "--p2",
            "random",
            "--rows",
            "6",
            "--cols",
            "6",
            "--games",
            "2",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    assert!(!out.contains("FORFEIT"), "{out}");
    let summary = out
        .lines()
        .find(|l| l.starts_with(example.to_str().unwrap()))
        .unwrap_or_else(|| panic!("no summary line: {out}"));
    let wins: Vec<&str> = summary.split_whitespace().collect();
    assert_eq!(wins.get(2), Some(&"2"), "two wins: {summary}");
}

#[test]
fn programs_play_at_the_terminal_follow_an_undo_and_forfeit_when_late() {
    let bot = "cmd:python3 examples/random_bot.py --seed 2";
    let o = tabula(
        &[
            "play",
            "breakthrough",
            "--rows",
            "5",
            "--cols",
            "5",
            "--p2",
            bot,
            // Programs are timed on the wall clock: generous, for a busy machine.
            "--move-time",
            "5",
        ],
        "c2-c3\nb2-b3\nundo\nd2-d3\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    // After the undo the program is started again and told the game so far: its
    // answers are still legal moves.
    assert_eq!(
        out.matches("B (cmd:python3 examples/random_bot.py --seed 2) plays ")
            .count(),
        3,
        "{out}"
    );
    assert!(out.contains("Took back 2 move(s)."), "{out}");
    assert!(!out.contains("forfeits"), "{out}");
    let o = tabula(
        &[
            "play",
            "kingpawn",
            "--p1",
            "cmd:python3 tests/players/hostile.py sleep --bot examples/random_bot.py",
            "--p2",
            "perfect",
            "--move-time",
            "0.3",
        ],
        "",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}\n{}", stderr(&o));
    // The line is longer than the terminal's 80 columns: read it unbroken.
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "A (cmd:python3 tests/players/hostile.py sleep --bot examples/random_bot.py) forfeits — timeout: "
        ),
        "{out}"
    );
}

#[test]
fn a_query_answers_on_its_own_line_and_says_false() {
    let o = tabula(&["query", "dots", "write(hi)"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "hi\ntrue\n");
    let o = tabula(&["query", "dots", "1 = 2"], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o).trim(), "false.");
}

#[test]
fn check_names_what_exists_for_an_unknown_game() {
    let o = tabula(&["check", "chess"], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("chess is neither a game nor a file")
            && err.contains("breakthrough, connect4, dots"),
        "{err}"
    );
    let o = tabula(&["check", "prolog"], "");
    assert!(stderr(&o).contains("is a folder"), "{}", stderr(&o));
}

/// Edits a copy of a game's readable rules (each `(old, new)` must be in the file),
/// plays `ai` against `random` under them with a scratch cache of verdicts (so the
/// check really runs), and gives the match's stderr and its game records.
fn play_edited_rules(
    game: &str,
    edits: &[(&str, &str)],
    extra: &[&str],
) -> (String, Vec<serde_json::Value>, PathBuf) {
    let dir = scratch(&format!("edited-{game}"));
    let rules = dir.join(format!("{game}.pl"));
    let mut text =
        std::fs::read_to_string(prolog_dir().join(format!("games/{game}/{game}.pl"))).unwrap();
    for (old, new) in edits {
        assert!(
            text.contains(old),
            "{game}: the rule to edit is there: {old}"
        );
        text = text.replacen(old, new, 1);
    }
    std::fs::write(&rules, text).unwrap();
    let cache = dir.join("cache");
    let record = dir.join("games.jsonl");
    let rules_arg = rules.to_string_lossy().into_owned();
    let record_arg = record.to_string_lossy().into_owned();
    let mut args = vec![
        "match",
        game,
        "--rules",
        &rules_arg,
        "--p1",
        "ai",
        "--p2",
        "random",
        "--games",
        "2",
        "--move-time",
        "0.3",
        "--record",
        &record_arg,
    ];
    args.extend(extra);
    let o = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&args)
        .env("XDG_CACHE_HOME", &cache)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}\n{}", stdout(&o), stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("no longer agree") && err.contains("in the position "),
        "{game}: the disagreement is said, with its position: {err}"
    );
    assert_eq!(
        err.matches("no longer agree").count(),
        1,
        "said once: {err}"
    );
    let games: Vec<serde_json::Value> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(g.get("fault").is_none(), "{game}: no move refused: {g}");
        let ai_seat = if g["specs"][0] == "ai" { 1 } else { 2 };
        assert_eq!(
            g["winners"],
            serde_json::json!([ai_seat]),
            "{game}: ai wins: {g}"
        );
    }
    assert!(
        std::fs::read_dir(cache.join("tabula").join("rules-checks"))
            .unwrap()
            .count()
            >= 1,
        "the verdict is kept"
    );
    (err, games, cache)
}

/// A student edits one rule of Breakthrough (pieces may also move sideways): tabula
/// says that the fast path no longer agrees, naming a position; the referee plays by
/// the edited rules (sideways moves are played and none is refused); and `ai`, whose
/// search model no longer applies, gives way to the generic alpha-beta and still
/// beats `random`. The bench reports both speeds of the unedited game.
#[test]
fn an_edited_rule_switches_the_fast_path_off_and_the_players_follow_it() {
    let rule = "forward(2, R1, R2) :- R2 is R1 - 1.";
    let sideways = format!("{rule}\nforward(_, R, R).   % pieces may also move sideways");
    let (err, games, cache) = play_edited_rules(
        "breakthrough",
        &[(rule, &sideways)],
        &["--rows", "6", "--cols", "5"],
    );
    assert!(err.contains("breakthrough_fast.pl"), "{err}");
    let mut sideways_moves = 0;
    for g in &games {
        for m in g["moves"].as_array().unwrap() {
            // "c2-b2": the same row at both ends.
            let t = m["move"].as_str().unwrap();
            let (from, to) = t.split_at(2);
            if from[1..] == to[2..] {
                sideways_moves += 1;
            }
        }
    }
    assert!(
        sideways_moves > 0,
        "sideways moves were played under the edited rules"
    );
    // The terminal follows them too: a sideways move is taken, and the computer
    // answers through its stand-in, saying so.
    let rules = cache.parent().unwrap().join("breakthrough.pl");
    let o = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "play",
            "breakthrough",
            "--rows",
            "6",
            "--cols",
            "5",
            "--p2",
            "ai",
        ])
        .arg("--rules")
        .arg(&rules)
        .args(["--move-time", "0.2"])
        .env("XDG_CACHE_HOME", &cache)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("piped")
                .write_all(b"c2-c3\nb2-c2\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(!out.contains("Illegal move"), "b2-c2 is legal here: {out}");
    assert_eq!(out.matches("B (ai) plays").count(), 2, "{out}");
    assert!(
        out.contains("[the rules were edited, so alphabeta stands in: searched "),
        "{out}"
    );
    let o = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["bench", "breakthrough", "--playouts", "20"])
        .env("XDG_CACHE_HOME", &cache)
        .output()
        .unwrap();
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(
        out.contains("on the fast path") && out.contains("as written"),
        "{out}"
    );
}

/// A Connect Four author weighs a window of their evaluation by the cube of its
/// discs instead of the square: the fast path's evaluation no longer agrees, which
/// the check says, naming the evaluation; `ai` (the generic alpha-beta) judges by
/// the edited evaluation, on the rules as written, and still beats `random`.
#[test]
fn an_edited_evaluation_switches_the_fast_path_off() {
    let (err, _, _) = play_edited_rules(
        "connect4",
        &[(
            "Disc =:= Player -> V is W * N * N",
            "Disc =:= Player -> V is W * N * N * N",
        )],
        &[],
    );
    assert!(
        err.contains("connect4_fast.pl") && err.contains("evaluation/3 gives player"),
        "{err}"
    );
}

/// Timbiriche with a box worth 5 and no extra turn for closing two boxes at once:
/// the ai's chain analysis assumes the extra turn, so the check says its model no
/// longer agrees, the generic alpha-beta stands in and beats `random`, and every
/// score is counted at 5 a box.
#[test]
fn an_edited_timbiriche_rule_gives_the_ai_a_stand_in() {
    let (err, games, _) = play_edited_rules(
        "dots",
        &[
            ("box_points(10).", "box_points(5)."),
            (
                "        Next = Player,\n",
                "        (   Closed = [_, _] -> next_player(Player, Players, Next)\n        ;   Next = Player\n        ),\n",
            ),
        ],
        &[],
    );
    assert!(err.contains("computer players"), "{err}");
    for g in &games {
        let total: i64 = g["scores"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|v| v.as_i64())
            .sum();
        assert_eq!(total, 20 * 5, "20 boxes at 5 points: {g}");
    }
}

/// The chase with a limit of 20 moves and kings that may touch diagonally: the
/// tablebase's model no longer agrees, the generic alpha-beta stands in for the
/// perfect player and wins both colours, no game goes past White's 20th move, and
/// the kings did stand diagonally next to each other.
#[test]
fn an_edited_chase_rule_gives_the_perfect_player_a_stand_in() {
    let (_, games, _) = play_edited_rules(
        "kingpawn",
        &[
            ("default_limit(30).", "default_limit(20)."),
            (
                "touching(S1, S2) :-\n    king_distance(S1, S2, D),\n    D =< 1.",
                "touching(sq(L1, C1), sq(L2, C2)) :-   % kings may touch diagonally\n    abs(L1 - L2) + abs(C1 - C2) =< 1.",
            ),
        ],
        &[],
    );
    let square = |t: &str| -> (i64, i64) {
        let n: Vec<i64> = t
            .trim_matches(|c| c == '(' || c == ')')
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        (n[0], n[1])
    };
    let mut diagonal = 0;
    for g in &games {
        let moves = g["moves"].as_array().unwrap();
        assert!(moves.len() <= 40, "20 moves each at most: {g}");
        // The assignment's start: White (8 1), Black (1 7).
        let (mut white, mut black) = ((8, 1), (1, 7));
        for m in moves {
            let sq = square(m["move"].as_str().unwrap());
            if m["player"] == 1 {
                white = sq
            } else {
                black = sq
            }
            if (white.0 - black.0).abs() == 1 && (white.1 - black.1).abs() == 1 {
                diagonal += 1;
            }
        }
    }
    assert!(
        diagonal > 0,
        "the kings touched diagonally under the edited rules"
    );
}

/// Time odds: each side of a match may have its own limit a move. A player that
/// answers after 1.5 s plays within the table's 3 s but not within its own 1 s, so it
/// loses every game on time; each record keeps both limits, seat by seat.
#[test]
fn a_side_may_have_its_own_move_time() {
    let dir = scratch("time-odds");
    let record = dir.join("games.jsonl");
    let hostile = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/players/hostile.py");
    let slow = format!("cmd:python3 {} slow", hostile.display());
    let o = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "match", "dots", "--rows", "3", "--cols", "3", "--games", "2",
        ])
        .args(["--p1", "random", "--p2", &slow])
        .args(["--move-time", "3", "--p2-move-time", "1", "--no-sandbox"])
        .arg("--record")
        .arg(&record)
        .output()
        .unwrap();
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(out.contains("3 s a move for p1, 1 s for p2"), "{out}");
    let games: Vec<serde_json::Value> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    // Game 1: p1 sits first; game 2: p2 does.
    assert_eq!(games[0]["move_ms"], serde_json::json!([3000, 1000]));
    assert_eq!(games[1]["move_ms"], serde_json::json!([1000, 3000]));
    for g in &games {
        let slow_seat = if g["specs"][0] == "random" { 2 } else { 1 };
        assert_eq!(g["fault"]["player"], slow_seat, "{g}");
        assert!(
            g["fault"]["reason"]
                .as_str()
                .unwrap_or("")
                .starts_with("timeout"),
            "{g}"
        );
    }
}

/// Prose at the terminal breaks between words at its width ($COLUMNS here), keeping
/// the columns of the command list aligned; the board is drawn as it is.
#[test]
fn long_lines_break_at_the_terminal_width() {
    let o = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "breakthrough", "--p2", "random"])
        .env("NO_COLOR", "1")
        .env("COLUMNS", "60")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"help\nzz9\na2-a5\nmoves\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let out = stdout(&o);
    assert!(out.contains("Game abandoned."), "{out}");
    for line in out.lines() {
        assert!(
            line.chars().count() <= 60,
            "{} columns: {line}\n{out}",
            line.chars().count()
        );
    }
    assert!(out.contains("  undo    take back"), "{out}");
    // Broken between words: every legal move is whole on some line.
    assert!(out.contains("22 legal moves: a2-a3 a2-b3"), "{out}");
    assert!(
        out.lines().any(|l| l.trim_end().ends_with("h2-h3")),
        "{out}"
    );
    // Without $COLUMNS and without a terminal, 80.
    let o = tabula(
        &["play", "breakthrough", "--p2", "random"],
        "help\na2-a5\nquit\n",
    );
    let out = stdout(&o);
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    assert!(out.lines().any(|l| l.chars().count() > 60), "{out}");
}

/// A syntax error is placed where the mistake is, with the line and a caret under it,
/// not at the clause's first line or where the reader gave up.
#[test]
fn a_syntax_error_inside_a_clause_is_shown_where_it_is() {
    let dir = scratch("syntax-place");
    let text = std::fs::read_to_string(prolog_dir().join("games/dots/dots.pl")).unwrap();
    let line_of =
        |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    // A bracket too many, eight lines into a clause of twenty-five.
    let broken = text.replacen(
        "Drawn is Drawn0 \\/ (1 << K),",
        "Drawn is Drawn0 \\/ (1 << K)),",
        1,
    );
    assert_ne!(broken, text);
    let file = dir.join("dots.pl");
    std::fs::write(&file, &broken).unwrap();
    let o = tabula(&["check", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let line = line_of(&broken, "(1 << K)),");
    let clause = line_of(&broken, "apply_move(dots(");
    assert!(line > clause + 5);
    assert!(
        err.contains(&format!("dots.pl:{line}:32: syntax error: this ) closes nothing (in the clause that starts on line {clause})")),
        "{err}"
    );
    assert!(
        err.contains(&format!("  {line} |     Drawn is Drawn0")),
        "{err}"
    );
    assert!(err.contains("|                                ^"), "{err}");
    assert!(!err.contains("incomplete reduction"), "{err}");
    // A full stop left out is found at the end of its clause.
    let broken = text.replacen("box_points(10).", "box_points(10)", 1);
    std::fs::write(&file, &broken).unwrap();
    let err = stderr(&tabula(&["check", file.to_str().unwrap()], ""));
    let line = line_of(&broken, "box_points(10)");
    assert!(
        err.contains(&format!(
            "dots.pl:{line}:15: syntax error: a full stop is missing here"
        )),
        "{err}"
    );
}

/// A clause for another module's predicate would silently replace that module's own
/// clauses (Scryer's raw "% Warning: overwriting" for multifile ones): refused in words.
#[test]
fn a_clause_for_another_modules_predicate_is_refused_in_words() {
    let dir = scratch("foreign-clause");
    let mut text = std::fs::read_to_string(prolog_dir().join("games/dots/dots.pl")).unwrap();
    text.push_str("\ngame:game_legal_moves(_, _, []).\n");
    let line = text.lines().count();
    let file = dir.join("dots.pl");
    std::fs::write(&file, &text).unwrap();
    let o = tabula(&["check", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "dots.pl:{line}: a clause for game:game_legal_moves/3, a predicate of module game"
        )),
        "{err}"
    );
    assert!(
        err.contains(":- multifile(game:game_legal_moves/3)."),
        "{err}"
    );
    assert!(!stdout(&o).contains("Warning"), "{}", stdout(&o));
}

/// A start position that does not read is refused with the game's way of writing one;
/// a game without position texts says so; a match refuses it before the first game.
#[test]
fn a_bad_start_says_how_positions_are_written() {
    let o = tabula(&["play", "kingpawn", "--start", "xyz"], "");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("--start \"xyz\" is not a position of King-and-pawn chase. Its positions are written as its usual start is: \"K81 k17 p18 w 0/30\""),
        "{err}"
    );
    assert!(
        err.contains("\"Position text\" of") && err.contains("kingpawn.pl"),
        "{err}"
    );
    assert!(!err.contains("domain"), "{err}");
    let o = tabula(
        &[
            "match",
            "breakthrough",
            "--p1",
            "random",
            "--p2",
            "random",
            "--start",
            "bw w",
        ],
        "",
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("Its positions are written as its usual start is: \"bbbbbbbb/bbbbbbbb/"),
        "{err}"
    );
    assert!(!stdout(&o).contains("Game 1"), "{}", stdout(&o));
    // The window says it before it opens (no display is needed to be told).
    let o = tabula(&["gui", "kingpawn", "--start", "xyz"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("Its positions are written as its usual start is: \"K81 k17 p18 w 0/30\""),
        "{}",
        stderr(&o)
    );
    let o = tabula(&["play", "dots", "--start", "x"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("takes no start position, only its options (rows, cols, players"),
        "{}",
        stderr(&o)
    );
}

/// The bench measures Breakthrough against its naive list-based yardstick, and the
/// players' start-up: each figure is there and reads as a number.
#[test]
fn bench_has_its_yardstick_and_measures_start_up() {
    let o = tabula(&["bench", "breakthrough", "--playouts", "40"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let naive = out
        .lines()
        .find(|l| l.starts_with("naive"))
        .unwrap_or_else(|| panic!("no naive line: {out}"));
    assert!(
        naive.contains("bench/breakthrough_naive.pl (2 games"),
        "{naive}"
    );
    let ratio: f64 = naive
        .split("are ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("no ratio: {naive}"));
    assert!(
        ratio > 1.0,
        "the fast path is slower than the naive version: {naive}"
    );
    let o = tabula(&["bench", "startup", "kingpawn"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for player in ["random", "perfect"] {
        let line = out
            .lines()
            .find(|l| l.starts_with("kingpawn") && l.contains(player))
            .unwrap_or_else(|| panic!("no line for {player}: {out}"));
        let fields: Vec<&str> = line.split_whitespace().collect();
        let seconds: f64 = fields[2].parse().unwrap_or_else(|_| panic!("{line}"));
        let megabytes: f64 = fields[4].parse().unwrap_or_else(|_| panic!("{line}"));
        assert!(seconds > 0.0 && megabytes > 1.0, "{line}");
        assert!(
            line.contains("Scryer machine built") || line.contains("consulted"),
            "{line}"
        );
    }
    // The referee's game, with the players forked by their fork servers and started
    // afresh: starting both is the last column.
    let starting = |players: &str| -> f64 {
        let line = out
            .lines()
            .find(|l| {
                let mut words = l.split_whitespace();
                words.next() == Some("kingpawn") && words.next() == Some(players)
            })
            .unwrap_or_else(|| panic!("no referee line for {players}: {out}"));
        let fields: Vec<&str> = line.split_whitespace().collect();
        let seconds: f64 = fields[fields.len() - 2]
            .parse()
            .unwrap_or_else(|_| panic!("{line}"));
        assert!(seconds > 0.0, "{line}");
        seconds
    };
    let (forked, afresh) = (starting("forked"), starting("afresh"));
    if tabula::players::sandbox::cgroup::Hierarchies::detect()
        .has(tabula::players::sandbox::cgroup::Feature::Kill)
    {
        assert!(
            forked < afresh,
            "forking two loaded players is quicker than starting them: {out}"
        );
    }
}

/// `bench search` runs the game's player on its fixed positions to a fixed depth: one
/// row a position, the same positions searched and moves found in every round and every
/// run (the command refuses a search that changes between rounds), and the position
/// with a piece one step from the goal found won at once. A game whose players offer no
/// suite is told so.
#[test]
fn bench_search_searches_a_fixed_suite_the_same_way_every_time() {
    let run = || {
        let o = tabula(
            &[
                "bench",
                "search",
                "breakthrough",
                "--depth",
                "2",
                "--iterations",
                "40",
                "--rounds",
                "2",
            ],
            "",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let out = run();
    // The game's own player first, then the generic alphabeta and mcts.
    let sections: Vec<&str> = out.split("\nmoves ").collect();
    assert_eq!(sections.len(), 4, "{out}");
    let numbered = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| {
                l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.parse::<u32>().is_ok())
            })
            .map(str::to_string)
            .collect()
    };
    let rows = numbered(sections[0]);
    assert_eq!(rows.len(), 12, "{out}");
    for row in &rows {
        let depth: u32 = row
            .split_whitespace()
            .nth(4)
            .and_then(|d| d.parse().ok())
            .unwrap_or(99);
        assert!(depth <= 2, "{row}");
    }
    assert!(
        rows[9].contains("g6-h7") && rows[9].contains("forced win"),
        "{}",
        rows[9]
    );
    assert!(
        sections[1].contains("The generic alphabeta, to depth 2"),
        "{out}"
    );
    assert!(
        sections[2].contains("The generic mcts, 40 iterations"),
        "{out}"
    );
    for section in &sections[1..3] {
        // The start and three positions of each of three random games.
        assert_eq!(numbered(section).len(), 10, "{out}");
    }
    let moves = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("moves "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(moves(&out).len(), 3, "{out}");
    assert_eq!(moves(&out)[0].split_whitespace().count(), 13, "{out}");
    let totals = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("total "))
            .filter_map(|l| l.split_whitespace().nth(1))
            .map(str::to_string)
            .collect()
    };
    let again = run();
    assert_eq!(moves(&out), moves(&again));
    assert_eq!(totals(&out), totals(&again));
    // A game whose players offer no bench of their own: the generic players only.
    let o = tabula(
        &[
            "bench",
            "search",
            "dots",
            "--depth",
            "1",
            "--iterations",
            "10",
            "--rounds",
            "1",
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("The generic alphabeta") && out.contains("The generic mcts"),
        "{out}"
    );
    // The rules --rules names are the ones searched: a Connect Four whose evaluation
    // calls every position even finds every one of them even at depth 1.
    let dir = scratch("bench-search-rules");
    let rules = dir.join("connect4.pl");
    let text = std::fs::read_to_string(prolog_dir().join("games/connect4/connect4.pl")).unwrap();
    let even = text.replacen(
        "evaluation(State, Player, Value) :-\n",
        "evaluation(_, _, 0) :- !.\nevaluation(State, Player, Value) :-\n",
        1,
    );
    assert_ne!(even, text, "the evaluation is there to edit");
    std::fs::write(&rules, even).unwrap();
    let search = |extra: &[&str]| {
        let mut args = vec!["bench", "search", "connect4"];
        args.extend(extra);
        args.extend(["--depth", "1", "--iterations", "10", "--rounds", "1"]);
        let o = tabula(&args, "");
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    let rows = |out: &str| numbered(out.split("\nmoves ").next().unwrap_or(""));
    let own = rows(&search(&[]));
    let edited = rows(&search(&["--rules", &rules.to_string_lossy()]));
    assert_eq!((own.len(), edited.len()), (10, 10));
    assert!(!own.iter().all(|r| r.contains("even")), "{own:?}");
    // Positions not won in one: judged even.
    assert!(
        edited
            .iter()
            .filter(|r| !r.contains("forced win"))
            .all(|r| r.contains("even")),
        "{edited:?}"
    );
}

/// A match's record opens in `tabula play`: one game of it on its board, where it
/// ended, or where the record stops, the person going on from there; a file of
/// several games says how to keep one.
#[test]
fn a_record_opens_where_it_stopped() {
    let dir = scratch("record");
    let games = dir.join("games.jsonl");
    let o = tabula(
        &[
            "match",
            "breakthrough",
            "--p1",
            "random",
            "--p2",
            "random",
            "--games",
            "2",
            "--rows",
            "5",
            "--cols",
            "6",
            "--move-time",
            "0.2",
            "--record",
            games.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = tabula(&["play", "--record", games.to_str().unwrap()], "");
    assert!(!o.status.success());
    assert!(stderr(&o).contains("2 games in one file"), "{}", stderr(&o));
    // The first game, cut after its third move: a person goes on as White's opponent.
    let text = std::fs::read_to_string(&games).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let moves = record["moves"].as_array().unwrap().clone();
    record["moves"] = serde_json::Value::Array(moves[..3].to_vec());
    let one = dir.join("game.json");
    std::fs::write(&one, serde_json::to_string_pretty(&record).unwrap()).unwrap();
    let o = tabula(
        &[
            "play",
            "breakthrough",
            "--record",
            one.to_str().unwrap(),
            "--p1",
            "human",
            "--p2",
            "human",
        ],
        "undo\nundo\nundo\nundo\nquit\n",
    );
    let out = stdout(&o);
    // Six columns, and its moves can be taken back to the start.
    assert!(out.contains("a  b  c  d  e  f"), "{out}{}", stderr(&o));
    assert_eq!(out.matches("Took back 1 move").count(), 3, "{out}");
}

/// `tabula tune` plays the generic candidates against each other and keeps the winner
/// for the rules files; from then on `ai` plays as the level kept, `tabula games` says
/// which and why, and an edited rules file forgets it. A game with a strongest player
/// of its own is refused.
#[test]
fn tune_chooses_ai_by_play_and_an_edit_forgets_the_choice() {
    let dir = scratch("tune");
    let cache = dir.join("cache");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .env("NO_COLOR", "1")
            .env("XDG_CACHE_HOME", &cache)
            .stdin(Stdio::null())
            .output()
            .expect("tabula runs")
    };
    let o = run(&["tune", "connect4", "--games", "2", "--move-time", "0.1"]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Tuning connect4: alphabeta against mcts, 2 games"),
        "{out}"
    );
    let level = out
        .lines()
        .find_map(|l| l.strip_prefix("ai for connect4 now plays as "))
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_else(|| panic!("no choice said: {out}"))
        .to_string();
    assert!(level == "alphabeta" || level == "mcts", "{out}");
    let kept: Vec<PathBuf> = std::fs::read_dir(cache.join("tabula").join("tuned"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let text = std::fs::read_to_string(&kept[0]).unwrap();
    assert_eq!(text.lines().next(), Some(level.as_str()), "{text}");
    let games = stdout(&run(&["games"]));
    assert!(games.contains(&format!("ai plays as {level}:")), "{games}");
    // Whatever the two games said, ai plays as the level kept: mcts, set here by hand
    // (alphabeta is what the rule would choose for Connect Four).
    std::fs::write(&kept[0], "mcts\nset by the test\n").unwrap();
    let played = |extra: &[&str]| {
        let mut args = vec![
            "play",
            "connect4",
            "--p1",
            "ai",
            "--p2",
            "random",
            "--move-time",
            "0.1",
            "--seed",
            "3",
        ];
        args.extend_from_slice(extra);
        stdout(&run(&args))
    };
    let out = played(&[]);
    assert!(
        out.contains("(ai) plays") && out.contains("[mcts: "),
        "{out}"
    );
    assert!(!out.contains("[alphabeta: "), "{out}");
    assert!(stdout(&run(&["games"])).contains("ai plays as mcts: set by the test"));
    // An edited copy of the rules is other rules: the choice does not hold for it.
    let edited = dir.join("connect4.pl");
    let mut rules =
        std::fs::read_to_string(prolog_dir().join("games/connect4/connect4.pl")).unwrap();
    rules.push_str("\n% an edit\n");
    std::fs::write(&edited, rules).unwrap();
    let out = played(&["--rules", edited.to_str().unwrap()]);
    assert!(
        out.contains("[alphabeta: ") && !out.contains("[mcts: "),
        "{out}"
    );
    // A game with a strongest player of its own keeps it.
    let o = run(&["tune", "breakthrough"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("has a strongest player of its own"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

//! GDL games (`.kif`, the Game Description Language of General Game Playing): the suite
//! of `examples/gdl/` played move for move against tabula's native rules of the same
//! games, the corners of the language (`tests/gdl/*.kif`), bad files refused with every
//! error in words, and the games for one and for three players played to their end by the
//! generic players.
//!
//! The comparison itself is Prolog (`tests/gdl/compare.pl`, with a mapping of moves and
//! boards per game, `tests/gdl/*_map.pl`): one engine holds the native module and the
//! translated one, and plays random games on both at once.

use std::path::{Path, PathBuf};

use tabula::engine::Engine;
use tabula::engine::term::{self, Term};
use tabula::game::gdl::translated;
use tabula::game::{Outcome, Rules, State, Verdict, core_file, games_dir};

use crate::common::{root, scratch, tabula, text};

fn suite(name: &str) -> PathBuf {
    root().join("examples").join("gdl").join(name)
}

fn corner(name: &str) -> PathBuf {
    root().join("tests").join("gdl").join(name)
}

/// The module translated from `kif` under the name `module`, from a copy of the file so
/// named: the suite's `breakthrough.kif` would otherwise be a module `breakthrough`, the
/// native game's name, and the two are loaded together here.
fn translated_as(kif: &Path, module: &str) -> PathBuf {
    let dir = scratch("gdl", module);
    let copy = dir.join(format!("{module}.kif"));
    std::fs::copy(kif, &copy).unwrap();
    translated(&copy).unwrap_or_else(|e| panic!("{}: {e}", kif.display()))
}

/// Plays `games` random games (seeded) of the native module `native_module` (in
/// `native`) and of the GDL file `kif` together, through the mapping
/// `tests/gdl/{map}_map.pl`: the number of positions compared, or the first
/// disagreement, as `compare_games/7` reports it.
fn compare(
    native: &Path,
    native_module: &str,
    kif: &Path,
    map: &str,
    games: u32,
    seed: u32,
) -> (i64, String) {
    let gdl_module = format!("{map}_gdl");
    let module = translated_as(kif, &gdl_module);
    let engine = Engine::fresh().unwrap();
    for file in [
        core_file("game.pl"),
        native.to_path_buf(),
        module,
        corner(&format!("{map}_map.pl")),
        corner("compare.pl"),
    ] {
        engine
            .consult(&file)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    }
    let goal = format!(
        "gdl_compare:compare_games({native_module}, {gdl_module}, {map}_map, {games}, {seed}, N, R)"
    );
    let b = engine
        .query_once(&goal)
        .unwrap()
        .unwrap_or_else(|| panic!("{goal} failed"));
    (term::as_i64(&b["N"]).unwrap(), term::to_text(&b["R"]))
}

/// The suite's GDL file `kif` agrees with the native game at every position of `games`
/// random games.
fn agrees(native: &Path, native_module: &str, kif: &str, games: u32) {
    let map = kif.trim_end_matches(".kif");
    let (positions, report) = compare(native, native_module, &suite(kif), map, games, 1);
    assert_eq!(
        report, "ok",
        "examples/gdl/{kif} and {native_module} disagree"
    );
    // Every game has a few positions at least: the games were played.
    assert!(
        positions >= 5 * i64::from(games),
        "{kif}: {positions} positions"
    );
    eprintln!(
        "examples/gdl/{kif}: {games} random games, {positions} positions, agree with {native_module}"
    );
}

#[test]
fn gdl_tictactoe_plays_as_the_native_one() {
    let native = root().join("examples").join("games").join("tictactoe.pl");
    agrees(&native, "tictactoe", "tictactoe.kif", 100);
}

#[test]
fn gdl_connect_four_plays_as_the_native_one() {
    agrees(
        &games_dir().join("connect4").join("connect4.pl"),
        "connect4",
        "connect_four.kif",
        50,
    );
}

#[test]
fn gdl_breakthrough_plays_as_the_native_one() {
    agrees(
        &games_dir().join("breakthrough").join("breakthrough.pl"),
        "breakthrough",
        "breakthrough.kif",
        30,
    );
}

#[test]
fn gdl_othello_plays_as_the_native_one() {
    agrees(
        &games_dir().join("othello").join("othello.pl"),
        "othello",
        "othello.kif",
        16,
    );
}

#[test]
fn gdl_dots_and_boxes_plays_as_the_native_one() {
    agrees(
        &games_dir().join("dots").join("dots.pl"),
        "dots",
        "dots_and_boxes.kif",
        60,
    );
}

/// The comparison finds a difference: tic-tac-toe in GDL without one of its diagonals.
#[test]
fn gdl_comparison_finds_a_rule_left_out() {
    let full = std::fs::read_to_string(suite("tictactoe.kif")).unwrap();
    let diagonal =
        "(<= (diagonal ?p) (true (cell 1 3 ?p)) (true (cell 2 2 ?p)) (true (cell 3 1 ?p)))\n";
    assert!(full.contains(diagonal));
    let dir = scratch("gdl", "mutant");
    let mutant = dir.join("tictactoe.kif");
    std::fs::write(&mutant, full.replace(diagonal, "")).unwrap();
    let native = root().join("examples").join("games").join("tictactoe.pl");
    let (_, report) = compare(&native, "tictactoe", &mutant, "tictactoe", 100, 1);
    assert!(
        report.starts_with("disagreement(") && report.contains("outcome(over("),
        "{report}"
    );
}

/* The corners of the language. */

fn load(kif: &Path) -> Rules {
    let module = translated(kif).unwrap_or_else(|e| panic!("{}: {e}", kif.display()));
    Rules::load_files(vec![core_file("game.pl"), module]).unwrap()
}

/// The value of `X` in `goal`, as Prolog text.
fn ask(rules: &Rules, goal: &str) -> String {
    term::to_text(
        &rules
            .engine()
            .query_value(goal, "X")
            .unwrap_or_else(|e| panic!("{goal}: {e}")),
    )
}

/// The list that `X` is in `goal`, its elements as text: atoms by their names (a list
/// of one-character atoms is a string for Scryer, `"bc"` for `[b,c]`).
fn ask_list(rules: &Rules, goal: &str) -> Vec<String> {
    let list = rules
        .engine()
        .query_value(goal, "X")
        .unwrap_or_else(|e| panic!("{goal}: {e}"));
    names(&list)
}

fn names(list: &Term) -> Vec<String> {
    term::as_list(list)
        .unwrap_or_else(|| panic!("not a list: {}", term::to_text(list)))
        .iter()
        .map(|t| term::as_atom(t).map_or_else(|| term::to_text(t), str::to_string))
        .collect()
}

/// The fluents of a state, `gdl(Fluents, Turn)`, as Prolog text.
fn fluents(rules: &Rules, state: &State) -> String {
    ask(rules, &format!("{} = gdl(X, _)", state.text()))
}

/// The legal moves, each as the rules write it (KIF).
fn moves(rules: &Rules, state: &State) -> Vec<String> {
    rules
        .legal_moves(state)
        .unwrap()
        .iter()
        .map(|m| rules.move_text(state, m).unwrap())
        .collect()
}

/// The state after the move written `kif`.
fn play(rules: &Rules, state: &State, kif: &str) -> State {
    let mv = rules
        .parse_move(state, kif)
        .unwrap()
        .unwrap_or_else(|| panic!("{kif} is not read as a move"));
    rules
        .apply(state, &mv)
        .unwrap()
        .unwrap_or_else(|| panic!("{kif} is not legal"))
        .0
}

fn play_all(rules: &Rules, moves: &[&str]) -> State {
    let mut state = rules.initial_state(&[]).unwrap();
    for mv in moves {
        state = play(rules, &state, mv);
    }
    state
}

fn scores(rules: &Rules, state: &State) -> Option<(Vec<i64>, Verdict)> {
    match rules.outcome(state).unwrap() {
        Outcome::Ongoing => None,
        Outcome::Over { scores, result } => Some((scores, result)),
    }
}

#[test]
fn gdl_negation_over_static_facts_and_over_the_state() {
    let rules = load(&corner("negation.kif"));
    assert_eq!(
        ask_list(&rules, "findall(Y, negation:g_notred(Y), X)"),
        ["b", "c"]
    );
    let start = rules.initial_state(&[]).unwrap();
    assert_eq!(
        moves(&rules, &start),
        ["(paint a)", "(paint b)", "(paint c)"]
    );
    let after_b = play(&rules, &start, "(paint b)");
    assert_eq!(moves(&rules, &after_b), ["(paint a)", "(paint c)"]);
    assert_eq!(scores(&rules, &after_b), None);
    let end = play_all(&rules, &["paint c", "paint a", "paint b"]);
    assert_eq!(scores(&rules, &end), Some((vec![100], Verdict::Winner(1))));
}

#[test]
fn gdl_distinct_written_first_and_or() {
    let rules = load(&corner("distinct_or.kif"));
    assert_eq!(
        ask(&rules, "findall(A-B, distinct_or:g_pair(A, B), X)"),
        "[a-b,a-c,b-a,b-c,c-a,c-b]"
    );
    assert_eq!(
        ask_list(&rules, "findall(Y, distinct_or:g_warm(Y), X)"),
        ["a", "c"]
    );
    let start = rules.initial_state(&[]).unwrap();
    assert_eq!(moves(&rules, &start), ["(pick a)", "(pick b)"]);
    let b = play(&rules, &start, "(pick b)");
    assert_eq!(scores(&rules, &b).unwrap().0, [100]);
    // A lone role is the winner whatever its score (the contract's rule), which says how
    // well it did.
    let a = play(&rules, &start, "(pick a)");
    assert_eq!(scores(&rules, &a), Some((vec![0], Verdict::Winner(1))));
}

#[test]
fn gdl_recursion_static_and_over_the_state() {
    let rules = load(&corner("recursion.kif"));
    // (less X Y), the closure of succ over 1..5, computed when the file is translated.
    assert_eq!(
        ask(
            &rules,
            "findall(A-B, recursion:g_less(A, B), L), length(L, X)"
        ),
        "10"
    );
    assert_eq!(
        ask(&rules, "( recursion:g_less('1', '5') -> X = yes ; X = no )"),
        "yes"
    );
    assert_eq!(
        ask(&rules, "( recursion:g_less('5', '1') -> X = yes ; X = no )"),
        "no"
    );
    // (connected X Y) over the links the moves lay.
    let two = play_all(&rules, &["(link a b)", "(link b c)"]);
    assert_eq!(scores(&rules, &two), None);
    assert_eq!(
        moves(&rules, &two),
        ["(link a c)", "(link c d)"],
        "the links laid are no longer moves"
    );
    let three = play(&rules, &two, "(link c d)");
    assert_eq!(scores(&rules, &three).unwrap().0, [100]);
    let short = play_all(&rules, &["(link c d)", "(link a c)"]);
    assert_eq!(scores(&rules, &short).unwrap().0, [100]);
    // Four links without a path from a to d: the time runs out.
    let late = play_all(&rules, &["(link b c)", "(link a c)", "(link a b)"]);
    assert_eq!(moves(&rules, &late), ["(link c d)"]);
}

#[test]
fn gdl_a_state_where_no_role_has_a_choice_is_played_by_itself() {
    let rules = load(&corner("forced.kif"));
    let start = rules.initial_state(&[]).unwrap();
    assert_eq!(rules.to_move(&start).unwrap(), Some(1));
    assert_eq!(moves(&rules, &start), ["(go a)", "(go b)"]);
    // white's step is forced, black waits: role 1's only move stands for the turn.
    let forced = play(&rules, &start, "(go b)");
    assert_eq!(rules.to_move(&forced).unwrap(), Some(1));
    assert_eq!(moves(&rules, &forced), ["step"]);
    let stepped = play(&rules, &forced, "step");
    assert!(
        fluents(&rules, &stepped).contains("stepped"),
        "{}",
        stepped.text()
    );
    // black's reply is forced, white waits: white's noop stands for the turn, and the
    // next state is black's only move's.
    assert_eq!(rules.to_move(&stepped).unwrap(), Some(1));
    assert_eq!(moves(&rules, &stepped), ["noop"]);
    let replied = play(&rules, &stepped, "noop");
    assert!(
        fluents(&rules, &replied).contains("chose(black,reply(c))"),
        "{}",
        replied.text()
    );
    // Then black chooses.
    assert_eq!(rules.to_move(&replied).unwrap(), Some(2));
    assert_eq!(moves(&rules, &replied), ["(end e)", "(end f)"]);
    let end = play(&rules, &replied, "(end f)");
    assert_eq!(
        scores(&rules, &end),
        Some((vec![0, 100], Verdict::Winner(2)))
    );
}

#[test]
fn gdl_constants_keep_their_case_keywords_do_not() {
    let rules = load(&corner("syntax.kif"));
    assert_eq!(ask(&rules, "syntax:gdl_roles(X)"), "['White',white]");
    let start = rules.initial_state(&[]).unwrap();
    assert_eq!(fluents(&rules, &start), "[done,'Cell'('A'),cell(a)]");
    assert_eq!(moves(&rules, &start), ["Move", "Stay"]);
    assert_eq!(
        ask(&rules, "( syntax:g_twoRoles -> X = yes ; X = no )"),
        "yes"
    );
    let moved = play(&rules, &start, "Move");
    assert_eq!(fluents(&rules, &moved), "[finished,'Cell'('B')]");
    assert_eq!(
        scores(&rules, &moved),
        Some((vec![100, 0], Verdict::Winner(1)))
    );
    // move is not Move.
    assert!(
        rules
            .parse_move(&start, "move")
            .unwrap()
            .is_some_and(|m| { !rules.is_legal(&start, &m).unwrap() })
    );
    let stayed = play(&rules, &start, "Stay");
    assert_eq!(
        scores(&rules, &stayed),
        Some((vec![0, 0], Verdict::Tie(vec![1, 2])))
    );
}

#[test]
fn gdl_static_facts_of_one_and_longer_atoms_are_translated() {
    let rules = load(&corner("static_order.kif"));
    assert_eq!(
        ask(
            &rules,
            "findall(D, static_order:g_step(D, _, _, _, _), L), length(L, X)"
        ),
        "315"
    );
    let start = rules.initial_state(&[]).unwrap();
    assert_eq!(moves(&rules, &start), ["(go e)", "(go ne)"]);
    let end = play_all(&rules, &["(go ne)"; 7]);
    assert_eq!(scores(&rules, &end), Some((vec![100], Verdict::Winner(1))));
    let astray = play_all(&rules, &["(go e)"; 7]);
    assert_eq!(scores(&rules, &astray), Some((vec![0], Verdict::Winner(1))));
}

/// A recursive relation over the state that calls itself first, over links that make a
/// cycle: sound GDL, which a top-down evaluation without a guard never finishes.
#[test]
fn gdl_left_recursion_over_the_state() {
    let rules = load(&corner("left_recursion.kif"));
    let start = rules.initial_state(&[]).unwrap();
    assert_eq!(moves(&rules, &start), ["(go a)", "(go b)", "(go c)"]);
}

/* Bad files. */

fn check(file: &Path, games: &str) -> (i32, String) {
    let o = tabula(&[
        "check",
        file.to_str().unwrap(),
        "--games",
        games,
        "--seed",
        "1",
    ]);
    (
        o.status.code().unwrap_or(-1),
        format!("{}{}", text(&o.stdout), text(&o.stderr)),
    )
}

#[test]
fn gdl_bad_files_are_refused_with_every_error_in_words() {
    let cases: [(&str, &[&str]); 3] = [
        (
            "bad_several.kif",
            &[
                "bad_several.kif:7: unsafe rule for legal: ?y in the head occurs in no positive condition of the rule",
                "bad_several.kif:9: negation is not stratified: p depends on (not q), and q depends on p",
                "bad_several.kif:12: the relation near is used with 2 arguments here and with 1 on line 11",
                "bad_several.kif:13: the goal value 150 is not a whole number from 0 to 100",
                "not a sound GDL game (4 errors)",
            ],
        ),
        (
            "bad_missing.kif",
            &[
                "no (init ...) facts: every GDL game defines init",
                "no legal rules: every GDL game defines legal",
                "no next rules: every GDL game defines next",
                "no goal rules: every GDL game defines goal",
                "no terminal rule: every GDL game defines terminal",
                "not a sound GDL game (5 errors)",
            ],
        ),
        (
            "bad_unclosed.kif",
            &["bad_unclosed.kif:4: column 1: this ( is never closed"],
        ),
    ];
    for (file, errors) in cases {
        let (code, said) = check(&corner(file), "2");
        assert_eq!(code, 2, "{file}: {said}");
        for error in errors {
            assert!(said.contains(error), "{file}: {error:?} not in\n{said}");
        }
    }
}

#[test]
fn gdl_errors_of_play_are_found_by_the_check_and_said_in_words() {
    for (file, error) in [
        (
            "bad_no_move.kif",
            "the role o has no legal move in a state that is not terminal",
        ),
        (
            "bad_two_goals.kif",
            "goal gives the role x more than one value: [0,100]",
        ),
    ] {
        let (code, said) = check(&corner(file), "3");
        assert_ne!(code, 0, "{file}: {said}");
        assert!(said.contains("breaks the game contract"), "{file}: {said}");
        assert!(said.contains(error), "{file}: {error:?} not in\n{said}");
    }
}

/* The suite checked, and played to the end. */

#[test]
fn gdl_the_suite_keeps_the_contract() {
    for (kif, games) in [
        ("tictactoe.kif", "10"),
        ("connect_four.kif", "4"),
        ("breakthrough.kif", "2"),
        ("othello.kif", "1"),
        ("dots_and_boxes.kif", "4"),
        ("tictactoe_3p.kif", "4"),
        ("lights_out.kif", "10"),
    ] {
        let (code, said) = check(&suite(kif), games);
        assert_eq!(code, 0, "{kif}: {said}");
        assert!(said.contains("keeps the game contract"), "{kif}: {said}");
    }
}

/// Plays the GDL file `kif` from its start with the generic player `level` at every
/// seat: the scores at the end and the moves played.
fn play_out(kif: &Path, level: &str, budget_ms: u64) -> (Vec<i64>, Verdict, usize) {
    let rules = load(kif);
    rules.seed(7).unwrap();
    let mut state = rules.initial_state(&[]).unwrap();
    for ply in 0..200 {
        if let Some((scores, result)) = scores(&rules, &state) {
            return (scores, result, ply);
        }
        let (mv, _) = rules.choose_move(level, &state, budget_ms).unwrap();
        state = rules
            .apply(&state, &mv)
            .unwrap()
            .unwrap_or_else(|| panic!("{level} played {}, not legal", mv.text()))
            .0;
    }
    panic!("{}: no end after 200 moves of {level}", kif.display());
}

#[test]
fn gdl_three_players_play_to_the_end_with_random_and_mcts() {
    let kif = suite("tictactoe_3p.kif");
    for level in ["random", "mcts"] {
        let (scores, result, plies) = play_out(&kif, level, 150);
        assert_eq!(scores.len(), 3, "{level}: {scores:?}");
        let won = scores.iter().filter(|&&s| s == 100).count();
        assert!(
            (won == 1 && scores.iter().filter(|&&s| s == 0).count() == 2) || scores == [50, 50, 50],
            "{level}: {scores:?}"
        );
        assert!((5..=16).contains(&plies), "{level}: {plies} moves");
        eprintln!(
            "tictactoe_3p.kif, {level} at every seat: {scores:?} ({result:?}) after {plies} moves"
        );
    }
}

#[test]
fn gdl_the_puzzle_is_played_to_the_end_with_random_and_mcts() {
    let kif = suite("lights_out.kif");
    for level in ["random", "mcts"] {
        let (scores, result, plies) = play_out(&kif, level, 300);
        assert!(scores == [0] || scores == [100], "{level}: {scores:?}");
        assert_eq!(result, Verdict::Winner(1));
        // Solved (100) or out of presses (6).
        assert!(
            scores == [100] || plies == 6,
            "{level}: {scores:?} after {plies}"
        );
        eprintln!("lights_out.kif, {level}: {scores:?} after {plies} presses");
    }
}

/// The game of simultaneous moves, played on the translated module's own GDL relations
/// (every role draws a move each turn, applied together): the contract gains joint moves
/// separately.
#[test]
fn gdl_simultaneous_moves_are_played_to_the_end_on_the_gdl_relations() {
    let module = translated(&suite("rock_paper_scissors.kif")).unwrap();
    let engine = Engine::fresh().unwrap();
    for file in [core_file("game.pl"), module, corner("playout.pl")] {
        engine.consult(&file).unwrap();
    }
    for seed in 1..=10 {
        let b = engine
            .query_once(&format!(
                "gdl_playout:joint_playout(rock_paper_scissors, {seed}, T, C, G)"
            ))
            .unwrap()
            .expect("a playout");
        assert_eq!(term::to_text(&b["T"]), "3", "three rounds");
        // Both roles choose at every turn.
        assert_eq!(term::to_text(&b["C"]), "[2,2,2]");
        // One goal value for each role at the end: 100 and 0, or 50 each.
        let goals: Vec<Vec<String>> = term::as_list(&b["G"]).unwrap().iter().map(names).collect();
        assert!(
            [[["100"], ["0"]], [["0"], ["100"]], [["50"], ["50"]]]
                .contains(&[[goals[0][0].as_str()], [goals[1][0].as_str()]])
                && goals.iter().all(|g| g.len() == 1),
            "{goals:?}"
        );
    }
}

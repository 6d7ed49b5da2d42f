//! Runs the Prolog test files `prolog/tests/<game>_tests.pl` (rules checked in the
//! language they are written in) and the conformance check over every game.

use tabula::check;
use tabula::engine::Engine;
use tabula::game::{GameInfo, Rules, catalog, prolog_dir};
use tabula::term;

/// The computer players budget their moves in the process's CPU time, which every
/// thread of this test process adds to: the tests here run one at a time, so that the
/// Prolog tests of budgeted players get the budget they ask for.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

#[test]
fn prolog_test_files_pass() {
    let _alone = alone();
    let dir = prolog_dir();
    let mut ran = 0;
    let mut problems = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir.join("tests"))
        .expect("prolog/tests exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with("_tests.pl"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no prolog/tests/*_tests.pl files");
    for file in files {
        let module = file.file_stem().unwrap().to_string_lossy().into_owned();
        // `dots_tests` and `dots_ai_tests` both test the game `dots`; a test file
        // named after no game (the players of any game) has every game loaded.
        let games: Vec<&GameInfo> = match catalog()
            .games
            .iter()
            .find(|g| module.starts_with(&format!("{}_", g.name)))
        {
            Some(g) => vec![*g],
            None => catalog().games.clone(),
        };
        let engine = Engine::new().unwrap();
        let mut load = vec![dir.join("game.pl")];
        for g in &games {
            load.push(g.file.clone());
            load.extend(g.players_file.clone());
        }
        if dir.join("players.pl").is_file() {
            load.push(dir.join("players.pl"));
        }
        load.push(dir.join("tests").join("harness.pl"));
        load.push(file.clone());
        for f in load {
            engine.consult(&f).unwrap_or_else(|e| panic!("{e}"));
        }
        let results = engine
            .query_value(&format!("harness:run_tests({module}, Rs)"), "Rs")
            .unwrap_or_else(|e| panic!("{module}: {e}"));
        for r in term::as_list(&results).unwrap() {
            ran += 1;
            if term::functor_name(&r) != Some("pass") {
                problems.push(format!("{module}: {}", term::to_text(&r)));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {ran} Prolog tests failed:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(ran >= 20, "only {ran} Prolog tests ran");
    println!("{ran} Prolog tests passed");
}

#[test]
fn every_game_keeps_the_contract() {
    let _alone = alone();
    assert!(catalog().games.len() >= 3, "{:?}", catalog());
    for game in &catalog().games {
        let rules = Rules::load(game, None).unwrap();
        let report = check::run(&rules, 5, 7).unwrap();
        assert!(report.failures.is_empty(), "{}", report.text(&game.file));
    }
}

/// Every rules file loads, silently, in a plain Scryer machine with nothing of tabula's
/// around it: what `scryer-prolog prolog/dots.pl` does.
#[test]
fn rules_files_load_in_a_stock_scryer() {
    let _alone = alone();
    use scryer_prolog::{LeafAnswer, MachineBuilder};
    let dir = prolog_dir();
    for game in &catalog().games {
        let mut machine = MachineBuilder::default().build();
        let mut files = vec![game.file.clone()];
        files.extend(game.players_file.clone());
        files.push(dir.join("game.pl"));
        for file in files {
            let goal = format!(
                "catch(consult({}), E, true).",
                term::quote_atom(&file.to_string_lossy())
            );
            let answers: Vec<_> = machine.run_query(goal).collect();
            match answers.first() {
                Some(Ok(LeafAnswer::True)) => {}
                Some(Ok(LeafAnswer::LeafAnswer { bindings, .. }))
                    if !bindings.contains_key("E") => {}
                other => panic!("{}: {other:?}", file.display()),
            }
        }
        let goal = format!(
            "{}:initial_state([], S), {}:legal_moves(S, [_|_]).",
            game.name, game.name
        );
        let answers: Vec<_> = machine.run_query(goal).collect();
        assert!(
            matches!(answers.first(), Some(Ok(LeafAnswer::LeafAnswer { .. }))),
            "{}: {answers:?}",
            game.name
        );
    }
}

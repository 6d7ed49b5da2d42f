//! Runs the Prolog test files, `prolog/games/<game>/tests/*_tests.pl` (rules checked in
//! the language they are written in) and `prolog/core/tests/*_tests.pl`, and the
//! conformance check over every game.

use std::path::PathBuf;
use tabula::engine::Engine;
use tabula::engine::term;
use tabula::game::conformance;
use tabula::game::{GameInfo, Rules, accelerate, catalog, core_file, games_dir, prolog_dir};

/// Set in the process a test re-runs itself in (see `in_own_process`).
const CHILD: &str = "TABULA_PROLOG_TEST_CHILD";

/// Runs `body` in a process of its own: this test binary started again for the one
/// test `name`. The computer players budget their moves in the process's CPU time,
/// which every thread of a process adds to, so tests that share a process would take
/// each other's budget; in processes of their own they run side by side and each
/// player gets the budget it asks for.
fn in_own_process(name: &str, body: impl FnOnce()) {
    if std::env::var(CHILD).as_deref() == Ok(name) {
        body();
        return;
    }
    let exe = std::env::current_exe().expect("the test binary's path");
    // The test's full name in the binary: its module path without the crate's name.
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let full = if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    };
    let out = std::process::Command::new(exe)
        .args([full.as_str(), "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .output()
        .expect("the test binary starts again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{name} (in a process of its own) failed:\n{stdout}\n{stderr}"
    );
}

/// The folders of Prolog tests: the framework's and each game's.
fn test_folders() -> Vec<PathBuf> {
    let mut folders = vec![prolog_dir().join("core").join("tests")];
    let mut games: Vec<PathBuf> = std::fs::read_dir(games_dir())
        .expect("prolog/games exists")
        .filter_map(|e| e.ok().map(|e| e.path().join("tests")))
        .filter(|p| p.is_dir())
        .collect();
    games.sort();
    folders.extend(games);
    folders
}

/// The Prolog test files (`*_tests.pl`) of every test folder.
fn test_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = test_folders()
        .iter()
        .flat_map(|d| {
            std::fs::read_dir(d)
                .expect("a tests folder")
                .filter_map(|e| e.ok())
        })
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with("_tests.pl"))
        .collect();
    files.sort();
    files
}

/// Runs the test file `MODULE.pl` with the harness: its game's files loaded (`dots_tests`
/// and `dots_ai_tests` test `dots`; a file named after no game, such as the players of
/// any game, gets every game), and asserts that every test the file declares ran and
/// passed.
fn run_prolog_test_file(module: &str) {
    in_own_process(module, || run_prolog_test_file_here(module));
}

fn run_prolog_test_file_here(module: &str) {
    let file = test_files()
        .into_iter()
        .find(|f| f.file_stem().is_some_and(|n| n == module))
        .unwrap_or_else(|| panic!("{module}: no such test file"));
    let source = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{module}: {e}"));
    let declared = source.lines().filter(|l| l.starts_with("test(")).count();
    let games: Vec<&GameInfo> = match catalog()
        .games
        .iter()
        .find(|g| module.starts_with(&format!("{}_", g.name)))
    {
        Some(g) => vec![*g],
        None => catalog().games.clone(),
    };
    let engine = Engine::new().unwrap();
    let mut load = vec![
        core_file("game.pl"),
        core_file("conformance.pl"),
        core_file("playouts.pl"),
        // The check of fast paths, which tests call too (tabula loads it only when a
        // verdict is not known yet).
        core_file("accelerators.pl"),
    ];
    for g in &games {
        load.push(g.file.clone());
        load.extend(g.players_file.clone());
    }
    let core_tests = prolog_dir().join("core").join("tests");
    load.push(core_file("players.pl"));
    load.push(core_tests.join("harness.pl"));
    // The fixtures some tests use (broken fast paths and the like): `fixture_*.pl`.
    let mut fixtures: Vec<_> = std::fs::read_dir(&core_tests)
        .unwrap_or_else(|e| panic!("{module}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("fixture_") && n.ends_with(".pl"))
        })
        .collect();
    fixtures.sort();
    load.extend(fixtures);
    load.push(file.clone());
    for f in load {
        engine.consult(&f).unwrap_or_else(|e| panic!("{e}"));
    }
    // The games' fast paths, checked against their rules as tabula does when it loads
    // a game (so that the tests of a game's players see them switched on).
    for g in &games {
        let players = g.players_file.as_ref().map(|p| {
            (
                tabula::game::file_module(&engine, p).unwrap_or_else(|e| panic!("{e}")),
                p.clone(),
            )
        });
        let model = players.as_ref().is_some_and(|(m, _)| {
            engine
                .query_once(&format!("current_predicate({m}:model_agrees/2)"))
                .is_ok_and(|b| b.is_some())
        });
        if g.fast_file.is_some() || model {
            let subject = accelerate::Subject {
                game_module: &g.name,
                rules_file: &g.file,
                fast_file: g.fast_file.as_deref(),
                players: players
                    .as_ref()
                    .filter(|_| model)
                    .map(|(m, p)| (m.as_str(), p.as_path())),
            };
            let path = accelerate::check_and_switch(&engine, &subject, false)
                .unwrap_or_else(|e| panic!("{module}: {e}"));
            assert!(path.used(), "{module}: {:?}", path.verdict);
        }
    }
    let results = engine
        .query_value(&format!("harness:run_tests({module}, Rs)"), "Rs")
        .unwrap_or_else(|e| panic!("{module}: {e}"));
    let results = term::as_list(&results).expect("run_tests/2 gives a list");
    let problems: Vec<String> = results
        .iter()
        .filter(|r| term::functor_name(r) != Some("pass"))
        .map(term::to_text)
        .collect();
    assert!(
        problems.is_empty(),
        "{module}: {} of {} tests failed:\n{}",
        problems.len(),
        results.len(),
        problems.join("\n")
    );
    // Every `test(Name) :- ...` clause of the file ran (none was lost to a typo in
    // the harness's discovery, none counted twice).
    assert_eq!(results.len(), declared, "{module}: tests run vs declared");
}

/// One Rust test per Prolog test file, so that a failure names its file.
macro_rules! prolog_test_files {
    ($($module:ident),* $(,)?) => {
        $(
            #[test]
            fn $module() {
                run_prolog_test_file(stringify!($module));
            }
        )*
        /// Every Prolog test file has its Rust test above.
        #[test]
        fn every_prolog_test_file_has_its_test() {
            let listed = [$(stringify!($module)),*];
            let mut files: Vec<String> = test_files()
                .iter()
                .filter_map(|f| f.file_stem().map(|n| n.to_string_lossy().into_owned()))
                .collect();
            files.sort();
            let mut listed: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
            listed.sort();
            assert_eq!(files, listed, "add the new file to prolog_test_files! in tests/it/prolog.rs");
        }
    };
}

prolog_test_files!(
    breakthrough_ai_tests,
    breakthrough_tests,
    connect4_tests,
    dots_ai_tests,
    dots_tests,
    kalah_tests,
    kingpawn_tests,
    othello_tests,
    players_tests,
);

#[test]
fn every_game_keeps_the_contract() {
    in_own_process(
        "every_game_keeps_the_contract",
        every_game_keeps_the_contract_here,
    );
}

fn every_game_keeps_the_contract_here() {
    assert!(catalog().games.len() >= 3, "{:?}", catalog());
    for game in &catalog().games {
        let rules = Rules::load(game, None).unwrap();
        let report = conformance::run(&rules, 5, 7).unwrap();
        assert!(report.failures.is_empty(), "{}", report.text(&game.file));
    }
}

/// A fork server readies its player once (`prepare/1` of the game's players, see
/// game.pl): Breakthrough's ai builds its search tables there, which it would
/// otherwise build on its first move; a level or game without one is left alone.
#[test]
fn own_players_prepare_before_their_games() {
    in_own_process(
        "own_players_prepare_before_their_games",
        own_players_prepare_before_their_games_here,
    );
}

fn own_players_prepare_before_their_games_here() {
    use tabula::players::spec::PlayerSpec;
    let game = |name: &str| {
        catalog()
            .games
            .iter()
            .find(|g| g.name == name)
            .unwrap_or_else(|| panic!("{name} is in the catalog"))
    };
    let ai = PlayerSpec::Builtin("ai".into());
    let rules = ai.load_rules(game("breakthrough"), None).unwrap();
    let built = "breakthrough_ai:pc(4095, N), breakthrough_ai:zob(287, _)";
    assert!(rules.engine().query_once(built).unwrap().is_none());
    assert!(ai.prepare_in(&rules).unwrap());
    let b = rules
        .engine()
        .query_once(built)
        .unwrap()
        .expect("the tables");
    assert_eq!(b.get("N").and_then(term::as_i64), Some(12));
    // greedy has nothing to build: prepare/1 succeeds and does nothing.
    assert!(
        PlayerSpec::Builtin("greedy".into())
            .prepare_in(&rules)
            .unwrap()
    );
    let dots = ai.load_rules(game("dots"), None).unwrap();
    assert!(!ai.prepare_in(&dots).unwrap());
}

/// Every rules file loads, silently, in a plain Scryer machine with nothing of tabula's
/// around it: what `scryer-prolog prolog/games/dots/dots.pl` does.
#[test]
fn rules_files_load_in_a_stock_scryer() {
    use scryer_prolog::{LeafAnswer, MachineBuilder};
    for game in &catalog().games {
        let mut machine = MachineBuilder::default().build();
        let mut files = vec![game.file.clone()];
        files.extend(game.players_file.clone());
        files.push(core_file("game.pl"));
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

/// A players file's check covers the modules it loads from beside it: Timbiriche's
/// levels load their model, chain analysis and search from three files, and an edit
/// to any of them must not keep the verdict of the files as they were.
#[test]
fn a_players_check_covers_the_files_they_load() {
    let engine = Engine::new().unwrap();
    let dir = games_dir().join("dots");
    let mut found = tabula::game::catalog::companion_files(&engine, &dir.join("dots_ai.pl"))
        .unwrap_or_else(|e| panic!("{e}"));
    found.sort();
    let expected: Vec<_> = ["dots_chains.pl", "dots_exact.pl", "dots_model.pl"]
        .iter()
        .map(|f| dir.join(f))
        .collect();
    assert_eq!(found, expected);
    // A file that loads only libraries has none.
    let none = tabula::game::catalog::companion_files(&engine, &dir.join("dots.pl")).unwrap();
    assert!(none.is_empty(), "{none:?}");
}

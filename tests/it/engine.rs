//! The engine's error paths: nothing a file or a query can do panics, aborts, or leaves
//! a stale exception behind.

use std::io::Write;
use tabula::engine::term::{self, Term};
use tabula::engine::{Engine, EngineError, ReplAnswer};

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let mut f = std::fs::File::create(&path).unwrap();
    f.write_all(text.as_bytes()).unwrap();
    path
}

fn value(engine: &Engine, goal: &str, var: &str) -> Term {
    engine.query_value(goal, var).unwrap()
}

#[test]
fn a_good_file_loads_and_answers() {
    let engine = Engine::new().unwrap();
    let file = temp_file("good.pl", ":- module(good, [g/1]).\ng(1).\ng(2).\n");
    engine.consult(&file).unwrap();
    let all = engine.query("good:g(X)").unwrap();
    let xs: Vec<_> = all.iter().map(|b| term::as_i64(&b["X"]).unwrap()).collect();
    assert_eq!(xs, vec![1, 2]);
    assert_eq!(engine.query("g(3).").unwrap().len(), 0);
}

#[test]
fn a_syntax_error_names_file_and_line_and_the_engine_goes_on() {
    let engine = Engine::new().unwrap();
    let good = temp_file("keep.pl", "keep(yes).\n");
    engine.consult(&good).unwrap();
    let bad = temp_file("syntax.pl", "a(1).\n\n\nb(X) :- X = [1,2.\nc(3).\n");
    match engine.consult(&bad) {
        Err(EngineError::Load {
            file, line, error, ..
        }) => {
            assert_eq!(file, bad);
            assert_eq!(line, Some(4));
            assert!(term::to_text(&error).contains("syntax_error"), "{error:?}");
        }
        other => panic!("expected a load error, got {other:?}"),
    }
    // The files loaded before are still there, the bad one is not, and many queries
    // afterwards neither crash nor carry a stale exception.
    for _ in 0..5 {
        assert_eq!(term::as_atom(&value(&engine, "keep(X)", "X")), Some("yes"));
        assert!(matches!(
            engine.query("a(X)"),
            Err(EngineError::Exception(_))
        ));
    }
}

#[test]
fn a_clause_that_does_not_compile_is_reported_with_its_line() {
    let engine = Engine::new().unwrap();
    let bad = temp_file(
        "compile.pl",
        "% Comment lines above earlier clauses count too.\n%\nok(1).\n\n% a comment\nt(X) :-\n    X is popcount(255).\nu(1).\n",
    );
    let err = engine.consult(&bad).unwrap_err();
    match &err {
        EngineError::Load { line, error, .. } => {
            assert_eq!(*line, Some(6));
            assert!(term::to_text(error).contains("popcount"));
        }
        other => panic!("expected a load error, got {other:?}"),
    }
    assert!(
        err.to_string()
            .contains("popcount/1 is not an arithmetic function")
    );
    for _ in 0..10 {
        assert!(engine.query("t(X)").is_err());
        assert_eq!(engine.query("X = 1").unwrap().len(), 1);
    }
    // The same machine loads a good file afterwards.
    let good = temp_file("after.pl", "after(ok).\n");
    engine.consult(&good).unwrap();
    assert_eq!(term::as_atom(&value(&engine, "after(X)", "X")), Some("ok"));
}

#[test]
fn clauses_split_in_groups_are_refused_since_prolog_would_drop_the_first() {
    let engine = Engine::new().unwrap();
    // Scryer keeps only the last group of p/1; the file says what it meant otherwise.
    let split = temp_file(
        "split.pl",
        "% Facts.\n%\np(1).\np(2).\n/* q */\nq(1).\n\n% p again\np(3).\n",
    );
    let err = engine.consult(&split).unwrap_err();
    match &err {
        EngineError::Load { file, line, .. } => {
            assert_eq!(file, &split);
            assert_eq!(*line, Some(9));
        }
        other => panic!("expected a load error, got {other:?}"),
    }
    let text = err.to_string();
    assert!(
        text.contains("the clauses of p/1 are not together (the first ones are on line 3)")
            && text.contains(":- discontiguous(p/1)"),
        "{text}"
    );
    assert!(engine.query("p(X)").is_err(), "the file is not loaded");
    // A directive between two clauses splits them too, as in Scryer's loader.
    let directive = temp_file("directive.pl", "r(1).\n:- initialization(true).\nr(2).\n");
    assert!(matches!(
        engine.consult(&directive),
        Err(EngineError::Load { line: Some(3), .. })
    ));
    // Declared discontiguous, or all together (grammar rules too), they load.
    let declared = temp_file(
        "declared.pl",
        ":- discontiguous([d/1, s/2]).\nd(1).\ns --> [a].\nd(2).\ns --> [b].\nd(3).\n\
         t --> [x].\nt --> [y].\nother(1) :- d(1).\n",
    );
    engine.consult(&declared).unwrap();
    let ds: Vec<_> = engine
        .query("d(X)")
        .unwrap()
        .iter()
        .map(|b| term::as_i64(&b["X"]).unwrap())
        .collect();
    assert_eq!(ds, vec![1, 2, 3]);
    assert_eq!(engine.query("phrase(t, [y])").unwrap().len(), 1);
}

#[test]
fn a_text_scanned_clean_is_remembered_and_only_a_clean_one() {
    use tabula::engine::scanned;
    let hash_of = |p: &std::path::Path| scanned::hash(&std::fs::read(p).unwrap());
    let engine = Engine::new().unwrap();
    // Split clauses at the end of a file followed by blank lines (where read_term/3
    // alone throws) are still found; the file is not remembered as clean.
    let late = temp_file(
        "late.pl",
        "a(1).
b(1).
a(2).


",
    );
    assert!(matches!(
        engine.consult(&late),
        Err(EngineError::Load { line: Some(3), .. })
    ));
    assert!(!scanned::is_clean(&hash_of(&late)));
    // A clean file is remembered by its text, whatever its name.
    let text = format!(
        ":- module(clean_{}, [c/1]).\nc(1).\n\n\n",
        std::process::id()
    );
    let clean = temp_file("clean.pl", &text);
    engine.consult(&clean).unwrap();
    assert!(scanned::is_clean(&hash_of(&clean)));
    assert!(scanned::for_players().contains(&hash_of(&clean)));
    // A clause for a named module's predicate is refused or not by what is loaded, so
    // such a file is scanned every time.
    let qualified = temp_file(
        "qualified.pl",
        &format!("q(1).\nnot_loaded_{}:f(1).\n", std::process::id()),
    );
    engine.consult(&qualified).unwrap();
    assert!(!scanned::is_clean(&hash_of(&qualified)));
}

#[test]
fn a_missing_file_is_an_error() {
    let engine = Engine::new().unwrap();
    let err = engine
        .consult(std::path::Path::new("/nonexistent/rules.pl"))
        .unwrap_err();
    assert!(err.to_string().contains("no such file"), "{err}");
}

#[test]
fn malformed_queries_are_errors_not_panics() {
    let engine = Engine::new().unwrap();
    for bad in [
        "foo(",
        "X = ",
        ")",
        "\"unterminated",
        "a :- :- b",
        "% only a comment",
        "",
        "f(x)) , g((",
        "'\\",
    ] {
        match engine.query(bad) {
            Err(EngineError::Syntax { .. }) => {}
            other => panic!("{bad:?} gave {other:?}"),
        }
    }
    assert_eq!(engine.query("X = 1.").unwrap().len(), 1);
}

#[test]
fn an_exception_then_a_good_query() {
    let engine = Engine::new().unwrap();
    match engine.query("X is 1/0") {
        Err(EngineError::Exception(e)) => assert!(term::to_text(&e).contains("zero_divisor")),
        other => panic!("{other:?}"),
    }
    match engine.query("no_such_predicate(1)") {
        Err(e @ EngineError::Exception(_)) => {
            assert!(
                e.to_string()
                    .contains("unknown procedure no_such_predicate/1")
            )
        }
        other => panic!("{other:?}"),
    }
    match engine.query("throw(my_ball)") {
        Err(EngineError::Exception(Term::Atom(a))) => assert_eq!(a, "my_ball"),
        other => panic!("{other:?}"),
    }
    assert_eq!(term::as_i64(&value(&engine, "X is 6 * 7", "X")), Some(42));
}

#[test]
fn answers_keep_their_structure() {
    let engine = Engine::new().unwrap();
    let t = value(&engine, "X = f([1,2], \"ab\", 'Hi', -3, g(Y))", "X");
    let args = term::args(&t, "f", 5).unwrap();
    assert_eq!(term::as_list(&args[0]).unwrap().len(), 2);
    assert_eq!(term::as_text(&args[1]).unwrap(), "ab");
    assert_eq!(term::as_atom(&args[2]), Some("Hi"));
    assert_eq!(term::as_i64(&args[3]), Some(-3));
    // Written back and read again, the term is the same.
    let again = value(&engine, &format!("X = {}", term::to_text(&t)), "X");
    assert_eq!(term::to_text(&again), term::to_text(&t));
}

#[test]
fn the_repl_answers_one_at_a_time() {
    let engine = Engine::new().unwrap();
    let mut answers = engine.repl("member(X, [a, b, c])");
    assert!(
        matches!(answers.next(), Some(ReplAnswer::Solution { ref text, .. }) if text == "X = a")
    );
    assert!(
        matches!(answers.next(), Some(ReplAnswer::Solution { ref text, .. }) if text == "X = b")
    );
    drop(answers);
    // An endless generator is fine when nobody asks for more.
    let mut endless = engine.repl("repeat");
    assert!(
        matches!(endless.next(), Some(ReplAnswer::Solution { ref text, .. }) if text == "true")
    );
    drop(endless);
    let out: Vec<_> = engine.repl("write(hello), nl").collect();
    assert!(
        matches!(&out[0], ReplAnswer::Solution { output, .. } if output == "hello\n"),
        "{out:?}"
    );
    let out: Vec<_> = engine.repl("X = (a :- b), Y = \"ab\"").collect();
    assert!(
        matches!(&out[0], ReplAnswer::Solution { text, .. } if text == "X = (a:-b), Y = \"ab\"" || text == "X = (a:-b), Y = [a,b]"),
        "{out:?}"
    );
    let out: Vec<_> = engine.repl("fail").collect();
    assert!(matches!(out[..], [ReplAnswer::False { .. }]));
    let out: Vec<_> = engine.repl("foo(").collect();
    assert!(matches!(out[..], [ReplAnswer::SyntaxError { .. }]));
    let out: Vec<_> = engine.repl("atom_length(X, Y)").collect();
    assert!(matches!(out[..], [ReplAnswer::Exception { .. }]));
    let out: Vec<_> = engine.repl("use_module(library(dif)), dif(X, a)").collect();
    assert!(
        matches!(&out[0], ReplAnswer::Solution { text, .. } if text.contains("dif")),
        "{out:?}"
    );
}

#[test]
fn a_hundred_thousand_queries_stay_small() {
    let engine = Engine::new().unwrap();
    let rss = || -> u64 {
        std::fs::read_to_string("/proc/self/statm")
            .ok()
            .and_then(|s| s.split_whitespace().nth(1).and_then(|p| p.parse().ok()))
            .map(|pages: u64| pages * 4096)
            .unwrap_or(0)
    };
    for _ in 0..1000 {
        engine.query("X = 1").unwrap();
    }
    let before = rss();
    for i in 0..100_000 {
        let solutions = engine.query(&format!("X is {i} + 1")).unwrap();
        assert_eq!(solutions.len(), 1);
    }
    let grown = rss().saturating_sub(before);
    // About 200 bytes a query leak inside Scryer (no garbage collector): 20 MB per
    // 100 000 queries is expected; more would mean we leak on our side.
    assert!(grown < 200 << 20, "memory grew by {} MB", grown >> 20);
}

#[test]
fn a_goal_that_halts_is_reported_and_the_files_stay_loaded() {
    let engine = Engine::new().unwrap();
    let file = temp_file("halting.pl", ":- module(halting, [h/1]).\nh(1).\n");
    engine.consult(&file).unwrap();
    assert_eq!(engine.query("X = 1, halt"), Err(EngineError::Halted));
    assert_eq!(term::as_i64(&value(&engine, "halting:h(X)", "X")), Some(1));
    let answers: Vec<_> = engine.repl("halt").collect();
    assert!(
        matches!(answers.as_slice(), [ReplAnswer::Exception { text, .. }] if text.contains("halt")),
        "{answers:?}"
    );
    assert_eq!(term::as_i64(&value(&engine, "halting:h(X)", "X")), Some(1));
}

/// The vendored Scryer does arithmetic on small integers in place (vendor/README.md):
/// at the edges of that path, where results leave the small integers or the operands are
/// not ones, the answers are those of exact integer arithmetic, worked out by hand.
#[test]
fn small_integer_arithmetic_agrees_at_its_edges() {
    let engine = Engine::new().unwrap();
    let max = (1i64 << 55) - 1; // the largest small integer
    let cases: &[(&str, &str)] = &[
        ("A = 36028797018963967, X is A + 1", "36028797018963968"),
        ("B = -36028797018963968, X is B - 1", "-36028797018963969"),
        ("B = -36028797018963968, X is -B", "36028797018963968"),
        ("C = 3037000499, X is C * C", "9223372030926249001"),
        ("D = 3037000500, X is D * D", "9223372037000250000"),
        ("E = 123456789, X is E << 40", "135742175033388171264"),
        ("M = -1, X is M << 62", "-4611686018427387904"),
        ("M = -5, X is M >> 1", "-3"),
        ("N = -1, X is 5 << N", "2"),
        ("S = 70, X is 1 >> S", "0"),
        ("X is xor(7, 12)", "11"),
        ("M = -7, X is M /\\ 12", "8"),
        ("X is \\ 5", "-6"),
        ("F = 2.5, X is F + 1", "3.5"),
    ];
    for (goal, want) in cases {
        let got = term::to_text(&value(&engine, goal, "X"));
        assert_eq!(&got, want, "{goal}");
    }
    assert_eq!(
        engine
            .query(&format!("A = {max}, B is A + 1, B > A, B - 1 =:= A"))
            .unwrap()
            .len(),
        1
    );
    assert_eq!(engine.query("X = 3, X =:= 3.0").unwrap().len(), 1);
    assert_eq!(engine.query("X = 3, X < 2").unwrap().len(), 0);
    let error = engine
        .query("catch(X is foo + 1, error(E, _), true)")
        .unwrap();
    assert_eq!(term::to_text(&error[0]["E"]), "type_error(evaluable,foo/0)");
}

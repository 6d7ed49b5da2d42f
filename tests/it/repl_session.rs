//! The REPL never loses what the programmer typed: Ctrl-C, a timeout and the memory
//! cap stop a goal and keep the database as it was at that moment (through a pipe and
//! at a terminal); several goals on a line run in order; `[user]` keeps its good
//! clauses and says where each bad one is; `listing` shows every clause the session can
//! call, with the source's variable names; errors are said in words.
//!
//! Times here are generous bounds only: the machine is shared and noisy.

use crate::common::repl::Session;
use crate::common::{scratch, tabula_piped, text};
use std::time::Duration;

/// The whole output of `tabula ARGS` given `input` on a pipe.
fn repl(args: &[&str], input: &str) -> String {
    let o = tabula_piped(args, input);
    let out = text(&o.stdout);
    let err = text(&o.stderr);
    assert!(o.status.success(), "{out}\n{err}");
    assert!(!err.contains("panicked"), "{err}");
    out
}

/// The goals that change the database in every way a session does, and a goal that
/// asserts then runs until it is stopped.
const BUILD_UP: &str = "\
assertz(f(1)).
assertz(f(2)), fail.
assertz(f(3)), throw(oops).
assertz(f(4)), retract(f(1)), length(L, N), N < 0.
";

#[test]
fn ctrl_c_keeps_every_clause_the_session_asserted_through_a_pipe() {
    let mut repl = Session::piped(&["repl", "dots"]);
    repl.wait_for("?- ", 0);
    repl.send(BUILD_UP);
    let at = repl.wait_for("N < 0.\n", 0);
    std::thread::sleep(Duration::from_millis(300));
    repl.interrupt();
    let at = repl.wait_for("interrupted (Ctrl-C)", at);
    repl.send("findall(X, f(X), L).\n");
    repl.wait_for("L = [2,3,4]", at);
    repl.send("dots:box_points(P).\n");
    repl.wait_for("P = 10", at);
    let out = repl.finish();
    assert!(
        out.contains("what it asserted or retracted before it stopped stays"),
        "{out}"
    );
    assert!(!out.contains("restarted"), "the engine is kept: {out}");
}

#[test]
fn ctrl_c_at_a_terminal_keeps_every_clause_the_session_asserted() {
    let mut repl = Session::at_a_terminal(&["repl", "dots"]);
    let mut at = repl.wait_for("?- ", 0);
    // One line at a time, each after the answer before it.
    for (goal, answer) in BUILD_UP.lines().zip(["true.", "false.", "oops", ""]) {
        repl.send(&format!("{goal}\r"));
        at = repl.wait_for(answer, at);
    }
    std::thread::sleep(Duration::from_millis(500));
    // Ctrl-C typed at the terminal: SIGINT to tabula and its engine.
    repl.send("\x03");
    let at = repl.wait_for("interrupted (Ctrl-C)", at);
    repl.send("findall(X, f(X), L).\r");
    repl.wait_for("L = [2,3,4]", at);
    repl.send(":quit\r");
    let out = repl.finish();
    assert!(!out.contains("restarted"), "the engine is kept: {out}");
}

#[test]
fn ctrl_c_with_the_rules_broken_on_disk_keeps_the_rules_loaded() {
    let dir = scratch("repl", "broken-on-disk");
    let rules = dir.join("dots.pl");
    let shipped =
        std::fs::read_to_string(crate::common::root().join("prolog/games/dots/dots.pl")).unwrap();
    assert!(shipped.contains("\nbox_points(10).\n"));
    std::fs::write(
        &rules,
        shipped.replace("\nbox_points(10).\n", "\nbox_points(7).\n"),
    )
    .unwrap();
    let path = rules.to_string_lossy().into_owned();
    let mut repl = Session::piped(&["repl", "--rules", &path]);
    repl.wait_for("?- ", 0);
    // The file is broken on disk while the session runs, and not reloaded.
    std::fs::write(
        &rules,
        shipped.replace("\nbox_points(10).\n", "\nbox_points(7)\n"),
    )
    .unwrap();
    repl.send("repeat, fail.\n");
    let at = repl.wait_for("repeat, fail.\n", 0);
    std::thread::sleep(Duration::from_millis(300));
    repl.interrupt();
    let at = repl.wait_for("interrupted (Ctrl-C)", at);
    repl.send("box_points(P).\n");
    repl.wait_for("P = 7", at);
    repl.send(":files\n");
    repl.wait_for("dots.pl\n", at);
    let out = repl.finish();
    assert!(!out.contains("is not loaded"), "{out}");
    assert!(!out.contains("does not load now"), "{out}");
}

#[test]
fn a_timeout_stops_a_goal_and_keeps_the_database() {
    let out = repl(
        &["repl", "dots", "--timeout", "1"],
        "assertz(seen(1)).\n\
         assertz(seen(2)), repeat, fail.\n\
         findall(X, seen(X), Xs).\n",
    );
    assert!(
        out.contains(
            "the goal ran for 1 s without finishing (--timeout 1): stopped; what it asserted or retracted before it stopped stays."
        ),
        "{out}"
    );
    assert!(out.contains("Xs = [1,2]"), "{out}");
}

#[test]
fn the_memory_cap_stops_a_growing_goal_and_keeps_the_database() {
    // A list built by a recursion the engine cannot reclaim (no garbage collector):
    // stopped before the cap, the engine kept.
    let out = repl(
        &["repl", "dots", "--memory", "600M"],
        "assertz(seen(1)).\n\
         [user].\n\
         long(0, []) :- !.\n\
         long(N, [N|L]) :- N1 is N - 1, long(N1, L).\n\
         end_of_file.\n\
         assertz(seen(2)), long(100000000, L).\n\
         findall(X, seen(X), Xs).\n",
    );
    assert!(
        out.contains(
            "the goal ran out of memory (cap 600 MiB, --memory): stopped; what it asserted or retracted before it stopped stays."
        ),
        "{out}"
    );
    assert!(out.contains("Xs = [1,2]"), "{out}");
}

#[test]
fn a_goal_that_will_not_stop_is_killed_and_the_session_played_again() {
    // The goal catches the interrupt and goes on: after a grace its engine is killed,
    // and the new one gets the session's changes, the failed and raising goals too.
    let out = repl(
        &["repl", "dots", "--timeout", "1"],
        "assertz(f(1)).\n\
         assertz(f(2)), fail.\n\
         assertz(f(3)), throw(oops).\n\
         assertz(f(4)), repeat, catch((repeat, fail), _, fail).\n\
         findall(X, f(X), L).\n",
    );
    assert!(
        out.contains("The goal did not stop when asked, so the engine was restarted with the same files, and the session's 3 goals that changed it"),
        "{out}"
    );
    assert!(out.contains("L = [1,2,3]"), "{out}");
}

#[test]
fn several_goals_on_a_line_run_in_order() {
    let out = repl(
        &["repl", "dots"],
        "X = 1. Y = 2.\n\
         assertz(a(1)). assertz(a(2)). findall(X, a(X), L).\n\
         Z = 'a. b', W = \"c. d\". % a comment. \n\
         V = 1.5, U =.. [f, x]. T = done.\n",
    );
    for answer in [
        "   X = 1.\n   Y = 2.\n",
        "L = [1,2]",
        "Z = 'a. b', W = \"c. d\".",
        "V = 1.5, U = f(x).\n   T = done.",
    ] {
        assert!(out.contains(answer), "{answer:?} in:\n{out}");
    }
}

#[test]
fn consulting_from_the_terminal_keeps_the_good_clauses_and_places_the_bad() {
    let out = repl(
        &["repl", "dots"],
        "[user].\n\
         foo(1).\n\
         foo(2) :- .\n\
         foo('abc).\n\
         foo(3).\n\
         bar([1,2).\n\
         end_of_file.\n\
         findall(X, foo(X), L).\n",
    );
    assert!(
        out.contains("user://1:2:11: syntax error: incomplete reduction"),
        "{out}"
    );
    assert!(
        out.contains("user://1:3:5: syntax error: the quoted atom"),
        "{out}"
    );
    assert!(out.contains("user://1:5:9: syntax error"), "{out}");
    assert!(
        out.contains("3 clauses left out; the 2 others are consulted."),
        "{out}"
    );
    assert!(out.contains("L = [1,3]"), "{out}");
}

#[test]
fn listing_shows_every_clause_the_session_can_call_with_its_names() {
    let dir = scratch("repl", "listing");
    let file = dir.join("extra.pl");
    std::fs::write(&file, "baz(Name, _) :- atom_length(Name, _Length).\n").unwrap();
    let out = repl(
        &["repl", "dots"],
        &format!(
            "[user].\n\
             typed(First, _) :- First > 1.\n\
             end_of_file.\n\
             listing(typed).\n\
             consult('{}').\n\
             listing(baz/2).\n\
             listing(dots:legal_moves/2).\n\
             listing(loony_value/2).\n\
             listing(nothere).\n\
             listing(length/2).\n",
            file.display()
        ),
    );
    for listed in [
        "typed(First,_) :-\n   First>1.\n",
        "baz(Name,_) :-\n   atom_length(Name,_Length).\n",
        // The rules' own clause, as dots.pl names its variables.
        "legal_moves(dots(_,_,_,_,Free,_,_,_),Free).\n",
        // A predicate of a file the rules load beside them.
        "loony_value(Comps0,V) :-\n",
        "unknown procedure nothere\n",
        "% length/2 is built in or comes from a library: no clauses of it to list.",
    ] {
        assert!(out.contains(listed), "{listed:?} in:\n{out}");
    }
}

#[test]
fn errors_are_said_in_words_and_suggest_only_what_is_defined() {
    let out = repl(
        &["repl", "dots"],
        "fooy(1).\n\
         foox(1).\n\
         X = f(a).\n\
         Z = $S1.\n\
         Q = 'abc.\n\
         make.\n",
    );
    // fooy/1 was only called, never defined: it is not a suggestion.
    assert!(out.contains("unknown procedure foox/1\n"), "{out}");
    assert!(
        out.contains("$S1: the last answer has no variable S1 (it bound $X)"),
        "{out}"
    );
    assert!(
        out.contains("syntax error: the quoted atom opened here by ' is not closed on its line"),
        "{out}"
    );
    assert!(out.contains("  1 | Q = 'abc.\n    |     ^"), "{out}");
    // make. does what :reload does.
    assert!(out.contains("Reloaded 3 file(s)."), "{out}");
}

#[test]
fn after_a_kill_with_the_rules_broken_on_disk_files_says_what_is_loaded() {
    let dir = scratch("repl", "killed-broken");
    let rules = dir.join("dots.pl");
    let shipped =
        std::fs::read_to_string(crate::common::root().join("prolog/games/dots/dots.pl")).unwrap();
    std::fs::write(&rules, &shipped).unwrap();
    let path = rules.to_string_lossy().into_owned();
    let mut repl = Session::piped(&["repl", "--rules", &path, "--timeout", "1"]);
    let at = repl.wait_for("?- ", 0);
    std::fs::write(
        &rules,
        shipped.replace("\nbox_points(10).\n", "\nbox_points(7)\n"),
    )
    .unwrap();
    // A goal that catches the interrupt and goes on: its engine is killed, and the
    // new one cannot load the broken file.
    repl.send("repeat, catch((repeat, fail), _, fail).\n");
    let at = repl.wait_for("so the engine was restarted", at);
    repl.send(":files\n");
    let at = repl.wait_for("dots.pl  (does not load now: fix it and :reload)", at);
    repl.send("catch(box_points(P), _, P = none).\n");
    repl.wait_for("P = none", at);
    let out = repl.finish();
    assert!(
        out.contains("is not loaded, nor the players that need it"),
        "{out}"
    );
}

#[test]
fn lines_typed_ahead_at_a_terminal_are_all_read() {
    let mut repl = Session::at_a_terminal(&["repl", "dots"]);
    let at = repl.wait_for("?- ", 0);
    // Typed while a goal runs, all at once: none is lost.
    repl.send("between(1, 300000, _), fail.\rX = 1.\r[user].\rok(1).\rend_of_file.\rok(Y).\r");
    let at = repl.wait_for("X = 1.", at);
    repl.wait_for("Y = 1.", at);
    repl.send(":quit\r");
    repl.finish();
}

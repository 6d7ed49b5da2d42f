//! Interactive safety: goals that never end or eat all memory are stopped (by
//! `--timeout`, `--memory` or Ctrl-C) with a message in words, the REPL goes on with its
//! files loaded, rules files with a byte-order mark load, and lines that are not UTF-8
//! are reported rather than taken for the end of the input.
//!
//! Times here are generous bounds only: the machine is shared and noisy.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const BOM: &[u8] = b"\xEF\xBB\xBF";

fn tabula(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Nothing a user sees may look like a crash.
fn assert_no_crash_text(o: &Output) {
    let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
    for bad in [
        "panicked",
        "memory allocation of",
        "fatal runtime error",
        "RUST_BACKTRACE",
        "Aborted",
    ] {
        assert!(!all.contains(bad), "{bad:?} in:\n{all}");
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tabula-interactive-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dots_rules() -> Vec<u8> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("prolog/games/dots/dots.pl");
    std::fs::read(file).unwrap()
}

/// `prolog/games/dots/dots.pl` with a UTF-8 byte-order mark in front, as Windows editors save it.
fn dots_with_bom(dir: &Path) -> PathBuf {
    let file = dir.join("dots.pl");
    let mut bytes = BOM.to_vec();
    bytes.extend(dots_rules());
    std::fs::write(&file, bytes).unwrap();
    file
}

#[test]
fn query_stops_a_goal_that_never_ends() {
    let started = Instant::now();
    let o = tabula(&["query", "dots", "repeat, fail", "--timeout", "1"], b"");
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the goal ran for 1 s without finishing (--timeout 1): stopped"),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_secs(60), "took too long");
    assert_no_crash_text(&o);
}

#[test]
fn query_stops_a_goal_that_eats_memory() {
    // A list of 200 million cells wants gigabytes: far over a 300 MiB cap.
    let o = tabula(
        &["query", "dots", "length(L, 200000000)", "--memory", "300M"],
        b"",
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the goal ran out of memory (cap 300 MiB, --memory): stopped"),
        "{err}"
    );
    assert_no_crash_text(&o);
}

#[test]
fn query_stops_a_goal_whose_solutions_pile_up() {
    // findall/3 keeps its solutions outside the Prolog heap: a different way to die.
    let o = tabula(
        &[
            "query",
            "dots",
            "findall(L, (repeat, length(L, 1000)), Ls)",
            "--memory",
            "300M",
        ],
        b"",
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("ran out of memory (cap 300 MiB"), "{err}");
    assert_no_crash_text(&o);
}

#[test]
fn query_keeps_its_answers_and_exit_codes_under_limits() {
    let o = tabula(
        &["query", "dots", "member(X, [1,2,3])", "--timeout", "30"],
        b"",
    );
    assert_eq!(text(&o.stdout), "X = 1\nX = 2\nX = 3\n");
    assert_eq!(o.status.code(), Some(0));
    // --limit stops before the goal is asked for more: an endless goal is fine.
    let o = tabula(&["query", "dots", "repeat", "--limit", "2"], b"");
    assert_eq!(text(&o.stdout), "true\ntrue\n");
    assert_eq!(o.status.code(), Some(0));
    let o = tabula(&["query", "dots", "fail"], b"");
    assert_eq!(o.status.code(), Some(1));
    let o = tabula(&["query", "dots", "true", "--memory", "lots"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--memory"), "{}", text(&o.stderr));
}

#[test]
fn the_repl_stops_a_goal_at_its_timeout_and_goes_on() {
    let o = tabula(
        &["repl", "dots", "--timeout", "1"],
        b"repeat, fail.\ndots:initial_state([], S), dots:to_move(S, P).\n",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", text(&o.stderr));
    assert!(
        out.contains("the goal ran for 1 s without finishing (--timeout 1): stopped"),
        "{out}"
    );
    // The engine stopped the goal itself: nothing was restarted.
    assert!(out.contains("before it stopped stays."), "{out}");
    assert!(!out.contains("restarted"), "{out}");
    assert!(out.contains("P = 1"), "{out}");
    assert_no_crash_text(&o);
}

#[test]
fn the_repl_survives_running_out_of_memory() {
    let o = tabula(
        &["repl", "dots", "--memory", "300M"],
        b"assertz(seen(1)).\nlength(L, 200000000).\nX = 1.\nseen(X).\n",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", text(&o.stderr));
    assert!(
        out.contains("the goal ran out of memory (cap 300 MiB, --memory): stopped"),
        "{out}"
    );
    assert!(out.contains("X = 1."), "{out}");
    // The new engine has the files, and what the session asserted, played again.
    assert!(
        out.contains("and the session's 1 goal that changed it (assert, retract, consult, flags ...) played again"),
        "{out}"
    );
    assert!(!out.contains("existence_error"), "seen/1 is kept: {out}");
    assert_eq!(
        out.matches("   X = 1.").count(),
        2,
        "X = 1, then seen(X): {out}"
    );
    assert_no_crash_text(&o);
}

/// A tabula process that is killed if the test fails before it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// A REPL driven line by line, its output gathered as it comes.
struct Session {
    child: Running,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<Vec<u8>>>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tabula runs");
        let stdin = child.stdin.take();
        let mut stdout = child.stdout.take().unwrap();
        let out = Arc::new(Mutex::new(Vec::new()));
        let sink = out.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Session {
            child: Running(child),
            stdin,
            out,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    fn output(&self) -> String {
        text(&self.out.lock().unwrap())
    }

    /// Waits until the output holds `what` (a generous minute at most).
    fn wait_for(&self, what: &str) {
        let started = Instant::now();
        while !self.output().contains(what) {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no {what:?} in:\n{}",
                self.output()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn interrupt(&self) {
        let pid = i32::try_from(self.child.0.id()).unwrap();
        // SAFETY: sends SIGINT to the tabula process this test started.
        unsafe {
            libc::kill(pid, libc::SIGINT);
        }
    }

    fn finish(mut self) -> (std::process::ExitStatus, String, String) {
        self.stdin = None;
        let mut err = String::new();
        if let Some(mut stderr) = self.child.0.stderr.take() {
            let _ = stderr.read_to_string(&mut err);
        }
        let status = self.child.0.wait().unwrap();
        // The reader thread ends with the pipe; give it a moment to hand the tail over.
        std::thread::sleep(Duration::from_millis(100));
        (status, self.output(), err)
    }
}

#[test]
fn ctrl_c_stops_a_goal_and_the_repl_goes_on_with_its_rules() {
    let mut repl = Session::start(&["repl", "dots"]);
    repl.wait_for("?- ");
    repl.send("repeat, fail.\n");
    // The piped input is echoed once read: the goal is running after that.
    repl.wait_for("repeat, fail.\n");
    std::thread::sleep(Duration::from_millis(300));
    repl.interrupt();
    repl.wait_for("interrupted (Ctrl-C)");
    repl.send("dots:initial_state([], S), dots:to_move(S, P).\n");
    repl.wait_for("P = 1");
    // A second Ctrl-C works as the first.
    repl.send("length(L, N), N < 0.\n");
    repl.wait_for("length(L, N), N < 0.\n");
    std::thread::sleep(Duration::from_millis(300));
    repl.interrupt();
    repl.send("X = done.\n");
    repl.wait_for("X = done");
    let (status, out, err) = repl.finish();
    assert!(status.success(), "{status:?}\n{out}\n{err}");
    assert_eq!(out.matches("interrupted (Ctrl-C)").count(), 2, "{out}");
    // The engine stopped the goals itself: nothing was restarted.
    assert!(!out.contains("restarted"), "{out}");
    assert!(!err.contains("panicked"), "{err}");
}

/// The REPL at a terminal (a pseudo-terminal this test holds the other end of): line
/// editing with rustyline, which reads Ctrl-C at its prompts as a key, while the
/// terminal sends SIGINT to tabula and its engine when Ctrl-C is typed during a goal.
#[test]
fn ctrl_c_at_a_terminal_clears_the_line_stops_answers_and_stops_goals() {
    let mut repl = crate::common::repl::Session::at_a_terminal(&["repl", "dots"]);
    repl.wait_for("?- ", 0);
    repl.send("member(X, [a,b,c]).\r");
    repl.wait_for("X = a", 0);
    // One key answers, as in SWI-Prolog: `;` for the next.
    repl.send(";");
    repl.wait_for("X = b", 0);
    // Ctrl-C at the ; prompt: no more answers.
    let mark = repl.output().len();
    repl.send("\x03");
    repl.wait_for("   .", mark);
    // `a`: every answer without asking; Enter alone stops.
    repl.wait_for("?- ", mark);
    let mark = repl.output().len();
    repl.send("member(N, [1,2,3]).\r");
    repl.wait_for("N = 1 ", mark);
    repl.send("a");
    repl.wait_for("N = 3.", mark);
    repl.send("member(M, [x,y]).\r");
    repl.wait_for("M = x ", mark);
    repl.send("\r");
    repl.wait_for("   .", repl.output().rfind("M = x").unwrap_or_default());
    assert!(
        !repl.output()[mark..].contains("M = y"),
        "{}",
        repl.output()
    );
    // Ctrl-C at the ?- prompt: what was typed is dropped.
    std::thread::sleep(Duration::from_millis(300));
    let mark = repl.output().len();
    repl.send("foo(bar");
    std::thread::sleep(Duration::from_millis(300));
    repl.send("\x03");
    std::thread::sleep(Duration::from_millis(300));
    repl.send("Y = 2.\r");
    repl.wait_for("   Y = 2.", mark);
    // Ctrl-C while a goal runs: the terminal sends SIGINT.
    let mark = repl.output().len();
    repl.send("repeat, fail.\r");
    repl.wait_for("repeat, fail.", mark);
    std::thread::sleep(Duration::from_millis(500));
    repl.send("\x03");
    repl.wait_for("interrupted (Ctrl-C)", mark);
    repl.send("dots:initial_state([], S), dots:to_move(S, P).\r");
    repl.wait_for("P = 1", mark);
    // Ctrl-D leaves.
    let answered = repl.output().rfind("P = 1").unwrap_or_default();
    repl.wait_for("?- ", answered);
    repl.send("\x04");
    let status = repl.wait_for_exit();
    let all = repl.output();
    assert!(status.success(), "{status:?}\n{all}");
    assert!(!all.contains("syntax"), "the cleared line was run: {all}");
    assert!(!all.contains("X = c"), "{all}");
    assert!(!all.contains("panicked"), "{all}");
}

#[test]
fn a_rules_file_with_a_byte_order_mark_loads() {
    let dir = scratch("bom");
    let file = dots_with_bom(&dir);
    let path = file.to_str().unwrap();
    let o = tabula(&["check", path, "--games", "2"], b"");
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    assert!(text(&o.stdout).contains("keeps the game contract"));
    let o = tabula(
        &[
            "query",
            "dots",
            "--rules",
            path,
            "dots:initial_state([rows(2),cols(2)], S), dots:legal_moves(S, Ms)",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("Ms = [h(0,0)"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn a_byte_order_mark_hides_no_split_predicate() {
    // The discontiguity scan reads the file itself: it must see past the mark too.
    let dir = scratch("bom-split");
    let file = dots_with_bom(&dir);
    let mut bytes = std::fs::read(&file).unwrap();
    bytes.extend_from_slice(b"\nbox_points(7).\n");
    std::fs::write(&file, bytes).unwrap();
    let o = tabula(&["check", file.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
    assert!(
        text(&o.stderr).contains("the clauses of box_points/1 are not together"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn lines_that_are_not_utf8_are_reported_in_the_repl() {
    let o = tabula(&["repl", "dots"], b"X = \xff.\nY = 2.\n");
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("that line is not valid UTF-8 (byte 0xff at column 5): ignored"),
        "{out}"
    );
    assert!(out.contains("Y = 2"), "{out}");
}

#[test]
fn lines_that_are_not_utf8_are_reported_at_the_move_prompt() {
    let o = tabula(
        &["play", "--p2", "random", "--seed", "1"],
        b"h(\xfe0,0)\nh(0,0)\nquit\n",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", text(&o.stderr));
    assert!(
        out.contains("that line is not valid UTF-8 (byte 0xfe at column 3): ignored"),
        "{out}"
    );
    // The next line is read as a move: the computer answers it.
    assert!(out.contains("A (human) > h(0,0)"), "{out}");
    assert!(out.contains("B (random) plays"), "{out}");
    assert!(out.contains("Game abandoned"), "{out}");
}

#[test]
fn a_byte_order_mark_changes_nothing_in_the_engine() {
    use tabula::engine::{Engine, EngineError};
    let dir = scratch("bom-engine");
    let write = |name: &str, body: &str| {
        let file = dir.join(name);
        let mut bytes = BOM.to_vec();
        bytes.extend_from_slice(body.as_bytes());
        std::fs::write(&file, bytes).unwrap();
        file
    };
    let engine = Engine::new().unwrap();
    // A module: loaded and imported, as without the mark.
    let module = write(
        "m.pl",
        ":- module(m, [g/1]).\n%% g(-X)\n% X is 1 or 2.\ng(1).\ng(2).\n",
    );
    engine.consult(&module).unwrap();
    assert_eq!(engine.query("g(X)").unwrap().len(), 2);
    assert_eq!(engine.query("m:g(X)").unwrap().len(), 2);
    // A plain file, with no module.
    let plain = write("p.pl", "p(yes).\n");
    engine.consult(&plain).unwrap();
    assert_eq!(engine.query("p(yes)").unwrap().len(), 1);
    // Errors keep their lines: the mark is not a line.
    let broken = write("b.pl", "a(1).\n\n\nb(X) :- X = [1,2.\nc(3).\n");
    match engine.consult(&broken) {
        Err(EngineError::Load { line, .. }) => assert_eq!(line, Some(4)),
        other => panic!("expected a load error, got {other:?}"),
    }
    assert_eq!(engine.query("p(yes)").unwrap().len(), 1);
    // The game's rules with a mark read as a game (the module found past the mark).
    let rules = dots_with_bom(&dir);
    let game = tabula::game::Rules::load_file(&rules).unwrap();
    assert_eq!(game.module(), "dots");
}

#[test]
fn the_repl_and_query_play_the_real_ai_on_the_shipped_rules() {
    // The fast path's verdict is what every command finds: the shipped rules agree
    // with it, so `ai` is the real `ai`, not a stand-in said to be for edited rules.
    let o = tabula(
        &[
            "query",
            "dots",
            "dots:initial_state([], S0), dots_ai:choose_move(ai, S0, 1000, _, R), game:checked(G)",
        ],
        b"",
    );
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}{}", text(&o.stderr));
    assert!(!out.contains("rules_edited"), "{out}");
    assert!(out.contains("G = dots"), "{out}");
    let mut repl = Session::start(&["repl", "breakthrough"]);
    repl.wait_for("?- ");
    repl.send("game:checked(G).\n");
    repl.wait_for("G = breakthrough");
    repl.send(
        "breakthrough:initial_state([], S), breakthrough_ai:choose_move(ai, S, 500, _, R), R \\= rules_edited(_, _).\n",
    );
    repl.wait_for("R = ");
    repl.send(":quit\n");
    let (_, out, _) = repl.finish();
    assert!(!out.contains("R = rules_edited"), "{out}");
}

#[test]
fn a_broken_copy_keeps_its_last_good_version_and_never_the_shipped_rules() {
    let dir = scratch("broken-copy");
    let copy = dir.join("dots.pl");
    let shipped = String::from_utf8(dots_rules()).unwrap();
    assert!(shipped.contains("\nbox_points(10).\n"));
    std::fs::write(
        &copy,
        shipped.replace("\nbox_points(10).\n", "\nbox_points(7).\n"),
    )
    .unwrap();
    let mut repl = Session::start(&["repl", "--rules", copy.to_str().unwrap()]);
    repl.wait_for("?- ");
    repl.send("box_points(P).\n");
    repl.wait_for("P = 7");
    // A full stop removed: the error, and the copy's last good clauses stay.
    std::fs::write(
        &copy,
        shipped.replace("\nbox_points(10).\n", "\nbox_points(7)\n"),
    )
    .unwrap();
    repl.send(":reload\n");
    repl.wait_for("kept the last good version of");
    repl.send("box_points(Q).\n");
    repl.wait_for("Q = 7");
    repl.send(":quit\n");
    let (_, out, _) = repl.finish();
    assert!(!out.contains("Q = 10"), "the shipped rules came in: {out}");
    assert!(out.contains("syntax error"), "{out}");

    // Started with the broken copy: nothing of the shipped rules either.
    let mut repl = Session::start(&["repl", "--rules", copy.to_str().unwrap()]);
    repl.wait_for("?- ");
    repl.send("catch(box_points(P), _, P = none).\n");
    repl.wait_for("P = ");
    repl.send(":quit\n");
    let (_, out, _) = repl.finish();
    assert!(out.contains("P = none"), "{out}");
    assert!(
        out.contains("is not loaded, nor the players that need it"),
        "{out}"
    );
}

#[test]
fn the_repl_names_unknown_procedures_lists_clauses_and_times_goals() {
    let mut repl = Session::start(&["repl", "dots"]);
    repl.wait_for("?- ");
    // Unknown procedures: with the module they were called in, and what was meant.
    repl.send("dots:box_point(X).\n");
    repl.wait_for("unknown procedure dots:box_point/1 (did you mean dots:box_points/1?)");
    repl.send("lenght([a], N).\n");
    repl.wait_for("unknown procedure lenght/2 (did you mean length/2?)");
    repl.send("dots:no_such_pred(1).\n");
    repl.wait_for("unknown procedure dots:no_such_pred/1\n");
    // listing/1 of the rules' own (static) predicates, and of what was asserted.
    repl.send("listing(box_points).\n");
    repl.wait_for("box_points(10).\n");
    repl.send("listing(dots:legal_move/2).\n");
    repl.wait_for("legal_move(dots(");
    repl.send("assertz(seen(1)), assertz((seen(X) :- X > 5)).\n");
    repl.send("listing(seen/1).\n");
    repl.wait_for("seen(A) :-\n   A>5.\n");
    // $X: the value X had in the last answer.
    repl.send("X = f(Y, [1,2]).\n");
    repl.wait_for("X = f(Y,[1,2])");
    repl.send("Z = g($X).\n");
    repl.wait_for("Z = g(f(");
    repl.send("W = $Nope.\n");
    repl.wait_for("answer_binding");
    // :show: the board of each position the last answer binds.
    repl.send("dots:initial_state([rows(2), cols(3)], S0), dots:apply_move(S0, h(0,0), S1, _).\n");
    repl.send(":show S1\n");
    repl.wait_for("S1:\n");
    repl.wait_for("●───●");
    // :trace GOAL: the ports of the rules' predicates, with their depth.
    repl.send(":trace dots:initial_state([rows(2), cols(2)], S2), dots:to_move(S2, P2).\n");
    repl.wait_for("Call: (1) dots:initial_state([rows(2),cols(2)],");
    repl.wait_for("Exit: (1) dots:to_move(");
    repl.wait_for("P2 = 1");
    // :time GOAL: the answers, then the CPU time and inferences.
    repl.send(":time length(L, 2).\n");
    repl.wait_for("inferences");
    repl.wait_for("L = [A,B]");
    repl.send(":quit\n");
    let (_, out, _) = repl.finish();
    assert!(out.contains("% CPU time: "), "{out}");
    assert!(!out.contains("permission_error"), "{out}");
}

#[test]
fn ctrl_c_keeps_what_the_session_asserted_and_reload_keeps_consulted_files() {
    let dir = scratch("replay");
    let extra = dir.join("extra.pl");
    std::fs::write(&extra, "extra_fact(1).\n").unwrap();
    let mut repl = Session::start(&["repl", "dots"]);
    repl.wait_for("?- ");
    repl.send("assertz(kept(1)), assertz(kept(2)).\n");
    repl.wait_for("true.");
    repl.send(&format!("consult('{}').\n", extra.display()));
    // Clauses typed at the prompt.
    repl.send("[user].\ntwice(X, Y) :- Y is 2*X.\nend_of_file.\n");
    repl.send("twice(4, T).\n");
    repl.wait_for("T = 8");
    repl.send("repeat, fail.\n");
    repl.wait_for("repeat, fail.\n");
    std::thread::sleep(Duration::from_millis(300));
    repl.interrupt();
    repl.wait_for("interrupted (Ctrl-C)");
    repl.send("findall(X, kept(X), Xs), extra_fact(E), twice(5, T).\n");
    repl.wait_for("Xs = [1,2], E = 1, T = 10");
    // :reload: a fresh machine, with the file consulted at the prompt loaded again
    // (as it is now on disk), and the asserted facts gone.
    std::fs::write(&extra, "extra_fact(2).\n").unwrap();
    repl.send(":reload\n");
    repl.wait_for("played again the 2 goal(s) that loaded files at the prompt");
    repl.send("extra_fact(E), \\+ catch(kept(_), _, fail).\n");
    repl.wait_for("E = 2");
    repl.send(":quit\n");
    let (status, out, err) = repl.finish();
    assert!(status.success(), "{out}\n{err}");
}

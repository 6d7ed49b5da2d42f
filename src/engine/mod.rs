//! The embedded Scryer Prolog machine, on a thread of its own, behind a small typed API.
//!
//! A Scryer `Machine` is not `Send`, and a few of its failure modes are fatal to the
//! host process (see `docs/scryer-embedding.md`), so this module is the one
//! place that touches it, and it keeps three promises:
//! - every goal runs through `'$tabula':run/4` (in `support.pl`), which reads the goal
//!   from a string and calls it under `catch/3`: a goal that does not parse, an
//!   exception or a missing predicate comes back as an [`EngineError`], never as a
//!   panic or as a stale exception in the next answer;
//! - a rules file that fails to load is reported with its file, line and error term,
//!   and the machine it failed in is thrown away: the engine rebuilds a fresh one and
//!   reloads the files that had loaded, so no later query can reach a broken machine;
//! - a panic inside the machine, should one ever happen, is caught on the engine's
//!   thread and answered as an error, with a fresh machine for the next request.

use self::term::Term;
use scryer_prolog::{Machine, MachineBuilder, OutputStreamConfig, StreamConfig};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Cursor;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};

pub mod cache;
pub mod scanned;
pub mod syntax_place;
pub mod term;
pub mod timing;

const SUPPORT: &str = include_str!("support.pl");

/// The toplevel module Scryer's machine loads at its start. Scryer's own (560 lines
/// and eleven libraries) reads and answers a person's queries, which tabula does in
/// `support.pl`: only the module and its `started/0` flag are used here, and loading
/// nothing else takes a good part off every engine's start-up.
const TOPLEVEL: &str = ":- module('$toplevel', []).\n:- dynamic(started/0).\n";

/// Run once in every new machine. With the toplevel marked as started, the loader
/// throws load errors to its caller (consult_file/3 catches them) instead of printing
/// them; the libraries are those a stock Scryer toplevel offers at its prompt.
const SETUP: [&str; 5] = [
    "asserta('$toplevel':started).",
    "use_module(library(lists)).",
    "use_module(library(between)).",
    "use_module(library(dcgs)).",
    "use_module(library(format)).",
];

/// Where Scryer's output streams write: a closure handed the buffered bytes.
type OutputSink = Box<dyn FnMut(&mut Cursor<Vec<u8>>)>;

/// The named variables of one solution.
pub type Bindings = BTreeMap<String, Term>;

/// Everything that can go wrong when asking Prolog something.
#[derive(Debug, Clone, PartialEq)]
pub enum EngineError {
    /// A rules file failed to load: its path, the line of the error when known, and
    /// the error term Scryer raised.
    Load {
        file: PathBuf,
        line: Option<u64>,
        error: Term,
        /// For a syntax error, what is wrong where, and the line with a caret under the
        /// place (see [`syntax_place`]).
        place: Option<String>,
    },
    /// The goal text does not read as a Prolog term.
    Syntax { goal: String, error: Term },
    /// The goal raised an exception (an unknown predicate is one).
    Exception(Term),
    /// The engine could not answer at all (its thread is gone, or the machine broke and
    /// was rebuilt): the text says what happened.
    Unavailable(String),
    /// The goal called `halt`: in a program of its own, Prolog would have ended the
    /// process. The machine has been rebuilt.
    Halted,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Load {
                file,
                line,
                error,
                place,
            } => {
                match line {
                    Some(line) => write!(f, "{}:{line}", file.display())?,
                    None => write!(f, "{}", file.display())?,
                }
                match place {
                    // The place says it better than the reader's own word for it
                    // (which --verbose adds).
                    Some(place) => {
                        write!(f, "{place}")?;
                        if verbose() {
                            write!(f, "\n{}", term::to_text(error))?;
                        }
                        Ok(())
                    }
                    None => write!(f, ": {}", error_text(error)),
                }
            }
            EngineError::Syntax { error, .. } => write!(f, "{}", error_text(error)),
            EngineError::Exception(ball) => write!(f, "{}", error_text(ball)),
            EngineError::Unavailable(why) => write!(f, "Prolog engine unavailable: {why}"),
            EngineError::Halted => write!(f, "the goal called halt"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Whether errors are written with their Prolog terms under the sentences
/// (`tabula --verbose`); the REPL always shows both.
static VERBOSE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Asks for the Prolog terms under the sentences of every error (`--verbose`).
pub fn set_verbose(on: bool) {
    VERBOSE.store(on, std::sync::atomic::Ordering::SeqCst);
}

/// Whether `--verbose` asked for the terms under the sentences.
pub fn verbose() -> bool {
    VERBOSE.load(std::sync::atomic::Ordering::SeqCst)
}

/// An error for people: the sentence, and the term under it with `--verbose` (or
/// when no sentence says it).
pub fn error_text(error: &Term) -> String {
    if VERBOSE.load(std::sync::atomic::Ordering::SeqCst) {
        return describe_error(error);
    }
    error_sentence(error).unwrap_or_else(|| describe_error(error))
}

/// A one-line explanation of a Prolog error term, followed by the term itself as
/// Prolog prints it, so both a newcomer and a Prolog programmer find what they need.
pub fn describe_error(error: &Term) -> String {
    let raw = term::to_text(error);
    match error_sentence(error) {
        Some(what) => format!("{what}\n   {raw}"),
        None if term::args(error, "error", 2).is_none() => format!("uncaught exception: {raw}"),
        None => raw,
    }
}

/// A syntax error in the text of a goal, in words, with a caret under the place when
/// Scryer says where (it does for a goal that ends too early: at its end).
pub fn syntax_error_text(error: &Term, goal: &str) -> String {
    let sentence = error_sentence(error).unwrap_or_else(|| term::to_text(error));
    let kind = term::args(error, "error", 2)
        .and_then(|a| term::args(&a[0], "syntax_error", 1))
        .and_then(|k| term::as_atom(&k[0]).map(str::to_string));
    let goal = goal.trim_end();
    match kind.as_deref() {
        Some("incomplete_reduction") if !goal.contains('\n') => {
            let width = goal.chars().count();
            format!(
                "{sentence}: the goal ends before it is complete\n  {goal}\n  {}^",
                " ".repeat(width)
            )
        }
        _ => sentence,
    }
}

/// A predicate indicator as people write it: `dots:box_points/1` (not the operator
/// form `dots:(box_points/1)`), `user:` left out.
fn indicator_text(pi: &Term) -> String {
    match term::args(pi, ":", 2) {
        Some([Term::Atom(m), rest]) if m == "user" => term::to_text(rest),
        Some([Term::Atom(m), rest]) => format!("{}:{}", term::quote_atom(m), term::to_text(rest)),
        _ => term::to_text(pi),
    }
}

/// The sentence alone, when the error is one tabula knows how to say.
pub fn error_sentence(error: &Term) -> Option<String> {
    let [formal, context] = term::args(error, "error", 2)? else {
        return None;
    };
    let plain = |t: &Term| term::as_text(t).unwrap_or_else(|| term::to_text(t));
    let what = match formal {
        Term::Compound(name, a) => match (name.as_str(), a.as_slice()) {
            ("syntax_error", [kind]) => format!("syntax error: {}", plain(kind).replace('_', " ")),
            ("type_error", [Term::Atom(t), culprit]) if t == "evaluable" => {
                format!("{} is not an arithmetic function", term::to_text(culprit))
            }
            ("existence_error", [Term::Atom(k), culprit]) if k == "procedure" => {
                // The REPL adds the loaded predicates a person may have meant.
                let near: Vec<String> = term::args(context, "context", 2)
                    .and_then(|c| term::args(&c[1], "did_you_mean", 1))
                    .and_then(|d| term::as_list(&d[0]))
                    .map(|l| l.iter().map(indicator_text).collect())
                    .unwrap_or_default();
                match near.as_slice() {
                    [] => format!("unknown procedure {}", indicator_text(culprit)),
                    _ => format!(
                        "unknown procedure {} (did you mean {}?)",
                        indicator_text(culprit),
                        near.join(" or ")
                    ),
                }
            }
            // `$Name` in a goal, for a name the last answer does not bind.
            ("existence_error", [Term::Atom(k), culprit]) if k == "answer_binding" => {
                let name = term::args(culprit, "$", 1)
                    .map(|n| plain(&n[0]))
                    .unwrap_or_else(|| term::to_text(culprit));
                let names: Vec<String> = term::args(context, "last_answer", 1)
                    .and_then(|n| term::as_list(&n[0]))
                    .map(|l| l.iter().map(|n| format!("${}", plain(n))).collect())
                    .unwrap_or_default();
                format!(
                    "${name}: the last answer has no variable {name} ({})",
                    if names.is_empty() {
                        "it bound none".to_string()
                    } else {
                        format!("it bound {}", names.join(", "))
                    }
                )
            }
            ("existence_error", [Term::Atom(k), culprit]) if k == "source_sink" => {
                format!("no such file: {}", plain(culprit))
            }
            ("type_error", [kind, culprit]) => {
                format!("expected {}, found {}", plain(kind), term::to_text(culprit))
            }
            // What Scryer reports for `:- halt.` (and other directives it will not run
            // while loading a file).
            ("domain_error", [Term::Atom(d), culprit]) if d == "directive" => format!(
                "a directive that cannot run while the file loads ({}): a rules file is \
                 loaded, not run, so a directive such as :- halt. has no place in it",
                term::to_text(culprit)
            ),
            ("domain_error", [domain, culprit]) => format!(
                "{} is outside the domain {}",
                term::to_text(culprit),
                plain(domain).replace('_', " ")
            ),
            ("permission_error", [action, kind, culprit]) => format!(
                "permission error: cannot {} {} {}",
                plain(action),
                plain(kind),
                term::to_text(culprit)
            ),
            ("evaluation_error", [what]) => format!("arithmetic error: {}", plain(what)),
            ("foreign_clause", [pi]) => {
                // M:F/A, written as people do (the term reads (M:F)/A).
                let (module, pi) = match term::args(pi, ":", 2) {
                    Some([m, name_arity]) => match term::args(name_arity, "/", 2) {
                        Some([f, a]) => (
                            term::to_text(m),
                            format!(
                                "{}:{}/{}",
                                term::to_text(m),
                                term::to_text(f),
                                term::to_text(a)
                            ),
                        ),
                        _ => (term::to_text(m), term::to_text(pi)),
                    },
                    _ => (String::new(), term::to_text(pi)),
                };
                format!(
                    "a clause for {pi}, a predicate of module {module}: Prolog would \
                     replace {module}'s own clauses with this file's; write it in this \
                     file's own module instead, or declare :- multifile({pi}). here to \
                     add to them"
                )
            }
            ("discontiguous", [pi, first]) => format!(
                "the clauses of {pi} are not together (the first ones are on line {first}): \
                 Prolog would keep only the last group; put them together, or declare \
                 :- discontiguous({pi}).",
                pi = term::to_text(pi),
                first = term::to_text(first)
            ),
            _ => return None,
        },
        Term::Atom(a) if a == "instantiation_error" => "a variable is not bound enough".into(),
        // What an interrupt throws (Ctrl-C, a timeout), where it is seen as an error.
        Term::Atom(a) if a == "$interrupt_thrown" => "interrupted".into(),
        _ => return None,
    };
    Some(what)
}

/// One answer of an interactive query, written as a toplevel writes it. (Serde: the
/// REPL's engine runs in a child process, see `ui::repl::child`.)
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ReplAnswer {
    /// A solution: `X = 1, Y = f(Z)` or `true`, plus what the goal printed; `last`
    /// when the goal can have no other solution.
    Solution {
        text: String,
        output: String,
        last: bool,
    },
    /// No (more) solutions, plus what the goal printed.
    False { output: String },
    /// The text did not read as a goal: the error term as Prolog writes it, and in
    /// words, with a caret under the place when it is known.
    SyntaxError { text: String, words: String },
    /// The goal raised an exception: the term as Prolog writes it, and in words.
    Exception {
        text: String,
        words: String,
        output: String,
    },
}

enum Job {
    Consult {
        path: PathBuf,
        reply: Sender<Result<(), EngineError>>,
    },
    Query {
        goal: String,
        limit: usize,
        reply: Sender<Result<Vec<Bindings>, EngineError>>,
    },
    Repl {
        goal: String,
        answers: Sender<ReplAnswer>,
        demand: Receiver<()>,
    },
    TakeOutput {
        reply: Sender<String>,
    },
    Fork {
        child: Box<dyn FnOnce() + Send>,
        reply: Sender<std::io::Result<i32>>,
    },
    OnThread {
        work: Box<dyn FnOnce() + Send>,
        reply: Sender<()>,
    },
}

/// A Prolog machine running on its own thread. Cheap to share by reference; requests
/// are served one at a time, in order.
pub struct Engine {
    jobs: Option<Sender<Job>>,
    worker: Option<JoinHandle<()>>,
}

/// An engine that has only read files (to list the games), never loaded one: the
/// first [`Engine::fresh`] of the process takes it instead of starting another, so
/// finding a game costs no second Scryer start-up.
static SPARE: Mutex<Option<Engine>> = Mutex::new(None);

impl Engine {
    /// A machine with nothing loaded but the support predicates: the spare one when
    /// there is one (see [`Engine::keep_spare`]), else a new one.
    pub fn fresh() -> Result<Engine, EngineError> {
        let spare = SPARE.lock().unwrap_or_else(|e| e.into_inner()).take();
        match spare {
            Some(engine) => Ok(engine),
            None => Engine::new(),
        }
    }

    /// Keeps this engine for the next [`Engine::fresh`]: only for an engine that has
    /// read files and loaded none, so that it is as good as new.
    pub fn keep_spare(self) {
        *SPARE.lock().unwrap_or_else(|e| e.into_inner()) = Some(self);
    }

    /// Starts a fresh machine with the support predicates loaded.
    pub fn new() -> Result<Engine, EngineError> {
        let (jobs, inbox) = mpsc::channel();
        let (ready_tx, ready_rx) = mpsc::channel();
        let worker = thread::Builder::new()
            .name("prolog".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let worker = Worker::start();
                let _ = ready_tx.send(());
                worker.serve(inbox);
            })
            .map_err(|e| EngineError::Unavailable(format!("cannot start thread: {e}")))?;
        ready_rx
            .recv()
            .map_err(|_| EngineError::Unavailable("the Prolog machine failed to start".into()))?;
        Ok(Engine {
            jobs: Some(jobs),
            worker: Some(worker),
        })
    }

    fn send(&self, job: Job) -> Result<(), EngineError> {
        let inline = INLINE.with(|inline| inline.get());
        if !inline.is_null() {
            // SAFETY: set only in a forked child, on the engine's thread, to the worker
            // whose fork is running the child: nothing else uses it meanwhile.
            unsafe { (*inline).handle(job) };
            return Ok(());
        }
        self.jobs
            .as_ref()
            .and_then(|jobs| jobs.send(job).ok())
            .ok_or_else(|| EngineError::Unavailable("the engine thread has stopped".into()))
    }

    /// Forks this process from the engine's thread, the one thread a child must
    /// have to go on using the machine: the child gets a copy of the machine with
    /// everything loaded and runs `child` on that thread, which answers the child's
    /// requests to this engine in place; it ends the process. The parent gets the
    /// child's process id. For a fork server (`crate::players::forkserver`), whose other threads
    /// the child never needs.
    pub fn fork(&self, child: Box<dyn FnOnce() + Send>) -> Result<i32, EngineError> {
        let (reply, answer) = mpsc::channel();
        self.send(Job::Fork { child, reply })?;
        match answer.recv() {
            Ok(Ok(pid)) => Ok(pid),
            Ok(Err(e)) => Err(EngineError::Unavailable(format!("cannot fork: {e}"))),
            Err(_) => Err(gone()),
        }
    }

    /// Runs `work` on the engine's own thread (to set that thread's scheduling, which
    /// Linux keeps per thread), and waits for it.
    pub fn on_its_thread(&self, work: Box<dyn FnOnce() + Send>) -> Result<(), EngineError> {
        let (reply, answer) = mpsc::channel();
        self.send(Job::OnThread { work, reply })?;
        answer.recv().map_err(|_| gone())
    }

    /// Consults the rules file at `path`, exactly as it is on disk. On failure the
    /// engine goes on with the files that had loaded before.
    pub fn consult(&self, path: &Path) -> Result<(), EngineError> {
        let (reply, answer) = mpsc::channel();
        self.send(Job::Consult {
            path: path.to_path_buf(),
            reply,
        })?;
        answer.recv().unwrap_or_else(|_| Err(gone()))
    }

    /// All solutions of `goal` (Prolog text, with or without the final full stop), at
    /// most `limit` of them, each as the bindings of the goal's named variables.
    pub fn query_limit(&self, goal: &str, limit: usize) -> Result<Vec<Bindings>, EngineError> {
        let (reply, answer) = mpsc::channel();
        self.send(Job::Query {
            goal: goal.to_string(),
            limit,
            reply,
        })?;
        answer.recv().unwrap_or_else(|_| Err(gone()))
    }

    /// All solutions of `goal` (up to a million, a guard against endless generators).
    pub fn query(&self, goal: &str) -> Result<Vec<Bindings>, EngineError> {
        self.query_limit(goal, 1_000_000)
    }

    /// The first solution of `goal`, if any.
    pub fn query_once(&self, goal: &str) -> Result<Option<Bindings>, EngineError> {
        Ok(self.query_limit(goal, 1)?.into_iter().next())
    }

    /// The value of `var` in the first solution of `goal`; an error if there is none.
    pub fn query_value(&self, goal: &str, var: &str) -> Result<Term, EngineError> {
        let solution = self.query_once(goal)?.ok_or_else(|| {
            EngineError::Exception(Term::compound(
                "error",
                [
                    Term::compound("goal_failed", [Term::string(goal)]),
                    Term::atom("tabula"),
                ],
            ))
        })?;
        solution.get(var).cloned().ok_or_else(|| {
            EngineError::Exception(Term::compound(
                "error",
                [
                    Term::compound("unbound_answer", [Term::atom(var)]),
                    Term::atom("tabula"),
                ],
            ))
        })
    }

    /// Runs `goal` as a person typed it at a toplevel; the answers come one at a time,
    /// on demand, so a goal with endless solutions is fine.
    pub fn repl(&self, goal: &str) -> ReplAnswers {
        let (answers_tx, answers) = mpsc::channel();
        let (demand, demand_rx) = mpsc::channel();
        let sent = self.send(Job::Repl {
            goal: goal.to_string(),
            answers: answers_tx,
            demand: demand_rx,
        });
        ReplAnswers {
            answers,
            demand: Some(demand),
            started: false,
            finished: sent.is_err(),
        }
    }

    /// What the machine printed on `user_output` since the last call.
    pub fn take_output(&self) -> String {
        let (reply, answer) = mpsc::channel();
        if self.send(Job::TakeOutput { reply }).is_err() {
            return String::new();
        }
        answer.recv().unwrap_or_default()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

fn gone() -> EngineError {
    EngineError::Unavailable("the engine thread stopped while answering".into())
}

/// The answers of [`Engine::repl`], pulled one at a time.
pub struct ReplAnswers {
    answers: Receiver<ReplAnswer>,
    demand: Option<Sender<()>>,
    started: bool,
    finished: bool,
}

impl Iterator for ReplAnswers {
    type Item = ReplAnswer;

    fn next(&mut self) -> Option<ReplAnswer> {
        if self.finished {
            return None;
        }
        if self.started {
            let asked = self.demand.as_ref().map(|d| d.send(()).is_ok());
            if asked != Some(true) {
                self.finished = true;
                return None;
            }
        }
        self.started = true;
        match self.answers.recv() {
            Ok(answer) => {
                if !matches!(answer, ReplAnswer::Solution { last: false, .. }) {
                    self.finished = true;
                }
                Some(answer)
            }
            Err(_) => {
                self.finished = true;
                None
            }
        }
    }
}

thread_local! {
    /// In a child forked by [`Engine::fork`]: the worker of this thread, which answers
    /// every request in place instead of through its channel.
    static INLINE: std::cell::Cell<*mut Worker> = const { std::cell::Cell::new(std::ptr::null_mut()) };
}

/// The state kept on the engine's thread.
struct Worker {
    machine: Machine,
    output: Arc<Mutex<String>>,
    /// Files that loaded, in order, to reload into a rebuilt machine.
    loaded: Vec<PathBuf>,
}

/// Whether the machines built from now on write `user_error` to this process's stderr
/// (a served player's log) rather than to the engine's output.
static ERRORS_TO_STDERR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Sends `user_error` of the machines built from now on to this process's stderr:
/// `tabula serve`, whose stderr is the player's log.
pub fn errors_to_stderr() {
    ERRORS_TO_STDERR.store(true, std::sync::atomic::Ordering::Relaxed);
}

fn new_machine(output: &Arc<Mutex<String>>) -> Machine {
    let sink = |output: Arc<Mutex<String>>| -> OutputSink {
        Box::new(move |cursor: &mut Cursor<Vec<u8>>| {
            let bytes = std::mem::take(cursor.get_mut());
            cursor.set_position(0);
            if let Ok(mut out) = output.lock() {
                out.push_str(&String::from_utf8_lossy(&bytes));
            }
        })
    };
    let (_input, streams) =
        StreamConfig::from_callbacks(Some(sink(output.clone())), Some(sink(output.clone())));
    let streams = if ERRORS_TO_STDERR.load(std::sync::atomic::Ordering::Relaxed) {
        streams.with_user_error(OutputStreamConfig::stderr())
    } else {
        streams
    };
    let mut machine = crate::engine::timing::timed("Scryer machine built", || {
        MachineBuilder::default()
            .with_streams(streams)
            .with_toplevel(TOPLEVEL)
            .build()
    });
    crate::engine::timing::timed("support predicates loaded", || {
        machine.load_module_string("$tabula", SUPPORT);
        for setup in SETUP {
            for _ in machine.run_query(setup) {}
        }
    });
    machine
}

impl Worker {
    fn start() -> Worker {
        let output = Arc::new(Mutex::new(String::new()));
        Worker {
            machine: new_machine(&output),
            output,
            loaded: Vec::new(),
        }
    }

    fn serve(mut self, inbox: Receiver<Job>) {
        while let Ok(job) = inbox.recv() {
            let outcome = catch_unwind(AssertUnwindSafe(|| self.handle(job)));
            if outcome.is_err() {
                // The reply channel of the job was dropped during the unwind, so the
                // caller already has its error; the machine may be inconsistent.
                self.rebuild();
            }
        }
    }

    fn take_output(&self) -> String {
        self.output
            .lock()
            .map(|mut out| std::mem::take(&mut *out))
            .unwrap_or_default()
    }

    fn rebuild(&mut self) {
        self.machine = new_machine(&self.output);
        let files = std::mem::take(&mut self.loaded);
        for file in files {
            if self.consult_in_place(&file).is_ok() {
                self.loaded.push(file);
            }
        }
        self.take_output();
    }

    fn handle(&mut self, job: Job) {
        match job {
            Job::Consult { path, reply } => {
                let result = self.consult(&path);
                let _ = reply.send(result);
            }
            Job::Query { goal, limit, reply } => {
                let result = self.query(&goal, limit);
                self.take_output();
                let halted = matches!(result, Err(EngineError::Halted));
                let _ = reply.send(result);
                if halted {
                    // After the answer, not before: the caller may end the process
                    // (a served player that calls halt does), and the next job waits
                    // for the rebuilt machine anyway.
                    self.rebuild();
                }
            }
            Job::Repl {
                goal,
                answers,
                demand,
            } => self.repl(&goal, &answers, &demand),
            Job::TakeOutput { reply } => {
                let _ = reply.send(self.take_output());
            }
            Job::Fork { child, reply } => self.fork(child, reply),
            Job::OnThread { work, reply } => {
                work();
                let _ = reply.send(());
            }
        }
    }

    /// Forks the process here, on the engine's thread. The child runs `child` right
    /// here, with every request of this thread answered in place (see [`INLINE`]):
    /// the channels the other threads were using at the moment of the fork may be
    /// locked forever in the child, so it never touches them again (not even to drop
    /// `reply`). `child` ends the process; if it returns, the child exits.
    fn fork(&mut self, child: Box<dyn FnOnce() + Send>, reply: Sender<std::io::Result<i32>>) {
        // SAFETY: fork(2). The child goes on with this thread alone and touches
        // nothing another thread may have held a lock on (see above).
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            std::mem::forget(reply);
            let worker: *mut Worker = self;
            INLINE.with(|inline| inline.set(worker));
            child();
            std::process::exit(0);
        } else if pid > 0 {
            let _ = reply.send(Ok(pid));
        } else {
            let _ = reply.send(Err(std::io::Error::last_os_error()));
        }
    }

    fn consult(&mut self, path: &Path) -> Result<(), EngineError> {
        let result = crate::engine::timing::timed(
            &format!(
                "consulted {}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ),
            || self.consult_in_place(path),
        );
        match &result {
            Ok(()) => {
                if !self.loaded.iter().any(|p| p == path) {
                    self.loaded.push(path.to_path_buf());
                }
                self.take_output();
            }
            Err(_) => {
                // Never query a machine that a load failed in: start afresh.
                self.loaded.retain(|p| p != path);
                self.rebuild();
            }
        }
        result
    }

    fn consult_in_place(&mut self, path: &Path) -> Result<(), EngineError> {
        let shown = path.to_path_buf();
        let text = path.to_str().ok_or_else(|| EngineError::Load {
            file: shown.clone(),
            line: None,
            error: Term::compound(
                "error",
                [
                    Term::compound("domain_error", [Term::atom("utf8_path"), Term::atom("?")]),
                    Term::atom("consult/1"),
                ],
            ),
            place: None,
        })?;
        if !path.is_file() {
            return Err(EngineError::Load {
                file: shown,
                line: None,
                error: Term::compound(
                    "error",
                    [
                        Term::compound(
                            "existence_error",
                            [Term::atom("source_sink"), Term::string(text)],
                        ),
                        Term::compound("/", [Term::atom("consult"), Term::integer(1)]),
                    ],
                ),
                place: None,
            });
        }
        // A text scanned clean before need not be scanned again (see `scanned`).
        let hash = std::fs::read(path).ok().map(|bytes| scanned::hash(&bytes));
        let scan = match &hash {
            Some(h) if scanned::is_clean(h) => "skip",
            _ => "scan",
        };
        let goal = format!(
            "'$tabula':consult_file({}, {scan}, R).",
            term::quote_string(text)
        );
        let answers: Vec<_> = self.machine.run_query(goal).collect();
        let result = answers.into_iter().find_map(|a| match a {
            Ok(scryer_prolog::LeafAnswer::LeafAnswer { bindings, .. }) => {
                bindings.get("R").cloned()
            }
            _ => None,
        });
        match result {
            Some(Term::Atom(ok)) if ok == "ok" => Ok(()),
            Some(Term::Atom(clean)) if clean == "clean" => {
                if let Some(h) = &hash {
                    scanned::remember_clean(h);
                }
                Ok(())
            }
            Some(Term::Compound(name, args)) if name == "error" && args.len() == 2 => {
                let (line, place) = match term::args(&args[1], "clause", 2) {
                    // A syntax error: the clause that does not read, from its first
                    // line to where the reader gave up; the mistake is looked for there.
                    Some([start, noticed]) => {
                        let (start, noticed) = (
                            term::as_i64(start).unwrap_or(0).max(0) as u64,
                            term::as_i64(noticed).unwrap_or(0).max(0) as u64,
                        );
                        let text = std::fs::read_to_string(path).unwrap_or_default();
                        match syntax_place::locate(&text, start, noticed) {
                            Some(p) => (
                                Some(p.line),
                                Some(format!(
                                    ":{}: syntax error: {} (in the clause that starts on \
                                     line {start}){}",
                                    p.column,
                                    p.what,
                                    p.excerpt(&text)
                                )),
                            ),
                            None => (Some(start).filter(|&l| l > 0), None),
                        }
                    }
                    _ => (
                        term::as_i64(&args[1]).filter(|&l| l > 0).map(|l| l as u64),
                        None,
                    ),
                };
                Err(EngineError::Load {
                    file: shown,
                    line,
                    error: args[0].clone(),
                    place,
                })
            }
            other => Err(EngineError::Load {
                file: shown,
                line: None,
                error: other.unwrap_or_else(|| Term::atom("load_failed")),
                place: None,
            }),
        }
    }

    fn run_goal(&mut self, goal: &str) -> String {
        format!("'$tabula':run({}, B, O, R).", term::quote_string(goal))
    }

    fn query(&mut self, goal: &str, limit: usize) -> Result<Vec<Bindings>, EngineError> {
        let query = self.run_goal(goal);
        let mut solutions = Vec::new();
        for answer in self.machine.run_query(query) {
            if solutions.len() >= limit {
                break;
            }
            match answer {
                Ok(scryer_prolog::LeafAnswer::LeafAnswer { mut bindings, .. }) => {
                    // run/4 always binds the outcome when the goal returns: without
                    // it, the goal halted the machine.
                    let outcome = match bindings.remove("O") {
                        None | Some(Term::Var(_)) => return Err(EngineError::Halted),
                        Some(outcome) => outcome,
                    };
                    match outcome {
                        Term::Compound(kind, mut args) if args.len() == 1 => {
                            let error = args.remove(0);
                            return Err(if kind == "syntax_error" {
                                EngineError::Syntax {
                                    goal: goal.to_string(),
                                    error,
                                }
                            } else {
                                EngineError::Exception(error)
                            });
                        }
                        _ => {
                            let pairs = bindings.remove("B").unwrap_or(Term::atom("[]"));
                            solutions.push(bindings_of(&pairs));
                        }
                    }
                }
                Ok(scryer_prolog::LeafAnswer::True) => return Err(EngineError::Halted),
                Ok(scryer_prolog::LeafAnswer::False) => break,
                Ok(scryer_prolog::LeafAnswer::Exception(ball)) | Err(ball) => {
                    return Err(EngineError::Exception(ball));
                }
            }
        }
        Ok(solutions)
    }

    fn repl(&mut self, goal: &str, answers: &Sender<ReplAnswer>, demand: &Receiver<()>) {
        let query = format!(
            "'$tabula':repl_answer({}, T, K, L).",
            term::quote_string(goal)
        );
        let output = self.output.clone();
        let take = move || {
            output
                .lock()
                .map(|mut o| std::mem::take(&mut *o))
                .unwrap_or_default()
        };
        let mut halted = false;
        let mut pending: Option<ReplAnswer> = None;
        let mut iter = self.machine.run_query(query);
        loop {
            let answer = match iter.next() {
                // repl_answer/4 always binds its kind K when it returns: an answer
                // without it (or without any binding) means the goal halted.
                Some(Ok(scryer_prolog::LeafAnswer::LeafAnswer { ref bindings, .. }))
                    if !matches!(bindings.get("K"), Some(Term::Atom(_))) =>
                {
                    halted = true;
                    ReplAnswer::Exception {
                        text: HALTED.into(),
                        words: String::new(),
                        output: take(),
                    }
                }
                Some(Ok(scryer_prolog::LeafAnswer::True)) => {
                    halted = true;
                    ReplAnswer::Exception {
                        text: HALTED.into(),
                        words: String::new(),
                        output: take(),
                    }
                }
                Some(Ok(scryer_prolog::LeafAnswer::LeafAnswer { bindings, .. })) => {
                    let text = bindings
                        .get("T")
                        .cloned()
                        .map(term::normalize)
                        .as_ref()
                        .and_then(term::as_text)
                        .unwrap_or_default();
                    match bindings.get("K").and_then(term::as_atom) {
                        // The words are found once the query is over (see below).
                        Some("syntax_error") => ReplAnswer::SyntaxError {
                            words: String::new(),
                            text,
                        },
                        Some("exception") => ReplAnswer::Exception {
                            words: String::new(),
                            text,
                            output: take(),
                        },
                        _ => ReplAnswer::Solution {
                            text,
                            output: take(),
                            last: bindings.get("L").and_then(term::as_atom) == Some("true"),
                        },
                    }
                }
                Some(Ok(scryer_prolog::LeafAnswer::Exception(ball))) | Some(Err(ball)) => {
                    ReplAnswer::Exception {
                        text: term::to_text(&ball),
                        words: error_sentence(&ball).unwrap_or_default(),
                        output: take(),
                    }
                }
                Some(Ok(_)) | None => ReplAnswer::False { output: take() },
            };
            let more = matches!(answer, ReplAnswer::Solution { last: false, .. });
            // An error is the last answer: it is said in words once this query is
            // over (reading its text back is another query).
            if matches!(
                answer,
                ReplAnswer::SyntaxError { .. } | ReplAnswer::Exception { .. }
            ) && !halted
            {
                pending = Some(answer);
                break;
            }
            if answers.send(answer).is_err() || !more || demand.recv().is_err() {
                break;
            }
        }
        drop(iter);
        if halted {
            self.rebuild();
        }
        if let Some(mut answer) = pending {
            match &mut answer {
                ReplAnswer::SyntaxError { text, words } => {
                    if let Some(ball) = self.read_back(text) {
                        *words = syntax_error_text(&ball, goal);
                    }
                }
                ReplAnswer::Exception { text, words, .. } => {
                    if let Some(ball) = self.read_back(text) {
                        *words = error_sentence(&ball).unwrap_or_default();
                    }
                }
                _ => {}
            }
            let _ = answers.send(answer);
        }
    }

    /// The term an answer's text writes (an error, as the toplevel wrote it).
    fn read_back(&mut self, text: &str) -> Option<Term> {
        let query = format!(
            "catch(charsio:read_term_from_chars({}, T, []), _, fail).",
            term::quote_string(&format!("{text} ."))
        );
        let answer = self.machine.run_query(query).next();
        match answer {
            Some(Ok(scryer_prolog::LeafAnswer::LeafAnswer { bindings, .. })) => {
                bindings.get("T").cloned().map(term::normalize)
            }
            _ => None,
        }
    }
}

/// What the toplevel says of a goal that called `halt`.
const HALTED: &str =
    "halt: the goal called halt (the Prolog machine was restarted, with the same files)";

/// `['X'=1, 'Y'=foo]` as a map from names to values.
fn bindings_of(pairs: &Term) -> Bindings {
    let mut map = Bindings::new();
    for pair in term::as_list(pairs).unwrap_or_default() {
        if let Some([Term::Atom(name), value]) = term::args(&pair, "=", 2) {
            map.insert(name.clone(), term::normalize(value.clone()));
        }
    }
    map
}

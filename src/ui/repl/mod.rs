//! A Prolog toplevel with a game's rules loaded: line editing and history, answers one
//! at a time with `;`, errors as Prolog prints them, `:help` from the contract's doc
//! comments, `:reload` to re-read the files after editing them.
//!
//! The engine runs in a child process ([`crate::ui::repl::child`]) so that a goal can be
//! stopped: by Ctrl-C, by `--timeout`, or near the `--memory` cap. The engine stops the
//! goal itself and keeps its database as it was at that moment; only a goal that does
//! not stop when asked takes its engine with it, and then a fresh one loads the same
//! files and plays again the session's goals that changed the database.

pub mod child;
pub mod clauses;
mod help;

use crate::engine::{EngineError, ReplAnswer, syntax_place};
use crate::ui::terminal::{Key, LineInput, Typed};
use child::{CatchInterrupts, EngineProcess, Limits, Stopped};
use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;

/// The REPL's state: the engine and the files to (re)load into it.
pub struct Repl {
    /// `None` after the engine was stopped and a new one could not be started yet.
    engine: Option<EngineProcess>,
    files: Vec<PathBuf>,
    limits: Limits,
    /// The files are loaded in the engine (as far as they load): a new engine after a
    /// stopped goal loads them again.
    loaded: bool,
    /// Those of `files` the engine has loaded now (a rules file that does not load is
    /// not, while its last good version, if any, is).
    loaded_files: Vec<PathBuf>,
    /// The goals of the session that changed the engine (assert, retract, consult,
    /// flags, operators ...) and how far they were played, in order: a new engine
    /// (after a goal that would not stop) plays them again, and `:reload` the files
    /// consulted at the prompt.
    changes: Vec<Change>,
    /// Goals read from one line with others, and not run yet.
    queued: VecDeque<Queued>,
    /// The files `consult(user)` wrote, removed when the REPL ends.
    typed_files: Vec<PathBuf>,
    typed: usize,
    /// A line read at an answer's prompt that was not an answer to it: the next goal.
    pushed: Option<String>,
}

impl Drop for Repl {
    fn drop(&mut self) {
        for f in &self.typed_files {
            let _ = std::fs::remove_file(f);
        }
    }
}

/// The words of a goal that changes the engine for the goals after it.
const CHANGING: &[&str] = &[
    "assert",
    "asserta",
    "assertz",
    "retract",
    "retractall",
    "abolish",
    "consult",
    "ensure_loaded",
    "use_module",
    "set_prolog_flag",
    "op",
    "b_setval",
    "nb_setval",
    "bb_put",
    "load_files",
];

/// A goal of the session that changed the engine, and how far it was played.
#[derive(Debug, Clone)]
struct Change {
    goal: String,
    played: Played,
}

/// How far a goal was played.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Played {
    /// To its Nth solution, where the user stopped asking.
    Solutions(usize),
    /// To its end: it failed, raised an error, or gave its last solution.
    ToTheEnd,
    /// Stopped midway (Ctrl-C, a timeout, the memory cap): it cannot be played again
    /// to the same point.
    Stopped,
}

/// How a goal's answers ended.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Ending {
    /// The user asked for no more after this many solutions.
    Enough(usize),
    /// It gave its last answer (a solution, false, or an error).
    Done,
    /// It was stopped and its engine kept.
    Stopped,
    /// Its engine was killed with it.
    Killed,
    /// It did not read: it never ran.
    Unread,
}

/// What waits in the queue of a line that held several terms.
#[derive(Debug, Clone)]
enum Queued {
    Goal(String),
    /// A quote left open at the end of a line: the text, and where.
    Unclosed(String, clauses::Unclosed),
}

/// The words of a goal that loads files.
const LOADING: &[&str] = &["consult", "ensure_loaded", "use_module", "load_files"];

/// Whether `goal` names one of `words` as a predicate (the word, then `(`), or, for the
/// words of loading, is a list of files (`[extra].`).
fn calls_any(goal: &str, words: &[&str]) -> bool {
    let bare = goal.trim_start();
    if words.contains(&"consult") && bare.starts_with('[') && !bare.starts_with("[user]") {
        return true;
    }
    let chars: Vec<char> = goal.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_lowercase()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
        {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if chars.get(i) == Some(&'(') && words.contains(&word.as_str()) {
                return true;
            }
            continue;
        }
        i += 1;
    }
    false
}

const HELP: &str = "\
Type a Prolog goal ending with a full stop, e.g.  GAME:initial_state([], S).  (GAME the game's module)
After an answer, press ; for the next one, a for all, Enter to stop (from a pipe: a line ;).
Ctrl-C stops a goal that runs too long; at the prompt it clears the line.
Commands:
  :help [NAME]   the names of the documented predicates; with NAME, the documentation of those matching it
  :reload        re-read the rules files (after editing them); make. does the same
  :files         the files loaded
  :time GOAL     the goal's CPU time and inferences, then its answers
  :trace GOAL    the goal's answers, with the Call/Exit/Redo/Fail ports of the rules' predicates
  [user].        type clauses (consult(user)), end with Ctrl-D or end_of_file.
  $X             in a goal: the value X had in the last answer
  :show [NAME]   the board of each position the last answer binds (or of NAME)
  listing(NAME)  the clauses of NAME (NAME/ARITY, MODULE:NAME...) as the files write them, then those asserted
  X = 1. Y = 2.  several goals on a line run one after the other
  :quit          leave (also halt. or Ctrl-D)";

impl Repl {
    /// Starts an engine and loads `files`; a file that fails to load is reported and
    /// the REPL starts without it, so it can be fixed and `:reload`ed.
    pub fn new(
        files: Vec<PathBuf>,
        limits: Limits,
        out: &mut dyn Write,
    ) -> Result<Repl, EngineError> {
        let engine = EngineProcess::start(limits.memory)
            .map_err(|e| EngineError::Unavailable(e.to_string()))?;
        let mut repl = Repl {
            engine: Some(engine),
            files,
            limits,
            loaded: false,
            loaded_files: Vec::new(),
            changes: Vec::new(),
            queued: VecDeque::new(),
            typed_files: Vec::new(),
            typed: 0,
            pushed: None,
        };
        repl.load(out);
        Ok(repl)
    }

    /// Loads the files into the engine; false when one did not load.
    fn load(&mut self, out: &mut dyn Write) -> bool {
        let interrupts = CatchInterrupts::new();
        let deadline = self.limits.load_deadline();
        let files = self.files.clone();
        let result = match self.engine() {
            Ok(engine) => engine.load(&files, false, deadline),
            Err(stopped) => Err(stopped),
        };
        drop(interrupts);
        match result {
            Ok(loaded) => {
                self.loaded = true;
                self.loaded_files = loaded.files.clone();
                for line in loaded.errors.iter().chain(&loaded.notes) {
                    let _ = writeln!(out, "{line}");
                }
                loaded.errors.is_empty()
            }
            Err(stopped) => {
                // Loading again would likely stop again: go on with an empty engine.
                self.engine = None;
                self.loaded = false;
                self.loaded_files.clear();
                let _ = writeln!(
                    out,
                    "{}. No file is loaded: :reload loads them again.",
                    stopped.loading()
                );
                false
            }
        }
    }

    /// The engine, a new one if the last was stopped.
    fn engine(&mut self) -> Result<&mut EngineProcess, Stopped> {
        if self.engine.is_none() {
            self.engine = Some(EngineProcess::start(self.limits.memory)?);
        }
        self.engine
            .as_mut()
            .ok_or_else(|| Stopped::Failed("no engine".into()))
    }

    /// After a goal was stopped: says why. When the engine stopped the goal itself, the
    /// session goes on as it was at that moment; when it had to be killed, a new engine
    /// loads the same files and plays again the goals of the session that changed it.
    fn recover(&mut self, stopped: &Stopped, out: &mut dyn Write) {
        if self.engine.as_ref().is_some_and(EngineProcess::alive) {
            let _ = writeln!(
                out,
                "   {stopped}; what it asserted or retracted before it stopped stays."
            );
            return;
        }
        let _ = writeln!(out, "   {stopped}.");
        if let Some(mut engine) = self.engine.take() {
            engine.kill();
        }
        if self.loaded {
            self.load(out);
        } else if let Err(e) = self.engine() {
            let _ = writeln!(out, "   {e}.");
        }
        if self.engine.is_some() {
            let changes = std::mem::take(&mut self.changes);
            let (replayed, failed) = self.replay(&changes);
            let midway: Vec<&str> = changes
                .iter()
                .filter(|c| c.played == Played::Stopped)
                .map(|c| c.goal.trim())
                .collect();
            self.changes = replayed.clone();
            let why = match stopped {
                Stopped::Interrupted | Stopped::Timeout(_) => "The goal did not stop when asked",
                Stopped::OutOfMemory(_) => "Memory ran out before the goal could be stopped",
                Stopped::Died(_) | Stopped::Failed(_) => "The Prolog engine is gone",
            };
            let _ = writeln!(
                out,
                "   {why}, so the engine was restarted with the same files{}; what that goal itself changed is lost.",
                match (replayed.len(), failed.len()) {
                    (0, 0) => String::new(),
                    (n, 0) => format!(
                        ", and the session's {n} goal{} that changed it (assert, retract, consult, flags ...) played again",
                        if n == 1 { "" } else { "s" }
                    ),
                    (n, f) => format!(
                        ", and the session's goals that changed it played again: {n} did, {f} did not ({})",
                        failed.join("; ")
                    ),
                }
            );
            if !midway.is_empty() {
                let _ = writeln!(
                    out,
                    "   Not played again, as they had been stopped midway: {}",
                    midway.join("; ")
                );
            }
        }
    }

    /// `consult(user)`: clauses typed at the `|:` prompt until Ctrl-D (the end of
    /// input) or `end_of_file.`, kept in a file of the session's and consulted from it
    /// (the engine's own standard input is the REPL's channel to it, so Scryer cannot
    /// read them). A clause that does not read is left out and said, with its place
    /// (`user://N:LINE:COLUMN`, N counting the session's `[user]`s, as SWI-Prolog
    /// says it); the others are consulted.
    fn consult_user(&mut self, input: &mut dyn LineInput, out: &mut dyn Write) {
        let mut text = String::new();
        loop {
            match input.read("|: ") {
                // `end_of_file.` ends the clauses too, as in SWI-Prolog (and from a pipe).
                Typed::Line(line) if line.trim() == "end_of_file." => break,
                Typed::Line(line) => {
                    text.push_str(&line);
                    text.push('\n');
                }
                Typed::Interrupted => {
                    let _ = writeln!(out, "   nothing consulted (Ctrl-C).");
                    return;
                }
                Typed::End => break,
            }
        }
        let _ = writeln!(out);
        self.typed += 1;
        let source = format!("user://{}", self.typed);
        let split = clauses::split(&text);
        let texts: Vec<String> = split.terms.iter().map(|t| t.text.clone()).collect();
        let deadline = self.limits.deadline();
        let checked = match self.engine() {
            Ok(engine) => engine.check(&texts, deadline),
            Err(stopped) => Err(stopped),
        };
        let errors = match checked {
            Ok(errors) => errors,
            Err(stopped) => {
                self.recover(&stopped, out);
                return;
            }
        };
        // The file keeps every clause that reads, on its own lines, so that the places
        // Prolog gives stay those of the typed text.
        let mut kept: Vec<String> = text.lines().map(|_| String::new()).collect();
        // What was left out, and where, in the order of the text.
        let mut faults: Vec<syntax_place::Place> = Vec::new();
        for (term, error) in split.terms.iter().zip(&errors) {
            let Some(words) = error else {
                for (k, line) in term.text.lines().enumerate() {
                    if let Some(slot) = kept.get_mut(term.line - 1 + k) {
                        *slot = if k == 0 {
                            format!("{}{line}", " ".repeat(term.column - 1))
                        } else {
                            line.to_string()
                        };
                    }
                }
                continue;
            };
            faults.push(clause_error_place(term, words, &text));
        }
        faults.extend(split.unclosed.iter().map(|(open, _)| unclosed_place(open)));
        faults.sort_by_key(|p| (p.line, p.column));
        for place in &faults {
            let _ = writeln!(
                out,
                "   {source}:{}:{}: {}{}",
                place.line,
                place.column,
                place.what,
                place.excerpt(&text)
            );
        }
        let mut left_out = faults.len();
        if !split.rest.trim().is_empty() {
            left_out += 1;
            let _ = writeln!(
                out,
                "   {source}: the last clause has no full stop: left out: {}",
                split.rest.trim()
            );
        }
        if left_out > 0 {
            let good = errors.iter().filter(|e| e.is_none()).count();
            let _ = writeln!(
                out,
                "   {left_out} clause{} left out; the {good} other{} consulted.",
                if left_out == 1 { "" } else { "s" },
                if good == 1 { " is" } else { "s are" }
            );
        }
        let file = std::env::temp_dir().join(format!(
            "tabula-repl-{}-user-{}.pl",
            std::process::id(),
            self.typed
        ));
        if let Err(e) = std::fs::write(&file, kept.join("\n") + "\n") {
            let _ = writeln!(
                out,
                "   cannot keep the clauses in {}: {e}.",
                file.display()
            );
            return;
        }
        self.typed_files.push(file.clone());
        let goal = format!(
            "consult({}).",
            crate::engine::term::quote_atom(&file.to_string_lossy())
        );
        self.answer(&goal, input, out);
    }

    /// Plays goals again in the engine, each as far as it was played first; returns
    /// those that played again, and those that did not.
    fn replay(&mut self, goals: &[Change]) -> (Vec<Change>, Vec<String>) {
        let mut done = Vec::new();
        let mut failed = Vec::new();
        for change in goals {
            let body = change.goal.trim().trim_end_matches('.');
            let text = match change.played {
                Played::Solutions(seen) => format!("'$tabula':replay({seen}, ({body}))"),
                Played::ToTheEnd => format!("'$tabula':replay_to_the_end(({body}))"),
                Played::Stopped => continue,
            };
            let deadline = self.limits.deadline();
            let answer = match self.engine() {
                Ok(engine) => engine.goal(&text, deadline),
                Err(stopped) => Err(stopped),
            };
            if let Some(engine) = self.engine.as_mut() {
                engine.stop();
            }
            match answer {
                Ok(ReplAnswer::Solution { .. }) => done.push(change.clone()),
                _ => failed.push(change.goal.trim().to_string()),
            }
        }
        (done, failed)
    }

    /// Reads goals until the input ends or the user quits.
    pub fn run(&mut self, input: &mut dyn LineInput, out: &mut dyn Write) {
        let _ = writeln!(
            out,
            "tabula Prolog toplevel (Scryer Prolog). :help for help, :quit to leave."
        );
        let mut pending = String::new();
        loop {
            // The other goals of a line that held several, in order.
            if let Some(queued) = self.queued.pop_front() {
                let go_on = match queued {
                    Queued::Goal(goal) => self.goal(&goal, input, out),
                    Queued::Unclosed(text, open) => {
                        let place = unclosed_place(&open);
                        let _ = writeln!(out, "   {}{}", place.what, place.excerpt(&text));
                        true
                    }
                };
                if !go_on {
                    return;
                }
                continue;
            }
            let prompt = if pending.is_empty() { "?- " } else { "|  " };
            let typed = match self.pushed.take() {
                Some(line) => Typed::Line(line),
                None => input.read(prompt),
            };
            let line = match typed {
                Typed::Line(line) => line,
                // Ctrl-C at the prompt drops what was typed, as in other toplevels.
                Typed::Interrupted => {
                    pending.clear();
                    continue;
                }
                Typed::End => {
                    let _ = writeln!(out);
                    return;
                }
            };
            let trimmed = line.trim();
            // `:trace GOAL`: the goal's answers, its ports printed as it runs.
            if pending.is_empty()
                && let Some(goal) = trimmed.strip_prefix(":trace ")
            {
                let goal = goal.trim().trim_end_matches('.');
                let traced = format!("'$tabula':trace_goal(({goal})).");
                self.answer(&traced, input, out);
                continue;
            }
            // `:time GOAL`: the goal's CPU time and inferences, and its answers.
            if pending.is_empty()
                && let Some(goal) = trimmed.strip_prefix(":time ")
            {
                let goal = goal.trim().trim_end_matches('.');
                let timed = format!("use_module(library(time)), time(({goal})).");
                self.answer(&timed, input, out);
                continue;
            }
            if pending.is_empty() && trimmed.starts_with(':') {
                if !self.command(trimmed, out) {
                    return;
                }
                continue;
            }
            if pending.is_empty() && trimmed.is_empty() {
                continue;
            }
            pending.push_str(&line);
            pending.push('\n');
            let split = clauses::split(&pending);
            for term in split.terms {
                self.queued.push_back(Queued::Goal(term.text));
            }
            for (open, _) in split.unclosed {
                self.queued
                    .push_back(Queued::Unclosed(pending.clone(), open));
            }
            pending = split.rest;
        }
    }

    /// Runs one goal read at the prompt; false to leave.
    fn goal(&mut self, goal: &str, input: &mut dyn LineInput, out: &mut dyn Write) -> bool {
        let bare = goal.trim().trim_end_matches('.').trim();
        match bare {
            "halt" => return false,
            "consult(user)" | "[user]" => self.consult_user(input, out),
            // SWI-Prolog's make/0: here, the files are read again as :reload does.
            "make" => return self.command(":reload", out),
            _ => self.answer(&last_answer_values(goal), input, out),
        }
        true
    }

    /// Runs one goal, asking after each solution whether to go on.
    fn answer(&mut self, goal: &str, input: &mut dyn LineInput, out: &mut dyn Write) {
        let ending = self.answers(goal, input, out);
        if !calls_any(goal, CHANGING) {
            return;
        }
        let played = match ending {
            Ending::Enough(seen) => Played::Solutions(seen),
            Ending::Done => Played::ToTheEnd,
            Ending::Stopped => Played::Stopped,
            // Its engine is gone, and with it what the goal did.
            Ending::Killed | Ending::Unread => return,
        };
        self.changes.push(Change {
            goal: goal.to_string(),
            played,
        });
    }

    /// Runs one goal, asking after each solution whether to go on; how its answers
    /// ended.
    fn answers(&mut self, goal: &str, input: &mut dyn LineInput, out: &mut dyn Write) -> Ending {
        let mut first = true;
        let mut seen = 0;
        let mut all = false;
        loop {
            // Ctrl-C stops the goal while it computes (and only then: at the prompts,
            // rustyline reads it as a key).
            let interrupts = CatchInterrupts::new();
            let deadline = self.limits.deadline();
            let answer = match self.engine() {
                Ok(engine) if first => engine.goal(goal, deadline),
                Ok(engine) => engine.next(deadline),
                Err(stopped) => Err(stopped),
            };
            drop(interrupts);
            first = false;
            let answer = match answer {
                Ok(answer) => answer,
                Err(stopped) => {
                    let kept = self.engine.as_ref().is_some_and(EngineProcess::alive);
                    self.recover(&stopped, out);
                    return if kept {
                        Ending::Stopped
                    } else {
                        Ending::Killed
                    };
                }
            };
            match answer {
                ReplAnswer::Solution { text, output, last } => {
                    seen += 1;
                    let _ = write!(out, "{output}");
                    if last {
                        let _ = writeln!(out, "   {text}.");
                        return Ending::Done;
                    }
                    if all {
                        let _ = writeln!(out, "   {text} ;");
                        continue;
                    }
                    // At a terminal one key answers, as in SWI-Prolog; from a pipe, a
                    // line `;` asks for the next answer and any other line is the next
                    // goal (never swallowed by this prompt).
                    let prompt = format!("   {text} ");
                    let choice = loop {
                        match input.key(&prompt) {
                            Some(Key::Write) => continue,
                            Some(Key::Help) => {
                                let _ = writeln!(
                                    out,
                                    "   ; n r space: next answer · a: all answers · Enter . c: stop · w: write it again"
                                );
                                continue;
                            }
                            Some(key) => break key,
                            None => {
                                break match input.read(&prompt) {
                                    Typed::Line(more) if matches!(more.trim(), ";" | "n") => {
                                        Key::Next
                                    }
                                    Typed::Line(more) if more.trim().is_empty() => Key::Stop,
                                    Typed::Line(more) => {
                                        self.pushed = Some(more);
                                        Key::Stop
                                    }
                                    Typed::Interrupted | Typed::End => Key::Stop,
                                };
                            }
                        }
                    };
                    match choice {
                        Key::Next => continue,
                        Key::All => {
                            all = true;
                            continue;
                        }
                        _ => {
                            if let Some(engine) = self.engine.as_mut() {
                                engine.stop();
                            }
                            let _ = writeln!(out, "   .");
                            return Ending::Enough(seen);
                        }
                    }
                }
                ReplAnswer::False { output } => {
                    let _ = write!(out, "{output}");
                    let _ = writeln!(out, "   false.");
                    return Ending::Done;
                }
                // The sentence, then the term as Prolog writes it.
                ReplAnswer::SyntaxError { text, words } => {
                    if !words.is_empty() {
                        let _ = writeln!(out, "   {words}");
                    }
                    let _ = writeln!(out, "   {text}.");
                    return Ending::Unread;
                }
                ReplAnswer::Exception {
                    text,
                    words,
                    output,
                } => {
                    let _ = write!(out, "{output}");
                    if !words.is_empty() {
                        let _ = writeln!(out, "   {words}");
                    }
                    let _ = writeln!(out, "   {}.", exception_text(&text));
                    return Ending::Done;
                }
            }
        }
    }

    /// A `:` command; false to leave.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> bool {
        let mut words = line.split_whitespace();
        match words.next().unwrap_or("") {
            ":q" | ":quit" | ":exit" | ":halt" => return false,
            ":h" | ":help" => {
                let interrupts = CatchInterrupts::new();
                let deadline = self.limits.deadline();
                let filter = words.next();
                let text = match self.engine() {
                    Ok(engine) => engine.help(filter, deadline),
                    Err(stopped) => Err(stopped),
                };
                drop(interrupts);
                match text {
                    Ok(text) => {
                        let text = if filter.is_none() {
                            format!("{HELP}\n\n{text}")
                        } else {
                            text
                        };
                        let _ = writeln!(out, "{}", text.trim_end());
                    }
                    Err(stopped) => self.recover(&stopped, out),
                }
            }
            ":reload" | ":r" => {
                // The engine process loads the files into a fresh machine (predicates
                // deleted from a file disappear too), and keeps the machine it has
                // until they load.
                if self.load(out) {
                    // A fresh machine: what was asserted at the prompt is gone, the
                    // files consulted at the prompt are loaded again, in their order.
                    let loads: Vec<Change> = std::mem::take(&mut self.changes)
                        .into_iter()
                        .filter(|c| calls_any(&c.goal, LOADING))
                        .collect();
                    let (again, failed) = self.replay(&loads);
                    self.changes = again.clone();
                    let _ = writeln!(
                        out,
                        "Reloaded {} file(s){}.",
                        self.files.len(),
                        if again.is_empty() {
                            String::new()
                        } else {
                            format!(
                                ", and played again the {} goal(s) that loaded files at the prompt",
                                again.len()
                            )
                        }
                    );
                    for f in failed {
                        let _ = writeln!(
                            out,
                            "   not played again (it failed or raised an error now): {f}"
                        );
                    }
                }
            }
            ":show" | ":s" => {
                let interrupts = CatchInterrupts::new();
                let deadline = self.limits.deadline();
                let name = words.next();
                let text = match self.engine() {
                    Ok(engine) => engine.show(name, deadline),
                    Err(stopped) => Err(stopped),
                };
                drop(interrupts);
                match text {
                    Ok(text) => {
                        let _ = writeln!(out, "{}", text.trim_end());
                    }
                    Err(stopped) => self.recover(&stopped, out),
                }
            }
            ":files" => {
                // The first file that is not loaded is the one that does not load; those
                // after it need it.
                let mut missing = false;
                for f in &self.files {
                    let note = match (self.loaded_files.contains(f), missing) {
                        (true, _) => "",
                        (false, false) => "  (does not load now: fix it and :reload)",
                        (false, true) => "  (not loaded: it needs the file above)",
                    };
                    missing |= !note.is_empty();
                    let _ = writeln!(out, "{}{note}", f.display());
                }
            }
            other => {
                let _ = writeln!(out, "Unknown command {other}. {HELP}");
            }
        }
        true
    }
}

/// Where a clause typed at `[user]` goes wrong, and what, in its words: the place a
/// person would look (a bracket that does not pair ...), else the clause's end, where
/// the reader gave up.
fn clause_error_place(term: &clauses::Term, words: &str, text: &str) -> syntax_place::Place {
    let lines = term.text.lines().count() as u64;
    let what = words.lines().next().unwrap_or_default().to_string();
    let first = term.line as u64;
    match syntax_place::locate(text, first, first + lines - 1) {
        Some(place) => syntax_place::Place {
            what: format!("{what} ({})", place.what),
            ..place
        },
        None => {
            let last = term.text.lines().last().unwrap_or_default();
            let column = last.chars().count() + if lines == 1 { term.column - 1 } else { 0 };
            let what = if what.ends_with("incomplete reduction") {
                format!("{what} (the clause ends before it is complete)")
            } else {
                what
            };
            syntax_place::Place {
                line: term.line as u64 + lines - 1,
                column,
                what,
            }
        }
    }
}

/// The place and words of a quote left open at a line's end.
fn unclosed_place(open: &clauses::Unclosed) -> syntax_place::Place {
    let kind = match open.quote {
        '"' => "string",
        '`' => "back-quoted string",
        _ => "quoted atom",
    };
    syntax_place::Place {
        line: open.line as u64,
        column: open.column,
        what: format!(
            "syntax error: the {kind} opened here by {} is not closed on its line (a \\ at a line's end continues it on the next)",
            open.quote
        ),
    }
}

/// A goal with each `$Name` (outside quotes and comments) read as the value `Name` had
/// in the last answer shown, as SWI-Prolog's toplevel does: `Z = g($X)` becomes
/// `'$tabula':last_binding('X', _Last_X), Z = g(_Last_X)` (the variable's `_` keeps it
/// out of the answer).
pub fn last_answer_values(goal: &str) -> String {
    let chars: Vec<char> = goal.chars().collect();
    let mut body = String::new();
    let mut names: Vec<String> = Vec::new();
    let mut i = 0;
    let mut quote: Option<char> = None;
    while i < chars.len() {
        let c = chars[i];
        if let Some(q) = quote {
            body.push(c);
            if c == '\\' && i + 1 < chars.len() {
                body.push(chars[i + 1]);
                i += 1;
            } else if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match c {
            '\'' | '"' | '`' if !(i > 0 && chars[i - 1] == '0' && c == '\'') => {
                quote = Some(c);
                body.push(c);
            }
            '%' => {
                // A comment, to the end of the line: left out (a goal with no $Name
                // is kept whole, comments and all).
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '$' if chars
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_uppercase() || *n == '_')
                && !(i > 0 && is_symbol_char(chars[i - 1])) =>
            {
                let mut name = String::new();
                let mut j = i + 1;
                while j < chars.len() && (chars[j].is_alphanumeric() || chars[j] == '_') {
                    name.push(chars[j]);
                    j += 1;
                }
                body.push_str(&format!("_Last_{name}"));
                if !names.contains(&name) {
                    names.push(name);
                }
                i = j;
                continue;
            }
            _ => body.push(c),
        }
        i += 1;
    }
    if names.is_empty() {
        return goal.to_string();
    }
    let lookups: Vec<String> = names
        .iter()
        .map(|n| format!("'$tabula':last_binding('{n}', _Last_{n})"))
        .collect();
    format!(
        "{}, ({})",
        lookups.join(", "),
        body.trim_end().trim_end_matches('.')
    ) + "."
}

fn is_symbol_char(c: char) -> bool {
    "+-*/\\^<>=~:.?@#&$".contains(c)
}

/// Uncaught errors as Scryer's toplevel shows them.
fn exception_text(text: &str) -> String {
    if text.starts_with("error(") {
        text.to_string()
    } else {
        format!("throw({text})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollar_names_read_the_last_answer() {
        assert_eq!(last_answer_values("X = 1."), "X = 1.");
        assert_eq!(
            last_answer_values("Z = g($X), W = $X."),
            "'$tabula':last_binding('X', _Last_X), (Z = g(_Last_X), W = _Last_X)."
        );
        // Quoted text and comments are left as they are.
        assert_eq!(
            last_answer_values("A = '$X', B = \"$Y\". % $Z"),
            "A = '$X', B = \"$Y\". % $Z"
        );
        assert_eq!(
            last_answer_values("A = $X. % the last $X"),
            "'$tabula':last_binding('X', _Last_X), (A = _Last_X)."
        );
        assert_eq!(
            last_answer_values("atom_length('it''s $X', N), M = $N0."),
            "'$tabula':last_binding('N0', _Last_N0), (atom_length('it''s $X', N), M = _Last_N0)."
        );
    }
}

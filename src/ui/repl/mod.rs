//! A Prolog toplevel with a game's rules loaded: line editing and history, answers one
//! at a time with `;`, errors as Prolog prints them, `:help` from the contract's doc
//! comments, `:reload` to re-read the files after editing them.
//!
//! The engine runs in a child process ([`crate::ui::repl::child`]) so that a goal can be
//! stopped: by Ctrl-C, by `--timeout`, or by the `--memory` cap. A stopped goal takes
//! its engine with it; a fresh one loads the same files and the session goes on.

pub mod child;
mod help;

use crate::engine::{EngineError, ReplAnswer};
use crate::ui::terminal::{Key, LineInput, Typed};
use child::{CatchInterrupts, EngineProcess, Limits, Stopped};
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
    /// The goals of the session that changed the engine (assert, retract, consult,
    /// flags, operators ...) and how many of their solutions were seen, in order: a
    /// new engine (after Ctrl-C, a timeout, the memory cap) plays them again, and
    /// `:reload` the files consulted at the prompt.
    changes: Vec<(String, usize)>,
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

/// The words of a goal that loads files.
const LOADING: &[&str] = &["consult", "ensure_loaded", "use_module", "load_files"];

/// Whether `goal` names one of `words` as a predicate (the word, then `(`).
fn calls_any(goal: &str, words: &[&str]) -> bool {
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
  :reload        re-read the rules files (after editing them)
  :files         the files loaded
  :time GOAL     the goal's answers, then its CPU time and inferences
  :trace GOAL    the goal's answers, with the Call/Exit/Redo/Fail ports of the rules' predicates
  [user].        type clauses (consult(user)), end with Ctrl-D or end_of_file.
  $X             in a goal: the value X had in the last answer
  :show [NAME]   the board of each position the last answer binds (or of NAME)
  listing(NAME)  the clauses of NAME (NAME/ARITY, MODULE:NAME...) as the loaded files write them
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
            changes: Vec::new(),
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
                for line in loaded.errors.iter().chain(&loaded.notes) {
                    let _ = writeln!(out, "{line}");
                }
                loaded.errors.is_empty()
            }
            Err(stopped) => {
                // Loading again would likely stop again: go on with an empty engine.
                self.engine = None;
                self.loaded = false;
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

    /// After a goal was stopped (its engine is gone): says why, and starts a new engine
    /// with the same files.
    fn recover(&mut self, stopped: &Stopped, out: &mut dyn Write) {
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
            self.changes = replayed.clone();
            let _ = writeln!(
                out,
                "   The Prolog engine was restarted with the same files{}.",
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
        }
    }

    /// `consult(user)`: clauses typed at the `|:` prompt until Ctrl-D (the end of
    /// input) or `end_of_file.`, kept in a file of the session's and consulted from it (the engine's
    /// own standard input is the REPL's channel to it, so Scryer cannot read them).
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
        let file = std::env::temp_dir().join(format!(
            "tabula-repl-{}-user-{}.pl",
            std::process::id(),
            self.typed
        ));
        if let Err(e) = std::fs::write(&file, text) {
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

    /// Plays goals again in the engine, each up to the number of solutions seen
    /// first; returns those that played again, and those that did not.
    fn replay(&mut self, goals: &[(String, usize)]) -> (Vec<(String, usize)>, Vec<String>) {
        let mut done = Vec::new();
        let mut failed = Vec::new();
        for (goal, seen) in goals {
            let deadline = self.limits.deadline();
            let text = format!(
                "'$tabula':replay({seen}, ({}))",
                goal.trim().trim_end_matches('.')
            );
            let answer = match self.engine() {
                Ok(engine) => engine.goal(&text, deadline),
                Err(stopped) => Err(stopped),
            };
            if let Some(engine) = self.engine.as_mut() {
                engine.stop();
            }
            match answer {
                Ok(ReplAnswer::Solution { .. }) => done.push((goal.clone(), *seen)),
                _ => failed.push(goal.trim().to_string()),
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
            // `:time GOAL`: the goal's answers, and its CPU time and inferences.
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
            if !ends_goal(&pending) {
                continue;
            }
            let goal = std::mem::take(&mut pending);
            let bare = goal.trim().trim_end_matches('.').trim();
            if bare == "halt" {
                return;
            }
            if matches!(bare, "consult(user)" | "[user]") {
                self.consult_user(input, out);
                continue;
            }
            self.answer(&last_answer_values(&goal), input, out);
        }
    }

    /// Runs one goal, asking after each solution whether to go on.
    fn answer(&mut self, goal: &str, input: &mut dyn LineInput, out: &mut dyn Write) {
        let seen = self.answers(goal, input, out);
        if seen > 0 && calls_any(goal, CHANGING) {
            self.changes.push((goal.to_string(), seen));
        }
    }

    /// Runs one goal, asking after each solution whether to go on; how many
    /// solutions were shown.
    fn answers(&mut self, goal: &str, input: &mut dyn LineInput, out: &mut dyn Write) -> usize {
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
                    self.recover(&stopped, out);
                    return 0;
                }
            };
            match answer {
                ReplAnswer::Solution { text, output, last } => {
                    seen += 1;
                    let _ = write!(out, "{output}");
                    if last {
                        let _ = writeln!(out, "   {text}.");
                        return seen;
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
                            return seen;
                        }
                    }
                }
                ReplAnswer::False { output } => {
                    let _ = write!(out, "{output}");
                    let _ = writeln!(out, "   false.");
                    return seen;
                }
                // The sentence, then the term as Prolog writes it.
                ReplAnswer::SyntaxError { text, words } => {
                    if !words.is_empty() {
                        let _ = writeln!(out, "   {words}");
                    }
                    let _ = writeln!(out, "   {text}.");
                    return 0;
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
                    return 0;
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
                    let loads: Vec<(String, usize)> = std::mem::take(&mut self.changes)
                        .into_iter()
                        .filter(|(g, _)| calls_any(g, LOADING))
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
                for f in &self.files {
                    let _ = writeln!(out, "{}", f.display());
                }
            }
            other => {
                let _ = writeln!(out, "Unknown command {other}. {HELP}");
            }
        }
        true
    }
}

/// A goal is complete when its text ends with a full stop (not one inside `=..` or a
/// number), as at Scryer's own prompt.
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

fn ends_goal(text: &str) -> bool {
    let t = text.trim_end();
    t.ends_with('.') && !t.ends_with("..") && !t.ends_with("=..")
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

    #[test]
    fn a_goal_ends_with_a_full_stop() {
        assert!(ends_goal("X = 1.\n"));
        assert!(!ends_goal("X = 1\n"));
        assert!(!ends_goal("X =.."));
    }
}

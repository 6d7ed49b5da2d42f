//! A Prolog toplevel with a game's rules loaded: line editing and history, answers one
//! at a time with `;`, errors as Prolog prints them, `:help` from the contract's doc
//! comments, `:reload` to re-read the files after editing them.

use crate::engine::{Engine, ReplAnswer};
use crate::play::LineInput;
use crate::term;
use std::io::Write;
use std::path::PathBuf;

/// The REPL's state: the engine and the files to (re)load into it.
pub struct Repl {
    engine: Engine,
    files: Vec<PathBuf>,
}

const HELP: &str = "\
Type a Prolog goal ending with a full stop, e.g.  dots:initial_state([], S).
After an answer, type ; (and Enter) for the next one, or just Enter to stop.
Commands:
  :help [NAME]   the contract's predicates and their documentation (those matching NAME)
  :reload        re-read the rules files (after editing them)
  :files         the files loaded
  :quit          leave (also halt. or Ctrl-D)";

impl Repl {
    /// Starts an engine and loads `files`; a file that fails to load is reported and
    /// the REPL starts without it, so it can be fixed and `:reload`ed.
    pub fn new(
        files: Vec<PathBuf>,
        out: &mut dyn Write,
    ) -> Result<Repl, crate::engine::EngineError> {
        let repl = Repl {
            engine: Engine::new()?,
            files,
        };
        repl.load(out);
        Ok(repl)
    }

    fn load(&self, out: &mut dyn Write) -> bool {
        let mut ok = true;
        for file in &self.files {
            if let Err(e) = self.engine.consult(file) {
                let _ = writeln!(out, "{e}");
                ok = false;
            }
        }
        ok
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
            let Some(line) = input.line(prompt) else {
                let _ = writeln!(out);
                return;
            };
            let trimmed = line.trim();
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
            self.answer(&goal, input, out);
        }
    }

    /// Runs one goal, asking after each solution whether to go on.
    fn answer(&self, goal: &str, input: &mut dyn LineInput, out: &mut dyn Write) {
        let mut answers = self.engine.repl(goal);
        loop {
            let Some(answer) = answers.next() else {
                return;
            };
            match answer {
                ReplAnswer::Solution { text, output, last } => {
                    let _ = write!(out, "{output}");
                    if last {
                        let _ = writeln!(out, "   {text}.");
                        return;
                    }
                    let more = input.line(&format!("   {text} "));
                    match more.as_deref().map(str::trim) {
                        Some(";") | Some("n") | Some(" ") => continue,
                        _ => {
                            let _ = writeln!(out, "   .");
                            return;
                        }
                    }
                }
                ReplAnswer::False { output } => {
                    let _ = write!(out, "{output}");
                    let _ = writeln!(out, "   false.");
                    return;
                }
                ReplAnswer::SyntaxError { text } => {
                    let _ = writeln!(out, "   {text}.");
                    return;
                }
                ReplAnswer::Exception { text, output } => {
                    let _ = write!(out, "{output}");
                    let _ = writeln!(out, "   {}.", exception_text(&text));
                    return;
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
                let _ = writeln!(out, "{}", self.help(words.next()));
            }
            ":reload" | ":r" => {
                // A fresh machine: predicates deleted from a file disappear too.
                match Engine::new() {
                    Ok(engine) => {
                        self.engine = engine;
                        if self.load(out) {
                            let _ = writeln!(out, "Reloaded {} file(s).", self.files.len());
                        }
                    }
                    Err(e) => {
                        let _ = writeln!(out, "{e}");
                    }
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

    /// The doc comments (`%% head` and the `%` lines under it) of the loaded files.
    fn help(&self, filter: Option<&str>) -> String {
        let mut text = String::new();
        if filter.is_none() {
            text.push_str(HELP);
            text.push_str("\n\n");
        }
        for file in &self.files {
            let goal = format!(
                "'$tabula':doc_lines({}, Docs)",
                term::quote_string(&file.to_string_lossy())
            );
            let Ok(docs) = self.engine.query_value(&goal, "Docs") else {
                continue;
            };
            let mut section = String::new();
            for doc in term::as_list(&docs).unwrap_or_default() {
                let Some([head, body]) = term::args(&doc, "doc", 2) else {
                    continue;
                };
                let head = term::as_text(head).unwrap_or_default();
                if filter.is_some_and(|f| !head.contains(f)) {
                    continue;
                }
                section.push_str(&format!("  {head}\n"));
                for line in term::as_list(body).unwrap_or_default() {
                    section.push_str(&format!(
                        "      {}\n",
                        term::as_text(&line).unwrap_or_default()
                    ));
                }
            }
            if !section.is_empty() {
                let name = file
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                text.push_str(&format!("{name}:\n{section}"));
            }
        }
        if text.is_empty() {
            text = format!(
                "No documented predicate matches {:?}.",
                filter.unwrap_or("")
            );
        }
        text.trim_end().to_string()
    }
}

/// A goal is complete when its text ends with a full stop (not one inside `=..` or a
/// number), as at Scryer's own prompt.
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
    fn a_goal_ends_with_a_full_stop() {
        assert!(ends_goal("X = 1.\n"));
        assert!(!ends_goal("X = 1\n"));
        assert!(!ends_goal("X =.."));
    }
}

//! `:help`: the documentation the Prolog files give their predicates, read by the
//! REPL's engine process.

use crate::engine::Engine;
use crate::engine::term;
use std::path::{Path, PathBuf};

/// A file whose doc comments `:help` reads, and whether its module is loaded.
struct HelpFile {
    path: PathBuf,
    loaded: bool,
}

/// The files `:help` covers: the session's files (`loaded`: the rules, their players,
/// the fast path), each followed by the files it loads from beside it with
/// `use_module/1` (the dots players' analysis, `game.pl`'s notation helpers), then the
/// framework's files (`prolog/core/*.pl`, `prolog/lib/*.pl`), which any session can
/// load and the documents present: a file whose module is not loaded is said to be so.
fn help_files(engine: &Engine, loaded: &[PathBuf]) -> Vec<HelpFile> {
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut queue: Vec<PathBuf> = loaded.iter().rev().cloned().collect();
    let prolog = crate::game::prolog_dir();
    let mut framework: Vec<PathBuf> = [prolog.join("core"), prolog.join("lib")]
        .iter()
        .flat_map(|d| prolog_files(d))
        .collect();
    framework.reverse();
    // The session's files and what they load first, depth first, then the framework.
    while let Some(path) = queue.pop().or_else(|| framework.pop()) {
        // `prolog/core/../lib/notation.pl` and `prolog/lib/notation.pl` are one file.
        let key = path.canonicalize().unwrap_or_else(|_| path.clone());
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut uses: Vec<PathBuf> = used_modules(&text)
            .into_iter()
            .map(|name| dir.join(name))
            .map(|p| {
                if p.is_file() {
                    p
                } else {
                    p.with_extension("pl")
                }
            })
            .filter(|p| p.is_file())
            .collect();
        uses.reverse();
        queue.extend(uses);
        paths.push(path);
    }
    paths
        .into_iter()
        .map(|path| {
            let loaded = module_loaded(engine, &path);
            HelpFile { path, loaded }
        })
        .collect()
}

/// The files a Prolog text loads from beside it: its directives `:- use_module(Name).`
/// with `Name` a plain or quoted atom (not `library(...)`), one a line as tabula's
/// files write them.
fn used_modules(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let arg = l
                .trim()
                .strip_prefix(":- use_module(")?
                .strip_suffix(").")?;
            let name = arg.trim().trim_matches('\'');
            let plain = name
                .chars()
                .all(|c| c.is_alphanumeric() || "_./-".contains(c));
            (plain && !name.is_empty()).then(|| name.to_string())
        })
        .collect()
}

/// The `.pl` files of `dir`, sorted (none when it cannot be read).
fn prolog_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pl") && p.is_file())
        .collect();
    files.sort();
    files
}

/// Whether the module `file` declares is loaded in `engine` (a file that declares
/// none, or cannot be read, counts as loaded: there is nothing to tell).
fn module_loaded(engine: &Engine, file: &Path) -> bool {
    let Ok(module) = crate::game::file_module(engine, file) else {
        return true;
    };
    let goal = format!("current_module({})", term::quote_atom(&module));
    engine.query_once(&goal).is_ok_and(|b| b.is_some())
}

/// The doc comments of a Prolog text: each `%% Head` line, and the `% ` lines under it
/// (a bare `%` is an empty line), as (head, lines).
fn doc_comments(text: &str) -> Vec<(String, Vec<String>)> {
    let mut docs: Vec<(String, Vec<String>)> = Vec::new();
    let mut open = false;
    for line in text.trim_start_matches('\u{feff}').lines() {
        if let Some(head) = line.strip_prefix("%% ") {
            docs.push((head.to_string(), Vec::new()));
            open = true;
        } else if let (true, Some((_, body))) = (open, docs.last_mut()) {
            match line.strip_prefix("% ") {
                Some(text) => body.push(text.to_string()),
                None if line == "%" => body.push(String::new()),
                None => open = false,
            }
        }
    }
    docs
}

/// The doc comments (`%% head` and the `%` lines under it) of the files `:help`
/// covers (see [`help_files`]), with `engine` (in the REPL's engine process) telling
/// which are loaded;
/// `loaded` are the session's files.
pub fn help_text(engine: &Engine, loaded: &[PathBuf], filter: Option<&str>) -> String {
    let mut text = String::new();
    for file in help_files(engine, loaded) {
        // Read here rather than by the engine: a `:help` reads some twenty files.
        let Ok(source) = std::fs::read_to_string(&file.path) else {
            continue;
        };
        let mut section = String::new();
        let mut names: Vec<String> = Vec::new();
        for (head, body) in doc_comments(&source) {
            let Some(filter) = filter else {
                // Without a name: the names alone, a few to a line.
                let name = head
                    .split(['(', '/'])
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_string();
                if !name.is_empty() && !names.contains(&name) {
                    names.push(name);
                }
                continue;
            };
            if !head.contains(filter) {
                continue;
            }
            section.push_str(&format!("  {head}\n"));
            for line in body {
                section.push_str(&format!("      {line}\n"));
            }
        }
        let mut line = String::from(" ");
        for name in &names {
            if line.len() + name.len() + 2 > 78 {
                section.push_str(line.trim_end_matches(','));
                section.push('\n');
                line = String::from(" ");
            }
            line.push_str(&format!(" {name},"));
        }
        if !names.is_empty() {
            section.push_str(line.trim_end_matches(','));
            section.push('\n');
        }
        if !section.is_empty() {
            let name = file
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            // A framework file the session has not loaded: how to call what it shows.
            let state = if file.loaded {
                String::new()
            } else {
                format!(
                    " (not loaded: consult({}) loads it)",
                    term::quote_atom(&file.path.to_string_lossy())
                )
            };
            text.push_str(&format!("{name}{state}:\n{section}"));
        }
    }
    if let Some(filter) = filter.filter(|_| text.is_empty()) {
        text = format!("No documented predicate matches {filter:?}.");
    } else if filter.is_none() && !text.is_empty() {
        text.push_str(
            "\n:help NAME shows the documentation of the predicates whose head has NAME in it.",
        );
    }
    text.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_comments_are_a_head_and_the_lines_under_it() {
        let text = "%% a(+X)\n% Says.\n%\n%   ?- a(1).\na(_).\n% not a doc\n%% b\n%% c(-Y)\n% C.";
        let docs = doc_comments(text);
        assert_eq!(
            docs,
            vec![
                (
                    "a(+X)".into(),
                    vec!["Says.".into(), "".into(), "  ?- a(1).".into()]
                ),
                ("b".into(), vec![]),
                ("c(-Y)".into(), vec!["C.".into()]),
            ]
        );
    }

    #[test]
    fn the_modules_a_file_loads_from_beside_it() {
        let text = ":- use_module(library(lists)).\n:- use_module(dots_model).\n  :- use_module('../lib/notation').\n% :- use_module(x).\n";
        assert_eq!(used_modules(text), vec!["dots_model", "../lib/notation"]);
    }
}

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
    let mut add = |path: PathBuf, paths: &mut Vec<PathBuf>| {
        // `prolog/core/../lib/notation.pl` and `prolog/lib/notation.pl` are one file.
        let key = path.canonicalize().unwrap_or_else(|_| path.clone());
        if !seen.contains(&key) {
            seen.push(key);
            paths.push(path);
        }
    };
    for file in loaded {
        add(file.clone(), &mut paths);
        for companion in crate::game::catalog::companion_files(engine, file).unwrap_or_default() {
            add(companion, &mut paths);
        }
    }
    let prolog = crate::game::prolog_dir();
    for dir in [prolog.join("core"), prolog.join("lib")] {
        for file in prolog_files(&dir) {
            add(file, &mut paths);
        }
    }
    paths
        .into_iter()
        .map(|path| {
            let loaded = module_loaded(engine, &path);
            HelpFile { path, loaded }
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

/// The doc comments (`%% head` and the `%` lines under it) of the files `:help`
/// covers (see [`help_files`]), read in `engine` (in the REPL's engine process);
/// `loaded` are the session's files.
pub fn help_text(engine: &Engine, loaded: &[PathBuf], filter: Option<&str>) -> String {
    let mut text = String::new();
    for file in help_files(engine, loaded) {
        let goal = format!(
            "'$tabula':doc_lines({}, Docs)",
            term::quote_string(&file.path.to_string_lossy())
        );
        let Ok(docs) = engine.query_value(&goal, "Docs") else {
            continue;
        };
        let mut section = String::new();
        let mut names: Vec<String> = Vec::new();
        for doc in term::as_list(&docs).unwrap_or_default() {
            let Some([head, body]) = term::args(&doc, "doc", 2) else {
                continue;
            };
            let head = term::as_text(head).unwrap_or_default();
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
            for line in term::as_list(body).unwrap_or_default() {
                section.push_str(&format!(
                    "      {}\n",
                    term::as_text(&line).unwrap_or_default()
                ));
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

//! `:help`: the documentation the loaded files give their predicates, read by the
//! REPL's engine process.

use crate::engine::Engine;
use crate::engine::term;
use std::path::PathBuf;

/// The doc comments (`%% head` and the `%` lines under it) of the loaded files, read
/// in `engine` (in the REPL's engine process).
pub fn help_text(engine: &Engine, files: &[PathBuf], filter: Option<&str>) -> String {
    let mut text = String::new();
    for file in files {
        let goal = format!(
            "'$tabula':doc_lines({}, Docs)",
            term::quote_string(&file.to_string_lossy())
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
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            text.push_str(&format!("{name}:\n{section}"));
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

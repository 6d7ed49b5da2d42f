//! `:help` finds what the documents present: every predicate docs/prolog.md and
//! docs/guide.md name in backquotes (`name/arity`, `name//arity` or `name(...)`) that a
//! game's files or the framework's define is documented by a `%% name(...)` comment
//! that `:help name` shows in `tabula repl GAME`, one session a game.

use crate::common::{root, tabula_piped, text};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The number of arguments of the term whose `(` is just before `rest`, if it closes.
fn arity(rest: &str) -> Option<usize> {
    let mut depth = 0;
    let mut count = 1;
    let mut quote = None;
    for (i, c) in rest.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') if depth == 0 => {
                return Some(if i == 0 { 0 } else { count });
            }
            (None, ')' | ']' | '}') => depth -= 1,
            (None, ',') if depth == 0 => count += 1,
            _ => {}
        }
    }
    None
}

/// `name` and the rest of `text` after it, if `text` starts with a Prolog name.
fn leading_name(text: &str) -> Option<(&str, &str)> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    let name = &text[..end];
    name.starts_with(|c: char| c.is_ascii_lowercase())
        .then_some((name, &text[end..]))
}

/// The predicates a document presents: its inline code spans (outside code blocks)
/// that read `name/N`, `name//N`, `module:name/N` or `name(...)`, as (name, arity as
/// called: a nonterminal's two more).
fn presented(doc: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    let mut fenced = false;
    let mut prose = String::new();
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    for (k, span) in prose.split('`').enumerate() {
        if k % 2 == 0 {
            continue;
        }
        let span = span.trim();
        // `dots:box_points(P)`: the module is not part of the name.
        let span = match leading_name(span) {
            Some((_, rest)) if rest.starts_with(':') => &rest[1..],
            _ => span,
        };
        let Some((name, rest)) = leading_name(span) else {
            continue;
        };
        let digits = |s: &str| -> Option<usize> {
            let n: String = s.chars().take_while(char::is_ascii_digit).collect();
            n.parse().ok()
        };
        if let Some(n) = rest.strip_prefix("//").and_then(digits) {
            found.push((name.to_string(), n + 2));
        } else if let Some(n) = rest.strip_prefix('/').and_then(digits) {
            found.push((name.to_string(), n));
        } else if let Some(args) = rest.strip_prefix('(')
            && let Some(n) = arity(args)
        {
            // `move_text(+State, ?Move)//`: a nonterminal.
            let dcg = args.contains(")//");
            found.push((name.to_string(), if dcg { n + 2 } else { n }));
            if !dcg {
                found.push((name.to_string(), n + 2));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The predicates `file` defines: the heads of its clauses that start a line, as
/// (name, arity as called).
fn defined(file: &Path) -> Vec<(String, usize)> {
    let source = std::fs::read_to_string(file).unwrap_or_default();
    let mut heads = Vec::new();
    let mut in_comment = false;
    for line in source.lines() {
        // The text of a `/* ... */` comment is no clause.
        if in_comment {
            in_comment = !line.contains("*/");
            continue;
        }
        if let Some(open) = line.find("/*") {
            in_comment = !line[open..].contains("*/");
            continue;
        }
        let Some((name, rest)) = leading_name(line) else {
            continue;
        };
        let n = match rest.strip_prefix('(') {
            Some(args) => match arity(args) {
                Some(n) => n,
                None => continue,
            },
            None if rest.trim_start().starts_with(['.', ':', '-']) => 0,
            None => continue,
        };
        heads.push((
            name.to_string(),
            if line.contains("-->") { n + 2 } else { n },
        ));
    }
    heads
}

fn prolog_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "pl"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Each game, with the names the documents present that its files define (those of
/// the framework, `prolog/core/` and `prolog/lib/`, with the first game).
fn names_by_game() -> BTreeMap<String, Vec<String>> {
    let mut wanted: Vec<(String, usize)> = Vec::new();
    for doc in ["docs/prolog.md", "docs/guide.md"] {
        let text = std::fs::read_to_string(root().join(doc)).unwrap();
        wanted.extend(presented(&text));
    }
    let prolog = root().join("prolog");
    let framework: Vec<PathBuf> = [prolog.join("core"), prolog.join("lib")]
        .iter()
        .flat_map(|d| prolog_files(d))
        .collect();
    let mut games: Vec<String> = std::fs::read_dir(prolog.join("games"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    games.sort();
    let mut by_game = BTreeMap::new();
    let mut taken: Vec<String> = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let mut files = prolog_files(&prolog.join("games").join(game));
        if i == 0 {
            files.extend(framework.clone());
        }
        let heads: Vec<(String, usize)> = files.iter().flat_map(|f| defined(f)).collect();
        let mut names: Vec<String> = wanted
            .iter()
            .filter(|w| heads.contains(w) && !taken.contains(&w.0))
            .map(|w| w.0.clone())
            .collect();
        names.sort();
        names.dedup();
        taken.extend(names.clone());
        by_game.insert(game.clone(), names);
    }
    by_game
}

/// What `:help NAME` printed, for each NAME asked, from a REPL's output.
fn help_answers(out: &str) -> BTreeMap<String, String> {
    let mut answers = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in out.lines() {
        if let Some(rest) = line.strip_prefix("?- ") {
            answers.extend(current.take());
            if let Some(name) = rest.strip_prefix(":help ") {
                current = Some((name.trim().to_string(), String::new()));
            }
        } else if let Some((_, text)) = current.as_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    answers.extend(current);
    answers
}

/// Whether a `:help` answer documents `name` itself: a head `name(...)`, `name/N`,
/// `name//...` or `name` alone, not merely a head with `name` in it.
fn documents(answer: &str, name: &str) -> bool {
    answer.lines().any(|l| {
        // Heads are indented by two, their text by six.
        let Some(head) = l.strip_prefix("  ").filter(|h| !h.starts_with(' ')) else {
            return false;
        };
        head.strip_prefix(name)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['(', '/', ' ']))
    })
}

#[test]
fn help_finds_every_predicate_the_documents_present() {
    let by_game = names_by_game();
    let total: usize = by_game.values().map(Vec::len).sum();
    // The reading above finds them: the documents present well over a hundred.
    assert!(
        total > 100,
        "only {total} presented predicates found: {by_game:?}"
    );
    for must in [
        "random_playout",
        "conformance_all",
        "loony_value",
        "exact_move",
    ] {
        assert!(
            by_game.values().any(|n| n.iter().any(|x| x == must)),
            "{must} not found among {by_game:?}"
        );
    }
    let mut missing = Vec::new();
    for (game, names) in &by_game {
        if names.is_empty() {
            continue;
        }
        let input: String = names.iter().map(|n| format!(":help {n}\n")).collect();
        let o = tabula_piped(&["repl", game], &input);
        let answers = help_answers(&text(&o.stdout));
        for name in names {
            let answer = answers.get(name).map(String::as_str).unwrap_or_default();
            if !documents(answer, name) {
                missing.push(format!("tabula repl {game}, :help {name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} predicates the documents present that :help does not document (add a `%% name(...)` comment above them):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn the_readers_find_predicates_in_prose_and_clauses() {
    let doc = "Calls `random_playout/4`, `dots:box_points(P)`, `move_text(+S, ?M)//`,\n\
               `blanks//0` and `h(0,0)`; not `Game:Goal`.\n```\n`in_code/1`\n```\n";
    let found = presented(doc);
    for want in [
        ("random_playout", 4),
        ("box_points", 1),
        ("move_text", 4),
        ("blanks", 2),
        ("h", 2),
    ] {
        assert!(found.contains(&(want.0.to_string(), want.1)), "{found:?}");
    }
    assert!(!found.iter().any(|(n, _)| n == "in_code" || n == "Game"));
    let out = "?- :help a\nx.pl:\n  a(+X)\n      Says.\n?- :help b\nNo documented predicate matches \"b\".\n?- ";
    let answers = help_answers(out);
    assert!(documents(&answers["a"], "a"));
    assert!(!documents(&answers["b"], "b"));
    assert!(!documents("x.pl:\n  ab(+X)\n", "a"));
}

//! The conformance check (`tabula check`, and the test suite over every game): random
//! games through the contract, every property checked at every position by
//! `conformance:conformance_all/4` in Prolog (`prolog/core/conformance.pl`), each failure reported with how to reach it.

use crate::engine::term::{self, Term};
use crate::game::{GameError, Rules};
use std::fmt::Write as _;
use std::path::Path;

/// One violated property.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// What was violated, e.g. `notation_round_trip`.
    pub kind: String,
    /// The specifics: the state, the move, the exception ...
    pub detail: Term,
    /// The options of the game it happened in.
    pub options: Term,
    /// The moves from the initial state to the offending position.
    pub moves: Vec<Term>,
}

/// What the check found.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub module: String,
    pub games_each: u32,
    pub failures: Vec<Failure>,
}

/// Runs the conformance check: `games_each` random games on every board the game's
/// `check_options/1` lists.
pub fn run(rules: &Rules, games_each: u32, seed: u64) -> Result<Report, GameError> {
    run_with_progress(rules, games_each, seed, &mut |_, _, _| {})
}

/// Most failures a check reports (as `conformance_all/4`).
const MAX_FAILURES: usize = 20;

/// As [`run`], calling `progress(k, n, options)` before the k-th of the n boards (from 1),
/// so that a person watching knows how far it is.
pub fn run_with_progress(
    rules: &Rules,
    games_each: u32,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize, &Term),
) -> Result<Report, GameError> {
    // The check lives apart from the contract; loading it twice costs nothing
    // but the load.
    let checker = crate::game::core_file("conformance.pl");
    let loaded = rules
        .engine()
        .query_once("current_predicate(conformance:conformance_all/4)")?
        .is_some();
    if !loaded {
        rules.engine().consult(&checker)?;
    }
    let game = term::quote_atom(rules.module());
    let seed = seed % (1 << 62);
    // The boards one by one, when check_options/1 gives a list of lists; anything
    // else is for conformance_all/4 to report as the failure it is.
    let lists = rules
        .engine()
        .query_once(&format!(
            "catch(game:game_check_options({game}, Ls), _, fail)"
        ))
        .ok()
        .flatten()
        .and_then(|mut b| b.remove("Ls"))
        .and_then(|ls| term::as_list(&ls))
        .filter(|ls| ls.iter().all(|l| term::as_list(l).is_some()));
    let found: Vec<Term> = match lists {
        Some(lists) if !lists.is_empty() => {
            let mut all = Vec::new();
            for (k, options) in lists.iter().enumerate() {
                if all.len() >= MAX_FAILURES {
                    break;
                }
                progress(k + 1, lists.len(), options);
                let goal = format!(
                    "conformance:conformance({game}, {}, {games_each}, {seed}, Fs)",
                    term::to_text(options)
                );
                let fs = rules.engine().query_value(&goal, "Fs")?;
                all.extend(term::as_list(&fs).unwrap_or_default());
            }
            all.truncate(MAX_FAILURES);
            all
        }
        _ => {
            let goal = format!("conformance:conformance_all({game}, {games_each}, {seed}, Fs)");
            let fs = rules.engine().query_value(&goal, "Fs")?;
            term::as_list(&fs).unwrap_or_default()
        }
    };
    let failures = found
        .iter()
        .map(|f| match term::args(f, "failure", 4) {
            Some([kind, detail, options, moves]) => Failure {
                kind: term::functor_name(kind).unwrap_or("?").to_string(),
                detail: detail.clone(),
                options: options.clone(),
                moves: term::as_list(moves).unwrap_or_default(),
            },
            _ => Failure {
                kind: "malformed_failure".into(),
                detail: f.clone(),
                options: Term::List(vec![]),
                moves: vec![],
            },
        })
        .collect();
    Ok(Report {
        module: rules.module().to_string(),
        games_each,
        failures,
    })
}

impl Report {
    /// The report as a person reads it.
    pub fn text(&self, file: &Path) -> String {
        let mut out = String::new();
        if self.failures.is_empty() {
            let _ = writeln!(
                out,
                "{}: module {} keeps the game contract ({} random games on each board of check_options/1).",
                file.display(),
                self.module,
                self.games_each
            );
            return out;
        }
        let _ = writeln!(
            out,
            "{}: module {} breaks the game contract: {} failure(s).",
            file.display(),
            self.module,
            self.failures.len()
        );
        // The first failure of each kind in full; the others only counted, since one
        // broken rule usually fails the same way in every game.
        let mut kinds: Vec<&str> = Vec::new();
        for f in &self.failures {
            if !kinds.contains(&f.kind.as_str()) {
                kinds.push(&f.kind);
            }
        }
        for kind in kinds {
            let same: Vec<&Failure> = self.failures.iter().filter(|f| f.kind == kind).collect();
            let f = same[0];
            let _ = writeln!(out, "\nFAIL {}", f.kind.replace('_', " "));
            let _ = writeln!(out, "  options: {}", term::to_text(&f.options));
            if f.moves.is_empty() {
                let _ = writeln!(out, "  at:      the initial state");
            } else {
                let moves: Vec<String> = f.moves.iter().map(term::to_text).collect();
                let _ = writeln!(
                    out,
                    "  after:   {} move(s): {}",
                    moves.len(),
                    abridge(&moves.join(" "), 400)
                );
            }
            let details = term::as_list(&f.detail).unwrap_or_else(|| vec![f.detail.clone()]);
            for d in details {
                let _ = writeln!(out, "  {}", detail_text(&d));
            }
            if same.len() > 1 {
                let _ = writeln!(out, "  ({} more failure(s) of this kind)", same.len() - 1);
            }
        }
        out
    }
}

fn detail_text(d: &Term) -> String {
    match d {
        Term::Compound(name, args) if args.len() == 1 => {
            let value = match name.as_str() {
                "exception" => {
                    crate::engine::describe_error(&args[0]).replace('\n', "\n           ")
                }
                _ => abridge(&term::to_text(&args[0]), 300),
            };
            format!("{:<8} {value}", format!("{name}:"))
        }
        other => term::to_text(other),
    }
}

/// Long terms (a 12 x 12 state) cut to `max` characters, keeping both ends.
fn abridge(text: &str, max: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= max {
        return text.to_string();
    }
    let head: String = chars[..max * 2 / 3].iter().collect();
    let tail: String = chars[chars.len() - max / 3..].iter().collect();
    format!("{head} … {tail}")
}

//! `tabula query`: one Prolog goal against a game's rules, for scripts.

use super::repl::{limits, rules_files};
use super::*;

#[derive(Args, Debug)]
pub(super) struct QueryArgs {
    /// The game whose rules to load
    pub(super) game: String,
    /// The goal, e.g. 'dots:initial_state([rows(3)], S)'
    pub(super) goal: String,
    /// A rules file to load instead of the game's own
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
    /// Print at most this many solutions
    #[arg(long)]
    pub(super) limit: Option<usize>,
    /// Stop the goal when it has run this many seconds of wall-clock time (0: no limit)
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    pub(super) timeout: f64,
    /// The cap on the Prolog engine's memory (e.g. 2G, 512M; 0: no cap): a goal that
    /// needs more is stopped
    #[arg(long, value_name = "SIZE", default_value = "2G")]
    pub(super) memory: String,
}

/// Exit 0 if the goal has a solution, 1 if none, 2 on an error (a timeout or running
/// out of memory too).
/// What a goal wrote, ended by a newline so that the answer starts on a line of its own
/// (`write(hi)` then `true`, not `hitrue`).
pub(super) fn print_output(output: &str) {
    print!("{output}");
    if !output.is_empty() && !output.ends_with('\n') {
        println!();
    }
}

pub(super) fn query(args: QueryArgs) -> ExitCode {
    let run = || -> Result<bool, GameError> {
        let info = game_info(Some(&args.game), args.rules.as_deref())?;
        let limits = limits(args.timeout, &args.memory)?;
        let stopped = |s: Stopped| GameError::Usage(s.to_string());
        // The goal runs in a process of its own, which can be stopped.
        let mut engine = EngineProcess::start(limits.memory).map_err(stopped)?;
        let files = rules_files(info, args.rules.as_deref());
        let loaded = engine
            .load(&files, true, limits.load_deadline())
            .map_err(|s| GameError::Usage(s.loading()))?;
        if let Some(e) = loaded.errors.into_iter().next() {
            return Err(GameError::Usage(e));
        }
        for note in &loaded.notes {
            eprintln!("tabula: {note}");
        }
        let limit = args.limit.unwrap_or(usize::MAX);
        let mut count = 0;
        if limit == 0 {
            return Ok(false);
        }
        // One deadline for all the solutions: the timeout bounds the whole goal.
        let deadline = limits.deadline();
        let mut answer = engine.goal(&args.goal, deadline);
        loop {
            match answer.map_err(stopped)? {
                ReplAnswer::Solution { text, output, last } => {
                    print_output(&output);
                    println!("{text}");
                    count += 1;
                    if last || count >= limit {
                        break;
                    }
                }
                ReplAnswer::False { output } => {
                    print_output(&output);
                    if count == 0 {
                        // As a toplevel says it; on stderr, so that stdout holds answers only.
                        eprintln!("false.");
                    }
                    break;
                }
                // In words; the term too with --verbose, or when no words say it.
                ReplAnswer::SyntaxError { text, words } => {
                    return Err(GameError::Usage(match words.as_str() {
                        "" => format!("syntax error in the goal: {text}"),
                        _ if crate::engine::verbose() => format!("in the goal: {words}\n   {text}"),
                        _ => format!("in the goal: {words}"),
                    }));
                }
                ReplAnswer::Exception {
                    text,
                    words,
                    output,
                } => {
                    print_output(&output);
                    return Err(GameError::Usage(match words.as_str() {
                        "" => format!("the goal raised {text}"),
                        _ if crate::engine::verbose() => {
                            format!("the goal raised an error: {words}\n   {text}")
                        }
                        _ => format!("the goal raised an error: {words}"),
                    }));
                }
            }
            answer = engine.next(deadline);
        }
        Ok(count > 0)
    };
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("tabula: {e}");
            ExitCode::from(2)
        }
    }
}

//! `tabula check`: does a rules file keep the game contract (and agree with its fast path)?

use super::*;

#[derive(Args, Debug)]
pub(super) struct CheckArgs {
    /// A rules file (e.g. a copy of prolog/games/dots/dots.pl you are editing), or a game's name
    pub(super) file: String,
    /// Random games per board configuration
    #[arg(long, default_value_t = 20)]
    pub(super) games: u32,
    /// Seed of the random games
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
}

/// Exit 0 when the file keeps the contract, 1 when a check fails, 2 when it cannot load.
pub(super) fn check(args: CheckArgs) -> ExitCode {
    let mut shown: Option<PathBuf> = None;
    let mut file = match game::find_game(&args.file) {
        Some(info) if !Path::new(&args.file).exists() => info.file.clone(),
        _ => PathBuf::from(&args.file),
    };
    // A GDL file is checked as GDL first (every error at once, with its line), then
    // its translation as any rules file.
    if game::gdl::is_gdl(&file) && file.is_file() {
        match game::gdl::translated(&file) {
            Ok(translated) => {
                eprintln!(
                    "{}: sound GDL, translated to {}",
                    file.display(),
                    translated.display()
                );
                shown = Some(file.clone());
                file = translated;
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    if !file.is_file() {
        let what = if file.is_dir() {
            "is a folder, not a rules file"
        } else {
            "is neither a game nor a file"
        };
        eprintln!(
            "tabula: {} {what}: the games are {} (tabula games lists them), or give a rules file such as prolog/games/dots/dots.pl",
            args.file,
            game::catalog().names().join(", ")
        );
        return ExitCode::from(2);
    }
    let mut rules = match Rules::load_file(&file) {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("{e}");
            eprintln!("{}: does not load: nothing checked.", file.display());
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    // Progress on stderr, a line a board, so that a check of many seconds is not
    // silent (and stdout keeps the report alone).
    let name = shown
        .as_deref()
        .unwrap_or(&file)
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let mut progress = |k: usize, n: usize, options: &crate::engine::term::Term| {
        let board = match crate::engine::term::to_text(options) {
            text if text == "[]" => "the default board".to_string(),
            text => text,
        };
        eprintln!(
            "checking {name}: board {k} of {n}, {board} ({} random games) ...",
            args.games
        );
    };
    match crate::game::conformance::run_with_progress(&rules, args.games, args.seed, &mut progress)
    {
        Ok(report) => {
            print!("{}", report.text(shown.as_deref().unwrap_or(&file)));
            // The fast path, checked afresh against the rules (the verdict is kept
            // for the other commands); a disagreement is said by the check itself.
            match rules.check_fast_path(&file) {
                Ok(Some(fast)) => {
                    if let game::accelerate::Verdict::Agree(n) = fast.verdict {
                        match &fast.file {
                            Some(file) => println!(
                                "fast path: {} agrees with the rules in {n} positions of random games.",
                                file.file_name().unwrap_or_default().to_string_lossy()
                            ),
                            None => println!(
                                "computer players: their own model of the game agrees with the rules in {n} positions of random games."
                            ),
                        }
                    }
                }
                Ok(None) => {}
                Err(e) => println!("fast path: cannot be checked: {e}"),
            }
            println!("({:.1} s)", started.elapsed().as_secs_f64());
            if report.failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}

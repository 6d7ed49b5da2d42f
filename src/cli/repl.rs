//! `tabula repl`: a Prolog toplevel with a game's rules loaded.

use super::*;

#[derive(Args, Debug)]
pub(super) struct ReplArgs {
    /// The game whose rules to load
    pub(super) game: Option<String>,
    /// A rules file to load instead of the game's own
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
    /// Stop a goal that runs longer than SECS seconds of wall-clock time (default: no
    /// limit; Ctrl-C stops a goal)
    #[arg(long, value_name = "SECS")]
    pub(super) timeout: Option<f64>,
    /// The cap on the Prolog engine's memory (e.g. 4G, 512M; 0: no cap): a goal that
    /// needs more is stopped and the engine restarted
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    pub(super) memory: String,
}

pub(super) fn rules_files(info: &GameInfo, rules: Option<&Path>) -> Vec<PathBuf> {
    let mut files = vec![
        game::core_file("game.pl"),
        rules.map_or_else(|| info.file.clone(), Path::to_path_buf),
    ];
    files.extend(info.players_file.clone());
    files
}

pub(super) fn repl(args: ReplArgs) -> Result<(), GameError> {
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    let limits = limits(args.timeout.unwrap_or(0.0), &args.memory)?;
    let mut out = std::io::stdout();
    let mut repl = Repl::new(rules_files(info, args.rules.as_deref()), limits, &mut out)?;
    let mut input = crate::ui::terminal::stdin_input();
    repl.run(input.as_mut(), &mut out);
    Ok(())
}

/// The limits of `--timeout SECS` (0: none) and `--memory SIZE` (0: none).
pub(super) fn limits(timeout: f64, memory: &str) -> Result<Limits, GameError> {
    if !(timeout >= 0.0 && timeout.is_finite() && timeout < 1e9) {
        return Err(GameError::Usage(
            "--timeout must be a number of seconds (0: no limit)".into(),
        ));
    }
    let memory = memory_bytes(memory)?;
    Ok(Limits {
        timeout: (timeout > 0.0).then(|| Duration::from_secs_f64(timeout)),
        memory: (memory > 0).then_some(memory),
    })
}

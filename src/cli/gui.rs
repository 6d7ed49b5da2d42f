//! `tabula gui`: a game in a window.

use super::*;

#[derive(Args, Debug)]
pub(super) struct GuiArgs {
    /// The game to play
    pub(super) game: Option<String>,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    #[command(flatten)]
    pub(super) seats: SeatArgs,
    /// A rules file to use instead of the game's own (watched and reloaded on save)
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
    /// Render the window to this PNG file and exit
    #[arg(long, value_name = "FILE.png")]
    pub(super) screenshot: Option<PathBuf>,
    /// Moves to play first, separated by spaces, e.g. "a5-b5 a4-a5 h(1,0)"
    #[arg(long, default_value = "")]
    pub(super) moves: String,
    /// Do not watch the rules files for changes
    #[arg(long)]
    pub(super) no_watch: bool,
    /// Seed of the random start (--random-start; default: from the clock)
    #[arg(long)]
    pub(super) seed: Option<u64>,
    /// A game's record to go on from (downloaded from `tabula web` or the site's
    /// play page, or one line of a match's games.jsonl): its board and moves
    #[arg(long, value_name = "FILE.json", conflicts_with = "moves")]
    pub(super) record: Option<PathBuf>,
}

#[cfg(feature = "gui")]
pub(super) fn gui(mut args: GuiArgs) -> Result<(), GameError> {
    let (info, opened) = options::game_and_record(
        args.game.as_deref(),
        args.record.as_deref(),
        args.rules.as_deref(),
    )?;
    let mut moves = split_moves(&args.moves);
    let mut seats = args.seats.given();
    if let Some(opened) = opened {
        let (given, notes) = args.seats.of_record(&opened, info);
        for note in notes {
            eprintln!("{note}");
        }
        seats = given;
        args.board = opened.board;
        moves = opened.moves;
    }
    crate::players::program::run_unsandboxed(args.seats.no_sandbox);
    args.board.check_extra(info)?;
    let mut options = args.board.options(args.seed.unwrap_or_else(clock_seed));
    if let Some(n) = args.seats.players {
        options.push(Term::compound("players", [Term::integer(n)]));
    }
    if args.board.start.is_some() {
        // A start that does not read is said here, in words, before a window opens.
        let rules = Rules::load(info, args.rules.as_deref())?;
        args.board.start_state(&rules, info, &options)?;
    }
    let screenshot = args.screenshot.clone();
    let gui_options = crate::ui::window::GuiOptions {
        game: info,
        rules_file: args.rules,
        options,
        seats,
        budget_ms: move_time_ms(args.seats.move_time)?,
        moves,
        watch: !args.no_watch && screenshot.is_none(),
        computer_moves: screenshot.is_none(),
    };
    match screenshot {
        Some(path) => crate::ui::window::screenshot(gui_options, path),
        None => crate::ui::window::run(gui_options),
    }
}

/// Without the window compiled in, `tabula gui` says so and what to use instead.
#[cfg(not(feature = "gui"))]
pub(super) fn gui(_: GuiArgs) -> Result<(), GameError> {
    Err(GameError::Usage(
        "this tabula was built without the window (cargo feature gui): play in the terminal \
         with tabula play, or build with the default features"
            .into(),
    ))
}

/// Moves separated by blanks; blanks inside parentheses belong to the move, so
/// "(7 1) (2 7)" is two moves.
#[cfg(feature = "gui")]
pub(super) fn split_moves(text: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut current = String::new();
    let mut depth = 0i32;
    for c in text.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if c.is_whitespace() && depth <= 0 {
            if !current.is_empty() {
                moves.push(std::mem::take(&mut current));
            }
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() {
        moves.push(current);
    }
    moves
}

#[cfg(all(test, feature = "gui"))]
mod tests {
    use super::split_moves;

    #[test]
    pub(super) fn moves_split_at_blanks_outside_parentheses() {
        assert_eq!(split_moves("(7 1) (2 7)  a5"), vec!["(7 1)", "(2 7)", "a5"]);
        assert_eq!(split_moves("h(0, 1) v(2,3)"), vec!["h(0, 1)", "v(2,3)"]);
        assert!(split_moves("  ").is_empty());
    }
}

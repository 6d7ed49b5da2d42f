//! `tabula play`: a game in the terminal.

use super::*;

#[derive(Args, Debug)]
pub(super) struct PlayArgs {
    /// The game to play
    pub(super) game: Option<String>,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    #[command(flatten)]
    pub(super) seats: SeatArgs,
    /// Seed for the computer players' random choices (default: from the clock)
    #[arg(long)]
    pub(super) seed: Option<u64>,
    /// When only computers play: seconds to wait after each move, so that the game
    /// can be followed (the board is shown before every move)
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0)]
    pub(super) delay: f64,
    /// A rules file to use instead of the game's own (e.g. an edited copy)
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
    /// A game's record to go on from (downloaded from `tabula web` or the site's
    /// play page, or one line of a match's games.jsonl): its board and moves
    #[arg(long, value_name = "FILE.json")]
    pub(super) record: Option<PathBuf>,
}

pub(super) fn play(mut args: PlayArgs) -> Result<(), GameError> {
    let (info, opened) = options::game_and_record(
        args.game.as_deref(),
        args.record.as_deref(),
        args.rules.as_deref(),
    )?;
    let mut moves = Vec::new();
    let mut given = args.seats.given();
    if let Some(opened) = opened {
        // Who played, as the record says, when tabula has them here; said when not.
        let (seats, notes) = args.seats.of_record(&opened, info);
        for note in notes {
            println!("{note}");
        }
        given = seats;
        args.board = opened.board;
        moves = opened.moves;
    }
    crate::players::program::run_unsandboxed(args.seats.no_sandbox);
    let rules = Rules::load(info, args.rules.as_deref())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    args.board.check_extra(info)?;
    let mut options = args.board.options(seed);
    if let Some(n) = args.seats.players {
        options.push(Term::compound("players", [Term::integer(n)]));
    }
    let state = args.board.start_state(&rules, info, &options)?;
    if args.board.random_start
        && let Some(text) = rules.position_text(&state)?
    {
        println!("Random start (seed {seed}): {text}");
        println!("Replay it with --start \"{text}\".");
    }
    let players = rules.players(&state)?;
    let levels = rules.levels()?;
    let seats: Vec<PlayerSpec> = (0..players as usize)
        .map(|k| {
            given
                .get(k)
                .cloned()
                .flatten()
                .unwrap_or_else(|| PlayerSpec::strongest(&levels))
        })
        .collect();
    for seat in &seats {
        seat.check(&levels).map_err(GameError::Usage)?;
    }
    let seats: Vec<PlayerSpec> = seats.into_iter().map(|s| s.resolved(&levels)).collect();
    // Programs play over the protocol, each in its process, its stderr in a log.
    let programs = seats
        .iter()
        .enumerate()
        .map(|(k, seat)| {
            seat.is_program().then(|| {
                std::cell::RefCell::new(crate::players::program::ProgramSeat::new(
                    seat.clone(),
                    crate::players::program::log_path(k as u32 + 1),
                ))
            })
        })
        .collect();
    let setup = crate::players::program::setup_commands(&rules, info, &options, &state)?;
    rules.seed(seed)?;
    let engines = seats
        .iter()
        .map(|seat| match seat {
            PlayerSpec::File(_) => seat.load_rules(info, args.rules.as_deref()).map(Some),
            _ => Ok(None),
        })
        .collect::<Result<Vec<_>, _>>()?;
    for engine in engines.iter().flatten() {
        engine.seed(seed)?;
    }
    let table = Table {
        engines,
        programs,
        setup,
        rules: &rules,
        seats,
        budget_ms: move_time_ms(args.seats.move_time)?,
        style: Style::detect(),
        width: crate::ui::text::terminal_width(),
        game: info,
        delay: if args.delay > 0.0 && args.delay.is_finite() && args.delay < 3600.0 {
            std::time::Duration::from_secs_f64(args.delay)
        } else if args.delay == 0.0 {
            std::time::Duration::ZERO
        } else {
            return Err(GameError::Usage(format!(
                "--delay {}: give the seconds to wait after a move, from 0 to 3600",
                args.delay
            )));
        },
    };
    let banner = format!(
        "{} — {}. Type help for the notation and commands.",
        info.title,
        table
            .seats
            .iter()
            .enumerate()
            .map(|(k, s)| format!("{} {s}", crate::game::board::label(k as u32 + 1)))
            .collect::<Vec<_>>()
            .join(" vs ")
    );
    println!("{}", crate::ui::text::fill(&banner, table.width));
    let mut input = crate::ui::terminal::stdin_input();
    let mut out = std::io::stdout();
    table.play_after(state, &moves, input.as_mut(), &mut out)?;
    Ok(())
}

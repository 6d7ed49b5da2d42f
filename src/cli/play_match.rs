//! `tabula match`: a match between two players, summed up.

use super::table::{championship_board, player_sandbox, table_setup};
use super::*;

#[derive(Args, Debug)]
pub(super) struct MatchArgs {
    /// The game
    pub(super) game: Option<String>,
    /// The first player (starts the odd-numbered games): a computer player (random,
    /// greedy, ai ...), FILE.pl, FILE.lisp (kingpawn, run by SBCL) or "cmd:PROGRAM ARGS".
    /// In the sandbox a cmd: player sees, read-only, the folder of its program (when
    /// given as a path; a virtual environment's whole folder) and of each file its
    /// words name (a folder only when written with a /), never the --logs folder nor
    /// the other player's; a bare word stays a word. Of the machine only /usr; only
    /// /tmp and /dev/shm are writable (docs/security.md)
    #[arg(long)]
    pub(super) p1: PlayerSpec,
    /// The second player (starts the even-numbered games)
    #[arg(long)]
    pub(super) p2: PlayerSpec,
    /// Number of games
    #[arg(long, default_value_t = 10)]
    pub(super) games: u32,
    /// Seconds each player may think per move
    #[arg(long, default_value_t = 1.0)]
    pub(super) move_time: f64,
    /// Seconds the first player may think per move, if not --move-time (time odds:
    /// give the stronger player less)
    #[arg(long, value_name = "SECONDS")]
    pub(super) p1_move_time: Option<f64>,
    /// Seconds the second player may think per move, if not --move-time
    #[arg(long, value_name = "SECONDS")]
    pub(super) p2_move_time: Option<f64>,
    /// Seed of the players' random choices: the same seed plays the same match
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// Write every game (moves, times, result) to FILE as JSON lines
    #[arg(long, value_name = "FILE")]
    pub(super) record: Option<PathBuf>,
    /// Keep each player's stderr in DIR (game-N-player-S.log)
    #[arg(long, value_name = "DIR")]
    pub(super) logs: Option<PathBuf>,
    /// Start as the game's championship does (Breakthrough: one random start, drawn
    /// from --seed, for every game), unless a start or board is given
    #[arg(long)]
    pub(super) championship_start: bool,
    /// The cap on each player's memory (e.g. 1G, 512M); a player beyond it dies alone
    #[arg(long, default_value = "1G")]
    pub(super) memory: String,
    /// Run the players without the sandbox (bubblewrap): only for programs you trust,
    /// since they run with your rights. Said in the standings and the page
    #[arg(long)]
    pub(super) no_sandbox: bool,
    /// Let players think while it is the opponent's turn (by default a player is
    /// frozen whenever it is not being asked something)
    #[arg(long)]
    pub(super) ponder: bool,
    /// A rules file to use instead of the game's own
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
}

pub(super) fn play_match(args: MatchArgs) -> Result<(), GameError> {
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    let mut board = args.board.clone();
    if args.championship_start {
        board = championship_board(info, board);
    }
    let (options, start) = table_setup(info, &board, args.seed, args.rules.as_deref())?;
    if let Some(dir) = &args.logs {
        std::fs::create_dir_all(dir)
            .map_err(|e| GameError::file(dir, "cannot create the logs' folder", e))?;
    }
    // The logs and the record are the referee's: no player is given them.
    let hidden: Vec<PathBuf> = args.logs.iter().chain(&args.record).cloned().collect();
    let sandbox = player_sandbox(args.no_sandbox, &[&args.p1, &args.p2], hidden)?;
    let spec = MatchSpec {
        table: crate::referee::game::Table {
            game: info,
            options,
            start,
            move_ms: move_time_ms(args.move_time)?,
            memory_bytes: memory_bytes(&args.memory)?,
            tabula: tabula_exe()?,
            rules_file: args.rules.as_deref(),
            log_dir: args.logs.clone(),
            live_dir: None,
            sandbox,
            cores: Vec::new(),
            ponder: args.ponder,
            templates: crate::players::forkserver::Templates::for_this_machine(),
        },
        sides: [args.p1, args.p2],
        side_move_ms: [
            args.p1_move_time.map(move_time_ms).transpose()?,
            args.p2_move_time.map(move_time_ms).transpose()?,
        ],
        games: args.games,
        seed: args.seed,
    };
    let mut record_file = match &args.record {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| GameError::Usage(format!("cannot create {}: {e}", path.display())))?,
        )),
        None => None,
    };
    let mut out = std::io::stdout();
    let record: Option<&mut dyn std::io::Write> =
        record_file.as_mut().map(|f| f as &mut dyn std::io::Write);
    run_match(&spec, &mut out, record)?;
    if let Some(mut f) = record_file {
        use std::io::Write as _;
        f.flush()
            .map_err(|e| GameError::Usage(format!("cannot write the record: {e}")))?;
    }
    Ok(())
}

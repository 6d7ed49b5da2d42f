//! The `tabula` command line.

mod completions;
mod games;

use crate::engine::ReplAnswer;
use crate::engine::process::{EngineProcess, Limits, Stopped};
use crate::game::{self, GameError, GameInfo, Rules};
use crate::play::{self, Table};
use crate::player::PlayerSpec;
use crate::repl::Repl;
use crate::sandbox::Sandbox;
use crate::term::{self, Term};
use crate::text::Style;
use crate::tournament::{MatchSpec, run_match};
use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(
    name = "tabula",
    version,
    about = "Board games whose rules and computer players are written in Prolog",
    long_about = "Board games whose rules and computer players are written in Prolog and run by an \
embedded Scryer Prolog: edit a rule in prolog/*.pl and the game changes everywhere.\n\n\
With no command, tabula opens the default game (game:default_game/1) in a window when there is \
a display, else in the terminal, against the strongest computer player."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in a window (the default when a display is available)
    Gui(GuiArgs),
    /// Play a game in the terminal
    Play(PlayArgs),
    /// A Prolog toplevel with a game's rules loaded
    Repl(ReplArgs),
    /// Run one Prolog goal against a game's rules and print every solution
    Query(QueryArgs),
    /// Play a match between two computer players and sum it up
    Match(MatchArgs),
    /// Check that a rules file keeps the game contract, over random games
    Check(CheckArgs),
    /// Measure random playouts through the Prolog rules
    Bench(BenchArgs),
    /// Run a championship: every pair plays both colours, grades as the assignments say
    Tournament(TournamentArgs),
    /// Final grades over several championships (the Breakthrough assignment's formula)
    Grade(GradeArgs),
    /// Serve one of tabula's players over the player protocol (docs/protocol.md) on
    /// stdin and stdout, as the referee runs it
    Serve(ServeArgs),
    /// List the games, each with its computer players
    Games,
    /// Print a shell completion script: tabula completions bash > /etc/bash_completion.d/tabula
    Completions {
        /// The shell (bash, zsh, fish, elvish, powershell)
        shell: clap_complete::Shell,
    },
    /// The championship site: students submit players and follow the course's
    /// championships (`tabula site init|serve|users|backup`, docs/site.md)
    Site(crate::site::command::SiteArgs),
    /// The Prolog engine of `repl` and `query`, in a process of its own (internal)
    #[command(name = "__engine", hide = true)]
    Engine,
}

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
struct TournamentArgs {
    #[command(subcommand)]
    action: Option<TournamentAction>,
    /// The game
    #[arg(required = true)]
    game: Option<String>,
    /// A player: ai, greedy, random, FILE.pl, FILE.lisp (kingpawn, run by SBCL) or
    /// "cmd:PROGRAM ARGS", optionally named: NAME=SPEC (repeat for every player)
    #[arg(long = "player", value_name = "SPEC", required = true)]
    players: Vec<String>,
    /// The folder for the records, logs, standings and web page; rerunning with the
    /// same folder resumes
    #[arg(long, value_name = "DIR", required = true)]
    out: Option<PathBuf>,
    /// Play only shard K of N: a balanced part of the schedule (each player's games
    /// split within one game per shard), into its own folder; `tabula tournament
    /// merge` makes the shards one result
    #[arg(long, value_name = "K/N", conflicts_with = "slurm")]
    shard: Option<crate::championship::Shard>,
    #[command(flatten)]
    cluster: crate::slurm::SlurmArgs,
    /// How games score and grades are given (default: the game's own assignment)
    #[arg(long, value_enum)]
    scoring: Option<ScoringArg>,
    /// Games played at once, each pinned to cores of its own (default: one per core).
    /// Run at most one game per core: with more, games share cores and a player's
    /// second of thinking buys less
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Seed of the schedule, the random start and the players' random choices
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    board: BoardArgs,
    /// Seconds a player has for each move
    #[arg(long, default_value_t = 1.0)]
    move_time: f64,
    /// The cap on each player's memory (e.g. 1G, 512M)
    #[arg(long, default_value = "1G")]
    memory: String,
    /// A late submission: NAME=DAYS costs one grade point a day (repeatable)
    #[arg(long, value_name = "NAME=DAYS")]
    late: Vec<String>,
    /// Run the players without the sandbox (bubblewrap): only for programs you trust,
    /// since they run with your rights. Said in the standings and the page
    #[arg(long)]
    no_sandbox: bool,
    /// Let players think while it is the opponent's turn (by default a player is
    /// frozen whenever it is not being asked something)
    #[arg(long)]
    ponder: bool,
    /// A rules file to use instead of the game's own
    #[arg(long)]
    rules: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum TournamentAction {
    /// Merge the shards of a championship (`--shard K/N` folders) into one result,
    /// exactly as the unsharded run would have written it
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
struct MergeArgs {
    /// The shards' folders
    #[arg(required = true)]
    dirs: Vec<PathBuf>,
    /// The folder for the merged records, standings and page
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// The rules file the shards were played with, if not the game's own
    #[arg(long)]
    rules: Option<PathBuf>,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy)]
enum ScoringArg {
    /// Assignment 000's: groups A and B by the share of valid games, grades 5 to 10
    #[value(name = "valid_games", alias = "valid-games")]
    ValidGames,
    /// Assignment 001's: faults in over 10 % of the games leave the ranking, grades 5 to 10
    Faults,
    /// Points only, no grades
    Points,
}

#[derive(Args, Debug)]
struct GradeArgs {
    /// Championship folders (each with its standings.json)
    #[arg(required = true)]
    dirs: Vec<PathBuf>,
    /// Write the final grades to this CSV file too
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct ServeArgs {
    /// The game
    game: String,
    /// The player: a built-in level (random, greedy, ai ...) or FILE.pl
    spec: PlayerSpec,
    /// Seed of the player's random choices
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A rules file to use instead of the game's own
    #[arg(long)]
    rules: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
struct BoardArgs {
    /// Rows of the board (for dots: rows of dots)
    #[arg(long)]
    rows: Option<u32>,
    /// Columns of the board (for dots: columns of dots)
    #[arg(long)]
    cols: Option<u32>,
    /// A start position in the game's position text (kingpawn: "K81 k17 p18 w 0/30")
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    /// Start from a random position drawn as the game's championship does (for
    /// Breakthrough the size too, unless --rows/--cols are given), from --seed
    #[arg(long)]
    random_start: bool,
    /// Any option the game declares, NAME=VALUE (`tabula games` and the game's
    /// game_info/1 list them), e.g. --option size=6 for Othello, --option connect=5
    #[arg(long = "option", value_name = "NAME=VALUE")]
    extra: Vec<String>,
}

impl BoardArgs {
    /// The options of `initial_state/2`; `seed` draws the random start.
    fn options(&self, seed: u64) -> Vec<Term> {
        let mut options = Vec::new();
        if let Some(r) = self.rows {
            options.push(Term::compound("rows", [Term::integer(r)]));
        }
        if let Some(c) = self.cols {
            options.push(Term::compound("cols", [Term::integer(c)]));
        }
        if let Some(p) = &self.start {
            options.push(Term::compound("position", [Term::string(p.as_str())]));
        }
        if self.random_start {
            options.push(Term::compound(
                "random_start",
                [Term::integer(seed % (1 << 62))],
            ));
        }
        for o in &self.extra {
            // Checked by extra_options before the game starts.
            if let Some((name, value)) = o.split_once('=') {
                let value = match value.trim().parse::<i64>() {
                    Ok(n) => Term::integer(n),
                    Err(_) => Term::string(value.trim()),
                };
                options.push(Term::compound(name.trim(), [value]));
            }
        }
        options
    }

    /// Refuses an `--option` that is not NAME=VALUE or that the game does not declare.
    fn check_extra(&self, info: &GameInfo) -> Result<(), GameError> {
        for o in &self.extra {
            let Some((name, _)) = o.split_once('=') else {
                return Err(GameError::Usage(format!(
                    "--option {o:?}: expected NAME=VALUE"
                )));
            };
            if info.option(name.trim()).is_none() {
                let names: Vec<&str> = info.options.iter().map(|o| o.name.as_str()).collect();
                return Err(GameError::Usage(format!(
                    "--option {o:?}: {} has no option {:?}; its options: {}",
                    info.name,
                    name.trim(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                )));
            }
        }
        Ok(())
    }
}

/// Who sits at the table, for play and gui.
#[derive(Args, Debug, Clone)]
struct SeatArgs {
    /// Number of players (dots: 2 to 4)
    #[arg(long)]
    players: Option<u32>,
    /// Player 1: human, a computer player (random, greedy, ai — ai is every game's
    /// strongest; `tabula games` lists them), FILE.pl, FILE.lisp (kingpawn, run by
    /// SBCL) or "cmd:PROGRAM ARGS"
    #[arg(long, default_value = "human")]
    p1: PlayerSpec,
    /// Player 2 (default: the strongest computer player)
    #[arg(long)]
    p2: Option<PlayerSpec>,
    /// Player 3, when --players is 3 or more
    #[arg(long)]
    p3: Option<PlayerSpec>,
    /// Player 4, when --players is 4
    #[arg(long)]
    p4: Option<PlayerSpec>,
    /// Seconds a computer player may think per move
    #[arg(long, default_value_t = 1.0)]
    move_time: f64,
    /// Run cmd: and .lisp programs without the sandbox (only for programs you trust)
    #[arg(long)]
    no_sandbox: bool,
}

impl SeatArgs {
    /// A person against the strongest computer player, a second a move.
    fn default_table() -> SeatArgs {
        SeatArgs {
            players: None,
            p1: PlayerSpec::Human,
            p2: None,
            p3: None,
            p4: None,
            move_time: 1.0,
            no_sandbox: false,
        }
    }

    /// The seats given, in order (`None` for the default opponent).
    fn given(&self) -> Vec<Option<PlayerSpec>> {
        vec![
            Some(self.p1.clone()),
            self.p2.clone(),
            self.p3.clone(),
            self.p4.clone(),
        ]
    }
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// The game to play
    game: Option<String>,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    seats: SeatArgs,
    /// Seed for the computer players' random choices (default: from the clock)
    #[arg(long)]
    seed: Option<u64>,
    /// A rules file to use instead of the game's own (e.g. an edited copy)
    #[arg(long)]
    rules: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct GuiArgs {
    /// The game to play
    game: Option<String>,
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    seats: SeatArgs,
    /// A rules file to use instead of the game's own (watched and reloaded on save)
    #[arg(long)]
    rules: Option<PathBuf>,
    /// Render the window to this PNG file and exit
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// Moves to play first, separated by spaces, e.g. "h(0,0) v(0,0) a4-b4"
    #[arg(long, default_value = "")]
    moves: String,
    /// Do not watch the rules files for changes
    #[arg(long)]
    no_watch: bool,
    /// Seed of the random start (--random-start; default: from the clock)
    #[arg(long)]
    seed: Option<u64>,
}

#[derive(Args, Debug)]
struct ReplArgs {
    /// The game whose rules to load
    game: Option<String>,
    /// A rules file to load instead of the game's own
    #[arg(long)]
    rules: Option<PathBuf>,
    /// Stop a goal that runs longer than SECS seconds of wall-clock time (default: no
    /// limit; Ctrl-C stops a goal)
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,
    /// The cap on the Prolog engine's memory (e.g. 4G, 512M; 0: no cap): a goal that
    /// needs more is stopped and the engine restarted
    #[arg(long, value_name = "SIZE", default_value = "4G")]
    memory: String,
}

#[derive(Args, Debug)]
struct QueryArgs {
    /// The game whose rules to load
    game: String,
    /// The goal, e.g. 'dots:initial_state([rows(3)], S)'
    goal: String,
    /// A rules file to load instead of the game's own
    #[arg(long)]
    rules: Option<PathBuf>,
    /// Print at most this many solutions
    #[arg(long)]
    limit: Option<usize>,
    /// Stop the goal when it has run this many seconds of wall-clock time (0: no limit)
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,
    /// The cap on the Prolog engine's memory (e.g. 2G, 512M; 0: no cap): a goal that
    /// needs more is stopped
    #[arg(long, value_name = "SIZE", default_value = "2G")]
    memory: String,
}

#[derive(Args, Debug)]
struct MatchArgs {
    /// The game
    game: Option<String>,
    /// The first player (starts the odd-numbered games): a computer player (random,
    /// greedy, ai ...), FILE.pl, FILE.lisp (kingpawn, run by SBCL) or "cmd:PROGRAM ARGS"
    #[arg(long)]
    p1: PlayerSpec,
    /// The second player (starts the even-numbered games)
    #[arg(long)]
    p2: PlayerSpec,
    /// Number of games
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Seconds each player may think per move
    #[arg(long, default_value_t = 1.0)]
    move_time: f64,
    /// Seed of the players' random choices: the same seed plays the same match
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    board: BoardArgs,
    /// Write every game (moves, times, result) to FILE as JSON lines
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Keep each player's stderr in DIR (game-N-player-S.log)
    #[arg(long, value_name = "DIR")]
    logs: Option<PathBuf>,
    /// Start as the game's championship does (Breakthrough: one random start, drawn
    /// from --seed, for every game), unless a start or board is given
    #[arg(long)]
    championship_start: bool,
    /// The cap on each player's memory (e.g. 1G, 512M); a player beyond it dies alone
    #[arg(long, default_value = "1G")]
    memory: String,
    /// Run the players without the sandbox (bubblewrap): only for programs you trust,
    /// since they run with your rights. Said in the standings and the page
    #[arg(long)]
    no_sandbox: bool,
    /// Let players think while it is the opponent's turn (by default a player is
    /// frozen whenever it is not being asked something)
    #[arg(long)]
    ponder: bool,
    /// A rules file to use instead of the game's own
    #[arg(long)]
    rules: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// A rules file (e.g. a copy of prolog/dots.pl you are editing), or a game's name
    file: String,
    /// Random games per board configuration
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Seed of the random games
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// The game to measure
    game: Option<String>,
    #[command(flatten)]
    board: BoardArgs,
    /// Number of random games to play
    #[arg(long, default_value_t = 500)]
    playouts: u32,
    /// Seed of the random games
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A rules file to measure instead of the game's own
    #[arg(long)]
    rules: Option<PathBuf>,
}

/// Runs the command line; the exit code says how it went.
/// The end of `--help`: the games found in the Prolog folder (read only when help is
/// asked for, since finding them reads every rules file).
fn games_help() -> String {
    let catalog = game::catalog();
    let mut text = String::from(
        "Games (`tabula games` lists them with their computer players; ai is each game's strongest):\n",
    );
    for g in &catalog.games {
        text.push_str(&format!("  {:<14}{}\n", g.name, g.title));
    }
    text.push_str(&format!(
        "A new game is one Prolog file in the rules folder (docs/new-game.md). Rules are read from {}, or from \
$TABULA_PROLOG; the adapter of .lisp players from the lisp/ folder beside it, or from $TABULA_LISP.",
        game::prolog_dir().display()
    ));
    text
}

pub fn main() -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let wants_help = args
        .iter()
        .skip(1)
        .any(|a| a == "--help" || a == "-h" || a == "help");
    let mut command = Cli::command();
    if wants_help {
        command = command.after_help(games_help());
    }
    let cli = match Cli::from_arg_matches(&command.get_matches_from(args)) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        None if crate::gui::display_available() => gui(GuiArgs {
            game: None,
            board: BoardArgs {
                rows: None,
                cols: None,
                start: None,
                random_start: false,
                extra: Vec::new(),
            },
            seats: SeatArgs::default_table(),
            rules: None,
            screenshot: None,
            moves: String::new(),
            no_watch: false,
            seed: None,
        }),
        None => {
            eprintln!(
                "tabula: no display found: playing in the terminal (tabula --help lists the commands)."
            );
            play(PlayArgs {
                game: None,
                board: BoardArgs {
                    rows: None,
                    cols: None,
                    start: None,
                    random_start: false,
                    extra: Vec::new(),
                },
                seats: SeatArgs::default_table(),
                seed: None,
                rules: None,
            })
        }
        Some(Command::Gui(args)) => gui(args),
        Some(Command::Play(args)) => play(args),
        Some(Command::Repl(args)) => repl(args),
        Some(Command::Query(args)) => return query(args),
        Some(Command::Check(args)) => return check(args),
        Some(Command::Match(args)) => play_match(args),
        Some(Command::Bench(args)) => bench(args),
        Some(Command::Serve(args)) => serve(args),
        Some(Command::Tournament(args)) => tournament(args),
        Some(Command::Grade(args)) => grade(args),
        Some(Command::Games) => games::run(),
        Some(Command::Completions { shell }) => {
            completions::run(shell);
            Ok(())
        }
        Some(Command::Site(args)) => crate::site::command::run(args).map_err(GameError::Usage),
        Some(Command::Engine) => return crate::engine::process::serve(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula: {e}");
            ExitCode::from(2)
        }
    }
}

/// The game a command is about: the one `--rules FILE` declares when it is given (and
/// `name`, if also given, must name that game), else the game called `name`, else the
/// default game (`game:default_game/1`).
fn game_info(name: Option<&str>, rules: Option<&Path>) -> Result<&'static GameInfo, GameError> {
    if let Some(file) = rules {
        let info = game::read_game(file)?;
        if let Some(name) = name
            && !info.is_called(name)
            && !Path::new(name).ends_with(file)
        {
            return Err(GameError::Usage(format!(
                "{} is the rules of {}, not of {name:?}: name that game, or leave the name out",
                file.display(),
                info.name
            )));
        }
        return Ok(info);
    }
    let Some(name) = name else {
        return game::default_game().ok_or_else(|| unknown_game("(none)"));
    };
    game::find_game(name).ok_or_else(|| unknown_game(name))
}

fn unknown_game(name: &str) -> GameError {
    let catalog = game::catalog();
    let mut text = format!(
        "unknown game {name:?}: tabula knows {} (tabula games lists them)",
        catalog.names().join(", ")
    );
    for p in &catalog.problems {
        text.push_str(&format!("\n  {p}"));
    }
    GameError::Usage(text)
}

fn play(args: PlayArgs) -> Result<(), GameError> {
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    crate::program::run_unsandboxed(args.seats.no_sandbox);
    let rules = Rules::load(info, args.rules.as_deref())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    args.board.check_extra(info)?;
    let mut options = args.board.options(seed);
    if let Some(n) = args.seats.players {
        options.push(Term::compound("players", [Term::integer(n)]));
    }
    let state = rules.initial_state(&options)?;
    if args.board.random_start
        && let Some(text) = rules.position_text(&state)?
    {
        println!("Random start (seed {seed}): {text}");
        println!("Replay it with --start \"{text}\".");
    }
    let players = rules.players(&state)?;
    let levels = rules.levels()?;
    let given = args.seats.given();
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
                std::cell::RefCell::new(crate::program::ProgramSeat::new(
                    seat.clone(),
                    crate::program::log_path(k as u32 + 1),
                ))
            })
        })
        .collect();
    let setup = crate::program::setup_commands(&rules, info, &options, &state)?;
    rules.seed(seed)?;
    let engines = seats
        .iter()
        .map(|seat| match seat {
            PlayerSpec::File(_) => Rules::load_player(info, args.rules.as_deref(), seat).map(Some),
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
        game: info,
    };
    println!(
        "{} — {}. Type help for the notation and commands.",
        info.title,
        table
            .seats
            .iter()
            .enumerate()
            .map(|(k, s)| format!("{} {s}", crate::text::label(k as u32 + 1)))
            .collect::<Vec<_>>()
            .join(" vs ")
    );
    let mut input = play::stdin_input();
    let mut out = std::io::stdout();
    table.play(state, input.as_mut(), &mut out)?;
    Ok(())
}

/// A table's `key=value` options and its start position text.
type TableSetup = (Vec<(String, String)>, Option<String>);

/// The `key=value` options of the protocol's `game` command and the start position
/// text for a board: the sizes given, and for `--random-start` the position drawn
/// from `seed` (with its size); `--start` as given.
fn table_setup(
    info: &GameInfo,
    board: &BoardArgs,
    seed: u64,
    rules_file: Option<&Path>,
) -> Result<TableSetup, GameError> {
    let mut options = Vec::new();
    let mut start = board.start.clone();
    let (mut rows, mut cols) = (board.rows, board.cols);
    if board.random_start {
        let rules = Rules::load(info, rules_file)?;
        let state = rules.initial_state(&board.options(seed))?;
        let text = rules
            .position_text(&state)?
            .ok_or_else(|| GameError::Usage(format!("{} has no random start", info.name)))?;
        if let Some(board) = crate::board::Board::from_view(&rules.view(&state)?) {
            rows = Some(board.shape.rows());
            cols = Some(board.shape.cols());
        }
        start = Some(text);
    }
    if let Some(r) = rows {
        options.push(("rows".to_string(), r.to_string()));
    }
    if let Some(c) = cols {
        options.push(("cols".to_string(), c.to_string()));
    }
    board.check_extra(info)?;
    for o in &board.extra {
        if let Some((name, value)) = o.split_once('=') {
            options.push((name.trim().to_string(), value.trim().to_string()));
        }
    }
    Ok((options, start))
}

/// The tabula executable, which serves tabula's own players to the referee.
fn tabula_exe() -> Result<PathBuf, GameError> {
    std::env::current_exe()
        .map_err(|e| GameError::Usage(format!("cannot find the tabula executable: {e}")))
}

/// Bytes in a `--memory` size such as 1G, 512M or 2000000.
fn memory_bytes(text: &str) -> Result<u64, GameError> {
    let t = text.trim();
    let (digits, unit) = match t
        .char_indices()
        .find(|(_, c)| !c.is_ascii_digit() && *c != '.')
    {
        Some((i, _)) => (&t[..i], t[i..].trim().to_ascii_uppercase()),
        None => (t, String::new()),
    };
    let number: f64 = digits
        .parse()
        .map_err(|_| GameError::Usage(format!("--memory: not a size: {text:?} (e.g. 1G, 512M)")))?;
    let factor = match unit.trim_end_matches("IB").trim_end_matches('B') {
        "" => 1.0,
        "K" => 1024.0,
        "M" => 1024.0 * 1024.0,
        "G" => 1024.0 * 1024.0 * 1024.0,
        _ => {
            return Err(GameError::Usage(format!(
                "--memory: unknown unit in {text:?} (use K, M or G)"
            )));
        }
    };
    Ok((number * factor) as u64)
}

/// The sandbox for a match or championship between `players`, hiding `hidden` from
/// them, and each player's folders from the others. Without one, tabula's own players
/// run as they are (with a warning); programs and `.pl` files are refused, unless
/// `--no-sandbox` says to run them anyway.
fn player_sandbox(
    no_sandbox: bool,
    players: &[&PlayerSpec],
    mut hidden: Vec<PathBuf>,
) -> Result<Option<Arc<Sandbox>>, GameError> {
    if no_sandbox {
        eprintln!(
            "warning: --no-sandbox: the players run with your rights, unconfined: only for programs you trust"
        );
        return Ok(None);
    }
    for spec in players {
        hidden.extend(spec.own_folders());
    }
    let untrusted = players
        .iter()
        .any(|s| s.is_program() || matches!(s, PlayerSpec::File(_)));
    match Sandbox::new(hidden) {
        Ok(sandbox) => {
            if let Some(missing) = crate::cgroup::Hierarchies::detect().missing_text() {
                eprintln!(
                    "note: no control group for {missing} on this machine: resource limits stand in where they can (docs/security.md)"
                );
            }
            Ok(Some(Arc::new(sandbox)))
        }
        Err(why) if !untrusted => {
            eprintln!("warning: no sandbox: {why}. tabula's own players run without it.");
            Ok(None)
        }
        Err(why) => Err(GameError::Usage(format!(
            "cannot sandbox the players: {why}.\nFix that, or run with --no-sandbox (only for programs you trust: they run with your rights)."
        ))),
    }
}

/// A seed from the clock, for when the user gives none.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn move_time_ms(seconds: f64) -> Result<u64, GameError> {
    if seconds > 0.0 && seconds.is_finite() && seconds < 1e6 {
        Ok((seconds * 1000.0).round().max(1.0) as u64)
    } else {
        Err(GameError::Usage(
            "--move-time must be a positive number of seconds".into(),
        ))
    }
}

fn gui(args: GuiArgs) -> Result<(), GameError> {
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    crate::program::run_unsandboxed(args.seats.no_sandbox);
    args.board.check_extra(info)?;
    let mut options = args.board.options(args.seed.unwrap_or_else(clock_seed));
    if let Some(n) = args.seats.players {
        options.push(Term::compound("players", [Term::integer(n)]));
    }
    let seats = args.seats.given();
    let screenshot = args.screenshot.clone();
    let gui_options = crate::gui::GuiOptions {
        game: info,
        rules_file: args.rules,
        options,
        seats,
        budget_ms: move_time_ms(args.seats.move_time)?,
        moves: split_moves(&args.moves),
        watch: !args.no_watch && screenshot.is_none(),
        computer_moves: screenshot.is_none(),
    };
    match screenshot {
        Some(path) => crate::gui::screenshot(gui_options, path),
        None => crate::gui::run(gui_options),
    }
}

/// Moves separated by blanks; blanks inside parentheses belong to the move, so
/// "(7 1) (2 7)" is two moves.
fn split_moves(text: &str) -> Vec<String> {
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

fn play_match(args: MatchArgs) -> Result<(), GameError> {
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    let mut board = args.board.clone();
    if args.championship_start {
        board = championship_board(info, board);
    }
    let (options, start) = table_setup(info, &board, args.seed, args.rules.as_deref())?;
    if let Some(dir) = &args.logs {
        std::fs::create_dir_all(dir)
            .map_err(|e| GameError::Usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let hidden: Vec<PathBuf> = args.logs.iter().cloned().collect();
    let sandbox = player_sandbox(args.no_sandbox, &[&args.p1, &args.p2], hidden)?;
    let spec = MatchSpec {
        table: crate::referee::Table {
            game: info,
            options,
            start,
            move_ms: move_time_ms(args.move_time)?,
            memory_bytes: memory_bytes(&args.memory)?,
            tabula: tabula_exe()?,
            rules_file: args.rules.as_deref(),
            log_dir: args.logs.clone(),
            sandbox,
            cores: Vec::new(),
            ponder: args.ponder,
        },
        sides: [args.p1, args.p2],
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

fn rules_files(info: &GameInfo, rules: Option<&Path>) -> Vec<PathBuf> {
    let mut files = vec![
        game::prolog_dir().join("game.pl"),
        rules.map_or_else(|| info.file.clone(), Path::to_path_buf),
    ];
    files.extend(info.players_file.clone());
    files
}

fn repl(args: ReplArgs) -> Result<(), GameError> {
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    let limits = limits(args.timeout.unwrap_or(0.0), &args.memory)?;
    let mut out = std::io::stdout();
    let mut repl = Repl::new(rules_files(info, args.rules.as_deref()), limits, &mut out)?;
    let mut input = play::stdin_input();
    repl.run(input.as_mut(), &mut out);
    Ok(())
}

/// The limits of `--timeout SECS` (0: none) and `--memory SIZE` (0: none).
fn limits(timeout: f64, memory: &str) -> Result<Limits, GameError> {
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

/// Exit 0 if the goal has a solution, 1 if none, 2 on an error (a timeout or running
/// out of memory too).
/// What a goal wrote, ended by a newline so that the answer starts on a line of its own
/// (`write(hi)` then `true`, not `hitrue`).
fn print_output(output: &str) {
    print!("{output}");
    if !output.is_empty() && !output.ends_with('\n') {
        println!();
    }
}

fn query(args: QueryArgs) -> ExitCode {
    let run = || -> Result<bool, GameError> {
        let info = game_info(Some(&args.game), args.rules.as_deref())?;
        let limits = limits(args.timeout, &args.memory)?;
        let stopped = |s: Stopped| GameError::Usage(s.to_string());
        // The goal runs in a process of its own, which can be stopped.
        let mut engine = EngineProcess::start(limits.memory).map_err(stopped)?;
        let files = rules_files(info, args.rules.as_deref());
        let errors = engine
            .load(&files, true, limits.load_deadline())
            .map_err(|s| GameError::Usage(s.loading()))?;
        if let Some(e) = errors.into_iter().next() {
            return Err(GameError::Usage(e));
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
                ReplAnswer::SyntaxError { text } => {
                    return Err(GameError::Usage(format!(
                        "syntax error in the goal: {text}"
                    )));
                }
                ReplAnswer::Exception { text, output } => {
                    print_output(&output);
                    return Err(GameError::Usage(format!("the goal raised {text}")));
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

/// Exit 0 when the file keeps the contract, 1 when a check fails, 2 when it cannot load.
fn check(args: CheckArgs) -> ExitCode {
    let file = match game::find_game(&args.file) {
        Some(info) if !Path::new(&args.file).exists() => info.file.clone(),
        _ => PathBuf::from(&args.file),
    };
    if !file.is_file() {
        let what = if file.is_dir() {
            "is a folder, not a rules file"
        } else {
            "is neither a game nor a file"
        };
        eprintln!(
            "tabula: {} {what}: the games are {} (tabula games lists them), or give a rules file such as prolog/dots.pl",
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
    match crate::check::run(&rules, args.games, args.seed) {
        Ok(report) => {
            print!("{}", report.text(&file));
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

/// The `tabula tournament` arguments a shard runs with (all but `--out`, `--shard`
/// and the cluster's options), for the cluster's job script.
fn shard_command(args: &TournamentArgs, game: &str) -> Vec<String> {
    let mut c: Vec<String> = vec!["tournament".into(), game.into()];
    let mut opt = |k: &str, v: String| {
        c.push(k.into());
        c.push(v);
    };
    for p in &args.players {
        opt("--player", p.clone());
    }
    if let Some(name) = args
        .scoring
        .and_then(|s| clap::ValueEnum::to_possible_value(&s))
    {
        opt("--scoring", name.get_name().to_string());
    }
    opt("--seed", args.seed.to_string());
    if let Some(r) = args.board.rows {
        opt("--rows", r.to_string());
    }
    if let Some(k) = args.board.cols {
        opt("--cols", k.to_string());
    }
    if let Some(t) = &args.board.start {
        opt("--start", t.clone());
    }
    opt("--move-time", args.move_time.to_string());
    opt("--memory", args.memory.clone());
    for l in &args.late {
        opt("--late", l.clone());
    }
    if let Some(r) = &args.rules {
        opt(
            "--rules",
            crate::sandbox::absolute(r).to_string_lossy().into(),
        );
    }
    if let Some(j) = args.jobs {
        opt("--jobs", j.to_string());
    }
    if args.board.random_start {
        c.push("--random-start".into());
    }
    if args.no_sandbox {
        c.push("--no-sandbox".into());
    }
    if args.ponder {
        c.push("--ponder".into());
    }
    c
}

/// The board a championship plays on: a game whose championship policy says
/// `random_start(true)` starts all its games from one random position, drawn from the
/// seed, unless a start is given.
fn championship_board(info: &GameInfo, mut board: BoardArgs) -> BoardArgs {
    if info.championship.random_start && board.start.is_none() {
        board.random_start = true;
    }
    board
}

fn tournament(args: TournamentArgs) -> Result<(), GameError> {
    use crate::championship::{self, Championship};
    use crate::grading::Scoring;
    if let Some(TournamentAction::Merge(m)) = &args.action {
        for line in crate::merge::merge(&m.dirs, &m.out, m.rules.as_deref())? {
            println!("{line}");
        }
        return Ok(());
    }
    let (Some(game), Some(out)) = (args.game.clone(), args.out.clone()) else {
        return Err(GameError::Usage(
            "tabula tournament needs a GAME and --out DIR".into(),
        ));
    };
    let info = game_info(Some(&game), args.rules.as_deref())?;
    let entrants = args
        .players
        .iter()
        .map(|p| {
            p.parse::<crate::player::Entrant>()
                .map_err(GameError::Usage)
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (k, e) in entrants.iter().enumerate() {
        if entrants[..k].iter().any(|o| o.name == e.name) {
            return Err(GameError::Usage(format!(
                "two players are named {:?}: name them NAME=SPEC",
                e.name
            )));
        }
        if e.spec.is_human() {
            return Err(GameError::Usage(
                "a championship is between programs: human cannot play".into(),
            ));
        }
    }
    let referee = Rules::load(info, args.rules.as_deref())?;
    let levels = referee.levels()?;
    for e in &entrants {
        e.spec
            .check(&levels)
            .map_err(|m| GameError::Usage(format!("{}: {m}", e.name)))?;
        // A student's file that does not load plays on (and loses every game, its
        // log saying why), but the teacher hears of it now.
        if let PlayerSpec::File(_) = e.spec
            && let Err(err) = Rules::load_player(info, args.rules.as_deref(), &e.spec)
        {
            eprintln!(
                "warning: {}: {err}: it will lose its games (see its logs)",
                e.name
            );
        }
    }
    let scoring = match args.scoring {
        Some(ScoringArg::ValidGames) => Scoring::ValidGames,
        Some(ScoringArg::Faults) => Scoring::Faults,
        Some(ScoringArg::Points) => Scoring::Points,
        None => match info.championship.scoring.as_deref() {
            Some("valid_games") => Scoring::ValidGames,
            Some("faults") => Scoring::Faults,
            _ => Scoring::Points,
        },
    };
    let board = championship_board(info, args.board.clone());
    let (options, start) = table_setup(info, &board, args.seed, args.rules.as_deref())?;
    let mut late = Vec::new();
    for l in &args.late {
        let (name, days) = l
            .rsplit_once('=')
            .ok_or_else(|| GameError::Usage(format!("--late {l:?}: expected NAME=DAYS")))?;
        let days: u32 = days
            .trim()
            .parse()
            .map_err(|_| GameError::Usage(format!("--late {l:?}: DAYS is a whole number")))?;
        if !entrants.iter().any(|e| e.name == name) {
            return Err(GameError::Usage(format!(
                "--late {l:?}: no player is named {name:?}"
            )));
        }
        late.push((name.to_string(), days));
    }
    let jobs = args.jobs.map(usize::from).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let specs: Vec<&PlayerSpec> = entrants.iter().map(|e| &e.spec).collect();
    if args.cluster.slurm {
        return crate::slurm::run(&args.cluster, &out, &shard_command(&args, &game))
            .map_err(GameError::Usage);
    }
    let sandbox = player_sandbox(args.no_sandbox, &specs, vec![out.clone()])?;
    let ch = Championship {
        table: crate::referee::Table {
            game: info,
            options,
            start,
            move_ms: move_time_ms(args.move_time)?,
            memory_bytes: memory_bytes(&args.memory)?,
            tabula: tabula_exe()?,
            rules_file: args.rules.as_deref(),
            log_dir: Some(out.join("logs")),
            sandbox,
            cores: Vec::new(),
            ponder: args.ponder,
        },
        entrants,
        scoring,
        self_games: info.championship.self_games,
        seed: args.seed,
        jobs,
        dir: out.clone(),
        late,
        shard: args.shard,
        confinement: None,
    };
    // One runner per folder, for the whole run: two would play the same games and
    // write the same files.
    let lock = championship::lock_folder(&ch.dir)?;
    println!(
        "{} championship: {} players, {} games, {} at once; start {}",
        info.title,
        ch.entrants.len(),
        championship::schedule(ch.entrants.len(), ch.self_games).len(),
        jobs,
        ch.table.start.as_deref().unwrap_or("the usual one")
    );
    let mut stdout = std::io::stdout();
    let records = championship::run(&ch, &lock, &mut stdout)?;
    if let Some(shard) = ch.shard {
        println!(
            "shard {}/{}: {} games recorded in {}; when every shard is done: tabula tournament merge SHARD_DIR… --out DIR",
            shard.number,
            shard.count,
            records.len(),
            ch.dir.display()
        );
        return Ok(());
    }
    let res = championship::results(&ch, &records);
    println!("\n{}", championship::standings_text(&res));
    let written = championship::write_outputs(&ch, &res, &records, &referee)?;
    for path in written {
        println!("wrote {}", path.display());
    }
    println!("games and logs in {}", ch.dir.display());
    Ok(())
}

fn grade(args: GradeArgs) -> Result<(), GameError> {
    let mut championships = Vec::new();
    for dir in &args.dirs {
        let path = dir.join("standings.json");
        let text = std::fs::read_to_string(&path).map_err(|e| {
            GameError::Usage(if e.kind() == std::io::ErrorKind::NotFound {
                format!(
                    "{}: not a championship folder (no standings.json; tabula tournament … --out {} writes one)",
                    dir.display(),
                    dir.display()
                )
            } else {
                format!("{}: {e}", path.display())
            })
        })?;
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| GameError::Usage(format!("{}: not standings ({e})", path.display())))?;
        let rows = value
            .get("standings")
            .and_then(|s| s.as_array())
            .ok_or_else(|| GameError::Usage(format!("{}: no standings in it", path.display())))?;
        let mut grades = Vec::new();
        for row in rows {
            let name = row.get("name").and_then(|n| n.as_str());
            let g = row.get("grade").and_then(|g| g.as_f64());
            match (name, g) {
                (Some(n), Some(g)) => grades.push((n.to_string(), g)),
                (Some(n), None) => {
                    return Err(GameError::Usage(format!(
                        "{}: {n} has no grade (a championship scored by points only?)",
                        path.display()
                    )));
                }
                _ => {}
            }
        }
        championships.push(grades);
    }
    let finals = crate::grading::final_grades(&championships);
    let c = championships.len();
    println!(
        "final grades over {c} championship{} (S = grade/10, P = ΣS, Min = C/2 = {}, Max = the top P)",
        if c == 1 { "" } else { "s" },
        c as f64 / 2.0
    );
    println!("{:<24} {:>7} {:>7}", "player", "P", "grade");
    let mut csv = String::from("player,p,grade\n");
    for f in &finals {
        println!("{:<24} {:>7.3} {:>7.2}", f.name, f.p, f.grade);
        csv.push_str(&format!("{},{:.4},{:.2}\n", f.name, f.p, f.grade));
    }
    if let Some(path) = &args.csv {
        std::fs::write(path, csv)
            .map_err(|e| GameError::Usage(format!("{}: {e}", path.display())))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// A handle on the real stdout, after which file descriptor 1 points at stderr.
fn protocol_stdout() -> Result<std::fs::File, GameError> {
    use std::os::fd::FromRawFd;
    // SAFETY: dup/dup2 on the process's own standard descriptors; the duplicate is
    // owned by the File returned, and nothing else holds it.
    unsafe {
        let fd = libc::dup(1);
        if fd < 0 || libc::dup2(2, 1) < 0 {
            return Err(GameError::Usage(
                "cannot set up the protocol's output".into(),
            ));
        }
        Ok(std::fs::File::from_raw_fd(fd))
    }
}

fn serve(args: ServeArgs) -> Result<(), GameError> {
    let info = game_info(Some(&args.game), args.rules.as_deref())?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // The protocol owns stdout: whatever else would print there (Scryer's load
    // warnings, a player's own format/2) goes to stderr, the player's log, instead.
    let mut output = protocol_stdout()?;
    crate::serve::serve(
        info,
        &args.spec,
        args.rules.as_deref(),
        args.seed,
        &mut input,
        &mut output,
    )
}

fn bench(args: BenchArgs) -> Result<(), GameError> {
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    let started = Instant::now();
    let rules = Rules::load(info, args.rules.as_deref())?;
    let start_time = started.elapsed();
    let options = args.board.options(args.seed);
    // The board as the rules make it, to report its size.
    let state = rules.initial_state(&options)?;
    let size = board_size(&rules, &state);
    let goal = format!(
        "game:random_playouts({}, {}, {}, {}, Plies)",
        term::quote_atom(rules.module()),
        term::to_text(&Term::List(options)),
        args.seed,
        args.playouts
    );
    let timer = Instant::now();
    let plies = rules.engine().query_value(&goal, "Plies")?;
    let elapsed = timer.elapsed().as_secs_f64();
    let plies = term::as_i64(&plies).unwrap_or(0);
    println!("game        {} ({})", info.name, info.title);
    if let Some(size) = size {
        println!("board       {size}");
    }
    println!(
        "engine      started and rules loaded in {:.0} ms",
        start_time.as_secs_f64() * 1000.0
    );
    println!(
        "playouts    {} random games, {plies} plies in {elapsed:.2} s",
        args.playouts
    );
    let speed = plies as f64 / elapsed.max(1e-9);
    println!(
        "speed       {speed:.0} plies/s, {:.0} playouts/s{}",
        f64::from(args.playouts) / elapsed.max(1e-9),
        match rules
            .fast_path()
            .filter(|f| f.used())
            .and_then(|f| f.file.as_ref())
        {
            Some(file) => format!(
                " (on the fast path, {})",
                file.file_name().unwrap_or_default().to_string_lossy()
            ),
            None => String::new(),
        }
    );
    // The same playouts on the rules as written, for the ratio (fewer of them: the
    // rules as written are many times slower).
    if let Some(fast) = rules.fast_path().filter(|f| f.file.is_some()) {
        if let (true, Some(fast_module)) = (fast.used(), &fast.module) {
            let n = (args.playouts / 10).max(1);
            let goal = format!(
                "game:random_playouts({}, {}, {}, {n}, Plies)",
                term::quote_atom(rules.module()),
                term::to_text(&Term::List(args.board.options(args.seed))),
                args.seed,
            );
            let timer = Instant::now();
            let slow = game::accelerate::without_fast_path(
                rules.engine(),
                rules.module(),
                fast_module,
                || rules.engine().query_value(&goal, "Plies"),
            )??;
            let slow_elapsed = timer.elapsed().as_secs_f64();
            let slow_speed = term::as_i64(&slow).unwrap_or(0) as f64 / slow_elapsed.max(1e-9);
            println!(
                "as written  {slow_speed:.0} plies/s on the rules alone ({n} games): the fast path is {:.1} times as fast",
                speed / slow_speed.max(1e-9)
            );
        } else if let Some(warning) = fast.warning(&info.file) {
            println!("fast path   not used: {warning}");
        }
    }
    Ok(())
}

fn board_size(rules: &Rules, state: &game::State) -> Option<String> {
    let view = rules.view(state).ok()?;
    match &view {
        Term::Compound(_, args) if args.len() >= 2 => {
            let rows = term::as_i64(&args[0])?;
            let cols = term::as_i64(&args[1])?;
            Some(format!("{rows} x {cols}"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::split_moves;

    #[test]
    fn moves_split_at_blanks_outside_parentheses() {
        assert_eq!(split_moves("(7 1) (2 7)  a5"), vec!["(7 1)", "(2 7)", "a5"]);
        assert_eq!(split_moves("h(0, 1) v(2,3)"), vec!["h(0, 1)", "v(2,3)"]);
        assert!(split_moves("  ").is_empty());
    }
}

//! The `tabula` command line.

mod bench;
mod bench_exact;
mod bench_search;
mod bench_startup;
mod check;
mod completions;
mod games;
mod grade;
mod gui;
mod options;
mod play;
mod play_match;
mod query;
mod repl;
mod serve;
mod table;
mod tournament;
mod tune;
mod web;

use crate::engine::ReplAnswer;
use crate::engine::term::{self, Term};
use crate::game::{self, GameError, GameInfo, Rules};
use crate::players::sandbox::Sandbox;
use crate::players::spec::PlayerSpec;
use crate::referee::matches::{MatchSpec, run_match};
use crate::ui::repl::Repl;
use crate::ui::repl::child::{EngineProcess, Limits, Stopped};
use crate::ui::terminal::Table;
use crate::ui::text::Style;
use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bench::{BenchArgs, bench};
use check::{CheckArgs, check};
use grade::{GradeArgs, grade};
use gui::{GuiArgs, gui};
use options::{BoardArgs, SeatArgs};
use play::{PlayArgs, play};
use play_match::{MatchArgs, play_match};
use query::{QueryArgs, query};
use repl::{ReplArgs, repl};
use serve::{ServeArgs, serve};
use tournament::{TournamentArgs, tournament};
use web::{WebArgs, web};

#[derive(Parser, Debug)]
#[command(
    name = "tabula",
    version,
    about = "Board games whose rules and computer players are written in Prolog",
    long_about = "Board games whose rules and computer players are written in Prolog and run by an \
embedded Scryer Prolog: edit a rule in prolog/games/ and the game changes everywhere.\n\n\
With no command, tabula opens the default game (game:default_game/1) in a window when there is \
a display, else in the terminal, against the strongest computer player."
)]
pub struct Cli {
    /// Also print the Prolog error terms under the messages that say them in words
    #[arg(long, global = true)]
    verbose: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in a window (the default when a display is available)
    Gui(GuiArgs),
    /// Play a game in the terminal
    Play(PlayArgs),
    /// Play in the browser: serves a page where people play any game against the
    /// computer or each other (`tabula web --open`)
    Web(WebArgs),
    /// A Prolog toplevel with a game's rules loaded
    Repl(ReplArgs),
    /// Run one Prolog goal against a game's rules and print every solution
    Query(QueryArgs),
    /// Play a match between two computer players and sum it up
    Match(MatchArgs),
    /// Check that a rules file keeps the game contract, over random games
    Check(CheckArgs),
    /// Measure random playouts through the Prolog rules (`bench startup`: the players'
    /// start-up; `bench search GAME`: a player's search at a fixed depth)
    Bench(BenchArgs),
    /// Find by play which generic player ai should be for a game without a strongest
    /// player of its own, and keep the choice for its rules
    Tune(tune::TuneArgs),
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
    #[cfg(feature = "site")]
    Site(crate::site::command::SiteArgs),
    /// The Prolog engine of `repl` and `query`, in a process of its own (internal)
    #[command(name = "__engine", hide = true)]
    Engine,
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
    crate::engine::set_verbose(cli.verbose);
    let result = match cli.command {
        None if cfg!(feature = "gui") && crate::ui::display_available() => gui(GuiArgs {
            game: None,
            board: BoardArgs::usual(),
            seats: SeatArgs::default_table(),
            rules: None,
            screenshot: None,
            moves: String::new(),
            no_watch: false,
            seed: None,
            record: None,
        }),
        None => {
            eprintln!(
                "tabula: no display found: playing in the terminal (tabula --help lists the commands)."
            );
            play(PlayArgs {
                game: None,
                board: BoardArgs::usual(),
                seats: SeatArgs::default_table(),
                seed: None,
                delay: 0.0,
                rules: None,
                record: None,
            })
        }
        Some(Command::Gui(args)) => gui(args),
        Some(Command::Play(args)) => play(args),
        Some(Command::Web(args)) => web(args),
        Some(Command::Repl(args)) => repl(args),
        Some(Command::Query(args)) => return query(args),
        Some(Command::Check(args)) => return check(args),
        Some(Command::Match(args)) => play_match(args),
        Some(Command::Bench(args)) => bench(args),
        Some(Command::Serve(args)) => serve(args),
        Some(Command::Tune(args)) => tune::tune(args),
        Some(Command::Tournament(args)) => tournament(args),
        Some(Command::Grade(args)) => grade(args),
        Some(Command::Games) => games::run(),
        Some(Command::Completions { shell }) => {
            completions::run(shell);
            Ok(())
        }
        #[cfg(feature = "site")]
        Some(Command::Site(args)) => {
            return match crate::site::command::run(args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tabula: {e}");
                    ExitCode::from(2)
                }
            };
        }
        Some(Command::Engine) => return crate::ui::repl::child::serve(),
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

//! A program in any language (`cmd:PROGRAM ARGS`, or a `.lisp` player run by SBCL) as
//! a seat in a game played at the terminal or in the window, over the same protocol and
//! limits as in a match.
//!
//! People take moves back and start new games, which a program speaking the protocol
//! cannot follow. So the seat keeps the commands the program has been told (the setup,
//! then the moves); when the game it is asked about no longer starts with them, the
//! program is started afresh and told the game again. In a game played straight through,
//! each move is told once.

use crate::engine::term::Term;
use crate::game::{GameError, GameInfo, Move, Rules, State};
use crate::players::protocol::{Fault, Launch, PlayerProcess};
use crate::players::sandbox::{self, Limits, Sandbox, View};
use crate::players::spec::PlayerSpec;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Whether programs played against here run without the sandbox (`--no-sandbox`).
static UNSANDBOXED: AtomicBool = AtomicBool::new(false);

/// Runs the programs played against at the terminal or in the window without the
/// sandbox, as `--no-sandbox` asks.
pub fn run_unsandboxed(yes: bool) {
    UNSANDBOXED.store(yes, Ordering::Relaxed);
}

/// The address-space cap of a program played against at the terminal or in the window.
pub const MEMORY_BYTES: u64 = 1 << 30;
/// Time for setting up and for hearing a move, as the referee gives.
const TELL_TIMEOUT: Duration = Duration::from_secs(20);
/// A program silent this long after its time is killed (its move was late anyway).
const LATE_GRACE: Duration = Duration::from_secs(1);

/// The protocol commands that set a game up: `game NAME key=value …` from the options
/// whose value is a number or a word, then `position TEXT` when the game has a position
/// text (so a random or given start reaches the program as a position).
pub fn setup_commands(
    rules: &Rules,
    game: &GameInfo,
    options: &[Term],
    start: &State,
) -> Result<Vec<String>, GameError> {
    let mut line = format!("game {}", game.name);
    for word in crate::game::GameOptions::from_terms(options).words() {
        line.push(' ');
        line.push_str(&word);
    }
    let mut commands = vec![line];
    if let Some(text) = rules.position_text(start)? {
        commands.push(format!("position {text}"));
    }
    Ok(commands)
}

/// How a seat's program is started.
enum Plan {
    /// A `cmd:` or `.lisp` player, in the sandbox a game here gives (or none, as
    /// `--no-sandbox` says).
    Spec(PlayerSpec),
    /// A command line and what it sees, in a sandbox given: as a championship starts
    /// the player (a `.pl` file through `tabula serve`).
    Launch {
        argv: Vec<String>,
        view: View,
        sandbox: Arc<Sandbox>,
        memory_bytes: u64,
    },
}

/// A program's seat.
pub struct ProgramSeat {
    plan: Plan,
    log: PathBuf,
    process: Option<PlayerProcess>,
    /// The commands the running process has taken, in order.
    told: Vec<String>,
}

impl ProgramSeat {
    /// A seat for the program `spec` (a `cmd:` or `.lisp` player), its stderr going to
    /// `log`.
    pub fn new(spec: PlayerSpec, log: PathBuf) -> ProgramSeat {
        ProgramSeat {
            plan: Plan::Spec(spec),
            log,
            process: None,
            told: Vec::new(),
        }
    }

    /// A seat for any player that is not a person (a program, a `.lisp` or `.pl`
    /// file, a built-in level), started as a championship starts it: in `sandbox`,
    /// with `memory_bytes` of address space, a `.pl` file or built-in level served by
    /// `tabula` (`tabula serve`); its stderr going to `log`.
    pub fn sandboxed(
        spec: &PlayerSpec,
        how: &Served,
        sandbox: Arc<Sandbox>,
        memory_bytes: u64,
        log: PathBuf,
    ) -> Result<ProgramSeat, String> {
        let (argv, view) = match spec.program(memory_bytes) {
            Some(program) => program?,
            None => served(how.tabula, how.game, how.rules_file, spec, how.seed),
        };
        Ok(ProgramSeat {
            plan: Plan::Launch {
                argv,
                view,
                sandbox,
                memory_bytes,
            },
            log,
            process: None,
            told: Vec::new(),
        })
    }

    /// The move the program makes after `moves` (their canonical notations) in the game
    /// `setup` sets up, with `ms` milliseconds to answer; its answer as it wrote it. An
    /// answer after `ms` is a time-out, as in a match.
    pub fn genmove(
        &mut self,
        setup: &[String],
        moves: &[String],
        ms: u64,
    ) -> Result<String, Fault> {
        let result = self.tell_and_ask(setup, moves, ms);
        if result.is_err() {
            // Beyond talking to: the next question starts it afresh.
            self.process = None;
            self.told.clear();
        }
        result
    }

    fn tell_and_ask(
        &mut self,
        setup: &[String],
        moves: &[String],
        ms: u64,
    ) -> Result<String, Fault> {
        let script: Vec<String> = setup
            .iter()
            .cloned()
            .chain(moves.iter().map(|m| format!("play {m}")))
            .collect();
        if self.process.is_none() || !script.starts_with(&self.told) {
            self.restart()?;
        }
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| Fault::Start("the program did not start".into()))?;
        for command in &script[self.told.len()..] {
            process.ask(command, TELL_TIMEOUT)?;
            self.told.push(command.clone());
        }
        let asked = Instant::now();
        let answer = process.ask(
            &format!("genmove {ms}"),
            Duration::from_millis(ms) + LATE_GRACE,
        )?;
        let took = asked.elapsed();
        if took > Duration::from_millis(ms) {
            return Err(Fault::Timeout(took));
        }
        Ok(answer)
    }

    /// Notes that the program's last answer was played, as `notation`: the program
    /// counts its own answer as played, so it is not told it again.
    fn played(&mut self, notation: &str) {
        self.told.push(format!("play {notation}"));
    }

    /// The program's turn in `state`, judged by `rules` as the referee judges it: the
    /// move and its canonical notation, or why the program loses the game (a fault, an
    /// unreadable or an illegal move). Errors are the rules' own.
    pub fn turn(
        &mut self,
        rules: &Rules,
        state: &State,
        setup: &[String],
        moves: &[String],
        ms: u64,
    ) -> Result<Result<(Move, String), String>, GameError> {
        let text = match self.genmove(setup, moves, ms) {
            Ok(text) => text,
            // Point at what it said on stderr, when it said anything.
            Err(fault) if std::fs::metadata(&self.log).is_ok_and(|m| m.len() > 0) => {
                let log = self.log.display();
                let fault = crate::players::untrusted::shown(&fault.to_string());
                return Ok(Err(format!("{fault} (what it wrote on stderr: {log})")));
            }
            Err(fault) => return Ok(Err(crate::players::untrusted::shown(&fault.to_string()))),
        };
        let Some(mv) = rules.parse_move(state, &text)? else {
            return Ok(Err(format!(
                "unparsable: {}",
                crate::players::untrusted::shown(&text)
            )));
        };
        if let Some(why) = rules.explain_illegal(state, &mv)? {
            return Ok(Err(format!(
                "illegal: {} ({why})",
                crate::players::untrusted::shown(&text)
            )));
        }
        let notation = rules.move_text(state, &mv)?;
        self.played(&notation);
        Ok(Ok((mv, notation)))
    }

    fn restart(&mut self) -> Result<(), Fault> {
        if let Some(old) = self.process.take() {
            old.quit();
        }
        self.told.clear();
        let (argv, view, sandbox, memory_bytes) = match &self.plan {
            Plan::Launch {
                argv,
                view,
                sandbox,
                memory_bytes,
            } => (
                argv.clone(),
                view.clone(),
                Some(sandbox.clone()),
                *memory_bytes,
            ),
            Plan::Spec(spec) => {
                let sandbox = if UNSANDBOXED.load(Ordering::Relaxed) {
                    None
                } else {
                    Some(Arc::new(Sandbox::new(Vec::new(), Vec::new()).map_err(
                        |why| {
                            Fault::Start(format!(
                                "cannot sandbox it: {why}; or run with --no-sandbox to start it as it is"
                            ))
                        },
                    )?))
                };
                let (argv, view) = match spec.program(MEMORY_BYTES) {
                    Some(program) => program.map_err(Fault::Start)?,
                    None => {
                        return Err(Fault::Start(format!(
                            "{spec} is not a program (cmd: or .lisp)"
                        )));
                    }
                };
                (argv, view, sandbox, MEMORY_BYTES)
            }
        };
        self.process = Some(PlayerProcess::start(&Launch {
            argv,
            limits: Limits::with_memory(memory_bytes),
            log: Some(self.log.clone()),
            sandbox: sandbox.map(|s| (s, view)),
            cores: Vec::new(),
            freeze_between_commands: true,
            // Played here, not graded: it takes only what graded games leave.
            priority: crate::players::sandbox::cgroup::Priority::Casual,
        })?);
        Ok(())
    }
}

impl Drop for ProgramSeat {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.quit();
        }
    }
}

/// A log file for a program's stderr in a game played here: in the temporary folder,
/// named after this process and the seat.
pub fn log_path(seat: u32) -> PathBuf {
    std::env::temp_dir().join(format!("tabula-{}-player-{seat}.log", std::process::id()))
}

/// What `tabula serve` needs to serve a built-in or `.pl` player its game.
pub struct Served<'a> {
    /// The tabula executable (this one).
    pub tabula: &'a Path,
    pub game: &'a GameInfo,
    /// The rules file played, when not the game's own.
    pub rules_file: Option<&'a Path>,
    /// The seed the player is started with.
    pub seed: u64,
}

/// `tabula serve` for a built-in or `.pl` player, with absolute paths throughout, and
/// what it sees in the sandbox: the tabula binary, the rules and the player file's
/// folder (its working folder).
pub fn served(
    tabula: &Path,
    game: &GameInfo,
    rules_file: Option<&Path>,
    spec: &PlayerSpec,
    seed: u64,
) -> (Vec<String>, View) {
    let text = |p: &Path| p.to_string_lossy().into_owned();
    let prolog = sandbox::absolute(&crate::game::prolog_dir());
    let mut view = View {
        read_only: vec![tabula.to_path_buf(), prolog.clone()],
        chdir: None,
        env: vec![("TABULA_PROLOG".into(), text(&prolog))],
        forks_games: false,
    };
    // The verdicts on the rules' fast paths: the player need not check them again
    // (its sandbox cannot see this machine's cache).
    let verdicts = crate::game::accelerate::verdicts_for_players();
    if !verdicts.is_empty() {
        view.env
            .push((crate::game::accelerate::ENV.into(), verdicts));
    }
    // Likewise the level ai plays as where tabula tune chose it (see game::tuned),
    // and the rules files' texts it found clean (see engine::scanned).
    let tuned = crate::game::tuned::for_players();
    if !tuned.is_empty() {
        view.env.push((crate::game::tuned::ENV.into(), tuned));
    }
    let scanned = crate::engine::scanned::for_players();
    if !scanned.is_empty() {
        view.env.push((crate::engine::scanned::ENV.into(), scanned));
    }
    let spec_text = match spec {
        PlayerSpec::File(path) => {
            let file = sandbox::absolute(path);
            if let Some(folder) = file.parent() {
                view.read_only.push(folder.to_path_buf());
                view.chdir = Some(folder.to_path_buf());
            }
            text(&file)
        }
        other => other.to_string(),
    };
    // A game tabula finds by its name is named; any other (a rules file given by its
    // path, a GDL game's translation) is given by its file, whose folder the player
    // reads (a rules file may load files beside it).
    let known = crate::game::catalog::find_game(&game.name).is_some_and(|g| g.file == game.file);
    let game_word = if known {
        game.name.clone()
    } else {
        let file = sandbox::absolute(&game.file);
        if let Some(folder) = file.parent() {
            view.read_only.push(folder.to_path_buf());
        }
        text(&file)
    };
    let mut argv = vec![
        text(tabula),
        "serve".into(),
        game_word,
        spec_text,
        "--seed".into(),
        seed.to_string(),
    ];
    if let Some(rules) = rules_file {
        let rules = sandbox::absolute(rules);
        view.read_only.push(rules.clone());
        argv.push("--rules".into());
        argv.push(text(&rules));
    }
    (argv, view)
}

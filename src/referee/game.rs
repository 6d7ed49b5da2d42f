//! The referee: plays one game between players that each run in a process of their own
//! (started for the game, spoken to over the player protocol of `docs/protocol.md`),
//! keeps the only authoritative position in its own Prolog machine, asks the rules
//! whether every answer is legal, times every move, and writes down what happened.
//!
//! A player that answers late, answers an illegal or unreadable move, answers `?`,
//! crashes, closes its pipes or writes garbage loses the game on the spot, and the
//! record says why (`illegal: c2-c5 (…)`, `timeout: 1.37 s`, `crash: exit 139`,
//! `protocol: …`).

use crate::game::{GameError, GameInfo, Judged, Outcome, Rules, State, Verdict};
use crate::players::forkserver::Templates;
use crate::players::protocol::{Fault, Launch, PlayerProcess};
use crate::players::sandbox::{Limits, Sandbox, View};
use crate::players::spec::PlayerSpec;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a player may take to answer anything but `genmove` (it may be starting a
/// Prolog machine, or be one of several processes sharing a core).
pub const SETUP_TIMEOUT: Duration = Duration::from_secs(20);

/// The least time a player has to take in a move it is told (`play`): it may not
/// think on a move it is told longer than on one it makes, the move time, and never
/// less than this.
pub const PLAY_TIMEOUT: Duration = Duration::from_secs(1);

/// How long past its limit a player's `genmove` answer is awaited, to report by how
/// much it was late, before it is killed.
pub const LATE_GRACE: Duration = Duration::from_secs(1);

/// How long a player file may take to load when it is checked before a match or a
/// championship ([`check_loads`]).
pub const LOAD_TIMEOUT: Duration = Duration::from_secs(10);

/// A player at the table: its name in the standings and how to start it.
#[derive(Debug, Clone)]
pub struct Seat {
    pub name: String,
    pub spec: PlayerSpec,
    /// This player's own limit a move, when it is not the table's (time odds).
    pub move_ms: Option<u64>,
    /// Why its file did not load when it was checked ([`check_loads`]): it is not
    /// started, and loses each game at its start with this reason.
    pub unloadable: Option<String>,
}

/// Loads `seat`'s player file once, exactly where its games would: in its sandbox
/// (the file's directives run as it loads), its control group and limits, with
/// [`LOAD_TIMEOUT`]; for a program, makes its sandbox's command line (what it is
/// given), without starting it. Why not, in words naming the file as given; `Ok` for
/// tabula's own levels (its own code).
pub fn check_loads(table: &Table, seat: &Seat) -> Result<(), String> {
    let PlayerSpec::File(path) = &seat.spec else {
        if let PlayerSpec::Command(words) = &seat.spec
            && let Some(missing) = missing_file(words)
        {
            let here = std::env::current_dir()
                .map(|d| d.display().to_string())
                .unwrap_or_else(|_| "the current folder".into());
            return Err(format!(
                "{}: there is no {missing} in {here} (a path in a cmd: player is read from \
                 the folder tabula was started in)",
                seat.spec
            ));
        }
        // A program's sandbox is made now, to say at once what it cannot be given
        // (an interpreter nobody may read, too large to copy).
        if seat.spec.is_program()
            && let Ok(launch) = launch(table, seat, 0, None)
            && let Some((sandbox, view)) = &launch.sandbox
        {
            sandbox
                .command(&launch.argv, view, &launch.limits)
                .map_err(|e| format!("{} cannot be started: {e}", seat.spec))?;
        }
        return Ok(());
    };
    let given = path.to_string_lossy();
    let log = table
        .log_dir
        .as_ref()
        .map(|d| d.join(format!("check-{}.log", file_word(&seat.name))));
    let mut launch = launch(table, seat, 0, log).map_err(|f| format!("{given}: {f}"))?;
    launch.argv.push("--check".into());
    launch.freeze_between_commands = false;
    use crate::players::loading::{LoadFault, check_loads as run_check};
    run_check(&launch, LOAD_TIMEOUT).map_err(|fault| match fault {
        LoadFault::Timeout(s) => format!("{given}: did not finish loading in {s} s"),
        LoadFault::Start(why) => format!("{given}: cannot be started: {why}"),
        LoadFault::Failed(message) => {
            let absolute = crate::players::sandbox::absolute(path);
            let message = message.replace(absolute.to_string_lossy().as_ref(), &given);
            if message.contains(given.as_ref()) {
                message
            } else {
                format!("{given} does not load: {message}")
            }
        }
    })
}

/// The first word of a `cmd:` command line that names a file which is not there: the
/// program written as a relative path (`./bot`), or an argument written as a relative
/// path or with a file's extension (`examples/bot.py`, `bot.py`), found neither in the
/// folder tabula runs in nor in a folder an earlier word names (`env -C DIR python3
/// bot.py`, as the site runs an archive). Absolute paths, options (`-x`,
/// `--seed=3`), numbers and bare words are left to the program.
fn missing_file(words: &[String]) -> Option<&str> {
    let mut folders: Vec<&Path> = Vec::new();
    for (k, word) in words.iter().enumerate() {
        let path = Path::new(word);
        if path.is_dir() {
            folders.push(path);
            continue;
        }
        let slashed = word.contains('/');
        let extension = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.rfind('.').is_some_and(|i| i > 0 && i + 1 < n.len()));
        let names_a_file = !word.starts_with('-')
            && !word.contains('=')
            && path.is_relative()
            && word.parse::<f64>().is_err()
            && if k == 0 {
                slashed
            } else {
                slashed || extension
            };
        if names_a_file && !path.exists() && !folders.iter().any(|f| f.join(path).exists()) {
            return Some(word);
        }
    }
    None
}

/// A player's name as a word for a file name.
fn file_word(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// What every game of a match or a championship shares.
#[derive(Debug, Clone)]
pub struct Table<'a> {
    pub game: &'static GameInfo,
    /// The `key=value` options of the `game` command (rows=8 cols=8 ...); the same
    /// become the options of the rules' `initial_state/2`.
    pub options: Vec<(String, String)>,
    /// The start position, in the game's position text (sent with `position`).
    pub start: Option<String>,
    /// The per-move limit (a seat may have its own: [`Seat::move_ms`]).
    pub move_ms: u64,
    /// The cap on each player's memory, in bytes.
    pub memory_bytes: u64,
    /// The tabula executable that serves tabula's own players (`tabula serve`).
    pub tabula: PathBuf,
    /// A rules file used instead of the game's own, by the referee and the players.
    pub rules_file: Option<&'a Path>,
    /// Where the players' stderr logs go (None: discarded).
    pub log_dir: Option<PathBuf>,
    /// Where the games in flight are shown live (None: they are not), see
    /// [`super::live`].
    pub live_dir: Option<PathBuf>,
    /// The sandbox players run in (None: `--no-sandbox`).
    pub sandbox: Option<Arc<Sandbox>>,
    /// The cores this table's games run on (empty: any).
    pub cores: Vec<usize>,
    /// Whether players may think while it is not their turn (`--ponder`); otherwise
    /// they are frozen between commands.
    pub ponder: bool,
    /// The fork servers that give tabula's own players their games (None: every
    /// player is started afresh for its game). See [`crate::players::forkserver`].
    pub templates: Option<Arc<Templates>>,
}

impl Table<'_> {
    /// The limit a move of `seat`'s player: its own, else the table's.
    pub fn move_ms_of(&self, seat: &Seat) -> u64 {
        seat.move_ms.unwrap_or(self.move_ms)
    }

    /// How long a player has to take in a move it is told.
    pub fn play_timeout(&self) -> Duration {
        Duration::from_millis(self.move_ms).max(PLAY_TIMEOUT)
    }
}

/// One move as played.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct MoveRecord {
    /// The player who moved (1-based, in the game's order).
    pub player: u32,
    /// The move in the game's canonical notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// Milliseconds from sending `genmove` to reading the answer.
    pub ms: u64,
}

/// A player's fault: who, and what it did.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FaultRecord {
    pub player: u32,
    pub reason: String,
}

/// A whole game.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct GameRecord {
    /// The game's number in its match or championship.
    pub id: usize,
    /// The game's name, in a record kept alone (downloaded from a page); a match's
    /// and a championship's records leave it to their file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The championship the game belongs to (the id in its `championship.json`), so
    /// that a resume adopts only its own records; none in a match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub championship: Option<String>,
    /// The name of the player at each seat, in the game's player order.
    pub players: Vec<String>,
    /// The spec each seat was played by.
    pub specs: Vec<String>,
    /// The game's options, as sent with `game`.
    pub options: Vec<(String, String)>,
    /// The start position, when the game has a position text.
    pub start: Option<String>,
    /// The seed the players were started with.
    pub seed: u64,
    /// Each seat's limit a move, in milliseconds, in the game's player order (they
    /// differ under time odds). Absent from the records of older versions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub move_ms: Vec<u64>,
    pub moves: Vec<MoveRecord>,
    /// Final points in the game's player order.
    pub scores: Vec<i64>,
    /// `winner`, `tie`, or `fault` when a player broke the rules.
    pub result: String,
    /// The winning players (1-based; several for a tie).
    pub winners: Vec<u32>,
    /// The player who lost by a fault, and the fault.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<FaultRecord>,
}

impl GameRecord {
    /// The seat (1-based) that lost by a fault, if any.
    pub fn faulty(&self) -> Option<u32> {
        self.fault.as_ref().map(|f| f.player)
    }
}

/// The command line that starts `seat`'s player for a game, and what it may see in
/// the sandbox: a program sees the folders its command line names (a `.lisp` player,
/// its own folder and the adapter's); tabula's own and `.pl` players see the tabula
/// binary, the rules and the player file's folder. A program that cannot run here
/// (no SBCL for a `.lisp` player) cannot start.
fn launch(table: &Table, seat: &Seat, seed: u64, log: Option<PathBuf>) -> Result<Launch, Fault> {
    let (argv, view) = match seat.spec.program(table.memory_bytes) {
        Some(program) => program.map_err(Fault::Start)?,
        None => crate::players::program::served(
            &table.tabula,
            table.game,
            table.rules_file,
            &seat.spec,
            seed,
        ),
    };
    Ok(Launch {
        argv,
        limits: Limits::with_memory(table.memory_bytes),
        log,
        sandbox: table.sandbox.clone().map(|s| (s, view)),
        cores: table.cores.clone(),
        freeze_between_commands: !table.ponder,
        priority: crate::players::sandbox::cgroup::Priority::Graded,
    })
}

/// How `seat`'s player gets its game from a fork server, when it is one of tabula's
/// own and the table has fork servers: the fork server's key (two entrants with the
/// same file share nothing), how to start it, and the game's launch.
fn fork_plan(
    table: &Table,
    seat: &Seat,
    seed: u64,
    log: Option<PathBuf>,
) -> Option<(String, Launch, Launch)> {
    table.templates.as_ref()?;
    if seat.spec.is_program() || seat.spec.is_human() || seat.unloadable.is_some() {
        return None;
    }
    let game = launch(table, seat, seed, log.clone()).ok()?;
    // One fork server per entrant and per game in flight (a championship's --jobs
    // play on threads of their own): games of one entrant never overlap in one sandbox,
    // so each finds it as a fresh sandbox would be.
    let key = format!(
        "{}\u{0}{}\u{0}{:?}",
        seat.name,
        seat.spec,
        std::thread::current().id()
    );
    // The same command line and sandbox (its seed is not used: each child is given
    // its game's).
    let mut argv = game.argv.clone();
    argv.push("--fork-server".into());
    if table.sandbox.is_some() {
        // Each game it forks gets a sandbox of its own: its own mounts, with fresh,
        // empty /tmp and /dev/shm, nothing of an earlier game.
        argv.extend([
            "--scratch".into(),
            "/tmp".into(),
            "--game-scratch-bytes".into(),
            game.limits.scratch_bytes.to_string(),
        ]);
    }
    let name = file_word(&seat.name);
    let template = Launch {
        argv,
        log: log
            .as_ref()
            .and_then(|l| l.parent().map(|d| d.join(format!("loading-{name}.log")))),
        // It idles between forks; its children are frozen in their games or not.
        freeze_between_commands: false,
        cores: Vec::new(),
        // It may give each game mounts of its own.
        sandbox: game.sandbox.clone().map(|(sandbox, view)| {
            (
                sandbox,
                View {
                    forks_games: true,
                    ..view
                },
            )
        }),
        ..game.clone()
    };
    Some((key, template, game))
}

/// The start position of `table` in the referee's machine.
pub fn start_state(referee: &Rules, table: &Table) -> Result<State, GameError> {
    use crate::game::{GameOptions, OptionValue};
    let mut options = GameOptions::from_pairs(&table.options);
    if let Some(text) = &table.start {
        options.set("position", OptionValue::Text(text.clone()));
    }
    referee.initial_state(&options.terms())
}

/// Plays game `id` with `seats[k]` as player k+1 (each started afresh, with a seed
/// derived from `seed`). Errors are the referee's own (its rules failing); everything
/// a player does wrong ends in the record.
pub fn play_game(
    referee: &Rules,
    table: &Table,
    seats: &[Seat],
    id: usize,
    seed: u64,
) -> Result<GameRecord, GameError> {
    let mut state = start_state(referee, table)?;
    let mut record = GameRecord {
        id,
        game: None,
        championship: None,
        players: seats.iter().map(|s| s.name.clone()).collect(),
        specs: seats.iter().map(|s| s.spec.to_string()).collect(),
        options: table.options.clone(),
        start: table.start.clone(),
        seed,
        move_ms: seats.iter().map(|s| table.move_ms_of(s)).collect(),
        moves: Vec::new(),
        scores: Vec::new(),
        result: String::new(),
        winners: Vec::new(),
        fault: None,
    };
    let live = super::live::LiveGame::new(table.live_dir.as_deref(), id);
    live.show(referee, &record, &state, &[]);
    let setup_line = std::iter::once(format!("game {}", table.game.name))
        .chain(table.options.iter().map(|(k, v)| format!("{k}={v}")))
        .collect::<Vec<_>>()
        .join(" ");
    // Start every player, all at once (they load side by side), then set each up in
    // turn; the first that fails to start or to take the setup loses. A player with a
    // fork server is forked by it (whose first start begins before any fork).
    let began = Instant::now();
    let starts: Vec<(u64, Option<PathBuf>)> = (0..seats.len())
        .map(|k| {
            let log = table
                .log_dir
                .as_ref()
                .map(|d| d.join(format!("game-{id}-player-{}.log", k + 1)));
            (seed.wrapping_mul(31).wrapping_add(k as u64), log)
        })
        .collect();
    let plans: Vec<Option<(String, Launch, Launch)>> = seats
        .iter()
        .zip(&starts)
        .map(|(seat, (seed, log))| fork_plan(table, seat, *seed, log.clone()))
        .collect();
    if let Some(templates) = &table.templates {
        for (key, template, _) in plans.iter().flatten() {
            templates.warm(key, template);
        }
    }
    let mut players: Vec<PlayerProcess> = Vec::new();
    for (k, seat) in seats.iter().enumerate() {
        let player = k as u32 + 1;
        let (seed, log) = starts[k].clone();
        let forked = match (&table.templates, &plans[k]) {
            (Some(templates), Some((key, template, game))) => {
                templates.player(key, template, game, seed)
            }
            _ => None,
        };
        let started = match forked {
            _ if seat.unloadable.is_some() => {
                Err(Fault::Start(seat.unloadable.clone().unwrap_or_default()))
            }
            Some(p) => {
                crate::engine::timing::note_text(&format!(
                    "game {id}: player {player} forked by its fork server"
                ));
                Ok(p)
            }
            None => launch(table, seat, seed, log).and_then(|launch| PlayerProcess::start(&launch)),
        };
        match started {
            Ok(p) => players.push(p),
            Err(fault) => return finish_fault(record, referee, &state, player, fault, players),
        }
    }
    for k in 0..players.len() {
        let p = &mut players[k];
        // tabula serve reads its first command once loaded: a player of tabula's
        // started for its game that times out here was still loading.
        let loads = !seats[k].spec.is_program() && !p.is_forked();
        let set_up = p
            .ask(&setup_line, SETUP_TIMEOUT)
            .map_err(|fault| match fault {
                Fault::Timeout(_) if loads => Fault::Start(format!(
                    "did not finish loading in {} s",
                    SETUP_TIMEOUT.as_secs()
                )),
                fault => fault,
            })
            .and_then(|_| match &table.start {
                Some(text) => p.ask(&format!("position {text}"), SETUP_TIMEOUT),
                None => Ok(String::new()),
            });
        if let Err(fault) = set_up {
            return finish_fault(record, referee, &state, k as u32 + 1, fault, players);
        }
    }
    crate::engine::timing::note("game: players started and set up", began);
    let began = Instant::now();
    loop {
        let (outcome, to_move) = referee.status(&state)?;
        if let Outcome::Over { scores, result } = outcome {
            record.scores = scores;
            match result {
                Verdict::Winner(p) => {
                    record.result = "winner".into();
                    record.winners = vec![p];
                }
                Verdict::Tie(ps) => {
                    record.result = "tie".into();
                    record.winners = ps;
                }
            }
            crate::engine::timing::note("game: moves played", began);
            let began = Instant::now();
            for p in players {
                p.quit();
            }
            crate::engine::timing::note("game: players quit", began);
            return Ok(record);
        }
        let player = to_move.ok_or_else(|| {
            GameError::Contract("the game is not over but nobody is to move".into())
        })?;
        let Some(process) = players.get_mut((player as usize).wrapping_sub(1)) else {
            return Err(GameError::Contract(format!(
                "the rules say player {player} moves, in a game of {} players",
                seats.len()
            )));
        };
        let move_ms = seats
            .get((player as usize).wrapping_sub(1))
            .map_or(table.move_ms, |s| table.move_ms_of(s));
        let asked = Instant::now();
        let answer = process.ask(
            &format!("genmove {move_ms}"),
            Duration::from_millis(move_ms) + LATE_GRACE,
        );
        let took = asked.elapsed();
        let text = match answer {
            Ok(text) if took > Duration::from_millis(move_ms) => {
                let fault = Fault::Timeout(took);
                let _ = text;
                return finish_fault(record, referee, &state, player, fault, players);
            }
            Ok(text) => text,
            Err(fault) => return finish_fault(record, referee, &state, player, fault, players),
        };
        // Read, written in the rules' notation and played in one query.
        let (notation, next, played) = match referee.judge(&state, &text)? {
            Judged::Played {
                notation, next, mv, ..
            } => (notation.unwrap_or_else(|| text.clone()), next, mv),
            Judged::Unreadable => {
                // The record keeps the whole answer; the terminal shows it cut
                // and escaped (crate::players::untrusted::shown).
                let reason = format!("unparsable: {text}");
                return finish_reason(record, referee, &state, player, reason, players);
            }
            Judged::Illegal { mv, .. } => {
                let why = referee
                    .explain_illegal(&state, &mv)?
                    .unwrap_or_else(|| "not a legal move".into());
                let reason = format!("illegal: {text} ({why})");
                return finish_reason(record, referee, &state, player, reason, players);
            }
        };
        record.moves.push(MoveRecord {
            player,
            notation: notation.clone(),
            ms: took.as_millis() as u64,
        });
        if table.live_dir.is_some() {
            let last = referee.move_regions(&state, &played).unwrap_or_default();
            live.show(referee, &record, &next, &last);
        }
        state = next;
        // Everyone else hears of the move.
        for (k, other) in players.iter_mut().enumerate() {
            let seat = k as u32 + 1;
            if seat == player {
                continue;
            }
            if let Err(fault) = other.ask(&format!("play {notation}"), table.play_timeout()) {
                // The move that ended the game stands: a player failing to hear it
                // changes nothing, and a fault after the end is no game the rules
                // could replay (a resume rejects such a record).
                if matches!(referee.outcome(&state)?, Outcome::Over { .. }) {
                    break;
                }
                return finish_fault(record, referee, &state, seat, fault, players);
            }
        }
    }
}

fn finish_fault(
    record: GameRecord,
    referee: &Rules,
    state: &State,
    player: u32,
    fault: Fault,
    players: Vec<PlayerProcess>,
) -> Result<GameRecord, GameError> {
    finish_reason(record, referee, state, player, fault.to_string(), players)
}

/// The game ends with `player` losing by a fault: every other player wins. The scores
/// are the points on the board when it stopped, for a game of points (`scores/2`, as
/// Timbiriche keeps them); else a win for each other player, 1, and 0 for `player`.
fn finish_reason(
    mut record: GameRecord,
    referee: &Rules,
    state: &State,
    player: u32,
    reason: String,
    players: Vec<PlayerProcess>,
) -> Result<GameRecord, GameError> {
    for p in players {
        p.quit();
    }
    let n = referee.players(state)?;
    record.result = "fault".into();
    record.winners = (1..=n).filter(|p| *p != player).collect();
    record.scores = match referee.scores(state) {
        Ok(Some(points)) if points.len() == n as usize => points,
        _ => (1..=n).map(|p| i64::from(p != player)).collect(),
    };
    record.fault = Some(FaultRecord { player, reason });
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::missing_file;

    fn words(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_cmd_word_that_names_a_missing_file_is_found() {
        // Run from the crate's root (cargo test does so): examples/ is there.
        let here = words(&["python3", "examples/random_bot.py", "--delay", "0.5"]);
        assert_eq!(missing_file(&here), None);
        let elsewhere = words(&["python3", "nowhere/random_bot.py"]);
        assert_eq!(missing_file(&elsewhere), Some("nowhere/random_bot.py"));
        assert_eq!(missing_file(&words(&["python3", "bot.py"])), Some("bot.py"));
        assert_eq!(missing_file(&words(&["./bia"])), Some("./bia"));
        // Options, numbers, bare words and absolute paths are not looked at.
        let options = words(&[
            "sh",
            "-c",
            "exit 3",
            "--seed=1.5",
            "3.25",
            "fast",
            "/no/such",
        ]);
        assert_eq!(missing_file(&options), None);
        // A word found in a folder named before it: the site's `env -C DIR`.
        let archive = words(&["env", "-C", "examples", "python3", "random_bot.py"]);
        assert_eq!(missing_file(&archive), None);
    }
}

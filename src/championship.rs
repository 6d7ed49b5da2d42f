//! Championships as the assignments run them: every pair of players meets with the
//! colours both ways (and, in Breakthrough, every player once against itself), each
//! game between fresh player processes under the referee (see `referee`); every
//! finished game is appended to `DIR/games.jsonl` and flushed to disk at once, so
//! that rerunning the same command resumes where a killed run stopped (adopting only
//! the records its schedule and the rules produce, see [`check_record`]; one runner at
//! a time holds the folder, see [`lock_folder`]); then the
//! standings and grades of the assignment's rules (`grading`), a crosstable, Elo, and
//! a self-contained web page with every game replayable.

use crate::game::{GameError, Outcome, Rules, Verdict};
use crate::grading::{self, Scoring, Standing, Tally};
use crate::player::Entrant;
use crate::referee::{GameRecord, Seat, Table, play_game, start_state};
use crate::term::{self, Term};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, mpsc};

/// The records file in a championship's folder.
pub const GAMES_FILE: &str = "games.jsonl";
/// What the championship is, written when it starts and checked when it resumes.
pub const SETTINGS_FILE: &str = "championship.json";
/// The file a runner locks for as long as it runs, holding its PID.
pub const LOCK_FILE: &str = ".lock";

/// A championship to run.
pub struct Championship<'a> {
    pub table: Table<'a>,
    pub entrants: Vec<Entrant>,
    pub scoring: Scoring,
    /// Whether every player also plays a game against itself (Breakthrough's rule).
    pub self_games: bool,
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    pub dir: PathBuf,
    /// Days late per player name.
    pub late: Vec<(String, u32)>,
    /// The part of the schedule this run plays (None: all of it).
    pub shard: Option<Shard>,
    /// How the players were confined, when another run played the games (a merge of
    /// shards); None: as this run's table says ([`confinement_note`]).
    pub confinement: Option<String>,
}

/// One of the parts a championship's schedule is split into, to be played apart
/// (on a cluster's nodes) and merged: shard `number` of `count`, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub number: usize,
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("--shard {s:?}: expected K/N, e.g. 2/10 (shard 2 of 10)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let number: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || number == 0 || number > count {
            return Err(format!(
                "--shard {s:?}: K must be between 1 and N (shard {number} of {count} does not exist)"
            ));
        }
        Ok(Shard { number, count })
    }
}

/// What a shard's folder says of itself (`shard.json`), beside the championship's
/// settings: which shard it is, and what the merge needs to grade as the
/// unsharded run would.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardFile {
    pub shard: Shard,
    pub scoring: String,
    pub late: Vec<(String, u32)>,
    pub confinement: String,
}

/// The file a shard's folder holds its [`ShardFile`] in.
pub const SHARD_FILE: &str = "shard.json";

/// The shard (1-based) of every game of the schedule.
pub fn shard_of_games(players: usize, plan: &[Pairing], count: usize) -> Vec<usize> {
    let games: Vec<(usize, usize)> = plan.iter().map(|p| (p.first, p.second)).collect();
    crate::shard::assign(players, &games, count)
        .into_iter()
        .map(|s| s + 1)
        .collect()
}

/// What identifies a championship: the same settings resume it; other settings in
/// the same folder are refused, so two championships never mix.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Settings {
    /// The championship's id ([`Settings::hash_id`]), written into each of its records.
    /// Absent from the files of older versions (it is then computed and added).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    pub game: String,
    pub players: Vec<(String, String)>,
    pub options: Vec<(String, String)>,
    pub start: Option<String>,
    pub move_ms: u64,
    pub seed: u64,
    pub self_games: bool,
}

impl Settings {
    /// The settings of a championship, with their id.
    pub fn of(ch: &Championship) -> Settings {
        let mut settings = Settings {
            id: String::new(),
            game: ch.table.game.name.to_string(),
            players: ch
                .entrants
                .iter()
                .map(|e| (e.name.clone(), e.spec.to_string()))
                .collect(),
            options: ch.table.options.clone(),
            start: ch.table.start.clone(),
            move_ms: ch.table.move_ms,
            seed: ch.seed,
            self_games: ch.self_games,
        };
        settings.id = settings.hash_id();
        settings
    }

    /// The id these settings give: a hex hash (64-bit FNV-1a) of their JSON without
    /// the id. It tells one championship's records from another's; it is no secret
    /// (the replay of every record is what keeps forged games out).
    pub fn hash_id(&self) -> String {
        let mut bare = self.clone();
        bare.id = String::new();
        let json = serde_json::to_string(&bare).unwrap_or_default();
        let hash = json.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        format!("{hash:016x}")
    }
}

/// A runner's exclusive hold on a championship's folder: an advisory lock (`flock`)
/// on `DIR/.lock`, whose text is the holder's PID. The kernel drops the lock when
/// the process ends, however it ends, so a killed run never blocks its resume.
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
}

/// Takes the folder (creating it) for this process, or says which process has it.
pub fn lock_folder(dir: &Path) -> Result<FolderLock, GameError> {
    fs::create_dir_all(dir).map_err(|e| {
        GameError::Usage(format!(
            "{}: cannot hold the championship there: {e}",
            dir.display()
        ))
    })?;
    let path = dir.join(LOCK_FILE);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| io_error(&path, e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let who = holder(&path).map_or("another tabula".to_string(), |pid| {
                format!("another tabula (PID {pid})")
            });
            return Err(GameError::Usage(format!(
                "{}: {who} is running this championship; wait for it to finish or stop it",
                dir.display()
            )));
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(GameError::Usage(format!(
                "{}: cannot lock the championship's folder: {e}",
                path.display()
            )));
        }
    }
    // Only the holder writes, so the text is a PID or (for a moment) empty.
    file.set_len(0)
        .and_then(|_| file.write_all(format!("{}\n", std::process::id()).as_bytes()))
        .and_then(|_| file.flush())
        .map_err(|e| io_error(&path, e))?;
    Ok(FolderLock { _file: file })
}

/// The PID in a lock file; the holder writes it just after locking, so a runner
/// that finds the lock taken waits a moment for it.
fn holder(path: &Path) -> Option<u32> {
    for _ in 0..25 {
        if let Some(pid) = fs::read_to_string(path)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return Some(pid);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    None
}

/// One scheduled game: its number and the entrants at seat 1 and seat 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    pub id: usize,
    pub first: usize,
    pub second: usize,
}

/// The schedule: for every pair, a game each way; then the self-games.
pub fn schedule(players: usize, self_games: bool) -> Vec<Pairing> {
    let mut games = Vec::new();
    for i in 0..players {
        for j in i + 1..players {
            games.push((i, j));
            games.push((j, i));
        }
    }
    if self_games {
        games.extend((0..players).map(|i| (i, i)));
    }
    games
        .into_iter()
        .enumerate()
        .map(|(id, (first, second))| Pairing { id, first, second })
        .collect()
}

/// The seed of game `id`'s players.
fn game_seed(seed: u64, id: usize) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(id as u64) % (1 << 62)
}

/// The records of a folder: the readable ones, and warnings about the lines dropped
/// (unreadable, or torn). Whether they belong to a championship is [`check_record`]'s
/// question.
pub fn read_records(path: &Path) -> Result<(Vec<GameRecord>, Vec<String>), GameError> {
    let (records, warnings) = read_numbered(path)?;
    Ok((records.into_iter().map(|(_, r)| r).collect(), warnings))
}

/// Records with the number of their line in the file (from 1).
type Numbered = Vec<(usize, GameRecord)>;

/// The readable records of a file with their line numbers, and warnings.
fn read_numbered(path: &Path) -> Result<(Numbered, Vec<String>), GameError> {
    let text = match fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), Vec::new())),
        Err(e) => return Err(io_error(path, e)),
    };
    let mut records = Vec::new();
    let mut warnings = Vec::new();
    let lines: Vec<&str> = text.split('\n').collect();
    let last = lines.len().saturating_sub(1);
    for (k, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            // The last line counts only when its newline was written too.
            Ok(record) if k < last => records.push((k + 1, record)),
            _ if k == last => warnings.push(format!(
                "{}: the last line is torn (the run was stopped while writing it): dropped, its game is played again",
                path.display()
            )),
            Err(e) => warnings.push(format!(
                "{}:{}: not a game record ({e}): dropped, its game is played again",
                path.display(),
                k + 1
            )),
            Ok(_) => {}
        }
    }
    Ok((records, warnings))
}

/// Text from a file, fit for a one-line message: control characters escaped, at
/// most 40 characters (a forged record may hold anything).
fn shown(text: &str) -> String {
    let mut s: String = text
        .chars()
        .take(40)
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

/// Why `r` is not a record this championship (id `id`, schedule `plan`) could have
/// written, in words that follow "game N (a vs b) "; `None` when it is one. Besides
/// the schedule's pairing, seed, board and start, its moves are replayed with the
/// rules: each must be legal and by the player to move, and a game that ended on
/// the board must end as the rules say (result, winners, scores); a fault must end a
/// game still going. Errors are the rules' own, not the record's.
pub fn check_record(
    ch: &Championship,
    id: &str,
    plan: &[Pairing],
    referee: &Rules,
    r: &GameRecord,
) -> Result<Option<String>, GameError> {
    match r.championship.as_deref() {
        Some(c) if c == id => {}
        Some(c) => {
            return Ok(Some(format!(
                "belongs to another championship ({}, this one is {id})",
                shown(c)
            )));
        }
        None => {
            return Ok(Some(
                "names no championship (written by an older tabula, or by hand)".into(),
            ));
        }
    }
    let Some(p) = plan.get(r.id) else {
        return Ok(Some(format!(
            "is not in the schedule, which has {} games",
            plan.len()
        )));
    };
    let seats = [&ch.entrants[p.first], &ch.entrants[p.second]];
    let names: Vec<String> = seats.iter().map(|e| e.name.clone()).collect();
    let specs: Vec<String> = seats.iter().map(|e| e.spec.to_string()).collect();
    if r.players != names {
        let theirs: Vec<String> = r.players.iter().map(|n| shown(n)).collect();
        return Ok(Some(format!(
            "does not match the schedule (its players are {})",
            theirs.join(" vs ")
        )));
    }
    if r.specs != specs {
        let theirs: Vec<String> = r.specs.iter().map(|n| shown(n)).collect();
        return Ok(Some(format!(
            "does not match the schedule (its players were played by {})",
            theirs.join(" and ")
        )));
    }
    let seed = game_seed(ch.seed, r.id);
    if r.seed != seed {
        return Ok(Some(format!(
            "does not match the schedule (its seed is {}, the schedule's {seed})",
            r.seed
        )));
    }
    if r.options != ch.table.options || r.start != ch.table.start {
        return Ok(Some(
            "was played on another board or from another start".into(),
        ));
    }
    replay(referee, &ch.table, r)
}

/// The words of a result, for a record's stated result against the rules'.
fn verdict_words(result: &str, winners: &[u32], players: &[String]) -> String {
    let name = |p: u32| {
        players
            .get((p as usize).wrapping_sub(1))
            .map_or_else(|| format!("player {p}"), |n| shown(n))
    };
    match (result, winners) {
        ("winner", [w]) => format!("{} won", name(*w)),
        ("tie", _) => "a tie".into(),
        (other, ws) => {
            let ws: Vec<String> = ws.iter().map(|w| name(*w)).collect();
            format!("{} with winners [{}]", shown(other), ws.join(", "))
        }
    }
}

/// Replays `r`'s moves from the table's start; see [`check_record`].
fn replay(referee: &Rules, table: &Table, r: &GameRecord) -> Result<Option<String>, GameError> {
    let mut state = start_state(referee, table)?;
    for (k, m) in r.moves.iter().enumerate() {
        let k = k + 1;
        let notation = shown(&m.notation);
        if let Outcome::Over { .. } = referee.outcome(&state)? {
            return Ok(Some(format!(
                "is not as the rules play it (move {k}, {notation}, comes after the end)"
            )));
        }
        let to_move = referee.to_move(&state)?;
        if to_move != Some(m.player) {
            return Ok(Some(format!(
                "is not as the rules play it (move {k}, {notation}, is by player {}, but {} was to move)",
                m.player,
                to_move.map_or("nobody".to_string(), |p| format!("player {p}"))
            )));
        }
        let Some(mv) = referee.parse_move(&state, &m.notation)? else {
            return Ok(Some(format!(
                "is not as the rules play it (move {k}, {notation}, is no move)"
            )));
        };
        let Some((next, _)) = referee.apply(&state, &mv)? else {
            let why = referee
                .explain_illegal(&state, &mv)?
                .unwrap_or_else(|| "not a legal move".into());
            return Ok(Some(format!(
                "is not as the rules play it (move {k}, {notation}, is illegal: {})",
                shown(&why)
            )));
        };
        state = next;
    }
    let stated = verdict_words(&r.result, &r.winners, &r.players);
    let moves = r.moves.len();
    match (r.result.as_str(), referee.outcome(&state)?) {
        ("winner" | "tie", Outcome::Ongoing) => Ok(Some(format!(
            "is not as the rules play it (it says {stated} after {moves} moves, but the game goes on there)"
        ))),
        ("winner" | "tie", Outcome::Over { scores, result }) => {
            let (result, winners) = match result {
                Verdict::Winner(p) => ("winner", vec![p]),
                Verdict::Tie(ps) => ("tie", ps),
            };
            if r.result != result || r.winners != winners {
                let actual = verdict_words(result, &winners, &r.players);
                return Ok(Some(format!(
                    "is not as the rules play it (it says {stated}, the rules say {actual})"
                )));
            }
            if r.scores != scores {
                return Ok(Some(format!(
                    "is not as the rules play it (its scores are {:?}, the rules' {scores:?})",
                    r.scores
                )));
            }
            if r.fault.is_some() {
                return Ok(Some(
                    "is not as the rules play it (it ended on the board, yet names a fault)".into(),
                ));
            }
            Ok(None)
        }
        ("fault", Outcome::Over { .. }) => Ok(Some(format!(
            "is not as the rules play it (a fault ends it after move {moves}, when the game was already over)"
        ))),
        ("fault", Outcome::Ongoing) => {
            let n = referee.players(&state)?;
            let Some(f) = &r.fault else {
                return Ok(Some(
                    "is not as the rules play it (it says a fault ended it, but names none)".into(),
                ));
            };
            if f.player == 0 || f.player > n {
                return Ok(Some(format!(
                    "is not as the rules play it (a fault by player {}, in a game of {n})",
                    f.player
                )));
            }
            // Everyone but the faulty player wins, as the referee scores a fault.
            let winners: Vec<u32> = (1..=n).filter(|p| *p != f.player).collect();
            let scores: Vec<i64> = (1..=n).map(|p| i64::from(p != f.player)).collect();
            if r.winners != winners || r.scores != scores {
                return Ok(Some(format!(
                    "is not as the rules play it (it says {stated}, but player {} lost by a fault)",
                    f.player
                )));
            }
            Ok(None)
        }
        (other, _) => Ok(Some(format!(
            "is not as the rules play it (its result is {:?})",
            shown(other)
        ))),
    }
}

/// "game N (a vs b)": the names from the schedule when the game is in it.
fn game_label(ch: &Championship, plan: &[Pairing], r: &GameRecord) -> String {
    let names: Vec<String> = match plan.get(r.id) {
        Some(p) => vec![
            ch.entrants[p.first].name.clone(),
            ch.entrants[p.second].name.clone(),
        ],
        None => r.players.iter().map(|n| shown(n)).collect(),
    };
    format!("game {} ({})", r.id.wrapping_add(1), names.join(" vs "))
}

fn io_error(path: &Path, e: std::io::Error) -> GameError {
    GameError::Usage(format!("{}: {e}", path.display()))
}

/// Appends one record as a line and makes sure it is on disk before returning.
fn append_record(file: &mut File, record: &GameRecord, path: &Path) -> Result<(), GameError> {
    let mut line = serde_json::to_string(record)
        .map_err(|e| GameError::Usage(format!("cannot write a record: {e}")))?;
    line.push('\n');
    file.write_all(line.as_bytes())
        .and_then(|_| file.flush())
        .and_then(|_| file.sync_data())
        .map_err(|e| io_error(path, e))
}

/// Runs (or resumes) the championship, in a folder this process holds (`_lock`, from
/// [`lock_folder`]); `log` gets progress lines and warnings.
pub fn run(
    ch: &Championship,
    _lock: &FolderLock,
    log: &mut dyn Write,
) -> Result<Vec<GameRecord>, GameError> {
    fs::create_dir_all(ch.dir.join("logs")).map_err(|e| {
        GameError::Usage(format!(
            "{}: cannot hold the championship there: {e}",
            ch.dir.display()
        ))
    })?;
    let settings = Settings::of(ch);
    let settings_path = ch.dir.join(SETTINGS_FILE);
    let write_settings = || -> Result<(), GameError> {
        let text =
            serde_json::to_string_pretty(&settings).map_err(|e| GameError::Usage(e.to_string()))?;
        write_atomically(&settings_path, &(text + "\n"))
    };
    match fs::read_to_string(&settings_path) {
        Ok(text) => {
            let mut before: Settings = serde_json::from_str(&text).map_err(|e| {
                GameError::Usage(format!("{}: unreadable ({e})", settings_path.display()))
            })?;
            // The id follows from the rest: compare the rest.
            let stored_id = std::mem::take(&mut before.id);
            before.id.clone_from(&settings.id);
            if before != settings {
                return Err(GameError::Usage(format!(
                    "{} holds another championship ({}); give another --out folder to start a new one",
                    ch.dir.display(),
                    differences(&before, &settings)
                )));
            }
            // A folder of an older tabula gains its id (and an edited one is restored).
            if stored_id != settings.id {
                write_settings()?;
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => write_settings()?,
        Err(e) => return Err(io_error(&settings_path, e)),
    }

    let plan = schedule(ch.entrants.len(), ch.self_games);
    // A shard plays its part of the schedule only; its folder says which part.
    let owner = ch
        .shard
        .map(|s| shard_of_games(ch.entrants.len(), &plan, s.count));
    let mine = |id: usize| match (&owner, ch.shard) {
        (Some(owner), Some(s)) => owner.get(id) == Some(&s.number),
        _ => true,
    };
    match ch.shard {
        Some(shard) => check_shard_file(ch, shard)?,
        None if ch.dir.join(SHARD_FILE).exists() => {
            return Err(GameError::Usage(format!(
                "{} holds one shard of a championship: merge the shards with `tabula tournament merge`, or give another --out folder",
                ch.dir.display()
            )));
        }
        None => {}
    }
    let games_path = ch.dir.join(GAMES_FILE);
    let (old, mut warnings) = read_numbered(&games_path)?;
    // A torn or unreadable line is rewritten away.
    let mut rewrite = !warnings.is_empty();
    // Keep the records that this schedule and the rules produce, the first of each
    // game; the games of the others are played again.
    let mut done: Vec<Option<GameRecord>> = vec![None; plan.len()];
    let mut lines: Vec<usize> = vec![0; plan.len()];
    let referee = if old.is_empty() {
        None
    } else {
        Some(Rules::load(ch.table.game, ch.table.rules_file)?)
    };
    for (line, record) in old {
        let Some(referee) = &referee else { break };
        let at = format!("{}:{line}", games_path.display());
        let label = game_label(ch, &plan, &record);
        if let Some(first) = lines.get(record.id).copied().filter(|l| *l > 0) {
            warnings.push(format!(
                "{at}: {label} is recorded already (line {first}): dropped"
            ));
            rewrite = true;
            continue;
        }
        if !mine(record.id) {
            warnings.push(format!("{at}: {label} belongs to another shard: dropped"));
            rewrite = true;
            continue;
        }
        // A rules error is no verdict on the record: stop without dropping anything.
        let problem = check_record(ch, &settings.id, &plan, referee, &record).map_err(|e| {
            GameError::Usage(format!("{at}: cannot check {label} with the rules: {e}"))
        })?;
        match problem {
            None => {
                let id = record.id;
                if let (Some(l), Some(d)) = (lines.get_mut(id), done.get_mut(id)) {
                    *l = line;
                    *d = Some(record);
                }
            }
            Some(why) => {
                let again = if record.id < plan.len() {
                    ", the game is played again"
                } else {
                    ""
                };
                warnings.push(format!("{at}: {label} {why}: dropped{again}"));
                rewrite = true;
            }
        }
    }
    drop(referee);
    for w in &warnings {
        let _ = writeln!(log, "warning: {w}");
    }
    if rewrite {
        let mut text = String::new();
        for r in done.iter().flatten() {
            text.push_str(&serde_json::to_string(r).map_err(|e| GameError::Usage(e.to_string()))?);
            text.push('\n');
        }
        write_atomically(&games_path, &text)?;
    }
    let todo: VecDeque<Pairing> = plan
        .iter()
        .filter(|p| done[p.id].is_none() && mine(p.id))
        .copied()
        .collect();
    let planned = plan.iter().filter(|p| mine(p.id)).count();
    let finished = planned - todo.len();
    if finished > 0 {
        let _ = writeln!(
            log,
            "resuming: {finished} of {planned} games already played"
        );
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&games_path)
        .map_err(|e| io_error(&games_path, e))?;

    let bar = indicatif::ProgressBar::with_draw_target(
        Some(planned as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games  {elapsed_precise} elapsed, ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_position(finished as u64);

    let jobs = ch.jobs.max(1).min(todo.len().max(1));
    let slots = core_slots(jobs, &allowed_cores());
    let queue = Mutex::new(todo);
    let (tx, rx) = mpsc::channel::<Result<GameRecord, GameError>>();
    let mut failure = None;
    std::thread::scope(|scope| {
        for cores in slots {
            let tx = tx.clone();
            let queue = &queue;
            // Each game in flight has cores of its own, so games do not take each
            // other's time.
            let table = Table {
                cores,
                ..ch.table.clone()
            };
            scope.spawn(move || {
                let referee = match Rules::load(ch.table.game, ch.table.rules_file) {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                loop {
                    let next = queue.lock().ok().and_then(|mut q| q.pop_front());
                    let Some(p) = next else { return };
                    let seats = [seat(&ch.entrants[p.first]), seat(&ch.entrants[p.second])];
                    let result =
                        play_game(&referee, &table, &seats, p.id, game_seed(ch.seed, p.id));
                    let stop = result.is_err();
                    if tx.send(result).is_err() || stop {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for result in rx {
            match result {
                Ok(mut record) => {
                    record.championship = Some(settings.id.clone());
                    if let Err(e) = append_record(&mut file, &record, &games_path) {
                        failure = Some(e);
                        // Stop handing out games; the ones in flight finish unrecorded.
                        if let Ok(mut q) = queue.lock() {
                            q.clear();
                        }
                        continue;
                    }
                    bar.suspend(|| {
                        let _ = writeln!(log, "{}", game_line(&record));
                    });
                    bar.inc(1);
                    let id = record.id;
                    if let Some(slot) = done.get_mut(id) {
                        *slot = Some(record);
                    }
                }
                Err(e) => {
                    if let Ok(mut q) = queue.lock() {
                        q.clear();
                    }
                    failure.get_or_insert(e);
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(done.into_iter().flatten().collect())
}

/// Writes the shard's `shard.json`, or checks the one there: a folder holds one
/// shard of one championship.
fn check_shard_file(ch: &Championship, shard: Shard) -> Result<(), GameError> {
    let path = ch.dir.join(SHARD_FILE);
    let file = ShardFile {
        shard,
        scoring: scoring_name(ch.scoring).to_string(),
        late: ch.late.clone(),
        confinement: confinement_note(&ch.table),
    };
    if let Ok(text) = fs::read_to_string(&path) {
        let before: ShardFile = serde_json::from_str(&text)
            .map_err(|e| GameError::Usage(format!("{}: unreadable ({e})", path.display())))?;
        if before.shard != shard {
            return Err(GameError::Usage(format!(
                "{} holds shard {}/{} of this championship, not {}/{}: give each shard a folder of its own",
                ch.dir.display(),
                before.shard.number,
                before.shard.count,
                shard.number,
                shard.count
            )));
        }
    } else if ch.dir.join(GAMES_FILE).exists() {
        return Err(GameError::Usage(format!(
            "{} holds the whole championship, not a shard: give the shard a folder of its own",
            ch.dir.display()
        )));
    }
    let text = serde_json::to_string_pretty(&file).map_err(|e| GameError::Usage(e.to_string()))?;
    write_atomically(&path, &(text + "\n"))
}

/// The cores this process may run on.
pub fn allowed_cores() -> Vec<usize> {
    // SAFETY: sched_getaffinity fills a set we own; CPU_ISSET reads it in bounds.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
            return Vec::new();
        }
        (0..libc::CPU_SETSIZE as usize)
            .filter(|c| libc::CPU_ISSET(*c, &set))
            .collect()
    }
}

/// The cores of each of `jobs` games at once: the cores split into `jobs` groups
/// as even as can be; with more games than cores, games share them round the table.
/// Empty sets (no pinning) when the cores are unknown.
pub fn core_slots(jobs: usize, cores: &[usize]) -> Vec<Vec<usize>> {
    let jobs = jobs.max(1);
    if cores.is_empty() {
        return vec![Vec::new(); jobs];
    }
    if jobs >= cores.len() {
        return (0..jobs).map(|k| vec![cores[k % cores.len()]]).collect();
    }
    (0..jobs)
        .map(|k| cores[k * cores.len() / jobs..(k + 1) * cores.len() / jobs].to_vec())
        .collect()
}

fn differences(a: &Settings, b: &Settings) -> String {
    let mut d = Vec::new();
    if a.game != b.game {
        d.push(format!("game {} there, {} now", a.game, b.game));
    }
    if a.players != b.players {
        d.push("other players".to_string());
    }
    if a.options != b.options || a.start != b.start {
        d.push("another board or start".to_string());
    }
    if a.move_ms != b.move_ms {
        d.push(format!("{} ms a move there, {} now", a.move_ms, b.move_ms));
    }
    if a.seed != b.seed {
        d.push(format!("seed {} there, {} now", a.seed, b.seed));
    }
    if a.self_games != b.self_games {
        d.push("self-games differ".to_string());
    }
    d.join("; ")
}

fn seat(e: &Entrant) -> Seat {
    Seat {
        name: e.name.clone(),
        spec: e.spec.clone(),
    }
}

/// A line about a finished game.
pub fn game_line(r: &GameRecord) -> String {
    let name = |seat: u32| {
        r.players
            .get((seat as usize).wrapping_sub(1))
            .cloned()
            .unwrap_or_else(|| format!("player {seat}"))
    };
    let verdict = match (r.result.as_str(), r.winners.as_slice()) {
        ("tie", _) => "tie".to_string(),
        (_, [w]) => format!("{} wins", name(*w)),
        _ => "no winner".to_string(),
    };
    let mut line = format!(
        "game {:>3}  {} vs {}  —  {verdict} in {} moves",
        r.id + 1,
        name(1),
        name(2),
        r.moves.len()
    );
    if let Some(f) = &r.fault {
        line.push_str(&format!("  ({} lost by {})", name(f.player), f.reason));
    }
    line
}

/// The results table of a championship.
#[derive(Debug, Clone, Serialize)]
pub struct Results {
    pub game: String,
    pub scoring: String,
    pub standings: Vec<StandingRow>,
    pub players: Vec<String>,
    /// Row player's points and games against the column player (None: no game).
    pub crosstable: Vec<Vec<Option<Cell>>>,
    pub notes: Vec<String>,
    pub games_played: usize,
    pub games_scheduled: usize,
}

/// One line of the standings.
#[derive(Debug, Clone, Serialize)]
pub struct StandingRow {
    pub rank: usize,
    pub name: String,
    pub spec: String,
    pub points: f64,
    pub games: u32,
    /// Percentage of its games that were valid for the player.
    pub valid: f64,
    pub faults: u32,
    pub group: String,
    pub grade: Option<f64>,
    pub late_days: u32,
    pub elo: f64,
    pub elo_error: f64,
}

/// A crosstable cell.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Cell {
    pub points: f64,
    pub games: u32,
}

/// Points of seat `seat` (1-based) in a game: 1 for a win, ½ each in a tie.
fn points_of(r: &GameRecord, seat: u32) -> f64 {
    if !r.winners.contains(&seat) {
        0.0
    } else {
        1.0 / r.winners.len() as f64
    }
}

/// How the players were confined, for the notes: a championship run without the
/// sandbox says so where its results are read.
pub fn confinement_note(table: &Table) -> String {
    if table.sandbox.is_none() {
        return "The players ran WITHOUT a sandbox (--no-sandbox): unconfined, with the rights of whoever ran the championship; trust these results only as far as you trust every player's code.".into();
    }
    let mut note = "Every player ran in a sandbox (bubblewrap: no network, its own processes only, a read-only view of the system and of its own folder, a private scratch folder), with its memory, processes, files and CPU time capped".to_string();
    if !table.ponder {
        note.push_str(", frozen whenever it was not being asked something");
    }
    note.push('.');
    if let Some(missing) = crate::cgroup::Hierarchies::detect().missing_text() {
        note.push_str(&format!(
            " This machine had no control group for {missing}: resource limits stood in where they could."
        ));
    }
    note
}

/// Tallies, crosstable, grades and Elo from the records.
pub fn results(ch: &Championship, records: &[GameRecord]) -> Results {
    let n = ch.entrants.len();
    let index = |name: &str| ch.entrants.iter().position(|e| e.name == name);
    let mut tallies: Vec<Tally> = ch
        .entrants
        .iter()
        .map(|e| Tally {
            name: e.name.clone(),
            points: 0.0,
            games: 0,
            valid: 0,
            lost_by_fault: 0,
        })
        .collect();
    let mut cross: Vec<Vec<Option<Cell>>> = vec![vec![None; n]; n];
    let mut elo_games = Vec::new();
    for r in records {
        let (Some(a), Some(b)) = (
            r.players.first().and_then(|p| index(p)),
            r.players.get(1).and_then(|p| index(p)),
        ) else {
            continue;
        };
        if a == b {
            // A game against itself: one game, its point when played without fault.
            let t = &mut tallies[a];
            t.games += 1;
            if r.fault.is_none() {
                t.valid += 1;
                t.points += 1.0;
            } else {
                t.lost_by_fault += 1;
            }
            let cell = cross[a][a].get_or_insert(Cell {
                points: 0.0,
                games: 0,
            });
            cell.games += 1;
            cell.points += if r.fault.is_none() { 1.0 } else { 0.0 };
            continue;
        }
        for (me, other, seat) in [(a, b, 1u32), (b, a, 2u32)] {
            let t = &mut tallies[me];
            let p = points_of(r, seat);
            t.games += 1;
            t.points += p;
            if r.faulty() == Some(seat) {
                t.lost_by_fault += 1;
            } else {
                t.valid += 1;
            }
            let cell = cross[me][other].get_or_insert(Cell {
                points: 0.0,
                games: 0,
            });
            cell.games += 1;
            cell.points += p;
        }
        elo_games.push((a, b, points_of(r, 1)));
    }
    let ratings = grading::elo(n, &elo_games);
    let standings: Vec<Standing> = grading::standings(ch.scoring, &tallies, &ch.late);
    let rows = standings
        .iter()
        .map(|s| {
            let k = index(&s.name).unwrap_or(0);
            let rating = ratings.get(k);
            StandingRow {
                rank: s.rank,
                name: s.name.clone(),
                spec: ch
                    .entrants
                    .get(k)
                    .map(|e| e.spec.to_string())
                    .unwrap_or_default(),
                points: s.points,
                games: s.games,
                valid: s.valid_fraction * 100.0,
                faults: tallies.get(k).map_or(0, |t| t.lost_by_fault),
                group: s.group.label().to_string(),
                grade: s.grade,
                late_days: s.late_days,
                elo: rating.map_or(1500.0, |r| r.elo),
                elo_error: rating.map_or(0.0, |r| r.error),
            }
        })
        .collect();
    let mut notes = grading::notes(ch.scoring);
    if ch.self_games {
        notes.push(
            "Each player also plays one game against itself (both colours): it counts as one game, worth 1 point when every move in it was valid."
                .into(),
        );
    }
    notes.push("Elo ratings (± a 95 % interval) are for information only; games against itself are left out.".into());
    notes.push(
        ch.confinement
            .clone()
            .unwrap_or_else(|| confinement_note(&ch.table)),
    );
    Results {
        game: ch.table.game.name.to_string(),
        scoring: scoring_name(ch.scoring).into(),
        standings: rows,
        players: ch.entrants.iter().map(|e| e.name.clone()).collect(),
        crosstable: cross,
        notes,
        games_played: records.len(),
        games_scheduled: schedule(n, ch.self_games).len(),
    }
}

/// The name of a scoring, as `--scoring` takes it.
pub fn scoring_name(s: Scoring) -> &'static str {
    match s {
        Scoring::ValidGames => "valid_games",
        Scoring::Faults => "faults",
        Scoring::Points => "points",
    }
}

/// The standings as a terminal table, then the crosstable.
pub fn standings_text(res: &Results) -> String {
    let mut out = String::new();
    let width = res
        .standings
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(6)
        .clamp(6, 40);
    let late = res.standings.iter().any(|s| s.late_days > 0);
    out.push_str(&format!(
        "{:>4}  {:<width$}  {:>6}  {:>5}  {:>7}  {:<8}  {:>5}  {:>12}{}\n",
        "rank",
        "player",
        "points",
        "games",
        "valid",
        "group",
        "grade",
        "Elo",
        if late { "  late" } else { "" }
    ));
    for s in &res.standings {
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>6}  {:>5}  {:>6.1}%  {:<8}  {:>5}  {:>5.0} ± {:<4.0}{}\n",
            s.rank,
            s.name,
            trim_float(s.points),
            s.games,
            s.valid,
            s.group,
            s.grade.map_or("-".to_string(), |g| format!("{g:.1}")),
            s.elo,
            s.elo_error,
            if late {
                format!("  {} d", s.late_days)
            } else {
                String::new()
            }
        ));
    }
    out.push_str("\ncrosstable (points of the row player against the column player / games)\n");
    let short: Vec<String> = res
        .players
        .iter()
        .map(|p| p.chars().take(10).collect())
        .collect();
    out.push_str(&format!("{:<width$}", ""));
    for s in &short {
        out.push_str(&format!("  {s:>10}"));
    }
    out.push('\n');
    for (i, row) in res.crosstable.iter().enumerate() {
        out.push_str(&format!("{:<width$}", res.players[i]));
        for cell in row {
            let text = match cell {
                Some(c) => format!("{}/{}", trim_float(c.points), c.games),
                None => "·".into(),
            };
            out.push_str(&format!("  {text:>10}"));
        }
        out.push('\n');
    }
    out.push_str("\nnotes:\n");
    for n in &res.notes {
        out.push_str(&format!("  - {n}\n"));
    }
    out
}

fn trim_float(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// Writes `standings.json`, `standings.csv` and `index.html` into the folder.
pub fn write_outputs(
    ch: &Championship,
    res: &Results,
    records: &[GameRecord],
    referee: &Rules,
) -> Result<Vec<PathBuf>, GameError> {
    let json_path = ch.dir.join("standings.json");
    let json = serde_json::to_string_pretty(res).map_err(|e| GameError::Usage(e.to_string()))?;
    write_atomically(&json_path, &(json + "\n"))?;

    let csv_path = ch.dir.join("standings.csv");
    let mut csv = String::from(
        "rank,player,spec,points,games,valid_percent,faults,group,grade,late_days,elo,elo_error\n",
    );
    for s in &res.standings {
        csv.push_str(&format!(
            "{},{},{},{},{},{:.1},{},{},{},{},{:.0},{:.0}\n",
            s.rank,
            csv_field(&s.name),
            csv_field(&s.spec),
            s.points,
            s.games,
            s.valid,
            s.faults,
            s.group,
            s.grade.map_or(String::new(), |g| format!("{g:.2}")),
            s.late_days,
            s.elo,
            s.elo_error
        ));
    }
    write_atomically(&csv_path, &csv)?;

    let html_path = ch.dir.join("index.html");
    let html = crate::report::page(ch, res, records, referee)?;
    write_atomically(&html_path, &html)?;
    Ok(vec![json_path, csv_path, html_path])
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Writes `text` to `path` so that a reader, or a crash, finds either the old file or
/// the whole new one: a temporary file in the same folder, synced, renamed over it.
fn write_atomically(path: &Path, text: &str) -> Result<(), GameError> {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    // Named for this process: two writers never share a temporary file.
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = File::create(&tmp)
        .and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        })
        .and_then(|_| fs::rename(&tmp, path));
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(io_error(path, e));
    }
    // The rename is on disk once the folder is; a file system that cannot sync a
    // folder still has the file whole, old or new.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Every position of a game, replayed in the referee's machine: the frames of the web
/// page's viewer, each `{board, to_move, scores}` with the board in the vocabulary of
/// [`crate::board`] and the last move marked (a view that is not a board comes as
/// `{term}`, which the page names as such).
pub fn frames(referee: &Rules, table: &Table, record: &GameRecord) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    let Ok(mut state) = start_state(referee, table) else {
        return out;
    };
    let frame =
        |state: &crate::game::State, last: &[crate::board::Region]| -> Option<serde_json::Value> {
            let view = referee.view(state).ok()?;
            let to_move = referee.to_move(state).ok()?;
            let scores = referee.scores(state).ok()?;
            Some(match crate::board::Board::from_view(&view) {
                Some(mut board) => {
                    board.mark_last(last);
                    serde_json::json!({"board": board, "to_move": to_move, "scores": scores})
                }
                None => serde_json::json!({"term": term_json(&view), "to_move": to_move}),
            })
        };
    match frame(&state, &[]) {
        Some(f) => out.push(f),
        None => return out,
    }
    for m in &record.moves {
        let Ok(Some(mv)) = referee.parse_move(&state, &m.notation) else {
            break;
        };
        let last = referee.move_regions(&state, &mv).unwrap_or_default();
        let Ok(Some((next, _))) = referee.apply(&state, &mv) else {
            break;
        };
        state = next;
        match frame(&state, &last) {
            Some(f) => out.push(f),
            None => break,
        }
    }
    out
}

/// A Prolog term as JSON: numbers, atoms as strings, lists (and strings, which are
/// lists of characters) as arrays, compounds as {"f": name, "a": [args]}.
pub fn term_json(t: &Term) -> serde_json::Value {
    use serde_json::{Value, json};
    match t {
        Term::Integer(_) => term::as_i64(t).map_or(Value::Null, |i| json!(i)),
        Term::Float(f) => json!(f),
        Term::Atom(a) if a == "[]" => json!([]),
        Term::Atom(a) => json!(a),
        Term::String(s) => Value::Array(s.chars().map(|c| json!(c.to_string())).collect()),
        Term::List(items) => Value::Array(items.iter().map(term_json).collect()),
        Term::Compound(name, args) => {
            json!({"f": name, "a": args.iter().map(term_json).collect::<Vec<_>>()})
        }
        other => json!(term::to_text(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{FaultRecord, MoveRecord};

    #[test]
    fn games_in_flight_get_cores_of_their_own() {
        assert_eq!(core_slots(2, &[0, 1]), vec![vec![0], vec![1]]);
        assert_eq!(core_slots(1, &[0, 1]), vec![vec![0, 1]]);
        assert_eq!(
            core_slots(2, &[0, 1, 2, 3, 4]),
            vec![vec![0, 1], vec![2, 3, 4]]
        );
        // More games than cores: they share, round the table.
        assert_eq!(core_slots(3, &[4, 6]), vec![vec![4], vec![6], vec![4]]);
        assert_eq!(core_slots(2, &[]), vec![Vec::<usize>::new(), Vec::new()]);
    }

    fn championship() -> Championship<'static> {
        Championship {
            table: Table {
                // Any game with self-games and a 4 x 4 board in its options will do.
                game: crate::game::catalog()
                    .games
                    .iter()
                    .find(|g| g.championship.self_games && g.option("rows").is_some())
                    .copied()
                    .expect("a game with self-games"),
                options: vec![("rows".into(), "4".into()), ("cols".into(), "4".into())],
                start: None,
                move_ms: 200,
                memory_bytes: 0,
                tabula: PathBuf::new(),
                rules_file: None,
                log_dir: None,
                sandbox: None,
                cores: Vec::new(),
                ponder: false,
            },
            entrants: ["alice=greedy", "bob=random"]
                .iter()
                .map(|e| e.parse().expect("an entrant"))
                .collect(),
            scoring: Scoring::ValidGames,
            self_games: true,
            seed: 7,
            jobs: 1,
            dir: PathBuf::new(),
            late: Vec::new(),
            shard: None,
            confinement: None,
        }
    }

    /// Game `id` as the referee would record it, both sides played by greedy.
    fn honest(ch: &Championship, referee: &Rules, id: usize) -> GameRecord {
        let plan = schedule(ch.entrants.len(), ch.self_games);
        let p = plan[id];
        let seats = [&ch.entrants[p.first], &ch.entrants[p.second]];
        let mut state = start_state(referee, &ch.table).unwrap();
        let mut moves = Vec::new();
        let (scores, result) = loop {
            if let Outcome::Over { scores, result } = referee.outcome(&state).unwrap() {
                break (scores, result);
            }
            let player = referee.to_move(&state).unwrap().unwrap();
            let (mv, _) = referee.choose_move("greedy", &state, 100).unwrap();
            moves.push(MoveRecord {
                player,
                notation: referee.move_text(&state, &mv).unwrap(),
                ms: 1,
            });
            state = referee.apply(&state, &mv).unwrap().unwrap().0;
        };
        let (result, winners) = match result {
            Verdict::Winner(w) => ("winner", vec![w]),
            Verdict::Tie(ws) => ("tie", ws),
        };
        GameRecord {
            id,
            championship: Some(Settings::of(ch).id),
            players: seats.iter().map(|e| e.name.clone()).collect(),
            specs: seats.iter().map(|e| e.spec.to_string()).collect(),
            options: ch.table.options.clone(),
            start: None,
            seed: game_seed(ch.seed, id),
            moves,
            scores,
            result: result.into(),
            winners,
            fault: None,
        }
    }

    #[test]
    fn only_records_the_schedule_and_the_rules_produce_are_adopted() {
        let ch = championship();
        let id = Settings::of(&ch).id;
        let plan = schedule(2, true);
        let referee = Rules::load(ch.table.game, None).unwrap();
        let check = |r: &GameRecord| check_record(&ch, &id, &plan, &referee, r).unwrap();
        let good = honest(&ch, &referee, 1);
        assert!(good.moves.len() > 2);
        assert_eq!(check(&good), None);
        let rejected = |change: &dyn Fn(&mut GameRecord), words: &str| {
            let mut r = good.clone();
            change(&mut r);
            let why = check(&r).unwrap_or_else(|| panic!("adopted: {r:?}"));
            assert!(why.contains(words), "{why}");
        };
        rejected(&|r| r.championship = None, "names no championship");
        rejected(
            &|r| r.championship = Some("0123".into()),
            "another championship",
        );
        rejected(&|r| r.id = 9, "not in the schedule, which has 4 games");
        rejected(&|r| r.players.reverse(), "its players are alice vs bob");
        rejected(&|r| r.specs[0] = "greedy".into(), "played by");
        rejected(&|r| r.seed += 1, "its seed");
        rejected(&|r| r.options[0].1 = "5".into(), "another board");
        // The winner flipped, as a loser would forge it.
        rejected(
            &|r| {
                r.winners = vec![3 - r.winners[0]];
                r.scores.reverse();
            },
            "the rules say",
        );
        rejected(&|r| r.scores = vec![5, 5], "scores");
        rejected(&|r| r.moves[1].notation = "a1-a4".into(), "move 2, a1-a4");
        rejected(&|r| r.moves[0].notation = "nonsense".into(), "is no move");
        rejected(&|r| r.moves[0].player = 2, "is by player 2");
        rejected(&|r| r.moves.truncate(2), "the game goes on");
        rejected(&|r| r.result = "draw".into(), "its result");
        rejected(
            &|r| {
                r.result = "fault".into();
                r.fault = Some(FaultRecord {
                    player: 1,
                    reason: "timeout: 9 s".into(),
                });
            },
            "already over",
        );
        rejected(
            &|r| {
                r.fault = Some(FaultRecord {
                    player: 1,
                    reason: "timeout: 9 s".into(),
                })
            },
            "names a fault",
        );
        // A fault ending a game still going stands (only the referee saw the clock),
        // with the points as the referee gives them.
        let mut fault = good.clone();
        fault.moves.truncate(2);
        fault.result = "fault".into();
        fault.winners = vec![2];
        fault.scores = vec![0, 1];
        fault.fault = Some(FaultRecord {
            player: 1,
            reason: "timeout: 1.2 s".into(),
        });
        assert_eq!(check(&fault), None);
        fault.winners = vec![1];
        assert!(check(&fault).unwrap().contains("lost by a fault"));
    }

    #[test]
    fn the_id_follows_the_settings() {
        let ch = championship();
        let a = Settings::of(&ch);
        assert_eq!(a.id.len(), 16);
        assert_eq!(a.id, a.hash_id());
        let mut other = championship();
        other.seed = 8;
        assert_ne!(Settings::of(&other).id, a.id);
        // Written and read back, the id is the same.
        let back: Settings = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(back.hash_id(), a.id);
    }

    #[test]
    fn one_runner_holds_a_folder_and_forged_text_is_shown_tamed() {
        let dir = std::env::temp_dir().join(format!("tabula-lock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let held = lock_folder(&dir).unwrap();
        // flock locks belong to an open file: a second open in this process conflicts
        // as another process's would.
        let err = lock_folder(&dir).unwrap_err().to_string();
        assert!(
            err.contains(&format!("another tabula (PID {})", std::process::id())),
            "{err}"
        );
        drop(held);
        assert!(lock_folder(&dir).is_ok());
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(shown("a\nb\u{1b}[2J"), "a\\nb\\u{1b}[2J");
        assert!(shown(&"x".repeat(100)).ends_with("x…"));
    }
}

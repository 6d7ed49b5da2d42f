//! Championships as the assignments run them: every pair of players meets with the
//! colours both ways (and, in Breakthrough, every player once against itself), each
//! game between fresh player processes under the referee (see `referee`); every
//! finished game is appended to `DIR/games.jsonl` and flushed to disk at once, so
//! that rerunning the same command resumes where a killed run stopped; then the
//! standings and grades of the assignment's rules (`grading`), a crosstable, Elo, and
//! a self-contained web page with every game replayable.

use crate::game::{GameError, Rules};
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
}

/// What identifies a championship: the same settings resume it; other settings in
/// the same folder are refused, so two championships never mix.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Settings {
    pub game: String,
    pub players: Vec<(String, String)>,
    pub options: Vec<(String, String)>,
    pub start: Option<String>,
    pub move_ms: u64,
    pub seed: u64,
    pub self_games: bool,
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

/// The records of a folder: the valid ones, and warnings about the lines dropped.
pub fn read_records(path: &Path) -> Result<(Vec<GameRecord>, Vec<String>), GameError> {
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
            Ok(record) if k < last => records.push(record),
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

/// Runs (or resumes) the championship; `log` gets progress lines and warnings.
pub fn run(ch: &Championship, log: &mut dyn Write) -> Result<Vec<GameRecord>, GameError> {
    fs::create_dir_all(ch.dir.join("logs")).map_err(|e| {
        GameError::Usage(format!(
            "{}: cannot hold the championship there: {e}",
            ch.dir.display()
        ))
    })?;
    let settings = Settings {
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
    let settings_path = ch.dir.join(SETTINGS_FILE);
    match fs::read_to_string(&settings_path) {
        Ok(text) => {
            let before: Settings = serde_json::from_str(&text).map_err(|e| {
                GameError::Usage(format!("{}: unreadable ({e})", settings_path.display()))
            })?;
            if before != settings {
                return Err(GameError::Usage(format!(
                    "{} holds another championship ({}); give another --out folder to start a new one",
                    ch.dir.display(),
                    differences(&before, &settings)
                )));
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let text = serde_json::to_string_pretty(&settings)
                .map_err(|e| GameError::Usage(e.to_string()))?;
            fs::write(&settings_path, text + "\n").map_err(|e| io_error(&settings_path, e))?;
        }
        Err(e) => return Err(io_error(&settings_path, e)),
    }

    let plan = schedule(ch.entrants.len(), ch.self_games);
    let games_path = ch.dir.join(GAMES_FILE);
    let (old, warnings) = read_records(&games_path)?;
    for w in &warnings {
        let _ = writeln!(log, "warning: {w}");
    }
    // Keep the records that belong to this schedule, one per game.
    let mut done: Vec<Option<GameRecord>> = vec![None; plan.len()];
    for record in old {
        let fits = plan.get(record.id).is_some_and(|p| {
            record.players
                == [
                    ch.entrants[p.first].name.clone(),
                    ch.entrants[p.second].name.clone(),
                ]
        });
        if fits && done[record.id].is_none() {
            let id = record.id;
            done[id] = Some(record);
        }
    }
    // A torn or foreign line is rewritten away (atomically) before appending.
    if !warnings.is_empty() {
        let tmp = ch.dir.join("games.jsonl.tmp");
        let mut text = String::new();
        for r in done.iter().flatten() {
            text.push_str(&serde_json::to_string(r).map_err(|e| GameError::Usage(e.to_string()))?);
            text.push('\n');
        }
        fs::write(&tmp, text)
            .and_then(|_| fs::rename(&tmp, &games_path))
            .map_err(|e| io_error(&games_path, e))?;
    }
    let todo: VecDeque<Pairing> = plan
        .iter()
        .filter(|p| done[p.id].is_none())
        .copied()
        .collect();
    let finished = plan.len() - todo.len();
    if finished > 0 {
        let _ = writeln!(
            log,
            "resuming: {finished} of {} games already played",
            plan.len()
        );
    }
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&games_path)
        .map_err(|e| io_error(&games_path, e))?;

    let bar = indicatif::ProgressBar::with_draw_target(
        Some(plan.len() as u64),
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
                Ok(record) => {
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
    let missing = crate::cgroup::Hierarchies::detect().missing();
    let mut note = "Every player ran in a sandbox (bubblewrap: no network, its own processes only, a read-only view of the system and of its own folder, a private scratch folder), with its memory, processes, files and CPU time capped".to_string();
    if !table.ponder {
        note.push_str(", frozen whenever it was not being asked something");
    }
    note.push('.');
    if !missing.is_empty() {
        note.push_str(&format!(
            " This machine had no control group for {}: resource limits stood in where they could.",
            missing
                .iter()
                .map(|f| f.describe())
                .collect::<Vec<_>>()
                .join(", ")
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
    notes.push(confinement_note(&ch.table));
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
        Scoring::Breakthrough => "breakthrough",
        Scoring::Kingpawn => "kingpawn",
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

fn write_atomically(path: &Path, text: &str) -> Result<(), GameError> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, text)
        .and_then(|_| fs::rename(&tmp, path))
        .map_err(|e| io_error(path, e))
}

/// The view of every position of a game, replayed in the referee's machine: the
/// frames of the web page's viewer.
pub fn frames(referee: &Rules, table: &Table, record: &GameRecord) -> Vec<Term> {
    let mut out = Vec::new();
    let Ok(mut state) = start_state(referee, table) else {
        return out;
    };
    if let Ok(v) = referee.view(&state) {
        out.push(v);
    }
    for m in &record.moves {
        let Ok(Some(mv)) = referee.parse_move(&state, &m.notation) else {
            break;
        };
        let Ok(Some((next, _))) = referee.apply(&state, &mv) else {
            break;
        };
        state = next;
        match referee.view(&state) {
            Ok(v) => out.push(v),
            Err(_) => break,
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
}

//! Championships as the assignments run them: every pair of players meets with the
//! colours both ways (and, in Breakthrough, every player once against itself), each
//! game between fresh player processes under the referee (see `referee`); every
//! finished game is appended to `DIR/games.jsonl` and flushed to disk at once, so
//! that rerunning the same command resumes where a killed run stopped (adopting only
//! the records its schedule and the rules produce, see [`check_record`]; one runner at
//! a time holds the folder, see [`lock_folder`]); then the
//! standings and grades of the assignment's rules (`grading`), a crosstable, Elo, and
//! a self-contained web page with every game replayable.
//!
//! This file holds the championship, its settings and [`run`]; the schedule and its
//! shards are in `schedule`, the records and the folder's lock in `records`, the
//! standings in `results`, and the files written from them in `output`.

mod output;
mod records;
pub mod report;
mod results;
mod schedule;
pub mod shards;

pub use output::{frames, term_json, write_outputs};
pub use records::{FolderLock, LOCK_FILE, check_record, lock_folder, read_records};
pub use results::{
    Cell, Results, StandingRow, confinement_note, game_line, results, standings_text,
};
pub use schedule::{
    Pairing, SHARD_FILE, Shard, ShardFile, allowed_cores, core_slots, schedule, shard_of_games,
};

use crate::game::{GameError, Rules};
use crate::players::spec::Entrant;
use crate::referee::game::{GameRecord, Seat, Table, play_game};
use crate::referee::grading::Scoring;
use output::write_atomically;
use records::{append_record, game_label, read_numbered};
use schedule::game_seed;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fs::{self, OpenOptions};
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
    /// The part of the schedule this run plays (None: all of it).
    pub shard: Option<Shard>,
    /// How the players were confined, when another run played the games (a merge of
    /// shards); None: as this run's table says ([`confinement_note`]).
    pub confinement: Option<String>,
    /// The entrants whose file did not load when checked, and why
    /// ([`crate::referee::game::check_loads`]): they are not started, and lose each
    /// game at its start.
    pub unloadable: Vec<(String, String)>,
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
                .map(|e| (e.name.clone(), e.spec_text()))
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

fn io_error(path: &Path, e: std::io::Error) -> GameError {
    GameError::file(path, "cannot use it", e)
}

/// Runs (or resumes) the championship, in a folder this process holds (`_lock`, from
/// [`lock_folder`]); `log` gets progress lines and warnings.
pub fn run(
    ch: &Championship,
    _lock: &FolderLock,
    log: &mut dyn Write,
) -> Result<Vec<GameRecord>, GameError> {
    fs::create_dir_all(ch.dir.join("logs"))
        .map_err(|e| GameError::file(&ch.dir, "cannot hold the championship there", e))?;
    let settings = Settings::of(ch);
    let settings_path = ch.dir.join(SETTINGS_FILE);
    let write_settings = || -> Result<(), GameError> {
        let text = serde_json::to_string_pretty(&settings)
            .map_err(|e| GameError::json(&settings_path, "cannot write the settings", e))?;
        write_atomically(&settings_path, &(text + "\n"))
    };
    match fs::read_to_string(&settings_path) {
        Ok(text) => {
            let mut before: Settings = serde_json::from_str(&text)
                .map_err(|e| GameError::json(&settings_path, "unreadable", e))?;
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
            text.push_str(
                &serde_json::to_string(r)
                    .map_err(|e| GameError::json(&games_path, "cannot write a record", e))?,
            );
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
                    let seats = [
                        seat(ch, &ch.entrants[p.first]),
                        seat(ch, &ch.entrants[p.second]),
                    ];
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
        scoring: ch.scoring.name().to_string(),
        late: ch.late.clone(),
        confinement: confinement_note(&ch.table),
    };
    if let Ok(text) = fs::read_to_string(&path) {
        let before: ShardFile =
            serde_json::from_str(&text).map_err(|e| GameError::json(&path, "unreadable", e))?;
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
    let text = serde_json::to_string_pretty(&file)
        .map_err(|e| GameError::json(&path, "cannot write the shard's settings", e))?;
    write_atomically(&path, &(text + "\n"))
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

fn seat(ch: &Championship, e: &Entrant) -> Seat {
    Seat {
        name: e.name.clone(),
        spec: e.spec.clone(),
        move_ms: e.move_ms,
        unloadable: ch
            .unloadable
            .iter()
            .find(|(name, _)| *name == e.name)
            .map(|(_, why)| why.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn championship() -> Championship<'static> {
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
                live_dir: None,
                sandbox: None,
                cores: Vec::new(),
                ponder: false,
                templates: None,
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
            unloadable: Vec::new(),
        }
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
}

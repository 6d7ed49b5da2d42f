//! `tabula tournament merge`: the shards of a championship, played apart (on a
//! cluster's nodes, or anywhere: a shard is just a command), made into one result
//! folder, exactly as the unsharded run would have written it. Every shard must
//! belong to the same championship (the same `championship.json`), every game of
//! the schedule must be recorded once, in its own shard, and every record must
//! replay under the rules; otherwise nothing is written and the problems are listed.

use crate::game::{GameError, Rules, find_game};
use crate::players::spec::Entrant;
use crate::referee::championship::{
    self, Championship, GAMES_FILE, SETTINGS_FILE, SHARD_FILE, Settings, ShardFile,
};
use crate::referee::game::{GameRecord, Table};
use crate::referee::grading::Scoring;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// A shard's folder, read.
struct ShardDir {
    dir: PathBuf,
    settings: Settings,
    file: ShardFile,
    records: Vec<GameRecord>,
}

fn read_shard(dir: &Path) -> Result<ShardDir, GameError> {
    let read = |name: &str| -> Result<String, GameError> {
        fs::read_to_string(dir.join(name)).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                GameError::Usage(format!(
                    "{}: not a shard's folder (no {name}; `tabula tournament … --shard K/N --out {}` writes one)",
                    dir.display(),
                    dir.display()
                ))
            } else {
                GameError::file(&dir.join(name), "cannot read a shard's file", e)
            }
        })
    };
    let settings: Settings = serde_json::from_str(&read(SETTINGS_FILE)?)
        .map_err(|e| GameError::json(&dir.join(SETTINGS_FILE), "unreadable", e))?;
    let file: ShardFile = serde_json::from_str(&read(SHARD_FILE)?)
        .map_err(|e| GameError::json(&dir.join(SHARD_FILE), "unreadable", e))?;
    let records = if dir.join(GAMES_FILE).exists() {
        championship::read_records(&dir.join(GAMES_FILE))?.0
    } else {
        Vec::new()
    };
    Ok(ShardDir {
        dir: dir.to_path_buf(),
        settings,
        file,
        records,
    })
}

/// How far the shards have got: games recorded (of their own), and games scheduled.
pub fn progress(dirs: &[PathBuf]) -> (usize, usize) {
    let mut recorded = 0;
    let mut scheduled = 0;
    for dir in dirs {
        if let Ok(s) = read_shard(dir) {
            let plan = championship::schedule(s.settings.players.len(), s.settings.self_games);
            let owner =
                championship::shard_of_games(s.settings.players.len(), &plan, s.file.shard.count);
            let ids: std::collections::BTreeSet<usize> = s
                .records
                .iter()
                .filter(|r| owner.get(r.id) == Some(&s.file.shard.number))
                .map(|r| r.id)
                .collect();
            recorded += ids.len();
            if scheduled == 0 {
                scheduled = plan.len();
            }
        }
    }
    (recorded, scheduled)
}

/// Whether a shard's folder holds every game of its shard.
pub fn shard_complete(dir: &Path) -> bool {
    let Ok(s) = read_shard(dir) else {
        return false;
    };
    let plan = championship::schedule(s.settings.players.len(), s.settings.self_games);
    let owner = championship::shard_of_games(s.settings.players.len(), &plan, s.file.shard.count);
    let mine: std::collections::BTreeSet<usize> = owner
        .iter()
        .enumerate()
        .filter(|(_, o)| **o == s.file.shard.number)
        .map(|(id, _)| id)
        .collect();
    let have: std::collections::BTreeSet<usize> = s.records.iter().map(|r| r.id).collect();
    mine.is_subset(&have)
}

/// Merges the shards' folders into `out`: checks them, then writes
/// `championship.json`, `games.jsonl`, the logs, the standings and the page.
/// Returns the lines it printed.
pub fn merge(dirs: &[PathBuf], out: &Path, rules: Option<&Path>) -> Result<Vec<String>, GameError> {
    let usage = GameError::Usage;
    if dirs.is_empty() {
        return Err(usage("give the shards' folders to merge".into()));
    }
    let shards: Vec<ShardDir> = dirs
        .iter()
        .map(|d| read_shard(d))
        .collect::<Result<_, _>>()?;
    let first = &shards[0];
    let mut problems = Vec::new();
    // One championship.
    for s in &shards[1..] {
        if s.settings != first.settings {
            problems.push(format!(
                "{} belongs to another championship than {} (their championship.json differ: ids {} and {})",
                s.dir.display(),
                first.dir.display(),
                s.settings.id,
                first.settings.id
            ));
        }
        if (s.file.scoring.as_str(), &s.file.late)
            != (first.file.scoring.as_str(), &first.file.late)
        {
            problems.push(format!(
                "{} was graded otherwise than {} (scoring or late days differ)",
                s.dir.display(),
                first.dir.display()
            ));
        }
    }
    if !problems.is_empty() {
        return Err(usage(problems.join("\n")));
    }
    // Every shard once.
    let count = first.file.shard.count;
    let mut by_number: BTreeMap<usize, &ShardDir> = BTreeMap::new();
    for s in &shards {
        if s.file.shard.count != count {
            problems.push(format!(
                "{} is shard {}/{}, but {} is one of {count}",
                s.dir.display(),
                s.file.shard.number,
                s.file.shard.count,
                first.dir.display()
            ));
        } else if let Some(other) = by_number.insert(s.file.shard.number, s) {
            problems.push(format!(
                "shard {}/{count} is given twice: {} and {}",
                s.file.shard.number,
                other.dir.display(),
                s.dir.display()
            ));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| !by_number.contains_key(k))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        problems.push(format!(
            "shard{} {} of {count} {} missing",
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", "),
            if missing.len() > 1 { "are" } else { "is" }
        ));
    }
    // Every game once, in its shard.
    let settings = &first.settings;
    let names: Vec<&str> = settings.players.iter().map(|(n, _)| n.as_str()).collect();
    let plan = championship::schedule(names.len(), settings.self_games);
    let owner = championship::shard_of_games(names.len(), &plan, count);
    // Games are numbered from 1 for people, as the runs print them.
    let label = |id: usize| {
        plan.get(id).map_or_else(
            || format!("game {}", id + 1),
            |p| {
                format!(
                    "game {} ({} vs {})",
                    id + 1,
                    names[p.first],
                    names[p.second]
                )
            },
        )
    };
    let mut found: BTreeMap<usize, (&ShardDir, &GameRecord)> = BTreeMap::new();
    for s in &shards {
        let mut seen = std::collections::BTreeSet::new();
        for r in &s.records {
            if !seen.insert(r.id) {
                problems.push(format!("{} records {} twice", s.dir.display(), label(r.id)));
                continue;
            }
            if r.id >= plan.len() {
                problems.push(format!(
                    "{} records game {}, which is not in the schedule",
                    s.dir.display(),
                    r.id + 1
                ));
                continue;
            }
            if owner[r.id] != s.file.shard.number {
                problems.push(format!(
                    "{} records {}, which belongs to shard {}",
                    s.dir.display(),
                    label(r.id),
                    owner[r.id]
                ));
            }
            if let Some((other, _)) = found.insert(r.id, (s, r)) {
                problems.push(format!(
                    "{} is recorded twice: in {} and in {}",
                    label(r.id),
                    other.dir.display(),
                    s.dir.display()
                ));
            }
        }
    }
    let absent: Vec<usize> = (0..plan.len())
        .filter(|id| !found.contains_key(id))
        .collect();
    if !absent.is_empty() {
        let shown: Vec<String> = absent
            .iter()
            .take(20)
            .map(|id| format!("{} of shard {}", label(*id), owner[*id]))
            .collect();
        problems.push(format!(
            "{} of {} games are not recorded: {}{}",
            absent.len(),
            plan.len(),
            shown.join(", "),
            if absent.len() > 20 { ", …" } else { "" }
        ));
    }
    if !problems.is_empty() {
        return Err(usage(problems.join("\n")));
    }

    // The championship, as the unsharded run had it.
    let info = find_game(&settings.game).ok_or_else(|| {
        usage(format!(
            "{}: unknown game {:?}",
            first.dir.display(),
            settings.game
        ))
    })?;
    let entrants: Vec<Entrant> = settings
        .players
        .iter()
        .map(|(name, spec)| {
            format!("{name}={spec}")
                .parse::<Entrant>()
                .map_err(|e| usage(format!("player {name}: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let scoring: Scoring = first
        .file
        .scoring
        .parse()
        .map_err(|e| usage(format!("{}: {e}", first.dir.join(SHARD_FILE).display())))?;
    let ch = Championship {
        table: Table {
            game: info,
            options: settings.options.clone(),
            start: settings.start.clone(),
            move_ms: settings.move_ms,
            memory_bytes: 0,
            tabula: std::env::current_exe().unwrap_or_default(),
            rules_file: rules,
            log_dir: None,
            live_dir: None,
            sandbox: None,
            cores: Vec::new(),
            ponder: false,
            templates: None,
        },
        entrants,
        scoring,
        self_games: settings.self_games,
        seed: settings.seed,
        jobs: 1,
        dir: out.to_path_buf(),
        late: first.file.late.clone(),
        shard: None,
        confinement: Some(first.file.confinement.clone()),
        unloadable: Vec::new(),
    };
    let referee = Rules::load(info, rules)?;
    for (id, (s, r)) in &found {
        if let Some(why) = championship::check_record(&ch, &settings.id, &plan, &referee, r)? {
            problems.push(format!("{}: {} {why}", s.dir.display(), label(*id)));
        }
    }
    if !problems.is_empty() {
        return Err(usage(problems.join("\n")));
    }

    // Written as the unsharded run writes them.
    fs::create_dir_all(out.join("logs"))
        .map_err(|e| GameError::file(out, "cannot hold the merged championship there", e))?;
    if out.join(SHARD_FILE).exists() {
        return Err(usage(format!(
            "{} is a shard's folder: merge into another folder",
            out.display()
        )));
    }
    let settings_path = out.join(SETTINGS_FILE);
    let settings_text = serde_json::to_string_pretty(settings)
        .map_err(|e| GameError::json(&settings_path, "cannot write the settings", e))?;
    fs::write(&settings_path, settings_text + "\n")
        .map_err(|e| GameError::file(&settings_path, "cannot write it", e))?;
    let games_path = out.join(GAMES_FILE);
    let mut games = String::new();
    let records: Vec<GameRecord> = found.values().map(|(_, r)| (*r).clone()).collect();
    for r in &records {
        games.push_str(
            &serde_json::to_string(r)
                .map_err(|e| GameError::json(&games_path, "cannot write a record", e))?,
        );
        games.push('\n');
    }
    fs::write(&games_path, games)
        .map_err(|e| GameError::file(&games_path, "cannot write it", e))?;
    for s in &shards {
        if let Ok(logs) = fs::read_dir(s.dir.join("logs")) {
            for entry in logs.flatten() {
                let _ = fs::copy(entry.path(), out.join("logs").join(entry.file_name()));
            }
        }
    }
    let res = championship::results(&ch, &records);
    let mut lines = vec![championship::standings_text(&res)];
    for path in championship::write_outputs(&ch, &res, &records, &referee)? {
        lines.push(format!("wrote {}", path.display()));
    }
    lines.push(format!(
        "merged {count} shards: {} games of {}",
        records.len(),
        plan.len()
    ));
    Ok(lines)
}

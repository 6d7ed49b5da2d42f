//! The site's workers: one plays the qualification games of each new version as soon
//! as it is uploaded; the other starts the championships when they are due (on the
//! schedule or on the teacher's demand) and resumes one a crash or a restart
//! interrupted. Both run `tabula` itself as a child process (`tabula match`,
//! `tabula tournament`), so the games get the same referee, records, sandbox, locks
//! and resume as on the command line, and the web server never runs a player.

use super::db;
use super::{Site, SiteError};
use crate::referee::championship::{self, GAMES_FILE, SETTINGS_FILE};
use crate::referee::game::GameRecord;
use jiff::Timestamp;
use rusqlite::{OptionalExtension, params};
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

/// How many qualification games a version plays (one on each side).
pub const QUALIFICATION_GAMES: u32 = 2;

/// The command that runs `tabula`, its child dying with the site (so that a
/// restarted site resumes what it left, rather than meeting a runner still going).
fn tabula(site: &Site) -> Command {
    let mut cmd = Command::new(&site.tabula);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: prctl is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
    }
    // It runs in an empty folder, with the Prolog folder named absolutely: a word of
    // a player's command line never names a file there by accident (the sandbox
    // shows a player what its command line names).
    cmd.current_dir(site.course.join(EMPTY_DIR));
    cmd.env(
        "TABULA_PROLOG",
        crate::players::sandbox::absolute(&crate::game::prolog_dir()),
    );
    if let Some(lisp) = std::env::var_os("TABULA_LISP").filter(|d| !d.is_empty()) {
        cmd.env(
            "TABULA_LISP",
            crate::players::sandbox::absolute(Path::new(&lisp)),
        );
    }
    cmd.stdin(Stdio::null());
    cmd
}

/// What a qualification stopped with the site says (it is not recorded).
const STOPPED: &str = "stopped with the site";

/// The empty folder the runner's children start in.
pub const EMPTY_DIR: &str = ".run";

/// The options that set up the board, as the course's config gives them.
fn board_args(site: &Site) -> Vec<String> {
    let c = &site.config;
    let mut args = Vec::new();
    if let Some(r) = c.rows {
        args.extend(["--rows".to_string(), r.to_string()]);
    }
    if let Some(k) = c.cols {
        args.extend(["--cols".to_string(), k.to_string()]);
    }
    if let Some(s) = &c.start {
        args.extend(["--start".to_string(), s.clone()]);
    }
    args.extend([
        "--move-time".to_string(),
        c.move_time.to_string(),
        "--memory".to_string(),
        c.memory.clone(),
    ]);
    args
}

/// The folder of a version's qualification games.
pub fn qualification_dir(course: &Path, login: &str, version: i64) -> PathBuf {
    course.join("qualify").join(login).join(version.to_string())
}

/// The folder of a championship.
pub fn championship_dir(course: &Path, id: i64) -> PathBuf {
    course.join("championships").join(id.to_string())
}

/// Plays qualification games for waiting versions, oldest first, for ever.
pub fn qualification_worker(site: Arc<Site>) {
    // A qualification the last run left half done is played again.
    let _ = site.db.execute(
        "UPDATE qualifications SET status = 'waiting' WHERE status = 'running'",
        [],
    );
    while !site.stopping() {
        // Round robin: the student whose last qualification started longest ago (or
        // who has none yet) goes next, their oldest waiting version first; so one
        // student's backlog delays another's first result by one game pair at most.
        let next: Option<(i64, i64, String, i64, String)> = site
            .db
            .with(|c| {
                c.query_row(
                    "SELECT s.id, s.version, u.login, u.id, s.spec FROM qualifications q
                     JOIN submissions s ON s.id = q.submission_id JOIN users u ON u.id = s.user_id
                     WHERE q.status = 'waiting' AND s.spec IS NOT NULL
                     ORDER BY (SELECT MAX(q2.started_at) FROM qualifications q2
                               JOIN submissions s2 ON s2.id = q2.submission_id
                               WHERE s2.user_id = s.user_id AND q2.status != 'waiting') IS NOT NULL,
                              (SELECT MAX(q2.started_at) FROM qualifications q2
                               JOIN submissions s2 ON s2.id = q2.submission_id
                               WHERE s2.user_id = s.user_id AND q2.status != 'waiting'),
                              s.id
                     LIMIT 1",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
                )
                .optional()
            })
            .unwrap_or(None);
        let Some((id, version, login, _user, spec)) = next else {
            site.wait_for_work(Duration::from_secs(2));
            continue;
        };
        let _ = site.db.execute(
            "UPDATE qualifications SET status = 'running', started_at = ?2, summary = 'playing its qualification games' WHERE submission_id = ?1",
            params![id, Timestamp::now().to_string()],
        );
        site.log(&format!(
            "qualification of {login} version {version} starts"
        ));
        let (passed, summary) = qualify(&site, &login, version, &spec);
        if site.stopping() {
            // Played again at the next start (its status goes back to waiting).
            return;
        }
        site.log(&format!(
            "qualification of {login} version {version}: {}",
            if passed { "passed" } else { "failed" }
        ));
        let _ = site.db.execute(
            "UPDATE qualifications SET status = ?2, summary = ?3, finished_at = ?4 WHERE submission_id = ?1",
            params![
                id,
                if passed { "passed" } else { "failed" },
                summary,
                Timestamp::now().to_string()
            ],
        );
    }
}

/// Plays a version's qualification games against `random`, one on each side, on
/// the championship's settings, in the sandbox; returns whether it passed and what
/// happened, in words.
fn qualify(site: &Site, login: &str, version: i64, spec: &str) -> (bool, String) {
    let dir = qualification_dir(&site.course, login, version);
    // A qualification played again starts afresh.
    let _ = fs::remove_dir_all(&dir);
    if let Err(e) = fs::create_dir_all(&dir) {
        return (false, format!("the site could not play it: {e}"));
    }
    let records = dir.join(GAMES_FILE);
    let mut cmd = tabula(site);
    cmd.arg("match")
        .arg(&site.config.game)
        .arg("--p1")
        .arg(spec)
        .arg("--p2")
        .arg("random")
        .arg("--games")
        .arg(QUALIFICATION_GAMES.to_string())
        .arg("--seed")
        .arg(version.to_string())
        .arg("--championship-start")
        .arg("--record")
        .arg(&records)
        .arg("--logs")
        .arg(dir.join("logs"))
        .args(board_args(site));
    let output = match File::create(dir.join("run.log")) {
        Ok(f) => f,
        Err(e) => return (false, format!("the site could not play it: {e}")),
    };
    let errors = output.try_clone();
    cmd.stdout(output);
    if let Ok(e) = errors {
        cmd.stderr(e);
    }
    let status = match site.run_child(&mut cmd) {
        Ok(Some(s)) => s,
        Ok(None) => return (false, STOPPED.to_string()),
        Err(e) => return (false, format!("the site could not play it: {e}")),
    };
    let games = championship::read_records(&records)
        .map(|(r, _)| r)
        .unwrap_or_default();
    if !status.success() && games.is_empty() {
        // The match refused to start: its message says why (a file that does not load).
        let log = fs::read_to_string(dir.join("run.log")).unwrap_or_default();
        // tabula's own message comes first (`tabula: FILE:LINE: …`), the Prolog
        // term after it.
        let message = log
            .lines()
            .find_map(|l| l.strip_prefix("tabula: "))
            .or_else(|| log.lines().rev().find(|l| !l.trim().is_empty()))
            .unwrap_or("it could not be started")
            .trim()
            .to_string();
        // The student's own file is named as they know it.
        let own = spec
            .trim_start_matches("cmd:")
            .split_whitespace()
            .filter_map(|w| Path::new(w).parent())
            .find(|p| p.starts_with(site.course.join("submissions")))
            .map(|p| format!("{}/", p.display()));
        let mut message = message;
        if let Some(own) = own {
            message = message.replace(&own, "");
        }
        let course = site.course.to_string_lossy().to_string();
        return (false, message.replace(&course, "COURSE"));
    }
    summarize(&games)
}

/// The seat (1-based) the version played in a qualification game: the one named
/// `... (p1)` by `tabula match`.
pub fn qualification_seat(record: &GameRecord) -> u32 {
    record
        .players
        .iter()
        .position(|n| n.ends_with("(p1)"))
        .map_or(1, |i| i as u32 + 1)
}

/// What the qualification games came to, in words.
fn summarize(games: &[GameRecord]) -> (bool, String) {
    if games.len() < QUALIFICATION_GAMES as usize {
        return (
            false,
            format!(
                "only {} of its {QUALIFICATION_GAMES} qualification games were played",
                games.len()
            ),
        );
    }
    let mut faults = Vec::new();
    let mut wins = 0;
    let mut slowest = 0;
    for g in games {
        let seat = qualification_seat(g);
        let side = if seat == 1 {
            "moving first"
        } else {
            "moving second"
        };
        if let Some(f) = g.fault.as_ref().filter(|f| f.player == seat) {
            faults.push(format!("game {} ({side}): {}", g.id, f.reason));
        }
        if g.winners == [seat] {
            wins += 1;
        }
        slowest = g
            .moves
            .iter()
            .filter(|m| m.player == seat)
            .map(|m| m.ms)
            .fold(slowest, u64::max);
    }
    if faults.is_empty() {
        (
            true,
            format!(
                "played {} legal games against random, each move in time (slowest {:.2} s); won {wins}",
                games.len(),
                slowest as f64 / 1000.0
            ),
        )
    } else {
        (false, format!("lost by a fault: {}", faults.join("; ")))
    }
}

/// Starts the championships that are due, one at a time, for ever.
pub fn championship_worker(site: Arc<Site>) {
    while !site.stopping() {
        if let Err(e) = add_scheduled(&site) {
            site.log(&format!("schedule: {e}"));
        }
        let now = Timestamp::now().to_string();
        let due: Option<i64> = site
            .db
            .with(|c| {
                c.query_row(
                    "SELECT id FROM championships WHERE status IN ('waiting', 'running') AND due_at <= ?1
                     ORDER BY status = 'running' DESC, due_at, id LIMIT 1",
                    params![now],
                    |r| r.get(0),
                )
                .optional()
            })
            .unwrap_or(None);
        match due {
            Some(id) => {
                if let Err(e) = run_championship(&site, id)
                    && !site.stopping()
                {
                    site.log(&format!("championship {id}: {e}"));
                    let _ = site.db.execute(
                        "UPDATE championships SET status = 'failed', message = ?2, finished_at = ?3 WHERE id = ?1",
                        params![id, e.to_string(), Timestamp::now().to_string()],
                    );
                }
            }
            None => site.wait_for_work(Duration::from_secs(5)),
        }
    }
}

/// Adds a row for each scheduled championship not in the database yet.
fn add_scheduled(site: &Site) -> Result<(), SiteError> {
    let times = site.config.scheduled_times().map_err(SiteError::Setting)?;
    let conn = site.db.get()?;
    // A day taken off the schedule (course.toml changed) is not run.
    let kept: Vec<String> = times.iter().map(|t| format!("'{t}'")).collect();
    conn.execute(
        &format!(
            "UPDATE championships SET status = 'cancelled', message = 'taken off the schedule (course.toml)'
             WHERE origin = 'schedule' AND status = 'waiting' AND due_at NOT IN ({})",
            if kept.is_empty() { "''".to_string() } else { kept.join(", ") }
        ),
        [],
    )
    ?;
    for t in times {
        conn.execute(
            "INSERT OR IGNORE INTO championships (origin, due_at, seed, status) VALUES ('schedule', ?1, ?2, 'waiting')",
            params![t.to_string(), fresh_seed()],
        )
        ?;
    }
    Ok(())
}

/// A seed for a championship's random start and schedule.
pub fn fresh_seed() -> i64 {
    // Kept positive and below 2^53 so that it survives any JSON reader.
    (rand::random::<u64>() % (1u64 << 53)) as i64
}

/// Which version of each student enters a championship starting now: the latest
/// that could play and passed its qualification (else the latest that could play),
/// uploaded before the start and not more than the allowed days late. Days late are
/// counted now, from the deadline in the settings, so a deadline moved later
/// counts for versions already uploaded.
fn choose_entries(site: &Site, championship_id: i64, start: &str) -> Result<usize, SiteError> {
    let allowed = site.config.submissions.late_days_allowed;
    let mut conn = site.db.get()?;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let candidates: Vec<(i64, i64, String)> = {
        let mut stmt = tx.prepare(
            "SELECT s.user_id, s.id, s.uploaded_at FROM submissions s
                 JOIN users u ON u.id = s.user_id
                 LEFT JOIN qualifications q ON q.submission_id = s.id
                 WHERE u.role = 'student' AND s.spec IS NOT NULL AND s.uploaded_at <= ?1
                 ORDER BY s.user_id, (q.status = 'passed') DESC, s.version DESC",
        )?;
        stmt.query_map(params![start], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?
    };
    let mut entered = std::collections::BTreeSet::new();
    for (user, submission, uploaded) in candidates {
        if entered.contains(&user) {
            continue;
        }
        let late = uploaded
            .parse::<Timestamp>()
            .map_or(0, |t| site.config.late_days(t));
        if late > allowed {
            continue;
        }
        tx.execute(
            "INSERT INTO entries (championship_id, user_id, submission_id, late_days) VALUES (?1, ?2, ?3, ?4)",
            params![championship_id, user, submission, i64::from(late)],
        )
        ?;
        entered.insert(user);
    }
    tx.commit()?;
    Ok(entered.len())
}

/// Runs (or resumes) one championship to its end.
fn run_championship(site: &Site, id: i64) -> Result<(), SiteError> {
    let row = site
        .db
        .with(|c| db::championship(c, id))?
        .ok_or_else(|| SiteError::Vanished(format!("championship {id}")))?;
    let dir = championship_dir(&site.course, id);
    if row.status == "waiting" {
        let now = Timestamp::now().to_string();
        // A re-run plays the entries of the championship it repeats.
        let entered = match row.rerun_of {
            Some(of) => site.db.execute(
                    "INSERT INTO entries (championship_id, user_id, submission_id, late_days)
                     SELECT ?1, user_id, submission_id, late_days FROM entries WHERE championship_id = ?2",
                    params![id, of],
                )
                ?,
            None => choose_entries(site, id, &now)?,
        };
        if entered < 2 {
            let _ = site.db.execute(
                "UPDATE championships SET status = 'cancelled', started_at = ?2, finished_at = ?2, message = 'fewer than two students had a player to enter' WHERE id = ?1",
                params![id, now],
            );
            site.log(&format!(
                "championship {id}: cancelled, {entered} student(s) with a player"
            ));
            return Ok(());
        }
        site.db.execute(
            "UPDATE championships SET status = 'running', started_at = ?2 WHERE id = ?1",
            params![id, now],
        )?;
        site.log(&format!("championship {id} starts with {entered} players"));
    } else {
        site.log(&format!("championship {id} resumes"));
    }
    let entries = site.db.with(|c| db::entries(c, id))?;
    fs::create_dir_all(&dir).map_err(|e| SiteError::file(&dir, e))?;
    let mut cmd = tabula(site);
    cmd.arg("tournament")
        .arg(&site.config.game)
        .arg("--out")
        .arg(&dir)
        .arg("--seed")
        .arg(row.seed.to_string())
        .arg("--jobs")
        .arg(site.config.jobs.to_string())
        .args(board_args(site));
    if let Some(s) = &site.config.scoring {
        cmd.arg("--scoring").arg(s);
    }
    let cluster = &site.config.cluster;
    if cluster.slurm {
        cmd.arg("--slurm")
            .arg("--shards")
            .arg(cluster.shards.to_string());
        if let Some(p) = &cluster.partition {
            cmd.arg("--partition").arg(p);
        }
        if let Some(t) = &cluster.time_limit {
            cmd.arg("--time-limit").arg(t);
        }
        for a in &cluster.sbatch_args {
            cmd.arg(format!("--sbatch-arg={a}"));
        }
    }
    for e in &entries {
        cmd.arg("--player").arg(format!("{}={}", e.login, e.spec));
        if e.late_days > 0 {
            cmd.arg("--late")
                .arg(format!("{}={}", e.login, e.late_days));
        }
    }
    let log = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("run.log"))
        .map_err(|e| SiteError::file(dir.join("run.log"), e))?;
    let log_err = log
        .try_clone()
        .map_err(|e| SiteError::file(dir.join("run.log"), e))?;
    cmd.stdout(log).stderr(log_err);
    let Some(status) = site.run_child(&mut cmd)? else {
        // Stopped with the site: resumed at its next start.
        return Ok(());
    };
    let scheduled = progress(&dir).map_or(0, |p| p.scheduled as i64);
    if status.success() && dir.join("standings.json").exists() {
        site.db.execute(
                "UPDATE championships SET status = 'done', finished_at = ?2, games_scheduled = ?3, message = '' WHERE id = ?1",
                params![id, Timestamp::now().to_string(), scheduled],
            )
            ?;
        site.log(&format!("championship {id} done"));
        Ok(())
    } else {
        let log = fs::read_to_string(dir.join("run.log")).unwrap_or_default();
        let last = log
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .to_string();
        Err(SiteError::Championship {
            status: status.to_string(),
            last,
        })
    }
}

/// How far a championship has got, read from its folder.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Progress {
    pub played: usize,
    pub scheduled: usize,
    /// Points so far per player, best first.
    pub points: Vec<(String, f64, u32)>,
}

/// The most games in flight read for a live view, and the most bytes of each.
const MAX_LIVE_GAMES: usize = 64;
const MAX_LIVE_BYTES: u64 = 512 * 1024;

/// The games of a championship being played now (in its folder, or in its shards'
/// on a cluster), as the referee shows them (`crate::referee::live`), by game number.
pub fn live_games(dir: &Path) -> Vec<serde_json::Value> {
    use crate::referee::live::LIVE_DIR;
    let mut folders = vec![dir.join(LIVE_DIR)];
    folders.extend(
        (1..)
            .map(|k| dir.join(format!("shard-{k}")))
            .take_while(|d| d.is_dir())
            .map(|d| d.join(LIVE_DIR)),
    );
    let mut games: Vec<serde_json::Value> = folders
        .iter()
        .filter_map(|f| fs::read_dir(f).ok())
        .flat_map(|entries| entries.filter_map(Result::ok))
        .filter(|e| e.file_name().to_string_lossy().ends_with(".json"))
        .take(MAX_LIVE_GAMES)
        .filter_map(|e| {
            let file = File::open(e.path()).ok()?;
            let mut text = String::new();
            std::io::Read::read_to_string(
                &mut std::io::Read::take(file, MAX_LIVE_BYTES),
                &mut text,
            )
            .ok()?;
            serde_json::from_str(&text).ok()
        })
        .collect();
    games.sort_by_key(|g| g["id"].as_u64().unwrap_or(0));
    games
}

pub fn progress(dir: &Path) -> Option<Progress> {
    // On a cluster the games are in the shards' folders until they are merged.
    let shards: Vec<PathBuf> = (1..)
        .map(|k| dir.join(format!("shard-{k}")))
        .take_while(|d| d.is_dir())
        .collect();
    let merged = dir.join(SETTINGS_FILE).exists();
    let settings_dir = if merged {
        dir
    } else {
        shards.first()?.as_path()
    };
    let settings: championship::Settings =
        serde_json::from_str(&fs::read_to_string(settings_dir.join(SETTINGS_FILE)).ok()?).ok()?;
    let scheduled = championship::schedule(settings.players.len(), settings.self_games).len();
    let read = |d: &Path| {
        championship::read_records(&d.join(GAMES_FILE))
            .map(|(r, _)| r)
            .unwrap_or_default()
    };
    let records: Vec<GameRecord> = if merged {
        read(dir)
    } else {
        shards.iter().flat_map(|d| read(d)).collect()
    };
    let mut points: Vec<(String, f64, u32)> = settings
        .players
        .iter()
        .map(|(name, _)| (name.clone(), 0.0, 0))
        .collect();
    let mut ids = std::collections::BTreeSet::new();
    for r in &records {
        if !ids.insert(r.id) {
            continue;
        }
        // A game against itself counts once, and its point only when played
        // without a fault, as the final standings count it.
        if let [a, b] = r.players.as_slice()
            && a == b
        {
            if let Some(p) = points.iter_mut().find(|p| &p.0 == a) {
                p.2 += 1;
                if r.fault.is_none() {
                    p.1 += 1.0;
                }
            }
            continue;
        }
        for (seat, name) in r.players.iter().enumerate() {
            let seat = seat as u32 + 1;
            let Some(p) = points.iter_mut().find(|p| &p.0 == name) else {
                continue;
            };
            if r.winners.contains(&seat) {
                p.1 += 1.0 / r.winners.len() as f64;
            }
            p.2 += 1;
        }
    }
    points.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Some(Progress {
        played: ids.len(),
        scheduled,
        points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A course with a deadline, and versions inserted as the upload would.
    fn course_with(versions: &[(&str, i64, &str, &str, i64, bool)]) -> (Site, PathBuf) {
        let dir = std::env::temp_dir().join(format!(
            "tabula-entries-{}-{}",
            std::process::id(),
            versions.len()
        ));
        let _ = fs::remove_dir_all(&dir);
        let game = crate::game::default_game().expect("a game is found");
        super::super::init(&dir, &game.name, None).unwrap();
        let config = dir.join("course.toml");
        let text = fs::read_to_string(&config)
            .unwrap()
            .replace(
                "# deadline = \"2026-12-06 23:59\"",
                "deadline = \"2026-12-02 00:00\"",
            )
            .replace("# time_zone = \"America/Sao_Paulo\"", "time_zone = \"UTC\"");
        fs::write(&config, text).unwrap();
        super::super::import_users(
            &dir,
            "ana,Ana\nbia,Bia\ncid,Cid\ndan,Dan\n",
            "student",
            false,
        )
        .unwrap();
        let site = Site::open(&dir).unwrap();
        {
            let conn = site.db.get().unwrap();
            for (k, (login, version, uploaded, status, late, playable)) in
                versions.iter().enumerate()
            {
                conn.execute(
                    "INSERT INTO submissions (user_id, version, uploaded_at, file_name, kind, size, sha256, dir, spec, late_days)
                     SELECT id, ?2, ?3, 'p.pl', 'Prolog', 1, 'x', 'd', ?4, ?5 FROM users WHERE login = ?1",
                    params![login, version, uploaded, playable.then(|| format!("/p{k}.pl")), late],
                )
                .unwrap();
                conn.execute(
                    "INSERT INTO qualifications (submission_id, status) VALUES (?1, ?2)",
                    params![conn.last_insert_rowid(), status],
                )
                .unwrap();
            }
            conn.execute(
                "INSERT INTO championships (id, origin, due_at, seed, status) VALUES (1, 'teacher', '2026-12-10T00:00:00Z', 1, 'waiting')",
                [],
            )
            .unwrap();
        }
        (site, dir)
    }

    #[test]
    fn entries_are_the_latest_qualified_versions_not_too_late() {
        let (site, dir) = course_with(&[
            // ana: version 2 failed qualification: version 1 plays.
            ("ana", 1, "2026-12-01T00:00:00Z", "passed", 0, true),
            ("ana", 2, "2026-12-02T00:00:00Z", "failed", 0, true),
            // bia: version 2, 3 days late, plays with its late days; version 3 came after the start.
            ("bia", 1, "2026-12-01T00:00:00Z", "passed", 0, true),
            ("bia", 2, "2026-12-05T00:00:00Z", "passed", 0, true),
            ("bia", 3, "2026-12-21T00:00:00Z", "passed", 0, true),
            // cid: only a version 11 days late: not entered.
            ("cid", 1, "2026-12-13T00:00:00Z", "passed", 0, true),
            // dan: nothing passed: the latest that can play, and never one that cannot.
            ("dan", 1, "2026-12-01T00:00:00Z", "failed", 0, true),
            ("dan", 2, "2026-12-02T00:00:00Z", "failed", 0, false),
        ]);
        // Days late are counted from the deadline in course.toml, whatever was stored.
        let n = choose_entries(&site, 1, "2026-12-20T00:00:00Z").unwrap();
        assert_eq!(n, 3);
        let entries = site.db.with(|c| db::entries(c, 1)).unwrap();
        let got: Vec<(String, i64, i64)> = entries
            .iter()
            .map(|e| (e.login.clone(), e.version, e.late_days))
            .collect();
        assert_eq!(
            got,
            vec![
                ("ana".to_string(), 1, 0),
                ("bia".to_string(), 2, 3),
                ("dan".to_string(), 1, 0)
            ]
        );
        let _ = fs::remove_dir_all(dir);
    }

    /// A record of a game between `players` with `winners`, faulted by `fault`.
    fn record(id: usize, players: [&str; 2], winners: &[u32], fault: Option<u32>) -> GameRecord {
        GameRecord {
            id,
            game: None,
            championship: None,
            players: players.iter().map(|p| p.to_string()).collect(),
            specs: vec![String::new(); 2],
            options: Vec::new(),
            start: None,
            seed: 0,
            move_ms: Vec::new(),
            moves: Vec::new(),
            scores: vec![0, 0],
            result: if fault.is_some() { "fault" } else { "winner" }.into(),
            winners: winners.to_vec(),
            fault: fault.map(|player| crate::referee::game::FaultRecord {
                player,
                reason: "illegal move".into(),
            }),
        }
    }

    #[test]
    fn live_points_are_the_final_standings_points() {
        let dir = std::env::temp_dir().join(format!("tabula-progress-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let settings = championship::Settings {
            id: String::new(),
            game: "g".into(),
            players: vec![("ann".into(), "a".into()), ("bob".into(), "b".into())],
            options: Vec::new(),
            start: None,
            move_ms: 1000,
            seed: 1,
            self_games: true,
        };
        fs::write(
            dir.join(SETTINGS_FILE),
            serde_json::to_string(&settings).unwrap(),
        )
        .unwrap();
        let games = [
            // ann beats bob; bob against himself faults (0 points, as in the final
            // standings, though seat 2 "won"); ann against herself plays clean (1).
            record(0, ["ann", "bob"], &[1], None),
            record(1, ["bob", "bob"], &[2], Some(1)),
            record(2, ["ann", "ann"], &[1], None),
            // A tie gives half a point each.
            record(3, ["bob", "ann"], &[1, 2], None),
        ];
        let text: String = games
            .iter()
            .map(|g| format!("{}\n", serde_json::to_string(g).unwrap()))
            .collect();
        fs::write(dir.join(GAMES_FILE), text).unwrap();
        let p = progress(&dir).unwrap();
        assert_eq!(p.played, 4);
        assert_eq!(
            p.points,
            vec![("ann".to_string(), 2.5, 3), ("bob".to_string(), 0.5, 3)]
        );
        let _ = fs::remove_dir_all(dir);
    }
}

//! The championship site: one process a teacher starts on a server (`tabula site
//! serve COURSE`) that is the web server students submit to and follow results on,
//! the scheduler of the course's daily championships, and their runner. A course
//! is a folder: `course.toml` (the settings), `site.db` (SQLite), `submissions/`
//! (every version uploaded), `qualify/` and `championships/` (the folders `tabula
//! match` and `tabula tournament` write), and `site.log`.
//!
//! See `docs/site.md` for installing it and running a course.

pub mod archive;
pub mod auth;
pub mod command;
pub mod config;
pub mod db;
pub mod pages;
pub mod runner;
pub mod submit;
pub mod web;

use config::Config;
use db::Db;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// Everything the site's parts share.
pub struct Site {
    pub course: PathBuf,
    pub config: Config,
    pub db: Db,
    /// The tabula executable the runner starts (this one).
    pub tabula: PathBuf,
    /// Raised when there is new work (an upload, a championship asked for).
    work: (Mutex<bool>, Condvar),
    log: Mutex<Option<fs::File>>,
}

impl Site {
    /// Opens a course.
    pub fn open(course: &Path) -> Result<Site, String> {
        let course = crate::sandbox::absolute(course);
        let config = config::load(&course)?;
        if crate::game::find_game(&config.game).is_none() {
            return Err(format!(
                "{}: game = {:?} is not a game tabula knows (see `tabula games`)",
                course.join(config::CONFIG_FILE).display(),
                config.game
            ));
        }
        let db = db::open(&course, false)?;
        let empty = course.join(runner::EMPTY_DIR);
        // Emptied at each start: nothing may lie where the runner's children start.
        let _ = fs::remove_dir_all(&empty);
        fs::create_dir_all(&empty).map_err(|e| format!("{}: {e}", empty.display()))?;
        let tabula = std::env::current_exe()
            .map_err(|e| format!("cannot find the tabula executable: {e}"))?;
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(course.join("site.log"))
            .ok();
        Ok(Site {
            course,
            config,
            db,
            tabula,
            work: (Mutex::new(false), Condvar::new()),
            log: Mutex::new(log),
        })
    }

    /// Wakes the workers.
    pub fn kick(&self) {
        let (flag, cv) = &self.work;
        *flag.lock().unwrap_or_else(|p| p.into_inner()) = true;
        cv.notify_all();
    }

    /// Waits until kicked, or for `timeout`.
    pub fn wait_for_work(&self, timeout: Duration) {
        let (flag, cv) = &self.work;
        let guard = flag.lock().unwrap_or_else(|p| p.into_inner());
        let (mut guard, _) = cv
            .wait_timeout_while(guard, timeout, |kicked| !*kicked)
            .unwrap_or_else(|p| p.into_inner());
        *guard = false;
    }

    /// A line in `site.log` (and on stderr), with the time.
    pub fn log(&self, line: &str) {
        let text = format!(
            "{} {line}\n",
            jiff::Timestamp::now().strftime("%Y-%m-%dT%H:%M:%SZ")
        );
        eprint!("{text}");
        if let Some(f) = self.log.lock().unwrap_or_else(|p| p.into_inner()).as_mut() {
            let _ = f.write_all(text.as_bytes());
        }
    }
}

/// `tabula site init`: a new course folder with its commented settings and database.
pub fn init(course: &Path, game: &str, title: Option<&str>) -> Result<(), String> {
    let info = crate::game::find_game(game)
        .ok_or_else(|| format!("{game:?} is not a game tabula knows (see `tabula games`)"))?;
    let config_path = course.join(config::CONFIG_FILE);
    if config_path.exists() {
        return Err(format!(
            "{} already exists: {} is a course already",
            config_path.display(),
            course.display()
        ));
    }
    fs::create_dir_all(course).map_err(|e| format!("{}: {e}", course.display()))?;
    let tomorrow = jiff::ZonedDateTime::now()
        .date()
        .tomorrow()
        .map_or_else(|_| "2027-01-01".to_string(), |d| d.to_string());
    let title = title.map_or_else(|| format!("{} championship", info.title), str::to_string);
    let text = config::template(&title, info.name, &tomorrow);
    fs::write(&config_path, text).map_err(|e| format!("{}: {e}", config_path.display()))?;
    for sub in ["submissions", "qualify", "championships"] {
        fs::create_dir_all(course.join(sub))
            .map_err(|e| format!("{}: {e}", course.join(sub).display()))?;
    }
    db::open(course, true)?;
    Ok(())
}

/// `tabula site users import`: adds (or renews) the people of a CSV roster (`login,name`
/// a line; a header line `login,name` is skipped), returning each one's login, name
/// and one-time sign-in code.
pub fn import_users(
    course: &Path,
    csv: &str,
    role: &str,
) -> Result<Vec<(String, String, String)>, String> {
    let db = db::open(course, false)?;
    let mut rows = Vec::new();
    for (n, line) in csv.lines().enumerate() {
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (login, name) = match line.split_once([',', ';', '\t']) {
            Some((l, r)) => (l.trim(), r.trim().trim_matches('"').trim()),
            None => (line, line),
        };
        if n == 0 && login.eq_ignore_ascii_case("login") {
            continue;
        }
        auth::check_login(login).map_err(|e| format!("line {}: {e}", n + 1))?;
        let name = if name.is_empty() { login } else { name };
        rows.push((login.to_string(), name.to_string()));
    }
    if rows.is_empty() {
        return Err("the roster has no lines `login,name`".into());
    }
    let conn = db.lock();
    let mut out = Vec::new();
    for (login, name) in rows {
        let code = auth::add_user(&conn, &login, &name, role)?;
        out.push((login, name, code));
    }
    Ok(out)
}

/// `tabula site backup`: a consistent copy of the course while the site runs: the
/// database as of one moment (SQLite's `VACUUM INTO`) and the course's files, in
/// one `.tar.gz`; or, for a FILE ending in `.db`, the database alone.
pub fn backup(course: &Path, file: &Path) -> Result<(), String> {
    let db = db::open(course, false)?;
    if file.exists() {
        return Err(format!("{}: already exists", file.display()));
    }
    if file.extension().is_some_and(|e| e == "db") {
        return db.backup_to(file);
    }
    let snapshot = course.join(format!(".backup-{}.db", std::process::id()));
    let _ = fs::remove_file(&snapshot);
    db.backup_to(&snapshot)?;
    let result = (|| -> Result<(), String> {
        let out = fs::File::create(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let gz = flate2::write::GzEncoder::new(out, flate2::Compression::default());
        let mut tar = tar::Builder::new(gz);
        tar.follow_symlinks(false);
        tar.append_path_with_name(&snapshot, db::DB_FILE)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        tar.append_path_with_name(course.join(config::CONFIG_FILE), config::CONFIG_FILE)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        for sub in ["submissions", "qualify", "championships"] {
            if course.join(sub).is_dir() {
                tar.append_dir_all(sub, course.join(sub))
                    .map_err(|e| format!("{}: {e}", file.display()))?;
            }
        }
        let gz = tar
            .into_inner()
            .map_err(|e| format!("{}: {e}", file.display()))?;
        let out = gz
            .finish()
            .map_err(|e| format!("{}: {e}", file.display()))?;
        out.sync_all()
            .map_err(|e| format!("{}: {e}", file.display()))?;
        Ok(())
    })();
    let _ = fs::remove_file(&snapshot);
    if result.is_err() {
        let _ = fs::remove_file(file);
    }
    result
}

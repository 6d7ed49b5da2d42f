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
pub mod error;
pub mod pages;
pub mod runner;
pub mod submit;
pub mod web;

use config::Config;
use db::Db;
pub use error::SiteError;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// The site's log, in the course folder.
pub const LOG_FILE: &str = "site.log";

/// The size at which the log starts again, the full one kept as `site.log.1`.
pub const LOG_BYTES: u64 = 16 << 20;

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
    /// The runner's children (`tabula match`, `tabula tournament`) now running.
    children: Mutex<Vec<u32>>,
    /// The play page's games (none: the course turns it off, or the site is not
    /// serving).
    pub play: Option<std::sync::Arc<crate::ui::web::Host>>,
    /// Set when the site stops: the workers start nothing more, and record nothing
    /// of the children stopped under them (they are resumed at the next start).
    stopping: AtomicBool,
    /// The course's lock, held while the site runs: one site a course.
    _lock: fs::File,
}

impl Site {
    /// Opens a course.
    pub fn open(course: &Path) -> Result<Site, SiteError> {
        let course = crate::players::sandbox::absolute(course);
        let config = config::load(&course)?;
        let db = db::open(&course, false)?;
        let lock = lock_course(&course)?;
        // An upload a stop cut short between taking its version and keeping its
        // files is not a version (its folder, if any, is moved aside when the number
        // is taken again).
        db.execute(
            "DELETE FROM submissions WHERE problem = 'being stored' AND id NOT IN (SELECT submission_id FROM qualifications)",
            [],
        )?;
        let empty = course.join(runner::EMPTY_DIR);
        // Emptied at each start: nothing may lie where the runner's children start.
        let _ = fs::remove_dir_all(&empty);
        fs::create_dir_all(&empty).map_err(|e| SiteError::file(&empty, e))?;
        let tabula = std::env::current_exe()
            .map_err(|e| SiteError::server("cannot find the tabula executable", e))?;
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(course.join(LOG_FILE))
            .ok();
        Ok(Site {
            course,
            config,
            db,
            tabula,
            work: (Mutex::new(false), Condvar::new()),
            log: Mutex::new(log),
            children: Mutex::new(Vec::new()),
            play: None,
            stopping: AtomicBool::new(false),
            _lock: lock,
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

    /// Runs a child of the runner to its end, or until the site stops; None when
    /// it was stopped (or could not start: the error says).
    pub fn run_child(
        &self,
        cmd: &mut std::process::Command,
    ) -> Result<Option<std::process::ExitStatus>, SiteError> {
        if self.stopping() {
            return Ok(None);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| SiteError::server("cannot start tabula", e))?;
        let pid = child.id();
        self.children
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(pid);
        // A stop that came between the check above and the push is seen here.
        if self.stopping() {
            let _ = child.kill();
        }
        // Waited for without reaping first, so that the pid stays this child's
        // (and safe to kill) for as long as it is on the list.
        loop {
            // SAFETY: waitid on our own child, into a zeroed siginfo_t.
            let r = unsafe {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                libc::waitid(
                    libc::P_PID,
                    pid as libc::id_t,
                    &mut info,
                    libc::WEXITED | libc::WNOWAIT,
                )
            };
            if r == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                break;
            }
        }
        self.children
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|p| *p != pid);
        let status = child.wait();
        let status = status.map_err(|e| SiteError::server("cannot wait for tabula", e))?;
        Ok(if self.stopping() { None } else { Some(status) })
    }

    /// Whether the site is stopping.
    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// Stops the runner: no new child, and the running ones killed (their games
    /// are resumed at the next start, as after a crash).
    pub fn runner_stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        let pids = self
            .children
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        for pid in pids {
            if let Ok(pid) = i32::try_from(pid) {
                // SAFETY: kill(2) on a child of ours not yet reaped (its pid leaves
                // the list before it is reaped).
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
        self.kick();
    }

    /// A line in `site.log` (and on stderr), with the time.
    pub fn log(&self, line: &str) {
        let text = format!(
            "{} {line}\n",
            jiff::Timestamp::now().strftime("%Y-%m-%dT%H:%M:%SZ")
        );
        eprint!("{text}");
        let mut log = self.log.lock().unwrap_or_else(|p| p.into_inner());
        // A log that has grown past its size starts again, the last one kept beside
        // it: a flood of requests cannot fill the disk with their lines.
        if log
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .is_some_and(|m| m.len() >= LOG_BYTES)
        {
            let path = self.course.join(LOG_FILE);
            let _ = fs::rename(&path, self.course.join(format!("{LOG_FILE}.1")));
            *log = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .ok();
        }
        if let Some(f) = log.as_mut() {
            let _ = f.write_all(text.as_bytes());
        }
    }
}

/// Locks the course for this process (an advisory lock the kernel drops when the
/// process ends, however it ends), or says who holds it.
fn lock_course(course: &Path) -> Result<fs::File, SiteError> {
    let path = course.join(".site.lock");
    let mut file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
        .map_err(|e| SiteError::file(&path, e))?;
    match file.try_lock() {
        Ok(()) => {
            let _ = file.set_len(0);
            let _ = writeln!(file, "{}", std::process::id());
            Ok(file)
        }
        Err(fs::TryLockError::WouldBlock) => {
            let pid = fs::read_to_string(&path).unwrap_or_default();
            Err(SiteError::Locked {
                course: course.to_path_buf(),
                pid: pid.trim().to_string(),
            })
        }
        Err(fs::TryLockError::Error(source)) => Err(SiteError::Lock { path, source }),
    }
}

/// `tabula site init`: a new course folder with its commented settings and database.
pub fn init(course: &Path, game: &str, title: Option<&str>) -> Result<(), SiteError> {
    let info = crate::game::find_game(game).ok_or_else(|| SiteError::UnknownGame {
        game: game.to_string(),
        known: config::known_games(),
    })?;
    let config_path = course.join(config::CONFIG_FILE);
    if config_path.exists() {
        return Err(SiteError::CourseExists {
            config: config_path,
            course: course.to_path_buf(),
        });
    }
    fs::create_dir_all(course).map_err(|e| SiteError::file(course, e))?;
    let tomorrow = jiff::ZonedDateTime::now()
        .date()
        .tomorrow()
        .map_or_else(|_| "2027-01-01".to_string(), |d| d.to_string());
    let title = title.map_or_else(|| format!("{} championship", info.title), str::to_string);
    // A game found by its name is named; a rules file of its own (a `.pl`, a GDL
    // `.kif`) is written as its absolute path, so the course finds it from anywhere.
    let known = crate::game::find_game(&info.name).is_some_and(|g| g.file == info.file);
    let word = if known {
        info.name.clone()
    } else {
        let file = Path::new(game);
        std::path::absolute(file)
            .unwrap_or_else(|_| file.to_path_buf())
            .to_string_lossy()
            .into_owned()
    };
    let text = config::template(&title, &word, &tomorrow);
    fs::write(&config_path, text).map_err(|e| SiteError::file(&config_path, e))?;
    for sub in ["submissions", "qualify", "championships"] {
        fs::create_dir_all(course.join(sub)).map_err(|e| SiteError::file(course.join(sub), e))?;
    }
    db::open(course, true)?;
    Ok(())
}

/// The fields of a CSV line: separated by commas (or semicolons, or tabs), a field
/// in double quotes may hold them, `""` in it is a quote.
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' | ';' | '\t' if !quoted => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    fields.push(field);
    fields.into_iter().map(|f| f.trim().to_string()).collect()
}

/// One line of `tabula site users`: the login, the name, and the one-time code
/// (None: already there, kept as it was).
pub type Added = (String, String, Option<String>);

/// `tabula site users import`: adds the people of a CSV roster (`login,name` a line,
/// further columns ignored; a header line `login,name` is skipped). People already
/// there are kept as they are (their passwords too) unless `renew`, which gives them
/// new codes.
pub fn import_users(
    course: &Path,
    csv: &str,
    role: &str,
    renew: bool,
) -> Result<Vec<Added>, SiteError> {
    let db = db::open(course, false)?;
    let mut rows = Vec::new();
    for (n, line) in csv.lines().enumerate() {
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields = csv_fields(line);
        let login = fields.first().cloned().unwrap_or_default();
        let name = fields.get(1).cloned().unwrap_or_default();
        // A header line (`login,name`), wherever it is.
        if login.eq_ignore_ascii_case("login") {
            continue;
        }
        auth::check_login(&login).map_err(|e| SiteError::RosterLine {
            line: n + 1,
            source: Box::new(e),
        })?;
        let name = if name.is_empty() { login.clone() } else { name };
        rows.push((login, name));
    }
    if rows.is_empty() {
        return Err(SiteError::EmptyRoster);
    }
    let conn = db.get()?;
    let mut out = Vec::new();
    for (login, name) in rows {
        let existing = db::user_by_login(&conn, &login)?;
        match existing {
            Some(user) if !renew => out.push((login, user.name, None)),
            // Renewed: the roster's name, and their role unless this import gives one
            // (a teacher in a class's roster stays a teacher).
            Some(_) => {
                let role = (role == "teacher").then_some(role);
                let code = auth::add_user(&conn, &login, Some(&name), role)?;
                out.push((login, name, Some(code)));
            }
            None => {
                let code = auth::add_user(&conn, &login, Some(&name), Some(role))?;
                out.push((login, name, Some(code)));
            }
        }
    }
    Ok(out)
}

/// `tabula site users add`: one person, or a new code for one already there (whose
/// name and role stay unless given).
pub fn add_user(
    course: &Path,
    login: &str,
    name: Option<&str>,
    teacher: bool,
) -> Result<Added, SiteError> {
    let db = db::open(course, false)?;
    let conn = db.get()?;
    let code = auth::add_user(&conn, login, name, teacher.then_some("teacher"))?;
    let user =
        db::user_by_login(&conn, login)?.ok_or_else(|| SiteError::Vanished(login.to_string()))?;
    Ok((user.login, user.name, Some(code)))
}

/// `tabula site backup`: a consistent copy of the course while the site runs: the
/// database as of one moment (SQLite's `VACUUM INTO`) and the course's files, in
/// one `.tar.gz`; or, for a FILE ending in `.db`, the database alone.
pub fn backup(course: &Path, file: &Path) -> Result<(), SiteError> {
    let db = db::open(course, false)?;
    if file.exists() {
        return Err(SiteError::Exists(file.to_path_buf()));
    }
    if file.extension().is_some_and(|e| e == "db") {
        return db.backup_to(file);
    }
    let snapshot = course.join(format!(".backup-{}.db", std::process::id()));
    let _ = fs::remove_file(&snapshot);
    db.backup_to(&snapshot)?;
    let result = (|| -> Result<(), SiteError> {
        let out = fs::File::create(file).map_err(|e| SiteError::file(file, e))?;
        let gz = flate2::write::GzEncoder::new(out, flate2::Compression::default());
        let mut tar = tar::Builder::new(gz);
        tar.follow_symlinks(false);
        tar.append_path_with_name(&snapshot, db::DB_FILE)
            .map_err(|e| SiteError::file(file, e))?;
        tar.append_path_with_name(course.join(config::CONFIG_FILE), config::CONFIG_FILE)
            .map_err(|e| SiteError::file(file, e))?;
        for sub in ["submissions", "qualify", "championships"] {
            if course.join(sub).is_dir() {
                tar.append_dir_all(sub, course.join(sub))
                    .map_err(|e| SiteError::file(file, e))?;
            }
        }
        let gz = tar.into_inner().map_err(|e| SiteError::file(file, e))?;
        let out = gz.finish().map_err(|e| SiteError::file(file, e))?;
        out.sync_all().map_err(|e| SiteError::file(file, e))?;
        Ok(())
    })();
    let _ = fs::remove_file(&snapshot);
    if result.is_err() {
        let _ = fs::remove_file(file);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::csv_fields;

    #[test]
    fn rosters_are_csv() {
        assert_eq!(csv_fields("ra1,Ana"), ["ra1", "Ana"]);
        assert_eq!(
            csv_fields("ra3,\"Lima, Ana\",ana@x.org"),
            ["ra3", "Lima, Ana", "ana@x.org"]
        );
        assert_eq!(csv_fields("ra4;\"O\"\"Hara\""), ["ra4", "O\"Hara"]);
    }
}

//! The course's database: `COURSE/site.db`, SQLite in WAL mode, its schema brought up
//! to date by numbered migrations when the site opens it. Everything the site knows
//! is here or in the course folder's files; nothing lives only in memory.

use super::error::SiteError;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{Connection, OptionalExtension, params};
use rusqlite_migration::{M, Migrations};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The database file's name inside the course folder.
pub const DB_FILE: &str = "site.db";

/// The schema, one migration a step; a step once released is never edited, only
/// followed by another.
fn migrations() -> Migrations<'static> {
    Migrations::new(vec![M::up(
        r#"
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    login TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('teacher', 'student')),
    password_hash TEXT,
    code_hash TEXT,
    created_at TEXT NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES users(id),
    csrf TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE TABLE signin_failures (
    key TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX signin_failures_key ON signin_failures(key, at);
CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    version INTEGER NOT NULL,
    uploaded_at TEXT NOT NULL,
    file_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    size INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    dir TEXT NOT NULL,
    spec TEXT,
    problem TEXT,
    late_days INTEGER NOT NULL DEFAULT 0,
    UNIQUE (user_id, version)
);
CREATE TABLE qualifications (
    submission_id INTEGER PRIMARY KEY REFERENCES submissions(id),
    status TEXT NOT NULL CHECK (status IN ('waiting', 'running', 'passed', 'failed')),
    summary TEXT NOT NULL DEFAULT '',
    started_at TEXT,
    finished_at TEXT
);
CREATE TABLE championships (
    id INTEGER PRIMARY KEY,
    origin TEXT NOT NULL CHECK (origin IN ('schedule', 'teacher')),
    due_at TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('waiting', 'running', 'done', 'failed', 'cancelled')),
    counts INTEGER NOT NULL DEFAULT 1,
    started_at TEXT,
    finished_at TEXT,
    games_scheduled INTEGER NOT NULL DEFAULT 0,
    message TEXT NOT NULL DEFAULT '',
    rerun_of INTEGER REFERENCES championships(id)
);
CREATE UNIQUE INDEX championships_scheduled ON championships(due_at) WHERE origin = 'schedule';
CREATE TABLE entries (
    championship_id INTEGER NOT NULL REFERENCES championships(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    submission_id INTEGER NOT NULL REFERENCES submissions(id),
    late_days INTEGER NOT NULL,
    PRIMARY KEY (championship_id, user_id)
);
"#,
    )])
}

/// The open database: a pool of connections. There is no lock of ours around
/// SQLite: a piece of work that asks for a connection while it holds one gets a
/// second one (WAL lets readers run beside a writer, and writers wait for each
/// other inside SQLite, for at most its busy timeout), so no caller can wait for
/// itself; and a pool that is exhausted answers with an error after
/// `POOL_TIMEOUT`, never by hanging.
#[derive(Clone)]
pub struct Db {
    pool: r2d2::Pool<SqliteConnectionManager>,
    pub path: PathBuf,
}

/// A connection borrowed from the pool, given back when dropped.
pub type Conn = r2d2::PooledConnection<SqliteConnectionManager>;

/// How many connections the pool keeps at most: the web server's blocking threads
/// and the two workers rarely need more than a handful at once.
const POOL_SIZE: u32 = 16;
/// The longest a caller waits for a free connection before it is told the
/// database is busy.
const POOL_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest a writer waits inside SQLite for another writer to finish.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Every connection's settings (the journal mode is the file's, set once below).
fn prepare(conn: &mut Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")
}

/// Opens (creating if asked) the course's database, migrated to the current schema.
pub fn open(course: &Path, create: bool) -> Result<Db, SiteError> {
    let path = course.join(DB_FILE);
    if !create && !path.exists() {
        return Err(SiteError::NoDatabase {
            path,
            course: course.to_path_buf(),
        });
    }
    let database = |source| SiteError::Database {
        path: path.clone(),
        source,
    };
    let mut conn = Connection::open(&path).map_err(database)?;
    prepare(&mut conn)
        .and_then(|_| conn.pragma_update(None, "journal_mode", "WAL"))
        .map_err(database)?;
    migrations()
        .to_latest(&mut conn)
        .map_err(|source| SiteError::Schema {
            path: path.clone(),
            source,
        })?;
    drop(conn);
    let manager = SqliteConnectionManager::file(&path).with_init(prepare);
    let pool = r2d2::Pool::builder()
        .max_size(POOL_SIZE)
        .min_idle(Some(1))
        .connection_timeout(POOL_TIMEOUT)
        .build(manager)
        .map_err(|source| SiteError::Busy {
            path: path.clone(),
            source,
        })?;
    Ok(Db { pool, path })
}

impl Db {
    /// A connection, for a short piece of work; an error in words when none is
    /// free within `POOL_TIMEOUT` or the file cannot be opened.
    pub fn get(&self) -> Result<Conn, SiteError> {
        self.pool.get().map_err(|source| SiteError::Busy {
            path: self.path.clone(),
            source,
        })
    }

    /// Runs `f` on a connection; its error, and the pool's, in words.
    pub fn with<T>(
        &self,
        f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>,
    ) -> Result<T, SiteError> {
        let mut conn = self.get()?;
        f(&mut conn).map_err(|source| SiteError::Database {
            path: self.path.clone(),
            source,
        })
    }

    /// One statement.
    pub fn execute(&self, sql: &str, params: impl rusqlite::Params) -> Result<usize, SiteError> {
        self.with(|c| c.execute(sql, params))
    }

    /// A consistent copy of the database, taken while the site runs.
    pub fn backup_to(&self, file: &Path) -> Result<(), SiteError> {
        if file.exists() {
            return Err(SiteError::Exists(file.to_path_buf()));
        }
        let target = file.to_string_lossy().to_string();
        self.get()?
            .execute("VACUUM INTO ?1", params![target])
            .map_err(|source| SiteError::Doing {
                doing: format!("cannot copy the database to {}", file.display()),
                source,
            })?;
        Ok(())
    }
}

/// A person with an account.
#[derive(Debug, Clone, serde::Serialize)]
pub struct User {
    pub id: i64,
    pub login: String,
    pub name: String,
    pub role: String,
    pub has_password: bool,
}

impl User {
    pub fn is_teacher(&self) -> bool {
        self.role == "teacher"
    }
}

fn user_row(row: &rusqlite::Row) -> rusqlite::Result<User> {
    Ok(User {
        id: row.get(0)?,
        login: row.get(1)?,
        name: row.get(2)?,
        role: row.get(3)?,
        has_password: row.get::<_, Option<String>>(4)?.is_some(),
    })
}

const USER_COLUMNS: &str = "id, login, name, role, password_hash";

pub fn user_by_login(conn: &Connection, login: &str) -> rusqlite::Result<Option<User>> {
    conn.query_row(
        &format!("SELECT {USER_COLUMNS} FROM users WHERE login = ?1"),
        params![login],
        user_row,
    )
    .optional()
}

pub fn user_by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<User>> {
    conn.query_row(
        &format!("SELECT {USER_COLUMNS} FROM users WHERE id = ?1"),
        params![id],
        user_row,
    )
    .optional()
}

pub fn users(conn: &Connection) -> rusqlite::Result<Vec<User>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {USER_COLUMNS} FROM users ORDER BY role DESC, login"
    ))?;
    stmt.query_map([], user_row)?.collect()
}

/// An uploaded version.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Submission {
    pub id: i64,
    pub user_id: i64,
    pub version: i64,
    pub uploaded_at: String,
    pub file_name: String,
    pub kind: String,
    pub size: i64,
    pub sha256: String,
    /// The version's folder, relative to the course.
    pub dir: String,
    /// The player spec it plays as (None: it could not be made a player).
    pub spec: Option<String>,
    /// Why it cannot play, when it cannot.
    pub problem: Option<String>,
    pub late_days: i64,
    pub status: String,
    pub summary: String,
}

const SUBMISSION_COLUMNS: &str = "s.id, s.user_id, s.version, s.uploaded_at, s.file_name, s.kind, \
     s.size, s.sha256, s.dir, s.spec, s.problem, s.late_days, \
     COALESCE(q.status, 'failed'), COALESCE(q.summary, '')";

fn submission_row(row: &rusqlite::Row) -> rusqlite::Result<Submission> {
    Ok(Submission {
        id: row.get(0)?,
        user_id: row.get(1)?,
        version: row.get(2)?,
        uploaded_at: row.get(3)?,
        file_name: row.get(4)?,
        kind: row.get(5)?,
        size: row.get(6)?,
        sha256: row.get(7)?,
        dir: row.get(8)?,
        spec: row.get(9)?,
        problem: row.get(10)?,
        late_days: row.get(11)?,
        status: row.get(12)?,
        summary: row.get(13)?,
    })
}

/// A user's versions, newest first.
pub fn submissions_of(conn: &Connection, user_id: i64) -> rusqlite::Result<Vec<Submission>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {SUBMISSION_COLUMNS} FROM submissions s \
         LEFT JOIN qualifications q ON q.submission_id = s.id \
         WHERE s.user_id = ?1 ORDER BY s.version DESC"
    ))?;
    stmt.query_map(params![user_id], submission_row)?.collect()
}

/// Every version, newest first (the teacher's page).
pub fn all_submissions(conn: &Connection) -> rusqlite::Result<Vec<Submission>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {SUBMISSION_COLUMNS} FROM submissions s \
         LEFT JOIN qualifications q ON q.submission_id = s.id \
         ORDER BY s.uploaded_at DESC, s.id DESC"
    ))?;
    stmt.query_map([], submission_row)?.collect()
}

pub fn submission(conn: &Connection, id: i64) -> rusqlite::Result<Option<Submission>> {
    conn.query_row(
        &format!(
            "SELECT {SUBMISSION_COLUMNS} FROM submissions s \
             LEFT JOIN qualifications q ON q.submission_id = s.id WHERE s.id = ?1"
        ),
        params![id],
        submission_row,
    )
    .optional()
}

/// A championship, as the database knows it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ChampionshipRow {
    pub id: i64,
    pub origin: String,
    pub due_at: String,
    pub seed: i64,
    pub status: String,
    pub counts: bool,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
    pub games_scheduled: i64,
    pub message: String,
    pub rerun_of: Option<i64>,
}

const CHAMPIONSHIP_COLUMNS: &str = "id, origin, due_at, seed, status, counts, started_at, \
     finished_at, games_scheduled, message, rerun_of";

fn championship_row(row: &rusqlite::Row) -> rusqlite::Result<ChampionshipRow> {
    Ok(ChampionshipRow {
        id: row.get(0)?,
        origin: row.get(1)?,
        due_at: row.get(2)?,
        seed: row.get(3)?,
        status: row.get(4)?,
        counts: row.get(5)?,
        started_at: row.get(6)?,
        finished_at: row.get(7)?,
        games_scheduled: row.get(8)?,
        message: row.get(9)?,
        rerun_of: row.get(10)?,
    })
}

pub fn championships(conn: &Connection) -> rusqlite::Result<Vec<ChampionshipRow>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {CHAMPIONSHIP_COLUMNS} FROM championships ORDER BY COALESCE(started_at, due_at), id"
    ))?;
    stmt.query_map([], championship_row)?.collect()
}

pub fn championship(conn: &Connection, id: i64) -> rusqlite::Result<Option<ChampionshipRow>> {
    conn.query_row(
        &format!("SELECT {CHAMPIONSHIP_COLUMNS} FROM championships WHERE id = ?1"),
        params![id],
        championship_row,
    )
    .optional()
}

/// One player entered in a championship.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Entry {
    pub user_id: i64,
    pub login: String,
    pub submission_id: i64,
    pub version: i64,
    pub spec: String,
    pub late_days: i64,
}

pub fn entries(conn: &Connection, championship_id: i64) -> rusqlite::Result<Vec<Entry>> {
    let mut stmt = conn.prepare(
        "SELECT e.user_id, u.login, e.submission_id, s.version, COALESCE(s.spec, ''), e.late_days \
         FROM entries e JOIN users u ON u.id = e.user_id JOIN submissions s ON s.id = e.submission_id \
         WHERE e.championship_id = ?1 ORDER BY u.login",
    )?;
    stmt.query_map(params![championship_id], |row| {
        Ok(Entry {
            user_id: row.get(0)?,
            login: row.get(1)?,
            submission_id: row.get(2)?,
            version: row.get(3)?,
            spec: row.get(4)?,
            late_days: row.get(5)?,
        })
    })?
    .collect()
}

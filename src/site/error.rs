//! Why the site, or one of its commands, could not do something: each error names
//! what it was working on (the course, a file, a login), and its words are the ones
//! the teacher or the student reads.

use super::config::ConfigError;
use std::io;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The play page's games cannot be kept.
    #[error("the play page's games: {0}")]
    Play(String),

    // The course and its database.
    #[error("{}: no database: is {} a course? (make one with `tabula site init`)", path.display(), course.display())]
    NoDatabase { path: PathBuf, course: PathBuf },
    #[error("{} already exists: {} is a course already", config.display(), course.display())]
    CourseExists { config: PathBuf, course: PathBuf },
    #[error("{}: another tabula site (PID {pid}) is serving this course already", course.display())]
    Locked { course: PathBuf, pid: String },
    #[error("{}: cannot lock: {source}", path.display())]
    Lock {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{}: {source}", path.display())]
    Database {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    #[error("{}: cannot bring the schema up to date: {source}", path.display())]
    Schema {
        path: PathBuf,
        #[source]
        source: rusqlite_migration::Error,
    },
    #[error("{}: the database is busy: {source}", path.display())]
    Busy {
        path: PathBuf,
        #[source]
        source: r2d2::Error,
    },
    /// A query whose connection already named the database.
    #[error(transparent)]
    Query(#[from] rusqlite::Error),
    /// A query that failed while doing something worth naming ("cannot add ana").
    #[error("{doing}: {source}")]
    Doing {
        doing: String,
        #[source]
        source: rusqlite::Error,
    },

    // Files.
    #[error("{}: {source}", path.display())]
    File {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{}: already exists", .0.display())]
    Exists(PathBuf),

    // People.
    #[error("{game:?} is not a game tabula knows ({known})")]
    UnknownGame { game: String, known: String },
    #[error(
        "{0:?} cannot be a login: use letters, digits, _, - and . (at most 64), starting with a letter or digit"
    )]
    BadLogin(String),
    #[error("line {line}: {source}")]
    RosterLine {
        line: usize,
        #[source]
        source: Box<SiteError>,
    },
    #[error("the roster has no lines `login,name`")]
    EmptyRoster,
    #[error("{0} vanished")]
    Vanished(String),
    #[error("choose a password of at least {0} characters")]
    ShortPassword(usize),
    #[error("that password is too long (at most 1024 bytes)")]
    LongPassword,
    #[error("cannot hash: {0}")]
    Hash(String),

    // The server and its workers.
    #[error("page {name}: {detail}")]
    Page { name: String, detail: String },
    /// The server could not start or stopped: what it was doing, and why.
    #[error("{doing}: {source}")]
    Server {
        doing: String,
        #[source]
        source: io::Error,
    },
    /// A setting checked only when it is used (the schedule's times in the course's zone).
    #[error("{0}")]
    Setting(String),
    #[error("tabula tournament ended with {status}: {last}")]
    Championship { status: String, last: String },
}

impl SiteError {
    /// An I/O error on `path`.
    pub fn file(path: impl Into<PathBuf>, source: io::Error) -> Self {
        SiteError::File {
            path: path.into(),
            source,
        }
    }

    /// A server error while `doing` something.
    pub fn server(doing: impl Into<String>, source: io::Error) -> Self {
        SiteError::Server {
            doing: doing.into(),
            source,
        }
    }
}

//! Keeping what students upload: every version in a folder of its own under
//! `COURSE/submissions/LOGIN/N/`, written and synced before the upload is
//! acknowledged, never overwritten, with its time, size and SHA-256; archives
//! unpacked by the rules of [`super::archive`]; and the player spec each version
//! plays as.

use super::archive::{self, Caps, Manifest};
use super::auth::sha256_hex;
use super::config::Config;
use super::db::{Db, User};
use jiff::{Timestamp, ToSpan};
use rusqlite::{TransactionBehavior, params};
use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// What a stored version is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Prolog,
    Python,
    Lisp,
    Archive(archive::ArchiveKind),
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Prolog => "Prolog",
            Kind::Python => "Python",
            Kind::Lisp => "Lisp",
            Kind::Archive(_) => "archive",
        }
    }
}

/// The kind of an uploaded file, from its name.
pub fn kind_of(file_name: &str) -> Option<Kind> {
    let lower = file_name.to_ascii_lowercase();
    if let Some(k) = archive::archive_kind(&lower) {
        return Some(Kind::Archive(k));
    }
    let ext = Path::new(&lower).extension()?.to_str()?;
    match ext {
        "pl" | "pro" => Some(Kind::Prolog),
        "py" => Some(Kind::Python),
        "lisp" | "lsp" | "cl" => Some(Kind::Lisp),
        _ => None,
    }
}

/// What can be uploaded, for messages and the form.
pub const ACCEPTED: &str = "a Prolog player (.pl), a Python program (.py), a Lisp player (.lisp), \
     or an archive (.zip, .tar, .tar.gz) with a tabula.toml naming the command to run";

/// The name the file is kept under: the uploaded name when it is plain, otherwise
/// `player` with its extension (a name is the student's, not a path).
fn kept_name(file_name: &str, kind: Kind) -> String {
    let base = file_name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default()
        .to_string();
    let plain = !base.is_empty()
        && base.len() <= 100
        && !base.starts_with('.')
        && base
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c));
    if plain {
        return base;
    }
    match kind {
        Kind::Prolog => "player.pl".into(),
        Kind::Python => "player.py".into(),
        Kind::Lisp => "player.lisp".into(),
        Kind::Archive(_) => "upload.archive".into(),
    }
}

/// An upload that was not kept, and why (for the student, in words).
#[derive(Debug)]
pub struct Refused {
    /// The HTTP status that fits (400: not acceptable as sent; 500: our fault).
    pub status: u16,
    pub message: String,
}

fn refused(status: u16, message: impl Into<String>) -> Refused {
    Refused {
        status,
        message: message.into(),
    }
}

/// Writes a new file (never over an existing one) and syncs it.
fn write_new(path: &Path, data: &[u8]) -> std::io::Result<()> {
    let mut f = OpenOptions::new().write(true).create_new(true).open(path)?;
    f.write_all(data)?;
    f.sync_all()
}

fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Keeps an upload as the user's next version, queues its qualification, and returns
/// the new submission's id. The files are on disk and synced, and the row committed,
/// before this returns.
pub fn store(
    course: &Path,
    db: &Db,
    config: &Config,
    user: &User,
    file_name: &str,
    data: &[u8],
) -> Result<i64, Refused> {
    let kind = kind_of(file_name).ok_or_else(|| {
        refused(
            400,
            format!("{file_name:?} is not a kind of player tabula knows: upload {ACCEPTED}"),
        )
    })?;
    if data.is_empty() {
        return Err(refused(400, format!("{file_name:?} is empty")));
    }
    // One upload of a student's at a time, from its number to its files: versions
    // are numbered, timed and ready to qualify in the order they came, so a small
    // upload cannot overtake a large one sent just before it.
    let turn = student_turn(user.id);
    let _turn = turn.lock().unwrap_or_else(|p| p.into_inner());
    let now = Timestamp::now();
    let user_dir = course.join("submissions").join(&user.login);
    fs::create_dir_all(&user_dir)
        .map_err(|e| refused(500, format!("cannot keep the upload: {e}")))?;
    // The version number is taken, and the upload counted against the student's
    // limit, in one short write transaction: two uploads at once get two versions,
    // and a burst cannot slip past the limit. The files are made after it, so that
    // no writer waits while an archive is unpacked.
    let version = reserve_version(db, config, user, now, file_name, kind, data)?;
    let dir = user_dir.join(version.to_string());
    let ours = |e: String| refused(500, format!("cannot keep the upload: {e}"));
    let forget = |db: &Db| {
        let _ = db.execute(
            "DELETE FROM submissions WHERE user_id = ?1 AND version = ?2",
            params![user.id, version],
        );
    };
    // A folder left by a crash before its row was committed is not a version: move it
    // aside rather than mix files.
    if dir.exists() {
        let aside = user_dir.join(format!(".abandoned-{version}-{}", now.as_second()));
        if let Err(e) = fs::rename(&dir, &aside) {
            forget(db);
            return Err(ours(e.to_string()));
        }
    }
    if let Err(e) = fs::create_dir(&dir) {
        forget(db);
        return Err(ours(e.to_string()));
    }
    let name = kept_name(file_name, kind);
    let made = make_player(&dir, &user_dir, version, kind, &name, data, config);
    let (spec, problem) = match made {
        Ok(spec) => (Some(spec), None),
        Err(Refusal::Unsafe(message)) => {
            // A refused archive is not a version: nothing of it is kept.
            let _ = fs::remove_dir_all(&dir);
            forget(db);
            return Err(refused(400, message));
        }
        Err(Refusal::Unplayable(message)) => (None, Some(message)),
        Err(Refusal::Ours(message)) => {
            let _ = fs::remove_dir_all(&dir);
            forget(db);
            return Err(refused(500, message));
        }
    };
    sync_dir(&dir);
    sync_dir(&user_dir);
    let relative = dir
        .strip_prefix(course)
        .unwrap_or(&dir)
        .to_string_lossy()
        .to_string();
    let (status, summary) = match &problem {
        Some(p) => ("failed", p.clone()),
        None => ("waiting", "waiting for its qualification games".to_string()),
    };
    let kept = db.with(|conn| {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id: i64 = tx.query_row(
            "UPDATE submissions SET dir = ?3, spec = ?4, problem = ?5
             WHERE user_id = ?1 AND version = ?2 RETURNING id",
            params![user.id, version, relative, spec, problem],
            |r| r.get(0),
        )?;
        tx.execute(
            "INSERT INTO qualifications (submission_id, status, summary) VALUES (?1, ?2, ?3)",
            params![id, status, summary],
        )?;
        tx.commit()?;
        Ok(id)
    });
    kept.map_err(|e| {
        let _ = fs::remove_dir_all(&dir);
        forget(db);
        ours(e.to_string())
    })
}

/// The lock a student's uploads take turns on (one for each student who uploaded
/// since the site started).
fn student_turn(user_id: i64) -> Arc<Mutex<()>> {
    static TURNS: OnceLock<Mutex<HashMap<i64, Arc<Mutex<()>>>>> = OnceLock::new();
    let mut turns = TURNS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    turns.entry(user_id).or_default().clone()
}

/// Takes the next version number for `user`, or refuses when they uploaded
/// `max_uploads` versions within the last `upload_window_minutes`. The row it adds
/// has no qualification yet: `store` completes it once the files are made.
fn reserve_version(
    db: &Db,
    config: &Config,
    user: &User,
    now: Timestamp,
    file_name: &str,
    kind: Kind,
    data: &[u8],
) -> Result<i64, Refused> {
    let limit = &config.submissions;
    let since = now
        .checked_sub(i64::from(limit.upload_window_minutes).minutes())
        .unwrap_or(now);
    let late = config.late_days(now);
    let outcome = db.with(|conn| {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (recent, oldest): (u32, Option<String>) = tx.query_row(
            "SELECT COUNT(*), MIN(uploaded_at) FROM submissions WHERE user_id = ?1 AND uploaded_at > ?2",
            params![user.id, since.to_string()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        if limit.max_uploads > 0 && recent >= limit.max_uploads {
            return Ok(Err(oldest));
        }
        let version: i64 = tx.query_row(
            "SELECT COALESCE(MAX(version), 0) + 1 FROM submissions WHERE user_id = ?1",
            params![user.id],
            |r| r.get(0),
        )?;
        tx.execute(
            "INSERT INTO submissions (user_id, version, uploaded_at, file_name, kind, size, sha256, dir, spec, problem, late_days)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, '', NULL, 'being stored', ?8)",
            params![
                user.id,
                version,
                now.to_string(),
                file_name.chars().take(200).collect::<String>(),
                kind.name(),
                data.len() as i64,
                sha256_hex(data),
                i64::from(late)
            ],
        )?;
        tx.commit()?;
        Ok(Ok(version))
    });
    match outcome {
        Ok(Ok(version)) => Ok(version),
        Ok(Err(oldest)) => {
            let next = oldest
                .and_then(|t| t.parse::<Timestamp>().ok())
                .and_then(|t| {
                    t.checked_add(i64::from(limit.upload_window_minutes).minutes())
                        .ok()
                })
                .map_or_else(String::new, |t| {
                    format!(" Your next upload is possible from {}.", config.local(t))
                });
            Err(refused(
                429,
                format!(
                    "You have uploaded {} versions in the last {} minutes, the most this course takes.{next}",
                    limit.max_uploads, limit.upload_window_minutes
                ),
            ))
        }
        Err(e) => Err(refused(500, format!("cannot keep the upload: {e}"))),
    }
}

enum Refusal {
    /// Unsafe or unreadable as sent: refused, nothing kept.
    Unsafe(String),
    /// Kept, but it cannot play: the version fails qualification with this reason.
    Unplayable(String),
    /// The server could not write.
    Ours(String),
}

/// Writes the version's files into `dir` and returns the spec it plays as.
fn make_player(
    dir: &Path,
    user_dir: &Path,
    version: i64,
    kind: Kind,
    name: &str,
    data: &[u8],
    config: &Config,
) -> Result<String, Refusal> {
    let ours = |e: std::io::Error| Refusal::Ours(format!("cannot keep the upload: {e}"));
    match kind {
        Kind::Archive(archive_kind) => {
            // The archive itself is kept beside its folder (out of the player's sight).
            let original = user_dir.join(format!("{version}.{name}"));
            let caps = Caps {
                max_files: config.submissions.max_files,
                max_bytes: config.max_unpacked().unwrap_or(20 << 20),
            };
            archive::unpack(archive_kind, data, dir, &caps)
                .map_err(|e| Refusal::Unsafe(e.to_string()))?;
            write_new(&original, data).map_err(ours)?;
            match archive::read_manifest(dir).map_err(|e| Refusal::Unplayable(e.to_string()))? {
                Manifest::Player(file) => {
                    let path = dir.join(&file);
                    let inner = kind_of(&file.to_string_lossy())
                        .filter(|k| !matches!(k, Kind::Archive(_)))
                        .ok_or_else(|| {
                            Refusal::Unplayable(format!(
                                "tabula.toml: player = {:?} is not a .pl, .py or .lisp file",
                                file.display()
                            ))
                        })?;
                    file_spec(inner, &path)
                }
                Manifest::Command(argv) => command_spec(dir, &argv),
            }
        }
        _ => {
            let path = dir.join(name);
            write_new(&path, data).map_err(ours)?;
            file_spec(kind, &path)
        }
    }
}

fn absolute(path: &Path) -> PathBuf {
    crate::players::sandbox::absolute(path)
}

fn no_blanks(path: &Path) -> Result<String, Refusal> {
    let text = path.to_string_lossy().to_string();
    if text.contains(char::is_whitespace) {
        return Err(Refusal::Unplayable(format!(
            "{text:?}: a path with blanks cannot be run (rename it)"
        )));
    }
    Ok(text)
}

/// The spec a single player file plays as.
fn file_spec(kind: Kind, path: &Path) -> Result<String, Refusal> {
    let path = no_blanks(&absolute(path))?;
    Ok(match kind {
        Kind::Python => format!("cmd:python3 {path}"),
        _ => path,
    })
}

/// The spec of a manifest's command: run from the archive's folder (`env -C`, and
/// the sandbox starts it there too). The words are the student's, and the sandbox
/// shows a player every path its command line names: so a word may name a file of
/// the archive (relative, without `..`) or a program under `/usr`, nothing else.
fn command_spec(root: &Path, argv: &[String]) -> Result<String, Refusal> {
    if argv.is_empty() {
        return Err(Refusal::Unplayable("tabula.toml: command is empty".into()));
    }
    let root = no_blanks(&absolute(root))?;
    let mut words = vec!["env".to_string(), "-C".to_string(), root];
    for word in argv {
        if word.contains(char::is_whitespace) || word.is_empty() {
            return Err(Refusal::Unplayable(format!(
                "tabula.toml: the word {word:?} of the command has blanks in it"
            )));
        }
        let escapes = word.split(['/', '=']).any(|c| c == "..");
        let absolute_outside_usr = word.starts_with('/') && !word.starts_with("/usr/");
        if escapes || absolute_outside_usr || word.starts_with('~') {
            return Err(Refusal::Unplayable(format!(
                "tabula.toml: the command may name files inside the archive (relative to its root, without ..) and programs under /usr only, not {word:?}"
            )));
        }
        words.push(word.clone());
    }
    Ok(format!("cmd:{}", words.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_come_from_names() {
        assert_eq!(kind_of("bot.PL"), Some(Kind::Prolog));
        assert_eq!(kind_of("bot.py"), Some(Kind::Python));
        assert_eq!(kind_of("ra1.lisp"), Some(Kind::Lisp));
        assert!(matches!(kind_of("b.tar.gz"), Some(Kind::Archive(_))));
        assert_eq!(kind_of("bot.exe"), None);
        assert_eq!(kind_of("noext"), None);
    }

    #[test]
    fn commands_name_only_their_own_files() {
        let root = std::env::temp_dir().join(format!("tabula-cmdspec-{}", std::process::id()));
        let spec = |words: &[&str]| {
            command_spec(
                &root,
                &words.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
            )
        };
        let ok = spec(&["python3", "bot/main.py", "--seed", "3"])
            .ok()
            .unwrap();
        assert_eq!(
            ok,
            format!(
                "cmd:env -C {} python3 bot/main.py --seed 3",
                absolute(&root).display()
            )
        );
        assert!(spec(&["/usr/bin/python3", "main.py"]).is_ok());
        for bad in [
            &["python3", "/srv/course/submissions/other/1/bot.py"][..],
            &["python3", "../../other/1/bot.py"],
            &["python3", "--file=../x.py"],
            &["cat", "/etc/shadow"],
            &["python3", "~/x.py"],
        ] {
            assert!(spec(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn kept_names_are_plain() {
        assert_eq!(kept_name("bot.py", Kind::Python), "bot.py");
        assert_eq!(kept_name("../../etc/x.py", Kind::Python), "x.py");
        assert_eq!(kept_name("my bot.py", Kind::Python), "player.py");
        assert_eq!(kept_name(".hidden.pl", Kind::Prolog), "player.pl");
    }
}

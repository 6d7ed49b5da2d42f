//! The games, kept in SQLite move by move, so that a server that stops (or is
//! killed) resumes every open game where it was when it starts again: the same game,
//! options, seats and moves, under the same number (the pages' addresses still work).
//! A game that ends (over, ended by its player, idle, or ended to make room) is
//! kept finished: its last snapshot and its record, to be seen and downloaded, the
//! latest few of each person's ([`FINISHED_KEPT`]). A game that could not start is
//! deleted.

use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// Why the games cannot be kept.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct StoreError {
    path: PathBuf,
    #[source]
    source: rusqlite::Error,
}

/// One game as it is kept: what it was started with, and its moves so far.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Kept {
    pub id: u64,
    /// The game's name.
    pub game: String,
    /// The options, as the new-game form gives them (a random start as its seed).
    pub options: serde_json::Map<String, serde_json::Value>,
    /// Who sits at each seat: "human", a level, or a guest's word (on the site: a
    /// student's version).
    pub seats: Vec<String>,
    /// Whose game it is (on the site: a login); none for `tabula web`'s games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// The moves in the rules' notation, with the computer's reasons.
    pub moves: Vec<KeptMove>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct KeptMove {
    #[serde(rename = "move")]
    pub notation: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// How long the move took, in milliseconds (0: not known).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ms: u64,
}

fn is_zero(ms: &u64) -> bool {
    *ms == 0
}

/// The finished games kept for each person (and for the games of nobody's).
pub const FINISHED_KEPT: usize = 10;

/// A finished game as it is kept: whose it was, what its page was last told, its
/// record (JSON), and when it ended (seconds since 1970).
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    pub id: u64,
    pub owner: Option<String>,
    pub snapshot: String,
    pub record: String,
    pub ended_at: i64,
}

/// The database of games.
pub struct Store {
    conn: Mutex<Connection>,
    path: PathBuf,
}

impl Store {
    /// Opens (creating it, and its folder) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let fail = |source| StoreError {
            path: path.to_path_buf(),
            source,
        };
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            let _ = std::fs::create_dir_all(dir);
        }
        let conn = Connection::open(path).map_err(fail)?;
        conn.busy_timeout(Duration::from_secs(5)).map_err(fail)?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             CREATE TABLE IF NOT EXISTS games (
                 id INTEGER PRIMARY KEY,
                 game TEXT NOT NULL,
                 options TEXT NOT NULL,
                 seats TEXT NOT NULL,
                 moves TEXT NOT NULL DEFAULT '[]',
                 updated_at INTEGER NOT NULL,
                 owner TEXT
             );",
        )
        .map_err(fail)?;
        // A database kept by an earlier version has no owners: its games are nobody's.
        let has_owner = conn.prepare("SELECT owner FROM games LIMIT 0").is_ok();
        if !has_owner {
            conn.execute_batch("ALTER TABLE games ADD COLUMN owner TEXT")
                .map_err(fail)?;
        }
        // Nor were its games ever kept finished.
        let has_finished = conn.prepare("SELECT ended_at FROM games LIMIT 0").is_ok();
        if !has_finished {
            conn.execute_batch(
                "ALTER TABLE games ADD COLUMN ended_at INTEGER;
                 ALTER TABLE games ADD COLUMN snapshot TEXT;
                 ALTER TABLE games ADD COLUMN record TEXT;",
            )
            .map_err(fail)?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
        })
    }

    /// A store in memory: the finished games of a server that keeps nothing on disk.
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::open(Path::new(":memory:"))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn fail(&self, source: rusqlite::Error) -> StoreError {
        StoreError {
            path: self.path.clone(),
            source,
        }
    }

    /// Keeps a new game, or a game's moves now.
    pub fn save(&self, game: &Kept) -> Result<(), StoreError> {
        self.lock()
            .execute(
                "INSERT INTO games (id, game, options, seats, moves, updated_at, owner)
                 VALUES (?1, ?2, ?3, ?4, ?5, unixepoch(), ?6)
                 ON CONFLICT(id) DO UPDATE SET moves = excluded.moves, updated_at = excluded.updated_at",
                params![
                    game.id as i64,
                    game.game,
                    json(&game.options),
                    json(&game.seats),
                    json(&game.moves),
                    game.owner
                ],
            )
            .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// Forgets a game that is still open (one that could not start); a finished
    /// game is kept.
    pub fn delete_open(&self, id: u64) -> Result<(), StoreError> {
        self.lock()
            .execute(
                "DELETE FROM games WHERE id = ?1 AND ended_at IS NULL",
                params![id as i64],
            )
            .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// Keeps a game finished: its last snapshot and record, its moves as they are;
    /// then forgets the owner's finished games beyond the latest [`FINISHED_KEPT`].
    pub fn finish(&self, game: &Kept, snapshot: &str, record: &str) -> Result<(), StoreError> {
        let conn = self.lock();
        conn.execute(
            "INSERT INTO games (id, game, options, seats, moves, updated_at, owner, ended_at, snapshot, record)
             VALUES (?1, ?2, ?3, ?4, ?5, unixepoch(), ?6, unixepoch(), ?7, ?8)
             ON CONFLICT(id) DO UPDATE SET moves = excluded.moves, updated_at = excluded.updated_at,
                 ended_at = excluded.ended_at, snapshot = excluded.snapshot, record = excluded.record",
            params![
                game.id as i64,
                game.game,
                json(&game.options),
                json(&game.seats),
                json(&game.moves),
                game.owner,
                snapshot,
                record
            ],
        )
        .map_err(|e| self.fail(e))?;
        conn.execute(
            "DELETE FROM games WHERE ended_at IS NOT NULL AND owner IS ?1 AND id NOT IN
                 (SELECT id FROM games WHERE ended_at IS NOT NULL AND owner IS ?1
                  ORDER BY ended_at DESC, id DESC LIMIT ?2)",
            params![game.owner, FINISHED_KEPT as i64],
        )
        .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// A finished game.
    pub fn finished(&self, id: u64) -> Result<Option<Finished>, StoreError> {
        self.lock()
            .query_row(
                "SELECT id, owner, snapshot, record, ended_at FROM games
                 WHERE id = ?1 AND ended_at IS NOT NULL",
                params![id as i64],
                finished_row,
            )
            .optional()
            .map_err(|e| self.fail(e))
    }

    /// The owner's finished games, the latest first.
    pub fn finished_of(&self, owner: Option<&str>) -> Result<Vec<Finished>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn
            .prepare(
                "SELECT id, owner, snapshot, record, ended_at FROM games
                 WHERE ended_at IS NOT NULL AND owner IS ?1 ORDER BY ended_at DESC, id DESC LIMIT ?2",
            )
            .map_err(|e| self.fail(e))?;
        let rows = stmt
            .query_map(params![owner, FINISHED_KEPT as i64], finished_row)
            .map_err(|e| self.fail(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.fail(e))
    }

    /// A finished game made open again (to take a move back): as it was kept.
    pub fn reopen(&self, id: u64) -> Result<Option<Kept>, StoreError> {
        let kept = self.read(
            "SELECT id, game, options, seats, moves, owner FROM games WHERE id = ?1 AND ended_at IS NOT NULL",
            params![id as i64],
        )?;
        if kept.is_empty() {
            return Ok(None);
        }
        self.lock()
            .execute(
                "UPDATE games SET ended_at = NULL, snapshot = NULL, record = NULL WHERE id = ?1",
                params![id as i64],
            )
            .map_err(|e| self.fail(e))?;
        Ok(kept.into_iter().next())
    }

    /// Every open game kept, oldest first; a row that does not read (written by
    /// another version) is left out.
    pub fn all(&self) -> Result<Vec<Kept>, StoreError> {
        self.read(
            "SELECT id, game, options, seats, moves, owner FROM games WHERE ended_at IS NULL ORDER BY id",
            [],
        )
    }

    /// The games a query gives, as kept.
    fn read(&self, query: &str, args: impl rusqlite::Params) -> Result<Vec<Kept>, StoreError> {
        let conn = self.lock();
        let mut stmt = conn.prepare(query).map_err(|e| self.fail(e))?;
        let rows = stmt
            .query_map(args, |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, Option<String>>(5)?,
                ))
            })
            .map_err(|e| self.fail(e))?;
        let mut kept = Vec::new();
        for row in rows {
            let (id, game, options, seats, moves, owner) = row.map_err(|e| self.fail(e))?;
            let (Ok(options), Ok(seats), Ok(moves)) = (
                serde_json::from_str(&options),
                serde_json::from_str(&seats),
                serde_json::from_str(&moves),
            ) else {
                continue;
            };
            kept.push(Kept {
                id: id as u64,
                game,
                options,
                seats,
                owner,
                moves,
            });
        }
        Ok(kept)
    }

    /// The highest game number kept.
    pub fn last_id(&self) -> Result<u64, StoreError> {
        let last: Option<i64> = self
            .lock()
            .query_row("SELECT MAX(id) FROM games", [], |r| r.get(0))
            .optional()
            .map_err(|e| self.fail(e))?
            .flatten();
        Ok(last.map_or(0, |n| n.max(0) as u64))
    }
}

fn finished_row(r: &rusqlite::Row) -> rusqlite::Result<Finished> {
    Ok(Finished {
        id: r.get::<_, i64>(0)? as u64,
        owner: r.get(1)?,
        snapshot: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
        record: r.get::<_, Option<String>>(3)?.unwrap_or_default(),
        ended_at: r.get(4)?,
    })
}

/// A value kept as JSON text.
fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_kept_move_by_move_and_forgotten() {
        let dir = std::env::temp_dir().join(format!("tabula-web-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open(&dir.join("games.db")).unwrap();
        let mut game = Kept {
            id: 7,
            game: "a game".into(),
            options: serde_json::json!({"rows": 3}).as_object().cloned().unwrap(),
            seats: vec!["human".into(), "greedy".into()],
            owner: Some("ana".into()),
            moves: vec![],
        };
        store.save(&game).unwrap();
        game.moves.push(KeptMove {
            notation: "h(0,0)".into(),
            reason: None,
            ms: 1200,
        });
        game.moves.push(KeptMove {
            notation: "v(0,0)".into(),
            reason: Some("a safe segment".into()),
            ms: 0,
        });
        store.save(&game).unwrap();
        drop(store);
        let store = Store::open(&dir.join("games.db")).unwrap();
        assert_eq!(store.all().unwrap(), vec![game.clone()]);
        assert_eq!(store.last_id().unwrap(), 7);
        store.delete_open(7).unwrap();
        assert!(store.all().unwrap().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_finished_game_is_kept_until_its_owner_has_ten_newer_ones() {
        let store = Store::in_memory().unwrap();
        let game = |id: u64, owner: &str| Kept {
            id,
            game: "a game".into(),
            options: serde_json::Map::new(),
            seats: vec!["human".into(), "random".into()],
            owner: Some(owner.into()),
            moves: vec![KeptMove {
                notation: "a2-a3".into(),
                reason: None,
                ms: 0,
            }],
        };
        store.save(&game(1, "ana")).unwrap();
        store.finish(&game(1, "ana"), "{\"id\":1}", "{}").unwrap();
        assert!(
            store.all().unwrap().is_empty(),
            "a finished game is not open"
        );
        assert_eq!(store.finished(1).unwrap().unwrap().snapshot, "{\"id\":1}");
        // Deleting what could not start leaves a finished game alone.
        store.delete_open(1).unwrap();
        assert!(store.finished(1).unwrap().is_some());
        for id in 2..=(FINISHED_KEPT as u64 + 1) {
            store.finish(&game(id, "ana"), "{}", "{}").unwrap();
        }
        store.finish(&game(50, "bia"), "{}", "{}").unwrap();
        let anas: Vec<u64> = store
            .finished_of(Some("ana"))
            .unwrap()
            .iter()
            .map(|f| f.id)
            .collect();
        assert_eq!(anas.len(), FINISHED_KEPT);
        assert!(
            !anas.contains(&1),
            "the oldest of ana's is forgotten: {anas:?}"
        );
        assert_eq!(store.finished_of(Some("bia")).unwrap().len(), 1);
        // Reopened, it is open again, with its moves.
        let again = store.reopen(5).unwrap().unwrap();
        assert_eq!(again.moves.len(), 1);
        assert_eq!(store.all().unwrap().len(), 1);
        assert!(store.finished(5).unwrap().is_none());
    }
}

//! Which generic player level `ai` plays as in a game without a strongest player of its
//! own, when `tabula tune` found it by play: kept between runs by the content of the
//! files that decide it (the generic players, the contract, the rules and what they
//! load, the fast path), as the fast-path verdicts are (`accelerate`), so that an edited
//! rule or a changed search forgets the choice instead of trusting a stale one. The
//! players a referee starts in a sandbox cannot see this machine's cache: they are told
//! ([`ENV`]).

use super::GameError;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The environment variable that passes the choices on to the players a referee
/// starts: `HASH=LEVEL`, separated by commas.
pub const ENV: &str = "TABULA_TUNED";

/// What `tabula tune` found for one set of files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tuned {
    /// The generic level `ai` plays as (`alphabeta`, `mcts`).
    pub level: String,
    /// Why, in words: the match that decided it.
    pub why: String,
}

/// The choices known to this process, by hash (read from the cache, told, or found).
static KNOWN: Mutex<Option<HashMap<String, Tuned>>> = Mutex::new(None);

fn remember(hash: &str, tuned: &Tuned) {
    let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    known
        .get_or_insert_with(HashMap::new)
        .insert(hash.to_string(), tuned.clone());
}

/// Where the choices are kept: `$XDG_CACHE_HOME/tabula/tuned`, or
/// `~/.cache/tabula/tuned`.
pub fn cache_dir() -> Option<PathBuf> {
    crate::engine::cache::dir("tuned")
}

/// The key of a game's choice: the hash of the files' contents, in order.
pub fn key(files: &[&Path]) -> Result<String, GameError> {
    super::accelerate::hash_files(files)
}

/// A level name as the cache and the environment may hold it: a plain Prolog atom, so
/// that nothing read back can be more than a name.
fn plain(level: &str) -> bool {
    let mut chars = level.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The choice for `hash`: known to this process, told by the referee that started it,
/// or kept in the cache.
pub fn recall(hash: &str) -> Option<Tuned> {
    if let Some(t) = KNOWN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|k| k.get(hash).cloned())
    {
        return Some(t);
    }
    let found = told(hash).or_else(|| read_cache(hash))?;
    remember(hash, &found);
    Some(found)
}

/// Whether any choice can be known here: one told by a referee, or a cache folder
/// holding some. A load that finds neither need not hash its files for a key.
pub fn any_known() -> bool {
    std::env::var_os(ENV).is_some_and(|v| !v.is_empty())
        || cache_dir()
            .and_then(|d| std::fs::read_dir(d).ok())
            .is_some_and(|mut entries| entries.next().is_some())
}

fn told(hash: &str) -> Option<Tuned> {
    let env = std::env::var(ENV).ok()?;
    env.split(',').find_map(|item| {
        let (h, level) = item.split_once('=')?;
        (h == hash && plain(level)).then(|| Tuned {
            level: level.to_string(),
            why: "tuned by play (told by the referee that started this player)".into(),
        })
    })
}

fn read_cache(hash: &str) -> Option<Tuned> {
    let path = cache_dir()?.join(hash);
    // A choice is two short lines: more is not one of ours.
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(std::fs::File::open(path).ok()?, 4096),
        &mut bytes,
    )
    .ok()?;
    let text = String::from_utf8(bytes).ok()?;
    let mut lines = text.lines();
    let level = lines.next()?.trim().to_string();
    let why = lines.next().unwrap_or("").trim().to_string();
    plain(&level).then_some(Tuned { level, why })
}

/// Keeps the choice for `hash` in the cache; the file it was written to.
pub fn keep(hash: &str, tuned: &Tuned) -> Result<PathBuf, GameError> {
    remember(hash, tuned);
    let dir = cache_dir().ok_or_else(|| {
        GameError::Usage("no cache folder: set HOME or XDG_CACHE_HOME to keep the choice".into())
    })?;
    std::fs::create_dir_all(&dir)
        .map_err(|e| GameError::file(&dir, "cannot create the cache folder", e))?;
    let path = dir.join(hash);
    // Written aside and renamed: a reader never sees half a choice.
    let tmp = dir.join(format!("{hash}.{}.tmp", std::process::id()));
    let text = format!("{}\n{}\n", tuned.level, tuned.why.replace('\n', " "));
    std::fs::write(&tmp, text).map_err(|e| GameError::file(&tmp, "cannot write it", e))?;
    std::fs::rename(&tmp, &path).map_err(|e| GameError::file(&path, "cannot write it", e))?;
    Ok(path)
}

/// The choices of this process, for the environment of the players it starts
/// ([`ENV`]); empty when there are none.
pub fn for_players() -> String {
    let known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let mut items: Vec<String> = known
        .iter()
        .flat_map(|k| k.iter())
        .map(|(hash, t)| format!("{hash}={}", t.level))
        .collect();
    items.sort();
    items.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_level_names_are_read_back() {
        assert!(plain("alphabeta"));
        assert!(plain("mcts_2"));
        assert!(!plain(""));
        assert!(!plain("Mcts"));
        assert!(!plain("halt), shell(x"));
        assert!(!plain("a b"));
    }
}

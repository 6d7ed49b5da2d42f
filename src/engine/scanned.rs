//! The texts of rules files already scanned and found clean, so that no process reads a
//! file twice to learn what its text alone already said.
//!
//! Before Scryer loads a file, `support.pl` scans it for clauses tabula refuses (split
//! predicates, clauses of another module's predicates). The verdict depends on the text
//! alone when the file has no clause for a predicate of a named module, so it is kept by
//! the hash of the text: in this process, in `~/.cache/tabula/scanned/` (or
//! `$XDG_CACHE_HOME`) between runs, and in [`ENV`] for the players the referee starts,
//! whose sandbox cannot see that cache. A player's start-up then pays for Scryer's own
//! reading of each file only.

use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Mutex;

/// The environment variable in which a referee tells its players the hashes of the
/// clean texts it scanned, comma-separated.
pub const ENV: &str = "TABULA_FILES_SCANNED";

static CLEAN: Mutex<Option<HashSet<String>>> = Mutex::new(None);

/// The hash of a file's text.
pub fn hash(text: &[u8]) -> String {
    Sha256::digest(text)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether a text with this hash was found clean: by this process, by the referee that
/// started it, or by an earlier run on this machine.
pub fn is_clean(hash: &str) -> bool {
    let known = CLEAN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .is_some_and(|set| set.contains(hash));
    known
        || std::env::var(ENV).is_ok_and(|told| told.split(',').any(|h| h == hash))
        || cache_dir().is_some_and(|dir| dir.join(hash).is_file())
}

/// Keeps that a text with this hash is clean, here and in the cache between runs (a
/// cache that cannot be written only costs a scan next time).
pub fn remember_clean(hash: &str) {
    let fresh = CLEAN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HashSet::new)
        .insert(hash.to_string());
    if fresh
        && let Some(dir) = cache_dir()
        && std::fs::create_dir_all(&dir).is_ok()
    {
        let _ = std::fs::write(dir.join(hash), b"");
    }
}

/// The hashes found clean by this process, for the environment of the players it
/// starts ([`ENV`]); empty when there are none.
pub fn for_players() -> String {
    let known = CLEAN.lock().unwrap_or_else(|e| e.into_inner());
    let mut hashes: Vec<&str> = known
        .iter()
        .flat_map(|set| set.iter().map(String::as_str))
        .collect();
    hashes.sort_unstable();
    hashes.join(",")
}

fn cache_dir() -> Option<PathBuf> {
    crate::engine::cache::dir("scanned")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clean_text_is_known_by_its_hash_only() {
        let a = hash(b":- module(a, []).\nf(1).\n");
        let b = hash(b":- module(a, []).\nf(2).\n");
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        remember_clean(&a);
        assert!(is_clean(&a));
        assert!(for_players().split(',').any(|h| h == a));
    }
}

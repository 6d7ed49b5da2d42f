//! Where tabula keeps, between runs, what it could work out again but need not: the
//! verdicts on fast paths (`rules-checks`), the rules texts scanned clean (`scanned`).

use std::path::PathBuf;

/// The folder `name` under `$XDG_CACHE_HOME/tabula`, else `~/.cache/tabula`; `None`
/// when neither is set. It may not exist yet.
pub fn dir(name: &str) -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("tabula").join(name))
}

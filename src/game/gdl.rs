//! Games written in GDL, the language of General Game Playing (`.kif` files).
//!
//! A `.kif` file is made into a Prolog module by `prolog/core/gdl/gdl.pl`, run by the
//! embedded engine: the rules stay logic, and Rust only asks for the translation. The
//! module is written to the cache (`$XDG_CACHE_HOME/tabula/gdl`), named by a hash of the
//! `.kif` text and of the translator's own files, so an edited `.kif` (or a new
//! translator) is translated again and an unchanged one costs nothing. From then on the
//! module is a game like any `.pl` file: checked, played, served to players.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::{GameError, core_file};
use crate::engine::{Engine, term};

/// The largest `.kif` file read: GDL files of the public repositories are under 200 KB.
const MAX_KIF_BYTES: u64 = 4 << 20;

/// Whether `path` names a GDL file (by its extension, `.kif` or `.gdl`).
pub fn is_gdl(path: &Path) -> bool {
    path.extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("kif") || x.eq_ignore_ascii_case("gdl"))
}

/// The Prolog module made from the GDL file `kif`, translated now unless the cache
/// already has it; the errors of a file that is not sound GDL, each with its line.
pub fn translated(kif: &Path) -> Result<PathBuf, GameError> {
    let text = read_bounded(kif)?;
    let module = module_name(kif);
    let translator = ["gdl/kif.pl", "gdl/gdl.pl", "gdl/gdl_contract.pl"].map(core_file);
    let mut hash = Sha256::new();
    hash.update(&text);
    for file in &translator {
        hash.update(std::fs::read(file).map_err(|e| GameError::file(file, "cannot read", e))?);
    }
    let digest: String = hash
        .finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    let dir = output_dir()?;
    let out = dir.join(format!("{module}-{digest}.pl"));
    if out.is_file() {
        return Ok(out);
    }
    std::fs::create_dir_all(&dir).map_err(|e| {
        GameError::file(&dir, "cannot create the folder of translated GDL games", e)
    })?;
    // A name of this call's own: two threads (or processes) may translate one file at
    // once; each writes its own and the last rename wins, with the same text.
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let partial = dir.join(format!(
        ".{module}-{digest}.{}-{call}.part",
        std::process::id()
    ));
    let engine = Engine::fresh()?;
    engine.consult(&core_file("gdl/gdl.pl"))?;
    let goal = format!(
        "gdl:gdl_translate({}, {}, {}, {}, R)",
        term::quote_atom(&kif.to_string_lossy()),
        term::quote_atom(&module),
        term::quote_atom(&partial.to_string_lossy()),
        term::quote_atom(&translator[2].to_string_lossy()),
    );
    let result = engine.query_value(&goal, "R");
    let result = match result {
        Ok(r) => r,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e.into());
        }
    };
    if term::as_atom(&result) == Some("ok") {
        std::fs::rename(&partial, &out)
            .map_err(|e| GameError::file(&out, "cannot keep the translated GDL game", e))?;
        return Ok(out);
    }
    let _ = std::fs::remove_file(&partial);
    let errors = term::args(&result, "errors", 1)
        .and_then(|a| term::as_list(&a[0]))
        .unwrap_or_default();
    let mut lines: Vec<String> = errors
        .iter()
        .filter_map(|e| {
            let [line, msg] = term::args(e, "error", 2)? else {
                return None;
            };
            let msg = term::as_text(msg).unwrap_or_else(|| term::to_text(msg));
            Some(match term::as_i64(line) {
                Some(n) if n > 0 => format!("{}:{n}: {msg}", kif.display()),
                _ => format!("{}: {msg}", kif.display()),
            })
        })
        .collect();
    if lines.is_empty() {
        lines.push(format!(
            "{}: cannot be translated: {}",
            kif.display(),
            term::to_text(&result)
        ));
    }
    let n = lines.len();
    lines.push(format!(
        "{}: not a sound GDL game ({n} error{}): nothing played.",
        kif.display(),
        if n == 1 { "" } else { "s" }
    ));
    Err(GameError::Usage(lines.join("\n")))
}

fn read_bounded(path: &Path) -> Result<Vec<u8>, GameError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| GameError::file(path, "cannot read", e))?;
    let mut text = Vec::new();
    file.take(MAX_KIF_BYTES + 1)
        .read_to_end(&mut text)
        .map_err(|e| GameError::file(path, "cannot read", e))?;
    if text.len() as u64 > MAX_KIF_BYTES {
        return Err(GameError::Usage(format!(
            "{}: a GDL file of more than {} MiB: not read",
            path.display(),
            MAX_KIF_BYTES >> 20
        )));
    }
    Ok(text)
}

/// Where translated games are kept: the cache, else a folder of the temporary one.
fn output_dir() -> Result<PathBuf, GameError> {
    if let Some(dir) = crate::engine::cache::dir("gdl") {
        return Ok(dir);
    }
    // SAFETY: getuid has no preconditions and cannot fail.
    let uid = unsafe { libc::getuid() };
    Ok(std::env::temp_dir().join(format!("tabula-gdl-{uid}")))
}

/// The game's name, from the file's: `Tic-Tac-Toe.kif` is `tic_tac_toe`. A name that
/// a module of tabula or of Prolog's library already has, or a game of the games folder
/// (`othello.kif` beside tabula's own Othello), gets `_gdl` after it.
pub fn module_name(kif: &Path) -> String {
    let stem = kif.file_stem().unwrap_or_default().to_string_lossy();
    let mut name: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name.insert_str(0, "gdl_");
    }
    const TAKEN: &[&str] = &[
        "game",
        "players",
        "playouts",
        "conformance",
        "accelerators",
        "notation",
        "gdl",
        "gdl_text",
        "kif",
        "user",
        "lists",
        "between",
        "random",
        "iso_ext",
        "error",
        "dcgs",
        "format",
        "charsio",
        "assoc",
        "pairs",
        "ordsets",
        "pio",
        "files",
        "os",
        "time",
        "clpz",
        "dif",
        "tabling",
        "si",
        "reif",
        "lambda",
        "queues",
        "ugraphs",
        "debug",
        "builtins",
        "loader",
        "toplevel",
    ];
    let games = super::games_dir();
    let shipped = [
        games.join(format!("{name}.pl")),
        games.join(&name).join(format!("{name}.pl")),
    ]
    .iter()
    .any(|p| p.is_file());
    if TAKEN.contains(&name.as_str()) || shipped {
        name.push_str("_gdl");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_names_are_plain_atoms_that_no_library_has() {
        assert_eq!(module_name(Path::new("/x/Tic-Tac-Toe.kif")), "tic_tac_toe");
        assert_eq!(module_name(Path::new("3d.kif")), "gdl_3d");
        assert_eq!(module_name(Path::new("lists.kif")), "lists_gdl");
        assert_eq!(module_name(Path::new("x/othello.kif")), "othello_gdl");
        assert!(is_gdl(Path::new("a/b.KIF")));
        assert!(!is_gdl(Path::new("a/b.pl")));
    }
}

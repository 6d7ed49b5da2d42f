//! Lisp players (`FILE.lisp`): a king-and-pawn chase player written exactly as the Lisp
//! assignment asks (the three-line package header, then the four functions
//! `branco-inicia`, `branco-responde`, `preto-inicia`, `preto-responde`), run by SBCL
//! through the adapter `lisp/tabula-player.lisp`, which loads the file and speaks the
//! player protocol for it. To the referee it is a program like any `cmd:` player: its
//! own process, in the sandbox, under the same limits.

use crate::players::sandbox::{self, View};
use std::path::{Path, PathBuf};

/// The adapter's file name, in the Lisp folder.
pub const ADAPTER: &str = "tabula-player.lisp";

/// The Lisp implementation the adapter is written for.
const SBCL: &str = "sbcl";

/// Address space SBCL takes besides its heap (the core, its other spaces, the
/// collector's tables): measured on SBCL 2.2.9 under an address-space cap, where it
/// starts with a heap of the cap minus about 200 MiB.
const SBCL_OVERHEAD_MIB: u64 = 256;

/// The folder holding the adapter, found as the Prolog folder is: `$TABULA_LISP` if
/// set; else the `lisp/` folder beside the Prolog folder (`$TABULA_PROLOG`/../lisp, an
/// installed copy); else the source tree's `lisp/`. The first that holds the adapter
/// wins, so that a `$TABULA_PROLOG` pointing at an edited copy of the rules alone does
/// not lose the adapter.
pub fn lisp_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("TABULA_LISP").filter(|d| !d.is_empty()) {
        // Named by whoever runs tabula: used even when wrong, so that the error names it.
        return PathBuf::from(dir);
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("lisp");
    crate::game::prolog_dir()
        .parent()
        .map(|parent| parent.join("lisp"))
        .filter(|dir| dir.join(ADAPTER).is_file())
        .unwrap_or(source)
}

/// Why a `.lisp` player cannot run here, and what to do about it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LispError {
    #[error(
        "the Lisp players' adapter {} is missing: set $TABULA_LISP to the folder holding {ADAPTER} \
         (the lisp/ folder of tabula's sources)",
        .0.display()
    )]
    AdapterMissing(PathBuf),
    #[error(
        "a .lisp player runs in SBCL, which is not installed: install it \
         (Debian/Ubuntu: apt-get install sbcl; Fedora: dnf install sbcl)"
    )]
    SbclMissing,
}

/// The adapter, if it is where it should be; else why not.
pub fn adapter() -> Result<PathBuf, LispError> {
    let file = lisp_dir().join(ADAPTER);
    if file.is_file() {
        Ok(sandbox::absolute(&file))
    } else {
        Err(LispError::AdapterMissing(file))
    }
}

/// SBCL, as the sandbox finds it (on its `PATH`); else how to install it.
pub fn sbcl() -> Result<PathBuf, LispError> {
    sandbox::find_program(SBCL).ok_or(LispError::SbclMissing)
}

/// Whether a `.lisp` player can run here: SBCL and the adapter are there.
pub fn check() -> Result<(), LispError> {
    sbcl()?;
    adapter()?;
    Ok(())
}

/// The heap (`--dynamic-space-size`, in MiB) that fits a player with `memory_bytes`
/// of memory (0: no cap, SBCL's default heap). SBCL reserves its whole heap at start:
/// where only an address-space limit (`RLIMIT_AS`) caps memory, a heap as big as the
/// cap would not even start, so the heap is the cap less SBCL's other spaces (and
/// never less than an eighth of the cap, for small caps).
pub fn heap_mib(memory_bytes: u64) -> Option<u64> {
    let cap_mib = memory_bytes >> 20;
    (memory_bytes > 0).then(|| {
        cap_mib
            .saturating_sub(SBCL_OVERHEAD_MIB)
            .max(cap_mib / 8)
            .max(1)
    })
}

/// The command line that runs the player `file` with `memory_bytes` of memory, and
/// what it sees in the sandbox: read-only, the adapter's folder and the file's folder
/// (where it runs), nothing else of the machine's but the system. Errors say what
/// is missing (SBCL, the adapter).
pub fn command(file: &Path, memory_bytes: u64) -> Result<(Vec<String>, View), LispError> {
    let sbcl = sbcl()?;
    let adapter = adapter()?;
    let file = sandbox::absolute(file);
    let text = |p: &Path| p.to_string_lossy().into_owned();
    let mut argv = vec![text(&sbcl)];
    if let Some(mib) = heap_mib(memory_bytes) {
        argv.extend(["--dynamic-space-size".into(), format!("{mib}MB")]);
    }
    // The runtime's options, then the toplevel's: no banner; no low-level debugger
    // (it would read the referee's commands from stdin after a fatal error); no init
    // files; no interactive debugger (an error the adapter does not catch ends the
    // process, with its backtrace in the log); load the adapter, then exit. Not
    // --script: it also asks the runtime to die on a stack overflow, which the
    // adapter answers in words instead.
    for option in [
        "--noinform",
        "--disable-ldb",
        "--end-runtime-options",
        "--no-sysinit",
        "--no-userinit",
        "--disable-debugger",
        "--non-interactive",
        "--load",
    ] {
        argv.push(option.into());
    }
    argv.push(text(&adapter));
    argv.push("--end-toplevel-options".into());
    argv.push(text(&file));
    let mut view = View::default();
    if let Some(folder) = adapter.parent() {
        view.read_only.push(folder.to_path_buf());
    }
    if let Some(folder) = file.parent() {
        view.read_only.push(folder.to_path_buf());
        view.chdir = Some(folder.to_path_buf());
    }
    Ok((argv, view))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heap_fits_the_memory_cap() {
        assert_eq!(heap_mib(0), None);
        assert_eq!(heap_mib(1 << 30), Some(768));
        assert_eq!(heap_mib(4 << 30), Some(4096 - 256));
        assert_eq!(heap_mib(256 << 20), Some(32));
        assert_eq!(heap_mib(1 << 20), Some(1));
    }

    #[test]
    fn the_adapter_is_found_in_the_source_tree() {
        let adapter = adapter().unwrap();
        assert!(
            adapter.ends_with("lisp/tabula-player.lisp"),
            "{}",
            adapter.display()
        );
    }
}

//! Where start-up time goes: with `TABULA_TIMINGS` set in the environment, each phase
//! of loading (Scryer's own start, each file consulted, the check of the fast path ...)
//! is written to stderr as `timing: SECONDS PHASE`, so that `tabula bench startup` (and
//! anyone curious) can see it. Nothing is written otherwise.

use std::sync::OnceLock;
use std::time::Instant;

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("TABULA_TIMINGS").is_some_and(|v| !v.is_empty()))
}

/// Writes how long `phase` took since `start`, when timings are asked for.
pub fn note(phase: &str, start: Instant) {
    if enabled() {
        eprintln!("timing: {:.4} {phase}", start.elapsed().as_secs_f64());
    }
}

/// Runs `work` and notes how long it took as `phase`.
pub fn timed<T>(phase: &str, work: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = work();
    note(phase, start);
    result
}

/// Writes `text` among the timings, when they are asked for: what changed how the
/// time was spent (a fork server given up, say).
pub fn note_text(text: &str) {
    if enabled() {
        eprintln!("timing: {text}");
    }
}

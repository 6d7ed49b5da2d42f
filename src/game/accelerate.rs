//! A game's fast path (`fast(File)` in its `game_info/1`), switched on only while it
//! agrees with the rules as written: `prolog/core/accelerators.pl` compares them on a few
//! hundred positions of random games, and this module keeps the verdict by the
//! content of the files involved, so that an unchanged game pays for the check once
//! per machine, and a championship's players, which cannot see the cache from their
//! sandbox, are told the referee's verdict (`TABULA_RULES_CHECKED`).

use super::{GameError, Result, file_module};
use crate::engine::Engine;
use crate::engine::term;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// How many positions the check compares.
pub const POSITIONS: u32 = 300;

/// The environment variable that passes verdicts on to the players a referee starts:
/// `HASH=agree` or `HASH=differ`, separated by commas.
pub const ENV: &str = "TABULA_RULES_CHECKED";

/// What the check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The fast path (and the players' model) agree with the rules in so many positions.
    Agree(u32),
    /// They differ: where and how, in words.
    Differ(String),
}

/// A game's fast path (or only its players' model) and whether it is used.
#[derive(Debug, Clone)]
pub struct FastPath {
    /// The fast path's file, if the game has one (else only the players' model is
    /// checked).
    pub file: Option<PathBuf>,
    /// Its module.
    pub module: Option<String>,
    pub verdict: Verdict,
    /// Whether the verdict was known already (cached, or told by the referee).
    pub known: bool,
    /// Whether the referee that started this process told the verdict.
    pub told: bool,
    /// Whether the game has computer players of its own (whose strongest gives way to
    /// the generic players when the check fails).
    pub own_players: bool,
    hash: String,
}

/// The disagreements said already in this process.
static SAID: Mutex<Vec<String>> = Mutex::new(Vec::new());

impl FastPath {
    /// Whether to say that the fast path is not used: once a process, and not in a
    /// player whose referee said it already.
    pub fn should_say(&self) -> bool {
        if self.told || self.used() {
            return false;
        }
        let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
        if said.contains(&self.hash) {
            return false;
        }
        said.push(self.hash.clone());
        true
    }

    /// Whether the game is played on its fast path.
    pub fn used(&self) -> bool {
        matches!(self.verdict, Verdict::Agree(_))
    }

    /// The warning to show when the fast path is not used.
    pub fn warning(&self, rules: &Path) -> Option<String> {
        match &self.verdict {
            Verdict::Agree(_) => None,
            Verdict::Differ(text) => Some(match &self.file {
                Some(file) => format!(
                    "{}: the rules and their fast path {} no longer agree: {text}. \
                     tabula plays by the rules as written (slower){}.",
                    rules.display(),
                    file_name(file),
                    if self.own_players {
                        ", and the game's own strongest player gives way to the generic players"
                    } else {
                        ""
                    }
                ),
                None => format!(
                    "{}: the rules no longer agree with what the game's own computer \
                     players assume: {text}. Their strongest player gives way to the \
                     generic players.",
                    rules.display()
                ),
            }),
        }
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Verdicts known to this process, by hash.
static KNOWN: Mutex<Option<HashMap<String, Verdict>>> = Mutex::new(None);

fn remember(hash: &str, verdict: &Verdict) {
    let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    known
        .get_or_insert_with(HashMap::new)
        .insert(hash.to_string(), verdict.clone());
}

fn recall(hash: &str) -> Option<Verdict> {
    let known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    known.as_ref().and_then(|k| k.get(hash).cloned())
}

/// The verdicts of this process, for the environment of the players it starts
/// ([`ENV`]); empty when there are none.
pub fn verdicts_for_players() -> String {
    let known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let mut items: Vec<String> = known
        .iter()
        .flat_map(|k| k.iter())
        .map(|(hash, v)| match v {
            Verdict::Agree(_) => format!("{hash}=agree"),
            Verdict::Differ(_) => format!("{hash}=differ"),
        })
        .collect();
    items.sort();
    items.join(",")
}

/// The verdict the referee passed on, if it checked these files.
fn told(hash: &str) -> Option<Verdict> {
    let env = std::env::var(ENV).ok()?;
    env.split(',').find_map(|item| {
        let (h, v) = item.split_once('=')?;
        (h == hash).then(|| match v {
            "agree" => Some(Verdict::Agree(0)),
            "differ" => Some(Verdict::Differ(
                "(checked by the referee that started this player)".into(),
            )),
            _ => None,
        })?
    })
}

/// The hash of the files' contents, in order (names do not count: a copy of a
/// game elsewhere has the same verdict).
pub(super) fn hash_files(files: &[&Path]) -> Result<String> {
    let mut h = Sha256::new();
    for f in files {
        let bytes = std::fs::read(f).map_err(|e| GameError::file(f, "cannot read it", e))?;
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(&bytes);
    }
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// Where verdicts are kept between runs: `$XDG_CACHE_HOME/tabula/rules-checks`, or
/// `~/.cache/tabula/rules-checks`.
fn cache_dir() -> Option<PathBuf> {
    crate::engine::cache::dir("rules-checks")
}

fn read_cache(hash: &str) -> Option<Verdict> {
    let text = std::fs::read_to_string(cache_dir()?.join(hash)).ok()?;
    let (kind, rest) = text.split_once('\n').unwrap_or((text.as_str(), ""));
    match kind.split_once(' ') {
        Some(("agree", n)) => n.trim().parse().ok().map(Verdict::Agree),
        _ if kind == "differ" => Some(Verdict::Differ(rest.trim_end().to_string())),
        _ => None,
    }
}

/// Keeps the verdict; a cache that cannot be written only costs a check next time.
fn write_cache(hash: &str, verdict: &Verdict) {
    let Some(dir) = cache_dir() else { return };
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let text = match verdict {
        Verdict::Agree(n) => format!("agree {n}\n"),
        Verdict::Differ(t) => format!("differ\n{t}\n"),
    };
    // Written aside and renamed, so that two processes checking at once never
    // read half a verdict.
    let tmp = dir.join(format!("{hash}.{}.tmp", std::process::id()));
    if std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, dir.join(hash));
    }
}

/// What to check: the rules' module and file, the fast path's file if the game has
/// one, the players' module and file if the game has players.
pub struct Subject<'a> {
    pub game_module: &'a str,
    pub rules_file: &'a Path,
    pub fast_file: Option<&'a Path>,
    pub players: Option<(&'a str, &'a Path)>,
}

/// Loads the fast path and the checker into `engine`, finds the verdict (known, or
/// by checking; `fresh` checks whatever is known) and switches the game to its fast
/// path when they agree.
pub fn check_and_switch(engine: &Engine, subject: &Subject, fresh: bool) -> Result<FastPath> {
    let checker = super::core_file("accelerators.pl");
    let mut named: Vec<&Path> = vec![checker.as_path(), subject.rules_file];
    named.extend(subject.fast_file);
    if let Some((_, players)) = subject.players {
        named.push(players);
    }
    // A file's verdict covers the modules it loads from beside it too (dots_ai.pl's
    // model and search live in files of their own).
    let mut files: Vec<PathBuf> = Vec::new();
    for file in named {
        files.push(file.to_path_buf());
        files.extend(super::catalog::companion_files(engine, file)?);
    }
    let files: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let hash = hash_files(&files)?;
    let module = match subject.fast_file {
        Some(fast) => {
            engine.consult(fast)?;
            Some(file_module(engine, fast)?)
        }
        None => None,
    };
    let fast_atom = module
        .as_deref()
        .map_or_else(|| "none".to_string(), term::quote_atom);
    let from_referee = if fresh { None } else { told(&hash) };
    let was_told = from_referee.is_some();
    let known = if fresh {
        None
    } else {
        recall(&hash).or(from_referee).or_else(|| read_cache(&hash))
    };
    let (verdict, was_known) = match known {
        Some(v) => (v, true),
        None => {
            engine.consult(&checker)?;
            let goal = format!(
                "accelerators:check_fast({}, {fast_atom}, {}, {POSITIONS}, V)",
                term::quote_atom(subject.game_module),
                subject
                    .players
                    .map_or_else(|| "none".to_string(), |(m, _)| term::quote_atom(m)),
            );
            let v = engine.query_value(&goal, "V")?;
            let verdict = match term::functor_name(&v) {
                Some("agree") => Verdict::Agree(
                    term::args(&v, "agree", 1)
                        .and_then(|a| term::as_i64(&a[0]))
                        .and_then(|n| u32::try_from(n).ok())
                        .unwrap_or(0),
                ),
                _ => Verdict::Differ(
                    term::args(&v, "differ", 1)
                        .and_then(|a| term::as_text(&a[0]))
                        .unwrap_or_else(|| term::to_text(&v)),
                ),
            };
            write_cache(&hash, &verdict);
            (verdict, false)
        }
    };
    remember(&hash, &verdict);
    // game:checked/1 lets the players use their model; game:play_fast/2 sends the
    // contract's calls to the fast path (see game.pl), play_as_written/1 takes it away.
    let game = term::quote_atom(subject.game_module);
    let mut switch = format!("game:play_as_written({game}), retractall(game:checked({game}))");
    if matches!(verdict, Verdict::Agree(_)) {
        switch.push_str(&format!(", assertz(game:checked({game}))"));
        if module.is_some() {
            switch.push_str(&format!(", game:play_fast({game}, {fast_atom})"));
        }
    }
    engine
        .query_once(&switch)?
        .ok_or_else(|| GameError::Contract(format!("could not switch {game}'s fast path")))?;
    Ok(FastPath {
        file: subject.fast_file.map(Path::to_path_buf),
        module,
        verdict,
        known: was_known,
        told: was_told,
        own_players: subject.players.is_some(),
        hash,
    })
}

/// Plays `goal` with the game on its rules as written, then switches the fast path
/// back on (for the bench's comparison).
pub fn without_fast_path<T>(
    engine: &Engine,
    game_module: &str,
    fast_module: &str,
    run: impl FnOnce() -> T,
) -> Result<T> {
    let m = term::quote_atom(game_module);
    engine.query_once(&format!("game:play_as_written({m})"))?;
    let out = run();
    engine.query_once(&format!(
        "game:play_fast({m}, {})",
        term::quote_atom(fast_module)
    ))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_follows_the_contents_not_the_names() {
        let dir = std::env::temp_dir().join(format!("tabula-hash-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b, c) = (dir.join("a.pl"), dir.join("b.pl"), dir.join("c.pl"));
        std::fs::write(&a, "x.").unwrap();
        std::fs::write(&b, "x.").unwrap();
        std::fs::write(&c, "y.").unwrap();
        let ha = hash_files(&[&a]).unwrap();
        assert_eq!(ha, hash_files(&[&b]).unwrap());
        assert_ne!(ha, hash_files(&[&c]).unwrap());
        // Moving text from one file to the next changes the hash.
        std::fs::write(&b, "").unwrap();
        std::fs::write(&c, "x.x.").unwrap();
        assert_ne!(
            hash_files(&[&a, &c]).unwrap(),
            hash_files(&[&c, &b]).unwrap()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The warning names the players that give way only where the game has its own.
    #[test]
    fn the_warning_speaks_of_own_players_only_where_there_are_some() {
        let path = |own_players| FastPath {
            file: Some(PathBuf::from("/g/mygame_fast.pl")),
            module: Some("mygame_fast".into()),
            verdict: Verdict::Differ("in the start position, ...".into()),
            known: false,
            told: false,
            own_players,
            hash: String::new(),
        };
        let rules = Path::new("/g/mygame.pl");
        let with = path(true).warning(rules).unwrap_or_default();
        let without = path(false).warning(rules).unwrap_or_default();
        assert!(with.contains("mygame_fast.pl no longer agree"), "{with}");
        assert!(with.contains("own strongest player gives way"), "{with}");
        assert!(without.ends_with("as written (slower)."), "{without}");
    }
}

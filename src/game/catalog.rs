//! The games tabula finds: every Prolog file in the Prolog folder's `games/` folder,
//! or in a folder of its own there, whose module exports `initial_state/2` and
//! `game_info/1` is a game. Files are read, not run, so a listing costs little and runs nobody's code.

use super::info::{GameInfo, PlayerFacts};
use super::{GameError, core_file, games_dir, prolog_dir};
use crate::engine::Engine;
use crate::engine::term::{self, Term};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The games of the Prolog folder.
#[derive(Debug, Default)]
pub struct Catalog {
    /// Sorted by name.
    pub games: Vec<&'static GameInfo>,
    /// The game tabula opens when none is named (`game:default_game/1`).
    pub default: Option<String>,
    /// Files that declare a game but could not be read as one, in words.
    pub problems: Vec<String>,
}

impl Catalog {
    /// The game called `name` (its module name or one of its aliases).
    pub fn find(&self, name: &str) -> Option<&'static GameInfo> {
        let wanted = name.to_ascii_lowercase();
        self.games
            .iter()
            .find(|g| g.name == wanted)
            .or_else(|| self.games.iter().find(|g| g.is_called(&wanted)))
            .copied()
    }

    /// The names of the games, for messages.
    pub fn names(&self) -> Vec<&str> {
        self.games.iter().map(|g| g.name.as_str()).collect()
    }
}

/// The games of [`prolog_dir`], found once per process.
pub fn catalog() -> &'static Catalog {
    CATALOG_READY.get_or_init(|| scan(&prolog_dir()))
}

static CATALOG_READY: OnceLock<Catalog> = OnceLock::new();

/// The game called `name`: a game of the catalog, or the game declared by the file
/// `name` when it is a path to a `.pl` file.
pub fn find_game(name: &str) -> Option<&'static GameInfo> {
    if (name.ends_with(".pl") || super::gdl::is_gdl(Path::new(name))) && Path::new(name).is_file() {
        return read_game(Path::new(name)).ok();
    }
    // A game named by its module is in the file of that name: reading that one file
    // is enough (a player process started for every game need not read them all).
    if let Some(file) = locate(name)
        && let Ok(game) = read_game(&file)
        && game.name == name
    {
        return Some(game);
    }
    catalog().find(name)
}

/// The rules file of the game `NAME` in the games folder, if there is one:
/// `games/NAME.pl`, or `games/NAME/NAME.pl` for a game in a folder of its own.
fn locate(name: &str) -> Option<PathBuf> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let games = games_dir();
    [
        games.join(format!("{name}.pl")),
        games.join(name).join(format!("{name}.pl")),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

/// The game tabula opens when none is named.
pub fn default_game() -> Option<&'static GameInfo> {
    let c = catalog();
    c.default
        .as_deref()
        .and_then(|d| c.find(d))
        .or_else(|| c.games.first().copied())
}

/// The game declared by the rules file `path` (any file, anywhere), read once per
/// process and path.
pub fn read_game(path: &Path) -> Result<&'static GameInfo, GameError> {
    static READ: OnceLock<Mutex<HashMap<PathBuf, &'static GameInfo>>> = OnceLock::new();
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let cache = READ.get_or_init(Default::default);
    if let Some(g) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(g);
    }
    if let Some(g) = CATALOG_READY
        .get()
        .and_then(|c| c.games.iter().find(|g| same_file(&g.file, &key)))
    {
        return Ok(g);
    }
    if !path.is_file() {
        return Err(GameError::Usage(format!(
            "{}: {}",
            path.display(),
            if path.is_dir() {
                "is a folder, not a rules file"
            } else {
                "no such file"
            }
        )));
    }
    if super::gdl::is_gdl(path) {
        let translated = super::gdl::translated(path)?;
        let mut game = read_game(&translated)?.clone();
        game.source = Some(path.to_path_buf());
        let leaked: &'static GameInfo = Box::leak(Box::new(game));
        cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, leaked);
        return Ok(leaked);
    }
    let engine = Engine::fresh()?;
    let generic = player_facts(&engine, &core_file("players.pl")).unwrap_or_default();
    let game = match read_file_game(&engine, path, &generic)? {
        Some(g) => g,
        None => {
            return Err(GameError::Usage(format!(
                "{}: not a game: its module must export initial_state/2 and game_info/1 (see prolog/core/game.pl and docs/new-game.md)",
                path.display()
            )));
        }
    };
    engine.keep_spare();
    let leaked: &'static GameInfo = Box::leak(Box::new(game));
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, leaked);
    Ok(leaked)
}

fn same_file(a: &Path, b: &Path) -> bool {
    std::fs::canonicalize(a).is_ok_and(|a| a == b)
}

/// The `.pl` files that may declare a game, sorted: those of the games folder `games`
/// (a game in one file) and those of each folder in it (a game in a folder of its own:
/// its rules beside its players and fast path, which declare no game; its `tests/` and
/// `bench/` are not read).
fn rules_files(games: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![games.to_path_buf()];
    if let Ok(entries) = std::fs::read_dir(games) {
        folders.extend(entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
    }
    for d in folders {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if (p.extension().is_some_and(|x| x == "pl") || super::gdl::is_gdl(&p)) && p.is_file() {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

fn scan(dir: &Path) -> Catalog {
    crate::engine::timing::timed("games listed (files read, not run)", || scan_files(dir))
}

fn scan_files(dir: &Path) -> Catalog {
    let mut catalog = Catalog::default();
    let engine = match Engine::fresh() {
        Ok(e) => e,
        Err(e) => {
            catalog
                .problems
                .push(format!("cannot start Prolog to list the games: {e}"));
            return catalog;
        }
    };
    let core = dir.join("core");
    let generic = player_facts(&engine, &core.join("players.pl")).unwrap_or_default();
    if let Ok(facts) = file_facts(&engine, &core.join("game.pl")) {
        catalog.default = facts.iter().find_map(|f| {
            term::args(f, "default_game", 1)
                .and_then(|a| term::as_atom(a.first()?))
                .map(str::to_string)
        });
    }
    for file in rules_files(&dir.join("games")) {
        let read = if super::gdl::is_gdl(&file) {
            super::gdl::translated(&file).and_then(|pl| {
                read_file_game(&engine, &pl, &generic).map(|g| {
                    g.map(|g| GameInfo {
                        source: Some(file.clone()),
                        ..g
                    })
                })
            })
        } else {
            read_file_game(&engine, &file, &generic)
        };
        match read {
            Ok(Some(game)) => {
                if catalog.games.iter().any(|g| g.name == game.name) {
                    catalog.problems.push(format!(
                        "{}: another file already declares the game {}",
                        file.display(),
                        game.name
                    ));
                } else {
                    catalog.games.push(Box::leak(Box::new(game)));
                }
            }
            Ok(None) => {}
            Err(e) => catalog.problems.push(e.to_string()),
        }
    }
    catalog.games.sort_by(|a, b| a.name.cmp(&b.name));
    engine.keep_spare();
    catalog
}

/// The facts of one file (see `'$tabula':file_facts/2`).
fn file_facts(engine: &Engine, file: &Path) -> Result<Vec<Term>, GameError> {
    let goal = format!(
        "'$tabula':file_facts({}, Fs)",
        term::quote_string(&file.to_string_lossy())
    );
    let facts = engine.query_value(&goal, "Fs")?;
    Ok(term::as_list(&facts).unwrap_or_default())
}

/// The files `file` loads from its own folder (`:- use_module(Name)`, Name a plain atom:
/// `Name.pl` or `Name` beside it), and the files those load, each once, in the order they
/// are met; `file` itself is not among them. What a game's players are made of, for
/// the hash that keeps a check's verdict (a file that is named but missing is left to
/// the load to report).
pub fn companion_files(engine: &Engine, file: &Path) -> Result<Vec<PathBuf>, GameError> {
    let mut found: Vec<PathBuf> = Vec::new();
    let mut queue = vec![file.to_path_buf()];
    while let Some(next) = queue.pop() {
        let dir = next.parent().unwrap_or_else(|| Path::new("."));
        for fact in file_facts(engine, &next)? {
            let Some(name) =
                term::args(&fact, "uses", 1).and_then(|a| term::as_atom(&a[0]).map(str::to_string))
            else {
                continue;
            };
            let candidates = [dir.join(format!("{name}.pl")), dir.join(&name)];
            let Some(path) = candidates.into_iter().find(|p| p.is_file()) else {
                continue;
            };
            if path != file && !found.contains(&path) {
                found.push(path.clone());
                queue.push(path);
            }
        }
    }
    Ok(found)
}

fn player_facts(engine: &Engine, file: &Path) -> Option<PlayerFacts> {
    if !file.is_file() {
        return None;
    }
    file_facts(engine, file)
        .ok()
        .map(|f| PlayerFacts::from_facts(&f))
}

/// The game `file` declares, `None` when it declares none.
fn read_file_game(
    engine: &Engine,
    file: &Path,
    generic: &PlayerFacts,
) -> Result<Option<GameInfo>, GameError> {
    let facts = file_facts(engine, file)?;
    let Some((module, exports)) = facts.iter().find_map(|f| {
        term::args(f, "module", 2)
            .and_then(|a| Some((term::as_atom(a.first()?)?.to_string(), a.get(1)?)))
    }) else {
        return Ok(None);
    };
    let exported: Vec<String> = term::as_list(exports)
        .unwrap_or_default()
        .iter()
        .map(term::to_text)
        .collect();
    let declares = |pi: &str| exported.iter().any(|e| e == pi);
    if !declares("initial_state/2") || !declares("game_info/1") {
        return Ok(None);
    }
    let info = facts
        .iter()
        .find_map(|f| term::args(f, "game_info", 1).and_then(|a| a.first().cloned()))
        .ok_or_else(|| {
            GameError::Usage(format!(
                "{}: exports game_info/1 but no game_info([...]) fact written out in full was read (a syntax error before it stops the reading: tabula check names it)",
                file.display()
            ))
        })?;
    let mut game = GameInfo::from_facts(&module, file, &info, None, generic)
        .map_err(|e| GameError::Usage(format!("{}: {e}", file.display())))?;
    if let Some(players) = game.players_file.clone() {
        let own = player_facts(engine, &players).ok_or_else(|| {
            GameError::Usage(format!(
                "{}: its players file {} does not exist",
                file.display(),
                players.display()
            ))
        })?;
        game = GameInfo::from_facts(&module, file, &info, Some(&own), generic)
            .map_err(|e| GameError::Usage(format!("{}: {e}", file.display())))?;
    }
    Ok(Some(game))
}

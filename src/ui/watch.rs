//! Editing rules live: the rules files are watched (notify), and on a save they are
//! loaded into a fresh engine and checked off the game's thread. Good rules replace
//! the old ones; broken rules are reported with file and line, and play goes on with
//! the last good ones.

use crate::game::conformance;
use crate::game::{GameInfo, Rules};
use notify::{RecursiveMode, Watcher as _};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// The outcome of loading the rules again.
pub enum Reload {
    Loaded(Box<Rules>),
    Failed(String),
}

/// Loads the game's rules afresh and runs the conformance check on them.
pub fn load_and_check(game: &'static GameInfo, rules_file: Option<&Path>) -> Reload {
    match Rules::load(game, rules_file) {
        Ok(rules) => match check_rules(&rules) {
            Ok(()) => Reload::Loaded(Box::new(rules)),
            Err(report) => Reload::Failed(report),
        },
        Err(e) => Reload::Failed(e.to_string()),
    }
}

/// Used by the conformance check on reload.
fn check_rules(rules: &Rules) -> Result<(), String> {
    match conformance::run(rules, 1, 1) {
        Ok(report) if report.failures.is_empty() => Ok(()),
        Ok(report) => {
            let file = rules.files().get(1).cloned().unwrap_or_default();
            Err(report.text(&file))
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Watches the files; the reloads arrive through [`Watcher::poll`].
pub struct Watcher {
    reloads: Receiver<Reload>,
    _watcher: notify::RecommendedWatcher,
}

impl Watcher {
    /// Starts watching `files`; `wake` is called when a reload is ready. `None` (and a
    /// message on stderr) when the system refuses to watch.
    pub fn start(
        files: Vec<PathBuf>,
        game: &'static GameInfo,
        rules_file: Option<PathBuf>,
        wake: impl Fn() + Send + 'static,
    ) -> Option<Watcher> {
        let (changes_tx, changes) = mpsc::channel::<()>();
        let watched: Vec<PathBuf> = files.iter().filter_map(|f| f.canonicalize().ok()).collect();
        let names = watched.clone();
        let handler = move |event: notify::Result<notify::Event>| {
            if let Ok(event) = event
                && (event.kind.is_modify() || event.kind.is_create())
                && event.paths.iter().any(|p| {
                    names
                        .iter()
                        .any(|n| p == n || p.canonicalize().ok().as_ref() == Some(n))
                })
            {
                let _ = changes_tx.send(());
            }
        };
        let mut watcher = match notify::recommended_watcher(handler) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("tabula: cannot watch the rules files: {e}");
                return None;
            }
        };
        // Watch the folders: editors often save by writing a new file and renaming it.
        let mut folders: Vec<PathBuf> = watched
            .iter()
            .filter_map(|f| f.parent().map(Path::to_path_buf))
            .collect();
        folders.sort();
        folders.dedup();
        for folder in &folders {
            if let Err(e) = watcher.watch(folder, RecursiveMode::NonRecursive) {
                eprintln!("tabula: cannot watch {}: {e}", folder.display());
            }
        }
        let (reloads_tx, reloads) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name("rules-watch".into())
            .spawn(move || {
                while changes.recv().is_ok() {
                    // A save is often several events: wait for the burst to end.
                    thread::sleep(Duration::from_millis(150));
                    while changes.try_recv().is_ok() {}
                    let reload = load_and_check(game, rules_file.as_deref());
                    if reloads_tx.send(reload).is_err() {
                        break;
                    }
                    wake();
                }
            });
        if let Err(e) = spawned {
            eprintln!("tabula: cannot start the rules watcher: {e}");
            return None;
        }
        Some(Watcher {
            reloads,
            _watcher: watcher,
        })
    }

    /// The latest reload, if one is ready.
    pub fn poll(&self) -> Option<Reload> {
        let mut latest = None;
        while let Ok(reload) = self.reloads.try_recv() {
            latest = Some(reload);
        }
        latest
    }
}

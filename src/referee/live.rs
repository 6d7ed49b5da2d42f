//! The games of a championship being played now, for those who follow it live (the
//! course site's championship page, the teacher's page): each game in flight is a file
//! `DIR/live/game-ID.json`, rewritten after every move (written aside, then renamed,
//! so a reader never sees half of it) and removed when the game ends, however it ends.
//! It holds the players, the moves so far with the time each took, who is to move, and
//! the position in the board vocabulary, so that a reader draws it with no engine.

use super::game::GameRecord;
use crate::game::board::{Board, Region};
use crate::game::{Rules, State};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The folder of the games in flight, inside a championship's (or a shard's) folder.
pub const LIVE_DIR: &str = "live";

/// One game in flight, shown live while it lasts.
pub struct LiveGame {
    path: Option<PathBuf>,
}

impl LiveGame {
    /// Game `id` (0-based, as records count) shown in `dir`, when there is one.
    pub fn new(dir: Option<&Path>, id: usize) -> LiveGame {
        let path = dir.and_then(|d| {
            std::fs::create_dir_all(d).ok()?;
            Some(d.join(format!("game-{}.json", id + 1)))
        });
        LiveGame { path }
    }

    /// Shows the game as it stands: `last` is where the last move was made.
    pub fn show(&self, referee: &Rules, record: &GameRecord, state: &State, last: &[Region]) {
        let Some(path) = &self.path else {
            return;
        };
        let board = referee
            .view(state)
            .ok()
            .and_then(|v| Board::from_view(&v))
            .map(|mut b| {
                b.mark_last(last);
                b
            });
        let mut used_ms = vec![0u64; record.players.len()];
        for m in &record.moves {
            if let Some(t) = used_ms.get_mut((m.player as usize).wrapping_sub(1)) {
                *t += m.ms;
            }
        }
        let json = serde_json::json!({
            "id": record.id + 1,
            "players": record.players,
            "moves": record.moves,
            "to_move": referee.to_move(state).ok().flatten(),
            "used_ms": used_ms,
            "board": board,
            "updated_ms": SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
        });
        let aside = path.with_extension("json.part");
        // Shown live or not, the game goes on: a full disk costs the live view only.
        if std::fs::write(&aside, json.to_string()).is_ok() {
            let _ = std::fs::rename(&aside, path);
        }
    }
}

impl Drop for LiveGame {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
            let _ = std::fs::remove_file(path.with_extension("json.part"));
        }
    }
}

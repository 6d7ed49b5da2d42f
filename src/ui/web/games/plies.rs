//! The positions of a game, one a ply, for a page that steps back through its moves
//! (lichess's habit): each the board after that ply (its last move marked, its
//! captions) and the scores then, as JSON. The game's thread keeps them up to date as
//! it plays (the current position costs nothing more: its view is already asked);
//! the pages read them without waiting for the thread, so stepping back while the
//! computer thinks answers at once. Bounded: at most [`MAX_PLIES`] positions and
//! [`MAX_BYTES`] of JSON a game; the positions after those are not kept.

use crate::game::Rules;
use crate::game::board::Board;
use crate::ui::session::Session;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

/// The most positions kept of a game.
pub const MAX_PLIES: usize = 2000;
/// The most JSON kept of a game's positions.
pub const MAX_BYTES: usize = 4 * 1024 * 1024;
/// The most positions one request is given.
pub const PER_REQUEST: usize = 200;

/// One position kept: the move that led to it (to see that the game still goes
/// through it) and its JSON.
struct Kept {
    arrival: Option<(u32, String)>,
    json: Arc<Value>,
    bytes: usize,
}

/// A game's positions, shared by its thread (which writes) and the pages (which read).
#[derive(Default)]
pub struct Plies {
    kept: Mutex<Vec<Kept>>,
}

impl Plies {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Kept>> {
        self.kept.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Forgets every position (the rules changed: the boards may be drawn otherwise).
    pub fn clear(&self) {
        self.lock().clear();
    }

    /// Brings the positions up to the game's: those of moves taken back are dropped,
    /// those of new moves added (as far as the bounds allow).
    pub fn sync(&self, rules: &Rules, session: &Session) {
        // What is kept of the moves as they stand now (a move taken back and another
        // played differ from the first ply on where they differ).
        let arrival = |k: usize| {
            session.history[k]
                .arrival
                .as_ref()
                .map(|a| (a.player, a.notation.clone()))
        };
        let mut kept = self.lock();
        let same = kept
            .iter()
            .enumerate()
            .take_while(|(k, p)| *k < session.history.len() && p.arrival == arrival(*k))
            .count();
        kept.truncate(same);
        let mut bytes: usize = kept.iter().map(|p| p.bytes).sum();
        let last = session.history.len() - 1;
        for k in kept.len()..session.history.len() {
            if k >= MAX_PLIES || bytes >= MAX_BYTES {
                break;
            }
            let Some(json) = position(rules, session, k, k == last) else {
                break;
            };
            let size = json.to_string().len();
            bytes += size;
            kept.push(Kept {
                arrival: arrival(k),
                json: Arc::new(json),
                bytes: size,
            });
        }
    }

    /// The positions from ply `from` on, at most [`PER_REQUEST`] of them.
    pub fn from(&self, from: usize) -> Vec<Value> {
        self.lock()
            .iter()
            .skip(from)
            .take(PER_REQUEST)
            .map(|p| (*p.json).clone())
            .collect()
    }

    /// Every position kept (for a finished game's last snapshot).
    pub fn all(&self) -> Vec<Value> {
        self.lock().iter().map(|p| (*p.json).clone()).collect()
    }
}

/// The position after ply `k` (0: the start) as a page draws it; `None` when the
/// rules fail to say it.
fn position(rules: &Rules, session: &Session, k: usize, current: bool) -> Option<Value> {
    let state = &session.history[k].state;
    let view = if current {
        session.facts.view.clone()
    } else {
        rules.view(state).ok()?
    };
    let scores = if current {
        session.scores()
    } else {
        rules.scores(state).ok().flatten().unwrap_or_default()
    };
    let board = Board::from_view(&view).map(|mut b| {
        if let Some(a) = &session.history[k].arrival {
            b.mark_last(&a.regions);
        }
        b
    });
    let text = if board.is_none() {
        rules.position_text(state).ok().flatten()
    } else {
        None
    };
    Some(json!({"ply": k, "board": board, "position_text": text, "scores": scores}))
}

/// The positions from ply `from` on in a finished game's last snapshot.
pub fn from_snapshot(snapshot: &str, from: usize) -> Vec<Value> {
    let s: Value = serde_json::from_str(snapshot).unwrap_or_default();
    s["positions"]
        .as_array()
        .map(|all| all.iter().skip(from).take(PER_REQUEST).cloned().collect())
        .unwrap_or_default()
}

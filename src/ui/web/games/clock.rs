//! The time each side has spent thinking, move by move. `tabula web` plays with no
//! time control (the computer has its time a move, a person all the time they want),
//! so its clocks count up: each move's time, from the position it answers being on
//! the board (or from the computer's starting to think) to the move, and each side's
//! sum over the moves on the board. A move taken back takes its time with it.

use serde_json::{Value, json};
use std::time::Instant;

pub struct Clock {
    /// Each ply's time in milliseconds, and who played it.
    moves: Vec<(u32, u64)>,
    /// When the turn now began.
    since: Instant,
}

impl Clock {
    /// A clock for a game whose moves already took these times (a game resumed).
    pub fn new(moves: Vec<(u32, u64)>) -> Clock {
        Clock {
            moves,
            since: Instant::now(),
        }
    }

    /// The turn now begins again (the computer starts to think after a pause).
    pub fn restart_turn(&mut self) {
        self.since = Instant::now();
    }

    /// Follows the game's moves (`players`, by ply): a new move gets the time since
    /// its turn began (moves replayed at once get none), moves taken back go.
    pub fn sync(&mut self, players: &[u32]) {
        let same = self
            .moves
            .iter()
            .zip(players)
            .take_while(|((a, _), b)| a == *b)
            .count();
        if same == self.moves.len() && same == players.len() {
            return;
        }
        self.moves.truncate(same);
        let now = Instant::now();
        let spent = now.duration_since(self.since).as_millis() as u64;
        let new = &players[same..];
        for (k, p) in new.iter().enumerate() {
            // The last of the new moves is the one that took the time.
            let ms = if k + 1 == new.len() { spent } else { 0 };
            self.moves.push((*p, ms));
        }
        self.since = now;
    }

    /// Each move's time in milliseconds, by ply (the first move first).
    pub fn move_ms(&self) -> Vec<u64> {
        self.moves.iter().map(|(_, ms)| *ms).collect()
    }

    /// What a page shows: each seat's time spent over its moves on the board, and the
    /// seat whose turn runs now with the time it has taken so far.
    pub fn json(&self, seats: usize, running: Option<u32>) -> Value {
        let mut spent = vec![0u64; seats];
        for (p, ms) in &self.moves {
            if let Some(s) = spent.get_mut((*p as usize).wrapping_sub(1)) {
                *s += ms;
            }
        }
        json!({
            "spent_ms": spent,
            "running": running,
            "running_ms": running.map(|_| self.since.elapsed().as_millis() as u64),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_taken_back_take_their_time_with_them() {
        let mut clock = Clock::new(vec![(1, 1000), (2, 3000), (1, 500)]);
        assert_eq!(clock.json(2, None)["spent_ms"], json!([1500, 3000]));
        // The last move taken back, another played.
        clock.sync(&[1, 2]);
        assert_eq!(clock.move_ms(), vec![1000, 3000]);
        clock.sync(&[1, 2, 1, 2]);
        let ms = clock.move_ms();
        assert_eq!(ms.len(), 4);
        assert_eq!(ms[2], 0, "a move replayed at once took no time");
        // The same moves again: nothing changes.
        clock.sync(&[1, 2, 1, 2]);
        assert_eq!(clock.move_ms(), ms);
        let shown = clock.json(2, Some(1));
        assert_eq!(shown["running"], 1);
        assert!(shown["running_ms"].is_u64());
        assert_eq!(clock.json(2, None)["running_ms"], Value::Null);
    }
}

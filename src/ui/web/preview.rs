//! The board a new game would start on, drawn on the page before the game is
//! started: the first screen shows the chosen game rather than an empty half page.
//! Asked of the rules like everything else (an engine loaded for it, then dropped),
//! one at a time, and kept: the last [`KEPT`] boards asked for (a game and its
//! options) are answered again without the rules.

use super::form::{self, Form};
use crate::game::board::Board;
use crate::game::{GameInfo, Rules};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::path::Path;
use std::sync::Mutex;

/// The boards kept.
const KEPT: usize = 24;

/// The boards asked for lately, and the lock that loads one at a time.
#[derive(Default)]
pub struct Previews {
    kept: Mutex<VecDeque<(String, Value)>>,
    loading: Mutex<()>,
}

impl Previews {
    /// The board `game` starts on with the form's options (its seats play no part),
    /// as `{"board", "position_text", "captions"}`, or why not in words.
    pub fn board(
        &self,
        game: &GameInfo,
        rules_file: Option<&Path>,
        form: &Form,
    ) -> Result<Value, String> {
        let bare = Form {
            game: form.game.clone(),
            options: form.options.clone(),
            seats: Vec::new(),
        };
        let checked = form::check(game, &bare, &form::no_guests)?;
        let key = format!(
            "{}\n{}",
            game.name,
            serde_json::to_string(&bare.options).unwrap_or_default()
        );
        if let Some(board) = self.kept(&key) {
            return Ok(board);
        }
        let _one = self.loading.lock().unwrap_or_else(|p| p.into_inner());
        // Asked for meanwhile, while another load held the lock.
        if let Some(board) = self.kept(&key) {
            return Ok(board);
        }
        let rules =
            Rules::load(game, rules_file).map_err(|e| format!("the rules do not load: {e}"))?;
        let failed = |e: crate::game::GameError| format!("this game cannot start: {e}");
        let state = rules.initial_state(&checked.options).map_err(failed)?;
        let view = rules.view(&state).map_err(failed)?;
        let board = Board::from_view(&view);
        let text = if board.is_none() {
            rules.position_text(&state).ok().flatten()
        } else {
            None
        };
        let answer = json!({"board": board, "position_text": text});
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.push_front((key, answer.clone()));
        kept.truncate(KEPT);
        Ok(answer)
    }

    fn kept(&self, key: &str) -> Option<Value> {
        self.kept
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    }
}

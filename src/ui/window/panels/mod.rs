//! The window's panels, one file each, drawn in this order by [`TabulaApp::show`]
//! (egui wants the panels at the edges before the central one, and windows last):
//!
//! - [`scores`]: the top bar, a card per seat with its score and who is to move;
//! - [`side`]: the right-hand panel, which stacks [`controls`] (buttons, the move
//!   box), [`status`] (hint and messages), [`moves`] (the move list) and
//!   [`rules::footer`] (which rules files are loaded);
//! - [`rules::error`]: the bottom panel that shows why edited rules do not load;
//! - [`board`]: the board in the middle, where moves are clicked;
//! - [`game_over`] and [`new_game`]: the windows over the board.
//!
//! Each panel is a function `show(window, ui)`: it reads the window's state and asks
//! for its actions (`click`, `undo`, ...) through the [`Window`] trait, which the
//! application implements; the panels know nothing else of it. A new panel is a new
//! file here and one call in [`TabulaApp::show`].
//!
//! [`TabulaApp::show`]: crate::ui::window::TabulaApp::show

pub mod board;
pub mod controls;
pub mod game_over;
pub mod moves;
pub mod new_game;
pub mod rules;
pub mod scores;
pub mod side;
pub mod status;

use super::board_painter::Layout;
use super::new_game::NewGame;
use crate::engine::term::Term;
use crate::game::board::Region;
use crate::game::{GameInfo, Move};
use crate::players::spec::PlayerSpec;
use crate::ui::session::Session;
use std::path::PathBuf;

/// The state of the window's widgets, which the panels keep between frames.
#[derive(Default)]
pub struct Widgets {
    /// The move box's text.
    pub typed: String,
    /// The square picked by a first click on a board where a move is two clicks.
    pub selected: Option<Region>,
    /// Where the board was drawn last.
    pub layout: Option<Layout>,
    /// The "New game" form, while it is open.
    pub new_game: Option<NewGame>,
}

/// What the panels see of the window, and what they may ask of it.
pub trait Window {
    fn game(&self) -> &'static GameInfo;
    fn session(&self) -> &Session;
    /// The rules files loaded, in order.
    fn rules_files(&self) -> &[PathBuf];
    /// Whether the rules files are watched (reloaded on save).
    fn watching(&self) -> bool;
    /// The game's computer players.
    fn levels(&self) -> &[String];
    /// The message after the last action.
    fn status(&self) -> Option<&str>;
    /// Why the rules on disk do not load, when they don't.
    fn load_error(&self) -> Option<&str>;
    /// The hint shown: its move, and its notation and reason.
    fn hint(&self) -> Option<(Move, String, String)>;
    /// Whether a person may click a move now (the computer is not moving, and the
    /// window is not a still picture).
    fn may_click(&self) -> bool;
    /// Whether the computer is choosing its move.
    fn computer_thinking(&self) -> bool;
    fn widgets(&mut self) -> &mut Widgets;

    /// Plays a move for the person to move.
    fn click(&mut self, mv: &Move);
    /// Plays a move typed in the game's notation.
    fn type_move(&mut self, text: &str);
    fn undo(&mut self);
    fn ask_hint(&mut self);
    /// A new game with the same seats and options.
    fn restart(&mut self);
    /// A new game with these options and seats.
    fn start(&mut self, options: Vec<Term>, seats: Vec<PlayerSpec>);
    /// Another game: its rules and players.
    fn switch_game(&mut self, game: &'static GameInfo);
    fn open_new_game(&mut self);
}

/// What the window calls the player in seat `p`: "You" when one person plays, the
/// computer's level, or the name of the player's file or program.
fn seat_name(seats: &[PlayerSpec], p: u32) -> String {
    // The player number comes from the rules, which a user edits: never index blindly.
    let Some(spec) = seats.get((p as usize).wrapping_sub(1)) else {
        return format!("Player {p}");
    };
    let humans = seats.iter().filter(|s| s.is_human()).count();
    match spec {
        PlayerSpec::Human if humans == 1 => "You".into(),
        PlayerSpec::Human => format!("Player {p}"),
        PlayerSpec::Builtin(level) => format!("Computer ({level})"),
        PlayerSpec::File(path) | PlayerSpec::Lisp(path) => path
            .file_stem()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "Player file".into()),
        // `python3 bots/mine.py --seed 2` is "mine.py": the script, else the program.
        PlayerSpec::Command(argv) => argv
            .iter()
            .skip(1)
            .find(|a| !a.starts_with('-') && (a.contains('/') || a.contains('.')))
            .or(argv.first())
            .map(|a| {
                let name = std::path::Path::new(a).file_name();
                name.map_or_else(|| a.clone(), |n| n.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| "Program".into()),
    }
}

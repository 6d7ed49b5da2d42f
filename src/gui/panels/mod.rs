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
//! Each panel is a function `show(app, ui)`: it reads the app's state and calls the
//! app's actions (`click`, `undo`, ...). A new panel is a new file here and one call
//! in [`TabulaApp::show`].
//!
//! [`TabulaApp::show`]: super::TabulaApp::show

pub mod board;
pub mod controls;
pub mod game_over;
pub mod moves;
pub mod new_game;
pub mod rules;
pub mod scores;
pub mod side;
pub mod status;

use crate::player::PlayerSpec;

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

//! The faces people use: the window (`window`, eframe), the browser (`web`), the
//! terminal (`terminal`), the REPL (`repl`), boards drawn as text (`text`); and what
//! the faces where people play share: a game in progress (`session`), taking moves
//! back (`undo`), the moves played for a person (`forced`), and rules edited live
//! (`watch`).

pub mod forced;
pub mod repl;
#[cfg(any(feature = "gui", feature = "web"))]
pub mod session;
pub mod terminal;
pub mod text;
pub mod undo;
#[cfg(any(feature = "gui", feature = "web"))]
pub mod watch;
#[cfg(feature = "web")]
pub mod web;
#[cfg(feature = "gui")]
pub mod window;

/// Whether a window can open: an X11 or Wayland display is named in the environment.
pub fn display_available() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|d| !d.is_empty()))
}

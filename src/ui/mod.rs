//! The faces people use: the window (`window`, eframe), the terminal (`terminal`), the
//! REPL (`repl`), boards drawn as text (`text`), and taking moves back (`undo`), which
//! every face shares.

pub mod repl;
pub mod terminal;
pub mod text;
pub mod undo;
#[cfg(feature = "gui")]
pub mod window;

/// Whether a window can open: an X11 or Wayland display is named in the environment.
pub fn display_available() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|d| !d.is_empty()))
}

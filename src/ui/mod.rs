//! The faces people use: the window (`window`, eframe), the terminal (`terminal`), the
//! REPL (`repl`), boards drawn as text (`text`), and taking moves back (`undo`), which
//! every face shares.

pub mod repl;
pub mod terminal;
pub mod text;
pub mod undo;
pub mod window;

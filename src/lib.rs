//! tabula: board games whose rules and computer players are written in Prolog, run by
//! an embedded Scryer Prolog. Rust referees, draws and talks to people; every rule is
//! asked of the Prolog game contract (`prolog/core/game.pl`).
//!
//! The modules are the layers, each using only those above it in this list
//! (`docs/architecture.md` draws the map):

/// The command line: argument parsing and one file per command.
pub mod cli;
/// Championships cut into shards for a cluster (Slurm), and their merge.
pub mod cluster;
/// The embedded Prolog: one Scryer machine per process, its child processes, terms.
pub mod engine;
/// The game contract: a game's rules, options, board vocabulary, conformance.
pub mod game;
/// Who sits at a seat: specs, programs, the protocol, the sandbox, the fork server.
pub mod players;
/// Refereeing: one game, a match, a championship, grades, the report page.
pub mod referee;
/// The course site: submissions, qualification, championships, grades (feature `site`).
#[cfg(feature = "site")]
pub mod site;
/// The faces people use: the window (feature `gui`), the terminal, the REPL, text boards.
pub mod ui;

//! tabula: board games whose rules and computer players are written in Prolog, run by
//! an embedded Scryer Prolog. Rust referees, draws and talks to people; every rule is
//! asked of the Prolog game contract (`prolog/game.pl`).

pub mod board;
pub mod cache;
pub mod cgroup;
pub mod championship;
pub mod check;
pub mod cli;
pub mod engine;
pub mod forkserver;
pub mod game;
pub mod grading;
pub mod gui;
pub mod lisp;
pub mod merge;
pub mod play;
pub mod player;
pub mod program;
pub mod protocol;
pub mod reason;
pub mod referee;
pub mod repl;
pub mod report;
pub mod sandbox;
pub mod serve;
pub mod shard;
pub mod site;
pub mod slurm;
pub mod term;
pub mod text;
pub mod timing;
pub mod tournament;
pub mod undo;

//! tabula: board games whose rules and computer players are written in Prolog, run by
//! an embedded Scryer Prolog. Rust referees, draws and talks to people; every rule is
//! asked of the Prolog game contract (`prolog/game.pl`).

pub mod engine;
pub mod term;

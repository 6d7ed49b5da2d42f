//! tabula's integration tests, in one binary as cargo's own test suite has them (one
//! link of Scryer, eframe and axum instead of one per file): each module a concern, the
//! shared helpers once in `common`. `cargo test` runs them all; `cargo test --test it
//! site::` runs one module.

mod bench_exact;
mod championship;
mod cli;
mod cluster;
mod common;
#[cfg(feature = "site")]
mod docs;
mod dots_exact;
mod dots_oracle;
mod engine;
mod forkserver;
mod gdl;
mod gdl_commands;
#[cfg(feature = "gui")]
mod gui;
#[cfg(feature = "gui")]
mod gui_board;
mod interactive;
mod interpreters;
mod kingpawn_oracle;
mod lisp;
mod loading;
mod new_game;
mod notation;
mod prolog;
mod readme_tour;
mod records;
mod repl_help;
mod repl_session;
mod sandbox;
#[cfg(feature = "gui")]
mod screenshot;
#[cfg(feature = "site")]
mod site;
#[cfg(feature = "site")]
mod site_browser;
#[cfg(feature = "site")]
mod site_docs;
#[cfg(feature = "site")]
mod site_fairness;
#[cfg(feature = "site")]
mod site_liveness;
#[cfg(feature = "site")]
mod site_phone;
#[cfg(feature = "site")]
mod site_play;
#[cfg(feature = "site")]
mod site_views;
#[cfg(feature = "web")]
mod web;
#[cfg(feature = "web")]
mod web_board;
#[cfg(feature = "web")]
mod web_gdl;
#[cfg(feature = "web")]
mod web_names;
#[cfg(feature = "web")]
mod web_review;
#[cfg(any(feature = "web", feature = "gui"))]
mod words;

//! Refereeing: one game between players in processes of their own (`game`), shown
//! live while it is played (`live`), a match of N games (`matches`), a championship of
//! many (`championship`, with its self-contained web page), and its grades (`grading`).

pub mod championship;
pub mod game;
pub mod grading;
pub mod live;
pub mod matches;

//! `tabula games`: the games tabula knows, each with its computer players.

use crate::game::{GAMES, GameError, Rules};

/// Prints each game: its name on the command line, its title, and its computer
/// players as its players file lists them (weakest first, the last the strongest).
pub fn run() -> Result<(), GameError> {
    for info in GAMES {
        println!("{:<14}{}", info.name, info.title);
        let players = Rules::load(info, None)
            .and_then(|rules| rules.levels())
            .map(|levels| match levels.split_last() {
                Some((strongest, rest)) if !rest.is_empty() => {
                    format!("{}, {strongest} (the strongest)", rest.join(", "))
                }
                Some((only, _)) => only.clone(),
                None => "none".to_string(),
            })
            .unwrap_or_else(|e| format!("cannot be listed: {e}"));
        println!("{:<14}players: human, {players}", "");
    }
    println!(
        "\nA player can also be a Prolog file (FILE.pl), a Lisp file for the chase (FILE.lisp) or a program (\"cmd:PROGRAM ARGS\"): see docs/protocol.md."
    );
    Ok(())
}

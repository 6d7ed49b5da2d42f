//! `tabula games`: the games tabula finds, each with its computer players.

use crate::game::{self, GameError};

/// Prints each game: its name on the command line, its title and file, a summary of
/// its rules and its computer players (weakest first, with the one `ai` stands for).
pub fn run() -> Result<(), GameError> {
    let catalog = game::catalog();
    if catalog.games.is_empty() {
        return Err(GameError::Usage(format!(
            "no games found in {}",
            game::games_dir().display()
        )));
    }
    for info in &catalog.games {
        println!("{:<14}{}", info.name, info.title);
        if !info.summary.is_empty() {
            for line in wrap(&info.summary, 64) {
                println!("{:<14}{line}", "");
            }
        }
        if !info.aliases.is_empty() {
            println!("{:<14}also called: {}", "", info.aliases.join(", "));
        }
        println!("{:<14}players: human, and the computer:", "");
        for level in &info.levels {
            let ai = match level.name.as_str() {
                name if name != info.strongest => "",
                "ai" => " (the strongest)",
                _ => " (the strongest: ai means it)",
            };
            let text = if level.text.is_empty() {
                String::new()
            } else {
                format!(": {}", level.text)
            };
            println!("{:<16}{}{ai}{text}", "", level.name);
        }
        // The generic ai plays as one of the generic searches: which, and why.
        if info
            .levels
            .iter()
            .any(|l| l.name == info.strongest && l.generic && l.name == game::info::STRONGEST)
        {
            // Its fast path is not checked here: a listing plays no game.
            match game::Rules::load_unchecked(info).and_then(|r| r.generic_ai()) {
                Ok(choice) => {
                    let line = format!("ai plays as {}: {}", choice.level, choice.why);
                    for (k, part) in wrap(&line, 62).iter().enumerate() {
                        let indent = if k == 0 { 16 } else { 18 };
                        println!("{:<indent$}{part}", "");
                    }
                    if !choice.why.starts_with("tuned") {
                        println!(
                            "{:<18}(tabula tune {} finds the better by play)",
                            "", info.name
                        );
                    }
                }
                Err(e) => println!("{:<16}ai: cannot say which search it is ({e})", ""),
            }
        }
        match &info.source {
            Some(kif) => println!(
                "{:<14}rules: {} (GDL, translated to {})",
                "",
                kif.display(),
                info.file.display()
            ),
            None => println!("{:<14}rules: {}", "", info.file.display()),
        }
        println!();
    }
    for p in &catalog.problems {
        println!("not a game: {p}");
    }
    println!(
        "A player can also be a Prolog file (FILE.pl), a Lisp file (FILE.lisp) or a program (\"cmd:PROGRAM ARGS\", the words split as a shell splits them, quotes included, no shell run): see docs/protocol.md.\nA new game is one Prolog file in {}: see docs/new-game.md.",
        game::games_dir().display()
    );
    Ok(())
}

/// `text` in lines of at most `width` characters, broken between words.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

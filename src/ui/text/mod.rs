//! Text for the terminal: boards drawn from the rules' view (in the board vocabulary
//! of `prolog/core/game.pl`, see [`crate::game::board`]), in colour when the terminal wants it.
//! Drawing only: what is on the board and whose it is comes from Prolog.

mod board;

use crate::engine::term::{self, Term};
use crate::game::board::{Board, Region};

/// Compares two texts as people order them: runs of digits by their value, the rest
/// character by character (`a2-b3` < `b2-a3`, `h(0,9)` < `h(0,10)`).
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn runs(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let mut digits = None;
        for (i, c) in s.char_indices() {
            let d = c.is_ascii_digit();
            if digits.is_some_and(|prev| prev != d) {
                out.push((digits.unwrap_or(false), &s[start..i]));
                start = i;
            }
            digits = Some(d);
        }
        if let Some(d) = digits {
            out.push((d, &s[start..]));
        }
        out
    }
    let (ra, rb) = (runs(a), runs(b));
    for (x, y) in ra.iter().zip(rb.iter()) {
        let order = match (x, y) {
            ((true, p), (true, q)) => {
                let (p, q) = (p.trim_start_matches('0'), q.trim_start_matches('0'));
                p.len().cmp(&q.len()).then_with(|| p.cmp(q))
            }
            ((_, p), (_, q)) => p.cmp(q),
        };
        if order.is_ne() {
            return order;
        }
    }
    ra.len().cmp(&rb.len()).then_with(|| a.cmp(b))
}

/// The width to wrap prose at: `$COLUMNS` when set, else the terminal's, else 80.
pub fn terminal_width() -> usize {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok());
    columns
        .or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
        .filter(|w| *w >= 20)
        .unwrap_or(80)
}

/// How many columns `text` takes on a terminal: ANSI colour codes take none.
fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for c in text.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (true, c) if c.is_ascii_alphabetic() => in_escape = false,
            (true, _) => {}
            (false, _) => width += 1,
        }
    }
    width
}

/// `text` with each line longer than `width` broken between words, its continuation
/// lines indented two more than the line itself; lines that fit are left as they are.
pub fn fill(text: &str, width: usize) -> String {
    let mut out = Vec::new();
    for line in text.split('\n') {
        if visible_width(line) <= width {
            out.push(line.to_string());
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        let hang = " ".repeat((indent + 2).min(width / 2));
        let mut current = " ".repeat(indent);
        let mut current_width = indent;
        let mut fresh = true;
        // Each word with the blanks before it, kept within a line (aligned columns
        // stay aligned), dropped where the line breaks.
        let mut gap = 0;
        for word in line[indent..].split(' ') {
            if word.is_empty() {
                gap += 1;
                continue;
            }
            let w = visible_width(word);
            let blanks = if fresh { 0 } else { gap + 1 };
            if !fresh && current_width + blanks + w > width {
                out.push(std::mem::replace(&mut current, hang.clone()));
                current_width = hang.len();
            } else {
                current.push_str(&" ".repeat(blanks));
                current_width += blanks;
            }
            current.push_str(word);
            current_width += w;
            fresh = false;
            gap = 0;
        }
        out.push(current);
    }
    out.join("\n")
}

/// How to paint: ANSI colours on a terminal that wants them, plain text otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

impl Style {
    /// Colour when stdout is a terminal and `NO_COLOR` is not set.
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        let wanted = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Style {
            color: wanted && std::io::stdout().is_terminal(),
        }
    }

    pub fn plain() -> Style {
        Style { color: false }
    }

    /// `text` in the colour of `player` (1-based), from tabula's palette
    /// (`crate::game::palette`).
    pub fn player(&self, player: u32, text: &str) -> String {
        if !self.color {
            return text.to_string();
        }
        let code = crate::game::palette::player(player).ansi;
        format!("\x1b[38;5;{code}m{text}\x1b[0m")
    }

    pub fn bold(&self, text: &str) -> String {
        if self.color {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    pub fn dim(&self, text: &str) -> String {
        if self.color {
            format!("\x1b[2m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// Draws a view: a board in the vocabulary, with the last move's `regions` marked;
/// `sides` names the players' sides (for the letters of plain pieces). A view that is
/// not a board is printed as the term itself, so a game is playable in the terminal
/// before it has a board.
pub fn render(view: &Term, last: &[Region], style: Style, sides: &[String]) -> String {
    match Board::from_view(view) {
        Some(mut b) => {
            b.mark_last(last);
            board::render(&b, style, sides)
        }
        None => format!("{}\n", term::to_text(view)),
    }
}

#[cfg(test)]
mod tests {
    use super::{fill, natural_cmp, visible_width};
    use crate::players::untrusted::{SHOWN_BYTES, shown};

    #[test]
    fn a_players_text_shows_no_control_and_is_cut() {
        assert_eq!(
            shown("a\x1b[2Jb\x07c\u{202e}d\ne"),
            "a\\e[2Jb\\u{7}c\\u{202e}d\\ne"
        );
        let long = "x".repeat(12_000);
        let cut = shown(&long);
        assert!(cut.starts_with(&"x".repeat(SHOWN_BYTES)), "{cut}");
        assert!(
            cut.ends_with(&format!("… ({} more bytes)", 12_000 - SHOWN_BYTES)),
            "{cut}"
        );
        assert_eq!(shown("e2-e4"), "e2-e4");
    }

    #[test]
    fn long_lines_break_between_words_and_colours_take_no_room() {
        let text = "Not a move: a1 and c1 are not neighbouring dots, a segment joins two dots side by side.";
        let filled = fill(text, 40);
        assert!(filled.lines().all(|l| l.chars().count() <= 40), "{filled}");
        assert_eq!(
            filled.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
        assert!(
            filled.lines().skip(1).all(|l| l.starts_with("  ")),
            "{filled}"
        );
        let short = "  moves   list the legal moves";
        assert_eq!(fill(short, 40), short);
        // Blanks that align columns are kept on a line that has to break.
        assert_eq!(
            fill("  undo    take back your last move", 24),
            "  undo    take back your\n    last move"
        );
        let coloured = format!("\x1b[1m{}\x1b[0m", "word ".repeat(7).trim_end());
        assert_eq!(visible_width(&coloured), 34);
        assert_eq!(fill(&coloured, 34), coloured);
    }

    #[test]
    fn moves_sort_as_people_read_them() {
        let mut moves = vec!["h(0,10)", "b2-a3", "h(0,9)", "a2-b3", "a10-a11", "a2-a3"];
        moves.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            moves,
            vec!["a2-a3", "a2-b3", "a10-a11", "b2-a3", "h(0,9)", "h(0,10)"]
        );
    }
}

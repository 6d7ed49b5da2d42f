//! Text that came from a player, made safe to show: a player is hostile until proven
//! otherwise, and what it writes reaches terminals, pages and logs.

/// The most of a player's text that the terminal shows, in bytes.
pub const SHOWN_BYTES: usize = 200;

/// Text that came from a player (a `? MESSAGE`, an unreadable answer, a name, a
/// reason, its last words on stderr), made safe to show on a terminal: control
/// characters and the invisible formatting ones (bidi overrides, zero-width
/// characters) are written out (`\e`, `\n`, `\u{202e}`), and past [`SHOWN_BYTES`]
/// bytes it is cut, with "… (N more bytes)". Records keep the whole text: only what
/// is shown passes through here.
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.char_indices() {
        if out.len() >= SHOWN_BYTES {
            out.push_str(&format!("… ({} more bytes)", text.len() - i));
            return out;
        }
        match c {
            '\x1b' => out.push_str("\\e"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || invisible(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// A player's lines (its stderr, shown to its owner on a page), with no length cap
/// (the caller bounds what it reads): each line as [`shown`] would write it, without
/// the cut, so a line break stays one.
pub fn shown_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push('\n'),
            '\t' => out.push('\t'),
            '\x1b' => out.push_str("\\e"),
            '\r' => {}
            c if c.is_control() || invisible(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// Characters that change how the text around them is shown without being seen:
/// bidi marks, embeddings, overrides and isolates, zero-width ones, the BOM.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{061c}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
    )
}

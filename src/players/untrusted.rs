//! Text that came from a player, made safe to show: a player is hostile until proven
//! otherwise, and what it writes reaches terminals, pages and logs.

/// The most of a player's text that the terminal shows, in bytes.
pub const SHOWN_BYTES: usize = 200;

/// Text that came from a player (a `? MESSAGE`, an unreadable answer, a name, a
/// reason, its last words on stderr), made safe to show on a terminal: control
/// characters and the invisible ones ([`invisible`]: bidi controls, zero-width
/// characters, tags, variation selectors, fillers) are written out (`\e`, `\n`,
/// `\u{202e}`), and past [`SHOWN_BYTES`] bytes it is cut, with "… (N more bytes)".
/// Records keep the whole text: only what is shown passes through here.
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

/// A player's lines (its stderr, shown to its owner on a page), or any text a page
/// shows, with no length cap (the caller bounds what it reads): each line as
/// [`shown`] would write it, without the cut, so a line break stays one.
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

/// Default_Ignorable_Code_Point, from Unicode's DerivedCoreProperties.txt (16.0):
/// what a renderer draws as nothing when it has no glyph for it. Most are of category
/// Cf too; the others (fillers, variation selectors, the tag block's unassigned ones)
/// are why the table is here.
const IGNORABLE: &[(char, char)] = &[
    ('\u{00ad}', '\u{00ad}'),
    ('\u{034f}', '\u{034f}'),
    ('\u{061c}', '\u{061c}'),
    ('\u{115f}', '\u{1160}'),
    ('\u{17b4}', '\u{17b5}'),
    ('\u{180b}', '\u{180f}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{202a}', '\u{202e}'),
    ('\u{2060}', '\u{206f}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{fe00}', '\u{fe0f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{ffa0}', '\u{ffa0}'),
    ('\u{fff0}', '\u{fff8}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0000}', '\u{e0fff}'),
];

/// Characters that are not seen yet change how the text around them is shown, or that
/// draw nothing and so hide what a text holds: every format character (Cf: bidi
/// controls, zero-width ones, tags), the line and paragraph separators (Zl, Zp), every
/// default-ignorable one ([`IGNORABLE`]), and the braille blank (a symbol that draws
/// nothing).
fn invisible(c: char) -> bool {
    use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory as _};
    // Most text is ASCII, which has none of them.
    !c.is_ascii()
        && (c == '\u{2800}'
            || matches!(
                c.general_category(),
                G::Format | G::LineSeparator | G::ParagraphSeparator
            )
            || IGNORABLE
                .iter()
                .any(|&(first, last)| first <= c && c <= last))
}

#[cfg(test)]
mod tests {
    use super::{shown, shown_lines};

    /// The invisible characters a tester found reaching the terminal raw, one of
    /// each kind: tags, variation selectors, the soft hyphen, the Mongolian vowel
    /// separator, the Hangul fillers, the braille blank and other default-ignorable
    /// ones.
    const HIDDEN: [char; 16] = [
        '\u{e0041}',
        '\u{e007f}',
        '\u{fe0f}',
        '\u{e0100}',
        '\u{00ad}',
        '\u{180e}',
        '\u{3164}',
        '\u{115f}',
        '\u{1160}',
        '\u{ffa0}',
        '\u{2800}',
        '\u{034f}',
        '\u{17b4}',
        '\u{180b}',
        '\u{1bca0}',
        '\u{1d173}',
    ];

    #[test]
    fn every_invisible_character_is_written_out() {
        for c in HIDDEN {
            let escape = format!("\\u{{{:x}}}", c as u32);
            assert_eq!(shown(&format!("a{c}b")), format!("a{escape}b"), "{escape}");
            assert_eq!(shown_lines(&format!("a{c}b\n")), format!("a{escape}b\n"));
        }
        // Line and paragraph separators, bidi isolates, an Arabic number sign (Cf).
        assert_eq!(
            shown("\u{2028}\u{2029}\u{2066}\u{0600}"),
            "\\u{2028}\\u{2029}\\u{2066}\\u{600}"
        );
    }

    #[test]
    fn text_in_any_script_is_unchanged() {
        for text in [
            "Ça fait déjà l'été, naïve Zoë",
            "مرحبا بالعالم",
            "שלום עולם",
            "你好，世界。日本語のテキスト",
            "한국어 텍스트",
            "Привет, мир",
            "नमस्ते दुनिया",
            "😀 🎉 ♔♕♖ ⠁⠃ e2-e4",
        ] {
            assert_eq!(shown(text), text);
            assert_eq!(shown_lines(text), text);
        }
    }
}

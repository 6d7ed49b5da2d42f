//! Where the terms of a text end: the REPL runs each goal of a line in turn (`X = 1.
//! Y = 2.`) and reads the clauses typed at `[user]` one by one, as Prolog's reader
//! would, without sending anything to the engine.
//!
//! A term ends with an end token: a `.` followed by layout, a `%` or the end of the
//! text, outside quotes and comments, and not part of a symbol-char token (`=..`).

/// A term of the text: its text (the end token included) and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub text: String,
    /// Line (from 1) and column (from 1, in characters) of its first character.
    pub line: usize,
    pub column: usize,
}

/// A quote that a line ends inside of: Prolog's quoted atoms and strings do not span
/// lines (but for a `\` before the line's end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unclosed {
    pub quote: char,
    /// Line and column of the opening quote, from 1.
    pub line: usize,
    pub column: usize,
}

/// What a text holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Split {
    /// The complete terms, in order.
    pub terms: Vec<Term>,
    /// The quotes left open at a line's end, each ending the term it was in (the text
    /// after it, to its line's end, is dropped with it).
    pub unclosed: Vec<(Unclosed, Term)>,
    /// The text after the last complete term: empty, or a term not ended yet.
    pub rest: String,
}

/// The characters that make up symbol-char tokens, such as `=..` or `:-`.
fn symbol_char(c: char) -> bool {
    "+-*/\\^<>=~:.?@#&$".contains(c)
}

/// Splits `text` into its terms.
///
/// ```
/// use tabula::ui::repl::clauses::split;
/// let s = split("X = 1. Y = 'a.b'. Z =.. [f");
/// assert_eq!(s.terms.len(), 2);
/// assert_eq!(s.terms[1].text, "Y = 'a.b'.");
/// assert_eq!(s.rest, "Z =.. [f");
/// ```
pub fn split(text: &str) -> Split {
    let chars: Vec<char> = text.chars().collect();
    let mut split = Split::default();
    // The current term's first character (index), and its line and column.
    let mut start = 0;
    let (mut line, mut column) = (1, 1);
    let mut start_at = (1, 1);
    let mut i = 0;
    let mut blank = true;
    // Moves past chars[i], keeping line and column.
    let advance = |i: &mut usize, line: &mut usize, column: &mut usize| {
        if chars.get(*i) == Some(&'\n') {
            *line += 1;
            *column = 1;
        } else {
            *column += 1;
        }
        *i += 1;
    };
    while i < chars.len() {
        let c = chars[i];
        // Comments are layout: they neither start nor end a term.
        if c == '%' {
            while i < chars.len() && chars[i] != '\n' {
                advance(&mut i, &mut line, &mut column);
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            advance(&mut i, &mut line, &mut column);
            advance(&mut i, &mut line, &mut column);
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                advance(&mut i, &mut line, &mut column);
            }
            advance(&mut i, &mut line, &mut column);
            advance(&mut i, &mut line, &mut column);
            continue;
        }
        if blank && !c.is_whitespace() {
            blank = false;
            start = i;
            start_at = (line, column);
        }
        match c {
            // 0'c: a character code, whatever the character (a quote too).
            '0' if chars.get(i + 1) == Some(&'\'')
                && !(i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')) =>
            {
                advance(&mut i, &mut line, &mut column);
                advance(&mut i, &mut line, &mut column);
                // An escape (0'\n) or a doubled quote (0''') is two characters.
                let two = chars.get(i) == Some(&'\\')
                    || (chars.get(i) == Some(&'\'') && chars.get(i + 1) == Some(&'\''));
                if two {
                    advance(&mut i, &mut line, &mut column);
                }
                if i < chars.len() && chars[i] != '\n' {
                    advance(&mut i, &mut line, &mut column);
                }
                continue;
            }
            '\'' | '"' | '`' => {
                let opened = Unclosed {
                    quote: c,
                    line,
                    column,
                };
                advance(&mut i, &mut line, &mut column);
                let mut closed = false;
                while i < chars.len() {
                    match chars[i] {
                        '\\' => {
                            advance(&mut i, &mut line, &mut column);
                            if i < chars.len() {
                                advance(&mut i, &mut line, &mut column);
                            }
                        }
                        '\n' => break,
                        q if q == c => {
                            advance(&mut i, &mut line, &mut column);
                            closed = true;
                            break;
                        }
                        _ => advance(&mut i, &mut line, &mut column),
                    }
                }
                if !closed && i < chars.len() {
                    // The line ended inside the quote: the term is wrong from here.
                    let term = Term {
                        text: chars[start..i].iter().collect(),
                        line: start_at.0,
                        column: start_at.1,
                    };
                    split.unclosed.push((opened, term));
                    blank = true;
                }
                continue;
            }
            '.' => {
                let after = chars.get(i + 1).copied();
                let ends = after.is_none_or(|a| a.is_whitespace() || a == '%')
                    && !(i > start && symbol_char(chars[i - 1]));
                advance(&mut i, &mut line, &mut column);
                if ends {
                    split.terms.push(Term {
                        text: chars[start..i].iter().collect(),
                        line: start_at.0,
                        column: start_at.1,
                    });
                    blank = true;
                }
                continue;
            }
            _ => {}
        }
        advance(&mut i, &mut line, &mut column);
    }
    if !blank {
        split.rest = chars[start..].iter().collect();
    }
    split
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(s: &Split) -> Vec<&str> {
        s.terms.iter().map(|t| t.text.as_str()).collect()
    }

    #[test]
    fn goals_on_one_line_are_split_where_they_end() {
        let s = split("X = 1. Y = 2.\n");
        assert_eq!(texts(&s), ["X = 1.", "Y = 2."]);
        assert_eq!((s.terms[1].line, s.terms[1].column), (1, 8));
        assert!(s.rest.is_empty());
    }

    #[test]
    fn full_stops_inside_quotes_numbers_comments_and_symbols_do_not_end_a_term() {
        let s = split("X = \"a. b\", Y = 'c. d'. % e. f\nZ = 1.5, W =.. [f, a], V = 0'., U = '.'.");
        assert_eq!(
            texts(&s),
            [
                "X = \"a. b\", Y = 'c. d'.",
                "Z = 1.5, W =.. [f, a], V = 0'., U = '.'."
            ]
        );
        let s = split("X = a /* x. y */ . Z = 0''', Q = 'it''s'.");
        assert_eq!(texts(&s), ["X = a /* x. y */ .", "Z = 0''', Q = 'it''s'."]);
    }

    #[test]
    fn comments_alone_leave_nothing_to_finish() {
        let s = split("X = 1. % the first\n/* more */\n");
        assert_eq!(texts(&s), ["X = 1."]);
        assert_eq!(s.rest, "");
    }

    #[test]
    fn an_unfinished_term_is_the_rest() {
        let s = split("X = 1. Y = f(\n  a");
        assert_eq!(texts(&s), ["X = 1."]);
        assert_eq!(s.rest, "Y = f(\n  a");
        assert_eq!(split("X = end.").rest, "");
    }

    #[test]
    fn a_quote_left_open_at_a_lines_end_is_found_where_it_opens() {
        let s = split("foo(1).\nfoo('abc).\nfoo(3).\n");
        assert_eq!(texts(&s), ["foo(1).", "foo(3)."]);
        let (open, term) = &s.unclosed[0];
        assert_eq!((open.quote, open.line, open.column), ('\'', 2, 5));
        assert_eq!(term.text, "foo('abc).");
        assert_eq!(term.line, 2);
    }
}

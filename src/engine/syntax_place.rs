//! Where in a clause that does not read the mistake is. Scryer's reader reports a
//! syntax error where it gave up, which is the clause's closing full stop (or, for a
//! missing full stop, the end of the next clause), never the bracket too many or the
//! full stop left out. This looks at the text between the clause's first line and that
//! point, as a person would: brackets that do not pair, a quote left open, a new clause
//! starting at the margin before the last one ended.

/// The probable place of a syntax error: its line (from 1), column (from 1) and what
/// is wrong there, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub line: u64,
    pub column: usize,
    pub what: String,
}

impl Place {
    /// The line itself with a caret under the column, as compilers show it.
    pub fn excerpt(&self, text: &str) -> String {
        let Some(source) = text.lines().nth((self.line as usize).saturating_sub(1)) else {
            return String::new();
        };
        let number = self.line.to_string();
        let source = source.replace('\t', " ");
        format!(
            "\n  {number} | {source}\n  {pad} | {}^",
            " ".repeat(self.column.saturating_sub(1)),
            pad = " ".repeat(number.len())
        )
    }
}

/// The place of the mistake in the clause of `text` that starts on line `start` and
/// that the reader gave up on at line `noticed` (both from 1), when the text shows one.
pub fn locate(text: &str, start: u64, noticed: u64) -> Option<Place> {
    let lines: Vec<&str> = text.lines().collect();
    let first = (start as usize).checked_sub(1)?;
    let last = (noticed as usize).min(lines.len()).checked_sub(1)?;
    if first > last {
        return None;
    }
    // Open brackets: the bracket, its line and column.
    let mut open: Vec<(char, u64, usize)> = Vec::new();
    let mut quote: Option<(char, u64, usize)> = None;
    let mut in_block_comment = false;
    // The line and column after the last code character, and that character.
    let mut last_code: Option<(u64, usize, char)> = None;
    for (index, line) in lines.iter().enumerate().take(last + 1).skip(first) {
        let number = index as u64 + 1;
        let chars: Vec<char> = line.chars().collect();
        // A clause head at the margin on a later line, while the clause is still open:
        // the one before it was not ended.
        let starts_clause = number > start
            && quote.is_none()
            && !in_block_comment
            && chars
                .first()
                .is_some_and(|c| c.is_ascii_lowercase() || *c == '\'');
        if starts_clause {
            if let Some(&(bracket, l, c)) = open.last() {
                return Some(Place {
                    line: l,
                    column: c,
                    what: format!(
                        "this {bracket} is never closed (the clause runs on into line {number})"
                    ),
                });
            }
            if let Some((l, c, end)) = last_code
                && end != '.'
            {
                return Some(Place {
                    line: l,
                    column: c + 1,
                    what: "a full stop is missing here, at the end of the clause".into(),
                });
            }
        }
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            let column = k + 1;
            if in_block_comment {
                if c == '*' && chars.get(k + 1) == Some(&'/') {
                    in_block_comment = false;
                    k += 1;
                }
                k += 1;
                continue;
            }
            if let Some((q, _, _)) = quote {
                if c == '\\' {
                    k += 2;
                    continue;
                }
                if c == q {
                    // A doubled quote stands for itself.
                    if chars.get(k + 1) == Some(&q) {
                        k += 2;
                        continue;
                    }
                    quote = None;
                    last_code = Some((number, column, c));
                }
                k += 1;
                continue;
            }
            match c {
                '%' => break,
                '/' if chars.get(k + 1) == Some(&'*') => {
                    in_block_comment = true;
                    k += 2;
                    continue;
                }
                // 0'c is the code of the character c, whatever it is.
                '\'' if k > 0
                    && chars[k - 1] == '0'
                    && !chars
                        .get(k.wrapping_sub(2))
                        .is_some_and(|p| p.is_alphanumeric() || *p == '_') =>
                {
                    k += if chars.get(k + 1) == Some(&'\\') {
                        3
                    } else {
                        2
                    };
                    last_code = Some((number, k.min(chars.len()), 'c'));
                    continue;
                }
                '\'' | '"' | '`' => quote = Some((c, number, column)),
                '(' | '[' | '{' => open.push((c, number, column)),
                ')' | ']' | '}' => {
                    let wanted = match c {
                        ')' => '(',
                        ']' => '[',
                        _ => '{',
                    };
                    match open.pop() {
                        None => {
                            return Some(Place {
                                line: number,
                                column,
                                what: format!("this {c} closes nothing"),
                            });
                        }
                        Some((b, l, col)) if b != wanted => {
                            let closer = match b {
                                '(' => ')',
                                '[' => ']',
                                _ => '}',
                            };
                            return Some(Place {
                                line: number,
                                column,
                                what: format!(
                                    "this {c} comes where the {b} of line {l}, column {col} \
                                     needs its {closer}"
                                ),
                            });
                        }
                        Some(_) => {}
                    }
                }
                _ => {}
            }
            if !c.is_whitespace() {
                last_code = Some((number, column, c));
            }
            k += 1;
        }
    }
    if let Some((q, l, c)) = quote {
        return Some(Place {
            line: l,
            column: c,
            what: format!("this {q} is never closed"),
        });
    }
    if let Some(&(bracket, l, c)) = open.last() {
        return Some(Place {
            line: l,
            column: c,
            what: format!("this {bracket} is never closed"),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bracket_too_many_is_found_on_its_line() {
        let text = "a(1).\n\nb(X) :-\n    Y is X + 1,\n    Z is (Y * 2)),\n    c(Z).\n";
        let place = locate(text, 3, 6).unwrap();
        assert_eq!((place.line, place.column), (5, 17));
        assert_eq!(place.what, "this ) closes nothing");
        assert!(
            place
                .excerpt(text)
                .ends_with("\n  5 |     Z is (Y * 2)),\n    |                 ^")
        );
    }

    #[test]
    fn a_missing_full_stop_is_found_at_the_end_of_its_clause() {
        let text = "p(1)\nq(2) :- r(3).\n";
        let place = locate(text, 1, 2).unwrap();
        assert_eq!((place.line, place.column), (1, 5));
        assert!(place.what.contains("full stop"), "{place:?}");
    }

    #[test]
    fn brackets_in_quotes_comments_and_codes_do_not_count() {
        let text =
            "p(X) :-\n    X = \"(\", % )\n    Y = 0'),\n    Z = 'a)' /* ] */,\n    w(Y, Z]).\n";
        let place = locate(text, 1, 5).unwrap();
        assert_eq!((place.line, place.column), (5, 11));
        assert!(place.what.contains("( of line 5, column 6"), "{place:?}");
    }

    #[test]
    fn an_unclosed_bracket_is_named_where_it_opens() {
        let text = "p(X) :-\n    q([X, 1),\n    r.\ns(1).\n";
        let place = locate(text, 1, 4).unwrap();
        assert_eq!((place.line, place.column), (2, 12));
        assert!(place.what.contains("this ) comes where the ["), "{place:?}");
        let text = "p(X) :-\n    q(X,\n    r.\ns(1).\n";
        let place = locate(text, 1, 4).unwrap();
        assert_eq!((place.line, place.column), (2, 6));
        assert!(place.what.contains("never closed"), "{place:?}");
    }
}

//! Prolog terms on the Rust side: writing them back as Prolog text that reads as the
//! same term, and small typed accessors for the answers the contract returns.

pub use scryer_prolog::Term;
use std::fmt::Write as _;

/// Writes `term` as Prolog text that reads back as the same term (quoted atoms,
/// double-quoted strings for lists of characters, canonical compounds except for a
/// few infix operators that make messages readable).
pub fn to_text(term: &Term) -> String {
    let mut out = String::new();
    write_term(&mut out, term);
    out
}

/// Writes `text` as a double-quoted Prolog string (a list of characters under
/// Scryer's default `double_quotes` flag). Any text survives the trip.
pub fn quote_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    write_quoted(&mut out, text, '"');
    out
}

/// Writes `name` as a Prolog atom, quoted when it has to be.
pub fn quote_atom(name: &str) -> String {
    if atom_needs_no_quotes(name) {
        name.to_string()
    } else {
        let mut out = String::new();
        write_quoted(&mut out, name, '\'');
        out
    }
}

fn write_quoted(out: &mut String, text: &str, quote: char) {
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => {
                let _ = write!(out, "\\x{:x}\\", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
}

fn atom_needs_no_quotes(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_ascii_lowercase() => chars.all(|c| c.is_ascii_alphanumeric() || c == '_'),
        _ => matches!(name, "[]" | "{}" | "!" | ";" | ","),
    }
}

/// Operators written infix, so that error terms such as `foo/2` or `read_term/3:4`
/// read naturally. Their operands are parenthesised whenever they are themselves
/// compound, so the text reads back the same whatever the priorities.
const INFIX: &[&str] = &["/", ":", "-", "+", "*", "=", "=="];

fn write_term(out: &mut String, term: &Term) {
    match term {
        Term::Integer(i) => {
            let _ = write!(out, "{i}");
        }
        Term::Rational(r) => {
            let _ = write!(out, "({r})");
        }
        Term::Float(f) => write_float(out, *f),
        Term::Atom(a) => {
            if a == "," {
                out.push_str("','");
            } else {
                out.push_str(&quote_atom(a));
            }
        }
        Term::String(s) => write_quoted(out, s, '"'),
        Term::List(items) => {
            out.push('[');
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_arg(out, item);
            }
            out.push(']');
        }
        Term::Compound(name, args) if args.len() == 2 && INFIX.contains(&name.as_str()) => {
            write_operand(out, &args[0]);
            out.push_str(name);
            write_operand(out, &args[1]);
        }
        Term::Compound(name, args) => {
            if name == "," {
                out.push_str("','");
            } else {
                out.push_str(&quote_atom(name));
            }
            out.push('(');
            for (k, arg) in args.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_arg(out, arg);
            }
            out.push(')');
        }
        Term::Var(name) => {
            // Answer variables come back as `_A`, `_123` ...: any such name reads as a
            // fresh variable, which is what an unbound variable in a state means.
            if name.starts_with(|c: char| c == '_' || c.is_ascii_uppercase()) {
                out.push_str(name);
            } else {
                out.push('_');
                out.push_str(name);
            }
        }
        _ => out.push_str("'$unknown_term'"),
    }
}

/// An argument: every infix operator written here binds tighter than the comma, so
/// only the comma itself would need parentheses, and it is never written infix.
fn write_arg(out: &mut String, term: &Term) {
    write_term(out, term)
}

fn write_operand(out: &mut String, term: &Term) {
    let wrap = match term {
        Term::Compound(n, a) => a.len() == 2 && INFIX.contains(&n.as_str()),
        Term::Integer(i) => i.to_string().starts_with('-'),
        Term::Float(f) => *f < 0.0,
        Term::Atom(a) => !atom_needs_no_quotes(a),
        _ => false,
    };
    if wrap {
        out.push('(');
        write_term(out, term);
        out.push(')');
    } else {
        write_term(out, term);
    }
}

fn write_float(out: &mut String, f: f64) {
    if f.is_finite() {
        let text = format!("{f:?}");
        // Prolog needs a digit on both sides of the point and before an exponent.
        if text.contains('.') {
            out.push_str(&text.replace("e", "e+").replace("e+-", "e-"));
        } else if let Some((mantissa, exp)) = text.split_once('e') {
            let _ = write!(out, "{mantissa}.0e{exp}");
        } else {
            let _ = write!(out, "{text}.0");
        }
    } else {
        out.push_str(if f.is_nan() { "nan" } else { "inf" });
    }
}

/// Scryer hands a list whose tail is a string (as `append/3` builds onto a `"..."`
/// literal) back as nested `'.'/2` compounds; this folds them into one list, and a list
/// of one-character atoms into a string, recursively, so answers compare and print as
/// the Prolog terms they are.
pub fn normalize(term: Term) -> Term {
    match term {
        Term::Compound(name, args) if name == "." && args.len() == 2 => {
            let mut items = Vec::new();
            let mut rest = Term::Compound(name, args);
            loop {
                match rest {
                    Term::Compound(n, mut a) if n == "." && a.len() == 2 => {
                        let tail = a.pop().unwrap_or(Term::List(Vec::new()));
                        let head = a.pop().unwrap_or(Term::List(Vec::new()));
                        items.push(normalize(head));
                        rest = tail;
                    }
                    Term::List(tail) => {
                        items.extend(tail.into_iter().map(normalize));
                        break;
                    }
                    Term::String(s) => {
                        items.extend(s.chars().map(|c| Term::Atom(c.to_string())));
                        break;
                    }
                    Term::Atom(a) if a == "[]" => break,
                    other => {
                        // A partial list: keep its open tail as a '.'/2 cell.
                        let mut tail = normalize(other);
                        for item in items.into_iter().rev() {
                            tail = Term::Compound(".".into(), vec![item, tail]);
                        }
                        return tail;
                    }
                }
            }
            chars_or_list(items)
        }
        Term::List(items) => chars_or_list(items.into_iter().map(normalize).collect()),
        Term::Compound(name, args) => {
            Term::Compound(name, args.into_iter().map(normalize).collect())
        }
        other => other,
    }
}

fn chars_or_list(items: Vec<Term>) -> Term {
    let is_char = |t: &Term| matches!(t, Term::Atom(a) if a.chars().count() == 1);
    if !items.is_empty() && items.iter().all(is_char) {
        Term::String(
            items
                .iter()
                .filter_map(|t| match t {
                    Term::Atom(a) => Some(a.as_str()),
                    _ => None,
                })
                .collect(),
        )
    } else {
        Term::List(items)
    }
}

/// The integer a term holds, if it is one that fits.
pub fn as_i64(term: &Term) -> Option<i64> {
    match term {
        Term::Integer(i) => i64::try_from(i).ok(),
        _ => None,
    }
}

/// The name of an atom term.
pub fn as_atom(term: &Term) -> Option<&str> {
    match term {
        Term::Atom(a) => Some(a),
        // `[]` is the empty list, which answers may present either way.
        Term::List(items) if items.is_empty() => Some("[]"),
        Term::String(s) if s.is_empty() => Some("[]"),
        _ => None,
    }
}

/// The text of a list of characters (a Prolog string), or of an atom.
pub fn as_text(term: &Term) -> Option<String> {
    match term {
        Term::String(s) => Some(s.clone()),
        Term::Atom(a) if a == "[]" => Some(String::new()),
        Term::Atom(a) => Some(a.clone()),
        Term::List(items) => items
            .iter()
            .map(|t| match t {
                Term::Atom(a) if a.chars().count() == 1 => a.chars().next(),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The elements of a list term (strings are lists of one-character atoms).
pub fn as_list(term: &Term) -> Option<Vec<Term>> {
    match term {
        Term::List(items) => Some(items.clone()),
        Term::Atom(a) if a == "[]" => Some(Vec::new()),
        Term::String(s) => Some(s.chars().map(|c| Term::Atom(c.to_string())).collect()),
        _ => None,
    }
}

/// The arguments of `term` when it is `name(...)` with `arity` arguments.
pub fn args<'a>(term: &'a Term, name: &str, arity: usize) -> Option<&'a [Term]> {
    match term {
        Term::Compound(n, a) if n == name && a.len() == arity => Some(a),
        Term::Atom(n) if n == name && arity == 0 => Some(&[]),
        _ => None,
    }
}

/// The functor name of an atom or compound.
pub fn functor_name(term: &Term) -> Option<&str> {
    match term {
        Term::Compound(n, _) => Some(n),
        Term::Atom(n) => Some(n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms_are_quoted_only_when_needed() {
        assert_eq!(quote_atom("abc_1"), "abc_1");
        assert_eq!(quote_atom("Dots"), "'Dots'");
        assert_eq!(quote_atom("it's"), "'it\\'s'");
        assert_eq!(quote_atom("[]"), "[]");
        assert_eq!(quote_atom("a b"), "'a b'");
    }

    #[test]
    fn strings_escape_everything_that_would_end_them() {
        assert_eq!(quote_string("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
    }

    #[test]
    fn operators_are_written_readably() {
        let t = Term::compound("/", [Term::atom("foo"), Term::integer(2)]);
        assert_eq!(to_text(&t), "foo/2");
        let nested = Term::compound("-", [Term::integer(-1), t]);
        assert_eq!(to_text(&nested), "(-1)-(foo/2)");
        let f = Term::compound("f", [Term::atom("-"), Term::List(vec![])]);
        assert_eq!(to_text(&f), "f('-',[])");
    }
}

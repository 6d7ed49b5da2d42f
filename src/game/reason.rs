//! A player's reason for its move, said the same way by every face (the terminal, the
//! window): the term the player gave, as a short text. The records keep the term.

use crate::engine::term::{self, Term};

/// `sacrifice(2)` → "sacrifice (2)", `rules_edited(alphabeta, search(2,-5))` → "rules
/// edited (alphabeta, search(2,-5))"; `none` (no reason) → "".
pub fn reason_text(reason: &Term) -> String {
    match reason {
        Term::Atom(a) if a == "none" => String::new(),
        Term::Atom(a) => a.replace('_', " "),
        Term::Compound(name, args) => {
            let inner: Vec<String> = args.iter().map(term::to_text).collect();
            format!("{} ({})", name.replace('_', " "), inner.join(", "))
        }
        other => term::to_text(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_as_words() {
        assert_eq!(reason_text(&Term::atom("take_box")), "take box");
        assert_eq!(reason_text(&Term::atom("none")), "");
        let r = Term::compound(
            "rules_edited",
            [
                Term::atom("alphabeta"),
                Term::compound("search", [Term::integer(2), Term::integer(-5)]),
            ],
        );
        assert_eq!(reason_text(&r), "rules edited (alphabeta, search(2,-5))");
    }
}

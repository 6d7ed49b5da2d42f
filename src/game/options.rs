//! A game's options in one typed form. The same options travel as `Name(Value)` terms
//! into the rules' `initial_state/2`, as `key=value` words in the protocol's `game`
//! command and in a championship's settings, and come from the command line: every
//! one of those conversions is here, once.

use crate::engine::term::{self, Term};

/// The value of one option: a whole number, or a text (a word, a position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionValue {
    Int(i64),
    Text(String),
}

impl OptionValue {
    /// A value written as text: a whole number when it reads as one.
    pub fn parse(text: &str) -> OptionValue {
        let text = text.trim();
        match text.parse::<i64>() {
            Ok(n) => OptionValue::Int(n),
            Err(_) => OptionValue::Text(text.to_string()),
        }
    }

    fn term(&self) -> Term {
        match self {
            OptionValue::Int(n) => Term::integer(*n),
            OptionValue::Text(t) => Term::string(t.as_str()),
        }
    }

    fn text(&self) -> String {
        match self {
            OptionValue::Int(n) => n.to_string(),
            OptionValue::Text(t) => t.clone(),
        }
    }
}

/// A game's options, in the order given; a name set twice keeps its first place and
/// its last value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOptions(Vec<(String, OptionValue)>);

impl GameOptions {
    pub fn new() -> GameOptions {
        GameOptions::default()
    }

    /// Sets option `name` to `value`.
    pub fn set(&mut self, name: &str, value: OptionValue) {
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((name.to_string(), value)),
        }
    }

    /// Whether option `name` is set.
    pub fn has(&self, name: &str) -> bool {
        self.0.iter().any(|(n, _)| n == name)
    }

    /// The options of `key=value` pairs (a championship's settings).
    pub fn from_pairs(pairs: &[(String, String)]) -> GameOptions {
        let mut options = GameOptions::new();
        for (k, v) in pairs {
            options.set(k.trim(), OptionValue::parse(v));
        }
        options
    }

    /// The options of `key=value` words (the protocol's `game` command, `--option`);
    /// an error in words for a word that is not one.
    pub fn parse_words<'a>(
        words: impl IntoIterator<Item = &'a str>,
    ) -> Result<GameOptions, String> {
        let mut options = GameOptions::new();
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("expected key=value, got {word:?}"))?;
            let key = key.trim();
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(format!("bad option name {key:?}"));
            }
            options.set(key, OptionValue::parse(value));
        }
        Ok(options)
    }

    /// The options as `initial_state/2` terms, e.g. `rows(5)`.
    pub fn terms(&self) -> Vec<Term> {
        self.0
            .iter()
            .map(|(n, v)| Term::compound(n, [v.term()]))
            .collect()
    }

    /// The options of `initial_state/2` terms `Name(Value)` with a number or a text
    /// (others, which no word can carry, are left out).
    pub fn from_terms(terms: &[Term]) -> GameOptions {
        let mut options = GameOptions::new();
        for t in terms {
            if let Term::Compound(name, args) = t
                && let [value] = args.as_slice()
            {
                if let Some(n) = term::as_i64(value) {
                    options.set(name, OptionValue::Int(n));
                } else if let Some(text) = term::as_text(value) {
                    options.set(name, OptionValue::Text(text));
                }
            }
        }
        options
    }

    /// The `key=value` pairs (a championship's settings).
    pub fn pairs(&self) -> Vec<(String, String)> {
        self.0.iter().map(|(n, v)| (n.clone(), v.text())).collect()
    }

    /// The `key=value` words of the protocol's `game` command: the options whose value
    /// is one word (the position goes with its own command, `position`).
    pub fn words(&self) -> Vec<String> {
        self.0
            .iter()
            .map(|(n, v)| (n, v.text()))
            .filter(|(n, v)| *n != "position" && !v.is_empty() && !v.contains(char::is_whitespace))
            .map(|(n, v)| format!("{n}={v}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_converts_to_every_other() {
        let o = GameOptions::parse_words(["rows=5", "cols=6", "mode=fast"]).unwrap();
        assert_eq!(
            o.terms().iter().map(term::to_text).collect::<Vec<_>>(),
            ["rows(5)", "cols(6)", "mode(\"fast\")"]
        );
        assert_eq!(GameOptions::from_terms(&o.terms()), o);
        assert_eq!(GameOptions::from_pairs(&o.pairs()), o);
        assert_eq!(o.words(), ["rows=5", "cols=6", "mode=fast"]);
    }

    #[test]
    fn a_name_set_twice_keeps_its_place_and_its_last_value() {
        let o = GameOptions::parse_words(["rows=5", "cols=6", "rows=7"]).unwrap();
        assert_eq!(
            o.pairs(),
            [("rows".into(), "7".into()), ("cols".into(), "6".into())]
        );
    }

    #[test]
    fn bad_words_are_refused_in_words() {
        assert!(
            GameOptions::parse_words(["rows"])
                .unwrap_err()
                .contains("key=value")
        );
        assert!(
            GameOptions::parse_words(["r-s=1"])
                .unwrap_err()
                .contains("bad option name")
        );
    }

    #[test]
    fn a_position_with_blanks_is_no_word() {
        let mut o = GameOptions::new();
        o.set("position", OptionValue::Text("bb/ww w".into()));
        o.set("rows", OptionValue::Int(2));
        assert_eq!(o.words(), ["rows=2"]);
    }
}

//! Who sits at each seat: a person at the keyboard or one of the computer players
//! written in Prolog (`prolog/<game>_ai.pl`).

use std::fmt;
use std::str::FromStr;

/// A player as given on the command line (`--p1 SPEC`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person typing moves.
    Human,
    /// A built-in Prolog player of the given level (`random`, `greedy`).
    Builtin(String),
}

/// The built-in levels, weakest first, with what they do.
pub const LEVELS: &[(&str, &str)] = &[
    ("random", "a uniformly random legal move"),
    (
        "greedy",
        "takes what it can, else a safe move, else gives away the least",
    ),
];

impl PlayerSpec {
    /// The strongest built-in player, the default opponent.
    pub fn strongest() -> PlayerSpec {
        PlayerSpec::Builtin(LEVELS[LEVELS.len() - 1].0.to_string())
    }

    pub fn is_human(&self) -> bool {
        matches!(self, PlayerSpec::Human)
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let spec = s.trim().to_ascii_lowercase();
        if spec == "human" {
            return Ok(PlayerSpec::Human);
        }
        if LEVELS.iter().any(|(level, _)| *level == spec) {
            return Ok(PlayerSpec::Builtin(spec));
        }
        let known: Vec<&str> = std::iter::once("human")
            .chain(LEVELS.iter().map(|(l, _)| *l))
            .collect();
        Err(format!(
            "unknown player {s:?}: expected one of {}",
            known.join(", ")
        ))
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Builtin(level) => write!(f, "{level}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_unknown_ones_say_what_is_known() {
        assert_eq!("human".parse::<PlayerSpec>(), Ok(PlayerSpec::Human));
        assert_eq!(
            " Greedy ".parse::<PlayerSpec>(),
            Ok(PlayerSpec::Builtin("greedy".into()))
        );
        let err = "grandmaster".parse::<PlayerSpec>().unwrap_err();
        assert!(err.contains("human, random, greedy"), "{err}");
    }
}

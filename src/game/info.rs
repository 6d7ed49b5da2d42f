//! What a game says about itself: its `game_info/1` fact (documented in
//! `prolog/core/game.pl`) and its players' `levels/1` and `level_info/2`, turned into
//! [`GameInfo`]. Rust keeps no table of games: every field here comes from the files.

use crate::engine::term::{self, Term};
use std::path::{Path, PathBuf};

/// The values an option of `initial_state/2` takes.
#[derive(Debug, Clone, PartialEq)]
pub enum Domain {
    /// A whole number in `min..=max`.
    Integer { min: i64, max: i64 },
    /// One of these atoms.
    OneOf(Vec<String>),
    /// A text, such as a position.
    Text,
    /// A random start, drawn from the seed given as the value.
    Seed,
}

/// One option a game's start position takes: `option(Name, Domain, Default, Text)`.
#[derive(Debug, Clone, PartialEq)]
pub struct GameOption {
    pub name: String,
    pub domain: Domain,
    /// `None` when the game declares no default (`none`).
    pub default: Option<Term>,
    /// What it is, for people: "Rows of dots".
    pub text: String,
}

impl GameOption {
    /// The default as a whole number, for integer options.
    pub fn default_integer(&self) -> Option<i64> {
        self.default.as_ref().and_then(term::as_i64)
    }
}

/// A computer player of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    pub name: String,
    /// How it plays, in a line.
    pub text: String,
    /// One of the players written over the contract (`prolog/core/players.pl`) rather
    /// than the game's own.
    pub generic: bool,
}

/// How a championship is graded: a game declares it (`championship([scoring(S)])`), a
/// championship may be told another (`--scoring`, `scoring` in a course).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// Assignment 000's: groups A and B by the share of valid games, grades 5 to 10
    #[value(name = "valid_games", alias = "valid-games")]
    ValidGames,
    /// Assignment 001's: faults in over 10 % of the games leave the ranking, grades 5 to 10
    Faults,
    /// Points only, no grades
    Points,
}

impl Scoring {
    pub const ALL: [Scoring; 3] = [Scoring::ValidGames, Scoring::Faults, Scoring::Points];

    /// Its name, as the game's facts, `--scoring`, a course and the records write it.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::ValidGames => "valid_games",
            Scoring::Faults => "faults",
            Scoring::Points => "points",
        }
    }
}

impl std::fmt::Display for Scoring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A scoring name that is none of [`Scoring::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown scoring {0:?}: expected one of valid_games, faults, points")]
pub struct UnknownScoring(pub String);

impl std::str::FromStr for Scoring {
    type Err = UnknownScoring;

    /// A scoring by its name; anything else is an error that names the three.
    fn from_str(name: &str) -> Result<Scoring, UnknownScoring> {
        Scoring::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| UnknownScoring(name.to_string()))
    }
}

/// What a championship of the game does unless told otherwise.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChampionshipPolicy {
    /// How it is graded (none declared: by points).
    pub scoring: Option<Scoring>,
    /// All games start from one random position drawn from the championship's seed.
    pub random_start: bool,
    /// Each player also plays itself.
    pub self_games: bool,
}

/// A game, as its rules file describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameInfo {
    /// The game's module, which is its name on the command line.
    pub name: String,
    /// The rules file.
    pub file: PathBuf,
    /// The GDL file the rules file was translated from (`file` is then the translation,
    /// kept in the cache), for the messages that name where the rules are.
    pub source: Option<PathBuf>,
    pub title: String,
    /// Other names accepted on the command line.
    pub aliases: Vec<String>,
    /// The rules in a few sentences.
    pub summary: String,
    /// The notation in full, for `help`.
    pub notation_help: String,
    /// Examples of moves, for a person who typed something unreadable.
    pub notation_hint: String,
    /// The sides' names in a game won by one side ("White", "Black"); empty for
    /// games of points.
    pub sides: Vec<String>,
    pub options: Vec<GameOption>,
    /// The game's own players' file, when it has one.
    pub players_file: Option<PathBuf>,
    /// The game's fast path (`fast(File)`), used only while it agrees with the rules.
    pub fast_file: Option<PathBuf>,
    /// Every computer player, weakest first: the game's own, then the generic ones
    /// it does not already have.
    pub levels: Vec<Level>,
    /// The level `ai` stands for.
    pub strongest: String,
    pub championship: ChampionshipPolicy,
}

/// The facts of a players file: `levels/1` and `level_info/2`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayerFacts {
    pub levels: Vec<String>,
    pub texts: Vec<(String, String)>,
}

impl PlayerFacts {
    /// Reads the facts a file listing gave (see `'$tabula':file_facts/2`).
    pub fn from_facts(facts: &[Term]) -> PlayerFacts {
        let mut out = PlayerFacts::default();
        for f in facts {
            if let Some([ls]) = term::args(f, "levels", 1) {
                out.levels = atoms(ls);
            } else if let Some([l, t]) = term::args(f, "level_info", 2)
                && let (Some(l), Some(t)) = (term::as_atom(l), term::as_text(t))
            {
                out.texts.push((l.to_string(), t));
            }
        }
        out
    }

    fn text(&self, level: &str) -> String {
        self.texts
            .iter()
            .find(|(l, _)| l == level)
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    }
}

fn atoms(t: &Term) -> Vec<String> {
    term::as_list(t)
        .unwrap_or_default()
        .iter()
        .filter_map(|a| term::as_atom(a).map(str::to_string))
        .collect()
}

fn text_of(t: &Term) -> String {
    term::as_text(t).unwrap_or_else(|| term::to_text(t))
}

fn parse_domain(t: &Term) -> Option<Domain> {
    if let Some([lo, hi]) = term::args(t, "integer", 2) {
        return Some(Domain::Integer {
            min: term::as_i64(lo)?,
            max: term::as_i64(hi)?,
        });
    }
    if let Some([vs]) = term::args(t, "oneof", 1) {
        return Some(Domain::OneOf(atoms(vs)));
    }
    match term::as_atom(t)? {
        "text" => Some(Domain::Text),
        "seed" => Some(Domain::Seed),
        _ => None,
    }
}

fn parse_option(t: &Term) -> Result<GameOption, String> {
    let bad = || {
        format!(
            "game_info/1: {} is not option(Name, Domain, Default, Text)",
            term::to_text(t)
        )
    };
    let [name, domain, default, text] = term::args(t, "option", 4).ok_or_else(bad)? else {
        return Err(bad());
    };
    let name = term::as_atom(name).ok_or_else(bad)?.to_string();
    let domain = parse_domain(domain).ok_or_else(|| {
        format!(
            "game_info/1: the option {name} has the domain {}, not integer(Min, Max), oneof(Values), text or seed",
            term::to_text(domain)
        )
    })?;
    let default = (term::as_atom(default) != Some("none")).then(|| default.clone());
    Ok(GameOption {
        name,
        domain,
        default,
        text: text_of(text),
    })
}

impl GameInfo {
    /// Builds the description of the game in `file` (module `name`) from its
    /// `game_info/1` list, its own players' facts and the generic players' facts.
    /// A `players(File)` or `fast(File)` not found beside the rules is the shipped
    /// game's ([`super::shipped_file`]): the edited copy of a rules file keeps the
    /// shipped players.
    pub fn from_facts(
        name: &str,
        file: &Path,
        info: &Term,
        own: Option<&PlayerFacts>,
        generic: &PlayerFacts,
    ) -> Result<GameInfo, String> {
        let items =
            term::as_list(info).ok_or_else(|| format!("game_info/1 of {name} is not a list"))?;
        let mut game = GameInfo {
            name: name.to_string(),
            file: file.to_path_buf(),
            source: None,
            title: String::new(),
            aliases: Vec::new(),
            summary: String::new(),
            notation_help: String::new(),
            notation_hint: String::new(),
            sides: Vec::new(),
            options: Vec::new(),
            players_file: None,
            fast_file: None,
            levels: Vec::new(),
            strongest: String::new(),
            championship: ChampionshipPolicy::default(),
        };
        let mut strongest = None;
        for item in &items {
            let Some((key, [value])) = one_arg(item) else {
                continue; // facts tabula does not know yet are for other tools
            };
            match key {
                "title" => game.title = text_of(value),
                "aliases" => game.aliases = atoms(value),
                "summary" => game.summary = text_of(value),
                "notation" => game.notation_help = text_of(value),
                "notation_hint" => game.notation_hint = text_of(value),
                "sides" => {
                    game.sides = term::as_list(value)
                        .unwrap_or_default()
                        .iter()
                        .map(text_of)
                        .collect();
                }
                "options" => {
                    for o in term::as_list(value).unwrap_or_default() {
                        game.options.push(parse_option(&o)?);
                    }
                }
                "players" => {
                    let wanted = PathBuf::from(text_of(value));
                    let beside = file.parent().unwrap_or(Path::new(".")).join(&wanted);
                    game.players_file = Some(if beside.exists() {
                        beside
                    } else {
                        super::shipped_file(&wanted)
                    });
                }
                "fast" => {
                    let wanted = PathBuf::from(text_of(value));
                    let beside = file.parent().unwrap_or(Path::new(".")).join(&wanted);
                    game.fast_file = Some(if beside.exists() {
                        beside
                    } else {
                        super::shipped_file(&wanted)
                    });
                }
                "strongest" => strongest = term::as_atom(value).map(str::to_string),
                "championship" => {
                    for p in term::as_list(value).unwrap_or_default() {
                        match one_arg(&p) {
                            Some(("scoring", [s])) => {
                                let name = term::as_atom(s)
                                    .map_or_else(|| term::to_text(s), str::to_string);
                                game.championship.scoring =
                                    Some(name.parse().map_err(|e| {
                                        format!("championship([scoring(...)]): {e}")
                                    })?);
                            }
                            Some(("random_start", [b])) => {
                                game.championship.random_start = term::as_atom(b) == Some("true");
                            }
                            Some(("self_games", [b])) => {
                                game.championship.self_games = term::as_atom(b) == Some("true");
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        if game.title.is_empty() {
            game.title = name.to_string();
        }
        let own_levels = own.map(|o| o.levels.clone()).unwrap_or_default();
        let order = order_levels(&own_levels, &generic.levels, strongest.as_deref());
        game.levels = order
            .iter()
            .map(|l| {
                let mine = own_levels.contains(l);
                Level {
                    name: l.clone(),
                    text: if mine {
                        own.map(|o| o.text(l)).unwrap_or_default()
                    } else {
                        generic.text(l)
                    },
                    generic: !mine,
                }
            })
            .collect();
        game.strongest = order.last().cloned().unwrap_or_default();
        Ok(game)
    }

    /// The option called `name`, if the game has it.
    pub fn option(&self, name: &str) -> Option<&GameOption> {
        self.options.iter().find(|o| o.name == name)
    }

    /// Whether `name` names this game (its name or an alias, any case).
    pub fn is_called(&self, name: &str) -> bool {
        let wanted = name.to_ascii_lowercase();
        self.name == wanted
            || self
                .aliases
                .iter()
                .any(|a| a.to_ascii_lowercase() == wanted)
    }
}

/// `name(Arg)` as its name and arguments.
fn one_arg(t: &Term) -> Option<(&str, &[Term])> {
    match t {
        Term::Compound(n, a) if a.len() == 1 => Some((n.as_str(), a.as_slice())),
        _ => None,
    }
}

/// The name of every game's strongest built-in player, whatever the game calls it.
pub const STRONGEST: &str = "ai";

/// A game's computer players in the order tabula lists them, the last the strongest
/// (the one `ai` means): the game's own levels, weakest first, with the players of
/// any game it does not have put before its strongest. The strongest is the game's
/// declared `strongest(Level)`, else its own last level, else the generic `ai` (the
/// generic player that suits the game). The generic `ai` is offered only to a game
/// without players of its own: for the others, `ai` is their strongest.
pub fn order_levels(own: &[String], generic: &[String], strongest: Option<&str>) -> Vec<String> {
    const AI: &str = STRONGEST;
    let generic: Vec<&String> = generic
        .iter()
        .filter(|l| own.is_empty() || l.as_str() != AI)
        .collect();
    let mut levels: Vec<String> = own.to_vec();
    let top = strongest
        .map(str::to_string)
        .or_else(|| own.last().cloned())
        .or_else(|| {
            generic
                .iter()
                .find(|l| l.as_str() == AI)
                .map(|l| l.to_string())
        })
        .or_else(|| {
            generic
                .iter()
                .find(|l| l.as_str() == "mcts")
                .map(|l| l.to_string())
        })
        .or_else(|| generic.last().map(|l| l.to_string()));
    for l in generic {
        if !levels.contains(l) {
            levels.push(l.clone());
        }
    }
    if let Some(top) = top
        && let Some(k) = levels.iter().position(|l| *l == top)
    {
        let t = levels.remove(k);
        levels.push(t);
    }
    levels
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_strongest_comes_last() {
        let generic = names(&["random", "alphabeta", "mcts", "ai"]);
        assert_eq!(
            order_levels(&names(&["random", "greedy", "ai"]), &generic, None),
            names(&["random", "greedy", "alphabeta", "mcts", "ai"])
        );
        assert_eq!(
            order_levels(
                &names(&["random", "greedy", "perfect"]),
                &generic,
                Some("perfect")
            ),
            names(&["random", "greedy", "alphabeta", "mcts", "perfect"])
        );
        // A game with no players of its own: the generic ai is its strongest.
        assert_eq!(
            order_levels(&[], &generic, None),
            names(&["random", "alphabeta", "mcts", "ai"])
        );
        assert_eq!(
            order_levels(&[], &generic, Some("alphabeta")),
            names(&["random", "mcts", "ai", "alphabeta"])
        );
    }

    /// A game whose facts name a scoring tabula does not know is refused in words
    /// (a misspelt name once graded by points without a word).
    #[test]
    fn an_unknown_scoring_is_an_error_that_names_the_known_ones() {
        let info = |scoring: &str| {
            Term::List(vec![
                Term::compound("title", [Term::atom("T")]),
                Term::compound(
                    "championship",
                    [Term::List(vec![Term::compound(
                        "scoring",
                        [Term::atom(scoring)],
                    )])],
                ),
            ])
        };
        let file = Path::new("g.pl");
        let generic = PlayerFacts::default();
        let good = GameInfo::from_facts("g", file, &info("faults"), None, &generic).unwrap();
        assert_eq!(good.championship.scoring, Some(Scoring::Faults));
        let err =
            GameInfo::from_facts("g", file, &info("vaild_games"), None, &generic).unwrap_err();
        assert!(
            err.contains("unknown scoring \"vaild_games\"")
                && err.contains("valid_games, faults, points"),
            "{err}"
        );
    }
}

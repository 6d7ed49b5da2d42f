//! Who sits at each seat: a person at the keyboard, one of the computer players
//! written in Prolog (`prolog/games/<game>/<game>_ai.pl`), a player file, or a program.

use crate::engine::term::Term;
use crate::game::info::GameInfo;
use crate::game::{GameError, Move, Rules, State};
use crate::players::sandbox::View;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// The name of every game's strongest built-in player, whatever the game calls it.
pub use crate::game::info::STRONGEST;

/// A player as given on the command line (`--p1 SPEC`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person typing moves.
    Human,
    /// A built-in Prolog player of the given level (`random`, `greedy`).
    Builtin(String),
    /// A player written in Prolog by someone, in its own file (`FILE.pl`): it defines
    /// `choose_move(+State, +BudgetMs, -Move)`, or the interface its game's players
    /// file adapts (`<game>_ai:file_player_move`). It runs in an engine of its own.
    File(PathBuf),
    /// A program in any language speaking the player protocol (`cmd:PROGRAM ARGS`,
    /// split into words as a shell splits them), see `docs/protocol.md`. Plays in matches and tournaments.
    Command(Vec<String>),
    /// A king-and-pawn chase player in Lisp, written as the assignment asks
    /// (`FILE.lisp`): run by SBCL through tabula's adapter (`crate::players::lisp`), a program
    /// like `cmd:` ones.
    Lisp(PathBuf),
}

impl PlayerSpec {
    /// The rules in an engine of this player's own: a player file is consulted after
    /// them; every other seat gets the rules alone.
    pub fn load_rules(&self, game: &GameInfo, rules: Option<&Path>) -> crate::game::Result<Rules> {
        match self {
            PlayerSpec::File(path) => Rules::load_with_player_file(game, rules, path),
            _ => Rules::load(game, rules),
        }
    }

    /// The move of a computer player that plays inside `rules`' engine: a built-in level,
    /// or a player file loaded there (see [`PlayerSpec::load_rules`]).
    pub fn move_in(
        &self,
        rules: &Rules,
        state: &State,
        budget_ms: u64,
    ) -> crate::game::Result<(Move, Term)> {
        match self {
            PlayerSpec::Builtin(level) => rules.choose_move(level, state, budget_ms),
            PlayerSpec::File(path) => rules.file_move(path, state, budget_ms),
            PlayerSpec::Human => Err(GameError::Usage("a person chooses their own moves".into())),
            PlayerSpec::Command(_) | PlayerSpec::Lisp(_) => Err(GameError::Usage(
                "a program (cmd:..., FILE.lisp) plays in its own process, over the protocol".into(),
            )),
        }
    }

    /// Readies a built-in level in `rules`' engine before games are forked from it
    /// ([`Rules::prepare_player`]); other seats have nothing to ready.
    pub fn prepare_in(&self, rules: &Rules) -> crate::game::Result<bool> {
        match self {
            PlayerSpec::Builtin(level) => rules.prepare_player(level),
            _ => Ok(false),
        }
    }

    /// The strongest of a game's built-in players (the last of its levels), the
    /// default opponent.
    pub fn strongest(levels: &[String]) -> PlayerSpec {
        PlayerSpec::Builtin(
            levels
                .last()
                .cloned()
                .unwrap_or_else(|| "random".to_string()),
        )
    }

    pub fn is_human(&self) -> bool {
        matches!(self, PlayerSpec::Human)
    }

    /// Whether the player is a program of its own, spoken to over the protocol
    /// (`cmd:` and `.lisp` players), rather than one tabula serves.
    pub fn is_program(&self) -> bool {
        matches!(self, PlayerSpec::Command(_) | PlayerSpec::Lisp(_))
    }

    /// For a program (`cmd:`, `.lisp`), its command line and what it may see in the
    /// sandbox, given the cap on its memory (`memory_bytes`, which a Lisp heap is
    /// sized to); None for the other players. Err: it cannot run here, and why.
    pub fn program(&self, memory_bytes: u64) -> Option<Result<(Vec<String>, View), String>> {
        match self {
            PlayerSpec::Command(argv) => Some(Ok(crate::players::sandbox::program_view(argv))),
            PlayerSpec::Lisp(path) => {
                Some(crate::players::lisp::command(path, memory_bytes).map_err(|e| e.to_string()))
            }
            _ => None,
        }
    }

    /// The folders of the player's own files, which the other players must not see.
    pub fn own_folders(&self) -> Vec<PathBuf> {
        let parent = |path: &PathBuf| {
            crate::players::sandbox::absolute(path)
                .parent()
                .map(std::path::Path::to_path_buf)
        };
        match self {
            PlayerSpec::Command(argv) => crate::players::sandbox::program_view(argv).1.read_only,
            PlayerSpec::File(path) | PlayerSpec::Lisp(path) => parent(path).into_iter().collect(),
            PlayerSpec::Human | PlayerSpec::Builtin(_) => Vec::new(),
        }
    }

    /// The spec with `ai` made the game's strongest level when the game names it
    /// otherwise (the chase's `perfect`): `ai` is the strongest player of every game.
    pub fn resolved(self, levels: &[String]) -> PlayerSpec {
        match self {
            PlayerSpec::Builtin(level) if level == STRONGEST && !levels.contains(&level) => {
                PlayerSpec::strongest(levels)
            }
            other => other,
        }
    }

    /// Checks a built-in player against the levels the game's players file offers
    /// (`ai` always names the strongest), and that a player file exists.
    pub fn check(&self, levels: &[String]) -> Result<(), String> {
        match self {
            PlayerSpec::Human => Ok(()),
            PlayerSpec::File(path) if path.is_file() => Ok(()),
            PlayerSpec::File(path) => Err(format!("no such player file: {}", path.display())),
            PlayerSpec::Lisp(path) if path.is_file() => {
                crate::players::lisp::check().map_err(|e| e.to_string())
            }
            PlayerSpec::Lisp(path) => Err(format!("no such player file: {}", path.display())),
            PlayerSpec::Command(argv) if argv.is_empty() => {
                Err("cmd: needs a program to run, e.g. cmd:python3 bot.py".into())
            }
            PlayerSpec::Command(_) => Ok(()),
            PlayerSpec::Builtin(level) if levels.contains(level) => Ok(()),
            PlayerSpec::Builtin(level) if level == STRONGEST && !levels.is_empty() => Ok(()),
            PlayerSpec::Builtin(level) => Err(format!(
                "unknown player {level:?}: this game's players are human, {} ({STRONGEST}: the strongest)",
                levels.join(", ")
            )),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(command) = s.trim_start().strip_prefix("cmd:") {
            // Split as a POSIX shell would (quotes and backslashes), without running one:
            // cmd:sh -c 'exit 3' is three words.
            let argv = shell_words::split(command).map_err(|e| {
                format!("cannot split {command:?} into words ({e}): close every quote")
            })?;
            if argv.is_empty() {
                return Err("cmd: needs a program to run, e.g. cmd:python3 bot.py".into());
            }
            return Ok(PlayerSpec::Command(argv));
        }
        let spec = s.trim().to_ascii_lowercase();
        if spec == "human" {
            return Ok(PlayerSpec::Human);
        }
        if spec.ends_with(".pl") {
            return Ok(PlayerSpec::File(PathBuf::from(s.trim())));
        }
        if spec.ends_with(".lisp") {
            return Ok(PlayerSpec::Lisp(PathBuf::from(s.trim())));
        }
        // The levels are the game's (its players file lists them): checked once the
        // rules are loaded, with PlayerSpec::check.
        if !spec.is_empty() && spec.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Ok(PlayerSpec::Builtin(spec));
        }
        Err(format!(
            "unknown player {s:?}: expected human, a computer player (random, greedy, ...), FILE.pl, FILE.lisp or cmd:PROGRAM ARGS"
        ))
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => write!(f, "human"),
            PlayerSpec::Builtin(level) => write!(f, "{level}"),
            PlayerSpec::File(path) | PlayerSpec::Lisp(path) => write!(f, "{}", path.display()),
            PlayerSpec::Command(argv) => write!(f, "cmd:{}", command_line(argv)),
        }
    }
}

/// The words of a command line as they were typed: quoted (as a shell would read them
/// back) only where a word needs it, so that `cmd:bot --level=3` stays as it is.
fn command_line(argv: &[String]) -> String {
    argv.iter()
        .map(|w| {
            let plain = !w.is_empty()
                && !w.starts_with('#')
                && !w.chars().any(|c| c.is_whitespace() || "'\"\\".contains(c));
            if plain {
                w.clone()
            } else {
                shell_words::quote(w).into_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
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
        let levels = vec!["random".to_string(), "greedy".to_string()];
        let grandmaster = "grandmaster".parse::<PlayerSpec>().unwrap();
        let err = grandmaster.check(&levels).unwrap_err();
        assert!(err.contains("human, random, greedy"), "{err}");
        assert!("a b".parse::<PlayerSpec>().is_err());
        assert_eq!(
            "players/Mine.pl".parse::<PlayerSpec>(),
            Ok(PlayerSpec::File("players/Mine.pl".into()))
        );
        let missing = "/nonexistent/p.pl".parse::<PlayerSpec>().unwrap();
        assert!(
            missing
                .check(&levels)
                .unwrap_err()
                .contains("no such player file")
        );
        assert_eq!(
            "cmd:python3 bot.py  --seed 3".parse::<PlayerSpec>(),
            Ok(PlayerSpec::Command(vec![
                "python3".into(),
                "bot.py".into(),
                "--seed".into(),
                "3".into()
            ]))
        );
        assert!("cmd:  ".parse::<PlayerSpec>().is_err());
        // Quoted as a shell quotes, and written back the same way.
        let quoted = "cmd:sh -c 'exit 3'".parse::<PlayerSpec>().unwrap();
        assert_eq!(
            quoted,
            PlayerSpec::Command(vec!["sh".into(), "-c".into(), "exit 3".into()])
        );
        assert_eq!(quoted.to_string(), "cmd:sh -c 'exit 3'");
        assert_eq!(quoted.to_string().parse::<PlayerSpec>(), Ok(quoted.clone()));
        assert!(
            "cmd:sh -c 'exit"
                .parse::<PlayerSpec>()
                .unwrap_err()
                .contains("close every quote")
        );
        assert_eq!(
            "students/ra973451.lisp".parse::<PlayerSpec>(),
            Ok(PlayerSpec::Lisp("students/ra973451.lisp".into()))
        );
        let missing = "/nonexistent/p.lisp".parse::<PlayerSpec>().unwrap();
        assert!(
            missing
                .check(&levels)
                .unwrap_err()
                .contains("no such player file")
        );
        assert_eq!(
            PlayerSpec::strongest(&levels),
            PlayerSpec::Builtin("greedy".into())
        );
    }
}

/// A player with the name it has in the standings: `NAME=SPEC`, or the spec itself,
/// and `@MS` after either for a limit a move of its own (time odds): `fast=ai@250`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub name: String,
    pub spec: PlayerSpec,
    /// Its own limit a move in milliseconds, when not the championship's.
    pub move_ms: Option<u64>,
}

impl Entrant {
    /// The spec as written, with its own limit: `ai@250`.
    pub fn spec_text(&self) -> String {
        match self.move_ms {
            Some(ms) => format!("{}@{ms}", self.spec),
            None => self.spec.to_string(),
        }
    }
}

/// `text` without a final `@MS` (digits only: `cmd:ssh me@host` keeps its `@`), and the
/// milliseconds.
fn own_move_time(text: &str) -> Result<(&str, Option<u64>), String> {
    match text.rsplit_once('@') {
        Some((rest, ms)) if !ms.is_empty() && ms.chars().all(|c| c.is_ascii_digit()) => {
            let ms: u64 = ms
                .parse()
                .map_err(|_| format!("{text:?}: @{ms} is too many milliseconds"))?;
            if ms == 0 {
                return Err(format!("{text:?}: a move needs more than @0 milliseconds"));
            }
            Ok((rest, Some(ms)))
        }
        _ => Ok((text, None)),
    }
}

impl FromStr for Entrant {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (s, move_ms) = own_move_time(s)?;
        let mut entrant = Entrant::named(s)?;
        entrant.move_ms = move_ms;
        Ok(entrant)
    }
}

impl Entrant {
    fn named(s: &str) -> Result<Self, String> {
        // NAME is a plain word; an `=` further on belongs to the spec
        // (cmd:bot --level=3).
        if let Some((name, spec)) = s.split_once('=')
            && !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
        {
            return Ok(Entrant {
                name: name.to_string(),
                spec: spec.parse()?,
                move_ms: None,
            });
        }
        let spec: PlayerSpec = s.parse()?;
        Ok(Entrant {
            name: spec.to_string(),
            spec,
            move_ms: None,
        })
    }
}

#[cfg(test)]
mod entrant_tests {
    use super::*;

    #[test]
    fn entrants_are_named_or_named_after_their_spec() {
        let e: Entrant = "bot=cmd:python3 bot.py --x=1".parse().unwrap();
        assert_eq!(e.name, "bot");
        assert_eq!(
            e.spec,
            PlayerSpec::Command(vec!["python3".into(), "bot.py".into(), "--x=1".into()])
        );
        let e: Entrant = "cmd:bot --level=3".parse().unwrap();
        assert_eq!(e.name, "cmd:bot --level=3");
        let e: Entrant = "greedy".parse().unwrap();
        assert_eq!(e.name, "greedy");
        assert!("x=".parse::<Entrant>().is_err());
    }

    #[test]
    fn an_entrant_may_have_its_own_move_time() {
        let e: Entrant = "fast=ai@250".parse().unwrap();
        assert_eq!((e.name.as_str(), e.move_ms), ("fast", Some(250)));
        assert_eq!(e.spec, PlayerSpec::Builtin("ai".into()));
        assert_eq!(e.spec_text(), "ai@250");
        // Written back into a championship's settings and read again: the same.
        let again: Entrant = format!("{}={}", e.name, e.spec_text()).parse().unwrap();
        assert_eq!(again, e);
        let e: Entrant = "ai@1000".parse().unwrap();
        assert_eq!((e.name.as_str(), e.move_ms), ("ai", Some(1000)));
        // An @ that is not followed by digits alone belongs to the spec.
        let e: Entrant = "cmd:ssh me@host".parse().unwrap();
        assert_eq!(e.move_ms, None);
        assert!("ai@0".parse::<Entrant>().is_err());
    }

    #[test]
    fn ai_is_every_games_strongest() {
        let chase = vec![
            "random".to_string(),
            "greedy".to_string(),
            "perfect".to_string(),
        ];
        let ai = PlayerSpec::Builtin("ai".into());
        assert!(ai.check(&chase).is_ok());
        assert_eq!(
            ai.clone().resolved(&chase),
            PlayerSpec::Builtin("perfect".into())
        );
        let dots = vec!["random".to_string(), "greedy".to_string(), "ai".to_string()];
        assert_eq!(ai.clone().resolved(&dots), ai);
        assert!(ai.check(&[]).is_err());
        let err = PlayerSpec::Builtin("grandmaster".into())
            .check(&chase)
            .unwrap_err();
        assert!(err.contains("ai: the strongest"), "{err}");
    }
}

//! The game contract (`prolog/game.pl`) seen from Rust: typed calls into a game's
//! Prolog module. Nothing here knows a rule; every answer comes from the rules files.

use crate::engine::{Engine, EngineError};
use crate::player::PlayerSpec;
use crate::term::{self, Term};
use std::fmt;
use std::path::{Path, PathBuf};

/// A game tabula ships: its Prolog module, rules file and computer players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// The name used on the command line.
    pub name: &'static str,
    /// What it is, for `--help` and listings.
    pub title: &'static str,
    /// The rules file in `prolog/`, which declares a module of the same name.
    pub rules: &'static str,
    /// The computer players' file in `prolog/`.
    pub players: &'static str,
    /// Examples of moves, for a person who typed something unreadable.
    pub notation_hint: &'static str,
    /// The notation in full, for `help`.
    pub notation_help: &'static str,
    /// What the two sides are called in a game won by one side rather than on
    /// points (shown instead of a score); empty for games of points.
    pub sides: &'static [&'static str],
}

/// The games tabula knows by name.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        name: "dots",
        title: "Timbiriche (Dots and Boxes)",
        rules: "dots.pl",
        players: "dots_ai.pl",
        notation_hint: "try h(0,1), v(2,3) or a dot pair such as a1-b1",
        notation_help: "A move draws a segment between two neighbouring dots:\n  \
h(I,J) joins dot (I,J) to (I,J+1) and v(I,J) joins (I,J) to (I+1,J), rows I from the top and\n  \
columns J from the left, from 0 (the numbers along the top and the left of the board);\n  \
or a dot pair such as a1-b1: columns a, b, c... and rows 1, 2, 3... from the bottom\n  \
(the letters along the bottom and the numbers on the right).",
        sides: &[],
    },
    GameInfo {
        name: "kingpawn",
        title: "King-and-pawn chase",
        rules: "kingpawn.pl",
        players: "kingpawn_ai.pl",
        notation_hint: "type the king's destination square, e.g. (7 1), 7 1 or a7",
        notation_help: "A move is the destination square of the king to move, as the assignment writes it:\n  \
(7 1) is row 7 counted from White's side, column 1 (also 7 1, (7,1) or the algebraic a7).\n  \
White (K) must take the black pawn (p) within 30 moves; the kings may never stand side by side.",
        sides: &["White", "Black"],
    },
    GameInfo {
        name: "breakthrough",
        title: "Breakthrough",
        rules: "breakthrough.pl",
        players: "breakthrough_ai.pl",
        notation_hint: "type the piece's square and its target, e.g. c2-c3, c2xd3 or (2,3)-(3,4)",
        notation_help: "A move takes one piece one square forward, straight or diagonally: c2-c3, or c2xd3 when\n  \
it captures (columns a, b, c... from the left, rows 1, 2, 3... from White's side); the assignment's\n  \
(2,3)-(3,4) is read too (row, column). Captures are diagonal only; reach the far row to win.",
        sides: &["White", "Black"],
    },
];

/// Looks a game up by name (also accepting the titles' common names).
pub fn find_game(name: &str) -> Option<&'static GameInfo> {
    let wanted = name.to_ascii_lowercase();
    let alias = match wanted.as_str() {
        "timbiriche" | "dots-and-boxes" | "dotsandboxes" | "dots_and_boxes" => "dots",
        "king-and-pawn" | "kingandpawn" | "king_pawn" | "chase" => "kingpawn",
        "bt" | "break-through" => "breakthrough",
        other => other,
    };
    GAMES.iter().find(|g| g.name == alias)
}

/// The folder holding the Prolog files: `$TABULA_PROLOG` if set, else the `prolog/`
/// folder of the source tree this binary was built from, so that editing a file in
/// the clone changes the game without a rebuild.
pub fn prolog_dir() -> PathBuf {
    match std::env::var_os("TABULA_PROLOG") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("prolog"),
    }
}

/// Errors of the contract layer.
#[derive(Debug, Clone, PartialEq)]
pub enum GameError {
    /// Prolog could not answer (a load error, an exception in a rule ...).
    Engine(EngineError),
    /// A rule answered something the contract does not allow.
    Contract(String),
    /// Something the user asked for does not exist.
    Usage(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Engine(e) => write!(f, "{e}"),
            GameError::Contract(what) => write!(f, "the rules broke the game contract: {what}"),
            GameError::Usage(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for GameError {}

impl From<EngineError> for GameError {
    fn from(e: EngineError) -> Self {
        GameError::Engine(e)
    }
}

pub type Result<T> = std::result::Result<T, GameError>;

/// A game position, as the rules represent it. Opaque to Rust.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    term: Term,
    text: String,
}

impl State {
    fn new(term: Term) -> State {
        let text = term::to_text(&term);
        State { term, text }
    }
    /// The Prolog term of the state.
    pub fn term(&self) -> &Term {
        &self.term
    }
    /// The state as Prolog text, ready to go into a goal.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// A move, as the rules represent it.
#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    term: Term,
    text: String,
}

impl Move {
    pub fn new(term: Term) -> Move {
        let text = term::to_text(&term);
        Move { term, text }
    }
    pub fn term(&self) -> &Term {
        &self.term
    }
    /// The move as Prolog text (not the notation: see [`Rules::move_text`]).
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// How a game stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Ongoing,
    Over { scores: Vec<i64>, result: Verdict },
}

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Winner(u32),
    Tie(Vec<u32>),
}

/// A game's rules loaded in an engine: the contract's predicates as Rust calls.
pub struct Rules {
    engine: Engine,
    module: String,
    files: Vec<PathBuf>,
}

fn quote(text: &str) -> String {
    term::quote_string(text)
}

impl Rules {
    /// Loads `game.pl`, the game's rules (or `rules` instead) and its players' file.
    pub fn load(game: &GameInfo, rules: Option<&Path>) -> Result<Rules> {
        let dir = prolog_dir();
        let mut files = vec![dir.join("game.pl")];
        files.push(rules.map_or_else(|| dir.join(game.rules), Path::to_path_buf));
        files.push(dir.join(game.players));
        Rules::load_files(files)
    }

    /// The rules in an engine of a player's own: a player file is consulted after them.
    pub fn load_player(game: &GameInfo, rules: Option<&Path>, spec: &PlayerSpec) -> Result<Rules> {
        let mut loaded = Rules::load(game, rules)?;
        if let PlayerSpec::File(path) = spec {
            loaded.engine.consult(path)?;
            loaded.files.push(path.clone());
        }
        Ok(loaded)
    }

    /// Loads `game.pl` and a single rules file, for checking a file someone is editing.
    pub fn load_file(rules: &Path) -> Result<Rules> {
        Rules::load_files(vec![prolog_dir().join("game.pl"), rules.to_path_buf()])
    }

    /// Loads the files in order; the game's module is the one the second file declares.
    pub fn load_files(files: Vec<PathBuf>) -> Result<Rules> {
        let engine = Engine::new()?;
        for file in &files {
            engine.consult(file)?;
        }
        let rules_file = files
            .get(1)
            .ok_or_else(|| GameError::Usage("no rules file given".into()))?;
        let module = file_module(&engine, rules_file)?;
        Ok(Rules {
            engine,
            module,
            files,
        })
    }

    /// The engine the rules are loaded in, for queries beyond the contract.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The game's Prolog module.
    pub fn module(&self) -> &str {
        &self.module
    }

    /// The files loaded, in order.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    fn call(&self, goal: &str, var: &str) -> Result<Term> {
        Ok(self.engine.query_value(goal, var)?)
    }

    fn m(&self) -> String {
        term::quote_atom(&self.module)
    }

    /// `initial_state(+Options, -State)` with options such as `rows(5)`.
    pub fn initial_state(&self, options: &[Term]) -> Result<State> {
        let opts = term::to_text(&Term::List(options.to_vec()));
        let goal = format!("{}:initial_state({opts}, S)", self.m());
        Ok(State::new(self.call(&goal, "S")?))
    }

    /// The number of players.
    pub fn players(&self, state: &State) -> Result<u32> {
        let goal = format!("{}:players({}, N)", self.m(), state.text());
        let n = self.call(&goal, "N")?;
        term::as_i64(&n)
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| GameError::Contract(format!("players/2 gave {}", term::to_text(&n))))
    }

    /// The player to move (1-based), or `None` when the game is over.
    pub fn to_move(&self, state: &State) -> Result<Option<u32>> {
        let goal = format!("{}:to_move({}, P)", self.m(), state.text());
        match self.engine.query_once(&goal)? {
            None => Ok(None),
            Some(b) => match b.get("P").and_then(term::as_i64) {
                Some(p) if p >= 1 => Ok(Some(p as u32)),
                _ => Err(GameError::Contract(format!(
                    "to_move/2 gave {:?}",
                    b.get("P").map(term::to_text)
                ))),
            },
        }
    }

    /// Every legal move, in the rules' order.
    pub fn legal_moves(&self, state: &State) -> Result<Vec<Move>> {
        let goal = format!("{}:legal_moves({}, Ms)", self.m(), state.text());
        let moves = self.call(&goal, "Ms")?;
        let list = term::as_list(&moves)
            .ok_or_else(|| GameError::Contract("legal_moves/2 did not give a list".into()))?;
        Ok(list.into_iter().map(Move::new).collect())
    }

    /// Whether `mv` is legal in `state`.
    pub fn is_legal(&self, state: &State, mv: &Move) -> Result<bool> {
        let goal = format!("{}:legal_move({}, {})", self.m(), state.text(), mv.text());
        Ok(self.engine.query_once(&goal)?.is_some())
    }

    /// Plays `mv`: the new state and the events it caused. `None` if it is not legal.
    pub fn apply(&self, state: &State, mv: &Move) -> Result<Option<(State, Vec<Term>)>> {
        let goal = format!(
            "{}:apply_move({}, {}, S, Es)",
            self.m(),
            state.text(),
            mv.text()
        );
        let Some(mut b) = self.engine.query_once(&goal)? else {
            return Ok(None);
        };
        let next = b
            .remove("S")
            .ok_or_else(|| GameError::Contract("apply_move/4 left the state unbound".into()))?;
        let events = b.get("Es").and_then(term::as_list).unwrap_or_default();
        Ok(Some((State::new(next), events)))
    }

    /// How the game stands.
    pub fn outcome(&self, state: &State) -> Result<Outcome> {
        let goal = format!("{}:outcome({}, O)", self.m(), state.text());
        let o = self.call(&goal, "O")?;
        parse_outcome(&o)
            .ok_or_else(|| GameError::Contract(format!("outcome/2 gave {}", term::to_text(&o))))
    }

    /// Reads a move typed by a person, in any notation the rules accept.
    pub fn parse_move(&self, state: &State, text: &str) -> Result<Option<Move>> {
        let goal = format!(
            "game:move_from_text({}, {}, {}, M)",
            self.m(),
            state.text(),
            quote(text)
        );
        Ok(self
            .engine
            .query_once(&goal)?
            .and_then(|mut b| b.remove("M"))
            .map(Move::new))
    }

    /// The canonical notation of `mv`.
    pub fn move_text(&self, state: &State, mv: &Move) -> Result<String> {
        let goal = format!(
            "game:move_to_text({}, {}, {}, T)",
            self.m(),
            state.text(),
            mv.text()
        );
        let t = self.call(&goal, "T")?;
        term::as_text(&t)
            .ok_or_else(|| GameError::Contract(format!("move_text//2 wrote {}", term::to_text(&t))))
    }

    /// Why `mv` is not legal, or `None` if it is.
    pub fn explain_illegal(&self, state: &State, mv: &Move) -> Result<Option<String>> {
        let goal = format!(
            "{}:explain_illegal({}, {}, Why)",
            self.m(),
            state.text(),
            mv.text()
        );
        Ok(self
            .engine
            .query_once(&goal)?
            .and_then(|b| b.get("Why").and_then(term::as_text)))
    }

    /// The term the boards draw from.
    pub fn view(&self, state: &State) -> Result<Term> {
        let goal = format!("{}:view({}, V)", self.m(), state.text());
        self.call(&goal, "V")
    }

    /// The position in the game's position text (`<module>:position_text//1`), or
    /// `None` for a game that has no position text.
    pub fn position_text(&self, state: &State) -> Result<Option<String>> {
        let goal = format!(
            "catch({m}:position_text({s}, Cs, []), error(existence_error(procedure, _), _), Cs = none)",
            m = self.m(),
            s = state.text()
        );
        let t = self.call(&goal, "Cs")?;
        if term::as_atom(&t) == Some("none") {
            return Ok(None);
        }
        term::as_text(&t)
            .map(|t| Some(t.to_string()))
            .ok_or_else(|| {
                GameError::Contract(format!("position_text//1 wrote {}", term::to_text(&t)))
            })
    }

    /// Seeds the random numbers of the rules and built-in players.
    pub fn seed(&self, seed: u64) -> Result<()> {
        self.engine.query(&format!(
            "use_module(library(random)), set_random(seed({}))",
            seed % (1 << 62)
        ))?;
        Ok(())
    }

    /// The built-in computer players, weakest first (`<module>_ai:levels/1`).
    pub fn levels(&self) -> Result<Vec<String>> {
        let goal = format!(
            "{}:levels(Ls)",
            term::quote_atom(&format!("{}_ai", self.module))
        );
        let levels = self.call(&goal, "Ls")?;
        Ok(term::as_list(&levels)
            .unwrap_or_default()
            .iter()
            .filter_map(|l| term::as_atom(l).map(str::to_string))
            .collect())
    }

    /// The move of a computer player: a built-in level, or a player file loaded in this
    /// engine (see [`Rules::load_player`]).
    pub fn player_move(
        &self,
        spec: &PlayerSpec,
        state: &State,
        budget_ms: u64,
    ) -> Result<(Move, Term)> {
        match spec {
            PlayerSpec::Builtin(level) => self.choose_move(level, state, budget_ms),
            PlayerSpec::File(path) => self.file_move(path, state, budget_ms),
            PlayerSpec::Human => Err(GameError::Usage("a person chooses their own moves".into())),
            PlayerSpec::Command(_) | PlayerSpec::Lisp(_) => Err(GameError::Usage(
                "a program (cmd:..., FILE.lisp) plays in its own process, over the protocol (program.rs)"
                    .into(),
            )),
        }
    }

    /// A player file's move: through the game's adapter when the game has one (the
    /// king-and-pawn assignment's four predicates), else the file's own
    /// `choose_move(+State, +BudgetMs, -Move)`.
    fn file_move(&self, path: &Path, state: &State, budget_ms: u64) -> Result<(Move, Term)> {
        let ai = term::quote_atom(&format!("{}_ai", self.module));
        let s = state.text();
        // The game's adapter, when its players module has one; an unknown procedure
        // means it has none, and the file answers for itself.
        let adapted = self
            .engine
            .query_once(&format!("{ai}:file_player_move({s}, {budget_ms}, M)"));
        let answer = match adapted {
            Err(EngineError::Exception(e)) if term::to_text(&e).contains("file_player_move") => {
                self.engine
                    .query_once(&format!("user:choose_move({s}, {budget_ms}, M)"))?
            }
            other => other?,
        };
        let mv = answer.and_then(|mut b| b.remove("M")).ok_or_else(|| {
            GameError::Contract(format!("the player {} gave no move", path.display()))
        })?;
        Ok((Move::new(mv), Term::atom("file")))
    }

    /// A built-in computer player's move: `<module>_ai:choose_move/5`.
    pub fn choose_move(&self, level: &str, state: &State, budget_ms: u64) -> Result<(Move, Term)> {
        let goal = format!(
            "{}:choose_move({}, {}, {budget_ms}, M, Why)",
            term::quote_atom(&format!("{}_ai", self.module)),
            term::quote_atom(level),
            state.text()
        );
        let mut b = self
            .engine
            .query_once(&goal)?
            .ok_or_else(|| GameError::Contract(format!("the {level} player found no move")))?;
        let mv = b
            .remove("M")
            .ok_or_else(|| GameError::Contract("choose_move/5 left the move unbound".into()))?;
        let why = b.remove("Why").unwrap_or(Term::atom("none"));
        Ok((Move::new(mv), why))
    }
}

/// The module a rules file declares with `:- module(Name, Exports)`.
fn file_module(engine: &Engine, file: &Path) -> Result<String> {
    let path = file.to_string_lossy();
    let goal = format!("'$tabula':file_module({}, M)", quote(&path));
    match engine.query_once(&goal)? {
        Some(b) => match b.get("M").and_then(term::as_atom) {
            Some(m) => Ok(m.to_string()),
            None => Err(GameError::Usage(format!(
                "{path}: the first clause must declare the game's module, :- module(Name, [...])."
            ))),
        },
        None => Err(GameError::Usage(format!(
            "{path}: the first clause must declare the game's module, :- module(Name, [...])."
        ))),
    }
}

fn parse_outcome(o: &Term) -> Option<Outcome> {
    if term::as_atom(o) == Some("ongoing") {
        return Some(Outcome::Ongoing);
    }
    let [scores, result] = term::args(o, "over", 2)? else {
        return None;
    };
    let scores = term::as_list(scores)?
        .iter()
        .map(term::as_i64)
        .collect::<Option<Vec<_>>>()?;
    let player = |t: &Term| term::as_i64(t).and_then(|p| u32::try_from(p).ok());
    let result = if let Some([p]) = term::args(result, "winner", 1) {
        Verdict::Winner(player(p)?)
    } else if let Some([ps]) = term::args(result, "tie", 1) {
        Verdict::Tie(
            term::as_list(ps)?
                .iter()
                .map(player)
                .collect::<Option<_>>()?,
        )
    } else {
        return None;
    };
    Some(Outcome::Over { scores, result })
}

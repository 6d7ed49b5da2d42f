//! The game contract (`prolog/core/game.pl`) seen from Rust: typed calls into a game's
//! Prolog module. Nothing here knows a rule; every answer comes from the rules files.

use crate::engine::term::{self, Term};
use crate::engine::{Engine, EngineError};
use crate::game::board::Region;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub mod accelerate;
pub mod board;
pub mod catalog;
pub mod conformance;
pub mod gdl;
pub mod info;
pub mod options;
pub mod palette;
pub mod reason;
pub mod tuned;

pub use catalog::{Catalog, catalog, default_game, find_game, read_game};
pub use info::{ChampionshipPolicy, Domain, GameInfo, GameOption, Level, Scoring};
pub use options::{GameOptions, OptionValue};

/// The folder holding the Prolog files: `$TABULA_PROLOG` if set, else the `prolog/`
/// folder of the source tree this binary was built from, so that editing a file in
/// the clone changes the game without a rebuild. It holds `core/` (the contract and
/// its tools, [`core_file`]) and `games/` (a game a file or a folder, [`games_dir`]).
pub fn prolog_dir() -> PathBuf {
    match std::env::var_os("TABULA_PROLOG") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("prolog"),
    }
}

/// A file of the framework: `core/NAME` in the Prolog folder (`game.pl`, the contract;
/// `players.pl`, the players of any game; `conformance.pl`, `playouts.pl`,
/// `accelerators.pl`).
pub fn core_file(name: &str) -> PathBuf {
    prolog_dir().join("core").join(name)
}

/// The games folder: each game a rules file (`games/NAME.pl`) or a folder of its own
/// (`games/NAME/`, with its rules, fast path, players and tests).
pub fn games_dir() -> PathBuf {
    prolog_dir().join("games")
}

/// Where a shipped game keeps a file its rules name (`players(dots_ai.pl)`): in the game's
/// folder, `games/*/NAME`, else `games/NAME`. An edited copy of the rules kept elsewhere
/// keeps the shipped players and fast path this way.
pub fn shipped_file(name: &Path) -> PathBuf {
    let games = games_dir();
    std::fs::read_dir(&games)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join(name))
        .filter(|p| p.is_file())
        .min()
        .unwrap_or_else(|| games.join(name))
}

/// Errors of the contract layer, and of the layers above that play games (a file a
/// championship reads or writes, the records it keeps).
#[derive(Debug, Clone, thiserror::Error)]
pub enum GameError {
    /// Prolog could not answer (a load error, an exception in a rule ...).
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A rule answered something the contract does not allow.
    #[error("the rules broke the game contract: {0}")]
    Contract(String),
    /// Something the user asked for does not exist or cannot be done as asked.
    #[error("{0}")]
    Usage(String),
    /// A file could not be read or written: which, what was being done, and why.
    #[error("{}: {action}: {source}", path.display())]
    File {
        path: PathBuf,
        action: &'static str,
        #[source]
        source: Arc<std::io::Error>,
    },
    /// A file tabula itself wrote does not read back as what it wrote (or a record
    /// could not be written as JSON).
    #[error("{}: {action}: {source}", path.display())]
    Json {
        path: PathBuf,
        action: &'static str,
        #[source]
        source: Arc<serde_json::Error>,
    },
}

impl GameError {
    /// A failed read or write of `path`, while doing `action` ("cannot write a record").
    pub fn file(path: &Path, action: &'static str, source: std::io::Error) -> GameError {
        GameError::File {
            path: path.to_path_buf(),
            action,
            source: Arc::new(source),
        }
    }

    /// JSON of `path` that does not read, or a value that does not write as JSON.
    pub fn json(path: &Path, action: &'static str, source: serde_json::Error) -> GameError {
        GameError::Json {
            path: path.to_path_buf(),
            action,
            source: Arc::new(source),
        }
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
    /// A position a query of the game's players answered (as `players:bench_positions/2`
    /// does): the rules' own term, not checked.
    pub fn from_answer(term: Term) -> State {
        State::new(term)
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

/// A move judged by [`Rules::judge`]: played (its notation when the rules write one,
/// the position after it and its events), not legal, or not a move at all.
#[derive(Debug, Clone, PartialEq)]
pub enum Judged {
    Played {
        mv: Move,
        notation: Option<String>,
        next: State,
        events: Vec<Term>,
    },
    Illegal {
        mv: Move,
        notation: Option<String>,
    },
    Unreadable,
}

/// The first characters of a long text, for a message.
fn shorten_text(text: &str) -> String {
    let mut s: String = text.chars().take(60).collect();
    if text.chars().count() > 60 {
        s.push('…');
    }
    s
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
    /// The module of the game's own players, when it has some.
    players_module: Option<String>,
    /// Whether `prolog/core/players.pl`, the players of any game, is loaded yet: it is
    /// loaded the first time one of them is asked for a move.
    generic_loaded: AtomicBool,
    /// The levels of `prolog/core/players.pl`, read from the file once (a move of a
    /// generic player asks for them).
    generic_levels: std::sync::OnceLock<Vec<String>>,
    /// The levels of the game's own players, asked once (every move of a built-in
    /// player needs them).
    own_levels: std::sync::OnceLock<Vec<String>>,
    /// The game's fast path, when it has one.
    fast: Option<accelerate::FastPath>,
    /// The fast path's file as the game declares it, checked or not (part of the key
    /// of `tabula tune`'s choice).
    declared_fast: Option<PathBuf>,
}

fn quote(text: &str) -> String {
    term::quote_string(text)
}

impl Rules {
    /// Loads `game.pl`, the game's rules (or `rules` instead, an edited copy say)
    /// and the game's own players, when its `game_info/1` names a players file.
    pub fn load(game: &GameInfo, rules: Option<&Path>) -> Result<Rules> {
        match rules {
            None => Rules::load_declared(
                &game.file,
                Some((game.players_file.clone(), game.fast_file.clone())),
            ),
            Some(file) => Rules::load_declared(file, None),
        }
    }

    /// The game's rules and own players as [`Rules::load`] loads them, with its fast
    /// path named but not checked against the rules (a check plays games, seconds the
    /// first time): enough to list the game and say what its `ai` plays as
    /// (`tabula games`), not to play it fast.
    pub fn load_unchecked(game: &GameInfo) -> Result<Rules> {
        let mut loaded = Rules::load_files(vec![core_file("game.pl"), game.file.clone()])?;
        if let Some(players) = &game.players_file {
            loaded.engine.consult(players)?;
            loaded.players_module = Some(file_module(&loaded.engine, players)?);
            loaded.files.push(players.clone());
        }
        loaded.declared_fast = game.fast_file.clone();
        Ok(loaded)
    }

    /// Loads `game.pl` and a rules file, then the players and the fast path its
    /// `game_info/1` declares, the fast path switched on only where it agrees with
    /// the rules: what every command plays, and what the REPL and `tabula query`
    /// answer from.
    pub fn load_rules_file(rules_file: &Path) -> Result<Rules> {
        Rules::load_declared(rules_file, None)
    }

    /// [`Rules::load`], with the players and fast path files given (as the catalog
    /// read them) or asked of the loaded rules.
    fn load_declared(
        rules_file: &Path,
        declared: Option<(Option<PathBuf>, Option<PathBuf>)>,
    ) -> Result<Rules> {
        let rules_file = rules_file.to_path_buf();
        let mut loaded = Rules::load_files(vec![core_file("game.pl"), rules_file.clone()])?;
        let (players, fast) = match declared {
            Some(files) => files,
            None => (
                loaded.declared_file(&rules_file, "players")?,
                loaded.declared_file(&rules_file, "fast")?,
            ),
        };
        if let Some(players) = &players {
            loaded.engine.consult(players)?;
            loaded.players_module = Some(file_module(&loaded.engine, players)?);
            loaded.files.push(players.clone());
        }
        loaded.declared_fast = fast.clone();
        loaded.switch_fast_path(&rules_file, fast.as_deref(), false)?;
        // The level tabula tune chose for ai, known now so that the players this
        // process starts are told it (see tuned::for_players); none is no error.
        // Where nothing was ever tuned, the files are not hashed: every player's
        // start-up passes here.
        if tuned::any_known()
            && let Ok(hash) = loaded.tuning_key()
        {
            tuned::recall(&hash);
        }
        Ok(loaded)
    }

    /// Whether the game's own players search a model of the game of their own
    /// (their module exports `model_agrees/2`), to check against the rules.
    fn players_have_a_model(&self) -> Result<bool> {
        let Some(players) = &self.players_module else {
            return Ok(false);
        };
        let goal = format!(
            "current_predicate({}:model_agrees/2)",
            term::quote_atom(players)
        );
        Ok(self.engine.query_once(&goal)?.is_some())
    }

    /// Checks the fast path `fast`, if any, and the players' model, if they have one,
    /// against the rules (or takes the verdict known for these files; `fresh` checks
    /// anyway): on agreement the game plays on its fast path and its players on their
    /// model; else says so, once.
    pub fn switch_fast_path(
        &mut self,
        rules_file: &Path,
        fast: Option<&Path>,
        fresh: bool,
    ) -> Result<()> {
        let model = self.players_have_a_model()?;
        if fast.is_none() && !model {
            return Ok(());
        }
        let players_file = self
            .players_module
            .as_ref()
            .and_then(|_| self.files.get(2).cloned());
        let players_module = self.players_module.clone().filter(|_| model);
        let subject = accelerate::Subject {
            game_module: &self.module,
            rules_file,
            fast_file: fast,
            players: players_module.as_deref().zip(players_file.as_deref()),
        };
        let path = crate::engine::timing::timed("fast path checked (or its verdict read)", || {
            accelerate::check_and_switch(&self.engine, &subject, fresh)
        })?;
        if let Some(warning) = path.warning(rules_file) {
            if path.should_say() {
                eprintln!("tabula: {warning}");
            }
            // The game's own players that relied on their model give way to the
            // generic ones, which must then be loaded (Scryer cannot load a file
            // from inside a running query and call into it).
            if model {
                self.load_generic()?;
            }
        }
        self.files.extend(path.file.clone());
        self.fast = Some(path);
        Ok(())
    }

    /// For `tabula check`: checks the fast path the rules declare and their players'
    /// model, whatever verdict is known; `None` when there is neither.
    pub fn check_fast_path(&mut self, rules_file: &Path) -> Result<Option<&accelerate::FastPath>> {
        let fast = self.declared_file(rules_file, "fast")?;
        if self.players_module.is_none()
            && let Some(players) = self.declared_file(rules_file, "players")?
        {
            self.engine.consult(&players)?;
            self.players_module = Some(file_module(&self.engine, &players)?);
            self.own_levels = std::sync::OnceLock::new();
            self.files.push(players);
        }
        self.switch_fast_path(rules_file, fast.as_deref(), true)?;
        Ok(self.fast.as_ref())
    }

    /// The game's fast path, if it has one, and whether it is used.
    pub fn fast_path(&self) -> Option<&accelerate::FastPath> {
        self.fast.as_ref()
    }

    /// The file the loaded rules name in `game_info/1` under `key` (`players`,
    /// `fast`): beside `rules_file`, else in the Prolog folder (an edited copy of the
    /// rules keeps the shipped players and fast path).
    fn declared_file(&self, rules_file: &Path, key: &str) -> Result<Option<PathBuf>> {
        let goal = format!(
            "catch(({}:game_info(Fs), memberchk({key}(P), Fs)), _, fail)",
            self.m()
        );
        let Some(b) = self.engine.query_once(&goal)? else {
            return Ok(None);
        };
        let Some(name) = b.get("P").and_then(term::as_text) else {
            return Ok(None);
        };
        let beside = rules_file.parent().unwrap_or(Path::new(".")).join(&name);
        Ok(Some(if beside.exists() {
            beside
        } else {
            shipped_file(Path::new(&name))
        }))
    }

    /// The rules in an engine of a player's own, with a player file consulted after them.
    pub fn load_with_player_file(
        game: &GameInfo,
        rules: Option<&Path>,
        player_file: &Path,
    ) -> Result<Rules> {
        let mut loaded = Rules::load(game, rules)?;
        loaded.engine.consult(player_file)?;
        loaded.files.push(player_file.to_path_buf());
        Ok(loaded)
    }

    /// Loads `game.pl` and a single rules file, for checking a file someone is editing.
    pub fn load_file(rules: &Path) -> Result<Rules> {
        Rules::load_files(vec![core_file("game.pl"), rules.to_path_buf()])
    }

    /// Loads the files in order; the game's module is the one the second file declares.
    pub fn load_files(files: Vec<PathBuf>) -> Result<Rules> {
        let engine = Engine::fresh()?;
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
            players_module: None,
            generic_loaded: AtomicBool::new(false),
            generic_levels: std::sync::OnceLock::new(),
            own_levels: std::sync::OnceLock::new(),
            fast: None,
            declared_fast: None,
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

    /// How the game stands and who is to move (`None` when it is over), in one query
    /// (`game_status/4`): a referee asks before every move.
    pub fn status(&self, state: &State) -> Result<(Outcome, Option<u32>)> {
        let s = state.text();
        let goal = format!("game:game_status({}, {s}, O, P)", self.m());
        let mut b = self.engine.query_once(&goal)?.ok_or_else(|| {
            GameError::Contract(format!("outcome/2 failed on {}", shorten_text(s)))
        })?;
        let o = b.remove("O").unwrap_or(Term::atom("none"));
        let outcome = parse_outcome(&o)
            .ok_or_else(|| GameError::Contract(format!("outcome/2 gave {}", term::to_text(&o))))?;
        let to_move = match (&outcome, b.remove("P")) {
            (Outcome::Ongoing, Some(p)) if term::as_atom(&p) != Some("none") => {
                match term::as_i64(&p) {
                    Some(p) if p >= 1 => Some(p as u32),
                    _ => {
                        return Err(GameError::Contract(format!(
                            "to_move/2 gave {}",
                            term::to_text(&p)
                        )));
                    }
                }
            }
            _ => None,
        };
        Ok((outcome, to_move))
    }

    /// A move sent as text, judged and played in one query (`judge_text/5`): read in
    /// any notation the rules accept, written in their own, and applied. A referee
    /// and a served player hearing the opponent's move ask this.
    pub fn judge(&self, state: &State, text: &str) -> Result<Judged> {
        let goal = format!(
            "game:judge_text({}, {}, {}, V, T)",
            self.m(),
            state.text(),
            quote(text)
        );
        self.judged(&goal)
    }

    /// A move chosen here (by a computer player), written in the rules' notation and
    /// applied, in one query (`judge_move/5`).
    pub fn judge_move(&self, state: &State, mv: &Move) -> Result<Judged> {
        let goal = format!(
            "game:judge_move({}, {}, {}, V, T)",
            self.m(),
            state.text(),
            mv.text()
        );
        self.judged(&goal)
    }

    fn judged(&self, goal: &str) -> Result<Judged> {
        let mut b = self
            .engine
            .query_once(goal)?
            .ok_or_else(|| GameError::Contract("judging a move failed".into()))?;
        let verdict = b.remove("V").unwrap_or(Term::atom("none"));
        let notation = b
            .remove("T")
            .filter(|t| term::as_atom(t) != Some("none"))
            .and_then(|t| term::as_text(&t));
        if let Some([mv, next, events]) = term::args(&verdict, "played", 3) {
            return Ok(Judged::Played {
                mv: Move::new(mv.clone()),
                notation,
                next: State::new(next.clone()),
                events: term::as_list(events).unwrap_or_default(),
            });
        }
        if let Some([mv]) = term::args(&verdict, "illegal", 1) {
            return Ok(Judged::Illegal {
                mv: Move::new(mv.clone()),
                notation,
            });
        }
        if term::as_atom(&verdict) == Some("unreadable") {
            return Ok(Judged::Unreadable);
        }
        Err(GameError::Contract(format!(
            "judging a move gave {}",
            term::to_text(&verdict)
        )))
    }

    /// Every legal move, in the rules' order.
    pub fn legal_moves(&self, state: &State) -> Result<Vec<Move>> {
        // Through game.pl, which plays the fast path when it agrees with the rules.
        let goal = format!("game:game_legal_moves({}, {}, Ms)", self.m(), state.text());
        let moves = self.call(&goal, "Ms")?;
        let list = term::as_list(&moves)
            .ok_or_else(|| GameError::Contract("legal_moves/2 did not give a list".into()))?;
        Ok(list.into_iter().map(Move::new).collect())
    }

    /// Whether the player to move in `state` has a legal move: one query, and no list
    /// of moves brought back (a served player asks it before every move).
    pub fn has_legal_move(&self, state: &State) -> Result<bool> {
        let goal = format!("game:game_has_legal_move({}, {})", self.m(), state.text());
        Ok(self.engine.query_once(&goal)?.is_some())
    }

    /// Whether `mv` is legal in `state`.
    pub fn is_legal(&self, state: &State, mv: &Move) -> Result<bool> {
        let goal = format!("{}:legal_move({}, {})", self.m(), state.text(), mv.text());
        Ok(self.engine.query_once(&goal)?.is_some())
    }

    /// Plays `mv`: the new state and the events it caused. `None` if it is not legal.
    pub fn apply(&self, state: &State, mv: &Move) -> Result<Option<(State, Vec<Term>)>> {
        let goal = format!(
            "game:game_apply_move({}, {}, {}, S, Es)",
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

    /// What a move's `events` (from `state`, the position it was made in) were, in
    /// words: the game's `events_text/3`, else the terms themselves; "" for none.
    pub fn events_text(&self, state: &State, events: &[Term]) -> Result<String> {
        if events.is_empty() {
            return Ok(String::new());
        }
        let list = Term::List(events.to_vec());
        let goal = format!(
            "game:game_events_text({}, {}, {}, T)",
            self.m(),
            state.text(),
            term::to_text(&list)
        );
        let words = self
            .engine
            .query_once(&goal)?
            .and_then(|b| b.get("T").and_then(term::as_text));
        Ok(words.unwrap_or_else(|| {
            events
                .iter()
                .map(term::to_text)
                .collect::<Vec<_>>()
                .join(", ")
        }))
    }

    /// Why `text`, which does not read as a move, is not one, when the game can say
    /// more than that (its optional `explain_unreadable/3`).
    pub fn explain_unreadable(&self, state: &State, text: &str) -> Result<Option<String>> {
        let goal = format!(
            "game:game_explain_unreadable({}, {}, {}, Why)",
            self.m(),
            state.text(),
            term::quote_string(text)
        );
        Ok(self
            .engine
            .query_once(&goal)?
            .and_then(|b| b.get("Why").and_then(term::as_text)))
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

    /// The module of the game's own computer players, when it has some.
    pub fn players_module(&self) -> Option<&str> {
        self.players_module.as_deref()
    }

    /// The game's own computer players, weakest first (`levels/1` of its players
    /// module); none when it has no players file.
    pub fn own_levels(&self) -> Result<Vec<String>> {
        if let Some(levels) = self.own_levels.get() {
            return Ok(levels.clone());
        }
        let Some(pm) = &self.players_module else {
            return Ok(Vec::new());
        };
        let levels = self.call(&format!("{}:levels(Ls)", term::quote_atom(pm)), "Ls")?;
        Ok(self.own_levels.get_or_init(|| atoms(&levels)).clone())
    }

    /// The players any game has (`prolog/core/players.pl`), read from the file without
    /// loading it, once.
    pub fn generic_levels(&self) -> Result<Vec<String>> {
        if let Some(levels) = self.generic_levels.get() {
            return Ok(levels.clone());
        }
        let file = core_file("players.pl");
        let levels = if file.is_file() {
            let goal = format!(
                "'$tabula':file_facts({}, Fs), memberchk(levels(Ls), Fs)",
                quote(&file.to_string_lossy())
            );
            match self.engine.query_once(&goal)? {
                Some(b) => b.get("Ls").map(atoms).unwrap_or_default(),
                None => Vec::new(),
            }
        } else {
            Vec::new()
        };
        Ok(self.generic_levels.get_or_init(|| levels).clone())
    }

    /// Every computer player, the last the strongest (see [`info::order_levels`]).
    pub fn levels(&self) -> Result<Vec<String>> {
        let goal = format!(
            "catch(({}:game_info(Fs), memberchk(strongest(L), Fs)), _, fail)",
            self.m()
        );
        let strongest = self
            .engine
            .query_once(&goal)?
            .and_then(|b| b.get("L").and_then(term::as_atom).map(str::to_string));
        Ok(info::order_levels(
            &self.own_levels()?,
            &self.generic_levels()?,
            strongest.as_deref(),
        ))
    }

    /// A player file's move: through the game's adapter when the game has one (the
    /// king-and-pawn assignment's four predicates), else the file's own
    /// `choose_move(+State, +BudgetMs, -Move)`.
    pub fn file_move(&self, path: &Path, state: &State, budget_ms: u64) -> Result<(Move, Term)> {
        let s = state.text();
        let adapter = match &self.players_module {
            Some(pm) => {
                let pm = term::quote_atom(pm);
                self.engine
                    .query_once(&format!("current_predicate({pm}:file_player_move/3)"))?
                    .map(|_| pm)
            }
            None => None,
        };
        let answer = match adapter {
            Some(pm) => self
                .engine
                .query_once(&format!("{pm}:file_player_move({s}, {budget_ms}, M)"))?,
            None => self
                .engine
                .query_once(&format!("user:choose_move({s}, {budget_ms}, M)"))?,
        };
        let mv = answer.and_then(|mut b| b.remove("M")).ok_or_else(|| {
            GameError::Contract(format!("the player {} gave no move", path.display()))
        })?;
        Ok((Move::new(mv), Term::atom("file")))
    }

    /// A player's reason in words: its players' `reason_text/2` (the game's own
    /// players, then the generic ones), else the term as a short text. Every face
    /// words reasons here, whichever engine chose the move.
    pub fn reason_text(&self, reason: &Term) -> String {
        if term::functor_name(reason) == Some("none") {
            return String::new();
        }
        let said = term::to_text(reason);
        let worded = |module: &str| {
            let goal = format!(
                "catch({module}:reason_text({said}, T), error(existence_error(procedure, _), _), fail)"
            );
            match self.engine.query_once(&goal) {
                Ok(Some(b)) => b.get("T").and_then(term::as_text),
                _ => None,
            }
        };
        if let Some(text) = self
            .players_module
            .iter()
            .find_map(|m| worded(&term::quote_atom(m)))
        {
            return text;
        }
        // The players of any game, loaded here when these rules never played them
        // (the window's own engine words what its computer's engine chose).
        if self.load_generic().is_ok()
            && let Some(text) = worded("players")
        {
            return text;
        }
        crate::game::reason::reason_text(reason)
    }

    /// Readies one of the game's own players, `level`, for the games a process will
    /// serve (a fork server, before it forks them): its players module's optional
    /// `prepare(+Level)` builds now what the level would build on its first move
    /// (Breakthrough's ai: its tables, about 0.1 s), so that each game it forks
    /// finds it done. A player without it, or whose `prepare/1` fails or throws,
    /// is left as it is: it builds them when it moves, as it would anyway.
    pub fn prepare_player(&self, level: &str) -> Result<bool> {
        let Some(pm) = self.players_module.as_ref().filter(|_| {
            self.own_levels()
                .is_ok_and(|ls| ls.iter().any(|l| l == level))
        }) else {
            return Ok(false);
        };
        let pm = term::quote_atom(pm);
        let goal = format!(
            "current_predicate({pm}:prepare/1), catch({pm}:prepare({}), _, fail)",
            term::quote_atom(level)
        );
        Ok(self.engine.query_once(&goal)?.is_some())
    }

    /// A built-in computer player's move: the game's own players'
    /// `choose_move/5`, or for the players of any game `players:choose_move/6`.
    pub fn choose_move(&self, level: &str, state: &State, budget_ms: u64) -> Result<(Move, Term)> {
        let goal = if let Some(pm) = self.players_module.as_ref().filter(|_| {
            self.own_levels()
                .is_ok_and(|ls| ls.iter().any(|l| l == level))
        }) {
            format!(
                "{}:choose_move({}, {}, {budget_ms}, M, Why)",
                term::quote_atom(pm),
                term::quote_atom(level),
                state.text()
            )
        } else if self.generic_levels()?.iter().any(|l| l == level) {
            self.load_generic()?;
            format!(
                "players:choose_move({}, {}, {}, {budget_ms}, M, Why)",
                self.m(),
                term::quote_atom(level),
                state.text()
            )
        } else {
            return Err(GameError::Usage(format!(
                "{level} is not a player of {}",
                self.module
            )));
        };
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

    /// Loads the players of any game (`prolog/core/players.pl`, module `players`), for a
    /// query that calls them directly (the search bench).
    pub fn load_generic_players(&self) -> Result<()> {
        self.load_generic()
    }

    /// Loads the players of any game, once, with the level `ai` plays as when
    /// `tabula tune` chose it for these files ([`tuned`]).
    fn load_generic(&self) -> Result<()> {
        if !self.generic_loaded.swap(true, Ordering::SeqCst) {
            let file = core_file("players.pl");
            if let Err(e) = self.engine.consult(&file) {
                self.generic_loaded.store(false, Ordering::SeqCst);
                return Err(e.into());
            }
            // A choice that cannot be read only leaves ai to its rule.
            if tuned::any_known()
                && let Ok(hash) = self.tuning_key()
                && let Some(choice) = tuned::recall(&hash)
            {
                self.engine.query_once(&format!(
                    "retractall(players:tuned({m}, _)), assertz(players:tuned({m}, {}))",
                    term::quote_atom(&choice.level),
                    m = self.m()
                ))?;
            }
        }
        Ok(())
    }

    /// The key under which `tabula tune` keeps its choice for this game: the hash of
    /// the generic players, the contract, the rules file and the files it loads from
    /// beside it, and the fast path, so that editing any of them forgets the choice.
    pub fn tuning_key(&self) -> Result<String> {
        let rules = self
            .files
            .get(1)
            .ok_or_else(|| GameError::Usage("no rules file loaded".into()))?;
        let mut files = vec![core_file("players.pl"), core_file("game.pl"), rules.clone()];
        files.extend(catalog::companion_files(&self.engine, rules)?);
        if let Some(fast) = self
            .fast
            .as_ref()
            .and_then(|f| f.file.clone())
            .or_else(|| self.declared_fast.clone())
        {
            files.push(fast);
        }
        let files: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
        tuned::key(&files)
    }

    /// What `ai` plays as in this game when its strongest player is the generic one:
    /// the level `tabula tune` chose, with why, or the rule's choice (alphabeta when
    /// the game judges positions with `evaluation/3` or keeps running scores with
    /// `scores/2`, else mcts). The rule's choice is asked of the players themselves
    /// (`players:static_mode/4`, which `ai_level/3` asks at every move), at the start
    /// position: `current_predicate/1` would also answer for a predicate the game
    /// only calls, so that `tabula games` could say alphabeta where ai plays mcts.
    pub fn generic_ai(&self) -> Result<tuned::Tuned> {
        if let Some(choice) = tuned::recall(&self.tuning_key()?) {
            return Ok(choice);
        }
        self.load_generic()?;
        let start = self.initial_state(&[])?;
        let goal = format!(
            "players:to_move_in({s}, P, {m}), players:static_mode({m}, {s}, P, Mode)",
            s = start.text(),
            m = self.m()
        );
        let mode = self
            .engine
            .query_once(&goal)?
            .and_then(|mut b| b.remove("Mode"))
            .map(|t| term::to_text(&t))
            .unwrap_or_default();
        Ok(if mode == "evaluation" {
            tuned::Tuned {
                level: "alphabeta".into(),
                why: "the game judges positions (evaluation/3), which alphabeta searches with"
                    .into(),
            }
        } else if mode == "scores" {
            tuned::Tuned {
                level: "alphabeta".into(),
                why: "the game keeps running scores (scores/2), which alphabeta searches with"
                    .into(),
            }
        } else {
            tuned::Tuned {
                level: "mcts".into(),
                why:
                    "the game judges no position (no evaluation/3 nor scores/2): random playouts do"
                        .into(),
            }
        })
    }

    /// Where `mv` is made on the board (`move_regions/3`), to mark it as the last
    /// move; empty when the game does not say.
    pub fn move_regions(&self, state: &State, mv: &Move) -> Result<Vec<Region>> {
        let goal = format!(
            "catch({m}:move_regions({s}, {mv}, Rs), error(existence_error(procedure, _), _), Rs = [])",
            m = self.m(),
            s = state.text(),
            mv = mv.text()
        );
        Ok(match self.engine.query_once(&goal)? {
            Some(b) => b.get("Rs").map(regions).unwrap_or_default(),
            None => Vec::new(),
        })
    }

    /// Every legal move with where it is made on the board, for the window's clicks:
    /// the moves `move_regions/3` says nothing of are left out.
    pub fn move_inputs(&self, state: &State) -> Result<Vec<(Move, Vec<Region>)>> {
        self.moves_with_squares(state, "move_regions")
    }

    /// Where else than at its own square a click makes each legal one-square move
    /// (`move_area/3`: Connect Four's column); the moves it says nothing of are left
    /// out, and so is everything when the game does not export it.
    pub fn move_areas(&self, state: &State) -> Result<Vec<(Move, Vec<Region>)>> {
        self.moves_with_squares(state, "move_area")
    }

    /// Each legal move with the regions `predicate(State, Move, Regions)` gives it, in
    /// one query; none when the game does not export the predicate.
    fn moves_with_squares(
        &self,
        state: &State,
        predicate: &str,
    ) -> Result<Vec<(Move, Vec<Region>)>> {
        let goal = format!(
            "catch(findall(M-Rs, ({m}:legal_move({s}, M), {m}:{predicate}({s}, M, Rs)), L), \
             error(existence_error(procedure, _), _), L = [])",
            m = self.m(),
            s = state.text()
        );
        let list = self.call(&goal, "L")?;
        Ok(term::as_list(&list)
            .unwrap_or_default()
            .iter()
            .filter_map(|pair| {
                let [mv, rs] = term::args(pair, "-", 2)? else {
                    return None;
                };
                let rs = regions(rs);
                (!rs.is_empty()).then(|| (Move::new(mv.clone()), rs))
            })
            .collect())
    }

    /// The running scores in player order (`scores/2`), for games of points that
    /// export it; `None` otherwise.
    pub fn scores(&self, state: &State) -> Result<Option<Vec<i64>>> {
        let goal = format!(
            "catch({m}:scores({s}, Ss), error(existence_error(procedure, _), _), Ss = none)",
            m = self.m(),
            s = state.text()
        );
        let t = self.call(&goal, "Ss")?;
        Ok(term::as_list(&t).and_then(|l| l.iter().map(term::as_i64).collect()))
    }
}

fn regions(t: &Term) -> Vec<Region> {
    term::as_list(t)
        .unwrap_or_default()
        .iter()
        .filter_map(Region::from_term)
        .collect()
}

fn atoms(t: &Term) -> Vec<String> {
    term::as_list(t)
        .unwrap_or_default()
        .iter()
        .filter_map(|l| term::as_atom(l).map(str::to_string))
        .collect()
}

/// The module a rules file declares with `:- module(Name, Exports)`.
/// The module `file` declares (its first clause), once it is loaded in `engine`.
pub fn file_module(engine: &Engine, file: &Path) -> Result<String> {
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

//! The options every game command shares: the board (size, start, any declared option) and the seats (who plays, how long, in which sandbox).

use super::*;
use crate::engine::EngineError;
use crate::game::{GameOptions, OptionValue, State};

#[derive(Args, Debug, Clone)]
pub(super) struct BoardArgs {
    /// Rows of the board (for dots: rows of dots)
    #[arg(long)]
    pub(super) rows: Option<u32>,
    /// Columns of the board (for dots: columns of dots)
    #[arg(long)]
    pub(super) cols: Option<u32>,
    /// A start position in the game's position text (kingpawn: "K81 k17 p18 w 0/30")
    #[arg(long, value_name = "POSITION")]
    pub(super) start: Option<String>,
    /// Start from a random position drawn as the game's championship does (for
    /// Breakthrough the size too, unless --rows/--cols are given), from --seed
    #[arg(long)]
    pub(super) random_start: bool,
    /// Any option the game declares, NAME=VALUE (`tabula games` and the game's
    /// game_info/1 list them), e.g. --option size=6 for Othello, --option connect=5
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub(super) extra: Vec<String>,
}

impl BoardArgs {
    /// The options of `initial_state/2`; `seed` draws the random start.
    pub(super) fn options(&self, seed: u64) -> Vec<Term> {
        self.game_options(seed).terms()
    }

    /// The options in their typed form (`crate::game::GameOptions`).
    pub(super) fn game_options(&self, seed: u64) -> GameOptions {
        let mut options = GameOptions::new();
        if let Some(r) = self.rows {
            options.set("rows", OptionValue::Int(r.into()));
        }
        if let Some(c) = self.cols {
            options.set("cols", OptionValue::Int(c.into()));
        }
        if let Some(p) = &self.start {
            options.set("position", OptionValue::Text(p.clone()));
        }
        if self.random_start {
            options.set("random_start", OptionValue::Int((seed % (1 << 62)) as i64));
        }
        // Checked by check_extra before the game starts.
        for o in &self.extra {
            if let Some((name, value)) = o.split_once('=') {
                options.set(name.trim(), OptionValue::parse(value));
            }
        }
        options
    }

    /// The start position `options` describe. When `--start` was given and the rules
    /// refuse it, the error says how the game writes a position, with its usual start
    /// as the example (from `position_text//1`), and where its rules file says more.
    pub(super) fn start_state(
        &self,
        rules: &Rules,
        info: &GameInfo,
        options: &[Term],
    ) -> Result<State, GameError> {
        let error = match rules.initial_state(options) {
            Ok(state) => return Ok(state),
            Err(e) => e,
        };
        let Some(start) = &self.start else {
            return Err(error);
        };
        let example = rules
            .initial_state(&[])
            .ok()
            .and_then(|s| rules.position_text(&s).ok().flatten());
        let mut text = format!("--start {start:?} is not a position of {}", info.title);
        let about_the_text = matches!(&error, GameError::Engine(EngineError::Exception(e))
            if term::args(e, "error", 2)
                .and_then(|a| term::args(&a[0], "domain_error", 2))
                .and_then(|d| term::as_atom(&d[0]))
                .is_some_and(|d| d.ends_with("position_text")));
        if !about_the_text {
            // Something else than the text's form: the rules' own words say what.
            text.push_str(&format!(" ({error})"));
        }
        if let Some(example) = example {
            text.push_str(&format!(
                ". Its positions are written as its usual start is: \"{example}\""
            ));
        }
        let file = &info.file;
        if std::fs::read_to_string(file).is_ok_and(|t| t.contains("Position text")) {
            text.push_str(&format!(
                " (the part \"Position text\" of {} says more)",
                file.display()
            ));
        }
        text.push('.');
        Err(GameError::Usage(text))
    }

    /// Refuses `--start` for a game without positions to start from, and an `--option`
    /// that is not NAME=VALUE or that the game does not declare.
    pub(super) fn check_extra(&self, info: &GameInfo) -> Result<(), GameError> {
        if self.start.is_some() && info.option("position").is_none() {
            let names: Vec<&str> = info.options.iter().map(|o| o.name.as_str()).collect();
            return Err(GameError::Usage(format!(
                "--start: {} takes no start position, only its options ({}; see `tabula games`)",
                info.title,
                names.join(", ")
            )));
        }
        for o in &self.extra {
            let Some((name, _)) = o.split_once('=') else {
                return Err(GameError::Usage(format!(
                    "--option {o:?}: expected NAME=VALUE"
                )));
            };
            if info.option(name.trim()).is_none() {
                let names: Vec<&str> = info.options.iter().map(|o| o.name.as_str()).collect();
                return Err(GameError::Usage(format!(
                    "--option {o:?}: {} has no option {:?}; its options: {}",
                    info.name,
                    name.trim(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                )));
            }
        }
        Ok(())
    }
}

/// Who sits at the table, for play and gui.
#[derive(Args, Debug, Clone)]
pub(super) struct SeatArgs {
    /// Number of players (dots: 2 to 4)
    #[arg(long)]
    pub(super) players: Option<u32>,
    /// Player 1 (default: human): human, a computer player (random, greedy, ai — ai
    /// is every game's strongest; `tabula games` lists them), FILE.pl, FILE.lisp
    /// (kingpawn, run by SBCL) or "cmd:PROGRAM ARGS"
    #[arg(long)]
    pub(super) p1: Option<PlayerSpec>,
    /// Player 2 (default: the strongest computer player)
    #[arg(long)]
    pub(super) p2: Option<PlayerSpec>,
    /// Player 3, when --players is 3 or more
    #[arg(long)]
    pub(super) p3: Option<PlayerSpec>,
    /// Player 4, when --players is 4
    #[arg(long)]
    pub(super) p4: Option<PlayerSpec>,
    /// Seconds a computer player may think per move
    #[arg(long, default_value_t = 1.0)]
    pub(super) move_time: f64,
    /// Run cmd: and .lisp programs without the sandbox (only for programs you trust)
    #[arg(long)]
    pub(super) no_sandbox: bool,
}

impl SeatArgs {
    /// A person against the strongest computer player, a second a move.
    pub(super) fn default_table() -> SeatArgs {
        SeatArgs {
            players: None,
            p1: None,
            p2: None,
            p3: None,
            p4: None,
            move_time: 1.0,
            no_sandbox: false,
        }
    }

    /// The seats given, in order (player 1 a person unless named, `None` for the
    /// default opponent).
    pub(super) fn given(&self) -> Vec<Option<PlayerSpec>> {
        let mut seats = self.named();
        seats[0] = seats[0].take().or(Some(PlayerSpec::Human));
        seats
    }

    /// The seats named on the command line, in order.
    fn named(&self) -> Vec<Option<PlayerSpec>> {
        vec![
            self.p1.clone(),
            self.p2.clone(),
            self.p3.clone(),
            self.p4.clone(),
        ]
    }

    /// The seats of a game opened from a record: each as the command line names it,
    /// else as the record says when this tabula has that player (a person, one of
    /// the game's levels), else the strongest level; with a line in words for each
    /// seat whose player is not here (a site's "your version 1", a program).
    pub(super) fn of_record(
        &self,
        record: &Opened,
        info: &GameInfo,
    ) -> (Vec<Option<PlayerSpec>>, Vec<String>) {
        let mut seats = self.named();
        let mut notes = Vec::new();
        for (k, seat) in seats.iter_mut().enumerate() {
            if seat.is_some() {
                continue;
            }
            let Some(word) = record.specs.get(k) else {
                if k == 0 {
                    *seat = Some(PlayerSpec::Human);
                }
                continue;
            };
            let level = info.levels.iter().find(|l| l.name == *word);
            *seat = Some(match (word.as_str(), level) {
                ("human", _) => PlayerSpec::Human,
                (_, Some(level)) => PlayerSpec::Builtin(level.name.clone()),
                _ => {
                    let side = info
                        .sides
                        .get(k)
                        .cloned()
                        .unwrap_or_else(|| format!("Player {}", k + 1));
                    let who = record
                        .players
                        .get(k)
                        .filter(|p| !p.is_empty())
                        .unwrap_or(word);
                    notes.push(format!(
                        "{side} was played by {who} in the record, which does not play here: {} plays it instead (--p{} chooses another player).",
                        info.strongest,
                        k + 1
                    ));
                    PlayerSpec::Builtin(info.strongest.clone())
                }
            });
        }
        (seats, notes)
    }
}

/// A game's record opened with `--record FILE`: one game as `tabula web` and the
/// site's play page download it, or as a match or championship writes it (one line
/// of its `games.jsonl`).
pub(super) fn read_record(path: &Path) -> Result<crate::referee::game::GameRecord, GameError> {
    use std::io::Read;
    const MOST: u64 = 64 << 20;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MOST + 1).read_to_end(&mut bytes))
        .map_err(|e| GameError::file(path, "cannot read a game's record", e))?;
    if bytes.len() as u64 > MOST {
        return Err(GameError::Usage(format!(
            "{}: larger than 64 MiB: not a game's record",
            path.display()
        )));
    }
    let text = String::from_utf8_lossy(&bytes);
    let text = text.trim();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    // One object over several lines (a downloaded record), or one a line.
    let one = if text.starts_with('{') && serde_json::from_str::<serde_json::Value>(text).is_ok() {
        text
    } else if lines.len() == 1 {
        lines[0]
    } else {
        return Err(GameError::Usage(format!(
            "{}: {} games in one file: keep the one to open (e.g. `sed -n 3p {} > game.json` for the third)",
            path.display(),
            lines.len(),
            path.display()
        )));
    };
    serde_json::from_str(one).map_err(|e| GameError::json(path, "cannot read a game's record", e))
}

/// A record opened: the board it was played on, its moves in the rules' notation,
/// and who played each seat (the record's players' names and the specs they were
/// started with).
pub(super) struct Opened {
    pub(super) board: BoardArgs,
    pub(super) moves: Vec<String>,
    pub(super) players: Vec<String>,
    pub(super) specs: Vec<String>,
}

/// The game a command plays, and, with `--record FILE`, the board the record was
/// played on and its moves: the game named, else the record's, else the default.
pub(super) fn game_and_record(
    game: Option<&str>,
    record: Option<&Path>,
    rules: Option<&Path>,
) -> Result<(&'static GameInfo, Option<Opened>), GameError> {
    let record = record.map(read_record).transpose()?;
    let named = game.or(record.as_ref().and_then(|r| r.game.as_deref()));
    let info = game_info(named, rules)?;
    let opened = record.map(|r| Opened {
        board: BoardArgs::of_record(&r, info),
        moves: r.moves.iter().map(|m| m.notation.clone()).collect(),
        players: r.players.clone(),
        specs: r.specs.clone(),
    });
    Ok((info, opened))
}

impl BoardArgs {
    /// The game's usual board: no option given.
    pub(super) fn usual() -> BoardArgs {
        BoardArgs {
            rows: None,
            cols: None,
            start: None,
            random_start: false,
            extra: Vec::new(),
        }
    }

    /// The board a record was played on: its options and start (a record's game goes
    /// on on its own board, whatever else the command line says).
    pub(super) fn of_record(
        record: &crate::referee::game::GameRecord,
        info: &GameInfo,
    ) -> BoardArgs {
        let mut board = BoardArgs::usual();
        for (name, value) in &record.options {
            match name.as_str() {
                "rows" => board.rows = value.parse().ok(),
                "cols" => board.cols = value.parse().ok(),
                // The start the seed drew is the record's start.
                "random_start" => {}
                "position" if record.start.is_some() => {}
                _ if info.option(name).is_some() => board.extra.push(format!("{name}={value}")),
                _ => {}
            }
        }
        if info.option("position").is_some() {
            board.start = record.start.clone();
        }
        board
    }
}

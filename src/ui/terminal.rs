//! Playing a game in the terminal: people type moves, computer players answer, and the
//! rules (through the contract) say what is legal, what happened and who won.

use crate::game::board::Region;
use crate::game::board::label;
use crate::game::{GameError, GameInfo, Move, Outcome, Rules, State, Verdict};
use crate::players::program::ProgramSeat;
use crate::players::spec::PlayerSpec;
use crate::ui::forced;
use crate::ui::text::{self, Style};
use crate::ui::undo::{self, TakeBack};
use std::cell::RefCell;
use std::io::{BufRead, Write};

/// Where a person's lines come from: a line editor on a terminal, plain lines from a
/// pipe (scripts and tests).
pub trait LineInput {
    /// The next line, without its end; `None` when the input has ended (or Ctrl-C was
    /// typed: in a game, that abandons it).
    fn line(&mut self, prompt: &str) -> Option<String>;

    /// Like [`LineInput::line`], but tells Ctrl-C apart from the end of the input, as
    /// a toplevel must (Ctrl-C clears the line, Ctrl-D leaves). Inputs that cannot be
    /// interrupted need not override it.
    fn read(&mut self, prompt: &str) -> Typed {
        self.line(prompt).map_or(Typed::End, Typed::Line)
    }

    /// One key pressed at `prompt`, for a toplevel's answers; `None` where keys
    /// cannot be read one at a time (not a terminal): the caller reads a line.
    fn key(&mut self, _prompt: &str) -> Option<Key> {
        None
    }
}

/// What a key pressed after an answer asks for, as in SWI-Prolog's toplevel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// `;`, `n`, `r`, space, tab: the next answer.
    Next,
    /// `a`: every answer, without asking.
    All,
    /// Enter, `.`, `c`, Ctrl-C, Ctrl-D: no more.
    Stop,
    /// `w`: the answer again (answers are always written whole here).
    Write,
    /// `?`, `h`, or a key that means nothing here: what the keys do.
    Help,
}

impl Key {
    /// The key a byte read from the terminal is.
    pub fn of(byte: u8) -> Key {
        match byte {
            b';' | b'n' | b'r' | b' ' | b'\t' => Key::Next,
            b'a' => Key::All,
            b'\r' | b'\n' | b'.' | b'c' | 3 | 4 => Key::Stop,
            b'w' | b'p' => Key::Write,
            _ => Key::Help,
        }
    }
}

/// What [`LineInput::read`] got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A line, without its end.
    Line(String),
    /// Ctrl-C at the prompt.
    Interrupted,
    /// The input has ended (Ctrl-D, or the end of a pipe).
    End,
}

/// Line editing and history with rustyline.
pub struct Editor(rustyline::DefaultEditor);

impl Editor {
    pub fn new() -> Option<Editor> {
        rustyline::DefaultEditor::new().ok().map(Editor)
    }
}

impl LineInput for Editor {
    fn key(&mut self, prompt: &str) -> Option<Key> {
        use std::io::Read;
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        // SAFETY: termios of this process's own standard input, a terminal (the
        // editor exists only then), restored before returning.
        let key = unsafe {
            let mut saved: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(0, &mut saved) != 0 {
                return None;
            }
            let mut raw = saved;
            raw.c_lflag &= !(libc::ICANON | libc::ECHO | libc::ISIG);
            raw.c_cc[libc::VMIN] = 1;
            raw.c_cc[libc::VTIME] = 0;
            if libc::tcsetattr(0, libc::TCSANOW, &raw) != 0 {
                return None;
            }
            let mut byte = [0u8; 1];
            let got = std::io::stdin().lock().read(&mut byte);
            libc::tcsetattr(0, libc::TCSANOW, &saved);
            match got {
                Ok(1) => Key::of(byte[0]),
                _ => Key::Stop,
            }
        };
        // The key chosen, as SWI-Prolog shows it; a stop is ended by the caller's `.`.
        match key {
            Key::Next => println!(";"),
            Key::All => println!("a"),
            Key::Stop => {}
            Key::Write | Key::Help => println!(),
        }
        Some(key)
    }

    fn line(&mut self, prompt: &str) -> Option<String> {
        match self.read(prompt) {
            Typed::Line(line) => Some(line),
            Typed::Interrupted | Typed::End => None,
        }
    }

    fn read(&mut self, prompt: &str) -> Typed {
        use rustyline::error::ReadlineError;
        loop {
            match self.0.readline(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = self.0.add_history_entry(line.as_str());
                    }
                    return Typed::Line(line);
                }
                Err(ReadlineError::Interrupted) => return Typed::Interrupted,
                // rustyline gives up on the line at the first byte that is not UTF-8,
                // without saying where: say so and read on, rather than end the input.
                Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                    println!("that line is not valid UTF-8: ignored");
                }
                Err(_) => return Typed::End,
            }
        }
    }
}

/// Lines from any reader, the prompt written to stdout.
pub struct Lines<R: BufRead>(pub R);

impl<R: BufRead> LineInput for Lines<R> {
    fn line(&mut self, prompt: &str) -> Option<String> {
        loop {
            print!("{prompt}");
            let _ = std::io::stdout().flush();
            let mut bytes = Vec::new();
            match self.0.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            while bytes.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                bytes.pop();
            }
            // A line that is not UTF-8 is reported and skipped: it is not the end of
            // the input, and what follows it may be fine.
            match String::from_utf8(bytes) {
                Ok(line) => {
                    // Echo the line, so a transcript of piped input reads like a session.
                    println!("{line}");
                    return Some(line);
                }
                Err(e) => println!("{}", not_utf8(e.as_bytes())),
            }
        }
    }
}

/// What is said of a line that is not valid UTF-8: its first bad byte and that byte's
/// column (counted in characters, from 1).
pub fn not_utf8(bytes: &[u8]) -> String {
    let good = std::str::from_utf8(bytes)
        .err()
        .map_or(bytes.len(), |e| e.valid_up_to());
    let column = String::from_utf8_lossy(&bytes[..good]).chars().count() + 1;
    let byte = bytes.get(good).copied().unwrap_or_default();
    format!("that line is not valid UTF-8 (byte {byte:#04x} at column {column}): ignored")
}

/// The input for people at this terminal: an editor when stdin is a terminal, plain
/// lines otherwise.
pub fn stdin_input() -> Box<dyn LineInput> {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal()
        && let Some(editor) = Editor::new()
    {
        return Box::new(editor);
    }
    Box::new(Lines(std::io::BufReader::new(std::io::stdin())))
}

/// How a game is played.
pub struct Table<'a> {
    pub rules: &'a Rules,
    pub seats: Vec<PlayerSpec>,
    /// Thinking time of computer players, in milliseconds.
    pub budget_ms: u64,
    pub style: Style,
    /// The game, for its notation help.
    pub game: &'a GameInfo,
    /// The engines of the seats that need their own (player files), by seat.
    pub engines: Vec<Option<Rules>>,
    /// The programs (`cmd:`) of the seats that are programs, by seat.
    pub programs: Vec<Option<RefCell<ProgramSeat>>>,
    /// The protocol commands that set the game up, for the programs.
    pub setup: Vec<String>,
    /// The terminal's width, to break long lines between words
    /// ([`crate::ui::text::terminal_width`]).
    pub width: usize,
    /// When no person plays: the pause after each move (the board is shown before
    /// every move, so that the game can be followed).
    pub delay: std::time::Duration,
}

/// One position of the game so far, to undo to.
struct Step {
    state: State,
    /// Where the last move was made, marked on the board.
    last: Vec<Region>,
    /// The last move's canonical text, for the programs that are told the game.
    notation: Option<String>,
}

fn seat_name(seats: &[PlayerSpec], p: u32) -> String {
    let spec = seats
        .get(p.saturating_sub(1) as usize)
        .map(|s| s.to_string())
        .unwrap_or_else(|| "?".into());
    format!("{} ({spec})", label(p))
}

/// The reason after a computer's move, in its players' words, bracketed.
fn reason_text(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!("  [{text}]")
    }
}

impl Table<'_> {
    /// Plays from `state` to the end (or until the people quit): the final outcome, or
    /// `None` when abandoned.
    pub fn play(
        &self,
        state: State,
        input: &mut dyn LineInput,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, GameError> {
        self.play_after(state, &[], input, out)
    }

    /// Plays `moves` (a record's, in the rules' notation) from `state`, then goes on
    /// as [`Table::play`] does; the moves played first can be taken back.
    pub fn play_after(
        &self,
        state: State,
        moves: &[String],
        input: &mut dyn LineInput,
        out: &mut dyn Write,
    ) -> Result<Option<Outcome>, GameError> {
        let mut history = vec![Step {
            state,
            last: Vec::new(),
            notation: None,
        }];
        for (k, text) in moves.iter().enumerate() {
            let state = history[history.len() - 1].state.clone();
            let refused = || {
                GameError::Usage(format!(
                    "move {} of the record, {text}: the rules do not allow it there",
                    k + 1
                ))
            };
            let mv = self.rules.parse_move(&state, text)?.ok_or_else(refused)?;
            let (next, _) = self.rules.apply(&state, &mv)?.ok_or_else(refused)?;
            history.push(Step {
                last: self.rules.move_regions(&state, &mv)?,
                notation: Some(self.rules.move_text(&state, &mv)?),
                state: next,
            });
        }
        let mut show_board = true;
        loop {
            let Some(step) = history.last() else {
                return Ok(None);
            };
            let state = step.state.clone();
            let last = step.last.clone();
            let outcome = self.rules.outcome(&state)?;
            if let Outcome::Over { .. } = outcome {
                self.print_board(&state, &last, None, out)?;
                self.say(out, &self.announce(&outcome));
                return Ok(Some(outcome));
            }
            let Some(player) = self.rules.to_move(&state)? else {
                return Err(GameError::Contract(
                    "the game is not over but nobody is to move".into(),
                ));
            };
            let spec = self
                .seats
                .get((player as usize).wrapping_sub(1))
                .cloned()
                .unwrap_or(PlayerSpec::Human);
            // Computers alone: the board before every move (a person would get it
            // before being asked), then the pause asked for.
            if !spec.is_human() && self.seats.iter().all(|s| !s.is_human()) {
                self.print_board(&state, &last, Some(player), out)?;
                let _ = out.flush();
                if history.len() > 1 {
                    std::thread::sleep(self.delay);
                }
            }
            let mv = match spec {
                PlayerSpec::Command(_) | PlayerSpec::Lisp(_) => {
                    match self.program_move(player, &state, &history)? {
                        Ok((mv, notation)) => {
                            self.say(
                                out,
                                &format!(
                                    "{} plays {}",
                                    self.style.player(player, &seat_name(&self.seats, player)),
                                    self.style.bold(&notation),
                                ),
                            );
                            mv
                        }
                        Err(reason) => {
                            self.print_board(&state, &last, None, out)?;
                            let text = format!(
                                "Game over: {} forfeits — {reason}.",
                                seat_name(&self.seats, player)
                            );
                            self.say(out, &self.style.bold(&text));
                            return Ok(None);
                        }
                    }
                }
                PlayerSpec::Builtin(_) | PlayerSpec::File(_) => {
                    // A player file thinks in its own engine; built-in levels in the rules'.
                    let brain = self
                        .engines
                        .get((player as usize).wrapping_sub(1))
                        .and_then(Option::as_ref)
                        .unwrap_or(self.rules);
                    let (mv, why) = spec.move_in(brain, &state, self.budget_ms)?;
                    let notation = self.rules.move_text(&state, &mv)?;
                    self.say(
                        out,
                        &format!(
                            "{} plays {}{}",
                            self.style.player(player, &seat_name(&self.seats, player)),
                            self.style.bold(&notation),
                            self.style.dim(&reason_text(&brain.reason_text(&why)))
                        ),
                    );
                    mv
                }
                PlayerSpec::Human if forced::is_forced(self.rules, &state)? => {
                    // The only move, made nowhere on the board (Othello's pass): said,
                    // and played for the person, as the window and the browser do.
                    let Some(mv) = self.rules.legal_moves(&state)?.into_iter().next() else {
                        return Err(GameError::Contract(
                            "a forced move that is not among the legal moves".into(),
                        ));
                    };
                    if show_board {
                        self.print_board(&state, &last, Some(player), out)?;
                    }
                    show_board = true;
                    let side = self
                        .game
                        .sides
                        .get((player as usize).wrapping_sub(1))
                        .cloned()
                        .unwrap_or_else(|| format!("Player {}", label(player)));
                    let notation = self.rules.move_text(&state, &mv)?;
                    self.say(out, &forced::text(&side, &notation));
                    mv
                }
                PlayerSpec::Human => {
                    if show_board {
                        self.print_board(&state, &last, Some(player), out)?;
                    }
                    show_board = true;
                    let prompt = format!("{} > ", seat_name(&self.seats, player));
                    let Some(line) = input.line(&prompt) else {
                        let _ = writeln!(out, "Input ended: game abandoned.");
                        return Ok(None);
                    };
                    match self.command(line.trim(), &state, &mut history, out)? {
                        Command::Move(mv) => mv,
                        Command::Quit => {
                            let _ = writeln!(out, "Game abandoned.");
                            return Ok(None);
                        }
                        Command::Again { board } => {
                            show_board = board;
                            continue;
                        }
                    }
                }
            };
            match self.rules.apply(&state, &mv)? {
                Some((next, events)) => {
                    let said = self.rules.events_text(&state, &events)?;
                    if !said.is_empty() {
                        self.say(out, &format!("  {}", self.style.dim(&format!("→ {said}"))));
                    }
                    let notation = self.rules.move_text(&state, &mv)?;
                    let last = self.rules.move_regions(&state, &mv)?;
                    history.push(Step {
                        state: next,
                        last,
                        notation: Some(notation),
                    });
                }
                None => {
                    // Only a computer player can get here (people's moves are checked
                    // first): a player that answers an illegal move loses its turn to an
                    // error, never silently.
                    let why = self
                        .rules
                        .explain_illegal(&state, &mv)?
                        .unwrap_or_else(|| "not a legal move".into());
                    return Err(GameError::Contract(format!(
                        "{} answered {}: {why}",
                        seat_name(&self.seats, player),
                        mv.text()
                    )));
                }
            }
        }
    }

    /// A program's move and its notation, or why it loses the game: the same faults
    /// as in a match (time-out, crash, `?`, garbage, an unreadable or illegal move).
    fn program_move(
        &self,
        player: u32,
        state: &State,
        history: &[Step],
    ) -> Result<std::result::Result<(Move, String), String>, GameError> {
        let Some(seat) = self
            .programs
            .get((player as usize).wrapping_sub(1))
            .and_then(Option::as_ref)
        else {
            return Err(GameError::Contract(format!(
                "no program was started for player {player}"
            )));
        };
        let moves: Vec<String> = history.iter().filter_map(|s| s.notation.clone()).collect();
        seat.borrow_mut()
            .turn(self.rules, state, &self.setup, &moves, self.budget_ms)
    }

    fn command(
        &self,
        line: &str,
        state: &State,
        history: &mut Vec<Step>,
        out: &mut dyn Write,
    ) -> Result<Command, GameError> {
        match line {
            "" => return Ok(Command::Again { board: false }),
            "q" | "quit" | "exit" => return Ok(Command::Quit),
            "?" | "help" => {
                self.say(out, &self.help());
                return Ok(Command::Again { board: false });
            }
            "b" | "board" => return Ok(Command::Again { board: true }),
            "moves" => {
                let moves = self.rules.legal_moves(state)?;
                let mut texts = moves
                    .iter()
                    .map(|m| self.rules.move_text(state, m))
                    .collect::<Result<Vec<_>, _>>()?;
                // In reading order (b2-a3 after a2-b3, h(0,10) after h(0,9)), whatever
                // order the rules generate them in.
                texts.sort_by(|a, b| crate::ui::text::natural_cmp(a, b));
                self.say(
                    out,
                    &format!("{} legal moves: {}", texts.len(), texts.join(" ")),
                );
                return Ok(Command::Again { board: false });
            }
            "u" | "undo" => {
                let _ = writeln!(out, "{}", self.undo(history)?);
                return Ok(Command::Again { board: true });
            }
            _ => {}
        }
        let Some(mv) = self.rules.parse_move(state, line)? else {
            let said = match self.rules.explain_unreadable(state, line)? {
                Some(why) => format!("Not a move: {why}."),
                None => format!(
                    "Cannot read {line:?} as a move: {} (help explains).",
                    self.game.notation_hint
                ),
            };
            self.say(out, &said);
            return Ok(Command::Again { board: false });
        };
        if let Some(why) = self.rules.explain_illegal(state, &mv)? {
            self.say(out, &format!("Illegal move: {why}"));
            return Ok(Command::Again { board: false });
        }
        if !self.rules.is_legal(state, &mv)? {
            let _ = writeln!(out, "Illegal move.");
            return Ok(Command::Again { board: false });
        }
        Ok(Command::Move(mv))
    }

    /// Back to the previous position where a person was to move, across the computer's
    /// moves in between.
    fn undo(&self, history: &mut Vec<Step>) -> Result<String, GameError> {
        Ok(
            match undo::take_back(self.rules, &self.seats, history, |s| &s.state)? {
                TakeBack::Nothing => "Nothing to undo.".into(),
                TakeBack::ToPerson(undone) => format!("Took back {undone} move(s)."),
                TakeBack::ToStart(undone) => {
                    format!("Took back {undone} move(s): back at the start.")
                }
            },
        )
    }

    /// Writes a line (or lines) of prose, broken between words at the terminal's width.
    fn say(&self, out: &mut dyn Write, text: &str) {
        let _ = writeln!(out, "{}", crate::ui::text::fill(text, self.width));
    }

    fn help(&self) -> String {
        format!(
            "{}\nCommands:\n  moves   list the legal moves\n  undo    take back your last move (and the computer's since)\n  board   show the board again\n  quit    abandon the game",
            self.game.notation_help
        )
    }

    fn print_board(
        &self,
        state: &State,
        last: &[Region],
        to_move: Option<u32>,
        out: &mut dyn Write,
    ) -> Result<(), GameError> {
        let view = self.rules.view(state)?;
        let _ = writeln!(out);
        let _ = write!(
            out,
            "{}",
            text::render(&view, last, self.style, &self.game.sides)
        );
        let scores = match self.rules.outcome(state)? {
            Outcome::Over { scores, .. } => scores,
            Outcome::Ongoing => self.rules.scores(state)?.unwrap_or_default(),
        };
        let _ = writeln!(out);
        let width = self
            .seats
            .iter()
            .map(|s| s.to_string().chars().count() + 1)
            .max()
            .unwrap_or(0)
            .max(10);
        for (k, spec) in self.seats.iter().enumerate() {
            let p = k as u32 + 1;
            let score = if self.game.sides.len() == self.seats.len() {
                // A game of sides, not points: say which side the seat plays.
                format!("  {}", self.game.sides[k])
            } else {
                scores
                    .get(k)
                    .map(|&s| format!("{s:>4} point{}", if s == 1 { "" } else { "s" }))
                    .unwrap_or_default()
            };
            let marker = if to_move == Some(p) {
                "  ◀ to move"
            } else {
                ""
            };
            let line = format!("  {} {:<width$}{score}{marker}", label(p), spec.to_string());
            let _ = writeln!(out, "{}", self.style.player(p, &line));
        }
        let _ = writeln!(out);
        Ok(())
    }

    fn announce(&self, outcome: &Outcome) -> String {
        match outcome {
            Outcome::Ongoing => String::new(),
            Outcome::Over { scores, result } => {
                let score_text: Vec<String> = scores
                    .iter()
                    .enumerate()
                    .map(|(k, s)| format!("{} {s}", label(k as u32 + 1)))
                    .collect();
                let sides = self.game.sides.len() == self.seats.len();
                let verdict = match result {
                    // The winner's number comes from the rules, which a user edits.
                    Verdict::Winner(p)
                        if let Some(side) = self
                            .game
                            .sides
                            .get((*p as usize).wrapping_sub(1))
                            .filter(|_| sides) =>
                    {
                        let text = format!("{} wins with {side}", seat_name(&self.seats, *p));
                        return self.style.bold(&format!("Game over: {text}."));
                    }
                    Verdict::Winner(p) => format!("{} wins", seat_name(&self.seats, *p)),
                    Verdict::Tie(ps) => {
                        let names: Vec<String> = ps.iter().map(|p| label(*p).to_string()).collect();
                        format!("Tie between {}", names.join(" and "))
                    }
                };
                self.style.bold(&format!(
                    "Game over: {verdict} — {}.",
                    score_text.join(", ")
                ))
            }
        }
    }
}

enum Command {
    Move(Move),
    Quit,
    Again { board: bool },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_utf8_is_named_by_its_first_bad_byte() {
        assert_eq!(
            not_utf8(b"h(\xff0,0)"),
            "that line is not valid UTF-8 (byte 0xff at column 3): ignored"
        );
        // Columns count characters, not bytes.
        assert_eq!(
            not_utf8(
                "é\u{e9}"
                    .as_bytes()
                    .iter()
                    .chain(b"\xc3(")
                    .copied()
                    .collect::<Vec<_>>()
                    .as_slice()
            ),
            "that line is not valid UTF-8 (byte 0xc3 at column 3): ignored"
        );
    }

    #[test]
    fn piped_lines_skip_what_is_not_utf8_and_go_on() {
        let mut input = Lines(&b"a\n\xfe\xff\nb\r\n"[..]);
        assert_eq!(input.line("> ").as_deref(), Some("a"));
        assert_eq!(input.line("> ").as_deref(), Some("b"));
        assert_eq!(input.line("> "), None);
    }
}

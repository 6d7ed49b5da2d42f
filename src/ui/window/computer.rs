//! The computer thinks on a thread of its own, in its own Prolog engine, so the window
//! repaints, resizes and closes while it does. Nobody waits for this thread: when the
//! window closes mid-thought, the process ends without it.

use crate::engine::term::Term;
use crate::game::{GameInfo, Move, Rules, State};
use crate::players::program::{self, ProgramSeat};
use crate::players::spec::PlayerSpec;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread;

/// A question for the computer.
struct Request {
    ticket: u64,
    state: State,
    player: PlayerSpec,
    budget_ms: u64,
    game: Option<ProgramGame>,
}

/// What a program (`cmd:`, `.lisp`) is told of the game: it keeps its own picture of it.
#[derive(Debug, Clone)]
pub struct ProgramGame {
    /// The seat it plays.
    pub seat: u32,
    /// The commands that set the game up.
    pub setup: Vec<String>,
    /// The moves so far, in canonical notation.
    pub moves: Vec<String>,
}

/// The computer's answer to the request with the same ticket: its move and its
/// reason in words, worded by the engine that chose it ([`Rules::reason_text`], as
/// the browser words them).
#[derive(Debug)]
pub struct Answer {
    pub ticket: u64,
    pub result: Result<(Move, String), String>,
}

/// The handle the window keeps.
pub struct Computer {
    requests: Sender<Request>,
    answers: Receiver<Answer>,
    next_ticket: u64,
}

/// The engines of the computer's thread: the game's, and one per player file.
struct Brains {
    game: &'static GameInfo,
    rules_file: Option<PathBuf>,
    base: Result<Rules, String>,
    files: HashMap<PathBuf, Rules>,
    programs: HashMap<u32, (PlayerSpec, ProgramSeat)>,
}

impl Brains {
    fn answer(&mut self, request: &Request) -> Result<(Move, String), String> {
        if request.player.is_program() {
            let (mv, why) = self.program_answer(&request.player, request)?;
            let words = self.base.as_ref().map_or_else(
                |_| crate::game::reason::reason_text(&why),
                |rules| rules.reason_text(&why),
            );
            return Ok((mv, words));
        }
        let brain = match &request.player {
            PlayerSpec::File(path) => {
                if !self.files.contains_key(path) {
                    let loaded = request
                        .player
                        .load_rules(self.game, self.rules_file.as_deref())
                        .map_err(|e| e.to_string())?;
                    self.files.insert(path.clone(), loaded);
                }
                self.files
                    .get(path)
                    .ok_or_else(|| "the player file did not load".to_string())?
            }
            _ => self.base.as_ref().map_err(Clone::clone)?,
        };
        let (mv, why) = request
            .player
            .move_in(brain, &request.state, request.budget_ms)
            .map_err(|e| e.to_string())?;
        Ok((mv, brain.reason_text(&why)))
    }

    /// A program's move, judged by the rules as a referee would.
    fn program_answer(
        &mut self,
        program: &PlayerSpec,
        request: &Request,
    ) -> Result<(Move, Term), String> {
        let game = request
            .game
            .as_ref()
            .ok_or("a program needs to be told the game")?;
        let rules = self.base.as_ref().map_err(Clone::clone)?;
        let (_, seat) = self
            .programs
            .entry(game.seat)
            .and_modify(|(known, seat)| {
                if known != program {
                    *known = program.clone();
                    *seat = ProgramSeat::new(program.clone(), program::log_path(game.seat));
                }
            })
            .or_insert_with(|| {
                (
                    program.clone(),
                    ProgramSeat::new(program.clone(), program::log_path(game.seat)),
                )
            });
        let (mv, _) = seat
            .turn(
                rules,
                &request.state,
                &game.setup,
                &game.moves,
                request.budget_ms,
            )
            .map_err(|e| e.to_string())??;
        Ok((mv, Term::atom("program")))
    }
}

impl Computer {
    /// Starts a thread that loads the game's rules and players, then answers requests;
    /// `wake` is called after each answer (to repaint the window).
    pub fn start(
        game: &'static GameInfo,
        rules_file: Option<PathBuf>,
        wake: impl Fn() + Send + 'static,
    ) -> Computer {
        let (requests, inbox) = mpsc::channel::<Request>();
        let (outbox, answers) = mpsc::channel();
        let spawned = thread::Builder::new()
            .name("computer".into())
            .spawn(move || {
                let base = Rules::load(game, rules_file.as_deref()).map_err(|e| e.to_string());
                let mut brains = Brains {
                    game,
                    rules_file,
                    base,
                    files: HashMap::new(),
                    programs: HashMap::new(),
                };
                while let Ok(request) = inbox.recv() {
                    let result = brains.answer(&request);
                    if outbox
                        .send(Answer {
                            ticket: request.ticket,
                            result,
                        })
                        .is_err()
                    {
                        break;
                    }
                    wake();
                }
            });
        if let Err(e) = spawned {
            eprintln!("tabula: cannot start the computer player's thread: {e}");
        }
        Computer {
            requests,
            answers,
            next_ticket: 1,
        }
    }

    /// Asks for a move; the answer will carry the returned ticket. A program is told
    /// the game as `game` says.
    pub fn ask(
        &mut self,
        state: &State,
        player: &PlayerSpec,
        budget_ms: u64,
        game: Option<ProgramGame>,
    ) -> u64 {
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let _ = self.requests.send(Request {
            ticket,
            state: state.clone(),
            player: player.clone(),
            budget_ms,
            game,
        });
        ticket
    }

    /// An answer, if one has arrived.
    pub fn poll(&self) -> Option<Answer> {
        match self.answers.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) | Err(TryRecvError::Disconnected) => None,
        }
    }
}

//! The computer thinks on a thread of its own, in its own Prolog engine, so the window
//! repaints, resizes and closes while it does. Nobody waits for this thread: when the
//! window closes mid-thought, the process ends without it.

use crate::game::{GameInfo, Move, Rules, State};
use crate::term::{self, Term};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread;

/// A question for the computer.
struct Request {
    ticket: u64,
    state: State,
    level: String,
    budget_ms: u64,
}

/// The computer's answer to the request with the same ticket.
#[derive(Debug)]
pub struct Answer {
    pub ticket: u64,
    pub result: Result<(Move, Term), String>,
}

/// The handle the window keeps.
pub struct Computer {
    requests: Sender<Request>,
    answers: Receiver<Answer>,
    next_ticket: u64,
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
                let rules = Rules::load(game, rules_file.as_deref());
                while let Ok(request) = inbox.recv() {
                    let result = match &rules {
                        Ok(rules) => rules
                            .choose_move(&request.level, &request.state, request.budget_ms)
                            .map_err(|e| e.to_string()),
                        Err(e) => Err(e.to_string()),
                    };
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

    /// Asks for a move; the answer will carry the returned ticket.
    pub fn ask(&mut self, state: &State, level: &str, budget_ms: u64) -> u64 {
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let _ = self.requests.send(Request {
            ticket,
            state: state.clone(),
            level: level.to_string(),
            budget_ms,
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

/// A reason term as a short text for people: `sacrifice(2)` → "sacrifice (2)".
pub fn reason_text(reason: &Term) -> String {
    match reason {
        Term::Atom(a) => a.replace('_', " "),
        Term::Compound(name, args) => {
            let inner: Vec<String> = args.iter().map(term::to_text).collect();
            format!("{} ({})", name.replace('_', " "), inner.join(", "))
        }
        other => term::to_text(other),
    }
}

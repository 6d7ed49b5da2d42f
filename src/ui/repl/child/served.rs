//! The engine child (`tabula __engine`): it serves [`Request`]s read on stdin, one
//! reply a line on stdout, an `Interrupt` acted on at once by a reader thread of its
//! own while the engine runs a goal.

use super::memory::{self, ALLOCATION_FAILED};
use super::{Reply, Request};
use crate::engine::{Engine, EngineError, ReplAnswer, ReplAnswers};
use crate::game::Rules;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;

/// Whether a request is being served, for an `Interrupt` read meanwhile; its lock is
/// never held across anything but flag updates.
static SERVING: Mutex<bool> = Mutex::new(false);
/// An `Interrupt` was read while serving the request.
static ASKED_TO_STOP: AtomicBool = AtomicBool::new(false);

/// Marks the start (`true`) or end of serving a request, withdrawing any interrupt
/// left from before: only the request being served can be interrupted. At the end:
/// whether it was asked to stop, and whether it came near the memory cap.
fn serving(busy: bool) -> (bool, bool) {
    // Measured before the lock: it reads /proc, and the lock is for flags only.
    let limit = if busy {
        memory::soft_limit()
    } else {
        isize::MAX
    };
    let Ok(mut serving) = SERVING.lock() else {
        return (false, false);
    };
    *serving = busy;
    scryer_prolog::clear_interrupt();
    let asked = ASKED_TO_STOP.swap(false, Ordering::SeqCst);
    let near = memory::NEAR_THE_CAP.swap(false, Ordering::SeqCst);
    memory::SOFT_LIMIT.store(limit, Ordering::SeqCst);
    (asked, near)
}

/// The child's stdin reader: requests go to the engine's thread, but an `Interrupt`
/// is acted on here at once, while the engine is busy.
fn read_requests(requests: Sender<Result<Request, String>>) {
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        match serde_json::from_str::<Request>(&line) {
            Ok(Request::Interrupt) => {
                if let Ok(serving) = SERVING.lock()
                    && *serving
                {
                    ASKED_TO_STOP.store(true, Ordering::SeqCst);
                    scryer_prolog::request_interrupt();
                }
            }
            Ok(request) => {
                if requests.send(Ok(request)).is_err() {
                    break;
                }
            }
            Err(e) => {
                if requests
                    .send(Err(format!("unreadable request: {e}")))
                    .is_err()
                {
                    break;
                }
            }
        }
    }
}

/// Whether an answer is the error an interrupt throws.
fn interrupted(reply: &Reply) -> bool {
    matches!(reply, Reply::Answer { answer: ReplAnswer::Exception { text, .. } }
        if text.contains("'$interrupt_thrown'"))
}

/// Runs the engine on requests from stdin until it closes: `tabula __engine`.
pub fn serve() -> ExitCode {
    // Replies go to a copy of stdout, and stdout itself now points at stderr, so that
    // nothing printed by accident (a library's message) can break the protocol.
    // SAFETY: dup/dup2 on the process's own standard descriptors; the copy is owned by
    // the File from here on.
    let replies = unsafe {
        let fd = libc::dup(1);
        if fd < 0 || libc::dup2(2, 1) < 0 {
            eprintln!("tabula {}: cannot set up its output", super::CHILD_COMMAND);
            return ExitCode::from(2);
        }
        <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fd)
    };
    let mut replies = io::BufWriter::new(replies);
    let mut session = Session::default();
    // The flag is made before any allocation can set it.
    scryer_prolog::clear_interrupt();
    memory::COUNTING.store(true, Ordering::SeqCst);
    let (requests, inbox) = mpsc::channel();
    thread::spawn(move || read_requests(requests));
    for request in inbox {
        serving(true);
        let reply = match request {
            Ok(request) => session.handle(request),
            Err(message) => Some(Reply::Failed { message }),
        };
        let (asked, near) = serving(false);
        let Some(mut reply) = reply else { continue };
        // Whatever the answer says (Scryer's own resource error can come out as an
        // unrelated term), an allocation that failed meanwhile means the cap was hit.
        if ALLOCATION_FAILED.swap(false, Ordering::SeqCst) {
            session.answers = None;
            reply = Reply::OutOfMemory;
        } else if (asked || near) && interrupted(&reply) {
            session.answers = None;
            reply = Reply::Interrupted {
                memory: near && !asked,
            };
        }
        let text = serde_json::to_string(&reply).unwrap_or_else(|e| {
            format!(r#"{{"reply":"failed","message":"cannot write the reply: {e}"}}"#)
        });
        if writeln!(replies, "{text}")
            .and_then(|_| replies.flush())
            .is_err()
        {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// Why `text` does not read as a clause, in words; `None` when it reads.
fn clause_error(engine: &Engine, text: &str) -> Option<String> {
    let goal = format!(
        "catch((charsio:read_term_from_chars({}, _, []), E = none), E0, E = E0)",
        crate::engine::term::quote_string(text)
    );
    match engine.query_value(&goal, "E") {
        Ok(crate::engine::term::Term::Atom(a)) if a == "none" => None,
        Ok(error) => Some(
            crate::engine::error_sentence(&error)
                .unwrap_or_else(|| crate::engine::term::to_text(&error)),
        ),
        Err(e) => Some(e.to_string()),
    }
}

/// The engine the child serves from, and its loaded files.
enum Loaded {
    /// Files loaded one by one, as the REPL does.
    Engine(Engine),
    /// A game's rules, loaded as every other command loads them.
    Rules(Box<Rules>),
}

#[derive(Default)]
struct Session {
    loaded: Option<Loaded>,
    files: Vec<PathBuf>,
    answers: Option<ReplAnswers>,
    /// When the files loaded now were loaded (the local time, `HH:MM:SS`).
    loaded_at: String,
    /// The goal being answered.
    goal: String,
}

/// The rules file of a list that starts with `game.pl`: such files are a game.
fn rules_of(files: &[PathBuf]) -> Option<&PathBuf> {
    match files {
        [contract, rules, ..] if contract.file_name().is_some_and(|n| n == "game.pl") => {
            Some(rules)
        }
        _ => None,
    }
}

/// Loads files into a fresh machine: a game as every command loads it (see
/// [`EngineProcess::load`]), other files one by one. Ok: what was loaded, and the
/// errors of the files that did not load and notes; Err: the rules did not load.
fn load_files(files: &[PathBuf]) -> Result<(Loaded, Vec<String>, Vec<String>), String> {
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let loaded = match rules_of(files) {
        Some(rules_file) => {
            let rules = Rules::load_rules_file(rules_file).map_err(|e| e.to_string())?;
            if let Some(warning) = rules.fast_path().and_then(|f| f.warning(rules_file)) {
                notes.push(warning);
            }
            for file in files.iter().filter(|f| !rules.files().contains(f)) {
                if let Err(e) = rules.engine().consult(file) {
                    errors.push(e.to_string());
                }
            }
            Loaded::Rules(Box::new(rules))
        }
        None => {
            let engine = Engine::new().map_err(|e| e.to_string())?;
            for file in files {
                if let Err(e) = engine.consult(file) {
                    errors.push(e.to_string());
                }
            }
            Loaded::Engine(engine)
        }
    };
    Ok((loaded, errors, notes))
}

impl Session {
    fn engine(&mut self) -> Result<&Engine, EngineError> {
        if self.loaded.is_none() {
            self.loaded = Some(Loaded::Engine(Engine::new()?));
        }
        match &self.loaded {
            Some(Loaded::Engine(engine)) => Ok(engine),
            Some(Loaded::Rules(rules)) => Ok(rules.engine()),
            None => Err(EngineError::Unavailable("no engine".into())),
        }
    }

    fn handle(&mut self, request: Request) -> Option<Reply> {
        let failed = |e: EngineError| Reply::Failed {
            message: e.to_string(),
        };
        match request {
            Request::Load { files, strict } => {
                self.answers = None;
                match load_files(&files) {
                    Ok((loaded, errors, notes)) => {
                        self.loaded = Some(loaded);
                        self.files = files;
                        self.loaded_at =
                            jiff::ZonedDateTime::now().strftime("%H:%M:%S").to_string();
                        Some(Reply::Loaded {
                            errors,
                            notes,
                            files: self.files.clone(),
                        })
                    }
                    Err(error) if strict => {
                        self.loaded = None;
                        Some(Reply::Loaded {
                            errors: vec![error],
                            notes: Vec::new(),
                            files: Vec::new(),
                        })
                    }
                    Err(error) => {
                        let rules = rules_of(&files).cloned().unwrap_or_default();
                        let kept = matches!(self.loaded, Some(Loaded::Rules(_)))
                            && rules_of(&self.files) == Some(&rules);
                        let note = if kept {
                            format!(
                                "kept the last good version of {}, loaded {}: fix the file and :reload",
                                rules.display(),
                                self.loaded_at
                            )
                        } else {
                            // Only the contract: the players file would load the
                            // shipped rules in place of the ones that did not load.
                            let engine = match Engine::new() {
                                Ok(engine) => engine,
                                Err(e) => return Some(failed(e)),
                            };
                            if let Some(contract) = files.first()
                                && let Err(e) = engine.consult(contract)
                            {
                                return Some(failed(e));
                            }
                            self.loaded = Some(Loaded::Engine(engine));
                            self.files = files.iter().take(1).cloned().collect();
                            format!(
                                "{} is not loaded, nor the players that need it: fix the file and :reload",
                                rules.display()
                            )
                        };
                        Some(Reply::Loaded {
                            errors: vec![error],
                            notes: vec![note],
                            files: self.files.clone(),
                        })
                    }
                }
            }
            Request::Goal { text } => {
                self.answers = None;
                match self.engine() {
                    Ok(engine) => self.answers = Some(engine.repl(&text)),
                    Err(e) => return Some(failed(e)),
                }
                self.goal = text;
                Some(self.next_answer())
            }
            Request::Next => Some(self.next_answer()),
            Request::Stop => {
                self.answers = None;
                None
            }
            Request::Check { texts } => {
                self.answers = None;
                let engine = match self.engine() {
                    Ok(engine) => engine,
                    Err(e) => return Some(failed(e)),
                };
                let errors = texts.iter().map(|t| clause_error(engine, t)).collect();
                Some(Reply::Checked { errors })
            }
            // Read and acted on by the stdin reader (read_requests); never queued.
            Request::Interrupt => None,
            Request::Show { name } => {
                self.answers = None;
                Some(Reply::Help {
                    text: self.boards(name.as_deref()),
                })
            }
            Request::Help { filter } => {
                self.answers = None;
                let mut files = self.files.clone();
                // The fast path is loaded with the rules but is not one of the
                // session's files; its predicates are documented too.
                if let Some(Loaded::Rules(rules)) = &self.loaded {
                    files.extend(rules.fast_path().and_then(|f| f.file.clone()));
                }
                Some(match self.engine() {
                    Ok(engine) => Reply::Help {
                        text: super::super::help::help_text(engine, &files, filter.as_deref()),
                    },
                    Err(e) => failed(e),
                })
            }
        }
    }

    /// The boards of the last answer's bindings that the game can draw (its
    /// `view/2` answers for them), each under its name.
    fn boards(&mut self, name: Option<&str>) -> String {
        let Some(Loaded::Rules(rules)) = &self.loaded else {
            return "No game is loaded: its rules did not load (:reload them).".into();
        };
        let engine = rules.engine();
        let names: Vec<String> = match name {
            Some(n) => vec![n.trim_start_matches('$').to_string()],
            None => engine
                .query_value("'$tabula':last_names(Ns)", "Ns")
                .ok()
                .and_then(|t| crate::engine::term::as_list(&t))
                .map(|l| {
                    l.iter()
                        .filter_map(|n| crate::engine::term::as_atom(n).map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
        };
        let module = crate::engine::term::quote_atom(rules.module());
        // The sides' names, for the letters of plain pieces: the same letters as in
        // `tabula play` (W and B, not the seats' A and B).
        let sides: Vec<String> = engine
            .query_value(
                &format!("catch(({module}:game_info(I), memberchk(sides(Ss), I)), _, fail)"),
                "Ss",
            )
            .ok()
            .and_then(|t| crate::engine::term::as_list(&t))
            .map(|l| l.iter().filter_map(crate::engine::term::as_text).collect())
            .unwrap_or_default();
        let mut text = String::new();
        for n in &names {
            let goal = format!(
                "'$tabula':last_binding({}, S), catch({module}:view(S, V), _, fail)",
                crate::engine::term::quote_atom(n)
            );
            if let Ok(view) = engine.query_value(&goal, "V") {
                text.push_str(&format!(
                    "{n}:\n{}",
                    crate::ui::text::render(&view, &[], crate::ui::text::Style::plain(), &sides)
                ));
            } else if name.is_some() {
                text.push_str(&format!(
                    "{n} is not a position of {} in the last answer.\n",
                    rules.module()
                ));
            }
        }
        if text.is_empty() {
            text = "The last answer binds no position of the game.".into();
        }
        text
    }

    /// An unknown procedure named with its module and what may have been meant
    /// (`'$tabula':procedure_named/3`), asked once the goal is over.
    fn procedure_named(&mut self, answer: ReplAnswer) -> ReplAnswer {
        let ReplAnswer::Exception { text, output, .. } = &answer else {
            return answer;
        };
        if !text.starts_with("error(existence_error(procedure,") {
            return answer;
        }
        let goal = format!(
            "'$tabula':procedure_named({}, {text}, E)",
            crate::engine::term::quote_string(&self.goal)
        );
        let named = self
            .engine()
            .ok()
            .and_then(|engine| engine.query_value(&goal, "E").ok());
        match named {
            Some(error) => ReplAnswer::Exception {
                text: crate::engine::term::to_text(&error),
                words: crate::engine::error_sentence(&error).unwrap_or_default(),
                output: output.clone(),
            },
            None => answer,
        }
    }

    fn next_answer(&mut self) -> Reply {
        match self.answers.as_mut().and_then(Iterator::next) {
            Some(answer) => {
                if !matches!(answer, ReplAnswer::Solution { last: false, .. }) {
                    self.answers = None;
                }
                Reply::Answer {
                    answer: self.procedure_named(answer),
                }
            }
            None => {
                self.answers = None;
                Reply::Failed {
                    message: "no goal is waiting for its next answer".into(),
                }
            }
        }
    }
}

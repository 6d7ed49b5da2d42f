//! `tabula serve GAME SPEC`: one of tabula's own players (a built-in level or a `.pl`
//! file) speaking the player protocol on stdin and stdout, so that the referee runs it
//! in a process of its own exactly like a program written in any other language.
//! The commands are documented in `docs/protocol.md`.

use crate::engine::EngineError;
use crate::engine::term::Term;
use crate::game::{GameError, GameInfo, Judged, Rules, State};
use crate::players::spec::PlayerSpec;
use std::io::{BufRead, Write};
use std::path::Path;
use std::time::{Duration, Instant};

/// How much of the budget `genmove` leaves unused: the computer players budget CPU
/// time (Scryer's only fine clock), while the referee times the wall clock, which runs
/// faster when the machine is busy; and the answer must reach the referee.
const MARGIN_MS: u64 = 40;
const MARGIN_PERCENT: u64 = 20;

/// The share of the wall clock this process gets as CPU time, measured over its own
/// work (loading the rules, then each move). On a machine with more work than cores a
/// second of CPU takes longer than a second, so the CPU budget the players think in is
/// scaled down by it and the answer still arrives in time.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    share: f64,
}

/// Measurements shorter than this say little (a greedy move takes a few milliseconds).
const PACE_MIN_WALL: Duration = Duration::from_millis(50);
/// Never think in less than this share of the move time, however busy the machine.
const PACE_FLOOR: f64 = 0.25;

impl Pace {
    /// A process that has not measured anything yet: no slowdown.
    pub fn new() -> Pace {
        Pace { share: 1.0 }
    }

    /// Takes in a piece of work that used `cpu` of CPU time over `wall` of wall clock.
    pub fn observe(&mut self, cpu: Duration, wall: Duration) {
        if wall >= PACE_MIN_WALL {
            self.share = (cpu.as_secs_f64() / wall.as_secs_f64()).clamp(PACE_FLOOR, 1.0);
        }
    }

    /// The CPU milliseconds a player may think when the referee gives `ms` of wall clock:
    /// the margins off, then scaled by the share of CPU this process gets.
    pub fn budget(&self, ms: u64) -> u64 {
        let kept = (u128::from(ms) * u128::from(MARGIN_PERCENT) / 100) as u64;
        let wall = (ms - kept).saturating_sub(MARGIN_MS);
        let cpu = (wall as f64 * self.share) as u64;
        cpu.max(ms / 8).max(1)
    }
}

impl Default for Pace {
    fn default() -> Pace {
        Pace::new()
    }
}

/// CPU time this process has used (all its threads, the engine's included).
fn process_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec it is given and nothing else.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) } == 0;
    if ok {
        Duration::new(
            ts.tv_sec.max(0) as u64,
            ts.tv_nsec.clamp(0, 999_999_999) as u32,
        )
    } else {
        Duration::ZERO
    }
}

/// Runs `work`, telling `pace` how much CPU it got for it.
fn paced<T>(pace: &mut Pace, work: impl FnOnce() -> T) -> T {
    let (cpu0, wall0) = (process_cpu(), Instant::now());
    let result = work();
    pace.observe(process_cpu().saturating_sub(cpu0), wall0.elapsed());
    result
}

/// A player loaded and ready to serve games: the rules, the player, and how much CPU
/// the loading got.
pub struct Loaded {
    info: &'static GameInfo,
    spec: PlayerSpec,
    rules: Rules,
    pace: Pace,
}

impl Loaded {
    /// The rules, with the player loaded.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The player served.
    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }
}

/// Loads `spec` (with the rules, or `rules_file` instead) for serving.
pub fn load(
    info: &'static GameInfo,
    spec: &PlayerSpec,
    rules_file: Option<&Path>,
) -> Result<Loaded, GameError> {
    let mut pace = Pace::new();
    let rules = crate::engine::timing::timed("rules and player loaded", || {
        paced(&mut pace, || spec.load_rules(info, rules_file))
    })?;
    let levels = rules.levels()?;
    spec.check(&levels).map_err(GameError::Usage)?;
    let spec = spec.clone().resolved(&levels);
    if spec.is_human() || spec.is_program() {
        return Err(GameError::Usage(format!(
            "tabula serves its own players (built-in levels and .pl files), not {spec}"
        )));
    }
    Ok(Loaded {
        info,
        spec,
        rules,
        pace,
    })
}

/// Serves `spec` on `input` / `output` until `quit` or the end of input.
pub fn serve(
    info: &'static GameInfo,
    spec: &PlayerSpec,
    rules_file: Option<&Path>,
    seed: u64,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), GameError> {
    let loaded = load(info, spec, rules_file)?;
    serve_loaded(&loaded, seed, input, output)
}

/// Serves a loaded player, with `seed` for its random choices, until `quit` or the
/// end of input.
pub fn serve_loaded(
    loaded: &Loaded,
    seed: u64,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), GameError> {
    loaded.rules.seed(seed)?;
    let mut server = Server {
        info: loaded.info,
        spec: &loaded.spec,
        rules: &loaded.rules,
        options: Vec::new(),
        state: None,
        pace: loaded.pace,
    };
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) => return Err(GameError::Usage(format!("reading the commands: {e}"))),
        }
        let command = line.trim();
        if command.is_empty() || command.starts_with('#') {
            continue;
        }
        let (word, rest) = command
            .split_once(char::is_whitespace)
            .map_or((command, ""), |(w, r)| (w, r.trim()));
        let answer = server.answer(word, rest);
        let written = match &answer {
            Ok(text) if text.is_empty() => write!(output, "=\n\n"),
            Ok(text) => write!(output, "= {text}\n\n"),
            Err(message) => write!(output, "? {}\n\n", message.replace('\n', " ")),
        };
        if written.and_then(|_| output.flush()).is_err() || word == "quit" {
            return Ok(());
        }
    }
}

struct Server<'a> {
    info: &'static GameInfo,
    spec: &'a PlayerSpec,
    rules: &'a Rules,
    options: Vec<Term>,
    state: Option<State>,
    pace: Pace,
}

impl Server<'_> {
    fn answer(&mut self, word: &str, rest: &str) -> Result<String, String> {
        match word {
            "name" => Ok(format!("tabula {}", self.spec)),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "protocol_version" => Ok("1".into()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "known_command" => Ok(COMMANDS.contains(&rest).to_string()),
            "game" => self.game(rest),
            "position" => self.position(rest),
            "play" => self.play(rest),
            "genmove" => self.genmove(rest),
            "quit" => Ok(String::new()),
            _ => Err("unknown command".into()),
        }
    }

    fn game(&mut self, rest: &str) -> Result<String, String> {
        let mut words = rest.split_whitespace();
        let name = words.next().ok_or("game needs the game's name")?;
        if !self.info.is_called(name) {
            return Err(format!("this player plays {}, not {name}", self.info.name));
        }
        let options = crate::game::GameOptions::parse_words(words)?.terms();
        let state = self
            .rules
            .initial_state(&options)
            .map_err(|e| e.to_string())?;
        self.options = options;
        self.state = Some(state);
        Ok(String::new())
    }

    fn position(&mut self, text: &str) -> Result<String, String> {
        let mut options = self.options.clone();
        options.push(Term::compound("position", [Term::string(text)]));
        let state = self
            .rules
            .initial_state(&options)
            .map_err(|e| e.to_string())?;
        self.state = Some(state);
        Ok(String::new())
    }

    fn current(&self) -> Result<&State, String> {
        self.state
            .as_ref()
            .ok_or_else(|| "no game: send game first".to_string())
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let state = self.current()?;
        match self.rules.judge(state, text).map_err(|e| e.to_string())? {
            Judged::Played { next, .. } => {
                self.state = Some(next);
                Ok(String::new())
            }
            Judged::Illegal { .. } => Err(format!("illegal move: {text}")),
            Judged::Unreadable => Err(format!("not a move: {text}")),
        }
    }

    fn genmove(&mut self, rest: &str) -> Result<String, String> {
        let ms: u64 = rest
            .split_whitespace()
            .next()
            .ok_or("genmove needs the milliseconds")?
            .parse()
            .map_err(|_| format!("genmove needs the milliseconds, got {rest:?}"))?;
        let state = self.current()?.clone();
        if !self
            .rules
            .has_legal_move(&state)
            .map_err(|e| e.to_string())?
        {
            return Err("the game is over: there is no move to make".into());
        }
        let budget = self.pace.budget(ms);
        let (rules, spec) = (self.rules, self.spec);
        let thought = crate::engine::timing::timed("genmove: the player thought", || {
            paced(&mut self.pace, || spec.move_in(rules, &state, budget))
        });
        let (mv, _why) = match thought {
            Ok(answer) => answer,
            Err(GameError::Engine(EngineError::Halted)) => {
                // A Prolog program that calls halt ends its process: so does this one,
                // as the player would have in a Prolog system of its own.
                eprintln!("tabula serve: the player called halt: the process ends");
                std::process::exit(0);
            }
            Err(e) => return Err(e.to_string()),
        };
        // The referee judges the move, not this server: an illegal choice is sent as it
        // is (its canonical text when it has one) and the referee says what is wrong.
        match self.rules.judge_move(&state, &mv) {
            Ok(Judged::Played { notation, next, .. }) => {
                self.state = Some(next);
                Ok(notation.unwrap_or_else(|| mv.text().to_string()))
            }
            Ok(Judged::Illegal { notation, .. }) => {
                Ok(notation.unwrap_or_else(|| mv.text().to_string()))
            }
            Ok(Judged::Unreadable) | Err(_) => Ok(mv.text().to_string()),
        }
    }
}

const COMMANDS: &[&str] = &[
    "name",
    "version",
    "protocol_version",
    "list_commands",
    "known_command",
    "game",
    "position",
    "play",
    "genmove",
    "quit",
];

#[cfg(test)]
mod tests {
    use super::Pace;
    use std::time::Duration;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_free_machine_keeps_the_margins_only() {
        // 1000 ms: 20 % and 40 ms kept back.
        assert_eq!(Pace::new().budget(1000), 760);
        let mut pace = Pace::new();
        pace.observe(ms(300), ms(300));
        assert_eq!(pace.budget(1000), 760);
    }

    #[test]
    fn a_busy_machine_scales_the_budget_down() {
        let mut pace = Pace::new();
        pace.observe(ms(150), ms(300));
        assert_eq!(pace.budget(1000), 380);
        // Back to a free machine on the next move.
        pace.observe(ms(500), ms(500));
        assert_eq!(pace.budget(1000), 760);
    }

    #[test]
    fn short_or_extreme_measurements_are_bounded() {
        let mut pace = Pace::new();
        pace.observe(ms(1), ms(20)); // too short to say anything
        assert_eq!(pace.budget(1000), 760);
        pace.observe(ms(1), ms(1000)); // starved: never below a quarter
        assert_eq!(pace.budget(1000), 190);
        pace.observe(ms(2000), ms(1000)); // several threads: never above the wall clock
        assert_eq!(pace.budget(1000), 760);
        // Tiny limits still leave something to think with.
        assert_eq!(Pace::new().budget(100), 40);
        assert_eq!(Pace::new().budget(40), 5);
        assert_eq!(Pace::new().budget(0), 1);
        assert!(Pace::new().budget(u64::MAX) > u64::MAX / 2, "no overflow");
    }
}

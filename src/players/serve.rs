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

/// How much of the budget `genmove` leaves unused for a player file, which may budget
/// CPU time (`statistics(runtime, _)`), while the referee times the wall clock, which
/// runs faster when the machine is busy; and the answer must reach the referee.
const MARGIN_MS: u64 = 40;
const MARGIN_PERCENT: u64 = 20;

/// How much of the move time tabula's own players leave unused. They plan in wall
/// time (`statistics(walltime, _)`, the referee's clock) to the budget they are
/// given; what they are not given is the time this server takes around their search
/// (measured at each move: [`Pace::overhead`]), and this margin for what no process
/// can measure of itself: being woken and thawed for `genmove`, the pipes, and a
/// search's last step past its deadline. Measured: the time-budget test in
/// `tests/time_budget.rs` (figures in docs/benchmarks.md).
const WALL_MARGIN_MS: u64 = 25;

/// The budget of the search that warms a player up when a game is set up.
const WARM_UP_MS: u64 = 10;
const WALL_MARGIN_PERCENT: u64 = 8;

/// The share of the wall clock this process gets as CPU time, measured over its own
/// work (loading the rules, then each move). On a machine with more work than cores a
/// second of CPU takes longer than a second, so the CPU budget the players think in is
/// scaled down by it and the answer still arrives in time.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    share: f64,
    /// The most time a `genmove` took outside the player's search, in this process.
    overhead: Duration,
}

/// Measurements shorter than this say little (a greedy move takes a few milliseconds).
const PACE_MIN_WALL: Duration = Duration::from_millis(50);
/// Never think in less than this share of the move time, however busy the machine.
const PACE_FLOOR: f64 = 0.25;

impl Pace {
    /// A process that has not measured anything yet: no slowdown.
    pub fn new() -> Pace {
        Pace {
            share: 1.0,
            overhead: Duration::ZERO,
        }
    }

    /// Takes in the time a `genmove` took outside the player's search.
    pub fn overhead(&mut self, outside: Duration) {
        self.overhead = self.overhead.max(outside.min(Duration::from_secs(1)));
    }

    /// The wall milliseconds one of tabula's own players may plan to when the referee
    /// gives `ms`: the margin and the overhead measured so far off.
    pub fn wall_budget(&self, ms: u64) -> u64 {
        let kept = (u128::from(ms) * u128::from(WALL_MARGIN_PERCENT) / 100) as u64
            + WALL_MARGIN_MS
            + self.overhead.as_millis() as u64;
        ms.saturating_sub(kept).max(ms / 4).max(1)
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
        // A first, tiny search on the start: the first of a player's searches pays
        // for what Scryer does once (measured: 20-30 ms more on the first move of
        // mcts, enough to lose a 0.1 s move), and `game` has the time for it.
        if matches!(self.spec, PlayerSpec::Builtin(_))
            && self.rules.has_legal_move(&state).unwrap_or(false)
        {
            let _ = self.spec.move_in(self.rules, &state, WARM_UP_MS);
        }
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
        let asked = Instant::now();
        let state = self.current()?.clone();
        if !self
            .rules
            .has_legal_move(&state)
            .map_err(|e| e.to_string())?
        {
            return Err("the game is over: there is no move to make".into());
        }
        // tabula's own levels plan in wall time; a player file may budget CPU time.
        let budget = match self.spec {
            PlayerSpec::Builtin(_) => self.pace.wall_budget(ms),
            _ => self.pace.budget(ms),
        };
        let (rules, spec) = (self.rules, self.spec);
        let mut searched = Duration::ZERO;
        let thought = crate::engine::timing::timed("genmove: the player thought", || {
            paced(&mut self.pace, || {
                let started = Instant::now();
                let answer = spec.move_in(rules, &state, budget);
                searched = started.elapsed();
                answer
            })
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
        let answer = match self.rules.judge_move(&state, &mv) {
            Ok(Judged::Played { notation, next, .. }) => {
                self.state = Some(next);
                notation.unwrap_or_else(|| mv.text().to_string())
            }
            Ok(Judged::Illegal { notation, .. }) => {
                notation.unwrap_or_else(|| mv.text().to_string())
            }
            Ok(Judged::Unreadable) | Err(_) => mv.text().to_string(),
        };
        self.pace.overhead(asked.elapsed().saturating_sub(searched));
        Ok(answer)
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
    fn tabula_s_own_players_plan_to_the_wall_clock_less_what_was_measured() {
        let mut pace = Pace::new();
        // 8 % and 25 ms kept back; a busy machine changes nothing (wall time).
        assert_eq!(pace.wall_budget(1000), 895);
        pace.observe(ms(150), ms(300));
        assert_eq!(pace.wall_budget(1000), 895);
        assert_eq!(pace.wall_budget(100), 67);
        // The time around the search, once measured, is kept back too.
        pace.overhead(ms(9));
        pace.overhead(ms(3));
        assert_eq!(pace.wall_budget(100), 58);
        // Never below a quarter of the move time.
        pace.overhead(ms(5000));
        assert_eq!(pace.wall_budget(100), 25);
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

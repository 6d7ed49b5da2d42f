//! `tabula bench`: random playouts through the rules, on the fast path and as written
//! (`tabula bench startup`, the players' start-up, is in `bench_startup.rs`; `tabula
//! bench search`, a player's search at a fixed depth, in `bench_search.rs`; `tabula bench
//! exact`, the horizon of a player's exact endgame search, in `bench_exact.rs`).

use super::*;

#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// The game whose rules to measure; or `startup`, to measure how long players take
    /// to start (each game's weakest and strongest, and the referee's cost per game);
    /// or `search`, to measure a game's computer player searching a fixed suite of
    /// positions to a fixed depth; or `exact`, to measure how many moves from the end a
    /// game's exact endgame search solves a fixed suite of positions within a budget
    pub(super) game: Option<String>,
    /// After `startup`: the games to measure (default: every game with its own players);
    /// after `search` or `exact`: the game
    #[arg(value_name = "GAMES")]
    pub(super) games: Vec<String>,
    /// After `search`: the depth to search each position to
    #[arg(long, default_value_t = 4)]
    pub(super) depth: u32,
    /// After `search`: the iterations of the generic mcts in each position
    #[arg(long, default_value_t = 1000)]
    pub(super) iterations: u32,
    /// After `exact`: the CPU milliseconds the search has for each position
    #[arg(long, default_value_t = 1000)]
    pub(super) budget: u64,
    /// After `exact`: solve only the first this many positions of each count of moves
    /// left (default: all of them)
    #[arg(long)]
    pub(super) positions: Option<u32>,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// Number of random games to play
    #[arg(long, default_value_t = 500)]
    pub(super) playouts: u32,
    /// Seed of the random games
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// A rules file to measure instead of the game's own
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
    /// Rounds of measures, in turn (fast path, rules as written, yardstick); the best
    /// of each is shown, since a shared machine only ever slows a measure down
    #[arg(long, default_value_t = 3)]
    pub(super) rounds: u32,
}

/// The CPU time this process has used so far: the engine's thread does the work, and a
/// busy machine steals wall time, not CPU time.
fn cpu_time() -> f64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage only writes the struct it is given.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return 0.0;
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Runs `run` (a query answering a count of plies) and gives the plies and the CPU
/// seconds it took.
fn measured(run: impl FnOnce() -> Result<Term, GameError>) -> Result<(i64, f64), GameError> {
    let start = cpu_time();
    let plies = run()?;
    Ok((
        term::as_i64(&plies).unwrap_or(0),
        (cpu_time() - start).max(1e-9),
    ))
}

/// The best speed of the rounds, in plies per CPU second.
#[derive(Default)]
struct Best {
    plies: i64,
    secs: f64,
}

impl Best {
    fn keep(&mut self, (plies, secs): (i64, f64)) {
        if self.secs == 0.0 || plies as f64 / secs > self.speed() {
            *self = Best { plies, secs };
        }
    }
    fn speed(&self) -> f64 {
        self.plies as f64 / self.secs.max(1e-9)
    }
}

pub(super) fn bench(args: BenchArgs) -> Result<(), GameError> {
    if args.game.as_deref() == Some("startup") {
        return super::bench_startup::bench_startup(&args.games);
    }
    if args.game.as_deref() == Some("exact") {
        return super::bench_exact::bench_exact(&args.games, args.budget, args.positions);
    }
    if args.game.as_deref() == Some("search") {
        return super::bench_search::bench_search(
            &args.games,
            args.rules.as_deref(),
            args.depth,
            args.iterations,
            args.rounds,
        );
    }
    if let Some(extra) = args.games.first() {
        return Err(GameError::Usage(format!(
            "bench measures one game at a time ({extra:?} is one too many); \
             `tabula bench startup GAME...` measures several"
        )));
    }
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    let started = Instant::now();
    let rules = Rules::load(info, args.rules.as_deref())?;
    let start_time = started.elapsed();
    let options = args.board.options(args.seed);
    // The board as the rules make it, to report its size.
    args.board.check_extra(info)?;
    let state = args.board.start_state(&rules, info, &options)?;
    let size = board_size(&rules, &state);
    rules.engine().consult(&game::core_file("playouts.pl"))?;
    let goal = format!(
        "playouts:random_playouts({}, {}, {}, {}, Plies)",
        term::quote_atom(rules.module()),
        term::to_text(&Term::List(options)),
        args.seed,
        args.playouts
    );
    // The fast path (or the rules, when there is none), the rules as written and the
    // naive yardstick, measured in turn, round after round.
    let fast = rules
        .fast_path()
        .filter(|f| f.file.is_some() && f.used())
        .and_then(|f| f.module.clone());
    let options = term::to_text(&Term::List(args.board.options(args.seed)));
    let slow_games = (args.playouts / 10).max(1);
    let slow_goal = format!(
        "playouts:random_playouts({}, {options}, {}, {slow_games}, Plies)",
        term::quote_atom(rules.module()),
        args.seed,
    );
    let naive = naive_file(rules.module(), &args);
    let naive_games = (args.playouts / 20).max(1);
    if let Some(file) = &naive {
        rules.engine().consult(file)?;
    }
    let naive_goal = format!(
        "{}_naive:naive_playouts({options}, {}, {naive_games}, Plies, _)",
        rules.module(),
        args.seed,
    );
    let (mut best, mut best_slow, mut best_naive) =
        (Best::default(), Best::default(), Best::default());
    for _ in 0..args.rounds.max(1) {
        best.keep(measured(|| {
            Ok(rules.engine().query_value(&goal, "Plies")?)
        })?);
        if let Some(fast_module) = &fast {
            best_slow.keep(measured(|| {
                Ok(game::accelerate::without_fast_path(
                    rules.engine(),
                    rules.module(),
                    fast_module,
                    || rules.engine().query_value(&slow_goal, "Plies"),
                )??)
            })?);
        }
        if naive.is_some() {
            best_naive.keep(measured(|| {
                Ok(rules.engine().query_value(&naive_goal, "Plies")?)
            })?);
        }
    }
    println!("game        {} ({})", info.name, info.title);
    if let Some(size) = size {
        println!("board       {size}");
    }
    println!(
        "engine      started and rules loaded in {:.0} ms",
        start_time.as_secs_f64() * 1000.0
    );
    println!(
        "playouts    {} random games, {} plies in {:.2} s of CPU (the best of {} rounds)",
        args.playouts,
        best.plies,
        best.secs,
        args.rounds.max(1)
    );
    let speed = best.speed();
    println!(
        "speed       {speed:.0} plies/s, {:.0} playouts/s{}",
        f64::from(args.playouts) / best.secs.max(1e-9),
        match rules
            .fast_path()
            .filter(|f| f.used())
            .and_then(|f| f.file.as_ref())
        {
            Some(file) => format!(
                " (on the fast path, {})",
                file.file_name().unwrap_or_default().to_string_lossy()
            ),
            None => String::new(),
        }
    );
    // The same playouts on the rules as written, for the ratio (fewer of them: the
    // rules as written are many times slower).
    if let Some(fast_path) = rules.fast_path().filter(|f| f.file.is_some()) {
        if fast.is_some() {
            println!(
                "as written  {:.0} plies/s on the rules alone ({slow_games} games): the fast path is {:.1} times as fast",
                best_slow.speed(),
                speed / best_slow.speed().max(1e-9)
            );
        } else if let Some(warning) = fast_path.warning(&info.file) {
            println!("fast path   not used: {warning}");
        }
    }
    if let Some(file) = &naive {
        println!(
            "naive       {:.0} plies/s on {} ({naive_games} games, the yardstick): the rules \
             tabula plays are {:.1} times as fast",
            best_naive.speed(),
            file.strip_prefix(game::prolog_dir())
                .unwrap_or(file)
                .display(),
            speed / best_naive.speed().max(1e-9)
        );
    }
    Ok(())
}

/// The game's naive version, when it has one (`bench/<game>_naive.pl` in the game's
/// folder, the straightforward way to write it, e.g. a board of lists): the yardstick
/// the speed of the rules is measured against. Not for a chosen start, which it cannot
/// set up.
fn naive_file(module: &str, args: &BenchArgs) -> Option<PathBuf> {
    let file = game::games_dir()
        .join(module)
        .join("bench")
        .join(format!("{module}_naive.pl"));
    (file.is_file() && args.board.start.is_none() && !args.board.random_start).then_some(file)
}

pub(super) fn board_size(rules: &Rules, state: &game::State) -> Option<String> {
    let view = rules.view(state).ok()?;
    match &view {
        Term::Compound(_, args) if args.len() >= 2 => {
            let rows = term::as_i64(&args[0])?;
            let cols = term::as_i64(&args[1])?;
            Some(format!("{rows} x {cols}"))
        }
        _ => None,
    }
}

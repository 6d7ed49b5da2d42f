//! `tabula bench`: random playouts through the rules, on the fast path and as written
//! (`tabula bench startup`, the players' start-up, is in `bench_startup.rs`).

use super::*;

#[derive(Args, Debug)]
pub(super) struct BenchArgs {
    /// The game whose rules to measure; or `startup`, to measure how long players take
    /// to start (each game's weakest and strongest, and the referee's cost per game)
    pub(super) game: Option<String>,
    /// After `startup`: the games to measure (default: every game with its own players)
    #[arg(value_name = "GAMES")]
    pub(super) games: Vec<String>,
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
}

pub(super) fn bench(args: BenchArgs) -> Result<(), GameError> {
    if args.game.as_deref() == Some("startup") {
        return super::bench_startup::bench_startup(&args.games);
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
    rules
        .engine()
        .consult(&game::prolog_dir().join("playouts.pl"))?;
    let goal = format!(
        "playouts:random_playouts({}, {}, {}, {}, Plies)",
        term::quote_atom(rules.module()),
        term::to_text(&Term::List(options)),
        args.seed,
        args.playouts
    );
    let timer = Instant::now();
    let plies = rules.engine().query_value(&goal, "Plies")?;
    let elapsed = timer.elapsed().as_secs_f64();
    let plies = term::as_i64(&plies).unwrap_or(0);
    println!("game        {} ({})", info.name, info.title);
    if let Some(size) = size {
        println!("board       {size}");
    }
    println!(
        "engine      started and rules loaded in {:.0} ms",
        start_time.as_secs_f64() * 1000.0
    );
    println!(
        "playouts    {} random games, {plies} plies in {elapsed:.2} s",
        args.playouts
    );
    let speed = plies as f64 / elapsed.max(1e-9);
    println!(
        "speed       {speed:.0} plies/s, {:.0} playouts/s{}",
        f64::from(args.playouts) / elapsed.max(1e-9),
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
    if let Some(fast) = rules.fast_path().filter(|f| f.file.is_some()) {
        if let (true, Some(fast_module)) = (fast.used(), &fast.module) {
            let n = (args.playouts / 10).max(1);
            let goal = format!(
                "playouts:random_playouts({}, {}, {}, {n}, Plies)",
                term::quote_atom(rules.module()),
                term::to_text(&Term::List(args.board.options(args.seed))),
                args.seed,
            );
            let timer = Instant::now();
            let slow = game::accelerate::without_fast_path(
                rules.engine(),
                rules.module(),
                fast_module,
                || rules.engine().query_value(&goal, "Plies"),
            )??;
            let slow_elapsed = timer.elapsed().as_secs_f64();
            let slow_speed = term::as_i64(&slow).unwrap_or(0) as f64 / slow_elapsed.max(1e-9);
            println!(
                "as written  {slow_speed:.0} plies/s on the rules alone ({n} games): the fast path is {:.1} times as fast",
                speed / slow_speed.max(1e-9)
            );
        } else if let Some(warning) = fast.warning(&info.file) {
            println!("fast path   not used: {warning}");
        }
    }
    yardstick(&rules, &args, speed)?;
    Ok(())
}

/// The same random games on the game's naive version, when it has one
/// (`prolog/bench/<game>_naive.pl`, the straightforward way to write it, e.g. a board of
/// lists): the yardstick the speed of the rules is measured against.
fn yardstick(rules: &Rules, args: &BenchArgs, speed: f64) -> Result<(), GameError> {
    let file = game::prolog_dir()
        .join("bench")
        .join(format!("{}_naive.pl", rules.module()));
    if !file.is_file() || args.board.start.is_some() || args.board.random_start {
        return Ok(());
    }
    rules.engine().consult(&file)?;
    let n = (args.playouts / 20).max(1);
    let goal = format!(
        "{}_naive:naive_playouts({}, {}, {n}, Plies, _)",
        rules.module(),
        term::to_text(&Term::List(args.board.options(args.seed))),
        args.seed,
    );
    let timer = Instant::now();
    let plies = rules.engine().query_value(&goal, "Plies")?;
    let naive = term::as_i64(&plies).unwrap_or(0) as f64 / timer.elapsed().as_secs_f64().max(1e-9);
    println!(
        "naive       {naive:.0} plies/s on {} ({n} games, the yardstick): the rules \
         tabula plays are {:.1} times as fast",
        file.strip_prefix(game::prolog_dir())
            .unwrap_or(&file)
            .display(),
        speed / naive.max(1e-9)
    );
    Ok(())
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

//! `tabula tournament`: a championship (on this machine, in shards or on Slurm), and `tournament merge`.

use super::table::{championship_board, player_sandbox, table_setup};
use super::*;
use crate::game::Scoring;

#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(super) struct TournamentArgs {
    #[command(subcommand)]
    pub(super) action: Option<TournamentAction>,
    /// The game
    #[arg(required = true)]
    pub(super) game: Option<String>,
    /// A player: ai, greedy, random, FILE.pl, FILE.lisp (kingpawn, run by SBCL) or
    /// "cmd:PROGRAM ARGS", optionally named: NAME=SPEC (repeat for every player); SPEC@MS
    /// gives it a limit a move of its own in milliseconds (time odds): fast=ai@250.
    /// In the sandbox a cmd: player sees, read-only, the folder of its program (when
    /// given as a path; a virtual environment's whole folder) and of each file its
    /// words name (a folder only when written with a /), never the --out folder nor
    /// another player's; a bare word stays a word. Of the machine only /usr; only
    /// /tmp and /dev/shm are writable (docs/security.md)
    #[arg(long = "player", value_name = "SPEC", required = true)]
    pub(super) players: Vec<String>,
    /// The folder for the records, logs, standings and web page; rerunning with the
    /// same folder resumes
    #[arg(long, value_name = "DIR", required = true)]
    pub(super) out: Option<PathBuf>,
    /// Play only shard K of N: a balanced part of the schedule (each player's games
    /// split within one game per shard), into its own folder; `tabula tournament
    /// merge` makes the shards one result
    #[arg(long, value_name = "K/N", conflicts_with = "slurm")]
    pub(super) shard: Option<crate::referee::championship::Shard>,
    #[command(flatten)]
    pub(super) cluster: crate::cluster::slurm::SlurmArgs,
    /// How games score and grades are given (default: the game's own assignment)
    #[arg(long, value_enum)]
    pub(super) scoring: Option<Scoring>,
    /// Games played at once, each pinned to cores of its own (default: one per core).
    /// Run at most one game per core: with more, games share cores and a player's
    /// second of thinking buys less
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) jobs: Option<u16>,
    /// Seed of the schedule, the random start and the players' random choices
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// Seconds a player has for each move
    #[arg(long, default_value_t = 1.0)]
    pub(super) move_time: f64,
    /// The cap on each player's memory (e.g. 1G, 512M)
    #[arg(long, default_value = "1G")]
    pub(super) memory: String,
    /// A late submission: NAME=DAYS costs one grade point a day (repeatable)
    #[arg(long, value_name = "NAME=DAYS")]
    pub(super) late: Vec<String>,
    /// Run the players without the sandbox (bubblewrap): only for programs you trust,
    /// since they run with your rights. Said in the standings and the page
    #[arg(long)]
    pub(super) no_sandbox: bool,
    /// Let players think while it is the opponent's turn (by default a player is
    /// frozen whenever it is not being asked something)
    #[arg(long)]
    pub(super) ponder: bool,
    /// A rules file to use instead of the game's own
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub(super) enum TournamentAction {
    /// Merge the shards of a championship (`--shard K/N` folders) into one result,
    /// exactly as the unsharded run would have written it
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
pub(super) struct MergeArgs {
    /// The shards' folders
    #[arg(required = true)]
    pub(super) dirs: Vec<PathBuf>,
    /// The folder for the merged records, standings and page
    #[arg(long, value_name = "DIR")]
    pub(super) out: PathBuf,
    /// The rules file the shards were played with, if not the game's own
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
}

/// The `tabula tournament` arguments a shard runs with (all but `--out`, `--shard`
/// and the cluster's options), for the cluster's job script.
pub(super) fn shard_command(args: &TournamentArgs, game: &str) -> Vec<String> {
    let mut c: Vec<String> = vec!["tournament".into(), game.into()];
    let mut opt = |k: &str, v: String| {
        c.push(k.into());
        c.push(v);
    };
    for p in &args.players {
        opt("--player", p.clone());
    }
    if let Some(scoring) = args.scoring {
        opt("--scoring", scoring.name().to_string());
    }
    opt("--seed", args.seed.to_string());
    if let Some(r) = args.board.rows {
        opt("--rows", r.to_string());
    }
    if let Some(k) = args.board.cols {
        opt("--cols", k.to_string());
    }
    if let Some(t) = &args.board.start {
        opt("--start", t.clone());
    }
    opt("--move-time", args.move_time.to_string());
    opt("--memory", args.memory.clone());
    for l in &args.late {
        opt("--late", l.clone());
    }
    if let Some(r) = &args.rules {
        opt(
            "--rules",
            crate::players::sandbox::absolute(r)
                .to_string_lossy()
                .into(),
        );
    }
    if let Some(j) = args.jobs {
        opt("--jobs", j.to_string());
    }
    if args.board.random_start {
        c.push("--random-start".into());
    }
    if args.no_sandbox {
        c.push("--no-sandbox".into());
    }
    if args.ponder {
        c.push("--ponder".into());
    }
    c
}

pub(super) fn tournament(args: TournamentArgs) -> Result<(), GameError> {
    use crate::referee::championship::{self, Championship};
    if let Some(TournamentAction::Merge(m)) = &args.action {
        for line in crate::cluster::merge::merge(&m.dirs, &m.out, m.rules.as_deref())? {
            println!("{line}");
        }
        return Ok(());
    }
    let (Some(game), Some(out)) = (args.game.clone(), args.out.clone()) else {
        return Err(GameError::Usage(
            "tabula tournament needs a GAME and --out DIR".into(),
        ));
    };
    let info = game_info(Some(&game), args.rules.as_deref())?;
    let entrants = args
        .players
        .iter()
        .map(|p| {
            p.parse::<crate::players::spec::Entrant>()
                .map_err(GameError::Usage)
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (k, e) in entrants.iter().enumerate() {
        if entrants[..k].iter().any(|o| o.name == e.name) {
            return Err(GameError::Usage(format!(
                "two players are named {:?}: name them NAME=SPEC",
                e.name
            )));
        }
        if e.spec.is_human() {
            return Err(GameError::Usage(
                "a championship is between programs: human cannot play".into(),
            ));
        }
    }
    let referee = Rules::load(info, args.rules.as_deref())?;
    let levels = referee.levels()?;
    for e in &entrants {
        e.spec
            .check(&levels)
            .map_err(|m| GameError::Usage(format!("{}: {m}", e.name)))?;
    }
    let scoring = args
        .scoring
        .or(info.championship.scoring)
        .unwrap_or(Scoring::Points);
    let board = championship_board(info, args.board.clone());
    let (options, start) = table_setup(info, &board, args.seed, args.rules.as_deref())?;
    let mut late = Vec::new();
    for l in &args.late {
        let (name, days) = l
            .rsplit_once('=')
            .ok_or_else(|| GameError::Usage(format!("--late {l:?}: expected NAME=DAYS")))?;
        let days: u32 = days
            .trim()
            .parse()
            .map_err(|_| GameError::Usage(format!("--late {l:?}: DAYS is a whole number")))?;
        if !entrants.iter().any(|e| e.name == name) {
            return Err(GameError::Usage(format!(
                "--late {l:?}: no player is named {name:?}"
            )));
        }
        late.push((name.to_string(), days));
    }
    let jobs = args.jobs.map(usize::from).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let specs: Vec<&PlayerSpec> = entrants.iter().map(|e| &e.spec).collect();
    if args.cluster.slurm {
        return crate::cluster::slurm::run(&args.cluster, &out, &shard_command(&args, &game))
            .map_err(|e| match e {
                crate::cluster::slurm::SlurmError::Championship(e) => e,
                e => GameError::Usage(e.to_string()),
            });
    }
    let sandbox = player_sandbox(args.no_sandbox, &specs, vec![out.clone()])?;
    let table = crate::referee::game::Table {
        game: info,
        options,
        start,
        move_ms: move_time_ms(args.move_time)?,
        memory_bytes: memory_bytes(&args.memory)?,
        tabula: tabula_exe()?,
        rules_file: args.rules.as_deref(),
        log_dir: Some(out.join("logs")),
        live_dir: Some(out.join(crate::referee::live::LIVE_DIR)),
        sandbox,
        cores: Vec::new(),
        ponder: args.ponder,
        templates: crate::players::forkserver::Templates::for_this_machine(),
    };
    // A student's file that does not load, or a program that cannot be given what it
    // needs, is not started: it loses each of its games at once, and the teacher
    // hears of it now. A file is loaded in its sandbox.
    let unloadable = unloadable_entrants(&table, &entrants, jobs);
    for (name, why) in &unloadable {
        eprintln!("warning: {name}: {why}: it loses its games");
    }
    let ch = Championship {
        table,
        entrants,
        scoring,
        self_games: info.championship.self_games,
        seed: args.seed,
        jobs,
        dir: out.clone(),
        late,
        shard: args.shard,
        confinement: None,
        unloadable,
    };
    // One runner per folder, for the whole run: two would play the same games and
    // write the same files.
    let lock = championship::lock_folder(&ch.dir)?;
    // Games a stopped run left in flight are played again from their start.
    let _ = std::fs::remove_dir_all(ch.dir.join(crate::referee::live::LIVE_DIR));
    println!(
        "{} championship: {} players, {} games, {} at once; start {}",
        info.title,
        ch.entrants.len(),
        championship::schedule(ch.entrants.len(), ch.self_games).len(),
        jobs,
        ch.table.start.as_deref().unwrap_or("the usual one")
    );
    let mut stdout = std::io::stdout();
    let records = championship::run(&ch, &lock, &mut stdout)?;
    if let Some(shard) = ch.shard {
        println!(
            "shard {}/{}: {} games recorded in {}; when every shard is done: tabula tournament merge SHARD_DIR… --out DIR",
            shard.number,
            shard.count,
            records.len(),
            ch.dir.display()
        );
        return Ok(());
    }
    let res = championship::results(&ch, &records);
    println!("\n{}", championship::standings_text(&res));
    let written = championship::write_outputs(&ch, &res, &records, &referee)?;
    for path in written {
        println!("wrote {}", path.display());
    }
    println!("games and logs in {}", ch.dir.display());
    Ok(())
}

/// The entrants whose file does not load, or whose program cannot be started, and
/// why, each checked in its sandbox ([`crate::referee::game::check_loads`]), `jobs`
/// at a time.
fn unloadable_entrants(
    table: &crate::referee::game::Table,
    entrants: &[crate::players::spec::Entrant],
    jobs: usize,
) -> Vec<(String, String)> {
    use crate::referee::game::{Seat, check_loads};
    let files: Vec<Seat> = entrants
        .iter()
        .filter(|e| matches!(e.spec, PlayerSpec::File(_)) || e.spec.is_program())
        .map(|e| Seat {
            name: e.name.clone(),
            spec: e.spec.clone(),
            move_ms: e.move_ms,
            unloadable: None,
        })
        .collect();
    if files.is_empty() {
        return Vec::new();
    }
    let loading = files
        .iter()
        .filter(|s| matches!(s.spec, PlayerSpec::File(_)))
        .count();
    if loading > 1 {
        eprintln!("checking that {loading} player files load …");
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let found = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, files.len()) {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(seat) = files.get(k) else { return };
                    if let Err(why) = check_loads(table, seat)
                        && let Ok(mut found) = found.lock()
                    {
                        found.push((k, seat.name.clone(), why));
                    }
                }
            });
        }
    });
    let mut found = found.into_inner().unwrap_or_default();
    found.sort();
    found
        .into_iter()
        .map(|(_, name, why)| (name, why))
        .collect()
}

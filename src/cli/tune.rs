//! `tabula tune GAME`: finds by play which generic player the game's `ai` should be.
//! A game without a strongest player of its own gets the generic `ai`, which plays as
//! `alphabeta` when the game judges positions (`evaluation/3`) or keeps running scores
//! (`scores/2`) and as `mcts` otherwise:
//! a rule of thumb. This plays the candidates against each other, colours alternating,
//! at the move time given, and keeps the winner for these rules files (see
//! `game::tuned`): from then on `ai` plays as it, here and in the players a referee
//! starts, until a file it was found with changes.

use super::table::{player_sandbox, table_setup};
use super::*;
use crate::game::tuned::{self, Tuned};

#[derive(Args, Debug)]
pub(super) struct TuneArgs {
    /// The game
    pub(super) game: Option<String>,
    /// Seconds each player may think per move: tune at the move time ai will play at
    #[arg(long, default_value_t = 1.0)]
    pub(super) move_time: f64,
    /// Games between the candidates, colours alternating (an even number is fair)
    #[arg(long, default_value_t = 6)]
    pub(super) games: u32,
    /// Seed of the players' random choices
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    #[command(flatten)]
    pub(super) board: BoardArgs,
    /// A rules file to use instead of the game's own (the choice is kept for it)
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
}

/// The generic levels that may be ai, in the order they play the first game.
const CANDIDATES: [&str; 2] = ["alphabeta", "mcts"];

pub(super) fn tune(args: TuneArgs) -> Result<(), GameError> {
    let info = game_info(args.game.as_deref(), args.rules.as_deref())?;
    if let Some(own) = info
        .levels
        .iter()
        .find(|l| l.name == info.strongest && !l.generic)
    {
        return Err(GameError::Usage(format!(
            "{} has a strongest player of its own ({}, in {}): ai is that player. tabula tune \
             chooses among the generic players for games that have only them",
            info.name,
            own.name,
            info.players_file.as_deref().map_or_else(
                || info.file.display().to_string(),
                |p| p.display().to_string()
            )
        )));
    }
    if args.games == 0 {
        return Err(GameError::Usage("--games must be 1 or more".into()));
    }
    let rules = Rules::load(info, args.rules.as_deref())?;
    let hash = rules.tuning_key()?;
    let before = rules.generic_ai()?;
    let sides: [PlayerSpec; 2] = [
        CANDIDATES[0].parse().map_err(GameError::Usage)?,
        CANDIDATES[1].parse().map_err(GameError::Usage)?,
    ];
    let (options, start) = table_setup(info, &args.board, args.seed, args.rules.as_deref())?;
    let sandbox = player_sandbox(false, &[&sides[0], &sides[1]], Vec::new())?;
    let move_ms = move_time_ms(args.move_time)?;
    println!(
        "Tuning {}: {} against {}, {} games at {} s a move, colours alternating.\n\
         ai plays as {} until then: {}.\n",
        info.name,
        CANDIDATES[0],
        CANDIDATES[1],
        args.games,
        args.move_time,
        before.level,
        before.why
    );
    let spec = MatchSpec {
        table: crate::referee::game::Table {
            game: info,
            options,
            start,
            move_ms,
            memory_bytes: memory_bytes("1G")?,
            tabula: tabula_exe()?,
            rules_file: args.rules.as_deref(),
            log_dir: None,
            live_dir: None,
            sandbox,
            cores: Vec::new(),
            ponder: false,
            templates: crate::players::forkserver::Templates::for_this_machine(),
        },
        sides,
        side_move_ms: [None, None],
        games: args.games,
        seed: args.seed,
    };
    let result = run_match(&spec, &mut std::io::stdout(), None)?;
    // Half points: a win 2, a tie 1.
    let points = |k: usize| 2 * result.sides[k].wins + result.sides[k].ties;
    let (a, b) = (points(0), points(1));
    let (level, words) = if a == b {
        (
            before.level.clone(),
            format!(
                "{} and {} drew {} to {} at {} s a move: the rule stands ({})",
                CANDIDATES[0],
                CANDIDATES[1],
                half(a),
                half(b),
                args.move_time,
                before.why
            ),
        )
    } else {
        let (w, l, wp, lp) = if a > b { (0, 1, a, b) } else { (1, 0, b, a) };
        (
            CANDIDATES[w].to_string(),
            format!(
                "tuned by play: it beat {} {} to {} in {} games at {} s a move",
                CANDIDATES[l],
                half(wp),
                half(lp),
                args.games,
                args.move_time
            ),
        )
    };
    let choice = Tuned { level, why: words };
    let kept = tuned::keep(&hash, &choice)?;
    println!(
        "\nai for {} now plays as {}: {}.\nKept in {} (forgotten when the rules, their \
         fast path or the generic players change).",
        info.name,
        choice.level,
        choice.why,
        kept.display()
    );
    Ok(())
}

/// Half points as points: 7 is "3.5".
fn half(h: u32) -> String {
    if h.is_multiple_of(2) {
        (h / 2).to_string()
    } else {
        format!("{}.5", h / 2)
    }
}

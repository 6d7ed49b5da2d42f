//! The table of a match or a championship: the board, the players' sandbox and the referee's settings.

use super::*;
use crate::game::{GameOptions, OptionValue};

/// A table's `key=value` options and its start position text.
type TableSetup = (Vec<(String, String)>, Option<String>);

/// The `key=value` options of the protocol's `game` command and the start position
/// text for a board: the sizes given, and for `--random-start` the position drawn
/// from `seed` (with its size); `--start` as given.
pub(super) fn table_setup(
    info: &GameInfo,
    board: &BoardArgs,
    seed: u64,
    rules_file: Option<&Path>,
) -> Result<TableSetup, GameError> {
    let mut options = GameOptions::new();
    let mut start = board.start.clone();
    let (mut rows, mut cols) = (board.rows, board.cols);
    board.check_extra(info)?;
    if board.start.is_some() && !board.random_start {
        // Refused here, in words, rather than by the referee in the first game.
        let rules = Rules::load(info, rules_file)?;
        board.start_state(&rules, info, &board.options(seed))?;
    }
    if board.random_start {
        let rules = Rules::load(info, rules_file)?;
        let state = rules.initial_state(&board.options(seed))?;
        let text = rules
            .position_text(&state)?
            .ok_or_else(|| GameError::Usage(format!("{} has no random start", info.name)))?;
        if let Some(board) = crate::game::board::Board::from_view(&rules.view(&state)?) {
            rows = Some(board.shape.rows());
            cols = Some(board.shape.cols());
        }
        start = Some(text);
    }
    if let Some(r) = rows {
        options.set("rows", OptionValue::Int(r.into()));
    }
    if let Some(c) = cols {
        options.set("cols", OptionValue::Int(c.into()));
    }
    for o in &board.extra {
        if let Some((name, value)) = o.split_once('=') {
            options.set(name.trim(), OptionValue::parse(value));
        }
    }
    Ok((options.pairs(), start))
}

/// The sandbox for a match or championship between `players`, hiding `hidden` from
/// them, and each player's folders from the others. Without one, tabula's own players
/// run as they are (with a warning); programs and `.pl` files are refused, unless
/// `--no-sandbox` says to run them anyway.
pub(super) fn player_sandbox(
    no_sandbox: bool,
    players: &[&PlayerSpec],
    hidden: Vec<PathBuf>,
) -> Result<Option<Arc<Sandbox>>, GameError> {
    if no_sandbox {
        eprintln!(
            "warning: --no-sandbox: the players run with your rights, unconfined: only for programs you trust"
        );
        return Ok(None);
    }
    let own: Vec<PathBuf> = players.iter().flat_map(|s| s.own_folders()).collect();
    let untrusted = players
        .iter()
        .any(|s| s.is_program() || matches!(s, PlayerSpec::File(_)));
    match Sandbox::new(hidden, own) {
        Ok(sandbox) => {
            if let Some(missing) =
                crate::players::sandbox::cgroup::Hierarchies::detect().missing_text()
            {
                eprintln!(
                    "note: no control group for {missing} on this machine: resource limits stand in where they can (docs/security.md)"
                );
            }
            Ok(Some(Arc::new(sandbox)))
        }
        Err(why) if !untrusted => {
            eprintln!("warning: no sandbox: {why}. tabula's own players run without it.");
            Ok(None)
        }
        Err(why) => Err(GameError::Usage(format!(
            "cannot sandbox the players: {why}.\nFix that, or run with --no-sandbox (only for programs you trust: they run with your rights)."
        ))),
    }
}

/// The board a championship plays on: a game whose championship policy says
/// `random_start(true)` starts all its games from one random position, drawn from the
/// seed, unless a start is given.
pub(super) fn championship_board(info: &GameInfo, mut board: BoardArgs) -> BoardArgs {
    if info.championship.random_start && board.start.is_none() {
        board.random_start = true;
    }
    board
}

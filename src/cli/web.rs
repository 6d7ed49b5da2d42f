//! `tabula web`: games in the browser.

use super::*;

#[derive(Args, Debug)]
pub(super) struct WebArgs {
    /// The game the page offers first (any game tabula finds can be chosen on the page)
    pub(super) game: Option<String>,
    /// A rules file to play instead of its game's own (watched: a saved change reaches
    /// the open games)
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
    /// The address to serve on; the loopback, so only this machine can reach it, unless
    /// you say otherwise
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT")]
    pub(super) listen: String,
    /// Open the page in the desktop's browser
    #[arg(long)]
    pub(super) open: bool,
    /// The computer's time for a move, in seconds
    #[arg(long, default_value_t = 1.0, value_name = "SECONDS")]
    pub(super) move_time: f64,
    /// The most games open at once (the one idle longest makes room for a new one)
    #[arg(long, default_value_t = 32)]
    pub(super) max_games: usize,
    /// Minutes after which a game nobody looks at ends
    #[arg(long, default_value_t = 30)]
    pub(super) idle_minutes: u64,
    /// Where the open games are kept, move by move, to be resumed when the server
    /// starts again (default: tabula/web-games.db in the user's state folder)
    #[arg(long, value_name = "FILE.db")]
    pub(super) games_db: Option<PathBuf>,
    /// Keep no games: a restart forgets them
    #[arg(long, conflicts_with = "games_db")]
    pub(super) no_keep: bool,
}

/// `$XDG_STATE_HOME/tabula/web-games.db`, else `~/.local/state/tabula/web-games.db`.
#[cfg(feature = "web")]
fn default_games_db() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|d| !d.is_empty())
                .map(|h| PathBuf::from(h).join(".local/state"))
        })?;
    Some(state.join("tabula").join("web-games.db"))
}

#[cfg(feature = "web")]
pub(super) fn web(args: WebArgs) -> Result<(), GameError> {
    let game = match (&args.game, &args.rules) {
        (None, None) => None,
        (name, rules) => Some(game_info(name.as_deref(), rules.as_deref())?),
    };
    if args.max_games == 0 {
        return Err(GameError::Usage("--max-games must be at least 1".into()));
    }
    let limits = crate::ui::web::Limits {
        max_games: args.max_games,
        idle: Duration::from_secs(args.idle_minutes.max(1) * 60),
        move_ms: move_time_ms(args.move_time)?,
        ..crate::ui::web::Limits::default()
    };
    let served = crate::ui::web::serve(crate::ui::web::WebOptions {
        game,
        rules_file: args.rules,
        listen: args.listen,
        limits,
        open: args.open,
        games_db: if args.no_keep {
            None
        } else {
            args.games_db.or_else(default_games_db)
        },
    });
    if let Err(e) = served {
        // The server's own error (a port taken, the games' database): said as it is.
        eprintln!("tabula: {e}");
        std::process::exit(2);
    }
    Ok(())
}

#[cfg(not(feature = "web"))]
pub(super) fn web(_: WebArgs) -> Result<(), GameError> {
    Err(GameError::Usage(
        "this tabula was built without the browser face (cargo feature web): build with the \
         default features"
            .into(),
    ))
}

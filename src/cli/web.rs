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
    crate::ui::web::serve(crate::ui::web::WebOptions {
        game,
        rules_file: args.rules,
        listen: args.listen,
        limits,
        open: args.open,
    })
    .map_err(|e| GameError::Usage(e.to_string()))
}

#[cfg(not(feature = "web"))]
pub(super) fn web(_: WebArgs) -> Result<(), GameError> {
    Err(GameError::Usage(
        "this tabula was built without the browser face (cargo feature web): build with the \
         default features"
            .into(),
    ))
}

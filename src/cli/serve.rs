//! `tabula serve`: one of tabula's players over the player protocol.

use super::*;

#[derive(Args, Debug)]
pub(super) struct ServeArgs {
    /// The game
    pub(super) game: String,
    /// The player: a built-in level (random, greedy, ai ...) or FILE.pl
    pub(super) spec: PlayerSpec,
    /// Seed of the player's random choices
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// A rules file to use instead of the game's own
    #[arg(long)]
    pub(super) rules: Option<PathBuf>,
    /// Load once, then fork a copy for each game on request: a referee's fork server,
    /// spoken to over a Unix socket on stdin (see docs/protocol.md)
    #[arg(long)]
    pub(super) fork_server: bool,
    /// Load the rules and the player, then exit: 0 when they loaded. The referee's
    /// check of a player file before a match or a championship, run in the player's
    /// sandbox with a time limit (a file's directives run as it loads)
    #[arg(long, conflicts_with = "fork_server")]
    pub(super) check: bool,
    /// With --fork-server: the sandbox's own scratch folder, emptied of what games
    /// left in it whenever no game is in progress
    #[arg(long, requires = "fork_server")]
    pub(super) scratch: Option<PathBuf>,
    /// With --fork-server in a sandbox: give each game a mount namespace of its own,
    /// with fresh /tmp and /dev/shm of this many bytes each
    #[arg(long, requires = "fork_server")]
    pub(super) game_scratch_bytes: Option<u64>,
}

/// A handle on the real stdout, after which file descriptor 1 points at stderr.
pub(super) fn protocol_stdout() -> Result<std::fs::File, GameError> {
    use std::os::fd::FromRawFd;
    // SAFETY: dup/dup2 on the process's own standard descriptors; the duplicate is
    // owned by the File returned, and nothing else holds it.
    unsafe {
        let fd = libc::dup(1);
        if fd < 0 || libc::dup2(2, 1) < 0 {
            return Err(GameError::Usage(
                "cannot set up the protocol's output".into(),
            ));
        }
        Ok(std::fs::File::from_raw_fd(fd))
    }
}

pub(super) fn serve(args: ServeArgs) -> Result<(), GameError> {
    // The referee's check names the file as the teacher gave it (it reads the path
    // back from the message).
    if args.check {
        return serve_player(args);
    }
    // A player's file is named as its author knows it: its folder (a course's
    // submission folder, on a site) is the referee's business, not the message's.
    let own_dir = match &args.spec {
        PlayerSpec::File(file) => file
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .map(|d| format!("{}/", d.display())),
        _ => None,
    };
    serve_player(args).map_err(|e| match own_dir {
        Some(dir) if e.to_string().contains(&dir) => {
            GameError::Usage(e.to_string().replace(&dir, ""))
        }
        _ => e,
    })
}

fn serve_player(args: ServeArgs) -> Result<(), GameError> {
    // What the player writes on user_error goes to its log, like any program's stderr.
    crate::engine::errors_to_stderr();
    // Before a thing of the player's is loaded: the capability that gives each game
    // its own mounts is kept for the forked children alone.
    if args.fork_server && args.game_scratch_bytes.is_some() {
        crate::players::forkserver::keep_mount_capability_for_children()
            .map_err(|e| GameError::Usage(format!("the fork server: {e}")))?;
    }
    let info = game_info(Some(&args.game), args.rules.as_deref())?;
    if args.check {
        let loaded = crate::players::serve::load(info, &args.spec, args.rules.as_deref())?;
        // Not dropped: the process ends at once, and taking apart a machine whose
        // player holds a long list recurses through it (a stack overflow).
        std::mem::forget(loaded);
        return Ok(());
    }
    if args.fork_server {
        // Nothing the player starts while it loads may reach the referee's requests:
        // they come on a descriptor closed in every program started, standard
        // input is /dev/null meanwhile, and nothing of the player's may read or
        // write this process's memory (it is not dumpable).
        let control = crate::players::forkserver::hide_control_socket()
            .map_err(|e| GameError::Usage(format!("the fork server: {e}")))?;
        let loaded = crate::players::serve::load(info, &args.spec, args.rules.as_deref());
        let loaded = match loaded {
            Ok(loaded) => loaded,
            Err(e) => {
                // The referee says it in the player's log, and starts the player
                // afresh for its games, which say it again as they start.
                crate::players::forkserver::refuse(control, &e.to_string());
                return Ok(());
            }
        };
        return crate::players::forkserver::run(
            loaded,
            control,
            args.scratch.as_deref(),
            args.game_scratch_bytes,
        );
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // The protocol owns stdout: whatever else would print there (Scryer's load
    // warnings, a player's own format/2) goes to stderr, the player's log, instead.
    let mut output = protocol_stdout()?;
    crate::players::serve::serve(
        info,
        &args.spec,
        args.rules.as_deref(),
        args.seed,
        &mut input,
        &mut output,
    )
}

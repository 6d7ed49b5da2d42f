// Notes failed allocations, so that the REPL's engine process can tell that a goal
// ran out of memory (see tabula::ui::repl::child).
#[global_allocator]
static ALLOCATOR: tabula::ui::repl::child::NotingAllocator =
    tabula::ui::repl::child::NotingAllocator;

fn main() -> std::process::ExitCode {
    // Like other Unix tools, end quietly when the reader of our output goes away
    // (`tabula query ... | head`), instead of failing on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // Descriptors tabula was started with (beyond stdin, stdout and stderr) reach
    // none of the programs it starts: the players, bwrap, the site's children.
    #[cfg(unix)]
    tabula::players::protocol::close_on_exec_from(3);
    tabula::cli::main()
}

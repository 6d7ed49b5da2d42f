// Notes failed allocations, so that the REPL's engine process can tell that a goal
// ran out of memory (see tabula::engine::process).
#[global_allocator]
static ALLOCATOR: tabula::engine::process::NotingAllocator =
    tabula::engine::process::NotingAllocator;

fn main() -> std::process::ExitCode {
    // Like other Unix tools, end quietly when the reader of our output goes away
    // (`tabula query ... | head`), instead of failing on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    tabula::cli::main()
}

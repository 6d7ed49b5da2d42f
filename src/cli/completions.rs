//! `tabula completions SHELL`: the shell's completion script for tabula, on stdout.

use clap::CommandFactory;
use clap_complete::Shell;

/// Writes the completion script for `shell`, generated from the command line's own
/// definition (so it never falls behind a new option).
pub fn run(shell: Shell) {
    let mut command = super::Cli::command();
    clap_complete::generate(shell, &mut command, "tabula", &mut std::io::stdout());
}

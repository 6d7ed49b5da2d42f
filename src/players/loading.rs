//! The load check: a player file loaded once, before a match or a championship, to
//! tell the teacher now that it does not load rather than in every game. Loading runs
//! the file's own code (its directives), so it is done exactly where the file's games
//! are: in the player's sandbox, control group and limits (`tabula serve … --check`),
//! with a time limit of its own. Nothing of it outlives the check.

use crate::players::protocol::{self, Launch};
use std::io::{Read, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Why a player did not load.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadFault {
    /// It was still loading when its time was up (seconds).
    Timeout(u64),
    /// It ended with an error: what it said (tabula's own message, naming the file
    /// and line), or how it ended.
    Failed(String),
    /// It could not be started at all (its sandbox could not be made).
    Start(String),
}

/// How much of the end of what the check wrote on stderr is kept, to find tabula's
/// message in.
const TAIL_BYTES: usize = 16 * 1024;

/// The most of a message returned, in characters.
const MESSAGE_CHARS: usize = 4000;

/// Runs `launch` (a `tabula serve GAME FILE --check` command line, in its sandbox)
/// and waits at most `timeout` for it to end; whatever it started is killed with it.
/// Its stderr goes to its log (bounded, as a player's), and tabula's message in it is
/// what a failure says, each line escaped as a player's text is.
pub fn check_loads(launch: &Launch, timeout: Duration) -> Result<(), LoadFault> {
    let (mut child, group) = protocol::spawn(launch, Stdio::null(), Stdio::null())
        .map_err(|fault| LoadFault::Start(fault.to_string()))?;
    let (tx, rx) = mpsc::channel();
    if let Some(stderr) = child.stderr.take() {
        let log = launch.log.clone();
        std::thread::spawn(move || {
            let _ = tx.send(tail_of(stderr, log.as_deref()));
        });
    }
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(10));
            }
            _ => break None,
        }
    };
    // Nothing of the check outlives it: what the file started while loading too.
    if let Some(group) = &group {
        group.kill_all();
    }
    let _ = child.kill();
    let _ = child.wait();
    drop(group);
    let tail = rx.recv_timeout(Duration::from_secs(1)).unwrap_or_default();
    match status {
        None => Err(LoadFault::Timeout(timeout.as_secs())),
        Some(status) if status.success() => Ok(()),
        Some(status) => Err(LoadFault::Failed(
            tabulas_message(&String::from_utf8_lossy(&tail))
                .unwrap_or_else(|| format!("it ended with {status}")),
        )),
    }
}

/// Copies `stderr` to `log` (at most a player's log's worth) and returns its last
/// [`TAIL_BYTES`] bytes.
fn tail_of(mut stderr: impl Read, log: Option<&std::path::Path>) -> Vec<u8> {
    let mut file = log.and_then(|p| std::fs::File::create(p).ok());
    let mut logged = 0u64;
    let mut tail: Vec<u8> = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match stderr.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = protocol::STDERR_LOG_LIMIT.saturating_sub(logged) as usize;
                if let Some(f) = file.as_mut() {
                    let _ = f.write_all(&buf[..n.min(room)]);
                }
                logged += n.min(room) as u64;
                tail.extend_from_slice(&buf[..n]);
                if tail.len() > TAIL_BYTES {
                    tail.drain(..tail.len() - TAIL_BYTES);
                }
            }
        }
    }
    if logged == 0
        && let Some(p) = log
    {
        drop(file);
        let _ = std::fs::remove_file(p);
    }
    tail
}

/// tabula's own message in what a check wrote on stderr: its last line that starts
/// `tabula: `, and the lines after it (a syntax error's caret), escaped.
fn tabulas_message(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().rposition(|l| l.starts_with("tabula: "))?;
    let mut message = lines[first..].join("\n");
    message.drain(.."tabula: ".len());
    let shown = crate::players::untrusted::shown_lines(message.trim_end());
    Some(shown.chars().take(MESSAGE_CHARS).collect())
}

#[cfg(test)]
mod tests {
    use super::tabulas_message;

    #[test]
    fn the_message_is_tabulas_last_one_with_its_caret() {
        let text =
            "noise\ntabula: old\nmore\ntabula: a.pl:1:3: syntax error\n  1 | x(\n    |   ^\n";
        assert_eq!(
            tabulas_message(text).as_deref(),
            Some("a.pl:1:3: syntax error\n  1 | x(\n    |   ^")
        );
        assert_eq!(tabulas_message("nothing of tabula's"), None);
        assert_eq!(
            tabulas_message("tabula: \u{1b}[2Jcleared").as_deref(),
            Some("\\e[2Jcleared")
        );
    }
}

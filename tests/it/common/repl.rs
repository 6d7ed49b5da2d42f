//! A REPL session driven by a test, through pipes or at a terminal, its output
//! gathered as it comes.

use super::text;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A tabula process, killed if the test fails before it ends, its output gathered as
/// it comes (from a pipe or a terminal).
pub struct Session {
    child: Child,
    stdin: Option<Box<dyn Write + Send>>,
    out: Arc<Mutex<Vec<u8>>>,
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn gather(mut from: impl Read + Send + 'static) -> Arc<Mutex<Vec<u8>>> {
    let out = Arc::new(Mutex::new(Vec::new()));
    let sink = out.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // A terminal's reader ends with EIO once tabula has closed it.
        while let Ok(n) = from.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    out
}

impl Session {
    /// `tabula ARGS` with its stdin and stdout on pipes.
    pub fn piped(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tabula runs");
        let stdin: ChildStdin = child.stdin.take().unwrap();
        let out = gather(child.stdout.take().unwrap());
        Session {
            child,
            stdin: Some(Box::new(stdin)),
            out,
        }
    }

    /// `tabula ARGS` at a terminal (a pseudo-terminal this test holds the other end
    /// of), its controlling terminal, as in a terminal window: Ctrl-C typed there
    /// sends SIGINT to the foreground processes.
    pub fn at_a_terminal(args: &[&str]) -> Session {
        use std::os::fd::{FromRawFd, OwnedFd};
        use std::os::unix::process::CommandExt;
        let (master, slave) = {
            let (mut master, mut slave) = (0, 0);
            // SAFETY: openpty fills in two new descriptors, owned from here on.
            let opened = unsafe {
                libc::openpty(
                    &mut master,
                    &mut slave,
                    std::ptr::null_mut(),
                    std::ptr::null(),
                    std::ptr::null(),
                )
            };
            assert_eq!(opened, 0, "no pseudo-terminal");
            // SAFETY: both descriptors were just opened and are not owned elsewhere.
            unsafe {
                (
                    std::fs::File::from_raw_fd(master),
                    OwnedFd::from_raw_fd(slave),
                )
            }
        };
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
        command
            .args(args)
            .env("NO_COLOR", "1")
            .env("TERM", "xterm")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: setsid and ioctl are async-signal-safe.
        unsafe {
            command.pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY, 0);
                Ok(())
            });
        }
        let child = command.spawn().expect("tabula runs");
        drop(command);
        let out = gather(master.try_clone().unwrap());
        Session {
            child,
            stdin: Some(Box::new(master)),
            out,
        }
    }

    pub fn send(&mut self, bytes: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    pub fn output(&self) -> String {
        text(&self.out.lock().unwrap())
    }

    /// Waits until the output after byte `from` holds `what` (a generous minute at
    /// most); the end of what it found.
    pub fn wait_for(&self, what: &str, from: usize) -> usize {
        let started = Instant::now();
        loop {
            let out = self.output();
            if let Some(at) = out.get(from..).and_then(|o| o.find(what)) {
                return from + at + what.len();
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no {what:?} in:\n{out}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// SIGINT to tabula, as a terminal's Ctrl-C sends it to a pipeline's tabula.
    pub fn interrupt(&self) {
        let pid = i32::try_from(self.child.id()).unwrap();
        // SAFETY: sends SIGINT to the tabula process this test started.
        unsafe {
            libc::kill(pid, libc::SIGINT);
        }
    }

    pub fn finish(mut self) -> String {
        self.stdin = None;
        let _ = self.child.wait();
        std::thread::sleep(Duration::from_millis(100));
        self.output()
    }
}

impl Session {
    /// How tabula ended, once it has (a generous minute at most).
    pub fn wait_for_exit(&mut self) -> ExitStatus {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("tabula runs") {
                return status;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "tabula did not end:\n{}",
                self.output()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

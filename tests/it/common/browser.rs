//! A real browser for the page tests: Chromium, headless, through chromedriver
//! (WebDriver). `.ci/run` installs Debian's `chromium` and `chromium-driver`.

use fantoccini::{Client, ClientBuilder};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A chromedriver on a free loopback port, stopped when dropped.
pub struct Driver(Child, pub u16);

impl Driver {
    pub fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap();
        // In a process group of its own, so that the browsers it starts go with it
        // even when a test fails before closing its session.
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "chromedriver does not start ({e}): {}",
                    super::missing("chromedriver")
                )
            });
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "chromedriver did not listen"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        Driver(child, port)
    }

    /// A browser session: headless Chromium with its own profile folder, at this size.
    pub async fn session(&self, profile: &Path, width: u32, height: u32) -> Client {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({
                "binary": "/usr/bin/chromium",
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         format!("--window-size={width},{height}"), format!("--user-data-dir={}", profile.display())]
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.1))
            .await
            .expect("a WebDriver session")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Ok(group) = i32::try_from(self.0.id()) {
            // SAFETY: a signal to the process group chromedriver leads.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

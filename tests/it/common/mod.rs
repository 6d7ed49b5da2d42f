//! What the integration tests that drive the `tabula` binary share: where the source
//! tree is, a fresh scratch folder, running tabula there, reading a championship's
//! records.

#![allow(dead_code)] // each test file uses its own part

#[cfg(feature = "web")]
pub mod browser;
pub mod repl;
#[cfg(feature = "site")]
pub mod site;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The tests that measure CPU shares run alone among the sandbox's tests (they take
/// the lock to write); the others may run side by side (they take it to read).
pub static CPU_MEASURED: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// The source tree, where tabula runs (the examples and players are named from it).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs tabula in the source tree with `env` added, no input, and waits for it.
pub fn tabula_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabula"));
    command
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().expect("tabula runs")
}

pub fn tabula(args: &[&str]) -> Output {
    tabula_with(args, &[])
}

pub fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An empty folder of this test process's, named `tabula-KIND-PID-NAME`.
pub fn scratch(kind: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{kind}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Characters that are not seen, one of each kind, as tests/players/escape.py's text
/// carries them: a tag and the cancel tag, variation selectors, the soft hyphen, the
/// Mongolian vowel separator, the Hangul fillers, the braille blank, and other
/// default-ignorable ones.
pub const INVISIBLE: [char; 16] = [
    '\u{e0041}',
    '\u{e007f}',
    '\u{fe0f}',
    '\u{e0100}',
    '\u{00ad}',
    '\u{180e}',
    '\u{3164}',
    '\u{115f}',
    '\u{1160}',
    '\u{ffa0}',
    '\u{2800}',
    '\u{034f}',
    '\u{17b4}',
    '\u{180b}',
    '\u{1bca0}',
    '\u{1d173}',
];

/// How tabula writes an invisible character out: `\u{e0041}`.
pub fn written_out(c: char) -> String {
    format!("\\u{{{:x}}}", c as u32)
}

/// A fresh unique word, to find in files and command lines.
pub fn token(what: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    format!("{what}{}x{nanos}", std::process::id())
}

/// Every process on the machine whose command line holds `word`, as `PID: COMMAND`.
pub fn processes_with(word: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            let cmdline = text(&cmdline).replace('\0', " ");
            if cmdline.contains(word) {
                found.push(format!(
                    "{}: {cmdline}",
                    entry.file_name().to_string_lossy()
                ));
            }
        }
    }
    found
}

/// The lines of a championship folder's `games.jsonl`.
pub fn lines(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("games.jsonl"))
        .expect("games.jsonl")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The records of a championship folder, each line parsed.
pub fn records(dir: &Path) -> Vec<Value> {
    lines(dir)
        .iter()
        .map(|l| serde_json::from_str(l).expect("every line a record"))
        .collect()
}

/// The headless browser the page tests use: Debian's `chromium` (`.ci/run` installs it),
/// or `None` where there is none (a failure under `CI=true`, never a skip there).
pub fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|c| {
            Command::new(c)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    assert!(
        found.is_some() || std::env::var("CI").as_deref() != Ok("true"),
        "{}",
        missing("chromium")
    );
    found
}

/// The document a page at `url` has once its scripts ran, as the browser serializes it.
pub fn page_dom(chromium: &str, url: &str) -> String {
    let o = Command::new(chromium)
        .args([
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            // The page unpacks its data asynchronously: let it finish before the dump.
            "--virtual-time-budget=20000",
            "--dump-dom",
            url,
        ])
        .output()
        .expect("chromium runs");
    text(&o.stdout)
}

/// The board's drawing in a page's document: the `<svg id="board">` element's inside.
pub fn board_svg(dom: &str) -> &str {
    dom.split(r#"id="board""#)
        .nth(1)
        .and_then(|b| b.split("</svg>").next())
        .expect("the page draws a board")
}

/// The data of a championship's page: its longest base64 run, gunzipped.
pub fn page_data(page: &str) -> String {
    use base64::Engine as _;
    use std::io::Read as _;
    let blob = page
        .split(|c: char| !(c.is_ascii_alphanumeric() || "+/=".contains(c)))
        .max_by_key(|run| run.len())
        .unwrap_or("");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(blob)
        .expect("the page holds its data in base64");
    let mut json = String::new();
    flate2::read::GzDecoder::new(bytes.as_slice())
        .read_to_string(&mut json)
        .expect("gzipped");
    json
}

/// What a test says when `tool` is missing: which tool, which Debian package has it,
/// and that `.ci/run` installs it.
pub fn missing(tool: &str) -> String {
    let package = match tool {
        "bwrap" => "bubblewrap",
        "chromedriver" => "chromium-driver",
        "xvfb-run" => "xvfb",
        "sinfo" | "sbatch" => "slurm-wlm (and a running one-node cluster: .ci/slurm.sh up)",
        other => other,
    };
    format!(
        "{tool} is needed for this test: on a fresh Debian machine .ci/run installs it \
         (or: apt-get install {package})"
    )
}

/// Fails (never skips) when a tool the test needs is missing.
pub fn tools_present(tools: &[&str]) {
    for tool in tools {
        let ok = Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(ok, "{}", missing(tool));
    }
}

/// Runs tabula in the source tree with `input` on its stdin (all of it, then closed),
/// and waits for it: the REPL read from a pipe.
pub fn tabula_piped(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula runs");
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(input.as_bytes())
            .expect("tabula reads its input");
    }
    child.wait_with_output().expect("tabula runs")
}

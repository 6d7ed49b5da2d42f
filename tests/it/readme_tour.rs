//! The README's tour, run as a newcomer runs it: every command of its table, as
//! written, in a fresh folder holding what a clone holds at its root (`examples/`,
//! `prolog/`), with nothing left from before (no `ana.pl`, no `champ/`). A command that
//! serves (the site, the browser) is started, must say where it listens, and is
//! stopped; one that opens a window is the screenshot test's.

use crate::common::{root, scratch, text};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The commands of the tour's table, in order: each backquoted text of the `run`
/// column; one that starts with `--` is the command before with that option changed
/// (`--p2 "cmd:…"`), and `then ?- GOAL` is typed into the REPL before it.
fn tour() -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("the README");
    let table = readme
        .split("## A tour")
        .nth(1)
        .and_then(|t| t.split("\n## ").next())
        .expect("the README has a tour");
    let mut commands: Vec<String> = Vec::new();
    for row in table.lines().filter(|l| l.starts_with("| ")) {
        let Some(run) = row.trim_end_matches('|').rsplit(" | ").next() else {
            continue;
        };
        for (k, piece) in run.split('`').enumerate() {
            if k % 2 == 0 {
                continue;
            }
            if piece.starts_with("?- ") {
                if let Some(last) = commands.last_mut() {
                    *last = format!("{last}\n{}", piece.trim_start_matches("?- "));
                }
            } else if let Some(option) = piece.strip_prefix("--") {
                let name = option.split(' ').next().unwrap_or_default();
                if let Some(last) = commands.last().cloned() {
                    commands.push(with_option(&last, name, piece));
                }
            } else if piece.starts_with("tabula ") || piece.starts_with("cp ") {
                commands.push(piece.to_string());
            }
        }
    }
    commands
}

/// `command` with its option `--name VALUE` replaced by `option` (the whole
/// `--name VALUE`).
fn with_option(command: &str, name: &str, option: &str) -> String {
    let flag = format!("--{name} ");
    match command.find(&flag) {
        Some(at) => {
            let rest = &command[at + flag.len()..];
            let value_end = if let Some(quoted) = rest.strip_prefix('"') {
                quoted.find('"').map_or(rest.len(), |e| e + 2)
            } else {
                rest.find(' ').unwrap_or(rest.len())
            };
            format!("{}{option}{}", &command[..at], &rest[value_end..])
        }
        None => format!("{command} {option}"),
    }
}

/// The words of a command line as a shell splits them (quotes kept together).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' | '\'' if quote.is_none() => {
                quote = Some(c);
                any = true;
            }
            q if quote == Some(q) => quote = None,
            ' ' if quote.is_none() => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs a server command until it says where it listens, then stops it.
fn serves(dir: &Path, args: &[String]) -> Result<(), String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(dir)
        // `--open` finds no browser here: it must still serve, and say where.
        .env("BROWSER", "true")
        .env_remove("DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let (said, heard) = std::sync::mpsc::channel();
    for stream in [
        Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ] {
        let said = said.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                let _ = said.send(line);
            }
        });
    }
    let started = Instant::now();
    let mut lines = Vec::new();
    let result = loop {
        match heard.recv_timeout(Duration::from_millis(200)) {
            Ok(line) if line.contains("http://") => break Ok(()),
            Ok(line) => lines.push(line),
            Err(_) if started.elapsed() > Duration::from_secs(120) => {
                break Err(format!("no address in 120 s: {}", lines.join(" | ")));
            }
            Err(_) => {
                if let Ok(Some(status)) = child.try_wait() {
                    break Err(format!("ended ({status}): {}", lines.join(" | ")));
                }
            }
        }
    };
    let _ = child.kill();
    let _ = child.wait();
    result
}

#[test]
fn the_readme_tour_runs_as_written_from_a_fresh_clone() {
    let dir = scratch("tour", "clone");
    for folder in ["examples", "prolog"] {
        copy_tree(&root().join(folder), &dir.join(folder));
    }
    // The tuned `ai` is kept in the user's cache: this test's own.
    let home = dir.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let commands = tour();
    assert!(commands.len() >= 15, "{commands:#?}");
    let mut ran = 0;
    let mut wrong = Vec::new();
    for command in &commands {
        let (line, typed) = command.split_once('\n').unwrap_or((command, ""));
        let argv = words(line);
        if argv[0] == "cp" {
            let copied = std::fs::copy(dir.join(&argv[1]), dir.join(&argv[2]));
            if let Err(e) = copied {
                wrong.push(format!("{line}: {e}"));
            }
            continue;
        }
        let args = &argv[1..];
        let result = match args.first().map(String::as_str) {
            // A window: the screenshot test's (tests/it/screenshot.rs).
            Some("gui") => continue,
            Some("web") => serves(&dir, args),
            Some("site") if args.get(1).map(String::as_str) == Some("serve") => serves(&dir, args),
            _ => {
                let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
                    .args(args)
                    .current_dir(&dir)
                    .env("HOME", &home)
                    .env("NO_COLOR", "1")
                    .env_remove("DISPLAY")
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("tabula runs");
                // The REPL gets the goal the row types; `play` a closed input.
                let mut stdin = child.stdin.take().unwrap();
                if !typed.is_empty() {
                    stdin.write_all(format!("{typed}\n").as_bytes()).unwrap();
                }
                drop(stdin);
                let o = child.wait_with_output().unwrap();
                let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
                if !o.status.success() {
                    Err(format!("{}: {}", o.status, all.trim()))
                } else if ["panicked", "error("].iter().any(|bad| all.contains(bad)) {
                    Err(all)
                } else if !typed.is_empty() && !all.contains("Ms = [") {
                    Err(format!("no answer to {typed}: {all}"))
                } else {
                    Ok(())
                }
            }
        };
        ran += 1;
        if let Err(why) = result {
            let why: String = why.chars().take(600).collect();
            wrong.push(format!("{line}\n    {why}"));
        }
    }
    assert!(ran >= 12, "only {ran} of the tour's commands ran");
    assert!(
        wrong.is_empty(),
        "rows of the tour that fail as written:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_tour_reader_finds_commands_options_and_goals() {
    assert_eq!(
        with_option(
            "tabula match dots --p1 ai --p2 greedy --games 20",
            "p2",
            "--p2 \"cmd:x y\""
        ),
        "tabula match dots --p1 ai --p2 \"cmd:x y\" --games 20"
    );
    assert_eq!(
        words("tabula match --p2 \"cmd:python3 a.py\" --games 2"),
        [
            "tabula",
            "match",
            "--p2",
            "cmd:python3 a.py",
            "--games",
            "2"
        ]
    );
    let tour = tour();
    assert!(
        tour.iter().any(|c| c.starts_with("tabula repl dots\n")),
        "{tour:#?}"
    );
    assert!(
        tour.iter()
            .any(|c| c.contains("cmd:python3 examples/random_bot.py")),
        "{tour:#?}"
    );
}

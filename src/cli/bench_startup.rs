//! `tabula bench startup`: what a player costs before it thinks. Each game's weakest
//! and strongest players are started as the referee starts them (`tabula serve GAME
//! LEVEL`, a process of their own), set up for a game and asked for a move; start-up is
//! the wall time from the spawn to that answer minus the move's own thinking (which the
//! player reports with `TABULA_TIMINGS`). Memory is the resident size once the game is
//! set up. Then a short match of players that answer at once gives the referee's own
//! cost per game, their start-ups included: as a match plays it (each player loaded
//! once by its fork server and forked for each game) and with every player started
//! afresh for each game (`TABULA_FORK_SERVER=0`), in turn.

use super::*;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStdin, ChildStdout, Command as Process, Stdio};
use std::time::{Duration, Instant};

/// Runs of each player; the median is reported (these machines are noisy).
const RUNS: usize = 3;
/// Games of the referee's match.
const MATCH_GAMES: u32 = 6;

/// One start of a player: its start-up, memory and the phases it reported.
struct Start {
    startup: Duration,
    rss_kib: u64,
    phases: Vec<(String, f64)>,
}

pub(super) fn bench_startup(names: &[String]) -> Result<(), GameError> {
    let catalog = game::catalog();
    let games: Vec<&GameInfo> = if names.is_empty() {
        // The games of the assignments and any other that has a players file.
        catalog
            .games
            .iter()
            .copied()
            .filter(|g| g.players_file.is_some())
            .collect()
    } else {
        names
            .iter()
            .map(|n| game_info(Some(n), None))
            .collect::<Result<_, _>>()?
    };
    let exe = std::env::current_exe()
        .map_err(|e| GameError::Usage(format!("cannot find tabula's own program: {e}")))?;
    println!(
        "Start-up of a player served as the referee serves it (tabula serve GAME PLAYER), from \
         its spawn to its first move, minus the move's thinking; median of {RUNS} runs."
    );
    println!(
        "{:<13} {:<9} {:>9} {:>8}   slowest phases",
        "game", "player", "start-up", "memory"
    );
    for info in &games {
        let weakest = info.levels.first().map(|l| l.name.clone());
        let mut levels: Vec<String> = weakest.into_iter().collect();
        if !levels.contains(&info.strongest) && !info.strongest.is_empty() {
            levels.push(info.strongest.clone());
        }
        for level in &levels {
            let mut runs = Vec::new();
            for _ in 0..RUNS {
                runs.push(start_once(&exe, info, level)?);
            }
            runs.sort_by_key(|r| r.startup);
            let median = &runs[runs.len() / 2];
            let mut phases = median.phases.clone();
            phases.sort_by(|a, b| b.1.total_cmp(&a.1));
            let shown: Vec<String> = phases
                .iter()
                .take(3)
                .map(|(p, s)| format!("{p} {:.0} ms", s * 1000.0))
                .collect();
            println!(
                "{:<13} {:<9} {:>7.3} s {:>5.1} MB   {}",
                info.name,
                level,
                median.startup.as_secs_f64(),
                median.rss_kib as f64 / 1024.0,
                shown.join(", ")
            );
        }
    }
    println!(
        "\nThe referee: {MATCH_GAMES} games of the weakest player against itself, one at a time, \
         its players forked by their fork servers (as matches and championships play) and \
         started afresh for each game (TABULA_FORK_SERVER=0), in turn. A game: the match's wall \
         time over its games (the referee's own start and the first loads included), then the \
         median game after the first (its players started and set up, its moves, its players' \
         exit), then the first of these phases alone."
    );
    println!(
        "{:<13} {:<8} {:>9} {:>16} {:>14}",
        "game", "players", "a game", "after the first", "starting both"
    );
    for info in &games {
        let Some(weakest) = info.levels.first() else {
            continue;
        };
        for fork_servers in [true, false] {
            let cost = referee_match(&exe, info, &weakest.name, fork_servers)?;
            println!(
                "{:<13} {:<8} {:>7.2} s {:>14.3} s {:>12.3} s",
                info.name,
                if fork_servers { "forked" } else { "afresh" },
                cost.per_game,
                cost.later_game,
                cost.setup
            );
        }
    }
    Ok(())
}

/// A referee's match, measured.
struct MatchCost {
    /// Wall time a game, the referee's own start and the first loads included.
    per_game: f64,
    /// A game after the first, its three phases together (median).
    later_game: f64,
    /// Starting and setting up both players in a game after the first (median).
    setup: f64,
}

/// Plays the match of `level` against itself, with fork servers or without.
fn referee_match(
    exe: &Path,
    info: &GameInfo,
    level: &str,
    fork_servers: bool,
) -> Result<MatchCost, GameError> {
    let started = Instant::now();
    let out = Process::new(exe)
        .args(["match", &info.name, "--p1", level, "--p2", level])
        .args(["--games", &MATCH_GAMES.to_string()])
        .env("TABULA_TIMINGS", "1")
        .env(
            crate::players::forkserver::ENV,
            if fork_servers { "1" } else { "0" },
        )
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| GameError::Usage(format!("cannot run a match: {e}")))?;
    let wall = started.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(GameError::Usage(format!(
            "the match of {} failed: {}",
            info.name,
            stderr.trim()
        )));
    }
    // The referee notes each game's three phases in order (`timing: SECONDS game: …`).
    let mut games: Vec<[f64; 3]> = Vec::new();
    for line in stderr.lines() {
        let Some((seconds, phase)) = line
            .strip_prefix("timing: ")
            .and_then(|rest| rest.split_once(' '))
        else {
            continue;
        };
        let Ok(seconds) = seconds.parse::<f64>() else {
            continue;
        };
        match phase {
            "game: players started and set up" => games.push([seconds, 0.0, 0.0]),
            "game: moves played" => {
                if let Some(g) = games.last_mut() {
                    g[1] = seconds;
                }
            }
            "game: players quit" => {
                if let Some(g) = games.last_mut() {
                    g[2] = seconds;
                }
            }
            _ => {}
        }
    }
    let median = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
    };
    let later = games.iter().skip(1);
    Ok(MatchCost {
        per_game: wall / f64::from(MATCH_GAMES),
        later_game: median(later.clone().map(|g| g.iter().sum()).collect()),
        setup: median(later.map(|g| g[0]).collect()),
    })
}

/// Starts `level` of `info` once and measures it.
fn start_once(exe: &Path, info: &GameInfo, level: &str) -> Result<Start, GameError> {
    let failed = |what: &str| GameError::Usage(format!("{} {level}: {what}", info.name));
    let spawned = Instant::now();
    let mut child = Process::new(exe)
        .args(["serve", &info.name, level])
        .env("TABULA_TIMINGS", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(&format!("cannot start: {e}")))?;
    let mut stderr = child.stderr.take().ok_or_else(|| failed("no stderr"))?;
    let log = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let result = converse(&mut child, info, spawned);
    let _ = child.kill();
    let _ = child.wait();
    let (answered, rss_kib) = result.map_err(|e| failed(&e))?;
    let log = log.join().unwrap_or_default();
    let mut phases = Vec::new();
    let mut thought = 0.0;
    for line in log.lines() {
        let Some(rest) = line.strip_prefix("timing: ") else {
            continue;
        };
        let Some((seconds, phase)) = rest.split_once(' ') else {
            continue;
        };
        let seconds: f64 = seconds.parse().unwrap_or(0.0);
        if phase.starts_with("genmove") {
            thought += seconds;
        } else if phase != "rules and player loaded" {
            phases.push((phase.to_string(), seconds));
        }
    }
    Ok(Start {
        startup: answered.saturating_sub(Duration::from_secs_f64(thought)),
        rss_kib,
        phases,
    })
}

/// Sets up a game and asks for a move: the time from the spawn to the move, and the
/// resident memory once the game was set up.
fn converse(
    child: &mut Child,
    info: &GameInfo,
    spawned: Instant,
) -> Result<(Duration, u64), String> {
    let mut input = child.stdin.take().ok_or("no stdin")?;
    let mut output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    ask(&mut input, &mut output, &format!("game {}", info.name))?;
    let rss_kib = resident_kib(child.id()).unwrap_or(0);
    let answer = ask(&mut input, &mut output, "genmove 200")?;
    let answered = spawned.elapsed();
    if !answer.starts_with('=') {
        return Err(format!("genmove answered {answer:?}"));
    }
    let _ = ask(&mut input, &mut output, "quit");
    Ok((answered, rss_kib))
}

/// Sends one protocol command and reads its answer (its first line; the empty line
/// after it is read too).
fn ask(
    input: &mut ChildStdin,
    output: &mut BufReader<ChildStdout>,
    command: &str,
) -> Result<String, String> {
    use std::io::Write;
    writeln!(input, "{command}").map_err(|e| format!("{command}: {e}"))?;
    input.flush().map_err(|e| format!("{command}: {e}"))?;
    let mut first = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        let n = output
            .by_ref()
            .take(64 * 1024)
            .read_line(&mut line)
            .map_err(|e| format!("{command}: {e}"))?;
        if n == 0 {
            return Err(format!("{command}: the player ended"));
        }
        let text = line.trim_end();
        if text.is_empty() && !first.is_empty() {
            return Ok(first);
        }
        if first.is_empty() {
            first = text.to_string();
        }
    }
}

/// The resident memory of process `pid` in KiB (Linux's /proc).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

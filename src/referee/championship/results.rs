//! What a championship's games come to: tallies, standings and grades, the
//! crosstable, Elo and the notes ([`results`]), and their text for the terminal.

use super::Championship;
use super::schedule::schedule;
use crate::referee::game::{GameRecord, Table};
use crate::referee::grading::{self, Standing, Tally};
use serde::Serialize;

/// A line about a finished game.
pub fn game_line(r: &GameRecord) -> String {
    let name = |seat: u32| {
        r.players
            .get((seat as usize).wrapping_sub(1))
            .map(|n| crate::players::untrusted::shown(n))
            .unwrap_or_else(|| format!("player {seat}"))
    };
    let verdict = match (r.result.as_str(), r.winners.as_slice()) {
        ("tie", _) => "tie".to_string(),
        (_, [w]) => format!("{} wins", name(*w)),
        _ => "no winner".to_string(),
    };
    let mut line = format!(
        "game {:>3}  {} vs {}  —  {verdict} in {} moves",
        r.id + 1,
        name(1),
        name(2),
        r.moves.len()
    );
    if let Some(f) = &r.fault {
        line.push_str(&format!(
            "  ({} lost by {})",
            name(f.player),
            crate::players::untrusted::shown(&f.reason)
        ));
    }
    line
}

/// The results table of a championship.
#[derive(Debug, Clone, Serialize)]
pub struct Results {
    pub game: String,
    pub scoring: String,
    pub standings: Vec<StandingRow>,
    pub players: Vec<String>,
    /// Row player's points and games against the column player (None: no game).
    pub crosstable: Vec<Vec<Option<Cell>>>,
    pub notes: Vec<String>,
    pub games_played: usize,
    pub games_scheduled: usize,
}

/// One line of the standings.
#[derive(Debug, Clone, Serialize)]
pub struct StandingRow {
    pub rank: usize,
    pub name: String,
    pub spec: String,
    pub points: f64,
    pub games: u32,
    /// Percentage of its games that were valid for the player.
    pub valid: f64,
    pub faults: u32,
    pub group: String,
    pub grade: Option<f64>,
    pub late_days: u32,
    pub elo: f64,
    pub elo_error: f64,
}

/// A crosstable cell.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Cell {
    pub points: f64,
    pub games: u32,
}

/// Points of seat `seat` (1-based) in a game: 1 for a win, ½ each in a tie.
fn points_of(r: &GameRecord, seat: u32) -> f64 {
    if !r.winners.contains(&seat) {
        0.0
    } else {
        1.0 / r.winners.len() as f64
    }
}

/// How the players were confined, for the notes: a championship run without the
/// sandbox says so where its results are read.
pub fn confinement_note(table: &Table) -> String {
    if table.sandbox.is_none() {
        return "The players ran WITHOUT a sandbox (--no-sandbox): unconfined, with the rights of whoever ran the championship; trust these results only as far as you trust every player's code.".into();
    }
    let mut note = "Every player ran in a sandbox (bubblewrap: no network, its own processes only, a read-only view of the system and of its own folder, a private scratch folder), with its memory, processes, files and CPU time capped".to_string();
    if !table.ponder {
        note.push_str(", frozen whenever it was not being asked something");
    }
    note.push('.');
    if let Some(missing) = crate::players::sandbox::cgroup::Hierarchies::detect().missing_text() {
        note.push_str(&format!(
            " This machine had no control group for {missing}: resource limits stood in where they could."
        ));
    }
    note
}

/// Tallies, crosstable, grades and Elo from the records.
pub fn results(ch: &Championship, records: &[GameRecord]) -> Results {
    let n = ch.entrants.len();
    let index = |name: &str| ch.entrants.iter().position(|e| e.name == name);
    let mut tallies: Vec<Tally> = ch
        .entrants
        .iter()
        .map(|e| Tally {
            name: e.name.clone(),
            points: 0.0,
            games: 0,
            valid: 0,
            lost_by_fault: 0,
        })
        .collect();
    let mut cross: Vec<Vec<Option<Cell>>> = vec![vec![None; n]; n];
    let mut elo_games = Vec::new();
    for r in records {
        let (Some(a), Some(b)) = (
            r.players.first().and_then(|p| index(p)),
            r.players.get(1).and_then(|p| index(p)),
        ) else {
            continue;
        };
        if a == b {
            // A game against itself: one game, its point when played without fault.
            let t = &mut tallies[a];
            t.games += 1;
            if r.fault.is_none() {
                t.valid += 1;
                t.points += 1.0;
            } else {
                t.lost_by_fault += 1;
            }
            let cell = cross[a][a].get_or_insert(Cell {
                points: 0.0,
                games: 0,
            });
            cell.games += 1;
            cell.points += if r.fault.is_none() { 1.0 } else { 0.0 };
            continue;
        }
        for (me, other, seat) in [(a, b, 1u32), (b, a, 2u32)] {
            let t = &mut tallies[me];
            let p = points_of(r, seat);
            t.games += 1;
            t.points += p;
            if r.faulty() == Some(seat) {
                t.lost_by_fault += 1;
            } else {
                t.valid += 1;
            }
            let cell = cross[me][other].get_or_insert(Cell {
                points: 0.0,
                games: 0,
            });
            cell.games += 1;
            cell.points += p;
        }
        elo_games.push((a, b, points_of(r, 1)));
    }
    let ratings = grading::elo(n, &elo_games);
    let standings: Vec<Standing> = grading::standings(ch.scoring, &tallies, &ch.late);
    let rows: Vec<StandingRow> = standings
        .iter()
        .map(|s| {
            let k = index(&s.name).unwrap_or(0);
            let rating = ratings.get(k);
            StandingRow {
                rank: s.rank,
                name: s.name.clone(),
                spec: ch
                    .entrants
                    .get(k)
                    .map(|e| e.spec.to_string())
                    .unwrap_or_default(),
                points: s.points,
                games: s.games,
                valid: s.valid_fraction * 100.0,
                faults: tallies.get(k).map_or(0, |t| t.lost_by_fault),
                group: s.group.label().to_string(),
                // Rounded once, here, to the two decimals every page shows.
                grade: s.grade.map(|g| (g * 100.0).round() / 100.0),
                late_days: s.late_days,
                elo: rating.map_or(1500.0, |r| r.elo),
                elo_error: rating.map_or(0.0, |r| r.error),
            }
        })
        .collect();
    let mut notes = grading::notes(ch.scoring);
    if ch.self_games {
        notes.push(
            "Each player also plays one game against itself (both colours): it counts as one game, worth 1 point when every move in it was valid."
                .into(),
        );
    }
    notes.push("Elo ratings (± a 95 % interval) are for information only; games against itself are left out.".into());
    notes.push(
        ch.confinement
            .clone()
            .unwrap_or_else(|| confinement_note(&ch.table)),
    );
    // The crosstable lists the players as the standings rank them (its rows and its
    // columns alike), as the results of any tournament are read.
    let mut order: Vec<usize> = rows.iter().filter_map(|r| index(&r.name)).collect();
    for i in 0..n {
        if !order.contains(&i) {
            order.push(i);
        }
    }
    let players = order.iter().map(|&i| ch.entrants[i].name.clone()).collect();
    let cross = order
        .iter()
        .map(|&i| order.iter().map(|&j| cross[i][j]).collect())
        .collect();
    Results {
        game: ch.table.game.name.to_string(),
        scoring: ch.scoring.name().into(),
        standings: rows,
        players,
        crosstable: cross,
        notes,
        games_played: records.len(),
        games_scheduled: schedule(n, ch.self_games).len(),
    }
}

/// The standings as a terminal table, then the crosstable.
pub fn standings_text(res: &Results) -> String {
    let mut out = String::new();
    let width = res
        .standings
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(6)
        .clamp(6, 40);
    let late = res.standings.iter().any(|s| s.late_days > 0);
    out.push_str(&format!(
        "{:>4}  {:<width$}  {:>6}  {:>5}  {:>7}  {:<8}  {:>5}  {:>12}{}\n",
        "rank",
        "player",
        "points",
        "games",
        "valid",
        "group",
        "grade",
        "Elo",
        if late { "  late" } else { "" }
    ));
    for s in &res.standings {
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>6}  {:>5}  {:>6.1}%  {:<8}  {:>5}  {:>5.0} ± {:<4.0}{}\n",
            s.rank,
            s.name,
            trim_float(s.points),
            s.games,
            s.valid,
            s.group,
            s.grade.map_or("-".to_string(), |g| format!("{g:.1}")),
            s.elo,
            s.elo_error,
            if late {
                format!("  {} d", s.late_days)
            } else {
                String::new()
            }
        ));
    }
    out.push_str(
        "\ncrosstable, in the order of the standings (points of the row player against the column player / games)\n",
    );
    let short: Vec<String> = res
        .players
        .iter()
        .map(|p| p.chars().take(10).collect())
        .collect();
    out.push_str(&format!("{:<width$}", ""));
    for s in &short {
        out.push_str(&format!("  {s:>10}"));
    }
    out.push('\n');
    for (i, row) in res.crosstable.iter().enumerate() {
        out.push_str(&format!("{:<width$}", res.players[i]));
        for cell in row {
            let text = match cell {
                Some(c) => format!("{}/{}", trim_float(c.points), c.games),
                None => "·".into(),
            };
            out.push_str(&format!("  {text:>10}"));
        }
        out.push('\n');
    }
    out.push_str("\nnotes:\n");
    for n in &res.notes {
        out.push_str(&format!("  - {n}\n"));
    }
    out
}

fn trim_float(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

//! Matches between two players: N games alternating who starts, each player in a
//! process of its own for every game (see `referee`), a line per game, a summary, and
//! every game recorded as a JSON line on request.

use crate::game::{GameError, Rules};
use crate::players::spec::PlayerSpec;
use crate::referee::game::{GameRecord, Seat, Table, check_loads, play_game};
use std::io::Write;

/// What a match is.
pub struct MatchSpec<'a> {
    pub table: Table<'a>,
    pub sides: [PlayerSpec; 2],
    /// A side's own limit a move, when not the table's (time odds).
    pub side_move_ms: [Option<u64>; 2],
    pub games: u32,
    pub seed: u64,
}

/// One side's totals.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SideStats {
    pub wins: u32,
    pub losses: u32,
    pub ties: u32,
    pub points_for: i64,
    pub points_against: i64,
    pub slowest_ms: u64,
    pub over_budget: u32,
    pub forfeits: u32,
}

/// The match's result.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    pub sides: [SideStats; 2],
}

/// Plays the match, writing a line per game to `out` and each record to `record`.
pub fn run_match(
    spec: &MatchSpec,
    out: &mut dyn Write,
    mut record: Option<&mut dyn Write>,
) -> Result<MatchResult, GameError> {
    let referee = Rules::load(spec.table.game, spec.table.rules_file)?;
    let levels = referee.levels()?;
    for side in &spec.sides {
        if side.is_human() {
            return Err(GameError::Usage(
                "a match is between computer players: use tabula play to play yourself".into(),
            ));
        }
        side.check(&levels).map_err(GameError::Usage)?;
        // A player file that does not load is reported now, with its file and line,
        // rather than as a crash in every game; it is loaded in its own sandbox.
        let seat = Seat {
            name: side.to_string(),
            spec: side.clone(),
            move_ms: None,
            unloadable: None,
        };
        check_loads(&spec.table, &seat).map_err(GameError::Usage)?;
    }
    let names = [
        format!("{} (p1)", spec.sides[0]),
        format!("{} (p2)", spec.sides[1]),
    ];
    let mut stats = [SideStats::default(), SideStats::default()];
    for k in 0..spec.games {
        // Game k: p1 starts in even games, p2 in odd ones.
        let first = (k % 2) as usize;
        let order = [first, 1 - first];
        let seats: Vec<Seat> = order
            .iter()
            .map(|&side| Seat {
                name: names[side].clone(),
                spec: spec.sides[side].clone(),
                move_ms: spec.side_move_ms[side],
                unloadable: None,
            })
            .collect();
        let seed = spec.seed.wrapping_add(u64::from(k));
        let game = play_game(&referee, &spec.table, &seats, k as usize + 1, seed)?;
        // Side s sat at seat index seat_of[s] (player seat_of[s] + 1).
        let seat_of = |side: usize| order.iter().position(|&o| o == side).unwrap_or(0);
        for (side, s) in stats.iter_mut().enumerate() {
            let me = seat_of(side) as u32 + 1;
            let mine = game.scores.get(me as usize - 1).copied().unwrap_or(0);
            let theirs: i64 = game
                .scores
                .iter()
                .enumerate()
                .filter(|(i, _)| *i as u32 + 1 != me)
                .map(|(_, v)| *v)
                .sum();
            s.points_for += mine;
            s.points_against += theirs;
            if game.winners.contains(&me) {
                if game.winners.len() > 1 {
                    s.ties += 1;
                } else {
                    s.wins += 1;
                }
            } else {
                s.losses += 1;
            }
            if game.faulty() == Some(me) {
                s.forfeits += 1;
            }
            let limit = spec.side_move_ms[side].unwrap_or(spec.table.move_ms);
            for m in game.moves.iter().filter(|m| m.player == me) {
                s.slowest_ms = s.slowest_ms.max(m.ms);
                if m.ms > limit {
                    s.over_budget += 1;
                }
            }
        }
        let _ = writeln!(out, "{}", game_line(k + 1, &game, &names, &order));
        if let Some(rec) = record.as_deref_mut() {
            let line = serde_json::to_string(&game)
                .map_err(|e| GameError::Usage(format!("cannot write the record: {e}")))?;
            writeln!(rec, "{line}")
                .and_then(|_| rec.flush())
                .map_err(|e| GameError::Usage(format!("cannot write the record: {e}")))?;
        }
    }
    let _ = writeln!(out, "\n{}", summary(&names, &stats, spec));
    Ok(MatchResult { sides: stats })
}

fn game_line(number: u32, game: &GameRecord, names: &[String; 2], order: &[usize; 2]) -> String {
    // Seats come from the rules' verdict, which an edited rules file may get wrong.
    let seat_name = |seat: usize| {
        order
            .get(seat)
            .and_then(|&side| names.get(side))
            .cloned()
            .unwrap_or_else(|| format!("player {}", seat.wrapping_add(1)))
    };
    let scores: Vec<String> = (0..2)
        .map(|seat| {
            format!(
                "{} {}",
                seat_name(seat),
                game.scores
                    .get(seat)
                    .map(|s| s.to_string())
                    .unwrap_or("-".into())
            )
        })
        .collect();
    let verdict = match (game.result.as_str(), game.winners.as_slice()) {
        ("tie", _) => "tie".to_string(),
        ("fault", [w]) => format!(
            "{} wins by forfeit",
            seat_name((*w as usize).wrapping_sub(1))
        ),
        (_, [w]) => format!("{} wins", seat_name((*w as usize).wrapping_sub(1))),
        _ => "no winner".to_string(),
    };
    let slowest = |seat: u32| {
        game.moves
            .iter()
            .filter(|m| m.player == seat)
            .map(|m| m.ms)
            .max()
            .unwrap_or(0)
    };
    let mut line = format!(
        "game {number:>3}  {}  —  {verdict}  ({} moves; slowest {} ms / {} ms)",
        scores.join(" : "),
        game.moves.len(),
        slowest(1),
        slowest(2)
    );
    if let Some(fault) = &game.fault {
        line.push_str(&format!(
            "  FORFEIT by {}: {}",
            crate::players::untrusted::shown(&seat_name((fault.player as usize).wrapping_sub(1))),
            crate::players::untrusted::shown(&fault.reason)
        ));
    }
    line
}

fn summary(names: &[String; 2], stats: &[SideStats; 2], spec: &MatchSpec) -> String {
    let seconds =
        |side: usize| spec.side_move_ms[side].unwrap_or(spec.table.move_ms) as f64 / 1000.0;
    let time = if spec.side_move_ms.iter().all(Option::is_none) {
        format!("{} s a move", seconds(0))
    } else {
        format!("{} s a move for p1, {} s for p2", seconds(0), seconds(1))
    };
    let mut text = format!(
        "{} game{}, {} vs {}, {time}, seed {}\n",
        spec.games,
        if spec.games == 1 { "" } else { "s" },
        spec.sides[0],
        spec.sides[1],
        spec.seed
    );
    let w = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(16)
        .max(16);
    text.push_str(&format!(
        "{:<w$} {:>5} {:>7} {:>5} {:>11} {:>8} {:>13} {:>12} {:>9}\n",
        "player",
        "wins",
        "losses",
        "ties",
        "points for",
        "against",
        "slowest move",
        "over budget",
        "forfeits"
    ));
    for (name, s) in names.iter().zip(stats) {
        text.push_str(&format!(
            "{:<w$} {:>5} {:>7} {:>5} {:>11} {:>8} {:>10} ms {:>12} {:>9}\n",
            name,
            s.wins,
            s.losses,
            s.ties,
            s.points_for,
            s.points_against,
            s.slowest_ms,
            s.over_budget,
            s.forfeits
        ));
    }
    text
}
